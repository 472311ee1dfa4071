"""Grit's computer opponents, each deciding from its player's view only.

- easy: a careless duellist. It plays the card that looks best if the duel ended now, judging by
  the face-up cards alone (a face-down card counts nothing), never marks a card, and one time in
  four plays any card at all.
- normal: a sensible duellist who thinks one play ahead. It plays the card that most improves its
  margin over the opponent if the duel ended now, counting a face-down card of the opponent's as
  the average of the cards it has not seen (``greedy``), and never marks a card.
- hard: a search. A determinized Monte Carlo (``flat_scores``: for each sample it deals the unseen
  cards and plays every candidate out to the end, both sides playing the greedy move) shortlists the
  few most promising moves, marked ones included; information-set tree search (``ismcts.SearchBot``)
  chooses among them. Its playouts play the greedy move as each player sees the table, so hiding a
  card is worth something there, and its tree keeps the opponent's replies from depending on cards
  they cannot see. Both sample worlds that are consistent with the view *and* with what the rival
  chose to hide (``Reading``, ``rival_world``): ``GritState.from_view`` deals the unseen cards
  uniformly, and a world is kept as often as a sensible rival would have made its hidden plays there
  (a card marked onto my empty pile is likely high, one marked over my high card likely low; the
  rival's face-down card of the last round went where its one-play score sent that card).

Why normal thinks only one play ahead: Grit is mostly the deal, and the Monte Carlo alone already
plays nearly as well as the full search (hard won 53-55% of 200-game runs against it), so with the
Monte Carlo as normal the two levels would play alike. Over 1,000 games (seats alternating) the
uniform-sampling hard won about 82% against the one-play thinker, which wins about 67% against easy.

Strength against time: hard against ``scripts/outsiders``' flat Monte Carlo (750 random playouts a
move), the same 100 deals (seeds 2,000-2,099, seats alternating) at three budgets, shares of decided
games with 95% intervals and hard's think time p95 (CPU time, CPython 3.11): 300 shortlist playouts and
150 tree iterations 53% [43, 63] at 60 ms; 600 and 300 51% [41, 61] at 138 ms; 1,200 and 600 63%
[53, 72] at 290 ms. Hard plays the last (``SHORTLIST_BUDGET``, ``HARD_ITERATIONS``): the strongest
that stays under the 400 ms bar (the page's Pyodide, about twice as slow, stays under its 1 s). At that
budget, over 100 games each: 83% [75, 89] against the outsiders' one-ply greedy player (seeds
3,000-3,099) and 80% [71, 87] against normal (seeds 4,000-4,099). Against the Monte Carlo, with 150
more deals (seeds 5,000-5,149), 156 of 250 decided games: 62% [56, 68]. On those 150 deals the same
search over uniform worlds (``GritState.from_view`` alone) won 94 to this one's 93: reading the rival's
hidden cards cut hard's busts from 15% to 13% of games but did not show in the wins at that count.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from .common import Bot, LevelBot
from .ismcts import SearchBot
from ..cards import pick
from ..engine import AnyState
from ..games.grit import KEY, ROUNDS, VALUE, GritState

Move = dict[str, Any]

NO_CARD = (-1, 0)  # ranks below every card
EASY_CARELESS = 0.25  # easy: how often it plays any card
ROLLOUT_NOISE = 0.1  # hard: how often a playout plays any move instead of the greedy one
SHORTLIST = 3  # hard: the moves the tree search chooses among
SHORTLIST_BUDGET = 1200  # hard: the Monte Carlo playouts that pick them
HARD_ITERATIONS = 600
HARD_EXPLORATION = 0.7
# What a sensible rival's hidden card leans to, by what its play does: in the hard level's sampled worlds a
# rival's face-down card of value v weighs exp(LEAN * v), keyed by (marked, on the viewer's pile, what it
# covers: 0 nothing, 1 a card of 5 or less, 2 a higher one). Fitted by matching the mean value of such
# plays (an exponential tilt of the deck's values) over 590 duels of two flat Monte Carlo players against
# themselves (400 of one with random playouts, 190 of scripts/outsiders' montecarlo; seeds 200,000 up): a
# card marked onto the rival's empty pile averages 7.8 (a deck card 6.0), one marked over a high card 4.3.
LEAN: dict[tuple[bool, bool, int], float] = {
    (True, True, 0): 0.233, (True, True, 1): 0.255, (True, True, 2): -0.189,
    (True, False, 0): -0.129, (True, False, 1): -0.093, (True, False, 2): 0.113,
    (False, True, 0): 0.052, (False, True, 1): 0.110, (False, True, 2): -0.056,
    (False, False, 0): -0.023, (False, False, 1): -0.002, (False, False, 2): -0.038,
}
JUDGE = 0.5  # hard: how firmly the rival's last face-down play follows its one-play score
MAX_TRIES = 40  # hard: sampled worlds drawn at most per accepted one (then the last is kept)


def margin(total: float) -> float:
    """How good a final total is: closer to 21 is better, and going over is much worse."""
    return total if total <= 21 else 21 - 3 * (total - 21)


def play(card: str, owner: int, index: int, marked: bool = False) -> Move:
    return {"type": "play", "card": card, "pile": [owner, index], "marked": marked}


def greedy(state: GritState, p: int) -> list[Move]:
    """The unmarked plays that most improve "p's margin less the opponent's if the duel ended now",
    as p can see the table: a face-down card of the opponent's counts as the average of the cards
    p has not seen (a playout where everyone knew every card would make hiding one worthless)."""
    piles = state.piles
    unseen = state.hands[1 - p] + state.discards
    for own in piles:
        for pile in own:
            if pile and pile[-1].face_down and pile[-1].by != p:
                unseen.append(pile[-1].card)
    guess = sum(VALUE[c] for c in unseen) / len(unseen)
    totals = [0.0, 0.0]
    for owner in (0, 1):
        for pile in piles[owner]:
            if pile:
                top = pile[-1]
                totals[owner] += guess if top.face_down and top.by != p else VALUE[top.card]
    best = -1000.0
    found: list[tuple[str, int, int]] = []
    for owner in (0, 1):
        for index, pile in enumerate(piles[owner]):
            if pile and pile[-1].face_down:
                continue
            old = VALUE[pile[-1].card] if pile else 0
            for card in state.hands[p]:
                changed = list(totals)
                changed[owner] += VALUE[card] - old
                score = margin(changed[p]) - margin(changed[1 - p])
                if score > best:
                    best, found = score, [(card, owner, index)]
                elif score == best:
                    found.append((card, owner, index))
    return [play(card, owner, index) for card, owner, index in found]


def greedy_rollout(state: AnyState, p: int, moves: list[Move], rng: random.Random) -> Move:
    """The hard level's playout policy: mostly the greedy move, sometimes any legal one."""
    assert isinstance(state, GritState)
    if rng.random() < ROLLOUT_NOISE:
        return pick(moves, rng)
    return pick(greedy(state, p), rng)


