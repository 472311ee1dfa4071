"""One module per game; importing this package registers them all with the engine."""

from . import grit, grow21, knife_fight

__all__ = ["grit", "grow21", "knife_fight"]
