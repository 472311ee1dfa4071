"""The character forge's rulings (TOMB-2, TS-4..TS-8 and TS-18 in ``pygame_core/games/tombstone/RULINGS.md``),
through the protocol with forced decks.

A forced deal is the forge's deck, top first (54 codes): ``deck(*top)`` puts ``top`` first and the
rest in the standard order (spades A-K, hearts, diamonds, clubs, then RJ, BJ), so every later card
is known too. The expected sheets are worked out by hand from the SRD's tables (``tables.py``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playthrough import assert_redeal_unseen, card_codes
from pygame_core import IllegalMove, SetupError, State, get_game, replay
from pygame_core.bots import RandomBot
from pygame_core.cards import new_rng, shuffle
from pygame_core.games.tombstone.character import check_sheet, effective_hp, inventory_full, inventory_slots, slots_used
from pygame_core.games.tombstone.fate import full_deck
from pygame_core.games.tombstone.forge import PROVENANCE_WORDS, ForgeState, provenance, replay_forge
from pygame_core.games.tombstone.showdown import forge_stranger
from pygame_core.games.tombstone.tables import (ARCHETYPES, CORRECTIONS, KEPT_KINDS, NAME_COLUMNS, NAMES, SHOP,
                                                TRAITS)
from tombstone_forge.redealer import forge_deck_knowledge, redeal

GAME = get_game("tombstone_forge")
DRAW: dict[str, Any] = {"type": "draw"}
ACCEPT: dict[str, Any] = {"type": "accept"}
# the doctest's deal: two jokers among the first nine cards
JOKERS_EARLY = ["BJ", "2S", "3S", "RJ", "4C", "5C", "6D", "7H", "8H", "9S", "KD"]


def deck(*top: str) -> list[str]:
    rest = [c for c in full_deck() if c not in top]
    assert len(set(top)) == len(top)
    return [*top, *rest]


def new(*top: str, seed: int = 1) -> State:
    return GAME.new_game(seed=seed, deal=deck(*top))


def play(state: State, *moves: dict[str, Any]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for move in moves:
        events += state.play(0, move)
    return events


def refused(state: State, move: Any, code: str) -> str:
    """The move is refused with ``code`` by check and by play, and nothing changes."""
    before = json.dumps([state.record(), state.view(0), state.legal_moves(0)], sort_keys=True)
    error = state.check(0, move)
    assert error is not None and error["code"] == code, error
    with pytest.raises(IllegalMove) as info:
        state.play(0, move)
    assert info.value.code == code
    assert json.dumps([state.record(), state.view(0), state.legal_moves(0)], sort_keys=True) == before
    return error["message"]


def to_phase(state: State, phase: str) -> State:
    """Keep the first of everything until ``phase`` (names from the men's column)."""
    steps = {"stats": [], "name": [DRAW, ACCEPT], "background": [{"type": "roll_name", "column": "male"}, ACCEPT],
             "traits": [DRAW, ACCEPT], "gear": [DRAW, ACCEPT]}
    for part in ("name", "background", "traits", "gear"):
        if state.view(0)["phase"] == phase:
            break
        play(state, *steps[part])
    assert state.view(0)["phase"] == phase
    return state


def where_cards_are(state: State) -> list[str]:
    """Every card of the forge's deck, wherever it is: deck, discards, set aside, on the table, kept."""
    forge = state
    assert isinstance(forge, ForgeState)
    kept = [*forge.made["stats"], *((forge.made["background"] or {}).get("card", "") and
                                    [forge.made["background"]["card"]]), *forge.made["traits"].values()]
    on_table = forge.offer["cards"] if forge.offer else []
    return [*forge.draw_pile, *forge.discard, *forge.aside, *on_table, *kept]


# --------------------------------------------------------------------------- setup
def test_a_forced_deal_must_be_the_54_cards() -> None:
    for bad in (full_deck()[:53], [*full_deck()[:53], "AS"], "AS", {"deck": full_deck()}, [1] * 54):
        with pytest.raises(SetupError) as info:
            GAME.new_game(seed=1, deal=bad)
        assert info.value.code == "bad_deal"
    assert GAME.info.players == 1 and GAME.info.level_ids == () and GAME.info.modes == ("solo",)


def test_the_seed_shuffles_the_deck() -> None:
    a, b = GAME.new_game(seed=5), GAME.new_game(seed=5)
    assert a.record()["deal"] == b.record()["deal"] and sorted(a.record()["deal"]) == sorted(full_deck())
    assert GAME.new_game(seed=6).record()["deal"] != a.record()["deal"]


# --------------------------------------------------------------------------- TOMB-2, TS-4: the stats
def test_tomb2_seven_cards_one_point_each_to_its_suit_ability() -> None:
    state = new("2S", "3S", "4C", "5C", "6D", "7H", "8H")
    events = play(state, DRAW)
    view = state.view(0)
    assert view["offer"]["cards"] == ["2S", "3S", "4C", "5C", "6D", "7H", "8H"]
    assert view["offer"]["abilities"] == {"STR": 2, "DEX": 2, "WIL": 1, "GRT": 2}
    assert view["offer"]["max_hp"] == 3
    assert view["sheet"]["abilities"] == {"STR": 2, "DEX": 2, "WIL": 1, "GRT": 2}  # pencilled in
    assert view["sheet"]["hp"] == view["sheet"]["max_hp"] == 3
    assert events == [{"type": "drew", "part": "stats", "cards": ["2S", "3S", "4C", "5C", "6D", "7H", "8H"]}]
    assert view["deck"] == 47 and view["discard"] == [] and view["aside"] == []
    play(state, ACCEPT)
    view = state.view(0)
    assert view["phase"] == "name" and view["offer"] is None
    assert view["sheet"]["abilities"] == view["sheet"]["max"] == {"STR": 2, "DEX": 2, "WIL": 1, "GRT": 2}
    assert view["sheet"]["hp"] == view["sheet"]["max_hp"] == 3


def test_ts4_jokers_are_set_aside_and_the_first_seven_non_jokers_make_the_stats() -> None:
    state = new(*JOKERS_EARLY)
    events = play(state, DRAW)
    assert [e["type"] for e in events] == ["aside", "aside", "drew"]
    assert [e.get("card") for e in events[:2]] == ["BJ", "RJ"]
    view = state.view(0)
    assert view["offer"]["cards"] == ["2S", "3S", "4C", "5C", "6D", "7H", "8H"]
    assert view["offer"]["abilities"] == {"STR": 2, "DEX": 2, "WIL": 1, "GRT": 2}
    assert view["aside"] == ["BJ", "RJ"] and view["deck"] == 45
    assert view["log"][0]["sentence"] == "The Black Joker is set aside and another card drawn."
    play(state, ACCEPT)
    assert state.view(0)["discard"] == ["BJ", "RJ"] and state.view(0)["aside"] == []  # back with the discards


def test_ts4_all_seven_of_one_suit_and_hp_one() -> None:
    state = new("AC", "2C", "3C", "4C", "5C", "6C", "7C")
    play(state, DRAW, ACCEPT)
    assert state.view(0)["sheet"]["abilities"] == {"STR": 0, "DEX": 7, "WIL": 0, "GRT": 0}
    assert state.view(0)["sheet"]["max_hp"] == 1


def test_ts4_drawing_the_stats_again_discards_the_old_cards_and_counts_a_redraw() -> None:
    state = new("BJ", "2S", "3S", "4C", "5C", "6D", "7H", "8H", "9S", "RJ", "KD", "QD", "JD", "10D", "9D", "8D")
    play(state, DRAW)
    play(state, DRAW)
    view = state.view(0)
    assert view["discard"] == ["2S", "3S", "4C", "5C", "6D", "7H", "8H", "BJ"]
    assert view["offer"]["cards"] == ["9S", "KD", "QD", "JD", "10D", "9D", "8D"]
    assert view["aside"] == ["RJ"] and view["redraws"]["stats"] == 1
    assert view["offer"]["abilities"] == {"STR": 1, "DEX": 0, "WIL": 6, "GRT": 0}
    assert state.describe(0, DRAW) == "Draw the abilities again"
    play(state, ACCEPT)
    assert state.view(0)["sheet"]["abilities"]["WIL"] == 6
    assert sorted(where_cards_are(state)) == sorted(full_deck())


def test_tomb6_an_empty_deck_takes_the_discards_back_shuffled() -> None:
    """Standard order: seven draws of seven use 49 cards; the eighth takes 10C-KC... no: 49-51 are
    JC QC KC, then both jokers are set aside, the deck is empty and the 49 discards come back
    shuffled with the state's RNG (after the constructor's own shuffle) for the last four cards."""
    seed = 12
    state = GAME.new_game(seed=seed, deal=full_deck())
    for _ in range(7):
        play(state, DRAW)
    assert state.view(0)["deck"] == 54 - 49 and len(state.view(0)["discard"]) == 42
    events = play(state, DRAW)
    assert [e["type"] for e in events] == ["aside", "aside", "reshuffle", "drew"]
    assert events[2] == {"type": "reshuffle", "count": 49}
    rng = new_rng(seed)
    shuffle(full_deck(), rng)  # the constructor shuffles even a forced deal (replay takes the same stream)
    back = shuffle(full_deck()[:49], rng)
    view = state.view(0)
    assert view["offer"]["cards"] == ["JC", "QC", "KC", *back[:4]]
    assert view["aside"] == ["RJ", "BJ"] and view["discard"] == [] and view["deck"] == 45
    assert view["redraws"]["stats"] == 7
    assert "The deck ran out: 49 discarded cards shuffled back in." in [e["sentence"] for e in view["log"]]
    assert sorted(where_cards_are(state)) == sorted(full_deck())


# --------------------------------------------------------------------------- TS-5: names
@pytest.mark.parametrize("column", list(NAME_COLUMNS))
def test_ts5_a_name_is_2d6_on_the_column(column: str) -> None:
    for seed in range(12):
        state = to_phase(GAME.new_game(seed=seed), "name")
        events = play(state, {"type": "roll_name", "column": column})
        dice = events[0]["dice"]
        assert all(1 <= d <= 6 for d in dice) and len(dice) == 2
        assert events[0] == {"type": "rolled", "column": column, "dice": dice, "name": NAMES[column][sum(dice)]}
        offer = state.view(0)["offer"]
        assert offer == {"cards": [], "column": column, "dice": dice, "name": NAMES[column][sum(dice)]}
        assert state.view(0)["sheet"]["name"] == offer["name"]
        assert state.view(0)["log"][-1]["sentence"] == (
            f"2d6 on {NAME_COLUMNS[column]}: {dice[0]} + {dice[1]} = {sum(dice)}, {offer['name']}.")


def test_ts5_random_picks_one_of_the_three_columns() -> None:
    columns = set()
    for seed in range(40):
        state = to_phase(GAME.new_game(seed=seed), "name")
        event = play(state, {"type": "roll_name", "column": "random"})[0]
        assert event["column"] in NAME_COLUMNS and event["name"] == NAMES[event["column"]][sum(event["dice"])]
        columns.add(event["column"])
    assert columns == set(NAME_COLUMNS)


def test_ts5_rolling_again_counts_a_redraw_and_accept_keeps_the_last_roll() -> None:
    state = to_phase(GAME.new_game(seed=3), "name")
    play(state, {"type": "roll_name", "column": "female"})
    second = play(state, {"type": "roll_name", "column": "rootin"})[0]
    assert state.view(0)["redraws"]["name"] == 1
    play(state, ACCEPT)
    assert state.view(0)["sheet"]["name"] == second["name"] and state.view(0)["phase"] == "background"


def test_ts5_the_dice_are_replayed() -> None:
    state = to_phase(GAME.new_game(seed=9), "name")
    play(state, {"type": "roll_name", "column": "random"}, {"type": "roll_name", "column": "random"})
    again = replay(json.loads(json.dumps(state.record())))
    assert again.view(0) == state.view(0)


# --------------------------------------------------------------------------- background
def test_the_background_is_the_next_non_joker_card() -> None:
    state = new(*JOKERS_EARLY)
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT)
    events = play(state, DRAW)
    assert events == [{"type": "drew", "part": "background", "cards": ["9S"]}]
    assert state.view(0)["offer"] == {"cards": ["9S"], "background": "Pickpocket"}
    play(state, DRAW)  # again: 9S to the discards, KD is the Barber
    assert state.view(0)["offer"]["background"] == "Barber" and "9S" in state.view(0)["discard"]
    play(state, ACCEPT)
    assert state.view(0)["sheet"]["background"] == "Barber" and state.view(0)["redraws"]["background"] == 1


