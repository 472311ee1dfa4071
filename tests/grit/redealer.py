"""Grit's redealer for the no-leak property (GRIT-9).

Found by the generic no-leak property (``tests/test_properties.py``) by convention: ``redeal(state,
viewer, rng)`` returns a deal that permutes only the cards ``viewer`` has not been shown by now.
"""

from __future__ import annotations

import random

from pygame_core import State


def redeal(state: State, p: int | None, rng: random.Random) -> list[str]:
    """GRIT-9 from the record alone: p sees the two face-up cards, p's own hand and plays, every
    card turned up (unmarked plays of a finished round) and, at the end, everything. The rest (the
    opponent's hand and face-down cards, the discards) is permuted in place."""
    record = state.record()
    deal: list[str] = record["deal"]
    moves = record["moves"]
    over = state.is_over()
    seen = {deal[8], deal[9]}
    if p is not None:
        seen |= set(deal[4 * p:4 * p + 4])
    for i, (q, move) in enumerate(moves):
        round_done = len(moves) >= (i // 2) * 2 + 2
        if q == p or over or (round_done and not move["marked"]):
            seen.add(move["card"])
    if over:
        seen |= set(deal)
    hidden = [i for i, card in enumerate(deal) if card not in seen]
    cards = [deal[i] for i in hidden]
    rng.shuffle(cards)
    new = list(deal)
    for i, card in zip(hidden, cards):
        new[i] = card
    return new
