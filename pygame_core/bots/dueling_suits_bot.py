"""The "hard" Dueling Suits bot: an expectation over the opponent's possible leads, with a short
look-ahead over the chaining that follows.

It cannot see the opponent's hand, so it assumes their lead is any card it has not seen, equally
likely (the unseen cards are the 52 minus its hand, the discard pile as the log tells it and the
cards on the table). For each of its leads and each such card it plays the chaining out a few
steps as a small minimax (itself with its real cards, the opponent with the chain cards it would
probably hold, both passing when a card is not worth its keep) and settles the turn with the
engine's own pure ``resolve``. Healths are scored on a concave curve (a point matters more when
low, healing above 30 is worth nothing), a kill or a death outweighs everything else, and every
card spent costs a little, so a turn that is already won or lost is not fed more cards.
Chaining decisions use the same search, deeper, against the two revealed leads.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable

from .common import Bot, RandomBot
from ..cards import new_rng, pick, standard_deck
from ..games.dueling_suits import MAX_HEALTH, chain_power, power, resolve, suit

Move = dict[str, Any]

ALL_CARDS = standard_deck()
POWER = {c: power(c) for c in ALL_CARDS}
SUIT = {c: suit(c) for c in ALL_CARDS}

WIN = 60.0  # a kill (or a death) against at most ~43 for any health difference short of one
CURVE = 45.0  # health h is worth CURVE * (1 - exp(-h / 10)): about 1 a point at 15, 2.7 at 5
SCALE = 10.0
CARD_BASE = 1.0  # a card kept is worth this plus CARD_PER_POWER a point of its power
CARD_PER_POWER = 0.12
BONUS_WORTH = 0.5  # a block bonus is a stronger next lead, worth about half its size
CHAIN_PLIES = 5  # ... and when chaining, with both leads known
CANDIDATES = 4  # chain cards tried at each step (distinct additions, cheapest card for each)
ANSWER_LEVELS = (0.5, 0.75, 0.95)  # the opponent's answers imagined middling to weak: few throw their best card
LEAD_LEVEL = 0.5  # ... and when choosing a lead
LEAD_CANDIDATES = 3  # ... in the lead search, which is run for every pair of leads


def worth(health: int) -> float:
    """Concave: the last points before 0 matter most, points near the cap little."""
    return CURVE * (1.0 - math.exp(-health / SCALE))


WORTH = [worth(h) for h in range(MAX_HEALTH + 1)]


def card_cost(card: str) -> float:
    """What keeping ``card`` for later is worth, in health points at mid health."""
    return CARD_BASE + CARD_PER_POWER * POWER[card]


class Turn:
    """One imagined turn: the two suits, the healths before it, and a cache of settled powers."""

    __slots__ = ("me", "mine", "theirs", "health", "cache")

    def __init__(self, me: int, mine: str, theirs: str, health: tuple[int, int]) -> None:
        self.me, self.mine, self.theirs, self.health = me, mine, theirs, health
        self.cache: dict[tuple[int, int], float] = {}

    def settle(self, a: int, b: int) -> float:
        """The value for this bot of resolving at powers ``a`` (its own) and ``b`` (theirs)."""
        key = (a, b)
        value = self.cache.get(key)
        if value is not None:
            return value
        hurt, healed, their_hurt, their_healed, blocked, their_blocked = effects(self.mine, self.theirs, a, b)
        mine = min(MAX_HEALTH, self.health[0] - hurt + healed)
        theirs = min(MAX_HEALTH, self.health[1] - their_hurt + their_healed)
        if mine <= 0 or theirs <= 0:
            value = WIN if mine > theirs else -WIN if mine < theirs else 0.0
            if mine > 0 or theirs > 0:  # a clean kill or death: how much health is left matters a bit
                value += 0.05 * (mine - theirs)
        else:
            value = WORTH[mine] - WORTH[theirs] + BONUS_WORTH * (a * blocked - b * their_blocked)
        self.cache[key] = value
        return value


@functools.lru_cache(maxsize=1 << 15)
def effects(mine: str, theirs: str, a: int, b: int) -> tuple[int, int, int, int, bool, bool]:
    """``resolve`` seen from the side playing ``mine`` at ``a`` (the table is the same from either
    seat), cached: the search settles the same few thousand cells over and over."""
    out = resolve((mine, theirs), (a, b))
    return out.damage[0], out.heal[0], out.damage[1], out.heal[1], out.bonus[0], out.bonus[1]


def candidates(adds: list[tuple[int, float]], limit: int = CANDIDATES) -> list[tuple[int, float]]:
    """At most ``limit`` chain options (addition, cost) from a hand: for each addition the cheapest
    card, then spread from the smallest to the biggest addition."""
    best: dict[int, float] = {}
    for add, cost in adds:
        if add not in best or cost < best[add]:
            best[add] = cost
    options = sorted(best.items())
    if len(options) <= limit:
        return options
    last = len(options) - 1
    return [options[round(i * last / (limit - 1))] for i in range(limit)]


def likely_adds(pool: list[int], count: int, steps: int, level: float = 0.5) -> list[int]:
    """The opponent's best, second best... chain additions when they hold ``count`` cards out of
    ``pool`` (the additions of every unseen card), in one imagined hand: its best card is the
    ``level`` quantile of the best of ``count`` draws (0 strong, 1 weak), the next ones spaced by
    the expected gap between order statistics."""
    if count <= 0 or not pool:
        return []
    ranked = sorted(pool, reverse=True)
    n = len(ranked)
    count = min(count, n)
    hands = math.comb(n, count)
    top = 0  # the rank (0 = highest) of their best card at this quantile
    while top < n - count and 1 - math.comb(n - top - 1, count) / hands < level:
        top += 1
    gap = (n + 1) / (count + 1)
    return [ranked[min(n - 1, top + round(j * gap))] for j in range(min(count, steps))]


def chain_value(turn: Turn, a: int, b: int, mine: list[tuple[int, float]], theirs: list[int],
                my_turn: bool, plies: int, opp_cost: float) -> float:
    """Minimax over the chaining: the side to act passes (the turn settles) or adds a card; the
    opponent adds its next probable card. Cards spent cost their keep (theirs their average)."""
    value = turn.settle(a, b)
    if plies <= 0:
        return value
    if my_turn:
        for i, (add, cost) in enumerate(mine):
            rest = mine[:i] + mine[i + 1:]
            value = max(value, chain_value(turn, a + add, b, rest, theirs, False, plies - 1, opp_cost) - cost)
        return value
    if theirs:
        value = min(value, chain_value(turn, a, b + theirs[0], mine, theirs[1:], True, plies - 1, opp_cost)
                    + opp_cost)
    return value


def lead_chain_value(turn: Turn, a: int, b: int, mine: list[tuple[int, float]], theirs: list[int],
                     my_first: bool, opp_cost: float) -> float:
    """``chain_value`` three steps deep (holder, answer, holder), unrolled: the lead search calls it
    for every pair of leads, so it must be cheap."""
    settle = turn.settle
    if my_first:
        best = settle(a, b)
        for i, (add, cost) in enumerate(mine):
            a1 = a + add
            value = settle(a1, b)
            if theirs:
                b1 = b + theirs[0]
                answer = settle(a1, b1)
                for j, (add2, cost2) in enumerate(mine):
                    if j != i:
                        answer = max(answer, settle(a1 + add2, b1) - cost2)
                value = min(value, answer + opp_cost)
            best = max(best, value - cost)
        return best
    value = settle(a, b)
    if not theirs:
        return value
    b1 = b + theirs[0]
    answer = settle(a, b1)
    for add, cost in mine:
        a1 = a + add
        mine_now = settle(a1, b1)
        if len(theirs) > 1:
            mine_now = min(mine_now, settle(a1, b1 + theirs[1]) + opp_cost)
        answer = max(answer, mine_now - cost)
    return min(value, answer + opp_cost)


class DuelingSuitsBot:
    """Decides from ``view(p)`` and the legal moves only; its own RNG breaks ties."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        if len(moves) == 1:
            return moves[0]
        if moves[0]["type"] == "lead":
            scored = self.score_leads(view, moves)
        else:
            scored = self.score_chain(view, moves)
        best = max(score for score, _ in scored)
        return pick([m for score, m in scored if score >= best - 1e-9], self.rng)

    def score_leads(self, view: dict[str, Any], moves: list[Move]) -> list[tuple[float, Move]]:
        """Each lead: its expected value over the opponent's possible leads, less the card's keep."""
        me = view["viewer"]
        opp = 1 - me
        health = (int(view["health"][me]), int(view["health"][opp]))
        unseen = self.unseen(view)
        if not unseen:  # cannot happen in a real game; keep the bot total
            return [(0.0, m) for m in moves]
        opp_cost = sum(card_cost(c) for c in unseen) / len(unseen)
        left = int(view["hand_counts"][opp]) - (0 if view["committed"][opp] else 1)
        theirs_by_suit = {s: likely_adds([POWER[c] if SUIT[c] == s else -(-POWER[c] // 2) for c in unseen],
                                         left, 2, LEAD_LEVEL) for s in "SDCH"}
        base = (int(view["bonus"][me]) + int(view["perks"][me]), int(view["bonus"][opp]) + int(view["perks"][opp]))
        my_first = view["initiative"] == me
        hand = list(view["hand"])
        turns: dict[tuple[str, str], Turn] = {}
        scored = []
        for move in moves:
            lead = move["card"]
            s = SUIT[lead]
            rest = [(chain_power(c, lead), card_cost(c)) for c in hand if c != lead]
            mine = candidates(rest, LEAD_CANDIDATES)
            a = POWER[lead] + base[0]
            total = 0.0
            for theirs in unseen:
                t = SUIT[theirs]
                turn = turns.get((s, t))
                if turn is None:
                    turn = turns[(s, t)] = Turn(me, s, t, health)
                total += lead_chain_value(turn, a, POWER[theirs] + base[1], mine, theirs_by_suit[t], my_first,
                                          opp_cost)
            scored.append((total / len(unseen) - card_cost(lead), move))
        return scored

    def score_chain(self, view: dict[str, Any], moves: list[Move]) -> list[tuple[float, Move]]:
        """Both leads are known: pass settles the turn now; a card is worth it only if the result,
        after the opponent's probable answer, improves by more than the card's keep."""
        me = view["viewer"]
        opp = 1 - me
        health = (int(view["health"][me]), int(view["health"][opp]))
        leads = view["leads"]
        my_lead, their_lead = str(leads[me]), str(leads[opp])
        a, b = int(view["power"][me]["total"]), int(view["power"][opp]["total"])
        unseen = self.unseen(view)
        opp_cost = sum(card_cost(c) for c in unseen) / len(unseen) if unseen else 2.0
        pool = [chain_power(c, their_lead) for c in unseen]
        scenarios = [likely_adds(pool, int(view["hand_counts"][opp]), CHAIN_PLIES, level) for level in ANSWER_LEVELS]
        turn = Turn(me, SUIT[my_lead], SUIT[their_lead], health)
        hand = [m["card"] for m in moves if m["type"] == "chain"]
        scored = []
        for move in moves:
            if move["type"] == "pass":
                scored.append((turn.settle(a, b), move))
                continue
            card = move["card"]
            rest = candidates([(chain_power(c, my_lead), card_cost(c)) for c in hand if c != card])
            value = sum(chain_value(turn, a + chain_power(card, my_lead), b, rest, theirs, False, CHAIN_PLIES - 1,
                                    opp_cost) for theirs in scenarios) / len(scenarios)
            scored.append((value - card_cost(card), move))
        return scored

    @staticmethod
    def unseen(view: dict[str, Any]) -> list[str]:
        """The cards that may be in the opponent's hand (or the deck): not in this hand, not on the
        table, not in the discard pile. The pile holds the last ``discard`` cards played, in the
        order the engine throws them (both leads, then seat 0's chain, then seat 1's), since a
        reshuffle empties it."""
        seen = set(view["hand"])
        seen.update(c for c in view["leads"] if isinstance(c, str))
        seen.update(e["card"] for chain in view["chains"] for e in chain)
        pile = int(view["discard"])
        for entry in reversed(view["log"]):
            if pile <= 0:
                break
            thrown = [*entry["leads"], *(e["card"] for e in entry["chains"][0]),
                      *(e["card"] for e in entry["chains"][1])]
            seen.update(thrown[-pile:])
            pile -= len(thrown)
        return [c for c in ALL_CARDS if c not in seen]



# the levels until this game has its own easy and normal players (issue 12)
LEVELS: dict[str, Callable[[int], Bot]] = {"easy": RandomBot, "normal": DuelingSuitsBot, "hard": DuelingSuitsBot}
