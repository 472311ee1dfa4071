"""Saves when the browser's storage fails: off, full, stalled, or holding a seal or a record this page cannot
load. Every case says so in plain words, keeps the game on the table playable, never drops a game that could
still be read (it is kept aside, sealed, and offered for download) and raises no page error.

The engine worker owns IndexedDB, and init scripts do not reach a worker: each failure is put into the
worker's own script as it is served (`patch_worker`), ahead of everything it runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from saloon_site import LAPTOP, SEAL_INTO_SLOT, Visit

GRIT = "#game=grit&mode=computer&level=easy&speed=instant"
FORGE = "#game=tombstone_forge&mode=solo&speed=instant"

# Every toast the page shows, in order (a later one replaces an earlier one on screen).
TOAST_LOG = """
window.toasts = [];
document.addEventListener("DOMContentLoaded", () => {
  const node = document.querySelector("#toast");
  new MutationObserver(() => window.toasts.push(node.textContent)).observe(node, { childList: true });
});
"""

# Worker patches. `self.storageTrouble` switches the failure on and off while the page runs.
STORAGE_OFF = """
IDBFactory.prototype.open = function () {
  throw new DOMException("The user denied permission to access the database.", "SecurityError");
};
"""
# A full disk as IndexedDB reports it: the write's transaction aborts with a QuotaExceededError.
QUOTA_FULL = """
self.storageTrouble = false;
for (const method of ["put", "add"]) {
  const real = IDBObjectStore.prototype[method];
  IDBObjectStore.prototype[method] = function (...args) {
    if (!self.storageTrouble) return real.apply(this, args);
    const transaction = this.transaction;
    Object.defineProperty(transaction, "error", { value: new DOMException("The quota has been exceeded.", "QuotaExceededError") });
    transaction.abort();
    return new EventTarget(); // a request that never succeeds
  };
}
"""
# An open that never answers (an upgrade blocked by a tab of an older page, a wedged browser).
STORAGE_HANGS = """
IDBFactory.prototype.open = function () {
  return new EventTarget();
};
"""

# The saved games cannot be listed (the one read that lists them fails) while `self.listTrouble` is on.
LIST_FAILS = """
self.listTrouble = true;
const realGetAll = IDBObjectStore.prototype.getAll;
IDBObjectStore.prototype.getAll = function (...args) {
  if (!self.listTrouble || this.name !== "slots") return realGetAll.apply(this, args);
  this.transaction.abort();
  return new EventTarget();
};
"""

# The saved row of `slot`, with its sealed bytes as numbers (to compare rows before and after).
READ_ROW = """
async (slot) => {
  const db = await new Promise((resolve) => { indexedDB.open("saloon-saves").onsuccess = (e) => resolve(e.target.result); });
  const row = await new Promise((resolve) => { db.transaction("slots").objectStore("slots").get(slot).onsuccess = (e) => resolve(e.target.result); });
  db.close();
  return row && { revision: row.revision, meta: row.meta, iv: [...row.sealed.iv], data: [...new Uint8Array(row.sealed.data)] };
}
"""


# What the kept store shows to anyone reading storage: every row, binary as text.
READ_KEPT = """
async () => {
  const db = await new Promise((resolve) => { indexedDB.open("saloon-saves").onsuccess = (e) => resolve(e.target.result); });
  const rows = await new Promise((resolve) => { db.transaction("kept").objectStore("kept").getAll().onsuccess = (e) => resolve(e.target.result); });
  db.close();
  const text = (bytes) => new TextDecoder("latin1").decode(bytes);
  return rows.map((row) => JSON.stringify({...row, sealed: {iv: text(row.sealed.iv), data: text(row.sealed.data)}}));
}
"""


def patch_worker(visit: Visit, patch: str) -> None:
    """Serve the engine worker's script with `patch` run first (service workers are blocked, so every load
    of the worker goes through this route)."""

    def serve(route: Any) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=patch + "\n" + response.text())

    visit.context.route("**/js/worker.js", serve)


def open_patched(open_page: Callable[..., Visit], patch: str) -> Visit:
    visit = open_page(LAPTOP, service_workers="block")
    visit.context.add_init_script(TOAST_LOG)
    patch_worker(visit, patch)
    return visit


def in_worker(page: Any, script: str) -> None:
    """Run `script` in the engine worker."""
    (worker,) = [w for w in page.workers if w.url.endswith("/js/worker.js")]
    worker.evaluate(script)


def toasts(page: Any) -> list[str]:
    return list(page.evaluate("() => window.toasts"))


def wait_for_toast(page: Any, words: str) -> None:
    page.wait_for_function("(words) => window.toasts.some((t) => t.includes(words))", arg=words)


def wait_until_saved(visit: Visit, slot: str) -> None:
    """Wait until the open game's last save has landed (the save after a move runs behind the redraw)."""
    moves = len(visit.record()["moves"])
    visit.page.wait_for_function("""([slot, moves]) => window.app.call({op: "saved"})
      .then((answer) => answer.ok && answer.slots[slot] !== undefined && answer.slots[slot].moves === moves)""",
                                 arg=[slot, moves])


