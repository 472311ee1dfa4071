"""The Dealer's table in Chromium: a character put on the roster (through the page's own Roster, checked by
the engine) is seated from the setup form's party picker; a DEX save at high risk (TOMB-4), an enemy brought
in with a preset, an enhanced attack on it with its damage flip (TOMB-7, TOMB-8), cheating fate from the hand
shown only on request (TOMB-6, TS-2); a reload in the middle finds the session as it was; ending it writes
the sheet back to the roster in place of the one that sat down. Screenshots at 1280x800 and 390x844 of the
table idle, with a contest waiting and after an attack go to artifacts/."""

from __future__ import annotations

import json
import re
from typing import Any, Callable
from urllib.parse import quote

import pytest

from saloon_site import LAPTOP, PHONE, Visit
from pygame_core.games.tombstone.character import item_json, new_sheet
from pygame_core.games.tombstone.tables import ARCHETYPES
from tombstone.play import deck, pc_deck

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
    page.click("dialog.tt-confirm button[value='yes']")  # TS-28: asked first
    page.wait_for_function("(n) => window.app.renders > n", arg=before_end)
    page.wait_for_selector("#result:not([hidden])")
    page.wait_for_function("() => document.querySelector('#result-discards').textContent.includes('Back on your roster')")
    characters = page.evaluate(READ_ROSTER)
    adas = [c for c in characters if c["sheet"]["name"] == "Ada"]
    assert len(adas) == 1
    history = adas[0]["sheet"].pop("history", [])  # TS-24: the session in the sheet's history, if it changed her
    assert adas[0]["sheet"] == final and all(entry["cause"] == "session" for entry in history)
    assert bool(history) == (final != seated_sheet)
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


def forced_table(*dealer: str, jesse: list[str] = [], silas: list[str] = []) -> str:
    """The sample party's table (Jesse, Silas) dealt from forced decks, at instant speed."""
    deal = quote(json.dumps([deck(*dealer), pc_deck(jesse), pc_deck(silas)], separators=(",", ":")))
    return f"#game={GAME}&mode=solo&seed=3&speed=instant&deal={deal}"


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


def stand_through(visit: Visit, seat: int) -> int:
    """``seat``'s player lets the cards stand, on the attack and on the damage flip that follows (TS-19,
    TS-20), clicking their own "Let the cards stand" while a flip waits for them; how many clicks."""
    clicks = 0
    while visit.view(0)["pending"] is not None:
        session = visit.page.evaluate("() => window.app.current.session")
        assert visit.call({"op": "view", "session": session, "player": 0})["to_act"] == [seat]
        click_and_wait(visit, move_selector(SETTLE, seat))
        clicks += 1
    return clicks


