"""The JSON bridge: every op, every malformed request, errors as values, sessions left unchanged.

Each test uses a fresh ``Bridge()``; requests go in as JSON strings and responses must parse as strict
JSON (no NaN/Infinity) with ``ok`` and, on failure, ``error.code`` and a non-empty ``error.message``.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import bridge as bridge_module
from pygame_core import get_game
from pygame_core.bridge import Bridge
from pygame_core.cards import is_card
from pygame_core.games.grit import GritState

BASIC: list[str] = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KH"]
OPS = ("games", "new", "view", "legal", "play", "bot", "record", "load", "close")


# --------------------------------------------------------------------------- helpers
def _no_constants(name: str) -> Any:
    raise AssertionError(f"the response holds {name}, which is not JSON")


def parse(text: Any) -> dict[str, Any]:
    assert isinstance(text, str)
    response = json.loads(text, parse_constant=_no_constants)
    assert isinstance(response, dict) and isinstance(response.get("ok"), bool), response
    if not response["ok"]:
        assert set(response) == {"ok", "error"}
        error = response["error"]
        assert set(error) == {"code", "message"}
        assert isinstance(error["code"], str) and error["code"]
        assert isinstance(error["message"], str) and error["message"].strip()
    return response


def call(bridge: Bridge, request: Any) -> dict[str, Any]:
    """Send a request (a dict is encoded; a str is sent as it is)."""
    text = request if isinstance(request, str) else json.dumps(request)
    return parse(bridge.handle(text))


def ok(bridge: Bridge, request: Any) -> dict[str, Any]:
    response = call(bridge, request)
    assert response["ok"] is True, response
    return response


def fails(bridge: Bridge, request: Any, code: str) -> dict[str, Any]:
    response = call(bridge, request)
    assert response["ok"] is False, response
    assert response["error"]["code"] == code, response
    return response


def session_state(bridge: Bridge, session: str = "s1") -> str:
    """Everything the bridge tells about a session, as one string."""
    parts = [ok(bridge, {"op": "record", "session": session})]
    for player in (0, 1, None):
        parts.append(ok(bridge, {"op": "view", "session": session, "player": player}))
    for player in (0, 1):
        parts.append(ok(bridge, {"op": "legal", "session": session, "player": player}))
    return json.dumps(parts, sort_keys=True)


def mv(card: str, owner: int, index: int, marked: bool = False) -> dict[str, Any]:
    return {"type": "play", "card": card, "pile": [owner, index], "marked": marked}


@pytest.fixture
def bridge() -> Bridge:
    """A fresh bridge with session s1: the BASIC deal, player 0 to act (9 against 10)."""
    fresh = Bridge()
    assert ok(fresh, {"op": "new", "game": "grit", "seed": 7, "deal": BASIC})["session"] == "s1"
    return fresh


class Unchanged:
    """``with Unchanged(bridge):`` asserts the session and the session list are untouched."""

    def __init__(self, bridge: Bridge, session: str = "s1") -> None:
        self.bridge, self.session = bridge, session

    def __enter__(self) -> "Unchanged":
        self.before = session_state(self.bridge, self.session)
        self.sessions = sorted(self.bridge.sessions)
        return self

    def __exit__(self, *exc: Any) -> None:
        if exc[0] is None:
            assert session_state(self.bridge, self.session) == self.before
            assert sorted(self.bridge.sessions) == self.sessions


# --------------------------------------------------------------------------- every op, happy paths
def test_games_op() -> None:
    response = ok(Bridge(), {"op": "games"})
    games = {g["id"]: g for g in response["games"]}
    assert "grit" in games
    grit = games["grit"]
    assert grit == get_game("grit").info.to_json()
    assert grit["players"] == 2 and grit["hidden_info"] is True and grit["simultaneous"] is False
    assert grit["options"][0]["name"] == "heart_ranks" and grit["options"][0]["default"] == "all"
    assert "easy" in grit["levels"] and "hard" in grit["levels"]


def test_new_op_sessions_are_distinct() -> None:
    b = Bridge()
    s1 = ok(b, {"op": "new", "game": "grit", "seed": 7})["session"]
    s2 = ok(b, {"op": "new", "game": "grit", "seed": 7, "options": {"heart_ranks": "A-9"}, "deal": None})
    assert s1 == "s1" and s2["session"] == "s2"
    assert set(s2) == {"ok", "session"}
    record = ok(b, {"op": "record", "session": "s2"})["record"]
    assert record["options"] == {"heart_ranks": "A-9"} and record["seed"] == 7


def test_new_op_seed_null_or_missing_picks_a_seed() -> None:
    b = Bridge()
    for request in ({"op": "new", "game": "grit"}, {"op": "new", "game": "grit", "seed": None}):
        session = ok(b, request)["session"]
        seed = ok(b, {"op": "record", "session": session})["record"]["seed"]
        assert isinstance(seed, int) and not isinstance(seed, bool)


def test_new_op_with_deal_and_engine_agreement(bridge: Bridge) -> None:
    state = get_game("grit").new_game(seed=7, deal=BASIC)
    for player in (0, 1, None):
        response = ok(bridge, {"op": "view", "session": "s1", "player": player})
        assert response["view"] == state.view(player)
        assert response["to_act"] == [0] and response["over"] is False and response["outcome"] is None
    assert ok(bridge, {"op": "record", "session": "s1"})["record"] == state.record()


def test_view_op_without_player_is_the_spectator(bridge: Bridge) -> None:
    response = ok(bridge, {"op": "view", "session": "s1"})
    assert response["view"]["viewer"] is None and response["view"]["hand"] is None


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


def test_bot_op_is_deterministic_per_session_seed() -> None:
    moves = []
    for _ in range(2):
        b = Bridge()
        ok(b, {"op": "new", "game": "grit", "seed": 11})
        while not ok(b, {"op": "view", "session": "s1"})["over"]:
            (player,) = ok(b, {"op": "view", "session": "s1"})["to_act"]
            ok(b, {"op": "bot", "session": "s1", "player": player, "level": "easy"})
        moves.append(ok(b, {"op": "record", "session": "s1"})["record"]["moves"])
    assert moves[0] == moves[1] and len(moves[0]) == 8


def test_record_and_load_ops(bridge: Bridge) -> None:
    ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 1, 1, True)})
    record = ok(bridge, {"op": "record", "session": "s1"})["record"]
    assert set(record) == {"game", "version", "options", "seed", "deal", "moves"}
    loaded = ok(bridge, {"op": "load", "record": record})
    assert loaded == {"ok": True, "session": "s2"}
    state_1 = json.loads(session_state(bridge, "s1"))
    state_2 = json.loads(session_state(bridge, "s2"))
    assert state_1 == state_2
    # the loaded session is independent
    ok(bridge, {"op": "play", "session": "s2", "player": 1, "move": mv("5S", 0, 0)})
    assert json.loads(session_state(bridge, "s1")) == state_1


def test_close_op(bridge: Bridge) -> None:
    assert ok(bridge, {"op": "close", "session": "s1"}) == {"ok": True}
    for op in ("view", "legal", "record", "close"):
        fails(bridge, {"op": op, "session": "s1", "player": 0}, "unknown_session")
    fails(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 0, 0)}, "unknown_session")
    fails(bridge, {"op": "bot", "session": "s1", "player": 0}, "unknown_session")
    assert ok(bridge, {"op": "new", "game": "grit", "seed": 1})["session"] == "s2", "ids are not reused"


def test_oldest_sessions_are_dropped_beyond_the_limit() -> None:
    b = Bridge()
    for _ in range(bridge_module.MAX_SESSIONS + 3):
        ok(b, {"op": "new", "game": "grit", "seed": 1})
    assert len(b.sessions) == bridge_module.MAX_SESSIONS
    fails(b, {"op": "view", "session": "s1"}, "unknown_session")
    ok(b, {"op": "view", "session": f"s{bridge_module.MAX_SESSIONS + 3}"})
    ok(b, {"op": "view", "session": "s4"})


def test_module_level_handle() -> None:
    response = parse(bridge_module.handle(json.dumps({"op": "games"})))
    assert response["ok"] is True


# --------------------------------------------------------------------------- malformed requests
@pytest.mark.parametrize("text", ["", "{", "nul", "{'op': 'games'}", "{\"op\": \"games\",}", "op=games",
                                  "\x00", "{\"op\": \"games\"} trailing"])
def test_not_json(bridge: Bridge, text: str) -> None:
    with Unchanged(bridge):
        fails(bridge, text, "bad_json")


@pytest.mark.parametrize("text", ["[]", "1", "\"games\"", "null", "true", "[{\"op\": \"games\"}]", "1.5"])
def test_json_but_not_an_object(bridge: Bridge, text: str) -> None:
    with Unchanged(bridge):
        fails(bridge, text, "bad_request")


@pytest.mark.parametrize("value", [None, b"{\"op\": \"games\"}", 5, {"op": "games"}, ["games"]])
def test_request_not_a_string(bridge: Bridge, value: Any) -> None:
    with Unchanged(bridge):
        parse(bridge.handle(value))
        assert parse(bridge.handle(value))["error"]["code"] == "bad_request"


@pytest.mark.parametrize("request_", [{}, {"op": "fly"}, {"op": ""}, {"op": "GAMES"}, {"op": 1},
                                      {"op": None}, {"op": ["new"]}, {"op": {"x": 1}}, {"op": True},
                                      {"op": "__init__"}, {"op": "op_games"}, {"session": "s1"}])
def test_missing_or_unknown_op(bridge: Bridge, request_: dict[str, Any]) -> None:
    with Unchanged(bridge):
        fails(bridge, request_, "unknown_op")


@pytest.mark.parametrize("game", ["chess", "Grit", "", "grit "])
def test_unknown_game(bridge: Bridge, game: str) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "new", "game": game, "seed": 1}, "unknown_game")


@pytest.mark.parametrize("game", [None, 1, ["grit"], {"id": "grit"}, True])
def test_game_not_a_string(bridge: Bridge, game: Any) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "new", "game": game, "seed": 1}, "bad_request")
        fails(bridge, {"op": "new", "seed": 1}, "bad_request")


@pytest.mark.parametrize("seed", ["7", 7.0, 7.5, True, False, [7], {"seed": 7}, 1e300])
def test_bad_seed(bridge: Bridge, seed: Any) -> None:
    """A seed that is not a whole number is refused with the engine's own code."""
    with Unchanged(bridge):
        response = fails(bridge, {"op": "new", "game": "grit", "seed": seed}, "bad_seed")
        assert "seed" in response["error"]["message"]


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


