"""Dueling Suits house rulings DUEL-1..8 (RULINGS.md), one or more tests per ruling, through the protocol.

Forced deals: ``new_game(seed=..., deal=[52 codes in draw order])``: cards 0-6 are seat 0's, 7-13
seat 1's, then the deck top first. Turn 1 starts in the constructor with one draw each (seat 0
takes card 14, seat 1 card 15), so ``deal(hand0, hand1, later)`` takes the 8 cards each holds at
the first lead (the 8th is that first draw) and the cards drawn from turn 2 on, in draw order; the
rest fill the free places in a fixed order, so every card drawn later is known too.

The expected results are written from the rulings, not from the engine: each resolution-table cell
is worked out by hand from DUEL-6 and checked through real play (leads, chains, passes).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from dueling_suits.redealer import dueling_suits_seen
from playthrough import assert_redeal_unseen, card_codes
from pygame_core import SetupError, State, get_game, replay
from pygame_core.cards import new_rng, shuffle, standard_deck
from pygame_core.games.dueling_suits import Effects, explain, resolve

GAME = get_game("dueling_suits")
VIEWERS: tuple[int | None, ...] = (0, 1, None)
PASS: dict[str, str] = {"type": "pass"}
RANKS: list[str] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
# the free places take the rest in this order: low cards first, so fillers stay weak
FILL: list[str] = [rank + s for rank in RANKS for s in "SHDC"]


# --------------------------------------------------------------------------- helpers
def deal(hand0: list[str] = [], hand1: list[str] = [], later: list[str] = []) -> list[str]:
    """The 52 codes in draw order for hands of 8 at the first lead (``hand0``/``hand1``, as held,
    filled up to 8) and the draws of turn 2 on (``later``, in draw order: DUEL-4)."""
    named = [*hand0, *hand1, *later]
    assert len(set(named)) == len(named) and len(hand0) <= 8 and len(hand1) <= 8, named
    rest = [c for c in FILL if c not in named]
    h0 = [*hand0, *(rest.pop(0) for _ in range(8 - len(hand0)))]
    h1 = [*hand1, *(rest.pop(0) for _ in range(8 - len(hand1)))]
    cards = [*h0[:7], *h1[:7], h0[7], h1[7], *later, *rest]
    assert sorted(cards) == sorted(standard_deck())
    return cards


def new(hand0: list[str] = [], hand1: list[str] = [], later: list[str] = [], first: str = "0",
        perks: str = "0-0", seed: int = 0) -> State:
    return GAME.new_game(seed=seed, options={"first_initiative": first, "perks": perks},
                         deal=deal(hand0, hand1, later))


def lead(card: str) -> dict[str, str]:
    return {"type": "lead", "card": card}


def chain(card: str) -> dict[str, str]:
    return {"type": "chain", "card": card}


def leads(state: State, c0: str, c1: str) -> list[dict[str, Any]]:
    """Both leads, seat 0 first; the events of both."""
    return state.play(0, lead(c0)) + state.play(1, lead(c1))


def chains(state: State, cards: list[str]) -> list[dict[str, Any]]:
    """Chain ``cards`` in turn (each by the player whose turn it is), then that player passes."""
    events: list[dict[str, Any]] = []
    for card in cards:
        events += state.play(state.to_act()[0], chain(card))
    return events + state.play(state.to_act()[0], PASS)


def turn(state: State, c0: str, c1: str, chained: list[str] = []) -> list[dict[str, Any]]:
    """One whole turn: the leads, the chain cards in turn order, the first pass."""
    return leads(state, c0, c1) + chains(state, chained)


def all_in(state: State, c0: str, c1: str) -> list[dict[str, Any]]:
    """Lead, then both chain every card they hold until one is out of cards and must pass."""
    events = leads(state, c0, c1)
    while True:
        p = state.to_act()[0]
        moves = state.legal_moves(p)
        events += state.play(p, moves[0])
        if moves == [PASS]:
            return events


def snapshot(state: State) -> str:
    data = {"record": state.record(), "views": [state.view(v) for v in VIEWERS],
            "to_act": state.to_act(), "legal": [state.legal_moves(p) for p in (0, 1)],
            "outcome": state.outcome()}
    return json.dumps(data, sort_keys=True)


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def last(state: State, viewer: int | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = state.view(viewer)["last"]
    return entry


def error_code(state: State, p: Any, move: Any) -> str | None:
    error = state.check(p, move)
    return None if error is None else error["code"]


# --------------------------------------------------------------------------- DUEL-1 cards, powers, deals
def test_duel_1_powers_are_face_value_then_j_q_k_a() -> None:
    state = new(["2D", "10D", "JD", "QD", "KD", "AD"])
    labels = [state.describe(0, m) for m in state.legal_moves(0)[:6]]
    assert labels == ["Lead 2♦ face down (all-out attack, power 2)", "Lead 10♦ face down (all-out attack, power 10)",
                      "Lead J♦ face down (all-out attack, power 11)", "Lead Q♦ face down (all-out attack, power 12)",
                      "Lead K♦ face down (all-out attack, power 13)", "Lead A♦ face down (all-out attack, power 14)"]
    state = new(["9S", "9C", "9H"])
    assert [state.describe(0, lead(c)) for c in ("9S", "9C", "9H")] == [
        "Lead 9♠ face down (block, power 9)", "Lead 9♣ face down (cautious attack, power 9)",
        "Lead 9♥ face down (heal, power 9)"]


def test_duel_1_forced_deal_seven_each_then_the_deck_top_first() -> None:
    cards = deal(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"], ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"])
    assert cards[:7] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S"] and cards[14:16] == ["8S", "8H"]
    state = GAME.new_game(seed=0, deal=cards)
    assert state.view(0)["hand"] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    assert state.view(1)["hand"] == ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    assert state.view(None)["deck"] == 36 and state.record()["deal"] == cards
    cards.reverse()
    assert state.record()["deal"][0] == "AS", "the forced deal is copied"


def test_duel_1_random_deals_differ_by_seed_and_repeat_for_a_seed() -> None:
    deals = {json.dumps(GAME.new_game(seed=s).record()["deal"]) for s in range(20)}
    assert len(deals) == 20
    assert all(sorted(json.loads(d)) == sorted(standard_deck()) for d in deals)
    assert GAME.new_game(seed=4).record()["deal"] == GAME.new_game(seed=4).record()["deal"]


@pytest.mark.parametrize("why,bad", [
    ("51 cards", standard_deck()[:-1]), ("53 cards", [*standard_deck(), "AS"]),
    ("a joker", [*standard_deck()[:-1], "RJ"]), ("a duplicate", [*standard_deck()[:-1], "AS"]),
    ("lower case", [c.lower() for c in standard_deck()]), ("an object", {"0": standard_deck()}),
    ("a string", "AS"), ("numbers", list(range(52))),
])
def test_duel_1_bad_deals_are_refused(why: str, bad: Any) -> None:
    with pytest.raises(SetupError) as info:
        GAME.new_game(seed=0, deal=bad)
    assert info.value.code == "bad_deal"


# --------------------------------------------------------------------------- DUEL-6 the sixteen cells
# (your card, opponent's card, damage (you, opp), heal (you, opp), block bonus earned (you, opp)),
# worked out by hand from DUEL-6 with "you" on the row; every (row, column) pair appears.
CELLS: list[tuple[str, str, tuple[int, int], tuple[int, int], tuple[int, int]]] = [
    ("9S", "QS", (0, 0), (0, 0), (0, 0)),     # S-S: nothing
    ("5S", "QD", (5, 0), (0, 0), (5, 0)),     # S-D: 12-2-5 = 5 gets through; +5 for the blocker
    ("5S", "7D", (0, 0), (0, 0), (5, 0)),     # S-D: 7-2-5 = 0
    ("10S", "7D", (0, 0), (0, 0), (10, 0)),   # S-D: 7-2-10 < 0 is no damage, not healing
    ("5S", "9C", (4, 0), (0, 0), (0, 0)),     # S-C: 9-5
    ("9S", "9C", (0, 0), (0, 0), (0, 0)),     # S-C: equal
    ("10S", "4C", (0, 0), (0, 0), (0, 0)),    # S-C: 4-10 < 0
    ("9S", "6H", (0, 0), (0, 6), (0, 0)),     # S-H: the healer heals
    ("QD", "5S", (0, 5), (0, 0), (0, 5)),     # D-S: mirror of S-D
    ("8D", "JD", (11, 8), (0, 0), (0, 0)),    # D-D: each takes the other's power
    ("6D", "9C", (9, 0), (0, 0), (0, 0)),     # D-C: the lower power takes the other's
    ("9D", "6C", (0, 9), (0, 0), (0, 0)),
    ("7D", "7C", (0, 0), (0, 0), (0, 0)),     # D-C: equal, nothing
    ("8D", "KH", (0, 8), (0, 0), (0, 0)),     # D-H: the healer takes it and does not heal
    ("9C", "5S", (0, 4), (0, 0), (0, 0)),     # C-S: mirror of S-C
    ("4C", "10S", (0, 0), (0, 0), (0, 0)),
    ("9C", "6D", (0, 9), (0, 0), (0, 0)),     # C-D: mirror of D-C
    ("6C", "9D", (9, 0), (0, 0), (0, 0)),
    ("7C", "7D", (0, 0), (0, 0), (0, 0)),
    ("7C", "9C", (5, 4), (0, 0), (0, 0)),     # C-C: half the other's, rounded up: 9 -> 5, 7 -> 4
    ("9C", "QH", (0, 9), (0, 12), (0, 0)),    # C-H: the healer heals 12 and takes 9
    ("6H", "9S", (0, 0), (6, 0), (0, 0)),     # H-S
    ("KH", "8D", (8, 0), (0, 0), (0, 0)),     # H-D
    ("QH", "9C", (9, 0), (12, 0), (0, 0)),    # H-C
    ("6H", "9H", (0, 0), (6, 9), (0, 0)),     # H-H: both heal their own power
]


def test_duel_6_the_cases_cover_all_sixteen_cells() -> None:
    assert {(a[-1], b[-1]) for a, b, *_ in CELLS} == {(x, y) for x in "SDCH" for y in "SDCH"}


@pytest.mark.parametrize("you", [0, 1], ids=["you-seat-0", "you-seat-1"])
@pytest.mark.parametrize("mine,theirs,damage,heal,bonus", CELLS, ids=[f"{a}-vs-{b}" for a, b, *_ in CELLS])
def test_duel_6_every_cell_through_play(you: int, mine: str, theirs: str, damage: tuple[int, int],
                                        heal: tuple[int, int], bonus: tuple[int, int]) -> None:
    """Both lead, the initiative holder passes at once: the powers are the leads' (DUEL-5), and the
    cell settles both sides at once from 15 health (DUEL-2). Each case is played from both seats."""
    other = 1 - you
    cards = {you: mine, other: theirs}

    def seat(pair: tuple[int, int]) -> tuple[int, int]:
        """(you, opponent) -> (seat 0, seat 1)."""
        return pair if you == 0 else (pair[1], pair[0])

    state = new([cards[0]], [cards[1]])
    turn(state, cards[0], cards[1])
    entry = last(state, None)
    assert entry["damage"] == list(seat(damage)) and entry["heal"] == list(seat(heal))
    assert entry["bonus_earned"] == list(seat(bonus))
    assert state.view(None)["health"] == [15 - d + h for d, h in zip(seat(damage), seat(heal))]
    assert state.view(None)["bonus"] == list(seat(bonus)), "the bonus is carried onto turn 2's lead"
    # the pure function agrees, seat 0 first
    powers = (int(entry["powers"][0]), int(entry["powers"][1]))
    assert resolve((cards[0][-1], cards[1][-1]), powers) == Effects(
        seat(damage), seat(heal), (seat(bonus)[0] > 0, seat(bonus)[1] > 0))
    # the cell from each side: the viewer's suit is the row, a spectator reads seat 0's row
    for viewer, row_seat in ((you, you), (other, other), (None, 0)):
        assert last(state, viewer)["cell"] == {"row": cards[row_seat][-1], "column": cards[1 - row_seat][-1],
                                               "row_seat": row_seat}


# --------------------------------------------------------------------------- DUEL-6 block bonus
@pytest.mark.parametrize("blocker", [0, 1])
def test_duel_6_block_bonus_goes_to_the_blocker_for_the_next_lead_only(blocker: int) -> None:
    """5S blocks QD: the blocker takes 12-2-5 = 5 and earns +5 (its own power, not the attacker's:
    the seed's Diamonds row is a typo). It is added to the next lead (power 9 + 5 = 14, healed in
    full against a block) and is gone the turn after (3 heals 3)."""
    attacker = 1 - blocker
    hands: dict[int, list[str]] = {blocker: ["5S", "9H", "3H"], attacker: ["QD", "2S", "4S"]}
    state = new(hands[0], hands[1], first=str(attacker))
    turn(state, *(("5S", "QD") if blocker == 0 else ("QD", "5S")))
    assert last(state)["bonus_earned"][blocker] == 5 and last(state)["bonus_earned"][attacker] == 0
    assert state.view(None)["health"][blocker] == 10
    for viewer in VIEWERS:
        assert state.view(viewer)["bonus"][blocker] == 5 and state.view(viewer)["bonus"][attacker] == 0
    state.play(blocker, lead("9H"))
    own = state.view(blocker)["power"][blocker]
    assert own == {"lead": 9, "bonus": 5, "chains": 0, "perks": 0, "total": 14}
    state.play(attacker, lead("2S"))
    assert state.view(attacker)["power"][blocker]["total"] == 14, "public once revealed"
    chains(state, [])
    assert last(state)["bonus_used"][blocker] == 5 and last(state)["powers"][blocker] == 14
    assert state.view(None)["health"][blocker] == 24 and state.view(None)["bonus"] == [0, 0]
    state.play(blocker, lead("3H"))
    assert state.view(blocker)["power"][blocker] == {"lead": 3, "bonus": 0, "chains": 0, "perks": 0, "total": 3}
    state.play(attacker, lead("4S"))
    chains(state, [])
    assert state.view(None)["health"][blocker] == 27


def test_duel_6_block_bonus_is_the_blockers_whole_power() -> None:
    """Lead, chain cards and perks all count: 4S + 6S (full) + perk 1 = 11 blocks 13 without damage."""
    state = new(["KD", "2H"], ["4S", "6S"], first="1", perks="0-1")
    leads(state, "KD", "4S")
    chains(state, ["6S"])  # seat 1 opens; seat 0 passes
    assert last(state)["powers"] == [13, 11] and last(state)["damage"] == [0, 0]
    assert last(state)["bonus_earned"] == [0, 11] and state.view(None)["bonus"] == [0, 11]


# --------------------------------------------------------------------------- DUEL-3 initiative token
def test_duel_3_first_initiative_option() -> None:
    for first in (0, 1):
        state = new(["QD"], ["2S"], first=str(first))
        assert state.view(None)["initiative"] == first
        leads(state, "QD", "2S")
        assert state.to_act() == [first] and state.view(None)["chain_turn"] == first


def test_duel_3_random_initiative_comes_from_the_seed() -> None:
    firsts = {seed: GAME.new_game(seed=seed).view(None)["initiative"] for seed in range(40)}
    assert set(firsts.values()) == {0, 1}
    for seed in range(10):
        forced = GAME.new_game(seed=seed, options={"first_initiative": "random"}, deal=deal())
        assert forced.view(None)["initiative"] == firsts[seed], "a forced deal does not change the draw"
        assert GAME.new_game(seed=seed).view(None)["initiative"] == firsts[seed]


def test_duel_3_the_token_changes_hands_every_turn() -> None:
    state = new(["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"], first="1")
    seen = []
    for c0, c1 in (("2S", "2H"), ("3S", "3H"), ("4S", "4H")):
        seen.append(state.view(None)["initiative"])
        events = turn(state, c0, c1)
        assert of_type(events, "turn")[0]["initiative"] == 1 - seen[-1]
        assert last(state)["initiative"] == seen[-1]
    assert seen == [1, 0, 1] and state.view(None)["initiative"] == 0


# --------------------------------------------------------------------------- DUEL-5 chaining
def test_duel_5_only_the_holder_opens_then_alternation_until_the_first_pass() -> None:
    """Seat 1 holds the token: seat 0 may not open; then turns alternate. Chain cards add full power
    on the lead's suit, half rounded up otherwise (9 -> 5, 7 -> 4), judged against the lead even
    after a same-suit chain card."""
    state = new(["QD", "7D", "7C", "5H"], ["2S", "9H", "3S", "6C"], first="1")
    events = leads(state, "QD", "2S")
    assert events[-1] == {"type": "reveal", "cards": ["QD", "2S"]}
    assert state.view(None)["phase"] == "chain" and state.to_act() == [1]
    assert error_code(state, 0, chain("7D")) == "not_your_turn"
    assert error_code(state, 0, PASS) == "not_your_turn"
    assert state.legal_moves(0) == []
    assert state.legal_moves(1) == [chain("9H"), chain("3S"), chain("6C"), *[chain(c) for c in
                                    state.view(1)["hand"][3:]], PASS]
    added = []
    for p, card in ((1, "9H"), (0, "7D"), (1, "3S"), (0, "7C")):
        assert state.to_act() == [p]
        (event,) = state.play(p, chain(card))
        assert event["type"] == "chain" and event["player"] == p and event["card"] == card
        added.append(event["added"])
    assert added == [5, 7, 3, 4]
    view = state.view(None)
    assert view["chains"] == [[{"card": "7D", "added": 7, "full": True}, {"card": "7C", "added": 4, "full": False}],
                              [{"card": "9H", "added": 5, "full": False}, {"card": "3S", "added": 3, "full": True}]]
    assert view["power"] == [{"lead": 12, "bonus": 0, "chains": 11, "perks": 0, "total": 23},
                             {"lead": 2, "bonus": 0, "chains": 8, "perks": 0, "total": 10}]
    events = state.play(1, PASS)
    assert [e["type"] for e in events[:2]] == ["pass", "resolve"]
    entry = last(state)
    assert entry["powers"] == [23, 10] and entry["damage"] == [0, 11]  # 23-2-10 gets through the block
    assert entry["chains"] == view["chains"] and state.view(None)["health"] == [15, 4]


def test_duel_5_the_first_pass_ends_chaining_for_both() -> None:
    state = new(["QD", "7D", "8D"], ["9S", "2S"], first="0")
    leads(state, "QD", "9S")
    state.play(0, chain("7D"))
    events = state.play(1, PASS)  # seat 0 would chain again, but the pass ends it
    assert of_type(events, "resolve") and state.view(None)["turn"] == 2 and state.view(None)["phase"] == "lead"
    assert last(state)["chains"] == [[{"card": "7D", "added": 7, "full": True}], []]
    # the opener may pass at once: no chain cards at all
    state = new(["QD", "7D"], ["2S", "9S"], first="0")
    leads(state, "QD", "2S")
    events = state.play(0, PASS)
    assert of_type(events, "resolve") and last(state)["chains"] == [[], []]


def test_duel_5_a_player_with_no_cards_left_can_only_pass() -> None:
    """Both lead Hearts and chain all 7 other cards; seat 0 (the opener) runs out first and may only
    pass. Both heal far past 30 (DUEL-2)."""
    state = new(["AH"], ["KH"], first="0")
    leads(state, "AH", "KH")
    for _ in range(7):
        state.play(0, state.legal_moves(0)[0])
        state.play(1, state.legal_moves(1)[0])
    assert state.view(0)["hand"] == [] and state.view(None)["hand_counts"] == [0, 0]
    assert state.to_act() == [0] and state.legal_moves(0) == [PASS]
    assert error_code(state, 0, chain("AH")) == "not_in_hand"
    state.play(0, PASS)
    assert last(state)["capped"] == [True, True] and state.view(None)["health"] == [30, 30]


# --------------------------------------------------------------------------- DUEL-4 draws
def test_duel_4_turn_one_draws_one_each_seat_0_first() -> None:
    cards = deal()
    state = GAME.new_game(seed=0, deal=cards)
    assert state.view(0)["hand"] == [*cards[:7], cards[14]] and state.view(1)["hand"] == [*cards[7:14], cards[15]]
    assert state.view(None)["hand_counts"] == [8, 8] and state.to_act() == [0, 1]


def test_duel_4_a_hand_of_two_or_fewer_draws_one_more_after_everyone_drew() -> None:
    """Seat 0 ends turn 1 with 1 card and seat 1 with 2: turn 2 draws seat 0's card, seat 1's, then
    seat 0's extra (2 cards after the first draw), not seat 1's (3 cards)."""
    later = ["JS", "QS", "KS", "AS"]
    state = new(["2S"], ["3S"], later, first="0")
    leads(state, "2S", "3S")
    for _ in range(5):
        state.play(0, state.legal_moves(0)[0])
        state.play(1, state.legal_moves(1)[0])
    state.play(0, state.legal_moves(0)[0])
    kept = [state.view(p)["hand"] for p in (0, 1)]
    assert [len(h) for h in kept] == [1, 2]
    events = state.play(1, PASS)
    assert [e["type"] for e in events[-3:]] == ["turn", "draw", "draw"]
    assert events[-2:] == [{"type": "draw", "player": 0, "cards": ["JS", "KS"], "count": 2},
                           {"type": "draw", "player": 1, "cards": ["QS"], "count": 1}]
    assert state.view(0)["hand"] == [*kept[0], "JS", "KS"] and state.view(1)["hand"] == [*kept[1], "QS"]
    assert state.view(None)["deck"] == 36 - 3


def test_duel_4_empty_hands_draw_two_each_in_order() -> None:
    later = ["JS", "QS", "KS", "AS"]
    state = new(["2H"], ["3H"], later, first="0")
    all_in(state, "2H", "3H")
    assert state.view(0)["hand"] == ["JS", "KS"] and state.view(1)["hand"] == ["QS", "AS"]


def test_duel_4_draw_events_show_the_cards_to_the_drawer_only() -> None:
    state = new(["2S", "4S"], ["3S", "5S"], ["JS", "QS"])
    events = turn(state, "2S", "3S")
    draws = of_type(events, "draw")
    assert draws == [{"type": "draw", "player": 0, "cards": ["JS"], "count": 1},
                     {"type": "draw", "player": 1, "cards": ["QS"], "count": 1}]
    assert of_type(state.redact_events(events, 0), "draw")[1] == {"type": "draw", "player": 1, "cards": None,
                                                                  "count": 1}
    assert [e["cards"] for e in of_type(state.redact_events(events, None), "draw")] == [None, None]


def reshuffle_game(seed: int = 3) -> tuple[State, list[tuple[int, dict[str, str]]]]:
    """Ten harmless turns (Spades and Hearts leads only: blocks against blocks do nothing, heals
    only heal) that use up the deck: turn 1 both chain all 7 other cards, turns 2-10 both hold 2
    (an extra draw each, DUEL-4) and chain the second. Turn 11's draws find the deck empty."""
    lead_cards = [c for c in standard_deck() if c[-1] in "SH"][:20]
    others = [c for c in standard_deck() if c not in lead_cards]
    later = []
    for k in range(9):
        later += [lead_cards[2 + 2 * k], lead_cards[3 + 2 * k], others[14 + 2 * k], others[15 + 2 * k]]
    state = new([lead_cards[0], *others[:7]], [lead_cards[1], *others[7:14]], later, seed=seed)
    played: list[tuple[int, dict[str, str]]] = []
    for k in range(10):
        before = len(state.record()["moves"])
        all_in(state, lead_cards[2 * k], lead_cards[2 * k + 1])
        played += [(p, m) for p, m in state.record()["moves"][before:]]
    return state, played


