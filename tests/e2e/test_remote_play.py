"""A game with a friend on another device (issue 29), played through the real pages: two browser contexts are
the two devices. The host deals from its setup sheet's "Play with a friend on another device", the guest
opens the invite link, the host pastes the guest's answer link, and the two play a whole game on their move
buttons. Every message the guest's page received over the channel is recorded (an init script wraps the
data channel's message listeners): none holds a card the guest's own views never showed, and once the game
is over the guest's page replays the host's revealed record and says the deal was fair.

On loopback ICE needs no STUN server, so both pages are told none (the sheet's connection settings).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Callable

import pytest

from playthrough import flatten, map_cards, move_mapper, redealer
from pygame_core import all_games, get_game
from saloon_site import LOAD_TIMEOUT_MS, PHONE, Visit
from test_phone_layouts import DIALOG, RESULT

# The games two people play, each on a seat of their own: the ones a friend on another device can join.
TWO_PEOPLE = [g.info.id for g in all_games() if g.info.players == 2 and "hotseat" in g.info.modes
              and all(seat.kind == "person" for seat in g.info.seats)]
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC]|[RB]J)"')
SETUP = """() => { localStorage.setItem("saloon.stun", ""); localStorage.setItem("saloon.speed", "instant"); }"""
# Every message a data channel's "message" listeners hear, kept in order on window.heard (a message heard by
# two listeners of one channel counts once); the channels on window.channels.
LISTEN = """() => {
  window.heard = [];
  window.channels = [];
  const add = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message") return add.call(this, type, listener, options);
    if (window.channels.includes(this)) return add.call(this, type, listener, options);
    window.channels.push(this);
    const heard = (event) => { window.heard.push(event.data); return listener.call(this, event); };
    return add.call(this, type, heard, options);
  };
}"""
WHERE = """() => ({
  sheet: document.querySelector("#remote-dialog").open ? document.querySelector("#remote-status").textContent : "closed",
  current: window.app.current, stage: window.app.stage(), renders: window.app.renders,
  status: document.querySelector("#turn-line").textContent, heard: (window.heard || []).map((m) => m.slice(0, 40)),
})"""
STATE = """() => !document.querySelector("#result").hidden ? "over"
  : document.querySelector("button.move:not([disabled])") ? "move" : "wait" """


def connect(open_page: Callable[..., Visit], game: str, host_script: str = "", answer_by_link: bool = False,
            phones: bool = False) -> tuple[Visit, Visit]:
    """The host deals `game` to a friend; the guest answers; both tables are open. `host_script` runs in
    the host's pages before theirs (an altered page); `answer_by_link`: the host opens the answer link in a
    new tab of its device (as a phone's camera app does with a scanned code) instead of pasting it; `phones`:
    both devices are phones (touch, 390x844)."""
    host, guest = (open_page(viewport=PHONE, touch=True), open_page(viewport=PHONE, touch=True)) if phones else (open_page(), open_page())
    for visit in (host, guest):
        visit.context.add_init_script(f"({SETUP})()")
    guest.context.add_init_script(f"({LISTEN})()")
    if host_script:
        host.context.add_init_script(host_script)
    host.goto("")
    host.page.click(f"[data-setup='{game}']")
    host.page.check("#setup-dialog input[name='mode'][value='remote']")
    assert host.page.inner_text("#setup-deal") == "Make an invite"
    host.page.click("#setup-deal")
    host.page.wait_for_function("() => document.querySelector('#remote-link').value.includes('#join=')")
    invite = host.page.input_value("#remote-link")
    guest.page.goto(invite)
    guest.wait_ready()
    guest.page.wait_for_function("() => document.querySelector('#remote-link').value.includes('#answer=')",
                                 timeout=LOAD_TIMEOUT_MS)
    assert "#join=" not in guest.page.url  # the invite does not stay in the address
    if answer_by_link:
        opened = host.new_tab()
        opened.goto(guest.page.input_value("#remote-link"))
        opened.wait_for_selector("#remote-dialog[open]", timeout=LOAD_TIMEOUT_MS)
        assert opened.inner_text("#remote-title") == "Sent to your other tab"
        assert "#answer=" not in opened.url
        opened.close()
    else:
        host.page.fill("#remote-answer-code", guest.page.input_value("#remote-link"))
        host.page.click("#remote-answer button[type='submit']")
    for visit in (host, guest):  # the table drawn (the host may be waiting on the friend's first move)
        drawn(visit, host, guest)
    return host, guest


def answer_invite(host: Visit, guest: Visit) -> None:
    """The guest opens the invite link the host's sheet shows, and the host pastes the answer link the guest's
    page shows."""
    guest.page.goto(host.page.input_value("#remote-link"))
    guest.wait_ready()
    guest.page.wait_for_function("() => document.querySelector('#remote-link').value.includes('#answer=')",
                                 timeout=LOAD_TIMEOUT_MS)
    host.page.fill("#remote-answer-code", guest.page.input_value("#remote-link"))
    host.page.click("#remote-answer button[type='submit']")


def drawn(visit: Visit, host: Visit, guest: Visit) -> None:
    """Wait until `visit`'s table is drawn (a first table loads its game's modules: as long as a page load);
    if it never is, say where each page stood."""
    try:
        visit.page.wait_for_function("() => window.app.current !== null && window.app.renders > 0",
                                     timeout=LOAD_TIMEOUT_MS)
    except Exception as error:
        where = {name: v.page.evaluate(WHERE) for name, v in (("host", host), ("guest", guest))}
        raise AssertionError(f"a table was not drawn: {where}") from error


def play_to_the_end(host: Visit, guest: Visit, limit: int = 400) -> None:
    """Whoever may move clicks their last move button and waits for their table to draw the move, until
    both pages show the result."""
    for _ in range(limit):
        states = [visit.page.evaluate(STATE) for visit in (host, guest)]
        if states == ["over", "over"]:
            return
        for visit, state in zip((host, guest), states):
            if state == "move":
                play_last(visit)
        if "move" not in states:
            host.page.wait_for_timeout(30)
    pytest.fail(f"the game did not end within {limit} turns")


@pytest.mark.parametrize("game", TWO_PEOPLE)
def test_two_devices_play_a_whole_game_and_the_guest_finds_the_deal_fair(open_page: Callable[..., Visit], game: str) -> None:
    host, guest = connect(open_page, game)
    assert host.page.evaluate("window.app.current.mode") == guest.page.evaluate("window.app.current.mode") == "remote"
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")
    heard = [json.loads(text) for text in guest.page.evaluate("window.heard")]
    assert heard[0]["t"] == "hello" and heard[-1]["t"] == "reveal"
    seen: set[str] = set()
    for message in heard:
        if message["t"] != "table":
            continue
        seen |= set(CARD.findall(json.dumps(message["answer"])))
        told = set(CARD.findall(json.dumps([message["events"], message["move"], message["legal"]])))
        assert told <= seen, f"the guest was told of {sorted(told - seen)} before any view of its showed them"
    assert "seed" not in json.dumps([m for m in heard if m["t"] != "reveal"])


# The host's page, altered: the record it reveals is not the game it played.
TAMPER = """(how) => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    const message = JSON.parse(text);
    if (message.t === "reveal") {
      if (how === "seed") message.record.seed += 1;
      if (how === "moves") message.record.moves = message.record.moves.slice(0, -1);
      return send.call(this, JSON.stringify(message));
    }
    return send.call(this, text);
  };
}"""


@pytest.mark.parametrize("how, found", [
    ("seed", "This deal was not fair. The game was not dealt from the seed made of the host's secret and your randomness"),
    ("moves", "This deal was not fair. "),
])
def test_a_host_that_tampers_with_the_game_is_caught_by_the_guests_check(open_page: Callable[..., Visit], how: str,
                                                                        found: str) -> None:
    host, guest = connect(open_page, TWO_PEOPLE[0], f"({TAMPER})({json.dumps(how)})")
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    assert guest.page.inner_text("#fair-verdict").startswith(found)


def test_a_dropped_connection_resumes_the_same_game_from_a_fresh_invite(open_page: Callable[..., Visit]) -> None:
    """The guest's connection drops mid-game (its channel closes, as when a phone sleeps): the host's page
    offers a fresh invite, the guest's page asks for it (its sheet, closed half-way, comes back from the
    "Reconnect" button), the two codes go across again, and the game goes on where it was, to a deal the
    guest's check finds fair (its record of views spans both connections)."""
    host, guest = connect(open_page, TWO_PEOPLE[0])
    play_moves(host, guest, 1)
    going_on(host, guest)
    heard = [json.loads(text) for text in guest.page.evaluate("window.heard")]
    assert not [m for m in heard if m["t"] == "refused"], "the host refused a move played on the guest's buttons"
    ply = [m for m in heard if m["t"] == "table"][-1]["ply"]
    assert ply > 0
    guest.page.evaluate("window.channels.at(-1).close()")
    reconnect(host, guest, closed_half_way=True)
    resumed = json.loads(guest.page.evaluate("window.heard.filter((m) => JSON.parse(m).t === 'table').at(-1)"))
    assert resumed["ply"] >= ply
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")
    deal_another(host, guest)  # over the connection made after the drop


