"""A Tombstone character sheet: the versioned JSON the forge makes, the roster keeps and the tables use.

The sheet is plain JSON (``SHEET_FORMAT``, ``SHEET_VERSION``) so it can be exported, imported, printed
and passed to ``setup`` of the Dealer's table or a showdown. ``check_sheet`` is the only way in from
outside: it rebuilds the sheet field by field and says exactly what is wrong with a bad one.

What a sheet knows and the rules that use it: the four abilities and their maxima (TOMB-2, loss in
TOMB-9), HP = GRT + 1 (TOMB-2), the 10-slot inventory with bulky items and Fatigue and conditions
taking slots (TOMB-2, the SRD's Exhaustion and Ability score loss), money in cents, scars (TOMB-10)
and whether the character is up, out of the fight or dead. What the rules can write there, and so what
an imported sheet may hold, is TS-17 (``arithmetic_errors``, ``arithmetic_notes``). A sheet that lives a
campaign also keeps the advancements the Dealer granted (``advances``, TS-23) and what changed it since it
joined the roster (``history``, TS-24); both are left out while empty, so a sheet from before them reads the same.

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
from ...limits import quote, tree_problem
from .fate import ABILITIES, ABILITY_NAMES, ABILITY_SUITS
from .shapes import SheetConstants
from .tables import (CREDIT, INVENTORY_SLOTS, SCARS, SHOP, STARTING_ITEMS, STARTING_MONEY, TRAIT_IDS, TRAITS,
                     WEAPON_CLASSES, Item)

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
NOTES_LIMIT = 2000
MONEY_LIMIT = 10**9  # cents
# TS-24: the sheet's history, newest last; the roster drops the oldest entries past the limit
HISTORY_CAUSES: tuple[str, ...] = ("session", "fight", "edit", "advance")
HISTORY_LIMIT = 100
WHAT_LIMIT = 240
WHEN_LIMIT = 40
# TS-23: advancements the Dealer granted: one more to an ability's maximum, or a skill in words, each with its reason
ADVANCE_KINDS: tuple[str, ...] = ("ability", "skill")
ADVANCE_LIMIT = 60
REASON_LIMIT = 200
# ``made``: how the character was drawn and the forge's record (TS-7, TS-18), free-form for a sheet from
# elsewhere, so bounded before it is copied: every view of a table repeats it. The forge's own is some 1,000
# characters and 4 deep (made, replay, moves, a move); the size leaves room for a record of 2,000 draws, the
# most the forge replays (``forge.MAX_REPLAY_MOVES``)
MADE_DEPTH = 6
MADE_CHARS = 64_000
Sheet = dict[str, Any]

# --- what the rules can write on a sheet (TS-17) -----------------------------------------------------
DRAWN_CARDS = 7  # TOMB-2: seven cards make the four abilities, so each drawn maximum is 0..7 and they add up to 7
MAX_TIER = 3  # TOMB-1: a card's tier is 1..3 (a joker counts tier 1 where a scar adds a tier, TS-9)
# The floors (TS-17). STR, DEX and WIL stop at 0 (TS-13: a point below becomes a condition), for the living
# and the dead alike (-1 was once allowed for every ability, for the first point of GRT below 0 that kills).
# GRT below 0 kills (TOMB-9, TS-13), so only the dead show it, and nothing lowers a dead character's GRT again
# (no attack, hazard or rest reaches the dead): the lowest GRT is one blow from GRT 0 at 0 HP. No blow the
# rules deal is harder than a heavy gun's Red Joker, 9 plus a second flip's 9 (TOMB-5, TOMB-8), with a
# posse's +3 (TOMB-11) and a ricochet's +1 (SD-1): 22 (today's hardest are 18 at the Dealer's table and 20
# in the Showdown; a hazard takes at most 9). -30 leaves room for a bigger bonus or weapon later without
# letting nonsense in.
ABILITY_FLOOR = 0
DEAD_GRT_FLOOR = -30
ABILITY_CEILING = 60


def scar_reach(roll: int) -> tuple[dict[str, int], int, int]:
    """What the scar of ``roll`` can do to the maxima at most (TOMB-10, TS-9): ability -> the most it adds
    to that ability's maximum (a draw of seven counts at most seven cards of a suit; the head wound raises
    STR, DEX or GRT by its count above the score; Deafened and Sundered +1; Doomed draws three), and how
    many card tiers it adds to max HP at once (Lasting Scar, Walloped) and on recovery (Mortal Wound).

    >>> scar_reach(6), scar_reach(8), scar_reach(3), scar_reach(11)
    (({'STR': 7, 'DEX': 7, 'GRT': 7}, 0, 0), ({'GRT': 1}, 0, 0), ({}, 1, 0), ({}, 0, 1))
    """
    effect = SCARS[roll].effect
    if effect in ("lasting_scar", "walloped"):
        return {}, 1, 0
    if effect == "mortal_wound":
        return {}, 0, 1
    if effect == "head_wound":
        return {a: DRAWN_CARDS for a in ("STR", "DEX", "GRT")}, 0, 0
    if effect == "broken_limb":
        return {"GRT": DRAWN_CARDS}, 0, 0
    if effect == "save_GRT_up":
        return {"GRT": 1}, 0, 0
    if effect == "doomed":
        return {"GRT": 3}, 0, 0
    _, ability, count = effect.split("_")  # redraw_GRT_7, recover_DEX_7 ...
    return {ability: int(count)}, 0, 0


def scar_pending(roll: int) -> str | None:
    """What the scar of ``roll`` leaves waiting on the sheet for the Dealer's recovery (TS-9), if anything."""
    effect = SCARS[roll].effect
    if effect == "mortal_wound":
        return "max_hp_tier"
    if effect == "broken_limb":
        return "count_GRT_7"
    if effect.startswith("recover_"):
        return "count_" + effect.removeprefix("recover_")
    return None


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
        "notes": "", "made": {}, "credit": CREDIT, "companions": [], "board": None,
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


