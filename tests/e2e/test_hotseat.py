"""Hot seat: a curtain between turns, and the waiting player's hand never reaches the page."""

from __future__ import annotations

from typing import Any, Callable

from saloon_site import PAGE_DATA, PHONE

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def test_hotseat_curtain_hides_the_waiting_hand(open_page: Callable[..., Any]) -> None:
    visit = open_page(PHONE, scale=2)
    page = visit.goto("#game=grit&mode=hotseat&seed=17&speed=instant")
    curtains = 0
    turns = 0
    while True:
        state = visit.wait_for_turn()
        if state == "over":
            break
        if state == "curtain":
            curtains += 1
            assert page.evaluate("() => window.app.drawnView()") is None
            assert page.locator("button.move").count() == 0
            assert page.locator("#curtain-title").inner_text().startswith("Pass the device to Player ")
            page.click("#curtain-ready")
            continue
        assert state == "move"
        turns += 1
        current = page.evaluate("() => window.app.current")
        assert current["mode"] == "hotseat" and current["human"] == [0, 1]
        drawn = page.evaluate("() => window.app.drawnView()")
        actor = drawn["viewer"]
        assert drawn["to_act"] == [actor]
        assert page.locator("#curtain-title").inner_text() in ("", f"Pass the device to Player {actor + 1}")

        waiting = visit.call({"op": "view", "session": current["session"], "player": 1 - actor})["view"]["hand"]
        data = page.evaluate(PAGE_DATA)
        for code in waiting:
            assert f'"{code}"' not in data and f"\\\"{code}\\\"" not in data, f"{code} of the waiting hand leaked"
            assert code[:-1] + SUITS[code[-1]] not in data, f"{code} of the waiting hand is on the page"
        boxes = page.evaluate("() => window.app.hitboxes()")
        assert [b["owner"] for b in boxes["backs"]] == [1 - actor] * len(waiting)
        assert all(b["card"] is None and b["faceUp"] is False for b in boxes["backs"])
        assert [b["card"] for b in boxes["hand"]] == drawn["hand"]

        before = page.evaluate("() => window.app.renders")
        page.locator("button.move:not([disabled])").first.click()
        page.wait_for_function("(n) => window.app.renders > n", arg=before)
        # Right after the move the mover's hand leaves the screen, unless they go again.
        after = page.evaluate("() => window.app.drawnView()")
        if after is not None and after["viewer"] is None:
            assert after["hand"] is None
        else:
            assert after is None or after["viewer"] == actor
    assert turns == 8
    assert curtains >= 2
    assert page.locator("#result-title").inner_text() in ("Player 1 wins!", "Player 2 wins!", "A draw")
