"""Grit, read from its rule text (GRIT-1..9): four rounds of cards put face down on injury piles; at the
end each side's three pile tops are totalled and the total nearest 21 without going over wins.

Greedy's reading of a move: both totals as they would stand once the card turns up, a face-down top the
player cannot see counted at the average of the cards it has not seen, each total ranked as the end of
the game ranks it (``standing``), the score being the difference. Keeping the mark is preferred by a
hair over spending it on a play whose totals come out the same (a mark changes no total)."""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.engine import AnyState

GAME = __name__.rpartition(".")[2]
STATE = get_game(GAME).state_class
PLAYOUTS = 700  # about 50 ms of CPU a decision (the package's docstring)
MARK_KEPT = 0.01

SPADES = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 10}  # GRIT-1: spades A..J
HEART_VALUES = {"all": [1, *range(2, 11), 10, 10, 10], "A-9": [1, *range(2, 10)]}  # GRIT-1: the one random heart


def value(card: str) -> int:
    """GRIT-1: A=1, 2..10 at face value, J Q K count 10."""
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def standing(total: float) -> float:
    """GRIT-8 as one number: any total of 21 or less beats any total over it, higher is better below,
    lower is better above."""
    return total if total <= 21 else 11 - total


def unseen_average(view: dict[str, Any]) -> float:
    """The average value of a card this player has not seen (the rival's hand and face-down cards, the
    two discards), the heart at the average of the ranks it may have while it has not shown."""
    seen = set(view["hand"])
    for own in view["piles"]:
        for pile in own:
            seen.update(e["card"] for e in pile["cards"] if e["card"] is not None)
    values = [float(v) for rank, v in SPADES.items() if rank + "S" not in seen]
    if not any(c.endswith("H") for c in seen):
        hearts = HEART_VALUES[view["options"]["heart_ranks"]]
        values.append(sum(hearts) / len(hearts))
    return sum(values) / len(values) if values else 0.0


def judge(view: dict[str, Any], moves: list[dict[str, Any]]) -> list[float]:
    me = int(view["viewer"])
    unknown = unseen_average(view)
    tops: list[list[float]] = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    for owner in (0, 1):
        for index, pile in enumerate(view["piles"][owner]):
            if pile["cards"]:
                card = pile["cards"][-1]["card"]
                tops[owner][index] = unknown if card is None else value(card)
    scores = []
    for move in moves:
        owner, index = move["pile"]
        totals = [sum(tops[0]), sum(tops[1])]
        totals[owner] += value(move["card"]) - tops[owner][index]
        score = standing(totals[me]) - standing(totals[1 - me])
        scores.append(score - (MARK_KEPT if move["marked"] else 0.0))
    return scores


def world(view: dict[str, Any], rng: random.Random) -> AnyState:
    """The engine's own sampler (GRIT-9: the rival's hand, their face-down cards and the discards)."""
    return STATE.from_view(view, rng)