def inventory_slots(sheet: Sheet) -> int:
    """The character's 10 slots plus what their pack beasts carry (TS-25)."""
    return INVENTORY_SLOTS + sum(int(c["carries"]) for c in sheet.get("companions", []))


def inventory_full(sheet: Sheet) -> bool:
    """A full inventory (every slot, a pack beast's included: TS-25) brings the character to 0 HP while it
    stays full (TOMB-2)."""
    return slots_used(sheet) >= inventory_slots(sheet)


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
    """The sheet rebuilt from untrusted JSON, or ``SetupError("bad_sheet", why)``; nothing is coerced.

    Every sheet an engine writes back passes unchanged, the dead's included (TS-17: GRT down to
    ``DEAD_GRT_FLOOR`` for the dead only, scars waiting on a recovery keep ``pending``); a sheet no play of
    the rules can give is refused (``arithmetic_errors``). ``advances`` (TS-23) and ``history`` (TS-24) are
    optional (a sheet kept before them has neither) and left out of the canonical sheet while empty. Whether it was drawn by the book is not this
    function's business: ``forge.provenance`` says that (TS-18)."""
    if not isinstance(data, dict):
        raise _bad("A character sheet is a JSON object.")
    if data.get("format") != SHEET_FORMAT:
        raise _bad(f'This is not a Tombstone character sheet (its "format" must be "{SHEET_FORMAT}").')
    if type(data.get("version")) is not int or data.get("version") != SHEET_VERSION:  # true and 1.0 are not 1
        raise _bad(f"This sheet is version {quote(data.get('version'))}; this page reads version {SHEET_VERSION}.")
    sheet: Sheet = {"format": SHEET_FORMAT, "version": SHEET_VERSION}
    sheet["name"] = _text(data, "name", NAME_LIMIT)
    if not sheet["name"].strip():
        raise _bad("The character needs a name.")
    sheet["background"] = _text(data, "background", TEXT_LIMIT)
    traits = data.get("traits")
    if not isinstance(traits, dict) or set(traits) != set(TRAIT_IDS):
        raise _bad(f"traits must name exactly {', '.join(TRAIT_IDS)}.")
    sheet["traits"] = {t: _text(traits, t, TEXT_LIMIT) for t in TRAIT_IDS}
    sheet["abilities"] = _abilities(data, "abilities", {"GRT": DEAD_GRT_FLOOR})  # only the dead below 0: TS-17
    sheet["max"] = _abilities(data, "max", {})
    sheet["hp"] = _int(data, "hp", 0, 99)
    sheet["max_hp"] = _int(data, "max_hp", 1, 99)
    if sheet["hp"] > sheet["max_hp"]:
        raise _bad("hp cannot be above max_hp.")
    sheet["inventory"] = _inventory(data.get("inventory"))
    money = data.get("money")
    if type(money) is not int or not 0 <= money <= MONEY_LIMIT:
        raise _bad(f"money must be a whole number of cents from 0 to {MONEY_LIMIT}, not {quote(money)}: a purse never "
                   f"holds less than $0.")
    sheet["money"] = money
    conditions = data.get("conditions")
    if (not isinstance(conditions, list) or len(conditions) > MAX_ITEMS
            or any(c not in CONDITIONS.values() for c in conditions)):
        raise _bad(f"conditions is a list of {', '.join(CONDITIONS.values())}.")
    sheet["conditions"] = list(conditions)
    sheet["fatigue"] = _int(data, "fatigue", 0, INVENTORY_SLOTS)
    sheet.update(check_kept(data))
    if sum(item["slots"] for item in sheet["inventory"]) > inventory_slots(sheet):
        raise _bad(f"The items take more than {inventory_slots(sheet)} slots.")
    scars = data.get("scars")
    if not isinstance(scars, list) or len(scars) > 50 or not all(_is_scar(s) for s in scars):
        raise _bad('scars is a list of {"roll": 1-12, "name": text, "detail": text}, with "pending" only for '
                   'what the scar of that roll waits for (TS-9).')
    sheet["scars"] = [{"roll": s["roll"], "name": s["name"], "detail": s["detail"],
                       **({"pending": s["pending"]} if "pending" in s else {})} for s in scars]
    if data.get("status") not in STATUSES:
        raise _bad(f"status is one of {', '.join(STATUSES)}.")
    sheet["status"] = data["status"]
    for flag in ("exhausted", "doomed"):
        if not isinstance(data.get(flag), bool):
            raise _bad(f"{flag} is true or false.")
        sheet[flag] = data[flag]
    sheet["notes"] = _text(data, "notes", NOTES_LIMIT, one_line=False)
    made = data.get("made", {})
    if not isinstance(made, dict):
        raise _bad("made is an object (how the character was drawn).")
    problem = tree_problem(made, "made", max_depth=MADE_DEPTH, max_chars=MADE_CHARS, max_string=TEXT_LIMIT)
    if problem is not None:
        raise _bad(problem)
    sheet["made"] = copy.deepcopy(made)
    sheet["credit"] = CREDIT
    advances = _advances(data.get("advances", []))
    if advances:
        sheet["advances"] = advances
    history = _history(data.get("history", []))
    if history:
        sheet["history"] = history
    errors = arithmetic_errors(sheet)
    if errors:
        raise _bad(" ".join(errors))
    return sheet


