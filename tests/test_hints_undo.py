"""Hints and undo (issue 13, point 3), for every game with computer levels: the bridge's ``hint`` op gives
a labelled legal move with a reason, changes nothing, is sliced like ``bot`` and decides from the view
alone (the redealers of the no-leak property permute what the player cannot see: the hint stays). Its
search is kept for its position (issue 28, point 4): thought ahead in slices between other requests, for
however long the person looks, it is the hint asked cold, and a move or a close ends it; the
``undo`` op's safe default takes nothing back. Each game's own points of no return are tested in its
folder (``tests/<id>/test_hints_undo.py``)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playthrough import canon, choose, flatten, map_cards, move_mapper, redealer
from pygame_core import State, all_games, get_game
from pygame_core import bridge as bridge_module
from pygame_core.bots import LEVELS, RandomBot, make_bot
from pygame_core.bots.ismcts import SearchBot
from pygame_core.bridge import Bridge
from bridge_calls import ok_with as ok, refusal as error

HINTED = sorted(LEVELS)  # the games a person plays against computer levels
UNHINTED = sorted(game.info.id for game in all_games() if game.info.id not in LEVELS)
SEARCHING = [g for g in HINTED if isinstance(make_bot(g, get_game(g).info.levels[-1].id), SearchBot)]
# A searching hint's numbers: the games it played out, or (a search that scores each world with a look-ahead
# and a win model instead) the worlds of the hidden cards it weighed.
COUNTED = re.compile(r"it won \d+% of the \d+ games the computer played out from here"
                     r"|over \d+ ways the hidden cards may lie, the computer reckons its chance to win at \d+%")
SEALING_BY_DEFAULT = [g for g in HINTED if get_game(g).state_class.reveals is State.reveals]


def playout(state: State, steps: int, seed: int) -> None:
    """Random legal moves for ``steps`` turns (or to the end)."""
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_over():
            return
        p = state.to_act()[0]
        state.play(p, bot.choose(state.view(p), state.legal_moves(p)))


def loaded(bridge: Bridge, state: State) -> str:
    return str(ok(bridge, op="load", record=state.record(), names=["Player 1", "the computer"])["session"])


@pytest.mark.parametrize("game", HINTED)
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


def thought_position(game: str) -> State:
    """A position a few random moves in where the person has a choice to think about."""
    state = get_game(game).new_game(seed=8)
    playout(state, 4, seed=8)
    assert len(state.legal_moves(state.to_act()[0])) > 1, "a choice to think about"
    return state


def whole_hint(state: State) -> dict[str, Any]:
    """The hint asked at once and unsliced, in a bridge of its own (nothing thought ahead)."""
    b = Bridge()
    return ok(b, op="hint", session=loaded(b, state), player=state.to_act()[0])


def sliced(b: Bridge, session: str, player: int) -> tuple[dict[str, Any], int]:
    """Ask for the hint in one-millisecond slices until it is decided: the answer and the number of slices."""
    answer = ok(b, op="hint", session=session, player=player, slice_ms=1)
    slices = 1
    while answer.get("thinking"):
        answer = ok(b, op="hint", session=session, player=player, slice_ms=1)
        slices += 1
    return answer, slices


@pytest.mark.parametrize("game", SEARCHING)
def test_a_sliced_hint_is_the_whole_one_and_counts_its_playouts(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge_module, "THINK_CAP_SECONDS", 600.0)  # a loaded machine must not cut it short
    state = thought_position(game)
    whole = whole_hint(state)
    assert COUNTED.search(whole["reason"]), whole["reason"]
    b = Bridge()
    answer, slices = sliced(b, loaded(b, state), state.to_act()[0])
    assert slices > 1, "a one-millisecond slice cannot finish a search"
    assert answer == whole


@pytest.mark.parametrize("game", SEARCHING)
def test_a_hint_thought_ahead_between_other_requests_is_the_cold_hint(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's worker thinks a hint ahead in slices while other requests come and go (and the person
    looks at the table for as long as they like): the hint is the one asked cold, and once decided it is
    given again at once, without thinking on."""
    monkeypatch.setattr(bridge_module, "THINK_CAP_SECONDS", 600.0)  # a loaded machine must not cut it short
    state = thought_position(game)
    whole = whole_hint(state)
    clock = {"waited": 0.0}
    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: real() + clock["waited"])
    b = Bridge()
    session, player = loaded(b, state), state.to_act()[0]
    answer = ok(b, op="hint", session=session, player=player, slice_ms=1)
    while answer.get("thinking"):
        ok(b, op="view", session=session, player=player)
        ok(b, op="legal", session=session, player=player)
        clock["waited"] += 1000.0  # the person looks at the table longer than the cap between two slices
        answer = ok(b, op="hint", session=session, player=player, slice_ms=1)
    assert answer == whole
    search = b.hinting[session]
    assert isinstance(search.bot, SearchBot)
    iterations = search.bot.last_iterations
    assert ok(b, op="hint", session=session, player=player, slice_ms=1) == whole, "decided: given at once"
    assert ok(b, op="hint", session=session, player=player) == whole
    assert b.hinting[session] is search and search.bot.last_iterations == iterations, "no more thinking"


