"""Grit's hints and undo (issue 13, point 3): the reason a hint gives, the preview of both totals, and its
points of no return: a round's reveal shows the other player's unmarked card (GRIT-5, GRIT-9), while a
marked one stays hidden to the end (GRIT-7), so a move answered by a mark can still be taken back."""

from __future__ import annotations

from typing import Any

from pygame_core import get_game
from pygame_core.bots import RandomBot
from pygame_core.bridge import Bridge
from pygame_core.engine import State
from bridge_calls import ok_with as ok, refusal as error

# GRIT-3: player 0 holds 2-5, player 1 holds 6-9; the ace tops player 0's pile 1 and the ten player 1's,
# so player 0 (the lower visible total) plays first (GRIT-4); the jack and the heart are the discards.
GRIT_DEAL = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "AS", "10S", "JS", "5H"]


def grit_play(card: str, owner: int, index: int, marked: bool = False) -> dict[str, Any]:
    return {"type": "play", "card": card, "pile": [owner, index], "marked": marked}


def playout(state: State, seed: int) -> None:
    bot = RandomBot(seed)
    while not state.is_over():
        p = state.to_act()[0]
        state.play(p, bot.choose(state.view(p), state.legal_moves(p)))


def test_the_preview_counts_what_the_player_can_see() -> None:
    """GRIT-6/9: only tops count; the player's own face-down card is known to them, the other's is not."""
    state = get_game("grit").new_game(seed=1, deal=GRIT_DEAL)
    assert state.preview(0, grit_play("2S", 1, 0)) == {"totals": [1, 2], "hidden": [0, 0], "owner": 1}
    state.play(0, grit_play("2S", 0, 1))
    seen_by_1 = state.preview(1, grit_play("6S", 1, 0))
    assert seen_by_1 == {"totals": [1, 6], "hidden": [1, 0], "owner": 1}, "player 0's card is down: unknown"
    assert state.preview(1, grit_play("6S", 0, 0)) == {"totals": [6, 10], "hidden": [1, 0], "owner": 0}


def test_the_hint_reason_says_where_the_total_goes() -> None:
    state = get_game("grit").new_game(seed=1, deal=GRIT_DEAL)
    state.names = ("Player 1", "the computer")
    assert state.explain(0, grit_play("2S", 1, 0)) == "it takes the computer to 2, and keeps your mark for later"
    assert state.explain(0, grit_play("5S", 0, 1, marked=True)) == (
        "it takes you to 6, and the computer won't see it until the end (GRIT-7)")
    state.play(0, grit_play("2S", 0, 1))
    assert state.explain(1, grit_play("6S", 0, 2)) == "it takes Player 1 to 7 plus a hidden card, and keeps your mark for later"


def test_undo_after_a_marked_reply_but_not_after_a_reveal() -> None:
    game = get_game("grit")
    marked = game.new_game(seed=1, deal=GRIT_DEAL)
    assert marked.to_act() == [0]
    assert marked.undo_point(0) is None, "no move to take back yet"
    marked.play(0, grit_play("2S", 0, 0))
    assert marked.undo_point(0) == 0, "nothing shown yet"
    marked.play(1, grit_play("6S", 1, 1, marked=True))
    assert marked.undo_point(0) == 0, "the reveal showed player 0 only their own card (GRIT-7)"
    assert marked.undo_point(1) is None, "player 1 saw player 0's card turn up (GRIT-5)"

    shown = game.new_game(seed=1, deal=GRIT_DEAL)
    shown.play(0, grit_play("2S", 0, 0))
    shown.play(1, grit_play("6S", 1, 1))
    assert shown.undo_point(0) is None and shown.undo_point(1) is None


def test_no_undo_once_the_duel_is_over() -> None:
    """GRIT-8: the end turns every card up."""
    state = get_game("grit").new_game(seed=1, deal=GRIT_DEAL)
    playout(state, seed=3)
    assert state.undo_point(0) is None and state.undo_point(1) is None


def test_a_clone_keeps_its_own_points_of_no_return() -> None:
    state = get_game("grit").new_game(seed=1, deal=GRIT_DEAL)
    copy = state.clone()
    state.play(0, grit_play("2S", 0, 0))
    state.play(1, grit_play("6S", 1, 1))
    assert copy.sealed == [0, 0]


# --- through the bridge: seed 2, where the hard computer answers 7♠ on the person's pile 1 with its mark
def against_hard(b: Bridge, move: dict[str, Any]) -> str:
    """Seed 2: the person (player 0) plays ``move`` and the hard computer answers."""
    session = str(ok(b, op="new", game="grit", seed=2, names=["Player 1", "the computer"])["session"])
    ok(b, op="play", session=session, player=0, move=move)
    ok(b, op="bot", session=session, player=1, level="hard")
    return session


def test_undo_takes_back_the_move_and_the_reply() -> None:
    b = Bridge()
    fresh = ok(b, op="new", game="grit", seed=2, names=["Player 1", "the computer"])["session"]
    start = ok(b, op="view", session=fresh, player=0)
    assert error(b, op="undo", session=fresh, player=0) == "nothing_to_undo"
    assert "can_undo" not in ok(b, op="legal", session=fresh, player=0)

    session = against_hard(b, grit_play("7S", 0, 0))
    reply = ok(b, op="record", session=session)["record"]["moves"][1]
    assert reply[1]["marked"], "the hard computer answers with its mark"
    assert ok(b, op="legal", session=session, player=0).get("can_undo") is True
    assert ok(b, op="undo", session=session, player=0) == {"ok": True, "undone": 2}
    assert ok(b, op="view", session=session, player=0) == start
    assert ok(b, op="record", session=session)["record"] == ok(b, op="record", session=fresh)["record"]
    assert b.sessions[session].names == ("Player 1", "the computer")
    assert "can_undo" not in ok(b, op="legal", session=session, player=0)

    ok(b, op="play", session=session, player=0, move=grit_play("7S", 0, 0))
    ok(b, op="bot", session=session, player=1, level="hard")
    again = ok(b, op="record", session=session)["record"]["moves"][1]
    assert again == reply, "the computer answers the same move the same way (it is seeded by the position)"


def test_undo_refuses_past_a_reveal_and_changes_nothing() -> None:
    b = Bridge()
    session = against_hard(b, grit_play("7S", 1, 1))
    record = ok(b, op="record", session=session)
    assert not record["record"]["moves"][1][1]["marked"], "an unmarked reply: the round's reveal shows it"
    assert "can_undo" not in ok(b, op="legal", session=session, player=0)
    assert error(b, op="undo", session=session, player=0) == "past_reveal"
    assert ok(b, op="record", session=session) == record


def test_undo_only_for_the_player_due() -> None:
    b = Bridge()
    session = ok(b, op="new", game="grit", seed=2)["session"]
    ok(b, op="play", session=session, player=0, move=grit_play("7S", 0, 0))
    assert error(b, op="undo", session=session, player=0) == "not_your_turn"
    assert error(b, op="undo", session=session, player=1) == "nothing_to_undo"
    assert error(b, op="undo", session=session, player="0") == "bad_player"


def test_undo_forgets_a_search_in_slices() -> None:
    """The computer's half-thought move belongs to the position undone: asking again starts afresh."""
    b = Bridge()
    session = against_hard(b, grit_play("7S", 0, 0))
    ok(b, op="hint", session=session, player=0, slice_ms=1)
    ok(b, op="undo", session=session, player=0)
    assert session not in b.hinting and session not in b.thinking