# --- the SRD's arithmetic (TS-17) ---------------------------------------------------------------------
# Enforced on import (``arithmetic_errors``: check_sheet refuses the sheet): what no play of the rules can
# write on any sheet, a hand-made one included: GRT below 0 on the living; a score above its maximum; a
# maximum above the seven cards of the draw plus what the sheet's scars and advancements (TS-23) can add;
# max HP other than the drawn GRT + 1 plus the tiers its scars can add and one per GRT advancement. Every engine keeps these, so a sheet a fight or a session
# writes back always passes.
# Only reported (``arithmetic_notes``, in the provenance the bridge gives beside a checked sheet): what the
# rules never give a character but a sheet made by hand (a test's, a Dealer's own) may well hold: maxima
# adding up to other than the seven cards of the draw (plus scars), and more conditions than a living
# character survives (TS-13). With a forge record to replay, ``forge.provenance`` also compares the
# maxima and max HP with the very draw.
def arithmetic_errors(sheet: Sheet) -> list[str]:
    """Why the rules cannot have written this (field-checked) sheet, one sentence each; [] when they can."""
    errors = []
    grt = sheet["abilities"]["GRT"]
    if grt < 0 and sheet["status"] != "dead":
        errors.append(f"GRT is {grt}, but GRT below 0 kills (TOMB-9, TS-13): only a dead character's sheet "
                      f"shows it, and this one's status is {sheet['status']}.")
    gains, hp_now, hp_later = scar_gains(sheet["scars"])
    advanced = advance_counts(sheet)
    for a in ABILITIES:
        score, top = sheet["abilities"][a], sheet["max"][a]
        if score > top:
            errors.append(f"{a} is {score}, above its maximum {top}: nothing in the rules raises a score past "
                          f"its maximum (TS-17).")
        if top > DRAWN_CARDS + gains[a] + advanced[a]:
            raised = f"the scars on the sheet add at most {gains[a]}" if gains[a] else "no scar on the sheet raises it"
            if advanced[a]:
                raised += f", and its advancements add {advanced[a]} (TS-23)"
            errors.append(f"{a}'s maximum is {top}, but seven cards give at most {DRAWN_CARDS} and {raised} "
                          f"(TOMB-2, TS-9).")
    low, high = max_hp_range(sheet["max"]["GRT"], gains["GRT"], hp_now, hp_later, advanced["GRT"])
    if not low <= sheet["max_hp"] <= high:
        if low == high:
            errors.append(f"max_hp must be {low} (GRT's maximum {sheet['max']['GRT']} + 1: TOMB-2, TS-23), "
                          f"not {sheet['max_hp']}." if advanced["GRT"] else
                          f"max_hp must be {low} (GRT's maximum {sheet['max']['GRT']} + 1: TOMB-2), "
                          f"not {sheet['max_hp']}.")
        else:
            errors.append(f"max_hp must be from {low} to {high} (the drawn GRT + 1, TOMB-2, and what the scars "
                          f"and advancements on the sheet add, TS-9, TS-23), not {sheet['max_hp']}.")
    return errors