def test_a_joker_before_the_background_card_is_set_aside() -> None:
    state = new("2S", "3S", "4C", "5C", "6D", "7H", "8H", "RJ", "AH")
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT)
    events = play(state, DRAW)
    assert [e["type"] for e in events] == ["aside", "drew"]
    assert state.view(0)["offer"]["background"] == "Government Agent" and state.view(0)["aside"] == ["RJ"]


# --------------------------------------------------------------------------- TS-6: traits
def test_ts6_each_trait_takes_the_next_card_of_its_suit() -> None:
    """After the doctest's stats and the 9S background, the deck is KD, then the standard order
    without the cards used: AS 4S 5S 6S 7S 8S 10S ... AH 2H ... AD ... AC 2C 3C 6C ..."""
    state = new(*JOKERS_EARLY)
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT, DRAW, ACCEPT)
    events = play(state, DRAW)
    offer = state.view(0)["offer"]
    by_trait = {"physique": "AS", "hair": "AH", "face": "KD", "speech": "AC", "virtue": "4S", "vice": "2H",
                "reputation": "AD", "misfortune": "2C"}
    assert offer["by_trait"] == by_trait and offer["cards"] == list(by_trait.values())
    assert offer["traits"] == {"physique": "Athletic", "hair": "Bald", "face": "Meaty", "speech": "Blunt",
                               "virtue": "Disciplined", "vice": "Bitter", "reputation": "Ambitious",
                               "misfortune": "Addicted"}
    assert events[-1]["cards"] == list(by_trait.values())
    assert state.view(0)["sheet"]["traits"] == offer["traits"]


def test_ts6_cards_of_other_suits_and_jokers_stay_where_they_are() -> None:
    stats = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    state = new(*stats, "9S", "BJ", "KH", "QH", "JH", "10S", "KD", "KC", "QD", "QC", "JS")
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT, DRAW, ACCEPT)
    play(state, DRAW)
    offer = state.view(0)["offer"]
    assert offer["by_trait"] == {"physique": "10S", "hair": "KH", "face": "KD", "speech": "KC", "virtue": "JS",
                                 "vice": "QH", "reputation": "QD", "misfortune": "QC"}
    assert state.view(0)["aside"] == [] and "BJ" not in state.view(0)["discard"]
    assert state.view(0)["deck"] == 54 - 8 - 8


def test_ts6_a_single_trait_drawn_again() -> None:
    state = new(*JOKERS_EARLY)
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT, DRAW, ACCEPT, DRAW)
    events = play(state, {"type": "draw", "trait": "vice"})
    assert events == [{"type": "drew", "part": "traits", "trait": "vice", "cards": ["3H"], "replaced": "2H"}]
    view = state.view(0)
    assert view["offer"]["by_trait"]["vice"] == "3H" and view["offer"]["traits"]["vice"] == "Craven"
    assert view["offer"]["traits"]["hair"] == "Bald" and view["offer"]["cards"][5] == "3H"
    assert view["discard"][-1] == "2H" and view["redraws"]["traits"] == 1
    assert view["log"][-1]["sentence"] == "Vice again: 3♥, Craven."
    assert state.describe(0, {"type": "draw", "trait": "vice"}) == "Draw the vice again"
    play(state, DRAW)  # the whole part again: all eight to the discards
    assert view["offer"]["cards"][0] not in state.view(0)["offer"]["cards"]
    assert state.view(0)["redraws"]["traits"] == 2
    assert set(view["offer"]["cards"]) <= set(state.view(0)["discard"])
    play(state, ACCEPT)
    assert state.view(0)["phase"] == "gear"
    assert sorted(where_cards_are(state)) == sorted(full_deck())


