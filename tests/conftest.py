"""End-to-end fixtures for every test folder: the built site (dist/) served over HTTP, headless Chromium,
console watching; and the tiers of the suite.

Tiers: tests marked `slow` (the strength calibrations, the soak) are skipped unless pytest gets `--slow`
(`python3 build.py test --slow`). `--hypothesis-profile=fast` (`python3 build.py test --fast`) caps every
property's examples at the profile's few, whatever its own settings ask; the default profile changes nothing.
Under pytest-xdist (`-n`), tests that share an expensive module fixture or one file stay on one worker
(`--dist loadgroup`, XDIST_GROUPS).

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
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from saloon_site import CHROMIUM_ARGS, DIST, LAPTOP, MIME_TYPES, Visit

BROWSER_FIXTURES = {"site_url", "chromium", "open_page"}

# The fast loop's few examples per property (python3 build.py test --fast): enough to run every path of a
# property's code once or twice, so a broken engine still fails in seconds.
settings.register_profile("fast", max_examples=3, deadline=None)

# Modules whose tests must share one xdist worker: one Pyodide start for all the in-Pyodide tests, one
# 200-game soak for all its checks, and one artifacts/phone-measures.json that each layout test reads and
# rewrites.
XDIST_GROUPS = {"test_in_pyodide.py": "pyodide", "test_soak.py": "soak", "test_phone_layouts.py": "phone-measures"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the slow tier (tests marked slow: strength calibrations, the soak)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that opens the site in a browser as `e2e`, wherever its module lives; skip the slow tier
    unless asked; keep the grouped modules on one worker; cap the examples under a non-default profile."""
    run_slow = bool(config.getoption("--slow"))
    cap = settings().max_examples if settings.get_current_profile_name() != "default" else None  # the profile's
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)
        if not run_slow and item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.skip(reason="the slow tier: run with --slow (python3 build.py test --slow)"))
        group = XDIST_GROUPS.get(item.path.name)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
        if cap is not None:
            cap_examples(item, cap)


def cap_examples(item: pytest.Item, cap: int) -> None:
    """At most ``cap`` examples for a hypothesis test, even where its own @settings asks for more.

    Hypothesis reads a test's settings from this attribute each time the test runs (an explicit
    ``max_examples`` outranks any profile, so a profile alone cannot shorten them); the lock pins hypothesis,
    and a version without the attribute fails here instead of running the full count quietly.
    """
    obj = getattr(item, "obj", None)
    test: Any = getattr(obj, "__func__", obj)  # a method's own function holds the settings
    if not getattr(test, "is_hypothesis_test", False):
        return
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if not isinstance(own, settings):
        raise pytest.UsageError(f"{item.nodeid}: hypothesis keeps no settings where --hypothesis-profile expects")
    if own.max_examples > cap:
        test._hypothesis_internal_use_settings = settings(own, max_examples=cap)


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


class _Server(http.server.ThreadingHTTPServer):
    """Quiet when a browser context closes in the middle of a download (a test that ends while the page
    still fetches the runtime); a real error is still printed."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serving(directory: Path, headers: dict[str, str] | None = None) -> Iterator[str]:
    """``directory`` served from a thread on a free port, every response with ``headers`` added; yields the
    base URL (its root)."""
    handler = type("Handler", (_Handler,), {"extra_headers": dict(headers or {})})
    server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
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
