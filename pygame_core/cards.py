"""Cards as short codes, deck builders and the seeded shuffle every engine uses.

A card is its code string (``"7S"``, ``"10H"``, ``"QD"``, ``"RJ"``): codes are JSON as they are,
so views, moves and records never need a conversion layer. ``Card`` parses a code into a
frozen value type for the places that need rank and suit.

>>> Card.parse("10H")
Card(rank='10', suit='H')
>>> Card.parse("QS").rank_index
11
>>> deck = standard_deck()
>>> len(deck), deck[0], deck[-1]
(52, 'AS', 'KC')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence, TypeVar

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: tuple[str, ...] = ("RJ", "BJ")
SUIT_SYMBOLS: dict[str, str] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES: dict[str, str] = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Card:
    """A parsed card code; a joker has rank ``"joker"`` and suit ``"R"`` (red) or ``"B"`` (black)."""

    rank: str
    suit: str

    @staticmethod
    def parse(code: str) -> "Card":
        """Parse a code, raising ``ValueError`` with the reason when it is not a card.

        >>> Card.parse("1S")
        Traceback (most recent call last):
        ...
        ValueError: '1S' is not a card code (expected e.g. 'AS', '10H', 'QD', 'RJ')
        """
        if not isinstance(code, str):
            raise ValueError(f"{code!r} is not a card code (expected a string such as '7S')")
        card = _BY_CODE.get(code)
        if card is None:
            raise ValueError(f"{code!r} is not a card code (expected e.g. 'AS', '10H', 'QD', 'RJ')")
        return card

    @property
    def code(self) -> str:
        return self.suit + "J" if self.rank == "joker" else self.rank + self.suit

    @property
    def rank_index(self) -> int:
        """Position in A < 2 < ... < 10 < J < Q < K (0-based); jokers rank above everything."""
        return len(RANKS) if self.rank == "joker" else RANKS.index(self.rank)


# every card, parsed once: engines parse codes on every view and sentence
_BY_CODE: dict[str, Card] = {**{rank + suit: Card(rank, suit) for suit in SUITS for rank in RANKS},
                             **{joker: Card("joker", joker[0]) for joker in JOKERS}}


def is_card(code: object) -> bool:
    """True when ``code`` is a valid card code string."""
    try:
        Card.parse(code)  # type: ignore[arg-type]
    except ValueError:
        return False
    return True


def card_label(code: str) -> str:
    """A short human label: ``"7♠"``, ``"10♥"``, ``"red joker"``.

    >>> card_label("10H"), card_label("BJ")
    ('10♥', 'black joker')
    """
    card = Card.parse(code)
    if card.rank == "joker":
        return "red joker" if card.suit == "R" else "black joker"
    return card.rank + SUIT_SYMBOLS[card.suit]


def suit_cards(suit: str, ranks: Sequence[str] = RANKS) -> list[str]:
    """All codes of one suit, in rank order."""
    return [rank + suit for rank in ranks]


def standard_deck(jokers: bool = False) -> list[str]:
    """The 52 cards suit by suit (S, H, D, C), optionally followed by both jokers."""
    deck = [code for suit in SUITS for code in suit_cards(suit)]
    return deck + list(JOKERS) if jokers else deck


def new_rng(seed: int) -> random.Random:
    """The one RNG a game state owns; never the module-level ``random``."""
    return random.Random(seed)


def shuffle(items: list[T], rng: random.Random) -> list[T]:
    """Fisher-Yates over ``rng.random()`` in place (and returned).

    CPython only promises that ``random()`` is stable across versions, not ``shuffle`` or
    ``randrange``; the browser runs Python 3.14 while hosts run 3.11, so the same seed must
    give the same deal on both.

    >>> shuffle(list(range(6)), new_rng(7)) == shuffle(list(range(6)), new_rng(7))
    True
    """
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
    return items


def reshuffle(deck: list[T], discards: list[T], rng: random.Random) -> list[T]:
    """Shuffle the discard pile and put it under what is left of ``deck`` (top first); both in place.

    A shuffle during play (a deck run out, DUEL-4, TOMB-6) draws from the state's own RNG with
    the same Fisher-Yates as the deal, so ``replay`` rebuilds it and CPython 3.11 and Pyodide's
    3.14 agree. The discard pile is left empty; the deck is returned.

    >>> deck, discards = ["AS"], ["2S", "3S", "4S"]
    >>> reshuffle(deck, discards, new_rng(7))[0], sorted(deck[1:]), discards
    ('AS', ['2S', '3S', '4S'], [])
    """
    deck.extend(shuffle(list(discards), rng))
    discards.clear()
    return deck


def pick(items: Sequence[T], rng: random.Random) -> T:
    """One item chosen uniformly with ``rng.random()`` (stable across Python versions)."""
    return items[int(rng.random() * len(items))]