def test_a_mis_tap_kill_undone_marks_and_asking_before_the_end(open_page: Callable[..., Visit]) -> None:
    """TS-27: the bandit's K♠ and K♦ kill Jesse (HP 2, GRT 1) once she lets the cards stand on the attack and
    on the damage flip her Black Joker could force (TS-19, TS-20); the Dealer's Undo takes the whole attack
    back, Jesse stands again and the same K♠ comes again. The tracker marks who acted, a tap toggles, a new round
    clears. TS-28: ending the session asks first; Back closes the question and nothing ends."""
    visit = open_page(PHONE)
    page = visit.goto(forced_table("KS", "KD", jesse=["2C"]))
    page.wait_for_selector("#move-list button.move")
    assert page.locator("#undo-button").is_hidden(), "nothing to take back yet"
    click_and_wait(visit, move_selector({"type": "enemy", "preset": "bandit"}, 0))
    assert page.locator(".tt-acted").all_inner_texts() == ["Jesse", "Silas", "Bandit"]
    attack = move_selector({"type": "npc_attack", "npc": "npc0", "target": "pc0"}, 0)
    click_and_wait(visit, attack)
    assert visit.view(0)["pending"]["sides"][0]["cards"] == ["KS"]
    assert page.locator(move_selector(SETTLE, 0)).count() == 0, "the Dealer no longer settles for Jesse (TS-19)"
    assert stand_through(visit, 1) == 2, "the attack, then the damage flip"
    assert visit.view(0)["party"][0]["sheet"]["status"] == "dead"
    assert page.locator(".tt-acted[data-acted='npc0']").get_attribute("aria-pressed") == "true", "the bandit acted"
    undo = page.locator("#undo-button")
    undo.wait_for()
    size = box(page, "#undo-button")
    assert size["width"] >= 44 and size["height"] >= 44
    visit.screenshot("tombstone_table-undo-phone.png")
    before = renders(visit)
    undo.click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)
    page.wait_for_selector("#move-list button.move")
    jesse = visit.view(0)["party"][0]["sheet"]
    assert jesse["status"] == "up" and jesse["hp"] == 2 and jesse["abilities"]["GRT"] == 1
    assert len(visit.record()["moves"]) == 1, "the attack and both of Jesse's stands went together"
    reason = page.locator("#reason-line").inner_text()
    assert reason.startswith("Taken back: Bandit attacks Jesse"), reason
    assert page.locator(".tt-acted[data-acted='npc0']").get_attribute("aria-pressed") == "false", "its mark went too"
    click_and_wait(visit, attack)
    assert visit.view(0)["pending"]["sides"][0]["cards"] == ["KS"], "the same card again: undo does not re-flip fate"

    page.click(".tt-acted[data-acted='pc1']")
    assert page.locator(".tt-acted[data-acted='pc1']").get_attribute("aria-pressed") == "true"
    page.click("button[data-desk='round']")
    assert page.locator(".tt-acted[aria-pressed='true']").count() == 0
    assert "round 2" in page.locator(".tt-round").inner_text()
    stand_through(visit, 1)

    page.click("button.tt-actor[data-actor='0']")
    page.click("details[data-fold='End the session'] > summary")
    page.click(move_selector({"type": "end"}, 0))
    dialog = page.locator("dialog.tt-confirm")
    dialog.wait_for()
    for button in ("no", "yes"):
        size = box(page, f"dialog.tt-confirm button[value='{button}']")
        assert size["height"] >= 44 and size["width"] >= 44
    assert "Undo cannot take this back" in dialog.inner_text()
    visit.screenshot("tombstone_table-confirm-phone.png")
    page.go_back()
    page.wait_for_selector("dialog.tt-confirm", state="detached")
    assert visit.view(0)["ended"] is False and page.locator("#table-screen").is_visible(), "Back only closed the question"
    page.click(move_selector({"type": "end"}, 0))
    page.click("dialog.tt-confirm button[value='yes']")
    page.wait_for_selector("#result:not([hidden])")
    assert visit.view(0)["ended"] is True


def test_a_bestiary_entry_notes_and_the_log_exported(open_page: Callable[..., Visit]) -> None:
    """TS-28: a stat block made in the bestiary survives a reload (an unreadable one beside it is left out
    and said so) and brings its enemy in; the session notes survive a reload; the log downloads as Markdown
    in plain words."""
    visit = open_page(LAPTOP)
    page = visit.goto(forced_table())
    page.wait_for_selector("#move-list button.move")
    page.click("details[data-fold='Bestiary'] > summary")
    form = page.locator(".tt-beast-form")
    form.locator("input[name='name']").fill("Black Bart")
    form.locator("select[name='kind']").select_option("posse")
    form.locator("select[name='weapon']").select_option("carbine")
    for field, value in (("STR", "4"), ("DEX", "2"), ("WIL", "1"), ("hp", "6")):
        form.locator(f"input[name='{field}']").fill(value)
    form.locator("button[type='submit']").click()
    assert "Black Bart" in page.locator(".tt-beasts").inner_text()
    page.evaluate("""() => {
      const key = "saloon.tombstone_table.bestiary";
      localStorage.setItem(key, JSON.stringify([...JSON.parse(localStorage.getItem(key)), {name: "Ghost", STR: 99}]));
    }""")
    page.click("details[data-fold='Session notes'] > summary")
    page.fill(".tt-notes", "The sheriff owes Jesse five dollars.")
    page.reload()
    visit.wait_ready()
    page.wait_for_selector("#move-list button.move")
    page.click("details[data-fold='Bestiary'] > summary")
    assert "1 stat block kept in this browser could not be read" in page.locator("details[data-fold='Bestiary']").inner_text()
    assert "Ghost" not in page.locator(".tt-beasts").inner_text()
    assert page.locator(".tt-notes").input_value() == "The sheriff owes Jesse five dollars."

    assert page.locator(".tt-bestiary-row button.move > span[aria-hidden]").all_inner_texts() == ["Black Bart"]
    assert page.locator(".tt-bestiary-row button.move").get_attribute("title") == (
        "Bring in Black Bart (Posse · STR 4, DEX 2, WIL 1 · HP 6 · Carbine)")
    click_and_wait(visit, ".tt-bestiary-row button.move")
    bart = visit.view(0)["npcs"][-1]
    assert (bart["name"], bart["kind"], bart["hp"], bart["weapon"]["name"]) == ("Black Bart", "posse", 6, "Carbine")
    assert bart["abilities"] == {"STR": 4, "DEX": 2, "WIL": 1, "GRT": 5}
    click_and_wait(visit, move_selector({"type": "die"}, 0))
    visit.screenshot("tombstone_table-desk-laptop.png")

    page.click("details[data-fold='Session notes'] > summary")
    with page.expect_download() as download:
        page.click("button[data-desk='export']")
    text = open(download.value.path(), encoding="utf-8").read()
    assert download.value.suggested_filename.endswith(".md")
    assert "The sheriff owes Jesse five dollars." in text
    assert "1. Black Bart joins the scene" in text and "2. The die of fate shows" in text
    assert not re.search(r"\b(npc|pc)\d", text), text