@pytest.mark.parametrize("game", SEARCHING)
def test_a_hint_asked_while_thinking_ahead_carries_the_search_on(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The person asks while the worker's search is under way: the same search goes on to the same hint."""
    monkeypatch.setattr(bridge_module, "THINK_CAP_SECONDS", 600.0)  # a loaded machine must not cut it short
    state = thought_position(game)
    b = Bridge()
    session, player = loaded(b, state), state.to_act()[0]
    assert ok(b, op="hint", session=session, player=player, slice_ms=1).get("thinking"), "thought ahead a little"
    search = b.hinting[session]
    assert sliced(b, session, player)[0] == whole_hint(state)
    assert b.hinting[session] is search


@pytest.mark.parametrize("game", SEARCHING)
def test_the_hint_search_is_capped_by_its_own_thinking(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow machine: past THINK_CAP_SECONDS of thinking the search stops with its best move so far."""
    monkeypatch.setattr(bridge_module, "THINK_CAP_SECONDS", 1e-9)
    state = thought_position(game)
    b = Bridge()
    session, player = loaded(b, state), state.to_act()[0]
    answer = ok(b, op="hint", session=session, player=player, slice_ms=1)
    assert answer["move"] in state.legal_moves(player), "cut short after its first slice"
    bot = b.hinting[session].bot
    assert isinstance(bot, SearchBot) and bot.last_iterations < bot.iterations


@pytest.mark.parametrize("game", SEARCHING)
def test_a_hint_search_ends_with_its_position(game: str) -> None:
    """A move played in the session (the person's, or the computer's) or a close drops the search: the
    next hint is thought afresh for the new position, and nothing is kept for a closed table."""
    state = thought_position(game)
    b = Bridge()
    session, player = loaded(b, state), state.to_act()[0]
    assert ok(b, op="hint", session=session, player=player, slice_ms=1).get("thinking")
    move = state.legal_moves(player)[0]
    ok(b, op="play", session=session, player=player, move=move)
    assert session not in b.hinting, "the move left the position"
    state.play(player, move)
    assert not state.is_over()
    due = state.to_act()[0]
    sliced(b, session, due)
    assert b.hinting[session].position == (len(state.moves), due), "thought afresh for the new position"
    ok(b, op="close", session=session)
    assert session not in b.hinting


@pytest.mark.parametrize("game", HINTED)
def test_hint_refusals(game: str) -> None:
    b = Bridge()
    session = ok(b, op="new", game=game, seed=2)["session"]
    state = b.sessions[session]
    waiting = [p for p in range(state.info.players) if p not in state.to_act()]
    for p in waiting:
        assert error(b, op="hint", session=session, player=p) == "not_your_turn"
    player = state.to_act()[0]
    assert error(b, op="hint", session=session, player=player, slice_ms=0) == "bad_request"
    assert error(b, op="hint", session=session, player=player, slice_ms=True) == "bad_request"
    assert error(b, op="hint", session=session, player=state.info.players) == "bad_player"
    assert error(b, op="hint", session="nope", player=player) == "unknown_session"
    playout(state, 10_000, seed=1)
    assert error(b, op="hint", session=session, player=player) == "game_over"


@pytest.mark.parametrize("game", UNHINTED)
def test_no_hint_in_a_game_without_computer_levels(game: str) -> None:
    """Nobody at these tables plays against a computer level, so there is no level to ask (the bridge's
    docstring): a solo Showdown's enemies are the Dealer's, played by the engine itself."""
    state_class = get_game(game).state_class
    b = Bridge()
    session = ok(b, op="new", game=game, seed=3, setup=state_class.sample_setup(1, 3))["session"]
    person = next(p for p, seat in enumerate(state_class.info.seats) if seat.kind == "person")
    assert error(b, op="hint", session=session, player=person) == "no_hint"


@pytest.mark.parametrize("game", HINTED)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 2**20), max_size=30),
       rng=st.randoms(use_true_random=False))
def test_a_hint_never_depends_on_hidden_cards(game: str, seed: int, choices: list[int], rng: random.Random) -> None:
    """The same view with the unseen cards dealt otherwise (the game's redealer) gets the same hint."""
    dealt = get_game(game).new_game(seed=seed)
    played = []
    for choice in choices:
        if dealt.is_over():
            break
        p, move = choose(dealt, choice)
        dealt.play(p, move)
        played.append((p, move))
    if dealt.is_over():
        return
    player = dealt.to_act()[0]
    redeal, map_move = redealer(game), move_mapper(game)
    assert redeal is not None
    old_deal, new_deal = dealt.record()["deal"], redeal(dealt, player, rng)
    mapping = dict(zip(flatten(old_deal), flatten(new_deal)))
    other = get_game(game).new_game(seed=seed, deal=new_deal)
    for p, move in played:
        other.play(p, map_cards(move, mapping) if map_move is None else map_move(move, old_deal, new_deal))
    assert canon(dealt.view(player)) == canon(other.view(player)), "the redeal looks the same from this seat"
    b = Bridge()
    hints = [ok(b, op="hint", session=loaded(b, s), player=player) for s in (dealt, other)]
    assert hints[0] == hints[1]


@pytest.mark.parametrize("game", HINTED)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_a_hint_is_always_a_legal_move(game: str, seed: int, steps: int) -> None:
    state = get_game(game).new_game(seed=seed)
    playout(state, steps, seed)
    if state.is_over():
        return
    player = state.to_act()[0]
    b = Bridge()
    session = loaded(b, state)
    assert ok(b, op="hint", session=session, player=player)["move"] in state.legal_moves(player)
    assert b.sessions[session].record() == state.record()


@pytest.mark.parametrize("game", SEALING_BY_DEFAULT)
def test_a_game_that_says_nothing_takes_nothing_back(game: str) -> None:
    """The safe default of ``State.reveals``: every move is a point of no return."""
    b = Bridge()
    session = ok(b, op="new", game=game, seed=6)["session"]
    state = b.sessions[session]
    for _ in range(3):
        player = state.to_act()[0]
        state.play(player, state.legal_moves(player)[0])
        assert state.undo_point(player) is None
    player = state.to_act()[0]
    assert "can_undo" not in ok(b, op="legal", session=session, player=player)
    assert error(b, op="undo", session=session, player=player) in ("past_reveal", "nothing_to_undo")
