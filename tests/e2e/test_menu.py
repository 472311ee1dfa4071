"""The menu paints before Python is up; the engine then loads and answers through window.app."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from saloon_site import LAPTOP, PHONE

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_menu_shows_games_at_once_and_engine_gets_ready(open_page: Callable[..., Any], viewport: dict[str, int]) -> None:
    visit = open_page(viewport, scale=2 if viewport is PHONE else 1)
    page = visit.page
    page.goto(visit.base_url + "index.html")
    # The menu is plain HTML: it is there before the worker has even started Python.
    assert page.locator("#menu").is_visible()
    assert page.locator("button[data-setup='grit']").is_visible()
    assert page.locator("button[data-setup='knife_fight']").is_visible()
    assert page.locator("button[data-setup='grow21']").is_visible()
    soon = page.locator(".game-tile.soon h2").all_inner_texts()
    assert soon == ["Dueling Suits", "Tombstone"]
    assert page.locator(".soon-badge").count() == 2

    visit.wait_ready()
    page.wait_for_function("() => document.querySelector('#loading-label').textContent === 'Ready'")
    games = visit.call({"op": "games"})
    assert games["ok"] is True
    assert [g["id"] for g in games["games"]][:1] == ["grit"]
    assert page.evaluate("() => window.app.current") is None
    paint = page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    assert paint is not None and paint < 2000, f"first contentful paint at {paint} ms"
    page.wait_for_function("() => getComputedStyle(document.querySelector('#loading')).opacity === '0'")
    visit.screenshot(f"menu-{viewport['width']}x{viewport['height']}.png")


def test_setup_sheet_opens_a_game_from_the_menu(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    page.click("button[data-setup='grit']")
    page.fill("input[name='seed']", "4242")
    page.check("input[name='mode'][value='computer']")
    page.check("input[name='level'][value='hard']")
    page.click("#setup-form button[value='deal']")
    page.wait_for_function("() => window.app.current !== null")
    assert page.evaluate("() => location.hash") == "#game=grit&mode=computer&level=hard&seed=4242"
    current = page.evaluate("() => window.app.current")
    assert current["game"] == "grit" and current["mode"] == "computer" and current["human"] == [0]
    assert visit.wait_for_turn() in ("move", "over")
    page.click("a.tool[href='#']")
    page.wait_for_function("() => window.app.current === null && !document.querySelector('#menu').hidden")
    assert page.locator("#resume").is_visible()


def test_help_dialogs_open_from_the_table(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=3&speed=fast")
    for dialog, heading in [("rules-dialog", "How to play Grit"), ("rulings-dialog", "House rulings for Grit")]:
        page.click(f"button[data-dialog='{dialog}']")
        assert page.locator(f"#{dialog} h2:visible").inner_text() == heading
        page.locator(f"#{dialog} button[type='submit']").click()
        assert not page.locator(f"#{dialog}").is_visible()
    rulings = page.locator("#rulings-dialog section[data-game='grit'] dt").all_inner_texts()
    assert [r.split(" ")[0] for r in rulings] == [f"GRIT-{i}" for i in range(1, 10)]


def test_a_failed_engine_load_is_explained(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    page.route("**/wheels/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(visit.base_url + "index.html")
    page.wait_for_selector("#loading.failed", timeout=60_000)
    assert page.locator("#loading-label").inner_text().startswith("The game engine could not start")
    assert page.locator("#loading-retry").is_visible()
    assert page.evaluate("() => window.app.ready.then(() => 'ready', (e) => e.message)").startswith(
        "The game engine could not start")
    # The 404 itself is the only complaint allowed in the console.
    visit.errors[:] = [e for e in visit.errors if "404" not in e]
