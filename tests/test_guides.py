"""The guided first games (issue 13): each script in ``web/js/<id>/guide.json`` is a real game. Its deal and
seed, played through the bridge as the page plays it (the computer at the script's level, told as the
person sees it), give at every coach mark a position where the coached move is legal, the computer's
replies are the ones the script's words describe, and the game reaches its real end with the last mark."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bridge_calls import ok
from pygame_core import get_game
from pygame_core.bridge import Bridge

ROOT = Path(__file__).resolve().parents[1]
WEB_JS = ROOT / "web" / "js"
GUIDES = sorted(WEB_JS.glob("*/guide.json"))


def play_script(path: Path) -> tuple[list[Any], dict[str, Any]]:
    """Play a guide through the bridge: the computer's moves as the person saw them, and the last view."""
    guide = json.loads(path.read_text())
    game = get_game(path.parent.name)
    side: int = guide["side"]
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": game.info.id, "seed": guide["seed"], "options": guide["options"],
                          "deal": guide["deal"]})["session"]
    steps = iter(guide["steps"])
    computer: list[Any] = []
    while True:
        view = ok(bridge, {"op": "view", "session": session, "player": side})
        if view["over"]:
            assert next(steps, None) is None, "the game ended before the guide's last coach mark"
            return computer, view
        machines = [seat for seat in view["to_act"] if seat != side]
        if machines:
            seat = machines[0]
            request = ({"op": "auto"} if game.info.seats[seat].kind == "engine"
                       else {"op": "bot", "level": guide["level"]})
            moved = ok(bridge, {**request, "session": session, "player": seat, "viewer": side})
            computer.append(moved["move"])
            continue
        step = next(steps, None)
        assert step is not None, "the guide ran out of coach marks before the game ended"
        legal = ok(bridge, {"op": "legal", "session": session, "player": side})["moves"]
        assert step["move"] in legal, f"coach mark {step['say'][:60]!r}: its move is not legal here"
        ok(bridge, {"op": "play", "session": session, "player": side, "move": step["move"], "viewer": side})


def test_there_are_guides() -> None:
    assert GUIDES


@pytest.mark.parametrize("path", GUIDES, ids=lambda path: path.parent.name)
def test_the_script_and_the_computer_play_to_a_real_finish(path: Path) -> None:
    computer, last = play_script(path)
    guide = json.loads(path.read_text())
    assert computer == guide["computer"], "the computer no longer replies as the guide's words say"
    assert last["over"] and last["outcome"] is not None
    assert guide["finish"].strip()


@pytest.mark.parametrize("path", GUIDES, ids=lambda path: path.parent.name)
def test_every_coach_mark_says_why_in_a_few_sentences(path: Path) -> None:
    guide = json.loads(path.read_text())
    for step in guide["steps"]:
        sentences = [s for s in re.split(r"[.!?:](?:\s|$)", step["say"]) if s.strip()]
        assert 1 <= len(sentences) <= 8, step["say"]
        for target in step.get("point", []):
            assert set(target) & {"in", "dom"}, target


def test_the_built_site_lists_every_guide() -> None:
    """The page finds the games with a guide in the site's manifest (coach/guides.js guidedGames)."""
    manifest = ROOT / "dist" / "manifest.json"
    if not manifest.exists():
        pytest.skip("dist/ is missing: run `python3 build.py` first")
    files = json.loads(manifest.read_text())["files"]
    assert sorted(f for f in files if f.endswith("/guide.json")) == sorted(
        f"js/{path.parent.name}/guide.json" for path in GUIDES)