def deal_another(host: Visit, guest: Visit) -> None:
    """The host deals another game over the connection, the guest sits down, and both new tables are open."""
    host.page.click("#remote-rematch")
    guest.page.wait_for_selector("#remote-sit:visible")
    guest.page.click("#remote-sit")
    for visit in (host, guest):
        visit.page.wait_for_function("() => document.querySelector('#result').hidden && window.app.current !== null"
                                     " && !document.querySelector('#remote-dialog').open", timeout=LOAD_TIMEOUT_MS)


def test_another_game_over_the_same_connection_is_dealt_afresh_and_checked(open_page: Callable[..., Visit]) -> None:
    """Once a game is over the guest may ask for another, and the host deals it over the same connection. The
    guest's page asks first: a guest who says not now (closing the sheet) is heard on the host's sheet, and
    the host may offer again. The guest who sits down gets a game dealt from a fresh secret and fresh
    randomness on the same channel, plays it to the end, and finds it fair too."""
    host, guest = connect(open_page, TWO_PEOPLE[0], phones=True)
    first_session = host.page.evaluate("window.app.current.session")
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    for visit in (host, guest):
        assert visit.page.evaluate(RESULT) == []  # on a phone the offer is in sight with the result
    host.screenshot("remote-rematch-offer-phone.png")
    assert guest.page.inner_text("#remote-rematch") == "Ask for another game"  # the host deals, as it dealt the first
    guest.page.click("#remote-rematch")
    assert guest.toast().startswith("Asked:")
    assert host.toast().startswith("Your friend asks for another game")
    host.page.click("#remote-rematch")
    guest.page.wait_for_selector("#remote-sit:visible")
    assert guest.page.inner_text("#remote-title").startswith("Another game of ")
    for size, name in ((PHONE, "phone"), ({"width": 844, "height": 390}, "phone-landscape")):
        for visit in (host, guest):
            visit.page.set_viewport_size(size)
        assert guest.page.evaluate(DIALOG, "#remote-dialog") == []  # a finger reaches "Sit down" and "Not now"
        assert host.page.evaluate(DIALOG, "#remote-dialog") == []
        guest.screenshot(f"remote-rematch-sit-{name}.png")
    guest.page.click("#remote-close")  # not now
    host.page.wait_for_function("() => document.querySelector('#remote-status').textContent"
                                ".includes('Your friend does not want another game now.')")
    assert guest.page.evaluate(STATE) == host.page.evaluate(STATE) == "over"  # both still at the finished game
    host.page.click("#remote-close")
    deal_another(host, guest)
    assert host.page.evaluate("window.app.current.session") != first_session
    assert guest.page.evaluate("window.app.current.mode") == "remote"
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")
    heard = [json.loads(text) for text in guest.page.evaluate("window.heard")]
    hellos = [m for m in heard if m["t"] == "hello"]
    assert len(hellos) == 3 and len({m["commitment"] for m in hellos}) == 3, "each deal commits to a fresh secret"
    reveals = [m for m in heard if m["t"] == "reveal"]
    assert len(reveals) == 2 and reveals[0]["secret"] != reveals[1]["secret"]
    assert guest.page.evaluate("window.channels.length") == 1, "both games went over the one connection"