def test_duel_4_an_empty_deck_is_refilled_from_the_shuffled_discards() -> None:
    state, _ = reshuffle_game()
    moves = state.record()["moves"]
    replayed = GAME.new_game(seed=3, options=state.options, deal=state.record()["deal"])
    for p, move in moves[:-1]:
        replayed.play(p, move)
    assert replayed.view(None)["deck"] == 0 and replayed.view(None)["discard"] == 48
    events = replayed.play(*moves[-1])
    assert [e["type"] for e in events[-4:]] == ["turn", "reshuffle", "draw", "draw"]
    assert events[-3] == {"type": "reshuffle", "count": 52}
    view = state.view(None)
    assert view["deck"] == 48 and view["discard"] == 0 and view["turn"] == 11 and not state.is_over()
    # the discards in the order they were played, shuffled by the state's own RNG after the
    # throwaway deal (the initiative option is fixed here, so no draw for it)
    discards = [c for e in state.view(None)["log"] for c in [*e["leads"], *[x["card"] for x in e["chains"][0]],
                                                              *[x["card"] for x in e["chains"][1]]]]
    rng = new_rng(3)
    shuffle(standard_deck(), rng)
    deck = shuffle(discards, rng)
    assert state.view(0)["hand"] == [deck[0], deck[2]] and state.view(1)["hand"] == [deck[1], deck[3]]
    assert json.loads(snapshot(replay(json.loads(json.dumps(state.record()))))) == json.loads(snapshot(state))
    other_seed, _ = reshuffle_game(seed=4)
    assert other_seed.view(0)["hand"] != state.view(0)["hand"], "the order comes from the seed"


