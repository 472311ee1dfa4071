"""Grit through the bridge: a forced deal, face-down plays redacted per viewer, marked cards, Grit's
own bad options, deals, moves and records, and a bug half-way through a play.

The ops every game shares are tested in ``tests/test_bridge.py``.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge_calls import Unchanged, call, fails, ok, session_state, strings
from pygame_core import get_game
from pygame_core.bridge import Bridge
from pygame_core.cards import is_card
from pygame_core.games.grit import GritState

BASIC: list[str] = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KH"]
OPS = ("games", "new", "view", "legal", "play", "bot", "auto", "record", "load", "share", "close")


# --------------------------------------------------------------------------- helpers
def mv(card: str, owner: int, index: int, marked: bool = False) -> dict[str, Any]:
    return {"type": "play", "card": card, "pile": [owner, index], "marked": marked}


@pytest.fixture
def bridge() -> Bridge:
    """A fresh bridge with session s1: the BASIC deal, player 0 to act (9 against 10)."""
    fresh = Bridge()
    assert ok(fresh, {"op": "new", "game": "grit", "seed": 7, "deal": BASIC})["session"] == "s1"
    return fresh


# --------------------------------------------------------------------------- every op, happy paths
def test_games_op() -> None:
    response = ok(Bridge(), {"op": "games"})
    games = {g["id"]: g for g in response["games"]}
    assert "grit" in games
    grit = games["grit"]
    assert grit == get_game("grit").info.to_json()
    assert grit["players"] == 2 and grit["hidden_info"] is True and grit["simultaneous"] is False
    assert grit["credit"] == "by Zach Gage" and grit["minutes"] == 5 and grit["setup"] is False
    assert grit["options"] == [{
        "name": "heart_ranks", "label": "The hidden heart", "help": grit["options"][0]["help"],
        "values": ["all", "A-9"], "labels": ["Any of the thirteen hearts", "Ace to nine only"], "default": "all"}]
    assert "GRIT-1" in grit["options"][0]["help"]


def test_new_op_sessions_are_distinct() -> None:
    b = Bridge()
    s1 = ok(b, {"op": "new", "game": "grit", "seed": 7})["session"]
    s2 = ok(b, {"op": "new", "game": "grit", "seed": 7, "options": {"heart_ranks": "A-9"}, "deal": None})
    assert s1 == "s1" and s2["session"] == "s2"
    assert set(s2) == {"ok", "session"}
    record = ok(b, {"op": "record", "session": "s2"})["record"]
    assert record["options"] == {"heart_ranks": "A-9"} and record["seed"] == 7


def test_new_op_with_deal_and_engine_agreement(bridge: Bridge) -> None:
    state = get_game("grit").new_game(seed=7, deal=BASIC)
    for player in (0, 1, None):
        response = ok(bridge, {"op": "view", "session": "s1", "player": player})
        assert response["view"] == state.view(player)
        assert response["to_act"] == [0] and response["over"] is False and response["outcome"] is None
    assert ok(bridge, {"op": "record", "session": "s1"})["record"] == state.record()


def test_legal_op(bridge: Bridge) -> None:
    state = get_game("grit").new_game(seed=7, deal=BASIC)
    response = ok(bridge, {"op": "legal", "session": "s1", "player": 0})
    assert response["moves"] == state.legal_moves(0)
    assert response["labels"] == [state.describe(0, m) for m in state.legal_moves(0)]
    assert ok(bridge, {"op": "legal", "session": "s1", "player": 1}) == {"ok": True, "moves": [],
                                                                         "labels": []}


def test_play_op_redacts_events_for_the_viewer(bridge: Bridge) -> None:
    response = ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 1, 1)})
    assert response["events"] == [{"type": "play", "player": 0, "card": "AS", "pile": [1, 1],
                                   "marked": False}]
    b2 = Bridge()
    ok(b2, {"op": "new", "game": "grit", "seed": 7, "deal": BASIC})
    for viewer in (1, None):
        b = Bridge()
        ok(b, {"op": "new", "game": "grit", "seed": 7, "deal": BASIC})
        response = ok(b, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 1, 1),
                          "viewer": viewer})
        assert response["events"][0]["card"] is None
        assert "AS" not in json.dumps(response)
    # the second play reveals both: public for everybody
    response = ok(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("5S", 0, 1),
                           "viewer": 0})
    assert [e["type"] for e in response["events"]] == ["play", "reveal", "round"]
    assert response["events"][0]["card"] is None
    assert {c["card"] for c in response["events"][1]["cards"]} == {"AS", "5S"}


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bot_op_plays_a_legal_move(bridge: Bridge, level: str) -> None:
    legal = ok(bridge, {"op": "legal", "session": "s1", "player": 0})["moves"]
    response = ok(bridge, {"op": "bot", "session": "s1", "player": 0, "level": level, "viewer": 0})
    assert response["move"] in legal
    record = ok(bridge, {"op": "record", "session": "s1"})["record"]
    assert record["moves"] == [[0, response["move"]]]
    assert response["events"][0]["card"] == response["move"]["card"]


def test_bot_op_default_level_and_viewer(bridge: Bridge) -> None:
    response = ok(bridge, {"op": "bot", "session": "s1", "player": 0})
    assert response["move"]["card"] is None, "default viewer is the spectator"
    assert response["events"][0]["card"] is None
    record = ok(bridge, {"op": "record", "session": "s1"})["record"]
    assert len(record["moves"]) == 1


def test_record_and_load_ops(bridge: Bridge) -> None:
    ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 1, 1, True)})
    record = ok(bridge, {"op": "record", "session": "s1"})["record"]
    assert set(record) == {"game", "version", "options", "seed", "deal", "setup", "moves"}
    loaded = ok(bridge, {"op": "load", "record": record})
    assert loaded == {"ok": True, "session": "s2"}
    state_1 = json.loads(session_state(bridge, "s1"))
    state_2 = json.loads(session_state(bridge, "s2"))
    assert state_1 == state_2
    # the loaded session is independent
    ok(bridge, {"op": "play", "session": "s2", "player": 1, "move": mv("5S", 0, 0)})
    assert json.loads(session_state(bridge, "s1")) == state_1


# --------------------------------------------------------------------------- Grit's own bad input
@pytest.mark.parametrize("options", [{"heart_ranks": "K"}, {"heart_ranks": None}, {"heart_ranks": 9},
                                     {"colour": "red"}, ["all"], "all", 3, True])
def test_bad_options(bridge: Bridge, options: Any) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "new", "game": "grit", "seed": 1, "options": options}, "bad_option")


@pytest.mark.parametrize("deal", [BASIC[:11], BASIC + ["QH"], BASIC[:11] + ["AS"], BASIC[:11] + ["KD"],
                                  "AS", 12, {"0": BASIC}, [[c] for c in BASIC], True])
def test_bad_deal(bridge: Bridge, deal: Any) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "new", "game": "grit", "seed": 1, "deal": deal}, "bad_deal")


def test_disallowed_heart_in_deal(bridge: Bridge) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "new", "game": "grit", "seed": 1, "deal": BASIC,
                       "options": {"heart_ranks": "A-9"}}, "bad_deal")


ILLEGAL: list[tuple[str, int, Any, str]] = [
    ("not your turn", 1, mv("5S", 0, 0), "not_your_turn"),
    ("not in hand", 0, mv("5S", 0, 0), "not_in_hand"),
    ("discarded card", 0, mv("KH", 0, 0), "not_in_hand"),
    ("missing key", 0, {"type": "play", "card": "AS", "pile": [0, 0]}, "malformed_move"),
    ("extra key", 0, {**mv("AS", 0, 0), "x": 1}, "malformed_move"),
    ("float pile", 0, {**mv("AS", 0, 0), "pile": [0, 1.0]}, "malformed_move"),
    ("bool pile", 0, {**mv("AS", 0, 0), "pile": [0, True]}, "malformed_move"),
    ("pile out of range", 0, mv("AS", 0, 3), "malformed_move"),
    ("unknown card", 0, mv("1S", 0, 0), "malformed_move"),
    ("marked not bool", 0, {**mv("AS", 0, 0), "marked": 0}, "malformed_move"),
    ("null move", 0, None, "malformed_move"),
    ("string move", 0, "AS", "malformed_move"),
    ("list move", 0, ["play", "AS", [0, 0], False], "malformed_move"),
]


@pytest.mark.parametrize("why,player,move,code", ILLEGAL, ids=[w for w, *_ in ILLEGAL])
def test_illegal_and_malformed_moves(bridge: Bridge, why: str, player: int, move: Any, code: str) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": player, "move": move}, code)


def test_pile_closed_and_mark_used(bridge: Bridge) -> None:
    ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 1, 1, True)})
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("5S", 1, 1)}, "pile_closed")
    ok(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("5S", 0, 1)})
    (player,) = ok(bridge, {"op": "view", "session": "s1"})["to_act"]
    assert player == 1  # player 0: 9 + 5; player 1: 10 (the marked ace counts 0)
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("6S", 1, 1)}, "pile_closed")
    ok(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("6S", 1, 2)})
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("2S", 1, 1)}, "pile_closed")
        fails(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("2S", 0, 2, True)}, "mark_used")


def play_to_the_end(bridge: Bridge, session: str = "s1") -> None:
    while not ok(bridge, {"op": "view", "session": session})["over"]:
        (player,) = ok(bridge, {"op": "view", "session": session})["to_act"]
        move = ok(bridge, {"op": "legal", "session": session, "player": player})["moves"][0]
        ok(bridge, {"op": "play", "session": session, "player": player, "move": move})


def test_game_over(bridge: Bridge) -> None:
    play_to_the_end(bridge)
    view = ok(bridge, {"op": "view", "session": "s1", "player": 0})
    assert view["over"] is True and view["to_act"] == [] and view["outcome"]["winner"] in (0, 1)
    assert view["view"]["final"]["discards"] == BASIC[10:]
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 0, 0)}, "game_over")
        assert ok(bridge, {"op": "legal", "session": "s1", "player": 0})["moves"] == []


def test_view_tells_the_outcome_from_the_asking_seat() -> None:
    """Issue 13: the result box reads the outcome the ``view`` answers, told for its ``player`` with
    the names the page gave; the spectator and the record keep the plain seats."""
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": "grit", "seed": 7, "deal": BASIC,
                          "names": ["Player 1", "the computer"]})["session"]
    play_to_the_end(bridge, session)
    outcome = bridge.sessions[session].outcome()
    assert outcome is not None
    mine = ok(bridge, {"op": "view", "session": session, "player": 0})["outcome"]
    spectator = ok(bridge, {"op": "view", "session": session})["outcome"]
    assert set(mine) == {"winner", "scores", "reason", "breakdown", "verdict"}
    assert mine["verdict"] == ("won" if outcome["winner"] == 0 else "lost")
    assert spectator["verdict"] is None
    assert mine["reason"].startswith(("You", "The computer")) and "Player" not in mine["reason"]
    assert "Player" not in mine["breakdown"] and mine["breakdown"].endswith(".")
    assert {k: mine[k] for k in ("winner", "scores")} == {k: outcome[k] for k in ("winner", "scores")}


def test_bot_on_a_finished_game_says_game_over(bridge: Bridge) -> None:
    play_to_the_end(bridge)
    with Unchanged(bridge):
        fails(bridge, {"op": "bot", "session": "s1", "player": 0}, "game_over")


def test_bot_when_not_its_turn(bridge: Bridge) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "bot", "session": "s1", "player": 1, "level": "easy"}, "not_your_turn")
        fails(bridge, {"op": "bot", "session": "s1", "player": 1, "level": "hard"}, "not_your_turn")


# --------------------------------------------------------------------------- load: bad records
def good_record(bridge: Bridge) -> dict[str, Any]:
    ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 1, 1)})
    ok(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("5S", 0, 1)})
    record: dict[str, Any] = ok(bridge, {"op": "record", "session": "s1"})["record"]
    return record


def tampered(record: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    def with_(**changes: Any) -> dict[str, Any]:
        return {**record, **changes}

    for key in ("game", "version", "options", "seed", "deal", "moves"):
        yield f"missing {key}", {k: v for k, v in record.items() if k != key}
    yield "a setup Grit does not take", with_(setup={"sheet": 1})
    yield "wrong version", with_(version=2)
    yield "version as string", with_(version="1")
    yield "version null", with_(version=None)
    yield "unknown game", with_(game="chess")
    yield "game not a string", with_(game=5)
    yield "game a list", with_(game=["grit"])
    yield "seed string", with_(seed="7")
    yield "seed float", with_(seed=7.5)
    yield "seed bool", with_(seed=True)
    yield "options list", with_(options=["all"])
    yield "options bad value", with_(options={"heart_ranks": "K"})
    yield "options unknown", with_(options={"x": 1})
    yield "deal short", with_(deal=record["deal"][:11])
    yield "deal duplicate", with_(deal=record["deal"][:11] + [record["deal"][0]])
    yield "deal string", with_(deal="AS")
    deal = list(record["deal"])
    deal[0], deal[4] = deal[4], deal[0]  # AS to player 1: player 0's first move is now impossible
    yield "deal reordered", with_(deal=deal)
    yield "moves not a list", with_(moves={"0": record["moves"][0]})
    yield "moves null", with_(moves=None)
    yield "move not a pair", with_(moves=[record["moves"][0][1]])
    yield "move triple", with_(moves=[record["moves"][0] + [0]])
    yield "move by wrong player", with_(moves=[[1, record["moves"][0][1]]])
    yield "move player string", with_(moves=[["0", record["moves"][0][1]]])
    yield "move player bool", with_(moves=[[False, record["moves"][0][1]]])
    yield "move card tampered", with_(moves=[[0, {**record["moves"][0][1], "card": "5S"}]])
    yield "move card unknown", with_(moves=[[0, {**record["moves"][0][1], "card": "ZZ"}]])
    yield "move pile tampered", with_(moves=[record["moves"][0],
                                             [1, {**record["moves"][1][1], "pile": [1, 1]}]])
    yield "move pile float", with_(moves=[[0, {**record["moves"][0][1], "pile": [1, 1.0]}]])
    yield "move duplicated", with_(moves=record["moves"] + [record["moves"][0]])
    yield "move null", with_(moves=[None])


def bad_record_cases() -> list[tuple[str, Any]]:
    b = Bridge()
    ok(b, {"op": "new", "game": "grit", "seed": 7, "deal": BASIC})
    record = good_record(b)
    return [("not an object: list", [record]), ("not an object: string", json.dumps(record)),
            ("not an object: null", None), ("not an object: number", 1)] + list(tampered(record))


BAD_RECORDS = bad_record_cases()


@pytest.mark.parametrize("why,record", BAD_RECORDS, ids=[w for w, _ in BAD_RECORDS])
def test_load_bad_record(bridge: Bridge, why: str, record: Any) -> None:
    good_record(bridge)
    with Unchanged(bridge):
        response = fails(bridge, {"op": "load", "record": record}, "bad_record")
        assert why and response["error"]["message"]


def test_load_accepts_the_untampered_record(bridge: Bridge) -> None:
    record = good_record(bridge)
    ok(bridge, {"op": "load", "record": json.loads(json.dumps(record))})


def test_load_rejects_a_null_seed(bridge: Bridge) -> None:
    record = good_record(bridge)
    with Unchanged(bridge):
        fails(bridge, {"op": "load", "record": {**record, "seed": None}}, "bad_record")


@pytest.mark.parametrize("version", [True, 1.0])
def test_load_rejects_a_coerced_version(bridge: Bridge, version: Any) -> None:
    record = good_record(bridge)
    with Unchanged(bridge):
        fails(bridge, {"op": "load", "record": {**record, "version": version}}, "bad_record")


# --------------------------------------------------------------------------- a bug inside the engine
def test_internal_error_restores_the_session(bridge: Bridge, monkeypatch: pytest.MonkeyPatch) -> None:
    ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 1, 1)})
    original = GritState._apply

    def broken(self: GritState, p: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        self.hands[p].remove(move["card"])          # half-way: the card has left the hand ...
        self.piles[0][2].append(self.piles[0][0][0])  # ... and a pile changed
        self.mark_used[p] = True
        raise RuntimeError("boom")

    before = session_state(bridge)
    monkeypatch.setattr(GritState, "_apply", broken)
    for request in ({"op": "play", "session": "s1", "player": 1, "move": mv("5S", 0, 1)},
                    {"op": "bot", "session": "s1", "player": 1, "level": "easy"},
                    {"op": "bot", "session": "s1", "player": 1, "level": "hard"}):
        response = fails(bridge, request, "internal_error")
        assert "boom" in response["error"]["message"]
        assert session_state(bridge) == before
    monkeypatch.setattr(GritState, "_apply", original)
    response = ok(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("5S", 0, 1)})
    assert [e["type"] for e in response["events"]] == ["play", "reveal", "round"]


# --------------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bot_answer_never_shows_the_bots_hidden_card(seed: int, level: str) -> None:
    """Player 0 watches player 1's bot: the answer holds no card player 0 may not see."""
    b = Bridge()
    ok(b, {"op": "new", "game": "grit", "seed": seed})
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    hand_1 = set(record["deal"][4:8])
    while not ok(b, {"op": "view", "session": "s1"})["over"]:
        (player,) = ok(b, {"op": "view", "session": "s1"})["to_act"]
        if player == 0:
            ok(b, {"op": "bot", "session": "s1", "player": 0, "level": "easy", "viewer": 0})
            continue
        response = ok(b, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 0})
        assert response["move"]["card"] is None
        assert response["events"][0]["type"] == "play" and response["events"][0]["card"] is None
        view_0 = ok(b, {"op": "view", "session": "s1", "player": 0})["view"]
        shown = {s for s in strings(response) if is_card(s)}
        assert shown <= {s for s in strings(view_0) if is_card(s)}
        if not ok(b, {"op": "view", "session": "s1"})["over"]:
            assert not shown & hand_1 - {s for s in strings(view_0) if is_card(s)}


