"""Knife Fight tells the rival's face-down commit from the engine, for the viewer (issue 24): the view's
``last_play`` while the rival's card lies in its slot and the viewer still chooses (KNIFE-2); never the
card itself, and nothing once both are in or for a spectator."""

from __future__ import annotations

from .test_rulings import new, play

AGAINST_COMPUTER = ("Player 1", "the computer")
HOT_SEAT = ("Player 1", "Player 2")


def test_knife_2_the_rivals_face_down_card_is_told_to_the_one_still_choosing() -> None:
    state = new(["5H"], ["9S"])
    state.names = AGAINST_COMPUTER
    state.play(1, play("9S"))
    assert state.view(0)["last_play"] == "The computer committed a card face down: it turns up when you commit too."
    assert "9" not in state.view(0)["last_play"]
    assert state.view(1)["last_play"] is None, "the committer's own move is the newest on their table"
    assert state.view(None)["last_play"] is None


def test_knife_2_at_a_hot_seat_the_viewer_is_you_and_the_rival_is_named() -> None:
    state = new(["5H"], ["9S"])
    state.names = HOT_SEAT
    state.play(0, play("5H"))
    assert state.view(1)["last_play"] == "Player 1 committed a card face down: it turns up when you commit too."


def test_knife_2_once_both_cards_are_in_nothing_waits() -> None:
    state = new(["5H"], ["9S"])
    state.names = AGAINST_COMPUTER
    state.play(1, play("9S"))
    state.play(0, play("5H"))
    assert state.view(0)["last_play"] is None and state.view(1)["last_play"] is None
