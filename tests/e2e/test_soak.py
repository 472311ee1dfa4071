"""A long session (issue 11, point 5): 200 games against the computer in one page, across every game with
computer levels, through the real front end (bench/soak.py plays them; the bench reports the same curves).
About 3.5 minutes here: the long games (grow21, Dueling Suits) come up less often (bench/soak.py SHARES).

After the warm-up the page's and the worker's JS heaps, Python's heap and its live objects stay within a
little of where they were (bench/soak.py ALLOWED_GROWTH says how much and why), the wasm memory stops
growing, JavaScript holds no more handles into Python than at the start, no saved game is lost (games left
in progress come back from "Continue", also after a reload) and the bridge holds no session but the open
table's. The whole report is written to artifacts/soak.json.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from bench.soak import ALLOWED_GROWTH, Soak, SoakRun, report
from saloon_site import ARTIFACTS, LAPTOP, Visit

GAMES = 200

pytestmark = pytest.mark.slow  # minutes: the slow tier (python3 build.py test --slow)


@pytest.fixture(scope="module")
def soak(chromium: Any, site_url: str) -> Iterator[tuple[Soak, Visit]]:
    """One soak for every check below (it takes minutes), with the visit that watched the console."""
    visit = Visit(chromium.new_context(viewport=LAPTOP), site_url)
    try:
        played = SoakRun(visit.page, site_url).run(GAMES)
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "soak.json").write_text(json.dumps(report(played), indent=1))
        yield played, visit
    finally:
        visit.context.close()


def test_every_game_was_played_without_a_console_error(soak: tuple[Soak, Visit]) -> None:
    played, visit = soak
    assert played.games == GAMES
    assert played.playable and sorted(played.game_seconds) == sorted(played.playable)
    assert played.resumed >= GAMES // 20, "too few games were left in progress and picked up again"
    assert not visit.errors, "errors in the browser console:\n" + "\n".join(visit.errors)


@pytest.mark.parametrize("curve", sorted(set(ALLOWED_GROWTH) - {"pyproxies"}))
def test_memory_stays_bounded_after_the_warm_up(soak: tuple[Soak, Visit], curve: str) -> None:
    played, _ = soak
    verdict = played.summary()[curve]
    assert verdict["bounded"], f"{curve} grew after the warm-up: {verdict}; curve: {played.curve(curve)}"


def test_javascript_keeps_no_more_handles_into_python(soak: tuple[Soak, Visit]) -> None:
    played, _ = soak
    handles = played.curve("pyproxies")
    assert None not in handles, "the worker does not count its PyProxies"
    assert len(set(handles)) == 1, f"live PyProxies changed during the soak: {handles}"


def test_no_saved_game_is_lost(soak: tuple[Soak, Visit]) -> None:
    played, _ = soak
    assert not played.problems, "\n".join(played.problems)


def test_the_bridge_keeps_only_the_open_tables_session(soak: tuple[Soak, Visit]) -> None:
    played, _ = soak
    assert len(played.live_sessions_before_reload) == 1, played.live_sessions_before_reload
    assert len(played.live_sessions_after_reload) == 1, played.live_sessions_after_reload