def test_a_host_who_takes_back_the_offer_of_another_game_ends_the_connection_in_words(open_page: Callable[..., Visit]) -> None:
    """The host offers another game and closes its sheet before the guest sits down: the connection ends, the
    guest's sheet says so instead of offering a seat, and the host's next offer says the friend is gone."""
    host, guest = connect(open_page, TWO_PEOPLE[0])
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    host.page.click("#remote-rematch")
    guest.page.wait_for_selector("#remote-sit:visible")
    host.page.click("#remote-close")
    guest.page.wait_for_function("() => document.querySelector('#remote-status').textContent.includes('left the table')")
    assert guest.page.locator("#remote-sit").is_hidden()
    host.page.click("#remote-rematch")
    host.page.wait_for_function("() => document.querySelector('#remote-status').textContent.includes('no longer connected')")
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")  # the game over stays checked


def reconnect(host: Visit, guest: Visit, closed_half_way: bool = False, invite_by_link: bool = False,
              who: str = "Your friend") -> None:
    """After a drop: the host's page shows a fresh invite, the guest's page asks for it, the codes go across
    and both sheets close on the table. `closed_half_way`: the guest closes its sheet first and opens it again
    from the "Reconnect" button; `invite_by_link`: the guest opens the fresh invite in a new tab of its device;
    `who`: whom the host's sheet names (a player's character at a table of several)."""
    host.page.wait_for_function("(title) => document.querySelector('#remote-link').value.includes('#join=')"
                                " && document.querySelector('#remote-dialog').open"
                                " && document.querySelector('#remote-title').textContent === title",
                                arg=f"{who}'s connection dropped", timeout=LOAD_TIMEOUT_MS)
    guest.page.wait_for_selector("#remote-dialog[open] #remote-answer:not([hidden])", timeout=LOAD_TIMEOUT_MS)
    assert guest.page.inner_text("#remote-title") == "The connection to your friend dropped"
    if closed_half_way:
        guest.page.click("#remote-dialog form[method='dialog'] button")
        guest.page.click("#remote-again")
        guest.page.wait_for_selector("#remote-dialog[open] #remote-answer:not([hidden])")
    if invite_by_link:
        opened = guest.new_tab()
        opened.goto(host.page.input_value("#remote-link"))
        opened.wait_for_selector("#remote-dialog[open]", timeout=LOAD_TIMEOUT_MS)
        assert opened.inner_text("#remote-title") == "Sent to your other tab"
        opened.close()
    else:
        guest.page.fill("#remote-answer-code", host.page.input_value("#remote-link"))
        guest.page.click("#remote-answer button[type='submit']")
    guest.page.wait_for_function("() => document.querySelector('#remote-link').value.includes('#answer=')")
    host.page.fill("#remote-answer-code", guest.page.input_value("#remote-link"))
    host.page.click("#remote-answer button[type='submit']")
    guest.page.wait_for_function("() => !document.querySelector('#remote-dialog').open", timeout=LOAD_TIMEOUT_MS)
    assert guest.page.locator("#remote-again").is_hidden()
    host.page.wait_for_function("(title) => !document.querySelector('#remote-dialog').open"
                                " || document.querySelector('#remote-title').textContent !== title",
                                arg=f"{who}'s connection dropped", timeout=LOAD_TIMEOUT_MS)
    if not host.page.evaluate("document.querySelector('#remote-dialog').open"):
        assert host.page.locator("#remote-again").is_hidden()


