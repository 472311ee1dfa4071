"""The deck of fate: every participant's own 54-card deck, flips, saves, contests and damage.

Tombstone has no dice: each player and the Dealer flip from their own deck (TOMB-1), add an ability
and compare (TOMB-3, TOMB-4); player characters hold a hand of five to cheat fate with (TOMB-6).
Everything here is pure data and pure functions over card codes, so the forge, the Dealer's table and
the showdown share one reading of the rules, and every result carries what the page needs to
explain it (the cards, what counted, the total, what it was compared with, the rule that decided).

>>> flip = judge_flip(["8D"], "normal", modifier=2)
>>> flip.total, flip.suit
(10, 'D')
>>> contest(flip, judge_flip(["10S"], "normal", modifier=0), "WIL").rule
'tie_suit'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from ...cards import JOKERS, Card, card_label, reshuffle, shuffle, standard_deck

ABILITIES: tuple[str, ...] = ("STR", "DEX", "WIL", "GRT")
ABILITY_NAMES: dict[str, str] = {"STR": "Strength", "DEX": "Dexterity", "WIL": "Will", "GRT": "Grit"}
ABILITY_SUITS: dict[str, str] = {"STR": "S", "DEX": "C", "WIL": "D", "GRT": "H"}  # TOMB-2
SUIT_ABILITIES: dict[str, str] = {suit: ability for ability, suit in ABILITY_SUITS.items()}
RISKS: dict[str, int] = {"standard": 9, "low": 10, "moderate": 11, "high": 12, "deadly": 13}  # TOMB-4
RISK_LABELS: dict[str, str] = {"standard": "standard", "low": "low risk", "moderate": "moderate risk",
                               "high": "high risk", "deadly": "deadly risk"}
MODES: tuple[str, ...] = ("normal", "enhanced", "impaired")  # TOMB-7
HAND_SIZE = 5  # TOMB-6
RED, BLACK = "RJ", "BJ"


def full_deck() -> list[str]:
    """TOMB-1: the 52 cards and both jokers."""
    return standard_deck(jokers=True)


def value(card: str) -> int:
    """TOMB-1: A = 1 ... K = 13; a joker has no value of its own (0).

    >>> value("AS"), value("10H"), value("KC"), value("RJ")
    (1, 10, 13, 0)
    """
    parsed = Card.parse(card)
    return 0 if parsed.rank == "joker" else parsed.rank_index + 1


def tier(card: str) -> int:
    """TOMB-1: A-5 tier 1, 6-10 tier 2, J-K tier 3 (a joker: 0, the rules say what it does instead)."""
    v = value(card)
    return 0 if v == 0 else 1 if v <= 5 else 2 if v <= 10 else 3


def suit_of(card: str) -> str | None:
    """The suit that breaks a tie; None for a joker (the Red Joker takes the ability's suit, TOMB-5)."""
    parsed = Card.parse(card)
    return None if parsed.rank == "joker" else parsed.suit


def label(card: str) -> str:
    """"8♦", "Red Joker"."""
    return {"RJ": "Red Joker", "BJ": "Black Joker"}.get(card) or card_label(card)


# --- one participant's deck ----------------------------------------------------------------------
@dataclass
class FateDeck:
    """One participant's deck of fate: the draw pile (top first), the discard pile and, for a player
    character, the hand of cards kept to cheat fate with (TOMB-6)."""

    draw: list[str]
    discard: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    holds_hand: bool = False

    @classmethod
    def shuffled(cls, rng: random.Random, holds_hand: bool) -> "FateDeck":
        """A fresh deck shuffled with the state's RNG; a player character then draws a hand of 5."""
        deck = cls(shuffle(full_deck(), rng), holds_hand=holds_hand)
        if holds_hand:
            deck.hand = deck.take_many(HAND_SIZE)
        return deck

    @classmethod
    def forced(cls, order: Sequence[str], holds_hand: bool) -> "FateDeck":
        """A deck in a forced order (tests, puzzles): ``order`` must be the 54 cards, each once."""
        check_deck_order(order)
        deck = cls(list(order), holds_hand=holds_hand)
        if holds_hand:
            deck.hand = deck.take_many(HAND_SIZE)
        return deck

    def cards(self) -> list[str]:
        """Every card this deck owns, wherever it is (a flip in progress is the caller's to count)."""
        return [*self.draw, *self.discard, *self.hand]

    def take_many(self, n: int) -> list[str]:
        """Cards off the top, without the empty-deck rule (only for a fresh deck's first hand)."""
        taken, self.draw = self.draw[:n], self.draw[n:]
        return taken

    def flip(self, rng: random.Random) -> tuple[str, bool]:
        """The top card, and whether the deck had run out first.

        TOMB-6: an empty deck takes back its discards (and the hand still held, ruling TS-3), is
        reshuffled with the state's RNG, and a player character draws a fresh hand of 5 before the
        flip. The flipped card is the caller's until it is discarded.
        """
        renewed = False
        if not self.draw:
            renewed = True
            self.discard.extend(self.hand)
            self.hand = []
            reshuffle(self.draw, self.discard, rng)
            if self.holds_hand:
                self.hand = self.take_many(HAND_SIZE)
        return self.draw.pop(0), renewed

    def new_day(self, rng: random.Random) -> None:
        """A full night's rest (TOMB-6): every card back, shuffled, and a fresh hand of 5."""
        everything = self.cards()
        self.draw, self.discard, self.hand = shuffle(everything, rng), [], []
        if self.holds_hand:
            self.hand = self.take_many(HAND_SIZE)

    def to_json(self) -> dict[str, Any]:
        return {"draw": list(self.draw), "discard": list(self.discard), "hand": list(self.hand),
                "holds_hand": self.holds_hand}

    def public(self, owner_sees: bool) -> dict[str, Any]:
        """What the table shows: counts always, the discards face up, the hand only to its owner.
        The draw pile's order never leaves Python."""
        return {"deck": len(self.draw), "discard": list(self.discard), "hand_count": len(self.hand),
                "hand": list(self.hand) if owner_sees else None, "holds_hand": self.holds_hand}


def check_deck_order(order: object) -> None:
    """A forced deck is the 54 codes (TOMB-1), each once; anything else is a ``ValueError`` saying so."""
    if (not isinstance(order, list) or len(order) != 54 or not all(isinstance(c, str) for c in order)
            or sorted(order) != sorted(full_deck())):
        raise ValueError("A deck of fate is the 52 cards and both jokers (RJ, BJ), each once, top first.")


# --- judging one flip ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Flip:
    """One side's flip, judged (TOMB-5, TOMB-7): what a page needs to show and explain it.

    ``cards`` are as flipped; ``counted`` are the cards that make the value (both when enhanced,
    the lower when impaired); ``cheat`` is the hand card laid over ``covered`` (TOMB-6); ``auto`` is
    "success" or "failure" when a joker decides outright; ``suit`` breaks ties.
    """

    cards: tuple[str, ...]
    mode: str
    modifier: int
    counted: tuple[str, ...]
    value: int
    total: int
    suit: str | None
    auto: str | None
    rule: str
    cheat: str | None = None
    covered: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "mode": self.mode, "modifier": self.modifier,
                "counted": list(self.counted), "value": self.value, "total": self.total, "suit": self.suit,
                "auto": self.auto, "rule": self.rule, "cheat": self.cheat, "covered": self.covered}


