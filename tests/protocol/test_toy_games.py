"""What Tombstone and Dueling Suits will need, proved on toy games before any real game uses it:
a structured setup kept in the record, an engine seat (a Dealer) played through op ``auto``, a
``result`` in the outcome, a discard pile reshuffled mid-game from the state's own RNG, three seats
any of whom may act, and old records (saved before ``setup`` existed) that still load."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from bridge_calls import Unchanged, fails, ok, session_state
from playthrough import play_game
from protocol.toy_games import TOYS, ToyDealerState, ToyGrabState
from pygame_core import SetupError, all_games, get_game, replay
from pygame_core.bots import LEVELS, RandomBot
from pygame_core.bridge import Bridge
from pygame_core.cards import new_rng, reshuffle, shuffle
from pygame_core.engine import registered


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with registered(*TOYS):
        yield


def dealer_game(b: Bridge, setup: Any = None, **extra: Any) -> str:
    return str(ok(b, {"op": "new", "game": "toy_dealer", "seed": 5, "setup": setup, **extra})["session"])


def play_dealer_out(b: Bridge, session: str = "s1") -> list[dict[str, Any]]:
    """The Gambler always hits once then stands; the Dealer moves through ``auto``. Returns all events."""
    events: list[dict[str, Any]] = []
    hits = 0
    while not ok(b, {"op": "view", "session": session})["over"]:
        (player,) = ok(b, {"op": "view", "session": session})["to_act"]
        if player == 1:
            events += ok(b, {"op": "auto", "session": session, "player": 1, "viewer": 0})["events"]
            continue
        moves = ok(b, {"op": "legal", "session": session, "player": 0})["moves"]
        move = moves[0] if hits % 2 == 0 else moves[-1]
        hits += 1
        events += ok(b, {"op": "play", "session": session, "player": 0, "move": move})["events"]
    return events


# --------------------------------------------------------------------------- registering for a test only
def test_toys_are_registered_only_inside_the_block() -> None:
    ids = [g.info.id for g in all_games()]
    assert "toy_grab" in ids and "toy_dealer" in ids
    with pytest.raises(ValueError, match="already registered"):
        with registered(ToyGrabState):
            pass


def test_toys_are_gone_after_the_block() -> None:
    with registered():
        pass
    real = [g.info.id for g in all_games() if not g.info.id.startswith("toy_")]
    assert real, "the real games stay registered"


# --------------------------------------------------------------------------- GameInfo of unusual tables
def test_game_info_of_a_dealer_game() -> None:
    info = ok(Bridge(), {"op": "games"})["games"]
    dealer = next(g for g in info if g["id"] == "toy_dealer")
    assert dealer["seats"] == [{"name": "Gambler", "kind": "person", "optional": False},
                               {"name": "the Dealer", "kind": "engine", "optional": False}]
    assert dealer["min_people"] == 1
    assert dealer["modes"] == ["solo"] and dealer["levels"] == [] and dealer["setup"] is True
    grab = next(g for g in info if g["id"] == "toy_grab")
    assert grab["players"] == 3 and len(grab["seats"]) == 3


# --------------------------------------------------------------------------- setup
def test_setup_is_normalised_kept_in_the_record_and_replayed() -> None:
    b = Bridge()
    dealer_game(b, {"rounds": 2})
    dealer_game(b)
    assert ok(b, {"op": "record", "session": "s1"})["record"]["setup"] == {"rounds": 2}
    assert ok(b, {"op": "record", "session": "s2"})["record"]["setup"] == {"rounds": 4}, "None means the default"
    play_dealer_out(b)
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert ok(b, {"op": "view", "session": "s1"})["view"]["won"].__len__() == 2
    assert ok(b, {"op": "load", "record": record})["session"] == "s3"
    assert session_state(b, "s1") == session_state(b, "s3")
    assert replay(json.loads(json.dumps(record))).record() == record


@pytest.mark.parametrize("setup", [{"rounds": 0}, {"rounds": 6}, {"rounds": "2"}, {"rounds": 2.0},
                                   {"rounds": True}, {"rounds": 2, "x": 1}, {}, [2], "2", 2])
def test_bad_setup(setup: Any) -> None:
    b = Bridge()
    dealer_game(b)
    with Unchanged(b):
        response = fails(b, {"op": "new", "game": "toy_dealer", "seed": 1, "setup": setup}, "bad_setup")
        assert "rounds" in response["error"]["message"]
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    with Unchanged(b):
        fails(b, {"op": "load", "record": {**record, "setup": setup}}, "bad_record")
    with pytest.raises(SetupError) as info:
        get_game("toy_dealer").new_game(seed=1, setup=setup)
    assert info.value.code == "bad_setup"


def test_a_game_without_setup_says_so() -> None:
    response = fails(Bridge(), {"op": "new", "game": "toy_grab", "setup": {"rounds": 2}}, "bad_setup")
    assert response["error"]["message"] == "Toy Grab takes no setup; leave it out (null)."


@pytest.mark.parametrize("game_id", ["toy_dealer", "toy_grab"])
def test_a_record_saved_before_setup_existed_still_loads(game_id: str) -> None:
    state = get_game(game_id).new_game(seed=9)
    for _ in range(3):
        p = state.to_act()[0]
        state.play(p, state.legal_moves(p)[0])
    old = {k: v for k, v in state.record().items() if k != "setup"}
    if game_id == "toy_dealer":  # its default setup is what an old record meant
        assert replay(old).record() == state.record()
    else:
        assert replay(old).record() == state.record() and state.record()["setup"] is None


# --------------------------------------------------------------------------- the engine seat
def test_auto_plays_the_dealer_and_bot_and_play_refuse_it() -> None:
    b = Bridge()
    dealer_game(b, {"rounds": 1})
    with Unchanged(b):
        fails(b, {"op": "auto", "session": "s1", "player": 0}, "not_engine_seat")
        fails(b, {"op": "auto", "session": "s1", "player": 1}, "not_your_turn")
        fails(b, {"op": "bot", "session": "s1", "player": 1, "level": "easy"}, "not_person_seat")
        fails(b, {"op": "bot", "session": "s1", "player": 0, "level": "easy"}, "bad_request")  # solo: no levels
    ok(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "stand"}})
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "stand"}}, "not_person_seat")
        fails(b, {"op": "auto", "session": "s1", "player": 1, "viewer": 7}, "bad_player")
    state = b.sessions["s1"]
    expected = state.auto_move(1)
    assert state.auto_move(1) == expected, "the policy is deterministic and changes nothing"
    response = ok(b, {"op": "auto", "session": "s1", "player": 1})
    assert response["move"] == expected and response["events"][0] == {"type": expected["type"], "player": 1}
    assert ok(b, {"op": "record", "session": "s1"})["record"]["moves"][-1] == [1, expected]


def test_engine_seat_moves_replay_and_the_outcome_has_a_result() -> None:
    b = Bridge()
    dealer_game(b, {"rounds": 5}, names=["you", "the Dealer"])
    play_dealer_out(b)
    final = ok(b, {"op": "view", "session": "s1", "player": 0})
    outcome = final["outcome"]
    assert set(outcome) == {"winner", "scores", "reason", "result", "verdict"}  # told for player 0 (issue 13)
    assert outcome["result"] == {"rounds": final["view"]["won"]} and len(outcome["result"]["rounds"]) == 5
    assert outcome["reason"][0].isupper()
    ok(b, {"op": "load", "record": ok(b, {"op": "record", "session": "s1"})["record"]})
    assert ok(b, {"op": "view", "session": "s2"})["outcome"]["result"] == outcome["result"]


def test_share_of_a_game_with_a_setup() -> None:
    b = Bridge()
    dealer_game(b, {"rounds": 1})
    fails(b, {"op": "share", "session": "s1"}, "not_over")
    play_dealer_out(b)
    assert ok(b, {"op": "share", "session": "s1"})["share"] == {
        "game": "toy_dealer", "seed": 5, "options": {}, "setup": {"rounds": 1}}


# --------------------------------------------------------------------------- reshuffles during play
def test_reshuffles_come_from_the_states_rng_and_replay_exactly() -> None:
    b = Bridge()
    dealer_game(b, {"rounds": 5})
    events = play_dealer_out(b)
    reshuffles = [e for e in events if e["type"] == "reshuffle"]
    assert reshuffles, "six cards over five rounds must run out"
    state = b.sessions["s1"]
    again = replay(json.loads(json.dumps(state.record())))
    assert isinstance(state, ToyDealerState) and isinstance(again, ToyDealerState)
    assert again.deck == state.deck and again.discards == state.discards and again.hands == state.hands
    assert again.rng.random() == state.rng.random(), "replay leaves the RNG where play left it"


def test_a_forced_deal_continues_the_same_rng_stream() -> None:
    """Replay passes the recorded deal back in as a forced one: reshuffles must not change."""
    seeded = get_game("toy_dealer").new_game(seed=21, setup={"rounds": 5})
    forced = get_game("toy_dealer").new_game(seed=21, deal=seeded.record()["deal"], setup={"rounds": 5})
    while not seeded.is_over():
        (p,) = seeded.to_act()
        move = seeded.auto_move(1) if p == 1 else seeded.legal_moves(0)[0]
        assert seeded.play(p, move) == forced.play(p, move)
    assert isinstance(seeded, ToyDealerState) and seeded.reshuffles > 0


def test_reshuffle_helper_matches_fisher_yates_on_the_same_stream() -> None:
    deck, discards = ["AS"], ["2S", "3S", "4S", "5S"]
    rng, twin = new_rng(3), new_rng(3)
    reshuffle(deck, discards, rng)
    assert deck == ["AS"] + shuffle(["2S", "3S", "4S", "5S"], twin) and discards == []
    assert rng.random() == twin.random()


# --------------------------------------------------------------------------- any of three may act
def test_three_seats_any_may_act_in_any_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "toy_grab", {"easy": RandomBot})  # the toy's one level, a random player
    b = Bridge()
    ok(b, {"op": "new", "game": "toy_grab", "seed": 2, "names": ["Ann", "Bob", "Cy"]})
    assert ok(b, {"op": "view", "session": "s1"})["to_act"] == [0, 1, 2]
    ok(b, {"op": "play", "session": "s1", "player": 2, "move": {"type": "take"}})
    ok(b, {"op": "play", "session": "s1", "player": 2, "move": {"type": "take"}})
    ok(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "stop"}})
    assert ok(b, {"op": "view", "session": "s1"})["to_act"] == [1, 2]
    with Unchanged(b):
        response = fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "take"}}, "not_your_turn")
        assert response["error"]["message"] == "It is not Ann's turn: waiting for Bob and Cy."
        fails(b, {"op": "play", "session": "s1", "player": 3, "move": {"type": "take"}}, "bad_player")
    ok(b, {"op": "bot", "session": "s1", "player": 1, "level": "easy"})
    ok(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "stop"}})
    ok(b, {"op": "play", "session": "s1", "player": 2, "move": {"type": "stop"}})
    final = ok(b, {"op": "view", "session": "s1", "player": 1})
    assert final["over"] and len(final["outcome"]["scores"]) == 3
    ok(b, {"op": "load", "record": ok(b, {"op": "record", "session": "s1"})["record"]})
    assert session_state(b, "s1") == session_state(b, "s2")


def test_a_bot_against_the_dealer() -> None:
    """The bots' test driver lets the game move for its engine seat."""
    state = get_game("toy_dealer").new_game(seed=4)
    moves = play_game(state, {0: RandomBot(1)})
    assert state.is_over() and {p for p, _ in moves} == {0, 1}
