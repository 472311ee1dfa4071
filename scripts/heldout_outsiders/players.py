"""The two held-out players, generic over a game's ``rules`` module: a one-ply greedy player and a
determinized flat Monte Carlo player.

A rules module (``rules/<game id>.py``) is this package's own reading of one game's rule text; it gives

- ``judge(view, moves)``: a score per legal move, how good its immediate result looks to the player who
  sees ``view`` (higher is better; unknown cards by their average), for the greedy player;
- ``world(view, rng)``: a whole engine state consistent with ``view``, the cards the player cannot see
  dealt at random from ``rng`` (an opponent's face-down commitment is taken back into their hand, so a
  playout never reads it), for the Monte Carlo player;
- ``PLAYOUTS``: the Monte Carlo player's default playouts per decision.

Both players decide from ``view`` and the legal moves alone, and draw every random number from their own
RNG, so one seed plays one game the same way every time.
"""

from __future__ import annotations

import random
import time
from typing import Any, Protocol

from pygame_core.cards import new_rng, pick
from pygame_core.engine import AnyState

View = dict[str, Any]
Move = dict[str, Any]


class Rules(Protocol):
    """What a rules module provides (see the module docstring)."""

    PLAYOUTS: int

    def judge(self, view: View, moves: list[Move]) -> list[float]: ...

    def world(self, view: View, rng: random.Random) -> AnyState: ...


def best(moves: list[Move], scores: list[float], rng: random.Random) -> Move:
    """The move with the highest score; equal scores are settled at random."""
    top = max(scores)
    return pick([m for m, s in zip(moves, scores) if s >= top - 1e-9], rng)


class GreedyOutsider:
    """One ply: the legal move whose immediate result its rules module scores highest, ties at random."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.rng = new_rng(seed)

    def choose(self, view: View, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        return best(moves, self.rules.judge(view, moves), self.rng)


def finish(state: AnyState, rng: random.Random, me: int) -> float:
    """Play ``state`` out with uniformly random legal moves; 1 for a win of ``me``, 0.5 a draw, 0 a loss.

    One seat at a time: in a face-down step both are due, and each commits blind to the other's card."""
    while True:
        due = state.to_act()
        if not due:
            break
        p = due[0]
        moves = state.legal_moves(p)
        state.advance(p, moves[int(rng.random() * len(moves))])
    outcome = state.outcome()
    assert outcome is not None
    winner = outcome["winner"]
    return 0.5 if winner is None else 1.0 if winner == me else 0.0


class MonteCarloOutsider:
    """Determinized flat Monte Carlo: in each sweep one world is sampled from the view and every legal
    move is tried in its own copy of it (the same hidden cards for every move, so the moves are compared
    on equal terms), then played out at random. The move with the best average result is chosen.

    ``playouts`` is the budget per decision, rounded up to whole sweeps (every move is tried at least
    once); ``seconds``, if given, may stop it after any sweep, which is the only thing that makes it
    depend on the machine."""

    def __init__(self, rules: Rules, seed: int, playouts: int | None = None, seconds: float | None = None) -> None:
        self.rules = rules
        self.rng = new_rng(seed)
        self.playouts = rules.PLAYOUTS if playouts is None else playouts
        self.seconds = seconds
        if self.playouts < 1:
            raise ValueError(f"A Monte Carlo player needs at least one playout, not {self.playouts}.")

    def choose(self, view: View, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        me = int(view["viewer"])
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        sweeps = -(-self.playouts // len(moves))
        totals = [0.0] * len(moves)
        for _ in range(sweeps):
            seed = int(self.rng.random() * 2 ** 52)
            for i, move in enumerate(moves):
                state = self.rules.world(view, new_rng(seed))
                state.advance(me, move)
                totals[i] += finish(state, new_rng(seed + 1), me)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return best(moves, totals, self.rng)
