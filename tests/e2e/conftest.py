"""End-to-end fixtures: the built site (dist/) served over HTTP, headless Chromium, console watching.

`python3 build.py test` builds dist/ before pytest runs; without it these tests are skipped.
Chromium comes from $CHROMIUM_PATH or /usr/bin/chromium (playwright cannot download browsers here).
Every page opened through `open_page` fails its test on any console error or uncaught exception.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
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


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL of dist/ served from a thread on a free port."""
    if not (DIST / "index.html").exists() or not (DIST / "manifest.json").exists():
        pytest.skip("dist/ is missing: run `python3 build.py` (or `python3 build.py test`) first")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(DIST)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.skip(f"no Chromium at {executable}: set CHROMIUM_PATH")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


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


class Visit:
    """One browser context and page, with the console errors seen so far."""

    def __init__(self, context: Any, base_url: str) -> None:
        self.context = context
        self.base_url = base_url
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))

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

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / name))


@pytest.fixture
def open_page(chromium: Any, site_url: str) -> Iterator[Callable[..., Visit]]:
    """Factory: open_page(viewport=PHONE) -> Visit. Fails the test on any console error."""
    visits: list[Visit] = []

    def factory(viewport: dict[str, int] = LAPTOP, scale: float = 1) -> Visit:
        context = chromium.new_context(viewport=viewport, device_scale_factor=scale)
        visit = Visit(context, site_url)
        visits.append(visit)
        return visit

    yield factory
    errors = [e for v in visits for e in v.errors]
    for visit in visits:
        visit.context.close()
    assert not errors, "errors in the browser console:\n" + "\n".join(errors)
