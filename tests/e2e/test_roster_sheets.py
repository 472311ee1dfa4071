"""Sheets that live a campaign (issue 26, point 2), in the real page: a character forged by the book is edited
from the roster (money, an item, a refused edit, an advancement: TS-23), every change checked by the engine and
kept in the sheet's history (TS-24), the provenance still "drawn by the book" (TS-18); a table's write-back
recorded with its differences; the printed sheet with pencil space on one page; and the party picker marking
who cannot sit down, who is out of the fight and whose sheet the rules never gave. Phone sizes, touch.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any, Callable

import pytest
from playwright.sync_api import expect

from pygame_core.games.tombstone.character import check_sheet, new_sheet
from saloon_site import ADD_TO_ROSTER, ARTIFACTS, PHONE, Visit
from tests.tombstone.test_sheet import forged

MIN_TOUCH = 44
SIZES = {"390x844": PHONE, "844x390": {"width": 844, "height": 390}}

STORED = """
() => Object.keys(localStorage).filter((k) => k.startsWith("saloon:tombstone:character:"))
  .map((k) => JSON.parse(localStorage.getItem(k)).sheet)
"""
# Controls in the open dialog smaller than a finger, or cut off by its sides.
SMALL_OR_CLIPPED = """
() => {
  const dialog = document.querySelector("#tb-roster[open]");
  const box = dialog.getBoundingClientRect();
  const bad = [];
  for (const node of dialog.querySelectorAll("button, input, select, textarea")) {
    const r = node.getBoundingClientRect();
    if (!r.width || node.closest("[hidden]")) continue;
    const name = node.textContent.trim() || node.getAttribute("aria-label") || node.outerHTML.slice(0, 60);
    if (r.height < 44 - 0.5 || r.width < 44 - 0.5) bad.push(`${name}: ${r.width}x${r.height}`);
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) bad.push(`${name}: clipped`);
  }
  return bad;
}
"""


def open_roster_sheet(visit: Visit, name: str) -> Any:
    page = visit.page
    page.locator(".entry-tile button").click()
    roster = page.locator("#tb-roster[open]")
    roster.locator(f".tb-roster-entry:has(.tb-roster-name:text-is('{name}')) [data-view]").click()
    return roster


def stored(visit: Visit) -> list[dict[str, Any]]:
    return list(visit.page.evaluate(STORED))


def assert_fits(visit: Visit) -> None:
    assert visit.page.evaluate(SMALL_OR_CLIPPED) == []


def pdf_pages(visit: Visit) -> int:
    pdf = visit.page.pdf(format="A4", print_background=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("size", list(SIZES))
def test_a_sheet_edited_advanced_and_printed_from_the_roster(open_page: Callable[..., Visit], size: str) -> None:
    visit = open_page(SIZES[size], touch=True)
    page = visit.page
    visit.goto()
    kit = forged(11)
    assert page.evaluate(ADD_TO_ROSTER, kit) == ""
    roster = open_roster_sheet(visit, kit["name"])
    expect(roster.locator(".tb-made")).to_have_attribute("data-provenance", "by_the_book")
    expect(roster.locator("[data-history]")).to_have_count(0)  # nothing has changed it yet

    roster.locator("[data-edit]").click()
    editor = roster.locator(".tb-editor")
    message = editor.locator("[data-edit-message]")
    # Money: $5 received, kept after the engine's check.
    editor.locator("[data-edit-amount]").fill("5")
    editor.locator("[data-edit-receive]").click()
    expect(message).to_contain_text("Kept: Received $5")
    assert [s["money"] for s in stored(visit)] == [kit["money"] + 500]
    # An item: a bulky saddle.
    editor.locator("[data-edit-item-name]").fill("Saddle")
    editor.locator("[data-edit-item-slots]").select_option("2")
    editor.locator("[data-edit-add-item]").click()
    expect(message).to_contain_text("Kept: Gained Saddle (bulky, 2 slots)")
    expect(editor.locator("[data-edit-item='Saddle']")).to_have_count(1)
    visit.screenshot(f"roster-editor-items-{size}.png")
    # A refused edit: spending more than the purse holds. The engine's reason shows; nothing changes.
    before = stored(visit)
    editor.locator("[data-edit-amount]").fill("500")
    editor.locator("[data-edit-spend]").click()
    expect(message).to_have_attribute("data-refused", "")
    expect(message).to_contain_text("a purse never holds less than $0")
    assert stored(visit) == before
    # An advancement with no reason is refused by the engine (TS-23); with one it is kept.
    editor.locator("[data-edit-advance-kind]").select_option("DEX")
    editor.locator("[data-edit-grant]").click()
    expect(message).to_contain_text("needs its reason")
    assert stored(visit) == before
    editor.locator("[data-edit-reason]").fill("Outdrew the Hollister boys at Sweetwater")
    editor.locator("[data-edit-grant]").click()
    expect(message).to_contain_text("Kept: Advancement: +1 to DEX's maximum")
    visit.screenshot(f"roster-editor-{size}.png")
    assert_fits(visit)
    editor.locator("[data-edit-reason]").scroll_into_view_if_needed()
    visit.screenshot(f"roster-editor-advance-{size}.png")

    [sheet] = stored(visit)
    assert check_sheet(sheet) == sheet
    assert sheet["max"]["DEX"] == kit["max"]["DEX"] + 1 and sheet["abilities"]["DEX"] == kit["abilities"]["DEX"] + 1
    assert sheet["advances"] == [{"kind": "ability", "ability": "DEX", "reason": "Outdrew the Hollister boys at Sweetwater",
                                  "when": sheet["advances"][0]["when"]}]
    assert [e["cause"] for e in sheet["history"]] == ["edit", "edit", "advance"]

    # Done: the sheet with its history, newest first; still drawn by the book (TS-18 counts the advancement).
    editor.locator("[data-edit-done]").click()
    expect(roster.locator(".tb-made")).to_have_attribute("data-provenance", "by_the_book")
    history = roster.locator("[data-history] .tb-history-entry")
    expect(history).to_have_count(3)
    assert [history.nth(i).get_attribute("data-cause") for i in range(3)] == ["advance", "edit", "edit"]
    expect(roster.locator("[data-advances]")).to_contain_text("Outdrew the Hollister boys")
    roster.locator("[data-history]").scroll_into_view_if_needed()
    visit.screenshot(f"roster-history-{size}.png")

    # Print: the paper sheet alone, with pencil space, on one A4 page.
    page.evaluate("() => { window.print = () => { window.printed = true; }; }")
    roster.locator(".sheet-actions [data-print]").click()
    assert page.evaluate("() => window.printed") is True
    page.emulate_media(media="print")
    paper = page.locator(".tb-print .tb-paper")
    expect(paper).to_be_visible()
    expect(paper.locator(".tb-name")).to_have_text(kit["name"])
    expect(paper.locator(".tb-pscore")).to_have_count(5)  # HP and the four abilities, now and max
    expect(paper.locator(".tb-pscore[data-ability='DEX'] .tb-pmax .tb-pbox-value")).to_have_text(str(sheet["max"]["DEX"]))
    slots = paper.locator(".tb-pslots li")
    expect(slots).to_have_count(10)
    filled = sum(item["slots"] for item in sheet["inventory"])
    assert sum(1 for text in slots.all_inner_texts() if text.strip()) == filled
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"roster-print-{size}.png"), full_page=True)
    assert pdf_pages(visit) == 1
    page.emulate_media(media="screen")


def test_a_full_inventory_warns_and_a_killing_condition_asks_first(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE, touch=True)
    page = visit.page
    visit.goto()
    mule = new_sheet({"STR": 1, "DEX": 2, "WIL": 0, "GRT": 4})
    mule.update(name="Mule", background="Teamster")
    mule["inventory"] += [{"id": "own:crate", "name": "Crate", "kind": "gear", "slots": 2}] * 4
    mule.update(status="out", hp=1, exhausted=True)
    mule["scars"] = [{"roll": 7, "name": "Hamstrung", "detail": "Barely walks.", "pending": "count_DEX_7"}]
    assert page.evaluate(ADD_TO_ROSTER, mule) == ""
    roster = open_roster_sheet(visit, "Mule")
    roster.locator("[data-edit]").click()
    editor = roster.locator(".tb-editor")
    expect(editor.locator("[data-edit-full]")).to_contain_text("0 HP")
    # One more item would take more than ten slots: the engine refuses it.
    editor.locator("[data-edit-item-name]").fill("Anvil")
    editor.locator("[data-edit-add-item]").click()
    expect(editor.locator("[data-edit-message]")).to_contain_text("The items take more than 10 slots.")
    # Exhausted: no breather (TS-14); a night's rest brings Mule round; the scar's recovery is settled with
    # the Dealer's count of clubs among seven cards (TS-9): 5 against max DEX 2 raises DEX to 5.
    editor.locator("[data-edit-rest='breather']").click()
    expect(editor.locator("[data-edit-message]")).to_contain_text("exhausted: no HP comes back")
    editor.locator("[data-edit-rest='night']").click()
    expect(editor.locator("[data-edit-message]")).to_contain_text("Kept: A full night's rest")
    editor.locator("[data-edit-scar='Hamstrung'] input").fill("5")
    editor.locator("[data-edit-scar='Hamstrung'] button").click()
    expect(editor.locator("[data-edit-message]")).to_contain_text("DEX rises to 5")
    [sheet] = stored(visit)
    assert (sheet["status"], sheet["exhausted"], sheet["hp"], sheet["max"]["DEX"], sheet["abilities"]["DEX"]) == ("up", False, 5, 5, 5)
    assert "pending" not in sheet["scars"][0] and [e["cause"] for e in sheet["history"]] == ["edit", "edit"]
    # Shocked at WIL 0 kills (TS-13): the first tap asks, the second marks the death.
    editor.locator("[data-edit-condition='WIL']").click()
    expect(editor.locator("[data-edit-message]")).to_contain_text("kills (TS-13)")
    assert [s["status"] for s in stored(visit)] == ["up"]
    editor.locator("[data-edit-kills]").click()
    expect(editor.locator("[data-edit-message]")).to_contain_text("Kept: Shocked")
    [sheet] = stored(visit)
    assert sheet["status"] == "dead" and sheet["conditions"] == ["Shocked"]
    expect(editor.locator("[data-edit='advance']")).to_have_count(0)  # the dead do not advance (TS-23)
    expect(editor.locator("[data-edit='notes']")).to_have_count(1)


def test_a_write_back_is_recorded_with_its_differences(open_page: Callable[..., Visit]) -> None:
    """Roster.replace, as the tables call it at the end: the differences go in the history (TS-24), once."""
    visit = open_page(PHONE)
    page = visit.page
    visit.goto()
    assert page.evaluate(ADD_TO_ROSTER, forged(11)) == ""
    [kit] = stored(visit)  # the sheet as the roster keeps it and hands it to a table (its id is of that text)
    after = copy.deepcopy(kit)
    after.update(hp=kit["hp"] - 1, money=kit["money"] + 500, status="out")
    after["scars"] = [{"roll": 3, "name": "Walloped", "detail": "Sent flying."}]
    after["max_hp"] += 1
    after["exhausted"] = True
    replace = """
    async ([before, after]) => {
      const { Roster } = await import("./js/tombstone/roster.js");
      const roster = new Roster(window.app);
      const first = await roster.replace(before, after);
      const again = await roster.replace(before, after);
      return [first.ok, again.ok];
    }
    """
    assert page.evaluate(replace, [kit, after]) == [True, True]
    [sheet] = stored(visit)
    [entry] = sheet["history"]
    assert entry["cause"] == "session"
    assert entry["what"] == (f"At the Dealer's table — out of the fight, HP {kit['hp']}/{kit['max_hp']}→{after['hp']}/"
                             f"{after['max_hp']}, +$5, scar: Walloped, exhausted")
    assert {k: v for k, v in sheet.items() if k != "history"} == check_sheet(after)
    # The same character from a file made before the fight (no history) is the one kept: its history stays.
    reimport = """
    async (text) => {
      const { Roster } = await import("./js/tombstone/roster.js");
      const added = await new Roster(window.app).importText(text);
      return [added.ok, added.fresh];
    }
    """
    older = {k: v for k, v in sheet.items() if k != "history"}
    assert page.evaluate(reimport, json.dumps(older)) == [True, False]
    assert stored(visit) == [sheet]
    # A table may name itself: the Showdown's encounter before the differences.
    named = """
    async ([before, after]) => {
      const { Roster } = await import("./js/tombstone/roster.js");
      return (await new Roster(window.app).replace(before, after, { cause: "fight", title: "Showdown: The Hollister gang" })).ok;
    }
    """
    healed = {**sheet, "hp": sheet["max_hp"]}
    assert page.evaluate(named, [sheet, healed]) is True
    [sheet] = stored(visit)
    assert sheet["history"][-1]["cause"] == "fight"
    assert sheet["history"][-1]["what"] == f"Showdown: The Hollister gang — HP {after['hp']}→{after['max_hp']}"


def test_a_sheet_kept_in_an_older_form_is_still_written_back(open_page: Callable[..., Visit]) -> None:
    """TS-17, TS-24: an entry kept before the rules added a field (no companions or board: before TS-25) is
    read in today's canonical form; a table hands that form back, and the write-back still finds it."""
    visit = open_page(PHONE)
    page = visit.page
    visit.goto()
    older = {k: v for k, v in check_sheet(forged(11)).items() if k not in ("companions", "board")}
    answer = page.evaluate("""
    async (older) => {
      const { Roster, sheetId } = await import("./js/tombstone/roster.js");
      const oldKey = "saloon:tombstone:character:" + sheetId(older);
      localStorage.setItem(oldKey, JSON.stringify({ sheet: older, added: "2026-01-02T03:04:05.000Z" }));
      const roster = new Roster(window.app);
      const [seated] = (await roster.load()).characters;
      const after = { ...seated.sheet, money: seated.sheet.money + 500 };
      const written = await roster.replace(seated.sheet, after, { cause: "fight", title: "Showdown: The Hollister gang" });
      const kept = (await roster.load()).characters;
      return { moved: seated.key !== oldKey, oldGone: localStorage.getItem(oldKey) === null, written: written.ok,
               message: written.ok ? "" : written.message, kept: kept.map((c) => [c.sheet.money, c.added]) };
    }
    """, older)
    assert answer["moved"] and answer["oldGone"], answer
    assert answer["written"], answer["message"]
    assert answer["kept"] == [[older["money"] + 500, "2026-01-02T03:04:05.000Z"]], "one character, paid, joined when it did"