@pytest.mark.parametrize("op", ["view", "legal", "play", "bot", "record", "close"])
@pytest.mark.parametrize("session", ["s2", "s0", "S1", "", "s1 "])
def test_unknown_session(bridge: Bridge, op: str, session: str) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": op, "session": session, "player": 0, "move": mv("AS", 0, 0)}, "unknown_session")


@pytest.mark.parametrize("op", ["view", "legal", "play", "bot", "record", "close"])
@pytest.mark.parametrize("session", [1, None, ["s1"], {"id": "s1"}, True, "missing"])
def test_session_of_the_wrong_type(bridge: Bridge, op: str, session: Any) -> None:
    request: dict[str, Any] = {"op": op, "player": 0, "move": mv("AS", 0, 0)}
    if session != "missing":
        request["session"] = session
    with Unchanged(bridge):
        fails(bridge, request, "bad_request")


BAD_PLAYERS: list[Any] = ["missing", -1, 2, "0", True, False, 0.0, 1.0, None, [0]]


@pytest.mark.parametrize("player", BAD_PLAYERS)
@pytest.mark.parametrize("op", ["legal", "play", "bot"])
def test_bad_player(bridge: Bridge, op: str, player: Any) -> None:
    request: dict[str, Any] = {"op": op, "session": "s1", "move": mv("AS", 0, 0), "level": "easy"}
    if player != "missing":
        request["player"] = player
    with Unchanged(bridge):
        fails(bridge, request, "bad_player")


