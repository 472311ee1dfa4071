"""The other side's last move in the spotlight: it glows where it landed and is told in one sentence from
the person's seat (issue 13, point 2); and "Replay" plays the last round again, then gives the table back."""

from __future__ import annotations

import re
from typing import Any, Callable

from saloon_site import LAPTOP


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["w"] / 2, box["y"] + box["h"] / 2


def inside(point: tuple[float, float], box: dict[str, float]) -> bool:
    x, y = point
    return box["x"] <= x <= box["x"] + box["w"] and box["y"] <= y <= box["y"] + box["h"]


def told_after_computer_move(visit: Any, hash_: str, moves: int) -> dict[str, Any]:
    """Open a table, make `moves` moves, and wait until the person acts again: the spotlight as told then."""
    page = visit.goto(hash_)
    visit.play_moves(moves)
    assert visit.wait_for_turn() == "move"
    told = page.evaluate("() => window.app.lastMove()")
    assert told["sentence"] in page.locator("#reason-line").inner_text()
    return dict(told)


def test_grit_the_computers_play_glows_on_its_pile(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    told = told_after_computer_move(visit, "#game=grit&mode=computer&level=easy&seed=11&speed=instant", 1)
    last = visit.view()["log"][-1]
    assert last["player"] == 1
    owner, index = last["pile"]
    where = "its" if owner == 1 else "your"
    assert told["sentence"].startswith(f"The computer played a card face down on {where} pile {index + 1}: ")
    pile = next(p for p in visit.page.evaluate("() => window.app.hitboxes()")["piles"]
                if p["owner"] == owner and p["index"] == index)
    assert len(told["spots"]) == 1 and inside(centre(told["spots"][0]), pile)
    assert "Player 2" not in visit.page.locator("#reason-line").inner_text(), "the computer is called the computer"
    assert not visit.errors


def test_grow21_tells_no_coordinates_and_lights_the_cell(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    told = told_after_computer_move(visit, "#game=grow21&mode=computer&level=easy&seed=5&speed=instant", 1)
    last = visit.view()["last"]
    assert last["player"] == 1
    assert re.fullmatch(r"The computer (placed|put) \S+( on the \S+)?\.( .*)?", told["sentence"]), told["sentence"]
    assert not re.search(r"\(-?\d+, -?\d+\)", told["sentence"]), "no grid coordinates: the board draws none"
    cell = next(c for c in visit.page.evaluate("() => window.app.hitboxes()")["cells"] if c["at"] == last["at"])
    assert len(told["spots"]) == 1 and inside(centre(told["spots"][0]), cell)
    visit.play_moves(1)
    assert visit.wait_for_turn() == "move"
    assert visit.page.evaluate("() => window.app.lastMove().sentence").startswith("The computer ")
    assert not visit.errors


def test_knife_fight_the_rivals_face_down_commit_glows(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=knife_fight&mode=computer&level=easy&seed=11&speed=instant")
    assert visit.wait_for_turn() == "move"
    page.wait_for_function("() => window.app.drawnView().committed[1]")
    told = page.evaluate("() => window.app.lastMove()")
    assert told["sentence"].startswith("The computer committed a card face down")
    slot = next(s for s in page.evaluate("() => window.app.hitboxes()")["slots"] if s["owner"] == 1)
    assert inside(centre(told["spots"][0]), slot)
    assert not visit.errors


def test_no_spotlight_on_your_own_move(open_page: Callable[..., Any]) -> None:
    """Right after the person's play the news is theirs: nothing glows (the computer waits a beat here)."""
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=11")
    assert visit.wait_for_turn() == "move"
    assert len(visit.view()["log"]) == 1, "the computer opens this deal; the person's play closes the round"
    before = page.evaluate("() => window.app.renders")
    page.locator("button.move:not([disabled])").first.click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    told = page.evaluate("() => [window.app.lastMove(), window.app.drawnView().log.length]")
    assert told == [{"sentence": "", "spots": []}, 2]
    assert not visit.errors


def test_replay_plays_the_last_round_again_and_gives_the_table_back(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=computer&level=easy&seed=11")
    replay = page.locator("#replay")
    assert visit.wait_for_turn() == "move"
    visit.play_moves(1)
    assert visit.wait_for_turn() == "move"
    now = page.evaluate("() => window.app.drawnView()")
    assert now["round"] == 2
    assert replay.is_enabled()
    replay.click()
    page.wait_for_function("() => window.app.drawnView().round === 1")
    assert page.locator("button.move:not([disabled])").count() == 0, "no moves while the round replays"
    assert "Replaying" in page.locator("#turn-line").inner_text()
    page.wait_for_function("() => window.app.animating()")
    page.wait_for_function("() => window.app.drawnView().round === 2 && !window.app.animating()"
                           " && document.querySelectorAll('button.move:not([disabled])').length > 0",
                           timeout=20_000)
    assert page.evaluate("() => window.app.drawnView()") == now
    assert page.locator("#turn-line").inner_text().startswith("Round 2 of 4")
    assert replay.is_enabled()
    assert not visit.errors


def test_hot_seat_tells_the_other_persons_play_by_name_after_the_curtain(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=hotseat&seed=17&speed=instant")
    if visit.wait_for_turn() == "curtain":  # the first person is asked for too
        page.click("#curtain-ready")
    assert visit.wait_for_turn() == "move"
    first = page.evaluate("() => window.app.drawnView().viewer")
    visit.play_moves(1)
    assert visit.wait_for_turn() == "curtain"
    page.click("#curtain-ready")
    assert visit.wait_for_turn() == "move"
    assert page.evaluate("() => window.app.drawnView().viewer") == 1 - first
    sentence = page.evaluate("() => window.app.lastMove().sentence")
    played = "(played a card face down|marked a card)"
    assert re.fullmatch(rf"Player {first + 1} {played} on (your|their) pile [123]: .*", sentence), sentence
    assert not visit.errors
