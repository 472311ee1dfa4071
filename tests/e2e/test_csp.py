"""The site's Content-Security-Policy, in the form GitHub Pages publishes it: the `<meta>` tag in index.html.

One fresh browser plays the whole menu as a player would (every game's rules; a deal of each game, against the
computer where it has levels, else in its first mode; moves clicked on the move buttons; a reload that brings
the saved game back with the service worker in control; a character made, printed and exported in the
Tombstone forge) while every request of the browser context and every policy violation is recorded. It fails
on any request to another origin and on any violation. Then it shows that the policy is enforced: an `eval`
and a fetch to another origin are both refused by the policy itself, not by a failing network.

What the recording covers, in Chromium:
- Requests: `context.on("request")` sees the page's, the engine worker's (the runtime's `.wasm`, which only
  the worker fetches) and the service worker's (`request.service_worker`); the test checks that it saw both
  kinds, so a request from either to another origin would be caught too.
- Violations: a `<meta>` policy applies to its document only. A dedicated worker takes its policy from its
  own response headers (the HTML standard; Chromium since version 97), and so does the service worker; the
  published site sends no header, so there its workers run under no policy and have nothing to violate.
  The page's violations are caught twice: by the `securitypolicyviolation` event (an init script reports
  each to the test as it happens, across reloads) and by console messages naming the policy. The second test
  serves the same policy as a header, so that the engine worker runs under it too: the engines start and a
  game plays, which shows that Pyodide needs `'wasm-unsafe-eval'` and nothing looser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from conftest import serving  # the e2e tests' own server, here with the policy as a header too
from saloon_site import DIST, LAPTOP, LOAD_TIMEOUT_MS, Visit

POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
MOVES_PER_GAME = 3
FOREIGN = "https://example.com/"
ACCEPT = """[data-move='{"type":"accept"}']"""

# Every violation in any page of the context, sent to the test as it happens (a reload loses none).
REPORT_VIOLATIONS = """
addEventListener("securitypolicyviolation", (event) => window.reportViolation({
  directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile, line: event.lineNumber,
}));
"""
# An attempt the policy must refuse, and the violation it reports (null if none comes within 5 s). The eval
# runs from a timer: code the DevTools protocol evaluates may itself use eval whatever the policy says, but
# code that runs later from the page's own event loop is checked.
REFUSED = """async ([attempt, url]) => {
  const violation = new Promise((resolve) => {
    addEventListener("securitypolicyviolation", (e) => resolve([e.effectiveDirective, e.blockedURI]), { once: true });
    setTimeout(() => resolve(null), 5000);
  });
  const outcome = attempt === "eval"
    ? await new Promise((resolve) => setTimeout(() => {
      try { resolve(`evaluated ${eval("1")}`); } catch (error) { resolve(`${error.name}: ${error.message}`); }
    }))
    : await fetch(url).then(() => "fetched", (error) => `${error.name}: ${error.message}`);
  return [outcome, await violation];
}"""
# Same as REFUSED's eval, in the engine worker.
WORKER_EVAL = """() => new Promise((resolve) => setTimeout(() => {
  try { resolve(`evaluated ${eval("1")}`); } catch (error) { resolve(`${error.name}: ${error.message}`); }
}))"""
# Where the forge stands: finished, or the move to press (keep what was drawn when offered, else the first).
FORGE_STEP = """(accept) => {
  if (document.querySelector(".tf-done .tb-sheet")) return "done";
  if (document.querySelector(`button.move:not([disabled])${accept}`)) return "accept";
  return document.querySelector("button.move:not([disabled])") ? "first" : "";
}"""


def published_policy() -> str:
    found = POLICY.search((DIST / "index.html").read_text())
    assert found, "index.html has no Content-Security-Policy meta tag"
    return found[1]


def same_origin(url: str, site: str) -> bool:
    """Whether `url` is of the site's origin; a blob: URL (the forge's export) by the origin that made it."""
    parts, home = urlsplit(url.removeprefix("blob:")), urlsplit(site)
    return (parts.scheme, parts.netloc) == (home.scheme, home.netloc)


class Watch:
    """Every request and every policy violation of one browser context, from before its first page opens."""

    def __init__(self, context: Any) -> None:
        self.requests: list[Any] = []
        self.violations: list[dict[str, Any]] = []
        self.console: list[str] = []
        context.on("request", self._request)
        context.on("console", self._console)
        context.expose_function("reportViolation", self._violation)
        context.add_init_script(REPORT_VIOLATIONS)

    def _request(self, request: Any) -> None:
        self.requests.append(request)

    def _violation(self, violation: dict[str, Any]) -> None:
        self.violations.append(violation)

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.console.append(message.text)

    def foreign(self, site: str) -> list[str]:
        return [request.url for request in self.requests if not same_origin(request.url, site)]

    def assert_clean(self, site: str) -> None:
        assert not self.violations, f"policy violations: {self.violations}"
        assert not self.console, f"policy messages in the console: {self.console}"
        assert not self.foreign(site), f"requests to other origins: {self.foreign(site)[:5]}"


def back_to_menu(visit: Visit) -> None:
    """By the table's own Menu link, as a player leaves a table."""
    page = visit.page
    if page.locator("#table-screen").is_visible():
        page.click("#table-screen .toolbar a.tool")
    page.wait_for_selector("#menu:not([hidden]) .game-tile:not(.skeleton)")