def cards_needed(mode: str) -> int:
    """TOMB-7: one card, or two when enhanced or impaired."""
    return 1 if mode == "normal" else 2


def judge_flip(cards: Sequence[str], mode: str, modifier: int, ability_suit: str | None = None,
               cheat: str | None = None, covered: str | None = None) -> Flip:
    """The value of a flip (TOMB-5, TOMB-7, rulings TS-1 and TS-2).

    - normal: the card's value; enhanced: both values added, the first card's suit breaks ties;
      impaired: the lower card counts (a joker: the Black Joker is the lowest card, the Red the
      highest).
    - A Black Joker that counts is an automatic failure; a Red Joker that counts an automatic
      success of the ability's suit. Enhanced with both jokers: the Black Joker wins (TS-1).
    - ``cheat`` replaces the ``covered`` card (TOMB-6); a Red Joker from the hand counts as a
      flipped Red Joker (TS-2).

    >>> judge_flip(["5S", "9D"], "enhanced", 1).total
    15
    >>> judge_flip(["RJ", "4C"], "impaired", 0).counted
    ('4C',)
    >>> judge_flip(["BJ", "KD"], "enhanced", 3).auto
    'failure'
    """
    if mode not in MODES:
        raise ValueError(f"A flip is normal, enhanced or impaired, not {mode!r}.")
    if len(cards) != cards_needed(mode):
        raise ValueError(f"A {mode} flip takes {cards_needed(mode)} card(s).")
    showing = [cheat if c == covered and cheat is not None else c for c in cards]
    if covered is not None and covered not in cards:
        raise ValueError(f"{covered} is not one of the flipped cards.")
    if mode == "impaired":
        lower = min(showing, key=_impaired_rank)
        counted: tuple[str, ...] = (lower,)
    else:
        counted = tuple(showing)
    auto: str | None = None
    rule = "value"
    if BLACK in counted:
        auto, rule = "failure", "black_joker"
    elif RED in counted:
        auto, rule = "success", "red_joker"
    total_value = sum(value(c) for c in counted)
    first = counted[0]
    suit = ability_suit if first == RED else suit_of(first)
    return Flip(tuple(cards), mode, modifier, counted, total_value, total_value + modifier, suit, auto, rule,
                cheat, covered)


