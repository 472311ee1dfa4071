"""A long session in one page (issue 11, point 5): many games against the computer through the real front
end, the page's and the engine worker's memory sampled as they go, and the saved games checked on the way
and after a reload. The soak test (tests/e2e/test_soak.py) and the bench (`soak_curves`) share it.

How a game is played: the address opens a fresh deal (`#game=..&mode=computer&level=..&seed=N&speed=instant`,
no thinking pauses), then the soak clicks the first enabled `button.move` after every redraw until the
result shows, all inside the page (one round trip per game, not per move). The computer plays the game's
first level (the random one, the quickest). Every LEAVE_EVERY-th deal is left after a move, and when that
game comes round again its address without a seed opens the saved game (where the menu's "Continue" link
goes, but keeping speed=instant: the link opens it with the computer's thinking pauses, 20-30 s a game) and it
is played to the end: the saved game must be the one left. At the end a game is left in progress in every
game, the page is reloaded, and every "Continue" link of the menu must bring back its game.

Memory, sampled every SAMPLE_EVERY finished games: the page's JS heap and the worker's JS heap after a full
collection (DevTools protocol), and the worker's own report (`{op: "memory"}`: wasm memory, Python's heap
in use, Python objects outside the frozen start-up set, live PyProxies).
"""

from __future__ import annotations

import itertools
import json
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bench.measure import LOAD_TIMEOUT_MS, Metric

SAMPLE_EVERY = 10
# The first tables of each game load their modules and fill caches (the page's heap climbs for about 60
# games, then stays level); growth counts after this.
WARM_UP_GAMES = 60
LEAVE_EVERY = 10  # every 10th deal is left in progress and resumed at that game's next turn
LEAVE_AFTER_MOVES = 1
GAME_TIMEOUT_MS = 60_000
SEED_BASE = 1000

# How often each game comes up in a cycle of the rotation. Measured here (easy level, speed=instant, one page,
# 2 cores shared with other work): a Grit game takes 0.35-0.5 s, Knife Fight 0.5-0.7 s, Dueling Suits 0.8-1.2 s
# (a long one 6-10 s), grow21 2.4-3.5 s (52 cards, each with a preview of every placement), so 50 of each
# would take 250-300 s; with these shares (67, 67, 44 and 22 of 200) the games take 175-230 s. A game not
# named here comes up DEFAULT_SHARE times.
SHARES = {"dueling_suits": 2, "grow21": 1}
DEFAULT_SHARE = 3

# The curves, and how much each may grow from just after the warm-up to the end of the soak: a fraction of
# its size after the warm-up plus a constant. Measured over 200 games (after the warm-up, samples every 10
# games): the page's heap wanders in a band of about 120 KiB around 3.3 MB, the worker's JS heap within
# 25 KiB of 8.1 MB, Python's heap within 30 KiB of 9.75 MB, Python's objects between 100 and 390 (the
# finished game still on the table is most of them, so it depends on which game that is), and the wasm
# memory never moved from 30 MiB. The limits are a few times that noise: a leak of about 2 KiB or 3 objects
# a game shows, a game's state kept for ever (hundreds of objects each) shows at once.
CURVES = ("page_js_heap_bytes", "worker_js_heap_bytes", "wasm_bytes", "python_heap_bytes", "python_objects",
          "pyproxies")
ALLOWED_GROWTH: dict[str, tuple[float, float]] = {
    "page_js_heap_bytes": (0.05, 128 * 1024),
    "worker_js_heap_bytes": (0.02, 128 * 1024),
    "python_heap_bytes": (0.02, 128 * 1024),
    "python_objects": (0.0, 400),
    # The wasm memory never shrinks and grows by a fifth at a time (Emscripten's geometric step): once at
    # most after the warm-up (a long game's peak), so that it has levelled off.
    "wasm_bytes": (0.25, 0),
    "pyproxies": (0.0, 0),  # the bridge's handle is the only one JavaScript keeps
}

