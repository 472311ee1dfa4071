"""The Dealer's table with players on their own devices (issue 29, point 5), through the real pages: three
browser contexts are the Dealer's device and two players' phones. Each player has a character on the roster
of their own browser. The Dealer deals the table from its setup sheet ("Players on their own devices", two
of them, nobody from the Dealer's roster), and invites them one after the other; each opens the invite link,
picks the character they sit down with, and sends back the answer link. Once both are seated, the session is
dealt from the Dealer's secret and both players' randomness (pledged before either was revealed).

The players act on their own pages: a save each, with the flip turned by a card from their own hand (shown
only on their page) and the cards let stand from there; the Dealer brings in an enemy, has it attack one of
them, adds a Fatigue to each, and ends the session. No message to a player holds the other player's hand,
each player's check finds the deal fair, and each roster holds its character as the table left it, with the
session in its history (TS-24).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from playwright.sync_api import expect

from pygame_core.games.tombstone.character import item_json, new_sheet
from pygame_core.games.tombstone.tables import ARCHETYPES
from saloon_site import ADD_TO_ROSTER, LOAD_TIMEOUT_MS, PHONE, Visit
from test_phone_layouts import DIALOG, LOOK, RESULT
from test_remote_play import CARD, CLICK, LISTEN, SAVED, SETUP, answer_invite, reconnect

GAME = "tombstone_table"
READ_ROSTER = """async () => {
  const { Roster } = await import("./js/tombstone/roster.js");
  return (await new Roster(window.app).load()).characters.map((c) => c.sheet);
}"""
# Cole sits at the Dealer's device; Ada and Bess join from their own.
# Press `move`'s button as soon as a person may act and the button is there (once the felt is still); the
# renders counted just before it.
PRESS = f"""(move) => {{
  if (window.app.stage() !== "person") return false;
  const renders = window.app.renders;
  return ({CLICK})(move) && {{renders}};
}}"""
PLAYERS = {"Cole": ({"STR": 3, "DEX": 1, "WIL": 2, "GRT": 1}, "outlaw"),
           "Ada": ({"STR": 2, "DEX": 3, "WIL": 1, "GRT": 2}, "outlaw"),
           "Bess": ({"STR": 1, "DEX": 2, "WIL": 3, "GRT": 1}, "gambler")}


def character(name: str) -> dict[str, Any]:
    scores, archetype = PLAYERS[name]
    sheet = new_sheet(scores)
    sheet.update(name=name, background="Drifter", money=100,
                 inventory=[item_json(item) for item in ARCHETYPES[archetype].items])
    return sheet


def heard(visit: Visit) -> list[dict[str, Any]]:
    return [json.loads(text) for text in visit.page.evaluate("window.heard")]


def tables(visit: Visit) -> list[dict[str, Any]]:
    return [message for message in heard(visit) if message["t"] == "table"]


def click_move(visit: Visit, move: dict[str, Any], confirm: bool = False) -> None:
    """Press the move button of `move` (folded controls too), and the step's own button when the page asks
    first (TS-28), and wait for the table to draw what follows."""
    before = visit.page.wait_for_function(PRESS, arg=move).json_value()["renders"]
    if confirm:
        visit.page.click(".tt-confirm button[value='yes']")
    visit.page.wait_for_function("(n) => window.app.renders > n", arg=before)


def save_until_it_waits(visit: Visit, seat: int) -> None:
    """A player makes deadly WIL saves from their own page until one waits for them (a flip already made, or
    decided by a joker, is settled at once; eight in a row is a chance of about 1e-10)."""
    for _ in range(8):
        click_move(visit, {"type": "save", "ability": "WIL", "risk": "deadly"})
        if visit.page.evaluate("(seat) => window.app.drawnView().pending?.deciding.includes(seat) ?? false", seat):
            return
    raise AssertionError("no flip waited for the player")


def settle_own_flip(visit: Visit, seat: int, cheats: list[str]) -> None:
    """A player's own page, when a flip waits for them (a flip nobody could turn is settled at once): their
    hand is on their felt without asking, they lay a card from it when one is offered, then let their cards
    stand (a cheat may have settled it already)."""
    view = visit.page.evaluate("() => window.app.drawnView()")
    if seat not in (view["pending"] or {}).get("deciding", []):
        return
    mine = next(member for member in view["party"] if member["seat"] == seat)
    assert mine["hand"], "a player's own page shows their hand"
    offered = visit.page.eval_on_selector_all(
        "button.move.tt-cheat", "(bs) => bs.map((b) => ({move: JSON.parse(b.dataset.move), warned: 'warning' in b.dataset}))")
    if offered:  # a card that helps, else one that does not (its button asks again before it plays: TS-21)
        laid = min(offered, key=lambda cheat: cheat["warned"])
        if laid["warned"]:
            assert visit.page.evaluate(CLICK, laid["move"])
        click_move(visit, laid["move"])
        cheats.append(laid["move"]["card"])
    if visit.page.evaluate("(seat) => window.app.drawnView()?.pending?.deciding?.includes(seat) ?? false", seat):
        click_move(visit, {"type": "settle"})


def seat_table(open_page: Callable[..., Visit], shots: bool = False,
               dealer_script: str = "") -> tuple[Visit, dict[str, Visit], dict[str, int]]:
    """The Dealer's device seats Cole from its own roster and invites two players on their own devices, who
    bring Ada and Bess from theirs; returns the Dealer's page, each player's page and each character's seat.
    `dealer_script` runs in the Dealer's pages before theirs (an altered page)."""
    dealer = open_page()
    if dealer_script:
        dealer.context.add_init_script(dealer_script)
    players = {name: open_page(PHONE, touch=True) for name in PLAYERS if name != "Cole"}
    for visit in (dealer, *players.values()):
        visit.context.add_init_script(f"({SETUP})()")
    for name, visit in players.items():
        visit.context.add_init_script(f"({LISTEN})()")
        visit.goto()
        assert visit.page.evaluate(ADD_TO_ROSTER, character(name)) == ""
    brought = {name: visit.page.evaluate(READ_ROSTER)[0] for name, visit in players.items()}

    # The Dealer's setup sheet: Cole from the Dealer's roster, two players on their own devices.
    dealer.goto()
    assert dealer.page.evaluate(ADD_TO_ROSTER, character("Cole")) == ""
    dealer.page.click(f"[data-setup='{GAME}']")
    dealer.page.check("#setup-dialog input[name='mode'][value='remote']")
    dealer.page.check("#setup-dialog input[name='guests'][value='2']")
    assert dealer.page.inner_text("#setup-deal") == "Make the invites"
    dealer.page.click("#setup-deal")
    for n, (name, visit) in enumerate(players.items(), 1):
        dealer.page.wait_for_function("(n) => document.querySelector('#remote-link').value.includes('#join=')"
                                      " && document.querySelector('#remote-step').textContent.includes(`Player ${n} of 2`)",
                                      arg=n, timeout=LOAD_TIMEOUT_MS)
        answer_invite(dealer, visit)
        visit.page.wait_for_selector("#remote-bring:not([hidden])", timeout=LOAD_TIMEOUT_MS)
        assert name in visit.page.inner_text("#remote-characters")
        assert visit.page.evaluate(DIALOG, "#remote-dialog") == []  # a phone's finger reaches every control
        if shots and n == 1:
            dealer.screenshot("remote-table-invite-laptop.png")
            visit.screenshot("remote-table-bring-phone.png")
        visit.page.click("#remote-bring button[type='submit']")
    for visit in (dealer, *players.values()):
        visit.page.wait_for_function("() => window.app.current !== null && window.app.renders > 0", timeout=LOAD_TIMEOUT_MS)
    party = dealer.view(0)["party"]
    assert [member["sheet"]["name"] for member in party] == list(PLAYERS)
    seats = {name: n for n, name in enumerate(PLAYERS, 1)}
    for name, visit in players.items():
        assert tables(visit)[0]["answer"]["viewer"] == seats[name]
        assert party[seats[name] - 1]["sheet"] == brought[name]  # seated as brought
        assert visit.page.locator("button.tt-actor").count() == 1  # a player's page offers their own moves only
        assert visit.page.locator("button.tt-hand-toggle").count() == 0  # their hand is always on their felt
        assert visit.page.locator(".tt-desk").count() == 0  # the Dealer's desk (and its notes) stay the Dealer's
    assert dealer.page.locator("button.tt-actor").all_inner_texts() == ["Dealer", "Cole"]  # those at this device
    return dealer, players, seats