def reload(visit: Visit) -> Any:
    visit.page.reload()
    visit.wait_ready()
    visit.page.wait_for_function("() => window.app.current !== null")
    assert visit.wait_for_turn() == "move"
    return visit.page


def test_storage_that_is_off_leaves_the_game_playable_and_the_old_save_in_place(
        open_page: Callable[..., Visit]) -> None:
    visit = open_patched(open_page, STORAGE_OFF)
    page = visit.goto(GRIT + "&seed=31")
    page.evaluate("() => localStorage.setItem('saloon:saved-game', JSON.stringify({hash: '#game=grit', record: {game: 'grit'}}))")
    page = reload(visit)
    wait_for_toast(page, "keeps no site data here")
    assert any("left where it was" in text for text in toasts(page))
    assert page.evaluate("() => localStorage.getItem('saloon:saved-game')") is not None, "the only copy stays"
    visit.play_moves(2)
    assert visit.wait_for_turn() == "move" and len(visit.record()["moves"]) >= 2
    assert visit.call({"op": "saved"})["error"]["code"] == "storage"


def test_a_full_disk_keeps_the_game_going_and_the_last_save_whole(open_page: Callable[..., Visit]) -> None:
    visit = open_patched(open_page, QUOTA_FULL)
    page = visit.goto(GRIT + "&seed=31")
    visit.play_moves(1)
    assert visit.wait_for_turn() == "move"
    wait_until_saved(visit, "grit")
    kept = visit.record()["moves"]
    before = page.evaluate(READ_ROW, "grit")

    in_worker(page, "self.storageTrouble = true")
    visit.play_moves(1)
    wait_for_toast(page, "could not be saved: this browser's storage for the site is full. It goes on here, unsaved.")
    assert visit.wait_for_turn() == "move"
    assert page.evaluate(READ_ROW, "grit") == before, "the failed write changed nothing"

    in_worker(page, "self.storageTrouble = false")  # room again: the next save keeps everything
    visit.play_moves(1)
    assert visit.wait_for_turn() == "move"
    wait_until_saved(visit, "grit")
    playing = visit.record()["moves"]
    assert playing[: len(kept)] == kept
    reload(visit)
    assert visit.record()["moves"] == playing


def test_storage_that_never_answers_times_out_and_the_engine_goes_on(open_page: Callable[..., Visit]) -> None:
    visit = open_patched(open_page, STORAGE_HANGS)
    page = visit.goto(GRIT + "&seed=31")
    page.wait_for_function("() => window.app.current !== null", timeout=30_000)
    wait_for_toast(page, "Saved games are out of reach")
    visit.play_moves(3)
    assert visit.wait_for_turn() == "move"
    started = page.evaluate("() => performance.now()")
    assert visit.call({"op": "saved"})["error"]["code"] == "storage_timeout"
    assert visit.call({"op": "games"})["ok"]
    assert page.evaluate("() => performance.now()") - started < 2_000, "a stalled storage fails at once"


def test_a_seal_from_another_browser_is_told_and_a_fresh_deal_dealt(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    visit.context.add_init_script(TOAST_LOG)
    page = visit.goto(GRIT + "&seed=31")
    visit.play_moves(1)
    wait_until_saved(visit, "grit")
    record = visit.record()
    page.evaluate(SEAL_INTO_SLOT, {"slot": "grit", "record": record, "foreign": True})
    reload(visit)
    wait_for_toast(page, "its seal is damaged or was made by another browser. A fresh deal is on the table.")
    assert visit.record()["moves"] != record["moves"]
    visit.play_moves(1)


def test_a_knife_fight_record_is_refused_by_the_grit_table_and_kept(open_page: Callable[..., Visit],
                                                                    tmp_path: Path) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT + "&seed=31")
    visit.play_moves(1)
    wait_until_saved(visit, "grit")
    fight = visit.call({"op": "new", "game": "knife_fight", "seed": 4, "options": {}, "deal": None})
    knife_fight = visit.call({"op": "record", "session": fight["session"]})["record"]
    page.evaluate(SEAL_INTO_SLOT, {"slot": "grit", "record": knife_fight, "foreign": False})
    row = page.evaluate(READ_ROW, "grit")

    refused = visit.call({"op": "restore", "slot": "grit"})
    assert refused["ok"] is False and refused["error"]["code"] == "kept_aside"
    assert "it holds a game of Knife Fight, not of Grit" in refused["error"]["message"]
    assert page.evaluate(READ_ROW, "grit") == row, "the slot is left as it was"

    reload_at_dialog(visit)
    assert "it holds a game of Knife Fight, not of Grit" in page.locator(".kept-save-text").inner_text()
    exported = download_kept(page, tmp_path)
    assert exported["slot"] == "grit" and exported["record"] == knife_fight
    assert visit.wait_for_turn() == "move"
    assert visit.record()["game"] == "grit"
    visit.play_moves(1)


