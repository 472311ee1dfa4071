"""The character forge in the browser (issue 9, point 3): a character forged by clicks (draw, draw again, keep,
a rolled name, a written background, the traits with one drawn again from the canvas, a purchase and a return,
done), the sheet on screen checked against the engine's view and result at every step, a reload in the middle
that carries on, the print view (the sheet alone), the export as a .json download, the import of that file
into a fresh browser, a corrupted roster entry reported while the others load, and bad files refused.

Rulings exercised through the page: TOMB-2 (seven cards to four abilities, HP = GRT + 1, ten slots),
TS-4 (a redraw of the stats), TS-5 (a name from the dice), TS-6 (one trait drawn again), TS-7 (a written
background is final), TS-8 (buying, returning and Done; a package's leftover dollars spent), TS-25 (a mule bought,
its slots on the sheet, on a phone held both ways)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from playwright.sync_api import expect
from saloon_site import ARTIFACTS, LAPTOP, PHONE, Visit

FORGE = "#game=tombstone_forge&mode=solo&speed=instant"
PREFIX = "saloon:tombstone:character:"
ABILITIES = ("STR", "DEX", "WIL", "GRT")
TRAITS = ("physique", "hair", "face", "speech", "virtue", "vice", "reputation", "misfortune")


def move_selector(move: dict[str, Any]) -> str:
    return f"button.move[data-move='{json.dumps(move, separators=(',', ':'))}']"


def settled(visit: Visit) -> dict[str, Any]:
    """The engine's view once the sheet beside the felt shows it (it follows the cards landing)."""
    view = visit.view(0)
    if view["phase"] != "done":
        visit.page.wait_for_selector(f".tf-pane .tb-sheet[data-log='{len(view['log'])}']")
    return view


def play(visit: Visit, move: dict[str, Any]) -> dict[str, Any]:
    """Press the button of `move` and wait for the new view and the sheet to follow it."""
    page = visit.page
    assert visit.wait_for_turn() == "move"
    before = page.evaluate("() => window.app.renders")
    page.locator(move_selector(move)).click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    return settled(visit)


def legal(visit: Visit) -> list[dict[str, Any]]:
    session = visit.page.evaluate("() => window.app.current.session")
    return list(visit.call({"op": "legal", "session": session, "player": 0})["moves"])


def offered_moves(page: Any) -> list[dict[str, Any]]:
    return [json.loads(m) for m in page.eval_on_selector_all("button.move:not([disabled])", "(bs) => bs.map((b) => b.dataset.move)")]