DESK_CONTROLS = """
() => [...document.querySelectorAll(".tt-desk button, .tt-desk summary, .tt-desk input, .tt-desk select, .tt-desk textarea, #undo-button")]
  .filter((node) => node.getClientRects().length)
  .map((node) => {
    const r = (node.matches("input, select") ? node.closest("label") ?? node : node).getBoundingClientRect();
    return { name: (node.getAttribute("name") || node.textContent || "").trim().slice(0, 30), w: r.width, h: r.height, right: r.right };
  })
"""


def test_the_desk_on_a_phone_held_sideways(open_page: Callable[..., Visit]) -> None:
    """At 844x390 with touch and at 390x844, every control of the desk (the tracker, the bestiary's form, the
    notes and the export) and Undo is at least 44 px and inside the screen, with every fold open. A desk
    stored as something else than a desk is said so and started afresh."""
    for size in ({"width": 844, "height": 390}, PHONE):
        visit = open_page(size, touch=True)
        page = visit.goto(forced_table())
        page.wait_for_selector("#move-list button.move")
        click_and_wait(visit, move_selector({"type": "enemy", "preset": "bandit"}, 0))
        for fold in ("Bestiary", "Session notes"):
            page.click(f"details[data-fold='{fold}'] > summary")
        page.locator(".tt-desk").scroll_into_view_if_needed()
        controls = page.evaluate(DESK_CONTROLS)
        assert len(controls) >= 12, controls
        assert not [c for c in controls if (c["w"] < 43.5 or c["h"] < 43.5)], controls
        assert not [c for c in controls if c["right"] > size["width"] + 0.5], controls
        visit.screenshot(f"tombstone_table-desk-{size['width']}x{size['height']}.png")
        assert not visit.errors
    page.evaluate("() => localStorage.setItem('saloon.tombstone_table.desk', '{\"round\": \"two\"')")
    page.reload()
    visit.wait_ready()
    page.wait_for_selector("#move-list button.move")
    assert "could not be read, so the desk starts afresh" in page.locator(".tt-desk-problem").inner_text()
    assert "round 1" in page.locator(".tt-round").inner_text() and not visit.errors


def open_the_contest_of_deal_5(visit: Visit) -> Any:
    """The sample party dealt with seed 5 from the setup sheet, and Jesse's DEX contest against Silas begun
    (Jesse 3♦ + 4 against Silas 3♣ + 1: it waits for Silas alone)."""
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
    return page

def test_two_players_choose_for_their_own_sides(open_page: Callable[..., Visit]) -> None:
    """TS-19, TS-21 with the sample party (seed 5): Jesse's DEX contest against Silas waits for Silas alone (he
    is losing); his cheat buttons show what each gives ("→ 15, wins"); his J♦ wins it, and the flip then waits
    for Jesse, whose own "Let the cards stand" settles it. Then Jesse's enhanced shot at a bandit hits: its
    damage flip offers the 2♥, which would do less: a tap on its card on the felt or on its button asks
    "Sure?", and only a second tap on the button plays it (TS-21)."""
    visit = open_page(LAPTOP)
    page = open_the_contest_of_deal_5(visit)
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
    two = next(b for b in page.evaluate("() => window.app.hitboxes()")["hand"] if b["card"] == "2H")
    assert two["playable"], two
    page.mouse.click(two["x"] + two["w"] / 2, two["y"] + two["h"] / 2)  # the felt never plays a warned cheat
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
    page = open_the_contest_of_deal_5(visit)
    click_and_wait(visit, "#move-list button[data-hand='2']")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    small = page.evaluate("""() => [...document.querySelectorAll('#move-list button')]
        .map((b) => b.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length""")
    assert small == 0
    settle_and_shoot(visit, f"tombstone_table-pc-contest-{name}.png")