def _impaired_rank(card: str) -> int:
    """The Black Joker is lower than an ace, the Red Joker higher than a king (impaired keeps the lower)."""
    return {BLACK: -1, RED: 99}.get(card, value(card))


# --- saves and contests --------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveResult:
    """TOMB-4: a flip against a target number."""

    ability: str
    target: int
    flip: Flip
    success: bool
    rule: str  # "black_joker", "red_joker", "reached", "short"

    def to_json(self) -> dict[str, Any]:
        return {"kind": "save", "ability": self.ability, "target": self.target, "flip": self.flip.to_json(),
                "success": self.success, "rule": self.rule}


def save(flip: Flip, ability: str, target: int) -> SaveResult:
    """TOMB-4/5: success when flip + ability reaches the target; a joker decides outright.

    >>> save(judge_flip(["6S"], "normal", 4), "DEX", 12).success
    False
    """
    if flip.auto == "failure":
        return SaveResult(ability, target, flip, False, "black_joker")
    if flip.auto == "success":
        return SaveResult(ability, target, flip, True, "red_joker")
    ok = flip.total >= target
    return SaveResult(ability, target, flip, ok, "reached" if ok else "short")


@dataclass(frozen=True)
class ContestResult:
    """TOMB-3: the actor's flip against the other side's; ``actor_wins`` and the rule that decided.

    Rules: "black_joker" (a side flipped it and loses), "red_joker", "both_black" / "both_red" (the
    defender wins, TS-1), "higher" (the higher total), "tie_suit" (one card matches the ability's
    suit), "tie_defender" (both or neither match: the defender wins).
    """

    ability: str
    actor: Flip
    other: Flip
    actor_wins: bool
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": "contest", "ability": self.ability, "actor": self.actor.to_json(),
                "other": self.other.to_json(), "actor_wins": self.actor_wins, "rule": self.rule}


