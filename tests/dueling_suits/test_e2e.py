"""Dueling Suits in the browser: a whole game against the computer played by clicks (every legal move offered
as a button and on the canvas, canvas clicks playing the same moves), a hot-seat game through the curtain
with the other seat's hand and face-down lead never on the page, the suit table lighting the last turn's
cell, phone and laptop layouts without overlaps, and a reload that resumes the game."""

from __future__ import annotations

import json
from typing import Any, Callable
from urllib.parse import quote

import pytest

from saloon_site import LAPTOP, PAGE_DATA, PHONE

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
INITIATIVE_0 = "&options=" + quote(json.dumps({"first_initiative": "0"}))


def assert_not_on_page(page: Any, code: str) -> None:
    data = page.evaluate(PAGE_DATA)
    assert f'"{code}"' not in data and f'\\"{code}\\"' not in data, f"{code} is in the page's data"
    assert code[:-1] + SUITS[code[-1]] not in data, f"{code} is written on the page"


def secret_lead(visit: Any, seat: int) -> str | None:
    """The lead `seat` has put down face down and not yet revealed (from the full record), if any."""
    spectator = visit.view(None)
    if spectator["phase"] != "lead" or not spectator["committed"][seat]:
        return None
    return str([m for p, m in visit.record()["moves"] if p == seat and m["type"] == "lead"][-1]["card"])


def wait_render(page: Any, before: int) -> None:
    page.wait_for_function("(n) => window.app.renders > n", arg=before)


def click_button(visit: Any, move: dict[str, Any]) -> None:
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    page.locator(f"button.move[data-move='{json.dumps(move, separators=(',', ':'))}']").click()
    wait_render(page, before)


def click_canvas(visit: Any, box: dict[str, float], fanned: bool = False) -> None:
    """Click a hitbox on the canvas (a fanned hand card near its left edge, the part always on show)."""
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    x = box["x"] + (min(box["w"] / 2, 7) if fanned else box["w"] / 2)
    page.mouse.click(x, box["y"] + box["h"] / 2)
    wait_render(page, before)


def my_last_move(visit: Any, seat: int) -> dict[str, Any]:
    return dict([m for p, m in visit.record()["moves"] if p == seat][-1])


def check_offer(page: Any, legal: dict[str, Any]) -> dict[str, Any]:
    """Every legal move is a button.move (the engine's label its name) and a target on the canvas."""
    buttons = page.eval_on_selector_all("button.move:not([disabled])", "(bs) => bs.map((b) => [b.dataset.move, b.title])")
    assert [[json.loads(m), t] for m, t in buttons] == [list(p) for p in zip(legal["moves"], legal["labels"])]
    boxes: dict[str, Any] = page.evaluate("() => window.app.hitboxes()")
    playable = {b["card"] for b in boxes["hand"] if b["playable"]}
    assert playable == {m["card"] for m in legal["moves"] if "card" in m}
    assert (boxes["pass"] is not None) == any(m["type"] == "pass" for m in legal["moves"])
    return boxes


