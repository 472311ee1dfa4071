"""Every name in a scene is its own (issue 26): a second "Black Bart" brought in by the Dealer, or a bandit
named like a character, is numbered, so that no two buttons or log lines name two people alike."""

from __future__ import annotations

from pygame_core import get_game
from pygame_core.games.tombstone.table import TableState
from tombstone.play import deck, pc, pc_deck, play


def test_names_given_twice_or_taken_by_the_party_are_numbered() -> None:
    state = get_game("tombstone_table").new_game(seed=1, setup={"party": [pc("Bandit")]}, deal=[deck(), pc_deck([])])
    assert isinstance(state, TableState)
    play(state, 0, type="enemy", preset="bandit", name="Black Bart")
    play(state, 0, type="enemy", preset="gunslinger", name="Black Bart")
    play(state, 0, type="enemy", preset="bandit")
    play(state, 0, type="hireling", name="Black Bart")
    assert [n["name"] for n in state.view(0)["npcs"]] == ["Black Bart", "Black Bart 2", "Bandit 2", "Black Bart 3"]
