"""A game survives a reload, a broken save is noticed gently, and a second visit works offline."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from saloon_site import LAPTOP

pytestmark = pytest.mark.e2e

HASH = "#game=grit&mode=computer&level=hard&seed=31&speed=fast"


def make_moves(visit: Any, count: int) -> None:
    page = visit.page
    for _ in range(count):
        assert visit.wait_for_turn() == "move"
        before = page.evaluate("() => window.app.renders")
        page.locator("button.move:not([disabled])").last.click()
        page.wait_for_function("(n) => window.app.renders > n", arg=before)


def human_view(visit: Any) -> dict[str, Any]:
    session = visit.page.evaluate("() => window.app.current.session")
    return visit.call({"op": "view", "session": session, "player": 0})["view"]


def test_game_resumes_after_reload(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(HASH)
    make_moves(visit, 2)
    assert visit.wait_for_turn() == "move"
    before = human_view(visit)
    assert len(before["log"]) >= 4

    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    after = human_view(visit)
    assert after["log"] == before["log"]
    assert after["hand"] == before["hand"]
    assert after["piles"] == before["piles"]
    page.click("button[data-dialog='log-dialog']")
    assert page.locator("#log-list li").count() == len(before["log"])


def test_corrupted_save_starts_a_fresh_game(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(HASH)
    make_moves(visit, 1)
    page.evaluate("""() => {
      const saved = JSON.parse(localStorage.getItem("saloon:saved-game"));
      saved.record.moves = [[0, {type: "play", card: "ZZ", pile: [9, 9], marked: false}]];
      localStorage.setItem("saloon:saved-game", JSON.stringify(saved));
    }""")
    page.reload()
    visit.wait_ready()
    page.wait_for_selector("#toast:not([hidden])")
    assert "could not be restored" in page.locator("#toast").inner_text()
    assert visit.wait_for_turn() == "move"
    assert all(entry["player"] == 1 for entry in human_view(visit)["log"])

    page.evaluate("() => localStorage.setItem('saloon:saved-game', '{not json')")
    page.reload()
    visit.wait_ready()
    page.wait_for_selector("#toast:not([hidden])")
    assert "could not be read" in page.locator("#toast").inner_text()
    assert visit.wait_for_turn() == "move"


def test_second_visit_works_offline(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    cached = page.evaluate("async () => (await caches.keys()).filter((k) => k.startsWith('saloon-'))")
    manifest = visit.call({"op": "games"})
    assert manifest["ok"] and len(cached) == 1

    visit.context.set_offline(True)
    page.goto(visit.base_url + "index.html" + HASH)
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    make_moves(visit, 1)
