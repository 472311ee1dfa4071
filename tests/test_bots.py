"""Computer opponents of every game: the random bot plays legal moves and depends only on its seed,
and every level a game advertises builds a bot. Each game's hard bot is tested in
``tests/<id>/test_bots.py`` (its strength calibration marked ``slow``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from playthrough import play_game
from pygame_core import all_games, get_game
from pygame_core.bots import HARD_BOTS, RandomBot, make_bot

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


@pytest.mark.parametrize("game_id", sorted(HARD_BOTS))
def test_hard_bot_is_deterministic_per_seed(game_id: str) -> None:
    """Same seed, same choices: a saved game replays and a bug report reproduces."""
    _, view, moves = first_choice(game_id, 3)
    hard = HARD_BOTS[game_id]
    assert len({json.dumps(hard(9).choose(view, moves), sort_keys=True) for _ in range(5)}) == 1
    bot, again = hard(9), hard(9)
    assert [bot.choose(view, moves) for _ in range(4)] == [again.choose(view, moves) for _ in range(4)]
    seats = person_seats(game_id)
    games = [play_game(get_game(game_id).new_game(seed=8),
                       {p: make_bot(game_id, "hard", 3) if p == seats[0] else RandomBot(4 + p) for p in seats})
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
    assert isinstance(make_bot(game_id, "easy", 1), RandomBot)
    if game_id in HARD_BOTS:
        assert type(make_bot(game_id, "hard", 1)) is HARD_BOTS[game_id]
    for level in ("medium", "", "HARD", "impossible", "Gunslinger"):
        with pytest.raises(ValueError):
            make_bot(game_id, level, 0)


def test_make_bot_unknown_game() -> None:
    with pytest.raises(ValueError):
        make_bot("no_such_game", "hard", 0)


def test_every_hard_bot_belongs_to_a_game() -> None:
    assert set(HARD_BOTS) <= set(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_advertised_level_has_a_bot(game_id: str) -> None:
    """The bridge offers the ids of info.levels; each must build a bot that plays a legal move."""
    game = get_game(game_id)
    state = game.new_game(seed=2)
    p = state.to_act()[0]
    for level in game.info.level_ids:
        bot = make_bot(game_id, level, seed=1)
        assert bot.choose(state.view(p), state.legal_moves(p)) in state.legal_moves(p)


@pytest.mark.parametrize("game_id", sorted(HARD_BOTS))
def test_hard_bot_edge_cases(game_id: str) -> None:
    """No move to choose from is a bug worth an error; a single move is simply taken."""
    state = get_game(game_id).new_game(seed=0)
    p = state.to_act()[0]
    with pytest.raises(ValueError):
        HARD_BOTS[game_id](0).choose(state.view(p), [])
    for move in state.legal_moves(p)[:6]:
        assert HARD_BOTS[game_id](0).choose(state.view(p), [move]) == move