def going_on(host: Visit, guest: Visit) -> None:
    """The game is not over yet (a test that drops the connection mid-game plays only the first moves: no
    game of two people's seats here ends within its first two)."""
    assert "over" not in (host.page.evaluate(STATE), guest.page.evaluate(STATE)), "the game ended before the drop"


def play_moves(host: Visit, guest: Visit, rounds: int) -> None:
    """`rounds` times, each page that may move plays its last move button and waits for its table to draw it."""
    for _ in range(rounds):
        for visit in (host, guest):
            if visit.page.evaluate(STATE) == "move":
                play_last(visit)


def play_last(visit: Visit) -> None:
    """Click the page's last move button and wait for its table to draw the move."""
    before = visit.page.evaluate("window.app.renders")
    visit.page.locator("button.move:not([disabled])").last.click()
    visit.page.wait_for_function("(n) => window.app.renders > n", arg=before)


SAVED = "async () => (await window.app.call({op: 'saved'})).slots"


def test_a_reload_on_either_side_resumes_the_game_kept_in_its_slot(open_page: Callable[..., Visit]) -> None:
    """Both pages keep the game in their slot (the record says it is a game with a friend): the guest reloads
    mid-game, then the host does; each time the reloaded page puts the game back on its table and asks for a
    fresh connection at once, the other page sees the drop, and after the codes go across the game goes on to
    a deal the guest's check finds fair (its digests and moves span the reloads)."""
    game = TWO_PEOPLE[0]
    host, guest = connect(open_page, game)
    play_moves(host, guest, 1)
    going_on(host, guest)
    for visit in (host, guest):
        saved = visit.page.evaluate(SAVED)[game]
        assert saved["mode"] == "remote" and saved["moves"] > 0, saved
    for reloaded in (guest, host):  # one after the other, with no move between: the game is still going on
        ply = reloaded.page.evaluate(SAVED)[game]["moves"]
        reloaded.page.reload()
        reloaded.wait_ready()
        assert "mode=remote" in reloaded.page.url
        reconnect(host, guest)
        drawn(reloaded, host, guest)
        resumed = [json.loads(text) for text in guest.page.evaluate("window.heard")]
        assert [m for m in resumed if m["t"] == "table"][-1]["ply"] >= ply
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")
    for visit in (host, guest):
        assert visit.page.evaluate(SAVED)[game]["over"] is True
    guest.page.reload()  # a finished game comes back with its verdict, and asks for no connection
    guest.wait_ready()
    guest.page.wait_for_selector("#fair-verdict:not([hidden])", timeout=LOAD_TIMEOUT_MS)
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")
    assert not guest.page.evaluate("document.querySelector('#remote-dialog').open")


