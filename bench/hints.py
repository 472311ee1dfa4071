"""How soon a hint answers after a table opens (issue 28, point 4: within a second), in the page.

A table against the computer at its strongest level opens on a deal where the person moves first
(``#game=..&mode=computer&level=<strongest>&seed=N&speed=..``). The person presses Hint the moment it goes
live (once the deal has played out on the felt: the first moment a hint can be asked) or after a look at
the table, and the time runs from pressing to the hint's sentence on screen. At the normal speed the deal
plays out first (0.4 to 2.5 s from the table's first drawing, by game), as a player sees it; at the
instant speed nothing does, so the hint has no head start at all: the worst case, which is the search's
own time. A cold start is a first visit in a fresh browser context (the runtime started from scratch,
nothing of any game run yet); a warm page has played tables before.
"""

from __future__ import annotations

import statistics
from typing import Any

from bench.measure import LOAD_TIMEOUT_MS, Browser, Metric, check, load_average, percentile

COLD_RUNS = 3  # fresh contexts per game (each starts the runtime from scratch: about 6 s)
WARM_TABLES = 20  # tables per game and way of asking, opened one after another in one page
PAUSE_MS = 1000  # a player who looks at the table for a second before asking
LIMIT_MS = 1000  # the bar: the first hint within a second after the table opens
SEED_BASE = 100  # the deals measured are the first ones from here where the person moves first

# Installed before the page's scripts: the moment the table on screen is first drawn (reset for each table).
FIRST_DRAWING_HOOK = """
document.addEventListener("saloon:rendered", () => {
  if (window.__tableDrawnAt === undefined) window.__tableDrawnAt = performance.now();
});
"""

# Wait for a new table's Hint button to go live, wait `pauseMs`, press it, and time the sentence.
HINT_AFTER_OPEN = """
async ([oldSession, pauseMs, timeoutMs]) => {
  const button = () => document.querySelector("#hint-button");
  const live = () => {
    const current = window.app && window.app.current;
    return current && current.session !== oldSession && window.__tableDrawnAt !== undefined
      && button() && !button().hidden && !button().disabled;
  };
  const deadline = performance.now() + timeoutMs;
  while (!live()) {
    if (performance.now() > deadline) return { error: "no live Hint button" };
    await new Promise((r) => setTimeout(r, 1));
  }
  const drawn = window.__tableDrawnAt;  // the deal plays out from here until Hint goes live
  const wentLive = performance.now();
  if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  const line = document.querySelector("#hint-line");
  const answered = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (line.textContent && !line.textContent.startsWith("The computer is thinking")) {
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
  return { ask_ms: done - asked, live_ms: wentLive - drawn, text,
           session: window.app.current.session };
}
"""


def strongest_levels() -> dict[str, str]:
    """Each game with computer levels and its strongest one (the last it lists: what a hint asks)."""
    from pygame_core import all_games
    from pygame_core.bots import LEVELS

    return {game.info.id: [lv.id for lv in game.info.levels if lv.id in LEVELS.get(game.info.id, {})][-1]
            for game in all_games() if LEVELS.get(game.info.id)}


def person_first_seeds(game: str, count: int) -> list[int]:
    """Deals from SEED_BASE on where the person (seat 0) is due when the table opens."""
    from pygame_core import get_game

    seeds: list[int] = []
    seed = SEED_BASE
    while len(seeds) < count:
        if 0 in get_game(game).new_game(seed=seed).to_act():
            seeds.append(seed)
        seed += 1
    return seeds


def table_hash(game: str, level: str, seed: int, speed: str) -> str:
    return f"#game={game}&mode=computer&level={level}&seed={seed}&speed={speed}"


def timed_hint(page: Any, old_session: str | None, pause_ms: int) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(HINT_AFTER_OPEN, [old_session, pause_ms, 60_000])
    if "error" in result:
        raise RuntimeError(result["error"])
    return result


