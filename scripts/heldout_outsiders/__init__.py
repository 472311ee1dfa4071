"""Held-out reference opponents: a second, independent set of outsiders nobody tunes against.

Written from the rule texts, RULINGS.md and the engine protocol only, without looking at the project's
bots or at the main reference set: a check that the Gunslinger's strength against outsiders is not an
artefact of one set of outsiders. ``make_outsider(game_id, kind, seed)`` returns a bot (``choose(view,
legal_moves) -> move``) of one of ``KINDS``:

- ``greedy``: one ply; the move whose immediate result looks best by the game's own scoring as the
  player can judge it (unknown cards by their average), ties at random (``players.GreedyOutsider``);
- ``montecarlo``: determinized flat Monte Carlo with random playouts (``players.MonteCarloOutsider``),
  ``playouts`` per decision (each game's default, ``PLAYOUTS`` in its rules module), ``seconds`` an
  optional cap.

The default playouts take about 50 ms of CPU a decision on the development machine (process time, so
the measure holds on a loaded machine too; wall time was 2-3 times that with 7 other jobs on its 2
cores). Measured on the decisions with more than one legal move, the Monte Carlo player against the
greedy one, seats alternating, game seeds from 1000:

| game | playouts | games | decisions | mean | p50 | p95 |
|---|---|---|---|---|---|---|
| Grit | 700 | 8 | 32 | 49.5 ms | 51.9 ms | 67.7 ms |
| Knife Fight | 470 | 8 | 57 | 48.3 ms | 49.2 ms | 66.2 ms |
| Dueling Suits | 480 | 8 | 37 | 43.6 ms | 38.3 ms | 72.7 ms |
| Grow21 | 90 | 3 | 76 | 52.0 ms | 50.1 ms | 93.8 ms |

Each game's reading of the rules is a module ``rules/<game id>.py``; the games it covers are
``games()``. Run against a level with the reference CLI:
``python scripts/outsiders GAME --a hard --b montecarlo --set scripts/heldout_outsiders``.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import cast

from pygame_core.bots.common import Bot

from . import rules as rules_package
from .players import GreedyOutsider, MonteCarloOutsider, Rules

KINDS = ("greedy", "montecarlo")


def games() -> tuple[str, ...]:
    """The ids of the games this set has a reading of the rules for."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(rules_package.__path__) if not m.name.startswith("_")))


def load_rules(game_id: str) -> Rules:
    """The rules module of ``game_id``; ``KeyError`` names the games this set covers."""
    if game_id not in games():
        raise KeyError(f"No held-out outsider for {game_id!r}; games: {', '.join(games())}.")
    return cast(Rules, importlib.import_module(f"{rules_package.__name__}.{game_id}"))


def make_outsider(game_id: str, kind: str, seed: int, playouts: int | None = None,
                  seconds: float | None = None) -> Bot:
    """A held-out outsider of ``kind`` for ``game_id``, deterministic for ``seed`` (see the module
    docstring); ``playouts`` and ``seconds`` only concern the Monte Carlo player."""
    rules = load_rules(game_id)
    if kind == "greedy":
        return GreedyOutsider(rules, seed)
    if kind == "montecarlo":
        return MonteCarloOutsider(rules, seed, playouts, seconds)
    raise ValueError(f"Unknown outsider kind {kind!r}; kinds: {', '.join(KINDS)}.")
