"""Hints and undo (issue 13, point 3): the bridge's ``hint`` and ``undo`` ops and the engines' hooks behind
them (``State.explain``, ``State.reveals``, ``State.undo_point``), with each game's points of no return."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import bridge as bridge_module
from pygame_core import get_game
from pygame_core.bots import LEVELS, RandomBot
from pygame_core.bridge import Bridge
from pygame_core.engine import State

HINTED_GAMES = sorted(LEVELS)
GRIT_CARDS = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
# GRIT-3: player 0 holds 2-5, player 1 holds 6-9; the ace tops player 0's pile 1 and the ten player 1's,
# so player 0 (the lower visible total) plays first (GRIT-4); the jack and the heart are the discards.
GRIT_DEAL = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "AS", "10S", "JS", "5H"]


def call(bridge: Bridge, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    return answer


def ok(bridge: Bridge, **request: Any) -> dict[str, Any]:
    answer = call(bridge, **request)
    assert answer["ok"], answer
    return answer


def error(bridge: Bridge, **request: Any) -> str:
    answer = call(bridge, **request)
    assert not answer["ok"], answer
    return str(answer["error"]["code"])


def grit_play(card: str, owner: int, index: int, marked: bool = False) -> dict[str, Any]:
    return {"type": "play", "card": card, "pile": [owner, index], "marked": marked}


def playout(state: State, steps: int, seed: int) -> None:
    """Random legal moves for ``steps`` turns (or to the end)."""
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_over():
            return
        p = state.to_act()[0]
        state.play(p, bot.choose(state.view(p), state.legal_moves(p)))


# --- hint --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", HINTED_GAMES)
def test_a_hint_is_a_labelled_legal_move_and_changes_nothing(game: str) -> None:
    b = Bridge()
    session = ok(b, op="new", game=game, seed=5, names=["Player 1", "the computer"])["session"]
    player = ok(b, op="view", session=session)["to_act"][0]
    record, view = ok(b, op="record", session=session), ok(b, op="view", session=session, player=player)
    legal = ok(b, op="legal", session=session, player=player)
    hint = ok(b, op="hint", session=session, player=player)
    assert hint["move"] in legal["moves"]
    assert hint["label"] == legal["labels"][legal["moves"].index(hint["move"])]
    assert hint["reason"][0].isupper() and hint["reason"].endswith(".")
    assert ok(b, op="record", session=session) == record
    assert ok(b, op="view", session=session, player=player) == view
    assert ok(b, op="hint", session=session, player=player) == hint, "the same view gets the same hint"


@pytest.mark.parametrize("game", ["grit", "dueling_suits"])
def test_a_sliced_hint_is_the_whole_one(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge_module, "THINK_CAP_SECONDS", 600.0)  # a loaded machine must not cut it short
    b = Bridge()
    session = ok(b, op="new", game=game, seed=8)["session"]
    player = ok(b, op="view", session=session)["to_act"][0]
    whole = ok(b, op="hint", session=session, player=player)
    answer = ok(b, op="hint", session=session, player=player, slice_ms=1)
    slices = 1
    while answer.get("thinking"):
        answer = ok(b, op="hint", session=session, player=player, slice_ms=1)
        slices += 1
    assert slices > 1, "a one-millisecond slice cannot finish a search"
    assert answer == whole


def test_a_searching_hint_says_how_the_move_did_in_its_playouts() -> None:
    b = Bridge()
    session = ok(b, op="new", game="grit", seed=2, names=["Player 1", "the computer"])["session"]
    hint = ok(b, op="hint", session=session, player=0)
    assert "games the computer played out from here" in hint["reason"]
    assert hint["reason"].startswith("It takes ")


def test_hint_refusals() -> None:
    b = Bridge()
    session = ok(b, op="new", game="grit", seed=2)["session"]
    assert error(b, op="hint", session=session, player=1) == "not_your_turn"
    assert error(b, op="hint", session=session, player=0, slice_ms=0) == "bad_request"
    assert error(b, op="hint", session=session, player=7) == "bad_player"
    assert error(b, op="hint", session="nope", player=0) == "unknown_session"
    state = b.sessions[session]
    playout(state, 8, seed=1)
    assert state.is_over()
    assert error(b, op="hint", session=session, player=0) == "game_over"


def test_no_hint_in_a_game_without_computer_levels() -> None:
    """The Showdown has no computer level to ask: nobody at its table plays against one (bridge docstring)."""
    showdown = get_game("tombstone_showdown").state_class
    b = Bridge()
    session = ok(b, op="new", game="tombstone_showdown", seed=3, setup=showdown.sample_setup(1, 3))["session"]
    person = next(p for p, seat in enumerate(showdown.info.seats) if seat.kind == "person")
    assert error(b, op="hint", session=session, player=person) == "no_hint"


def grit_deals(heart: str, order: list[int], hidden: list[int]) -> tuple[list[str], list[str]]:
    """Two Grit deals (GRIT-3) that differ only in the cards the first player cannot see (GRIT-9): the
    other hand and the discards, shuffled among their places."""
    cards = GRIT_CARDS + [heart]
    deal = [cards[k] for k in order]
    first = get_game("grit").new_game(seed=1, deal=deal).to_act()[0]
    places = ([4, 5, 6, 7] if first == 0 else [0, 1, 2, 3]) + [10, 11]
    other = list(deal)
    for place, source in zip(places, [places[k] for k in hidden]):
        other[place] = deal[source]
    return deal, other


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(heart=st.sampled_from(["AH", "5H", "10H", "KH"]), order=st.permutations(range(12)),
       hidden=st.permutations(range(6)))
def test_a_grit_hint_never_depends_on_hidden_cards(heart: str, order: list[int], hidden: list[int]) -> None:
    deal, other = grit_deals(heart, list(order), list(hidden))
    b = Bridge()
    sessions = [ok(b, op="new", game="grit", seed=1, deal=d)["session"] for d in (deal, other)]
    first = ok(b, op="view", session=sessions[0])["to_act"][0]
    views = [ok(b, op="view", session=s, player=first)["view"] for s in sessions]
    assert views[0] == views[1], "the two deals look the same from this seat"
    hints = [ok(b, op="hint", session=s, player=first) for s in sessions]
    assert hints[0] == hints[1]


@settings(max_examples=10, deadline=None)
@given(red=st.permutations(range(24)), black=st.permutations(range(27)))
def test_a_knife_fight_hint_never_depends_on_hidden_cards(red: list[int], black: list[int]) -> None:
    """KNIFE-1/2: player 0 sees their three cards in hand; their deck's order and all of player 1's are hidden."""
    dealt = get_game("knife_fight").new_game(seed=4).deal
    other = {"0": dealt["0"][:3] + [dealt["0"][3 + k] for k in red], "1": [dealt["1"][k] for k in black]}
    b = Bridge()
    sessions = [ok(b, op="new", game="knife_fight", seed=4, deal=d)["session"] for d in (dealt, other)]
    views = [ok(b, op="view", session=s, player=0)["view"] for s in sessions]
    assert views[0] == views[1]
    assert ok(b, op="hint", session=sessions[0], player=0) == ok(b, op="hint", session=sessions[1], player=0)


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(HINTED_GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 12))
def test_a_hint_is_always_a_legal_move(game: str, seed: int, steps: int) -> None:
    b = Bridge()
    session = ok(b, op="new", game=game, seed=seed)["session"]
    state = b.sessions[session]
    playout(state, steps, seed)
    if state.is_over():
        return
    player = state.to_act()[0]
    record = state.record()
    assert ok(b, op="hint", session=session, player=player)["move"] in state.legal_moves(player)
    assert b.sessions[session].record() == record


# --- undo: each game's points of no return ------------------------------------------------------

def test_grit_undo_after_a_marked_reply_but_not_after_a_reveal() -> None:
    """GRIT-5/7/9: the round's reveal shows the other player's unmarked card; a marked one stays hidden."""
    game = get_game("grit")
    marked = game.new_game(seed=1, deal=GRIT_DEAL)
    assert marked.to_act() == [0]
    assert marked.undo_point(0) is None, "no move to take back yet"
    marked.play(0, grit_play("2S", 0, 0))
    assert marked.undo_point(0) == 0, "nothing shown yet"
    marked.play(1, grit_play("6S", 1, 1, marked=True))
    assert marked.undo_point(0) == 0, "the reveal showed player 0 only their own card"
    assert marked.undo_point(1) is None, "player 1 saw player 0's card turn up"

    shown = game.new_game(seed=1, deal=GRIT_DEAL)
    shown.play(0, grit_play("2S", 0, 0))
    shown.play(1, grit_play("6S", 1, 1))
    assert shown.undo_point(0) is None and shown.undo_point(1) is None


def test_grit_undo_never_after_the_end() -> None:
    state = get_game("grit").new_game(seed=1, deal=GRIT_DEAL)
    playout(state, 8, seed=3)
    assert state.is_over()
    assert state.undo_point(0) is None and state.undo_point(1) is None


def test_grow21_every_turn_turns_a_card_up() -> None:
    """GROW-1: the next mover's card is shown as soon as a turn passes, so no move survives its turn."""
    state = get_game("grow21").new_game(seed=48)
    state.play(0, {"type": "place", "at": [0, 0]})
    assert state.undo_point(0) is None and state.undo_point(1) is None


