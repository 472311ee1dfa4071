"""The bridge's limits on what comes in (docs/bridge-limits.md, ``pygame_core.limits``): each at its edge,
and the cases issue 27 found (deep ``made`` fields, seeds past JavaScript's safe integers, echoed inputs,
huge names, long records and parties). A refusal is quick, short, names the limit and changes nothing.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from bridge_calls import Unchanged, fails, ok
from pygame_core import all_games, get_game, limits
from pygame_core import bridge as bridge_module
from pygame_core.bridge import Bridge
from pygame_core.games.tombstone.character import MADE_CHARS, MADE_DEPTH, check_sheet
from pygame_core.engine import SetupError

GAME_IDS: list[str] = [game.info.id for game in all_games()]
DOC = Path(__file__).resolve().parents[1] / "docs" / "bridge-limits.md"
QUICK_SECONDS = 0.5  # a refusal at the door, generous for a loaded machine (measured: well under 0.1 s)


def deep(levels: int) -> Any:
    value: Any = {}
    for _ in range(levels):
        value = {"x": value}
    return value


def sheet() -> dict[str, Any]:
    """A character forged by the book (its ``made`` holds the forge's record)."""
    party = get_game("tombstone_showdown").state_class.sample_setup(1, 3)
    assert isinstance(party, dict)
    return dict(party["party"][0])


def timed(bridge: Bridge, request: Any) -> tuple[dict[str, Any], float]:
    text = request if isinstance(request, str) else json.dumps(request)
    start = time.perf_counter()
    answer = json.loads(bridge.handle(text))
    return answer, time.perf_counter() - start


def refused_quickly(bridge: Bridge, request: Any, code: str) -> str:
    """The message of a refusal with ``code`` that took at most ``QUICK_SECONDS`` and quotes nothing long."""
    answer, seconds = timed(bridge, request)
    assert answer["ok"] is False and answer["error"]["code"] == code, answer
    assert seconds < QUICK_SECONDS, seconds
    message = str(answer["error"]["message"])
    assert len(message) <= 300 and not re.search("(.)\\1{%d,}" % limits.QUOTE_CHARS, message), message
    return message


@pytest.fixture
def bridge() -> Bridge:
    fresh = Bridge()
    ok(fresh, {"op": "new", "game": "knife_fight", "seed": 7})
    return fresh


def test_the_document_states_every_limit() -> None:
    text = DOC.read_text()
    for name in dir(limits):
        value = getattr(limits, name)
        if name.isupper() and isinstance(value, int):
            assert name in text, name
    for number in ("1,000,000", "16", "3,000", "100", "40", "2,000", "400", "1,000", "80", "8", "120"):
        assert number in text
    assert f"{MADE_DEPTH} deep" in text and f"{MADE_CHARS:,} characters" in text


# --- the whole request ----------------------------------------------------------------------------------
def test_a_request_past_its_size_is_refused_before_it_is_read(bridge: Bridge) -> None:
    with Unchanged(bridge):
        message = refused_quickly(bridge, {"op": "view", "session": "s1", "pad": "x" * limits.MAX_REQUEST_CHARS},
                                  "bad_request")
    assert str(limits.MAX_REQUEST_CHARS) in message


@pytest.mark.parametrize("seed", [limits.MAX_SAFE_INTEGER, -limits.MAX_SAFE_INTEGER, 0])
def test_a_safe_integer_seed_deals_and_comes_back_the_same(seed: int) -> None:
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": "grit", "seed": seed})["session"]
    assert ok(bridge, {"op": "record", "session": session})["record"]["seed"] == seed


@pytest.mark.parametrize("number", ["9007199254740992", "-9007199254740992", "18446744073709551616",
                                    "1" + "0" * 400, "1" + "0" * 5_000, "1e400", "-1e400", "NaN", "Infinity"])
def test_a_number_javascript_cannot_hold_is_refused_with_a_plain_message(number: str) -> None:
    bridge = Bridge()
    message = refused_quickly(bridge, '{"op": "new", "game": "grit", "seed": %s}' % number, "bad_request")
    assert "set_int_max_str_digits" not in message and "4300" not in message
    assert not bridge.sessions
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": "grit", "seed": 1})["session"]})
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
                          ({"op": "new", "game": "grit", "options": {"x": big}}, "bad_option"),
                          ({"op": "new", "game": "grit", "options": {"q" * 40: 1}}, "bad_option"),
                          ({"op": "new", "game": "grit", "deal": [big]}, "bad_deal"),
                          ({"op": "new", "game": "grit", "seed": big}, "bad_seed"),
                          ({"op": "load", "record": {"game": big}}, "bad_record"),
                          ({"op": "load", "record": {"game": "grit", "version": big}}, "bad_record"),
                          ({"op": "load", "record": {"game": "grit", "version": 1, "seed": [big]}}, "bad_record"),
                          ({"op": "new", "game": "knife_fight", "names": [big, "b"]}, "bad_request"),
                          ({"op": "check_result", "game": "tombstone_forge", "result": {**sheet(), "version": big}},
                           "bad_sheet"),
                          ({"op": "check_result", "game": "tombstone_forge", "result": {**sheet(), "money": big}},
                           "bad_sheet")]:
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
    answer, _ = timed(Bridge(), {"op": "new", "game": "knife_fight", "seed": 1, "names": names})
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
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": "grit", "seed": 1})["session"]})
    for count in (limits.MAX_RECORD_MOVES + 1, 10_000):
        damaged = {**record["record"], "moves": [[0, {"type": "play", "card": "AS"}]] * count}
        assert "moves" in refused_quickly(bridge, {"op": "load", "record": damaged}, "bad_record")


