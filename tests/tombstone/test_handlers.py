"""The Tombstone games dispatch each move through an explicit table of handlers (mypy checks their
signatures); these tests hold each table to exactly the move types its game declares, so a new move
cannot be offered without a handler, nor a handler linger for a move that is gone."""

from __future__ import annotations

import pytest

from pygame_core.games.tombstone import showdown, table
from pygame_core.games.tombstone.combat import is_pc, pc_index, pc_ref


def test_the_table_has_one_handler_per_move_type() -> None:
    assert list(table.HANDLERS) == list(table.FIELDS)


def test_the_showdown_has_one_handler_per_move_type_and_mover() -> None:
    assert set(showdown.PENDING_HANDLERS) == showdown.PENDING_MOVES
    assert set(showdown.CAMP_HANDLERS) == showdown.CAMP_MOVES
    assert set(showdown.DEALER_HANDLERS) == set(showdown.DEALER_FIELDS)
    assert set(showdown.CHARACTER_HANDLERS) == set(showdown.FIELDS) - showdown.PENDING_MOVES - showdown.CAMP_MOVES


@pytest.mark.parametrize("n", [0, 1, 5, 12])
def test_a_character_reference_reads_back(n: int) -> None:
    assert is_pc(pc_ref(n)) and pc_index(pc_ref(n)) == n


@pytest.mark.parametrize("ref", ["npc0", "npc12", "dealer"])
def test_other_references_are_not_characters(ref: str) -> None:
    assert not is_pc(ref)
    with pytest.raises(ValueError):
        pc_index(ref)
