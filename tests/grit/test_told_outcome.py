"""The end of a Grit game told from each seat (``State.told_outcome``, issue 13 "Your record"): the
reason with "you" and the seat's display name, the breakdown summing the deciding piles, the verdict.

Forced deals follow ``test_rulings.finish``: each player plays onto own piles 1, 2, 1, 2, so the final
tops are the dealt card, the third hand card (round 3) and the fourth (round 4).
"""

from __future__ import annotations

from pygame_core import State

from .test_rulings import make_deal, new, play_own_piles
from playthrough import AGAINST_COMPUTER, told


def finished(h0: list[str], h1: list[str], up0: str, up1: str) -> State:
    state = new(make_deal(h0, h1, up0, up1))
    play_own_piles(state)
    state.names = AGAINST_COMPUTER
    return state


def test_a_bust_is_told_from_the_busted_seat_with_its_round() -> None:
    # player 0: J + 10 + 9 = 29 (over); player 1: 2 + 3 + 4 = 9
    state = finished(["AS", "5S", "10S", "9S"], ["6S", "7S", "3S", "4S"], "JS", "2S")
    mine = told(state, 0)
    assert mine["reason"] == "You went over 21 (29)."
    assert mine["breakdown"] == "J♠ + 10♠ + 9♠ = 29 on your piles: bust in round 4."
    assert mine["verdict"] == "lost"
    assert told(state, 1)["verdict"] == "won"


def test_the_stored_outcome_keeps_its_plain_seats() -> None:
    state = finished(["AS", "5S", "10S", "9S"], ["6S", "7S", "3S", "4S"], "JS", "2S")
    assert state.outcome() == {"winner": 1, "scores": [29, 9], "reason": "Player 1 went over 21 (29)."}
    spectator = told(state, None)
    assert spectator["verdict"] is None
    assert spectator["reason"] == "Player 1 went over 21 (29)."
    assert spectator["breakdown"] == "J♠ + 10♠ + 9♠ = 29 on Player 1's piles: bust in round 4."


def test_the_closest_to_21_is_summed_for_the_winner() -> None:
    # player 0: 9 + 8 + 3 = 20; player 1: 10 + 7 + 4 = 21
    state = finished(["AS", "2S", "8S", "3S"], ["5S", "6S", "7S", "4S"], "9S", "10S")
    mine = told(state, 0)
    assert mine["reason"] == "The computer is closer to 21 (21 against 20)."
    assert mine["breakdown"] == "10♠ + 7♠ + 4♠ = 21 on the computer's piles: the closest to 21."
    assert mine["verdict"] == "lost"
    state.names = ("the computer", "Player 2")  # the person plays seat 1
    theirs = told(state, 1)
    assert theirs["reason"] == "You are closer to 21 (21 against 20)."
    assert theirs["verdict"] == "won"


def test_both_over_names_the_one_further_over() -> None:
    # player 0: J + 10 + 9 = 29; player 1: KH + 8 + 7 = 25
    state = finished(["AS", "2S", "10S", "9S"], ["3S", "4S", "8S", "7S"], "JS", "KH")
    mine = told(state, 0)
    assert mine["reason"] == "Both went over 21; the computer is less dead (25 against 29)."
    assert mine["breakdown"] == "J♠ + 10♠ + 9♠ = 29 on your piles: bust in round 4."


def test_level_totals_show_both_sides() -> None:
    # player 0: 10 + 9 + 2 = 21; player 1: J + 8 + 3 = 21 -> J beats 10
    state = finished(["AS", "4S", "9S", "2S"], ["5S", "6S", "8S", "3S"], "10S", "JS")
    mine = told(state, 0)
    assert mine["reason"] == "Totals are level at 21; the computer wins with the higher top card (J♠ against 10♠)."
    assert mine["breakdown"] == ("10♠ + 9♠ + 2♠ = 21 on your piles; J♠ + 8♠ + 3♠ = 21 on the computer's piles: "
                                 "level, so the higher top card decides.")


def test_nothing_is_told_before_the_end() -> None:
    state = new(make_deal(["AS", "5S", "10S", "9S"], ["6S", "7S", "3S", "4S"], "JS", "2S"))
    assert state.told_outcome(0) is None
