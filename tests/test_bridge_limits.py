"""The bridge's limits on what comes in (docs/bridge-limits.md, ``pygame_core.limits``): each at its edge,
and the cases issue 27 found (deep ``made`` fields, seeds past JavaScript's safe integers, echoed inputs,
huge names, long records and parties). A refusal is quick, short, names the limit and changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge_calls import Unchanged, deep, fails, ok, refused_quickly, timed
from pygame_core import all_games, get_game, limits
from pygame_core import bridge as bridge_module
from pygame_core.bridge import Bridge

GAME_IDS: list[str] = [game.info.id for game in all_games()]
ANY_GAME = GAME_IDS[0]
DOC = Path(__file__).resolve().parents[1] / "docs" / "bridge-limits.md"








@pytest.fixture
def bridge() -> Bridge:
    fresh = Bridge()
    ok(fresh, {"op": "new", "game": ANY_GAME, "seed": 7})
    return fresh


def test_the_document_states_every_limit() -> None:
    text = DOC.read_text()
    for name in dir(limits):
        value = getattr(limits, name)
        if name.isupper() and isinstance(value, int):
            assert name in text, name
    for number in ("1,000,000", "16", "3,000", "100", "40", "2,000", "400", "1,000", "80", "8", "120"):
        assert number in text


# --- the whole request ----------------------------------------------------------------------------------
def test_a_request_past_its_size_is_refused_before_it_is_read(bridge: Bridge) -> None:
    with Unchanged(bridge):
        message = refused_quickly(bridge, {"op": "view", "session": "s1", "pad": "x" * limits.MAX_REQUEST_CHARS},
                                  "bad_request")
    assert str(limits.MAX_REQUEST_CHARS) in message


@pytest.mark.parametrize("seed", [limits.MAX_SAFE_INTEGER, -limits.MAX_SAFE_INTEGER, 0])
def test_a_safe_integer_seed_deals_and_comes_back_the_same(seed: int) -> None:
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": ANY_GAME, "seed": seed})["session"]
    assert ok(bridge, {"op": "record", "session": session})["record"]["seed"] == seed


@pytest.mark.parametrize("number", ["9007199254740992", "-9007199254740992", "18446744073709551616",
                                    "1" + "0" * 400, "1" + "0" * 5_000, "1e400", "-1e400", "NaN", "Infinity"])
def test_a_number_javascript_cannot_hold_is_refused_with_a_plain_message(number: str) -> None:
    bridge = Bridge()
    message = refused_quickly(bridge, '{"op": "new", "game": "%s", "seed": %s}' % (ANY_GAME, number), "bad_request")
    assert "set_int_max_str_digits" not in message and "4300" not in message
    assert not bridge.sessions
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": ANY_GAME, "seed": 1})["session"]})
    text = json.dumps({"op": "load", "record": record["record"]}).replace('"seed": 1', f'"seed": {number}')
    refused_quickly(bridge, text, "bad_request")
    assert len(bridge.sessions) == 1


@pytest.mark.parametrize("levels", [490, 500, 5_000])
def test_a_deep_request_is_refused_at_the_door(bridge: Bridge, levels: int) -> None:
    with Unchanged(bridge):
        message = refused_quickly(bridge, {"op": "play", "session": "s1", "player": 0, "move": deep(levels)}
                                  if levels < 1_000 else '{"a":' * levels + "0" + "}" * levels,
                                  "malformed_move" if levels < 1_000 else "bad_json")  # past the parser's stack
    assert "deep" in message


@pytest.mark.parametrize("field, value, where", [
    ("session", "s" * (limits.MAX_STRING + 1), "session is text"),
    ("player", [0] * (limits.MAX_LIST + 1), "player holds"),
    ("viewer", {f"k{n}": 0 for n in range(limits.MAX_KEYS + 1)}, "viewer holds"),
    ("viewer", {"k" * (limits.MAX_KEY_CHARS + 1): 0}, "viewer has a name"),
])
def test_each_general_limit_names_where_it_was_passed(bridge: Bridge, field: str, value: Any, where: str) -> None:
    with Unchanged(bridge):
        assert where in refused_quickly(bridge, {"op": "view", "session": "s1", field: value}, "bad_request")


def test_at_each_general_limit_the_request_is_read() -> None:
    assert limits.tree_problem({"k" * limits.MAX_KEY_CHARS: ["s" * limits.MAX_STRING] * limits.MAX_LIST}, "x") is None
    assert limits.tree_problem(deep(limits.MAX_DEPTH - 1), "x") is None
    assert limits.tree_problem(deep(limits.MAX_DEPTH), "x") == "x" + ".x" * limits.MAX_DEPTH + \
        f" is nested {limits.MAX_DEPTH + 1} deep; at most {limits.MAX_DEPTH}."


# --- echoes ----------------------------------------------------------------------------------------------
def test_a_long_session_id_comes_back_cut(bridge: Bridge) -> None:
    message = refused_quickly(bridge, {"op": "view", "session": "y" * limits.MAX_STRING}, "unknown_session")
    assert "y" * (limits.QUOTE_CHARS - 1) + "…" in message
    refused_quickly(bridge, {"op": "view", "session": "y" * 1_000_000}, "bad_request")  # past the request's size
    refused_quickly(bridge, {"op": "view", "session": "y" * 900_000}, "bad_request")  # past a string's


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_long_card_code_or_id_in_a_move_is_refused_unechoed(game_id: str) -> None:
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": game_id, "seed": 3})["session"]
    engine_seats = get_game(game_id).info.engine_seats
    while not set(due := ok(bridge, {"op": "view", "session": session})["to_act"]) - set(engine_seats):
        ok(bridge, {"op": "auto", "session": session, "player": due[0]})  # the game's own seat first
    player = next(p for p in due if p not in engine_seats)
    move = dict(ok(bridge, {"op": "legal", "session": session, "player": player})["moves"][0])
    key = next(k for k, v in move.items() if isinstance(v, str))
    for code in ("Z" * 5_000, "Z" * (limits.MAX_MOVE_STRING + 1)):
        with Unchanged(bridge, session):
            refused_quickly(bridge, {"op": "play", "session": session, "player": player, "move": {**move, key: code}},
                            "malformed_move")


def test_every_refusal_of_the_bridge_quotes_a_cut_piece(bridge: Bridge) -> None:
    big = "q" * limits.MAX_STRING
    for request, code in [({"op": big}, "unknown_op"), ({"op": "new", "game": big}, "unknown_game"),
                          ({"op": "bot", "session": "s1", "player": 0, "level": big}, "bad_request"),
                          ({"op": "view", "session": "s1", "player": big}, "bad_player"),
                          ({"op": "bot", "session": "s1", "player": 0, "slice_ms": big}, "bad_request"),
                          ({"op": "new", "game": ANY_GAME, "options": {"x": big}}, "bad_option"),
                          ({"op": "new", "game": ANY_GAME, "options": {"q" * 40: 1}}, "bad_option"),
                          ({"op": "new", "game": ANY_GAME, "deal": [big]}, "bad_deal"),
                          ({"op": "new", "game": ANY_GAME, "seed": big}, "bad_seed"),
                          ({"op": "load", "record": {"game": big}}, "bad_record"),
                          ({"op": "load", "record": {"game": ANY_GAME, "version": big}}, "bad_record"),
                          ({"op": "load", "record": {"game": ANY_GAME, "version": 1, "seed": [big]}}, "bad_record"),
                          ({"op": "new", "game": ANY_GAME, "names": [big, "b"]}, "bad_request"),
                          ]:
        with Unchanged(bridge):
            refused_quickly(bridge, request, code)


def test_a_message_is_never_longer_than_the_last_guard(bridge: Bridge, monkeypatch: pytest.MonkeyPatch) -> None:
    state = bridge.sessions["s1"]

    def broken(player: int | None) -> Any:
        raise RuntimeError("w" * 100_000)

    monkeypatch.setattr(state, "view", broken)
    answer, _ = timed(bridge, {"op": "view", "session": "s1", "player": 0})
    assert answer["error"]["code"] == "internal_error"
    assert len(answer["error"]["message"]) <= limits.MAX_MESSAGE_CHARS
    assert limits.cut("m" * 5_000) == "m" * (limits.MAX_MESSAGE_CHARS - 1) + "…"


# --- names and the size of answers -----------------------------------------------------------------------
@pytest.mark.parametrize("names, accepted", [(["a" * limits.MAX_NAME_CHARS, "b"], True),
                                              (["a" * (limits.MAX_NAME_CHARS + 1), "b"], False),
                                              (["Ann\nBob", "b"], False), (["  ", "b"], False)])
def test_display_names_are_one_short_line(names: list[str], accepted: bool) -> None:
    answer, _ = timed(Bridge(), {"op": "new", "game": ANY_GAME, "seed": 1, "names": names})
    assert answer["ok"] is accepted, answer


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_answers_stay_small_with_the_longest_names(game_id: str) -> None:
    bridge = Bridge()
    players = get_game(game_id).info.players
    names = [chr(65 + n) * limits.MAX_NAME_CHARS for n in range(players)]
    session = ok(bridge, {"op": "new", "game": game_id, "seed": 5, "names": names})["session"]
    for _ in range(12):  # some moves, so that sentences and logs hold the names
        view = ok(bridge, {"op": "view", "session": session})
        if view["over"] or not view["to_act"]:
            break
        player = view["to_act"][0]
        if player in get_game(game_id).info.engine_seats:
            ok(bridge, {"op": "auto", "session": session, "player": player})
            continue
        legal = bridge.handle(json.dumps({"op": "legal", "session": session, "player": player}))
        assert len(legal) < 100_000
        ok(bridge, {"op": "play", "session": session, "player": player, "move": json.loads(legal)["moves"][0]})
    for player in [*range(players), None]:
        assert len(bridge.handle(json.dumps({"op": "view", "session": session, "player": player}))) < 200_000


# --- records ---------------------------------------------------------------------------------------------
def test_a_record_of_too_many_moves_is_refused_before_it_is_replayed() -> None:
    bridge = Bridge()
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": ANY_GAME, "seed": 1})["session"]})
    for count in (limits.MAX_RECORD_MOVES + 1, 10_000):
        damaged = {**record["record"], "moves": [[0, {"type": "play", "card": "AS"}]] * count}
        assert "moves" in refused_quickly(bridge, {"op": "load", "record": damaged}, "bad_record")


def test_a_record_move_past_the_move_limits_is_refused_unechoed() -> None:
    bridge = Bridge()
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": ANY_GAME, "seed": 1})["session"]})
    for move in ({"type": "play", "card": "Z" * 5_000}, deep(5), {"type": "p" * (limits.MAX_MOVE_CHARS + 1)}):
        damaged = {**record["record"], "moves": [[0, move]]}
        assert "record.moves[0]" in refused_quickly(bridge, {"op": "load", "record": damaged}, "bad_record")


def test_a_session_takes_no_move_past_what_a_record_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge_module, "MAX_RECORD_MOVES", 2)
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": ANY_GAME, "seed": 4})["session"]
    for _ in range(2):
        player = ok(bridge, {"op": "view", "session": session})["to_act"][0]
        move = ok(bridge, {"op": "legal", "session": session, "player": player})["moves"][0]
        ok(bridge, {"op": "play", "session": session, "player": player, "move": move})
    player = ok(bridge, {"op": "view", "session": session})["to_act"][0]
    move = ok(bridge, {"op": "legal", "session": session, "player": player})["moves"][0]
    with Unchanged(bridge, session):
        fails(bridge, {"op": "play", "session": session, "player": player, "move": move}, "record_full")
        fails(bridge, {"op": "bot", "session": session, "player": player}, "record_full")
    record = ok(bridge, {"op": "record", "session": session})["record"]
    ok(bridge, {"op": "load", "record": record})  # the full record still loads
