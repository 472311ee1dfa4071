"""Bots and the Dealer's table: it has no computer levels (people run every seat), so there is no hard
bot and the bridge refuses a ``bot`` request; the random bot, which the golden playthrough and the
protocol properties use, stays legal over many seeds, and every deck keeps its 54 cards at every step,
counting the draw pile, the discards, the hand and what lies in a waiting flip (TOMB-1, TOMB-6, TS-2, TS-3).
Property tests (hypothesis) add a party drawn at random, replay of the record, private hands, and the sheets a
session writes back: each passes ``check_sheet`` unchanged, the dead's included (TS-17)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge_calls import fails, ok, strings
from playthrough import canon
from pygame_core import get_game, replay
from pygame_core.bots import LEVELS, RandomBot, make_bot
from pygame_core.bridge import Bridge
from pygame_core.games.tombstone.character import check_sheet, new_sheet
from pygame_core.games.tombstone.fate import full_deck
from pygame_core.games.tombstone.table import TableState

GAME_ID = "tombstone_table"
GAME = get_game(GAME_ID)


def test_the_table_has_no_levels_and_no_hard_bot() -> None:
    assert GAME.info.levels == () and GAME.info.level_ids == ()
    assert GAME_ID not in LEVELS
    with pytest.raises(ValueError):
        make_bot(GAME_ID, "hard", 1)
    with pytest.raises(ValueError):
        make_bot(GAME_ID, "easy", 1)
    b = Bridge()
    ok(b, {"op": "new", "game": GAME_ID, "seed": 1})
    for level in ("easy", "hard"):
        answer = fails(b, {"op": "bot", "session": "s1", "player": 0, "level": level}, "bad_request")
        assert "levels: none" in answer["error"]["message"]
    fails(b, {"op": "bot", "session": "s1", "player": 1}, "bad_request")


def deck_cards(state: TableState) -> dict[str, list[str]]:
    """Every card each deck owns: draw pile, discards, hand, and the cards of a waiting flip."""
    cards = {ref: deck.cards() for ref, deck in state.decks.items()}
    for side in (state.pending or {}).get("sides", []):
        cards[side["deck"]] += [*side["cards"], *([side["cheat"]] if side["cheat"] else [])]
    return cards


def assert_whole_decks(state: TableState) -> None:
    for ref, cards in deck_cards(state).items():
        assert sorted(cards) == sorted(full_deck()), f"{ref} holds {len(cards)} cards"
        deck = state.decks[ref]
        assert len(deck.hand) <= 5 and (deck.holds_hand or not deck.hand)


def random_party(rng: random.Random, size: int) -> dict[str, Any]:
    """One to six characters of random abilities (seven cards by suit, TOMB-2), some with weapons."""
    party = []
    for n in range(size):
        scores = {a: 0 for a in ("STR", "DEX", "WIL", "GRT")}
        for _ in range(7):
            scores[rng.choice(list(scores))] += 1
        sheet = new_sheet(scores)
        sheet["name"] = f"Kid {n}"
        if rng.random() < 0.7:
            sheet["inventory"].append({"id": "revolver", "name": "Revolver", "kind": "weapon", "slots": 1,
                                       "weapon": "hand", "ranged": True})
        party.append(sheet)
    return {"party": party}


def random_session(seed: int, steps: int, party: int | None = None) -> TableState:
    """A random session (the random bot at every seat, any seat that may act), checked at every step."""
    rng = random.Random(seed)
    setup = None if party is None else random_party(rng, party)
    state = GAME.new_game(seed=seed, setup=setup)
    assert isinstance(state, TableState)
    bot = RandomBot(seed)
    assert_whole_decks(state)
    for _ in range(steps):
        if state.is_over():
            break
        p = rng.choice(state.to_act())
        moves = state.legal_moves(p)
        move = bot.choose(state.view(p), moves)
        assert move in moves and state.check(p, move) is None, (p, move)
        state.play(p, move)
        assert_whole_decks(state)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_random_play_stays_legal_and_keeps_54_cards_per_deck(seed: int) -> None:
    state = random_session(seed, 300, party=None if seed % 3 == 0 else 1 + seed % 6)
    assert len(state.record()["moves"]) > 0


def test_a_long_session_runs_decks_out_and_takes_rests() -> None:
    """Saves and settles only, for long enough that decks run out (TS-3), with a night between."""
    state = GAME.new_game(seed=4)
    assert isinstance(state, TableState)
    renewed = 0
    for step in range(130):
        if step == 60:
            state.play(0, {"type": "rest", "kind": "night"})
        events = state.play(1, {"type": "save", "ability": "DEX", "risk": "standard"})
        if state.pending is not None:
            events += state.play(1, {"type": "settle"})
        renewed += sum(e["type"] == "renewed" for e in events)
        assert_whole_decks(state)
    assert renewed >= 1


SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(seed=st.integers(0, 2**31), size=st.integers(1, 6), steps=st.integers(0, 80))
def test_replay_rebuilds_every_seats_view(seed: int, size: int, steps: int) -> None:
    """replay(record) rebuilds the session: every seat's view, the seats to act and their moves."""
    state = random_session(seed, steps, party=size)
    again = replay(json.loads(json.dumps(state.record())))
    for seat in [*range(7), None]:
        assert canon(again.view(seat)) == canon(state.view(seat))
    assert again.to_act() == state.to_act()
    assert [again.legal_moves(p) for p in range(7)] == [state.legal_moves(p) for p in range(7)]


