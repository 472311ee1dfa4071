"""What every computer opponent shares: the ``Bot`` shape and the random player.

A bot sees exactly what its player sees: ``choose(view, legal_moves)``. Giving bots the view and the
legal moves (never the state) makes cheating impossible by construction: the hidden cards are not in
anything a bot receives.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..cards import new_rng, pick

Move = dict[str, Any]


class Bot(Protocol):
    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move: ...


class LevelBot:
    """The frame of a level's bot: no legal move is an error and a lone move is simply played, so
    ``decide`` only ever chooses among two or more."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        if len(moves) == 1:
            return moves[0]
        return self.decide(view, moves)

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        raise NotImplementedError


class RandomBot:
    """Picks uniformly among the legal moves: the yardstick for the levels, and a scripted tester."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        return pick(moves, self.rng)
