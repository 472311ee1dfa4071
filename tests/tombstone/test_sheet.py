"""The character sheet (``pygame_core/games/tombstone/character.py``): TOMB-2 (HP = GRT + 1, the ten
slots, starting gear and $10), slots with bulky items, Fatigue and conditions, the full inventory at
0 HP, modifiers under conditions, the weapons with bare hands (TOMB-8), and ``check_sheet``: the one
way in from outside, which rebuilds a sheet field by field and refuses a bad one with ``bad_sheet``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import SetupError, get_game
from pygame_core.bots import RandomBot
from pygame_core.games.tombstone.character import (
    CONDITIONS, DEAD_GRT_FLOOR, SHEET_FORMAT, SHEET_VERSION, Sheet, ability_modifier, arithmetic_errors,
    arithmetic_notes, check_sheet, effective_hp, inventory_full, item_json, new_sheet, scar_pending, slots_used,
    weapons)
from pygame_core.games.tombstone.tables import CREDIT, SHOP, TRAIT_IDS

ABILITIES = {"STR": 2, "DEX": 3, "WIL": 1, "GRT": 1}


def named(abilities: dict[str, int] = ABILITIES, name: str = "Kit") -> Sheet:
    sheet = new_sheet(abilities)
    sheet["name"] = name
    return sheet


def forged(seed: int, bot_seed: int | None = None) -> Sheet:
    """A whole character from the forge: by the book (draw, accept, a random name column, a revolver),
    or by a random bot when ``bot_seed`` is given."""
    state = get_game("tombstone_forge").new_game(seed=seed)
    if bot_seed is None:
        for move in [{"type": "draw"}, {"type": "accept"}, {"type": "roll_name", "column": "random"},
                     {"type": "accept"}, {"type": "draw"}, {"type": "accept"}, {"type": "draw"}, {"type": "accept"},
                     {"type": "buy", "item": "revolver"}, {"type": "accept"}]:
            state.play(0, move)
    else:
        bot = RandomBot(bot_seed)
        while not state.is_over():
            state.play(0, bot.choose(state.view(0), state.legal_moves(0)))
    outcome = state.outcome()
    assert outcome is not None
    result: Sheet = outcome["result"]
    return result


# --------------------------------------------------------------------------- new_sheet (TOMB-2, TS-8)
@pytest.mark.parametrize("grt", [0, 1, 4, 7])
def test_tomb2_hp_is_grt_plus_one(grt: int) -> None:
    sheet = new_sheet({"STR": 1, "DEX": 1, "WIL": 1, "GRT": grt})
    assert sheet["hp"] == sheet["max_hp"] == grt + 1


def test_ts8_a_new_sheet_has_the_starting_gear_and_ten_dollars() -> None:
    sheet = new_sheet(ABILITIES)
    assert sheet["format"] == SHEET_FORMAT and sheet["version"] == SHEET_VERSION
    assert sheet["abilities"] == sheet["max"] == ABILITIES and sheet["abilities"] is not sheet["max"]
    assert [i["id"] for i in sheet["inventory"]] == ["rations", "torch"]
    assert [i["slots"] for i in sheet["inventory"]] == [1, 1]
    assert sheet["money"] == 1000  # cents: $10
    assert sheet["traits"] == {t: "" for t in TRAIT_IDS} and sheet["name"] == ""
    assert (sheet["conditions"], sheet["fatigue"], sheet["scars"], sheet["status"]) == ([], 0, [], "up")
    assert (sheet["exhausted"], sheet["doomed"], sheet["credit"]) == (False, False, CREDIT)


def test_new_sheet_without_a_name_is_not_importable_yet() -> None:
    with pytest.raises(SetupError) as info:
        check_sheet(new_sheet(ABILITIES))
    assert info.value.code == "bad_sheet" and "name" in info.value.message


# --------------------------------------------------------------------------- slots (TOMB-2)
def test_tomb2_bulky_items_take_two_slots() -> None:
    sheet = named()
    assert slots_used(sheet) == 2
    sheet["inventory"].append(item_json(SHOP["shotgun"]))  # field weapon: bulky
    sheet["inventory"].append(item_json(SHOP["longrifle"]))  # heavy gun: bulky
    sheet["inventory"].append(item_json(SHOP["revolver"]))
    assert slots_used(sheet) == 2 + 2 + 2 + 1
    assert [i["slots"] for i in sheet["inventory"][2:]] == [2, 2, 1]


def test_tomb2_fatigue_and_conditions_take_a_slot_each() -> None:
    sheet = named()
    sheet["fatigue"] = 2
    sheet["conditions"] = ["Injured", "Hobbled"]
    assert slots_used(sheet) == 2 + 2 + 2


def test_tomb2_a_full_inventory_means_zero_hp() -> None:
    sheet = named({"STR": 1, "DEX": 1, "WIL": 1, "GRT": 4})
    sheet["inventory"] += [item_json(SHOP["crowbar"]) for _ in range(7)]
    assert slots_used(sheet) == 9 and not inventory_full(sheet) and effective_hp(sheet) == 5
    sheet["fatigue"] = 1
    assert inventory_full(sheet) and effective_hp(sheet) == 0 and sheet["hp"] == 5
    sheet["fatigue"] = 0
    sheet["conditions"] = ["Shocked", "Shocked"]  # past ten: still full
    assert slots_used(sheet) == 11 and inventory_full(sheet) and effective_hp(sheet) == 0
    sheet["conditions"] = []
    assert effective_hp(sheet) == 5


def test_ability_modifier_loses_one_per_condition_of_that_ability() -> None:
    sheet = named({"STR": 0, "DEX": 3, "WIL": 1, "GRT": 2})
    sheet["conditions"] = ["Injured", "Injured", "Shocked"]
    assert {a: ability_modifier(sheet, a) for a in ABILITIES} == {"STR": -2, "DEX": 3, "WIL": 0, "GRT": 2}
    assert CONDITIONS == {"STR": "Injured", "DEX": "Hobbled", "WIL": "Shocked"}


def test_tomb8_weapons_end_with_bare_hands() -> None:
    sheet = named()
    assert weapons(sheet) == [{"id": "unarmed", "name": "Bare hands", "kind": "weapon", "slots": 0,
                               "weapon": "unarmed", "damage": [1, 1, 2], "ranged": False, "move_and_fire": True}]
    sheet["inventory"] += [item_json(SHOP["crowbar"]), item_json(SHOP["revolver"]), item_json(SHOP["elephant_gun"])]
    listed = weapons(sheet)
    assert [w["id"] for w in listed] == ["revolver", "elephant_gun", "unarmed"]
    assert [w["damage"] for w in listed] == [[1, 3, 4], [3, 6, 9], [1, 1, 2]]
    assert [w["ranged"] for w in listed] == [True, True, False]
    assert listed[1]["move_and_fire"] is False


# --------------------------------------------------------------------------- check_sheet: good sheets
@pytest.mark.parametrize("seed", range(6))
def test_a_forged_sheet_survives_a_json_round_trip(seed: int) -> None:
    for sheet in (forged(seed), forged(seed, bot_seed=seed + 40)):
        text = json.dumps(sheet)
        checked = check_sheet(json.loads(text))
        assert checked == sheet
        assert check_sheet(checked) == checked  # canonical: a fixed point
        assert json.loads(json.dumps(checked)) == checked


def test_check_sheet_drops_what_is_not_a_sheet_field_and_restores_the_credit() -> None:
    sheet = named()
    sheet["money_label"] = "$10"  # the forge's view adds it; it is no part of the sheet
    sheet["surprise"] = 1
    sheet["credit"] = "somebody else"
    checked = check_sheet(sheet)
    assert "money_label" not in checked and "surprise" not in checked and checked["credit"] == CREDIT


def test_check_sheet_rebuilds_weapon_rows_from_the_class() -> None:
    sheet = named()
    revolver = item_json(SHOP["revolver"])
    revolver["damage"] = [9, 9, 9]
    revolver["move_and_fire"] = False
    sheet["inventory"].append(revolver)
    assert check_sheet(sheet)["inventory"][-1]["damage"] == [1, 3, 4]
    assert check_sheet(sheet)["inventory"][-1]["move_and_fire"] is True


def test_check_sheet_accepts_a_table_worn_sheet() -> None:
    """Items fill ten slots and Fatigue and conditions go past them (the table may do that), scars (one
    still waiting on a recovery, TS-9), a dead character's GRT below 0 (TS-17)... are all still a sheet."""
    sheet = named({"STR": 0, "DEX": 1, "WIL": 1, "GRT": 1})
    sheet["inventory"] += [item_json(SHOP["crowbar"]) for _ in range(8)]
    sheet.update(fatigue=3, conditions=["Injured", "Hobbled"], hp=0, status="dead", exhausted=True, doomed=True,
                 scars=[{"roll": 12, "name": "Doomed", "detail": "x"},
                        {"roll": 4, "name": "Broken Limb", "detail": "Broken rib (9♣).", "pending": "count_GRT_7"}],
                 notes="n" * 2000)
    sheet["abilities"]["GRT"] = -1
    sheet["made"] = {"anything": [1, {"a": None}]}
    assert check_sheet(sheet) == sheet


