"""Dueling Suits' computer opponents, easy to hard, each deciding from its player's view only.

* ``EasyBot``, careless: leads a strong card at random (Diamonds likeliest, Hearts seldom when
  healthy) and chains a card only if it helps the turn as it stands, never minding the answer.
* ``NormalBot``, steady: an expectation over the opponent's possible leads, with a short look-ahead
  over the chaining that follows. It cannot see the opponent's hand, so it assumes their lead is any
  card it has not seen, equally likely (the unseen cards are the 52 minus its hand, the discard pile
  as the log tells it and the cards on the table). For each of its leads and each such card it plays
  the chaining out a few steps as a small minimax (itself with its real cards, the opponent with the
  chain cards it would probably hold, both passing when a card is not worth its keep) and settles
  the turn with the engine's own pure ``resolve``. Healths are scored on a concave curve (a point
  matters more when low, healing above 30 is worth nothing), a kill or a death outweighs everything
  else, and every card spent costs a little, so a turn that is already won or lost is not fed more
  cards. Chaining decisions use the same search, deeper, against the two revealed leads.
* ``HardBot``: decides in worlds sampled from its view (``DuelingSuitsState.from_view``: the rival's
  hand and the deck dealt at random from the cards the view leaves possible). Its lead is a
  simultaneous face-down choice, so it is drawn from a mixed strategy: the solution of a Bayesian
  matrix game (``matrix_game.solve``) whose rows are its cards and whose columns, in each world, are
  the rival's most plausible leads there; each cell is its chance to win after that turn, with the
  chaining played out as a small minimax (both hands known in the world, a side whose power cannot
  change the cell only passing) and the position scored by a logistic model of the win fitted on
  whole games (health, cards kept, block bonus; a kill is certain). A chain step scores passing and
  each distinct addition by the same look-ahead, deeper, over the worlds.

  Strength against time (shares of decided games against the flat Monte Carlo reference player of
  ``scripts/outsiders``, seeds 1,000,000 and up, seats swapped; think p95 in CPU time on CPython):
  12 worlds 60.2% [50.3, 69.3] over 100 games, p95 12 ms; 40 worlds 62.8% [54.8, 70.2] over 150,
  p95 36 ms; 120 worlds 57.3% [49.3, 65.0] over 150, p95 111 ms. The curve is flat within its
  noise past a dozen worlds, so the budget is 40: well inside the page's second, with room for a
  slow phone. At 40 worlds, 200 more games from seed 1,100,000: 63.8% [56.9, 70.2] (wall-clock
  p95 71 ms on the busy machine). The old tree search with playouts measured 59.0% on the same first 100 seeds (p95
  about 0.3 s); with every card of the rival's hand as a column, 56.3% [49.3, 63.0] over 200 (the
  solution hid behind weak blocks). Against the one-ply greedy player 64.8% [58.0, 71.1] (the old
  search: 70.8% on the same seeds), against normal 68.7% [61.9, 74.7] (200 games each).
"""

from __future__ import annotations

import functools
import math
import random
import time
from typing import Any, Callable

from .common import Bot, LevelBot
from .ismcts import SearchBot
from .matrix_game import Matrix, sample, solve
from ..cards import pick
from ..games.dueling_suits import (ALL_CARDS, MAX_HEALTH, DuelingSuitsState, ViewSketch, chain_power, power,
                                  resolve, suit)

Move = dict[str, Any]

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

    __slots__ = ("mine", "theirs", "health", "cache")

    def __init__(self, mine: str, theirs: str, health: tuple[int, int]) -> None:
        self.mine, self.theirs, self.health = mine, theirs, health
        self.cache: dict[tuple[int, int], float] = {}

    def settle(self, a: int, b: int) -> float:
        """The value for this bot of resolving at powers ``a`` (its own) and ``b`` (theirs)."""
        key = (a, b)
        value = self.cache.get(key)
        if value is not None:
            return value
        value = self.cache[key] = settle_value(self.mine, self.theirs, a, b, *self.health)
        return value


