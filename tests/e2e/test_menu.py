"""The menu paints before Python is up; tiles, setup form and help come from the engine's GameInfo.

On a phone and a laptop (issue 25): every tile has its game's picture, its buttons are at least 44x44 CSS px in
even rows, it says who plays as the seats do, the roster of characters opens from the menu, and the loading
pill lies over no tile's words wherever the menu is scrolled.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest
from playwright.sync_api import expect

from pygame_core.games.tombstone.character import new_sheet
from saloon_site import ADD_TO_ROSTER, DIST, LAPTOP, PHONE, Visit

MIN_TOUCH = 44
SIZES = {
    "390x844": (PHONE, True), "844x390": ({"width": 844, "height": 390}, True),
    "768x1024": ({"width": 768, "height": 1024}, True), "1280x800": (LAPTOP, False),
}
HELD = "**/pyodide/pyodide.asm.wasm"  # held back, the loading pill stays on screen

# Every stretch of a tile's words the player can see (inside the scrolled menu and the window) that the loading
# pill lies over, the menu scrolled from top to bottom half a screen at a time.
PILL_OVER_WORDS = """
async () => {
  const menu = document.querySelector("#menu");
  const scroller = menu.scrollHeight > menu.clientHeight + 1 ? menu : document.scrollingElement;
  const cut = (a, b) => ({ left: Math.max(a.left, b.left), right: Math.min(a.right, b.right),
                           top: Math.max(a.top, b.top), bottom: Math.min(a.bottom, b.bottom) });
  const some = (r) => r.right - r.left > 0.5 && r.bottom - r.top > 0.5;
  const problems = [];
  for (let top = 0; ; top += scroller.clientHeight / 2) {
    scroller.scrollTop = top;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const pill = document.querySelector("#loading").getBoundingClientRect();
    const seen = cut(menu.getBoundingClientRect(), { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
    const words = document.createTreeWalker(document.querySelector("#game-list"), NodeFilter.SHOW_TEXT);
    for (let node = words.nextNode(); node; node = words.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) {
        if (!some(cut(cut(box, seen), pill))) continue;
        problems.push(`"${node.textContent.trim().slice(0, 30)}" at scroll ${Math.round(scroller.scrollTop)}`);
      }
    }
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
  }
  scroller.scrollTop = 0;
  return problems;
}
"""

# Each tile's buttons: at least 44x44, in rows of one height; a row of several shares its width evenly, and a
# button alone on its row takes the whole row (so none is left alone on a line its row-mates had room on).
BUTTON_ROWS = """
(touch) => {
  const problems = [];
  for (const tile of document.querySelectorAll("#game-list .game-tile")) {
    const name = tile.dataset.game ?? tile.dataset.entry;
    const buttons = [...tile.querySelectorAll("button, a[href]")].filter((b) => b.getClientRects().length);
    if (!buttons.length) problems.push(`${name} has no buttons`);
    const rows = new Map();
    for (const button of buttons) {
      const r = button.getBoundingClientRect();
      const label = button.textContent.trim();
      if (r.width < touch - 0.5 || r.height < touch - 0.5) {
        problems.push(`${name}: "${label}" is ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      const top = Math.round(r.top);
      rows.set(top, [...(rows.get(top) ?? []), { label, r, row: button.parentElement.getBoundingClientRect() }]);
    }
    for (const row of rows.values()) {
      const labels = row.map((b) => b.label).join(" | ");
      const [{ r: first, row: box }] = row;
      const even = row.every(({ r }) => Math.abs(r.height - first.height) <= 1 && Math.abs(r.width - first.width) <= 1);
      if (!even) problems.push(`${name}: uneven row ${labels}`);
      const left = Math.min(...row.map(({ r }) => r.left)), right = Math.max(...row.map(({ r }) => r.right));
      if (Math.abs(left - box.left) > 1 || Math.abs(right - box.right) > 1) {
        problems.push(`${name}: ${labels} leave part of their row empty`);
      }
    }
  }
  return problems;
}
"""



def games(visit: Visit) -> list[dict[str, Any]]:
    answer = visit.call({"op": "games"})
    assert answer["ok"] is True
    return list(answer["games"])


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_menu_paints_at_once_with_the_games_from_the_build(open_page: Callable[..., Visit], viewport: dict[str, int]) -> None:
    visit = open_page(viewport, scale=2 if viewport is PHONE else 1)
    page = visit.page
    page.goto(visit.base_url + "index.html")
    # The menu is plain HTML, and its tiles come from games.json: they are there long before the engines are.
    assert page.locator("#menu").is_visible()
    page.wait_for_selector(".game-tile:not(.skeleton)")
    engines_up = "() => Promise.race([window.app.ready.then(() => true), new Promise((r) => setTimeout(r, 0, false))])"
    assert page.evaluate(engines_up) is False

    visit.wait_ready()
    page.wait_for_function("() => document.querySelector('#loading-label').textContent === 'Ready'")
    page.wait_for_selector(".game-tile:not(.skeleton)")
    infos = games(visit)
    assert page.locator(".game-title").all_inner_texts() == [info["title"] for info in infos]
    for info in infos:
        tile = page.locator(f".game-tile[data-game='{info['id']}']")
        assert tile.locator(".game-blurb").inner_text() == info["summary"]
        meta = tile.locator(".game-meta").inner_text()
        assert f"about {info['minutes']} minutes" in meta and (info["credit"] in meta)
        assert tile.locator(f"button[data-setup='{info['id']}']").is_visible()
        assert tile.locator(f"button[data-rules='{info['id']}']").is_visible()
    assert page.locator(".soon-badge").count() == 0
    assert page.evaluate("() => window.app.current") is None
    paint = page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    assert paint is not None and paint < 2000, f"first contentful paint at {paint} ms"
    page.wait_for_function("() => getComputedStyle(document.querySelector('#loading')).opacity === '0'")
    visit.screenshot(f"menu-{viewport['width']}x{viewport['height']}.png")


def test_second_visit_paints_the_tiles_before_python(chromium: Any, site_url: str) -> None:
    # No service worker, so that the engines can be withheld from the second visit.
    context = chromium.new_context(viewport=LAPTOP, service_workers="block")
    try:
        visit = Visit(context, site_url)
        page = visit.goto()
        page.wait_for_selector(".game-tile:not(.skeleton)")
        titles = page.locator(".game-title").all_inner_texts()
        page.route("**/engines/*.zip", lambda route: route.abort())  # Python never gets its engines this time
        page.reload()
        page.wait_for_selector("#loading.failed", timeout=60_000)
        assert page.locator(".game-title").all_inner_texts() == titles
        assert [e for e in visit.errors if "ERR_FAILED" not in e] == []  # only the withheld engines complain
    finally:
        context.close()


def test_setup_form_from_game_info_sends_the_option_to_the_engine(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    grit = next(info for info in games(visit) if info["id"] == "grit")
    page.click("button[data-setup='grit']")
    form = page.locator("#setup-form")
    assert page.locator("#setup-title").inner_text() == f"Deal a game of {grit['title']}"
    # the game's modes, and a friend on another device for a game of two people's seats (remote play)
    assert form.locator("input[name='mode']").evaluate_all("(inputs) => inputs.map((i) => i.value)") == [*grit["modes"], "remote"]
    for level in grit["levels"]:
        choice = form.locator(f"label:has(input[name='level'][value='{level['id']}'])").inner_text()
        assert level["label"] in choice and level["help"] in choice
    assert form.locator("input[name='side']").count() == grit["players"]
    (heart,) = grit["options"]
    group = form.locator(f"fieldset:has(input[name='option:{heart['name']}'])")
    assert group.locator("legend").inner_text() == heart["label"]
    assert heart["help"] in group.inner_text()
    assert [label.strip() for label in group.locator("label").all_inner_texts()] == heart["labels"]
    assert group.locator(f"input[value='{heart['default']}']").is_checked()

    page.check("input[name='level'][value='hard']")
    page.check(f"input[name='option:{heart['name']}'][value='A-9']")
    page.fill("input[name='seed']", "4242")
    page.click("#setup-form button[value='deal']")
    page.wait_for_function("() => window.app.current !== null")
    assert page.evaluate("() => location.hash") == "#game=grit&mode=computer&level=hard"
    current = page.evaluate("() => window.app.current")
    assert current["game"] == "grit" and current["mode"] == "computer" and current["human"] == [0]
    record = visit.record()
    assert record["options"] == {heart["name"]: "A-9"}
    assert record["seed"] == 4242
    assert visit.wait_for_turn() in ("move", "over")
    page.click("a.tool[href='#']")
    page.wait_for_function("() => window.app.current === null && !document.querySelector('#menu').hidden")
    # the tiles are painted at once and again with "Continue" once the worker has listed the saves
    expect(page.locator(".game-tile[data-game='grit'] .game-continue")).to_be_visible()


def test_rules_open_from_a_tile_before_dealing_at_the_top(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE)
    page = visit.goto()
    page.wait_for_selector(".game-tile:not(.skeleton)")
    titles = {info["id"]: info["title"] for info in games(visit)}
    dialog = page.locator("#help-dialog")
    for game, title in titles.items():
        page.click(f"button[data-rules='{game}']")
        expect(dialog.locator("h2").first).to_have_text(f"How to play {title}")  # waits for the fetch
        assert dialog.evaluate("(d) => d.scrollTop") == 0
        dialog.evaluate("(d) => { d.scrollTop = d.scrollHeight; }")  # read to the end, then close
        assert dialog.evaluate("(d) => d.scrollTop") > 0
        dialog.locator("button[type='submit']").click()
        assert not dialog.is_visible()
    assert page.evaluate("() => window.app.current") is None


def test_rules_and_rulings_open_from_the_table(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=3&speed=instant")
    dialog = page.locator("#help-dialog")
    for kind, heading in [("rules", "How to play Grit"), ("rulings", "House rulings for Grit")]:
        visit.press_tool(f"button[data-help='{kind}']")
        expect(dialog.locator("h2").first).to_have_text(heading)  # waits for the fetch
        assert dialog.evaluate("(d) => d.scrollTop") == 0
        dialog.evaluate("(d) => { d.scrollTop = d.scrollHeight; }")
        dialog.locator("button[type='submit']").click()
        assert not dialog.is_visible()
    visit.press_tool("button[data-help='rulings']")
    expect(dialog.locator("h2").first).to_have_text("House rulings for Grit")
    rulings = dialog.locator("dt").all_inner_texts()
    assert [r.split(" ")[0] for r in rulings] == [f"GRIT-{i}" for i in range(1, 10)]


def test_a_failed_engine_load_is_explained(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    page.route("**/engines/*.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(visit.base_url + "index.html")
    page.wait_for_selector("#loading.failed", timeout=60_000)
    assert page.locator("#loading-label").inner_text().startswith("The cards could not be fetched.")
    assert page.locator("#loading-retry").is_visible()
    assert page.evaluate("() => window.app.ready.then(() => 'ready', (e) => e.message)").startswith(
        "The game engine could not start")
    # The 404 itself is the only complaint allowed in the console.
    visit.errors[:] = [e for e in visit.errors if "404" not in e]


def catalog() -> list[dict[str, Any]]:
    return list(json.loads((DIST / "games.json").read_text())["games"])


@pytest.mark.parametrize("size", list(SIZES))
def test_tiles_show_their_game_with_even_buttons_and_the_pill_over_no_words(chromium: Any, site_url: str,
                                                                             size: str) -> None:
    viewport, touch = SIZES[size]
    context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    try:
        visit = Visit(context, site_url)
        page = visit.page
        held: list[Any] = []
        context.route(HELD, lambda route: held.append(route))
        page.goto(site_url + "index.html")
        page.wait_for_selector(".game-tile:not(.skeleton)")
        infos = catalog()
        entries = page.locator(".entry-tile")
        page.wait_for_function("(n) => document.querySelectorAll('#game-list .game-art svg.vignette').length === n",
                               arg=len(infos) + 1)
        for info in infos:
            assert page.locator(f".game-tile[data-game='{info['id']}'] .game-art svg.vignette").count() == 1, info["id"]
        assert entries.count() == 1 and entries.locator(".game-art svg.vignette").count() == 1

        # A first visit: the engines are still coming, the pill says so, and it lies over no tile's words.
        expect(page.locator("#loading")).to_be_visible()
        assert page.evaluate(PILL_OVER_WORDS) == []
        assert page.evaluate(BUTTON_ROWS, MIN_TOUCH) == []
        visit.screenshot(f"menu-loading-{size}.png")
        for route in held:
            route.continue_()
        context.unroute(HELD)
        visit.wait_ready()
        expect(page.locator("#loading")).to_be_hidden()  # faded, and its strip given back to the tiles

        # A game in progress: "Continue" on a row of its own, "New game" and "Rules" under it.
        page.evaluate("() => { location.hash = '#game=grit&mode=computer&level=easy&seed=3&speed=instant'; }")
        visit.play_moves(1)
        page.click("a.tool[href='#']")
        grit = page.locator(".game-tile[data-game='grit']")
        expect(grit.locator(".game-continue")).to_be_visible()
        assert grit.locator(".game-play").inner_text() == "New game"
        assert page.evaluate(BUTTON_ROWS, MIN_TOUCH) == []
        visit.screenshot(f"menu-{size}.png")
        assert not visit.errors, visit.errors
    finally:
        context.close()


def test_each_tile_says_who_plays_as_its_seats_do(open_page: Callable[..., Visit]) -> None:
    """A solo forge is one player; the Showdown a character per seat, its Dealer the computer's; the Dealer's
    table a Dealer and a party of one to six; the card games two."""
    visit = open_page(PHONE)
    page = visit.page
    page.goto(visit.base_url + "index.html")
    page.wait_for_selector(".game-tile:not(.skeleton)")
    who = {"grit": "2 players", "knife_fight": "2 players", "grow21": "2 players", "dueling_suits": "2 players",
           "tombstone_forge": "1 player", "tombstone_showdown": "1–3 players",
           "tombstone_table": "a Dealer and 1–6 players"}
    assert sorted(who) == sorted(info["id"] for info in catalog())
    for game, players in who.items():
        meta = page.locator(f".game-tile[data-game='{game}'] .game-meta").inner_text()
        assert meta.startswith(f"{players} · about "), (game, meta)


def test_the_roster_opens_from_the_menu(open_page: Callable[..., Visit]) -> None:
    """"Your characters" opens the roster of the characters kept in this browser without sitting down at a table."""
    visit = open_page(PHONE)
    page = visit.goto()
    sheet = new_sheet({"STR": 2, "DEX": 3, "WIL": 1, "GRT": 2})
    sheet.update(name="Calamity", background="Drifter")
    assert page.evaluate(ADD_TO_ROSTER, sheet) == ""
    entry = page.locator(".entry-tile")
    expect(entry.locator(".entry-title")).to_have_text("Your characters")
    entry.locator("button").click()
    roster = page.locator("#tb-roster[open]")
    expect(roster.locator(".tb-roster-name")).to_have_text(["Calamity"])
    assert page.evaluate("() => window.app.current") is None and page.locator("#menu").is_visible()
    assert page.evaluate("() => location.hash") == ""
    roster.locator("[data-view]").click()
    expect(roster.locator(".tb-name")).to_have_text("Calamity")
    roster.get_by_role("button", name="Close").click()
    expect(page.locator("#tb-roster")).to_have_count(0)  # gone with its stylesheet until it is opened again
    assert page.locator("link[href$='tombstone/sheet.css']").evaluate("(link) => link.sheet.disabled") is True
    entry.locator("button").click()
    expect(page.locator("#tb-roster[open] .tb-roster-name")).to_have_text(["Calamity"])


def test_the_roster_says_who_died_and_who_carries_scars(open_page: Callable[..., Visit]) -> None:
    """What the tables wrote back shows in the roster's list: the dead with a cross and a 'dead' mark (a death
    by critical damage leaves GRT below -1, TOMB-9), those out of the fight, scars and conditions; and where
    each sheet comes from (TS-18), on the row and at the foot of its sheet."""
    visit = open_page(PHONE)
    page = visit.goto()
    billie = new_sheet({"STR": 1, "DEX": 2, "WIL": 1, "GRT": 3})
    billie.update(name="Billie", background="Drifter", status="dead", hp=0)
    billie["abilities"]["GRT"] = -2
    doc = new_sheet({"STR": 2, "DEX": 1, "WIL": 3, "GRT": 1})
    doc.update(name="Doc", background="Sawbones", status="out", conditions=["Injured"],
               scars=[{"roll": 4, "name": "Broken Limb", "detail": "A leg in a splint."}])
    for sheet in (billie, doc):
        assert page.evaluate(ADD_TO_ROSTER, sheet) == ""
    page.locator(".entry-tile button").click()
    roster = page.locator("#tb-roster[open]")
    expect(roster.locator(".tb-roster-name")).to_have_text(["Billie †", "Doc"])
    # Neither was forged here (no forge record to replay, TS-18): both are marked imported.
    expect(roster.locator(".tb-roster-entry[data-status='dead'] .tb-roster-marks span")).to_have_text(["Imported", "dead"])
    expect(roster.locator(".tb-roster-entry[data-status='out'] .tb-roster-marks span")).to_have_text(
        ["Imported", "out of the fight", "1 scar", "Injured"])
    visit.screenshot("roster-marks-390x844.png")
    roster.locator(".tb-roster-entry[data-status='dead'] [data-view]").click()
    expect(roster.locator(".tb-made")).to_have_attribute("data-provenance", "imported")
    visit.screenshot("roster-dead-sheet-390x844.png")


def test_a_table_opened_again_shows_its_controls_styled_from_the_start(open_page: Callable[..., Visit]) -> None:
    """A game's own stylesheet is switched off when its table closes and on when one opens again, without being
    parsed again: a <link> re-enabled is parsed anew, and while its @import was pending the Showdown's first
    buttons showed unstyled and jumped from under the finger once it applied (a guided game replacing a game)."""
    visit = open_page(PHONE)
    page = visit.goto("#game=tombstone_showdown&mode=computer&speed=instant&seed=1")  # a deal not over at once
    page.wait_for_function("() => window.app.current !== null")
    for _ in range(200):  # its first save has landed: the guided game asks before it replaces it
        slots = visit.call({"op": "saved"}).get("slots") or {}
        if "tombstone_showdown" in slots:
            break
        page.wait_for_timeout(50)
    sheet = "link[href$='tombstone_showdown/table.css']"
    page.wait_for_function("(sheet) => document.querySelector(sheet)?.sheet", arg=sheet)
    page.evaluate("(sheet) => { window.firstSheet = document.querySelector(sheet).sheet; }", sheet)
    # Each time the move list fills, whether the game's sheet lays out its scene at that very moment (a grid).
    page.evaluate("""() => {
      window.layouts = [];
      new MutationObserver(() => {
        const scene = document.querySelector('.sd-scene');
        if (scene && document.querySelector('#move-list button')) window.layouts.push(getComputedStyle(scene).display);
      }).observe(document.querySelector('#move-list'), { childList: true });
    }""")
    page.locator("[data-help='rules']").click()
    page.locator("#help-guide").click()
    page.locator("#replace-dialog button[value='replace']").click()
    page.wait_for_function("() => window.app.coach()?.asking", timeout=30_000)
    assert page.evaluate("(sheet) => document.querySelector(sheet).sheet === window.firstSheet", sheet)
    layouts = page.evaluate("() => window.layouts")
    assert layouts and set(layouts) == {"grid"}, layouts
