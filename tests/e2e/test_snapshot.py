"""Second visits boot from a memory snapshot of the engines, and every way that can fail falls back.

The first visit starts the runtime from scratch and keeps a snapshot (Cache Storage, cache
``engine-snapshot``, one entry keyed by the manifest's runtime version); later visits, online or offline,
boot from it. The snapshot options are Pyodide's experimental ones, so each failure is played out here:
a corrupt snapshot, another build's, and a runtime whose snapshot API changed. Each must end in a normal
start with the game playable, no console error, and the bad snapshot dropped (and a good one made again).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from saloon_site import DIST, Visit

SNAPSHOT_ENTRIES = """async () => {
  const cache = await caches.open("engine-snapshot");
  const entries = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    entries.push([request.url, (await response.arrayBuffer()).byteLength]);
  }
  return entries;
}"""

# Rewrite this build's snapshot in place: `how` names the damage.
DAMAGE = """async (how) => {
  const cache = await caches.open("engine-snapshot");
  const [request] = await cache.keys();
  const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  let damaged;
  if (how === "garbage") damaged = bytes.map((_, i) => (i * 7919) & 0xff);
  else if (how === "truncated") damaged = bytes.slice(0, 1 << 20);
  else if (how === "empty") damaged = new Uint8Array(0);
  else if (how === "other build") {  // the runtime's build id sits in bytes 16..47 of the header
    damaged = bytes.slice();
    for (let i = 16; i < 48; i++) damaged[i] ^= 0x5a;
  } else throw new Error(`no such damage: ${how}`);
  await cache.put(request, new Response(damaged));
}"""

# Store a copy of this build's snapshot under another build's key.
PLANT_OLD_BUILD = """async () => {
  const cache = await caches.open("engine-snapshot");
  const [request] = await cache.keys();
  const old = new URL("0ld0ld0ld0ld", request.url).href;  // a sibling of this build's entry
  await cache.put(old, await cache.match(request));
  return old;
}"""


class NotedVisit(Visit):
    """A visit that also keeps the console's info notes (the worker says there why a start was slow)."""

    def __init__(self, context: Any, base_url: str) -> None:
        self.notes: list[str] = []
        super().__init__(context, base_url)
        self.page.on("console", lambda m: self.notes.append(m.text) if m.type == "info" else None)


@pytest.fixture
def visit(open_page: Callable[..., Visit]) -> Callable[[], NotedVisit]:
    """Factory of visits in a context without a service worker (its caching is not what is tested here)."""

    def factory() -> NotedVisit:
        opened = open_page(service_workers="block", kind=NotedVisit)
        assert isinstance(opened, NotedVisit)
        return opened

    return factory


def runtime_version() -> str:
    """What the snapshot is keyed by: the runtime, the engines and the worker (not the page's other files)."""
    return str(json.loads((DIST / "manifest.json").read_text())["runtime_version"])


def start(visit: Visit, hash_: str = "") -> bool:
    """Open the site; return whether the engines booted from a snapshot."""
    visit.page.goto(visit.base_url + "index.html" + hash_)
    visit.wait_ready()
    return bool(visit.page.evaluate("() => window.app.ready")["snapshot"])


def wait_for_entries(visit: Visit, done: Callable[[list[list[Any]]], bool]) -> list[list[Any]]:
    """The snapshot cache's [url, bytes] entries, once `done` holds for them (the snapshot is stored after
    ready, in the background)."""
    deadline = time.monotonic() + 30
    while True:
        entries: list[list[Any]] = visit.page.evaluate(SNAPSHOT_ENTRIES)
        if done(entries) or time.monotonic() > deadline:
            return entries
        visit.page.wait_for_timeout(200)


def snapshot_entries(visit: Visit) -> list[list[Any]]:
    """The snapshot cache's entries, once it holds one."""
    return wait_for_entries(visit, lambda entries: len(entries) == 1)


def plays(visit: Visit) -> None:
    """A Grit deal against the computer takes moves (the engines answer for real); it replaces the game
    in progress from an earlier visit, if any."""
    visit.page.goto(visit.base_url + "index.html#game=grit&mode=computer&level=easy&seed=12&speed=instant")
    visit.page.wait_for_function(
        "() => document.querySelector('#replace-dialog[open]') || document.querySelector('button.move:not([disabled])')")
    if visit.page.locator("#replace-dialog[open]").count():
        visit.page.locator("#replace-dialog button[value=replace]").click()
    visit.play_moves(2)
    assert len(visit.record()["moves"]) >= 2