def test_a_dealers_table_with_two_players_on_their_own_devices(open_page: Callable[..., Visit]) -> None:
    dealer, players, seats = seat_table(open_page, shots=True)

    # Each player makes saves from their own page until one waits for them, and turns it with a card from
    # their own hand; the Dealer's page says who decides elsewhere.
    cheats: list[str] = []
    for name, visit in players.items():
        save_until_it_waits(visit, seats[name])
        expect(dealer.page.locator("#turn-line")).to_contain_text(f"{name} (on their own device) may cheat fate")
        if name == "Ada":  # a player's phone with a flip waiting for them, upright and turned
            dealer.screenshot("remote-table-dealer-laptop.png")
            assert visit.page.evaluate(LOOK, list(PLAYERS))["problems"] == []
            visit.screenshot("remote-table-player-phone.png")
            visit.page.set_viewport_size({"width": 844, "height": 390})
            assert visit.page.evaluate(LOOK, list(PLAYERS))["problems"] == []
            visit.screenshot("remote-table-player-phone-landscape.png")
            visit.page.set_viewport_size(PHONE)
        settle_own_flip(visit, seats[name], cheats)
        assert len(cheats) == list(players).index(name) + 1, f"{name} laid no card"
    # The Dealer brings in a bandit, who attacks Ada; Ada decides on her own page.
    click_move(dealer, {"type": "enemy", "preset": "bandit"})
    npc = dealer.view(0)["npcs"][0]["ref"]
    click_move(dealer, {"type": "npc_attack", "npc": npc, "target": f"pc{seats['Ada'] - 1}"})
    while dealer.view(0)["pending"] is not None:  # the attack, a hit's damage flip, any save it asks for
        deciding = dealer.view(0)["pending"]["deciding"]
        name = next(name for name in players if seats[name] in deciding)
        settle_own_flip(players[name], seats[name], cheats)
    dealer.page.wait_for_function("() => window.app.drawnView()?.pending === null", timeout=LOAD_TIMEOUT_MS)
    for ref in ("pc0", "pc1", "pc2"):
        click_move(dealer, {"type": "fatigue", "character": ref, "change": 1})
    click_move(dealer, {"type": "end"}, confirm=True)

    for visit in (dealer, *players.values()):
        visit.page.wait_for_selector("#result:not([hidden])", timeout=LOAD_TIMEOUT_MS)
    final = {member["sheet"]["name"]: member["sheet"] for member in dealer.view(0)["party"]}
    for name, visit in players.items():
        visit.page.wait_for_selector("#fair-verdict:not([hidden])", timeout=LOAD_TIMEOUT_MS)
        assert visit.page.inner_text("#fair-verdict").startswith("This deal was fair")
        seen: set[str] = set()
        for message in tables(visit):
            members = message["answer"]["view"]["party"]
            assert all(m["hand"] is None for m in members if m["seat"] != seats[name]), "another player's hand was sent"
            seen |= set(CARD.findall(json.dumps(message["answer"])))
            told = set(CARD.findall(json.dumps([message["events"], message["move"], message["legal"]])))
            assert told <= seen, f"{name} was told of {sorted(told - seen)} before any view of theirs showed them"
        visit.page.wait_for_function("() => !document.querySelector('#result').textContent.includes('Writing')",
                                     timeout=LOAD_TIMEOUT_MS)
        assert visit.page.evaluate(RESULT) == []  # the result box fits the phone, every button in sight
        if name == "Ada":
            visit.screenshot("remote-table-player-result-phone.png")
        roster = visit.page.evaluate(READ_ROSTER)
        assert len(roster) == 1
        kept = roster[0]
        assert kept["fatigue"] == 1 and kept["fatigue"] == final[name]["fatigue"]
        assert kept["history"], "the session is in the character's history"
    dealer.page.wait_for_function("() => !document.querySelector('#result').textContent.includes('Writing')",
                                  timeout=LOAD_TIMEOUT_MS)
    assert "Each player" not in dealer.page.inner_text("#result")
    for visit in (dealer, *players.values()):  # a session ends with the characters going home, not a rematch
        assert visit.page.locator("#remote-rematch").is_hidden()
    kept_here = dealer.page.evaluate(READ_ROSTER)
    assert [sheet["name"] for sheet in kept_here] == ["Cole"]  # the players' characters go home with them
    assert kept_here[0]["fatigue"] == final["Cole"]["fatigue"] == 1 and kept_here[0]["history"]


