"""Knife Fight's computer opponents, easy to hard; each decides from its player's view only.

- ``EasyBot`` fights like a beginner: usually its lowest number (the lower card wins), otherwise any
  card at all, and it dresses its deepest wound.
- ``NormalBot`` scores each card by the average exchange against every opponent card it has not
  seen (``resolve``, the engine's own pure function), counting the opponent's Queen dressing against
  itself as well as its own.
- ``HardBot`` searches (``ismcts``): it deals the unseen cards many times over (``determinize``),
  expects the opponent to play as a typical fighter does, looks a round or two ahead and judges the
  position by the decks and wounds left (``fight_odds``).

Knife Fight is mostly the deal: normal wins about 69% of decided games against easy, but hard only
draws level with normal (45-57% over runs of 200-300 games, whatever the search's settings or its
model of the opponent), and even a bot that sees the opponent's face-down card wins only 68% against
normal. A stronger hard level needs a different idea, not a bigger search.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from .common import Bot, LevelBot
from .ismcts import SearchBot
from ..cards import pick, shuffle
from ..engine import State
from ..games.knife_fight import HALVES, VALUES, KnifeFightState, kind, resolve, value

Move = dict[str, Any]
DECK_WEIGHT, WOUND_WEIGHT = 0.27, 0.34  # fight_odds' fitted log-odds per card of deck and per point of damage
HARD_ITERATIONS = 300
HARD_DEPTH = 4  # moves searched and played out before fight_odds judges the position (a round or two)


def wounds(card: str | None) -> int:
    return value(card) if kind(card) == "number" and card is not None else 0


def exchange_score(me: int, mine: str | None, theirs: str | None, old: list[list[str]]) -> float:
    """Wounds dealt minus wounds taken when ``mine`` meets ``theirs`` (neither a King); a Queen's
    dressing heals its owner's deepest older wound, whoever owns it.

    A point of damage counts the same whoever takes it and whenever: over 1,900 positions of
    normal-against-normal fights the difference in damage predicts the winner better than any
    estimate of how many rounds each deck has left (logistic fit, log-likelihood -0.40 against -0.47).
    """
    cards = (mine, theirs) if me == 0 else (theirs, mine)
    score = 0.0
    for effect in resolve(cards):
        sign = 1.0 if effect.player != me else -1.0
        if effect.what == "damage":
            score += sign * wounds(effect.card)
        elif effect.what == "dress" and old[effect.player]:
            score -= sign * max(value(c) for c in old[effect.player])
    return score


class NormalBot(LevelBot):
    """The average exchange of each card against every unseen opponent card."""

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
            scored = [(sum(exchange_score(me, m["card"], t, old) for t in targets) / len(targets), m)
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
        seen = seen_cards(view)
        return [c for c in HALVES[1 - view["viewer"]] if c not in seen]


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


def determinize(view: dict[str, Any], rng: random.Random) -> KnifeFightState:
    """A whole fight consistent with ``view``: the cards this player has not seen are dealt at random
    to where they may be (the other hand, a face-down commit or follow-up, both decks in some order,
    the cards bled away), respecting what the rules reveal (a feinter not due has only Kings left)."""
    me, opp = view["viewer"], 1 - view["viewer"]
    phase, exchange = view["phase"], view["exchange"]
    seen = seen_cards(view)
    unseen = [[c for c in HALVES[q] if c not in seen] for q in (0, 1)]
    hidden_commit = phase == "commit" and view["committed"][opp]
    hidden_follow = bool(exchange) and isinstance(exchange["follow_ups"][opp], dict)
    opp_due_follow = bool(exchange) and phase == "feint" and opp in exchange["feint_due"] \
        and exchange["follow_ups"][opp] is None
    opp_only_kings = bool(exchange) and phase == "feint" and kind(exchange["cards"][opp]) == "king" \
        and opp not in exchange["feint_due"]
    count = view["hand_counts"][opp]
    for _ in range(64):  # rejection sampling; the constraints are rarely binding
        cards = shuffle(list(unseen[opp]), rng)
        follow = None
        if hidden_follow:
            follow = next((c for c in cards if kind(c) != "king"), None)
            cards.remove(follow)
        hand = cards[:count]
        if opp_due_follow and all(kind(c) == "king" for c in hand):
            continue
        if opp_only_kings and any(kind(c) != "king" for c in hand):
            continue
        break
    rest = cards[count:]
    commit = rest.pop(0) if hidden_commit else None
    opp_deck, opp_bled = rest[:view["decks"][opp]], rest[view["decks"][opp]:]
    mine = shuffle(list(unseen[me]), rng)
    my_deck, my_bled = mine[:view["decks"][me]], mine[view["decks"][me]:]

    state = KnifeFightState.__new__(KnifeFightState)
    State.__init__(state, 0, {}, None)
    state.decks = [[], []]
    state.hands = [[], []]
    state.decks[me], state.decks[opp] = my_deck, opp_deck
    state.hands[me], state.hands[opp] = list(view["hand"]), hand
    state.damage = [list(pile) for pile in view["damage"]]
    state.discards = [[], []]
    for entry in [*view["log"], exchange]:  # the revealed discards, then the cards bled unseen
        for what, q, card in entry["effects"] if entry else ():
            if what in ("discard", "feint", "parry_spent", "dressed"):
                state.discards[q].append(card)
    state.discards[me] += my_bled
    state.discards[opp] += opp_bled
    state.round = view["round"]
    state.phase = phase
    state.log = list(view["log"])
    state.dead = None
    state.commits = [None, None]
    state.in_play = [None, None]
    state.follow_ups = [None, None]
    state.feint_due = []
    state.dress_player = None
    state.dress_options = []
    state.exchange = None
    if phase == "commit":
        state.commits[me], state.commits[opp] = view["my_commit"], commit
        return state
    cards = list(exchange["cards"])
    state.commits = list(cards)
    state.in_play = list(cards)
    for q in (0, 1):  # the same replacements as KnifeFightState._commit
        if kind(cards[q]) == "king":
            state.in_play[q] = None
            if kind(cards[1 - q]) == "jack":
                state.in_play[1 - q] = None
    follow_ups = [c if isinstance(c, str) else None for c in exchange["follow_ups"]]
    follow_ups[opp] = follow if hidden_follow else follow_ups[opp]
    state.follow_ups = follow_ups
    state.feint_due = list(exchange["feint_due"])
    state.exchange = {"cards": cards, "follow_ups": list(follow_ups), "effects": [list(e) for e in exchange["effects"]]}
    state.dress_player = exchange["dress_player"]
    if state.dress_player == me:
        state.dress_options = list(view["dress_options"])
    elif state.dress_player == opp:  # the wounds before this exchange: the pile less what just landed
        landed = [e[2] for e in exchange["effects"] if e[0] == "damage" and e[1] == opp]
        state.dress_options = [c for c in view["damage"][opp] if c not in landed]
    return state


def rollout_policy(state: State, p: int, moves: list[Move], rng: random.Random) -> Move:
    """The search's quick player, and its model of the opponent: a face-down guess is won by reading
    what a typical fighter plays. That is its lowest number most of the time (the normal level does
    so in 60% of its commits, then a King 10%, another number 12%), else any card."""
    if moves[0]["type"] == "dress":
        return max(moves, key=lambda m: value(m["discard"]))
    numbers = [m for m in moves if kind(m["card"]) == "number"]
    if numbers and rng.random() < 0.6:
        return min(numbers, key=lambda m: value(m["card"]))
    return pick(moves, rng)


def fight_odds(state: State) -> list[float]:
    """Each fighter's chance to win from here, by the decks left and the wounds taken: a logistic fit
    over 1,900 positions of normal-against-normal fights (a card of deck is worth 0.27, a point of
    damage -0.34, on the log-odds scale)."""
    assert isinstance(state, KnifeFightState)
    decks = len(state.decks[0]) - len(state.decks[1])
    wounds_ = sum(VALUES[c] for c in state.damage[0]) - sum(VALUES[c] for c in state.damage[1])
    odds = 1 / (1 + math.exp(max(-30.0, min(30.0, -(DECK_WEIGHT * decks - WOUND_WEIGHT * wounds_)))))
    return [odds, 1 - odds]


class HardBot(SearchBot):
    """ISMCTS over Knife Fight's own rules (see ``ismcts``), looking a few rounds ahead."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(determinize, seed, iterations=HARD_ITERATIONS, rollout=rollout_policy, exploration=0.7,
                         max_depth=HARD_DEPTH, evaluate=fight_odds, opponent=rollout_policy)


LEVELS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
