"""The character forge through the bridge's JSON (``pygame_core.bridge``): a whole forge by requests,
the labels the page shows, a written name, the outcome with the sheet, record and load, refusals
that change nothing, and the ``check_result`` op that imports a sheet (TOMB-2, TS-4..TS-8)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bridge_calls import Unchanged, call, fails, ok, strings
from pygame_core import State, all_games
from pygame_core.bridge import Bridge
from pygame_core.games.tombstone.fate import full_deck

GAME_ID = "tombstone_forge"
TOP = ["BJ", "2S", "3S", "RJ", "4C", "5C", "6D", "7H", "8H", "9S", "KD"]
DEAL = [*TOP, *(c for c in full_deck() if c not in TOP)]
DRAW: dict[str, Any] = {"type": "draw"}
ACCEPT: dict[str, Any] = {"type": "accept"}


def forge_bridge(deal: list[str] | None = DEAL, seed: int = 3) -> Bridge:
    b = Bridge()
    request: dict[str, Any] = {"op": "new", "game": GAME_ID, "seed": seed}
    if deal is not None:
        request["deal"] = deal
    assert ok(b, request)["session"] == "s1"
    return b


def play(b: Bridge, move: dict[str, Any], session: str = "s1") -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = ok(b, {"op": "play", "session": session, "player": 0, "move": move})["events"]
    return events


def view(b: Bridge, session: str = "s1", player: int | None = 0) -> dict[str, Any]:
    return ok(b, {"op": "view", "session": session, "player": player})


def legal(b: Bridge, session: str = "s1") -> dict[str, Any]:
    return ok(b, {"op": "legal", "session": session, "player": 0})


def test_the_forge_is_listed_with_no_levels() -> None:
    games = {g["id"]: g for g in ok(Bridge(), {"op": "games"})["games"]}
    info = games[GAME_ID]
    assert info["players"] == 1 and info["modes"] == ["solo"] and info["hidden_info"] is True
    assert "CC-BY-SA 4.0" in info["credit"]


def test_a_whole_forge_through_the_bridge() -> None:
    b = forge_bridge()
    first = view(b)
    assert first["to_act"] == [0] and first["over"] is False and first["outcome"] is None
    assert first["view"]["phase"] == "stats" and first["view"]["deck"] == 54
    assert view(b, player=None)["view"] == first["view"], "the spectator sees what the participant sees"
    assert not set(DEAL) & strings(first), "no card is shown before it is drawn"
    assert legal(b) == {"ok": True, "moves": [DRAW], "labels": ["Draw the abilities"]}

    events = play(b, DRAW)
    assert [e["type"] for e in events] == ["aside", "aside", "drew"]
    shown = view(b)
    assert shown["view"]["offer"]["cards"] == ["2S", "3S", "4C", "5C", "6D", "7H", "8H"]
    assert strings(shown) & set(DEAL) == {"BJ", "RJ", "2S", "3S", "4C", "5C", "6D", "7H", "8H"}
    assert legal(b)["labels"] == ["Keep these abilities", "Draw the abilities again"]
    play(b, ACCEPT)

    moves = legal(b)
    assert moves["moves"][-1] == {"type": "roll_name", "column": "random"}
    assert moves["labels"] == ["Roll 2d6 for Men's names", "Roll 2d6 for Women's names",
                               "Roll 2d6 for Rootin' tootin' names", "Roll 2d6 on a random column"]
    play(b, {"type": "roll_name", "column": "female"})
    assert legal(b)["labels"][0] == "Keep this name"
    play(b, {"type": "write", "text": "Calamity"})  # written over the roll: final at once (TS-7)
    assert view(b)["view"]["phase"] == "background" and view(b)["view"]["sheet"]["name"] == "Calamity"

    play(b, DRAW)
    assert view(b)["view"]["offer"]["background"] == "Pickpocket"
    play(b, ACCEPT)
    play(b, DRAW)
    labels = legal(b)["labels"]
    assert labels[:3] == ["Keep these traits", "Draw the traits again", "Draw the physique again"]
    play(b, {"type": "draw", "trait": "face"})
    play(b, ACCEPT)

    gear = legal(b)
    assert gear["labels"][0] == "Done: the character is ready"
    assert "Take the Rancher package ($3)" in gear["labels"]
    assert "Buy revolver for $3" in gear["labels"]
    play(b, {"type": "buy", "item": "revolver"})
    assert "Return the revolver for $3" in legal(b)["labels"]
    assert view(b)["view"]["sheet"]["money_label"] == "$7"
    play(b, ACCEPT)

    done = view(b)
    assert done["over"] is True and done["to_act"] == [] and legal(b)["moves"] == []
    outcome = done["outcome"]
    sheet = outcome["result"]
    assert outcome["winner"] is None and outcome["scores"] == [3]
    assert outcome["reason"] == "Calamity the Pickpocket is ready to ride."
    assert sheet["name"] == "Calamity" and sheet["made"]["by_the_book"] is False
    assert sheet["made"]["redraws"]["traits"] == 1 and sheet["made"]["written"] == ["name"]
    assert [i["id"] for i in sheet["inventory"]] == ["rations", "torch", "revolver"]
    # the sheet goes out and comes back in unchanged; forged from a stacked deck, it proves nothing (TS-18)
    answer = ok(b, {"op": "check_result", "game": GAME_ID, "result": sheet})
    assert answer["result"] == sheet and answer["provenance"]["word"] == "imported"
    assert answer["provenance"]["reason"].startswith("Its forge record replays to another character")

    # record and load: the same forge, the same view, in a new session
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert record["game"] == GAME_ID and record["deal"] == DEAL and len(record["moves"]) == 11
    session = ok(b, {"op": "load", "record": json.loads(json.dumps(record))})["session"]
    assert view(b, session) == done
    share = ok(b, {"op": "share", "session": "s1"})["share"]
    assert share == {"game": GAME_ID, "seed": 3, "options": {}, "deal": DEAL}


def test_a_record_saved_mid_forge_resumes() -> None:
    b = forge_bridge(deal=None, seed=21)
    for move in (DRAW, DRAW, ACCEPT, {"type": "roll_name", "column": "random"}):
        play(b, move)
    fails(b, {"op": "share", "session": "s1"}, "not_over")
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    session = ok(b, {"op": "load", "record": record})["session"]
    assert view(b, session) == view(b) and legal(b, session) == legal(b)
    play(b, ACCEPT, session)
    assert view(b, session)["view"]["phase"] == "background" and view(b)["view"]["phase"] == "name"


def test_illegal_moves_answer_ok_false_and_change_nothing() -> None:
    b = forge_bridge()
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": ACCEPT}, "nothing_drawn")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "roll_name", "column": "male"}},
              "not_now")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "dance"}}, "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": "draw"}, "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": DRAW}, "bad_player")
        fails(b, {"op": "play", "session": "s1", "player": 0}, "bad_request")
        fails(b, {"op": "bot", "session": "s1", "player": 0}, "bad_request")  # no computer levels
        fails(b, {"op": "auto", "session": "s1", "player": 0}, "not_engine_seat")
    play(b, DRAW)
    play(b, ACCEPT)
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "write", "text": ""}}, "bad_text")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "write", "text": "A\nB"}},
              "bad_text")
    for move in ({"type": "roll_name", "column": "male"}, ACCEPT, DRAW, ACCEPT, DRAW, ACCEPT):
        play(b, move)
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "buy", "item": "spyglass"}},
              "too_dear")
    play(b, {"type": "package", "archetype": "prospector"})
    with Unchanged(b):  # the Prospector's package lists no dollars (TS-8): the shop is open, the purse empty
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "buy", "item": "crowbar"}},
              "too_dear")
    play(b, {"type": "package", "archetype": "outlaw"})
    assert play(b, {"type": "buy", "item": "dormitory"}) == [  # TS-8: the package's $2; TS-25: board on the sheet
        {"type": "bought", "item": "dormitory", "price": 100, "full": False}]
    sheet = view(b)["view"]["sheet"]
    assert sheet["board"] == {"id": "dormitory", "name": "Bed in a dormitory", "weeks": 1} and sheet["money"] == 100
    assert {"type": "return", "item": "dormitory"} in ok(b, {"op": "legal", "session": "s1", "player": 0})["moves"]
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "return", "item": "mule"}},
              "not_bought")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "return", "item": "nag"}},
              "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "return", "item": "mule",
                                                                       "index": 0}}, "malformed_move")
    play(b, ACCEPT)
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": ACCEPT}, "game_over")


def test_a_bad_deal_is_refused() -> None:
    b = Bridge()
    fails(b, {"op": "new", "game": GAME_ID, "seed": 1, "deal": DEAL[:53]}, "bad_deal")
    fails(b, {"op": "new", "game": GAME_ID, "seed": 1, "deal": [*DEAL[:53], "2S"]}, "bad_deal")
    assert b.sessions == {}


# --------------------------------------------------------------------------- check_result
def forged_sheet() -> dict[str, Any]:
    b = forge_bridge(deal=None, seed=30)
    for move in (DRAW, ACCEPT, {"type": "roll_name", "column": "rootin"}, ACCEPT, DRAW, ACCEPT, DRAW, ACCEPT,
                 {"type": "package", "archetype": "gambler"}, ACCEPT):
        play(b, move)
    sheet: dict[str, Any] = view(b)["outcome"]["result"]
    return sheet


def test_check_result_round_trip() -> None:
    """The answer is the canonical sheet and, beside it, where it comes from (TS-18): this one replays to
    itself with every part kept as drawn."""
    sheet = forged_sheet()
    answer = ok(Bridge(), {"op": "check_result", "game": GAME_ID, "result": json.loads(json.dumps(sheet))})
    assert answer == {"ok": True, "result": sheet, "provenance": {
        "word": "by_the_book", "problems": [],
        "reason": "Its forge record replays to this character, with nothing drawn again and nothing written in."}}
    messy = {**sheet, "money_label": "$2", "junk": [1, 2]}
    assert ok(Bridge(), {"op": "check_result", "game": GAME_ID, "result": messy})["result"] == sheet


@pytest.mark.parametrize("change,word", [
    ({}, "by_the_book"), ({"money": 99999, "hp": 0, "status": "dead"}, "by_the_book"),
    ({"name": "Doc"}, "edited"), ({"made": {"by_the_book": True}}, "imported"),
])
def test_check_result_says_where_a_sheet_comes_from(change: dict[str, Any], word: str) -> None:
    """TS-18: the roster shows the word; ``made.by_the_book`` alone is only the sheet's own claim."""
    answer = ok(Bridge(), {"op": "check_result", "game": GAME_ID, "result": {**forged_sheet(), **change}})
    assert answer["provenance"]["word"] == word


