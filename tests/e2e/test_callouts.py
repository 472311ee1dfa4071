"""Outcomes on the felt (issue 24, point 3): each game plays to a known moment at normal speed (no `speed=` in the
address: `speed=instant` plays nothing out) and the table names what happened there in a callout, held long enough
to read.

The callouts of every step are read through `window.app.callouts()` ({text, start, ms} in timeline milliseconds at
normal speed) at the moment the step is drawn: the page fires "saloon:rendered" right after the renderer has taken
the step's events, so the record does not depend on how fast a loaded machine plays the animation out. Holds are
read from the timeline (a callout's `ms`), never from the wall clock."""

from __future__ import annotations

import json
import re
from typing import Any, Callable
from urllib.parse import quote

from saloon_site import LAPTOP, Visit

REVEAL_HOLD_MS = 1000  # a reveal stays on the felt this long at least, named
CALLOUT_MS = 900  # any other callout

# Every step's callouts as the table draws it, in order (a step without any records []).
RECORD_CALLOUTS = """
() => {
  window.calloutsSeen = [];
  document.addEventListener("saloon:rendered", () => window.calloutsSeen.push(window.app.callouts()));
}
"""

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def deal_param(deal: dict[str, Any]) -> str:
    return quote(json.dumps(deal, separators=(",", ":")))


def open_table(visit: Visit, address: str) -> Any:
    page = visit.goto(address)
    page.evaluate(RECORD_CALLOUTS)
    page.wait_for_function("() => window.app.current?.session")
    return page


def play(visit: Visit, word: str | None = None, *, part: str | None = None) -> None:
    """The person's move whose button names `word` (a card, "pass") or holds `part` of its JSON (None: the first
    move on offer), once moves are live; waits until it is drawn."""
    page = visit.page
    assert visit.wait_for_turn() == "move"
    before = page.evaluate("() => window.app.renders")
    named = f"[data-move*='{part or json.dumps(word)}']" if word or part else ""
    page.locator(f"button.move:not([disabled]){named}").first.click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)


def seen(page: Any) -> list[dict[str, Any]]:
    """Every callout of every step drawn so far, in order."""
    return [callout for step in page.evaluate("() => window.calloutsSeen") for callout in step]


def callout(page: Any, pattern: str) -> dict[str, Any]:
    """The last callout seen whose text matches `pattern` (waits for the step that brings it)."""
    page.wait_for_function("(p) => window.calloutsSeen.flat().some((c) => new RegExp(p).test(c.text))", arg=pattern)
    return [c for c in seen(page) if re.search(pattern, c["text"])][-1]


# --- Knife Fight ---------------------------------------------------------------------------------------------------
def knife_deal() -> str:
    """The person (red) draws J♥ K♥ red joker, then 10♥ and Q♥; the computer (black) holds only numbers below 10 for
    many rounds, whatever it picks: a parry, a feint answered by the joker's reflection, a cut taken, then a Queen that
    takes a cut and dresses the older wound."""
    red = ["JH", "KH", "RJ", "10H", "QH"]
    red += [r + s for s in "HD" for r in RANKS if r + s not in red]
    black = [r + s for s in "SC" for r in RANKS[:9]] + ["10S", "10C"] + [r + s for s in "SC" for r in "JQK"] + ["BJ"]
    return deal_param({"0": red, "1": black})


