"""The game of growing 21s, read from its rule text (GROW-1..7): red and black grow one patch of cards; a same-colour
group that counts exactly 21 is harvested for 10 points.

Greedy's reading of a move: the board and scores once the card is down (played in a copy of the game),
scored as the points lead plus the tie-break points each side's groups would bring (GROW-7: 5 for a group
of 20 or 22, 2 for 19 or 23), the game's own scoring for what is on the table. The order of the decks is
the only thing hidden, and nothing in one move's result depends on it."""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.cards import new_rng
from pygame_core.engine import AnyState

GAME = __name__.rpartition(".")[2]
STATE = get_game(GAME).state_class
PLAYOUTS = 90  # about 50 ms of CPU a decision (the package's docstring)


def low(card: str) -> int:
    """Aces 1, faces 10, numbers at face value (GROW-4 counts like blackjack)."""
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def near_points(cards: list[str]) -> int:
    """GROW-7: 5 for a group that can count 20 or 22, else 2 for 19 or 23 (each ace 1 or 11)."""
    base = sum(low(c) for c in cards)
    aces = sum(1 for c in cards if c.startswith("A"))
    totals = {base + 10 * k for k in range(aces + 1)}
    return 5 if totals & {20, 22} else 2 if totals & {19, 23} else 0


def colour(card: str) -> int:
    """GROW-1: red (hearts, diamonds) is seat 0, black seat 1."""
    return 0 if card[-1] in "HD" else 1


def table_score(view: dict[str, Any], me: int) -> float:
    """The points lead of ``me`` and the tie-break points of the groups on the table, ``view`` being a
    view of the board after the move."""
    tops = {(c["at"][0], c["at"][1]): c["top"] for c in view["board"]}
    near = [0, 0]
    for group in view["groups"]:
        cards = [tops[(x, y)] for x, y in group["cells"]]
        near[colour(cards[0])] += near_points(cards)
    scores: list[int] = view["scores"]
    return float(scores[me] - scores[1 - me] + near[me] - near[1 - me])


def judge(view: dict[str, Any], moves: list[dict[str, Any]]) -> list[float]:
    me = int(view["viewer"])
    scores = []
    for move in moves:
        state = STATE.from_view(view, new_rng(0))
        state.advance(me, move)
        scores.append(table_score(state.view(me), me))
    return scores


def world(view: dict[str, Any], rng: random.Random) -> AnyState:
    """The engine's own sampler: both decks' unseen cards in a random order."""
    return STATE.from_view(view, rng)