@pytest.mark.parametrize("player", [-1, 2, "0", True, False, 0.0, [0]])
def test_bad_player_for_view(bridge: Bridge, player: Any) -> None:
    """``view`` takes a missing or null player as the spectator; anything else must be 0 or 1."""
    with Unchanged(bridge):
        fails(bridge, {"op": "view", "session": "s1", "player": player}, "bad_player")


@pytest.mark.parametrize("viewer", [-1, 2, "0", True, 0.0])
@pytest.mark.parametrize("op", ["play", "bot"])
def test_bad_viewer_plays_nothing(bridge: Bridge, op: str, viewer: Any) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": op, "session": "s1", "player": 0, "move": mv("AS", 0, 0), "viewer": viewer},
              "bad_player")


def test_play_without_move(bridge: Bridge) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": 0}, "bad_request")


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


def test_bot_on_a_finished_game_says_game_over(bridge: Bridge) -> None:
    play_to_the_end(bridge)
    with Unchanged(bridge):
        fails(bridge, {"op": "bot", "session": "s1", "player": 0}, "game_over")


@pytest.mark.parametrize("level", ["medium", "HARD", "", None, 1, ["easy"], {"level": "easy"}])
def test_bot_unknown_level(bridge: Bridge, level: Any) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "bot", "session": "s1", "player": 0, "level": level}, "bad_request")


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


