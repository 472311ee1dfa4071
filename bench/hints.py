"""How soon a hint answers after a table opens (issue 28, point 4: within a second), in the page.

A table against the computer at its strongest level opens (``#game=..&mode=computer&level=<strongest>
&seed=N&speed=instant``); the moment its Hint button goes live counts as the table being open, and Hint is
pressed at once (the worst case: nothing was thought ahead yet) or after a pause (what a player who looks at
the table first gets). The time is from the table opening to the hint's sentence on screen. A cold start is
a first visit in a fresh browser context (the runtime started from scratch, nothing of any game run yet);
a warm page has played tables before.
"""

from __future__ import annotations

import statistics
from typing import Any

from bench.measure import LOAD_TIMEOUT_MS, Browser, Metric, check, percentile

COLD_RUNS = 3  # fresh contexts per game (each starts the runtime from scratch: about 6 s)
WARM_TABLES = 20  # tables per game opened in one page
PAUSE_MS = 1000  # a player who looks at the table for a second before asking
LIMIT_MS = 1000  # the bar: the first hint within a second after the table opens
SEED_BASE = 100  # the deals measured (far below the held-out seeds)

# Wait for a new table's Hint button to go live, wait `pauseMs`, press it, and time the sentence.
HINT_AFTER_OPEN = """
async ([oldSession, pauseMs, timeoutMs]) => {
  const button = () => document.querySelector("#hint-button");
  const live = () => {
    const current = window.app && window.app.current;
    return current && current.session !== oldSession && button() && !button().hidden && !button().disabled;
  };
  const deadline = performance.now() + timeoutMs;
  while (!live()) {
    if (performance.now() > deadline) return { error: "no live Hint button" };
    await new Promise((r) => setTimeout(r, 1));
  }
  const opened = performance.now();
  if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  const line = document.querySelector("#hint-line");
  const thinking = "The computer is thinking";
  const answered = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (line.textContent && !line.textContent.startsWith(thinking)) {
        observer.disconnect();
        resolve(line.textContent);
      }
    });
    observer.observe(line, { childList: true, characterData: true, subtree: true });
  });
  const timeout = new Promise((r) => setTimeout(() => r(null), timeoutMs));
  const asked = performance.now();
  button().click();
  const text = await Promise.race([answered, timeout]);
  const done = performance.now();
  if (text === null) return { error: "no hint within the timeout" };
  return { open_ms: done - opened, ask_ms: done - asked, text, session: window.app.current.session };
}
"""


def strongest_levels() -> dict[str, str]:
    """Each game with computer levels and its strongest one (the last it lists: what a hint asks)."""
    from pygame_core import all_games
    from pygame_core.bots import LEVELS

    return {game.info.id: [lv.id for lv in game.info.levels if lv.id in LEVELS.get(game.info.id, {})][-1]
            for game in all_games() if LEVELS.get(game.info.id)}


def table_hash(game: str, level: str, seed: int) -> str:
    return f"#game={game}&mode=computer&level={level}&seed={seed}&speed=instant"


def timed_hint(page: Any, old_session: str | None, pause_ms: int) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(HINT_AFTER_OPEN, [old_session, pause_ms, 60_000])
    if "error" in result:
        raise RuntimeError(result["error"])
    return result


def cold_hints(browser: Browser, game: str, level: str) -> list[float]:
    """Open a table straight from its address in a fresh context and ask at once: ms from open to hint."""
    samples = []
    for run in range(COLD_RUNS):
        context, page = browser.page()
        try:
            page.goto(browser.base_url + "index.html" + table_hash(game, level, SEED_BASE + run),
                      timeout=LOAD_TIMEOUT_MS)
            samples.append(timed_hint(page, None, 0)["open_ms"])
        finally:
            context.close()
    return samples


def warm_hints(browser: Browser, game: str, level: str) -> dict[int, list[dict[str, Any]]]:
    """Tables opened one after another in one page, asked at once and after a pause: their timings."""
    samples: dict[int, list[dict[str, Any]]] = {0: [], PAUSE_MS: []}
    context, page = browser.page()
    try:
        page.goto(browser.base_url + "index.html")
        page.wait_for_function("() => window.__benchReadyAt !== undefined", timeout=LOAD_TIMEOUT_MS)
        session = None
        for n in range(2 * WARM_TABLES):
            pause = PAUSE_MS if n % 2 else 0
            page.evaluate("(slot) => window.app.call({ op: 'forget', slot })", game)  # no "deal over it?"
            page.evaluate("(h) => { location.hash = h; }", table_hash(game, level, SEED_BASE + n))
            result = timed_hint(page, session, pause)
            session = result["session"]
            samples[pause].append(result)
    finally:
        context.close()
    return samples


def hint_metrics(browser: Browser) -> list[Metric]:
    """Per game: the first hint after a table opens on a cold start and in a warm page, asked at once, and
    after a look at the table."""
    metrics: list[Metric] = []
    for game, level in strongest_levels().items():
        cold = cold_hints(browser, game, level)
        warm = warm_hints(browser, game, level)
        at_once = [r["open_ms"] for r in warm[0]]
        waited = [r["ask_ms"] for r in warm[PAUSE_MS]]
        print(f"  {game}: cold {', '.join(f'{ms:.0f}' for ms in cold)} ms; warm, asked at once: p95 "
              f"{percentile(at_once, 95):.0f} ms; asked after {PAUSE_MS} ms: answered p95 "
              f"{percentile(waited, 95):.0f} ms after asking", flush=True)
        worst = max(cold)
        metrics += [
            Metric(f"first hint after the table opens, cold start, worst of {len(cold)} ({game})", worst, "ms",
                   f"<= {LIMIT_MS} ms", check(worst, LIMIT_MS), detail={"samples": cold}),
            Metric(f"first hint after the table opens, asked at once, p95 ({game})", percentile(at_once, 95), "ms",
                   f"<= {LIMIT_MS} ms", check(percentile(at_once, 95), LIMIT_MS),
                   detail={"p50_ms": statistics.median(at_once), "max_ms": max(at_once), "n": len(at_once)}),
            Metric(f"hint asked {PAUSE_MS} ms after the table opens: wait after pressing, p95 ({game})",
                   percentile(waited, 95), "ms",
                   detail={"p50_ms": statistics.median(waited), "max_ms": max(waited), "n": len(waited)}),
        ]
    return metrics