def test_a_record_of_older_rules_with_no_migration_is_kept_and_offered(open_page: Callable[..., Visit],
                                                                       tmp_path: Path) -> None:
    """The forge is at rules version 2 with no step from version 1 (a real older version)."""
    visit = open_page(LAPTOP)
    page = visit.goto(FORGE + "&seed=3")
    visit.play_moves(2)
    wait_until_saved(visit, "tombstone_forge")
    older = {**visit.record(), "version": 1}
    page.evaluate(SEAL_INTO_SLOT, {"slot": "tombstone_forge", "record": older, "foreign": False})

    reload_at_dialog(visit)
    said = page.locator(".kept-save-text").inner_text()
    assert "could not be loaded (The saved game is from rules version 1" in said and "download" in said
    kept = page.evaluate(READ_KEPT)
    assert len(kept) == 1 and '"seed"' not in kept[0] and '"moves"' not in kept[0], "kept sealed, nothing readable"
    page.click(".kept-save button[type='submit']")  # "Not now": it stays kept
    page.wait_for_selector(".kept-save", state="detached")
    assert visit.wait_for_turn() == "move"
    assert visit.record()["version"] == 2 and len(page.evaluate(READ_KEPT)) == 1

    reload_at_dialog(visit)  # offered again on the next visit, until downloaded or discarded
    assert "Your saved game of Tombstone: the character forge could not be loaded" in page.locator(".kept-save-text").inner_text()
    assert download_kept(page, tmp_path)["record"] == older
    assert visit.call({"op": "kept"})["kept_games"] == [], "downloaded: no longer offered"
    assert visit.call({"op": "export_kept", "kept": 1})["exported"]["record"] == older, "but still kept"
    visit.screenshot("kept-save-laptop.png")


def test_a_kept_record_can_be_discarded(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT + "&seed=31")
    assert visit.wait_for_turn() == "move"
    wait_until_saved(visit, "grit")
    page.evaluate(SEAL_INTO_SLOT, {"slot": "grit", "record": {"game": "grit", "version": 99}, "foreign": False})
    reload_at_dialog(visit)
    for size, name in [({"width": 390, "height": 844}, "390x844"), ({"width": 844, "height": 390}, "844x390")]:
        page.set_viewport_size(size)
        visit.screenshot(f"kept-save-{name}.png")
        for button in page.locator(".kept-save button").all():
            box = button.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
            assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"], "nothing clipped"
    page.click(".kept-save-discard")
    page.wait_for_selector(".kept-save", state="detached")
    assert visit.call({"op": "kept"})["kept_games"] == []
    assert visit.call({"op": "export_kept", "kept": 1})["error"]["code"] == "bad_request"
    assert visit.wait_for_turn() == "move"


def reload_at_dialog(visit: Visit) -> None:
    """Reload and wait for the kept-aside dialog."""
    visit.page.reload()
    visit.wait_ready()
    visit.page.wait_for_selector(".kept-save[open]")


def download_kept(page: Any, tmp_path: Path) -> Any:
    """Press "Download" in the kept-aside dialog: the file's JSON (the dialog closes)."""
    with page.expect_download() as download:
        page.click(".kept-save-download")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    page.wait_for_selector(".kept-save", state="detached")
    return json.loads(path.read_text())



def test_a_deal_made_while_the_saves_could_not_be_listed_never_replaces_one(open_page: Callable[..., Visit]) -> None:
    visit = open_patched(open_page, LIST_FAILS)
    page = visit.goto(GRIT + "&seed=31")  # nothing listed, and nothing saved: the deal is saved
    visit.play_moves(1)
    assert visit.wait_for_turn() == "move"
    wait_until_saved(visit, "grit")
    saved = visit.record()
    row = page.evaluate(READ_ROW, "grit")

    page.reload()  # the list fails again: a fresh deal, which finds the slot taken when it saves
    visit.wait_ready()
    page.wait_for_selector("#replace-dialog[open]")
    assert "is within reach again" in page.locator("#replace-text").inner_text()
    assert page.evaluate(READ_ROW, "grit") == row, "the saved game was not replaced"
    in_worker(page, "self.listTrouble = false")
    page.click("#replace-dialog button[value='keep']")
    page.wait_for_function("""(n) => window.app.current && window.app.call({op: "record", session: window.app.current.session})
      .then((answer) => answer.ok && answer.record.seed === 31 && answer.record.moves.length === n)""", arg=len(saved["moves"]))
    assert visit.wait_for_turn() == "move"