def cold_hints(browser: Browser, game: str, level: str, seeds: list[int]) -> list[float]:
    """Open a table straight from its address in a fresh context, at the normal speed, and ask the moment
    Hint goes live: ms from pressing to the hint."""
    samples = []
    for seed in seeds:
        context, page = browser.page()
        try:
            context.add_init_script(FIRST_DRAWING_HOOK)
            page.goto(browser.base_url + "index.html" + table_hash(game, level, seed, "normal"), timeout=LOAD_TIMEOUT_MS)
            samples.append(timed_hint(page, None, 0)["ask_ms"])
        finally:
            context.close()
    return samples


def warm_hints(browser: Browser, game: str, level: str, seeds: list[int]) -> dict[str, list[dict[str, Any]]]:
    """Tables opened one after another in one page, each way of asking in turn: their timings."""
    ways = {"normal": ("normal", 0), "instant": ("instant", 0), "pause": ("normal", PAUSE_MS)}
    samples: dict[str, list[dict[str, Any]]] = {way: [] for way in ways}
    context, page = browser.page()
    try:
        context.add_init_script(FIRST_DRAWING_HOOK)
        page.goto(browser.base_url + "index.html")
        page.wait_for_function("() => window.__benchReadyAt !== undefined", timeout=LOAD_TIMEOUT_MS)
        session = None
        for n, seed in enumerate(seeds):
            way = list(ways)[n % len(ways)]
            speed, pause = ways[way]
            page.evaluate("(slot) => window.app.call({ op: 'forget', slot })", game)  # no "deal over it?"
            page.evaluate("(h) => { window.__tableDrawnAt = undefined; location.hash = h; }",
                          table_hash(game, level, seed, speed))
            result = timed_hint(page, session, pause)
            session = result["session"]
            samples[way].append(result)
    finally:
        context.close()
    return samples


def hint_metrics(browser: Browser) -> list[Metric]:
    """Per game: the wait for the first hint at a table, asked the moment Hint goes live on a cold start and
    in a warm page, at the normal and at the instant speed, and after a look at the table."""
    metrics: list[Metric] = []
    for game, level in strongest_levels().items():
        seeds = person_first_seeds(game, COLD_RUNS + 3 * WARM_TABLES)
        cold = cold_hints(browser, game, level, seeds[:COLD_RUNS])
        warm = warm_hints(browser, game, level, seeds[COLD_RUNS:])
        at_once = [r["ask_ms"] for r in warm["normal"]]
        instant = [r["ask_ms"] for r in warm["instant"]]
        waited = [r["ask_ms"] for r in warm["pause"]]
        print(f"  {game}: asked the moment Hint goes live: cold {', '.join(f'{ms:.0f}' for ms in cold)} ms, warm p95 "
              f"{percentile(at_once, 95):.0f} ms, at the instant speed {percentile(instant, 95):.0f} ms; after a "
              f"{PAUSE_MS} ms look, {percentile(waited, 95):.0f} ms", flush=True)
        worst = max(cold)
        metrics += [
            Metric(f"first hint as the table opens, cold start, worst of {len(cold)} ({game})", worst, "ms",
                   f"<= {LIMIT_MS} ms", check(worst, LIMIT_MS), detail={"samples": cold, "load_average": load_average()}),
            Metric(f"first hint as the table opens p95 ({game})", percentile(at_once, 95), "ms",
                   f"<= {LIMIT_MS} ms", check(percentile(at_once, 95), LIMIT_MS),
                   detail={"p50_ms": statistics.median(at_once), "max_ms": max(at_once), "n": len(at_once),
                           "deal_played_out_p50_ms": statistics.median(r["live_ms"] for r in warm["normal"])}),
            Metric(f"first hint as the table opens at the instant speed p95 ({game})", percentile(instant, 95),
                   "ms", detail={"p50_ms": statistics.median(instant), "max_ms": max(instant), "n": len(instant)}),
            Metric(f"first hint asked after a {PAUSE_MS} ms look at the table p95 ({game})",
                   percentile(waited, 95), "ms",
                   detail={"p50_ms": statistics.median(waited), "max_ms": max(waited), "n": len(waited)}),
        ]
    return metrics
