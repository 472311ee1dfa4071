"""The menu paints before Python is up; tiles, setup form and help come from the engine's GameInfo."""

from __future__ import annotations

from typing import Any, Callable

import pytest
from playwright.sync_api import expect

from saloon_site import LAPTOP, PHONE, Visit


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
    assert form.locator("input[name='mode']").evaluate_all("(inputs) => inputs.map((i) => i.value)") == grit["modes"]
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
    assert page.locator(".game-tile[data-game='grit'] .game-continue").is_visible()


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
        page.click(f"button[data-help='{kind}']")
        expect(dialog.locator("h2").first).to_have_text(heading)  # waits for the fetch
        assert dialog.evaluate("(d) => d.scrollTop") == 0
        dialog.evaluate("(d) => { d.scrollTop = d.scrollHeight; }")
        dialog.locator("button[type='submit']").click()
        assert not dialog.is_visible()
    page.click("button[data-help='rulings']")
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
