"""Dueling Suits tells the rival's newest move from the engine, for the viewer (issue 24): the view's
``last_play`` while the rival's lead lies face down and the viewer still chooses theirs (DUEL-4), and the
chain card the rival just added when the viewer is to chain (DUEL-5: full value on the lead's suit, half
otherwise). Never a card the viewer may not see; nothing for a spectator."""

from __future__ import annotations

from .test_rulings import chain, lead, new

AGAINST_COMPUTER = ("Player 1", "the computer")


def test_duel_4_a_rivals_lead_face_down_is_told_without_its_card() -> None:
    state = new(["9S"], ["KD"])
    state.names = AGAINST_COMPUTER
    state.play(1, lead("KD"))
    told = state.view(0)["last_play"]
    assert told == "The computer led a card face down: both leads turn up once you lead too."
    assert state.view(1)["last_play"] is None
    assert state.view(None)["last_play"] is None


def test_duel_5_a_chain_card_is_told_with_what_it_added() -> None:
    """Seat 0 holds the initiative (the default first), so after the leads seat 0 chains first, then seat 1
    answers; seat 1's chain card on its own lead's suit adds its full power."""
    state = new(["9S", "2H"], ["5D", "7D"])
    state.names = AGAINST_COMPUTER
    state.play(0, lead("9S"))
    state.play(1, lead("5D"))
    state.play(0, chain("2H"))
    assert state.view(1)["last_play"] == "Player 1 chained 2♥: +1 to their power (not the lead's suit: half value)."
    state.play(1, chain("7D"))
    assert state.view(0)["last_play"] == "The computer chained 7♦: +7 to its power (the lead's suit: full value)."
    assert state.view(1)["last_play"] is None, "the viewer's own chain card is the newest"
