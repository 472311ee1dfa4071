"""Games survive a reload, one per game; the old localStorage save moves into the sealed store (or is kept
aside, never dropped); a broken save is noticed gently; a second visit works offline."""

from __future__ import annotations

import json
from typing import Any, Callable

from saloon_site import LAPTOP, SEAL_INTO_SLOT, Visit

GRIT = "#game=grit&mode=computer&level=hard&speed=instant"
KNIFE_FIGHT = "#game=knife_fight&mode=computer&level=hard&speed=instant"

# Flip one byte of the sealed record of `slot` (a damaged disk, a curious edit).
DAMAGE_SAVE = """
async (slot) => {
  const db = await new Promise((resolve) => { indexedDB.open("saloon-saves").onsuccess = (e) => resolve(e.target.result); });
  const store = db.transaction("slots", "readwrite").objectStore("slots");
  const row = await new Promise((resolve) => { store.get(slot).onsuccess = (e) => resolve(e.target.result); });
  const bytes = new Uint8Array(row.sealed.data);
  bytes[5] ^= 0xff;
  row.sealed.data = bytes.buffer;
  await new Promise((resolve) => { store.put(row).onsuccess = resolve; });
  db.close();
}
"""


def wait_until_saved(visit: Visit, slot: str) -> None:
    """Wait until the open game's last save has landed (the save after a move runs behind the redraw)."""
    moves = len(visit.record()["moves"])
    visit.page.wait_for_function("""([slot, moves]) => window.app.call({op: "saved"})
      .then((answer) => answer.ok && answer.slots[slot] !== undefined && answer.slots[slot].moves === moves)""",
                                 arg=[slot, moves])


def reopen(visit: Visit, hash_: str) -> Any:
    """Load the page afresh at `hash_` and wait until the person may move."""
    page = visit.page
    page.goto(visit.base_url + "index.html" + hash_)
    visit.wait_ready()
    page.wait_for_function("() => window.app.current !== null")
    assert visit.wait_for_turn() == "move"
    return page


def test_two_games_in_progress_both_resume_after_reload(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT + "&seed=31")
    visit.play_moves(2)
    grit = visit.view()
    assert len(grit["log"]) >= 4
    reopen(visit, KNIFE_FIGHT + "&seed=31")
    visit.play_moves(1)
    knife_fight = visit.view()

    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    assert visit.view() == knife_fight
    reopen(visit, GRIT)
    after = visit.view()
    assert (after["log"], after["hand"], after["piles"]) == (grit["log"], grit["hand"], grit["piles"])
    page.click("button[data-dialog='log-dialog']")
    assert page.locator("#log-list li").count() == len(grit["log"])

    page.goto(visit.base_url + "index.html")
    page.wait_for_selector(".game-continue:visible")
    continues = page.locator(".game-continue:visible").evaluate_all("(links) => links.map((a) => a.hash)")
    assert sorted(continues) == sorted([GRIT.replace("&speed=instant", ""), KNIFE_FIGHT.replace("&speed=instant", "")])


def test_the_old_localstorage_save_moves_into_the_sealed_store(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    # A record as the previous version of the site kept it: two moves of each side, in plain localStorage.
    session = visit.call({"op": "new", "game": "grit", "seed": 31, "options": {}, "deal": None})["session"]
    for _ in range(4):
        (player, *_) = visit.call({"op": "view", "session": session, "player": None})["to_act"]
        assert visit.call({"op": "bot", "session": session, "player": player, "level": "easy"})["ok"]
    record = visit.call({"op": "record", "session": session})["record"]
    old = {"hash": "#game=grit&mode=computer&level=hard&seed=31", "record": record}
    page.evaluate("(saved) => localStorage.setItem('saloon:saved-game', JSON.stringify(saved))", old)

    page.reload()
    visit.wait_ready()
    page.wait_for_selector(".game-tile[data-game='grit'] .game-continue:visible")
    assert page.evaluate("() => localStorage.getItem('saloon:saved-game')") is None
    page.click(".game-tile[data-game='grit'] .game-continue")
    page.wait_for_function("() => window.app.current !== null")
    assert visit.wait_for_turn() == "move"
    assert page.evaluate("() => location.hash") == "#game=grit&mode=computer&level=hard"
    resumed = visit.record()["moves"]
    assert resumed[: len(record["moves"])] == record["moves"]  # the computer may have moved on since

    # An old save that cannot be taken in (not JSON; or a game already saved in its place) is kept aside,
    # sealed, before the old copy goes, and offered for download.
    for old_text in ["{not json", json.dumps(old)]:
        page.evaluate("(text) => localStorage.setItem('saloon:saved-game', text)", old_text)
        page.reload()
        visit.wait_ready()
        page.wait_for_selector(".kept-save[open]")
        assert "could not be taken in" in page.locator(".kept-save-text").inner_text()
        assert page.evaluate("() => localStorage.getItem('saloon:saved-game')") is None
        page.click(".kept-save button[type='submit']")
        assert visit.wait_for_turn() == "move"
        assert visit.record()["moves"] == resumed  # the sealed game was not touched
    assert visit.call({"op": "export_kept", "kept": 1})["exported"]["record"] == "{not json"
    assert visit.call({"op": "export_kept", "kept": 2})["exported"]["record"] == record


def test_a_broken_save_gives_a_notice_and_a_fresh_deal(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT + "&seed=31")
    visit.play_moves(1)
    wait_until_saved(visit, "grit")
    page.evaluate(DAMAGE_SAVE, "grit")
    page.reload()
    visit.wait_ready()
    assert "could not be read" in visit.toast()
    assert visit.wait_for_turn() == "move"
    assert all(entry["player"] == 1 for entry in visit.view()["log"])

    wait_until_saved(visit, "grit")
    bad = {**visit.record(), "moves": [[0, {"type": "play", "card": "ZZ", "pile": [9, 9], "marked": False}]]}
    page.evaluate(SEAL_INTO_SLOT, {"slot": "grit", "record": bad, "foreign": False})
    page.reload()
    visit.wait_ready()
    page.wait_for_selector(".kept-save[open]")  # it opens, so it is kept aside for download, not dropped
    assert "could not be loaded (Saved move 1 cannot be replayed" in page.locator(".kept-save-text").inner_text()
    page.click(".kept-save button[type='submit']")
    assert visit.wait_for_turn() == "move"
    assert json.dumps(bad["moves"]) not in json.dumps(visit.record()["moves"])
    assert visit.call({"op": "export_kept", "kept": 1})["exported"]["record"] == bad


def test_second_visit_works_offline(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    cached = page.evaluate("async () => (await caches.keys()).filter((k) => k.startsWith('saloon-'))")
    assert visit.call({"op": "games"})["ok"] and len(cached) == 1

    visit.context.set_offline(True)
    page.goto(visit.base_url + "index.html")
    visit.wait_ready()
    page.click("button[data-rules='knife_fight']")
    assert page.locator("#help-dialog h2").first.inner_text() == "How to play Knife Fight"
    page.locator("#help-dialog button[type='submit']").click()
    reopen(visit, GRIT + "&seed=31")
    visit.play_moves(1)
