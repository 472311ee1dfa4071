"""grow21's redealer for the no-leak property (GROW-1, 6).

Found by the generic no-leak property (``tests/test_properties.py``) by convention: ``redeal(state,
viewer, rng)`` returns a deal that permutes only the cards ``viewer`` has not been shown by now.
"""

from __future__ import annotations

import random

from pygame_core import State


def grow21_shown(state: State) -> list[int]:
    """GROW-1 from the record: how many cards of each deck (red, black) anyone has been shown.

    Every card is played face up, so the cards played so far are public; the only other card anyone
    sees is the next card of the player due to play one (GROW-1), which is not shown while the mover
    still has to choose which part of a split survives (GROW-6, a keep: no card is played). Nothing
    here depends on the seat: both players and a spectator see the same table."""
    shown = [0, 0]
    for q, move in state.record()["moves"]:
        if move["type"] != "keep":
            shown[q] += 1
    for q in state.to_act():
        if any(m["type"] != "keep" for m in state.legal_moves(q)):
            shown[q] += 1
    return shown


def redeal(state: State, p: int | None, rng: random.Random) -> dict[str, list[str]]:
    """Permute, within each deck (GROW-1: the colours must stay), the cards below those shown.

    Sound for the same reason as Knife Fight's: the shown prefix is cumulative over the compared
    window (a card shown at any earlier step was the mover's next card then, and has been played by
    the cut), so no permuted card becomes visible before the cut; the moves name cells, never cards,
    so they replay unchanged. Decks run out in order, so what is permuted is each deck's tail."""
    shown = grow21_shown(state)
    deal: dict[str, list[str]] = state.record()["deal"]
    new: dict[str, list[str]] = {}
    for q, key in enumerate(("red", "black")):
        cards = list(deal[key])
        tail = cards[shown[q]:]
        rng.shuffle(tail)
        new[key] = cards[:shown[q]] + tail
    return new
