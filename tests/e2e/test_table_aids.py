"""Hint and Undo at a table against the computer, through the real page (issue 13, point 3), and Grit's
preview of both totals when a chosen card points at a pile."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from saloon_site import LAPTOP, Visit

# Seed 2, Grit: the person (seat 0) plays first. When the person plays 7♠ on their own first pile, the
# hard computer answers with a marked card, so the round's reveal shows only the person's own card and the
# move may be taken back. When the person plays 7♠ on the computer's middle pile, it answers with an
# unmarked 4♠ on the person's first pile, which the reveal shows: no undo past that.
GRIT_SEED_2 = "#game=grit&mode=computer&level=hard&seed=2&speed=instant"
UNDOABLE = {"type": "play", "card": "7S", "pile": [0, 0], "marked": False}
SEALED = {"type": "play", "card": "7S", "pile": [1, 1], "marked": False}

CLICK_MOVE = """(move) => {
  const key = (m) => JSON.stringify(Object.keys(m).sort().map((k) => [k, m[k]]));
  const button = [...document.querySelectorAll("button.move")].find((b) => key(JSON.parse(b.dataset.move)) === key(move));
  button.click();
}"""


def play(visit: Visit, move: dict[str, Any]) -> None:
    """Press the move's button and wait until the person may move again."""
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    page.evaluate(CLICK_MOVE, move)
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert visit.wait_for_turn() == "move"


def undo_enabled(visit: Visit) -> bool:
    return bool(visit.page.evaluate("() => !document.querySelector('#undo-button').hidden"))


def session(visit: Visit) -> str:
    return str(visit.page.evaluate("() => window.app.current.session"))


def test_undo_in_grit_restores_the_position_and_is_saved(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(GRIT_SEED_2)
    assert visit.wait_for_turn() == "move"
    start = visit.view()
    assert not undo_enabled(visit), "nothing to take back before the first move"

    play(visit, UNDOABLE)
    assert len(visit.record()["moves"]) == 2
    assert visit.view()["piles"][1][1]["cards"][-1]["marked"], "the computer's answer is the marked card"
    page.wait_for_function("() => !document.querySelector('#undo-button').hidden")

    before = page.evaluate("() => window.app.renders")
    page.click("#undo-button")
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert visit.wait_for_turn() == "move"
    assert visit.record()["moves"] == []
    assert visit.view() == start
    assert "7♠" in page.locator("#move-list").inner_text()
    assert not undo_enabled(visit)

    page.wait_for_function("async () => (await window.app.call({op: 'saved'})).slots.grit?.moves === 0")
    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    assert visit.view() == start, "the saved game is the position after the undo"

    play(visit, UNDOABLE)  # the same move, the same answer: the computer is seeded by the position
    assert visit.view()["piles"][1][1]["cards"][-1]["marked"]


def test_no_undo_after_a_reveal(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    visit.goto(GRIT_SEED_2)
    assert visit.wait_for_turn() == "move"
    play(visit, SEALED)
    revealed = visit.view()["piles"][0][0]["cards"][-1]
    assert revealed["card"] is not None and not revealed["face_down"], "the computer's card was shown"
    assert not undo_enabled(visit)
    refused = visit.call({"op": "undo", "session": session(visit), "player": 0})
    assert refused["error"]["code"] == "past_reveal"


def test_hint_shows_the_computers_move_and_changes_nothing(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=11&speed=instant")
    assert visit.wait_for_turn() == "move"
    record = visit.record()
    page.click("#hint-button")
    page.wait_for_function("() => document.querySelector('#hint-line').textContent.startsWith('Play') "
                           "|| document.querySelector('#hint-line').textContent.startsWith('Mark')")
    hint = visit.call({"op": "hint", "session": session(visit), "player": 0})
    assert page.locator("#hint-line").inner_text() == f"{hint['label']}. {hint['reason']}"
    ringed = page.eval_on_selector_all("button.move.hinted", "(bs) => bs.map((b) => JSON.parse(b.dataset.move))")
    assert ringed == [hint["move"]]
    boxes = page.evaluate("() => window.app.hitboxes()")
    assert [[p["owner"], p["index"]] for p in boxes["piles"] if p["target"]] == [hint["move"]["pile"]]
    assert boxes["preview"]["owner"] == hint["move"]["pile"][0], "the hinted pile's totals are previewed"
    assert visit.record() == record, "a hint plays nothing"

    before = page.evaluate("() => window.app.renders")
    page.locator("button.move.hinted").click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert page.locator("#hint-line").is_hidden(), "the hint is cleared by the move"


def test_no_hint_or_undo_at_a_hot_seat(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=hotseat&seed=11&speed=instant")
    page.wait_for_function("() => window.app.current")
    assert page.locator("#hint-button, #undo-button").count() == 0


def test_grit_previews_both_totals_at_the_pile_pointed_at(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=21&speed=instant")
    assert visit.wait_for_turn() == "move"
    boxes = page.evaluate("() => window.app.hitboxes()")
    card = boxes["hand"][0]
    page.mouse.click(card["x"] + card["w"] / 2, card["y"] + card["h"] / 2)
    pile = next(p for p in page.evaluate("() => window.app.hitboxes()")["piles"] if p["target"])
    page.mouse.move(pile["x"] + pile["w"] / 2, pile["y"] + pile["h"] / 2)
    shown = page.evaluate("() => window.app.hitboxes().preview")
    legal = visit.call({"op": "legal", "session": session(visit), "player": 0})
    move = {"type": "play", "card": card["card"], "pile": [pile["owner"], pile["index"]], "marked": False}
    assert shown == legal["previews"][legal["moves"].index(move)]
    page.mouse.move(1, 1)
    assert page.evaluate("() => window.app.hitboxes().preview") is None


@pytest.mark.parametrize("game", ["knife_fight", "dueling_suits"])
def test_a_hint_lifts_only_its_card(open_page: Callable[..., Visit], game: str) -> None:
    """Tables that lift the playable hand cards lift the hinted one alone, until the next move."""
    visit = open_page(LAPTOP)
    page = visit.goto(f"#game={game}&mode=computer&level=easy&seed=4&speed=instant")
    assert visit.wait_for_turn() == "move"
    page.click("#hint-button")
    page.wait_for_function("() => document.querySelector('#hint-line').textContent.endsWith('.')")
    hint = visit.call({"op": "hint", "session": session(visit), "player": 0})
    lifted = [c["card"] for c in page.evaluate("() => window.app.hitboxes().hand") if c["playable"]]
    assert lifted == [hint["move"]["card"]]
    assert page.eval_on_selector_all("button.move.hinted", "(bs) => bs.map((b) => JSON.parse(b.dataset.move))") == [
        hint["move"]]