def test_ts6_a_suit_with_no_card_left_brings_the_discards_back() -> None:
    """Physique again and again: thirteen spades, three kept (stats and background), the rest
    walked through until none is left in the deck; then the discards come back under the deck."""
    state = new("2S", "3S", "4C", "5C", "6D", "7H", "8H", "9S")
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT, DRAW, ACCEPT, DRAW)
    physique = [state.view(0)["offer"]["by_trait"]["physique"]]
    reshuffles = []
    for _ in range(12):
        events = play(state, {"type": "draw", "trait": "physique"})
        reshuffles += [e for e in events if e["type"] == "reshuffle"]
        physique.append(state.view(0)["offer"]["by_trait"]["physique"])
        assert physique[-1].endswith("S")
        assert sorted(where_cards_are(state)) == sorted(full_deck())
    # the deck's spades in order: AS 4S 5S 6S 7S (virtue took 4S: AS, 5S...) then the reshuffle
    assert physique[:4] == ["AS", "5S", "6S", "7S"]
    assert reshuffles and reshuffles[0]["count"] > 0
    assert state.view(0)["redraws"]["traits"] == 12


# --------------------------------------------------------------------------- TS-7: writing it yourself
def test_ts7_a_written_name_and_background_are_final() -> None:
    state = to_phase(new(*JOKERS_EARLY), "name")
    events = play(state, {"type": "write", "text": "  Doc Holliday "})
    assert events[-1] == {"type": "accepted", "part": "name"}
    view = state.view(0)
    assert view["phase"] == "background" and view["sheet"]["name"] == "Doc Holliday" and view["offer"] is None
    play(state, {"type": "write", "text": "Dentist"})
    assert state.view(0)["phase"] == "traits" and state.view(0)["sheet"]["background"] == "Dentist"
    assert state.view(0)["deck"] == 45  # no card was drawn for the background
    play(state, DRAW, ACCEPT, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None
    made = outcome["result"]["made"]
    assert made["name"] == {"written": True} and made["background"] == {"written": True}
    assert made["written"] == ["name", "background"] and made["by_the_book"] is False
    assert outcome["reason"] == "Doc Holliday the Dentist is ready to ride."


def test_ts7_writing_over_a_drawn_background_discards_the_card() -> None:
    state = to_phase(new(*JOKERS_EARLY), "background")
    play(state, DRAW, {"type": "write", "text": "Ex-sheriff"})
    assert state.view(0)["discard"][-1] == "9S" and state.view(0)["sheet"]["background"] == "Ex-sheriff"


def test_ts7_write_is_not_listed_but_legal_in_name_and_background() -> None:
    state = to_phase(GAME.new_game(seed=2), "name")
    assert all(m["type"] != "write" for m in state.legal_moves(0))
    assert state.check(0, {"type": "write", "text": "Kit"}) is None


@pytest.mark.parametrize("text", ["", "   ", "K" * 41, "Kit\nCarson", "Tab\there", "bell\x07", 7, None, ["Kit"]])
def test_ts7_bad_names_are_refused(text: Any) -> None:
    state = to_phase(GAME.new_game(seed=2), "name")
    message = refused(state, {"type": "write", "text": text}, "bad_text")
    assert "name" in message


def test_ts7_name_and_background_limits() -> None:
    state = to_phase(GAME.new_game(seed=2), "name")
    play(state, {"type": "write", "text": "K" * 40})
    refused(state, {"type": "write", "text": "B" * 81}, "bad_text")
    play(state, {"type": "write", "text": "B" * 80})
    assert state.view(0)["sheet"]["background"] == "B" * 80


@pytest.mark.parametrize("phase", ["stats", "traits", "gear"])
def test_ts7_writing_in_another_part_is_not_now(phase: str) -> None:
    state = to_phase(GAME.new_game(seed=2), phase)
    assert "name and a background" in refused(state, {"type": "write", "text": "Kit"}, "not_now")


# --------------------------------------------------------------------------- TS-8: gear
def test_ts8_starting_gear_and_money() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    view = state.view(0)
    assert [i["id"] for i in view["sheet"]["inventory"]] == ["rations", "torch"]
    assert view["sheet"]["money"] == 1000 and view["sheet"]["money_label"] == "$10"
    assert view["slots"] == {"used": 2, "total": 10, "full": False} and view["gear"] == "standard"
    assert view["bought"] == [False, False]
    assert state.legal_moves(0)[0] == ACCEPT


def test_ts8_buying_takes_money_and_slots_and_returning_refunds() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    events = play(state, {"type": "buy", "item": "revolver"})
    assert events == [{"type": "bought", "item": "revolver", "price": 300, "full": False}]
    play(state, {"type": "buy", "item": "pitchfork"}, {"type": "buy", "item": "bread_broth"})
    view = state.view(0)
    assert view["sheet"]["money"] == 1000 - 300 - 100 - 10 and view["sheet"]["money_label"] == "$5.90"
    assert view["slots"]["used"] == 5 and view["bought"] == [False, False, True, True, True]
    assert view["sheet"]["inventory"][2]["damage"] == [1, 3, 4] and view["sheet"]["inventory"][2]["ranged"] is True
    assert state.describe(0, {"type": "return", "index": 3}) == "Return the pitchfork for $1"
    events = play(state, {"type": "return", "index": 3})
    assert events == [{"type": "returned", "item": "pitchfork", "price": 100}]
    view = state.view(0)
    assert view["sheet"]["money"] == 690 and [i["id"] for i in view["sheet"]["inventory"]] == [
        "rations", "torch", "revolver", "bread_broth"]
    assert view["bought"] == [False, False, True, True]
    assert {"type": "return", "index": 3} in state.legal_moves(0)
    assert {"type": "return", "index": 0} not in state.legal_moves(0)


def test_ts8_too_dear_is_refused() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    assert "$100" in refused(state, {"type": "buy", "item": "spyglass"}, "too_dear")
    play(state, {"type": "buy", "item": "revolver"}, {"type": "buy", "item": "revolver"},
         {"type": "buy", "item": "revolver"})
    assert state.view(0)["sheet"]["money"] == 100
    refused(state, {"type": "buy", "item": "knife"}, "too_dear")  # $3 with $1 left
    play(state, {"type": "buy", "item": "crowbar"})
    assert state.view(0)["sheet"]["money"] == 0
    assert [m for m in state.legal_moves(0) if m["type"] == "buy"] == []


def test_ts8_filling_exactly_ten_slots_is_allowed_and_then_no_room() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    for _ in range(7):
        play(state, {"type": "buy", "item": "crowbar"})
    assert state.view(0)["slots"] == {"used": 9, "total": 10, "full": False}
    events = play(state, {"type": "buy", "item": "gin"})
    assert events[0]["full"] is True
    view = state.view(0)
    assert view["slots"] == {"used": 10, "total": 10, "full": True} and view["sheet"]["money"] == 250
    assert "full: HP is 0" in view["log"][-1]["sentence"]
    assert "0 are free" in refused(state, {"type": "buy", "item": "bread_broth"}, "no_room")
    # nothing carried is on offer now; what is kept beside the inventory still is (TS-25)
    assert {SHOP[m["item"]].kind for m in state.legal_moves(0) if m["type"] == "buy"} <= set(KEPT_KINDS)
    play(state, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None and effective_hp(outcome["result"]) == 0 and outcome["result"]["hp"] >= 1


def test_ts8_a_bulky_item_needs_two_free_slots() -> None:
    """With the starting $10 no bulky item ($15) is ever affordable, so the slot rule is shown with
    more money put in the purse by hand: nine slots used, a shotgun does not fit, a crowbar does."""
    assert all(item.price > 1000 for item in SHOP.values() if item.slots == 2)
    state = to_phase(GAME.new_game(seed=4), "gear")
    for _ in range(7):
        play(state, {"type": "buy", "item": "bread_broth"})
    assert isinstance(state, ForgeState)
    state.sheet["money"] = 5000
    assert "2 slot(s) and only 1 are free" in refused(state, {"type": "buy", "item": "shotgun"}, "no_room")
    play(state, {"type": "buy", "item": "crowbar"})
    assert state.view(0)["slots"]["full"] is True


EXPECTED_MONEY = {"rancher": 300, "gambler": 200, "outlaw": 200, "preacher": 400, "thunder_mesa": 0, "prospector": 0}


@pytest.mark.parametrize("archetype", list(ARCHETYPES))
def test_ts8_a_package_replaces_the_gear_and_the_money(archetype: str) -> None:
    assert archetype in EXPECTED_MONEY
    state = to_phase(GAME.new_game(seed=4), "gear")
    play(state, {"type": "buy", "item": "revolver"})
    events = play(state, {"type": "package", "archetype": archetype})
    assert events == [{"type": "package", "archetype": archetype}]
    view = state.view(0)
    package = ARCHETYPES[archetype]
    assert view["sheet"]["money"] == EXPECTED_MONEY[archetype]
    assert [i["id"] for i in view["sheet"]["inventory"]] == [i.id for i in package.items]
    assert view["sheet"]["inventory"][-2:] == [
        {"id": "rations", "name": "Three days' rations", "kind": "supplies", "slots": 1},
        {"id": "torch", "name": "Torch", "kind": "supplies", "slots": 1}]
    assert view["gear"] == archetype and view["bought"] == [False] * len(package.items)
    assert not view["slots"]["full"]
    # the package's own things never go back; the shop stays open for its dollars (TS-8)
    refused(state, {"type": "return", "index": 0}, "not_bought")
    refused(state, {"type": "package", "archetype": archetype}, "already")
    buys = [m["item"] for m in state.legal_moves(0) if m["type"] == "buy"]
    assert buys == [i.id for i in SHOP.values() if i.price <= package.money]
    assert {"type": "package", "archetype": "standard"} in state.legal_moves(0)
    play(state, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None and outcome["result"]["made"]["gear"] == archetype
    assert check_sheet(outcome["result"]) == outcome["result"]


def test_ts8_going_back_to_the_starting_gear_reopens_the_shop() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    play(state, {"type": "package", "archetype": "preacher"}, {"type": "package", "archetype": "standard"})
    view = state.view(0)
    assert view["sheet"]["money"] == 1000 and [i["id"] for i in view["sheet"]["inventory"]] == ["rations", "torch"]
    play(state, {"type": "buy", "item": "crowbar"})
    assert state.view(0)["sheet"]["money"] == 900


def test_ts8_the_thunder_mesa_bow_and_the_knives() -> None:
    bow = next(i for i in ARCHETYPES["thunder_mesa"].items if i.id == "bow")
    assert (bow.weapon, bow.ranged) == ("hand", True)
    small_knife = next(i for i in ARCHETYPES["thunder_mesa"].items if i.id == "small_knife")
    assert small_knife.weapon == "improvised"


def test_ts8_the_shop_prices() -> None:
    prices = {"improvised": 100, "hand": 300, "field": 1500, "heavy": 1500}
    for item in SHOP.values():
        if item.kind == "weapon":
            assert item.price == prices[item.weapon] and item.slots == (2 if item.weapon in ("field", "heavy") else 1)
        elif item.kind == "tool":
            assert item.price == 100 and item.slots == 1
        elif item.kind == "luxury":
            assert item.price == 10000


def test_ts8_the_cane_is_a_hand_weapon_in_the_shop_and_the_gamblers_package() -> None:
    """The SRD lists the Cane among the hand weapons (1/3/4, $3), not among the tools."""
    assert (SHOP["cane"].kind, SHOP["cane"].weapon, SHOP["cane"].price, SHOP["cane"].ranged) == ("weapon", "hand", 300,
                                                                                                   False)
    state = to_phase(GAME.new_game(seed=4), "gear")
    play(state, {"type": "package", "archetype": "gambler"})
    cane = next(i for i in state.view(0)["sheet"]["inventory"] if i["id"] == "cane")
    assert cane["kind"] == "weapon" and cane["damage"] == [1, 3, 4] and cane["ranged"] is False


def test_ts8_the_srds_luxuries_and_the_pistol_are_sold() -> None:
    for item in ("thermometer", "elaborate_clothes", "jewellery", "ornament", "spyglass", "clockwork"):
        assert (SHOP[item].kind, SHOP[item].price) == ("luxury", 10000)
    assert (SHOP["pistol"].weapon, SHOP["pistol"].ranged) == ("hand", True)
    assert {i.id for i in SHOP.values() if i.kind == "food"} == {"bread_broth", "gin", "rum", "pie_wine", "fine_meal"}


@pytest.mark.parametrize("archetype,money", [("preacher", 400), ("outlaw", 200), ("rancher", 300)])
def test_ts8_a_packages_leftover_dollars_can_be_spent(archetype: str, money: int) -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    play(state, {"type": "package", "archetype": archetype})
    events = play(state, {"type": "buy", "item": "pitchfork"}, {"type": "buy", "item": "bread_broth"})
    assert events[0] == {"type": "bought", "item": "pitchfork", "price": 100, "full": False}
    view = state.view(0)
    assert view["sheet"]["money"] == money - 110 and view["gear"] == archetype
    assert view["bought"] == [False] * len(ARCHETYPES[archetype].items) + [True, True]
    play(state, {"type": "return", "index": len(ARCHETYPES[archetype].items)})
    assert state.view(0)["sheet"]["money"] == money - 10
    refused(state, {"type": "buy", "item": "shotgun"}, "too_dear")
    play(state, {"type": "package", "archetype": "standard"})  # a package taken again drops what was bought
    view = state.view(0)
    assert view["sheet"]["money"] == 1000 and view["bought"] == [False, False]


# --------------------------------------------------------------------------- TS-25: beasts, board, hirelings
def test_ts25_the_shop_sells_the_srds_beasts_board_and_hirelings() -> None:
    kept = {i.id: (i.kind, i.price, i.carries) for i in SHOP.values() if i.kind in KEPT_KINDS}
    assert kept == {"mutt": ("beast", 500, 0), "hound": ("beast", 5000, 0), "mule": ("beast", 700, 6),
                    "llama": ("beast", 700, 6), "horse": ("beast", 10000, 4),
                    "dormitory": ("board", 100, 0), "boarding_house": ("board", 1000, 0),
                    "town_house": ("board", 2000, 0),
                    "lighter_boy": ("hireling", 100, 0), "mercenary": ("hireling", 500, 0),
                    "expert": ("hireling", 1000, 0)}
    assert all(SHOP[i].slots == 0 for i in kept)
    view = to_phase(GAME.new_game(seed=4), "gear").view(0)
    mule = next(i for i in view["shop"] if i["id"] == "mule")
    assert mule == {"id": "mule", "name": "Mule", "price": 700, "price_label": "$7", "kind": "beast", "slots": 0,
                    "carries": 6}
    assert next(i for i in view["shop"] if i["id"] == "mercenary")["note"].endswith("a musket and a sword")


def test_ts25_a_mule_is_kept_beside_the_inventory_and_carries_six_slots() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    assert state.describe(0, {"type": "buy", "item": "mule"}) == "Buy mule for $7"
    events = play(state, {"type": "buy", "item": "mule"})
    assert events == [{"type": "bought", "item": "mule", "price": 700, "full": False}]
    view = state.view(0)
    assert view["sheet"]["companions"] == [{"id": "mule", "name": "Mule", "kind": "beast", "carries": 6, "wage": 0}]
    assert [i["id"] for i in view["sheet"]["inventory"]] == ["rations", "torch"] and view["bought"] == [False, False]
    assert view["slots"] == {"used": 2, "total": 16, "full": False} and view["sheet"]["money"] == 300
    assert view["log"][-1]["sentence"] == "Bought mule for $7. It carries 6 slots."
    for _ in range(3):
        play(state, {"type": "buy", "item": "crowbar"})
    assert state.view(0)["slots"]["used"] == 5
    assert {"type": "return", "item": "mule"} in state.legal_moves(0)
    assert state.describe(0, {"type": "return", "item": "mule"}) == "Return the mule for $7"
    assert play(state, {"type": "return", "item": "mule"}) == [{"type": "returned", "item": "mule", "price": 700}]
    view = state.view(0)
    assert view["sheet"]["companions"] == [] and view["sheet"]["money"] == 700 and view["slots"]["total"] == 10


def test_ts25_a_beast_carrying_part_of_the_load_cannot_go_back() -> None:
    """Sixteen slots with a mule: filled to 12, the mule's six cannot go, since only four are free."""
    state = to_phase(GAME.new_game(seed=4), "gear")
    assert isinstance(state, ForgeState)
    state.sheet["money"] = 5000
    play(state, {"type": "buy", "item": "mule"}, *[{"type": "buy", "item": "crowbar"}] * 10)
    assert state.view(0)["slots"] == {"used": 12, "total": 16, "full": False}
    assert "only 4 are free" in refused(state, {"type": "return", "item": "mule"}, "no_room")
    assert {"type": "return", "item": "mule"} not in state.legal_moves(0)
    play(state, *[{"type": "buy", "item": "crowbar"}] * 4)
    assert state.view(0)["slots"] == {"used": 16, "total": 16, "full": True}, "every slot full: 0 HP (TOMB-2)"
    play(state, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None and effective_hp(outcome["result"]) == 0
    assert check_sheet(outcome["result"]) == outcome["result"]


def test_ts25_board_is_paid_by_the_week_one_lodging_at_a_time() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    play(state, {"type": "buy", "item": "dormitory"}, {"type": "buy", "item": "dormitory"})
    view = state.view(0)
    assert view["sheet"]["board"] == {"id": "dormitory", "name": "Bed in a dormitory", "weeks": 2}
    assert view["sheet"]["money"] == 800 and view["slots"]["used"] == 2
    assert "give it up first" in refused(state, {"type": "buy", "item": "boarding_house"}, "board_taken")
    assert state.describe(0, {"type": "return", "item": "dormitory"}) == "Give up a week's board ($1 back)"
    play(state, {"type": "return", "item": "dormitory"})
    assert state.view(0)["sheet"]["board"]["weeks"] == 1
    play(state, {"type": "return", "item": "dormitory"})
    assert state.view(0)["sheet"]["board"] is None
    refused(state, {"type": "return", "item": "dormitory"}, "not_bought")
    play(state, {"type": "buy", "item": "boarding_house"})
    assert state.view(0)["sheet"]["money"] == 0


def test_ts25_ts26_a_hireling_is_hired_for_a_days_wage() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    assert state.describe(0, {"type": "buy", "item": "lighter_boy"}) == "Hire a lighter boy for $1 a day"
    play(state, {"type": "buy", "item": "lighter_boy"}, {"type": "buy", "item": "mercenary"})
    view = state.view(0)
    assert view["sheet"]["companions"] == [
        {"id": "lighter_boy", "name": "Lighter boy", "kind": "hireling", "carries": 0, "wage": 100},
        {"id": "mercenary", "name": "Mercenary", "kind": "hireling", "carries": 0, "wage": 500}]
    assert view["sheet"]["money"] == 400 and view["log"][-1]["sentence"] == (
        "Hired a mercenary: $5, the first day's wage.")
    refused(state, {"type": "buy", "item": "expert"}, "too_dear")
    assert state.describe(0, {"type": "return", "item": "lighter_boy"}) == "Let the lighter boy go ($1 back)"
    play(state, {"type": "return", "item": "lighter_boy"})
    assert [c["id"] for c in state.view(0)["sheet"]["companions"]] == ["mercenary"]


def test_ts26_the_lighter_boys_wage_is_corrected() -> None:
    assert SHOP["lighter_boy"].price == 100
    assert ("Hirelings, Lighter Boy: $s a day", "$1 a day (TS-26)") in CORRECTIONS


def test_ts25_a_package_drops_beasts_board_and_hirelings_bought_with_the_old_money() -> None:
    state = to_phase(GAME.new_game(seed=4), "gear")
    play(state, {"type": "buy", "item": "mule"}, {"type": "buy", "item": "dormitory"},
         {"type": "package", "archetype": "preacher"})
    view = state.view(0)
    assert view["sheet"]["companions"] == [] and view["sheet"]["board"] is None and view["sheet"]["money"] == 400
    play(state, {"type": "buy", "item": "lighter_boy"})
    refused(state, {"type": "buy", "item": "mutt"}, "too_dear")
    play(state, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None
    result = outcome["result"]
    assert [c["id"] for c in result["companions"]] == ["lighter_boy"] and result["money"] == 300
    assert result["made"]["gear"] == "preacher"
    assert check_sheet(json.loads(json.dumps(result))) == result
    assert provenance(result)["word"] == "by_the_book"


@pytest.mark.parametrize("change,why", [
    (lambda s: s.update(companions=[{"id": "unicorn", "name": "Unicorn", "kind": "beast", "carries": 60, "wage": 0}]),
     "Companion 1 is not"),
    (lambda s: s.update(companions=[{"id": "mule", "name": "Mule", "kind": "beast", "carries": 60, "wage": 0}]),
     "Companion 1 is not"),
    (lambda s: s.update(companions=[{"id": "crowbar", "name": "Crowbar", "kind": "tool", "carries": 0, "wage": 0}]),
     "Companion 1 is not"),
    (lambda s: s.update(companions="mule"), "companions is a list"),
    (lambda s: s.update(board={"id": "dormitory", "name": "Bed in a dormitory", "weeks": 0}), "board is null"),
    (lambda s: s.update(board={"id": "mule", "name": "Mule", "weeks": 1}), "board is null"),
    (lambda s: s.update(board="dormitory"), "board is null"),
    (lambda s: s.update(inventory=s["inventory"] + [{"id": "crowbar", "name": "Crowbar", "kind": "tool",
                                                     "slots": 1}] * 9), "The items take more than 10 slots."),
])
def test_ts25_check_sheet_refuses_what_the_shop_never_sells(change: Any, why: str) -> None:
    sheet = finished(4)
    change(sheet)
    with pytest.raises(SetupError) as info:
        check_sheet(sheet)
    assert info.value.message.startswith(why), info.value.message


def test_ts25_a_sheet_from_before_keeps_no_companions_and_a_mule_makes_room() -> None:
    sheet = finished(4)
    del sheet["companions"], sheet["board"]
    checked = check_sheet(sheet)
    assert checked["companions"] == [] and checked["board"] is None
    loaded = {**checked, "inventory": checked["inventory"] + [{"id": "crowbar", "name": "Crowbar", "kind": "tool",
                                                               "slots": 1}] * 12,
              "companions": [{"id": "mule", "name": "Mule", "kind": "beast", "carries": 6, "wage": 0}]}
    assert check_sheet(loaded)["inventory"] == loaded["inventory"] and not inventory_full(loaded)


SHOP_MOVES = st.one_of(st.sampled_from([{"type": "buy", "item": i} for i in SHOP]),
                       st.sampled_from([{"type": "return", "item": i} for i in SHOP if SHOP[i].kind in KEPT_KINDS]),
                       st.builds(lambda n: {"type": "return", "index": n}, st.integers(0, 20)),
                       st.sampled_from([{"type": "package", "archetype": a} for a in ("standard", *ARCHETYPES)]))


@settings(max_examples=60, deadline=None)
@given(moves=st.lists(SHOP_MOVES, max_size=40), money=st.sampled_from([None, 30000]))
def test_ts8_ts25_any_shopping_keeps_money_slots_and_the_sheet_good(moves: list[dict[str, Any]],
                                                                    money: int | None) -> None:
    """Whatever is bought and given back, legal or not: money never below 0, the slots within the total (the
    character's ten and the pack beasts'), a full inventory shown at 0 HP (TOMB-2), and check_sheet takes the
    finished sheet as it is."""
    state = to_phase(GAME.new_game(seed=4), "gear")
    assert isinstance(state, ForgeState)
    if money is not None:
        state.sheet["money"] = money  # a rich purse reaches the beasts and the slot limits
    for move in moves:
        allowed = state.check(0, move) is None
        assert allowed == (move in state.legal_moves(0)), "what is offered is exactly what is taken"
        if allowed:
            state.play(0, move)
        else:
            with pytest.raises(IllegalMove):
                state.play(0, move)
        sheet = state.view(0)["sheet"]
        assert sheet["money"] >= 0
        assert slots_used(sheet) <= inventory_slots(sheet) == state.view(0)["slots"]["total"]
        assert state.view(0)["slots"]["full"] == (slots_used(sheet) == inventory_slots(sheet))
    play(state, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None
    result = outcome["result"]
    assert check_sheet(json.loads(json.dumps(result))) == result
    assert effective_hp(result) == (0 if inventory_full(result) else result["hp"])


# --------------------------------------------------------------------------- order and refusals
def test_the_parts_come_in_order_and_accept_needs_something_drawn() -> None:
    state = GAME.new_game(seed=8)
    assert state.legal_moves(0) == [DRAW]
    assert "abilities" in refused(state, ACCEPT, "nothing_drawn")
    phases = []
    for moves in ([DRAW, ACCEPT], [{"type": "roll_name", "column": "female"}, ACCEPT], [DRAW, ACCEPT],
                  [DRAW, ACCEPT], [ACCEPT]):
        phases.append(state.view(0)["phase"])
        if phases[-1] not in ("stats", "gear"):
            assert state.check(0, ACCEPT)["code"] == "nothing_drawn"  # type: ignore[index]
        play(state, *moves)
    assert phases == ["stats", "name", "background", "traits", "gear"]
    assert state.view(0)["phase"] == "done" and state.to_act() == [] and state.is_over()
    assert refused(state, DRAW, "game_over")


def test_legal_moves_per_phase() -> None:
    state = GAME.new_game(seed=8)
    assert state.legal_moves(0) == [DRAW]
    play(state, DRAW)
    assert state.legal_moves(0) == [ACCEPT, DRAW]
    play(state, ACCEPT)
    assert state.legal_moves(0) == [{"type": "roll_name", "column": c} for c in ("male", "female", "rootin", "random")]
    play(state, {"type": "roll_name", "column": "male"})
    assert state.legal_moves(0)[0] == ACCEPT and len(state.legal_moves(0)) == 5
    play(state, ACCEPT)
    assert state.legal_moves(0) == [DRAW]
    play(state, DRAW, ACCEPT)
    assert state.legal_moves(0) == [DRAW]
    play(state, DRAW)
    assert state.legal_moves(0) == [ACCEPT, DRAW, *({"type": "draw", "trait": t.id} for t in TRAITS)]
    play(state, ACCEPT)
    moves = state.legal_moves(0)
    assert moves[0] == ACCEPT
    assert moves[1:1 + len(ARCHETYPES)] == [{"type": "package", "archetype": a} for a in ARCHETYPES]
    assert [m["item"] for m in moves if m["type"] == "buy"] == [i.id for i in SHOP.values() if i.price <= 1000]


@pytest.mark.parametrize("phase,move,code", [
    ("stats", {"type": "roll_name", "column": "male"}, "not_now"),
    ("stats", {"type": "buy", "item": "crowbar"}, "not_now"),
    ("stats", {"type": "package", "archetype": "outlaw"}, "not_now"),
    ("stats", {"type": "draw", "trait": "vice"}, "not_now"),
    ("stats", {"type": "return", "index": 0}, "not_bought"),
    ("name", DRAW, "not_now"),
    ("name", {"type": "buy", "item": "crowbar"}, "not_now"),
    ("background", {"type": "roll_name", "column": "male"}, "not_now"),
    ("traits", {"type": "draw", "trait": "vice"}, "not_now"),  # nothing on the table yet
    ("traits", {"type": "package", "archetype": "standard"}, "not_now"),
    ("gear", DRAW, "not_now"),
    ("gear", {"type": "roll_name", "column": "random"}, "not_now"),
    ("gear", {"type": "package", "archetype": "standard"}, "already"),
    ("gear", {"type": "return", "index": 0}, "not_bought"),
    ("gear", {"type": "return", "index": 9}, "not_bought"),
])
def test_moves_in_the_wrong_part_get_clear_codes(phase: str, move: dict[str, Any], code: str) -> None:
    state = to_phase(GAME.new_game(seed=8), phase)
    assert refused(state, move, code).strip()


@pytest.mark.parametrize("move", [
    None, "draw", ["draw"], {}, {"type": 1}, {"type": "dance"}, {"type": "draw", "extra": 1},
    {"type": "accept", "now": True}, {"type": "roll_name"}, {"type": "roll_name", "column": "aliens"},
    {"type": "roll_name", "column": None}, {"type": "write"}, {"type": "package"},
    {"type": "package", "archetype": "pirate"}, {"type": "buy"}, {"type": "buy", "item": "laser"},
    {"type": "buy", "item": ["crowbar"]}, {"type": "return"}, {"type": "return", "index": "2"},
    {"type": "return", "index": True}, {"type": "return", "index": 2.0}, {"type": "draw", "trait": "scent"},
    {"type": "draw", "trait": {}}, {"type": "draw", "trait": ["vice"]},
])
def test_malformed_moves(move: Any) -> None:
    phase = "name" if isinstance(move, dict) and move.get("type") == "roll_name" else \
        "gear" if isinstance(move, dict) and move.get("type") in ("package", "buy", "return") else \
        "traits" if isinstance(move, dict) and "trait" in move else "stats"
    state = to_phase(GAME.new_game(seed=8), phase)
    if phase == "traits":
        play(state, DRAW)
    refused(state, move, "malformed_move")


# --------------------------------------------------------------------------- the result (TS-7)
def test_a_character_by_the_book() -> None:
    state = new(*JOKERS_EARLY, seed=3)
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "rootin"}, ACCEPT, DRAW, ACCEPT, DRAW, ACCEPT,
         {"type": "buy", "item": "revolver"}, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None
    sheet = outcome["result"]
    assert check_sheet(json.loads(json.dumps(sheet))) == sheet
    made = sheet["made"]
    assert made["stats"] == ["2S", "3S", "4C", "5C", "6D", "7H", "8H"]
    assert made["background"] == {"card": "9S"} and made["name"]["column"] == "rootin"
    assert sheet["name"] == NAMES["rootin"][sum(made["name"]["dice"])]
    assert made["traits"]["face"] == "KD" and made["gear"] == "standard"
    assert made["redraws"] == {"stats": 0, "name": 0, "background": 0, "traits": 0, "gear": 0}
    assert made["written"] == [] and made["by_the_book"] is True
    assert outcome["winner"] is None and outcome["scores"] == [3]
    assert outcome["reason"] == f"{sheet['name']} the Pickpocket is ready to ride."
    assert (sheet["abilities"], sheet["hp"], sheet["max_hp"], sheet["money"]) == (
        {"STR": 2, "DEX": 2, "WIL": 1, "GRT": 2}, 3, 3, 700)
    assert state.view(0)["log"][-1]["sentence"] == "The character is done."


@pytest.mark.parametrize("detour", ["stats", "name", "background", "traits", "trait", "package_only"])
def test_by_the_book_only_without_redraws_and_writing(detour: str) -> None:
    state = GAME.new_game(seed=11)
    extra = {"stats": [DRAW, DRAW], "name": [{"type": "roll_name", "column": "male"}] * 2,
             "background": [DRAW, DRAW], "traits": [DRAW, DRAW], "trait": [DRAW, {"type": "draw", "trait": "hair"}]}
    for part in ("stats", "name", "background", "traits"):
        first = [{"type": "roll_name", "column": "male"}] if part == "name" else [DRAW]
        play(state, *(extra[detour] if detour in (part,) or (detour == "trait" and part == "traits") else first),
             ACCEPT)
    if detour == "package_only":
        play(state, {"type": "package", "archetype": "outlaw"})
    play(state, ACCEPT)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome["result"]["made"]["by_the_book"] is (detour == "package_only")  # a package is by the book
    word = provenance(check_sheet(outcome["result"]))["word"]
    assert word == ("by_the_book" if detour == "package_only" else "forged"), "TS-18 agrees with TS-7"


# --------------------------------------------------------------------------- drawn by the book, shown (TS-18)
FAST = [DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT, DRAW, ACCEPT, DRAW, ACCEPT, ACCEPT]


def finished(seed: int, moves: list[dict[str, Any]] = FAST) -> dict[str, Any]:
    state = GAME.new_game(seed=seed)
    play(state, *moves)
    outcome = state.outcome()
    assert outcome is not None
    sheet: dict[str, Any] = check_sheet(json.loads(json.dumps(outcome["result"])))
    return sheet


def test_ts18_the_sheet_carries_the_forges_record_and_it_replays_the_character() -> None:
    moves = [DRAW, DRAW, ACCEPT, {"type": "write", "text": " Calamity "}, DRAW, ACCEPT, DRAW,
             {"type": "draw", "trait": "vice"}, ACCEPT, {"type": "buy", "item": "revolver"}, ACCEPT]
    sheet = finished(12, moves)
    assert sheet["made"]["replay"] == {"version": ForgeState.version, "seed": 12, "moves": moves}
    drawn, why = replay_forge(sheet["made"]["replay"])
    assert drawn == sheet and why == ""
    assert provenance(sheet) == {"word": "forged", "problems": [], "reason": (
        "Its forge record replays to this character, but a part was drawn again or written in.")}


def test_ts18_a_character_kept_as_drawn_is_shown_by_the_book() -> None:
    sheet = finished(4)
    assert sheet["made"]["by_the_book"] is True
    assert provenance(sheet) == {"word": "by_the_book", "problems": [], "reason": (
        "Its forge record replays to this character, with nothing drawn again and nothing written in.")}
    assert provenance(check_sheet(forge_stranger(9)))["word"] == "by_the_book", "SD-11: a stranger by the book"


def test_ts18_what_play_changes_proves_nothing_either_way() -> None:
    """Scores, HP, money, items, conditions and death change in play; scars may raise the maxima and max HP
    (TS-9) as far as they can go: still by the book."""
    sheet = finished(4)
    worn = json.loads(json.dumps(sheet))
    worn.update(hp=0, money=worn["money"] + 2500, inventory=worn["inventory"][1:], fatigue=2, status="dead",
                conditions=["Hobbled"], exhausted=True)
    worn["abilities"] = {**worn["abilities"], "DEX": 0, "GRT": -12}
    worn["scars"] = [{"roll": 8, "name": "Deafened", "detail": "x"}, {"roll": 1, "name": "Lasting Scar", "detail": "y"}]
    worn["max"]["GRT"] += 1  # Deafened's save passed
    worn["max_hp"] += 3  # a lasting scar's tier 3
    assert provenance(check_sheet(worn))["word"] == "by_the_book"
    worn["max_hp"] += 1  # no tier is 4
    assert provenance(check_sheet(worn)) == {
        "word": "edited", "reason": "Its forge record replays, but the sheet is not what the forge and play since "
                                   "could make of it.",
        "problems": [f"max_hp is {worn['max_hp']}; the draw gave {sheet['max_hp']} and the scars on the sheet add 1 "
                     f"to 3."]}


@pytest.mark.parametrize("change,problem", [
    (lambda s: s.update(name="Wild Bill"), "The name is 'Wild Bill'; the forge's record gives "),
    (lambda s: s.update(background="Sheriff"), "The background is 'Sheriff'; the forge's record gives "),
    (lambda s: s["traits"].update(vice="Saintly", face="Pretty"),
     "The face, vice are not what the forge's record gives."),
    (lambda s: s["made"].update(by_the_book=True, redraws={"stats": 0, "name": 0, "background": 0, "traits": 0,
                                                            "gear": 0}),
     "How it was made (made) is not what the forge's record gives."),
    (lambda s: s["max"].update(WIL=s["max"]["WIL"] + 1),
     "WIL's maximum is {WIL}; the draw gave {WIL0} and no scar on the sheet raises it."),
])
def test_ts18_a_sheet_changed_after_the_forge_is_shown_edited(change: Any, problem: str) -> None:
    """A forged sheet (a redrawn trait) changed where play never changes it."""
    moves = [DRAW, ACCEPT, {"type": "roll_name", "column": "female"}, ACCEPT, DRAW, ACCEPT, DRAW,
             {"type": "draw", "trait": "hair"}, ACCEPT, ACCEPT]
    sheet = finished(12, moves)
    edited = json.loads(json.dumps(sheet))
    change(edited)
    told = provenance(check_sheet(edited))
    assert told["word"] == "edited", told
    wanted = problem.format(WIL=edited["max"]["WIL"], WIL0=sheet["max"]["WIL"])
    assert any(p.startswith(wanted) for p in told["problems"]), told["problems"]


@pytest.mark.parametrize("record,reason", [
    (None, "No forge record to replay"),
    ("replay me", "No forge record to replay"),
    ({"seed": 4, "moves": FAST, "cheat": True}, "No forge record to replay"),
    ({"version": 3, "seed": 4, "moves": FAST}, "Its forge record is from rules version 3; this forge replays "
                                               "versions 1, 2."),
    ({"version": 1, "seed": True, "moves": FAST}, "Its forge record is damaged"),
    ({"version": 1, "seed": 4, "moves": []}, "Its forge record is damaged"),
    ({"version": 1, "seed": 4, "moves": [DRAW] * 2001}, "Its forge record is damaged"),
    ({"version": 1, "seed": 4, "moves": FAST[:-1]}, "Its forge record stops before the character was done."),
    ({"version": 1, "seed": 4, "moves": [ACCEPT, *FAST]}, "Its forge record does not replay: move 1 is refused. "
                                                          "Draw your abilities first."),
    ({"version": 1, "seed": 4, "moves": [*FAST, ACCEPT]}, "Its forge record does not replay: move 10 is refused."),
    ({"version": 1, "seed": 4, "moves": FAST, "deal": full_deck()}, "No forge record to replay"),
    ({"version": 1, "seed": 13, "moves": FAST},
     "Its forge record replays to another character (other cards for the abilities): it is not this sheet's "
     "record, or the deck was stacked."),
])
def test_ts18_a_sheet_without_a_record_that_replays_is_imported(record: Any, reason: str) -> None:
    sheet = finished(4)
    if record is None:
        del sheet["made"]["replay"]
    else:
        sheet["made"]["replay"] = record
    told = provenance(check_sheet(sheet))
    assert told["word"] == "imported" and told["reason"].startswith(reason), told
    assert told["problems"] == []


def test_ts18_a_stacked_deck_proves_nothing() -> None:
    """A forced deal (the tests' stacked decks) is not in the record (a view would show the deck's order):
    replayed from the seed, the record gives other cards, so the character is imported."""
    state = new(*JOKERS_EARLY, seed=3)
    play(state, *FAST)
    outcome = state.outcome()
    assert outcome is not None
    sheet = outcome["result"]
    assert set(sheet["made"]["replay"]) == {"version", "seed", "moves"} and sheet["made"]["by_the_book"] is True
    told = provenance(check_sheet(sheet))
    assert told["word"] == "imported" and told["reason"].startswith("Its forge record replays to another character")


def test_ts18_a_forge_saved_and_loaded_midway_still_proves_its_character() -> None:
    """A record replayed (save and load, undo) names the seed's own deal: the character is still by the book."""
    state = GAME.new_game(seed=4)
    play(state, *FAST[:5])
    again = replay(json.loads(json.dumps(state.record())))
    play(again, *FAST[5:])
    outcome = again.outcome()
    assert outcome is not None
    assert outcome["result"] == finished(4) and provenance(outcome["result"])["word"] == "by_the_book"


@pytest.mark.parametrize("name,word", [("v1_by_the_book", "by_the_book"), ("v1_forged_gambler", "forged")])
def test_ts18_ts25_a_sheet_forged_under_rules_version_1_still_replays(name: str, word: str) -> None:
    """Sheets forged at commit bdfd289 (rules version 1: no beasts, board or hirelings, no shop after a
    package, the gambler's cane a tool) replay under version 2: every move meant then what it means now for
    all provenance compares, and the replayed record keeps its version."""
    with open(f"{__file__.rsplit('/', 1)[0]}/fixtures/{name}.json") as f:
        old = json.load(f)
    assert old["made"]["replay"]["version"] == 1 and ForgeState.version == 2
    sheet = check_sheet(old)
    assert sheet["companions"] == [] and sheet["board"] is None
    drawn, why = replay_forge(sheet["made"]["replay"])
    assert why == "" and drawn is not None and drawn["made"] == sheet["made"]
    assert provenance(sheet) == {"word": word, "problems": [], "reason": provenance(sheet)["reason"]}


def test_ts17_ts18_a_hand_made_sheet_is_imported_with_what_the_rules_never_give() -> None:
    sheet = check_sheet({**finished(4), "made": {"by_the_book": True}, "max": {"STR": 1, "DEX": 1, "WIL": 1, "GRT": 0},
                         "abilities": {"STR": 1, "DEX": 1, "WIL": 1, "GRT": 0}, "hp": 1, "max_hp": 1})
    assert provenance(sheet) == {
        "word": "imported", "problems": ["The maxima add up to 3: seven cards make 7 (TOMB-2, TS-9)."],
        "reason": "No forge record to replay: the sheet was not made at this forge, or not in this version of it."}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), bot_seed=st.integers(0, 2**31))
def test_random_forges_keep_every_card_and_give_a_good_sheet(seed: int, bot_seed: int) -> None:
    state = GAME.new_game(seed=seed)
    bot = RandomBot(bot_seed)
    for _ in range(3000):
        if state.is_over():
            break
        state.play(0, bot.choose(state.view(0), state.legal_moves(0)))
        assert sorted(where_cards_are(state)) == sorted(full_deck())
        view = state.view(0)
        assert view["deck"] + len(view["discard"]) + len(view["aside"]) + len((view["offer"] or {}).get("cards", [])) \
            <= 54
    outcome = state.outcome()
    assert outcome is not None
    sheet = outcome["result"]
    assert check_sheet(json.loads(json.dumps(sheet))) == sheet
    assert sum(sheet["abilities"].values()) == 7 and sheet["max_hp"] == sheet["abilities"]["GRT"] + 1
    told = provenance(json.loads(json.dumps(sheet)))  # TS-18: every forge replays to its own character
    assert told["word"] == ("by_the_book" if sheet["made"]["by_the_book"] else "forged") and not told["problems"]
    assert told["word"] in PROVENANCE_WORDS
    assert all(sheet["traits"][t.id] for t in TRAITS) and sheet["name"] and sheet["background"]


# --------------------------------------------------------------------------- no leak (the redealer)
def test_the_redealer_knows_what_the_engine_shows() -> None:
    """Its rule-based account of the drawn cards is exactly the cards the views have shown."""
    for seed in range(30):
        state = GAME.new_game(seed=seed)
        bot = RandomBot(seed)
        shown: set[str] = set()
        while not state.is_over():
            shown |= card_codes(state.view(0))
            drawn, passed = forge_deck_knowledge(state)
            deal = state.record()["deal"]
            assert {deal[i] for i in drawn} == shown
            for position, suits in passed.items():
                assert deal[position][-1] not in suits or deal[position] in ("RJ", "BJ")
            state.play(0, bot.choose(state.view(0), state.legal_moves(0)))


def long_forge(seed: int) -> tuple[list[str], list[tuple[int, Any]]]:
    """A forge with redraws of every part, single traits, reshuffles in the stats and in the suit piles."""
    state = GAME.new_game(seed=seed)
    reshuffled: list[str] = []
    moves = [DRAW] * 9 + [ACCEPT, {"type": "roll_name", "column": "random"}, ACCEPT, DRAW, DRAW, ACCEPT, DRAW]
    moves += [{"type": "draw", "trait": t} for t in ("physique", "virtue", "hair") * 5] + [DRAW, DRAW]
    moves += [{"type": "draw", "trait": "speech"}] * 6 + [ACCEPT, {"type": "buy", "item": "revolver"}, ACCEPT]
    for move in moves:
        phase = state.view(0)["phase"]
        reshuffled += [phase for e in state.play(0, move) if e["type"] == "reshuffle"]
    assert state.is_over()
    assert "stats" in reshuffled and "traits" in reshuffled, "the long forge must reshuffle in both ways"
    return state.record()["deal"], [(p, m) for p, m in state.record()["moves"]]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_leak_through_redraws_and_reshuffles(seed: int) -> None:
    deal, played = long_forge(seed)
    rng = random.Random(seed)
    for k in range(0, len(played) + 1, 3):
        assert_redeal_unseen("tombstone_forge", seed, {}, deal, played, k, rng)


def test_the_redeal_moves_hidden_cards() -> None:
    state = GAME.new_game(seed=5)
    play(state, DRAW)
    deal = state.record()["deal"]
    redealt = {tuple(redeal(state, 0, random.Random(n))) for n in range(5)}
    assert len(redealt) > 1 and all(list(r)[:7] == deal[:7] for r in redealt if not {"RJ", "BJ"} & set(deal[:7]))


def test_a_suit_search_tells_which_cards_were_passed() -> None:
    """Why the redealer keeps the suit of a walked-past card: moving a hidden spade above the card the
    physique search found would change the physique, which the viewer would see."""
    state = new("2S", "3S", "4C", "5C", "6D", "7H", "8H", "9S", "KH", "QH", "10S")
    play(state, DRAW, ACCEPT, {"type": "roll_name", "column": "male"}, ACCEPT, DRAW, ACCEPT, DRAW)
    drawn, passed = forge_deck_knowledge(state)
    deal = state.record()["deal"]
    assert deal.index("10S") in drawn and state.view(0)["offer"]["by_trait"]["physique"] == "10S"
    assert deal.index("QH") in drawn  # vice took it after hair took KH
    naive = list(deal)
    hidden_spade = next(i for i, c in enumerate(deal) if c.endswith("S") and i not in drawn)
    first_passed = min(passed)
    naive[first_passed], naive[hidden_spade] = naive[hidden_spade], naive[first_passed]
    other = GAME.new_game(seed=1, deal=naive)
    for _, move in state.record()["moves"]:
        other.play(0, move)
    assert other.view(0) != state.view(0)
    assert all(deal[i][-1] != "S" for i in passed if "S" in passed[i])