def random_games_with_a_reshuffle(count: int) -> list[tuple[int, State, list[tuple[int, Any]], int]]:
    """The first ``count`` random games (seeds 0 up, uniform legal moves) whose deck runs out:
    (seed, final state, moves, number of moves up to the one whose draws reshuffled)."""
    found = []
    for seed in range(1000):
        state = GAME.new_game(seed=seed)
        rng = random.Random(seed)
        played: list[tuple[int, Any]] = []
        cut = None
        while not state.is_over():
            p = state.to_act()[0]
            move = rng.choice(state.legal_moves(p))
            events = state.play(p, move)
            played.append((p, move))
            if cut is None and of_type(events, "reshuffle"):
                cut = len(played)
        if cut is not None:
            found.append((seed, state, played, cut))
            if len(found) == count:
                return found
    raise AssertionError("no random game reached a reshuffle")


def test_duel_4_no_leak_across_a_reshuffle() -> None:
    """Random games rarely run the deck out, so the property test seldom gets here: redeal the
    cards each viewer has not seen (tests/dueling_suits/redealer.py) just after a reshuffle and at
    the end, while cards are still hidden in hands, and nobody may notice."""
    for seed, state, played, cut in random_games_with_a_reshuffle(3):
        before_cut = GAME.new_game(seed=seed)
        for p, move in played[:cut]:
            before_cut.play(p, move)
        assert len(dueling_suits_seen(before_cut, 0)) < 52, "something must be left to redeal"
        rng = random.Random(seed)
        for k in (cut, cut + 1, len(played)):
            assert_redeal_unseen("dueling_suits", seed, state.options, state.record()["deal"], played,
                                 min(k, len(played)), rng)


