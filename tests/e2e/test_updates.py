"""A deploy that changes one file costs a returning visitor that file, the manifest and sw.js: nothing else
comes over the network (the runtime least of all). A page of the old build left open keeps its own build,
never a mix of two; offline visits work on the new build; the old build's copy goes once no page uses it.

A copy of dist/ is served (bench/updates.py: the server notes every response), changed as a rebuild that
touched one JavaScript file would change it (build.write_manifest)."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import build  # noqa: E402  (the repository root's build.py)
from bench.updates import CHANGED_FILE, INSTALLED, SETTLED, change_one_file, counted_site, wait_until  # noqa: E402
from saloon_site import DIST, LAPTOP, Visit  # noqa: E402

GRIT = "#game=grit&mode=computer&level=easy&speed=instant&seed=12"
SERVED = """async (file) => {
  const response = await fetch(file);
  return { text: await response.text(), version: (await (await fetch("manifest.json")).json()).version };
}"""
BUILDS = "async () => (await caches.keys()).filter((name) => name.startsWith('saloon-')).sort()"


def test_the_manifest_names_each_files_content_hash_and_sw_js_its_build(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for name, text in {"index.html": "<p>", "js/a.js": "export {};", "engines/e.zip": "z", "pyodide/p.wasm": "w"}.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    manifest = build.write_manifest(site)
    hashes = manifest["hashes"]
    assert isinstance(hashes, dict)
    assert manifest["files"] == sorted(hashes) == ["engines/e.zip", "index.html", "js/a.js", "pyodide/p.wasm"]
    assert hashes["js/a.js"] == hashlib.sha256(b"export {};").hexdigest()[:build.HASH_CHARS]
    assert manifest["engines"] == "engines/e.zip" and manifest["engine_files"] == {"pyodide/p.wasm": 1}
    assert json.loads((site / "manifest.json").read_text()) == manifest
    stamped = (site / "sw.js").read_text()
    assert build.SW_VERSION_LINE.replace("unbuilt", str(manifest["version"])) in stamped
    assert build.SW_VERSION_LINE not in stamped

    shutil.copytree(site, tmp_path / "again")  # sw.js already stamped: the same files are the same build
    assert build.write_manifest(tmp_path / "again") == manifest
    (site / "js/a.js").write_text("export const a = 1;")
    changed = build.write_manifest(site)
    new_hashes = changed["hashes"]
    assert isinstance(new_hashes, dict) and changed["version"] != manifest["version"]
    assert {name for name, hash_ in hashes.items() if new_hashes[name] != hash_} == {"js/a.js"}
    # The engines' snapshot outlives a deploy of the page alone, and not one of the engines or the worker.
    assert changed["runtime_version"] == manifest["runtime_version"]
    for name in ("engines/e.zip", build.WORKER_FILE):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text("new")
        assert build.write_manifest(site)["runtime_version"] != changed["runtime_version"]
        changed = build.write_manifest(site)


def open_tab(visit: Visit, url: str) -> Any:
    """A new tab of the visit's context at `url`, once the engines are ready."""
    page = visit.new_tab()
    page.goto(url)
    page.wait_for_function("() => window.app && window.app.ready", timeout=60_000)
    page.evaluate("() => window.app.ready")
    return page