def test_a_whole_game_against_the_computer(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(f"#game=dueling_suits&mode=computer&level=easy&seed=5&speed=instant{INITIATIVE_0}")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    moves = canvas_leads = canvas_chains = canvas_passes = 0
    while (state := visit.wait_for_turn()) == "move":
        drawn = page.evaluate("() => window.app.drawnView()")
        legal = visit.call({"op": "legal", "session": session, "player": 0})
        boxes = check_offer(page, legal)
        if drawn["phase"] == "lead":
            # The computer leads first: a back in its slot, its card nowhere in the page.
            hidden = secret_lead(visit, 1)
            assert hidden is not None and drawn["leads"][1] is None
            assert_not_on_page(page, hidden)
            slot = next(s for s in boxes["slots"] if s["owner"] == 1)
            assert slot["committed"] is True and slot["card"] is None and slot["faceUp"] is False
            if drawn["last"]:  # what happened last turn stays in view while the leads are chosen, after the lead told
                told = "The computer led a card face down: both leads turn up once you lead too."
                news = f"Turn {drawn['last']['turn']}: {drawn['last']['sentence']}"
                assert page.locator("#reason-line").inner_text() == f"{told} {news}"
            card = boxes["hand"][moves % len(boxes["hand"])]
            if moves % 2 == 0:
                click_canvas(visit, card, fanned=True)
                assert my_last_move(visit, 0) == {"type": "lead", "card": card["card"]}
                canvas_leads += 1
            else:
                click_button(visit, {"type": "lead", "card": card["card"]})
        else:
            assert drawn["phase"] == "chain" and drawn["chain_turn"] == 0 and None not in drawn["leads"]
            power = drawn["power"][0]
            assert page.locator("#turn-line").inner_text().endswith("Add a chain card or pass.")
            if canvas_chains < 2 and len(drawn["chains"][0]) == 0:
                card = next(b for b in boxes["hand"] if b["playable"])
                preview = legal["previews"][[m.get("card") for m in legal["moves"]].index(card["card"])]
                click_canvas(visit, card, fanned=True)
                assert my_last_move(visit, 0) == {"type": "chain", "card": card["card"]}
                after = page.evaluate("() => window.app.drawnView()")
                if after["phase"] == "chain":  # the chain row grew by the card, the sum with it
                    assert after["chains"][0][-1]["card"] == card["card"]
                    assert after["power"][0]["total"] == power["total"] + preview["added"] == preview["power"]
                canvas_chains += 1
            elif canvas_passes < 2:
                click_canvas(visit, boxes["pass"])
                assert my_last_move(visit, 0) == {"type": "pass"}
                canvas_passes += 1
            else:
                click_button(visit, {"type": "pass"})
        moves += 1
        assert moves < 120
    assert state == "over"
    assert canvas_leads and canvas_chains and canvas_passes

    final = visit.view(0)
    outcome = visit.call({"op": "view", "session": session, "player": 0})["outcome"]
    assert page.locator("#result-reason").inner_text() == outcome["reason"]
    assert page.locator("#result-totals dd").all_inner_texts() == [str(h) for h in final["health"]]
    assert page.locator("#result-title").inner_text() == {None: "A draw", 0: "You win!", 1: "The computer wins"}[outcome["winner"]]
    page.click("button[data-dialog='log-dialog']")
    log = page.locator("#log-list li").all_inner_texts()
    assert len(log) == len(final["log"]) + 1 and outcome["reason"] in log[-1]
    assert [line.replace("\t", "").replace("\n", "") for line in log[:-1]] == [
        f"Turn {e['turn']}{e['sentence']}" for e in final["log"]]


def test_hotseat_through_the_curtain(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=dueling_suits&mode=hotseat&seed=17&speed=instant")
    page.wait_for_function("() => window.app.current?.session")
    curtains = secret_checks = chains = 0
    last_mover = None
    while (state := visit.wait_for_turn()) != "over":
        if state == "curtain":
            curtains += 1
            assert page.evaluate("() => window.app.drawnView()") is None
            assert page.locator("button.move").count() == 0
            page.click("#curtain-ready")
            last_mover = None
            continue
        assert state == "move"
        drawn = page.evaluate("() => window.app.drawnView()")
        actor = drawn["viewer"]
        assert actor in drawn["to_act"] and drawn["hand"] is not None
        assert last_mover in (None, actor), "the device changed hands without the curtain"
        for code in visit.view(1 - actor)["hand"]:
            assert_not_on_page(page, code)
        hidden = secret_lead(visit, 1 - actor)
        if hidden is not None:
            assert drawn["leads"][1 - actor] is None
            assert_not_on_page(page, hidden)
            secret_checks += 1
        before = page.evaluate("() => window.app.renders")
        if drawn["phase"] == "chain" and chains < 3:
            page.locator("button.move:not([disabled])").first.click()  # chain a card now and then
            chains += 1
        else:
            page.locator("button.move:not([disabled])").last.click()  # a lead, or pass
        wait_render(page, before)
        last_mover = actor
        after = page.evaluate("() => window.app.drawnView()")
        assert after is None or after["viewer"] in (None, actor)  # the mover goes on (their next lead) or hands over
        if after is not None and after["viewer"] is None:
            assert after["hand"] is None
        assert curtains < 200
    assert secret_checks >= 3 and curtains >= secret_checks
    assert page.locator("#result-title").inner_text() in ("Player 1 wins!", "Player 2 wins!", "A draw")


def test_the_suit_table_lights_the_last_turns_cell(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto(f"#game=dueling_suits&mode=computer&level=hard&seed=9&speed=instant{INITIATIVE_0}")
    assert visit.wait_for_turn() == "move"
    boxes = page.evaluate("() => window.app.hitboxes()")
    page.mouse.click(boxes["chart"]["x"] + boxes["chart"]["w"] / 2, boxes["chart"]["y"] + boxes["chart"]["h"] / 2)
    page.wait_for_selector("#ds-chart[open]")
    assert page.locator("#ds-chart td").count() == 16 and page.locator("#ds-chart td.ds-applied").count() == 0
    page.locator("#ds-chart button[type='submit']").click()

    visit.play_moves(1)  # a lead
    while visit.view(0)["turn"] == 1:
        visit.play_moves(1)  # pass (the last button) until the turn resolves
    assert visit.wait_for_turn() == "move"
    last = page.evaluate("() => window.app.drawnView().last")
    page.click("#ds-chart-open")
    page.wait_for_selector("#ds-chart[open]")
    lit = page.locator("#ds-chart td.ds-applied")
    assert lit.count() == 1
    assert (lit.get_attribute("data-row"), lit.get_attribute("data-column")) == (last["cell"]["row"], last["cell"]["column"])
    assert last["cell"]["row"] == last["suits"][0] and last["cell"]["row_seat"] == 0
    assert f"a {last['powers'][0]} · b {last['powers'][1]}" in lit.inner_text()
    assert last["sentence"] in page.locator("#ds-chart .ds-chart-last").inner_text()
    # Readable on a phone: the short cell texts, the whole table within the screen.
    table = page.locator("#ds-chart table").bounding_box()
    assert table is not None and table["x"] >= 0 and table["x"] + table["width"] <= PHONE["width"]
    assert page.locator("#ds-chart td .ds-short").first.is_visible()
    assert not page.locator("#ds-chart td .ds-long").first.is_visible()
    visit.screenshot("dueling-suits-chart-390x844.png")
    page.locator("#ds-chart button[type='submit']").click()
    assert not page.locator("#ds-chart").is_visible()

    for kind, heading in [("rules", "How to play Dueling Suits"), ("rulings", "House rulings for Dueling Suits")]:
        visit.press_tool(f"button[data-help='{kind}']")
        page.wait_for_function("(h) => document.querySelector('#help-text h2')?.textContent === h", arg=heading)
        if kind == "rulings":
            rulings = page.locator("#help-text dt").all_inner_texts()
            assert [r.split(" ")[0] for r in rulings] == [f"DUEL-{i}" for i in range(1, 9)]
        page.locator("#help-dialog button[type='submit']").click()


def overlapping(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5 and a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_phone_and_laptop_without_overlaps(open_page: Callable[..., Any], viewport: dict[str, int]) -> None:
    visit = open_page(viewport, scale=2 if viewport is PHONE else 1)
    page = visit.goto(f"#game=dueling_suits&mode=computer&level=easy&seed=3&speed=instant{INITIATIVE_0}")
    assert visit.wait_for_turn() == "move"
    page.locator("button.move").first.click()  # lead
    assert visit.wait_for_turn() == "move"
    page.locator("button.move").first.click()  # open the chain
    assert visit.wait_for_turn() == "move"
    drawn = page.evaluate("() => window.app.drawnView()")
    assert drawn["phase"] == "chain" and drawn["chains"][0] and drawn["chain_turn"] == 0
    boxes = page.evaluate("() => window.app.hitboxes()")
    canvas = page.locator("#table").bounding_box()
    assert canvas is not None
    pieces = [*boxes["slots"], *boxes["chains"], boxes["pass"], boxes["chart"]]
    for box in [*pieces, *boxes["hand"], *boxes["backs"]]:
        assert canvas["x"] - 0.5 <= box["x"] and box["x"] + box["w"] <= canvas["x"] + canvas["width"] + 0.5, box
        assert canvas["y"] - 0.5 <= box["y"] and box["y"] + box["h"] <= canvas["y"] + canvas["height"] + 0.5, box
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            same_chain = "added" in a and "added" in b and a["owner"] == b["owner"]
            assert same_chain or not overlapping(a, b), (a, b)
        for card in boxes["hand"]:
            assert not overlapping(a, card), (a, card)
    moves = page.locator("#move-list").bounding_box()
    assert moves is not None and not overlapping(
        {"x": canvas["x"], "y": canvas["y"], "w": canvas["width"], "h": canvas["height"]},
        {"x": moves["x"], "y": moves["y"], "w": moves["width"], "h": moves["height"]})
    visit.screenshot(f"dueling-suits-{viewport['width']}x{viewport['height']}.png")


def test_reload_resumes_the_game(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=dueling_suits&mode=computer&level=hard&seed=31&speed=instant")
    assert visit.wait_for_turn() == "move"
    while visit.view(0)["turn"] < 3:
        visit.play_moves(1)
    assert visit.wait_for_turn() == "move"
    before = visit.view(0)
    log_before = page.locator("#log-list li").all_inner_texts()
    assert len(log_before) == 2

    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    after = visit.view(0)
    for key in ("turn", "phase", "hand", "health", "initiative", "bonus", "committed", "leads", "chains", "deck", "log"):
        assert after[key] == before[key], key
    assert page.locator("#log-list li").all_inner_texts() == log_before
    assert page.locator("#reason-line").inner_text().endswith(f"Turn 2: {after['last']['sentence']}")