def test_play_events_redacted_for_the_viewer_with_a_mark(bridge: Bridge) -> None:
    ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 0, 1)})
    response = ok(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("6S", 1, 2, True),
                           "viewer": 0})
    assert "6S" not in strings(response)
    assert response["events"][1]["cards"] == [{"pile": [0, 1], "card": "AS", "player": 0}]
    view_0 = ok(bridge, {"op": "view", "session": "s1", "player": 0})["view"]
    assert "6S" not in strings(view_0)
    view_1 = ok(bridge, {"op": "view", "session": "s1", "player": 1})["view"]
    assert "6S" in strings(view_1)


# --------------------------------------------------------------------------- fuzz: never raises
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8) | st.sampled_from(["s1", "s2", "grit", "easy", "hard", "AS", "play"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children,
                                                                       max_size=4),
    max_leaves=12)

requests = st.fixed_dictionaries(
    {"op": st.sampled_from(OPS) | json_values},
    optional={"session": st.sampled_from(["s1", "s2"]) | json_values,
              "player": st.sampled_from([0, 1, None]) | json_values,
              "viewer": st.sampled_from([0, 1, None]) | json_values,
              "game": st.just("grit") | json_values,
              "seed": st.integers(0, 99) | json_values,
              "options": st.just({"heart_ranks": "A-9"}) | json_values,
              "deal": st.just(BASIC) | st.permutations(BASIC) | json_values,
              "level": st.sampled_from(["easy", "hard"]) | json_values,
              "move": st.builds(mv, st.sampled_from(BASIC), st.integers(0, 1), st.integers(0, 2),
                                st.booleans()) | json_values,
              "record": json_values})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(request=requests | json_values)
def test_fuzz_handle_never_raises(request: Any) -> None:
    b = Bridge()
    ok(b, {"op": "new", "game": "grit", "seed": 7, "deal": BASIC})
    before = session_state(b)
    response = call(b, request)
    if not response["ok"] and response["error"]["code"] != "internal_error":
        assert session_state(b) == before, "a refused request changed the session"
    assert response["ok"] or response["error"]["code"] != "internal_error", response