# --------------------------------------------------------------------------- DUEL-2 health
def test_duel_2_cap_example_from_28() -> None:
    """At 28, heal 10 and take 9 -> 29 (not 30-9 = 21); at 28 heal 13 and take 2 -> 30, capped."""
    for heal_card, club, health, capped, sentence in (
            ("10H", "9C", 29, False, "Your Hearts 10 against Player 2's Clubs 9: you heal 10 and take 9; "
                                     "Player 2 takes nothing."),
            ("AH", "2C", 30, True, "Your Hearts 14 against Player 2's Clubs 2: you heal 14 (capped at 30) and "
                                   "take 2; Player 2 takes nothing.")):
        state = new(["KH", heal_card], ["2S", club], first="0")
        turn(state, "KH", "2S")
        assert state.view(None)["health"] == [28, 15]
        turn(state, heal_card, club)
        assert state.view(None)["health"] == [health, 15] and last(state)["capped"] == [capped, False]
        assert last(state, 0)["sentence"] == sentence
        assert last(state)["health_before"] == [28, 15] and last(state)["health_after"] == [health, 15]


def test_duel_2_health_may_go_negative_and_damage_never_heals() -> None:
    state = new(["AD", "2D"], ["5H"], first="0")
    leads(state, "AD", "5H")
    chains(state, ["2D"])  # 14 + 2 = 16 against a healer at 15: no heal against Diamonds
    assert state.view(None)["health"] == [15, -1] and state.is_over()