def test_a_one_file_deploy_fetches_that_file_alone_and_leaves_open_pages_on_their_build(chromium: Any) -> None:
    if not (DIST / "manifest.json").exists():
        pytest.skip("dist/ is missing: run `python3 build.py` first")
    with counted_site(DIST) as (base_url, site, ledger):
        context = chromium.new_context(viewport=LAPTOP)
        try:
            old = Visit(context, base_url)
            page = old.goto()
            wait_until(page, SETTLED)
            before = page.evaluate(SERVED, CHANGED_FILE)
            ledger.take()

            version = change_one_file(site)
            fresh = open_tab(old, base_url + "index.html")
            wait_until(fresh, INSTALLED, version)
            fetched = ledger.take()
            assert {sent.path for sent in fetched} <= {"/sw.js", "/manifest.json", f"/{CHANGED_FILE}"}, fetched
            assert {sent.path for sent in fetched if sent.raw} == {"/sw.js", "/manifest.json", f"/{CHANGED_FILE}"}
            assert page.evaluate(BUILDS) == sorted([f"saloon-{before['version']}", f"saloon-{version}"])

            # The old page is now controlled by the new worker, and still served its own build.
            assert page.evaluate("() => navigator.serviceWorker.controller !== null")
            assert page.evaluate(SERVED, CHANGED_FILE) == before
            page.click("button[data-rules='knife_fight']")
            assert page.locator("#help-dialog h2").first.inner_text() == "How to play Knife Fight"
            page.locator("#help-dialog button[type='submit']").click()
            page.evaluate("(hash) => { location.hash = hash; }", GRIT)
            page.wait_for_function("() => window.app.current !== null")
            old.play_moves(2)
            assert len(old.record()["moves"]) >= 2

            # Offline, a new page opens on the new build.
            fresh.close()
            context.set_offline(True)
            offline = open_tab(old, base_url + "index.html")
            after = offline.evaluate(SERVED, CHANGED_FILE)
            assert after["version"] == version and after["text"].startswith(before["text"]) and after["text"] != before["text"]
            # Only the page changed, not the runtime: the new build boots from the snapshot the old one kept.
            assert offline.evaluate("() => window.app.ready")["snapshot"]

            # Once the old build's last page is gone, the next visit drops its copy.
            page.close()
            offline.reload()
            offline.wait_for_function("() => window.app && window.app.ready")
            offline.evaluate("() => window.app.ready")
            wait_until(offline, f"async () => JSON.stringify(await ({BUILDS})()) === '[\"saloon-{version}\"]'")
            assert not [sent for sent in ledger.take() if sent.raw], "nothing may come over the network offline"
            assert not old.errors, old.errors
        finally:
            context.close()


def test_a_file_that_does_not_match_its_hash_fails_the_update_and_the_next_visit_tries_again(chromium: Any) -> None:
    """A deploy seen halfway (a cache in front of the host still sending the old copy of a changed file): the
    new build is not installed, the old one keeps serving, and a later visit installs the new build."""
    if not (DIST / "manifest.json").exists():
        pytest.skip("dist/ is missing: run `python3 build.py` first")
    with counted_site(DIST) as (base_url, site, ledger):
        context = chromium.new_context(viewport=LAPTOP)
        try:
            visit = Visit(context, base_url)
            page = visit.goto()
            wait_until(page, SETTLED)
            before = page.evaluate(SERVED, CHANGED_FILE)
            page.close()

            version = change_one_file(site)
            changed = (site / CHANGED_FILE).read_text()
            (site / CHANGED_FILE).write_text(before["text"])  # the old bytes under the new manifest
            ledger.take()
            page = open_tab(visit, base_url + "index.html")
            for _ in range(600):  # the visit's update check tries the new build: it asks for the changed file
                if f"/{CHANGED_FILE}" in {sent.path for sent in ledger.sent}:
                    break
                page.wait_for_timeout(100)
            else:
                raise AssertionError("the new build was never tried")
            wait_until(page, """async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              return registration.installing === null && registration.waiting === null;
            }""")
            assert page.evaluate(SERVED, CHANGED_FILE) == before
            assert not page.evaluate("async (name) => Boolean(await caches.match('manifest.json', { cacheName: name }))",
                                     f"saloon-{version}")

            ledger.take()
            (site / CHANGED_FILE).write_text(changed)  # the deploy has reached every cache
            page.reload()
            page.wait_for_function("() => window.app && window.app.ready", timeout=60_000)
            wait_until(page, INSTALLED, version)
            retried = ledger.take()  # sw.js and manifest.json may come back as 304s this time
            assert {sent.path for sent in retried} <= {"/sw.js", "/manifest.json", f"/{CHANGED_FILE}"}, retried
            assert f"/{CHANGED_FILE}" in {sent.path for sent in retried if sent.raw}
            page.reload()
            page.wait_for_function("() => window.app && window.app.ready", timeout=60_000)
            page.evaluate("() => window.app.ready")
            assert page.evaluate(SERVED, CHANGED_FILE) == {"text": changed, "version": version}
            assert not visit.errors, visit.errors
        finally:
            context.close()
