"""A Tombstone character sheet: the versioned JSON the forge makes, the roster keeps and the tables use.

The sheet is plain JSON (``SHEET_FORMAT``, ``SHEET_VERSION``) so it can be exported, imported, printed
and passed to ``setup`` of the Dealer's table or a showdown. ``check_sheet`` is the only way in from
outside: it rebuilds the sheet field by field and says exactly what is wrong with a bad one.

What a sheet knows and the rules that use it: the four abilities and their maxima (TOMB-2, loss in
TOMB-9), HP = GRT + 1 (TOMB-2), the 10-slot inventory with bulky items and Fatigue and conditions
taking slots (TOMB-2, the SRD's Exhaustion and Ability score loss), money in cents, scars (TOMB-10)
and whether the character is up, out of the fight or dead.

>>> sheet = new_sheet({"STR": 2, "DEX": 3, "WIL": 1, "GRT": 1})
>>> sheet["hp"], sheet["max_hp"], slots_used(sheet)
(2, 2, 2)
>>> sheet["name"] = "Kit"
>>> check_sheet(sheet) == sheet
True
"""

from __future__ import annotations

import copy
from typing import Any

from ...cards import SUIT_SYMBOLS
from ...engine import SetupError
from .fate import ABILITIES, ABILITY_NAMES, ABILITY_SUITS
from .shapes import SheetConstants
from .tables import (CREDIT, INVENTORY_SLOTS, STARTING_ITEMS, STARTING_MONEY, TRAIT_IDS, TRAITS, WEAPON_CLASSES, Item)

SHEET_FORMAT = "tombstone-character"
SHEET_VERSION = 1
CONDITIONS: dict[str, str] = {"STR": "Injured", "DEX": "Hobbled", "WIL": "Shocked"}  # ability at 0 + damage
STATUSES: tuple[str, ...] = ("up", "out", "dead")
# what a status is called on the table: a character's (STATUSES) and a non-player character's
STATUS_WORDS: dict[str, str] = {"up": "standing", "out": "out of the fight", "dead": "dead", "fled": "fled",
                                "routed": "routed", "destroyed": "destroyed"}
NAME_LIMIT = 40
TEXT_LIMIT = 80
MAX_ITEMS = 40
Sheet = dict[str, Any]


def item_json(item: Item) -> dict[str, Any]:
    """An inventory entry: weapons carry their damage row so a table never looks anything up."""
    entry: dict[str, Any] = {"id": item.id, "name": item.name, "kind": item.kind, "slots": item.slots}
    if item.weapon:
        cls = WEAPON_CLASSES[item.weapon]
        entry.update(weapon=item.weapon, damage=list(cls.damage), ranged=item.ranged,
                     move_and_fire=cls.move_and_fire)
    return entry


def new_sheet(abilities: dict[str, int]) -> Sheet:
    """A blank character with these abilities: HP = GRT + 1, the starting gear and $10 (TOMB-2)."""
    return {
        "format": SHEET_FORMAT, "version": SHEET_VERSION,
        "name": "", "background": "", "traits": {t: "" for t in TRAIT_IDS},
        "abilities": dict(abilities), "max": dict(abilities),
        "hp": abilities["GRT"] + 1, "max_hp": abilities["GRT"] + 1,
        "inventory": [item_json(i) for i in STARTING_ITEMS], "money": STARTING_MONEY,
        "conditions": [], "fatigue": 0, "scars": [], "status": "up", "exhausted": False, "doomed": False,
        "notes": "", "made": {}, "credit": CREDIT,
    }


def sheet_constants() -> SheetConstants:
    """The words every Tombstone page shows of a sheet (``GameInfo.constants``): abilities and traits in
    sheet order with their suits (TOMB-2, TS-6), the statuses, the inventory's slots."""
    return {"abilities": [{"id": a, "name": ABILITY_NAMES[a], "suit": ABILITY_SUITS[a],
                           "symbol": SUIT_SYMBOLS[ABILITY_SUITS[a]]} for a in ABILITIES],
            "traits": [{"id": t.id, "label": t.label, "suit": t.suit} for t in TRAITS],
            "statuses": dict(STATUS_WORDS), "inventory_slots": INVENTORY_SLOTS}


def slots_used(sheet: Sheet) -> int:
    """Items by their slots, plus one per Fatigue and one per debilitating condition."""
    return sum(int(item["slots"]) for item in sheet["inventory"]) + int(sheet["fatigue"]) + len(sheet["conditions"])


def inventory_full(sheet: Sheet) -> bool:
    """A full inventory (all 10 slots) brings the character to 0 HP while it stays full (TOMB-2)."""
    return slots_used(sheet) >= INVENTORY_SLOTS


def effective_hp(sheet: Sheet) -> int:
    """The HP the character fights with: 0 while the inventory is full."""
    return 0 if inventory_full(sheet) else int(sheet["hp"])


def ability_modifier(sheet: Sheet, ability: str) -> int:
    """What a flip adds: the ability less 1 for each debilitating condition of it (the SRD's -1 each)."""
    penalty = sheet["conditions"].count(CONDITIONS[ability]) if ability in CONDITIONS else 0
    return int(sheet["abilities"][ability]) - penalty


def weapons(sheet: Sheet) -> list[dict[str, Any]]:
    """The weapons on the sheet, and bare hands (TOMB-8) always last."""
    unarmed = {"id": "unarmed", "name": "Bare hands", "kind": "weapon", "slots": 0, "weapon": "unarmed",
               "damage": list(WEAPON_CLASSES["unarmed"].damage), "ranged": False, "move_and_fire": True}
    return [{**item, "damage": list(item["damage"])} for item in sheet["inventory"] if item["kind"] == "weapon"] + [unarmed]