def contest(actor: Flip, other: Flip, ability: str) -> ContestResult:
    """TOMB-3 with the jokers of TOMB-5; ``other`` is the defender, who wins what nobody wins.

    >>> contest(judge_flip(["8C"], "normal", 4), judge_flip(["QH"], "normal", 0), "DEX").rule
    'tie_suit'
    >>> contest(judge_flip(["7C"], "normal", 0), judge_flip(["7S"], "normal", 0), "DEX").actor_wins
    True
    """
    a, o = actor.auto, other.auto
    if a == "failure" and o == "failure":
        return ContestResult(ability, actor, other, False, "both_black")
    if a == "success" and o == "success":
        return ContestResult(ability, actor, other, False, "both_red")
    if a == "failure" or o == "success":
        return ContestResult(ability, actor, other, False, "black_joker" if a == "failure" else "red_joker")
    if o == "failure" or a == "success":
        return ContestResult(ability, actor, other, True, "black_joker" if o == "failure" else "red_joker")
    if actor.total != other.total:
        return ContestResult(ability, actor, other, actor.total > other.total, "higher")
    wanted = ABILITY_SUITS[ability]
    a_match, o_match = actor.suit == wanted, other.suit == wanted
    if a_match != o_match:
        return ContestResult(ability, actor, other, a_match, "tie_suit")
    return ContestResult(ability, actor, other, False, "tie_defender")


# --- damage ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DamageResult:
    """TOMB-8 with the jokers of TOMB-5: the damage flip, its tier and the damage dealt.

    ``extra`` is the second flip after a Red Joker; ``bonus`` the +1 of several attackers or the +3
    of a posse (TOMB-11); ``misfortune`` marks a Black Joker (no damage, and the Dealer may add a
    misfortune for the attacker).
    """

    weapon: tuple[int, int, int]
    card: str
    tier: int
    base: int
    extra: str | None
    extra_damage: int
    bonus: int
    total: int
    misfortune: bool
    rule: str
    cheat: str | None = None
    covered: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "damage", "weapon": list(self.weapon), "card": self.card, "tier": self.tier,
                "base": self.base, "extra": self.extra, "extra_damage": self.extra_damage, "bonus": self.bonus,
                "total": self.total, "misfortune": self.misfortune, "rule": self.rule, "cheat": self.cheat,
                "covered": self.covered}


def weapon_damage(weapon: Sequence[int], card: str) -> int:
    """The weapon's damage for the card's tier (0 for a joker: the caller applies the joker rules)."""
    t = tier(card)
    return 0 if t == 0 else weapon[t - 1]


def damage(weapon: Sequence[int], card: str, bonus: int = 0, extra: str | None = None,
           cheat: str | None = None) -> DamageResult:
    """TOMB-8 and TOMB-5 for one damage flip; ``cheat`` is a hand card laid over ``card`` (only on
    an enhanced attack, TOMB-6: the caller checks that). ``extra`` is the follow-up flip a Red Joker
    asks for (the caller flips it only then).

    >>> damage((1, 3, 4), "8H").total
    3
    >>> damage((1, 3, 4), "RJ", extra="KS").total
    8
    >>> damage((1, 3, 4), "RJ", extra="BJ").total
    4
    >>> damage((2, 3, 5), "BJ", bonus=3).total
    0
    """
    w = (weapon[0], weapon[1], weapon[2])
    shown = cheat if cheat is not None else card
    covered = card if cheat is not None else None
    if shown == BLACK:
        return DamageResult(w, card, 0, 0, None, 0, 0, 0, True, "black_joker", cheat, covered)
    if shown == RED:
        extra_damage = 0 if extra is None or extra in JOKERS else weapon_damage(w, extra)
        base = w[2]
        return DamageResult(w, card, 3, base, extra, extra_damage, bonus, base + extra_damage + bonus, False,
                            "red_joker", cheat, covered)
    base = weapon_damage(w, shown)
    return DamageResult(w, card, tier(shown), base, None, 0, bonus, base + bonus, False, "tier", cheat, covered)


def roll_die(rng: random.Random, sides: int = 6) -> int:
    """One die from the state's RNG (``random()`` only: stable across Python versions)."""
    return int(rng.random() * sides) + 1