# --------------------------------------------------------------------------- check_sheet: bad sheets
def edit(change: Callable[[Sheet], Any], replace: bool = False) -> Callable[[], Any]:
    """A good sheet (Kit with a revolver) changed in place, or replaced by what ``change`` returns."""
    def make() -> Any:
        sheet = named()
        sheet["inventory"].append(item_json(SHOP["revolver"]))
        result = change(sheet)
        return result if replace else sheet
    return make


def set_(key: str, value: Any) -> Callable[[Sheet], None]:
    return lambda s: s.__setitem__(key, value)


def drop(key: str) -> Callable[[Sheet], None]:
    return lambda s: s.pop(key)


BAD: dict[str, tuple[Callable[[], Any], str]] = {
    "not an object": (edit(lambda s: [s], replace=True), "JSON object"),
    "a string": (edit(json.dumps, replace=True), "JSON object"),
    "wrong format": (edit(set_("format", "dueling-character")), "format"),
    "no format": (edit(drop("format")), "format"),
    "version 2": (edit(set_("version", 2)), "version 2"),
    "version as text": (edit(set_("version", "1")), "version"),
    "version true": (edit(set_("version", True)), "version"),
    "version 1.0": (edit(set_("version", 1.0)), "version"),
    "missing name": (edit(drop("name")), "name"),
    "blank name": (edit(set_("name", "   ")), "name"),
    "name too long": (edit(set_("name", "K" * 41)), "name"),
    "name a number": (edit(set_("name", 7)), "name"),
    "background too long": (edit(set_("background", "b" * 81)), "background"),
    "traits missing one": (edit(lambda s: s["traits"].pop("vice")), "traits"),
    "traits extra key": (edit(lambda s: s["traits"].update(scent="Musky")), "traits"),
    "traits a list": (edit(set_("traits", list(TRAIT_IDS))), "traits"),
    "trait not text": (edit(lambda s: s["traits"].update(vice=3)), "vice"),
    "abilities missing": (edit(lambda s: s["abilities"].pop("GRT")), "abilities"),
    "abilities bool": (edit(lambda s: s["abilities"].update(STR=True)), "STR"),
    "abilities float": (edit(lambda s: s["abilities"].update(DEX=2.0)), "DEX"),
    "WIL below 0 (TS-13, TS-17)": (edit(lambda s: s["abilities"].update(WIL=-1)), "WIL must be a whole number from 0"),
    "GRT below the dead's floor (TS-17)": (
        edit(lambda s: s.update(status="dead", abilities={**s["abilities"], "GRT": -31})),
        "GRT must be a whole number from -30"),
    "GRT below 0 on the living (TS-17)": (edit(lambda s: s["abilities"].update(GRT=-1)), "GRT below 0 kills"),
    "a score above its maximum (TS-17)": (edit(lambda s: s["abilities"].update(DEX=4)), "above its maximum 3"),
    "a maximum past seven cards (TS-17)": (edit(lambda s: s.update(abilities={**s["abilities"], "STR": 8},
                                                                    max={**s["max"], "STR": 8})),
                                           "STR's maximum is 8, but seven cards give at most 7"),
    "max_hp not GRT + 1 (TS-17)": (edit(lambda s: s.update(hp=3, max_hp=3)), "max_hp must be 2"),
    "a pending the scar never waits for (TS-9)": (edit(set_("scars", [{"roll": 3, "name": "Walloped", "detail": "x",
                                                                        "pending": "max_hp_tier"}])), "pending"),
    "a pending of another scar (TS-9)": (edit(set_("scars", [{"roll": 4, "name": "Broken Limb", "detail": "x",
                                                               "pending": "count_DEX_7"}])), "pending"),
    "max negative": (edit(lambda s: s["max"].update(WIL=-1)), "WIL"),
    "max missing": (edit(drop("max")), "max"),
    "hp above max_hp": (edit(set_("hp", 3)), "hp cannot be above max_hp"),
    "hp negative": (edit(set_("hp", -1)), "hp"),
    "hp bool": (edit(set_("hp", True)), "hp"),
    "max_hp zero": (edit(lambda s: s.update(hp=0, max_hp=0)), "max_hp"),
    "inventory not a list": (edit(set_("inventory", {})), "inventory"),
    "inventory item not an object": (edit(lambda s: s["inventory"].append("rope")), "item 4"),
    "item without slots": (edit(lambda s: s["inventory"][0].pop("slots")), "slots"),
    "item with 3 slots": (edit(lambda s: s["inventory"][0].update(slots=3)), "slots"),
    "unknown weapon class": (edit(lambda s: s["inventory"][2].update(weapon="laser")), "weapon class"),
    "weapon class a list": (edit(lambda s: s["inventory"][2].update(weapon=["hand"])), "weapon class"),
    "weapon ranged not bool": (edit(lambda s: s["inventory"][2].update(ranged="yes")), "ranged"),
    "over 10 slots": (edit(lambda s: s["inventory"].extend(item_json(SHOP["shotgun"]) for _ in range(4))),
                      "more than 10 slots"),
    "too many items": (edit(lambda s: s["inventory"].extend(
        {"id": "pin", "name": "Pin", "kind": "tool", "slots": 0} for _ in range(40))), "inventory"),
    "money negative": (edit(set_("money", -100)), "money"),
    "money float": (edit(set_("money", 10.5)), "money"),
    "unknown condition": (edit(set_("conditions", ["Sneezy"])), "conditions"),
    "conditions not a list": (edit(set_("conditions", "Injured")), "conditions"),
    "fatigue too high": (edit(set_("fatigue", 11)), "fatigue"),
    "scar roll 13": (edit(set_("scars", [{"roll": 13, "name": "x", "detail": "y"}])), "scars"),
    "scar without detail": (edit(set_("scars", [{"roll": 2, "name": "x"}])), "scars"),
    "bad status": (edit(set_("status", "asleep")), "status"),
    "no status": (edit(drop("status")), "status"),
    "exhausted as number": (edit(set_("exhausted", 0)), "exhausted"),
    "doomed missing": (edit(drop("doomed")), "doomed"),
    "notes too long": (edit(set_("notes", "n" * 2001)), "notes"),
    "made a list": (edit(set_("made", [])), "made"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_check_sheet_refuses_a_corrupted_sheet_with_a_clear_message(case: str) -> None:
    make, words = BAD[case]
    with pytest.raises(SetupError) as info:
        check_sheet(make())
    assert info.value.code == "bad_sheet"
    assert words in info.value.message, info.value.message
    assert info.value.message.strip().endswith(".")


# --------------------------------------------------------------------------- check_sheet: the rules' arithmetic (TS-17)
def test_ts17_a_sheet_no_draw_can_give_is_refused_with_every_reason() -> None:
    """STR 9 and HP 50/50 at GRT 0 with no scars: seven cards give no STR 9, and max HP is GRT + 1 (TOMB-2)."""
    sheet = named({"STR": 9, "DEX": 0, "WIL": 0, "GRT": 0})
    sheet.update(hp=50, max_hp=50)
    with pytest.raises(SetupError) as info:
        check_sheet(sheet)
    assert info.value.code == "bad_sheet"
    assert info.value.message == ("STR's maximum is 9, but seven cards give at most 7 and no scar on the sheet "
                                  "raises it (TOMB-2, TS-9). max_hp must be 1 (GRT's maximum 0 + 1: TOMB-2), not 50.")
    assert arithmetic_errors(check_sheet(named({"STR": 7, "DEX": 0, "WIL": 0, "GRT": 0}))) == []


@pytest.mark.parametrize("grt,status,ok", [(0, "up", True), (-1, "up", False), (-1, "out", False), (-1, "dead", True),
                                           (-22, "dead", True), (DEAD_GRT_FLOOR, "dead", True),
                                           (DEAD_GRT_FLOOR - 1, "dead", False)])
def test_ts17_grt_below_zero_only_on_the_dead_down_to_the_floor(grt: int, status: str, ok: bool) -> None:
    sheet = named({"STR": 2, "DEX": 2, "WIL": 1, "GRT": 2})
    sheet["abilities"]["GRT"] = grt
    sheet.update(hp=0, status=status)
    if ok:
        assert check_sheet(sheet) == sheet
    else:
        with pytest.raises(SetupError):
            check_sheet(sheet)


@pytest.mark.parametrize("ability", ["STR", "DEX", "WIL"])
def test_ts13_ts17_str_dex_and_wil_stop_at_zero_even_for_the_dead(ability: str) -> None:
    sheet = named({"STR": 2, "DEX": 2, "WIL": 2, "GRT": 1})
    sheet["abilities"][ability] = -1
    sheet["status"] = "dead"
    with pytest.raises(SetupError) as info:
        check_sheet(sheet)
    assert info.value.message == f"{ability} must be a whole number from 0 to 60."


def test_ts9_ts17_scars_let_the_maxima_and_max_hp_grow_as_far_as_they_can() -> None:
    """Deafened raises max GRT by 1, a Rattling Blow to at most 7, a head wound STR, DEX or GRT by at most 7;
    a Lasting Scar adds a tier (1-3) to max HP at once, a Mortal Wound on recovery (0-3 while it may wait)."""
    def sheet_with(scars: list[int], **maxima: int) -> Sheet:
        sheet = named({"STR": 2, "DEX": 2, "WIL": 1, "GRT": 2})
        sheet["scars"] = [{"roll": r, "name": "x", "detail": "y"} for r in scars]
        for a, top in maxima.items():
            if a == "max_hp":
                sheet["max_hp"] = sheet["hp"] = top
            else:
                sheet["max"][a] = sheet["abilities"][a] = top
        return sheet

    assert check_sheet(sheet_with([8], GRT=8, max_hp=8))  # 7 + Deafened's 1; the drawn GRT was 7 or 8
    with pytest.raises(SetupError) as info:
        check_sheet(sheet_with([8], GRT=8, max_hp=3))
    assert info.value.message.startswith("max_hp must be from 8 to 9")
    with pytest.raises(SetupError):
        check_sheet(sheet_with([8], GRT=9, max_hp=9))
    assert check_sheet(sheet_with([6], STR=14))  # 7 + a head wound's 7
    with pytest.raises(SetupError):
        check_sheet(sheet_with([6], WIL=8))  # the head wound never picks WIL
    assert check_sheet(sheet_with([1], max_hp=4)) and check_sheet(sheet_with([1], max_hp=6))  # GRT 2 + 1, +1..3
    for max_hp in (3, 7):
        with pytest.raises(SetupError) as info:
            check_sheet(sheet_with([1], max_hp=max_hp))
        assert "max_hp must be from 4 to 6" in info.value.message
    assert check_sheet(sheet_with([11], max_hp=3)) and check_sheet(sheet_with([11], max_hp=6))
    # max GRT raised by a scar: the drawn GRT (and so max HP) may have been lower
    assert check_sheet(sheet_with([2], GRT=7, max_hp=1))


def test_ts17_what_a_hand_made_sheet_may_hold_is_only_noted() -> None:
    sheet = check_sheet(named({"STR": 1, "DEX": 1, "WIL": 1, "GRT": 1}))
    assert arithmetic_notes(sheet) == ["The maxima add up to 4: seven cards make 7 (TOMB-2, TS-9)."]
    sheet = check_sheet({**named({"STR": 1, "DEX": 2, "WIL": 2, "GRT": 2}), "conditions": ["Injured", "Injured"]})
    assert arithmetic_notes(sheet) == ["2 x Injured is more than STR's maximum 1, which kills (TS-13), yet the "
                                       "status is up."]
    assert arithmetic_notes({**sheet, "status": "dead"}) == []


def test_ts9_a_scar_waiting_on_a_recovery_keeps_its_pending() -> None:
    sheet = named()
    sheet["scars"] = [{"roll": r, "name": "x", "detail": "y", "pending": scar_pending(r)} for r in (4, 5, 7, 11)]
    assert [s["pending"] for s in check_sheet(sheet)["scars"]] == ["count_GRT_7", "count_GRT_7", "count_DEX_7",
                                                                  "max_hp_tier"]
    assert check_sheet(sheet) == sheet
    assert [r for r in range(1, 13) if scar_pending(r) is None] == [1, 2, 3, 6, 8, 9, 10, 12]


def test_the_corruptions_start_from_a_good_sheet() -> None:
    good = edit(lambda s: None)()
    assert check_sheet(good) == good


def mutations(value: Any, rng: random.Random) -> list[Any]:
    """Near misses of one JSON value (types swapped, numbers moved, keys dropped)."""
    if isinstance(value, bool):
        return [not value, int(value), None]
    if isinstance(value, int):
        return [value + 1, value - 1, -value - 1, float(value), str(value), True, 10**12]
    if isinstance(value, str):
        return [value + "x" * 90, "", None, 0, ["a"]]
    if isinstance(value, list):
        return [value[:-1], [*value, value[-1] if value else None], None, {}, "x"]
    if isinstance(value, dict):
        out: list[Any] = [None, [], {**value, "extra": 1}]
        for key in rng.sample(sorted(value), min(3, len(value))):
            out.append({k: v for k, v in value.items() if k != key})
            out += [{**value, key: alt} for alt in mutations(value[key], rng)]
        return out
    return [0, "", []]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), path_seed=st.integers(0, 10**6))
def test_check_sheet_on_any_near_miss_answers_a_sheet_or_bad_sheet(seed: int, path_seed: int) -> None:
    """Never another exception; what it accepts is canonical (a fixed point, plain JSON)."""
    rng = random.Random(path_seed)
    sheet = forged(seed % 7)
    for _ in range(12):
        target: Any = sheet
        keys: list[Any] = []
        while isinstance(target, (dict, list)) and target and rng.random() < 0.6:
            key = rng.choice(sorted(target)) if isinstance(target, dict) else rng.randrange(len(target))
            keys.append(key)
            target = target[key]
        broken = copy.deepcopy(sheet)
        holder: Any = broken
        for key in keys[:-1]:
            holder = holder[key]
        for alt in mutations(target, rng):
            if keys:
                holder[keys[-1]] = alt
                candidate: Any = broken
            else:
                candidate = alt
            try:
                checked = check_sheet(copy.deepcopy(candidate))
            except SetupError as exc:
                assert exc.code == "bad_sheet" and exc.message
                continue
            assert check_sheet(checked) == checked
            assert json.loads(json.dumps(checked)) == checked
