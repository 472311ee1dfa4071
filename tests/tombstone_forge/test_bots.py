"""Bots and the forge: it has no computer levels (a person makes their own character), so there is no
hard bot; the random bot, which the golden playthrough and the protocol properties use, finishes a
forge in a bounded number of moves and makes a sheet ``check_sheet`` takes (TOMB-2, TS-4..TS-8)."""

from __future__ import annotations

import statistics

import pytest

from playthrough import play_game
from pygame_core import get_game
from pygame_core.bots import LEVELS, RandomBot, make_bot
from pygame_core.games.tombstone.character import check_sheet

GAME_ID = "tombstone_forge"
GAME = get_game(GAME_ID)


def test_the_forge_has_no_levels_and_no_hard_bot() -> None:
    assert GAME.info.levels == () and GAME.info.level_ids == ()
    assert GAME_ID not in LEVELS
    with pytest.raises(ValueError):
        make_bot(GAME_ID, "hard", 1)
    with pytest.raises(ValueError):
        make_bot(GAME_ID, "easy", 1)


def test_the_random_bot_finishes_forges_of_many_seeds_in_bounded_moves() -> None:
    lengths = []
    for seed in range(60):
        state = GAME.new_game(seed=seed)
        moves = play_game(state, {0: RandomBot(seed * 3 + 1)})
        outcome = state.outcome()
        assert outcome is not None
        sheet = outcome["result"]
        assert check_sheet(sheet) == sheet
        assert sum(sheet["abilities"].values()) == 7 and sheet["name"] and sheet["background"]
        assert outcome["scores"] == [sheet["max_hp"]]
        lengths.append(len(moves))
    # accepting is one of two moves in the stats, one of ten in the traits, one of about forty at the
    # gear: some forty moves on average, far below any step limit of the tests or the golden script
    assert min(lengths) >= 9 and max(lengths) < 400 and statistics.mean(lengths) < 80


def test_always_taking_the_first_move_finishes_in_nine() -> None:
    """Accept is listed first (when there is something to accept), so the first move is a fast forge:
    draw, keep; the men's column, keep; draw, keep; draw, keep; done."""
    state = GAME.new_game(seed=4)
    taken = []
    while not state.is_over():
        move = state.legal_moves(0)[0]
        taken.append(move["type"])
        state.play(0, move)
    assert taken == ["draw", "accept", "roll_name", "accept", "draw", "accept", "draw", "accept", "accept"]
    outcome = state.outcome()
    assert outcome is not None and outcome["result"]["made"]["by_the_book"] is True


def test_the_random_bot_is_deterministic_per_seed() -> None:
    runs = [play_game(GAME.new_game(seed=6), {0: RandomBot(seed)}) for seed in (2, 2, 3)]
    assert runs[0] == runs[1] and runs[0] != runs[2]


def test_the_random_bot_visits_every_part_of_the_gear() -> None:
    kinds: set[str] = set()
    for seed in range(40):
        state = GAME.new_game(seed=seed)
        kinds |= {move["type"] for _, move in play_game(state, {0: RandomBot(seed)})}
    assert kinds == {"draw", "accept", "roll_name", "package", "buy", "return"}  # write is typed, never listed
