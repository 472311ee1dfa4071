"""The hard grow21 bot: legal moves in every phase (a keep too), it takes a 21 when offered, decides
from the view only, and beats the random one."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from grow21.tied_split import TIE_OPENING, tie_deal
from playthrough import assert_decides_from_the_view, level_wins
from pygame_core import State, get_game
from pygame_core.bots import RandomBot
from pygame_core.bots.grow21_bot import Grow21Bot
from pygame_core.cards import RANKS

GROW21_RED: list[str] = [r + s for s in "HD" for r in RANKS]
GROW21_BLACK: list[str] = [r + s for s in "SC" for r in RANKS]


def grow21_tie_game(seed: int) -> State:
    """A game at the tied-split choice (phase keep, red to choose); the rest of each deck shuffled."""
    state = get_game("grow21").new_game(seed=0, deal=tie_deal(seed))
    for p, move in TIE_OPENING:
        state.play(p, move)
    assert state.view(0)["phase"] == "keep" and state.to_act() == [0]
    return state


def grow21_twin(state: State, rng: random.Random) -> State:
    """The same game with each deck's unseen cards (below the cards played and the mover's public
    next card, GROW-1) shuffled: the same moves replay to the same table."""
    record = state.record()
    shown = [0, 0]
    for q, move in record["moves"]:
        shown[q] += move["type"] != "keep"
    (mover,) = state.to_act()
    shown[mover] += state.view(None)["phase"] == "play"
    new_deal = {}
    for q, key in enumerate(("red", "black")):
        cards = list(record["deal"][key])
        tail = cards[shown[q]:]
        rng.shuffle(tail)
        new_deal[key] = cards[:shown[q]] + tail
    twin = get_game("grow21").new_game(seed=record["seed"], deal=new_deal)
    for p, move in record["moves"]:
        twin.play(p, move)
    return twin


def test_hard_grow21_bot_plays_only_legal_moves_in_every_phase() -> None:
    phases: set[str] = set()
    for i in range(8):
        state = grow21_tie_game(i) if i % 2 == 0 else get_game("grow21").new_game(seed=i)
        bots: dict[int, Any] = {0: Grow21Bot(i), 1: RandomBot(i) if i % 4 < 2 else Grow21Bot(i + 1)}
        for _ in range(200):
            if state.is_over():
                break
            p = state.to_act()[0]
            view, moves = state.view(p), state.legal_moves(p)
            if isinstance(bots[p], Grow21Bot):
                phases.add(view["phase"])
            view_copy, moves_copy = copy.deepcopy(view), copy.deepcopy(moves)
            move = bots[p].choose(view, moves)
            assert view == view_copy and moves == moves_copy, "a bot must not change what it is given"
            assert move in moves and state.check(p, move) is None, (p, move)
            state.play(p, move)
        assert state.is_over()
    assert phases == {"play", "keep"}, phases


def test_hard_grow21_bot_keeps_a_part_it_is_offered() -> None:
    for seed in range(4):
        state = grow21_tie_game(seed)
        moves = state.legal_moves(0)
        assert [m["type"] for m in moves] == ["keep", "keep"]
        assert Grow21Bot(seed).choose(state.view(0), moves) in moves


def test_hard_grow21_bot_takes_a_21_when_offered() -> None:
    """Red K at (0, 0), black 2 beside it, red's next card an ace: three cells make 21 at once."""
    red = ["KH", "AH"] + [c for c in GROW21_RED if c not in ("KH", "AH")]
    black = ["2S"] + [c for c in GROW21_BLACK if c != "2S"]
    for seed in range(5):
        state = get_game("grow21").new_game(seed=0, deal={"red": red, "black": black})
        state.play(0, {"type": "place", "at": [0, 0]})
        state.play(1, {"type": "place", "at": [1, 0]})
        move = Grow21Bot(seed).choose(state.view(0), state.legal_moves(0))
        assert move["at"] in ([-1, 0], [0, -1], [0, 1]), move
        assert any(e["type"] == "remove" for e in state.play(0, move))


@pytest.mark.parametrize("seed", range(3))
def test_hard_grow21_bot_decides_from_the_view_only(seed: int) -> None:
    """At every decision: a twin game with other unseen cards but the same view gets the same move."""
    rng = random.Random(seed)
    state = grow21_tie_game(seed) if seed == 0 else get_game("grow21").new_game(seed=seed)
    bots: dict[int, Any] = {0: Grow21Bot(seed), 1: Grow21Bot(seed + 1)}
    assert_decides_from_the_view(state, bots, lambda: Grow21Bot(seed * 7), lambda s, p: grow21_twin(s, rng))


@pytest.mark.slow
def test_hard_grow21_bot_beats_random() -> None:
    """20 games, seats alternating: the hard bot wins at least 80% (it won all 20 when written)."""
    wins = level_wins("grow21", 20, "hard", "easy")
    assert wins >= 0.8 * 20, f"hard won only {wins} of 20 against easy"
