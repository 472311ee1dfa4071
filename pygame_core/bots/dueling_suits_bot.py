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
* ``HardBot``: information-set Monte Carlo tree search (``ismcts``) over ``DuelingSuitsState.from_view``, the
  opponent's hand and the deck dealt at random from what the view leaves possible; the leads are
  searched as the simultaneous choice they are and every pair is scored by playing the rest of the
  game out quickly with the easy level's choices (``playout``).
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any, Callable

from .common import Bot, LevelBot
from .ismcts import SearchBot
from ..cards import pick, shuffle
from ..engine import AnyState
from ..games.dueling_suits import (ALL_CARDS, LOW_HAND, MAX_HEALTH, DuelingSuitsState, ViewSketch, chain_power, power,
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
HARD_ITERATIONS = 400  # the hard level's search: determinizations per decision (p95 about 0.2 s here)
HARD_EXPLORATION = 0.4  # UCB1's constant: 0.2, 0.7 and 1.0 did worse against normal (300 iterations, 100-200 games)
HARD_CHAIN_DEPTH = 6  # moves in the tree from a chain step before the playout


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
PLAYOUT_TURNS = 30  # a playout still going after this many turns is scored by the healths
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


def playout(state: AnyState) -> list[float]:
    """The rest of a determinized game played quickly on plain lists (no moves, events or log): leads
    by ``playout_lead``, chains by ``playout_chain``, the turn settled by the engine's ``resolve``,
    the draws and reshuffles of DUEL-4 with the state's own RNG. Returns each seat's reward."""
    assert isinstance(state, DuelingSuitsState)
    rng = state.rng
    hands = [list(state.hands[0]), list(state.hands[1])]
    deck, pile = list(state.deck), list(state.discards)
    health, bonus, perks = list(state.health), list(state.bonus), state.perks
    initiative = state.initiative
    leads = list(state.leads)
    chains = [list(state.chains[0]), list(state.chains[1])]
    mover = state.chain_turn
    for _ in range(PLAYOUT_TURNS):
        if mover is None:  # the leads still to be made, each without seeing the other
            for q in (0, 1):
                if leads[q] is None:
                    lead = playout_lead(hands[q], health[q], rng)
                    hands[q].remove(lead)
                    leads[q] = lead
            mover = initiative
        lead0, lead1 = str(leads[0]), str(leads[1])
        suits = (SUIT[lead0], SUIT[lead1])
        powers = [POWER[lead] + bonus[q] + perks[q] + sum(ADD[(c, suits[q])] for c in chains[q])
                  for q, lead in enumerate((lead0, lead1))]
        while hands[mover]:
            other = 1 - mover
            card = playout_chain(hands[mover], suits[mover], suits[other], powers[mover], powers[other],
                                 health[mover], health[other])
            if card is None:
                break
            hands[mover].remove(card)
            chains[mover].append(card)
            powers[mover] += ADD[(card, suits[mover])]
            mover = other
        hurt0, healed0, hurt1, healed1, blocked0, blocked1 = effects(suits[0], suits[1], powers[0], powers[1])
        health = [min(MAX_HEALTH, health[0] - hurt0 + healed0), min(MAX_HEALTH, health[1] - hurt1 + healed1)]
        if min(health) <= 0:
            return [0.5, 0.5] if health[0] == health[1] else [1.0, 0.0] if health[0] > health[1] else [0.0, 1.0]
        bonus = [powers[0] if blocked0 else 0, powers[1] if blocked1 else 0]
        initiative = 1 - initiative
        pile += [lead0, lead1, *chains[0], *chains[1]]
        leads, chains, mover = [None, None], [[], []], None
        for extra in (False, True):
            for q in (0, 1):
                if not extra or len(hands[q]) <= LOW_HAND:
                    if not deck:
                        deck, pile = shuffle(pile, rng), []
                    hands[q].append(deck.pop(0))
    ahead = 1.0 / (1.0 + math.exp((WORTH[health[1]] - WORTH[health[0]]) / 20.0))
    return [ahead, 1.0 - ahead]


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

class HardBot(SearchBot):
    """ISMCTS (``ismcts.SearchBot``) over ``DuelingSuitsState.from_view``: at a lead, the tree holds both leads (the
    opponent's chosen without seeing this one) and each pair is scored by a quick playout of the rest
    of the game; at a chain step the tree follows the chaining a few steps first.

    The tree stops after the leads because a reveal is not a move: a deeper node would mix every lead
    the opponent might have made, where the playout sees the one it made. An opponent's lead already
    made face down is searched as one still to make: they chose it without seeing this one, the same
    as when this player leads first, so the bot plays the same whoever is quicker to commit."""

    def __init__(self, seed: int = 0, iterations: int = HARD_ITERATIONS) -> None:
        super().__init__(DuelingSuitsState.from_view, seed, iterations=iterations, exploration=HARD_EXPLORATION,
                         evaluate=playout)

    def start(self, view: dict[str, Any], moves: list[Move]) -> None:
        if view["phase"] == "lead":
            opp = 1 - view["viewer"]
            if view["committed"][opp]:
                view = {**view, "committed": [False, False], "to_act": [0, 1],
                        "hand_counts": [n + (q == opp) for q, n in enumerate(view["hand_counts"])]}
            self.max_depth = 2
        else:
            self.max_depth = HARD_CHAIN_DEPTH
        sketch = ViewSketch(view)  # worked out once: every sampled world of this decision deals from it
        self.determinize = lambda seen, rng: DuelingSuitsState.from_view(seen, rng, sketch)
        super().start(view, moves)


LEVELS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
