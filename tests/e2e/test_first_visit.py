"""A first visit feels fast: the menu works before the engines are ready, and a deal chosen meanwhile shows
the table with a shuffling deck, plain words and real byte progress, then starts by itself.

Every visit here is cold (a fresh browser context: empty caches, no service worker). The runtime's wasm is
held back with ``context.route`` until the checks of the waiting time are done, so they cannot race the
engines; releasing it lets the start finish, and the game must then become playable with nothing clicked.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from saloon_site import DIST, LAPTOP, Visit

DEAL_LINK = "#game=grit&mode=computer&level=easy&seed=1"
HELD = "**/pyodide/pyodide.asm.wasm"
UNPLAIN = re.compile(r"python|pyodide|engine", re.IGNORECASE)

# Installed before the page's own scripts: every value the waiting table's byte bar and the loading pill
# take, as they change (a look now and then could miss the steps between).
WATCH_LOADING = """
window.__loading = { bytes: [], labels: [] };
new MutationObserver(() => {
  const bar = document.querySelector("#deal-progress");
  const label = document.querySelector("#loading-label")?.textContent;
  const seen = window.__loading;
  if (bar && bar.max > 1 && `${bar.value}/${bar.max}` !== seen.bytes.at(-1)?.join("/")) seen.bytes.push([bar.value, bar.max]);
  if (label && label !== seen.labels.at(-1)) seen.labels.push(label);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["value", "max"] });
"""

ENGINES_READY_NOW = """() => Promise.race([
  window.app.ready.then(() => "ready"),
  new Promise((resolve) => setTimeout(() => resolve("starting"), 100)),
])"""

SHUFFLING_CARDS = """() => document.getAnimations()
  .filter((a) => a.animationName === "riffle" && a.playState === "running").length"""


def engine_bytes() -> int:
    """The total the byte progress must reach: the big downloads listed in the manifest."""
    manifest = json.loads((DIST / "manifest.json").read_text())
    return sum(int(size) for size in manifest["engine_files"].values())


def megabytes(n: int) -> str:
    return f"{n / 1e6:.1f}"


def hold_the_runtime(visit: Visit) -> list[Any]:
    """Hold every request for the runtime's wasm (the biggest download) until released; returns the held."""
    held: list[Any] = []
    visit.context.route(HELD, lambda route: held.append(route))
    visit.context.add_init_script(WATCH_LOADING)
    return held


def release(page: Any, held: list[Any]) -> None:
    """Let the held wasm through, once the worker has asked for it."""
    deadline = time.monotonic() + 30
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert held, "the worker never asked for the runtime's wasm"
    for route in held:
        route.continue_()


def visible_text(page: Any) -> str:
    return str(page.evaluate("() => document.body.innerText"))


def check_waiting_table(page: Any) -> None:
    """The table screen with the deck shuffling and the plain words, before the engines are ready."""
    expect(page.locator("#waiting")).to_be_visible()
    expect(page.locator("#waiting .waiting-words")).to_have_text("Shuffling the deck…")
    assert page.locator("#table-screen").is_visible() and not page.locator("#menu").is_visible()
    assert page.evaluate(ENGINES_READY_NOW) == "starting"
    assert page.evaluate(SHUFFLING_CARDS) >= 8, "the deck on the felt is not shuffling"
    assert not UNPLAIN.search(visible_text(page)), visible_text(page)


def check_starts_by_itself(visit: Visit) -> None:
    """Once the engines are up, the game opens on its own and a move can be played."""
    page = visit.page
    assert visit.wait_for_turn(timeout=90_000) == "move"
    expect(page.locator("#waiting")).to_be_hidden()
    assert page.evaluate("() => window.app.current.game") == "grit"
    visit.play_moves(1)
    assert len(visit.record()["moves"]) >= 1


