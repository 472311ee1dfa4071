"""The deck of fate (``pygame_core/games/tombstone/fate.py``): TOMB-1, TOMB-3..8 and the house rulings
TS-1..TS-3, with explicit cards.

The expected values are written from the rulings, not read back from the engine: a card's value from
its rank (A = 1 ... K = 13), its tier from the value, every contest and save worked out by hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.cards import shuffle
from pygame_core.games.tombstone.fate import (
    ABILITIES, ABILITY_SUITS, BLACK, HAND_SIZE, RED, RISKS, FateDeck, Flip, cards_needed, check_deck_order, contest,
    damage, full_deck, judge_flip, save, suit_of, tier, value, weapon_damage)
from pygame_core.games.tombstone.tables import WEAPON_CLASSES

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = full_deck()
PLAIN = [c for c in DECK if c not in (RED, BLACK)]
SETTINGS = settings(max_examples=150, deadline=None)


def normal(card: str, modifier: int = 0, ability: str = "STR") -> Flip:
    return judge_flip([card], "normal", modifier, ABILITY_SUITS[ability])


# --------------------------------------------------------------------------- TOMB-1
def test_tomb1_a_deck_is_the_52_cards_and_both_jokers() -> None:
    assert len(DECK) == 54 and len(set(DECK)) == 54
    assert {RED, BLACK} <= set(DECK)
    assert {c[-1] for c in PLAIN} == {"S", "H", "D", "C"}
    assert all(sum(c.endswith(s) for c in PLAIN) == 13 for s in "SHDC")


@pytest.mark.parametrize("card", DECK)
def test_tomb1_value_and_tier_of_every_card(card: str) -> None:
    """A = 1 ... K = 13; tier 1 for A-5, 2 for 6-10, 3 for J-K; a joker has neither (0)."""
    if card in (RED, BLACK):
        assert (value(card), tier(card), suit_of(card)) == (0, 0, None)
        return
    rank, suit = card[:-1], card[-1]
    expected = RANKS.index(rank) + 1
    assert value(card) == expected
    assert tier(card) == (1 if rank in "A 2 3 4 5".split() else 2 if rank in "6 7 8 9 10".split() else 3)
    assert suit_of(card) == suit


def test_tomb1_tier_boundaries() -> None:
    assert [tier(c) for c in ("AH", "5H", "6H", "10H", "JH", "KH")] == [1, 1, 2, 2, 3, 3]


# --------------------------------------------------------------------------- TOMB-3 contests
def test_tomb3_the_higher_total_wins_for_either_side() -> None:
    won = contest(normal("9S", 1), normal("KS", -4), "STR")  # 10 against 9
    assert (won.actor_wins, won.rule) == (True, "higher")
    lost = contest(normal("9S", 1), normal("QH", 0), "STR")  # 10 against 12
    assert (lost.actor_wins, lost.rule) == (False, "higher")
    # the suit does not matter when the totals differ
    assert contest(normal("2C", 0), normal("3S", 0), "STR").actor_wins is False


@pytest.mark.parametrize("ability", ABILITIES)
def test_tomb3_tie_the_actor_card_of_the_ability_suit_wins(ability: str) -> None:
    suit = ABILITY_SUITS[ability]
    other = next(s for s in "SHDC" if s != suit)
    result = contest(normal("7" + suit, 2, ability), normal("9" + other, 0, ability), ability)
    assert (result.actor.total, result.other.total) == (9, 9)
    assert (result.actor_wins, result.rule) == (True, "tie_suit")


@pytest.mark.parametrize("ability", ABILITIES)
def test_tomb3_tie_the_defender_card_of_the_ability_suit_wins(ability: str) -> None:
    suit = ABILITY_SUITS[ability]
    other = next(s for s in "SHDC" if s != suit)
    result = contest(normal("9" + other, 0, ability), normal("7" + suit, 2, ability), ability)
    assert (result.actor_wins, result.rule) == (False, "tie_suit")


def test_tomb3_tie_both_match_the_defender_wins() -> None:
    """Two cards of one suit tie only with modifiers; both match the ability: the defender wins."""
    result = contest(normal("8C", 3, "DEX"), normal("JC", 0, "DEX"), "DEX")
    assert (result.actor.total, result.other.total) == (11, 11)
    assert (result.actor_wins, result.rule) == (False, "tie_defender")


def test_tomb3_tie_neither_matches_the_defender_wins() -> None:
    result = contest(normal("8S", 0, "WIL"), normal("8H", 0, "WIL"), "WIL")
    assert (result.actor_wins, result.rule) == (False, "tie_defender")


def test_tomb3_the_module_example() -> None:
    flip = judge_flip(["8D"], "normal", modifier=2)
    assert (flip.total, flip.suit) == (10, "D")
    assert contest(flip, judge_flip(["10S"], "normal", modifier=0), "WIL").rule == "tie_suit"


# --------------------------------------------------------------------------- TOMB-4 saves
@pytest.mark.parametrize("risk,target", [("standard", 9), ("low", 10), ("moderate", 11), ("high", 12),
                                         ("deadly", 13)])
def test_tomb4_the_risk_targets(risk: str, target: int) -> None:
    assert RISKS[risk] == target


@pytest.mark.parametrize("target", sorted(RISKS.values()))
@pytest.mark.parametrize("modifier", [0, 2, 4])
def test_tomb4_a_save_reaching_the_target_succeeds_one_short_fails(target: int, modifier: int) -> None:
    exact = RANKS[target - modifier - 1] + "H"  # value target - modifier
    short = RANKS[target - modifier - 2] + "H"
    made = save(normal(exact, modifier, "GRT"), "GRT", target)
    assert (made.success, made.rule, made.flip.total) == (True, "reached", target)
    missed = save(normal(short, modifier, "GRT"), "GRT", target)
    assert (missed.success, missed.rule, missed.flip.total) == (False, "short", target - 1)
    above = save(normal("KH", modifier, "GRT"), "GRT", target)
    assert above.success is True


def test_tomb4_negative_modifier_and_json() -> None:
    result = save(normal("10S", -1, "STR"), "STR", 9)
    assert result.success is True and result.flip.total == 9
    assert result.to_json() == {"kind": "save", "ability": "STR", "target": 9, "flip": result.flip.to_json(),
                                "success": True, "rule": "reached"}


# --------------------------------------------------------------------------- TOMB-5 jokers
@pytest.mark.parametrize("target", sorted(RISKS.values()))
def test_tomb5_black_joker_fails_a_save_even_with_a_huge_modifier(target: int) -> None:
    result = save(normal(BLACK, 40), "STR", target)
    assert (result.success, result.rule, result.flip.auto) == (False, "black_joker", "failure")


@pytest.mark.parametrize("target", sorted(RISKS.values()))
def test_tomb5_red_joker_succeeds_a_save_even_with_a_bad_modifier(target: int) -> None:
    result = save(normal(RED, -1), "STR", target)
    assert (result.success, result.rule, result.flip.auto) == (True, "red_joker", "success")


@pytest.mark.parametrize("ability", ABILITIES)
def test_tomb5_red_joker_takes_the_ability_suit(ability: str) -> None:
    flip = judge_flip([RED], "normal", 0, ABILITY_SUITS[ability])
    assert (flip.suit, flip.auto, flip.rule, flip.value) == (ABILITY_SUITS[ability], "success", "red_joker", 0)


def test_tomb5_jokers_in_contests() -> None:
    huge = normal("KS", 40)
    black, red = normal(BLACK, 40), normal(RED, -5)
    flipped_black = contest(black, normal("AS", 0), "STR")
    assert (flipped_black.actor_wins, flipped_black.rule) == (False, "black_joker")
    assert contest(normal("AS", 0), black, "STR").actor_wins is True
    assert contest(red, huge, "STR").actor_wins is True
    assert contest(huge, red, "STR").actor_wins is False
    assert contest(huge, red, "STR").rule == "red_joker"
    # Red against Black: the Red side wins, actor or defender
    assert contest(red, black, "STR").actor_wins is True
    assert contest(black, red, "STR").actor_wins is False


def test_tomb5_ts1_both_sides_black_or_both_red_the_defender_wins() -> None:
    both_black = contest(normal(BLACK, 9), normal(BLACK, 0), "DEX")
    assert (both_black.actor_wins, both_black.rule) == (False, "both_black")
    both_red = contest(normal(RED, 9), normal(RED, 0), "DEX")
    assert (both_red.actor_wins, both_red.rule) == (False, "both_red")


# --------------------------------------------------------------------------- TOMB-7 / TS-1: two cards
def test_tomb7_cards_needed() -> None:
    assert [cards_needed(m) for m in ("normal", "enhanced", "impaired")] == [1, 2, 2]
    with pytest.raises(ValueError):
        judge_flip(["5S", "6S"], "normal", 0)
    with pytest.raises(ValueError):
        judge_flip(["5S"], "enhanced", 0)
    with pytest.raises(ValueError):
        judge_flip(["5S"], "lucky", 0)


def test_tomb7_enhanced_adds_both_values_and_the_first_suit_breaks_ties() -> None:
    flip = judge_flip(["5S", "9D"], "enhanced", 1, "D")
    assert (flip.counted, flip.value, flip.total, flip.suit, flip.auto) == (("5S", "9D"), 14, 15, "S", None)
    # the first card's suit decides a tie, even when the second card matches the ability
    lost = contest(flip, normal("KD", 2, "WIL"), "WIL")
    assert (lost.actor_wins, lost.rule) == (False, "tie_suit")
    first_matches = judge_flip(["9D", "5S"], "enhanced", 1, "D")
    won = contest(first_matches, normal("KC", 2, "WIL"), "WIL")
    assert (won.actor_wins, won.rule) == (True, "tie_suit")


def test_tomb7_impaired_keeps_the_lower_card() -> None:
    flip = judge_flip(["QS", "4C"], "impaired", 2, "S")
    assert (flip.counted, flip.value, flip.total, flip.suit) == (("4C",), 4, 6, "C")
    other_order = judge_flip(["4C", "QS"], "impaired", 2, "S")
    assert (other_order.counted, other_order.total) == (("4C",), 6)


@pytest.mark.parametrize("cards,auto,counted", [
    (["RJ", "4C"], "success", ("RJ", "4C")),
    (["4C", "RJ"], "success", ("4C", "RJ")),
    (["BJ", "KD"], "failure", ("BJ", "KD")),
    (["KD", "BJ"], "failure", ("KD", "BJ")),
    (["RJ", "BJ"], "failure", ("RJ", "BJ")),  # TS-1: the Black Joker is never outvoted
    (["BJ", "RJ"], "failure", ("BJ", "RJ")),
])
def test_ts1_jokers_in_an_enhanced_flip(cards: list[str], auto: str, counted: tuple[str, ...]) -> None:
    flip = judge_flip(cards, "enhanced", 3, "D")
    assert (flip.auto, flip.counted) == (auto, counted)
    assert flip.rule == ("black_joker" if auto == "failure" else "red_joker")


def test_ts1_enhanced_red_joker_first_takes_the_ability_suit_second_keeps_the_first_card_suit() -> None:
    assert judge_flip(["RJ", "5S"], "enhanced", 0, "H").suit == "H"
    assert judge_flip(["5S", "RJ"], "enhanced", 0, "H").suit == "S"


@pytest.mark.parametrize("cards,counted,auto", [
    (["RJ", "4C"], ("4C",), None),  # the Red Joker is the highest card: never helps when impaired
    (["4C", "RJ"], ("4C",), None),
    (["RJ", "KC"], ("KC",), None),
    (["BJ", "KD"], ("BJ",), "failure"),  # the Black Joker is the lowest
    (["AD", "BJ"], ("BJ",), "failure"),
    (["RJ", "BJ"], ("BJ",), "failure"),
    (["BJ", "RJ"], ("BJ",), "failure"),
])
def test_ts1_jokers_in_an_impaired_flip(cards: list[str], counted: tuple[str, ...], auto: str | None) -> None:
    flip = judge_flip(cards, "impaired", 1, "C")
    assert (flip.counted, flip.auto) == (counted, auto)
    if auto is None:
        assert flip.total == value(counted[0]) + 1 and flip.suit == "C"


@pytest.mark.parametrize("mode", ["enhanced", "impaired"])
def test_ts1_two_cards_without_jokers_never_decide_outright(mode: str) -> None:
    for a, b in [("AS", "KH"), ("10D", "10C"), ("JC", "2S")]:
        flip = judge_flip([a, b], mode, 0, "S")
        assert flip.auto is None and flip.rule == "value"


# --------------------------------------------------------------------------- TOMB-6 / TS-2 cheating
def test_ts2_a_hand_card_covers_the_flip() -> None:
    flip = judge_flip(["3S"], "normal", 2, "S", cheat="QH", covered="3S")
    assert (flip.cards, flip.counted, flip.value, flip.total, flip.suit) == (("3S",), ("QH",), 12, 14, "H")
    assert (flip.cheat, flip.covered) == ("QH", "3S")


def test_ts2_cheat_one_of_two_enhanced_cards() -> None:
    first = judge_flip(["3S", "9D"], "enhanced", 0, "D", cheat="KD", covered="3S")
    assert (first.counted, first.value, first.suit) == (("KD", "9D"), 22, "D")
    second = judge_flip(["3S", "9D"], "enhanced", 0, "D", cheat="KD", covered="9D")
    assert (second.counted, second.value, second.suit) == (("3S", "KD"), 16, "S")


def test_ts2_a_red_joker_from_the_hand_counts_as_a_flipped_one() -> None:
    flip = judge_flip(["3S"], "normal", 0, "C", cheat=RED, covered="3S")
    assert (flip.auto, flip.rule, flip.suit, flip.counted) == ("success", "red_joker", "C", (RED,))
    assert save(flip, "DEX", 13).success is True
    assert contest(flip, normal("KS", 5), "DEX").actor_wins is True
    enhanced = judge_flip(["3S", "4H"], "enhanced", 0, "C", cheat=RED, covered="4H")
    assert enhanced.auto == "success"


def test_ts2_the_covered_card_must_be_one_of_the_flip() -> None:
    with pytest.raises(ValueError):
        judge_flip(["3S"], "normal", 0, "S", cheat="QH", covered="4S")


def test_flip_json() -> None:
    flip = judge_flip(["3S", "9D"], "enhanced", 1, "D", cheat="KD", covered="3S")
    assert flip.to_json() == {"cards": ["3S", "9D"], "mode": "enhanced", "modifier": 1, "counted": ["KD", "9D"],
                              "value": 22, "total": 23, "suit": "D", "auto": None, "rule": "value",
                              "cheat": "KD", "covered": "3S"}


# --------------------------------------------------------------------------- TOMB-8 damage
WEAPONS: dict[str, tuple[int, int, int]] = {"unarmed": (1, 1, 2), "improvised": (1, 2, 3), "hand": (1, 3, 4),
                                            "field": (2, 3, 5), "heavy": (3, 6, 9)}


def test_tomb8_the_weapon_classes() -> None:
    assert {w: c.damage for w, c in WEAPON_CLASSES.items()} == WEAPONS
    assert [w for w, c in WEAPON_CLASSES.items() if c.bulky] == ["field", "heavy"]
    assert [w for w, c in WEAPON_CLASSES.items() if not c.move_and_fire] == ["heavy"]


@pytest.mark.parametrize("weapon", list(WEAPONS))
@pytest.mark.parametrize("card,tier_", [("AS", 1), ("5H", 1), ("6D", 2), ("10C", 2), ("JS", 3), ("KH", 3)])
def test_tomb8_damage_by_tier(weapon: str, card: str, tier_: int) -> None:
    row = WEAPONS[weapon]
    result = damage(row, card)
    assert (result.tier, result.base, result.total, result.rule, result.misfortune) == \
        (tier_, row[tier_ - 1], row[tier_ - 1], "tier", False)
    assert weapon_damage(row, card) == row[tier_ - 1]
    assert damage(row, card, bonus=1).total == row[tier_ - 1] + 1  # TOMB-11: several attackers
    assert damage(row, card, bonus=3).total == row[tier_ - 1] + 3  # TOMB-11: a posse


@pytest.mark.parametrize("weapon", list(WEAPONS))
@pytest.mark.parametrize("extra,extra_tier", [(None, 0), ("3S", 1), ("8H", 2), ("QD", 3), (RED, 0), (BLACK, 0)])
def test_tomb5_red_joker_damage_is_tier_3_plus_the_extra_flip(weapon: str, extra: str | None,
                                                              extra_tier: int) -> None:
    row = WEAPONS[weapon]
    result = damage(row, RED, extra=extra)
    extra_damage = row[extra_tier - 1] if extra_tier else 0  # a joker on the extra flip adds nothing
    assert (result.tier, result.base, result.extra, result.extra_damage) == (3, row[2], extra, extra_damage)
    assert result.total == row[2] + extra_damage and result.rule == "red_joker" and not result.misfortune
    assert damage(row, RED, bonus=3, extra=extra).total == row[2] + extra_damage + 3


@pytest.mark.parametrize("weapon", list(WEAPONS))
@pytest.mark.parametrize("bonus", [0, 1, 3])
def test_tomb5_black_joker_damage_is_nothing_and_a_misfortune(weapon: str, bonus: int) -> None:
    result = damage(WEAPONS[weapon], BLACK, bonus=bonus)
    assert (result.total, result.base, result.bonus, result.misfortune, result.rule) == (0, 0, 0, True, "black_joker")


def test_tomb8_damage_with_a_cheat() -> None:
    cheated = damage(WEAPONS["hand"], "2S", cheat="KD")
    assert (cheated.card, cheated.cheat, cheated.covered, cheated.tier, cheated.total) == ("2S", "KD", "2S", 3, 4)
    red = damage(WEAPONS["hand"], "2S", cheat=RED, extra="7C")
    assert (red.rule, red.total) == ("red_joker", 4 + 3)
    assert damage(WEAPONS["field"], "8H", bonus=1).to_json() == {
        "kind": "damage", "weapon": [2, 3, 5], "card": "8H", "tier": 2, "base": 3, "extra": None, "extra_damage": 0,
        "bonus": 1, "total": 4, "misfortune": False, "rule": "tier", "cheat": None, "covered": None}


# --------------------------------------------------------------------------- FateDeck (TOMB-6, TS-3)
def test_forced_deck_draws_from_the_top_and_a_hand_holder_takes_five() -> None:
    order = list(reversed(DECK))
    deck = FateDeck.forced(order, holds_hand=True)
    assert deck.hand == order[:HAND_SIZE] and deck.draw == order[HAND_SIZE:]
    rng = random.Random(1)
    assert deck.flip(rng) == (order[5], False)
    assert deck.flip(rng) == (order[6], False)
    dealer = FateDeck.forced(order, holds_hand=False)
    assert dealer.hand == [] and dealer.flip(rng) == (order[0], False)


@pytest.mark.parametrize("bad", [None, "AS", tuple(DECK), DECK[:53], DECK + ["AS"], DECK[:53] + ["AS"],
                                 [*DECK[:53], 1], [*DECK[:53], "XX"], [c.lower() for c in DECK]])
def test_check_deck_order_refuses_anything_but_the_54_cards(bad: Any) -> None:
    with pytest.raises(ValueError, match="52 cards and both jokers"):
        check_deck_order(bad)
    if isinstance(bad, list):
        with pytest.raises(ValueError):
            FateDeck.forced(bad, holds_hand=False)


def test_check_deck_order_takes_any_order() -> None:
    check_deck_order(list(reversed(DECK)))
    check_deck_order(random.Random(4).sample(DECK, 54))


def empty_the_deck(deck: FateDeck, rng: random.Random) -> list[str]:
    """Flip until the draw pile is empty, discarding each card; the cards flipped."""
    flipped = []
    while deck.draw:
        card, renewed = deck.flip(rng)
        assert not renewed
        deck.discard.append(card)
        flipped.append(card)
    return flipped


def test_ts3_an_empty_deck_takes_back_discards_and_hand_then_deals_a_new_hand() -> None:
    deck = FateDeck.forced(DECK, holds_hand=True)
    rng = random.Random(9)
    old_hand = list(deck.hand)
    deck.discard.append(deck.hand.pop(0))  # a cheat: the hand card went to the discards
    flipped = empty_the_deck(deck, rng)
    assert len(flipped) == 49 and len(deck.hand) == 4
    expected_rng = random.Random(9)
    expected_pile = [old_hand[0], *flipped, *old_hand[1:]]  # discards, then the hand still held (TS-3)
    shuffled = shuffle(list(expected_pile), expected_rng)
    card, renewed = deck.flip(rng)
    assert renewed is True
    assert deck.hand == shuffled[:HAND_SIZE] and card == shuffled[HAND_SIZE]
    assert deck.discard == [] and len(deck.draw) == 54 - HAND_SIZE - 1
    assert sorted([*deck.cards(), card]) == sorted(DECK)


def test_ts3_the_dealer_takes_no_hand_after_a_reshuffle() -> None:
    deck = FateDeck.forced(DECK, holds_hand=False)
    rng = random.Random(2)
    empty_the_deck(deck, rng)
    card, renewed = deck.flip(rng)
    assert renewed and deck.hand == [] and len(deck.draw) == 53 and card not in deck.draw


def test_ts3_a_card_still_in_play_stays_out_of_the_reshuffle() -> None:
    deck = FateDeck.forced(DECK, holds_hand=False)
    rng = random.Random(3)
    held, _ = deck.flip(rng)  # flipped, not yet discarded when the deck runs out
    empty_the_deck(deck, rng)
    card, renewed = deck.flip(rng)
    assert renewed and held not in deck.cards() and held != card
    assert sorted([*deck.cards(), held, card]) == sorted(DECK)


def test_ts3_new_day_gathers_everything_and_deals_a_fresh_hand() -> None:
    deck = FateDeck.forced(DECK, holds_hand=True)
    rng = random.Random(5)
    for _ in range(20):
        card, _ = deck.flip(rng)
        deck.discard.append(card)
    deck.discard.append(deck.hand.pop())
    deck.new_day(rng)
    assert len(deck.hand) == HAND_SIZE and deck.discard == [] and len(deck.draw) == 54 - HAND_SIZE
    assert sorted(deck.cards()) == sorted(DECK)
    dealer = FateDeck.forced(DECK, holds_hand=False)
    dealer.discard.append(dealer.flip(rng)[0])
    dealer.new_day(rng)
    assert dealer.hand == [] and len(dealer.draw) == 54 and dealer.draw != DECK


def test_shuffled_deck_is_a_function_of_the_rng() -> None:
    a, b = FateDeck.shuffled(random.Random(8), True), FateDeck.shuffled(random.Random(8), True)
    assert a.to_json() == b.to_json() and len(a.hand) == HAND_SIZE and sorted(a.cards()) == sorted(DECK)
    assert FateDeck.shuffled(random.Random(9), True).to_json() != a.to_json()


def test_public_never_shows_the_draw_order() -> None:
    deck = FateDeck.forced(DECK, holds_hand=True)
    rng = random.Random(1)
    deck.discard.append(deck.flip(rng)[0])
    owner, others = deck.public(owner_sees=True), deck.public(owner_sees=False)
    assert owner == {"deck": 48, "discard": ["6S"], "hand_count": 5, "hand": DECK[:5], "holds_hand": True}
    assert others == {**owner, "hand": None}
    shown = {c for v in (owner, others) for c in [*v["discard"], *(v["hand"] or [])]}
    assert not shown & set(deck.draw)


# --------------------------------------------------------------------------- properties (hypothesis)
cards = st.sampled_from(DECK)
abilities = st.sampled_from(ABILITIES)
modes = st.sampled_from(["normal", "enhanced", "impaired"])


@st.composite
def flips(draw: st.DrawFn, ability: str) -> Flip:
    mode = draw(modes)
    picked = draw(st.lists(cards, min_size=2, max_size=2, unique=True))[:1 if mode == "normal" else 2]
    return judge_flip(picked, mode, draw(st.integers(-1, 8)), ABILITY_SUITS[ability])


@SETTINGS
@given(data=st.data(), ability=abilities)
def test_tomb3_a_contest_is_antisymmetric_except_ties_go_to_the_defender(data: st.DataObject, ability: str) -> None:
    a, b = data.draw(flips(ability)), data.draw(flips(ability))
    forward, backward = contest(a, b, ability), contest(b, a, ability)
    assert not (forward.actor_wins and backward.actor_wins), "both sides cannot win"
    defender_ties = {"both_black", "both_red", "tie_defender"}
    assert (forward.rule in defender_ties) == (backward.rule in defender_ties)
    if forward.rule in defender_ties:
        assert not forward.actor_wins and not backward.actor_wins
        if forward.rule == "tie_defender":
            assert a.total == b.total and (a.suit == ABILITY_SUITS[ability]) == (b.suit == ABILITY_SUITS[ability])
    else:
        assert forward.actor_wins != backward.actor_wins
    if a.auto is None and b.auto is None and a.total != b.total:
        assert forward.actor_wins == (a.total > b.total)


@SETTINGS
@given(card=cards, modifier=st.integers(-1, 20), target=st.sampled_from(sorted(RISKS.values())), ability=abilities)
def test_tomb4_save_matches_the_rule(card: str, modifier: int, target: int, ability: str) -> None:
    result = save(judge_flip([card], "normal", modifier, ABILITY_SUITS[ability]), ability, target)
    expected = {BLACK: False, RED: True}.get(card, value(card) + modifier >= target)
    assert result.success is expected


@SETTINGS
@given(first=cards, second=cards, modifier=st.integers(-1, 6))
def test_ts1_enhanced_is_never_worse_and_impaired_never_better_than_a_single_card(first: str, second: str,
                                                                                   modifier: int) -> None:
    if first == second:
        return
    single = save(judge_flip([first], "normal", modifier, "S"), "STR", 9).success
    enhanced = save(judge_flip([first, second], "enhanced", modifier, "S"), "STR", 9).success
    impaired = save(judge_flip([first, second], "impaired", modifier, "S"), "STR", 9).success
    if first != RED and second != BLACK:  # a Black Joker as second card spoils an enhanced flip (TS-1)
        assert enhanced >= single
    if second != BLACK:
        assert impaired <= single or first == BLACK


@SETTINGS
@given(seed=st.integers(0, 2**32), holds_hand=st.booleans(),
       steps=st.lists(st.sampled_from(["flip", "flip", "flip", "flip2", "cheat", "day"]), max_size=200))
def test_cards_are_conserved_over_any_flips_cheats_and_days(seed: int, holds_hand: bool, steps: list[str]) -> None:
    """54 cards, each once, wherever they are: draw pile, discards, hand (TOMB-1, TOMB-6, TS-3)."""
    rng = random.Random(seed)
    deck = FateDeck.shuffled(rng, holds_hand)
    renewals = 0
    for step in steps:
        if step == "day":
            deck.new_day(rng)
            assert len(deck.hand) == (HAND_SIZE if holds_hand else 0) and not deck.discard
        elif step == "cheat":
            if deck.hand:
                deck.discard.append(deck.hand.pop(0))
        else:
            in_play = []
            for _ in range(1 if step == "flip" else 2):
                card, renewed = deck.flip(rng)
                renewals += renewed
                if renewed:
                    assert len(deck.hand) == (HAND_SIZE if holds_hand else 0)
                in_play.append(card)
                assert sorted([*deck.cards(), *in_play]) == sorted(DECK)
            deck.discard.extend(in_play)
        assert sorted(deck.cards()) == sorted(DECK)
        assert not (set(deck.public(False)["discard"]) & set(deck.draw))
    flips_made = sum(1 if s == "flip" else 2 if s == "flip2" else 0 for s in steps)
    if "day" not in steps and "cheat" not in steps and flips_made > 54:
        assert renewals >= 1
