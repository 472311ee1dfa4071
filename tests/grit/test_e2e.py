"""Whole Grit games against the computer through the move buttons, a move made on the canvas (two clicks or two
taps, the piles labelled with what they would make after the first), both marks on the plates at a phone's size, and
the move panel's buttons a fingertip wide."""

from __future__ import annotations

import json
import re
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


PHONES = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}


def tap(page: Any, box: dict[str, Any]) -> None:
    page.touchscreen.tap(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)


def drawn_texts(page: Any) -> list[dict[str, Any]]:
    """The texts drawn inside the canvas in its last frame, boxes in viewport CSS pixels."""
    drawn = page.evaluate("() => window.app.textBoxes()")
    canvas = page.evaluate("() => { const r = document.querySelector('#table').getBoundingClientRect(); return [r.x, r.y]; }")
    return [{**b, "x": b["x"] + canvas[0], "y": b["y"] + canvas[1]} for b in drawn["boxes"]
            if b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["w"] <= drawn["width"] + 0.5 and b["y"] + b["h"] <= drawn["height"] + 0.5]


def inside(text: dict[str, Any], box: dict[str, Any]) -> bool:
    x, y = text["x"] + text["w"] / 2, text["y"] + text["h"] / 2
    return box["x"] <= x <= box["x"] + box["w"] and box["y"] <= y <= box["y"] + box["h"]


@pytest.mark.parametrize("size", list(PHONES))
def test_on_touch_a_move_takes_two_taps_with_the_piles_labelled_after_the_first(
        open_page: Callable[..., Any], size: str) -> None:
    """A hand card tapped is chosen and lifted, every pile it may go on is labelled on the felt with both totals
    after the play (the bridge's previews), and a tap on one of them plays there."""
    visit = open_page(PHONES[size], touch=True)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=21&speed=instant")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    legal = visit.call({"op": "legal", "session": session, "player": 0})
    before = page.evaluate("() => window.app.hitboxes()")
    card = before["hand"][1]
    assert not any(p["target"] for p in before["piles"])

    tap(page, card)  # the first tap
    boxes = page.evaluate("() => window.app.hitboxes()")
    chosen = next(c for c in boxes["hand"] if c["card"] == card["card"])
    assert chosen["y"] < card["y"], "the chosen card is lifted"
    targets = [p for p in boxes["piles"] if p["target"]]
    moves = [m for m in legal["moves"] if m["card"] == card["card"] and not m["marked"]]
    assert sorted((p["owner"], p["index"]) for p in targets) == sorted(tuple(m["pile"]) for m in moves)
    texts = drawn_texts(page)
    for pile in targets:
        move = {"type": "play", "card": card["card"], "pile": [pile["owner"], pile["index"]], "marked": False}
        preview = legal["previews"][legal["moves"].index(move)]
        assert pile["preview"] == preview
        totals = [f"{t}{' +?' if hidden else ''}" for t, hidden in zip(preview["totals"], preview["hidden"])]
        labels = {f"You → {totals[0]}" if preview["owner"] == 0 else f"You {totals[0]}",
                  f"Rival → {totals[1]}" if preview["owner"] == 1 else f"Rival {totals[1]}"}
        assert labels <= {t["text"] for t in texts if inside(t, pile)}, f"pile {pile['owner']},{pile['index']} is labelled"
    assert visit.record()["moves"] == []
    visit.screenshot(f"grit-touch-chosen-{size}.png")

    pile = targets[-1]
    renders = page.evaluate("() => window.app.renders")
    tap(page, pile)  # the second tap plays
    page.wait_for_function("(n) => window.app.renders > n", arg=renders)
    assert visit.record()["moves"][0] == [0, {"type": "play", "card": card["card"],
                                              "pile": [pile["owner"], pile["index"]], "marked": False}]
    assert not visit.errors


@pytest.mark.parametrize("size", list(PHONES))
def test_both_marks_show_ready_or_used_on_a_phone(open_page: Callable[..., Any], size: str) -> None:
    """Each plate tells its side's mark (GRIT-7, once a game) at a phone's size, inside the felt: ready, then used
    once a card went down marked."""
    visit = open_page(PHONES[size], touch=True)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=21&speed=instant")
    assert visit.wait_for_turn() == "move"
    marks = [t["text"] for t in drawn_texts(page) if t["text"].endswith(("ready", "used"))]
    assert sorted(marks) in (["mark ready", "mark ready"], ["↻ ready", "↻ ready"])

    card = page.evaluate("() => window.app.hitboxes().hand[0]")
    tap(page, card)
    page.click("#mark-toggle")
    assert page.locator("#mark-toggle").get_attribute("aria-pressed") == "true"
    pile = next(p for p in page.evaluate("() => window.app.hitboxes().piles") if p["target"])
    renders = page.evaluate("() => window.app.renders")
    tap(page, pile)
    page.wait_for_function("(n) => window.app.renders > n", arg=renders)
    assert visit.wait_for_turn() == "move"
    assert visit.view()["mark_used"] == [True, False]
    texts = drawn_texts(page)
    marks = [t for t in texts if t["text"].endswith(("ready", "used"))]
    assert sorted(t["text"].split()[-1] for t in marks) == ["ready", "used"]
    used = next(t for t in marks if t["text"].endswith("used"))
    you = next(t for t in texts if re.match(r"(▸ )?You( ·|$)", t["text"]))  # the viewer's name on their plate
    assert abs((used["y"] + used["h"] / 2) - (you["y"] + you["h"] / 2)) < 4, "the viewer's plate says their mark is used"
    assert not visit.errors


@pytest.mark.parametrize("size", list(PHONES))
def test_the_move_panel_fits_a_phone(open_page: Callable[..., Any], size: str) -> None:
    """Every move is a button at least 44x44 CSS px, the panel never wider than the screen."""
    visit = open_page(PHONES[size], touch=True)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=21&speed=instant")
    assert visit.wait_for_turn() == "move"
    sizes = page.eval_on_selector_all(
        "#move-list button, #mark-toggle",
        "(bs) => bs.map((b) => { const r = b.getBoundingClientRect(); return [r.left, r.right, r.width, r.height]; })")
    assert len(sizes) > 20
    assert min(min(w, h) for _, _, w, h in sizes) >= 44
    assert all(left >= 0 and right <= PHONES[size]["width"] for left, right, _, _ in sizes)
    assert page.evaluate("() => document.querySelector('#move-list').scrollWidth <= document.querySelector('#move-list').clientWidth")
