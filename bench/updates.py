"""What a deploy costs a returning visitor: the bytes the network carries when a player who has the site
(service worker installed, offline copy kept) comes back after a new build that changed one JavaScript file.

Measured on a copy of dist/ served by a server that counts every byte of every response body it sends (the
page's, the engine worker's and the service worker's requests alike, whatever the browser's own accounting
says). The steps: a first visit, settled (the service worker in control with its copy, the engines'
snapshot kept); the page closed; one JavaScript file changed and the manifest rewritten as a rebuild
would (``build.write_manifest``); the site opened again until the new build's copy is complete; then
opened once more (the first visit served by the new build). The browser's HTTP cache is emptied before the
return, as days later or on a phone it would be: the service worker's copy must carry the update alone.

Each body is counted as GitHub Pages would send it (gzip for text, JSON, SVG and wasm; see first_visit.py)
and as stored; response headers are left out of both. The first visit's count holds the runtime's wasm
twice: the service worker's request for it carries no validator (seen at the server), so the headless
context's HTTP cache (in memory) did not keep the 9.6 MB file that the engine worker had just fetched.
"""

from __future__ import annotations

import functools
import gzip
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import build
from bench.first_visit import COMPRESSED_TYPES
from bench.measure import LOAD_TIMEOUT_MS, Browser, Metric

CHANGED_FILE = "js/menu.js"  # a module of the menu: every page load imports it
TARGET_KB = 200

# The first visit is over once the service worker controls the page and the engines' snapshot is kept.
SETTLED = """async () => navigator.serviceWorker.controller !== null
  && (await (await caches.open("engine-snapshot")).keys()).length > 0"""

# The build `version` is installed: its cache is complete (manifest.json is written into it last) and no
# newer worker is still installing or waiting.
INSTALLED = """async (version) => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || registration.installing || registration.waiting) return false;
  return Boolean(await caches.match("manifest.json", { cacheName: "saloon-" + version }));
}"""


@dataclass
class Sent:
    """One response the server sent: its path, status, and body bytes as stored and as Pages would send them."""

    path: str
    status: int
    raw: int
    pages: int


@dataclass
class Ledger:
    """Every response sent since the last `take`, kept from the server's threads."""

    sent: list[Sent] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, entry: Sent) -> None:
        """Keep one response (called from a server thread)."""
        with self.lock:
            self.sent.append(entry)

    def take(self) -> list[Sent]:
        """The responses so far; the ledger starts again empty."""
        with self.lock:
            taken, self.sent = self.sent, []
        return taken


class CountingHandler(build.DistHandler):
    """The site's own handler (MIME types, no-cache), noting each response's status and body size."""

    ledger: Ledger
    status = 0
    noted = False

    def send_response(self, code: int, message: str | None = None) -> None:
        """Note the status of the response about to be sent."""
        self.status = code
        super().send_response(code, message)

    def copyfile(self, source: IO[bytes], outputfile: IO[bytes]) -> None:  # type: ignore[override]
        """Note the body's size, raw and gzipped as GitHub Pages would send this type, then send it (noted
        first, so that the ledger never lags behind what the browser has)."""
        body = source.read()
        content_type = self.guess_type(self.path.split("?")[0])
        pages = len(gzip.compress(body, compresslevel=6)) if content_type.startswith(COMPRESSED_TYPES) else len(body)
        self.ledger.add(Sent(self.path.split("?")[0], self.status, len(body), pages))
        self.noted = True
        outputfile.write(body)

    def do_GET(self) -> None:
        """Serve the request; a response without a body (a 304, a 404 page aside) is noted too."""
        self.status, self.noted = 0, False
        super().do_GET()
        if not self.noted:
            self.ledger.add(Sent(self.path.split("?")[0], self.status, 0, 0))


