"""The Dealer's table's redealer for the no-leak property: the Tombstone family's (``tests/tombstone/redeal.py``,
where the argument for its soundness is written out), found here by convention (``tests/playthrough.py``)."""

from tombstone.redeal import map_move, redeal

__all__ = ["map_move", "redeal"]
