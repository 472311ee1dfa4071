"""One module per game; importing this package registers them all with the engine (a new game adds
its module to the line below)."""

from . import dueling_suits, grit, grow21, knife_fight, tombstone  # noqa: F401
