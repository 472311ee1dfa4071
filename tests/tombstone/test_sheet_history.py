"""Sheets that live a campaign (issue 26, point 2): the advancements the Dealer grants (TS-23) and the
sheet's history (TS-24) as ``check_sheet`` reads them, what they do to TS-17's arithmetic and to TS-18's
provenance, and random sequences of the roster editor's edits: an edit ``check_sheet`` accepts is a sheet
it accepts again unchanged, and one it refuses leaves the sheet as it was.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import SetupError, get_game
from pygame_core.bots import RandomBot
from pygame_core.games.tombstone.character import (ADVANCE_LIMIT, HISTORY_LIMIT, WHAT_LIMIT, Sheet, advance_counts,
                                                   arithmetic_errors, check_sheet, item_json, scar_pending)
from pygame_core.games.tombstone.forge import provenance
from pygame_core.games.tombstone.tables import SCARS, SHOP

from .test_sheet import forged, named

WHEN = "2026-11-26T07:00:00.000Z"


def advance(ability: str = "STR", reason: str = "Trained a month with a sharpshooter in Dodge") -> dict[str, Any]:
    return {"kind": "ability", "ability": ability, "reason": reason, "when": WHEN}


def advanced(sheet: Sheet, ability: str) -> Sheet:
    """``sheet`` with one advancement of ``ability`` as the roster's editor records it (TS-23): the entry,
    the maximum and score one up, and for GRT max HP and HP one up as well."""
    after = copy.deepcopy(sheet)
    after.setdefault("advances", []).append(advance(ability))
    after["max"][ability] += 1
    after["abilities"][ability] += 1
    if ability == "GRT":
        after["max_hp"] += 1
        after["hp"] += 1
    return after


def bad(sheet: object) -> str:
    with pytest.raises(SetupError) as info:
        check_sheet(sheet)
    assert info.value.code == "bad_sheet"
    return info.value.message


# --------------------------------------------------------------------------- old sheets, canonical form
def test_ts24_a_sheet_from_before_the_history_reads_the_same() -> None:
    """A sheet kept before TS-23/TS-24 has neither field; the canonical sheet leaves empty ones out."""
    sheet = forged(3)
    assert "history" not in sheet and "advances" not in sheet
    assert check_sheet(sheet) == sheet
    assert check_sheet({**sheet, "history": [], "advances": []}) == sheet


def test_ts24_history_is_kept_and_made_canonical() -> None:
    sheet = named()
    history = [{"cause": "edit", "when": WHEN, "what": "Notes rewritten (12 characters).", "extra": 1},
               {"cause": "fight", "when": WHEN, "what": "Showdown: High noon — HP 2→1, +$5"}]
    checked = check_sheet({**sheet, "history": history})
    assert checked["history"] == [{"cause": "edit", "when": WHEN, "what": "Notes rewritten (12 characters)."}, history[1]]
    assert check_sheet(checked) == checked


@pytest.mark.parametrize("history, words", [
    ("once upon a time", "history is a list"),
    ([{"cause": "magic", "when": WHEN, "what": "x"}], "History entry 1 must say its cause"),
    ([{"cause": "edit", "when": WHEN}], "what must be text"),
    ([{"cause": "edit", "when": 5, "what": "x"}], "when must be text"),
    ([{"cause": "edit", "when": WHEN, "what": "x" * (WHAT_LIMIT + 1)}], f"at most {WHAT_LIMIT}"),
    ([{"cause": "edit", "when": WHEN, "what": "two\nlines"}], "one line"),
    ([{"cause": "edit", "when": WHEN, "what": "x"}] * (HISTORY_LIMIT + 1), f"at most {HISTORY_LIMIT} entries"),
])
def test_ts24_a_malformed_history_is_refused(history: object, words: str) -> None:
    assert words in bad({**named(), "history": history})


def test_ts24_the_longest_history_passes() -> None:
    history = [{"cause": "session", "when": WHEN, "what": "y" * WHAT_LIMIT}] * HISTORY_LIMIT
    assert len(check_sheet({**named(), "history": history})["history"]) == HISTORY_LIMIT


# --------------------------------------------------------------------------- advancement (TS-23)
def test_ts23_an_advancement_lifts_the_ceiling_of_its_maximum_by_one() -> None:
    """Seven cards give at most 7 (TS-17); a recorded advancement makes it 8 for that ability only."""
    sheet = named({"STR": 7, "DEX": 0, "WIL": 0, "GRT": 0})
    raised = advanced(sheet, "STR")
    assert check_sheet(raised)["max"]["STR"] == 8
    assert advance_counts(raised) == {"STR": 1, "DEX": 0, "WIL": 0, "GRT": 0}
    del raised["advances"]
    assert "STR's maximum is 8, but seven cards give at most 7" in bad(raised)
    dex = advanced(sheet, "DEX")
    dex["max"]["STR"] = dex["abilities"]["STR"] = 8
    assert "STR's maximum is 8" in bad(dex)


def test_ts23_a_grt_advancement_raises_max_hp_with_it() -> None:
    sheet = named({"STR": 0, "DEX": 0, "WIL": 0, "GRT": 7})
    raised = advanced(sheet, "GRT")
    assert (raised["max"]["GRT"], raised["max_hp"]) == (8, 9)
    assert check_sheet(raised) == raised
    assert arithmetic_errors({**raised, "max_hp": 8}) == ["max_hp must be 9 (GRT's maximum 8 + 1: TOMB-2, TS-23), "
                                                          "not 8."]


@pytest.mark.parametrize("entry, words", [
    ({"kind": "ability", "ability": "LUCK", "reason": "r", "when": WHEN}, "must name the ability"),
    ({"kind": "ability", "ability": "STR", "reason": "  ", "when": WHEN}, "needs its reason"),
    ({"kind": "ability", "ability": "STR", "when": WHEN}, "reason must be text"),
    ({"kind": "skill", "skill": "", "reason": "r", "when": WHEN}, "must say what skill"),
    ({"kind": "level", "reason": "r", "when": WHEN}, "advances is a list"),
    ("STR+1", "advances is a list"),
])
def test_ts23_a_malformed_advancement_is_refused(entry: object, words: str) -> None:
    assert words in bad({**named(), "advances": [entry]})


def test_ts23_advancements_are_bounded() -> None:
    skill = {"kind": "skill", "skill": "Reads tracks", "reason": "A season with a Comanche scout", "when": WHEN}
    assert len(check_sheet({**named(), "advances": [skill] * ADVANCE_LIMIT})["advances"]) == ADVANCE_LIMIT
    assert "at most" in bad({**named(), "advances": [skill] * (ADVANCE_LIMIT + 1)})


# --------------------------------------------------------------------------- provenance (TS-18, TS-23)
@pytest.mark.parametrize("ability", ["STR", "DEX", "WIL", "GRT"])
def test_ts18_a_recorded_advancement_stays_by_the_book(ability: str) -> None:
    sheet = forged(11)
    assert provenance(sheet)["word"] == "by_the_book"
    raised = check_sheet(advanced(sheet, ability))
    assert provenance(raised)["word"] == "by_the_book"
    twice = check_sheet(advanced(raised, ability))
    assert provenance(twice)["word"] == "by_the_book"


def test_ts18_a_maximum_raised_by_hand_is_edited() -> None:
    sheet = forged(11)
    by_hand = copy.deepcopy(sheet)
    by_hand["max"]["DEX"] += 1
    found = provenance(check_sheet(by_hand))
    assert found["word"] == "edited"
    assert any(p.startswith("DEX's maximum is") for p in found["problems"])
    claimed = {**sheet, "advances": [advance("DEX")]}  # the entry without the raise is not what play gives
    assert provenance(check_sheet(claimed))["word"] == "edited"
    other = advanced(sheet, "WIL")
    other["max"]["DEX"] += 1  # one advancement, two maxima raised
    assert provenance(check_sheet(other))["word"] == "edited"


def test_ts18_play_and_a_skill_do_not_change_provenance() -> None:
    """Money, items, notes, the history and a skill in words are play (TS-18, TS-23)."""
    sheet = forged(11)
    played = copy.deepcopy(sheet)
    played.update(money=sheet["money"] + 2500, notes="Owes the Widow Carter $5.\nHates trains.",
                  history=[{"cause": "edit", "when": WHEN, "what": "Money $3 → $28"}],
                  advances=[{"kind": "skill", "skill": "Telegraphy", "reason": "Worked the Tucson wire", "when": WHEN}])
    played["inventory"].append(item_json(SHOP["knife"]))
    assert provenance(check_sheet(played))["word"] == "by_the_book"


# --------------------------------------------------------------------------- the engines carry them
def test_ts24_a_showdown_writes_back_the_history_and_advancements_it_was_given() -> None:
    """The engines edit the checked sheet in place, so what the roster keeps on it comes back with the fight."""
    sheet = advanced(forged(4), "DEX")
    sheet["history"] = [{"cause": "edit", "when": WHEN, "what": "Notes rewritten (12 characters)."}]
    state = get_game("tombstone_showdown").new_game(seed=2, setup={"party": [sheet]})
    bot = RandomBot(5)
    while not state.is_over():
        p = state.to_act()[0]
        state.play(p, bot.choose(state.view(p), state.legal_moves(p)))
    outcome = state.outcome()
    assert outcome is not None
    back = outcome["result"]["party"][0]
    assert back["history"] == sheet["history"] and back["advances"] == sheet["advances"]
    assert check_sheet(back) == back


# --------------------------------------------------------------------------- random edit sequences
ITEMS = [item_json(item) for item in SHOP.values()]
ABILITY_IDS = ["STR", "DEX", "WIL", "GRT"]


def edit(sheet: Sheet, kind: str, n: int, text: str) -> Sheet:
    """One edit as the roster's editor makes it (sheet-editor.js), some of them bad on purpose: money may go
    below 0, items past ten slots, HP past the maximum, an advancement without its reason."""
    after = copy.deepcopy(sheet)
    if kind == "money":
        after["money"] += (n - 8) * 125
    elif kind == "add_item":
        after["inventory"].append(copy.deepcopy(ITEMS[n % len(ITEMS)]))
    elif kind == "drop_item" and after["inventory"]:
        after["inventory"].pop(n % len(after["inventory"]))
    elif kind == "notes":
        after["notes"] = (after["notes"] + text) * (1 + n % 3)
    elif kind == "condition":
        condition = ["Injured", "Hobbled", "Shocked", "Bruised"][n % 4]
        after["conditions"].append(condition)
        ability = {"Injured": "STR", "Hobbled": "DEX", "Shocked": "WIL"}.get(condition)
        if ability and after["conditions"].count(condition) > after["max"][ability]:
            after["status"] = "dead"  # TS-13: the editor asks first, then marks the death
    elif kind == "clear_condition" and after["conditions"]:
        after["conditions"].pop(n % len(after["conditions"]))
    elif kind == "heal":
        after["hp"] += n % 4
    elif kind == "week":
        after["abilities"] = dict(after["max"])
        after["conditions"] = []
    elif kind == "advance":
        after = advanced(after, ABILITY_IDS[n % 4])
        after["advances"][-1]["reason"] = text
    elif kind == "scar":  # as a fight writes it: the recovery waits (TS-9)
        roll = [4, 5, 7, 11][n % 4]
        after["scars"].append({"roll": roll, "name": SCARS[roll].name, "detail": "d", "pending": scar_pending(roll)})
    elif kind == "settle":  # as the editor settles it, with what the Dealer's cards gave (sheet-edits.js)
        waiting = [s for s in after["scars"] if "pending" in s]
        if waiting:
            pending = waiting[0].pop("pending")
            if pending == "max_hp_tier":
                after["max_hp"] += 1 + n % 3
            else:
                ability = pending.split("_")[1]
                rise = max(0, n % 8 - after["max"][ability])
                after["max"][ability] += rise
                after["abilities"][ability] += rise
    elif kind == "skill":
        after.setdefault("advances", []).append({"kind": "skill", "skill": text, "reason": "Overcame it", "when": WHEN})
    after.setdefault("history", []).append({"cause": "advance" if kind in ("advance", "skill") else "edit",
                                           "when": WHEN, "what": f"{kind} {n}"})
    after["history"] = after["history"][-HISTORY_LIMIT:]
    return after


EDITS = st.tuples(st.sampled_from(["money", "add_item", "drop_item", "notes", "condition", "clear_condition",
                                   "heal", "week", "advance", "skill", "scar", "settle"]),
                  st.integers(0, 16), st.text(max_size=30))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 40), edits=st.lists(EDITS, max_size=25))
def test_ts24_accepted_edits_stay_accepted_and_refused_ones_change_nothing(seed: int, edits: list[Any]) -> None:
    sheet = forged(seed)
    word = provenance(sheet)["word"]
    for kind, n, text in edits:
        proposed = edit(sheet, kind, n, text)
        before = copy.deepcopy(proposed)
        try:
            checked = check_sheet(proposed)
        except SetupError as error:
            assert error.code == "bad_sheet" and error.message
            assert proposed == before  # the check never touches what it is given
            continue  # the roster keeps ``sheet``: a refused edit changes nothing
        assert check_sheet(checked) == checked
        sheet = checked
        assert provenance(sheet)["word"] == word  # play, recorded advancements and scars' recoveries (TS-18)
