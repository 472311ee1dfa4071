"""Computer opponents of every game: the random bot plays legal moves and depends only on its seed,
every level a game advertises builds a bot, and every level is deterministic per seed. Each game's
levels are tested in ``tests/<id>/test_bots.py`` (their strength calibrations marked ``slow``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from playthrough import play_game
from pygame_core import all_games, get_game
from pygame_core.bots import LEVELS, RandomBot, make_bot

GAME_IDS: list[str] = [game.info.id for game in all_games()]


def person_seats(game_id: str) -> list[int]:
    info = get_game(game_id).info
    return [p for p in range(info.players) if p not in info.engine_seats]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_bot_plays_only_legal_moves(game_id: str) -> None:
    for seed in range(40):
        state = get_game(game_id).new_game(seed=seed)
        play_game(state, {p: RandomBot(seed * 7 + p) for p in person_seats(game_id)})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_bot_is_deterministic_per_seed(game_id: str) -> None:
    runs = []
    for bot_seed in (5, 5, 6):
        state = get_game(game_id).new_game(seed=1)
        runs.append(play_game(state, {p: RandomBot(bot_seed + 100 * p) for p in person_seats(game_id)}))
    assert runs[0] == runs[1]
    moves = get_game(game_id).new_game(seed=1)
    p = moves.to_act()[0]
    while len(legal := moves.legal_moves(p)) < 2:  # a forced opening proves nothing
        moves.play(p, legal[0])
        p = moves.to_act()[0]
    picks = {seed: [RandomBot(seed).choose(moves.view(p), legal) for _ in range(5)] for seed in range(10)}
    assert len({json.dumps(v, sort_keys=True) for v in picks.values()}) > 1, "the seed matters"


def first_choice(game_id: str, seed: int) -> tuple[int, Any, list[Any]]:
    """The first position of a seeded game where the player to act has two or more moves (a forced
    move proves nothing about a bot): that player, their view and their moves."""
    state = get_game(game_id).new_game(seed=seed)
    p = state.to_act()[0]
    while len(legal := state.legal_moves(p)) < 2:
        state.play(p, legal[0])
        p = state.to_act()[0]
    return p, state.view(p), legal


LEVEL_BOTS = [(game_id, level) for game_id in sorted(LEVELS) for level in LEVELS[game_id]]


@pytest.mark.parametrize(("game_id", "level"), LEVEL_BOTS)
def test_every_level_is_deterministic_per_seed(game_id: str, level: str) -> None:
    """Same seed, same choices: a saved game replays and a bug report reproduces."""
    _, view, moves = first_choice(game_id, 3)
    make = LEVELS[game_id][level]
    assert len({json.dumps(make(9).choose(view, moves), sort_keys=True) for _ in range(5)}) == 1
    bot, again = make(9), make(9)
    assert [bot.choose(view, moves) for _ in range(4)] == [again.choose(view, moves) for _ in range(4)]
    seats = person_seats(game_id)
    games = [play_game(get_game(game_id).new_game(seed=8),
                       {p: make_bot(game_id, level, 3) if p == seats[0] else RandomBot(4 + p) for p in seats})
             for _ in range(2)]
    assert games[0] == games[1]


def test_random_bot_is_uniform_enough() -> None:
    legal = [{"type": "move", "n": n} for n in range(48)]
    bot = RandomBot(3)
    counts = [0] * len(legal)
    for _ in range(4800):
        counts[legal.index(bot.choose({}, legal))] += 1
    assert min(counts) > 50 and max(counts) < 160  # 100 expected for each of 48 moves


def test_random_bot_without_moves() -> None:
    with pytest.raises(ValueError):
        RandomBot(0).choose({}, [])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_make_bot_levels(game_id: str) -> None:
    for level, make in LEVELS.get(game_id, {}).items():
        assert type(make_bot(game_id, level, 1)) is make
    for level in ("medium", "", "HARD", "impossible", "Gunslinger"):
        with pytest.raises(ValueError):
            make_bot(game_id, level, 0)


def test_make_bot_unknown_game() -> None:
    with pytest.raises(ValueError):
        make_bot("no_such_game", "hard", 0)


def test_every_game_with_levels_has_bots_for_exactly_those_levels() -> None:
    assert set(LEVELS) <= set(GAME_IDS)
    for game_id in GAME_IDS:
        assert tuple(LEVELS.get(game_id, {})) == get_game(game_id).info.level_ids, game_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_advertised_level_has_a_bot(game_id: str) -> None:
    """The bridge offers the ids of info.levels; each must build a bot that plays a legal move."""
    game = get_game(game_id)
    state = game.new_game(seed=2)
    p = state.to_act()[0]
    for level in game.info.level_ids:
        bot = make_bot(game_id, level, seed=1)
        assert bot.choose(state.view(p), state.legal_moves(p)) in state.legal_moves(p)


@pytest.mark.parametrize(("game_id", "level"), LEVEL_BOTS)
def test_every_level_edge_cases(game_id: str, level: str) -> None:
    """No move to choose from is a bug worth an error; a single move is simply taken."""
    state = get_game(game_id).new_game(seed=0)
    p = state.to_act()[0]
    make = LEVELS[game_id][level]
    with pytest.raises(ValueError):
        make(0).choose(state.view(p), [])
    for move in state.legal_moves(p)[:6]:
        assert make(0).choose(state.view(p), [move]) == move