def test_check_result_refuses_a_sheet_the_rules_cannot_give() -> None:
    """TS-17: STR 9 and HP 50/50 at GRT 0 with no scars."""
    sheet = forged_sheet()
    sheet.update(abilities={"STR": 9, "DEX": 0, "WIL": 0, "GRT": 0}, max={"STR": 9, "DEX": 0, "WIL": 0, "GRT": 0},
                 hp=50, max_hp=50)
    message = fails(Bridge(), {"op": "check_result", "game": GAME_ID, "result": sheet}, "bad_sheet")["error"]["message"]
    assert "STR's maximum is 9, but seven cards give at most 7" in message and "max_hp must be 1" in message


@pytest.mark.parametrize("change,words", [
    ({"format": "other"}, "format"), ({"version": 9}, "version 9"), ({"name": ""}, "name"),
    ({"hp": 50}, "hp cannot be above max_hp"), ({"status": "sleeping"}, "status"), ({"money": -1}, "money"),
])
def test_check_result_refuses_a_bad_sheet(change: dict[str, Any], words: str) -> None:
    sheet = {**forged_sheet(), **change}
    response = fails(Bridge(), {"op": "check_result", "game": GAME_ID, "result": sheet}, "bad_sheet")
    assert words in response["error"]["message"]


def test_check_result_errors() -> None:
    b = Bridge()
    fails(b, {"op": "check_result", "game": GAME_ID, "result": None}, "bad_sheet")
    fails(b, {"op": "check_result", "game": GAME_ID, "result": "a sheet"}, "bad_sheet")
    fails(b, {"op": "check_result", "game": GAME_ID}, "bad_request")
    fails(b, {"op": "check_result", "game": "no_such_game", "result": {}}, "unknown_game")
    fails(b, {"op": "check_result", "result": {}}, "bad_request")
    keeps_none = [g.info.id for g in all_games()
                  if g.state_class.check_result.__func__ is State.check_result.__func__]  # type: ignore[attr-defined]
    assert keeps_none, "some game keeps no results"
    response = fails(b, {"op": "check_result", "game": keeps_none[0], "result": forged_sheet()}, "no_result")
    assert "no results" in response["error"]["message"]
    assert b.sessions == {}


def test_check_result_answers_a_string_for_any_junk() -> None:
    b = Bridge()
    junks: list[Any] = [0, [], {}, [{}], {"format": ["x"]}, {"format": "tombstone-character", "version": 1},
                        {"format": "tombstone-character", "version": 1, "name": "Kit", "traits": []}]
    for junk in junks:
        response = call(b, {"op": "check_result", "game": GAME_ID, "result": junk})
        assert response["ok"] is False and response["error"]["code"] == "bad_sheet"
