"""The computer thinking in the page: the hard level searches in slices inside the worker, so the page
stays responsive, and leaving the table stops a search at once without playing its move."""

from __future__ import annotations

from typing import Any, Callable

from saloon_site import LAPTOP

# Ask for the hard bot's move without waiting, close the session at once, then see what each answered and
# how soon the engine answered something else: a search that is not abandoned would hold the queue.
ABANDON = """
async () => {
  const started = await window.app.call({ op: "new", game: "dueling_suits", seed: 11 });
  const session = started.session;
  const thinking = window.app.call({ op: "bot", session, player: 1, level: "hard" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const closed = window.app.call({ op: "close", session });
  const t0 = performance.now();
  const [bot, close] = await Promise.all([thinking, closed]);
  const games = await window.app.call({ op: "games" });
  return { bot, close, games: games.ok, waited: performance.now() - t0 };
}
"""

# The same move asked twice on fresh sessions of the same deal: once whole, once with a view asked while
# it thinks (the view waits its turn, and the move is the same: slicing does not change the search).
SLICED_LIKE_WHOLE = """
async () => {
  const moves = [];
  for (const peek of [false, true]) {
    const { session } = await window.app.call({ op: "new", game: "dueling_suits", seed: 11 });
    const thinking = window.app.call({ op: "bot", session, player: 1, level: "hard", viewer: 1 });
    if (peek) await window.app.call({ op: "view", session, player: 0 });
    const answer = await thinking;
    moves.push(answer.ok ? answer.move : answer.error);
    await window.app.call({ op: "close", session });
  }
  return moves;
}
"""


def test_closing_the_session_abandons_the_search_in_the_worker(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    result = page.evaluate(ABANDON)
    assert result["bot"] == {"ok": False, "error": {
        "code": "abandoned", "message": "The computer's move was abandoned: the table was left."}}
    assert result["close"] == {"ok": True} and result["games"] is True
    assert not visit.errors


def test_a_sliced_search_plays_the_same_move_as_ever(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    first, second = page.evaluate(SLICED_LIKE_WHOLE)
    assert first == second and first["type"] == "lead" and isinstance(first["card"], str)


def test_leaving_the_table_while_the_computer_thinks_leaves_nothing_behind(open_page: Callable[..., Any]) -> None:
    """Both duellists lead face down at once in Dueling Suits, so the computer's search starts as the table
    opens: leave at once. The menu comes back without an error, the saved duel resumes where it was (no
    half-made move), and the next table plays."""
    visit = open_page(LAPTOP)
    page = visit.goto("#game=dueling_suits&mode=computer&level=hard&seed=11&speed=instant")
    page.wait_for_function("() => window.app.current && window.app.current.session")
    page.evaluate("() => { location.hash = ''; }")
    page.wait_for_selector("#menu:not([hidden])")
    assert "stuck" not in page.inner_text("body")
    page.evaluate("() => { location.hash = '#game=dueling_suits&mode=computer&level=hard&speed=instant'; }")
    assert visit.wait_for_turn() == "move"
    view = visit.view(0)
    assert view["turn"] == 1 and view["committed"] == [False, True], "the computer led once, now"
    visit.play_moves(2)
    assert not visit.errors
