"""Grit's three levels: legal moves only, decided from the view only, the same play for the same
seed, and (slow) each level beats the one below it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grit.redealer import redeal
from playthrough import assert_decides_from_the_view, level_wins, play_game
from pygame_core import State, get_game
from pygame_core.bots import RandomBot, make_bot
from pygame_core.bots.grit_bot import LEVELS, EasyBot, HardBot, NormalBot
from pygame_core.cards import pick

def quick(level: str, seed: int) -> Any:
    """A level's bot on a small budget (its logic, not its strength, is under test here)."""
    bot = LEVELS[level](seed)
    if isinstance(bot, HardBot):
        bot.iterations = 60
    return bot


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seat", [0, 1])
def test_each_level_plays_only_legal_moves(level: str, seat: int) -> None:
    for seed in range(4):
        state = get_game("grit").new_game(seed=seed, options={"heart_ranks": ("all", "A-9")[seed % 2]})
        play_game(state, {seat: quick(level, seed), 1 - seat: RandomBot(seed)})


def grit_twin(state: State, p: int, rng: random.Random) -> State:
    """The same duel with other cards behind everything ``p`` has not seen (the redealer's deal),
    the moves replayed with each card read through the permutation."""
    record = state.record()
    deal = redeal(state, p, rng)
    mapping = dict(zip(record["deal"], deal))
    twin = get_game("grit").new_game(seed=record["seed"], options=record["options"], deal=deal)
    for q, move in record["moves"]:
        twin.play(q, {**move, "card": mapping[move["card"]]})
    return twin


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seed", range(3))
def test_each_level_decides_from_the_view_only(level: str, seed: int) -> None:
    """At every decision: a twin duel with other hidden cards but the same view gets the same move."""
    rng = random.Random(seed)
    state = get_game("grit").new_game(seed=seed, options={"heart_ranks": ("all", "A-9")[seed % 2]})
    bots = {0: quick(level, seed), 1: quick(level, seed + 1)}
    assert_decides_from_the_view(state, bots, lambda: quick(level, seed * 7), lambda s, p: grit_twin(s, p, rng))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_is_deterministic_for_a_seed(level: str) -> None:
    def moves(seed: int) -> list[tuple[int, dict[str, Any]]]:
        state = get_game("grit").new_game(seed=seed)
        return play_game(state, {0: quick(level, seed), 1: quick(level, seed + 1)})

    assert moves(5) == moves(5)
    assert any(moves(5) != moves(seed) for seed in (6, 7))


def test_a_single_move_is_simply_returned_and_none_is_an_error() -> None:
    state = get_game("grit").new_game(seed=1)
    p = state.to_act()[0]
    view, moves = state.view(p), state.legal_moves(p)
    for level in LEVELS:
        bot = make_bot("grit", level, 0)
        assert bot.choose(view, moves[:1]) == moves[0]
        with pytest.raises(ValueError):
            bot.choose(view, [])


def test_the_levels_are_registered() -> None:
    assert LEVELS == {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    assert isinstance(make_bot("grit", "hard", 3), HardBot)


def test_hard_takes_a_sure_win_in_the_last_play() -> None:
    """Last play of the duel, no hidden card that matters: hard finds a winning play."""
    game = get_game("grit")
    for seed in range(40):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while len(state.record()["moves"]) < 7:
            p = state.to_act()[0]
            state.play(p, pick([m for m in state.legal_moves(p) if not m["marked"]], rng))
        p = state.to_act()[0]
        outcomes = {}
        for move in state.legal_moves(p):
            trial = state.clone()
            trial.play(p, move)
            outcomes[repr(move)] = (trial.outcome() or {}).get("winner") == p
        hidden = any(e["card"] is None for own in state.view(p)["piles"] for pile in own for e in pile["cards"])
        if hidden or not any(outcomes.values()):
            continue
        choice = quick("hard", seed).choose(state.view(p), state.legal_moves(p))
        assert outcomes[repr(choice)], (seed, choice)


@pytest.mark.slow
def test_hard_beats_normal() -> None:
    """150 games, seats alternating: hard wins about 80% against the one-play thinker (module docstring)."""
    wins = level_wins("grit", 150, "hard", "normal")
    assert wins >= 0.7 * 150, f"hard won only {wins} of 150 against normal"


@pytest.mark.slow
def test_normal_beats_easy() -> None:
    """1,000 games: normal wins about 67% (module docstring)."""
    wins = level_wins("grit", 1000, "normal", "easy")
    assert wins >= 0.62 * 1000, f"normal won only {wins} of 1000 against easy"


@pytest.mark.slow
def test_easy_beats_random() -> None:
    """600 games against the random player: easy wins about 62%."""
    wins = 0
    for i in range(600):
        state = get_game("grit").new_game(seed=1000 + i)
        seat = i % 2
        play_game(state, {seat: EasyBot(i), 1 - seat: RandomBot(i + 1)})
        wins += (state.outcome() or {}).get("winner") == seat
    assert wins >= 0.56 * 600, f"easy won only {wins} of 600 against random"