# Open a table, by its address or (viaContinue) by the menu's "Continue" link, then click the first enabled
# move button after every redraw until the result shows or `leaveAfter` moves are made (the person to move
# again). Returns the session, the record the table opened with (tests only: the page never reads it) and
# the time it took.
PLAY_IN_PAGE = """
async ({game, hash, viaContinue, leaveAfter, timeoutMs}) => {
  const deadline = performance.now() + timeoutMs;
  const until = async (what, test) => {
    for (;;) {
      const found = test();
      if (found) return found;
      if (performance.now() > deadline) throw new Error(`${game}: timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  const started = performance.now();
  const before = window.app.current?.session ?? null;
  if (viaContinue || location.hash === hash) {  // to the menu first: the same address again opens nothing
    location.hash = "";
    await until("the menu", () => !document.querySelector("#menu").hidden);
  }
  if (viaContinue) {
    const link = await until("the menu's Continue link", () =>
      document.querySelector(`[data-game="${game}"] .game-continue:not([hidden])`));
    link.click();
  } else {
    location.hash = hash;
  }
  const session = await until("the table", () => {
    if (document.querySelector("#replace-dialog[open]")) throw new Error(`${game}: asked to replace a game in progress`);
    const current = window.app.current;
    return current && current.game === game && current.session !== before && current.session;
  });
  const opened = await window.app.call({ op: "record", session });
  const result = document.querySelector("#result");
  const enabledMove = () => document.querySelector("button.move:not([disabled])");
  let moves = 0;
  for (;;) {
    await until("a move to make or the result", () => !result.hidden || enabledMove());
    if (!result.hidden || moves === leaveAfter) break;
    const renders = window.app.renders;
    enabledMove().click();
    moves += 1;
    await until("the move drawn", () => window.app.renders > renders);
  }
  return { session, opened: opened.record, moves, over: !result.hidden, ms: performance.now() - started };
}
"""

# Which bridge sessions still answer, of s1..s<upTo> (the bridge numbers them in order).
LIVE_SESSIONS = """
async (upTo) => {
  const live = [];
  for (let n = 1; n <= upTo; n++) {
    const answer = await window.app.call({ op: "view", session: `s${n}`, player: null });
    if (answer.ok || answer.error.code !== "unknown_session") live.push(`s${n}`);
  }
  return live;
}
"""


class Heaps:
    """The JS heaps of a page and of its engine worker, each measured after a full collection, through the
    DevTools protocol. The worker has no session of its own in playwright: it is reached through the page's
    session, attached to automatically (also the new worker after a reload)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.worker: str | None = None
        self.replies: dict[int, dict[str, Any]] = {}
        self.ids = itertools.count(1)
        self.cdp.on("Target.attachedToTarget", self._attached)
        self.cdp.on("Target.detachedFromTarget", self._detached)
        self.cdp.on("Target.receivedMessageFromTarget", self._received)
        self.cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})

    def _attached(self, event: dict[str, Any]) -> None:
        if event["targetInfo"]["type"] == "worker":
            self.worker = event["sessionId"]

    def _detached(self, event: dict[str, Any]) -> None:
        if event.get("sessionId") == self.worker:
            self.worker = None

    def _received(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def page_heap(self) -> int:
        """Bytes of the page's JS heap in use after a full collection."""
        self.cdp.send("HeapProfiler.collectGarbage")
        return int(self.cdp.send("Runtime.getHeapUsage")["usedSize"])

    def worker_heap(self) -> int | None:
        """Bytes of the worker's JS heap in use after a full collection (None: no worker attached)."""
        if self.worker is None:
            return None
        self._ask_worker("HeapProfiler.collectGarbage")
        return int(self._ask_worker("Runtime.getHeapUsage")["usedSize"])

    def _ask_worker(self, method: str) -> dict[str, Any]:
        number = next(self.ids)
        message = json.dumps({"id": number, "method": method})
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": self.worker, "message": message})
        deadline = time.monotonic() + 10
        while number not in self.replies:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the engine worker did not answer {method}")
            self.page.wait_for_timeout(5)  # lets playwright deliver the protocol's events
        reply = self.replies.pop(number)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return dict(reply["result"])


@dataclass
class Sample:
    """Memory after `games` finished games."""

    games: int
    page_js_heap_bytes: int
    worker_js_heap_bytes: int | None
    wasm_bytes: int
    python_heap_bytes: int
    python_objects: int
    pyproxies: int | None


@dataclass
class LeftGame:
    """A game left in progress: its record when left, and the saved slot's meta then."""

    game: str
    record: dict[str, Any]
    meta: dict[str, Any]
    person_moves: int


