"""Grit, as the rule text and the house rulings tell it (GRIT-1..9): a yardstick, not our bot.

The greedy score of a play is the end-of-duel margin it would leave if the duel stopped now: each
side's total of pile tops (GRIT-6), a top this player cannot see (the rival's face-down or marked
card) counted as the average unseen card (the spades not yet seen, and the heart while it is
unseen: any allowed rank, equally likely), scored as GRIT-8 orders totals (21 is best, over 21 is
worse than any total at or under it, and of two busts the lower is better). A mark changes nothing
in that score, so the greedy player keeps its mark (an unmarked play wins a tie against its marked
twin).

Monte Carlo samples worlds with the engine's ``from_view`` (GRIT-9: the rival's hand, its face-down
cards and the two discards dealt at random). Plays onto two empty piles of the same owner are
equivalent and share a candidate.

``PLAYOUTS`` = 750: a Monte Carlo decision that searched (more than one candidate) took 51.6 ms of CPU
time on average (40 decisions of 10 games against the greedy player, seeds 1000-1009, CPython
3.11 on this 2-core AMD EPYC machine; CPU time, ``time.process_time``, because the shared machine
was busy and wall time would have counted the other processes).
"""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.engine import AnyState, Move

GAME_ID = __name__.rsplit(".", 1)[1]
PLAYOUTS = 750

SPADES = [f"{rank}S" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J")]
HEART_RANKS = {"all": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
               "A-9": ("A", "2", "3", "4", "5", "6", "7", "8", "9")}


def value(card: str) -> int:
    """GRIT-1: A=1, 2..10 at face value, J Q K = 10."""
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def standing(total: float) -> float:
    """GRIT-8's order of totals as one number: at or under 21 the total itself, over it below zero."""
    return total if total <= 21 else 21 - total


def average_unseen(view: dict[str, Any]) -> float:
    """The mean value of a card this player has not seen (GRIT-9)."""
    seen = set(view["hand"])
    for own in view["piles"]:
        for pile in own:
            seen.update(e["card"] for e in pile["cards"] if e["card"] is not None)
    values = [float(value(c)) for c in SPADES if c not in seen]
    if not any(c.endswith("H") for c in seen):
        ranks = HEART_RANKS[view["options"]["heart_ranks"]]
        values.append(sum(value(f"{r}H") for r in ranks) / len(ranks))
    return sum(values) / len(values) if values else 0.0


def greedy_values(view: dict[str, Any], legal_moves: list[Move]) -> list[float]:
    me = int(view["viewer"])
    unknown = average_unseen(view)
    tops: list[list[float]] = [[0.0] * len(view["piles"][o]) for o in (0, 1)]
    for o in (0, 1):
        for i, pile in enumerate(view["piles"][o]):
            if pile["cards"]:
                card = pile["cards"][-1]["card"]
                tops[o][i] = unknown if card is None else float(value(card))
    values = []
    for move in legal_moves:
        owner, index = move["pile"]
        totals = [sum(tops[0]), sum(tops[1])]
        totals[owner] += value(move["card"]) - tops[owner][index]
        margin = standing(totals[me]) - standing(totals[1 - me])
        values.append(margin - (1e-6 if move["marked"] else 0.0))
    return values


def sample(view: dict[str, Any], rng: random.Random) -> AnyState:
    return get_game(GAME_ID).state_class.from_view(view, rng)


def move_key(view: dict[str, Any], move: Move) -> object:
    owner, index = move["pile"]
    empty = not view["piles"][owner][index]["cards"]
    return move["card"], owner, "empty" if empty else index, move["marked"]
