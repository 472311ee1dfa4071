"""grow21's Hint and Undo in the browser (issue 13, point 3): a hint previews its cell on the board as a
first tap would, and a move that splits the board can be taken back until the part that stays is chosen
(GROW-6), but nothing before it (the computer's turn showed the next card, GROW-1)."""

from __future__ import annotations

import json
from typing import Callable
from urllib.parse import quote

from grow21.test_e2e import SPLIT_DEAL, SPLIT_MOVES, click_move, session_of
from saloon_site import LAPTOP, Visit


def undo_enabled(visit: Visit) -> bool:
    return bool(visit.page.evaluate("() => !document.querySelector('#undo-button').hidden"))


def test_undo_a_split_before_keeping_a_part(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    deal = quote(json.dumps(SPLIT_DEAL, separators=(",", ":")))
    page = visit.goto(f"#game=grow21&mode=computer&level=easy&seed=5&speed=instant&deal={deal}")
    for at in SPLIT_MOVES:
        assert visit.wait_for_turn() == "move"
        assert not undo_enabled(visit), "each computer turn showed the next card"
        before = visit.view()
        click_move(visit, f"button.move[data-move='{json.dumps({'type': 'place', 'at': at}, separators=(',', ':'))}']")
    assert visit.wait_for_turn() == "move"
    assert visit.view()["phase"] == "keep"
    page.wait_for_function("() => !document.querySelector('#undo-button').hidden")

    rendered = page.evaluate("() => window.app.renders")
    page.click("#undo-button")
    page.wait_for_function("(n) => window.app.renders > n", arg=rendered)
    assert visit.wait_for_turn() == "move"
    assert visit.view() == before, "the board before the splitting card, that card to play again"
    assert len(visit.record()["moves"]) == 2 * len(SPLIT_MOVES) - 2
    assert not undo_enabled(visit)


def test_a_hint_previews_its_cell(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grow21&mode=computer&level=easy&seed=4&speed=instant")
    assert visit.wait_for_turn() == "move"
    click_move(visit)
    assert visit.wait_for_turn() == "move"
    page.click("#hint-button")
    page.wait_for_function("() => document.querySelector('#hint-line').textContent.startsWith('Place')"
                           " || document.querySelector('#hint-line').textContent.startsWith('Change')")
    hint = visit.call({"op": "hint", "session": session_of(visit), "player": 0})
    x, y = hint["move"]["at"]
    assert page.evaluate("() => window.app.hitboxes().focus") == f"{x},{y}"
    assert page.locator("#hint-line").inner_text() == f"{hint['label']}. {hint['reason']}"