def test_a_deal_link_opened_cold_shuffles_with_byte_progress_then_plays(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    held = hold_the_runtime(visit)
    page.goto(visit.base_url + "index.html" + DEAL_LINK, wait_until="commit")
    check_waiting_table(page)

    total = engine_bytes()
    bytes_line = page.locator("#deal-bytes")
    expect(page.locator("#deal-download")).to_be_visible()
    expect(bytes_line).to_have_text(re.compile(rf"^\d+\.\d of {re.escape(megabytes(total))} MB$"))
    visit.screenshot("first-visit-waiting-1280x800.png")

    release(page, held)
    check_starts_by_itself(visit)

    seen = page.evaluate("() => window.__loading")
    loaded = [value for value, _ in seen["bytes"]]
    assert {maximum for _, maximum in seen["bytes"]} == {total}
    assert loaded == sorted(loaded) and len(set(loaded)) > 3, f"byte progress went {loaded}"
    assert loaded[-1] == total, f"byte progress ended at {loaded[-1]} of {total}"
    assert any(label.startswith("Fetching the cards") for label in seen["labels"])
    assert not [label for label in seen["labels"] if UNPLAIN.search(label)], seen["labels"]


def test_the_menu_deals_before_the_engines_are_ready(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    held = hold_the_runtime(visit)
    page.goto(visit.base_url + "index.html", wait_until="commit")

    catalog = json.loads((DIST / "games.json").read_text())["games"]
    page.wait_for_selector(".game-tile:not(.skeleton)")
    assert page.evaluate(ENGINES_READY_NOW) == "starting"
    assert page.locator(".game-title").all_inner_texts() == [info["title"] for info in catalog]
    for info in catalog:
        tile = page.locator(f".game-tile[data-game='{info['id']}']")
        assert tile.locator(".game-blurb").inner_text() == info["summary"]
        expect(tile.locator(f"button[data-setup='{info['id']}']")).to_be_enabled()
        expect(tile.locator(f"button[data-rules='{info['id']}']")).to_be_enabled()
    assert not UNPLAIN.search(visible_text(page)), visible_text(page)

    page.click("button[data-rules='grit']")
    expect(page.locator("#help-dialog h2").first).to_have_text("How to play Grit")
    page.locator("#help-dialog button[type='submit']").click()
    page.click("button[data-setup='grit']")
    expect(page.locator("#setup-title")).to_have_text("Deal a game of Grit")
    page.click("#setup-form button[value='deal']")
    check_waiting_table(page)
    assert page.evaluate("() => location.hash") == "#game=grit&mode=computer&level=easy"

    release(page, held)
    check_starts_by_itself(visit)
    assert not [label for label in page.evaluate("() => window.__loading.labels") if UNPLAIN.search(label)]


def test_a_later_visit_just_shuffles(chromium: Any, site_url: str) -> None:
    """The second visit starts from the copy the first one kept: nothing to download, so no byte count.

    Without the service worker, so that the second visit's requests (and the held wasm) reach the network."""
    context = chromium.new_context(viewport=LAPTOP, service_workers="block")
    try:
        visit = Visit(context, site_url)
        page = visit.page
        held = hold_the_runtime(visit)
        page.goto(site_url + "index.html" + DEAL_LINK, wait_until="commit")
        release(page, held)
        check_starts_by_itself(visit)
        page.wait_for_function(
            """async () => (await (await caches.open("engine-snapshot")).keys()).length > 0""", timeout=60_000, polling=250)

        held.clear()
        page.goto("about:blank")  # a new visit, not a change of address within the page
        page.goto(site_url + "index.html#game=grit&mode=computer&level=easy", wait_until="commit")  # the game goes on
        check_waiting_table(page)
        assert page.locator("#deal-download").is_hidden()
        visit.screenshot("later-visit-waiting-1280x800.png")
        release(page, held)
        check_starts_by_itself(visit)
        labels = page.evaluate("() => window.__loading.labels")
        assert not [label for label in labels if label.startswith("Fetching the cards")], labels
        assert not visit.errors, visit.errors
    finally:
        context.close()


def test_a_failed_start_is_told_in_plain_words_with_a_way_to_try_again(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    page.route("**/engines/*.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(visit.base_url + "index.html" + DEAL_LINK, wait_until="commit")
    page.wait_for_selector("#loading.failed", timeout=60_000)
    expect(page.locator("#turn-line")).to_have_text("The cards could not be dealt.")
    expect(page.locator("#waiting")).to_be_hidden()
    expect(page.locator("#loading-label")).to_have_text("The cards could not be fetched. Check the connection, then try again.")
    expect(page.locator("#loading-retry")).to_be_visible()
    assert not UNPLAIN.search(visible_text(page)), visible_text(page)
    visit.errors[:] = [e for e in visit.errors if "404" not in e]  # the withheld engines are the only complaint
