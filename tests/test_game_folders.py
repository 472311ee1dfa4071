"""One game, one folder (issue 7): every registered game brings its own tests and page folder, found by
convention, and its id appears nowhere else in the engine, the scripts, the generic tests or the page.

A game ``<id>`` owns ``pygame_core/games/<id>.py`` (or a package), ``pygame_core/bots/<id>_bot.py``,
``web/js/<id>/`` and ``tests/<id>/``; it takes one line in each registry (``games/__init__.py``,
``bots/__init__.py``, ``web/js/games.js``). Engines that share a package (Tombstone's forge and table live
in ``games/tombstone/``) form a family: the package, ``tests/<family>/``, ``web/js/<family>/`` and each
member's own folders belong to all of them (the table's tests forge their party with the forge), and the
family takes the registry line in ``games/__init__.py``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from playthrough import redealer
from pygame_core import all_games, get_game

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
GAME_IDS: list[str] = [game.info.id for game in all_games()]
WEB_JS = ROOT / "web" / "js"
REGISTRIES = [ROOT / "pygame_core" / "games" / "__init__.py", ROOT / "pygame_core" / "bots" / "__init__.py",
              WEB_JS / "games.js"]
# The shell's browser tests need a real table to open; they use Grit's as their sample.
SHELL_TESTS = {TESTS / "e2e", TESTS / "conftest.py", TESTS / "saloon_site.py"}


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("name", ["__init__.py", "test_rulings.py", "golden_seed7.txt", "test_bridge_flow.py",
                                  "test_bots.py"])
def test_every_game_has_its_own_tests(game_id: str, name: str) -> None:
    assert (TESTS / game_id / name).is_file(), f"tests/{game_id}/{name} is missing"


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if get_game(g).info.hidden_info])
def test_every_hidden_info_game_has_a_redealer(game_id: str) -> None:
    """The no-leak property needs to know which cards a player may not see (per the rules)."""
    assert redealer(game_id) is not None, f"tests/{game_id}/redealer.py with a redeal() is missing"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_an_end_to_end_test_and_a_page_folder(game_id: str) -> None:
    """The page's side of a game: its table module and help pages, and a browser test in its test folder."""
    assert (TESTS / game_id / "test_e2e.py").is_file(), f"tests/{game_id}/test_e2e.py is missing"
    for name in ("table.js", "rules.html", "rulings.html"):
        assert (WEB_JS / game_id / name).is_file(), f"web/js/{game_id}/{name} is missing"


def family(game_id: str) -> str | None:
    """The package under ``pygame_core/games`` a game's module sits in, if it shares one."""
    parts = get_game(game_id).state_class.__module__.split(".")
    return parts[2] if len(parts) == 4 and parts[:2] == ["pygame_core", "games"] else None


def owned_by(path: Path, game_id: str) -> bool:
    games = ROOT / "pygame_core" / "games"
    folders = [games / game_id, TESTS / game_id, WEB_JS / game_id]
    shared = family(game_id)
    if shared:
        folders += [games / shared, TESTS / shared, WEB_JS / shared]
        folders += [root / kin for kin in GAME_IDS if family(kin) == shared for root in (TESTS, WEB_JS)]
    return (path in (games / f"{game_id}.py", ROOT / "pygame_core" / "bots" / f"{game_id}_bot.py")
            or any(folder in path.parents for folder in folders))


def files_outside_the_shell_tests() -> list[Path]:
    files = [*(ROOT / "pygame_core").rglob("*.py"), *(ROOT / "scripts").rglob("*.py"), *TESTS.rglob("*.py"),
             *(ROOT / "web").rglob("*.js"), *(ROOT / "web").rglob("*.html"), *(ROOT / "web").rglob("*.css"),
             ROOT / "build.py"]
    return sorted(f for f in files if not any(f == x or x in f.parents for x in SHELL_TESTS)
                  and "__pycache__" not in f.parts)


def text_without_module_docstring(path: Path) -> str:
    """``__main__``'s usage text may name a game as an example; the rest of it may not."""
    text = path.read_text(encoding="utf-8")
    if path.name == "__main__.py":
        docstring = ast.get_docstring(ast.parse(text), clean=False) or ""
        text = text.replace(docstring, "", 1)
    return text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_id_appears_only_in_its_own_files(game_id: str) -> None:
    word = re.compile(rf"\b{re.escape(game_id)}\b")
    strays = []
    for path in files_outside_the_shell_tests():
        if owned_by(path, game_id):
            continue
        lines = [n for n, line in enumerate(text_without_module_docstring(path).splitlines(), 1) if word.search(line)]
        allowed = 1 if path in REGISTRIES else 0
        if len(lines) > allowed:
            strays.append(f"{path.relative_to(ROOT)}:{','.join(map(str, lines))}")
    assert not strays, f"{game_id!r} is named outside its own files: {strays}"