def test_knife_fight_names_each_exchange_over_the_ring_and_holds_the_reveal(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = open_table(visit, f"#game=knife_fight&mode=computer&level=easy&seed=3&deal={knife_deal()}")
    number = r"(A|[2-9])[♠♣]"

    play(visit, "JH")
    parry = callout(page, r"^J♥ parries ")
    assert re.fullmatch(rf"J♥ parries {number}", parry["text"])
    assert parry["ms"] >= REVEAL_HOLD_MS and parry["start"] > 0  # after the flip

    play(visit, "KH")
    assert callout(page, "feints")["text"] == "K♥ feints"
    play(visit, "RJ")  # the follow-up: the joker meets a number
    reflect = callout(page, "reflects")
    assert re.fullmatch(rf"Red joker reflects {number}: \d damage", reflect["text"]), reflect
    assert reflect["ms"] >= REVEAL_HOLD_MS

    play(visit, "10H")
    cut = callout(page, r"cuts 10♥")
    assert re.fullmatch(rf"{number} cuts 10♥: \d damage", cut["text"]), cut
    assert cut["ms"] >= REVEAL_HOLD_MS

    play(visit, "QH")
    queen = callout(page, "^Q♥ takes")
    assert re.fullmatch(rf"Q♥ takes {number}, dresses a wound", queen["text"]), queen
    wound = page.evaluate("() => window.app.drawnView().dress_options[0]")
    play(visit, wound)
    dressed = callout(page, "wound dressed")
    assert dressed["text"].endswith("wound dressed") and dressed["ms"] >= CALLOUT_MS
    assert not visit.errors


# --- Dueling Suits -------------------------------------------------------------------------------------------------
ACTIONS = {"S": "Block", "D": "All-out", "C": "Cautious", "H": "Heal"}


def test_dueling_suits_names_both_leads_and_each_sides_damage_and_healing(open_page: Callable[..., Visit]) -> None:
    visit = open_page(LAPTOP)
    page = open_table(visit, "#game=dueling_suits&mode=computer&level=easy&seed=7")
    for turn in range(1, 6):
        play(visit)  # a lead
        page.wait_for_function("() => window.app.drawnView().phase !== 'lead'")
        leads = page.evaluate("() => window.app.drawnView().leads")
        names = sorted(ACTIONS[card[-1]] for card in leads)
        reveal = next(step for step in reversed(page.evaluate("() => window.calloutsSeen"))
                      if step and all(c["text"] in ACTIONS.values() for c in step))
        assert sorted(c["text"] for c in reveal) == names, reveal
        assert all(c["ms"] >= REVEAL_HOLD_MS and c["start"] > 0 for c in reveal)  # from the flip's end, 1 s at least
        while visit.wait_for_turn() == "move" and page.evaluate("(t) => (window.app.drawnView().last?.turn ?? 0) < t", turn):
            play(visit, "pass")
        last = page.evaluate("() => window.app.drawnView().last")
        said = [f"{f'−{d}' if d else ''} {f'+{h}' if h else ''}".strip() for d, h in zip(last["damage"], last["heal"])]
        if not any(said):
            page.evaluate("() => { window.calloutsSeen = []; }")
            continue
        for text in filter(None, said):
            change = callout(page, f"^{re.escape(text)}$")
            assert change["ms"] >= CALLOUT_MS
        break
    else:
        raise AssertionError("no turn changed anyone's health")
    assert not visit.errors


# --- grow21 --------------------------------------------------------------------------------------------------------
def test_grow21_names_a_harvest_and_the_split_it_leaves(open_page: Callable[..., Visit]) -> None:
    """The tied split of tests/grow21/test_e2e.py: the person's third card makes 21, the board breaks into two equal
    parts, and the part the person keeps leaves one card discarded."""
    from grow21.test_e2e import SPLIT_DEAL, SPLIT_MOVES

    visit = open_page(LAPTOP)
    page = open_table(visit, f"#game=grow21&mode=computer&level=easy&seed=5&deal={deal_param(SPLIT_DEAL)}")
    for at in SPLIT_MOVES:
        play(visit, part=json.dumps({"type": "place", "at": at}, separators=(",", ":")))
    harvest = callout(page, r"^21! ")
    assert harvest["text"] == "21! +10" and harvest["ms"] >= CALLOUT_MS
    split = callout(page, "^Split into")
    assert split["text"] == "Split into 2 equal parts" and split["start"] >= harvest["start"] + harvest["ms"]
    play(visit, "keep")
    discarded = callout(page, "discarded")
    assert discarded["text"] == "Split: 1 card discarded" and discarded["ms"] >= CALLOUT_MS
    assert not visit.errors


# --- Grit ----------------------------------------------------------------------------------------------------------
def test_grit_calls_a_bust_over_the_total_when_the_cards_turn_up(open_page: Callable[..., Visit]) -> None:
    """Seed 3, the person always playing the last legal move: the computer's last play turns up in the final reveal
    and takes its total over 21."""
    visit = open_page(LAPTOP)
    page = open_table(visit, "#game=grit&mode=computer&level=easy&seed=3")
    session = page.evaluate("() => window.app.current.session")
    while visit.wait_for_turn(timeout=30_000) == "move":
        last = visit.call({"op": "legal", "session": session, "player": 0})["moves"][-1]
        play(visit, part=json.dumps(last, separators=(",", ":")))
    final = visit.view(0)["final"]["totals"]
    assert final[1] > 21
    bust = callout(page, "^Bust!")
    assert bust["text"] == f"Bust! {final[1]}"
    assert bust["start"] > 0 and bust["ms"] >= REVEAL_HOLD_MS  # the cards turned, then held in sight
    assert not visit.errors


# --- Tombstone: the Showdown and the Dealer's table share the fate felt --------------------------------------------
def click_named(visit: Visit, words: str) -> None:
    """The move button whose label holds `words` (the first live one), once moves are live; waits for the redraw."""
    page = visit.page
    assert visit.wait_for_turn() == "move"
    before = page.evaluate("() => window.app.renders")
    page.locator("button.move:not([disabled])", has_text=words).first.click()
    page.wait_for_function("(n) => window.app.renders > n", arg=before)


def test_the_showdown_names_each_settled_flip_where_its_verdict_stays(open_page: Callable[..., Visit]) -> None:
    """A lone gunslinger at noon, seed 7: the party's initiative flip is let stand, then the fight goes on with
    every flip let stand and every shot taken until an attack settles."""
    visit = open_page(LAPTOP)
    options = json.dumps({"encounter": "noon"})  # as tests/e2e/test_layouts.py writes it
    page = open_table(visit, f"#game=tombstone_showdown&mode=solo&seed=7&options={options}")
    play(visit, "settle")
    first = callout(page, "act first$")
    assert re.fullmatch(r"((Red|Black) Joker: |Two jokers: )?(Party acts|Enemies act) first", first["text"])
    assert first["ms"] >= REVEAL_HOLD_MS
    attack = r"^((Red|Black) Joker: )?(Hit!|Miss)"
    for _ in range(8):
        if any(re.search(attack, c["text"]) for c in seen(page)):
            break
        assert visit.wait_for_turn() == "move"
        if page.locator("button.move:not([disabled])[data-move*='\"settle\"']").count():
            play(visit, "settle")
        else:
            click_named(visit, "Shoot")
    shot = callout(page, attack)
    assert re.fullmatch(r"((Red|Black) Joker: )?(Miss|Hit!( ((Red|Black) Joker: )?(\d+ damage|No damage))?)", shot["text"]), shot
    assert shot["ms"] >= REVEAL_HOLD_MS
    if (dealt := re.search(r"(\d+) damage$", shot["text"])) is not None:
        log = " ".join(entry["sentence"] for entry in visit.view(None)["log"])
        assert f"{dealt[1]} damage to" in log, "the callout's damage is the engine's"
    assert not visit.errors


def test_the_dealers_table_names_a_save(open_page: Callable[..., Visit]) -> None:
    """Ada (tests/tombstone_table) makes a DEX save at high risk; once her flip is let stand, it is named."""
    from tombstone_table.test_e2e import ADD_TO_ROSTER, ada

    visit = open_page(LAPTOP)
    page = visit.goto()
    assert isinstance(page.evaluate(ADD_TO_ROSTER, ada()), dict)
    page.click("button[data-setup='tombstone_table']")
    page.locator(".tt-party-pick").wait_for()
    page.fill("#setup-form input[name='seed']", "7")
    page.click("#setup-form button[value='deal']")
    page.wait_for_selector("#move-list button.move")
    page.evaluate(RECORD_CALLOUTS)
    page.click("button.tt-actor[data-actor='1']")
    play(visit, part=json.dumps({"type": "save", "ability": "DEX", "risk": "high"}, separators=(",", ":")))
    while visit.view(0)["pending"] is not None:
        play(visit, "settle")
    said = callout(page, r"(Saved|Failed)$")
    assert re.fullmatch(r"((Red|Black) Joker: )?(Saved|Failed)", said["text"]) and said["ms"] >= REVEAL_HOLD_MS
    settled = [e for e in visit.view(0)["last"] if e["type"] == "settled"][-1]
    assert said["text"].endswith("Saved" if settled["result"]["success"] else "Failed")
    assert not visit.errors
