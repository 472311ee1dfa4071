"""The Showdown through the bridge (``pygame_core.bridge``'s JSON): a party passed as ``setup`` with the
encounter option, labels from ``legal``, the characters' moves by ``play`` and the Dealer's by ``auto``
(the bridge refuses ``play`` and ``bot`` for the Dealer's seat and ``auto`` for a person's), hands kept to
their own seats in every view and every event, record and load, and the result going back to the roster
through ``check_result`` (SD-2, SD-7, SD-12, TOMB-6, TS-15).
"""

from __future__ import annotations

import json
from typing import Any

from bridge_calls import Unchanged, fails, ok
from pygame_core.bridge import Bridge
from tombstone.play import deck, forged_sheet, pc_deck
from tombstone_showdown.forced import ANN, KIT

GAME_ID = "tombstone_showdown"
VIEWERS: list[int | None] = [0, 1, 2, 3, None]
# Kit draws K♣ against the Dealer's 2♠ + 2 for round 1; the rest of each deck in the standard order
DEAL = [deck("9S"), pc_deck(["2C"], hand=["KC", "3D", "4D", "5D", "6D"]), pc_deck([])]  # Kit's K♣ can win the draw


def view(b: Bridge, player: int | None, session: str = "s1") -> dict[str, Any]:
    return ok(b, {"op": "view", "session": session, "player": player})


def keys_named(key: str, value: Any) -> list[Any]:
    """Every value held under ``key`` anywhere in ``value``."""
    if isinstance(value, dict):
        return [*([value[key]] if key in value else []), *(v for item in value.values() for v in keys_named(key, item))]
    if isinstance(value, list):
        return [v for item in value for v in keys_named(key, item)]
    return []


def assert_hands_private(b: Bridge, events: list[dict[str, Any]] = [], viewer: int | None = None,
                         session: str = "s1") -> None:
    """No view shows a hand but its own seat's, the Dealer holds none, no draw pile's order is in a view;
    ``events`` as ``viewer`` got them show no other seat's hand."""
    for seat in VIEWERS:
        shown = view(b, seat, session)["view"]
        assert shown["dealer"]["hand"] is None and shown["dealer"]["hand_count"] == 0
        assert not keys_named("draw", shown), "a deck's draw pile"  # a sheet's forge record has draw moves (TS-18)
        for entry in shown["party"]:
            if entry["seat"] == seat:
                assert isinstance(entry["hand"], list) and len(entry["hand"]) == entry["hand_count"]
            else:
                assert entry["hand"] is None, (seat, entry["ref"])
    for event in events:
        if isinstance(event.get("hand"), list) and event["hand"]:
            assert viewer is not None and event["deck"] == f"pc{viewer - 1}", event


def step(b: Bridge, session: str = "s1") -> bool:
    """One move by whoever is due: the Dealer through ``auto``, a character its first legal move (attacks
    come first, so a fight played so ends). False once the fight is over."""
    answer = view(b, None, session)
    if answer["over"]:
        return False
    p = answer["to_act"][0]
    if p == 0:
        events = ok(b, {"op": "auto", "session": session, "player": 0})["events"]
        assert_hands_private(b, events, None, session)
        return True
    legal = ok(b, {"op": "legal", "session": session, "player": p})
    assert len(legal["labels"]) == len(legal["moves"]) and all(legal["labels"])
    events = ok(b, {"op": "play", "session": session, "player": p, "move": legal["moves"][0]})["events"]
    assert_hands_private(b, events, p, session)
    return True


def test_a_fight_opens_with_the_party_and_its_encounter() -> None:
    """The party, the encounter and round 1's draw waiting for Kit (SD-1)."""
    b = Bridge()
    ok(b, {"op": "new", "game": GAME_ID, "seed": 5, "options": {"encounter": "gang"}, "deal": DEAL,
           "setup": {"party": [KIT, ANN]}})
    answer = view(b, 1)
    shown = answer["view"]
    assert shown["encounter"]["id"] == "gang" and shown["encounter"]["title"] == "The Hollister gang"
    assert [p["sheet"]["name"] for p in shown["party"]] == ["Kit", "Ann"]
    assert [n["name"] for n in shown["npcs"]] == ["Ruby Hollister", "Hollister boy", "Hollister boy 2"]
    assert shown["pending"]["kind"] == "initiative" and answer["to_act"] == [1]
    assert shown["party"][0]["hand"] == ["KC", "3D", "4D", "5D", "6D"] and shown["party"][1]["hand"] is None
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert record["setup"] == {"party": [KIT, ANN]} and record["deal"] == DEAL
    assert record["options"] == {"encounter": "gang"}
    assert_hands_private(b)


