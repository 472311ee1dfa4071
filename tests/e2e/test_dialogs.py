"""Dialogs and the curtain as a visitor meets them: Back closes an open dialog before it leaves a screen,
and nothing behind the hot-seat curtain can be reached."""

from __future__ import annotations

from typing import Any, Callable

from saloon_site import LAPTOP

GRIT = "#game=grit&mode=computer&level=easy&seed=3&speed=instant"
DIALOG_OPEN = "(id) => document.getElementById(id).open"
ON_MENU = "() => !document.querySelector('#menu').hidden && document.querySelector('#table-screen').hidden"
AT_TABLE = "() => document.querySelector('#menu').hidden && !document.querySelector('#table-screen').hidden"


def seat_at_grit(visit: Any) -> Any:
    """The menu first, then the table by its address, so Back from the table has the menu to go to."""
    page = visit.goto()
    page.evaluate(f"() => {{ location.hash = '{GRIT}'; }}")
    assert visit.wait_for_turn() == "move"
    return page


def test_back_with_a_dialog_open_closes_it_and_stays_at_the_table(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = seat_at_grit(visit)
    address = page.evaluate("() => location.hash")
    page.click("button[data-dialog='log-dialog']")
    assert page.evaluate(DIALOG_OPEN, "log-dialog")
    page.go_back()
    page.wait_for_function("(id) => !document.getElementById(id).open", arg="log-dialog")
    assert page.evaluate(AT_TABLE) and page.evaluate("() => location.hash") == address
    page.go_back()  # the next Back leaves the table as ever
    page.wait_for_function(ON_MENU)
    assert not page.evaluate(DIALOG_OPEN, "log-dialog")
    assert not visit.errors


def test_a_dialog_closed_by_its_button_leaves_one_back_to_leave_the_table(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = seat_at_grit(visit)
    page.click("button[data-dialog='log-dialog']")
    page.click("#log-dialog button[type='submit']")
    assert not page.evaluate(DIALOG_OPEN, "log-dialog")
    page.go_back()
    page.wait_for_function(ON_MENU)
    assert not visit.errors


def test_back_on_the_menu_closes_the_setup_sheet(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    page.evaluate("() => { location.hash = '#'; }")  # an entry before, so Back could leave if it were let
    address = page.url
    page.click("[data-setup=grit]")
    assert page.evaluate(DIALOG_OPEN, "setup-dialog")
    page.go_back()
    page.wait_for_function("(id) => !document.getElementById(id).open", arg="setup-dialog")
    assert page.evaluate(ON_MENU) and page.url == address
    page.click("[data-setup=grit]")  # the sheet still deals after that
    page.click("#setup-dialog button[value='deal']")
    assert visit.wait_for_turn() == "move"
    assert not visit.errors


def test_nothing_behind_the_curtain_can_be_reached(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto("#game=grit&mode=hotseat&seed=17&speed=instant")
    assert visit.wait_for_turn() == "curtain", "the first player is called to the device"
    assert page.evaluate("() => [...document.querySelectorAll('body > main')].every((screen) => screen.inert)")
    for _ in range(6):  # Tab never walks the toolbar or the move panel behind the curtain
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('#curtain') !== null"
                             " || document.activeElement === document.body")
    page.click("#curtain-ready")
    assert visit.wait_for_turn() == "move"
    assert page.evaluate("() => [...document.querySelectorAll('body > main')].every((screen) => !screen.inert)")
    assert not visit.errors