@functools.lru_cache(maxsize=1 << 15)
def effects(mine: str, theirs: str, a: int, b: int) -> tuple[int, int, int, int, bool, bool]:
    """``resolve`` seen from the side playing ``mine`` at ``a`` (the table is the same from either
    seat), cached: the search settles the same few thousand cells over and over."""
    out = resolve((mine, theirs), (a, b))
    return out.damage[0], out.heal[0], out.damage[1], out.heal[1], out.bonus[0], out.bonus[1]


def settle_value(mine: str, theirs: str, a: int, b: int, health: int, their_health: int) -> float:
    """The value of resolving a turn for the side playing ``mine`` at ``a`` from ``health``: the gap
    between the two healths on the ``worth`` curve, or a kill (or death) that outweighs any gap."""
    hurt, healed, their_hurt, their_healed, blocked, their_blocked = effects(mine, theirs, a, b)
    left = min(MAX_HEALTH, health - hurt + healed)
    their_left = min(MAX_HEALTH, their_health - their_hurt + their_healed)
    if left <= 0 or their_left <= 0:
        value = WIN if left > their_left else -WIN if left < their_left else 0.0
        # a clean kill or death: how much health is left matters a bit
        return value + 0.05 * (left - their_left) if left > 0 or their_left > 0 else value
    return WORTH[left] - WORTH[their_left] + BONUS_WORTH * (a * blocked - b * their_blocked)


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


class NormalBot(LevelBot):
    """Decides from ``view(p)`` and the legal moves only; its own RNG breaks ties."""

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
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
                    turn = turns[(s, t)] = Turn(s, t, health)
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
        turn = Turn(SUIT[my_lead], SUIT[their_lead], health)
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



# --- the hard level: a search over the leads, quick playouts after them ---------------------------