def test_labels_the_dealers_seat_and_a_whole_fight() -> None:
    """Kit wins the draw with his K♣, both take cover; the Dealer, asked through ``auto``, gangs up on Kit (the weaker,
    in cover: SD-12); then the fight is played out, every view and event checked."""
    b = Bridge()
    ok(b, {"op": "new", "game": GAME_ID, "seed": 5, "options": {"encounter": "gang"}, "deal": DEAL,
           "setup": {"party": [KIT, ANN]}})
    labels = ok(b, {"op": "legal", "session": "s1", "player": 1})["labels"]
    assert labels[0] == "Cheat fate: K♣ over the 2♣ → 15, wins" and labels[-1] == "Let the cards stand"
    assert labels[1] == "Cheat fate: 3♦ over the 2♣ → 5, loses"
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 2, "move": {"type": "settle"}}, "not_your_turn")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "take_cover"}}, "flip_waiting")
        fails(b, {"op": "auto", "session": "s1", "player": 0}, "not_your_turn")
    events = ok(b, {"op": "play", "session": "s1", "player": 1,
                    "move": {"type": "cheat", "card": "KC", "covers": "2C"}})["events"]
    assert events[-1]["sentence"].endswith("the party acts first."), "won by the cheat: settled at once (TS-15)"
    labels = ok(b, {"op": "legal", "session": "s1", "player": 1})["labels"]
    assert labels[:2] == ["Shoot Ruby Hollister with the revolver", "Shoot Hollister boy with the revolver"]
    assert "Attack Hollister boy with the knife" in labels and "Attack Ruby Hollister with the bare hands" in labels
    assert labels[-2:] == ["Take cover", "Turn tail (DEX save 11)"]
    for seat in (1, 2):
        ok(b, {"op": "play", "session": "s1", "player": seat, "move": {"type": "take_cover"}})
    assert view(b, None)["to_act"] == [0]
    with Unchanged(b):
        answer = fails(b, {"op": "play", "session": "s1", "player": 0,
                           "move": {"type": "take_cover", "npc": "npc0"}}, "not_person_seat")
        assert "op 'auto'" in answer["error"]["message"]
        fails(b, {"op": "bot", "session": "s1", "player": 0}, "not_person_seat")
        fails(b, {"op": "auto", "session": "s1", "player": 1}, "not_engine_seat")
    labels = ok(b, {"op": "legal", "session": "s1", "player": 0})["labels"]
    assert "Ruby Hollister, Hollister boy 2 attack Kit" in labels and "Hollister boy takes cover" in labels
    answer = ok(b, {"op": "auto", "session": "s1", "player": 0, "viewer": 2})
    assert answer["move"] == {"type": "attack", "npcs": ["npc0", "npc2"], "target": "pc0"}
    assert answer["events"][0]["type"] == "gang_up"
    attack = next(e for e in answer["events"] if e["type"] == "flip" and e["kind"] == "attack")
    assert attack["sides"][0]["mode"] == "normal"
    settled = [e for e in answer["events"] if e["type"] == "settled" and e["kind"] == "attack"]
    why = (settled[0]["context"] if settled else view(b, 2)["view"]["pending"]["context"])["why"]
    assert why == "several attackers: enhanced, but Kit is in cover: the two cancel"
    for _ in range(500):
        if not step(b):
            break
    answer = view(b, None)
    assert answer["over"] and answer["outcome"]["result"]["end"] in ("victory", "routed", "escaped", "dead")
    with Unchanged(b):
        fails(b, {"op": "auto", "session": "s1", "player": 0}, "game_over")
    share = ok(b, {"op": "share", "session": "s1"})["share"]
    assert share["setup"] == {"party": [KIT, ANN]} and share["deal"] == DEAL