# --- importing a sheet -------------------------------------------------------------------------------
def check_sheet(data: object) -> Sheet:
    """The sheet rebuilt from untrusted JSON, or ``SetupError("bad_sheet", why)``; nothing is coerced."""
    if not isinstance(data, dict):
        raise _bad("A character sheet is a JSON object.")
    if data.get("format") != SHEET_FORMAT:
        raise _bad(f'This is not a Tombstone character sheet (its "format" must be "{SHEET_FORMAT}").')
    if type(data.get("version")) is not int or data.get("version") != SHEET_VERSION:  # true and 1.0 are not 1
        raise _bad(f"This sheet is version {data.get('version')!r}; this page reads version {SHEET_VERSION}.")
    sheet: Sheet = {"format": SHEET_FORMAT, "version": SHEET_VERSION}
    sheet["name"] = _text(data, "name", NAME_LIMIT)
    if not sheet["name"].strip():
        raise _bad("The character needs a name.")
    sheet["background"] = _text(data, "background", TEXT_LIMIT)
    traits = data.get("traits")
    if not isinstance(traits, dict) or set(traits) != set(TRAIT_IDS):
        raise _bad(f"traits must name exactly {', '.join(TRAIT_IDS)}.")
    sheet["traits"] = {t: _text(traits, t, TEXT_LIMIT) for t in TRAIT_IDS}
    sheet["abilities"] = _abilities(data, "abilities", low=-1)
    sheet["max"] = _abilities(data, "max", low=0)
    sheet["hp"] = _int(data, "hp", 0, 99)
    sheet["max_hp"] = _int(data, "max_hp", 1, 99)
    if sheet["hp"] > sheet["max_hp"]:
        raise _bad("hp cannot be above max_hp.")
    sheet["inventory"] = _inventory(data.get("inventory"))
    sheet["money"] = _int(data, "money", 0, 10**9)
    conditions = data.get("conditions")
    if not isinstance(conditions, list) or any(c not in CONDITIONS.values() for c in conditions):
        raise _bad(f"conditions is a list of {', '.join(CONDITIONS.values())}.")
    sheet["conditions"] = list(conditions)
    sheet["fatigue"] = _int(data, "fatigue", 0, INVENTORY_SLOTS)
    if sum(item["slots"] for item in sheet["inventory"]) > INVENTORY_SLOTS:
        raise _bad(f"The items take more than {INVENTORY_SLOTS} slots.")
    scars = data.get("scars")
    if not isinstance(scars, list) or len(scars) > 50 or not all(_is_scar(s) for s in scars):
        raise _bad('scars is a list of {"roll": 1-12, "name": text, "detail": text}.')
    sheet["scars"] = [{"roll": s["roll"], "name": s["name"], "detail": s["detail"]} for s in scars]
    if data.get("status") not in STATUSES:
        raise _bad(f"status is one of {', '.join(STATUSES)}.")
    sheet["status"] = data["status"]
    for flag in ("exhausted", "doomed"):
        if not isinstance(data.get(flag), bool):
            raise _bad(f"{flag} is true or false.")
        sheet[flag] = data[flag]
    sheet["notes"] = _text(data, "notes", 2000, one_line=False)
    made = data.get("made", {})
    if not isinstance(made, dict):
        raise _bad("made is an object (how the character was drawn).")
    sheet["made"] = copy.deepcopy(made)
    sheet["credit"] = CREDIT
    return sheet


def _bad(message: str) -> SetupError:
    return SetupError("bad_sheet", message)


def _text(data: dict[str, Any], key: str, limit: int, one_line: bool = True) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise _bad(f"{key} must be text of at most {limit} characters.")
    if one_line and any(ord(ch) < 32 for ch in value):
        raise _bad(f"{key} must be one line of text.")
    return value


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"{key} must be a whole number from {low} to {high}.")
    return value


def _abilities(data: dict[str, Any], key: str, low: int) -> dict[str, int]:
    scores = data.get(key)
    if not isinstance(scores, dict) or set(scores) != set(ABILITIES):
        raise _bad(f"{key} must give {', '.join(ABILITIES)}.")
    return {a: _int(scores, a, low, 60) for a in ABILITIES}


def _inventory(items: object) -> list[dict[str, Any]]:
    if not isinstance(items, list) or len(items) > MAX_ITEMS:
        raise _bad("inventory is a list of items.")
    checked = []
    for n, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise _bad(f"Inventory item {n} is not an object.")
        entry: dict[str, Any] = {"id": _text(item, "id", TEXT_LIMIT), "name": _text(item, "name", TEXT_LIMIT),
                                 "kind": _text(item, "kind", 20), "slots": _int(item, "slots", 0, 2)}
        if entry["kind"] == "weapon":
            weapon = item.get("weapon")
            if not isinstance(weapon, str) or weapon not in WEAPON_CLASSES:
                raise _bad(f"Inventory item {n} ({entry['name']}) names no weapon class "
                           f"({', '.join(WEAPON_CLASSES)}).")
            cls = WEAPON_CLASSES[weapon]
            if not isinstance(item.get("ranged"), bool):
                raise _bad(f"Inventory item {n} ({entry['name']}) must say whether it is ranged.")
            entry.update(weapon=weapon, damage=list(cls.damage), ranged=item["ranged"],
                         move_and_fire=cls.move_and_fire)
        checked.append(entry)
    return checked


def _is_scar(scar: object) -> bool:
    return (isinstance(scar, dict) and type(scar.get("roll")) is int and 1 <= scar["roll"] <= 12
            and isinstance(scar.get("name"), str) and len(scar["name"]) <= TEXT_LIMIT
            and isinstance(scar.get("detail"), str) and len(scar["detail"]) <= 400)
