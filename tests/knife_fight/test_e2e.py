"""Knife Fight in the browser: whole games against the computer, a commit by canvas click, a feint and a
field dressing made in the UI (from a forced deal), the hot-seat curtain between the two face-down commits,
a reload that resumes, and screenshots of an exchange on the table at phone and laptop size."""

from __future__ import annotations

import json
from typing import Any, Callable
from urllib.parse import quote

import pytest

from saloon_site import LAPTOP, PAGE_DATA, PHONE

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def half(suits: str, joker: str) -> list[str]:
    return [rank + suit for suit in suits for rank in RANKS] + [joker]


def forced_deal() -> str:
    """Player 1 draws 10♥ Q♥ K♥ then 5♥; Player 2's first cards are all numbers (so the Queen meets one)."""
    red = ["10H", "QH", "KH", "5H"]
    red += [c for c in half("HD", "RJ") if c not in red]
    black = half("SC", "BJ")
    black = [c for c in black if c[:-1] not in ("J", "Q", "K") and c != "BJ"] + [
        c for c in black if c[:-1] in ("J", "Q", "K") or c == "BJ"]
    return quote(json.dumps({"0": red, "1": black}, separators=(",", ":")))


def assert_not_on_page(page: Any, code: str) -> None:
    data = page.evaluate(PAGE_DATA)
    assert f'"{code}"' not in data and f'\\"{code}\\"' not in data, f"{code} is in the page's data"
    assert code[:-1] + SUITS[code[-1]] not in data, f"{code} is written on the page"


def secret_commit(visit: Any, session: str, seat: int) -> str | None:
    """The card `seat` has committed face down and not yet revealed (from the full record), if any."""
    spectator = visit.call({"op": "view", "session": session, "player": None})["view"]
    if spectator["phase"] != "commit" or not spectator["committed"][seat]:
        return None
    record = visit.call({"op": "record", "session": session})["record"]
    return str([m for p, m in record["moves"] if p == seat and m["type"] == "play"][-1]["card"])


def click_move(visit: Any, selector: str = "button.move:not([disabled])", index: int = 0) -> None:
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    page.locator(selector).nth(index).click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)


def click_box(visit: Any, box: dict[str, float]) -> None:
    page = visit.page
    before = page.evaluate("() => window.app.renders")
    page.mouse.click(box["x"] + min(box["w"] / 2, 8), box["y"] + min(box["h"] / 2, 12))  # fanned: its left edge
    page.wait_for_function("(n) => window.app.renders > n", arg=before)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_whole_game_against_the_computer(open_page: Callable[..., Any], level: str) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto(f"#game=knife_fight&mode=computer&level={level}&seed=11&speed=instant")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    moves = 0
    while (state := visit.wait_for_turn()) == "move":
        # The computer commits first; its card is a back on the table and nowhere in the page.
        drawn = page.evaluate("() => window.app.drawnView()")
        if drawn["phase"] == "commit":
            assert drawn["committed"] == [False, True] and drawn["my_commit"] is None
            hidden = secret_commit(visit, session, 1)
            assert hidden is not None
            assert_not_on_page(page, hidden)
            slot = next(s for s in page.evaluate("() => window.app.hitboxes().slots") if s["owner"] == 1)
            assert slot["committed"] is True and slot["card"] is None
        if moves == 0:
            legal = visit.call({"op": "legal", "session": session, "player": 0})
            buttons = page.eval_on_selector_all("button.move", "(bs) => bs.map((b) => [b.dataset.move, b.title])")
            assert [[json.loads(m), t] for m, t in buttons] == [list(p) for p in zip(legal["moves"], legal["labels"])]
            assert page.get_by_role("button", name=legal["labels"][0], exact=True).count() == 1
        count = page.locator("button.move:not([disabled])").count()
        click_move(visit, index=moves % count)
        moves += 1
        assert moves < 60
    assert state == "over"

    final = visit.call({"op": "view", "session": session, "player": 0})
    assert final["over"] is True
    assert page.locator("#result-reason").inner_text() == final["outcome"]["reason"]
    assert page.locator("#result-totals dd").all_inner_texts() == [str(s) for s in final["outcome"]["scores"]]
    assert final["outcome"]["scores"] == final["view"]["damage_sums"]
    winner = final["outcome"]["winner"]
    assert page.locator("#result-title").inner_text() == {None: "A draw", 0: "You win!", 1: "The computer wins"}[winner]
    page.click("button[data-dialog='log-dialog']")
    log = page.locator("#log-list li").all_inner_texts()
    assert sum("Revealed:" in line for line in log) == len(final["view"]["log"]) == final["view"]["round"]
    assert final["outcome"]["reason"] in log[-1]