def test_a_player_or_the_dealer_reloading_takes_up_the_same_session(open_page: Callable[..., Visit]) -> None:
    """Every page keeps the session in its slot. A player's phone reloads: their page puts their seat back on
    the table and asks for a fresh invite, which the Dealer's page offers for that player by name. Then the
    Dealer's device reloads: it asks each player in turn to take their seat again. Play goes on to a deal both
    players' checks find fair, and each roster gets its character back."""
    dealer, players, seats = seat_table(open_page)
    ada, bess = players["Ada"], players["Bess"]
    cheats: list[str] = []
    save_until_it_waits(ada, seats["Ada"])
    settle_own_flip(ada, seats["Ada"], cheats)
    assert ada.page.evaluate(SAVED)[GAME]["mode"] == "remote"

    ada.page.reload()
    ada.wait_ready()
    assert f"side={seats['Ada']}" in ada.page.url
    reconnect(dealer, ada, who="Ada")
    ada.page.wait_for_function("() => window.app.current !== null && window.app.renders > 0", timeout=LOAD_TIMEOUT_MS)
    click_move(bess, {"type": "save", "ability": "WIL", "risk": "low"})
    settle_own_flip(bess, seats["Bess"], cheats)

    dealer.page.reload()
    dealer.wait_ready()
    for name in ("Ada", "Bess"):  # one seat's fresh invite after the other
        reconnect(dealer, players[name], who=name)
    dealer.page.wait_for_function("() => !document.querySelector('#remote-dialog').open", timeout=LOAD_TIMEOUT_MS)
    click_move(ada, {"type": "save", "ability": "STR", "risk": "low"})
    settle_own_flip(ada, seats["Ada"], cheats)
    dealer.page.wait_for_function("() => window.app.drawnView()?.pending === null", timeout=LOAD_TIMEOUT_MS)
    click_move(dealer, {"type": "end"}, confirm=True)
    for name, visit in players.items():
        visit.page.wait_for_selector("#fair-verdict:not([hidden])", timeout=LOAD_TIMEOUT_MS)
        assert visit.page.inner_text("#fair-verdict").startswith("This deal was fair"), name
        visit.page.wait_for_function("() => !document.querySelector('#result').textContent.includes('Writing')",
                                     timeout=LOAD_TIMEOUT_MS)
        assert [sheet["name"] for sheet in visit.page.evaluate(READ_ROSTER)] == [name]