# The host's page, altered for the re-dealing check: the game it deals is the one the test gives it (a seed
# and a deal, window.forced) instead of the fair one. The guest's page is the real one.
FORCE_DEAL = """(forced) => {
  const post = Worker.prototype.postMessage;
  const force = (request) => (request.op === "new" && request.fair
    ? { op: "new", game: request.game, options: request.options, names: request.names, seed: forced.seed, deal: forced.deal }
    : request);
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request) message = { ...message, request: force(message.request) };
    if (message && message.batch) message = { ...message, batch: message.batch.map(force) };
    return post.call(this, message, ...rest);
  };
}"""
CLICK = """(move) => {
  const key = (value) => JSON.stringify(value, (_, v) => (v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
  const want = key(move);
  const button = [...document.querySelectorAll("button.move:not([disabled])")]
    .find((b) => key(JSON.parse(b.dataset.move)) === want);
  if (!button) return false;
  button.click();
  return true;
}"""


HEARD_PLY = "(ply) => window.heard.some((m) => { const t = JSON.parse(m); return t.t === 'table' && t.ply === ply; })"


def tables_by_ply(visit: Visit, last: int) -> dict[int, str]:
    """The guest's table messages up to ply `last`: for each ply the one that told a move (ply 0: the first
    table), as canonical JSON. A table sent again after a refusal or a rejoin repeats one of these."""
    tables: dict[int, str] = {}
    for text in visit.page.evaluate("window.heard"):
        message = json.loads(text)
        if message["t"] == "table" and message["ply"] <= last and (message["move"] is not None or message["ply"] == 0):
            tables.setdefault(message["ply"], json.dumps(message, sort_keys=True))
    return tables


