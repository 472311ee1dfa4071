"""Knife Fight's computer opponents, easy to hard; each decides from its player's view only.

- ``EasyBot`` fights like a beginner: usually its lowest number (the lower card wins), otherwise any
  card at all, and it dresses its deepest wound.
- ``NormalBot`` and ``HardBot`` are one thinker (``Fighter``) with two tempers (``Temper``). It
  scores a card by the average exchange against every opponent card it has not seen (``resolve``,
  the engine's own pure function), counting the Queen's dressing on either side. The bold Deputy
  prizes a cut it deals over one it takes. The careful Gunslinger fears a cut taken three times as
  much as it values one dealt, and counts a cut by the square root of its depth: a shallow cut makes
  its owner bleed a card a round nearly as surely as a deep one.

Why the hard level does not search, unlike the other games': Knife Fight is a guess made face down
each round, and one round barely shapes the next. An information-set tree search (``ismcts``) over
the whole rules measured no stronger than the average-exchange thinker in 14 variants (depth, budget,
rollouts, evaluations, opponent models: 40-57% over runs of 200-1,000 games), nor did a search of the
last rounds alone or one with the careful thinker as its rollout (48-50%). Reading the opponent's
hand from its past commits (a Bayesian filter over the hands it may hold) added about 3 points
(53-55% over runs of 100-400 games), at 100 ms a move. The temper is what mattered (shares of
decided games, seats alternating): the careful temper beats the even one (cuts dealt and taken
alike, the Deputy before) in 56.8% of 2,000 games, and the bold one in 63.6% of 4,000; the bold one
beats easy in 64.3% of 4,000. Over 2,000 games each, the careful temper also beats easy (72.1%
against the even one's 69.9%) and a lowest-card player (71.2% against 68.2%) by more than the even
one does: it is stronger play, not a trap laid for one opponent.
"""

from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple

from .common import Bot, LevelBot
from ..cards import pick
from ..games.knife_fight import HALVES, kind, resolve, value

Move = dict[str, Any]


class Temper(NamedTuple):
    """How a fighter weighs a cut: a cut of n points counts ``n ** depth``, and one it takes counts
    ``dread`` times one it deals (a dressing counts as a cut healed)."""

    depth: float
    dread: float

    def weigh(self, points: int) -> float:
        return 0.0 if points == 0 else math.copysign(abs(points) ** self.depth, points)


BOLD = Temper(depth=1.0, dread=0.4)
CAREFUL = Temper(depth=0.5, dread=3.0)


def wounds(card: str | None) -> int:
    return value(card) if kind(card) == "number" and card is not None else 0


def exchange_score(me: int, mine: str | None, theirs: str | None, old: list[list[str]], temper: Temper) -> float:
    """How ``temper`` likes ``mine`` meeting ``theirs`` (neither a King): each player's net change in
    damage, weighed, the cuts dealt less ``dread`` times the cuts taken; a Queen's dressing heals
    its owner's deepest older wound, whoever owns it."""
    cards = (mine, theirs) if me == 0 else (theirs, mine)
    change = [0, 0]
    for effect in resolve(cards):
        if effect.what == "damage":
            change[effect.player] += wounds(effect.card)
        elif effect.what == "dress" and old[effect.player]:
            change[effect.player] -= max(value(c) for c in old[effect.player])
    return temper.weigh(change[1 - me]) - temper.dread * temper.weigh(change[me])


class Fighter(LevelBot):
    """The average exchange of each card against every unseen opponent card, weighed by ``temper``
    (each level sets its own)."""

    temper: Temper

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        me = view["viewer"]
        if moves[0]["type"] == "dress":  # drop the deepest old wound
            return max(moves, key=lambda m: value(m["discard"]))
        unseen = self.unseen(view)
        hand = list(view["hand"])
        old = [list(pile) for pile in view["damage"]]
        exchange = view["exchange"]
        if moves[0]["type"] == "follow_up":
            target = exchange["cards"][1 - me]
            if kind(target) == "jack":
                targets: list[str | None] = [None]
            elif kind(target) == "king":  # both feinted: their follow-up is unknown
                targets = [c for c in unseen if kind(c) != "king"] or [None]
            else:
                targets = [target]
            scored = [(sum(exchange_score(me, m["card"], t, old, self.temper) for t in targets) / len(targets), m)
                      for m in moves]
        else:
            scored = [(self.expected(me, m["card"], hand, unseen, old), m) for m in moves]
        best = max(score for score, _ in scored)
        return pick([m for score, m in scored if score >= best - 1e-9], self.rng)

    def expected(self, me: int, card: str, hand: list[str], unseen: list[str], old: list[list[str]]) -> float:
        """Average exchange score of committing ``card`` against every unseen opponent card."""
        rest = [c for c in hand if c != card and kind(c) != "king"]
        follow_ups: list[str | None] = [c for c in unseen if kind(c) != "king"] or [None]
        total = 0.0
        for theirs in unseen:
            if kind(card) == "king":
                target = None if kind(theirs) == "jack" else theirs
                if kind(theirs) == "king":
                    total += max((sum(exchange_score(me, f, t, old, self.temper) for t in follow_ups) / len(follow_ups)
                                  for f in rest), default=-5.0)
                else:
                    total += max((exchange_score(me, f, target, old, self.temper) for f in rest),
                                 default=exchange_score(me, None, target, old, self.temper))
            elif kind(theirs) == "king":
                target = None if kind(card) == "jack" else card
                total += sum(exchange_score(me, target, t, old, self.temper) for t in follow_ups) / len(follow_ups)
            else:
                total += exchange_score(me, card, theirs, old, self.temper)
        return total / len(unseen) if unseen else 0.0

    @staticmethod
    def unseen(view: dict[str, Any]) -> list[str]:
        """The opponent's cards this player has not seen in a damage pile or in any exchange."""
        seen = seen_cards(view)
        return [c for c in HALVES[1 - view["viewer"]] if c not in seen]


class NormalBot(Fighter):
    """The Deputy: bold, a cut dealt is worth more to it than one taken."""

    temper = BOLD


class HardBot(Fighter):
    """The Gunslinger: careful, it fears every cut, the shallow ones nearly as much as the deep."""

    temper = CAREFUL


class EasyBot(LevelBot):
    """A beginner: its lowest number card half the time, any card otherwise; dresses its deepest wound."""

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if moves[0]["type"] == "dress":
            return max(moves, key=lambda m: value(m["discard"]))
        numbers = [m for m in moves if kind(m["card"]) == "number"]
        if numbers and self.rng.random() < 0.5:
            return min(numbers, key=lambda m: value(m["card"]))
        return pick(moves, self.rng)


def seen_cards(view: dict[str, Any]) -> set[str]:
    """Every card this player has seen: its hand and commit, both damage piles, every revealed exchange
    (so its own unseen cards are its deck and the cards it bled, the opponent's all it may still hold)."""
    seen = set(view["hand"]) | {c for pile in view["damage"] for c in pile}
    if view["my_commit"]:
        seen.add(view["my_commit"])
    for exchange in [view["exchange"], *view["log"]]:
        if exchange:
            seen.update(c for c in exchange["cards"] if isinstance(c, str))
            seen.update(c for c in exchange["follow_ups"] if isinstance(c, str))
    return seen


LEVELS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