# A player's page, altered: the character it brings is marked dead on its way to the Dealer.
BRING_THE_DEAD = """() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    const message = JSON.parse(text);
    if (message.t === "join" && message.sheet) message.sheet = { ...message.sheet, status: "dead" };
    return send.call(this, JSON.stringify(message));
  };
}"""


def test_a_character_the_dealers_engine_refuses_or_a_player_who_leaves_gets_a_fresh_invite_for_the_seat(open_page: Callable[..., Visit]) -> None:
    """The Dealer's engine checks every character that arrives as it checks a roster entry: one that may not sit
    down (here a dead one, sent by an altered page) is refused in words on both pages, and the seat gets a
    fresh invite. A player who closes the sheet instead of sitting down frees the seat at once too; the next
    invite seats them."""
    dealer, altered, honest = open_page(), open_page(PHONE, touch=True), open_page(PHONE, touch=True)
    for visit in (dealer, altered, honest):
        visit.context.add_init_script(f"({SETUP})()")
    altered.context.add_init_script(f"({BRING_THE_DEAD})()")
    for name, visit in (("Ada", altered), ("Bess", honest)):
        visit.goto()
        assert visit.page.evaluate(ADD_TO_ROSTER, character(name)) == ""
    dealer.goto()
    dealer.page.click(f"[data-setup='{GAME}']")
    dealer.page.check("#setup-dialog input[name='mode'][value='remote']")
    dealer.page.click("#setup-deal")
    for visit, leaves in ((altered, False), (honest, True), (honest, False)):
        dealer.page.wait_for_function("() => document.querySelector('#remote-link').value.includes('#join=')",
                                      timeout=LOAD_TIMEOUT_MS)
        answer_invite(dealer, visit)
        visit.page.wait_for_selector("#remote-bring:not([hidden])", timeout=LOAD_TIMEOUT_MS)
        if leaves:  # the player closes the sheet instead of sitting down: the Dealer's page hears it at once
            visit.page.click("#remote-close")
            expect(dealer.page.locator("#remote-step")).to_contain_text(
                "Player 1 could not sit down. The other device closed the connection before it answered.", timeout=LOAD_TIMEOUT_MS)
            continue
        visit.page.click("#remote-bring button[type='submit']")
        if visit is altered:
            expect(altered.page.locator("#remote-status")).to_have_text("The dead do not sit down at a table.")
            expect(dealer.page.locator("#remote-step")).to_contain_text(
                "Player 1 could not sit down. The dead do not sit down at a table.")
    honest.page.wait_for_function("() => window.app.current !== null && window.app.renders > 0", timeout=LOAD_TIMEOUT_MS)
    assert [member["sheet"]["name"] for member in dealer.view(0)["party"]] == ["Bess"]


