"""Golden playthroughs: the engine must still produce tests/golden/* byte for byte.

If a change to the rules or the view is intended, regenerate with ``python3 scripts/golden.py``
and review the diff in git before committing it.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_script", ROOT / "scripts" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("golden_script", module)
    spec.loader.exec_module(module)
    return module


golden = load_generator()


@pytest.mark.parametrize("game_id,seed", golden.GOLDEN, ids=[f"{g}-{s}" for g, s in golden.GOLDEN])
def test_golden_playthrough(game_id: str, seed: int) -> None:
    path: Path = golden.golden_path(game_id, seed)
    assert path.exists(), f"{path} is missing: run `python3 scripts/golden.py`"
    expected = path.read_text(encoding="utf-8")
    actual: str = golden.transcript(game_id, seed)
    if actual != expected:
        diff = golden.diff(expected, actual, path.name)
        shown = "\n".join(diff.splitlines()[:60])
        pytest.fail(f"{path.name} no longer matches the engine. If the change is intended, run "
                    f"`python3 scripts/golden.py` and review the diff in git.\n{shown}", pytrace=False)


def test_transcript_is_deterministic() -> None:
    game_id, seed = golden.GOLDEN[0]
    assert golden.transcript(game_id, seed) == golden.transcript(game_id, seed)


def test_no_stray_golden_files() -> None:
    expected = {golden.golden_path(g, s).name for g, s in golden.GOLDEN}
    present = {p.name for p in (ROOT / "tests" / "golden").iterdir() if p.is_file()}
    assert present == expected, "every file in tests/golden must come from scripts/golden.py GOLDEN"


def test_grit_golden_game_is_complete() -> None:
    text = golden.golden_path("grit", 7).read_text(encoding="utf-8")
    assert "\n== over\n" in text and "\noutcome: " in text
    assert text.count("\n== step ") == 8, "a Grit game is eight plays"


def test_knife_fight_golden_game_is_complete() -> None:
    """Seed 7 shows every phase (a parry, a feint and its follow-up, a dressing) and a death."""
    text = golden.golden_path("knife_fight", 7).read_text(encoding="utf-8")
    assert "\n== over\n" in text and "\noutcome: " in text and "bled to death" in text
    for needle in ('"phase": "feint"', '"type": "follow_up"', '"phase": "dress"', '"type": "dress"',
                   "(parry)", '"type": "reveal"', '"type": "bleed"'):
        assert needle in text, needle
    lines = text.splitlines()
    first_commits = 0
    for i, line in enumerate(lines):
        if not line.startswith("events[full]: "):
            continue
        events = json.loads(line.removeprefix("events[full]: "))
        if [e["type"] for e in events] != ["commit"]:
            continue
        first_commits += 1  # the first commit of a round: face down for everyone else
        committer = events[0]["player"]
        for viewer, tail in zip(("player 0", "player 1", "spectator"), lines[i + 1:i + 4]):
            prefix = f"events[{viewer}]: "
            assert tail.startswith(prefix)
            shown = json.loads(tail.removeprefix(prefix))[0]["card"]
            assert shown == (events[0]["card"] if viewer == f"player {committer}" else None), (i, viewer)
    assert first_commits >= 6


def test_grow21_golden_game_is_complete() -> None:
    """Seed 7: all 52 cards, changes and harvested 21s on the way, and the same table for every seat."""
    text = golden.golden_path("grow21", 7).read_text(encoding="utf-8")
    assert "\n== over\n" in text and "\noutcome: " in text
    lines = text.splitlines()
    moves = [json.loads(line.split(": ", 1)[1].split("  # ")[0]) for line in lines if line.startswith("move[")]
    assert len([m for m in moves if m["type"] != "keep"]) == 52, "a grow21 game plays all 52 cards"
    assert {m["type"] for m in moves} >= {"place", "change"}
    removals = [e for line in lines if line.startswith("events[full]: ")
                for e in json.loads(line.removeprefix("events[full]: ")) if e["type"] == "remove"]
    assert removals and all(e["points"] == 10 for e in removals)
    for i, line in enumerate(lines):
        if line.startswith("view[player 0]: "):
            seats = [json.loads(lines[i + k].split(": ", 1)[1]) for k in range(3)]
            for view in seats:
                view.pop("viewer")
            assert seats[0] == seats[1] == seats[2], f"line {i + 1}: the seats see different tables"