def read_rules(visit: Visit, game: str) -> None:
    page = visit.page
    page.click(f"button[data-rules='{game}']")
    page.wait_for_selector("#help-dialog[open] #help-text h2")
    page.keyboard.press("Escape")
    page.wait_for_selector("#help-dialog", state="hidden")


def deal(visit: Visit, info: dict[str, Any]) -> None:
    """Deal from the menu's setup sheet: against the computer's first level where the game has levels."""
    page = visit.page
    page.click(f"button[data-setup='{info['id']}']")
    form = page.locator("#setup-dialog[open]")
    form.wait_for()
    if info["levels"] and "computer" in info["modes"]:
        form.locator("input[name='mode'][value='computer']").check()
        form.locator(f"input[name='level'][value='{info['levels'][0]['id']}']").check()
    form.locator("input[name='seed']").fill("7")
    form.locator("button[value='deal']").click()
    page.wait_for_function("(game) => window.app.current?.game === game", arg=info["id"])


def click_move(visit: Visit, selector: str = "button.move:not([disabled]):visible") -> None:
    """Press the first button matching `selector` and wait for the table to redraw."""
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    page.locator(selector).first.click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)


def play_moves(visit: Visit, count: int) -> None:
    """`count` moves, each the first move button on screen (a panel's last one may be hidden, like the Dealer's
    table's "End the session")."""
    for _ in range(count):
        assert visit.wait_for_turn(LOAD_TIMEOUT_MS) == "move"
        click_move(visit)


def make_a_character(visit: Visit) -> None:
    """Forge a character to the end by the move buttons, then print its sheet and export it (a blob: download)."""
    page = visit.page
    for _ in range(40):
        page.wait_for_function(f"(accept) => ({FORGE_STEP})(accept) !== ''", arg=ACCEPT, timeout=LOAD_TIMEOUT_MS)
        step = page.evaluate(FORGE_STEP, ACCEPT)
        if step == "done":
            break
        click_move(visit, "button.move:not([disabled])" + (ACCEPT if step == "accept" else ""))
    page.wait_for_selector(".tf-done .tb-sheet")
    page.click(".tf-done [data-print]")  # headless Chromium returns from window.print() at once
    with page.expect_download() as download:
        page.click(".tf-done [data-export]")
    assert download.value.suggested_filename.endswith(".json")


def play_every_game(visit: Visit) -> list[str]:
    """Rules, a deal, some moves and a reload for each game of the menu; returns the games played."""
    page = visit.page
    answer = visit.call({"op": "games"})
    assert answer["ok"], answer
    # The forge first: the Dealer's table and the Showdown then seat the character it made.
    infos = sorted(answer["games"], key=lambda info: info["id"] != "tombstone_forge")
    for info in infos:
        game = info["id"]
        back_to_menu(visit)
        read_rules(visit, game)
        deal(visit, info)
        if game == "tombstone_forge":
            make_a_character(visit)
        else:
            play_moves(visit, MOVES_PER_GAME)
        moves = len(visit.record()["moves"])
        page.reload()
        visit.wait_ready()
        assert page.evaluate("() => navigator.serviceWorker.controller !== null"), f"{game}: no service worker"
        page.wait_for_function("(game) => window.app.current?.game === game", arg=game)
        assert len(visit.record()["moves"]) == moves, f"{game}: the saved game did not come back whole"
    return [info["id"] for info in infos]


