"""The Dealer's table through the bridge (``pygame_core.bridge.handle``'s JSON): a party forged by
``tombstone_forge`` passed as ``setup``, a save, a contest won by cheating fate, an attack and its
damage, record and load, a refused move that changes nothing, and hands kept to their own seats in
every view and every event (TOMB-4, TOMB-3, TOMB-6, TS-2, TOMB-8, TS-15)."""

from __future__ import annotations

import json
from typing import Any

from bridge_calls import Unchanged, fails, ok
from pygame_core.bridge import Bridge
from pygame_core.cards import standard_deck
from tombstone.play import forged_sheet

GAME_ID = "tombstone_table"
SEATS = [0, 1, 2]
HAND0 = ["RJ", "2D", "3D", "4D", "5D"]
HAND1 = ["6H", "7H", "8H", "9H", "10H"]


def deck(*top: str) -> list[str]:
    return [*top, *(c for c in standard_deck(jokers=True) if c not in top)]


# the Dealer: the save's nothing, the contest's K♠, the bandit's A♠ defence, then whatever follows
DEAL = [deck("KS", "AS"), deck(*HAND0, "9C", "2C", "KH", "QH"), deck(*HAND1)]


PARTY = [forged_sheet(30), forged_sheet(31)]


def table_bridge() -> Bridge:
    b = Bridge()
    answer = ok(b, {"op": "new", "game": GAME_ID, "seed": 5, "deal": DEAL, "setup": {"party": PARTY}})
    assert answer["session"] == "s1"
    return b


def view(b: Bridge, player: int | None, session: str = "s1") -> dict[str, Any]:
    return ok(b, {"op": "view", "session": session, "player": player})


def assert_hands_private(b: Bridge, events: list[dict[str, Any]] | None = None, viewer: int | None = None) -> None:
    """No seat's view shows another seat's hand; events given for ``viewer`` show only its own."""
    for seat in [*SEATS, None]:
        party = view(b, seat)["view"]["party"]
        for entry in party:
            if entry["seat"] == seat:
                assert isinstance(entry["hand"], list) and len(entry["hand"]) == entry["hand_count"]
            else:
                assert entry["hand"] is None, (seat, entry["ref"])
    for event in events or []:
        if "hand" in event and isinstance(event["hand"], list) and event["hand"]:
            ref = event.get("who") or event.get("deck")
            assert viewer is not None and ref == f"pc{viewer - 1}", event
        for ref, cards in event.get("hands", {}).items():
            assert isinstance(cards, int) or ref == f"pc{(viewer or 0) - 1}", event


OWN = -1  # the events as the mover's seat sees them (the bridge's default)


def play(b: Bridge, player: int, move: dict[str, Any], viewer: int | None = OWN) -> list[dict[str, Any]]:
    """Play and check the events as ``viewer`` gets them (None: the spectator)."""
    request: dict[str, Any] = {"op": "play", "session": "s1", "player": player, "move": move}
    if viewer != OWN:
        request["viewer"] = viewer
    events: list[dict[str, Any]] = ok(b, request)["events"]
    assert_hands_private(b, events, player if viewer == OWN else viewer)
    return events


def test_a_forged_party_sits_at_the_table() -> None:
    b = table_bridge()
    answer = view(b, 1)
    party = answer["view"]["party"]
    assert [p["sheet"]["name"] for p in party] == [s["name"] for s in PARTY]
    assert [p["sheet"] for p in party] == PARTY
    assert party[0]["hand"] == HAND0 and party[1]["hand"] is None and party[1]["hand_count"] == 5
    assert answer["to_act"] == [0, 1, 2] and not answer["over"]
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert record["setup"] == {"party": PARTY} and record["deal"] == DEAL
    assert_hands_private(b)


