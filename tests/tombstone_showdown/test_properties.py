"""Properties of the Showdown over random fights (hypothesis): any encounter, parties of one to three drawn
at random, every seat's moves chosen at random among the legal ones (the Dealer's too: ``auto_move`` picks
one of them, and the others must hold as well).

- Replay: the record, through JSON, rebuilds the very position, at any cut (SD-2: the engine's own
  rounds, morale saves, free attacks and the snake's lunges follow from the moves and the seed).
- No card lost: every deck of fate holds its 54 cards at every step, counted over the draw pile, the
  discards, the hand and a waiting flip; only characters hold a hand, of at most five (TOMB-1, TOMB-6,
  TS-2, TS-3); and the counts the table shows add up to 54 too.
- No leak: a viewer's views, legal moves and events are the same when the cards they have not seen
  are dealt otherwise (the family's redealer, ``tests/tombstone/redeal.py``), and shuffling the draw piles
  (the Dealer's among them) and the other seats' hands in the middle of a fight changes nothing they see.
- Back to the roster: every sheet a fight writes back, the dead's included, passes ``check_sheet``
  unchanged (TS-17); a trail (SD-15) never loses a character's outcome from one fight to the next.
The generic properties (``tests/test_properties.py``) play the Showdown too, with its default stranger.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playthrough import canon, snapshot
from pygame_core import get_game, replay
from pygame_core.games.tombstone.character import check_sheet
from pygame_core.games.tombstone.encounters import ENCOUNTERS
from pygame_core.games.tombstone.fate import full_deck
from pygame_core.games.tombstone.showdown import ShowdownState
from tombstone.redeal import redeal
from tombstone_showdown.forced import GAME, clone_of, random_party

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VIEWERS: list[int | None] = [0, 1, 2, 3, None]
Fight = tuple[int, str, int, list[int]]


@st.composite
def fights(draw: st.DrawFn) -> Fight:
    """A seed, an encounter (or the trail, SD-15), a party size and the move choices."""
    return (draw(st.integers(0, 2**31)), draw(st.sampled_from([*ENCOUNTERS, "trail"])), draw(st.integers(1, 3)),
            draw(st.lists(st.integers(0, 2**20), max_size=120)))


def new_fight(seed: int, encounter: str, size: int, deal: Any = None) -> ShowdownState:
    """One of the random fights (the party drawn from the seed)."""
    setup = random_party(random.Random(seed), size)
    state = get_game(GAME).new_game(seed=seed, options={"encounter": encounter}, setup=setup, deal=deal)
    assert isinstance(state, ShowdownState)
    return state


def moves_of(state: ShowdownState, choices: list[int]) -> list[tuple[int, dict[str, Any]]]:
    """Play ``state`` on with random legal moves (any seat due; past the choices, the first move, which
    ends a fight) and return them."""
    played = []
    for step in range(600):
        if state.is_over():
            break
        choice = choices[step] if step < len(choices) else 0
        actors = state.to_act()
        p = actors[choice % len(actors)]
        moves = state.legal_moves(p)
        move = moves[(choice // len(actors)) % len(moves)]
        state.play(p, move)
        played.append((p, move))
    return played


def assert_whole_decks(state: ShowdownState) -> None:
    """TOMB-1: 54 cards in every deck, wherever they lie, and the public counts agree."""
    waiting: dict[str, list[str]] = {ref: [] for ref in state.decks}
    for side in (state.pending or {}).get("sides", []):
        waiting[side["deck"]] += [*side["cards"], *([side["cheat"]] if side["cheat"] else [])]
    for ref, deck in state.decks.items():
        assert sorted([*deck.cards(), *waiting[ref]]) == sorted(full_deck()), ref
        assert len(deck.hand) <= 5 and (deck.holds_hand == ref.startswith("pc")) and (deck.holds_hand or not deck.hand)
    shown = state.view(None)
    for entry in [*shown["party"], {**shown["dealer"], "ref": "dealer"}]:
        assert entry["deck"] + len(entry["discard"]) + entry["hand_count"] + len(waiting[entry["ref"]]) == 54


@SETTINGS
@given(fight=fights(), cut=st.integers(0, 10**6))
def test_replaying_the_record_rebuilds_the_fight(fight: Fight, cut: int) -> None:
    """TOMB-1, TS-3, SD-2: every position is whole (54 cards a deck) and the record rebuilds it."""
    seed, encounter, size, choices = fight
    state = new_fight(seed, encounter, size)
    positions = [snapshot(state)]
    for p, move in moves_of(clone_of(state), choices):
        state.play(p, move)
        positions.append(snapshot(state))
        assert_whole_decks(state)
    record = json.loads(json.dumps(state.record()))
    assert snapshot(replay(record)) == positions[-1]
    k = cut % len(positions)
    assert snapshot(replay({**record, "moves": record["moves"][:k]})) == positions[k]


@SETTINGS
@given(fight=fights(), cut=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_cards_a_viewer_has_not_seen_change_nothing_they_see(fight: Fight, cut: int, rng: random.Random) -> None:
    """TOMB-6, TS-15: the no-leak property with parties of one to three (the generic one seats a lone stranger)."""
    seed, encounter, size, choices = fight
    played = moves_of(new_fight(seed, encounter, size), choices)
    k = cut % (len(played) + 1)
    base = new_fight(seed, encounter, size)
    deal = base.record()["deal"]
    for p, move in played[:k]:
        base.play(p, move)
    for v in VIEWERS:
        a, b = new_fight(seed, encounter, size, deal), new_fight(seed, encounter, size, redeal(base, v, rng))
        for step in range(k + 1):
            assert canon(a.view(v)) == canon(b.view(v)), (v, step)
            if v is not None:
                assert a.legal_moves(v) == b.legal_moves(v)
            if step == k:
                break
            p, move = played[step]
            assert canon(a.redact_events(a.play(p, move), v)) == canon(b.redact_events(b.play(p, move), v)), (v, step)


@SETTINGS
@given(fight=fights(), cut=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_no_view_shows_a_draw_piles_order_or_another_seats_hand(fight: Fight, cut: int, rng: random.Random) -> None:
    """TOMB-6, TS-15, SD-12: mid-fight, shuffle every draw pile (the Dealer's order is hidden even from the
    Dealer) and swap the hand cards of every seat but one viewer's with their draw piles: that viewer sees the
    same table, may make the same moves, and the Dealer (seat 0, no hand) makes the same choice."""
    seed, encounter, size, choices = fight
    state = new_fight(seed, encounter, size)
    played = moves_of(clone_of(state), choices)
    for p, move in played[:cut % (len(played) + 1)]:
        state.play(p, move)
    for v in VIEWERS:
        twin = clone_of(state)
        for ref, deck in twin.decks.items():
            if v is not None and ref == f"pc{v - 1}":
                rng.shuffle(deck.draw)
                continue
            hidden = [*deck.hand, *deck.draw]
            rng.shuffle(hidden)
            deck.hand, deck.draw = hidden[:len(deck.hand)], hidden[len(deck.hand):]
        assert canon(twin.view(v)) == canon(state.view(v)), v
        assert twin.to_act() == state.to_act()
        if v is not None:
            assert twin.legal_moves(v) == state.legal_moves(v)
        if v == 0 and state.to_act() == [0]:
            assert twin.auto_move(0) == state.auto_move(0)


@SETTINGS
@given(fight=fights())
def test_every_sheet_a_fight_writes_back_passes_check_sheet(fight: Fight) -> None:
    """TS-17: whatever a fight does to a character (dead far below GRT 0, out, scarred, full of conditions),
    the sheet it writes back comes through JSON and ``check_sheet`` unchanged, and so does the whole result."""
    seed, encounter, size, choices = fight
    state = new_fight(seed, encounter, size)
    moves_of(state, choices)
    for sheet in state.party:  # as the table holds them, ended or not
        assert check_sheet(json.loads(json.dumps(sheet))) == sheet
    result = state.outcome()
    if result is not None:
        back = json.loads(json.dumps(result["result"]))
        assert ShowdownState.check_result(back) == result["result"]


@SETTINGS
@given(seed=st.integers(0, 2**31), size=st.integers(1, 3), choices=st.lists(st.integers(0, 2**20), max_size=400))
def test_a_trail_never_loses_a_characters_outcome(seed: int, size: int, choices: list[int]) -> None:
    """SD-15, SD-16, SD-7: over a random trail (camp moves too), the dead stay dead and out of every later
    fight, nobody comes back to the fights after dying, and the result written back holds every character,
    each fight's end in order, and passes ``check_result`` through JSON."""
    state = new_fight(seed, "trail", size)
    dead: set[int] = set()
    for p, move in moves_of(clone_of(state), choices):
        state.play(p, move)
        for n, sheet in enumerate(state.party):
            if n in dead:
                assert sheet["status"] == "dead", "a death is never undone"
                assert f"pc{n}" not in state.fighting() and p != n + 1
            elif sheet["status"] == "dead":
                dead.add(n)
    for _ in range(3000):  # play it out: the first legal move (a camp's rest, then shopping, then moving on)
        if state.is_over():
            break
        p = state.to_act()[0]
        state.play(p, state.legal_moves(p)[0])
    result = state.outcome()
    assert result is not None
    back = ShowdownState.check_result(json.loads(json.dumps(result["result"])))
    assert back == result["result"] and len(back["party"]) == size
    assert [s["status"] for s in back["party"]] == [s["status"] for s in state.party]
    assert all(back["party"][n]["status"] == "dead" for n in dead)
    fights = back["fights"]
    assert 1 <= len(fights) <= 3 and fights[-1]["end"] == back["end"]
    assert [f["encounter"] for f in fights] == ["snake", "gang", "ambush"][:len(fights)]
    assert all(f["end"] != "dead" for f in fights[:-1]), "only the last fight can end with the party dead"
    assert len(fights) == 3 or back["end"] == "dead"
