"""Tombstone, a western role-playing game run on decks of cards (its SRD credited in ``tables``).

A package of its own because three engines share one reading of the rules: ``fate`` (the decks of fate
and how a flip, a save, a contest and damage are judged), ``character`` (the sheet), ``tables`` (the
SRD's tables, credited), ``combat`` (the fight both tables share) and the engines built on them: the
character forge (``tombstone_forge``), the Dealer's table (``tombstone_table``) and the Showdown against the
computer Dealer (``tombstone_showdown``, with ``encounters`` and ``dealer``).
Our house rulings on the SRD's gaps are in ``RULINGS.md`` here, as TS-n beside the project's TOMB-n.
"""

from . import forge, showdown, table  # noqa: F401  (registers the engines)