def test_a_session_through_the_bridge() -> None:
    b = table_bridge()
    str0 = PARTY[0]["abilities"]["STR"]
    dex0 = PARTY[0]["abilities"]["DEX"]
    legal = ok(b, {"op": "legal", "session": "s1", "player": 1})
    assert legal["moves"][0] == {"type": "save", "ability": "STR", "risk": "standard"}
    assert len(legal["labels"]) == len(legal["moves"]) and legal["labels"][0] == "STR save, standard (9)"

    # a save: 9♣ + DEX
    play(b, 1, {"type": "save", "ability": "DEX", "risk": "moderate"})
    pending = view(b, 2)["view"]["pending"]
    assert pending["kind"] == "save" and pending["sides"][0]["cards"] == ["9C"]
    assert view(b, 2)["to_act"] == [1], "the flip waits for its player alone (TS-19)"
    labels = ok(b, {"op": "legal", "session": "s1", "player": 1})["labels"]
    assert labels[0] == "Cheat fate: Red Joker over the 9♣ → the Red Joker, made" and labels[-1] == "Let the cards stand"
    previews = ok(b, {"op": "legal", "session": "s1", "player": 1})["previews"]
    assert previews[0] == {"total": None, "verdict": "the Red Joker, made", "warning": None} and previews[-1] is None
    events = play(b, 1, {"type": "settle"}, viewer=2)
    settled = [e for e in events if e["type"] == "settled"]
    assert settled[0]["result"]["success"] is (9 + dex0 >= 11)
    assert settled[0]["sentence"].startswith(f"{PARTY[0]['name']} flips 9♣ + DEX {dex0} = {9 + dex0} against 11")

    # a contest the Dealer would win (K♠ + 20) turned by the Red Joker from the hand (TS-2)
    play(b, 1, {"type": "contest", "ability": "STR", "against": "dealer", "modifier": 20})
    assert view(b, 0)["view"]["pending"]["sides"][1]["flip"]["total"] == 33
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "cheat", "card": "KD", "covers": "2C"}},
              "not_in_hand")
        fails(b, {"op": "play", "session": "s1", "player": 2, "move": {"type": "settle"}}, "not_your_turn")
        fails(b, {"op": "play", "session": "s1", "player": 0, "move": {"type": "reaction"}}, "not_your_turn")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "turn_tail"}}, "flip_waiting")
    events = play(b, 1, {"type": "cheat", "card": "RJ", "covers": "2C"}, viewer=0)
    assert [e["type"] for e in events] == ["cheat", "settled"], "a sure success: nothing left to decide (TS-15)"
    assert events[0]["sentence"] == f"{PARTY[0]['name']} cheats fate: Red Joker over the 2♣."
    assert events[1]["result"]["actor_wins"] and events[1]["result"]["rule"] == "red_joker"
    assert events[1]["sentence"].endswith(f"the Red Joker succeeds; {PARTY[0]['name']} wins.")
    assert view(b, 1)["view"]["party"][0]["hand"] == HAND0[1:]

    # an attack with damage: bare hands (melee STR) against a bandit; Q♥ is tier 3 for 2 damage
    play(b, 0, {"type": "enemy", "preset": "bandit"})
    weapons = view(b, 1)["view"]["party"][0]["weapons"]
    fists = len(weapons) - 1
    assert weapons[fists]["id"] == "unarmed"
    events = play(b, 1, {"type": "attack", "weapon": fists, "target": "npc0"}, viewer=None)  # a hit as it stands
    kinds = [(e["type"], e.get("kind")) for e in events]
    assert ("settled", "attack") in kinds and ("settled", "damage") in kinds
    damage = next(e for e in events if e["type"] == "settled" and e["kind"] == "damage")
    assert damage["result"]["total"] == 2 and damage["sentence"].endswith(": 2 damage to Bandit.")
    assert view(b, None)["view"]["npcs"][0]["hp"] == 0
    hit = next(e for e in events if e["type"] == "settled" and e["kind"] == "attack")
    assert hit["result"]["actor"]["total"] == 13 + str0 and hit["result"]["other"]["total"] == 2

    # a refused move answers ok:false and changes nothing
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": 2, "move": {"type": "reaction"}}, "not_your_tool")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "save", "ability": "DEX"}},
              "malformed_move")
        fails(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "settle"}}, "no_flip")

    # record and load: every seat sees the same table
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    loaded = ok(b, {"op": "load", "record": json.loads(json.dumps(record))})["session"]
    for seat in [*range(7), None]:
        assert view(b, seat, loaded) == view(b, seat)
    for seat in range(7):
        assert ok(b, {"op": "legal", "session": loaded, "player": seat}) == \
            ok(b, {"op": "legal", "session": "s1", "player": seat})

    # the Dealer ends the session: the sheets come back as the result
    play(b, 0, {"type": "end"})
    answer = view(b, None)
    assert answer["over"] and answer["outcome"]["result"]["party"][0]["name"] == PARTY[0]["name"]
    share = ok(b, {"op": "share", "session": "s1"})["share"]
    assert share["setup"] == {"party": PARTY} and share["deal"] == DEAL