def test_load_without_record(bridge: Bridge) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "load"}, "bad_request")


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


def test_internal_error_in_a_read_op(bridge: Bridge, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: GritState, p: int | None) -> dict[str, Any]:
        raise KeyError("oops")

    before = session_state(bridge)
    monkeypatch.setattr(GritState, "view", broken)
    fails(bridge, {"op": "view", "session": "s1", "player": 0}, "internal_error")
    monkeypatch.undo()
    assert session_state(bridge) == before


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
        shown = {s for s in _strings(response) if is_card(s)}
        assert shown <= {s for s in _strings(view_0) if is_card(s)}
        if not ok(b, {"op": "view", "session": "s1"})["over"]:
            assert not shown & hand_1 - {s for s in _strings(view_0) if is_card(s)}


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(_strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_strings(v) for v in value))
    return set()


def test_play_events_redacted_for_the_viewer_with_a_mark(bridge: Bridge) -> None:
    ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": mv("AS", 0, 1)})
    response = ok(bridge, {"op": "play", "session": "s1", "player": 1, "move": mv("6S", 1, 2, True),
                           "viewer": 0})
    assert "6S" not in _strings(response)
    assert response["events"][1]["cards"] == [{"pile": [0, 1], "card": "AS", "player": 0}]
    view_0 = ok(bridge, {"op": "view", "session": "s1", "player": 0})["view"]
    assert "6S" not in _strings(view_0)
    view_1 = ok(bridge, {"op": "view", "session": "s1", "player": 1})["view"]
    assert "6S" in _strings(view_1)


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


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=40) | st.binary(max_size=20).map(lambda b: b.decode("latin-1")))
def test_fuzz_raw_text(text: str) -> None:
    response = parse(Bridge().handle(text))
    if not response["ok"]:
        assert response["error"]["code"] in {"bad_json", "bad_request", "unknown_op", "unknown_game",
                                             "bad_option", "bad_deal"}


def test_deeply_nested_request_does_not_raise() -> None:
    response = parse(Bridge().handle("[" * 100000 + "]" * 100000))
    assert response["ok"] is False


def test_deeply_nested_request_is_a_bad_request() -> None:
    response = parse(Bridge().handle("[" * 100000 + "]" * 100000))
    assert response["error"]["code"] in {"bad_json", "bad_request"}