def arithmetic_notes(sheet: Sheet) -> list[str]:
    """What the rules never give a character but check_sheet lets in (a sheet made by hand), one sentence each."""
    notes = []
    gains = [max(scar_reach(s["roll"])[0].values(), default=0) for s in sheet["scars"]]
    advanced = sum(advance_counts(sheet).values())
    total = sum(sheet["max"].values())
    if not DRAWN_CARDS + advanced <= total <= DRAWN_CARDS + advanced + sum(gains):
        extra = [*([f"the scars on the sheet add at most {sum(gains)}"] if sum(gains) else []),
                 *([f"its advancements add {advanced}"] if advanced else [])]
        notes.append(f"The maxima add up to {total}: seven cards make {DRAWN_CARDS}"
                     f"{''.join(' and ' + e for e in extra)} (TOMB-2, TS-9{', TS-23' if advanced else ''}).")
    if sheet["status"] != "dead":
        for a, condition in CONDITIONS.items():
            count = sheet["conditions"].count(condition)
            if count > sheet["max"][a]:
                notes.append(f"{count} x {condition} is more than {a}'s maximum {sheet['max'][a]}, which kills "
                             f"(TS-13), yet the status is {sheet['status']}.")
    return notes


def scar_gains(scars: list[dict[str, Any]]) -> tuple[dict[str, int], int, int]:
    """The scars' reach added up (``scar_reach``): the most each maximum can have risen, and the tiers
    added to max HP at once and on recovery."""
    gains = {a: 0 for a in ABILITIES}
    now = later = 0
    for scar in scars:
        reach, tiers_now, tiers_later = scar_reach(scar["roll"])
        for a, gain in reach.items():
            gains[a] += gain
        now += tiers_now
        later += tiers_later
    return gains, now, later


def max_hp_range(max_grt: int, grt_gain: int, tiers_now: int, tiers_later: int,
                 grt_advances: int = 0) -> tuple[int, int]:
    """The max HP the rules allow: the drawn GRT (the maximum less what scars and advancements may have
    added, never below 0) + 1 (TOMB-2), plus one per GRT advancement (TS-23: HP keeps up with GRT), a tier of
    1..3 for each scar that adds one at once, and 0..3 for each that adds one on recovery (it may not have
    come yet; a sheet kept before TS-17 may have lost the word that it waits)."""
    return (max(0, max_grt - grt_gain - grt_advances) + 1 + grt_advances + tiers_now,
            max_grt + 1 + MAX_TIER * (tiers_now + tiers_later))


def advance_counts(sheet: Sheet) -> dict[str, int]:
    """How many advancements raised each ability's maximum (TS-23): one each."""
    counts = {a: 0 for a in ABILITIES}
    for advance in sheet.get("advances", []):
        if advance["kind"] == "ability":
            counts[advance["ability"]] += 1
    return counts


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


def _abilities(data: dict[str, Any], key: str, floors: dict[str, int]) -> dict[str, int]:
    """Four whole numbers, each from its floor (``ABILITY_FLOOR`` unless ``floors`` names another) to 60."""
    scores = data.get(key)
    if not isinstance(scores, dict) or set(scores) != set(ABILITIES):
        raise _bad(f"{key} must give {', '.join(ABILITIES)}.")
    return {a: _int(scores, a, floors.get(a, ABILITY_FLOOR), ABILITY_CEILING) for a in ABILITIES}


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


