"""Whole Grit games against the computer through the move buttons, and a move made on the canvas."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from saloon_site import LAPTOP, PHONE


def play_to_the_end(visit: Any, pick: Callable[[int], int] = lambda n: 0) -> int:
    """Click move buttons until the result shows; returns how many moves the person made."""
    page = visit.page
    moves = 0
    while True:
        state = visit.wait_for_turn()
        if state == "over":
            return moves
        assert state == "move", f"stuck waiting for a turn ({state})"
        buttons = page.locator("button.move:not([disabled])")
        count = buttons.count()
        before = page.evaluate("() => window.app.renders")
        buttons.nth(pick(count)).click()
        page.wait_for_function("(n) => window.app.renders > n", arg=before)
        moves += 1
        assert moves <= 4, "a person makes exactly four plays in a game of Grit"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_whole_game_against_the_computer(open_page: Callable[..., Any], level: str) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(f"#game=grit&mode=computer&level={level}&seed=11&speed=instant")
    assert play_to_the_end(visit, pick=lambda n: n // 2) == 4

    current = page.evaluate("() => window.app.current")
    final = visit.call({"op": "view", "session": current["session"], "player": 0})
    assert final["over"] is True
    totals = final["view"]["final"]["totals"]
    assert page.locator("#result-totals dd").all_inner_texts() == [str(t) for t in totals]
    assert page.locator("#result-reason").inner_text() == final["outcome"]["reason"]
    title = page.locator("#result-title").inner_text()
    winner = final["outcome"]["winner"]
    assert title == {None: "A draw", 0: "You win!", 1: "The computer wins"}[winner]
    assert len(final["view"]["log"]) == 8
    page.click("button[data-dialog='log-dialog']")
    assert page.locator("#log-list li").count() == 8


def test_every_legal_move_is_a_labelled_button(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=5&speed=instant")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    legal = visit.call({"op": "legal", "session": session, "player": 0})
    buttons = page.eval_on_selector_all(
        "button.move", "(bs) => bs.map((b) => ({move: JSON.parse(b.dataset.move), name: b.innerText, title: b.title}))")
    assert sorted(json.dumps(b["move"], sort_keys=True) for b in buttons) == sorted(
        json.dumps(m, sort_keys=True) for m in legal["moves"])
    labels = dict(zip((json.dumps(m, sort_keys=True) for m in legal["moves"]), legal["labels"]))
    for button in buttons:
        assert button["title"] == labels[json.dumps(button["move"], sort_keys=True)]
    first_label = legal["labels"][0]
    assert page.get_by_role("button", name=first_label, exact=True).count() == 1


def test_a_move_by_canvas_clicks(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=21&speed=instant")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    boxes = page.evaluate("() => window.app.hitboxes()")
    assert {b["owner"] for b in boxes["backs"]} == {1}
    assert all(b["card"] is None and b["faceUp"] is False for b in boxes["backs"])
    card = boxes["hand"][1]
    page.mouse.click(card["x"] + card["w"] / 2, card["y"] + card["h"] / 2)

    boxes = page.evaluate("() => window.app.hitboxes()")
    targets = [p for p in boxes["piles"] if p["target"]]
    legal = visit.call({"op": "legal", "session": session, "player": 0})["moves"]
    expected = sorted((m["pile"][0], m["pile"][1]) for m in legal if m["card"] == card["card"] and not m["marked"])
    assert sorted((p["owner"], p["index"]) for p in targets) == expected
    assert page.locator(f".move-group[data-card='{card['card']}'] .card-chip").get_attribute("aria-pressed") == "true"

    pile = targets[-1]
    before = page.evaluate("() => window.app.renders")
    page.evaluate("() => { window.seen = 0; document.addEventListener('saloon:rendered', () => { window.seen += 1; }); }")
    page.mouse.click(pile["x"] + pile["w"] / 2, pile["y"] + pile["h"] / 2)
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert page.evaluate("() => window.seen") >= 1

    record = visit.call({"op": "record", "session": session})["record"]
    human_moves = [m for p, m in record["moves"] if p == 0]
    assert human_moves == [{"type": "play", "card": card["card"], "pile": [pile["owner"], pile["index"]], "marked": False}]


def test_marking_from_the_canvas(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=21&speed=instant")
    assert visit.wait_for_turn() == "move"
    assert page.locator("#mark-toggle").is_disabled() is False
    card = page.evaluate("() => window.app.hitboxes().hand[0]")
    page.mouse.click(card["x"] + 5, card["y"] + card["h"] / 2)
    page.click("#mark-toggle")
    assert page.locator("#mark-toggle").get_attribute("aria-pressed") == "true"
    pile = next(p for p in page.evaluate("() => window.app.hitboxes().piles") if p["target"])
    before = page.evaluate("() => window.app.renders")
    page.mouse.click(pile["x"] + pile["w"] / 2, pile["y"] + 10)
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    session = page.evaluate("() => window.app.current.session")
    view = visit.call({"op": "view", "session": session, "player": 0})["view"]
    assert view["mark_used"][0] is True
    top = view["piles"][pile["owner"]][pile["index"]]["cards"][-1]
    assert top == {"card": card["card"], "face_down": True, "marked": True, "by": 0}


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_screenshot_of_a_game_in_progress(open_page: Callable[..., Any], viewport: dict[str, int]) -> None:
    visit = open_page(viewport, scale=2 if viewport is PHONE else 1)
    page = visit.goto("#game=grit&mode=computer&level=hard&seed=8&speed=instant")
    for _ in range(2):
        assert visit.wait_for_turn() == "move"
        before = page.evaluate("() => window.app.renders")
        page.locator("button.move:not([disabled])").first.click()
        page.wait_for_function("(n) => window.app.renders > n", arg=before)
    assert visit.wait_for_turn() == "move"
    card = page.evaluate("() => window.app.hitboxes().hand[0]")
    page.mouse.click(card["x"] + card["w"] / 2, card["y"] + card["h"] / 2)
    visit.screenshot(f"game-{viewport['width']}x{viewport['height']}.png")