# --------------------------------------------------------------------------- DUEL-7 the end
def test_duel_7_exactly_zero_loses() -> None:
    state = new(["AD", "2C"], ["5H"], first="0")
    leads(state, "AD", "5H")
    events = chains(state, ["2C"])  # 14 + 1 (half of 2) = 15
    assert state.view(None)["health"] == [15, 0]
    assert events[-1] == {"type": "end", "outcome": state.outcome()}
    assert state.outcome() == {"winner": 0, "scores": [15, 0], "reason": "Player 2 is down to 0 health."}


BOTH_DOWN: list[tuple[list[str], list[str], str, list[int], int | None, str]] = [
    # AD + 2D = 16 against KD + 7D = 20: seat 0 takes 20, seat 1 takes 16
    (["AD", "2D"], ["KD", "7D"], "1", [-5, -1], 1, "Both fell in the same turn; Player 2 stands higher (-1 against -5)."),
    (["KD", "7D"], ["AD", "2D"], "0", [-1, -5], 0, "Both fell in the same turn; Player 1 stands higher (-1 against -5)."),
    # AD + 2D = 16 against KD + 3D = 16
    (["AD", "2D"], ["KD", "3D"], "0", [-1, -1], None, "Both fell in the same turn with equal health (-1): a draw."),
]


