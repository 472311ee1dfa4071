"""Reference opponents written from the rule texts alone: yardsticks for the computer levels (issue 28).

They know nothing of ``pygame_core/bots``: each decides from ``view(p)`` and ``legal_moves(p)`` only,
as a bot must, with one small module per game (this folder, one file named by the game's id) that
says what the rules say and nothing cleverer:

- ``greedy``: one ply. Every legal move is scored by the position right after it as the player can
  judge it (its immediate score margin by the game's own scoring; a hidden card counts as the average
  of the cards the player has not seen; a simultaneous face-down choice is averaged over the
  opponent's possible cards); the best one wins, ties at random.
- ``montecarlo``: determinized flat Monte Carlo. A world consistent with the view is sampled (the
  unseen cards dealt at random), every candidate move is tried in that same world and the game is
  played to the end by random legal moves (win 1, draw 0.5, loss 0); after ``playouts`` playouts in
  all (split evenly, each candidate over the same worlds: common random numbers) the best average
  wins. In a face-down step its own commit goes in first and the opponent's is a random legal move of
  the sampled world (the real one is never read). Moves a game module calls equivalent (two cards
  of one value, two empty cells touching the same groups) share one candidate.

Both are deterministic: the random choices of a decision come from the seed and the view alone
(same seed, same view: same move). ``seconds`` may cut a Monte Carlo decision short (whole worlds
only); the budget itself is a playout count.

Another set with the same interface (``KINDS``, ``make_outsider``) can stand in for this one:
``python scripts/outsiders GAME ... --set PATH``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import time
from types import ModuleType
from typing import Any, Protocol

from pygame_core import all_games, get_game
from pygame_core.engine import AnyState, Move

KINDS = ("greedy", "montecarlo")


class Bot(Protocol):
    """The shape of a computer player: a move from the view and the legal moves."""

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move: ...


class Rules(Protocol):
    """What a game module of this folder provides (the module itself satisfies it).

    ``PLAYOUTS``: the default playouts per Monte Carlo decision (about 50 ms on this machine, measured
    in the module's docstring). ``greedy_values``: one number per legal move, higher is better.
    ``sample``: a whole position consistent with the view, its hidden cards dealt from ``rng``.
    ``move_key``: moves with the same key are equivalent enough to share one Monte Carlo candidate."""

    PLAYOUTS: int

    def greedy_values(self, view: dict[str, Any], legal_moves: list[Move]) -> list[float]: ...

    def sample(self, view: dict[str, Any], rng: random.Random) -> AnyState: ...

    def move_key(self, view: dict[str, Any], move: Move) -> object: ...


def games() -> list[str]:
    """The games this set plays: two-seat games with computer levels and no engine seats that have a
    module here."""
    return [g.info.id for g in all_games() if g.info.levels and not g.info.engine_seats and rules_module(g.info.id)]


def rules_module(game_id: str) -> ModuleType | None:
    """This folder's module for ``game_id``, or None when there is none."""
    try:
        return importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{game_id}":
            raise
        return None


def make_outsider(game_id: str, kind: str, seed: int, playouts: int | None = None,
                  seconds: float | None = None) -> Bot:
    """A reference player of ``kind`` (``KINDS``) for ``game_id``. ``playouts``: Monte Carlo playouts per
    decision (default: the game's ``PLAYOUTS``); ``seconds``: a deadline that may cut a decision short."""
    if kind not in KINDS:
        raise ValueError(f"Unknown outsider {kind!r}; kinds: {', '.join(KINDS)}.")
    get_game(game_id)  # an unknown id says so in the registry's words
    rules = rules_module(game_id)
    if rules is None:
        raise ValueError(f"No reference players for {game_id}; games: {', '.join(games())}.")
    if kind == "greedy":
        return Greedy(rules, seed)
    return MonteCarlo(rules, seed, rules.PLAYOUTS if playouts is None else playouts, seconds)


def decision_rng(seed: int, view: dict[str, Any]) -> random.Random:
    """The random source of one decision: the seed and the view alone, so a decision never depends on
    the ones before it."""
    digest = hashlib.blake2b(json.dumps(view, sort_keys=True).encode(), digest_size=8).hexdigest()
    return random.Random(f"{seed}:{digest}")


class Greedy:
    """One ply: the move whose position the game module scores best, ties at random."""

    def __init__(self, rules: Any, seed: int) -> None:
        self.rules: Rules = rules
        self.seed = seed

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        values = self.rules.greedy_values(view, legal_moves)
        best = max(values)
        tied = [m for m, v in zip(legal_moves, values) if v >= best - 1e-9]
        return decision_rng(self.seed, view).choice(tied)


def candidates(rules: Rules, view: dict[str, Any], legal_moves: list[Move], rng: random.Random) -> list[Move]:
    """One move per class of equivalent moves (``rules.move_key``), each picked at random from its class."""
    classes: dict[object, list[Move]] = {}
    for move in legal_moves:
        classes.setdefault(rules.move_key(view, move), []).append(move)
    return [members[0] if len(members) == 1 else rng.choice(members) for members in classes.values()]


def playout(state: AnyState, me: int, rng: random.Random) -> float:
    """Random legal moves to the end; 1 if ``me`` won, 0.5 for a draw, 0 for a loss."""
    while True:
        due = state.to_act()
        if not due:
            break
        p = due[0]
        moves = state.legal_moves(p)
        state.advance(p, moves[int(rng.random() * len(moves))])
    outcome = state.outcome()
    assert outcome is not None  # nobody is due: the game is over
    winner = outcome["winner"]
    return 0.5 if winner is None else float(winner == me)


class MonteCarlo:
    """Determinized flat Monte Carlo with common random numbers over sampled worlds."""

    def __init__(self, rules: Any, seed: int, playouts: int, seconds: float | None) -> None:
        self.rules: Rules = rules
        self.seed = seed
        self.playouts = playouts
        self.seconds = seconds

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        rng = decision_rng(self.seed, view)
        moves = candidates(self.rules, view, legal_moves, rng)
        if len(moves) == 1:
            return moves[0]
        me = int(view["viewer"])
        worlds = max(1, self.playouts // len(moves))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals = [0.0] * len(moves)
        for _ in range(worlds):
            world = rng.getrandbits(64)
            for i, move in enumerate(moves):
                state = self.rules.sample(view, random.Random(world))
                state.advance(me, move)
                totals[i] += playout(state, me, random.Random(world + 1))
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(totals)
        return rng.choice([m for m, total in zip(moves, totals) if total == best])


def load_set(path: str) -> ModuleType:
    """Another set of reference players with this interface (``KINDS``, ``make_outsider``), loaded from
    its package folder under its own module name (so it never shadows this one)."""
    import importlib.util
    import sys
    from pathlib import Path

    folder = Path(path).resolve()
    name = f"outsider_set_{hashlib.blake2b(str(folder).encode(), digest_size=4).hexdigest()}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    if spec is None or spec.loader is None:
        raise ValueError(f"{folder} is not a package folder (no __init__.py).")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    for attribute in ("KINDS", "make_outsider"):
        if not hasattr(module, attribute):
            del sys.modules[name]
            raise ValueError(f"{folder} has no {attribute}: not a set of reference players.")
    return module
