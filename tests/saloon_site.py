"""Shared pieces of the end-to-end tests: paths, viewports, launch flags and the `Visit` page wrapper.

A module of its own (not conftest.py): test modules anywhere under tests/ (tests/e2e/, tests/<game>/) import it
as `from saloon_site import ...`; tests/ is on sys.path because tests/conftest.py sits in a folder without __init__.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# Keep a Tombstone sheet on the page's roster (checked by the engine): "" when kept, else the reason.
ADD_TO_ROSTER = """
async (sheet) => {
  const { Roster } = await import("./js/tombstone/roster.js");
  const added = await new Roster(window.app).add(sheet);
  return added.ok ? "" : added.message;
}
"""

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
ARTIFACTS = ROOT / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic", "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
LOAD_TIMEOUT_MS = 60_000

MIME_TYPES = {
    ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
    ".whl": "application/zip", ".zip": "application/zip", ".json": "application/json",
    ".html": "text/html", ".css": "text/css", ".svg": "image/svg+xml",
}


WAIT_FOR_TURN = """
async (timeoutMs) => {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (!document.querySelector("#result").hidden) return "over";
    if (!document.querySelector("#curtain").hidden) return "curtain";
    if (document.querySelector("button.move:not([disabled])")) return "move";
    await new Promise((r) => setTimeout(r, 10));
  }
  return "timeout";
}
"""


# Everything the page shows or holds for drawing, except the static help dialogs.
PAGE_DATA = """
() => JSON.stringify({
  drawn: window.app.drawnView(),
  hitboxes: window.app.hitboxes(),
  text: [...document.querySelectorAll("#table-screen, #log-dialog, #result, #curtain")]
    .map((n) => n.innerText + " " + n.textContent).join(" "),
  label: document.querySelector("#table").getAttribute("aria-label"),
  moves: [...document.querySelectorAll("[data-move]")].map((b) => b.dataset.move),
})
"""


class Visit:
    """One browser context and page, with the console errors seen so far."""

    def __init__(self, context: Any, base_url: str) -> None:
        self.context = context
        self.base_url = base_url
        self.errors: list[str] = []
        self.page = self.new_tab()

    def new_tab(self) -> Any:
        """Another page in this context (same storage, like a second browser tab), its console watched too."""
        page = self.context.new_page()
        page.on("console", lambda m: self._console(m.type, m.text))
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        return page

    def _console(self, kind: str, text: str) -> None:
        if kind == "error":
            self.errors.append(f"console: {text}")

    def goto(self, hash_: str = "") -> Any:
        """Open index.html (+ hash) and wait until the Python engine is ready."""
        self.page.goto(self.base_url + "index.html" + hash_)
        self.wait_ready()
        return self.page

    def wait_ready(self) -> None:
        self.page.wait_for_function("() => window.app && window.app.ready", timeout=LOAD_TIMEOUT_MS)
        self.page.evaluate("() => window.app.ready")

    def wait_for_turn(self, timeout: int = 20_000) -> str:
        """Wait until a person may act ("move"), the hot-seat curtain is down ("curtain") or the game ended ("over")."""
        return str(self.page.evaluate(WAIT_FOR_TURN, timeout))

    def call(self, request: dict[str, Any]) -> Any:
        return self.page.evaluate("(r) => window.app.call(r)", request)

    def play_moves(self, count: int) -> None:
        """Make `count` moves of the person (the last move button each time), waiting for each redraw."""
        for _ in range(count):
            assert self.wait_for_turn() == "move"
            before = self.page.evaluate("() => window.app.renders")
            self.page.locator("button.move:not([disabled])").last.click()
            self.page.wait_for_function("(n) => window.app.renders > n", arg=before)

    def view(self, player: int | None = 0) -> dict[str, Any]:
        """The bridge's view of the open game for `player` (tests only: the page itself asks for its seat)."""
        session = self.page.evaluate("() => window.app.current.session")
        answer = self.call({"op": "view", "session": session, "player": player})
        assert answer["ok"], answer
        return dict(answer["view"])

    def record(self) -> dict[str, Any]:
        """The record of the open game, straight from the bridge (tests only: the page never holds it)."""
        session = self.page.evaluate("() => window.app.current.session")
        answer = self.call({"op": "record", "session": session})
        assert answer["ok"], answer
        return dict(answer["record"])

    def press_tool(self, selector: str) -> None:
        """Press a tool of the table's toolbar; on a narrow screen it may wait behind "More", opened first."""
        if not self.page.locator(selector).is_visible():
            self.page.click("#more-tools")
        self.page.click(selector)

    def toast(self) -> str:
        """The notice on screen now (waits for one)."""
        self.page.wait_for_selector("#toast:not([hidden])")
        return str(self.page.locator("#toast").inner_text())

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / name))


# Seal `record` for `slot` into that slot's row: with this browser's key (what a debugger could do), or with
# a key of its own (a save copied from another browser).
SEAL_INTO_SLOT = """
async ({slot, record, foreign}) => {
  const db = await new Promise((resolve) => { indexedDB.open("saloon-saves").onsuccess = (e) => resolve(e.target.result); });
  const get = (store, key) => new Promise((resolve) => {
    db.transaction(store).objectStore(store).get(key).onsuccess = (e) => resolve(e.target.result);
  });
  const key = foreign ? await crypto.subtle.generateKey({name: "AES-GCM", length: 256}, false, ["encrypt"]) : await get("keys", "seal");
  const row = await get("slots", slot);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({name: "AES-GCM", iv, additionalData: new TextEncoder().encode(slot)},
    key, new TextEncoder().encode(JSON.stringify(record)));
  await new Promise((resolve) => {
    db.transaction("slots", "readwrite").objectStore("slots").put({...row, sealed: {iv, data}}).onsuccess = resolve;
  });
  db.close();
}
"""
