"""Knife Fight's redealer for the no-leak property (KNIFE-1, 2, 6, 8).

Found by the generic no-leak property (``tests/test_properties.py``) by convention: ``redeal(state,
viewer, rng)`` returns a deal that permutes only the cards ``viewer`` has not been shown by now.
"""

from __future__ import annotations

import random

from pygame_core import State, get_game


def knife_fight_seen(state: State, p: int | None) -> tuple[set[str], set[str]]:
    """KNIFE-2/6/8 from the record: the cards p has been shown by the position of ``state``, and the
    face-down follow-ups of others still waiting for their reveal.

    p sees their own hand: the top 3 of their deck and every later draw (KNIFE-2, KNIFE-8); both
    commits once both are in (KNIFE-2); a lone feint's follow-up at once, both-Kings follow-ups once
    both are in, and every follow-up of a settled exchange (KNIFE-6). Nothing else: the opponent's
    hand and deck, the order of p's own deck, bled cards (they leave face down). Which cards were
    revealed is worked out from the moves and the rules; the engine's events are used only for how
    many cards each draw and bleed took off a deck (public counts), never for what a viewer saw."""
    record = state.record()
    deal: dict[str, list[str]] = record["deal"]
    replayed = get_game(record["game"]).new_game(seed=record["seed"], options=record["options"], deal=deal)
    seen: set[str] = set(deal[str(p)][:3]) if p is not None else set()
    next_card = [3, 3]  # position of the next card on each deck
    commits: dict[int, str] = {}
    follow_ups: dict[int, str] = {}
    for q, move in record["moves"]:
        events = replayed.play(q, move)
        if move["type"] == "play":
            commits[q] = move["card"]
            if len(commits) == 2:
                seen |= set(commits.values())
        elif move["type"] == "follow_up":
            follow_ups[q] = move["card"]
            both_kings = all(card.startswith("K") for card in commits.values())
            if not both_kings or len(follow_ups) == 2:
                seen |= set(follow_ups.values())
        for event in events:
            if event["type"] in ("draw", "bleed"):
                owner, count = event["player"], event["count"]
                if event["type"] == "draw" and owner == p:
                    seen |= set(deal[str(owner)][next_card[owner]:next_card[owner] + count])
                next_card[owner] += count
            elif event["type"] in ("round", "end"):  # the exchange is settled: all of it is public
                seen |= set(follow_ups.values())
                commits, follow_ups = {}, {}
    pending = {card for q, card in follow_ups.items() if q != p and card not in seen}
    return seen, pending


def redeal(state: State, p: int | None, rng: random.Random) -> dict[str, list[str]]:
    """Permute, within each half (KNIFE-1: the colours must stay), the cards p has not been shown.

    Sound because ``knife_fight_seen`` is cumulative over the whole prefix the test compares (moves
    up to the cut): a card visible to p at any step of that prefix (a card p drew, a revealed commit,
    a face-up follow-up) is never moved, so no redealt card becomes visible to p in the compared
    window, and cards p only sees later (their own next draws) may be moved. The opponent's moves
    are remapped through the permutation by the test; a remapped move is still legal because every
    hidden card the opponent played is still in their hand at the same place, except a face-down
    follow-up awaiting its reveal, which is only swapped with a non-King (a King can't follow a
    feint). Two Kings a half mean a King player always keeps a non-King to follow up with."""
    seen, pending = knife_fight_seen(state, p)
    deal: dict[str, list[str]] = state.record()["deal"]
    new: dict[str, list[str]] = {}
    for key in ("0", "1"):
        cards = list(deal[key])
        hidden = [i for i, card in enumerate(cards) if card not in seen]
        moved = [cards[i] for i in hidden]
        rng.shuffle(moved)
        for i, card in zip(hidden, moved):
            cards[i] = card
        for i in hidden:
            if deal[key][i] in pending and cards[i].startswith("K"):
                j = next(j for j in hidden if j != i and not cards[j].startswith("K"))
                cards[i], cards[j] = cards[j], cards[i]
        new[key] = cards
    return new