def test_the_party_picker_marks_who_cannot_sit_down_and_sheets_the_rules_never_gave(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE, touch=True)
    page = visit.page
    visit.goto()
    ada = forged(11)
    edited = copy.deepcopy(forged(12))
    edited["max"]["STR"] += 1  # raised by hand, no advancement recorded: edited (TS-18)
    out = new_sheet({"STR": 2, "DEX": 3, "WIL": 1, "GRT": 1})
    out.update(name="Doc", background="Sawbones", status="out")
    dead = new_sheet({"STR": 1, "DEX": 2, "WIL": 1, "GRT": 3})
    dead.update(name="Billie", background="Drifter", status="dead", hp=0)
    for sheet in (ada, edited, out, dead):
        assert page.evaluate(ADD_TO_ROSTER, sheet) == ""
    page.click("button[data-setup='tombstone_showdown']")
    picker = page.locator(".tt-party-pick")
    picker.wait_for()
    member = lambda name: picker.locator(f".tt-member:has(strong:text-matches('^{name}'))")  # noqa: E731
    expect(member("Billie").locator("[data-refused]")).to_have_text("Cannot sit down: dead.")
    expect(member("Doc").locator("[data-refused]")).to_have_text("Cannot sit down: out of the fight.")
    expect(member(edited["name"]).locator("[data-provenance='edited']")).to_contain_text("STR's maximum")
    expect(member(ada["name"]).locator("[data-provenance]")).to_have_count(0)
    assert member("Doc").locator("input").is_disabled() and member("Billie").locator("input").is_disabled()
    member("Billie").scroll_into_view_if_needed()
    visit.screenshot("party-picker-marks-390x844.png")
    page.keyboard.press("Escape")
    # At the Dealer's table one out of the fight may sit down, marked so (TS-14 brings them round).
    page.click("button[data-setup='tombstone_table']")
    picker = page.locator(".tt-party-pick")
    picker.wait_for()
    expect(picker.locator(".tt-member:has(strong:text-matches('^Doc')) [data-out]")).to_contain_text("Out of the fight")
    assert len(stored(visit)) == 4  # picking changes nothing on the roster


