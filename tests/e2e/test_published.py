"""The site as GitHub Pages serves a project site: under a sub-path (``/saloon/``), not the host's root.

``dist/`` is served at ``http://127.0.0.1:<port>/saloon/`` (a folder holding only a link to it, so nothing
answers at the root). The page must load, start the engines, take the service worker's control with its
scope on the sub-path, and play a game there; every request it makes stays under ``/saloon/``."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import serving  # the e2e tests' own server: no-cache, the site's MIME types
from saloon_site import DIST, LAPTOP, Visit

SUB_PATH = "saloon"


@pytest.fixture(scope="module")
def project_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """dist/ served under /saloon/ on a free port; the root itself holds nothing else."""
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is missing: run `python3 build.py` first")
    root: Path = tmp_path_factory.mktemp("pages")
    (root / SUB_PATH).symlink_to(DIST, target_is_directory=True)
    with serving(root) as url:
        yield url + f"{SUB_PATH}/"


def test_a_game_plays_under_a_sub_path_with_the_service_worker_in_control(chromium: Any, project_site: str) -> None:
    context = chromium.new_context(viewport=LAPTOP)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    visit = Visit(context, project_site)
    try:
        page = visit.goto()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        scope = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).scope")
        assert scope == project_site
        page.reload()  # now the service worker answers every request of the page
        visit.wait_ready()
        visit.goto("#game=grit&mode=computer&level=easy&seed=12&speed=instant")
        visit.play_moves(3)
        assert visit.record()["game"] == "grit" and len(visit.record()["moves"]) >= 3
        strays = [url for url in requests if not url.startswith(project_site) and url.startswith("http")]
        assert not strays, f"requests outside {project_site}: {strays[:5]}"
        assert not visit.errors, visit.errors
    finally:
        context.close()


def test_nothing_answers_at_the_root(project_site: str) -> None:
    """The fixture really is a sub-path site: the host's root has no page, as on github.io/<user>/."""
    root = project_site.removesuffix(f"{SUB_PATH}/")
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(root + "index.html", timeout=10)
