"""Grow21, as the rule text and the house rulings tell it (GROW-1..7): a yardstick, not our bot.

Nothing a move depends on is hidden (the mover's card is public: GROW-1), so the greedy player scores
each move by the position right after it, exactly: the score margin (10 a harvest: GROW-5), and
below that, to break ties between quiet moves, the margin of GROW-7's tie-break points (20 or 22
worth 5, 19 or 23 worth 2). The engine plays the move on a copy of the table (``from_view``).

Monte Carlo samples worlds with the engine's ``from_view`` (each deck's unseen cards in a random
order). Moves are equivalent when they do the same to the groups: a place that joins the same
groups of the mover's colour (or none), a change of the same value at the same group.

``PLAYOUTS`` = 100: a Monte Carlo decision that searched (more than one candidate) took 52.9 ms of CPU
time on average (241 decisions of 10 games against the greedy player, seeds 1000-1009, CPython
3.11 on this 2-core AMD EPYC machine; CPU time, ``time.process_time``, because the shared machine
was busy and wall time would have counted the other processes).
"""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.engine import AnyState, Move

GAME_ID = __name__.rsplit(".", 1)[1]
PLAYOUTS = 100

TIE_BREAK = 1 / 100  # a tie-break point is worth far less than a harvest's 10


def sample(view: dict[str, Any], rng: random.Random) -> AnyState:
    return get_game(GAME_ID).state_class.from_view(view, rng)


def greedy_values(view: dict[str, Any], legal_moves: list[Move]) -> list[float]:
    me = int(view["viewer"])
    world = sample(view, random.Random(0))
    values = []
    for move in legal_moves:
        after = world.clone()
        after.advance(me, move)
        seen = after.view(me)
        scores = seen["scores"]
        bonus = [0, 0]
        for group in seen["groups"]:
            owner = view["colours"].index(group["colour"])
            bonus[owner] += max(5 if v in (20, 22) else 2 if v in (19, 23) else 0 for v in group["values"])
        values.append(scores[me] - scores[1 - me] + TIE_BREAK * (bonus[me] - bonus[1 - me]))
    return values


def move_key(view: dict[str, Any], move: Move) -> object:
    if move["type"] == "keep":
        return tuple(move["at"])
    me = int(view["viewer"])
    colour = view["colours"][me]
    cell = (move["at"][0], move["at"][1])
    group_of = {tuple(c): n for n, g in enumerate(view["groups"]) if g["colour"] == colour for c in g["cells"]}
    if move["type"] == "change":
        top = next(c["top"] for c in view["board"] if tuple(c["at"]) == cell)
        return "change", group_of[cell], top
    x, y = cell
    joined = frozenset(group_of[n] for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in group_of)
    return "place", joined
