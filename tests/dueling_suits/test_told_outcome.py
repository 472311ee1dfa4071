"""The end of a Dueling Suits game told from each seat (``State.told_outcome``, issue 13 "Your
record"): the reason with "you" and the seat's display name, the breakdown of the last blow.

Forced deal: the 52 cards in ``standard_deck`` order; a seat plays its first legal move or its last,
and one of each decides the game.
"""

from __future__ import annotations

from pygame_core import State, get_game
from pygame_core.cards import standard_deck
from playthrough import play_first_or_last, told


def dueled(last_move_seat: int) -> State:
    """Play the deck in its standard order to the end (``playthrough.play_first_or_last``)."""
    return play_first_or_last(get_game("dueling_suits").new_game(seed=0, deal=standard_deck()), last_move_seat)


def test_you_fall_and_the_last_blow_is_told() -> None:
    state = dueled(last_move_seat=1)
    mine = told(state, 0)
    assert mine["reason"] == "You are down to -1 health."
    assert mine["breakdown"] == ("The last blow, turn 10: Your Diamonds 3 against the computer's Diamonds 8: "
                                 "you take 8; the computer takes 3.")
    assert mine["verdict"] == "lost"
    assert state.view(0)["final"]["outcome"] == mine  # the log's "End" line, from the same seat
    assert told(state, 1)["verdict"] == "won"


def test_the_computer_falls() -> None:
    state = dueled(last_move_seat=0)
    mine = told(state, 0)
    assert mine["reason"] == "The computer is down to -8 health."
    assert mine["breakdown"].startswith("The last blow, turn 11: ")
    assert mine["verdict"] == "won"
    outcome = state.outcome()
    assert outcome is not None and outcome["reason"] == "The computer is down to -8 health."
    assert "breakdown" not in outcome and told(state, None)["verdict"] is None
