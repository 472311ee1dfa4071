"""Hidden information and saves that never vanish: no seed in the address or in readable storage, share
only once a game is over, a question before a new deal replaces a game, and two tabs that cannot
overwrite each other."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from saloon_site import LAPTOP, Visit

GRIT = "#game=grit&mode=computer&level=easy&speed=instant"

# Everything this origin keeps where the page (or a curious player) can read it: localStorage, and
# IndexedDB with any binary turned into text, so a record written in plain JSON would show.
READ_STORAGE = """
async () => {
  const text = (value) => value instanceof ArrayBuffer || ArrayBuffer.isView(value)
    ? new TextDecoder("latin1").decode(value) : value;
  const dump = (value) => JSON.stringify(value, (key, v) => (v && typeof v === "object" && !Array.isArray(v)
    && !(v instanceof ArrayBuffer) && !ArrayBuffer.isView(v)) ? v : text(v));
  const databases = {};
  for (const { name } of await indexedDB.databases()) {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const store of db.objectStoreNames) {
      const rows = await new Promise((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
      });
      databases[`${name}/${store}`] = rows.map((row) => row instanceof CryptoKey
        ? { extractable: row.extractable, usages: row.usages } : dump(row));
    }
    db.close();
  }
  return { local: JSON.stringify({ ...localStorage }), databases };
}
"""


def cards_in(value: Any) -> set[str]:
    """Every card code in a record (deal, moves), quoted as JSON would write it."""
    return {f'"{code}"' for code in re.findall(r"\b(?:10|[2-9AJQK])[SHDC]\b", json.dumps(value))}


def test_no_seed_in_the_address_or_readable_storage(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT + "&seed=31")
    visit.play_moves(2)
    assert "seed" not in page.evaluate("() => location.href")
    assert page.evaluate("() => location.hash") == GRIT
    record = visit.record()
    assert record["seed"] == 31 and len(record["moves"]) >= 2

    storage = page.evaluate(READ_STORAGE)
    assert "seed" not in storage["local"] and not cards_in(record) & set(re.findall(r'"[^"]*"', storage["local"]))
    keys = storage["databases"]["saloon-saves/keys"]
    assert keys == [{"extractable": False, "usages": ["encrypt", "decrypt"]}]
    (slot,) = storage["databases"]["saloon-saves/slots"]
    for secret in ['"seed"', '"deal"', '"moves":[', *cards_in(record)]:
        assert secret not in slot, f"{secret} is readable in IndexedDB"
    meta = json.loads(slot)["meta"]
    assert meta["mode"] == "computer" and meta["moves"] == len(record["moves"]) and meta["over"] is False


def test_share_is_offered_only_once_the_game_is_over(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT + "&seed=11")
    assert visit.wait_for_turn() == "move"
    assert not page.locator("#share").is_visible()
    session = page.evaluate("() => window.app.current.session")
    refused = visit.call({"op": "share", "session": session})
    assert refused["ok"] is False and refused["error"]["code"] == "not_over"

    while visit.wait_for_turn() == "move":
        visit.play_moves(1)
    assert visit.wait_for_turn() == "over"
    page.wait_for_selector("#share-deal:visible")
    assert page.locator("#share").is_visible()
    page.evaluate("() => { navigator.clipboard.writeText = async (text) => { window.copied = text; }; }")
    page.click("#share-deal")
    assert "Link copied" in visit.toast()
    link = page.evaluate("() => window.copied")
    assert "seed=11" in link and "game=grit" in link and "speed" not in link


def open_link_of_deal(page: Any, seed: int) -> None:
    """Follow a shared link of deal `seed` from the open page."""
    page.evaluate("(seed) => { location.hash = `#game=grit&mode=computer&level=easy&speed=instant&seed=${seed}`; }", seed)


def answer_replace(page: Any, answer: str) -> None:
    """Wait for the "a game is in progress" question and answer "keep" or "replace"."""
    page.wait_for_selector("#replace-dialog[open]")
    assert "Grit" in page.locator("#replace-text").inner_text()
    page.click(f"#replace-dialog button[value='{answer}']")


def test_a_new_deal_asks_before_replacing_a_game_in_progress(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT + "&seed=31")
    visit.play_moves(1)
    assert visit.wait_for_turn() == "move"  # the computer's answer is in: the log no longer grows
    log = visit.view()["log"]

    open_link_of_deal(page, 99)
    answer_replace(page, "keep")
    page.wait_for_function("(hash) => location.hash === hash", arg=GRIT)
    assert visit.wait_for_turn() == "move"
    assert visit.view()["log"] == log and visit.record()["seed"] == 31

    page.click("#new-game")  # the setup form's Deal
    page.click("#setup-form button[value='deal']")
    answer_replace(page, "keep")
    assert visit.wait_for_turn() == "move"
    assert visit.record()["seed"] == 31

    open_link_of_deal(page, 99)
    answer_replace(page, "replace")
    page.wait_for_function("""() => window.app.current && window.app.call({op: "record", session: window.app.current.session})
      .then((answer) => answer.ok && answer.record.seed === 99)""")
    assert visit.wait_for_turn() == "move"
    assert page.evaluate("() => location.hash") == GRIT


def test_two_tabs_on_one_game_never_overwrite_each_other(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    first = visit.goto(GRIT + "&seed=31")
    visit.play_moves(1)
    second = visit.new_tab()
    second.goto(visit.base_url + "index.html" + GRIT)
    second.wait_for_function("() => window.app && window.app.current", timeout=60_000)
    second.wait_for_selector("button.move:not([disabled])")
    stale = second.evaluate("() => window.app.call({op: 'restore', slot: 'grit'})")
    assert stale["ok"] and stale["session"]

    visit.play_moves(1)  # the first tab moves on, and the computer answers
    assert visit.wait_for_turn() == "move"
    moves = len(visit.record()["moves"])
    second.wait_for_selector("#toast:not([hidden])")
    assert "another tab" in second.locator("#toast").inner_text()
    second.wait_for_function(
        "(n) => window.app.current && window.app.call({op: 'record', session: window.app.current.session})"
        ".then((r) => r.record.moves.length === n)", arg=moves)

    # A save over the revision the second tab read before the first tab moved is refused.
    refused = second.evaluate(
        "(r) => window.app.call({op: 'save', session: r.session, slot: 'grit', revision: r.revision,"
        " meta: {mode: 'computer', level: 'easy', side: 0}})", stale)
    assert refused["ok"] is False and refused["error"]["code"] == "save_conflict"
    saved = first.evaluate("() => window.app.call({op: 'saved'})")
    assert saved["slots"]["grit"]["moves"] == moves
