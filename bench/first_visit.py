"""What a first visit costs: the bytes it downloads, as GitHub Pages would serve them, and the time from
opening a deal link to the first move a player can make.

GitHub Pages compresses its responses with gzip (it offers no Brotli) by the type of the file. Assumed
here, from public reports: text types (HTML, CSS, JavaScript, JSON), SVG and ``application/wasm`` go out
gzipped (people have seen ``Content-Encoding: gzip`` on .wasm files on github.io; the mime-db list that
marks types compressible says so for application/wasm too); zip archives (our engines, the runtime's
``python_stdlib.zip``) and other binaries go out as they are. Each file is gzipped here at level 6, the
usual default of servers that compress on the fly, so the numbers are an estimate of the real transfer.
"""

from __future__ import annotations

import gzip
import json
import statistics
import urllib.request
from typing import Any
from urllib.parse import urljoin, urlsplit

from bench.measure import LOAD_TIMEOUT_MS, Browser, Metric

DEAL_LINK = "index.html#game=grit&mode=computer&level=easy&seed=1"
RUNS = 3

# Content types GitHub Pages sends gzipped (see the module's docstring).
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/manifest+json",
                    "application/xml", "image/svg+xml", "application/wasm")

# Installed before the page's scripts: the moment a move button is first there and enabled.
FIRST_MOVE_HOOK = """
(() => {
  const seen = () => {
    if (window.__firstMoveAt === undefined && document.querySelector("button.move:not([disabled])")) {
      window.__firstMoveAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
})();
"""


def served_size(url: str) -> tuple[int, int]:
    """(bytes as stored, bytes as GitHub Pages would send them) of one file of the served site."""
    with urllib.request.urlopen(url, timeout=60) as response:
        body = response.read()
        content_type = response.headers.get_content_type()
    sent = len(gzip.compress(body, compresslevel=6)) if content_type.startswith(COMPRESSED_TYPES) else len(body)
    return len(body), sent


def weigh(urls: list[str]) -> dict[str, Any]:
    """The raw and the sent bytes of these files, with the heaviest ones named."""
    sizes = {url: served_size(url) for url in urls}
    heaviest = sorted(sizes.items(), key=lambda item: -item[1][1])[:6]
    return {
        "files": len(sizes),
        "raw_bytes": sum(raw for raw, _ in sizes.values()),
        "sent_bytes": sum(sent for _, sent in sizes.values()),
        "heaviest": {urlsplit(url).path.rsplit("/", 1)[-1]: {"raw": raw, "sent": sent} for url, (raw, sent) in heaviest},
    }


def cold_deal(browser: Browser) -> tuple[float, float, list[str]]:
    """Open the deal link in a fresh context; (ms from navigation to window.app.ready, to the first playable
    move, the files the page and its worker fetched until then). The time between ready and the move is the
    deal, the table's first drawing and the computer's first move with its pause for the eye (the computer
    plays first in this deal). The service worker's precaching is not counted here."""
    context, page = browser.page()
    fetched: list[str] = []

    def note(request: Any) -> None:
        if request.service_worker is None and request.url.startswith(browser.base_url):
            fetched.append(request.url.split("#")[0].split("?")[0])

    try:
        context.on("request", note)
        context.add_init_script(FIRST_MOVE_HOOK)
        page.goto(browser.base_url + DEAL_LINK, wait_until="commit")
        page.wait_for_function("() => window.__firstMoveAt !== undefined", timeout=LOAD_TIMEOUT_MS, polling=50)
        context.remove_listener("request", note)
        ready, first_move = page.evaluate("[window.__benchReadyAt, window.__firstMoveAt]")
        return float(ready), float(first_move), list(dict.fromkeys(fetched))
    finally:
        context.close()


def precached(browser: Browser) -> list[str]:
    """Everything the service worker keeps for offline visits: the manifest's files and the manifest itself.
    The bench pages a bench build adds to dist/ are left out: the published site has none."""
    with urllib.request.urlopen(urljoin(browser.base_url, "manifest.json"), timeout=60) as response:
        files = json.load(response)["files"]
    return [urljoin(browser.base_url, name) for name in ["manifest.json", *files] if not name.startswith("bench/")]


def first_visit_metrics(browser: Browser, runs: int = RUNS) -> list[Metric]:
    """Bytes of a first visit (to the first playable move, and the whole offline copy) as GitHub Pages would
    send them, and the median time from opening a deal link cold to the first playable move."""
    times: list[float] = []
    readies: list[float] = []
    files: list[str] = []
    for run in range(runs):
        ready, ms, fetched = cold_deal(browser)
        print(f"  first visit {run + 1}/{runs}: ready at {ready:7.0f} ms, first playable move at {ms:7.0f} ms,"
              f" {len(fetched)} files", flush=True)
        times.append(ms)
        readies.append(ready)
        files = files or fetched
    to_move = weigh(files)
    offline = weigh(precached(browser))
    assumed = "gzip level 6 for text, JSON, SVG and wasm; zip archives as they are (GitHub Pages offers no Brotli)"
    return [
        Metric("first visit: bytes to the first playable move (as GitHub Pages sends them)",
               to_move["sent_bytes"] / 1e6, "MB", detail={**to_move, "assumed": assumed}),
        Metric("first visit: bytes of the offline copy the service worker keeps (as GitHub Pages sends them)",
               offline["sent_bytes"] / 1e6, "MB", detail={**offline, "assumed": assumed}),
        Metric("first visit: deal link to first playable move (median)", statistics.median(times), "ms",
               detail={"samples": times, "ready_samples": readies, "link": DEAL_LINK}),
    ]