@pytest.mark.parametrize("hand0,hand1,first,health,winner,reason", BOTH_DOWN)
def test_duel_7_both_down_higher_health_wins_equal_is_a_draw(hand0: list[str], hand1: list[str], first: str,
                                                            health: list[int], winner: int | None,
                                                            reason: str) -> None:
    """Diamonds against Diamonds: each takes the other's power (DUEL-6), so both can fall at once."""
    state = new(hand0, hand1, first=first)
    leads(state, hand0[0], hand1[0])
    chains(state, [hand0[1], hand1[1]] if first == "0" else [hand1[1], hand0[1]])
    assert state.view(None)["health"] == health
    assert state.outcome() == {"winner": winner, "scores": health, "reason": reason}


def test_duel_7_the_last_turn_passes_no_token_and_carries_no_bonus() -> None:
    """With no turn to follow, the table keeps the token where the last turn had it and shows no bonus."""
    state = new(["KD", "AD"], ["2S"], first="0")
    leads(state, "KD", "2S")
    chains(state, ["AD"])  # 13 + 14 = 27 against a block of 2: 23 through, and a +2 bonus for nothing
    assert state.is_over() and state.view(None)["health"] == [15, -8]
    assert state.view(None)["initiative"] == 0 and state.view(None)["bonus"] == [0, 0]
    assert state.view(None)["last"]["bonus_earned"] == [0, 2], "the log still says what the cell gave"