@pytest.mark.parametrize("game", TWO_PEOPLE)
def test_a_redeal_of_the_cards_the_guest_has_not_seen_changes_no_message_it_receives(
        open_page: Callable[..., Visit], game: str) -> None:
    """The re-dealing property (tests/test_properties.py) applied to the channel. A whole game is played and
    its record revealed; at a cut half-way the cards the guest's seat has not been shown by then are dealt
    again (tests/<game>/redealer.py); the host's page is made to deal that game, and the same moves (their
    cards mapped) are played on both pages up to the cut. Every table message the guest receives must be the
    same, character for character: nothing on the channel depends on a card the guest may not see."""
    host, guest = connect(open_page, game)
    seat = json.loads(guest.page.evaluate("window.heard[0]"))["seat"]
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    record = json.loads(guest.page.evaluate("window.heard.at(-1)"))["record"]
    played = [(p, move) for p, move in record["moves"]]
    rng, redeal = random.Random(29), redealer(game)
    assert redeal is not None
    for k in range(len(played) // 2, 0, -1):  # the latest cut at or before half-way that hides a card
        base = get_game(game).new_game(seed=record["seed"], options=record["options"], deal=record["deal"])
        for p, move in played[:k]:
            base.play(p, move)
        new_deal = redeal(base, seat, rng)
        if new_deal != record["deal"]:
            break
    else:
        pytest.fail("no cut of this game leaves a card unseen by the guest")
    old_cards, new_cards = flatten(record["deal"]), flatten(new_deal)
    map_move = move_mapper(game)
    mapping = dict(zip(old_cards, new_cards))
    heard_before = tables_by_ply(guest, k)

    forced = {"seed": record["seed"], "deal": new_deal}
    host2, guest2 = connect(open_page, game, f"({FORCE_DEAL})({json.dumps(forced)})")
    assert json.loads(guest2.page.evaluate("window.heard[0]"))["seat"] == seat
    for ply, (p, move) in enumerate(played[:k], 1):
        mapped = map_cards(move, mapping) if map_move is None else map_move(move, record["deal"], new_deal)
        visit = guest2 if p == seat else host2
        visit.page.wait_for_function(f"({CLICK})", arg=mapped, timeout=LOAD_TIMEOUT_MS)
        # the host's engine took it before the next click: where both may move at once (face-down leads), a move
        # of the other page could otherwise overtake it and play the two in the other order than the record's
        guest2.page.wait_for_function(f"({HEARD_PLY})", arg=ply, timeout=LOAD_TIMEOUT_MS)
    heard_after = tables_by_ply(guest2, k)
    assert sorted(heard_after) == list(range(k + 1))
    for ply in range(k + 1):
        assert heard_after[ply] == heard_before[ply], (
            f"the guest's table at ply {ply} shows the redeal: {first_difference(heard_before[ply], heard_after[ply])}")


def first_difference(before: str, after: str, context: int = 160) -> str:
    """Where two messages first differ, with some text around it (for a failure's message)."""
    at = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), min(len(before), len(after)))
    start = max(0, at - context)
    return f"at character {at}: before ...{before[start:at + context]}... after ...{after[start:at + context]}..."


# The guest's page, altered: with window.dropAfterMove set, its channel closes right after it sends a move
# (a phone that sleeps as its player moves): whether the host got the move shows only in the host's record.
DROP_AFTER_MOVE = """() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    send.call(this, text);
    if (window.dropAfterMove && JSON.parse(text).t === "move") {
      window.dropAfterMove = false;
      this.close();
    }
  };
}"""