def test_grow21_a_split_to_choose_shows_nothing_yet() -> None:
    """GROW-6: a removal that leaves tied parts waits for the mover's keep; until then the move can go back."""
    state = get_game("grow21").new_game(seed=48)
    for p, at in [(0, [0, 0]), (1, [-1, 0]), (0, [-2, 0]), (1, [-1, -1])]:
        state.play(p, {"type": "place", "at": at})
    assert state.view(1)["phase"] == "keep"
    assert state.undo_point(1) == 3
    assert state.undo_point(0) is None
    state.play(1, state.legal_moves(1)[0])
    assert state.undo_point(1) is None


@pytest.mark.parametrize("game", ["knife_fight", "dueling_suits"])
def test_games_that_say_nothing_seal_every_move(game: str) -> None:
    """The safe default (``State.reveals``): a face-down commit is answered by a reveal at once (KNIFE-2,
    DUEL-4), and chain cards come out of a hidden hand (DUEL-5), so these games take nothing back."""
    state = get_game(game).new_game(seed=6)
    player = state.to_act()[0]
    state.play(player, state.legal_moves(player)[0])
    assert state.undo_point(player) is None


# --- undo through the bridge ----------------------------------------------------------------------

def grit_against_hard(b: Bridge, move: dict[str, Any]) -> str:
    """Seed 2: the person (player 0) plays ``move`` and the hard computer answers."""
    session = str(ok(b, op="new", game="grit", seed=2, names=["Player 1", "the computer"])["session"])
    ok(b, op="play", session=session, player=0, move=move)
    ok(b, op="bot", session=session, player=1, level="hard")
    return session