def test_a_forged_party_fights_and_its_result_goes_back_to_the_roster() -> None:
    """SD-7, SD-12: sheets from the forge, a seeded deal, the posse; record and load mid-fight and at the end show every
    seat the same table; ``check_result`` takes the result back and refuses it spoiled."""
    party = [forged_sheet(30), forged_sheet(31)]
    b = Bridge()
    ok(b, {"op": "new", "game": GAME_ID, "seed": 12, "options": {"encounter": "posse"}, "setup": {"party": party}})
    assert [p["sheet"] for p in view(b, None)["view"]["party"]] == party
    for moves in range(500):
        if moves == 6:
            record = ok(b, {"op": "record", "session": "s1"})["record"]
            loaded = ok(b, {"op": "load", "record": json.loads(json.dumps(record))})["session"]
            for seat in VIEWERS:
                assert view(b, seat, loaded) == view(b, seat)
            for seat in range(4):
                assert ok(b, {"op": "legal", "session": loaded, "player": seat}) == \
                    ok(b, {"op": "legal", "session": "s1", "player": seat})
        if not step(b):
            break
    answer = view(b, None)
    assert answer["over"]
    result = answer["outcome"]["result"]
    assert result["encounter"] == "posse" and [s["name"] for s in result["party"]] == [s["name"] for s in party]
    loaded = ok(b, {"op": "load", "record": ok(b, {"op": "record", "session": "s1"})["record"]})["session"]
    assert view(b, None, loaded) == answer
    assert ok(b, {"op": "check_result", "game": GAME_ID, "result": result})["result"] == result
    fails(b, {"op": "check_result", "game": GAME_ID, "result": {**result, "party": "everyone"}}, "bad_result")
    spoiled = json.loads(json.dumps(result))
    spoiled["party"][0]["hp"] = spoiled["party"][0]["max_hp"] + 1
    fails(b, {"op": "check_result", "game": GAME_ID, "result": spoiled}, "bad_sheet")
    fails(b, {"op": "check_result", "game": GAME_ID}, "bad_request")


def test_bad_setups_and_deals_through_the_bridge() -> None:
    """SD-11: refusals answer ok:false and open no session."""
    b = Bridge()
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": []}}, "bad_setup")
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": [KIT] * 4}}, "bad_setup")
    answer = fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": [KIT, {**ANN, "format": "x"}]}}, "bad_setup")
    assert answer["error"]["message"].startswith("Character 2: ")
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": [{**KIT, "status": "dead"}]}}, "bad_setup")
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": [KIT, ANN]}, "deal": DEAL[:2]}, "bad_deal")
    fails(b, {"op": "new", "game": GAME_ID, "options": {"encounter": "saloon"}}, "bad_option")
    assert b.sessions == {}
    ok(b, {"op": "new", "game": GAME_ID, "seed": 3})
    assert len(view(b, None)["view"]["party"]) == 1, "no setup: a stranger (SD-11)"


def test_a_trail_camps_through_the_bridge_and_writes_every_fight_back() -> None:
    """SD-15, SD-16, SD-17: a forged party's trail: in a fight the camp moves are refused; in camp the labels
    offer the rest, the shop and moving on, the view names the fight to come; record and load agree in camp;
    the result holds every fight and passes ``check_result``."""
    party = [forged_sheet(40), forged_sheet(41)]
    b = Bridge()
    ok(b, {"op": "new", "game": GAME_ID, "seed": 9, "options": {"encounter": "trail"}, "setup": {"party": party}})
    assert view(b, None)["view"]["pending"] is None, "the snake's first lunge was made: settled at once (TS-15)"
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "rest"}}, "not_in_camp")
    camps = 0
    for _ in range(2000):
        answer = view(b, None)
        if answer["over"]:
            break
        trail = answer["view"]["trail"]
        if not trail["camp"]:
            step(b)
            continue
        camps += 1
        seat = answer["to_act"][0]
        labels = ok(b, {"op": "legal", "session": "s1", "player": seat})["labels"]
        assert labels[0] == "Rest for the night (HP back, new hands)"
        assert labels[-1].startswith(f"Move on to fight {len(trail['done']) + 1}: ")
        assert trail["fight"] == len(trail["done"]) and trail["shop"]
        record = ok(b, {"op": "record", "session": "s1"})["record"]
        loaded = ok(b, {"op": "load", "record": json.loads(json.dumps(record))})["session"]
        for seat_ in VIEWERS:
            assert view(b, seat_, loaded) == view(b, seat_)
        events = ok(b, {"op": "play", "session": "s1", "player": seat, "move": {"type": "rest"}})["events"]
        assert events[0]["type"] == "rest" and "hands" not in events[0]
        assert_hands_private(b, events, seat)
        with Unchanged(b):
            fails(b, {"op": "play", "session": "s1", "player": seat, "move": {"type": "take_cover"}}, "in_camp")
        ok(b, {"op": "play", "session": "s1", "player": seat, "move": {"type": "move_on"}})
    answer = view(b, None)
    assert answer["over"]
    result = answer["outcome"]["result"]
    assert camps >= 1 and len(result["fights"]) == camps + 1 and result["fights"][-1]["end"] == result["end"]
    assert [s["name"] for s in result["party"]] == [s["name"] for s in party]
    assert ok(b, {"op": "check_result", "game": GAME_ID, "result": result})["result"] == result