def test_duel_7_no_moves_after_the_end() -> None:
    state = new(["AD", "2C", "3C"], ["5H", "6H"], first="0")
    leads(state, "AD", "5H")
    chains(state, ["2C"])
    assert state.is_over() and state.to_act() == [] and state.legal_moves(0) == state.legal_moves(1) == []
    view = state.view(1)
    assert view["phase"] == "over" and view["final"] == {"outcome": state.told_outcome(1)}
    before = snapshot(state)
    for p, move in ((0, lead("3C")), (1, lead("6H")), (0, PASS), (1, chain("6H"))):
        assert error_code(state, p, move) == "game_over"
    assert snapshot(state) == before


# --------------------------------------------------------------------------- DUEL-8 perks
def test_duel_8_perks_add_a_flat_bonus_every_turn() -> None:
    """Perks 2-3: Diamonds 8 + 2 against Diamonds 11 + 3, then Hearts 2 + 2 and 4 + 3 heal 4 and 7."""
    state = new(["8D", "2H"], ["JD", "4H"], perks="2-3")
    for viewer in VIEWERS:
        assert state.view(viewer)["perks"] == [2, 3]
    state.play(0, lead("8D"))
    assert state.view(0)["power"][0] == {"lead": 8, "bonus": 0, "chains": 0, "perks": 2, "total": 10}
    state.play(1, lead("JD"))
    chains(state, [])
    assert last(state)["powers"] == [10, 14] and state.view(None)["health"] == [1, 5]
    turn(state, "2H", "4H")
    assert last(state)["powers"] == [4, 7] and state.view(None)["health"] == [5, 12]


# --------------------------------------------------------------------------- hidden information
def test_a_lead_is_hidden_until_both_are_in() -> None:
    state = new(["QD", "7D"], ["2S", "9S"])
    events = state.play(1, lead("2S"))
    assert events == [{"type": "lead", "player": 1, "card": "2S"}]
    assert state.redact_events(events, 0) == [{"type": "lead", "player": 1, "card": None}]
    assert state.redact_events(events, None) == [{"type": "lead", "player": 1, "card": None}]
    assert state.to_act() == [0] and state.legal_moves(1) == []
    assert state.view(1)["leads"] == [None, "2S"] and state.view(1)["power"][1]["total"] == 2
    for viewer in (0, None):
        view = state.view(viewer)
        assert view["leads"] == [None, None] and view["power"] == [None, None]
        assert view["committed"] == [False, True] and view["hand_counts"] == [8, 7]
        assert "2S" not in card_codes(view)
    hand1 = set(state.view(1)["hand"])
    assert not hand1 & card_codes(state.view(0)), "the opponent's hand is only a count"
    assert state.view(None)["hand"] is None and not card_codes(state.view(None))
    state.play(0, lead("QD"))
    for viewer in VIEWERS:
        assert state.view(viewer)["leads"] == ["QD", "2S"]


ILLEGAL: list[tuple[str, Any, str]] = [
    ("a card the opponent holds", lead("2S"), "not_in_hand"),
    ("a card in the deck", lead("KC"), "not_in_hand"),
    ("a chain in the lead phase", chain("QD"), "malformed_move"),
    ("a pass in the lead phase", PASS, "malformed_move"),
    ("no card", {"type": "lead"}, "malformed_move"),
    ("an extra key", {"type": "lead", "card": "QD", "x": 1}, "malformed_move"),
    ("a number for a card", {"type": "lead", "card": 12}, "malformed_move"),
    ("a list for a card", {"type": "lead", "card": ["QD"]}, "malformed_move"),
    ("lower case", lead("qd"), "malformed_move"),
    ("a red joker", lead("RJ"), "malformed_move"),
    ("a black joker", lead("BJ"), "malformed_move"),
    ("a bare string", "QD", "malformed_move"),
    ("null", None, "malformed_move"),
    ("a list", [lead("QD")], "malformed_move"),
]


@pytest.mark.parametrize("why,move,code", ILLEGAL, ids=[w for w, _, _ in ILLEGAL])
def test_illegal_leads_are_refused_and_change_nothing(why: str, move: Any, code: str) -> None:
    state = new(["QD", "7D"], ["2S", "9S"])
    before = snapshot(state)
    assert error_code(state, 0, move) == code
    with pytest.raises(ValueError):
        state.play(0, move)
    assert snapshot(state) == before


