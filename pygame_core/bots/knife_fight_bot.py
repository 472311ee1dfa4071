"""The "hard" Knife Fight bot: picks the card with the best expected exchange.

It cannot see the opponent's hand, so it assumes the opponent's card is any of the cards of
their colour it has not seen yet, equally likely, and scores each of its own cards by the
average of what the exchange would do (``resolve``, the engine's own pure function): wounds
dealt count for it, wounds taken against it. A King is scored with the best follow-up left in
hand, a Queen with the wound it would dress. Follow-ups against a revealed card and dressings
are exact.
"""

from __future__ import annotations

from typing import Any

from ..cards import new_rng, pick
from ..games.knife_fight import HALVES, kind, resolve, value

Move = dict[str, Any]


def wounds(card: str | None) -> int:
    return value(card) if kind(card) == "number" and card is not None else 0


def exchange_score(me: int, mine: str | None, theirs: str | None, old_wounds: list[str]) -> float:
    """Damage dealt minus damage taken when ``mine`` meets ``theirs`` (neither a King)."""
    cards = (mine, theirs) if me == 0 else (theirs, mine)
    score = 0.0
    for effect in resolve(cards):
        if effect.what == "damage":
            score += wounds(effect.card) if effect.player != me else -wounds(effect.card)
        elif effect.what == "dress" and effect.player == me and old_wounds:
            score += max(value(c) for c in old_wounds)
    return score


class KnifeFightBot:
    """Decides from ``view(p)`` and the legal moves only."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        me = view["viewer"]
        if moves[0]["type"] == "dress":  # drop the deepest old wound
            return max(moves, key=lambda m: value(m["discard"]))
        unseen = self.unseen(view)
        hand = list(view["hand"])
        old = list(view["damage"][me])
        exchange = view["exchange"]
        if moves[0]["type"] == "follow_up":
            target = exchange["cards"][1 - me]
            if kind(target) == "jack":
                targets: list[str | None] = [None]
            elif kind(target) == "king":  # both feinted: their follow-up is unknown
                targets = [c for c in unseen if kind(c) != "king"] or [None]
            else:
                targets = [target]
            scored = [(sum(exchange_score(me, m["card"], t, old) for t in targets) / len(targets), m)
                      for m in moves]
        else:
            scored = [(self.expected(me, m["card"], hand, unseen, old), m) for m in moves]
        best = max(score for score, _ in scored)
        return pick([m for score, m in scored if score >= best - 1e-9], self.rng)

    def expected(self, me: int, card: str, hand: list[str], unseen: list[str], old: list[str]) -> float:
        """Average exchange score of committing ``card`` against every unseen opponent card."""
        rest = [c for c in hand if c != card and kind(c) != "king"]
        follow_ups: list[str | None] = [c for c in unseen if kind(c) != "king"] or [None]
        total = 0.0
        for theirs in unseen:
            if kind(card) == "king":
                target = None if kind(theirs) == "jack" else theirs
                if kind(theirs) == "king":
                    total += max((sum(exchange_score(me, f, t, old) for t in follow_ups) / len(follow_ups)
                                  for f in rest), default=-5.0)
                else:
                    total += max((exchange_score(me, f, target, old) for f in rest),
                                 default=exchange_score(me, None, target, old))
            elif kind(theirs) == "king":
                target = None if kind(card) == "jack" else card
                total += sum(exchange_score(me, target, t, old) for t in follow_ups) / len(follow_ups)
            else:
                total += exchange_score(me, card, theirs, old)
        return total / len(unseen) if unseen else 0.0

    @staticmethod
    def unseen(view: dict[str, Any]) -> list[str]:
        """The opponent's cards this player has not seen in a damage pile or in any exchange."""
        me = view["viewer"]
        seen = {c for pile in view["damage"] for c in pile}
        for exchange in [view["exchange"], *view["log"]]:
            if exchange:
                seen.update(c for c in exchange["cards"] if isinstance(c, str))
                seen.update(c for c in exchange["follow_ups"] if isinstance(c, str))
        return [c for c in HALVES[1 - me] if c not in seen]