@contextmanager
def counted_site(dist: Path) -> Iterator[tuple[str, Path, Ledger]]:
    """A copy of dist/ served on a free port; yields the base URL, the copy (to change) and the ledger."""
    with tempfile.TemporaryDirectory(prefix="saloon-update-") as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(dist, copy)
        ledger = Ledger()
        handler = type("Handler", (CountingHandler,), {"ledger": ledger})
        server = build.DistServer(("127.0.0.1", 0), functools.partial(handler, directory=str(copy)))
        server.quiet = True
        threading.Thread(target=server.serve_forever, name="update-server", daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/", copy, ledger
        finally:
            server.shutdown()
            server.server_close()


def change_one_file(site: Path, name: str = CHANGED_FILE) -> str:
    """Change one JavaScript file (a comment added at its end) and rewrite the manifest as a rebuild would;
    return the new build's version."""
    path = site / name
    path.write_text(path.read_text() + "// changed: a deploy that touched this file alone\n")
    return str(build.write_manifest(site)["version"])


def total(sent: list[Sent]) -> dict[str, Any]:
    """The bytes of these responses, and which files came with a body."""
    return {
        "requests": len(sent),
        "raw_bytes": sum(s.raw for s in sent),
        "pages_bytes": sum(s.pages for s in sent),
        "bodies": sorted({s.path for s in sent if s.raw}),
    }


def wait_until(page: Any, script: str, arg: object = None) -> None:
    """Ask the page (an async function, so not wait_for_function) until it answers true."""
    deadline = time.monotonic() + LOAD_TIMEOUT_MS / 1000
    while not page.evaluate(script, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page never answered true to {script[:80]}")
        page.wait_for_timeout(100)


def update_cost(browser: Any, dist: Path, change: Callable[[Path], str] = change_one_file) -> dict[str, Any]:
    """First visit, one-file deploy, return, next visit (see the module's docstring): the bytes of each."""
    with counted_site(dist) as (base_url, site, ledger):
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(base_url + "index.html")
            wait_until(page, SETTLED)
            page.close()
            first = ledger.take()
            version = change(site)

            page = context.new_page()
            context.new_cdp_session(page).send("Network.clearBrowserCache")
            page.goto(base_url + "index.html")
            page.wait_for_function("() => window.app && window.app.ready", timeout=LOAD_TIMEOUT_MS)
            page.evaluate("() => window.app.ready")
            wait_until(page, INSTALLED, version)
            page.close()
            returning = ledger.take()

            page = context.new_page()
            page.goto(base_url + "index.html")
            page.wait_for_function("() => window.app && window.app.ready", timeout=LOAD_TIMEOUT_MS)
            page.evaluate("() => window.app.ready")
            served = page.evaluate("async () => (await fetch('manifest.json')).json().then((m) => m.version)")
            page.close()
            after = ledger.take()
        finally:
            context.close()
    if served != version:
        raise RuntimeError(f"the visit after the update was served build {served}, not the new {version}")
    return {"first": total(first), "returning": total(returning), "next": total(after)}


def update_metrics(browser: Browser, dist: Path) -> list[Metric]:
    """The first visit's bytes beside a returning visitor's after a one-file deploy (the return and the
    visit after it, both counted), as GitHub Pages would send them."""
    cost = update_cost(browser.browser, dist)
    back = cost["returning"]["pages_bytes"] + cost["next"]["pages_bytes"]
    print(f"  first visit {cost['first']['pages_bytes'] / 1e6:.2f} MB; after a one-file deploy {back / 1e3:.1f} KB"
          f" ({', '.join(cost['returning']['bodies'] + cost['next']['bodies'])})", flush=True)
    return [
        Metric("update: first visit, every byte (page, engines, the service worker's copy)",
               cost["first"]["pages_bytes"] / 1e6, "MB", detail=cost["first"]),
        Metric(f"update: returning visitor after a one-file deploy ({CHANGED_FILE})", back / 1e3, "KB",
               f"< {TARGET_KB} KB", back / 1e3 < TARGET_KB, detail={"return": cost["returning"], "next": cost["next"]}),
    ]
