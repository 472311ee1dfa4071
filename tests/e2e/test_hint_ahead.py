"""The first hint, as fast as a move (issue 28, point 4): a table against the computer has the worker think
the person's hint in its idle time while they look at the table (op `think_ahead`, web/js/worker/thinking.js),
so Hint finds it decided or under way; asked at once it still answers, with a legal move and its reason.
Leaving the table stops the thinking. How fast is the bench's business (`python3 build.py bench --only hints`);
these tests check what happens, never how long it takes."""

from __future__ import annotations

from typing import Any, Callable

from saloon_site import LAPTOP, Visit

# Grit, seed 2: the person (seat 0) moves first, with a choice of 48 moves to think about.
GRIT_TABLE = "#game=grit&mode=computer&level=hard&seed=2"

HINT_LINE_ANSWERED = """() => {
  const line = document.querySelector("#hint-line");
  return line && line.textContent && !line.textContent.startsWith("The computer is thinking");
}"""

# A session off the table: think its hint ahead and close it at once, as leaving a table does.
CLOSED_WHILE_AHEAD = """
async () => {
  const { session } = await window.app.call({ op: "new", game: "grit", seed: 2 });
  const [ahead, close] = await Promise.all([
    window.app.call({ op: "think_ahead", session, player: 0 }),
    window.app.call({ op: "close", session }),
  ]);
  const games = await window.app.call({ op: "games" });
  const after = await window.app.call({ op: "think_ahead" });
  return { ahead, close, games: games.ok, after: after.ahead };
}
"""

# A session off the table: think ahead, and ask for the hint while that runs.
ASKED_WHILE_AHEAD = """
async () => {
  const { session } = await window.app.call({ op: "new", game: "grit", seed: 2 });
  const ahead = await window.app.call({ op: "think_ahead", session, player: 0 });
  await window.app.call({ op: "view", session, player: 0 });  // a slice or more thought ahead meanwhile
  const hint = await window.app.call({ op: "hint", session, player: 0 });
  const status = await window.app.call({ op: "think_ahead" });
  const again = await window.app.call({ op: "hint", session, player: 0 });
  const legal = await window.app.call({ op: "legal", session, player: 0 });
  await window.app.call({ op: "close", session });
  return { ahead: ahead.ahead, hint, status: status.ahead, again, legal };
}
"""


def session(visit: Visit) -> str:
    return str(visit.page.evaluate("() => window.app.current.session"))


def ahead_status(visit: Visit) -> Any:
    return visit.call({"op": "think_ahead"})["ahead"]


def await_ahead(visit: Visit, table: str, states: tuple[str, ...]) -> Any:
    """Ask the worker what it thinks ahead until it is `table`'s hint in one of `states` (a minute at most)."""
    for _ in range(6000):
        status = ahead_status(visit)
        if status and status["session"] == table and status["state"] in states:
            return status
        visit.page.wait_for_timeout(10)
    raise AssertionError(f"the worker never thought ahead for {table}: {status}")


def shown_hint(visit: Visit) -> dict[str, Any]:
    """The hint on the table: its sentence, and the move its ringed button stands for."""
    page = visit.page
    page.wait_for_function(HINT_LINE_ANSWERED)
    ringed = page.eval_on_selector_all("button.move.hinted", "(bs) => bs.map((b) => JSON.parse(b.dataset.move))")
    return {"line": page.locator("#hint-line").inner_text(), "ringed": ringed}


def test_a_hint_asked_at_once_is_a_legal_move_with_its_reason(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT_TABLE + "&speed=instant")
    page.wait_for_selector("#hint-button:not([hidden]):not([disabled])")
    page.click("#hint-button")
    shown = shown_hint(visit)
    hint = visit.call({"op": "hint", "session": session(visit), "player": 0})
    legal = visit.call({"op": "legal", "session": session(visit), "player": 0})
    assert hint["move"] in legal["moves"]
    assert shown == {"line": f"{hint['label']}. {hint['reason']}", "ringed": [hint["move"]]}
    assert "games the computer played out from here" in hint["reason"]
    assert visit.record()["moves"] == [], "a hint plays nothing"
    assert not visit.errors


def test_the_table_thinks_the_hint_ahead_and_hint_finds_it(open_page: Callable[..., Visit]) -> None:
    """While the person looks at the table the worker decides their hint; Hint then shows that one."""
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT_TABLE)  # the normal speed: the deal plays out while the hint is thought
    assert visit.wait_for_turn() == "move"
    table = session(visit)
    decided = await_ahead(visit, table, ("decided",))
    assert decided["player"] == 0 and decided["slices"] > 1, "thought in slices, between the table's requests"
    page.click("#hint-button")
    shown = shown_hint(visit)
    hint = visit.call({"op": "hint", "session": table, "player": 0})
    assert shown == {"line": f"{hint['label']}. {hint['reason']}", "ringed": [hint["move"]]}
    assert ahead_status(visit) == decided, "nothing thought again"
    assert not visit.errors


def test_a_hint_asked_while_it_is_thought_ahead_answers_the_same(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    result = page.evaluate(ASKED_WHILE_AHEAD)
    assert result["ahead"]["state"] == "thinking"
    hint = result["hint"]
    assert hint["ok"] and hint["move"] in result["legal"]["moves"] and hint["reason"].endswith(".")
    assert result["status"]["state"] in ("asked", "decided"), "the person's ask took the search over"
    assert result["again"] == hint, "the same view, the same hint"
    assert not visit.errors


def test_leaving_the_table_stops_thinking_ahead(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    result = page.evaluate(CLOSED_WHILE_AHEAD)
    assert result["close"] == {"ok": True} and result["games"] is True
    assert result["after"]["state"] == "left" and result["after"]["slices"] <= 1, "stopped by the close"

    page = visit.goto(GRIT_TABLE)
    page.wait_for_function("() => window.app.current")
    table = session(visit)
    await_ahead(visit, table, ("thinking", "decided"))
    page.evaluate("() => { location.hash = ''; }")
    page.wait_for_function("() => window.app.current === null")
    left = ahead_status(visit)
    assert left["session"] == table and left["state"] in ("left", "decided"), "not thinking after the table is gone"
    visit.call({"op": "games"})
    assert ahead_status(visit) == left, "no slice after leaving"
    assert "unknown_session" == visit.call({"op": "hint", "session": table, "player": 0})["error"]["code"]
    assert not visit.errors