@dataclass
class Soak:
    """What a soak saw: samples, time per game, and every lost or wrong saved game or session (`problems`)."""

    games: int = 0
    seconds: float = 0.0  # from opening the site to the end of the last game
    playable: list[str] = field(default_factory=list)  # the games with computer levels, all in the mix
    samples: list[Sample] = field(default_factory=list)
    game_seconds: dict[str, list[float]] = field(default_factory=dict)
    resumed: int = 0
    live_sessions_before_reload: list[str] = field(default_factory=list)
    live_sessions_after_reload: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def curve(self, name: str) -> list[float | None]:
        """One curve: its value at each sample."""
        return [getattr(sample, name) for sample in self.samples]

    def summary(self) -> dict[str, dict[str, Any]]:
        """Each curve just after the warm-up and at the end, its growth, the growth allowed, and the verdict."""
        return {name: growth(self.samples, name) for name in CURVES}


def growth(samples: list[Sample], name: str) -> dict[str, Any]:
    """How much curve `name` grew after the warm-up: the mean of the samples in the first stretch after it
    against the mean of the last ones (a single sample jumps with whatever happened to be in flight)."""
    points = [(s.games, getattr(s, name)) for s in samples if getattr(s, name) is not None]
    after = [value for games, value in points if WARM_UP_GAMES <= games < WARM_UP_GAMES + 3 * SAMPLE_EVERY]
    tail = [value for _, value in points[-3:]]
    if not after or not tail or points[-1][0] < WARM_UP_GAMES + 6 * SAMPLE_EVERY:
        return {"after_warm_up": None, "end": None, "growth": None, "allowed": None, "bounded": None}
    start, end = statistics.fmean(after), statistics.fmean(tail)
    fraction, constant = ALLOWED_GROWTH[name]
    allowed = fraction * start + constant
    return {"after_warm_up": start, "end": end, "growth": end - start, "allowed": allowed,
            "max": max(value for _, value in points), "bounded": end - start <= allowed}