# --- the flat table (hard's shortlist) ---------------------------------------------------------

class Table:
    """Pile tops as six slots (owner * 3 + index) and what the rollout needs to go on."""

    __slots__ = ("tops", "down", "marked", "hands", "mark_used", "round", "played", "first")

    def __init__(self, tops: list[str | None], down: list[bool], marked: list[bool],
                 hands: list[list[str]], mark_used: list[bool], round_: int, played: list[int],
                 first: int) -> None:
        self.tops, self.down, self.marked = tops, down, marked
        self.hands, self.mark_used = hands, mark_used
        self.round, self.played, self.first = round_, played, first

    def copy(self) -> "Table":
        return Table(list(self.tops), list(self.down), list(self.marked),
                     [list(self.hands[0]), list(self.hands[1])], list(self.mark_used),
                     self.round, list(self.played), self.first)

    def put(self, player: int, card: str, slot: int, marked: bool) -> None:
        self.hands[player].remove(card)
        self.tops[slot], self.down[slot], self.marked[slot] = card, True, marked
        self.mark_used[player] = self.mark_used[player] or marked
        self.played.append(slot)
        if len(self.played) == 2:
            for s in self.played:
                self.down[s] = self.marked[s]
            self.round += 1
            self.played = []
            self.first = self.order()

    def order(self) -> int:
        """GRIT-4, the same decision the engine makes: who plays first."""
        totals = [0, 0]
        best = [NO_CARD, NO_CARD]
        for s in range(6):
            card = self.tops[s]
            if card is not None and not self.down[s]:
                totals[s // 3] += VALUE[card]
                best[s // 3] = max(best[s // 3], KEY[card])
        if totals[0] != totals[1]:
            return 1 if totals[0] > totals[1] else 0
        if best[0] != best[1]:
            return 1 if best[0] > best[1] else 0
        return 0

    def result(self, p: int) -> float:
        """GRIT-8 from p's side: 1 win, 0.5 draw, 0 loss."""
        totals = [0, 0]
        best = [NO_CARD, NO_CARD]
        for s in range(6):
            card = self.tops[s]
            if card is not None:
                totals[s // 3] += VALUE[card]
                best[s // 3] = max(best[s // 3], KEY[card])
        mine, theirs = totals[p], totals[1 - p]
        if mine == theirs:
            return 0.5 if best[p] == best[1 - p] else float(best[p] > best[1 - p])
        if (mine > 21) != (theirs > 21):
            return float(mine <= 21)
        return float(mine > theirs) if mine <= 21 else float(mine < theirs)

    def playout(self) -> None:
        """Play to the end, both sides the greedy move (the opponent as a sensible duellist, not a
        random one: a plan that only works against blunders is no plan)."""
        while self.round <= ROUNDS:
            actor = self.first if not self.played else 1 - self.first
            open_slots = [s for s in range(6) if self.tops[s] is None or not self.down[s]]
            card, slot = self.greedy(actor, open_slots)
            self.put(actor, card, slot, False)

    def greedy(self, me: int, open_slots: list[int]) -> tuple[str, int]:
        """The play that most improves "my margin if the game ended now", counting every top."""
        totals = [0, 0]
        for s in range(6):
            card = self.tops[s]
            if card is not None:
                totals[s // 3] += VALUE[card]
        best = (-1000.0, "", 0)
        for card in self.hands[me]:
            value = VALUE[card]
            for slot in open_slots:
                old = self.tops[slot]
                changed = list(totals)
                changed[slot // 3] += value - (VALUE[old] if old is not None else 0)
                score = margin(changed[me]) - margin(changed[1 - me])
                if score > best[0]:
                    best = (score, card, slot)
        return best[1], best[2]


def distinct(view: dict[str, Any], moves: list[Move]) -> list[Move]:
    """Drop moves that differ only in which of one owner's empty piles they use: they are the
    same move for the rest of the game, so simulating both would only halve the samples."""
    seen = set()
    kept = []
    for move in moves:
        owner, index = move["pile"]
        empty = not view["piles"][owner][index]["cards"]
        key = (move["card"], owner, "empty" if empty else index, move["marked"])
        if key not in seen:
            seen.add(key)
            kept.append(move)
    return kept


def table_of(world: GritState) -> Table:
    """The flat table of a sampled world (``GritState.from_view``)."""
    tops: list[str | None] = [None] * 6
    down = [False] * 6
    marked = [False] * 6
    for owner in (0, 1):
        for index, pile in enumerate(world.piles[owner]):
            if pile:
                slot = owner * 3 + index
                tops[slot], down[slot], marked[slot] = pile[-1].card, pile[-1].face_down, pile[-1].marked
    played = [owner * 3 + index for _, owner, index in world.played]
    return Table(tops, down, marked, world.hands, world.mark_used, world.round, played, world.first)


def flat_scores(view: dict[str, Any], candidates: list[Move], budget: int, rng: random.Random,
                reading: Reading) -> list[float]:
    """Each candidate's wins over the same guesses at the unseen cards (``rival_world``), played out
    greedily by both sides on the flat table (at least 8 guesses, ``budget`` playouts in all otherwise)."""
    p = view["viewer"]
    wins = [0.0] * len(candidates)
    for _ in range(max(8, budget // len(candidates))):
        table = table_of(rival_world(view, rng, reading))
        for k, move in enumerate(candidates):
            trial = table.copy()
            owner, index = move["pile"]
            trial.put(p, move["card"], owner * 3 + index, move["marked"])
            trial.playout()
            wins[k] += trial.result(p)
    return wins


# --- reading the rival's hidden plays (hard's determinizer) ------------------------------------

Slot = tuple[int, int, int, float]  # (owner, index, depth) of a rival's hidden card, and its lean


def kind_of(cards: list[dict[str, Any]], depth: int) -> int:
    """What a play at ``depth`` covers, as ``LEAN`` keys it: 0 nothing, 1 a card of 5 or less, 2 a higher one."""
    covered = VALUE[cards[depth - 1]["card"]] if depth else 0
    return 0 if not covered else 1 if covered <= 5 else 2


class Reading:
    """What the rival's hidden cards (marked ones, and this round's face-down play) suggest, worked out
    once per decision from the view: what the rival chose to hide, and where, says something about it.

    A hidden card leans as ``LEAN`` says for where it went (``slots``). The rival's face-down play of
    the last round is judged instead (``last``): with one card left its only choice was the pile, and
    with the duel ending the one-play score is what that choice weighs, so a world is as likely as the
    rival's choice of that pile, for the card it holds there, under a soft greedy choice (``JUDGE``)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me: int = view["viewer"]
        self.slots: list[Slot] = []
        self.last: tuple[int, int, int] | None = None
        self.before: list[list[dict[str, Any] | None]] = []  # each pile's top before that play
        self.options: list[tuple[int, int]] = []  # the piles the rival could have chosen (empty ones once)
        log = view["log"]
        judged = (view["round"] == ROUNDS and bool(log) and log[-1]["round"] == ROUNDS
                  and log[-1]["player"] != self.me and log[-1]["card"] is None)
        for owner in (0, 1):
            for index, pile in enumerate(view["piles"][owner]):
                cards = pile["cards"]
                if not cards or cards[-1]["card"] is not None:
                    continue
                depth = len(cards) - 1
                if judged and [owner, index] == log[-1]["pile"]:
                    self.last = (owner, index, depth)
                else:
                    self.slots.append((owner, index, depth, LEAN[cards[-1]["marked"], owner == self.me,
                                                                 kind_of(cards, depth)]))
        if self.last is not None:
            owner, index, depth = self.last
            self.before = [[(p["cards"][-1] if p["cards"] else None) for p in own] for own in view["piles"]]
            self.before[owner][index] = view["piles"][owner][index]["cards"][depth - 1] if depth else None
            empties: set[int] = set()
            for o in (0, 1):
                for i, top in enumerate(self.before[o]):
                    if top is not None and top["face_down"]:
                        continue  # closed to the rival then
                    if top is None:  # an owner's empty piles are one choice, the played one standing for them
                        if o in empties:
                            continue
                        empties.add(o)
                        if (o, self.before[owner][index] is None) == (owner, True):
                            i = index
                    self.options.append((o, i))

    def odds(self, world: GritState) -> float:
        """How likely the world's hidden cards make the rival's plays, scaled to at most 1."""
        excess = 0.0
        for owner, index, depth, lean in self.slots:
            excess += lean * (VALUE[world.piles[owner][index][depth].card] - (10 if lean > 0 else 1))
        odds = math.exp(excess)
        if self.last is not None:
            odds *= self.judge(world)
        return odds

    def judge(self, world: GritState) -> float:
        """The chance a soft greedy rival holding the world's card puts it where it went: each pile scored
        by the margin it leaves if the duel ended there (``margin``), a card of mine it cannot see counted
        as the average of what it has not seen (my hand, my hidden cards, the discards)."""
        rival = 1 - self.me
        owner, index, depth = self.last  # type: ignore[misc]
        card = VALUE[world.piles[owner][index][depth].card]
        unseen = [VALUE[c] for c in world.hands[self.me] + world.discards]
        mine = [(o, i) for o in (0, 1) for i, top in enumerate(self.before[o])
                if top is not None and top["face_down"] and top["by"] == self.me]
        unseen += [VALUE[world.piles[o][i][-1].card] for o, i in mine]
        guess = sum(unseen) / len(unseen)
        tops = [[0.0 if top is None else guess if (o, i) in mine else VALUE[world.piles[o][i][-1].card]
                 if top["face_down"] else VALUE[top["card"]] for i, top in enumerate(self.before[o])]
                for o in (0, 1)]
        totals = [sum(tops[0]), sum(tops[1])]
        weights = []
        chosen = 0.0
        for o, i in self.options:
            changed = list(totals)
            changed[o] += card - tops[o][i]
            weight = math.exp(JUDGE * (margin(changed[rival]) - margin(changed[self.me])))
            weights.append(weight)
            if (o, i) == (owner, index):
                chosen = weight
        return chosen / sum(weights)


def rival_world(view: dict[str, Any], rng: random.Random, reading: Reading) -> GritState:
    """A ``GritState.from_view`` world drawn as likely as the rival's hidden plays make it (rejection: a
    world is kept with probability ``reading.odds``, so the kept ones follow the weighted law exactly;
    after ``MAX_TRIES`` the last one drawn is kept)."""
    world = GritState.from_view(view, rng)
    if not reading.slots and reading.last is None:
        return world
    for _ in range(MAX_TRIES - 1):
        if rng.random() < reading.odds(world):
            break
        world = GritState.from_view(view, rng)
    return world


class EasyBot(LevelBot):
    """Judges by the face-up cards only, never marks, and now and then plays any card."""

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        p = view["viewer"]
        plain = [m for m in moves if not m["marked"]]
        if self.rng.random() < EASY_CARELESS:
            return pick(plain, self.rng)
        totals = list(view["totals"])
        scored = []
        for move in plain:
            owner, index = move["pile"]
            cards = view["piles"][owner][index]["cards"]
            old = VALUE[cards[-1]["card"]] if cards else 0
            changed = list(totals)
            changed[owner] += VALUE[move["card"]] - old
            scored.append((margin(changed[p]) - margin(changed[1 - p]), move))
        best = max(score for score, _ in scored)
        return pick([m for score, m in scored if score == best], self.rng)


class NormalBot(LevelBot):
    """The greedy play as this player sees the table (the unseen cards dealt once, only to count
    them: ``greedy`` reads a face-down card of the opponent's as their average)."""

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        return pick(greedy(GritState.from_view(view, self.rng), view["viewer"]), self.rng)


class HardBot(SearchBot):
    """ISMCTS over ``rival_world`` (the view's worlds, weighed by the rival's hidden plays) with the
    greedy playouts, among the Monte Carlo's shortlist.

    Measured against the Monte Carlo alone (2,400 playouts) over 200-game runs: the search over
    every distinct move (500 to 2000 iterations) won 46-51%; choosing among the Monte Carlo's best
    2, 3 or 4 moves, 53-55%, among its best 8, 44%."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(self.world, seed, iterations=HARD_ITERATIONS, rollout=greedy_rollout,
                         exploration=HARD_EXPLORATION)
        self.reading: Reading | None = None

    def world(self, view: dict[str, Any], rng: random.Random) -> GritState:
        """The search's determinizer: a world weighted by what the rival's hidden plays suggest."""
        assert self.reading is not None, "start() reads the rival's plays first"
        return rival_world(view, rng, self.reading)

    def start(self, view: dict[str, Any], moves: list[Move]) -> None:
        """Search only the shortlist: with thirty-odd moves the iterations spread too thin to tell
        the good ones apart in a game this noisy."""
        self.reading = Reading(view)
        candidates = distinct(view, moves)
        if len(candidates) > SHORTLIST:
            wins = flat_scores(view, candidates, SHORTLIST_BUDGET, self.rng, self.reading)
            ranked = sorted(range(len(candidates)), key=lambda k: -wins[k])
            candidates = [candidates[k] for k in sorted(ranked[:SHORTLIST])]
        super().start(view, candidates)


LEVELS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
