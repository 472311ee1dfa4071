"""Your record (issue 13): a game against the computer ends and is counted once, on the end screen and the
menu tile, not again after a reload or "See the table"; a corrupted stored tally never breaks the menu;
sound effects are off until switched on, make no AudioContext while off, and the choice survives a reload."""

from __future__ import annotations

import json
from typing import Any, Callable

from saloon_site import LAPTOP, PHONE, Visit

GRIT = "#game=grit&mode=computer&level=hard&speed=instant"
RECORD_KEY = "saloon:record"


def finish(visit: Visit, hash_: str) -> dict[str, Any]:
    """Open ``hash_``, click the middle move button until the result shows; the outcome told to seat 0."""
    page = visit.goto(hash_)
    while (state := visit.wait_for_turn()) == "move":
        before = page.evaluate("() => window.app.renders")
        buttons = page.locator("button.move:not([disabled])")
        buttons.nth(buttons.count() // 2).click()
        page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert state == "over"
    session = page.evaluate("() => window.app.current.session")
    answer = visit.call({"op": "view", "session": session, "player": 0})
    assert answer["over"], answer
    return dict(answer["outcome"])


def stored(visit: Visit) -> Any:
    return json.loads(visit.page.evaluate("(key) => localStorage.getItem(key)", RECORD_KEY) or "null")


def expected_line(verdict: str) -> str:
    won, lost = (1, 0) if verdict == "won" else (0, 1)
    best = " · best streak 1" if won else ""
    return f"{won} won · {lost} lost{best}"


def test_a_finished_game_counts_once_on_the_end_screen_and_the_tile(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    outcome = finish(visit, GRIT + "&seed=11")
    page = visit.page
    assert outcome["verdict"] in ("won", "lost")
    assert page.locator("#result-reason").inner_text() == outcome["reason"]
    assert outcome["reason"].startswith(("You", "The computer", "Totals", "Both"))
    assert page.locator("#result-breakdown").inner_text() == outcome["breakdown"]
    line = expected_line(outcome["verdict"])
    assert page.locator("#result-record").inner_text() == f"Your record against the Gunslinger: {line}"
    record = stored(visit)
    assert record["games"]["grit"]["levels"]["hard"][outcome["verdict"]] == 1
    assert set(record) == {"version", "games"} and set(record["games"]["grit"]) == {"all", "levels"}  # a tally only

    page.click("#see-table")  # looking at the table again counts nothing
    assert page.locator("#result").is_hidden()
    page.reload()  # the finished game comes back from the save: shown, not counted again
    visit.wait_ready()
    assert visit.wait_for_turn() == "over"
    assert page.locator("#result-record").inner_text() == f"Your record against the Gunslinger: {line}"
    assert stored(visit) == record

    page.goto(visit.base_url + "index.html")
    tile = page.locator("#game-list li[data-game='grit']")
    short = "1 won · 0 lost" if outcome["verdict"] == "won" else "0 won · 1 lost"
    assert tile.locator(".game-record").inner_text() == f"Your record: {short}"
    rows = tile.locator(".game-levels tbody tr")
    assert rows.count() == 1
    won, lost = (1, 0) if outcome["verdict"] == "won" else (0, 1)
    assert rows.first.locator("th, td").all_text_contents() == ["Gunslinger", str(won), str(lost), "0", str(won)]
    other = page.locator("#game-list li[data-game='knife_fight']")
    assert other.locator(".game-record").is_hidden() and other.locator(".game-levels").is_hidden()


def test_a_hotseat_game_is_nobodys_record(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=hotseat&seed=11&speed=instant")
    while (state := visit.wait_for_turn()) in ("move", "curtain"):
        if state == "curtain":
            page.click("#curtain-ready")
            continue
        before = page.evaluate("() => window.app.renders")
        page.locator("button.move:not([disabled])").first.click()
        page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert state == "over"
    assert page.locator("#result-record").is_hidden()
    assert page.locator("#result-breakdown").inner_text()
    assert stored(visit) is None


CORRUPTED = [
    "not json at all {",
    json.dumps([1, 2, 3]),
    json.dumps({"version": 99, "games": {"grit": {"all": {"won": 5}}}}),
    json.dumps({"version": 1, "games": {"grit": {"all": {"won": "many", "lost": -1}, "levels": {"hard": "x"}},
                                        "knife_fight": None}}),
]


def test_a_corrupted_tally_never_breaks_the_menu(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE)
    page = visit.goto()
    for bad in CORRUPTED:
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [RECORD_KEY, bad])
        page.reload()
        visit.wait_ready()
        page.wait_for_selector("#game-list li[data-game='grit'] .game-title")
        assert page.locator("#game-list .game-record:visible").count() == 0, bad
    # a foreign value beside a good one: the good one still shows
    good = {"version": 1, "games": {"grit": {"all": {"won": 3, "lost": 1, "drawn": 0, "streak": 2, "best": 2},
                                             "levels": {"hard": {"won": 3, "lost": 1, "drawn": 0, "streak": 2, "best": 2},
                                                        "easy": {"won": 1}}},
                                    "knife_fight": "garbage"}}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [RECORD_KEY, json.dumps(good)])
    page.reload()
    visit.wait_ready()
    tile = page.locator("#game-list li[data-game='grit']")
    assert tile.locator(".game-record").inner_text() == "Your record: 3 won · 1 lost · streak 2"
    assert tile.locator(".game-levels tbody tr").count() == 1
    # the next finished game writes a clean record over a corrupted one
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [RECORD_KEY, CORRUPTED[0]])
    outcome = finish(visit, GRIT + "&seed=11")
    assert stored(visit)["games"]["grit"]["all"][outcome["verdict"]] == 1