@SLOW
@given(seed=st.integers(0, 2**31), size=st.integers(2, 6), steps=st.integers(0, 80))
def test_a_seat_never_sees_another_seats_hand(seed: int, size: int, steps: int) -> None:
    """The view of seat k shows k's own hand only, and another character's entry names none of its hidden
    hand cards (every deck holds the same 54 codes, so a card is told apart by its deck; the no-leak
    property of tests/test_properties.py with ``redealer.py`` checks the whole view and every event)."""
    state = random_session(seed, steps, party=size)
    for seat in [*range(7), None]:
        view = state.view(seat)
        for entry in view["party"]:
            own = entry["seat"] == seat
            assert (entry["hand"] is not None) == own
            if own:
                assert entry["hand"] == state.decks[entry["ref"]].hand
        for entry in view["party"]:
            hidden = set(state.decks[entry["ref"]].hand) - set(entry["discard"])
            if entry["seat"] != seat:  # its sheet, counts and the rest of its entry name no hidden card
                rest = {k: v for k, v in entry.items() if k not in ("discard", "sheet")}
                sheet = {k: v for k, v in entry["sheet"].items() if k != "made"}  # take-over cards were face up
                assert not hidden & strings([rest, sheet]), (seat, entry["ref"])
        for event in state.redact_events(state.last, seat):
            if isinstance(event.get("hand"), list):
                assert seat is not None and event.get("who", event.get("deck")) == f"pc{seat - 1}"



@SLOW
@given(seed=st.integers(0, 2**31), size=st.integers(1, 6), steps=st.integers(0, 120))
def test_every_sheet_a_session_writes_back_passes_check_sheet(seed: int, size: int, steps: int) -> None:
    """TS-17: a random session, then the players let what waits stand and the Dealer ends it: every sheet of its result (the
    party, hirelings taken over, the fallen) comes through JSON and ``check_sheet`` unchanged, and the party
    sits down at a new table as it is."""
    state = random_session(seed, steps, party=size)
    if not state.is_over():
        while state.pending is not None:  # each player the flip waits for lets the cards stand (TS-19)
            state.play(state.to_act()[0], {"type": "settle"})
        if not state.is_over():
            state.play(0, {"type": "end"})
    outcome = state.outcome()
    assert outcome is not None
    result = outcome["result"]
    for sheet in [*result["party"], *result["fallen"]]:
        assert check_sheet(json.loads(json.dumps(sheet))) == sheet
    assert TableState.check_setup({"party": result["party"]}) == {"party": result["party"]}
