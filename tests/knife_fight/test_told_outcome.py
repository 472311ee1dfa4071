"""The end of a Knife Fight told from each seat (``State.told_outcome``, issue 13 "Your record"): the
reason with "you" and the seat's display name, the breakdown of the wounds that bled the loser out.

Forced deal: both halves in the fixed order of ``test_rulings.deal``; a seat plays its first legal
move or its last: one of each decides the game, both first mirror each other into a draw.
"""

from __future__ import annotations

from typing import Any

from pygame_core import State

from .test_rulings import new
from playthrough import play_first_or_last, told

COMPUTERS = "the computer's"


def fought(last_card_seat: int | None) -> State:
    """Play the fixed halves to the end (``playthrough.play_first_or_last``)."""
    return play_first_or_last(new([], []), last_card_seat)


def wounds_line(view: dict[str, Any], seat: int, whose: str) -> str:
    """The breakdown's account of one dead seat, worked out from the table the viewer sees."""
    labels = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
    cards = " + ".join(card[:-1] + labels[card[-1]] for card in view["damage"][seat])
    bleed = view["bleed"][seat]
    return (f"{cards} = {view['damage_sums'][seat]} in {whose} damage pile, "
            f"bleeding {bleed} {'card' if bleed == 1 else 'cards'} a round")


def test_the_loser_is_told_how_they_bled_out() -> None:
    state = fought(last_card_seat=1)
    outcome = state.outcome()
    assert outcome is not None and outcome["winner"] == 0
    view = state.view(0)
    mine = told(state, 0)
    assert mine["reason"] == "The computer bled to death (deck empty)."
    assert mine["breakdown"] == f"{wounds_line(view, 1, COMPUTERS)}: out in round {view['round']}."
    assert mine["verdict"] == "won"
    assert view["final"]["outcome"] == mine  # the log's "End" line, from the same seat
    assert told(state, 1)["verdict"] == "lost"


def test_you_bled_out() -> None:
    state = fought(last_card_seat=0)
    mine = told(state, 0)
    assert mine["reason"] == "You bled to death (deck empty)."
    assert mine["breakdown"].startswith(wounds_line(state.view(0), 0, "your"))
    assert mine["verdict"] == "lost"


def test_the_stored_outcome_names_every_seat() -> None:
    state = fought(last_card_seat=0)
    outcome = state.outcome()
    assert outcome is not None and "breakdown" not in outcome and "verdict" not in outcome
    assert outcome["reason"] == "Player 1 bled to death (deck empty)."
    assert told(state, None)["verdict"] is None


def test_both_bled_out_together_shows_both_piles() -> None:
    state = fought(last_card_seat=None)
    mine = told(state, 0)
    assert mine["reason"] == "Both bled out in the same round with equal wounds (24): a draw."
    assert mine["verdict"] == "drawn"
    view = state.view(0)
    assert mine["breakdown"] == (f"{wounds_line(view, 0, 'your')}; {wounds_line(view, 1, COMPUTERS)}: "
                                 f"out in round {view['round']}.")