def test_every_game_plays_under_the_published_policy(chromium: Any, site_url: str) -> None:
    policy = published_policy()
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    context = chromium.new_context(viewport=LAPTOP)
    watch = Watch(context)
    try:
        visit = Visit(context, site_url)
        page = visit.goto()
        menu = page.locator(".game-tile[data-game]").evaluate_all("(tiles) => tiles.map((t) => t.dataset.game)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT_MS)
        assert sorted(play_every_game(visit)) == sorted(menu) and len(menu) >= 5

        watch.assert_clean(site_url)
        assert not visit.errors, visit.errors
        # The watch sees beyond the page: the engine worker's runtime download and the service worker's fetches.
        assert any(request.url.endswith("/pyodide/pyodide.asm.wasm") for request in watch.requests)
        assert any(request.service_worker is not None for request in watch.requests)

        # The policy is live: each attempt is refused with a violation of its own, and the fetch never reaches
        # the network (a network failure would have sent the request first).
        outcome, violation = page.evaluate(REFUSED, ["eval", None])
        assert outcome.startswith("EvalError") and violation == ["script-src", "eval"], (outcome, violation)
        outcome, violation = page.evaluate(REFUSED, ["fetch", FOREIGN])
        assert outcome.startswith("TypeError") and violation == ["connect-src", FOREIGN], (outcome, violation)
        assert not watch.foreign(site_url), "the refused fetch must not reach the network"
        # ... and the watch's two channels heard both, so their silence during play means something.
        for _ in range(50):  # the reports come through the browser's own messages: let them arrive
            if len(watch.violations) >= 2 and len(watch.console) >= 2:
                break
            page.wait_for_timeout(100)
        assert [(v["directive"], v["blocked"]) for v in watch.violations] == [("script-src", "eval"), ("connect-src", FOREIGN)]
        assert len(watch.console) >= 2, watch.console
    finally:
        context.close()


@pytest.fixture
def site_with_policy_header() -> Iterator[str]:
    """dist/ served with the published policy as a header too."""
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is missing: run `python3 build.py` first")
    with serving(DIST, {"Content-Security-Policy": published_policy()}) as url:
        yield url


def test_the_engine_worker_starts_under_the_policy_as_a_header(chromium: Any, site_with_policy_header: str) -> None:
    """Served with the policy as a header (as a host that can send headers would), the engine worker runs under
    it too: it refuses eval, yet Python starts (its WebAssembly compiled under 'wasm-unsafe-eval') and a game
    plays with no violation."""
    site = site_with_policy_header
    # No service worker: its precaching of the whole site would only slow this start down.
    context = chromium.new_context(viewport=LAPTOP, service_workers="block")
    watch = Watch(context)
    try:
        visit = Visit(context, site)
        page = visit.goto("#game=grit&mode=computer&level=easy&seed=7")
        play_moves(visit, 1)
        watch.assert_clean(site)
        assert not visit.errors, visit.errors
        (engine,) = page.workers
        refused = engine.evaluate(WORKER_EVAL)
        assert refused.startswith("EvalError") and "Content Security Policy" in refused, refused
    finally:
        context.close()


def test_a_policy_that_refuses_webassembly_is_told_at_once(chromium: Any) -> None:
    """A host whose header policy lacks 'wasm-unsafe-eval' cannot run the engines: the start fails in plain
    words instead of waiting forever (the runtime alone would hang on the refused compile)."""
    policy = published_policy().replace(" 'wasm-unsafe-eval'", "")
    context = chromium.new_context(viewport=LAPTOP, service_workers="block")
    try:
        with serving(DIST, {"Content-Security-Policy": policy}) as site:
            page = context.new_page()
            page.goto(site + "index.html")
            failure = page.evaluate("() => window.app.ready.then(() => 'ready', (error) => error.message)")
            assert "may not run WebAssembly here" in failure, failure
            assert page.locator("#loading-retry").is_visible()
    finally:
        context.close()