def test_undo_takes_back_the_move_and_the_reply() -> None:
    b = Bridge()
    fresh = ok(b, op="new", game="grit", seed=2)["session"]
    start = ok(b, op="view", session=fresh, player=0)
    assert error(b, op="undo", session=fresh, player=0) == "nothing_to_undo"
    assert ok(b, op="legal", session=fresh, player=0)["can_undo"] is False

    session = grit_against_hard(b, grit_play("7S", 0, 0))
    reply = ok(b, op="record", session=session)["record"]["moves"][1]
    assert reply[1]["marked"], "the hard computer answers with its mark"
    assert ok(b, op="legal", session=session, player=0)["can_undo"] is True
    assert ok(b, op="undo", session=session, player=0) == {"ok": True, "undone": 2}
    assert ok(b, op="view", session=session, player=0) == start
    assert ok(b, op="record", session=session)["record"] == ok(b, op="record", session=fresh)["record"]
    assert b.sessions[session].names == ("Player 1", "the computer")
    assert ok(b, op="legal", session=session, player=0)["can_undo"] is False

    ok(b, op="play", session=session, player=0, move=grit_play("7S", 0, 0))
    ok(b, op="bot", session=session, player=1, level="hard")
    again = ok(b, op="record", session=session)["record"]["moves"][1]
    assert again == reply, "the computer answers the same move the same way"


def test_undo_refuses_past_a_reveal_and_changes_nothing() -> None:
    b = Bridge()
    session = grit_against_hard(b, grit_play("7S", 0, 1))
    record = ok(b, op="record", session=session)
    assert ok(b, op="legal", session=session, player=0)["can_undo"] is False
    assert error(b, op="undo", session=session, player=0) == "past_reveal"
    assert ok(b, op="record", session=session) == record


def test_undo_only_for_the_player_due() -> None:
    b = Bridge()
    session = ok(b, op="new", game="grit", seed=2)["session"]
    ok(b, op="play", session=session, player=0, move=grit_play("7S", 0, 0))
    assert error(b, op="undo", session=session, player=0) == "not_your_turn"
    assert error(b, op="undo", session=session, player=1) == "nothing_to_undo"
    assert error(b, op="undo", session=session, player="0") == "bad_player"