# --------------------------------------------------------------------------- Knife Fight: simultaneous commits
RED: list[str] = [r + s for s in "HD" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
BLACK: list[str] = [r + s for s in "SC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def kf_deal(top0: list[str], top1: list[str]) -> dict[str, list[str]]:
    """Knife Fight halves with ``top0``/``top1`` on top of the red/black decks (KNIFE-1)."""
    return {"0": top0 + [c for c in RED + ["RJ"] if c not in top0],
            "1": top1 + [c for c in BLACK + ["BJ"] if c not in top1]}


def kf_bridge(top0: list[str], top1: list[str]) -> Bridge:
    b = Bridge()
    assert ok(b, {"op": "new", "game": "knife_fight", "seed": 3, "deal": kf_deal(top0, top1)})["session"] == "s1"
    return b


def kf_play(card: str) -> dict[str, str]:
    return {"type": "play", "card": card}


def test_knife_fight_simultaneous_flow() -> None:
    b = kf_bridge(["3H", "8H", "9H"], ["7S", "8S", "9S"])
    for player in (0, 1, None):
        assert ok(b, {"op": "view", "session": "s1", "player": player})["to_act"] == [0, 1]
    assert [m["card"] for m in ok(b, {"op": "legal", "session": "s1", "player": 1})["moves"]] == ["7S", "8S", "9S"]
    response = ok(b, {"op": "play", "session": "s1", "player": 0, "move": kf_play("3H")})
    assert response["events"] == [{"type": "commit", "player": 0, "card": "3H"}], "the committer sees it"
    view_0 = ok(b, {"op": "view", "session": "s1", "player": 0})
    assert view_0["to_act"] == [1] and view_0["view"]["my_commit"] == "3H"
    for viewer in (1, None):
        view = ok(b, {"op": "view", "session": "s1", "player": viewer})
        assert view["to_act"] == [1] and view["view"]["committed"] == [True, False]
        assert "3H" not in _strings(view)
    assert ok(b, {"op": "legal", "session": "s1", "player": 0}) == {"ok": True, "moves": [], "labels": []}
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": kf_play("8H")}, "not_your_turn")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": kf_play("3H")}, "not_in_hand")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "follow_up", "card": "7S"}},
              "malformed_move")
    response = ok(b, {"op": "play", "session": "s1", "player": 1, "move": kf_play("7S")})
    types = [e["type"] for e in response["events"]]
    assert types[:2] == ["commit", "reveal"] and types[-1] == "round"
    assert response["events"][1]["cards"] == ["3H", "7S"]
    assert {"type": "damage", "player": 1, "card": "3H"} in response["events"]
    view = ok(b, {"op": "view", "session": "s1", "player": None})
    assert view["to_act"] == [0, 1] and view["view"]["damage"] == [[], ["3H"]]


@pytest.mark.parametrize("viewer", [1, None])
def test_knife_fight_first_commit_is_hidden_from_the_other_viewers(viewer: int | None) -> None:
    b = kf_bridge(["3H", "8H", "9H"], ["7S", "8S", "9S"])
    response = ok(b, {"op": "play", "session": "s1", "player": 0, "move": kf_play("3H"), "viewer": viewer})
    assert response["events"] == [{"type": "commit", "player": 0, "card": None}]
    assert "3H" not in _strings(response)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_knife_fight_bot_commit_is_redacted_for_the_viewer(level: str) -> None:
    b = kf_bridge(["3H", "8H", "9H"], ["7S", "8S", "9S"])
    response = ok(b, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 0})
    assert response["move"] == {"type": "play", "card": None}
    assert response["events"] == [{"type": "commit", "player": 1, "card": None}]
    assert not {"7S", "8S", "9S"} & _strings(response)
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    (bot_move,) = record["moves"]
    assert bot_move[0] == 1 and bot_move[1]["card"] in ("7S", "8S", "9S")
    assert ok(b, {"op": "view", "session": "s1", "player": 0})["to_act"] == [0]
    # the bot's own seat sees its move in full
    b2 = kf_bridge(["3H", "8H", "9H"], ["7S", "8S", "9S"])
    response = ok(b2, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 1})
    assert response["move"] == bot_move[1] and response["events"][0]["card"] == bot_move[1]["card"]
    # the reveal shows it to everybody once the other commit is in
    response = ok(b, {"op": "play", "session": "s1", "player": 0, "move": kf_play("8H")})
    assert response["events"][1] == {"type": "reveal", "cards": ["8H", bot_move[1]["card"]]}
    # committing second, the bot's commit event stays hidden but the reveal shows its card
    b3 = kf_bridge(["3H", "8H", "9H"], ["7S", "8S", "9S"])
    ok(b3, {"op": "play", "session": "s1", "player": 0, "move": kf_play("8H")})
    response = ok(b3, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 0})
    assert response["events"][0] == {"type": "commit", "player": 1, "card": None}
    assert response["events"][1]["type"] == "reveal" and response["events"][1]["cards"][1] in ("7S", "8S", "9S")