# Count every AudioContext the page makes (the page must make none while the sounds are off).
COUNT_AUDIO_CONTEXTS = """
window.audioContextsMade = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...args) { super(...args); window.audioContextsMade += 1; }
};
"""


def test_sound_is_off_until_switched_on_and_remembered(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    visit.page.add_init_script(COUNT_AUDIO_CONTEXTS)
    page = visit.goto(GRIT + "&seed=5")
    assert page.locator("#table-sound").get_attribute("aria-pressed") == "false"
    visit.play_moves(1)
    sounds = page.evaluate("() => window.app.sounds()")
    assert sounds == {"on": False, "context": False, "played": {"deal": 0, "flip": 0, "win": 0, "lose": 0}}
    assert page.evaluate("() => window.audioContextsMade") == 0

    page.click("#table-sound")
    assert page.locator("#table-sound").get_attribute("aria-pressed") == "true"
    assert page.locator("#table-sound").inner_text() == "Sound on"
    visit.play_moves(1)  # a play and (the round over) the cards turned up
    sounds = page.evaluate("() => window.app.sounds()")
    assert sounds["on"] and sounds["context"] and page.evaluate("() => window.audioContextsMade") == 1
    assert sounds["played"]["deal"] >= 1 and sounds["played"]["flip"] >= 1
    visit.play_moves(2)  # to the end of the duel: a tune for the result
    assert visit.wait_for_turn() == "over"
    outcome = visit.call({"op": "view", "session": page.evaluate("() => window.app.current.session"), "player": 0})["outcome"]
    played = page.evaluate("() => window.app.sounds().played")
    assert (played["win"], played["lose"]) == {"won": (1, 0), "lost": (0, 1), "drawn": (0, 0)}[outcome["verdict"]]

    page.reload()
    visit.wait_ready()
    assert page.evaluate("() => window.app.sounds().on") is True
    assert page.locator("#table-sound").get_attribute("aria-pressed") == "true"
    page.goto(visit.base_url + "index.html")
    assert page.locator("#menu-sound").get_attribute("aria-pressed") == "true"
    page.click("#menu-sound")
    assert page.evaluate("() => window.app.sounds().on") is False
    assert page.locator("#menu-sound").inner_text() == "Sound off"


# The record book's own rules, in the page (record-book.js as the site serves it).
COUNT_SOME = """
async () => {
  const book = await import("./js/record-book.js");
  localStorage.removeItem("saloon:record");
  const computer = {mode: "computer", level: "hard"};
  const results = [];
  for (const verdict of ["won", "won", "lost", "won", "drawn", "won", "won", "won"]) {
    results.push(book.countGame("grit", computer, verdict) !== null);
  }
  results.push(book.countGame("grit", {mode: "computer", level: "easy"}, "won") !== null);
  results.push(book.countGame("grit", {...computer, guided: true}, "won") !== null);
  results.push(book.countGame("grit", {mode: "hotseat", level: ""}, "won") !== null);
  results.push(book.countGame("grit", computer, null) !== null);  // no contest (a forge): nothing to count
  results.push(book.countGame("grit", computer, "cheated") !== null);
  results.push(book.countGame("fight", {mode: "solo", level: ""}, "lost") !== null);
  return {results, book: book.readBook()};
}
"""


def test_what_counts_and_how_streaks_run(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    answer = page.evaluate(COUNT_SOME)
    assert answer["results"] == [True] * 9 + [False, False, False, False, True]
    grit = answer["book"]["grit"]
    assert grit["levels"]["hard"] == {"won": 6, "lost": 1, "drawn": 1, "streak": 3, "best": 3}
    assert grit["levels"]["easy"] == {"won": 1, "lost": 0, "drawn": 0, "streak": 1, "best": 1}
    assert grit["all"] == {"won": 7, "lost": 1, "drawn": 1, "streak": 4, "best": 4}  # the easy win carried the run on
    assert answer["book"]["fight"]["levels"] == {"solo": {"won": 0, "lost": 1, "drawn": 0, "streak": 0, "best": 0}}