def test_a_sheet_full_of_campaign_prints_on_one_page(open_page: Callable[..., Visit]) -> None:
    """The longest a sheet gets in play (scars, advancements, the longest notes, conditions and Fatigue in the
    slots) still prints on one A4 page, and on one Letter page. The window is as wide as the printed area of
    an A4 page (190 mm), so the sheet on screen under print media is laid out as on paper."""
    visit = open_page({"width": 718, "height": 1000})
    page = visit.page
    visit.goto()
    sheet = forged(11)
    sheet["scars"] = [{"roll": r, "name": n, "detail": "A long story of how it happened, told at every bar. " * 4}
                      for r, n in ((1, "Lasting Scar"), (3, "Walloped"), (12, "Doomed"))]
    sheet["advances"] = [{"kind": "skill", "skill": f"Skill {i}", "reason": "A season with a trainer out west" * 3,
                          "when": "2026-11-26T07:00:00Z"} for i in range(4)]
    sheet.update(notes="Owes the Widow Carter five dollars and a favour. " * 40, fatigue=2, conditions=["Injured"])
    assert page.evaluate(ADD_TO_ROSTER, sheet) == ""
    page.evaluate("() => { window.print = () => {}; }")
    page.locator(".entry-tile button").click()
    page.locator("#tb-roster[open] .tb-roster-entry [data-print]").click()
    page.emulate_media(media="print")
    expect(page.locator(".tb-print .tb-paper")).to_be_visible()
    expect(page.locator(".tb-pnotes-text")).to_contain_text("…")  # the rest of the notes stays on the roster
    page.screenshot(path=str(ARTIFACTS / "roster-print-full-a4.png"), full_page=True)
    tall = page.evaluate("() => document.querySelector('.tb-print .tb-paper').getBoundingClientRect().height * 25.4 / 96")
    assert tall < 279.4 - 20, f"the sheet is {tall:.0f} mm tall: more than a Letter page holds"
    assert pdf_pages(visit) == 1
    assert len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format="Letter"))) == 1
