"""grow21 in the browser: whole games against both computers through the move buttons, a move by canvas
click and by two taps, panning and zooming (mouse, wheel, keys, buttons), a keep choice after a tied
split from a forced deal, a hot-seat game without a curtain, a reload that resumes with its log, and
screenshots of a busy board at phone and laptop size."""

from __future__ import annotations

import json
from typing import Any, Callable
from urllib.parse import quote

import pytest

from saloon_site import LAPTOP, PHONE, Visit

# Found with the engine (seed 5, easy computer): Red places 2♦ at (0, 0), 10♥ at (-1, 0) and 9♦ at (-2, 0);
# the computer's two black cards land on either side, so the 21 leaves two single black cards apart.
SPLIT_DEAL = {
    "red": ["2D", "10H", "9D", "4D", "AD", "4H", "8D", "7D", "6H", "2H", "JH", "5H", "5D", "3H", "3D", "QH",
            "QD", "10D", "6D", "JD", "8H", "KD", "AH", "KH", "9H", "7H"],
    "black": ["5S", "KC", "3C", "8C", "7C", "9C", "QC", "6S", "7S", "QS", "8S", "KS", "JC", "4S", "5C", "2S",
              "AS", "JS", "10C", "AC", "2C", "3S", "9S", "10S", "6C", "4C"],
}
SPLIT_MOVES = [[0, 0], [-1, 0], [-2, 0]]


def click_move(visit: Visit, selector: str = "button.move:not([disabled])", index: int = 0) -> None:
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    page.locator(selector).nth(index).click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)


def session_of(visit: Visit) -> str:
    return str(visit.page.evaluate("() => window.app.current.session"))


def cell_box(visit: Visit, at: list[int]) -> dict[str, Any]:
    boxes = visit.page.evaluate("() => window.app.hitboxes().cells")
    return next(b for b in boxes if b["at"] == at)


def centre(box: dict[str, Any]) -> tuple[float, float]:
    return box["x"] + box["w"] / 2, box["y"] + box["h"] / 2


@pytest.mark.parametrize(("level", "seed"), [("easy", 7), ("hard", 12)])
def test_whole_game_against_the_computer(open_page: Callable[..., Visit], level: str, seed: int) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(f"#game=grow21&mode=computer&level={level}&seed={seed}&speed=instant")
    assert visit.wait_for_turn() == "move"
    session = session_of(visit)
    moves = 0
    while (state := visit.wait_for_turn()) == "move":
        if moves in (0, 9):
            legal = visit.call({"op": "legal", "session": session, "player": 0})
            buttons = page.eval_on_selector_all("button.move", "(bs) => bs.map((b) => [b.dataset.move, b.title])")
            assert [[json.loads(m), t] for m, t in buttons] == [list(p) for p in zip(legal["moves"], legal["labels"])]
            drawn = page.evaluate("() => window.app.drawnView()")
            assert drawn == visit.call({"op": "view", "session": session, "player": 0})["view"]
            offered = {tuple(b["at"]): b["legal"] for b in page.evaluate("() => window.app.hitboxes().cells") if b["legal"]}
            assert offered == {tuple(m["at"]): m["type"] for m in legal["moves"]}
        count = page.locator("button.move:not([disabled])").count()
        click_move(visit, index=(moves * 5) % count)
        moves += 1
        assert moves < 60
    assert state == "over"

    final = visit.call({"op": "view", "session": session, "player": 0})
    outcome, view = final["outcome"], final["view"]
    assert view["decks"] == [0, 0] and view["final"]["outcome"] == outcome
    assert page.locator("#result-reason").inner_text() == outcome["reason"]
    assert page.locator("#result-totals dd").all_inner_texts() == [str(s) for s in outcome["scores"]]
    assert page.locator("#result-title").inner_text() == {None: "A draw", 0: "You win!", 1: "The computer wins"}[outcome["winner"]]
    bonus = view["final"]["bonus"]
    assert f"You +{bonus[0]}, the computer +{bonus[1]}" in page.locator("#result-discards").inner_text()
    page.click("button[data-dialog='log-dialog']")
    log = page.locator("#log-list li").all_inner_texts()
    played = [line for line in log if " place" in line or " put" in line]
    assert len(played) == 52 and played[-1].startswith("Card 52")
    assert sum(line.split("\t")[0].startswith("Card") and "21!" in line for line in log) * 10 == sum(view["scores"])
    assert outcome["reason"] in log[-1]


