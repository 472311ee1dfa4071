"""Knife Fight through the bridge: simultaneous commits, what each viewer is shown, both-Kings
follow-ups, a record saved between two commits."""

from __future__ import annotations

import json

import pytest

from bridge_calls import Unchanged, fails, ok, session_state, strings
from pygame_core.bridge import Bridge


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
        assert "3H" not in strings(view)
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
    assert "3H" not in strings(response)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_knife_fight_bot_commit_is_redacted_for_the_viewer(level: str) -> None:
    b = kf_bridge(["3H", "8H", "9H"], ["7S", "8S", "9S"])
    response = ok(b, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 0})
    assert response["move"] == {"type": "play", "card": None}
    assert response["events"] == [{"type": "commit", "player": 1, "card": None}]
    assert not {"7S", "8S", "9S"} & strings(response)
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
        assert hidden not in strings(ok(b, {"op": "view", "session": "s1", "player": viewer}))
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


