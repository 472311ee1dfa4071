"""What every browser measurement of the bench shares: a result row, percentiles, and headless Chromium
opening the served dist/ in fresh contexts (cold caches, no service worker) with the ready hook."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic", "--no-first-run",
]
LOAD_TIMEOUT_MS = 90_000

# Installed before any page script runs: note performance.now() the moment
# window.app.ready resolves (the app's and the bare page's alike), without
# depending on when playwright gets around to asking.
READY_HOOK = """
(() => {
  const hook = () => {
    const app = window.app;
    if (app && app.ready && typeof app.ready.then === "function") {
      app.ready.then(
        () => { window.__benchReadyAt = performance.now(); },
        (err) => { window.__benchReadyError = String(err && err.stack || err); });
      return;
    }
    setTimeout(hook, 0);
  };
  hook();
})();
"""

@dataclass
class Metric:
    """One row of the result table."""

    name: str
    value: float | None
    unit: str
    target: str = "info"
    passed: bool | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def cells(self) -> tuple[str, str, str, str]:
        """The metric as printable table cells."""
        if self.value is None:
            shown = "n/a"
        elif abs(self.value) >= 100:
            shown = f"{self.value:,.0f} {self.unit}"
        else:
            shown = f"{self.value:.3g} {self.unit}"
        verdict = {True: "PASS", False: "FAIL", None: "-"}[self.passed]
        if self.value is None and self.target != "info":
            verdict = "NOT MEASURED"
        return self.name, shown, self.target, verdict


def percentile(samples: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); fine for a few hundred samples."""
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def check(value: float | None, limit: float) -> bool | None:
    """value <= limit, or None when the value could not be measured."""
    return None if value is None else value <= limit


class Browser:
    """A headless Chromium and the served dist/, with fresh contexts on demand."""

    def __init__(self, playwright: Any, chromium: str, base_url: str) -> None:
        self.browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        self.base_url = base_url
        self.errors: list[str] = []

    def page(self) -> tuple[Any, Any]:
        """A new context (cold HTTP cache, no service worker) and a page with the ready hook."""
        context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(READY_HOOK)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.note(f"pageerror: {exc}"))
        page.on("console", self.on_console)
        page.on("response", self.on_response)
        return context, page

    def on_console(self, msg: Any) -> None:
        """Keep console errors, except the resource ones that on_response reports with their URL."""
        if msg.type == "error" and not msg.text.startswith("Failed to load resource"):
            self.note(f"console.error: {msg.text}")

    def on_response(self, response: Any) -> None:
        """Keep failed fetches with their URL."""
        if response.status >= 400:
            self.note(f"HTTP {response.status} {response.url}")

    def note(self, message: str) -> None:
        """Keep the first page errors for the report (a broken front end explains a n/a)."""
        if len(self.errors) < 20:
            self.errors.append(message[:500])

    def two_visits(self, path: str, settle: str) -> tuple[float, float | None, float, Any]:
        """Open path cold, wait until `settle` (a page expression) holds, then open it again in the same
        context. Returns (first visit's ms from navigation start to app.ready, its first-contentful-paint ms,
        the second visit's ms to app.ready, what the second visit's app.ready resolved to)."""
        context, page = self.page()
        try:
            ready = self.ready_ms(page, path)
            fcp = page.evaluate(
                """async () => {
                  for (let i = 0; i < 100; i++) {
                    const e = performance.getEntriesByName("first-contentful-paint")[0];
                    if (e) return e.startTime;
                    await new Promise((r) => setTimeout(r, 20));
                  }
                  return null;
                }"""
            )
            page.wait_for_function(settle, timeout=LOAD_TIMEOUT_MS, polling=100)
            again = self.ready_ms(page, path)
            return ready, (None if fcp is None else float(fcp)), again, page.evaluate("window.app.ready")
        finally:
            context.close()

    def ready_ms(self, page: Any, path: str) -> float:
        """Navigate page to path; ms from navigation start to app.ready."""
        page.goto(self.base_url + path, wait_until="commit")
        page.wait_for_function(
            "() => window.__benchReadyAt !== undefined || window.__benchReadyError !== undefined",
            timeout=LOAD_TIMEOUT_MS,
        )
        error = page.evaluate("window.__benchReadyError")
        if error:
            raise RuntimeError(f"{path}: window.app.ready rejected: {error}")
        return float(page.evaluate("window.__benchReadyAt"))

    def close(self) -> None:
        """Shut the browser down."""
        self.browser.close()


def load_average() -> list[float] | None:
    """The machine's 1/5/15-minute load: cold-load times are only comparable on a quiet machine."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None
