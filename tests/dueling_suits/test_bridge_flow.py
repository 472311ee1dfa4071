"""Dueling Suits through the bridge: face-down leads (what each viewer is shown of the other's lead
before and after the reveal), chaining, the ``legal`` labels, a record saved between the two leads,
``share`` once over, bad requests (DUEL-1..7)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bridge_calls import Unchanged, fails, ok, session_state, strings
from pygame_core.bridge import Bridge
from pygame_core.cards import standard_deck

LEVELS: list[str] = ["easy", "hard"]
OPTIONS: dict[str, str] = {"first_initiative": "1", "perks": "0-0"}


def ds_deal(hand0: list[str], hand1: list[str], later: list[str] = []) -> list[str]:
    """The 52 codes in draw order (DUEL-1) for these hands at the first lead (seven dealt plus the
    first draw, cards 14 and 15) and the later draws; the rest follow in the standard order."""
    rest = [c for c in standard_deck() if c not in (*hand0, *hand1, *later)]
    h0 = [*hand0, *(rest.pop(0) for _ in range(8 - len(hand0)))]
    h1 = [*hand1, *(rest.pop(0) for _ in range(8 - len(hand1)))]
    return [*h0[:7], *h1[:7], h0[7], h1[7], *later, *rest]


HAND0 = ["QD", "7D", "7C", "8C", "2C"]
HAND1 = ["2S", "9H", "3S", "4H", "9S"]


def ds_bridge(hand0: list[str] = HAND0, hand1: list[str] = HAND1, options: dict[str, str] = OPTIONS) -> Bridge:
    b = Bridge()
    request = {"op": "new", "game": "dueling_suits", "seed": 5, "options": options,
               "deal": ds_deal(hand0, hand1, ["JD", "JS"])}
    assert ok(b, request)["session"] == "s1"
    return b


def play(b: Bridge, player: int, move: dict[str, str], **extra: Any) -> dict[str, Any]:
    return ok(b, {"op": "play", "session": "s1", "player": player, "move": move, **extra})


def view(b: Bridge, player: int | None, session: str = "s1") -> dict[str, Any]:
    return ok(b, {"op": "view", "session": session, "player": player})


def lead(card: str) -> dict[str, str]:
    return {"type": "lead", "card": card}


def chain(card: str) -> dict[str, str]:
    return {"type": "chain", "card": card}


PASS = {"type": "pass"}


def test_dueling_suits_leads_chaining_and_resolution_through_the_bridge() -> None:
    b = ds_bridge()
    for player in (0, 1, None):
        assert view(b, player)["to_act"] == [0, 1]
    legal = ok(b, {"op": "legal", "session": "s1", "player": 0})
    assert legal["moves"][0] == lead("QD") and len(legal["moves"]) == 8
    assert legal["labels"][:2] == ["Lead Q♦ face down (all-out attack, power 12)",
                                   "Lead 7♦ face down (all-out attack, power 7)"]
    assert "previews" not in legal, "a lead has nothing to preview"
    response = play(b, 0, lead("QD"))
    assert response["events"] == [{"type": "lead", "player": 0, "card": "QD"}], "the leader sees it"
    mine = view(b, 0)
    assert mine["to_act"] == [1] and mine["view"]["leads"] == ["QD", None]
    for viewer in (1, None):
        theirs = view(b, viewer)
        assert theirs["to_act"] == [1] and theirs["view"]["committed"] == [True, False]
        assert theirs["view"]["leads"] == [None, None] and theirs["view"]["power"] == [None, None]
        assert "QD" not in strings(theirs)
    assert ok(b, {"op": "legal", "session": "s1", "player": 0}) == {"ok": True, "moves": [], "labels": []}
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": lead("7D")}, "not_your_turn")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": lead("QD")}, "not_in_hand")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": chain("9H")}, "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": lead("RJ")}, "malformed_move")
    response = play(b, 1, lead("2S"), viewer=0)
    assert response["events"] == [{"type": "lead", "player": 1, "card": None},
                                  {"type": "reveal", "cards": ["QD", "2S"]}]
    for viewer in (0, 1, None):
        shown = view(b, viewer)
        assert shown["view"]["leads"] == ["QD", "2S"] and shown["to_act"] == [1]  # seat 1 holds the token
    # chaining: seat 1 opens, the labels and previews say what each card adds
    legal = ok(b, {"op": "legal", "session": "s1", "player": 1})
    assert legal["moves"][:3] == [chain("9H"), chain("3S"), chain("4H")] and legal["moves"][-1] == PASS
    assert legal["labels"][:2] == ["Chain 9♥: +5 (half power), power 7", "Chain 3♠: +3 (same suit, full power), power 5"]
    assert legal["labels"][-1] == "Pass: no more chain cards this turn"
    assert legal["previews"][:2] == [{"added": 5, "power": 7}, {"added": 3, "power": 5}]
    assert legal["previews"][-1] is None
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": chain("7D")}, "not_your_turn")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": lead("9H")}, "malformed_move")
    assert play(b, 1, chain("9H"), viewer=None)["events"] == [
        {"type": "chain", "player": 1, "card": "9H", "added": 5}], "a chain card is face up"
    play(b, 0, chain("7D"))
    events = play(b, 1, PASS)["events"]
    assert [e["type"] for e in events] == ["pass", "resolve", "turn", "draw", "draw"]
    assert events[1]["powers"] == [19, 7] and events[1]["damage"] == [0, 10]  # 19-2-7 through the block
    assert events[3] == {"type": "draw", "player": 0, "cards": None, "count": 1}
    assert events[4] == {"type": "draw", "player": 1, "cards": ["JS"], "count": 1}
    after = view(b, 0)
    assert after["to_act"] == [0, 1] and after["view"]["health"] == [15, 5] and after["view"]["bonus"] == [0, 7]
    assert after["view"]["last"]["sentence"] == ("Your Diamonds 19 against Player 2's Spades 7: Player 2 takes 10, "
                                                 "and their next lead gets +7; you take nothing.")


@pytest.mark.parametrize("viewer", [1, None])
def test_dueling_suits_a_lead_is_hidden_from_the_other_viewers(viewer: int | None) -> None:
    b = ds_bridge()
    response = play(b, 0, lead("QD"), viewer=viewer)
    assert response["events"] == [{"type": "lead", "player": 0, "card": None}]
    assert "QD" not in strings(response)


@pytest.mark.parametrize("level", LEVELS)
def test_dueling_suits_bot_lead_is_redacted_for_the_viewer(level: str) -> None:
    b = ds_bridge()
    response = ok(b, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 0})
    assert response["move"] == {"type": "lead", "card": None}
    assert response["events"] == [{"type": "lead", "player": 1, "card": None}]
    hand1 = set(view(b, 1)["view"]["hand"])
    (bot_move,) = ok(b, {"op": "record", "session": "s1"})["record"]["moves"]
    bot_card = bot_move[1]["card"]
    assert bot_move[0] == 1 and bot_card not in hand1 and not (hand1 | {bot_card}) & strings(response)
    assert view(b, 0)["to_act"] == [0]
    # the bot's own seat sees its move in full
    b2 = ds_bridge()
    response = ok(b2, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 1})
    assert response["move"] == bot_move[1] and response["events"][0]["card"] == bot_card
    # the reveal shows it to everybody once the other lead is in
    response = play(b, 0, lead("QD"))
    assert response["events"][1] == {"type": "reveal", "cards": ["QD", bot_card]}
    # a bot's chain card is face up: the move is shown in full (seat 1 holds the token)
    response = ok(b, {"op": "bot", "session": "s1", "player": 1, "level": level, "viewer": 0})
    recorded = ok(b, {"op": "record", "session": "s1"})["record"]["moves"][-1][1]
    assert response["move"] == recorded


def test_dueling_suits_record_and_load_between_the_leads() -> None:
    b = ds_bridge()
    play(b, 1, lead("9S"))
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert record["options"] == OPTIONS and record["moves"] == [[1, lead("9S")]]
    assert ok(b, {"op": "load", "record": record})["session"] == "s2"
    assert json.loads(session_state(b, "s1")) == json.loads(session_state(b, "s2"))
    assert view(b, 0, "s2")["to_act"] == [0] and view(b, 0, "s2")["view"]["leads"] == [None, None]
    assert view(b, 1, "s2")["view"]["leads"] == [None, "9S"]
    response = ok(b, {"op": "play", "session": "s2", "player": 0, "move": lead("QD")})
    assert response["events"][1] == {"type": "reveal", "cards": ["QD", "9S"]}
    assert view(b, None, "s1")["view"]["committed"] == [False, True], "the first session is untouched"


def test_dueling_suits_share_only_when_over() -> None:
    b = ds_bridge(["AD", "2C"], ["5H"], {"first_initiative": "0", "perks": "0-0"})
    with Unchanged(b):
        fails(b, {"op": "share", "session": "s1"}, "not_over")
    play(b, 0, lead("AD"))
    play(b, 1, lead("5H"))
    with Unchanged(b):
        fails(b, {"op": "share", "session": "s1"}, "not_over")
    play(b, 0, chain("2C"))  # 14 + 1 = 15 against a healer at 15 (DUEL-6 D-H, DUEL-7 at 0)
    events = play(b, 1, PASS)["events"]
    assert events[-1]["type"] == "end"
    final = view(b, None)
    assert final["over"] is True and final["outcome"]["winner"] == 0 and final["outcome"]["scores"] == [15, 0]
    share = ok(b, {"op": "share", "session": "s1"})["share"]
    assert share == {"game": "dueling_suits", "seed": 5, "options": {"first_initiative": "0", "perks": "0-0"},
                     "deal": ds_deal(["AD", "2C"], ["5H"], ["JD", "JS"])}
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": lead("JD")}, "game_over")
        fails(b, {"op": "bot", "session": "s1", "player": 1}, "game_over")


def test_dueling_suits_a_seeded_game_shares_without_its_deal() -> None:
    b = Bridge()
    ok(b, {"op": "new", "game": "dueling_suits", "seed": 11})
    for _ in range(500):
        current = view(b, None)
        if current["over"]:
            break
        ok(b, {"op": "bot", "session": "s1", "player": current["to_act"][0]})
    share = ok(b, {"op": "share", "session": "s1"})["share"]
    assert share == {"game": "dueling_suits", "seed": 11, "options": {"first_initiative": "random", "perks": "0-0"}}


def test_dueling_suits_bad_requests_change_nothing() -> None:
    b = ds_bridge()
    play(b, 0, lead("QD"))
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 2, "move": lead("2S")}, "bad_player")
        fails(b, {"op": "play", "session": "s1", "player": True, "move": lead("2S")}, "bad_player")
        fails(b, {"op": "play", "session": "s1", "player": 1}, "bad_request")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": "2S"}, "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "lead", "card": "2S", "x": 0}},
              "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": PASS}, "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": lead("7D")}, "not_in_hand")
        fails(b, {"op": "bot", "session": "s1", "player": 0}, "not_your_turn")
        fails(b, {"op": "bot", "session": "s1", "player": 1, "level": "wizard"}, "bad_request")
        fails(b, {"op": "play", "session": "s9", "player": 1, "move": lead("2S")}, "unknown_session")
        fails(b, {"op": "new", "game": "dueling_suits", "options": {"perks": "4-0"}}, "bad_option")
        fails(b, {"op": "new", "game": "dueling_suits", "options": {"first_initiative": 0}}, "bad_option")
        fails(b, {"op": "new", "game": "dueling_suits", "deal": standard_deck()[:51]}, "bad_deal")
        fails(b, {"op": "new", "game": "dueling_suits", "deal": [*standard_deck()[:51], "RJ"]}, "bad_deal")
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    with Unchanged(b):
        fails(b, {"op": "load", "record": {**record, "deal": record["deal"][:-1]}}, "bad_record")
        fails(b, {"op": "load", "record": {**record, "moves": [[0, lead("2S")]]}}, "bad_record")