def test_knife_fight_both_kings_follow_ups_through_the_bridge() -> None:
    b = kf_bridge(["KH", "4H", "KD"], ["KS", "6S", "QS"])
    ok(b, {"op": "play", "session": "s1", "player": 0, "move": kf_play("KH")})
    ok(b, {"op": "play", "session": "s1", "player": 1, "move": kf_play("KS")})
    assert ok(b, {"op": "view", "session": "s1"})["to_act"] == [0, 1]
    response = ok(b, {"op": "bot", "session": "s1", "player": 1, "level": "hard", "viewer": 0})
    assert response["move"] == {"type": "follow_up", "card": None}
    assert response["events"] == [{"type": "follow_up", "player": 1, "card": None, "hidden": True}]
    hidden = ok(b, {"op": "record", "session": "s1"})["record"]["moves"][-1][1]["card"]
    assert hidden in ("6S", "QS")
    for viewer in (0, None):
        assert hidden not in _strings(ok(b, {"op": "view", "session": "s1", "player": viewer}))
    response = ok(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "follow_up", "card": "4H"},
                      "viewer": None})
    assert {"type": "reveal_follow_ups", "cards": ["4H", hidden]} in response["events"]


def test_knife_fight_record_and_load_mid_commit() -> None:
    b = kf_bridge(["3H", "8H", "9H"], ["7S", "8S", "9S"])
    ok(b, {"op": "play", "session": "s1", "player": 1, "move": kf_play("9S")})
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert ok(b, {"op": "load", "record": record})["session"] == "s2"
    assert json.loads(session_state(b, "s1")) == json.loads(session_state(b, "s2"))
    assert ok(b, {"op": "view", "session": "s2", "player": 0})["to_act"] == [0]
    response = ok(b, {"op": "play", "session": "s2", "player": 0, "move": kf_play("8H")})
    assert response["events"][1] == {"type": "reveal", "cards": ["8H", "9S"]}


# --------------------------------------------------------------------------- grow21: a whole game with a split choice
G21_RED: list[str] = ["KH", "2H", "3H", "2D", "3D", "8H"]
G21_BLACK: list[str] = ["5S", "4S", "3S", "2S", "6S"]
# GROW-6: red's K and 2 (changed to 3, 2, 3) between two black pairs and a lone black 6; red's 8 at
# (0, 1) makes 21 and leaves two tied parts of two cells each: red chooses which survives
G21_OPENING: list[tuple[int, dict[str, Any]]] = [
    (0, {"type": "place", "at": [0, 0]}), (1, {"type": "place", "at": [-1, 0]}),
    (0, {"type": "place", "at": [0, -1]}), (1, {"type": "place", "at": [-1, -1]}),
    (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [1, 0]}),
    (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [1, 1]}),
    (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [0, -2]})]


def g21_deal() -> dict[str, list[str]]:
    return {"red": G21_RED + [c for c in RED if c not in G21_RED],
            "black": G21_BLACK + [c for c in BLACK if c not in G21_BLACK]}