def test_a_move_sent_as_the_connection_drops_still_counts_as_the_guests_own(open_page: Callable[..., Visit]) -> None:
    """The guest's page never hears the table that answers its move (the channel closed behind it), then
    reloads: the move is kept as one it may have made, and the check at the end finds it in the host's record
    (the deal is fair, not "a move in your seat you never sent")."""
    host, guest = connect(open_page, TWO_PEOPLE[0])
    guest.context.add_init_script(f"({DROP_AFTER_MOVE})()")
    guest.page.evaluate(f"({DROP_AFTER_MOVE})()")
    for _ in range(400):  # the host moves until the guest is due (its first move: the game goes on after it)
        if guest.page.evaluate(STATE) == "move":
            break
        if host.page.evaluate(STATE) == "move":
            play_last(host)
        else:
            host.page.wait_for_timeout(30)
    guest.page.evaluate("window.dropAfterMove = true")
    guest.page.locator("button.move:not([disabled])").last.click()
    reconnect(host, guest)
    going_on(host, guest)
    guest.page.reload()
    guest.wait_ready()
    reconnect(host, guest)
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")


def test_codes_opened_as_links_on_the_waiting_device_reach_the_waiting_tab(open_page: Callable[..., Visit]) -> None:
    """The host opens the friend's answer link in a new tab of its own device, and later the guest opens the
    fresh invite the same way: each new tab hands its code to the tab waiting for it and says so, and the
    game goes on in the first tabs. An answer link that no tab waits for says where to open it instead."""
    host, guest = connect(open_page, TWO_PEOPLE[0], answer_by_link=True)
    play_moves(host, guest, 1)
    going_on(host, guest)
    guest.page.evaluate("window.channels.at(-1).close()")
    reconnect(host, guest, invite_by_link=True)
    play_to_the_end(host, guest)
    guest.page.wait_for_selector("#fair-verdict:not([hidden])")
    assert guest.page.inner_text("#fair-verdict").startswith("This deal was fair")
    stray = open_page()
    stray.goto("#answer=AAAA")
    stray.page.wait_for_selector("#remote-dialog[open]", timeout=LOAD_TIMEOUT_MS)
    assert stray.page.inner_text("#remote-title") == "An answer to an invite"
    assert "No tab of this device is waiting for this answer" in stray.page.inner_text("#remote-step")
    assert stray.page.inner_text("#remote-close") == "Close"  # the sheet only tells: nothing to cancel


def test_a_game_with_a_friend_takes_the_slot_of_a_game_in_progress_only_when_the_player_says(
        open_page: Callable[..., Visit]) -> None:
    """Both devices have a game of the same game in progress against the computer. The host is asked before
    its invite is made and lets the friend's game take the slot; the guest is asked as it joins and keeps its
    own game, so it plays the friend's unsaved and its slot still holds its game against the computer."""
    game = TWO_PEOPLE[0]
    host, guest = open_page(), open_page()
    for visit in (host, guest):
        visit.context.add_init_script(f"({SETUP})()")
        visit.goto(f"#game={game}&mode=computer")
        assert visit.wait_for_turn(LOAD_TIMEOUT_MS) == "move"  # the computer has made its moves, if it opens
        assert visit.page.evaluate(SAVED)[game]["mode"] == "computer"
    own = guest.page.evaluate(SAVED)[game]
    host.goto("")
    host.page.click(f"[data-setup='{game}']")
    host.page.check("#setup-dialog input[name='mode'][value='remote']")
    host.page.click("#setup-deal")
    host.page.wait_for_selector("#replace-dialog[open]")
    host.page.click("#replace-dialog button[value='replace']")
    host.page.wait_for_function("() => document.querySelector('#remote-link').value.includes('#join=')")
    answer_invite(host, guest)
    guest.page.wait_for_selector("#replace-dialog[open]", timeout=LOAD_TIMEOUT_MS)
    guest.page.click("#replace-dialog button[value='keep']")
    for visit in (host, guest):
        drawn(visit, host, guest)
    play_moves(host, guest, 2)
    assert host.page.evaluate(SAVED)[game]["mode"] == "remote"
    assert guest.page.evaluate(SAVED)[game] == own
