"""One module per game; importing this package registers them all with the engine."""

from . import grit

__all__ = ["grit"]
