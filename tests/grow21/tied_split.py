"""GROW-6's tied split, forced (rare in random games): red's K and 2 (changed to 3, 2, 3 as fillers)
stand between two black pairs and a lone black card; red's 8 at (0, 1) makes 21 and leaves two tied
parts of two cells each, so red must choose which survives. Shared by the bots, bridge flow and
no-leak tests."""

from __future__ import annotations

import random
from typing import Any

from pygame_core.cards import standard_deck

TIE_RED: list[str] = ["KH", "2H", "3H", "2D", "3D", "8H"]
TIE_BLACK: list[str] = ["5S", "4S", "3S", "2S", "6S"]
TIE_OPENING: list[tuple[int, dict[str, Any]]] = [
    (0, {"type": "place", "at": [0, 0]}), (1, {"type": "place", "at": [-1, 0]}),
    (0, {"type": "place", "at": [0, -1]}), (1, {"type": "place", "at": [-1, -1]}),
    (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [1, 0]}),
    (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [1, 1]}),
    (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [0, -2]}),
    (0, {"type": "place", "at": [0, 1]})]  # the 21: the split waits for red's keep


def tie_deal(seed: int | None = None) -> dict[str, list[str]]:
    """The tie's cards on top; the rest of each colour in deck order, or shuffled by ``seed``."""
    rest = random.Random(seed)
    red = [c for c in standard_deck() if c[-1] in "HD" and c not in TIE_RED]
    black = [c for c in standard_deck() if c[-1] in "SC" and c not in TIE_BLACK]
    if seed is not None:
        rest.shuffle(red)
        rest.shuffle(black)
    return {"red": TIE_RED + red, "black": TIE_BLACK + black}
