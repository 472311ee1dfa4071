"""The guided first games in the page (issue 13): the menu offers "Learn to play" on a game's tile until it
is taken or turned down, the help always offers "Play a guided game", and a guided game is played to its
result box by clicking where the coach points, for every game with a guide (web/js/<id>/guide.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from saloon_site import LAPTOP, PHONE, Visit

ROOT = Path(__file__).resolve().parents[2]
GUIDES = sorted((ROOT / "web" / "js").glob("*/guide.json"))
COACH = "() => window.app.coach()"
# The coach asks and points somewhere, or the game is over (the coach has said its last words).
COACH_READY = """() => window.app.coach()?.ended
  || (window.app.coach()?.asking && window.app.coach().target !== null && !window.app.animating())"""


def follow_the_coach(visit: Visit, guide: dict[str, Any], shots: str | None = None) -> None:
    """Click the middle of whatever the coach points at until the result box shows."""
    page = visit.page
    for _ in range(200):
        page.wait_for_function(COACH_READY, timeout=30_000)
        if page.evaluate(COACH)["ended"]:
            return
        state = page.evaluate(COACH)
        if shots and state["pointing"] == 0:
            visit.screenshot(f"{shots}-step{state['step'] + 1}.png")
        assert state["text"] == guide["steps"][state["step"]]["say"]
        box = state["target"]
        page.mouse.click(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)
        page.wait_for_function("(s) => { const c = window.app.coach(); return !c.asking || c.step !== s.step"
                               " || c.pointing !== s.pointing; }", arg=state)
    raise AssertionError("the guided game did not end")


@pytest.mark.parametrize("path", GUIDES, ids=lambda path: path.parent.name)
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_guided_game_is_played_to_its_end_by_following_the_coach(
        open_page: Callable[..., Visit], path: Path, viewport: dict[str, int]) -> None:
    game = path.parent.name
    guide = json.loads(path.read_text())
    visit = open_page(viewport)
    # From the help of a game in progress: the guide asks before it replaces that game.
    page = start_guide_from_the_help(visit, game)
    follow_the_coach(visit, guide, shots=f"guide-{game}-{viewport['width']}x{viewport['height']}")
    assert page.evaluate(COACH)["text"] == guide["finish"]
    session = page.evaluate("() => window.app.current.session")
    assert visit.call({"op": "view", "session": session, "player": None})["over"] is True
    if page.evaluate("() => window.app.current.mode") == "computer":
        assert page.locator("#result-title").inner_text() == "You win!"
    visit.screenshot(f"guide-{game}-{viewport['width']}x{viewport['height']}-end.png")
    page.locator(".coach-stop", has_text="Close").click()  # the last words go when read
    assert not page.locator(".coach").is_visible()


@pytest.mark.parametrize("path", GUIDES[:1], ids=lambda path: path.parent.name)
def test_a_reload_picks_the_guide_up_at_the_same_step(open_page: Callable[..., Visit], path: Path) -> None:
    guide = json.loads(path.read_text())
    visit = open_page()
    page = start_guide_from_the_help(visit, path.parent.name)
    page.locator("#move-list button.move").first.click()  # the one move on offer: the coached one
    page.wait_for_function("() => window.app.coach()?.step === 1 && window.app.coach().asking")
    page.reload()
    visit.wait_ready()
    page.wait_for_function("() => window.app.coach()?.asking", timeout=30_000)
    assert page.evaluate(COACH)["step"] == 1
    assert page.evaluate(COACH)["text"] == guide["steps"][1]["say"]


def start_guide_from_the_help(visit: Visit, game: str) -> Any:
    """Open a table of `game` (fast), then its guided game from the help, replacing the game just dealt."""
    page = visit.goto(f"#game={game}&mode=computer&speed=instant")
    page.wait_for_function("() => window.app.current !== null")
    page.locator("[data-help='rules']").click()
    page.locator("#help-guide").click()
    page.locator("#replace-dialog button[value='replace']").click()
    page.wait_for_function("() => window.app.coach()?.asking", timeout=30_000)
    return page


@pytest.mark.parametrize("path", GUIDES[:1], ids=lambda path: path.parent.name)
def test_stopping_the_guide_offers_every_move_and_stays_stopped(open_page: Callable[..., Visit], path: Path) -> None:
    visit = open_page()
    page = start_guide_from_the_help(visit, path.parent.name)
    assert page.locator("#move-list button.move").count() == 1  # only the coached move while the coach asks
    page.locator(".coach-stop").click()
    page.wait_for_function("() => document.querySelectorAll('#move-list button.move').length > 1")
    assert not page.locator(".coach").is_visible()
    assert page.evaluate(COACH)["retired"] is True
    page.reload()
    visit.wait_ready()
    page.wait_for_function("() => document.querySelectorAll('#move-list button.move').length > 1", timeout=30_000)
    assert page.evaluate(COACH) is None


@pytest.mark.parametrize("path", GUIDES[:1], ids=lambda path: path.parent.name)
def test_while_the_coach_asks_only_its_move_can_be_played(open_page: Callable[..., Visit], path: Path) -> None:
    """Other cards and places do nothing (the bubble shakes); the coached move still plays."""
    guide = json.loads(path.read_text())
    visit = open_page()
    page = start_guide_from_the_help(visit, path.parent.name)
    coached = page.evaluate(COACH)["target"]
    boxes = page.evaluate("() => window.app.hitboxes()")
    others = [b for group in boxes.values() if isinstance(group, list) for b in group
              if abs(b["x"] - coached["x"]) + abs(b["y"] - coached["y"]) > 1]
    renders = page.evaluate("() => window.app.renders")
    for box in others:
        page.mouse.click(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)
    assert page.evaluate(COACH)["step"] == 0
    assert page.evaluate("() => window.app.renders") == renders  # nothing was played
    assert page.locator(".coach.coach-nudge").count() == 1
    assert page.locator("#move-list button.move").count() == 1
    assert page.locator("#move-list button.move").get_attribute("data-move") is not None
    follow_the_coach(visit, guide)


def test_the_menu_offers_a_guided_game_until_taken_or_turned_down(open_page: Callable[..., Visit]) -> None:
    games = [path.parent.name for path in GUIDES]
    visit = open_page()
    page = visit.goto()
    for game in games:  # the offers come with the second paint, once the saves and the manifest are read
        page.wait_for_selector(f".game-tile[data-game='{game}'] .game-learn", state="visible")
    page.locator(f"button[data-no-guide='{games[0]}']").click()
    page.wait_for_selector(f".game-tile[data-game='{games[0]}'] .game-learn", state="hidden")
    page.reload()
    visit.wait_ready()
    page.wait_for_selector(".game-tile:not(.skeleton)")
    for game in games[1:]:
        page.wait_for_selector(f".game-tile[data-game='{game}'] .game-learn", state="visible")
    assert not page.locator(f".game-tile[data-game='{games[0]}'] .game-learn").is_visible()
    # The help offers it always, turned down or not.
    page.locator(f"button[data-rules='{games[0]}']").click()
    page.wait_for_selector("#help-dialog[open] #help-text h2")
    assert page.locator("#help-guide").is_visible()
    page.locator("#help-guide").click()
    page.wait_for_function("() => window.app.coach()?.asking", timeout=30_000)
    assert page.evaluate("() => window.app.current.game") == games[0]
    # Taking the offer closes it too, and the guided game in progress is on the tile as "Continue".
    page.goto(visit.base_url + "index.html")
    visit.wait_ready()
    page.locator(f"button[data-guide='{games[1]}']").click()
    page.wait_for_function("() => window.app.coach()?.asking", timeout=30_000)
    assert page.evaluate("() => window.app.current.game") == games[1]
    page.goto(visit.base_url + "index.html")
    visit.wait_ready()
    page.wait_for_selector(".game-tile:not(.skeleton)")
    for game in games[:2]:
        page.wait_for_selector(f".game-tile[data-game='{game}'] .game-continue:not([hidden])")
        assert not page.locator(f".game-tile[data-game='{game}'] .game-learn").is_visible()
    visit.screenshot("guide-menu-offers.png")
    # A game without a guide has no offer on its tile, and its help none either.
    unguided = [info["id"] for info in visit.call({"op": "games"})["games"] if info["id"] not in games]
    if unguided:
        assert not page.locator(f".game-tile[data-game='{unguided[0]}'] .game-learn").is_visible()
        page.locator(f"button[data-rules='{unguided[0]}']").click()
        page.wait_for_selector("#help-dialog[open] #help-text h2")
        assert not page.locator("#help-guide").is_visible()
