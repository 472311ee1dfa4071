"""The end of a grow21 game told from each seat (``State.told_outcome``, issue 13 "Your record"): the
reason with "you" and the seat's display name (never "Player 2" for the computer), the breakdown of
the groups of 21 each side harvested.

Forced deal: both decks in suit order (A..K of the first suit, then the second); a seat places its
first legal move or its last, which decides the game, or mirrors the other into a level game.
"""

from __future__ import annotations

from pygame_core import State, get_game
from pygame_core.games.grow21 import DECKS
from playthrough import play_first_or_last, told


def grown(last_move_seat: int | None) -> State:
    """Play the fixed decks to the end (``playthrough.play_first_or_last``)."""
    deal = {"red": list(DECKS[0]), "black": list(DECKS[1])}
    return play_first_or_last(get_game("grow21").new_game(seed=0, deal=deal), last_move_seat)


def test_the_harvest_is_told_from_your_seat() -> None:
    state = grown(last_move_seat=1)
    mine = told(state, 0)
    assert mine["reason"] == "You harvested more (10 against 0)."
    assert mine["breakdown"] == "Groups of 21 harvested: you 1 group, the computer 0 groups."
    assert mine["verdict"] == "won"
    view = state.view(0)  # the log's end and the result, from the same seat
    assert view["final"]["outcome"] == mine
    assert view["log"][-1] == {"type": "end", "outcome": mine, "label": "End", "sentence": mine["reason"]}


def test_the_computer_is_never_player_2() -> None:
    state = grown(last_move_seat=0)
    mine = told(state, 0)
    assert mine["reason"] == "The computer harvested more (10 against 0)."
    assert mine["verdict"] == "lost"
    assert "Player 2" not in mine["reason"] + mine["breakdown"]
    outcome = state.outcome()
    assert outcome is not None and outcome["reason"] == "Player 2 harvested more (10 against 0)."
    assert told(state, None)["verdict"] is None


def test_level_harvests_add_the_near_21_groups() -> None:
    state = grown(last_move_seat=None)
    mine = told(state, 0)
    assert mine["reason"] == "Level at 0, and level again after the near-21 groups (0): a draw."
    assert mine["breakdown"] == ("Groups of 21 harvested: you 0 groups, the computer 0 groups. "
                                 "Near-21 groups left on the board: you +0, the computer +0.")
    assert mine["verdict"] == "drawn"
    state.names = ("the computer", "Player 2")  # the person plays seat 1: named first, as "you"
    assert told(state, 1)["breakdown"].startswith("Groups of 21 harvested: you 0 groups, the computer 0 groups.")
