"""End-to-end fixtures for every test folder: the built site (dist/) served over HTTP, headless Chromium,
console watching.

Shell tests live in tests/e2e/, a game's own browser tests in tests/<game>/test_e2e.py; both take `open_page`
(or `chromium` and `site_url`) from here and `from saloon_site import ...` the viewports and the `Visit` wrapper.
Any test that uses these fixtures is marked `e2e` automatically (`pytest -m "not e2e"` skips the browser).

`python3 build.py test` builds dist/ before pytest runs; without it these tests are skipped.
Chromium comes from $CHROMIUM_PATH or /usr/bin/chromium (playwright cannot download browsers here).
Every page opened through `open_page` fails its test on any console error or uncaught exception.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from saloon_site import CHROMIUM_ARGS, DIST, LAPTOP, MIME_TYPES, Visit

BROWSER_FIXTURES = {"site_url", "chromium", "open_page"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that opens the site in a browser as `e2e`, wherever its module lives."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    extra_headers: dict[str, str] = {}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass


@contextlib.contextmanager
def serving(directory: Path, headers: dict[str, str] | None = None) -> Iterator[str]:
    """``directory`` served from a thread on a free port, every response with ``headers`` added; yields the
    base URL (its root)."""
    handler = type("Handler", (_Handler,), {"extra_headers": dict(headers or {})})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL of dist/ served from a thread on a free port."""
    if not (DIST / "index.html").exists() or not (DIST / "manifest.json").exists():
        pytest.skip("dist/ is missing: run `python3 build.py` (or `python3 build.py test`) first")
    with serving(DIST) as url:
        yield url


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the whole run (each test gets fresh contexts from `open_page`)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    if not Path(executable).exists():
        pytest.skip(f"no Chromium at {executable}: set CHROMIUM_PATH")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_page(chromium: Any, site_url: str) -> Iterator[Callable[..., Visit]]:
    """Factory: open_page(viewport=PHONE) -> Visit, each in a fresh context; `service_workers="block"` keeps
    the service worker out, `kind` a subclass of Visit, `touch` a phone (touch events, mobile viewport). Fails
    the test on any console error."""
    visits: list[Visit] = []

    def factory(viewport: dict[str, int] = LAPTOP, scale: float = 1, *, service_workers: str = "allow",
                kind: type[Visit] = Visit, touch: bool = False) -> Visit:
        context = chromium.new_context(viewport=viewport, device_scale_factor=scale, service_workers=service_workers,
                                       has_touch=touch, is_mobile=touch)
        visit = kind(context, site_url)
        visits.append(visit)
        return visit

    yield factory
    errors = [e for v in visits for e in v.errors]
    for visit in visits:
        visit.context.close()
    assert not errors, "errors in the browser console:\n" + "\n".join(errors)