def test_grow21_game_through_the_bridge_with_a_keep() -> None:
    b = Bridge()
    games = {g["id"]: g for g in ok(b, {"op": "games"})["games"]}
    assert games["grow21"] == get_game("grow21").info.to_json()
    assert games["grow21"]["players"] == 2 and games["grow21"]["simultaneous"] is False
    assert ok(b, {"op": "new", "game": "grow21", "seed": 5, "deal": g21_deal()})["session"] == "s1"
    for player in (0, 1, None):
        response = ok(b, {"op": "view", "session": "s1", "player": player})
        assert response["to_act"] == [0] and response["view"]["current"] == "KH"
        assert response["view"]["decks"] == [26, 26] and response["over"] is False
    assert ok(b, {"op": "legal", "session": "s1", "player": 0}) == {
        "ok": True, "moves": [{"type": "place", "at": [0, 0]}], "labels": ["Place K♥ at (0, 0)"],
        "previews": [{"cells": [[0, 0]], "values": [10], "scores": False}]}
    for player, move in G21_OPENING:
        response = ok(b, {"op": "play", "session": "s1", "player": player, "move": move})
        assert response["events"][0]["type"] == move["type"]
    legal = ok(b, {"op": "legal", "session": "s1", "player": 0})
    winning = [(m["at"], preview) for m, preview in zip(legal["moves"], legal["previews"]) if preview["scores"]]
    assert winning == [([0, 1], {"cells": [[0, -1], [0, 0], [0, 1]], "values": [21], "scores": True}),
                       ([1, -1], {"cells": [[0, -1], [0, 0], [1, -1]], "values": [21], "scores": True})]
    assert legal["previews"][-1] == {"cells": [[0, -1], [0, 0]], "values": [11], "scores": False}  # 8 on the K
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "place", "at": [0, 1]}},
              "not_your_turn")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "change", "at": [1, 0]}},
              "bad_change")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "place", "at": [0, 1.0]}},
              "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "keep", "at": [0, 1]}},
              "nothing_to_keep")
    response = ok(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "place", "at": [0, 1]},
                      "viewer": 1})
    assert [e["type"] for e in response["events"]] == ["place", "remove", "split"]
    assert response["events"][1]["cards"] == ["2H", "3H", "2D", "3D", "KH", "8H"]
    view = ok(b, {"op": "view", "session": "s1", "player": 1})
    assert view["to_act"] == [0] and view["view"]["phase"] == "keep" and view["view"]["scores"] == [10, 0]
    assert view["view"]["current"] is None
    legal = ok(b, {"op": "legal", "session": "s1", "player": 0})
    assert legal["moves"] == [{"type": "keep", "at": [-1, -1]}, {"type": "keep", "at": [1, 0]}]
    assert legal["labels"] == ["Keep the part of the board with the card at (-1, -1)",
                               "Keep the part of the board with the card at (1, 0)"]
    assert legal["previews"] == [
        {"keeps": [[-1, -1], [-1, 0]], "discards": [[0, -2], [1, 0], [1, 1]]},
        {"keeps": [[1, 0], [1, 1]], "discards": [[-1, -1], [-1, 0], [0, -2]]}]
    assert ok(b, {"op": "legal", "session": "s1", "player": 1})["moves"] == []
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "place", "at": [2, 0]}},
              "keep_first")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "keep", "at": [0, -2]}},
              "not_a_part")
        fails(b, {"op": "bot", "session": "s1", "player": 1, "level": "hard"}, "not_your_turn")
    # saved and loaded during the choice
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert ok(b, {"op": "load", "record": record})["session"] == "s2"
    assert json.loads(session_state(b, "s1")) == json.loads(session_state(b, "s2"))
    ok(b, {"op": "close", "session": "s2"})
    # the hard bot makes the choice, then bots finish the game
    response = ok(b, {"op": "bot", "session": "s1", "player": 0, "level": "hard", "viewer": 1})
    assert response["move"] in legal["moves"]
    assert [e["type"] for e in response["events"]] == ["keep", "turn"]
    assert ok(b, {"op": "view", "session": "s1"})["view"]["phase"] == "play"
    levels = {0: "hard", 1: "easy"}
    for _ in range(60):
        view = ok(b, {"op": "view", "session": "s1"})
        if view["over"]:
            break
        (player,) = view["to_act"]
        ok(b, {"op": "bot", "session": "s1", "player": player, "level": levels[player], "viewer": None})
    final = ok(b, {"op": "view", "session": "s1", "player": 0})
    assert final["over"] is True and final["to_act"] == [] and final["view"]["phase"] == "over"
    assert final["outcome"] == final["view"]["final"]["outcome"] and final["outcome"]["winner"] in (0, 1, None)
    assert final["view"]["decks"] == [0, 0]
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert len([m for _, m in record["moves"] if m["type"] != "keep"]) == 52
    loaded = ok(b, {"op": "load", "record": record})["session"]
    assert ok(b, {"op": "view", "session": loaded})["outcome"] == final["outcome"]
    with Unchanged(b):
        fails(b, {"op": "bot", "session": "s1", "player": 0, "level": "hard"}, "game_over")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "place", "at": [0, 0]}},
              "game_over")


@pytest.mark.parametrize("deal", [
    {"red": RED, "black": BLACK[:-1]}, {"red": BLACK, "black": RED}, [RED, BLACK], {}, "AH"])
def test_grow21_bad_deal(deal: Any) -> None:
    b = Bridge()
    fails(b, {"op": "new", "game": "grow21", "seed": 1, "deal": deal}, "bad_deal")
    assert b.sessions == {}
