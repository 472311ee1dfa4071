"""Golden playthroughs: the engine must still produce tests/<id>/golden_seed7.txt byte for byte.

What each game's transcript must show (every phase, a death...) is checked in its own
``tests/<id>/test_rulings.py``.

If a change to the rules or the view is intended, regenerate with ``python3 scripts/golden.py``
and review the diff in git before committing it.
"""

from __future__ import annotations

import importlib.util
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


@pytest.mark.parametrize("game_id,seed,options", golden.GOLDEN,
                         ids=[f"{g}-{s}" + "".join(f"-{v}" for v in o.values()) for g, s, o in golden.GOLDEN])
def test_golden_playthrough(game_id: str, seed: int, options: dict[str, str]) -> None:
    path: Path = golden.golden_path(game_id, seed, options)
    assert path.exists(), f"{path} is missing: run `python3 scripts/golden.py`"
    expected = path.read_text(encoding="utf-8")
    actual: str = golden.transcript(game_id, seed, options)
    if actual != expected:
        diff = golden.diff(expected, actual, path.name)
        shown = "\n".join(diff.splitlines()[:60])
        pytest.fail(f"{path.name} no longer matches the engine. If the change is intended, run "
                    f"`python3 scripts/golden.py` and review the diff in git.\n{shown}", pytrace=False)


def test_transcript_is_deterministic() -> None:
    game_id, seed, options = golden.GOLDEN[0]
    assert golden.transcript(game_id, seed, options) == golden.transcript(game_id, seed, options)


def test_no_stray_golden_files() -> None:
    expected = {golden.golden_path(g, s, o) for g, s, o in golden.GOLDEN}
    present = set((ROOT / "tests").glob("*/golden_seed*.txt"))
    assert present == expected, "every golden file must come from scripts/golden.py (one per game and variant)"