def test_a_record_move_past_the_move_limits_is_refused_unechoed() -> None:
    bridge = Bridge()
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": "grit", "seed": 1})["session"]})
    for move in ({"type": "play", "card": "Z" * 5_000}, deep(5), {"type": "p" * (limits.MAX_MOVE_CHARS + 1)}):
        damaged = {**record["record"], "moves": [[0, move]]}
        assert "record.moves[0]" in refused_quickly(bridge, {"op": "load", "record": damaged}, "bad_record")


def test_a_session_takes_no_move_past_what_a_record_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge_module, "MAX_RECORD_MOVES", 2)
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": "knife_fight", "seed": 4})["session"]
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


# --- Tombstone sheets and parties -------------------------------------------------------------------------
@pytest.mark.parametrize("levels", [MADE_DEPTH + 1, 490, 500])
def test_a_deep_made_field_is_refused_at_every_door(levels: int) -> None:
    bridge = Bridge()
    bad = {**sheet(), "made": deep(levels)}
    for request, code in [({"op": "new", "game": "tombstone_table", "setup": {"party": [bad]}}, "bad_setup"),
                          ({"op": "new", "game": "tombstone_showdown", "setup": {"party": [bad]}}, "bad_setup"),
                          ({"op": "check_result", "game": "tombstone_forge", "result": bad},
                           "bad_sheet" if levels < limits.MAX_DEPTH else "bad_result")]:
        message = refused_quickly(bridge, request, code)
        assert "made" in message and "deep" in message
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": "tombstone_showdown",
                                                               "seed": 2, "setup": {"party": [sheet()]}})["session"]})
    damaged = {**record["record"], "setup": {"party": [bad]}}
    assert "made" in refused_quickly(bridge, {"op": "load", "record": damaged}, "bad_record")


def test_check_sheet_bounds_made_in_depth_and_size() -> None:
    good = sheet()
    assert check_sheet(good)["made"] == good["made"]
    with pytest.raises(SetupError, match="nested"):
        check_sheet({**good, "made": deep(MADE_DEPTH)})
    with pytest.raises(SetupError, match="larger than"):
        check_sheet({**good, "made": {"notes": ["n" * 70] * (MADE_CHARS // 70)}})
    with pytest.raises(SetupError, match="text of"):
        check_sheet({**good, "made": {"note": "n" * 81}})
    with pytest.raises(SetupError, match="conditions"):
        check_sheet({**good, "conditions": ["Injured"] * 41})


@pytest.mark.parametrize("game_id, op", [("tombstone_table", "new"), ("tombstone_showdown", "new"),
                                         ("tombstone_showdown", "check_result")])
def test_a_party_of_ten_thousand_sheets_is_refused_quickly(game_id: str, op: str) -> None:
    party = {"party": [sheet()] * 10_000}
    request = {"op": op, "game": game_id, "setup" if op == "new" else "result": party}
    assert "characters long" in refused_quickly(Bridge(), request, "bad_request")


@pytest.mark.parametrize("game_id", ["tombstone_table", "tombstone_showdown"])
def test_a_party_within_the_request_size_is_refused_by_its_size_before_a_copy(game_id: str) -> None:
    bridge = Bridge()
    party = {"party": [sheet()] * 300}
    answer, seconds = timed(bridge, {"op": "new", "game": game_id, "setup": party})
    assert answer["error"] == {"code": "bad_setup", "message": answer["error"]["message"]}
    assert "not 300" in answer["error"]["message"] and seconds < 2.0
    session = ok(bridge, {"op": "new", "game": game_id, "seed": 1, "setup": {"party": [sheet()]}})["session"]
    record = ok(bridge, {"op": "record", "session": session})["record"]
    answer, seconds = timed(bridge, {"op": "load", "record": {**record, "setup": party}})
    assert answer["error"]["code"] == "bad_record" and "cannot be set up" in answer["error"]["message"]
    assert seconds < 2.0


def test_a_showdown_result_holds_at_most_its_party() -> None:
    fails(Bridge(), {"op": "check_result", "game": "tombstone_showdown", "result": {"party": [sheet()] * 4}},
          "bad_result")
    answer = ok(Bridge(), {"op": "check_result", "game": "tombstone_showdown", "result": {"party": [sheet()] * 3}})
    assert len(answer["result"]["party"]) == 3
