"""The turn engine seen from the page (issue 24): at every table the felt, the status line and what may be
pressed move together, and the shell around the tables never sends a player back where they did not ask to go.

Whole games are played while the page watches itself every 40 ms (as a player clicking the moment a move is
offered would see it): no move button is live while the felt plays a move out, nor in any state but the
person's, the headline never names the other side as acting while a move is live, and the felt never moves on
the page (the status over it keeps its height whatever it says). The games play at the
"fast" speed: every move is still animated (the invariants are about animation), only quicker. Then "← Menu"
leaves every table on the first click, mid-game and after the end; a link to a game saved in another mode
asks which to keep; "Learn to play" stays on a tile until it is taken or declined."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from pygame_core.games.tombstone.character import new_sheet
from saloon_site import ADD_TO_ROSTER, LAPTOP, Visit

STRANGER_AT_NOON = json.dumps({"encounter": "noon"})
TABLES = {
    "grit": "#game=grit&mode=computer&level=easy",
    "knife_fight": "#game=knife_fight&mode=computer&level=easy",
    "grow21": "#game=grow21&mode=computer&level=easy",
    "dueling_suits": "#game=dueling_suits&mode=computer&level=easy",
    "tombstone_forge": "#game=tombstone_forge&mode=solo",
    "tombstone_showdown": "#game=tombstone_showdown&mode=solo",
    "tombstone_table": "#game=tombstone_table&mode=solo",
}
DEALERS_TABLE = "tombstone_table"
MOVES_AT_THE_DEALERS_TABLE = 10  # a session there has no end of its own: the Dealer ends it

LIVE = "#move-list:not([inert]) button.move:not([disabled])"  # a busy list goes inert as a whole

# The page watches itself: what a player could press, and what the felt and the headline said meanwhile.
WATCH = """
() => {
  const watch = { polls: 0, live: 0, problems: [] };
  const other = /\\b(the computer|the Dealer plays)\\b/i;
  const note = (problem) => { if (!watch.problems.includes(problem) && watch.problems.length < 20) watch.problems.push(problem); };
  window.__watch = watch;
  const felt = () => { const r = document.querySelector("#table").getBoundingClientRect(); return `${r.top},${r.height}`; };
  let place = null; // where the felt is once the table is drawn and a move is first offered
  window.__watcher = setInterval(() => {
    watch.polls += 1;
    if (place !== null && felt() !== place) note(`the felt moved on the page (${place} to ${felt()})`);
    const live = document.querySelector("%s");
    if (!live) return;
    place ??= felt();
    watch.live += 1;
    const stage = window.app.stage();
    const turn = document.querySelector("#turn-line").textContent;
    if (window.app.animating()) note(`a move was live while the felt played a move out (${turn})`);
    if (stage !== "person") note(`a move was live in the state "${stage}" (${turn})`);
    if (other.test(turn)) note(`the headline named the other side while a move was live: "${turn}"`);
  }, 40);
}
""" % LIVE

# Wait until a person may move (a live button) or the game is over (the forge ends on its own sheet, not in the
# result box); then, at once, what a player would press.
NEXT_MOVE = """
async (timeoutMs) => {
  const LIVE = "%s";
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (window.app.stage() === "over") return "over";
    const live = document.querySelector(LIVE);
    if (live) return "move";
    await new Promise((r) => setTimeout(r, 40));
  }
  return "timeout";
}
""" % LIVE


def open_table(visit: Visit, table: str, hash_: str) -> None:
    """A fresh deal of `table` (the Dealer's table with a character from the roster, through its setup sheet)."""
    page = visit.page
    if table == DEALERS_TABLE:
        sheet = new_sheet({"STR": 2, "DEX": 3, "WIL": 1, "GRT": 2})
        sheet.update(name="Ada", background="Bounty hunter", money=500)
        assert page.evaluate(ADD_TO_ROSTER, sheet) == ""
        page.click(f"button[data-setup='{table}']")
        page.fill("#setup-form input[name='seed']", "7")
        page.click("#setup-form button[value='deal']")
    elif table == "tombstone_showdown":
        page.evaluate("(h) => { location.hash = h; }", hash_ + "&seed=7&options=" + STRANGER_AT_NOON)
    else:
        page.evaluate("(h) => { location.hash = h; }", hash_ + "&seed=7")
    page.wait_for_function("() => window.app.stage() !== null", timeout=60_000)


def play_through(visit: Visit, table: str, limit: int = 400) -> str:
    """Press the first live move the moment one is offered, until the end (or `limit` moves)."""
    page = visit.page
    for _ in range(limit):
        state = page.evaluate(NEXT_MOVE, 30_000)
        if state != "move":
            return state
        page.locator(LIVE).first.click()
    return "limit"


@pytest.mark.parametrize("table", list(TABLES))
def test_nothing_is_live_while_the_felt_moves_and_the_headline_never_names_the_other_side(
        open_page: Callable[..., Visit], table: str) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    visit.goto()
    open_table(visit, table, TABLES[table] + "&speed=fast")
    page.evaluate(WATCH)
    limit = MOVES_AT_THE_DEALERS_TABLE if table == DEALERS_TABLE else 400
    end = play_through(visit, table, limit)
    assert end == ("limit" if table == DEALERS_TABLE else "over"), f"the game did not reach its end: {end}"
    watch = page.evaluate("() => { clearInterval(window.__watcher); return window.__watch; }")
    assert watch["live"] > 0 and watch["polls"] > 10
    assert not watch["problems"], "\n".join(watch["problems"])
    assert not visit.errors


def leave_by_menu(page: Any) -> None:
    """One click on the toolbar's "← Menu": the menu shows, and stays."""
    page.click("#table-screen .toolbar a.tool")
    page.wait_for_function("() => !document.querySelector('#menu').hidden")
    # The bounce that was (a Back the page made itself) came within a frame or two of the menu: give it time.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 400))))")
    assert page.evaluate("() => !document.querySelector('#menu').hidden && document.querySelector('#table-screen').hidden"), \
        "the table came back after one click on Menu"
    assert page.evaluate("() => window.app.current") is None


@pytest.mark.parametrize("table", list(TABLES))
def test_menu_leaves_every_table_on_the_first_click(open_page: Callable[..., Visit], table: str) -> None:
    """The path that bounced: Menu (the address ends in '#'), a setup sheet, Deal, then Menu; then mid-game
    from a link, and after the end."""
    visit = open_page(LAPTOP)
    page = visit.page
    visit.goto("#")
    if table == DEALERS_TABLE:
        open_table(visit, table, "")  # through the setup sheet
    else:
        page.click(f"button[data-setup='{table}']")
        page.click("#setup-form button[value='deal']")
        page.wait_for_function("() => window.app.stage() === 'person'", timeout=60_000)
    leave_by_menu(page)

    page.evaluate("(h) => { location.hash = h; }", TABLES[table] + "&speed=instant")  # the game in progress
    page.wait_for_function("() => window.app.stage() === 'person'", timeout=60_000)
    page.locator("#move-list button.move:not([disabled])").first.click()
    leave_by_menu(page)

    page.evaluate("(h) => { location.hash = h; }", TABLES[table] + "&speed=instant")
    if table == DEALERS_TABLE:
        page.wait_for_function("() => window.app.stage() === 'person'", timeout=60_000)
        page.click("button.tt-actor[data-actor='0']")
        page.click("details[data-fold='End the session'] > summary")
        page.click("#move-list button.move[data-move='{\"type\":\"end\"}']")
        page.click("dialog.tt-confirm button[value='yes']")  # ending the session asks first (TS-28)
    assert play_through(visit, table) == "over"
    leave_by_menu(page)
    assert not visit.errors


HOTSEAT_GRIT = "#game=grit&mode=hotseat&speed=instant"
HARD_GRIT = "#game=grit&mode=computer&level=hard&speed=instant"


def test_a_link_to_a_game_saved_in_another_mode_asks_which_to_keep(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    visit.goto(HOTSEAT_GRIT)
    page.click("#curtain-ready")
    page.wait_for_function("() => window.app.stage() === 'person'")
    page.locator("#move-list button.move").first.click()
    page.wait_for_function("() => !document.querySelector('#curtain').hidden")
    session = page.evaluate("() => window.app.current.session")

    page.evaluate("(h) => { location.hash = h; }", HARD_GRIT)
    dialog = page.locator("#replace-dialog")
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    assert "a hot-seat game of Grit in progress" in text and "against the Gunslinger" in text, text
    page.click("#replace-dialog button[value='keep']")
    # The hot-seat game, reopened from its save as it was: behind the curtain for the next person.
    page.wait_for_function("(old) => window.app.current && window.app.current.session !== old", arg=session)
    page.wait_for_function("() => !document.querySelector('#curtain').hidden")
    assert page.evaluate("() => window.app.current.mode") == "hotseat"
    assert "mode=hotseat" in page.evaluate("() => location.hash")

    page.evaluate("() => { location.hash = ''; }")
    page.wait_for_function("() => !document.querySelector('#menu').hidden")
    page.evaluate("(h) => { location.hash = h; }", HARD_GRIT)
    dialog.wait_for(state="visible")
    page.click("#replace-dialog button[value='replace']")
    page.wait_for_function("() => window.app.current && window.app.current.mode === 'computer'")
    page.wait_for_function("() => window.app.stage() === 'person'")
    assert page.evaluate("() => window.app.drawnView().round") == 1, "a new deal against the computer"
    assert not visit.errors


def test_learn_to_play_stays_until_taken_or_declined(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.page
    visit.goto("#game=grit&mode=computer&level=easy&speed=instant")
    page.wait_for_function("() => window.app.stage() === 'person'")
    page.locator("#move-list button.move").first.click()  # a game left unfinished
    page.evaluate("() => { location.hash = ''; }")
    tile = page.locator(".game-tile[data-game='grit']")
    page.wait_for_function("() => document.querySelector(\".game-tile[data-game='grit'] .game-continue:not([hidden])\")")
    assert tile.locator(".game-learn").is_visible(), "Learn to play is still offered beside Continue"
    tile.locator(".game-no-guide").click()
    page.wait_for_function("() => document.querySelector(\".game-tile[data-game='grit'] .game-learn\").hidden")
    page.reload()
    visit.wait_ready()
    page.wait_for_function("() => document.querySelector(\".game-tile[data-game='grit'] .game-continue:not([hidden])\")")
    assert not tile.locator(".game-learn").is_visible(), "declined: not offered again"
