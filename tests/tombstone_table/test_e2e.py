"""The Dealer's table in Chromium: a character put on the roster (through the page's own Roster, checked by
the engine) is seated from the setup form's party picker; a DEX save at high risk (TOMB-4), an enemy brought
in with a preset, an enhanced attack on it with its damage flip (TOMB-7, TOMB-8), cheating fate from the hand
shown only on request (TOMB-6, TS-2); a reload in the middle finds the session as it was; ending it writes
the sheet back to the roster in place of the one that sat down. Screenshots at 1280x800 and 390x844 of the
table idle, with a contest waiting and after an attack go to artifacts/."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from saloon_site import LAPTOP, PHONE, Visit
from pygame_core.games.tombstone.character import item_json, new_sheet
from pygame_core.games.tombstone.tables import ARCHETYPES

GAME = "tombstone_table"
SETTLE = {"type": "settle"}
ADD_TO_ROSTER = """
async (sheet) => {
  const { Roster } = await import("./js/tombstone/roster.js");
  const added = await new Roster(window.app).add(sheet);
  return added.ok ? added.character : added.message;
}
"""
READ_ROSTER = """
async () => {
  const { Roster } = await import("./js/tombstone/roster.js");
  return (await new Roster(window.app).load()).characters;
}
"""


def ada() -> dict[str, Any]:
    sheet = new_sheet({"STR": 2, "DEX": 3, "WIL": 1, "GRT": 2})
    sheet.update(name="Ada", background="Bounty hunter", money=500,
                 inventory=[item_json(i) for i in ARCHETYPES["outlaw"].items])
    return sheet


def renders(visit: Visit) -> int:
    return int(visit.page.evaluate("() => window.app.renders"))


def click_and_wait(visit: Visit, selector: str) -> None:
    """Click a control that redraws the table and wait for the new view (and its buttons) to be drawn."""
    before = renders(visit)
    visit.page.locator(selector).first.click()
    visit.page.wait_for_function("(n) => window.app.renders > n", arg=before)
    visit.page.wait_for_selector("#move-list button:not([disabled]), #result:not([hidden])")


def settle_and_shoot(visit: Visit, name: str) -> None:
    """A screenshot once the cards have finished turning over."""
    visit.page.wait_for_timeout(1500)
    visit.screenshot(name)


def move_selector(move: dict[str, Any], seat: int) -> str:
    return f"button.move[data-seat='{seat}'][data-move='{json.dumps(move, separators=(',', ':'))}']"


def shown(visit: Visit, selector: str) -> str:
    """What a move button shows (its accessible name is the engine's label)."""
    return str(visit.page.locator(selector).locator("span[aria-hidden='true']").inner_text())


def log(visit: Visit) -> list[str]:
    return [entry["sentence"] for entry in visit.view(0)["log"]]


def resolve_flips(visit: Visit, cheats: list[str]) -> None:
    """While a flip waits: the player it waits for shows their hand, lays the best card it offers that does not
    make the flip worse (once), then lets their cards stand (TS-19). The hand is on the page only while it is
    shown."""
    page = visit.page
    while (pending := visit.view(0)["pending"]) is not None:
        session = page.evaluate("() => window.app.current.session")
        seat = [s for s in visit.call({"op": "view", "session": session, "player": 0})["to_act"] if s > 0][0]
        member = visit.view(seat)["party"][seat - 1]
        hand = member["hand"]
        assert not any(card in page.evaluate("() => document.querySelector('#move-list').innerHTML") for card in hand
                       if len(card) > 2), "the hand is not on the page before its player asks"
        click_and_wait(visit, f"#move-list button[data-hand='{seat}']")
        assert page.evaluate("() => window.app.drawnView().party.find((p) => p.seat === %d).hand" % seat) == hand
        boxes = page.evaluate("() => window.app.hitboxes()")
        assert [b["card"] for b in boxes["hand"]] == hand
        offered = [json.loads(m) for m in page.eval_on_selector_all(
            "button.move.tt-cheat", "(bs) => bs.map((b) => b.dataset.move)")]
        legal = visit.call({"op": "legal", "session": session, "player": seat})["moves"]
        assert offered == [m for m in legal if m["type"] == "cheat"]
        assert {b["card"] for b in boxes["hand"] if b["playable"]} == {m["card"] for m in offered}
        unwarned = [json.loads(m) for m in page.eval_on_selector_all(
            "button.move.tt-cheat:not(.tt-warn)", "(bs) => bs.map((b) => b.dataset.move)")]  # TS-21: no worse cheat
        if unwarned and not any(side["cheat"] for side in pending["sides"] if side["who"] == f"pc{seat - 1}"):
            rank = "A23456789TJQK"
            best = max(unwarned, key=lambda m: rank.index("T" if m["card"][:-1] == "10" else m["card"][0])
                       if m["card"] not in ("RJ", "BJ") else 20)
            click_and_wait(visit, move_selector(best, seat))
            cheats.append(best["card"])
            assert any("cheats fate" in s for s in log(visit))
        pending = visit.view(0)["pending"]
        to_act = visit.call({"op": "view", "session": session, "player": 0})["to_act"]
        if pending is not None and seat in to_act:  # a cheat that left nothing to decide settled the flip itself
            click_and_wait(visit, move_selector(SETTLE, seat))
        assert page.evaluate("() => window.app.drawnView().party.every((p) => p.hand === null)"), "the hand is put away"


def test_a_session_at_the_dealers_table(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = visit.goto()
    added = page.evaluate(ADD_TO_ROSTER, ada())
    assert isinstance(added, dict), added
    seated_sheet = added["sheet"]

    # The setup form lists the roster: Ada is ticked; Deal seats her.
    page.wait_for_selector(f"button[data-setup='{GAME}']")
    page.click(f"button[data-setup='{GAME}']")
    picker = page.locator(".tt-party-pick")
    picker.wait_for()
    assert "Ada" in picker.inner_text()
    assert page.locator(".tt-member input").first.is_checked()
    page.fill("#setup-form input[name='seed']", "7")
    page.click("#setup-form button[value='deal']")
    page.wait_for_selector("#move-list button.move")
    view = visit.view(0)
    assert [p["sheet"]["name"] for p in view["party"]] == ["Ada"]
    assert view["party"][0]["sheet"] == seated_sheet
    assert page.evaluate("() => window.app.drawnView().party[0].hand") is None  # the Dealer's view by default
    settle_and_shoot(visit, "tombstone_table-idle-laptop.png")

    # A DEX save at high risk, one click once Ada is the one acting.
    page.click("button.tt-actor[data-actor='1']")
    click_and_wait(visit, move_selector({"type": "save", "ability": "DEX", "risk": "high"}, 1))
    cheats: list[str] = []
    resolve_flips(visit, cheats)
    assert any(s.startswith("Ada flips") and "(high risk)" in s for s in log(visit))

    # The Dealer brings in a bandit; Ada attacks it, enhanced, until a hit lands and its damage is flipped.
    page.click("button.tt-actor[data-actor='0']")
    click_and_wait(visit, move_selector({"type": "enemy", "preset": "bandit"}, 0))
    bandit = visit.view(0)["npcs"][-1]
    assert bandit["name"] == "Bandit" and bandit["status"] == "up"
    for _ in range(8):
        if any("for damage" in s for s in log(visit)):
            break
        page.click("button.tt-actor[data-actor='1']")
        page.check("input[name='tt-mode'][value='enhanced']")
        target = next((n for n in visit.view(0)["npcs"] if n["status"] == "up"), None)
        if target is None:
            page.click("button.tt-actor[data-actor='0']")
            click_and_wait(visit, move_selector({"type": "enemy", "preset": "bandit"}, 0))
            continue
        click_and_wait(visit, move_selector({"type": "attack", "weapon": 0, "target": target["ref"]}, 1))
        assert visit.record()["moves"][-1][1].get("mode") == "enhanced" or visit.view(0)["pending"] is None
        resolve_flips(visit, cheats)
    page.click("button.tt-actor[data-actor='1']")
    assert page.locator("input[name='tt-mode'][value='normal']").is_checked(), "each action starts from a normal flip"
    sentences = log(visit)
    assert any(" attacks Bandit" in s for s in sentences)
    assert any("for damage" in s for s in sentences), sentences
    assert cheats, "a cheat from the hand was offered and played"
    settle_and_shoot(visit, "tombstone_table-attack-laptop.png")

    # A contest waiting for cheats, for the screenshot; then a reload finds everything as it was.
    page.click("button.tt-actor[data-actor='1']")
    page.check("input[name='tt-mode'][value='normal']")
    page.check("input[name='tt-ability'][value='WIL']")
    click_and_wait(visit, move_selector({"type": "contest", "ability": "WIL", "against": "dealer"}, 1))
    before = visit.view(0)
    if before["pending"]:
        settle_and_shoot(visit, "tombstone_table-contest-laptop.png")
    page.reload()
    visit.wait_ready()
    page.wait_for_selector("#move-list button.move")
    after = visit.view(0)
    assert after == before
    assert page.evaluate("() => window.app.drawnView().log.length") == len(before["log"])
    resolve_flips(visit, cheats)

    # The Dealer ends the session; Ada's sheet goes back to the roster in place of the one that sat down.
    final = visit.view(0)["party"][0]["sheet"]
    page.click("button.tt-actor[data-actor='0']")
    page.click("details[data-fold='End the session'] > summary")
    before_end = renders(visit)
    page.click(move_selector({"type": "end"}, 0))
    page.wait_for_function("(n) => window.app.renders > n", arg=before_end)
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_function("() => document.querySelector('#result-discards').textContent.includes('Back on your roster')")
    characters = page.evaluate(READ_ROSTER)
    adas = [c for c in characters if c["sheet"]["name"] == "Ada"]
    assert len(adas) == 1
    assert adas[0]["sheet"] == final
    assert adas[0]["id"] != added["id"] or final == seated_sheet


def test_phone_screens_and_an_empty_roster(open_page: Callable[..., Visit]) -> None:
    """On a phone: the party picker says the roster is empty and offers the forge and the sample party; the
    sample party's table idle, with a contest waiting, and after an attack."""
    visit = open_page(PHONE)
    page = visit.goto()
    page.wait_for_selector(f"button[data-setup='{GAME}']")
    page.click(f"button[data-setup='{GAME}']")
    page.locator(".tt-party-pick").wait_for()
    assert "roster is empty" in page.locator(".tt-party-pick").inner_text()
    assert page.locator("button[data-forge]").is_visible()
    assert page.locator("input[name='tt-party'][value='sample']").is_checked()
    page.fill("#setup-form input[name='seed']", "3")
    page.click("#setup-form button[value='deal']")
    page.wait_for_selector("#move-list button.move")
    assert [p["sheet"]["name"] for p in visit.view(0)["party"]] == ["Jesse", "Silas"]
    settle_and_shoot(visit, "tombstone_table-idle-phone.png")
    click_and_wait(visit, move_selector({"type": "enemy", "preset": "bandit"}, 0))
    page.click("button.tt-actor[data-actor='2']")
    page.check("input[name='tt-ability'][value='STR']")
    click_and_wait(visit, move_selector({"type": "contest", "ability": "STR", "against": "dealer"}, 2))
    if visit.view(0)["pending"]:
        settle_and_shoot(visit, "tombstone_table-contest-phone.png")
    resolve_flips(visit, [])
    page.click("button.tt-actor[data-actor='2']")
    click_and_wait(visit, move_selector({"type": "attack", "weapon": 0, "target": "npc0"}, 2))
    resolve_flips(visit, [])
    settle_and_shoot(visit, "tombstone_table-attack-phone.png")
    assert any(" attacks Bandit" in s for s in log(visit))


def test_two_players_choose_for_their_own_sides(open_page: Callable[..., Visit]) -> None:
    """TS-19, TS-21 with the sample party (seed 5): Jesse's DEX contest against Silas waits for Silas alone (he
    is losing); his cheat buttons show what each gives ("→ 15, wins"); his J♦ wins it, and the flip then waits
    for Jesse, whose own "Let the cards stand" settles it. Then Jesse's enhanced shot at a bandit hits: its
    damage flip offers the 2♥, which would do less, and asks "Sure?" before a second tap plays it."""
    visit = open_page(LAPTOP)
    page = visit.goto()
    page.wait_for_selector(f"button[data-setup='{GAME}']")
    page.click(f"button[data-setup='{GAME}']")
    page.locator(".tt-party-pick").wait_for()
    page.check("input[name='tt-party'][value='sample']")
    page.fill("#setup-form input[name='seed']", "5")
    page.click("#setup-form button[value='deal']")
    page.wait_for_selector("#move-list button.move")
    page.click("button.tt-actor[data-actor='1']")
    click_and_wait(visit, move_selector({"type": "contest", "ability": "DEX", "against": "pc1"}, 1))
    session = page.evaluate("() => window.app.current.session")
    assert visit.call({"op": "view", "session": session, "player": 0})["to_act"] == [2]
    assert shown(visit, move_selector(SETTLE, 2)) == "Silas: let the cards stand"
    assert page.locator(move_selector(SETTLE, 1)).count() == 0, "Jesse is winning: nothing waits for her"
    settle_and_shoot(visit, "tombstone_table-pc-contest-laptop.png")
    click_and_wait(visit, "#move-list button[data-hand='2']")
    cheat = {"type": "cheat", "card": "JD", "covers": "3C"}
    label = shown(visit, move_selector(cheat, 2))
    assert label.startswith("Cover 3♣ with J♦ → ") and label.endswith(", wins"), label
    click_and_wait(visit, move_selector(cheat, 2))
    assert visit.view(0)["pending"] is not None, "Silas's cheat does not settle Jesse's side"
    assert visit.call({"op": "view", "session": session, "player": 0})["to_act"] == [1]
    click_and_wait(visit, move_selector(SETTLE, 1))
    assert visit.view(0)["pending"] is None
    assert any(s.endswith("Silas wins.") for s in log(visit)), log(visit)[-2:]

    page.click("button.tt-actor[data-actor='0']")
    click_and_wait(visit, move_selector({"type": "enemy", "preset": "bandit"}, 0))
    page.click("button.tt-actor[data-actor='1']")
    page.check("input[name='tt-mode'][value='enhanced']")
    click_and_wait(visit, move_selector({"type": "attack", "weapon": 0, "target": "npc0"}, 1))
    assert visit.view(0)["pending"]["kind"] == "damage"
    click_and_wait(visit, "#move-list button[data-hand='1']")
    worse = {"type": "cheat", "card": "2H", "covers": "6D"}
    button = page.locator(move_selector(worse, 1))
    assert shown(visit, move_selector(worse, 1)) == "Cover 6♦ with 2♥ → tier 1: 1 damage"
    assert "tt-warn" in (button.get_attribute("class") or "")
    moves = len(visit.record()["moves"])
    button.click()
    assert shown(visit, move_selector(worse, 1)).startswith("Sure? This makes the flip worse for Jesse")
    assert (button.get_attribute("aria-label") or "").startswith("Sure?")
    assert len(visit.record()["moves"]) == moves, "the first tap plays nothing"
    click_and_wait(visit, move_selector(worse, 1))
    assert visit.record()["moves"][-1][1] == worse


@pytest.mark.parametrize("name,viewport", [("390x844", PHONE), ("844x390", {"width": 844, "height": 390})])
def test_a_waiting_contest_on_a_phone(open_page: Callable[..., Visit], name: str, viewport: dict[str, int]) -> None:
    """The contest of seed 5 waiting for Silas, his hand shown, on a phone held both ways: nothing wider than
    the screen and every control of the panel at least 44 px."""
    visit = open_page(viewport, scale=2, touch=True)
    page = visit.goto()
    page.wait_for_selector(f"button[data-setup='{GAME}']")
    page.click(f"button[data-setup='{GAME}']")
    page.locator(".tt-party-pick").wait_for()
    page.check("input[name='tt-party'][value='sample']")
    page.fill("#setup-form input[name='seed']", "5")
    page.click("#setup-form button[value='deal']")
    page.wait_for_selector("#move-list button.move")
    page.click("button.tt-actor[data-actor='1']")
    click_and_wait(visit, move_selector({"type": "contest", "ability": "DEX", "against": "pc1"}, 1))
    click_and_wait(visit, "#move-list button[data-hand='2']")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    small = page.evaluate("""() => [...document.querySelectorAll('#move-list button')]
        .map((b) => b.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length""")
    assert small == 0
    settle_and_shoot(visit, f"tombstone_table-pc-contest-{name}.png")
