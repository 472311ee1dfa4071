"""The forge's redealer for the no-leak property (TS-4, TS-6, TOMB-6).

Found by the generic no-leak property (``tests/test_properties.py``) by convention: ``redeal(state,
viewer, rng)`` returns a deal (the deck order, top first) that permutes only cards the viewer has not
been shown and can know nothing more about by the rules.

What the forge hides is the order of its deck, nothing else: every drawn card lies face up (the
part on the table, the jokers set aside, the discards, the kept parts), and the one participant and
the spectator see the same. So the cards shown are exactly the cards drawn from the deal, and a
card never drawn is hidden, with one catch. TS-6 takes each trait from "the next card of its suit":
such a search walks past cards without drawing them, and the viewer learns by the rules that none
of those was of the searched suit. Swapping such a card with a hidden card of that suit would
change which card the search finds, so a redeal must keep that knowledge true.

``forge_deck_knowledge`` works the deck out from the rules and the record's moves alone, over deal
positions (never asking the engine what it drew): the stats take cards off the top until seven are
not jokers (TS-4), the background the next non-joker, the traits search the suits in trait order,
a single trait searches its suit. ``redeal`` then permutes the hidden cards in two groups: the
positions some search walked past, each only with another of the same suit (jokers with jokers),
and the positions no search reached, freely among themselves.

Why this is sound, across reshuffles too (TOMB-6: an empty deck, or a suit missing from it, takes
back the discards shuffled with the state's RNG and puts them UNDER what is left of the deck). By
induction over the moves, both games hold the same deal positions in the same order on top of the
deck, then the same shuffled discards:
- a draw off the top takes the first remaining deal position; it was drawn in the original game,
  so it is shown, so it holds the same card in both;
- a suit search walks the remaining deal positions first: the ones it passes hold a card of the
  same suit in both games (same-suit swaps only), so they are passed in both; the one it stops at
  was drawn, so it is shown and the same; if no deal position left holds that suit in one game, none
  does in the other (same suits), and the search goes on into the shuffled discards;
- positions no search reached are never looked at, so any order of them changes nothing;
- the discard pile only ever holds drawn (shown, unmoved) cards in the order the same moves put them
  there, and the RNG makes the same calls in both games (the constructor's throwaway shuffle, each
  reshuffle of the same number of cards, the name dice), so every reshuffle deals the same cards in
  the same order, and those are all shown cards. Once no deal position is left in the deck, every
  card of the deal has been shown and the redeal is the deal itself.
"""

from __future__ import annotations

import random

from pygame_core import State
from pygame_core.cards import JOKERS
from pygame_core.games.tombstone.tables import TRAITS

PARTS = ("stats", "name", "background", "traits", "gear", "done")
STAT_CARDS = 7
TRAIT_SUITS = {t.id: t.suit for t in TRAITS}


def suit_class(card: str) -> str:
    """What a suit search can tell about a card it walks past: its suit, or that it is a joker."""
    return "joker" if card in JOKERS else card[-1]


def forge_deck_knowledge(state: State) -> tuple[set[int], dict[int, set[str]]]:
    """From the rules and the record: the deal positions drawn so far (every drawn card is shown:
    TS-4..TS-6) and, for each position a suit search walked past without drawing it, the suits it
    is known not to be. Both are cumulative over the whole record."""
    record = state.record()
    deal: list[str] = record["deal"]
    pile = list(range(len(deal)))  # the deal positions still in the deck, top first
    drawn: set[int] = set()
    passed: dict[int, set[str]] = {}

    def off_the_top(wanted: int) -> None:
        """TS-4: cards off the top until ``wanted`` are not jokers (a joker is set aside)."""
        got = 0
        while got < wanted and pile:  # past the deal positions: the reshuffled discards, all shown
            position = pile.pop(0)
            drawn.add(position)
            got += deal[position] not in JOKERS

    def search(suit: str) -> None:
        """TS-6: the next card of ``suit``; the cards walked past are known not to be of it."""
        for i, position in enumerate(pile):
            if suit_class(deal[position]) == suit:
                for skipped in pile[:i]:
                    passed.setdefault(skipped, set()).add(suit)
                drawn.add(pile.pop(i))
                return
        for skipped in pile:  # none of that suit left: the search goes on into the shuffled discards
            passed.setdefault(skipped, set()).add(suit)

    phase = "stats"
    for _, move in record["moves"]:
        kind = move["type"]
        if kind == "draw" and "trait" in move:
            search(TRAIT_SUITS[move["trait"]])
        elif kind == "draw":
            if phase == "stats":
                off_the_top(STAT_CARDS)
            elif phase == "background":
                off_the_top(1)
            else:
                for trait in TRAITS:
                    search(trait.suit)
        elif kind in ("accept", "write"):  # a written name or background is final at once (TS-7)
            phase = PARTS[PARTS.index(phase) + 1]
    return drawn, passed


def redeal(state: State, p: int | None, rng: random.Random) -> list[str]:
    """Permute the hidden cards: walked-past positions among same-suit ones, the rest freely.

    The forge shows the participant and the spectator the same things, so ``p`` changes nothing."""
    cards: list[str] = list(state.record()["deal"])
    drawn, passed = forge_deck_knowledge(state)
    hidden = [i for i in range(len(cards)) if i not in drawn]
    groups: dict[str, list[int]] = {}
    for i in hidden:
        groups.setdefault(f"passed {suit_class(cards[i])}" if i in passed else "unreached", []).append(i)
    for positions in groups.values():
        moved = [cards[i] for i in positions]
        rng.shuffle(moved)
        for i, card in zip(positions, moved):
            cards[i] = card
    return cards