def test_hands_stay_private_through_a_night_and_a_run_out_deck() -> None:
    b = table_bridge()
    events = play(b, 0, {"type": "rest", "kind": "night"})
    assert events[0]["hands"] == {"pc0": 5, "pc1": 5}
    hands = {seat: view(b, seat)["view"]["party"][seat - 1]["hand"] for seat in (1, 2)}
    assert all(len(h) == 5 for h in hands.values())
    assert_hands_private(b)
    b2 = table_bridge()
    for _ in range(49):
        play(b2, 2, {"type": "save", "ability": "GRT", "risk": "low"})
        if view(b2, 2)["view"]["pending"] is not None:
            play(b2, 2, {"type": "settle"})
    for viewer in (2, 1, 0, None):
        trial = Bridge()
        record = ok(b2, {"op": "record", "session": "s1"})["record"]
        session = ok(trial, {"op": "load", "record": record})["session"]
        request = {"op": "play", "session": session, "player": 2,
                   "move": {"type": "save", "ability": "GRT", "risk": "low"}, "viewer": viewer}
        events = ok(trial, request)["events"]
        renewed = [e for e in events if e["type"] == "renewed"]
        assert len(renewed) == 1
        own = ok(trial, {"op": "view", "session": session, "player": 2})["view"]["party"][1]["hand"]
        assert renewed[0]["hand"] == (own if viewer == 2 else 5)


def test_bad_setups_and_deals_through_the_bridge() -> None:
    b = Bridge()
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": []}}, "bad_setup")
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": [PARTY[0]] * 7}}, "bad_setup")
    answer = fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": [PARTY[0], {**PARTY[1], "format": "x"}]}},
                   "bad_setup")
    assert answer["error"]["message"].startswith("Character 2: ")
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": PARTY}, "deal": DEAL[:2]}, "bad_deal")
    fails(b, {"op": "new", "game": GAME_ID, "setup": {"party": PARTY}, "deal": [DEAL[0], DEAL[1], DEAL[1][:53]]},
          "bad_deal")
    assert b.sessions == {}


def test_also_tells_each_seat_named_in_its_own_words() -> None:
    """At the Dealer's table with players on other devices, one move is told to every remote seat at once,
    each redacted for its own seat: a hand drawn shows only to its own player."""
    bridge = Bridge()
    ok(bridge, {"op": "new", "game": GAME_ID, "seed": 4})
    answer = ok(bridge, {"op": "play", "session": "s1", "player": 0, "move": {"type": "rest", "kind": "night"},
                         "also": [1, 2]})
    views = {seat: ok(bridge, {"op": "view", "session": "s1", "player": seat})["view"] for seat in (1, 2)}
    assert [told["seat"] for told in answer["also"]] == [1, 2]
    for told in answer["also"]:
        own = next(party for party in views[told["seat"]]["party"] if party["seat"] == told["seat"])
        hands = told["events"][-1]["hands"]
        assert hands[own["ref"]] == own["hand"] and own["hand"]
        assert all(isinstance(cards, int) for ref, cards in hands.items() if ref != own["ref"])
