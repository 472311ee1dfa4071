"""One module per game; importing this package registers them all with the engine."""

from . import grit, knife_fight

__all__ = ["grit", "knife_fight"]