# The Dealer's page, altered: the nonces it reveals at the end are not the ones the deal was made from (the
# first player's is swapped for randomness of its own choosing).
SWAP_A_NONCE = """() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    const message = JSON.parse(text);
    if (message.t !== "reveal") return send.call(this, text);
    message.nonces[0] = "0".repeat(32);
    return send.call(this, JSON.stringify(message));
  };
}"""


def test_a_dealer_that_swaps_a_players_randomness_is_caught_by_both_players_checks(
        open_page: Callable[..., Visit]) -> None:
    """Each player's check replays the session from the Dealer's secret and every player's revealed randomness:
    the player whose randomness was swapped finds it left out, the other finds a nonce that is not the one
    pledged before the deal, and both find the seed was not made from them."""
    dealer, players, _ = seat_table(open_page, dealer_script=f"({SWAP_A_NONCE})()")
    click_move(dealer, {"type": "end"}, confirm=True)
    said = {}
    for name, visit in players.items():
        visit.page.wait_for_selector("#fair-verdict:not([hidden])", timeout=LOAD_TIMEOUT_MS)
        said[name] = visit.page.inner_text("#fair-verdict")
        assert said[name].startswith("This deal was not fair."), said
    assert "Your randomness is not among the nonces the deal was made from" in said["Ada"]
    assert "not the ones they committed to before the deal" in said["Bess"]