def test_a_move_by_canvas_click_and_the_help(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=grow21&mode=computer&level=easy&seed=21&speed=instant")
    for _ in range(3):
        assert visit.wait_for_turn() == "move"
        click_move(visit)
    assert visit.wait_for_turn() == "move"
    session = session_of(visit)
    cells = page.evaluate("() => window.app.hitboxes().cells")
    target = next(c for c in cells if c["legal"] == "place" and c["visible"])
    page.mouse.move(*centre(target))  # hovering previews the move
    page.wait_for_function("(key) => window.app.hitboxes().focus === key", arg=f"{target['at'][0]},{target['at'][1]}")
    before = page.evaluate("() => window.app.renders")
    page.mouse.click(*centre(target))
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    record = visit.call({"op": "record", "session": session})["record"]
    assert [m for p, m in record["moves"] if p == 0][-1] == {"type": "place", "at": target["at"]}

    for kind, heading in [("rules", "How to play grow21"), ("rulings", "House rulings for grow21")]:
        if not page.locator(f"button[data-help='{kind}']").is_visible():
            page.click("#more-tools")  # a phone's toolbar keeps some tools behind "More"
        page.click(f"button[data-help='{kind}']")
        page.wait_for_function("(h) => document.querySelector('#help-text h2')?.textContent === h", arg=heading)
        if kind == "rulings":
            rulings = page.locator("#help-text dt").all_inner_texts()
            assert [r.split(" ")[0] for r in rulings] == [f"GROW-{i}" for i in range(1, 8)]
        page.locator("#help-dialog button[type='submit']").click()
        assert not page.locator("#help-dialog").is_visible()


def test_on_touch_taps_preview_then_play_and_fingers_pinch_and_drag(chromium: Any, site_url: str) -> None:
    visit = Visit(chromium.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True, is_mobile=True), site_url)
    try:
        page = visit.goto("#game=grow21&mode=computer&level=easy&seed=4&speed=instant")
        assert visit.wait_for_turn() == "move"
        click_move(visit)
        assert visit.wait_for_turn() == "move"
        session = session_of(visit)
        target = next(c for c in page.evaluate("() => window.app.hitboxes().cells") if c["legal"] and c["visible"])
        key = f"{target['at'][0]},{target['at'][1]}"
        page.touchscreen.tap(*centre(target))
        page.wait_for_function("(key) => window.app.hitboxes().focus === key", arg=key)
        assert len(visit.call({"op": "record", "session": session})["record"]["moves"]) == 2
        before = page.evaluate("() => window.app.renders")
        page.touchscreen.tap(*centre(target))
        page.wait_for_function("(n) => window.app.renders > n", arg=before)
        moves = visit.call({"op": "record", "session": session})["record"]["moves"]
        assert moves[2] == [0, {"type": target["legal"], "at": target["at"]}]

        # Two fingers pinch to zoom, one finger drags; neither plays a card.
        assert visit.wait_for_turn() == "move"
        cdp = visit.context.new_cdp_session(page)

        def touch(kind: str, points: list[tuple[float, float]]) -> None:
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                {"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

        camera = page.evaluate("() => window.app.hitboxes().camera")
        touch("touchStart", [(165, 560), (225, 560)])
        for k in range(1, 5):
            touch("touchMove", [(165 - 6 * k, 560), (225 + 6 * k, 560)])
        touch("touchEnd", [])
        pinched = page.evaluate("() => window.app.hitboxes().camera")
        assert pinched["scale"] == pytest.approx(camera["scale"] * 108 / 60, rel=0.05) and pinched["manual"]
        touch("touchStart", [(195, 600)])
        for k in range(1, 5):
            touch("touchMove", [(195 + 10 * k, 600)])
        touch("touchEnd", [])
        dragged = page.evaluate("() => window.app.hitboxes().camera")
        assert dragged["cx"] == pytest.approx(pinched["cx"] - 40 / pinched["scale"])
        assert len(visit.call({"op": "record", "session": session})["record"]["moves"]) == 4
        assert not visit.errors, visit.errors
    finally:
        visit.context.close()


def test_pan_and_zoom_with_mouse_wheel_keys_and_buttons(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grow21&mode=computer&level=hard&seed=9&speed=instant")
    for _ in range(4):
        assert visit.wait_for_turn() == "move"
        click_move(visit)
    assert visit.wait_for_turn() == "move"
    session = session_of(visit)
    played = len(visit.call({"op": "record", "session": session})["record"]["moves"])
    anchor = page.evaluate("() => window.app.drawnView().board[0].at")
    start = cell_box(visit, anchor)
    camera = page.evaluate("() => window.app.hitboxes().camera")
    assert camera["manual"] is False

    # A mouse drag pans (and is not a move).
    x, y = centre(start)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 10, steps=4)
    page.mouse.move(x + 90, y + 30, steps=4)
    page.mouse.up()
    dragged = cell_box(visit, anchor)
    assert (round(dragged["x"] - start["x"]), round(dragged["y"] - start["y"])) == (90, 30)
    assert page.evaluate("() => window.app.hitboxes().camera.manual") is True
    assert len(visit.call({"op": "record", "session": session})["record"]["moves"]) == played

    # The wheel zooms about the pointer.
    scale = page.evaluate("() => window.app.hitboxes().camera.scale")
    page.mouse.move(640, 450)
    page.mouse.wheel(0, -240)
    page.wait_for_function("(s) => window.app.hitboxes().camera.scale > s * 1.3", arg=scale)
    assert cell_box(visit, anchor)["w"] > dragged["w"]

    # Keys: arrows pan, + and - zoom, 0 re-centres (back to the board's own framing).
    page.locator("#table").focus()
    before = cell_box(visit, anchor)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    after = cell_box(visit, anchor)
    assert (round(after["x"] - before["x"]), round(after["y"] - before["y"])) == (60, 60)
    scale = page.evaluate("() => window.app.hitboxes().camera.scale")
    page.keyboard.press("-")
    assert page.evaluate("() => window.app.hitboxes().camera.scale") < scale
    page.keyboard.press("0")
    recentred = page.evaluate("() => window.app.hitboxes().camera")
    assert recentred["manual"] is False  # back to the board's own framing, to the last bits of a float
    assert {k: v for k, v in recentred.items() if k != "manual"} == pytest.approx(
        {k: v for k, v in camera.items() if k != "manual"})
    assert cell_box(visit, anchor)["x"] == pytest.approx(start["x"])

    # The canvas buttons do the same for fingers.
    controls = {c["action"]: c for c in page.evaluate("() => window.app.hitboxes().controls")}
    page.mouse.click(*centre(controls["zoom-in"]))
    assert page.evaluate("() => window.app.hitboxes().camera.scale") > camera["scale"]
    page.mouse.click(*centre(controls["recentre"]))
    page.wait_for_function("() => !window.app.hitboxes().camera.manual")
    assert len(visit.call({"op": "record", "session": session})["record"]["moves"]) == played


def test_a_keep_choice_after_a_tied_split(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE, scale=2)
    deal = quote(json.dumps(SPLIT_DEAL, separators=(",", ":")))
    page = visit.goto(f"#game=grow21&mode=computer&level=easy&seed=5&speed=instant&deal={deal}")
    for at in SPLIT_MOVES:
        assert visit.wait_for_turn() == "move"
        click_move(visit, f"button.move[data-move='{json.dumps({'type': 'place', 'at': at}, separators=(',', ':'))}']")
    assert visit.wait_for_turn() == "move"
    view = page.evaluate("() => window.app.drawnView()")
    assert view["phase"] == "keep" and len(view["split"]) == 2 and view["scores"] == [10, 0]
    assert page.locator("#turn-line").inner_text() == "Split! Choose the part that stays."
    offered = [json.loads(m) for m in page.eval_on_selector_all("button.move", "(bs) => bs.map((b) => b.dataset.move)")]
    assert [m["type"] for m in offered] == ["keep", "keep"]
    parts = [b for b in page.evaluate("() => window.app.hitboxes().cells") if b["part"] is not None]
    assert sorted(b["part"] for b in parts) == [0, 1] and all(b["legal"] == "keep" for b in parts)

    chosen = next(b for b in parts if b["part"] == 1)
    session = session_of(visit)
    before = page.evaluate("() => window.app.renders")
    page.mouse.click(*centre(chosen))
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    record = visit.call({"op": "record", "session": session})["record"]
    assert record["moves"][5] == [0, {"type": "keep", "at": view["split"][1][0]}]
    after = visit.call({"op": "view", "session": session, "player": 0})["view"]
    assert [c["at"] for c in after["board"]] == [chosen["at"]] or len(after["board"]) > 1
    assert visit.wait_for_turn() == "move"
    page.click("button[data-dialog='log-dialog']")
    log = " ".join(page.locator("#log-list li").all_inner_texts())
    assert "21! 3 cells (3 cards) harvested: +10 for you." in log
    kept = len(view["split"][1])
    assert f"You keep a part of {kept} {'cell' if kept == 1 else 'cells'}; 1 cell is discarded." in log


def test_hotseat_passes_the_device_without_a_curtain(open_page: Callable[..., Visit]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=grow21&mode=hotseat&seed=17&speed=instant")
    turns = 0
    while (state := visit.wait_for_turn()) != "over":
        assert state == "move", "grow21 hides nothing, so no curtain should come down"
        drawn = page.evaluate("() => window.app.drawnView()")
        actor = drawn["to_act"][0]
        assert drawn["viewer"] == actor and page.locator("#curtain").is_hidden()
        if drawn["phase"] == "play":
            assert f"Player {actor + 1}, play the " in page.locator("#turn-line").inner_text()
        click_move(visit)
        turns += 1
        assert turns < 70
    assert turns >= 52
    assert page.locator("#result-title").inner_text() in ("Player 1 wins!", "Player 2 wins!", "A draw")


def test_reload_resumes_with_its_log(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grow21&mode=computer&level=hard&seed=31&speed=instant")
    for _ in range(5):
        assert visit.wait_for_turn() == "move"
        click_move(visit)
    assert visit.wait_for_turn() == "move"
    before = visit.call({"op": "view", "session": session_of(visit), "player": 0})["view"]
    log_before = page.locator("#log-list li").all_inner_texts()
    assert len(log_before) >= 10

    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    after = visit.call({"op": "view", "session": session_of(visit), "player": 0})["view"]
    assert after == before
    assert page.evaluate("() => window.app.drawnView()") == before
    assert page.locator("#log-list li").all_inner_texts() == log_before


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_screenshot_of_a_busy_board(open_page: Callable[..., Visit], viewport: dict[str, int]) -> None:
    visit = open_page(viewport, scale=2 if viewport is PHONE else 1)
    page = visit.goto("#game=grow21&mode=computer&level=hard&seed=7&speed=instant")
    for _ in range(26):
        assert visit.wait_for_turn() == "move"
        if len(page.evaluate("() => window.app.drawnView().board")) >= 20:
            break
        # No harvests, and the smallest group on offer: the board grows with many small groups.
        legal = visit.call({"op": "legal", "session": session_of(visit), "player": 0})
        options = [(max(p["values"]), i) for i, (m, p) in enumerate(zip(legal["moves"], legal["previews"]))
                   if m["type"] == "place" and not p["scores"]]
        move = legal["moves"][min(options)[1] if options else 0]
        click_move(visit, f"button.move[data-move='{json.dumps(move, separators=(',', ':'))}']")
    assert visit.wait_for_turn() == "move"
    assert len(page.evaluate("() => window.app.drawnView().board")) >= 20
    cells = page.evaluate("() => window.app.hitboxes().cells")
    offered = [c for c in cells if c["legal"] and c["visible"]]
    assert len(offered) >= 8
    # Point at the cell on offer nearest the middle of the board, to show a preview too.
    mid_x = sum(c["x"] for c in cells) / len(cells)
    mid_y = sum(c["y"] for c in cells) / len(cells)
    target = min(offered, key=lambda c: (c["x"] - mid_x) ** 2 + (c["y"] - mid_y) ** 2)
    page.mouse.move(*centre(target))
    page.wait_for_function("(key) => window.app.hitboxes().focus === key", arg=f"{target['at'][0]},{target['at'][1]}")
    visit.screenshot(f"grow21-{viewport['width']}x{viewport['height']}.png")


PHONES = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}
CARDS_DOWN = "() => { const v = window.app.drawnView(); return 52 - v.decks[0] - v.decks[1]; }"
FELT = "() => { const r = document.querySelector('#table').getBoundingClientRect(); return [r.left, r.right]; }"
MIN_CELL = 36  # a card a fingertip can hit and an eye can read


@pytest.mark.parametrize("size", list(PHONES))
def test_on_a_phone_thirty_cards_down_the_cells_stay_a_fingertip_wide(open_page: Callable[..., Visit], size: str) -> None:
    """The automatic framing stops zooming out at a floor: every cell on offer at least 36 px wide, the board across
    the whole felt, the cells around the newest move in sight; the cells on offer out of sight are counted on the
    board's edges and a tap there pans to them; the player can still zoom out by hand, and re-centring gives the
    camera back to the board."""
    visit = open_page(PHONES[size], touch=True)
    page = visit.goto("#game=grow21&mode=computer&level=easy&seed=7&speed=instant")
    while visit.wait_for_turn() == "move" and page.evaluate(CARDS_DOWN) < 30:
        click_move(visit)
    assert visit.wait_for_turn() == "move"
    boxes = page.evaluate("() => window.app.hitboxes()")
    offered = [c for c in boxes["cells"] if c["legal"]]
    assert min(c["w"] for c in offered) >= MIN_CELL
    left, right = page.evaluate(FELT)
    shown = [c for c in boxes["cells"] if c["card"] or c["legal"]]
    assert min(c["x"] for c in shown) <= left + 16 and max(c["x"] + c["w"] for c in shown) >= right - 16, "the board spans the felt"
    last = page.evaluate("() => window.app.drawnView().last.at")
    near = [c for c in offered if abs(c["at"][0] - last[0]) + abs(c["at"][1] - last[1]) <= 1]
    assert near and all(c["visible"] for c in near), "the cells on offer around the newest move are in sight"
    visit.screenshot(f"grow21-thirty-cards-{size}.png")

    out_of_sight = [c for c in offered if not c["visible"]]
    assert out_of_sight, "a board of thirty cards does not fit a phone at the floor"
    assert sum(e["count"] for e in boxes["edges"]) >= len(out_of_sight) / 2
    edge = max(boxes["edges"], key=lambda e: e["count"])
    page.touchscreen.tap(*centre(edge))
    page.wait_for_function("() => window.app.hitboxes().camera.manual && !window.app.animating()")
    page.wait_for_timeout(400)  # the glide
    after = page.evaluate("() => window.app.hitboxes()")
    assert sum(e["count"] for e in after["edges"] if e["side"] == edge["side"]) < edge["count"], "the tap panned that way"

    controls = {c["action"]: c for c in after["controls"]}
    for _ in range(3):
        page.touchscreen.tap(*centre(controls["zoom-out"]))
    zoomed = [c for c in page.evaluate("() => window.app.hitboxes().cells") if c["legal"]]
    assert min(c["w"] for c in zoomed) < MIN_CELL, "the player may zoom out past the floor by hand"
    page.touchscreen.tap(*centre(controls["recentre"]))
    page.wait_for_function("() => !window.app.hitboxes().camera.manual")
    page.wait_for_timeout(400)
    assert min(c["w"] for c in page.evaluate("() => window.app.hitboxes().cells") if c["legal"]) >= MIN_CELL
    assert not visit.errors
