"""The redealer both Tombstone fights share for the no-leak property (TOMB-1, TOMB-6, TS-2, TS-3, TS-12,
TS-14, SD-1, SD-6, SD-8, SD-10).

The Dealer's table (``tests/tombstone_table/redealer.py``) and the Showdown
(``tests/tombstone_showdown/redealer.py``) deal their decks the same way: ``deal`` is the Dealer's deck,
then each character's, top first; each character holds a hand (the first five cards), the Dealer none.
The generic no-leak property (``tests/test_properties.py``) finds a game's redealer by convention:
``redeal(state, viewer, rng)`` returns a deal that permutes, within each deck, only the cards the viewer
has not been shown, and ``map_move`` says how a move of the original game reads in the redealt one.

What both tables show, by the rules: every card that leaves a draw pile other than into a hand lies
face up (flips of saves, contests, attacks, damage and criticals, the Black Joker's re-flip, a Red
Joker's extra damage card, scar cards and the suit counts; at the Dealer's table also reactions,
hireling and take-over draws; in the Showdown also the initiative contests, morale saves, turning tail,
swigs, the rattlesnake's saves, strikes and venom: ``FateDeck.flip`` is the only way such a card leaves
a pile); a card laid from a hand to cheat fate and the Black Joker spent on a re-flip go face up as
well (both end on the discards, which are public). A hand is seen by its own seat only, whenever it is
dealt (the first five cards of the deal, the new hand after a deck runs out, TS-3, even a hand replaced
again within the same move: the ``renewed`` event shows it to its seat; at the Dealer's table also after
a night's rest, TS-14, and after taking over a hireling, TS-12). The Dealer holds no hand. The order of
a draw pile is seen by nobody.

``table_seen`` works this out per deck by replaying the record with each deck's ``flip`` watched
(never reading a view or an event): cards flipped, cards on the discards or in a waiting flip after
each move, and for a player's own deck every hand it held. ``redeal`` then permutes the other cards
of each deck among their deal positions (a seat's unseen cards are the other decks' draw piles and
hands, and the order of its own draw pile).

Why this is sound, across reshuffles and new days too. Let pi be the per-deck permutation; by
induction over the moves, every deck of the redealt game is pi applied card by card to the same deck
of the original game (same draw pile, discards and hand, position by position):
- a flip takes the top card of both piles: it was flipped in the original game, so it is seen and
  fixed by pi, and both games judge the same card; every other card the rules look at by its face
  (a cheat card, a covered card, a forced re-flip) is shown too, so fixed;
- the state's RNG makes the same calls in both games (the constructor's throwaway shuffles, each
  reshuffle and new day of the same number of cards; at the table the die of fate and the hireling's
  name dice, in the Showdown the complication's die; the Showdown's stranger is forged from the seed
  alone), and a shuffle moves positions, not faces, so shuffling pi-images gives pi-images: the hand
  cards that join the discards at a reshuffle (TS-3) and every card gathered for a night's rest or a
  take-over keep the invariant, and the new hands are pi-images, seen by their own seat (fixed for it);
- what the engine decides by itself (the Showdown's rounds, morale saves, free attacks, the snake's
  strike, the Dealer's ``auto_move`` from its own view) follows from flipped cards and public state,
  and the record holds the Dealer's choices as moves, replayed as they are;
- the moves need no mapping (``map_move`` is the identity): the only move naming a card is a cheat,
  and its card is shown face up by that very move, so pi fixes it in the cheater's deck for every
  viewer; covered cards are flips.
What the rules still let depend on a hidden face is which cards of a hand are the Black Joker: a
hand card's face matters to the table only to its owner (their cheat moves) and through the Black
Joker (TS-2: force the Dealer's re-flip). If a view, the seats to act or an event of another viewer
changed with the Black Joker's place in a hand, that is a leak this property is meant to catch.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from pygame_core import State, get_game
from pygame_core.games.tombstone.fate import FateDeck

DEALER = "dealer"


def deck_refs(state: State) -> list[str]:
    """The decks in deal order: the Dealer's, then pc0, pc1, ..."""
    return [DEALER, *(f"pc{n}" for n in range(len(state.record()["deal"]) - 1))]


def table_seen(state: State, viewer: int | None) -> dict[str, set[str]]:
    """Per deck, the cards ``viewer`` has been shown by the position of ``state`` (see the module)."""
    record = state.record()
    replayed: Any = get_game(record["game"]).new_game(seed=record["seed"], options=record["options"],
                                                      deal=record["deal"], setup=record["setup"])
    own = None if viewer is None or viewer == 0 else f"pc{viewer - 1}"
    seen: dict[str, set[str]] = {ref: set() for ref in deck_refs(state)}

    def watch(ref: str, deck: FateDeck) -> None:
        original: Callable[[random.Random], tuple[str, bool]] = deck.flip

        def flip(rng: random.Random) -> tuple[str, bool]:
            card, renewed = original(rng)
            seen[ref].add(card)
            if renewed and ref == own:
                seen[ref].update(deck.hand)  # the renewed event shows the new hand to its seat
            return card, renewed

        deck.flip = flip  # type: ignore[method-assign]

    def look() -> None:
        for ref, deck in replayed.decks.items():
            seen[ref].update(deck.discard)
            if ref == own:
                seen[ref].update(deck.hand)
        if replayed.pending is not None:
            for side in replayed.pending["sides"]:
                seen[side["deck"]].update(side["cards"])
                if side["cheat"] is not None:
                    seen[side["deck"]].add(side["cheat"])

    for ref, deck in replayed.decks.items():
        watch(ref, deck)
    look()
    for p, move in record["moves"]:
        replayed.play(p, move)
        look()
    return seen


def redeal(state: State, viewer: int | None, rng: random.Random) -> list[list[str]]:
    """Each deck of the deal with the cards ``viewer`` was never shown permuted among their places."""
    seen = table_seen(state, viewer)
    deal: list[list[str]] = [list(order) for order in state.record()["deal"]]
    for ref, order in zip(deck_refs(state), deal):
        hidden = [i for i, card in enumerate(order) if card not in seen[ref]]
        moved = [order[i] for i in hidden]
        rng.shuffle(moved)
        for i, card in zip(hidden, moved):
            order[i] = card
    return deal


def map_move(move: Any, old_deal: Any, new_deal: Any) -> Any:
    """A move of the original game in the redealt one: the same (see the module: a cheat's card is
    shown by the cheat itself, so no redeal moves it in the cheater's deck)."""
    return move
