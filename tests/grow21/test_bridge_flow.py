"""grow21 through the bridge: a whole game with a tied split and its keep (GROW-6), bad deals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bridge_calls import Unchanged, fails, ok, session_state
from grow21.tied_split import TIE_OPENING, tie_deal
from pygame_core import get_game
from pygame_core.bridge import Bridge
from pygame_core.cards import standard_deck

RED: list[str] = [c for c in standard_deck() if c[-1] in "HD"]
BLACK: list[str] = [c for c in standard_deck() if c[-1] in "SC"]


def test_grow21_game_through_the_bridge_with_a_keep() -> None:
    b = Bridge()
    games = {g["id"]: g for g in ok(b, {"op": "games"})["games"]}
    assert games["grow21"] == get_game("grow21").info.to_json()
    assert games["grow21"]["players"] == 2 and games["grow21"]["simultaneous"] is False
    assert ok(b, {"op": "new", "game": "grow21", "seed": 5, "deal": tie_deal()})["session"] == "s1"
    for player in (0, 1, None):
        response = ok(b, {"op": "view", "session": "s1", "player": player})
        assert response["to_act"] == [0] and response["view"]["current"] == "KH"
        assert response["view"]["decks"] == [26, 26] and response["over"] is False
    assert ok(b, {"op": "legal", "session": "s1", "player": 0}) == {
        "ok": True, "moves": [{"type": "place", "at": [0, 0]}], "labels": ["Place K♥ at (0, 0)"],
        "previews": [{"cells": [[0, 0]], "values": [10], "scores": False}]}
    for player, move in TIE_OPENING[:-1]:
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
    assert ok(b, {"op": "view", "session": loaded, "player": 0})["outcome"] == final["outcome"]
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