def check_kept(data: dict[str, Any]) -> dict[str, Any]:
    """What a character keeps beside the inventory (TS-25): ``companions`` (beasts and hirelings, as the shop
    sells them) and ``board`` (the lodging paid for, by the week, or null). A sheet from before TS-25 has
    neither: it keeps none."""
    companions = data.get("companions", [])
    if not isinstance(companions, list) or len(companions) > MAX_ITEMS:
        raise _bad("companions is a list of beasts and hirelings.")
    kept = []
    for n, entry in enumerate(companions, 1):
        offer = SHOP.get(str(entry.get("id"))) if isinstance(entry, dict) else None
        if offer is None or offer.kind not in ("beast", "hireling") or entry != companion_json(offer):
            raise _bad(f"Companion {n} is not a beast or hireling of the shop as the shop sells it (TS-25).")
        kept.append(companion_json(offer))
    board = data.get("board")
    if board is not None:
        offer = SHOP.get(str(board.get("id"))) if isinstance(board, dict) else None
        if (offer is None or offer.kind != "board" or set(board) != {"id", "name", "weeks"}
                or board["name"] != offer.name or type(board["weeks"]) is not int or not 1 <= board["weeks"] <= 520):
            raise _bad('board is null or {"id", "name", "weeks": 1-520} for a board the shop sells (TS-25).')
        board = dict(board)
    return {"companions": kept, "board": board}


def companion_json(item: Item) -> dict[str, Any]:
    """A beast or hireling on the sheet: the slots it carries and its wage a day (TS-25)."""
    return {"id": item.id, "name": item.name, "kind": item.kind, "carries": item.carries,
            "wage": item.price if item.kind == "hireling" else 0}


def _advances(advances: object) -> list[dict[str, Any]]:
    """The advancements (TS-23), rebuilt: ``{"kind": "ability", "ability": "STR", "reason", "when"}`` or
    ``{"kind": "skill", "skill": words, "reason", "when"}``; a reason is required (the Dealer grants it for
    something overcome)."""
    shape = ('advances is a list of {"kind": "ability", "ability": STR, DEX, WIL or GRT} or {"kind": "skill", '
             '"skill": text}, each with its "reason" and "when"')
    if not isinstance(advances, list) or len(advances) > ADVANCE_LIMIT:
        raise _bad(f"{shape} (at most {ADVANCE_LIMIT}).")
    checked = []
    for n, advance in enumerate(advances, 1):
        if not isinstance(advance, dict) or advance.get("kind") not in ADVANCE_KINDS:
            raise _bad(f"{shape}: advancement {n} is not.")
        entry: dict[str, Any] = {"kind": advance["kind"]}
        if advance["kind"] == "ability":
            if advance.get("ability") not in ABILITIES:
                raise _bad(f"Advancement {n} must name the ability it raises ({', '.join(ABILITIES)}).")
            entry["ability"] = advance["ability"]
        else:
            entry["skill"] = _text(advance, "skill", TEXT_LIMIT)
            if not entry["skill"].strip():
                raise _bad(f"Advancement {n} must say what skill was learnt.")
        entry["reason"] = _text(advance, "reason", REASON_LIMIT)
        if not entry["reason"].strip():
            raise _bad(f"Advancement {n} needs its reason: what the character overcame (TS-23).")
        entry["when"] = _text(advance, "when", WHEN_LIMIT)
        checked.append(entry)
    return checked


def _history(history: object) -> list[dict[str, str]]:
    """The sheet's history (TS-24), rebuilt: ``{"cause", "when", "what"}``, oldest first, at most
    ``HISTORY_LIMIT`` entries (the roster drops the oldest)."""
    if not isinstance(history, list) or len(history) > HISTORY_LIMIT:
        raise _bad(f"history is a list of at most {HISTORY_LIMIT} entries.")
    checked = []
    for n, entry in enumerate(history, 1):
        if not isinstance(entry, dict) or entry.get("cause") not in HISTORY_CAUSES:
            raise _bad(f"History entry {n} must say its cause: {', '.join(HISTORY_CAUSES)}.")
        checked.append({"cause": entry["cause"], "when": _text(entry, "when", WHEN_LIMIT),
                        "what": _text(entry, "what", WHAT_LIMIT)})
    return checked


def _is_scar(scar: object) -> bool:
    """A scar entry: its roll (the row, TOMB-10), name and detail, and ``pending`` only as the table writes
    it: what that row waits for until the Dealer calls a recovery (TS-9)."""
    return (isinstance(scar, dict) and type(scar.get("roll")) is int and scar["roll"] in SCARS
            and isinstance(scar.get("name"), str) and len(scar["name"]) <= TEXT_LIMIT
            and isinstance(scar.get("detail"), str) and len(scar["detail"]) <= 400
            and ("pending" not in scar or (scar_pending(scar["roll"]) is not None
                                           and scar["pending"] == scar_pending(scar["roll"]))))