# a chain card's addition on each lead suit, and each card's keep, looked up in the playouts' inner loops
ADD = {(c, s): POWER[c] if SUIT[c] == s else -(-POWER[c] // 2) for c in ALL_CARDS for s in "SDCH"}
COST = {c: card_cost(c) for c in ALL_CARDS}
WEIGHT = {c: POWER[c] ** 2 * (2.0 if SUIT[c] == "D" else 1.0) for c in ALL_CARDS}  # a playout's lead odds
HEARTS = (0.7, 0.2)  # ... times this for a Heart, and for one at HEALTHY health or more
HEALTHY = 25


def playout_lead(hand: list[str], health: int, rng: random.Random) -> str:
    """A quick lead: at random, strong cards (Diamonds most) far likelier, Hearts less so when healthy."""
    hearts = HEARTS[health >= HEALTHY]
    weights = [WEIGHT[c] * (hearts if SUIT[c] == "H" else 1.0) for c in hand]
    r = rng.random() * sum(weights)
    for card, weight in zip(hand, weights):
        r -= weight
        if r <= 0:
            return card
    return hand[-1]


def playout_chain(hand: list[str], mine: str, theirs: str, a: int, b: int, health: int,
                  their_health: int) -> str | None:
    """A quick chain step: the card that most improves the turn settled right away, less its keep,
    or None (pass); the answer it may draw is not looked for."""
    best = settle_value(mine, theirs, a, b, health, their_health)
    choice = None
    tried: set[int] = set()
    for card in sorted(hand, key=COST.__getitem__):  # the cheapest card for each addition
        add = ADD[(card, mine)]
        if add in tried:
            continue
        tried.add(add)
        value = settle_value(mine, theirs, a + add, b, health, their_health) - COST[card]
        if value > best + 1e-9:
            best, choice = value, card
    return choice


class EasyBot(LevelBot):
    """The careless player: the playouts' own choices (``playout_lead``, ``playout_chain``) made from
    the view. It does not think about what the opponent may lead or answer, nor keep cards back."""

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        me = view["viewer"]
        opp = 1 - me
        by_card = {m.get("card"): m for m in moves}  # a pass under None
        hand = [c for c in by_card if c is not None]
        if moves[0]["type"] == "lead":
            return by_card[playout_lead(hand, int(view["health"][me]), self.rng)]
        leads, powers, health = view["leads"], view["power"], view["health"]
        return by_card[playout_chain(hand, SUIT[leads[me]], SUIT[leads[opp]], int(powers[me]["total"]),
                                     int(powers[opp]["total"]), int(health[me]), int(health[opp]))]

# --- the hard level: a matrix game over the leads, a look-ahead over the chaining in sampled worlds ---

# The chance to win after a turn, as a logistic model fitted (Newton's method) on 14,456 turn starts of
# 3,000 games between the easy and normal levels (seeds 5,000,000 and up): per point of the ``worth``
# gap, per card in hand and per point of its power, per point of block bonus (log loss 0.591 against
# 0.681 for the health gap alone). A card in hand is worth about a third of a logit: keeping one matters.
LOGIT_WORTH = [0.065 * w for w in WORTH]
LOGIT_CARD = {c: 0.33 + 0.043 * POWER[c] for c in ALL_CARDS}
LOGIT_BONUS = 0.10
PROBE = (0, 2, 5, 9, 14, 20, 30, 45)  # powers that tell whether a side's power can change a cell


def power_matters(mine: str, theirs: str) -> bool:
    """Whether the side leading ``mine`` against ``theirs`` can change the turn by adding power, from
    ``resolve`` itself: not a Spade against a Heart (they heal), a Heart against a Diamond (it hits
    whatever) or Spades against Spades (DUEL-6). There, chaining only spends a card and lets the rival
    answer: a pass ends the chaining for both (DUEL-5)."""
    return any(effects(mine, theirs, a, b) != effects(mine, theirs, PROBE[0], b) for a in PROBE for b in PROBE)


MATTERS = {(s, t): power_matters(s, t) for s in "SDCH" for t in "SDCH"}
WORLDS_LEAD = 40  # the hard level's budget: sampled worlds for a lead (the module's strength-against-time curve)
WORLDS_CHAIN = 40  # ... and for a chain step
LEAD_PLIES = 3  # chain steps looked at for every pair of leads (holder, answer, holder) ...
HARD_CHAIN_PLIES = 5  # ... and when chaining, with both leads known
PLAUSIBLE = 3  # the rival's leads kept in each world's game (``plausible``); all measured weaker
SOLVER_ITERATIONS = 400  # regret matching passes over a lead's game at most ...
SOLVER_EPSILON = 0.005  # ... stopping once neither side can gain more than this chance to win


def options(hand: list[str], lead_suit: str, limit: int) -> list[tuple[int, float, str]]:
    """The chain cards worth trying from ``hand``: for each addition the card cheapest to lose, at most
    ``limit`` spread from the smallest addition to the biggest (all of them for ``limit`` 0)."""
    best: dict[int, tuple[float, str]] = {}
    for card in hand:
        add, cost = ADD[(card, lead_suit)], LOGIT_CARD[card]
        if add not in best or cost < best[add][0]:
            best[add] = (cost, card)
    found = [(add, cost, card) for add, (cost, card) in sorted(best.items())]
    if not limit or len(found) <= limit:
        return found
    last = len(found) - 1
    return [found[round(i * last / (limit - 1))] for i in range(limit)]


KILL = 40.0  # the logit of a won game: beyond any hand or health gap, so the look-ahead works in logits


class Duel:
    """One turn of one sampled world seen from the searcher's side: the suits, the healths and the
    chain look-ahead that settles it, in logits of the searcher's chance to win (the minimax of a
    monotone transform is the transform of the minimax, so the logistic is applied once, at the end)."""

    __slots__ = ("mine", "theirs", "health", "their_health", "cache", "matters", "answers")

    def __init__(self, mine: str, theirs: str, health: int, their_health: int) -> None:
        self.mine, self.theirs, self.health, self.their_health = mine, theirs, health, their_health
        self.cache: dict[tuple[int, int], float] = {}
        self.matters, self.answers = MATTERS[(mine, theirs)], MATTERS[(theirs, mine)]

    def settle(self, a: int, b: int) -> float:
        """The logit of the chance to win after resolving at powers ``a`` and ``b``, hands aside: a
        kill is ``KILL`` (a death ``-KILL``), else the fitted model on the healths and the block bonus."""
        key = (a, b)
        logit = self.cache.get(key)
        if logit is None:
            hurt, healed, their_hurt, their_healed, blocked, their_blocked = effects(self.mine, self.theirs, a, b)
            left = min(MAX_HEALTH, self.health - hurt + healed)
            their_left = min(MAX_HEALTH, self.their_health - their_hurt + their_healed)
            if left <= 0 or their_left <= 0:
                logit = KILL if left > their_left else -KILL if left < their_left else 0.0
            else:
                logit = LOGIT_WORTH[left] - LOGIT_WORTH[their_left] + LOGIT_BONUS * (a * blocked - b * their_blocked)
            self.cache[key] = logit
        return logit

    def value(self, a: int, b: int, cards: float, mine: list[tuple[int, float, str]],
              theirs: list[tuple[int, float, str]], my_turn: bool, plies: int,
              alpha: float = -math.inf, beta: float = math.inf) -> float:
        """Alpha-beta minimax over the chaining, both hands known in this world: the side to act passes
        (the turn settles; ``cards`` is the logit of this side's hand less the rival's) or adds one of
        its options; a side whose power cannot matter only passes."""
        value = self.settle(a, b) + cards
        if plies <= 0:
            return value
        if my_turn:
            if self.matters and value < beta:
                alpha = max(alpha, value)
                for i, (add, cost, _) in enumerate(mine):
                    tried = self.value(a + add, b, cards - cost, mine[:i] + mine[i + 1:], theirs, False, plies - 1,
                                       alpha, beta)
                    if tried > value:
                        value = alpha = tried
                        if value >= beta:
                            break
            return value
        if self.answers and value > alpha:
            beta = min(beta, value)
            for j, (add, cost, _) in enumerate(theirs):
                tried = self.value(a, b + add, cards + cost, mine, theirs[:j] + theirs[j + 1:], True, plies - 1,
                                   alpha, beta)
                if tried < value:
                    value = beta = tried
                    if value <= alpha:
                        break
        return value


def chance(logit: float) -> float:
    return 1.0 / (1.0 + math.exp(-logit))


def hand_logit(hand: list[str]) -> float:
    return sum(LOGIT_CARD[c] for c in hand)


def plausible(matrix: list[list[float]], keep: int) -> list[list[float]]:
    """The columns of a world's matrix the rival would plausibly lead: the ``keep`` best for them
    against this player's leads taken as equally likely. The rival does not see this hand, so it
    cannot answer every row mix with the card that beats it here; without this cut the game would
    credit it with that, and the solution would hide behind weak defensive leads."""
    rows = len(matrix)
    ranked = sorted(range(len(matrix[0])), key=lambda j: sum(matrix[i][j] for i in range(rows)))
    kept = sorted(ranked[:keep])
    return [[line[j] for j in kept] for line in matrix]


class HardBot(SearchBot):
    """Decides in sampled worlds (``DuelingSuitsState.from_view``: the rival's hand and the deck dealt
    at random from what the view leaves possible), each world one iteration of the budget.

    A lead is a Bayesian matrix game (``matrix_game.solve``): its rows are this player's cards, each
    world one type of rival with that world's hand, its columns the cards of that hand, each cell the
    chance to win once the turn is over (the chain look-ahead of ``Duel``, settled by ``resolve``). The
    lead is drawn from the solution's row strategy, a mix the rival cannot read; the rival, knowing its
    hand, answers each world its own way. An opponent's lead already made face down is treated as one
    still to make: they chose it without seeing this one. A chain step scores passing and each
    distinct addition by the same look-ahead, deeper, averaged over the worlds, and plays the best."""

    def __init__(self, seed: int = 0, iterations: int = WORLDS_LEAD, chain_iterations: int = WORLDS_CHAIN) -> None:
        super().__init__(DuelingSuitsState.from_view, seed, iterations=iterations)
        self.lead_iterations, self.chain_iterations = iterations, chain_iterations
        self.rows: list[str] = []  # the cards searched: a lead's rows, or a chain step's options
        self.games: list[tuple[float, Matrix]] = []  # a lead: one matrix a world
        self.totals: list[float] = []  # a chain step: each option's summed chance, passing last
        self.mix: list[float] = []  # a lead: the row strategy, once solved
        self.chosen: Move | None = None

    def start(self, view: dict[str, Any], moves: list[Move]) -> None:
        super().start(view, moves)
        me = view["viewer"]
        self.games, self.totals, self.mix, self.chosen = [], [], [], None
        if view["phase"] == "lead":
            opp = 1 - me
            if view["committed"][opp]:
                view = {**view, "committed": [False, False], "to_act": [0, 1],
                        "hand_counts": [n + (q == opp) for q, n in enumerate(view["hand_counts"])]}
            self.iterations = self.lead_iterations
            self.rows = list(dict.fromkeys(m["card"] for m in moves))
        else:
            self.iterations = self.chain_iterations
            my_lead = str(view["leads"][me])
            hand = [m["card"] for m in moves if m["type"] == "chain"]
            if not MATTERS[(SUIT[my_lead], SUIT[str(view["leads"][1 - me])])]:
                hand = []  # no power of ours can change this turn: pass, and the rival cannot answer
            self.rows = [card for _, _, card in options(hand, SUIT[my_lead], 0)]
            self.totals = [0.0] * (len(self.rows) + 1)
            if not self.rows:
                self.chosen = {"type": "pass"}
        self.view = view
        sketch = ViewSketch(view)  # worked out once: every sampled world of this decision deals from it
        self.determinize = lambda seen, rng: DuelingSuitsState.from_view(seen, rng, sketch)

    def think(self, seconds: float | None = None) -> bool:
        """Score one world at a time until the budget is spent (or ``seconds`` or the deadline run
        out); a lead's game is solved, and its lead drawn, once the worlds are in."""
        if len(self.legal) == 1 or self.chosen is not None:
            return True
        stop = None if seconds is None else time.perf_counter() + seconds
        first = self.last_iterations
        while self.last_iterations < self.iterations:
            if self.last_iterations > first and (stop is not None or self.deadline is not None):
                now = time.perf_counter()  # every slice makes progress, however short
                if self.deadline is not None and now >= self.deadline:
                    break
                if stop is not None and now >= stop:
                    return False
            world = self.determinize(self.view, self.rng)
            assert isinstance(world, DuelingSuitsState)
            if self.view["phase"] == "lead":
                self.score_leads(world)
            else:
                self.score_chain(world)
            self.last_iterations += 1
        self.chosen = self.settle()
        return True

    def score_leads(self, world: DuelingSuitsState) -> None:
        """One world's matrix: every lead of this hand (rows) against every lead of the rival's hand in
        this world (columns), each cell the chance to win once the turn's chaining is played out."""
        me = int(self.view["viewer"])
        opp = 1 - me
        hand, theirs = list(world.hands[me]), list(world.hands[opp])
        health, their_health = world.health[me], world.health[opp]
        base, their_base = world.bonus[me] + world.perks[me], world.bonus[opp] + world.perks[opp]
        my_first = world.initiative == me
        columns = []
        for their_lead in dict.fromkeys(theirs):
            their_rest = [c for c in theirs if c != their_lead]
            columns.append((their_lead, options(their_rest, SUIT[their_lead], LEAD_CANDIDATES),
                            hand_logit(their_rest)))
        matrix = []
        for lead in self.rows:
            rest = [c for c in hand if c != lead]
            mine = options(rest, SUIT[lead], LEAD_CANDIDATES)
            kept = hand_logit(rest)
            a = POWER[lead] + base
            matrix.append([chance(Duel(SUIT[lead], SUIT[their_lead], health, their_health).value(
                a, POWER[their_lead] + their_base, kept - their_kept, mine, answers, my_first, LEAD_PLIES))
                for their_lead, answers, their_kept in columns])
        self.games.append((1.0, plausible(matrix, PLAUSIBLE)))

    def score_chain(self, world: DuelingSuitsState) -> None:
        """Add one world's chances of each chain option and of passing (last), the rival's hand known."""
        me = int(self.view["viewer"])
        opp = 1 - me
        my_lead, their_lead = str(world.leads[me]), str(world.leads[opp])
        mine, theirs = SUIT[my_lead], SUIT[their_lead]
        hand, their_hand = list(world.hands[me]), list(world.hands[opp])
        a = POWER[my_lead] + world.bonus[me] + world.perks[me] + sum(ADD[(c, mine)] for c in world.chains[me])
        b = POWER[their_lead] + world.bonus[opp] + world.perks[opp] + sum(ADD[(c, theirs)] for c in world.chains[opp])
        duel = Duel(mine, theirs, world.health[me], world.health[opp])
        cards = hand_logit(hand) - hand_logit(their_hand)
        answers = options(their_hand, theirs, CANDIDATES)
        for i, card in enumerate(self.rows):
            rest = [c for c in hand if c != card]
            self.totals[i] += chance(duel.value(a + ADD[(card, mine)], b, cards - LOGIT_CARD[card],
                                                options(rest, mine, CANDIDATES), answers, False, HARD_CHAIN_PLIES - 1))
        self.totals[-1] += chance(duel.settle(a, b) + cards)

    def settle(self) -> Move:
        """The move, once the worlds are scored: a lead drawn from the solved game's row strategy, a
        chain step's best option (a tie keeps the card)."""
        if self.view["phase"] == "lead":
            self.mix = solve(self.games, iterations=SOLVER_ITERATIONS, epsilon=SOLVER_EPSILON).row
            return {"type": "lead", "card": self.rows[sample(self.mix, self.rng)]}
        best = max(range(len(self.totals)), key=lambda i: (self.totals[i], i == len(self.rows)))
        return {"type": "pass"} if best == len(self.rows) else {"type": "chain", "card": self.rows[best]}

    def decision(self) -> Move:
        if len(self.legal) == 1 or self.chosen is None:
            return next(iter(self.legal.values()))
        return self.chosen

    def standing(self, move: Move) -> tuple[int, float]:
        """The worlds scored and the move's summed chance to win in them (a lead: against the rival's
        answers of the solved game, every world's own), for a hint's numbers."""
        worlds = self.last_iterations
        card = move.get("card")
        if self.view["phase"] == "lead":
            if not self.mix or card not in self.rows:
                return 0, 0.0
            row = self.rows.index(card)
            solution = solve(self.games, iterations=SOLVER_ITERATIONS, epsilon=SOLVER_EPSILON)
            total = sum(weight for weight, _ in self.games)
            return worlds, worlds * sum(weight * sum(c * y for c, y in zip(matrix[row], answer))
                                        for (weight, matrix), answer in zip(self.games, solution.columns)) / total
        if move["type"] == "pass":
            return worlds, self.totals[-1] if self.totals else 0.0
        return (worlds, self.totals[self.rows.index(card)]) if card in self.rows else (0, 0.0)

    def standing_words(self, move: Move) -> str | None:
        """Its worlds are scored by a look-ahead and a win model, not played out: the hint says so."""
        worlds, chance = self.standing(move)
        if not worlds:
            return None
        return (f"over {worlds} ways the hidden cards may lie, the computer reckons its chance to win at "
                f"{round(100 * chance / worlds)}%")


LEVELS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