def test_a_second_visit_boots_from_the_snapshot_made_before_any_game(visit: Callable[[], NotedVisit]) -> None:
    first = visit()
    # The first visit opens a deal at once: its `new` request waits in the queue while the snapshot is made.
    assert not start(first, "#game=grit&mode=computer&level=easy&seed=5&speed=instant")
    first.page.wait_for_function("() => window.app.current !== null")
    [(url, size)] = snapshot_entries(first)
    assert url.endswith(f"engine-snapshot/{runtime_version()}")
    assert size > 10_000_000, size  # the runtime's whole memory

    assert start(first)
    # Nothing of the first visit's deal is in the snapshot: the bridge has no session yet.
    assert first.call({"op": "new", "game": "grit", "seed": 1})["session"] == "s1"
    plays(first)
    # The Showdown's Dealer is a module first imported when it first acts: its file must be there.
    assert dealer_acts(first)


def dealer_acts(visit: Visit) -> bool:
    """Play a Showdown through the bridge (first legal move of each character) until the Dealer has acted."""
    session = visit.call({"op": "new", "game": "tombstone_showdown", "seed": 3})["session"]
    for _ in range(60):
        view = visit.call({"op": "view", "session": session, "player": None})
        assert view["ok"] and not view["over"], view
        player = view["to_act"][0]
        if player == 0:
            answer = visit.call({"op": "auto", "session": session, "player": 0})
            assert answer["ok"], answer
            return True
        move = visit.call({"op": "legal", "session": session, "player": player})["moves"][0]
        assert visit.call({"op": "play", "session": session, "player": player, "move": move})["ok"]
    return False


def test_an_old_builds_snapshot_is_dropped(visit: Callable[[], NotedVisit]) -> None:
    opened = visit()
    start(opened)
    snapshot_entries(opened)
    old = opened.page.evaluate(PLANT_OLD_BUILD)
    assert len(opened.page.evaluate(SNAPSHOT_ENTRIES)) == 2
    assert start(opened)  # this build's own snapshot still boots
    assert [url for url, _ in opened.page.evaluate(SNAPSHOT_ENTRIES)] == [
        old.replace("0ld0ld0ld0ld", runtime_version())]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "other build"])
def test_a_damaged_snapshot_falls_back_and_is_made_again(visit: Callable[[], NotedVisit], damage: str) -> None:
    opened = visit()
    start(opened)
    [(url, good_size)] = snapshot_entries(opened)
    opened.page.evaluate(DAMAGE, damage)

    assert not start(opened), f"booted from a snapshot with damage {damage!r}"
    assert any("snapshot" in note for note in opened.notes), (opened.notes, opened.page.evaluate(SNAPSHOT_ENTRIES))
    plays(opened)
    assert [size for _, size in wait_for_entries(opened, lambda entries: entries[:1] == [[url, good_size]])] == [
        good_size]
    assert start(opened), "the snapshot made again after the fallback does not boot"


def serve_renamed(visit: Visit, runtime_file: str, old: str, new: str) -> None:
    """From now on the visit gets the runtime's `runtime_file` with `old` renamed to `new`: an API that changed."""
    text = (DIST / "pyodide" / runtime_file).read_text()
    assert old in text, f"{old!r} is not in the runtime any more: update this test"
    changed = text.replace(old, new)
    visit.context.route(f"**/pyodide/{runtime_file}",
                        lambda route: route.fulfill(body=changed, content_type="text/javascript"))


def test_a_runtime_that_cannot_make_snapshots_still_starts(visit: Callable[[], NotedVisit]) -> None:
    opened = visit()
    serve_renamed(opened, "pyodide.asm.mjs", "static makeMemorySnapshot(", "static makeMemorySnapshotRenamed(")
    assert not start(opened)
    plays(opened)
    assert not start(opened)
    assert opened.page.evaluate(SNAPSHOT_ENTRIES) == []
    assert any("no snapshot could be made" in note for note in opened.notes), opened.notes


def test_a_runtime_that_ignores_the_snapshot_falls_back(visit: Callable[[], NotedVisit]) -> None:
    opened = visit()
    start(opened)
    snapshot_entries(opened)
    serve_renamed(opened, "pyodide.mjs", "_loadSnapshot", "_loadSnapshotRenamed")
    assert not start(opened)
    plays(opened)
    assert any("did not boot" in note for note in opened.notes), opened.notes
