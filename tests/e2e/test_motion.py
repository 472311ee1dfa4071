"""Motion as the visitor asked for it: with the system's "reduce motion" on, each move shows at once,
while the same move without it plays out in motion."""

from __future__ import annotations

from typing import Any, Callable

from saloon_site import LAPTOP

# Knife Fight at its own pace (no speed=instant): the computer commits as the table opens, so the
# person's commit is revealed against it at once, and a reveal is animated.
KNIFE_FIGHT = "#game=knife_fight&mode=computer&level=easy&seed=11"


def animating_after_first_move(visit: Any) -> bool:
    page = visit.goto(KNIFE_FIGHT)
    assert visit.wait_for_turn() == "move"
    page.wait_for_function("() => window.app.drawnView().committed[1]")
    before = page.evaluate("() => window.app.renders")
    page.locator("button.move:not([disabled])").first.click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    return bool(page.evaluate("() => window.app.animating()"))


def test_a_reveal_is_animated(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    assert animating_after_first_move(visit)
    assert not visit.errors


def test_reduced_motion_shows_each_move_at_once(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    visit.page.emulate_media(reduced_motion="reduce")
    assert not animating_after_first_move(visit)
    assert not visit.errors