def test_illegal_moves_while_chaining_change_nothing() -> None:
    state = new(["QD", "7D"], ["2S", "9S"], first="0")
    state.play(0, lead("QD"))
    assert error_code(state, 0, lead("7D")) == "not_your_turn", "a player leads once"
    state.play(1, lead("2S"))
    before = snapshot(state)
    for p, move, code in ((0, lead("7D"), "malformed_move"), (0, chain("9S"), "not_in_hand"),
                          (0, chain("QD"), "not_in_hand"), (0, chain("BJ"), "malformed_move"),
                          (0, {"type": "pass", "card": "7D"}, "malformed_move"), (0, {"type": "chain"}, "malformed_move"),
                          (1, chain("9S"), "not_your_turn"), (2, PASS, "bad_player"), (None, PASS, "bad_player")):
        assert error_code(state, p, move) == code, (p, move)
        with pytest.raises(ValueError):
            state.play(p, move)
        assert snapshot(state) == before


# --------------------------------------------------------------------------- sentences and cells
def test_sentences_from_both_seats_and_a_spectator() -> None:
    """Clubs 9 against Hearts 12 (DUEL-6: the healer heals 12 and takes 9)."""
    state = new(["9C"], ["QH"])
    turn(state, "9C", "QH")
    assert last(state, 0)["sentence"] == ("Your Clubs 9 against Player 2's Hearts 12: Player 2 heals 12 and "
                                          "takes 9; you take nothing.")
    assert last(state, 1)["sentence"] == ("Your Hearts 12 against Player 1's Clubs 9: you heal 12 and take 9; "
                                          "Player 1 takes nothing.")
    assert last(state, None)["sentence"] == ("Player 1's Clubs 9 against Player 2's Hearts 12: Player 2 heals 12 "
                                             "and takes 9; Player 1 takes nothing.")
    assert last(state, 1)["cell"] == {"row": "H", "column": "C", "row_seat": 1}
    assert state.view(0)["log"] == [last(state, 0)]
    state.names = ("Player 1", "the computer")
    assert last(state, 0)["sentence"] == ("Your Clubs 9 against the computer's Hearts 12: the computer heals 12 "
                                          "and takes 9; you take nothing.")
    assert "the computer" not in json.dumps(state.record()), "names are presentation only"


def test_sentences_of_a_block_bonus_a_cap_and_nothing() -> None:
    state = new(["5S", "AH", "7D"], ["QD", "2C", "7C"])
    turn(state, "5S", "QD")
    assert last(state, 0)["sentence"] == ("Your Spades 5 against Player 2's Diamonds 12: you take 5, and your "
                                          "next lead gets +5; Player 2 takes nothing.")
    assert last(state, 1)["sentence"] == ("Your Diamonds 12 against Player 1's Spades 5: Player 1 takes 5, and "
                                          "their next lead gets +5; you take nothing.")
    turn(state, "AH", "2C")  # 10 + 19 - 2 = 27: the bonus counts in the power
    assert last(state, 1)["sentence"] == ("Your Clubs 2 against Player 1's Hearts 19: Player 1 heals 19 and "
                                          "takes 2; you take nothing.")
    turn(state, "7D", "7C")
    assert last(state, None)["sentence"] == "Player 1's Diamonds 7 against Player 2's Clubs 7: nothing happens."


def test_explain_capped_wording() -> None:
    entry = {"leads": ["KH", "2C"], "powers": [13, 2], "damage": [2, 0], "heal": [13, 0],
             "capped": [True, False], "bonus_earned": [0, 0]}
    assert explain(entry, 1, ("Player 1", "Player 2")) == ("Your Clubs 2 against Player 1's Hearts 13: Player 1 "
                                                           "heals 13 (capped at 30) and takes 2; you take nothing.")


# --------------------------------------------------------------------------- the golden playthrough
GOLDEN = Path(__file__).with_name("golden_seed7.txt")  # kept byte for byte by tests/test_golden.py


def test_dueling_suits_golden_game_is_complete() -> None:
    """Seed 7 shows leads kept face down from the others, chaining and an end."""
    text = GOLDEN.read_text(encoding="utf-8")
    assert "\n== over\n" in text and "\noutcome: " in text
    for needle in ('"phase": "chain"', '"type": "chain"', '"type": "reveal"', '"type": "pass"', '"type": "resolve"'):
        assert needle in text, needle
    lines = text.splitlines()
    first_leads = 0
    for i, line in enumerate(lines):
        if not line.startswith("events[full]: "):
            continue
        events = json.loads(line.removeprefix("events[full]: "))
        if [e["type"] for e in events] != ["lead"]:
            continue
        first_leads += 1  # the first lead of a turn: face down for everyone else
        leader = events[0]["player"]
        for viewer, tail in zip(("player 0", "player 1", "spectator"), lines[i + 1:i + 4]):
            shown = json.loads(tail.removeprefix(f"events[{viewer}]: "))[0]["card"]
            assert shown == (events[0]["card"] if viewer == f"player {leader}" else None), (i, viewer)
    assert first_leads >= 3