def test_a_commit_by_canvas_click(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=knife_fight&mode=computer&level=easy&seed=21&speed=instant")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    boxes = page.evaluate("() => window.app.hitboxes()")
    assert [b["owner"] for b in boxes["backs"]] == [1, 1]  # the computer holds two: its third is committed
    assert all(b["playable"] for b in boxes["hand"])
    card = boxes["hand"][1]
    click_box(visit, card)
    record = visit.call({"op": "record", "session": session})["record"]
    assert [m for p, m in record["moves"] if p == 0] == [{"type": "play", "card": card["card"]}]

    for kind, heading in [("rules", "How to play Knife Fight"), ("rulings", "House rulings for Knife Fight")]:
        visit.press_tool(f"button[data-help='{kind}']")
        page.wait_for_function("(h) => document.querySelector('#help-text h2')?.textContent === h", arg=heading)
        if kind == "rulings":
            rulings = page.locator("#help-text dt").all_inner_texts()
            assert [r.split(" ")[0] for r in rulings] == [f"KNIFE-{i}" for i in range(1, 10)]
        page.locator("#help-dialog button[type='submit']").click()
        assert not page.locator("#help-dialog").is_visible()


def test_a_feint_and_a_field_dressing_made_in_the_ui(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto(f"#game=knife_fight&mode=computer&level=hard&seed=3&speed=instant&deal={forced_deal()}")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    click_move(visit, "button.move[data-move*='10H']")  # round 1: take a wound to dress later

    assert visit.wait_for_turn() == "move"
    click_move(visit, "button.move[data-move*='QH']")  # round 2: the Queen meets a number
    assert visit.wait_for_turn() == "move"
    view = page.evaluate("() => window.app.drawnView()")
    assert view["phase"] == "dress" and view["exchange"]["cards"][0] == "QH"
    assert page.locator("#turn-line").inner_text().endswith("Field dressing: choose an old wound to discard.")
    wounds = [b for b in page.evaluate("() => window.app.hitboxes().damage") if b["dressable"]]
    assert [w["card"] for w in wounds] == view["dress_options"] and len(wounds) == 1
    click_box(visit, wounds[0])  # dress it on the canvas

    assert visit.wait_for_turn() == "move"
    click_move(visit, "button.move[data-move*='KH']")  # round 3: a feint
    assert visit.wait_for_turn() == "move"
    view = page.evaluate("() => window.app.drawnView()")
    assert view["phase"] == "feint" and view["exchange"]["cards"][0] == "KH"
    assert "choose the follow-up card" in page.locator("#turn-line").inner_text()
    offered = [json.loads(m) for m in page.eval_on_selector_all("button.move", "(bs) => bs.map((b) => b.dataset.move)")]
    assert offered and all(m["type"] == "follow_up" and m["card"] != "KH" for m in offered)
    click_move(visit, "button.move[data-move*='5H']")

    record = visit.call({"op": "record", "session": session})["record"]
    mine = [m for p, m in record["moves"] if p == 0]
    assert mine == [{"type": "play", "card": "10H"}, {"type": "play", "card": "QH"},
                    {"type": "dress", "discard": wounds[0]["card"]}, {"type": "play", "card": "KH"},
                    {"type": "follow_up", "card": "5H"}]
    page.click("button[data-dialog='log-dialog']")
    log = " ".join(page.locator("#log-list li").all_inner_texts())
    dressed = wounds[0]["card"]
    assert f"You dress the {dressed[:-1]}{SUITS[dressed[-1]]} wound" in log and "You follow the feint with 5♥." in log


def test_the_log_and_the_story_are_the_engines_words_for_you(open_page: Callable[..., Any]) -> None:
    """The page shows the engine's sentences as written for seat 0: "you" for the person, "the computer" for its rival."""
    visit = open_page(LAPTOP)
    page = visit.goto(f"#game=knife_fight&mode=computer&level=hard&seed=3&speed=instant&deal={forced_deal()}")
    for card in ("10H", "QH"):
        assert visit.wait_for_turn() == "move"
        click_move(visit, f"button.move[data-move*='{card}']")
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    view = visit.call({"op": "view", "session": session, "player": 0})["view"]
    assert view["phase"] == "dress"
    story = " ".join(view["exchange"]["story"])
    assert page.locator("#reason-line").inner_text() == story
    assert "your damage pile" in story or "You " in story

    page.click("button[data-dialog='log-dialog']")
    shown = page.locator("#log-list li").all_inner_texts()
    written = [f"Round {entry['round']}{sentence}" for entry in view["log"] for sentence in entry["sentences"]]
    assert [line.replace("\t", "").replace("\n", "") for line in shown] == written
    log = " ".join(shown)
    assert "for you" in log and "for the computer" in log
    assert "Player 1" not in log and "Player 2" not in log


def test_hotseat_curtain_between_the_two_commits(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=knife_fight&mode=hotseat&seed=17&speed=instant")
    page.wait_for_function("() => window.app.current?.session")
    session = page.evaluate("() => window.app.current.session")
    curtains = commits_after_a_rival = 0
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
        hidden = secret_commit(visit, session, 1 - actor)
        if hidden is not None:
            # The rival's card is down: this player sees a back, never the card, and got here by a curtain.
            assert last_mover is None, "two players committed without the curtain between them"
            assert drawn["committed"][1 - actor] is True and drawn["my_commit"] is None
            assert_not_on_page(page, hidden)
            commits_after_a_rival += 1
        waiting = visit.call({"op": "view", "session": session, "player": 1 - actor})["view"]["hand"]
        for code in waiting:
            assert_not_on_page(page, code)
        click_move(visit)
        last_mover = actor
        after = page.evaluate("() => window.app.drawnView()")
        assert after is None or after["viewer"] in (None, actor)
        if after is not None and after["viewer"] is None:
            assert after["hand"] is None
    assert commits_after_a_rival >= 4 and curtains >= commits_after_a_rival
    assert page.locator("#result-title").inner_text() in ("Player 1 wins!", "Player 2 wins!", "A draw")


def test_reload_resumes_with_its_log(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=knife_fight&mode=computer&level=hard&seed=31&speed=instant")
    for _ in range(3):
        assert visit.wait_for_turn() == "move"
        click_move(visit)
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    before = visit.call({"op": "view", "session": session, "player": 0})["view"]
    log_before = page.locator("#log-list li").all_inner_texts()
    assert len(log_before) >= 6

    page.reload()
    visit.wait_ready()
    assert visit.wait_for_turn() == "move"
    session = page.evaluate("() => window.app.current.session")
    after = visit.call({"op": "view", "session": session, "player": 0})["view"]
    for key in ("round", "hand", "damage", "decks", "discards", "committed", "last"):
        assert after[key] == before[key], key
    assert page.locator("#log-list li").all_inner_texts() == log_before


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_screenshot_of_an_exchange(open_page: Callable[..., Any], viewport: dict[str, int]) -> None:
    visit = open_page(viewport, scale=2 if viewport is PHONE else 1)
    page = visit.goto(f"#game=knife_fight&mode=computer&level=hard&seed=3&speed=instant&deal={forced_deal()}")
    for card in ("10H", "QH"):
        assert visit.wait_for_turn() == "move"
        click_move(visit, f"button.move[data-move*='{card}']")
    assert visit.wait_for_turn() == "move"
    assert page.evaluate("() => window.app.drawnView().phase") == "dress"
    visit.screenshot(f"knife-fight-{viewport['width']}x{viewport['height']}.png")
