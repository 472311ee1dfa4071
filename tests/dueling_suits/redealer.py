"""Dueling Suits' redealer for the no-leak property (DUEL-1, 4, 5).

Found by the generic no-leak property (``tests/test_properties.py``) by convention: ``redeal(state,
viewer, rng)`` returns a deal that permutes only the cards ``viewer`` has not been shown by now.

Why permuting deal positions is enough even across a reshuffle (DUEL-4): the deck is refilled only
when it is empty, so all 52 deal positions are drawn before the first reshuffle, and every later
draw comes from the shuffled discards. The discard pile only ever holds resolved leads and chain
cards, which every viewer has seen (leads are revealed before a turn can resolve, chain cards are
face up), so they are never moved: both games discard the same cards in the same order, the
state's RNG makes the same calls (a throwaway deck, the initiative, each reshuffle of the same
number of cards), and the reshuffled decks come out identical. No deal position is ever reached
after a reshuffle, so none needs to be kept for that reason.
"""

from __future__ import annotations

import random

from pygame_core import State, get_game

HAND_SIZE = 7
DEAL_SIZE = 52


def dueling_suits_seen(state: State, p: int | None) -> set[str]:
    """DUEL-1/4/5 from the record: the cards p has been shown by the position of ``state``.

    p sees their own 7 (deal positions 0-6 for seat 0, 7-13 for seat 1) and every card they draw;
    both leads once both are in; every chain card. Nothing else: the opponent's hand and draws, the
    opponent's lead before the reveal, the order of the deck. A spectator sees only the reveals and
    the chains. Which deal position each draw takes is worked out from the rules (DUEL-4: each draws
    one, seat 0 first, then each holding 2 or fewer draws one more, seat 0 first); the engine's
    events are used only for the public count of each draw, never for what a viewer saw. Draws past
    position 51 come from the reshuffled discards, which hold only cards already seen by everyone."""
    record = state.record()
    deal: list[str] = record["deal"]
    replayed = get_game(record["game"]).new_game(seed=record["seed"], options=record["options"], deal=deal)
    seen: set[str] = set(deal[p * HAND_SIZE:(p + 1) * HAND_SIZE]) if p is not None else set()
    next_card = 2 * HAND_SIZE

    def take(counts: tuple[int, int]) -> None:
        """One turn's draws in rule order: a first card each, then the extra cards."""
        nonlocal next_card
        for round_ in (0, 1):
            for q in (0, 1):
                if counts[q] > round_:
                    if q == p and next_card < DEAL_SIZE:
                        seen.add(deal[next_card])
                    next_card += 1

    take((1, 1))  # turn 1 starts in the constructor: 7 cards each, so one draw each and no extra
    leads: dict[int, str] = {}
    for q, move in record["moves"]:
        events = replayed.play(q, move)
        if move["type"] == "lead":
            leads[q] = move["card"]
            if len(leads) == 2:
                seen |= set(leads.values())
                leads = {}
        elif move["type"] == "chain":
            seen.add(move["card"])
        counts = [0, 0]
        for event in events:
            if event["type"] == "draw":
                counts[event["player"]] += event["count"]
        if any(counts):
            take((counts[0], counts[1]))
    return seen


def redeal(state: State, p: int | None, rng: random.Random) -> list[str]:
    """Permute the cards p has not been shown among their deal positions.

    Sound because ``dueling_suits_seen`` is cumulative over the whole prefix the test compares: a
    card visible to p at any step of it is never moved. The opponent's moves are remapped through
    the permutation by the test; a remapped lead is still legal because the hidden card the opponent
    led came from a deal position of their hand, and the card now at that position is in the same
    place of their hand in the redealt game (draws happen at the same times: they depend only on the
    hand counts). Chain cards are seen when played, so they are never moved."""
    seen = dueling_suits_seen(state, p)
    cards: list[str] = list(state.record()["deal"])
    hidden = [i for i, card in enumerate(cards) if card not in seen]
    moved = [cards[i] for i in hidden]
    rng.shuffle(moved)
    for i, card in zip(hidden, moved):
        cards[i] = card
    return cards
