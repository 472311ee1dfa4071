"""The build's own logic that the page relies on: index.html names every module the menu needs, so the
browser fetches them at once instead of discovering one level of imports per round trip; and the engine
worker is one file, so its start does not wait for its imports level by level either."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build  # noqa: E402  (the repository root's build.py)


def test_static_imports_follow_every_form_of_a_static_import(tmp_path: Path) -> None:
    files = {
        "js/app.js": 'import { a,\n  b } from "./a.js";\nimport "./side-effect.js";\nexport { c } from "../lib/c.js";\n'
                     'const later = import("./on-demand.js");\nconst url = new URL("./worker.js", import.meta.url);\n',
        "js/a.js": "import { b } from './b.js';\n",
        "js/b.js": 'import { a } from "./a.js";\n',  # a cycle ends
        "js/side-effect.js": "",
        "lib/c.js": "export const c = 1;\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert build.static_imports(tmp_path, ["js/app.js"]) == ["js/a.js", "js/side-effect.js", "lib/c.js", "js/b.js"]


def test_the_built_page_preloads_the_menus_modules_and_catalog() -> None:
    index = build.DIST / "index.html"
    if not index.exists():
        pytest.skip("dist/ is missing: run `python3 build.py` first")
    html = index.read_text()
    modules = build.static_imports(build.DIST, build.SHELL_SCRIPTS)
    assert "js/menu.js" in modules and "js/worker.js" not in modules
    for name in modules:
        assert html.count(f'<link rel="modulepreload" href="{name}">') == 1
        assert (build.DIST / name).is_file()
    assert '<link rel="preload" href="games.json" as="fetch" crossorigin>' in html
    # The engine worker's start (boot.js) waits for nothing of the menu's: only its own imports come first.
    boot_tag = html.index('<script type="module" src="js/boot.js">')
    before_boot = [name for name in modules if html.index(f'href="{name}"') < boot_tag]
    assert before_boot and sorted(before_boot) == sorted(build.static_imports(build.DIST, ["js/boot.js"]))
    assert html.index('href="games.json"') > boot_tag


def test_the_built_worker_is_one_file_beside_the_runtime_and_the_manifest() -> None:
    worker = build.DIST / "js" / "worker.js"
    if not worker.exists():
        pytest.skip("dist/ is missing: run `python3 build.py` first")
    assert sorted(build.STATIC_IMPORT.findall(worker.read_text())) == sorted(build.WORKER_EXTERNALS)
    assert not (build.DIST / "js" / "worker").exists()
    assert "export async function loadSnapshot" not in worker.read_text()  # bundled, not re-exported
    assert "async function loadSnapshot" in worker.read_text()