def playable(catalog: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games that can be played against the computer (they have levels)."""
    return [info for info in catalog if "computer" in info["modes"] and info["levels"]]


def mix(playable: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The games round after round for ever; a game with a share of n is in n rounds of each cycle, so the
    long games come up less often."""
    rounds = max(SHARES.get(info["id"], DEFAULT_SHARE) for info in playable)
    cycle = [info for r in range(rounds) for info in playable if r < SHARES.get(info["id"], DEFAULT_SHARE)]
    return itertools.cycle(cycle)


def address(info: dict[str, Any], seed: int | None = None) -> str:
    """The address of a table of `info` against the computer at its first (quickest) level, with no pauses:
    deal `seed`, or without one the game saved for it."""
    dealt = "" if seed is None else f"&seed={seed}"
    return f"#game={info['id']}&mode=computer&level={info['levels'][0]['id']}{dealt}&speed=instant"


class SoakRun:
    """One soak in one page: plays, samples, and keeps what it found in `self.soak`."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.heaps = Heaps(page)  # before the page loads, so the worker is attached from its start
        self.soak = Soak()
        self.left: dict[str, LeftGame] = {}
        self.deals = 0

    def call(self, request: dict[str, Any]) -> Any:
        return self.page.evaluate("(request) => window.app.call(request)", request)

    def open_site(self) -> None:
        """Load the menu and wait until the engines answer."""
        self.page.goto(self.base_url + "index.html")
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_function("() => window.app && window.app.ready", timeout=LOAD_TIMEOUT_MS)
        self.page.evaluate("() => window.app.ready")

    def run(self, games: int) -> Soak:
        """Play `games` games to the end (leaving some in progress and resuming them on the way), sampling
        memory every SAMPLE_EVERY; then the saved games after a reload."""
        started = time.monotonic()
        self.open_site()
        games_offered = playable(self.call({"op": "games"})["games"])
        self.soak.playable = [info["id"] for info in games_offered]
        self.sample()
        rotation = mix(games_offered)
        while self.soak.games < games:
            self.play(next(rotation))
            if self.soak.games % SAMPLE_EVERY == 0 and self.soak.samples[-1].games != self.soak.games:
                self.sample()
        self.soak.seconds = time.monotonic() - started
        self.check_saves_after_reload(games_offered)
        return self.soak

    def play(self, info: dict[str, Any]) -> None:
        """The next game of `info`: the one left in progress, else a fresh deal (some are left after a move)."""
        game = info["id"]
        left = self.left.pop(game, None)
        if left is not None:
            run = self.open_and_play(game, hash_=address(info))
            self.check_resumed(left, run["opened"])
            self.soak.resumed += 1
        else:
            self.deals += 1
            seed = SEED_BASE + self.deals
            leave = LEAVE_AFTER_MOVES if self.deals % LEAVE_EVERY == 0 else None
            run = self.open_and_play(game, hash_=address(info, seed), leave_after=leave)
            if run["opened"]["seed"] != seed:
                self.soak.problems.append(f"{game}: asked for deal {seed}, the table dealt {run['opened']['seed']}")
            if leave is not None:
                self.leave(game, run)
                return
        if not run["over"]:
            self.soak.problems.append(f"{game}: the game stopped before its end")
            return
        self.soak.games += 1
        self.soak.game_seconds.setdefault(game, []).append(run["ms"] / 1000)
        self.wait_until_saved(game, lambda meta: bool(meta and meta["over"]), "the finished game saved as over")

    def open_and_play(self, game: str, hash_: str = "", via_continue: bool = False,
                      leave_after: int | None = None) -> dict[str, Any]:
        request = {"game": game, "hash": hash_, "viaContinue": via_continue, "leaveAfter": leave_after,
                   "timeoutMs": GAME_TIMEOUT_MS}
        return dict(self.page.evaluate(PLAY_IN_PAGE, request))

    def leave(self, game: str, run: dict[str, Any]) -> None:
        """Keep what a game left in progress must come back as: its record now, and its slot's meta."""
        meta = self.wait_until_saved(game, lambda meta: bool(meta and not meta["over"] and meta["moves"]),
                                     "the game left in progress saved")
        record = self.call({"op": "record", "session": run["session"]})["record"]
        if meta is not None:
            self.left[game] = LeftGame(game, record, meta, run["moves"])

    def wait_until_saved(self, game: str, test: Callable[[Any], bool], what: str) -> dict[str, Any] | None:
        """The slot's meta once `test(meta)` holds (saves land a moment after the move); a problem if never."""
        deadline = time.monotonic() + 10
        while True:
            meta = self.call({"op": "saved"})["slots"].get(game)
            if test(meta):
                return dict(meta)
            if time.monotonic() > deadline:
                self.soak.problems.append(f"{game}: never saw {what} (slot: {meta})")
                return None
            self.page.wait_for_timeout(10)

    def check_resumed(self, left: LeftGame, opened: dict[str, Any]) -> None:
        """The game that came back is the one left: same deal, the saved moves, none of the person's lost."""
        saved = left.meta["moves"]
        problems = []
        if opened["seed"] != left.record["seed"]:
            problems.append(f"deal {opened['seed']} instead of {left.record['seed']}")
        if opened["moves"][:saved] != left.record["moves"][:saved] or len(opened["moves"]) < saved:
            problems.append(f"its first {saved} moves differ")
        persons = sum(1 for player, _ in left.record["moves"][:saved] if player == 0)  # the address names no side
        if persons < left.person_moves:
            problems.append(f"{left.person_moves - persons} of the person's moves were not saved")
        self.soak.problems += [f"{left.game}: the game left in progress came back wrong: {p}" for p in problems]

    def sample(self) -> None:
        memory = self.call({"op": "memory"})["memory"]
        self.soak.samples.append(Sample(
            games=self.soak.games,
            page_js_heap_bytes=self.heaps.page_heap(),
            worker_js_heap_bytes=self.heaps.worker_heap(),
            wasm_bytes=memory["wasm_bytes"],
            python_heap_bytes=memory["python_heap_bytes"],
            python_objects=memory["python_objects"],
            pyproxies=memory["pyproxies"],
        ))

    def live_sessions(self) -> list[str]:
        """The bridge sessions still held, probed up to the open table's (the newest)."""
        current = self.page.evaluate("() => window.app.current?.session ?? null")
        newest = int(current[1:]) if current else 0
        return list(self.page.evaluate(LIVE_SESSIONS, newest))

    def check_saves_after_reload(self, games_offered: list[dict[str, Any]]) -> None:
        """Leave a game in progress in every game, reload, and check the menu offers each one back and that
        "Continue" brings back the game that was left."""
        for info in games_offered:
            if info["id"] not in self.left:
                self.deals += 1
                run = self.open_and_play(info["id"], hash_=address(info, SEED_BASE + self.deals),
                                         leave_after=LEAVE_AFTER_MOVES)
                self.leave(info["id"], run)
        self.soak.live_sessions_before_reload = self.live_sessions()
        self.page.evaluate("() => { location.hash = ''; }")
        self.page.reload()
        self.wait_ready()
        slots = self.call({"op": "saved"})["slots"]
        for game, left in self.left.items():
            meta = slots.get(game)
            if meta != left.meta:
                self.soak.problems.append(f"{game}: after the reload its slot holds {meta}, not {left.meta}")
        for game, left in sorted(self.left.items()):
            run = self.open_and_play(game, via_continue=True, leave_after=0)
            self.check_resumed(left, run["opened"])
        self.soak.live_sessions_after_reload = self.live_sessions()


def soak_curves(browser: Any, games: int) -> dict[str, Any]:
    """The bench's soak: `games` games in one page of the served site (bench/measure.py's `Browser`), with
    the memory curves (games played -> bytes or counts), their growth after the warm-up, the seconds per
    game of each game, and whatever was lost (`problems`: saved games; sessions still held)."""
    context, page = browser.page()
    try:
        soak = SoakRun(page, browser.base_url).run(games)
    finally:
        context.close()
    return report(soak)


def report(soak: Soak) -> dict[str, Any]:
    """A soak as JSON-able data: the curves, the summary, the timings and the problems."""
    return {
        "games": soak.games,
        "seconds": soak.seconds,
        "warm_up_games": WARM_UP_GAMES,
        "curves": {"games": soak.curve("games"), **{name: soak.curve(name) for name in CURVES}},
        "summary": soak.summary(),
        "seconds_in_games": sum(sum(times) for times in soak.game_seconds.values()),
        "seconds_per_game": {
            game: {"games": len(times), "median": statistics.median(times), "mean": statistics.fmean(times),
                   "max": max(times), "each": [round(t, 2) for t in times]}
            for game, times in sorted(soak.game_seconds.items())
        },
        "resumed": soak.resumed,
        "live_sessions": {"before_reload": soak.live_sessions_before_reload,
                          "after_reload": soak.live_sessions_after_reload},
        "problems": soak.problems,
    }


# How the bench shows each curve: its name, the unit of its rows and the unit's size.
CURVE_ROWS: dict[str, tuple[str, str, int]] = {
    "page_js_heap_bytes": ("page JS heap", "KiB", 1024), "worker_js_heap_bytes": ("worker JS heap", "KiB", 1024),
    "wasm_bytes": ("wasm memory", "KiB", 1024), "python_heap_bytes": ("Python heap", "KiB", 1024),
    "python_objects": ("Python objects", "objects", 1), "pyproxies": ("live PyProxies", "handles", 1),
}


def soak_metrics(result: dict[str, Any]) -> list[Metric]:
    """The bench's rows for a `soak_curves` result: the soak's length, each curve's growth after the warm-up
    against its limit (the curve itself in the detail), and what was lost."""
    per_game = {game: round(times["median"], 2) for game, times in result["seconds_per_game"].items()}
    rows = [Metric(f"soak: {result['games']} games in one page", result["seconds"], "s",
                   detail={"median_seconds_per_game": per_game, "resumed": result["resumed"]})]
    for name in CURVES:
        verdict = result["summary"][name]
        label, unit, scale = CURVE_ROWS[name]
        grew = None if verdict["growth"] is None else verdict["growth"] / scale
        target = "info" if verdict["allowed"] is None else f"<= {verdict['allowed'] / scale:,.0f} {unit}"
        rows.append(Metric(f"soak {label} growth after {result['warm_up_games']} games", grew, unit, target,
                           verdict["bounded"], detail={**verdict, "games": result["curves"]["games"],
                                                        "curve": result["curves"][name]}))
    held = result["live_sessions"]
    rows.append(Metric("soak saved games lost or wrong", len(result["problems"]), "", "0",
                       not result["problems"], detail={"problems": result["problems"]}))
    rows.append(Metric("soak bridge sessions held (open table's included)",
                       max(len(held["before_reload"]), len(held["after_reload"])), "", "1",
                       len(held["before_reload"]) == len(held["after_reload"]) == 1, detail=held))
    return rows
