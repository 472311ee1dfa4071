"""The party seats both Tombstone tables declare (GameInfo ``seats`` and ``min_people``, which the menu counts
its players from: "a Dealer and 1–6 players", "1–3 players"): a seat per character, optional, and one left
without a character never acts; the fewest people are the seats that may not stay empty and a party of
``MIN_PARTY``, the smallest party the table takes."""

from __future__ import annotations

import random

import pytest

from pygame_core import SetupError, get_game
from pygame_core.games.tombstone.combat import MIN_PARTY
from tombstone.play import pc

TABLES = ["tombstone_table", "tombstone_showdown"]


@pytest.mark.parametrize("game_id", TABLES)
def test_the_party_seats_are_optional_and_the_fewest_people_a_smallest_party(game_id: str) -> None:
    info = get_game(game_id).info
    people = [seat for seat in info.seats if seat.kind == "person"]
    required = [seat for seat in people if not seat.optional]
    party_seats = [seat for seat in info.seats if seat.optional]
    assert len(party_seats) == info.constants["max_party"]
    assert info.min_people == len(required) + MIN_PARTY
    state_class = get_game(game_id).state_class
    with pytest.raises(SetupError, match="one to"):
        state_class.check_setup({"party": [pc(f"Hand {n}") for n in range(MIN_PARTY - 1)]})
    assert state_class.check_setup({"party": [pc(f"Hand {n}") for n in range(MIN_PARTY)]}) is not None


@pytest.mark.parametrize("game_id", TABLES)
@pytest.mark.parametrize("seed", range(4))
def test_a_seat_without_a_character_never_acts(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    seats = game.info.seats
    party = 1 + seed % len([seat for seat in seats if seat.optional])
    state = game.new_game(seed=seed, setup={"party": [pc(f"Hand {n}", GRT=2) for n in range(party)]})
    empty = {p for p, seat in enumerate(seats) if seat.optional} - set(range(1, party + 1))
    rng = random.Random(seed)
    for _ in range(300):
        if state.is_over():
            break
        acting = state.to_act()
        assert not empty & set(acting), f"a party of {party}: {acting} act"
        p = rng.choice(acting)
        state.play(p, state.auto_move(p) if p in game.info.engine_seats else rng.choice(state.legal_moves(p)))