def same_moves(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    """The same moves, whatever order the panel groups them in."""
    return sorted(json.dumps(m, sort_keys=True) for m in a) == sorted(json.dumps(m, sort_keys=True) for m in b)


def sheet_on_screen(page: Any, root: str = ".tf-pane") -> dict[str, Any]:
    """What the sheet element shows, read back from the page."""
    return dict(page.evaluate("""(root) => {
      const sheet = document.querySelector(`${root} .tb-sheet`);
      const text = (sel) => sheet.querySelector(sel)?.textContent.trim() ?? null;
      return {
        name: text(".tb-name"), background: text(".tb-background"),
        abilities: Object.fromEntries([...sheet.querySelectorAll("[data-ability]")].map((n) => [n.dataset.ability, n.querySelector("dd").textContent.trim()])),
        hp: text("[data-hp]"), money: text("[data-money]"), slots: text("[data-slots]"),
        traits: Object.fromEntries([...sheet.querySelectorAll("[data-trait]")].map((n) => [n.dataset.trait, n.querySelector("dd").textContent.trim()])),
        items: [...sheet.querySelectorAll("[data-item] .tb-item-name")].map((n) => n.textContent.trim()),
        pencilled: [...sheet.querySelectorAll(".tb-pencilled")].map((n) => n.dataset.part),
        blank: [...sheet.querySelectorAll(".tb-blank")].map((n) => n.dataset.part),
      };
    }""", root))


def dollars(cents: int) -> str:
    return f"${cents // 100}" if cents % 100 == 0 else f"${cents // 100}.{cents % 100:02d}"


def assert_sheet_matches(shown: dict[str, Any], sheet: dict[str, Any]) -> None:
    """Every field of the sheet on screen is the engine's."""
    assert shown["name"] == sheet["name"] and shown["background"] == sheet["background"]
    assert shown["abilities"] == {a: str(sheet["abilities"][a]) for a in ABILITIES}
    assert shown["hp"] == f"{sheet['hp']}/{sheet['max_hp']}"
    assert shown["traits"] == {t: sheet["traits"][t] or "–" for t in TRAITS}
    assert shown["items"] == [item["name"] for item in sheet["inventory"]]
    assert shown["money"] == dollars(sheet["money"])
    used = sum(item["slots"] for item in sheet["inventory"])
    total = 10 + sum(c["carries"] for c in sheet.get("companions", []))  # TS-25: a pack beast's slots
    assert shown["slots"] == f"{used} of {total} slots"


def accept_the_character(visit: Visit) -> None:
    """Tap "accept" once the forge waits for it, and wait until the felt has drawn what follows."""
    assert visit.wait_for_turn() == "move"
    before = visit.page.evaluate("() => window.app.renders")
    visit.page.locator(move_selector({"type": "accept"})).click()
    visit.page.wait_for_function("(n) => window.app.renders > n", arg=before)


def roster_entries(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(f"""() => Object.fromEntries(Object.keys(localStorage)
      .filter((k) => k.startsWith("{PREFIX}")).map((k) => [k, localStorage.getItem(k)]))"""))


def test_the_menu_offers_the_forge(open_page: Callable[..., Visit]) -> None:
    """The tile comes from GameInfo (modes ("solo",), no levels): Play opens a setup sheet without an opponent
    or a level, and Deal sits down at the forge."""
    visit = open_page(LAPTOP)
    page = visit.goto()
    tile = page.locator("[data-game='tombstone_forge']")
    tile.wait_for()
    assert "character forge" in tile.inner_text()
    tile.locator(".game-play").click()
    page.wait_for_selector("#setup-dialog[open]")
    assert page.locator("#setup-fields input[type='radio']").count() == 0
    page.click("#setup-dialog button[value='deal']")
    assert visit.wait_for_turn() == "move"
    assert page.evaluate("() => window.app.current.game") == "tombstone_forge"
    assert page.evaluate("() => window.app.current.mode") == "solo"
    assert offered_moves(page) == [{"type": "draw"}]
    page.click("button[data-help='rules']")
    expect(page.locator("#help-text h2").first).to_have_text("How to play Tombstone: the character forge")
    assert "CC-BY-SA 4.0" in page.locator("#help-text").inner_text()
    page.keyboard.press("Escape")
    page.click("button[data-help='rulings']")
    expect(page.locator("#help-text h2").first).to_have_text("House rulings for Tombstone: the character forge")
    rulings = page.locator("#help-text").inner_text()
    assert all(ruling in rulings for ruling in ("TOMB-2", "TOMB-5", "TS-4", "TS-5", "TS-6", "TS-7", "TS-8"))


def test_forge_a_character_then_print_export_and_import(open_page: Callable[..., Visit], tmp_path: Path) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(FORGE + "&seed=11")
    assert visit.wait_for_turn() == "move"
    view = settled(visit)
    assert view["phase"] == "stats" and same_moves(offered_moves(page), legal(visit))
    assert set(sheet_on_screen(page)["blank"]) == {"stats", "name", "background", "traits", "gear"}

    # Abilities (TOMB-2, TS-4): the seven cards pencilled in, then drawn again, then kept.
    view = play(visit, {"type": "draw"})
    offer = view["offer"]
    assert len(offer["cards"]) == 7 and offer["max_hp"] == offer["abilities"]["GRT"] + 1
    shown = sheet_on_screen(page)
    assert "stats" in shown["pencilled"] and shown["abilities"] == {a: str(offer["abilities"][a]) for a in ABILITIES}
    drawn = page.evaluate("() => window.app.hitboxes()")
    assert sorted(c["card"] for c in drawn["cards"] if c["slot"] == "stats") == sorted(offer["cards"])
    assert sorted(c["card"] for c in drawn["aside"]) == sorted(view["aside"])
    first = offer["cards"]
    view = play(visit, {"type": "draw"})
    assert view["redraws"]["stats"] == 1 and set(first) <= set(view["discard"])
    assert page.locator(move_selector({"type": "accept"})).count() == 1
    view = play(visit, {"type": "accept"})
    assert view["phase"] == "name" and "stats" not in sheet_on_screen(page)["pencilled"]

    # Name (TS-5): one roll on a column, shown pencilled.
    assert same_moves(offered_moves(page), legal(visit))
    view = play(visit, {"type": "roll_name", "column": "rootin"})
    rolled = view["offer"]["name"]
    assert sheet_on_screen(page)["name"] == rolled and "name" in sheet_on_screen(page)["pencilled"]

    # A reload in the middle of the forge: the same draw, the same sheet, and it carries on.
    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    view = settled(visit)
    assert view["phase"] == "name" and view["offer"]["name"] == rolled
    shown = sheet_on_screen(page)
    assert shown["name"] == rolled and shown["abilities"] == {a: str(view["sheet"]["abilities"][a]) for a in ABILITIES}
    view = play(visit, {"type": "accept"})
    assert view["phase"] == "background"

    # Background written in (TS-7): final at once, no card drawn.
    page.fill(".tf-write input", "Riverboat gambler")
    before = page.evaluate("() => window.app.renders")
    page.click(".tf-write-button")
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    view = settled(visit)
    assert view["phase"] == "traits" and view["sheet"]["background"] == "Riverboat gambler"
    assert sheet_on_screen(page)["background"] == "Riverboat gambler"

    # Traits (TS-6): all eight drawn, then one drawn again by tapping its card on the felt.
    view = play(visit, {"type": "draw"})
    assert sheet_on_screen(page)["traits"] == view["offer"]["traits"]
    boxes = page.evaluate("() => window.app.hitboxes()")
    hair = next(c for c in boxes["cards"] if c["slot"] == "trait:hair")
    assert hair["card"] == view["offer"]["by_trait"]["hair"]
    before = page.evaluate("() => window.app.renders")
    page.mouse.click(hair["x"] + hair["w"] / 2, hair["y"] + hair["h"] / 2)
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    view = settled(visit)
    assert view["redraws"]["traits"] == 1 and view["offer"]["by_trait"]["hair"] != hair["card"]
    assert sheet_on_screen(page)["traits"] == view["offer"]["traits"]
    view = play(visit, {"type": "accept"})
    assert view["phase"] == "gear"

    # Gear (TS-8): a revolver bought, a knife bought and taken back, then Done.
    assert same_moves(offered_moves(page), legal(visit))
    view = play(visit, {"type": "buy", "item": "revolver"})
    view = play(visit, {"type": "buy", "item": "knife"})
    shown = sheet_on_screen(page)
    assert shown["slots"] == "4 of 10 slots" and shown["money"] == "$4"
    assert same_moves(offered_moves(page), legal(visit)) and {"type": "return", "index": 3} in offered_moves(page)
    view = play(visit, {"type": "return", "index": 3})
    assert [i["id"] for i in view["sheet"]["inventory"]] == ["rations", "torch", "revolver"]
    assert_sheet_matches(sheet_on_screen(page), view["sheet"])
    visit.screenshot("tombstone-forge-gear-1280x800.png")
    accept_the_character(visit)

    # Done: the sheet on screen is the engine's result, and it is on the roster.
    page.wait_for_selector(".tf-done .tb-sheet")
    session = page.evaluate("() => window.app.current.session")
    outcome = visit.call({"op": "view", "session": session, "player": 0})["outcome"]
    result = outcome["result"]
    assert result["background"] == "Riverboat gambler" and result["name"] == rolled
    assert result["made"]["written"] == ["background"] and result["made"]["redraws"]["stats"] == 1
    assert_sheet_matches(sheet_on_screen(page, ".tf-done"), result)
    assert page.locator("#result").is_hidden()
    stored = roster_entries(page)
    assert len(stored) == 1 and json.loads(next(iter(stored.values())))["sheet"] == result
    visit.screenshot("tombstone-forge-done-1280x800.png")

    # Print: the sheet alone, one page.
    page.emulate_media(media="print")
    assert page.locator("#table-screen").is_hidden() and page.locator(".toolbar").is_hidden()
    assert page.locator(".tb-print .tb-sheet").is_visible()
    assert page.locator(".tb-print .tb-name").inner_text() == result["name"]
    height = page.evaluate("() => document.querySelector('.tb-print .tb-sheet').getBoundingClientRect().height")
    assert height < 980, "the sheet must fit one printed page (A4 and Letter, 12 mm margins)"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tombstone-forge-print.png"), full_page=True)
    page.emulate_media(media="screen")
    assert page.locator("#table-screen").is_visible()

    # A reload of the finished forge keeps the roster as it is (the character is kept once).
    page.reload()
    visit.wait_ready()
    page.wait_for_selector(".tf-done .tb-sheet")
    assert roster_entries(page) == stored

    # Export: a .json download of the sheet.
    with page.expect_download() as download_info:
        page.click(".tf-done [data-export]")
    download = download_info.value
    assert download.suggested_filename.endswith(".json")
    exported = tmp_path / download.suggested_filename
    download.save_as(str(exported))
    assert json.loads(exported.read_text()) == result

    # Forge another: a fresh deck at once (the finished forge is not "in progress"), the roster kept.
    page.click(".tf-done [data-again]")
    page.wait_for_function("(old) => window.app.current && window.app.current.session !== old", arg=session)
    assert visit.wait_for_turn() == "move"
    assert settled(visit)["phase"] == "stats" and offered_moves(page) == [{"type": "draw"}]
    assert page.locator(".tf-done").count() == 0 and roster_entries(page) == stored

    # Import into a fresh browser (new storage): the character shows in the roster.
    fresh = open_page(LAPTOP)
    other = fresh.goto(FORGE)
    assert fresh.wait_for_turn() == "move"
    assert roster_entries(other) == {}
    other.click("#tf-roster-open")
    other.wait_for_selector("#tb-roster[open]")
    assert other.locator(".tb-roster-entry").count() == 0
    other.set_input_files("#tb-roster .tb-file", str(exported))
    other.wait_for_selector(".tb-roster-entry")
    assert other.locator(".tb-roster-name").inner_text() == result["name"]
    imported = roster_entries(other)
    assert [json.loads(v)["sheet"] for v in imported.values()] == [result]
    other.click("#tb-roster [data-view]")
    assert_sheet_matches(sheet_on_screen(other, "#tb-roster"), result)
    other.click("#tb-roster [data-back]")
    other.wait_for_selector(".tb-roster-entry")

    # Bad files are refused with a message and change nothing.
    for name, content, why in [
        ("broken.json", "{this is not json", "not JSON"),
        ("other.json", json.dumps({"format": "somebody-else", "version": 1}), "not a Tombstone character sheet"),
        ("greedy.json", json.dumps({**result, "money": -5}), "money"),
    ]:
        bad = tmp_path / name
        bad.write_text(content)
        other.set_input_files("#tb-roster .tb-file", str(bad))
        error = other.locator("#tb-roster .tb-roster-error")
        expect(error).to_contain_text(why)  # waits: the message of the file before may still be showing
        assert "not imported" in error.inner_text() or "not JSON" in error.inner_text()
        assert roster_entries(other) == imported
        assert other.locator(".tb-roster-entry").count() == 1
    fresh.screenshot("tombstone-forge-roster-import-error-1280x800.png")


def test_a_corrupted_roster_entry_is_reported_and_the_rest_kept(open_page: Callable[..., Visit]) -> None:
    """One damaged entry (not JSON) and one that fails the engine's check: both reported, the good ones load,
    nothing is deleted until the player says so; a character is deleted only after a second press."""
    visit = open_page(PHONE, scale=2)
    page = visit.goto(FORGE + "&seed=3")
    assert visit.wait_for_turn() == "move"
    good = visit.call({"op": "check_result", "game": "tombstone_forge", "result": {
        "format": "tombstone-character", "version": 1, "name": "Kit", "background": "Scout",
        "traits": {t: "Odd" for t in TRAITS}, "abilities": {"STR": 2, "DEX": 3, "WIL": 1, "GRT": 1},
        "max": {"STR": 2, "DEX": 3, "WIL": 1, "GRT": 1}, "hp": 2, "max_hp": 2,
        "inventory": [{"id": "torch", "name": "Torch", "kind": "supplies", "slots": 1}], "money": 1000,
        "conditions": [], "fatigue": 0, "scars": [], "status": "up", "exhausted": False, "doomed": False,
        "notes": "", "made": {}}})
    assert good["ok"], good
    second = {**good["result"], "name": "Jane"}
    page.evaluate("""([prefix, a, b]) => {
      localStorage.setItem(prefix + "aaaa", JSON.stringify({sheet: a, added: "2024-01-01T00:00:00Z"}));
      localStorage.setItem(prefix + "bbbb", "{damaged");
      localStorage.setItem(prefix + "cccc", JSON.stringify({sheet: {...a, hp: 50}, added: "2024-01-02T00:00:00Z"}));
      localStorage.setItem(prefix + "dddd", JSON.stringify({sheet: b, added: "2024-01-03T00:00:00Z"}));
    }""", [PREFIX, good["result"], second])
    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    assert "could not be read" in visit.toast()
    page.click("#tf-roster-open")
    page.wait_for_selector("#tb-roster[open] .tb-roster-entry")
    assert page.locator(".tb-roster-name").all_inner_texts() == ["Kit", "Jane"]
    problems = page.locator(".tb-roster-problem").all_inner_texts()
    assert len(problems) == 2 and any("not JSON" in p for p in problems) and any("hp" in p for p in problems)
    assert len(roster_entries(page)) == 4, "a damaged entry stays until the player removes it"
    visit.screenshot("tombstone-forge-roster-390x844.png")
    page.locator(".tb-roster-problem button").first.click()
    page.wait_for_function("() => document.querySelectorAll('.tb-roster-problem').length === 1")
    assert len(roster_entries(page)) == 3

    entry = page.locator(".tb-roster-entry", has_text="Jane")
    entry.locator("[data-delete]").click()
    page.wait_for_selector("[data-confirm-delete]")
    assert len(roster_entries(page)) == 3, "Delete asks first"
    page.click("[data-confirm-delete]")
    page.wait_for_function("() => document.querySelectorAll('.tb-roster-entry').length === 1")
    assert page.locator(".tb-roster-name").all_inner_texts() == ["Kit"]
    assert PREFIX + "dddd" not in roster_entries(page)


# What a phone shows of the shop: every control at least 44x44 CSS px, none cut off or off the screen at the
# side (the move list scrolls up and down), the page never wider than the screen.
PHONE_LOOK = """
() => {
  const problems = [];
  if (document.scrollingElement.scrollWidth > innerWidth + 1) problems.push("the page is too wide");
  for (const node of document.querySelectorAll("#table-screen button, #table-screen .tf-unavailable")) {
    if (node.closest("[hidden]")) continue;
    const r = node.getBoundingClientRect();
    if (r.width === 0) continue;
    const name = node.textContent.trim().slice(0, 30);
    if (r.width < 43.5 || r.height < 43.5) problems.push(`"${name}" is ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (r.left < -0.5 || r.right > innerWidth + 0.5) problems.push(`"${name}" leaves the screen at the side`);
    for (const part of node.querySelectorAll(".tf-move-title, .tf-move-note")) {
      if (part.scrollWidth > part.clientWidth + 1) problems.push(`"${name}" has its words cut`);
    }
  }
  return problems;
}
"""


@pytest.mark.parametrize("size", [PHONE, {"width": 844, "height": 390}], ids=["390x844", "844x390"])
def test_a_packages_leftover_and_a_mule_on_a_phone(open_page: Callable[..., Visit], size: dict[str, int]) -> None:
    """TS-8: the Outlaw's $2 buy a pitchfork; TS-25: back to the starting gear, a mule is bought, its six slots
    added on the sheet and on the felt, the beasts, board and hirelings shown as their own groups of the shop;
    the character is done with the mule on the sheet, on the roster and by the book."""
    visit = open_page(size, touch=True)
    page = visit.goto(FORGE + "&seed=11")
    for move in ({"type": "draw"}, {"type": "accept"}, {"type": "roll_name", "column": "male"}, {"type": "accept"},
                 {"type": "draw"}, {"type": "accept"}, {"type": "draw"}, {"type": "accept"}):
        view = play(visit, move)
    assert view["phase"] == "gear"
    titles = page.locator(".tf-shop .tf-group-title").all_text_contents()
    assert titles[-3:] == ["Beasts", "Board (a week)", "Hirelings (a day's wage)"]

    view = play(visit, {"type": "package", "archetype": "outlaw"})
    assert page.locator(".tf-note").inner_text().startswith("$2 left")
    assert same_moves(offered_moves(page), legal(visit)) and {"type": "buy", "item": "pitchfork"} in offered_moves(page)
    view = play(visit, {"type": "buy", "item": "pitchfork"})
    assert view["sheet"]["money"] == 100 and view["bought"][-1] is True
    assert_sheet_matches(sheet_on_screen(page), view["sheet"])

    view = play(visit, {"type": "package", "archetype": "standard"})
    view = play(visit, {"type": "buy", "item": "mule"})
    assert view["sheet"]["companions"] == [{"id": "mule", "name": "Mule", "kind": "beast", "carries": 6, "wage": 0}]
    assert view["slots"] == {"used": 2, "total": 16, "full": False} and view["sheet"]["money"] == 300
    shown = sheet_on_screen(page)
    assert shown["slots"] == "2 of 16 slots" and shown["money"] == "$3"
    assert page.locator(".tf-pane [data-kept='mule']").inner_text().startswith("Mule")
    assert same_moves(offered_moves(page), legal(visit)) and {"type": "return", "item": "mule"} in offered_moves(page)
    boxes = page.evaluate("() => window.app.hitboxes()")
    assert boxes is not None
    page.locator(".tf-shop").last.scroll_into_view_if_needed()
    problems = page.evaluate(PHONE_LOOK)
    visit.screenshot(f"tombstone-forge-shop-{size['width']}x{size['height']}.png")
    page.locator(".tf-shop", has_text="Beasts").scroll_into_view_if_needed()
    visit.screenshot(f"tombstone-forge-shop-beasts-{size['width']}x{size['height']}.png")
    page.locator(".tf-group", has_text="take back").scroll_into_view_if_needed()
    visit.screenshot(f"tombstone-forge-shop-top-{size['width']}x{size['height']}.png")
    assert not problems, "\n".join(problems)

    accept_the_character(visit)
    page.wait_for_selector(".tf-done .tb-sheet")
    session = page.evaluate("() => window.app.current.session")
    result = visit.call({"op": "view", "session": session, "player": 0})["outcome"]["result"]
    assert result["companions"][0]["id"] == "mule" and result["made"]["gear"] == "standard"
    assert_sheet_matches(sheet_on_screen(page, ".tf-done"), result)
    page.locator(".tf-done [data-kept='mule']").scroll_into_view_if_needed()
    visit.screenshot(f"tombstone-forge-done-mule-{size['width']}x{size['height']}.png")
    checked = visit.call({"op": "check_result", "game": "tombstone_forge", "result": result})
    assert checked["ok"] and checked["provenance"]["word"] == "by_the_book", checked
    stored = roster_entries(page)
    assert len(stored) == 1 and json.loads(next(iter(stored.values())))["sheet"] == result
