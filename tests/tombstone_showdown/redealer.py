"""The Showdown's redealer for the no-leak property: its decks are dealt and flipped exactly like the Dealer's
table's (the Dealer's deck without a hand, then each character's with a hand of five; every other card leaves
a pile by ``FateDeck.flip``, face up), so it is the Tombstone family's (``tests/tombstone/redeal.py``, where the
argument for its soundness is written out), found here by convention (``tests/playthrough.py``)."""

from tombstone.redeal import map_move, redeal

__all__ = ["map_move", "redeal"]
