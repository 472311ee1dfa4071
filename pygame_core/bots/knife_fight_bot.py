"""Knife Fight's computer opponents, easy to hard; each decides from its player's view only.

- ``EasyBot`` fights like a beginner: usually its lowest number (the lower card wins), otherwise any
  card at all, and it dresses its deepest wound.
- ``NormalBot``, the Deputy, scores a card by the average exchange against every opponent card it
  has not seen (``resolve``, the engine's own pure function), counting the Queen's dressing on either
  side, with a bold temper (``Temper``): it prizes a cut it deals over one it takes. ``CarefulBot``
  is the same thinker with a careful temper (a cut taken feared three times a cut dealt, counted by
  the square root of its depth): the Gunslinger before issue 28, kept as the yardstick of the
  exploiter (tests/knife_fight/exploiter.py) and of the exploitability tests.
- ``HardBot``, the Gunslinger, plays each round as what it is, a choice made face down by both at
  once. It solves a zero-sum matrix game (``matrix_game.solve``, regret matching) of its distinct
  cards against the cards of each hand the opponent may hold: hands drawn from the cards it has not
  seen, weighted by how likely the opponent's last commits were with them (``Habit``: sensible
  players cut with low cards first, so a hand that kept its low cards while a 9 was committed is
  unlikely), the opponent taken to play by that habit half the time and to pick its reply freely
  otherwise. Each pair of cards is valued by ``Reading``, a learned estimate of the odds of
  outlasting the rival once the round is over (damage, deck, the cards each keeps: a Queen is worth
  keeping only for a deep wound, a Jack or a King is worth less than a low number); a King's
  follow-up is chosen by its owner, two feints are a small game of their own. Its commit is drawn
  from the mixed strategy with its seeded rng: there is no fixed choice to read. A follow-up takes
  the best value against the card revealed; a dressing takes the deepest older wound.

Measurements (shares of decided games, seats swapped every deal, 95% intervals, seeds below
9,000,000; think times are CPU time, CPython). Against the Deputy, 400 games from seed 1,000: 62.6%
[57.8, 67.4]. Against the outside players of scripts/outsiders, from seed 1,000,000: the greedy one
51.5% [45.8, 57.2] (300 games; 54.4% [49.5, 59.3] of 400 with 32 hands; the careful heuristic before
it: 55.3% [51.3, 59.4] of 600): no better than before; the flat Monte Carlo one in the curve below.
What the hidden hand is worth (tests/knife_fight/ceiling.py, 1,000 games from the held-out seed
9,000,000, against the greedy player): a reader told the card it committed wins 84.2% [81.8, 86.3], told
its hand 70.9% [68.0, 73.6], told its rule exactly but not its hand (its last two commits read with that
rule) 58.3% [55.2, 61.3], told nothing (the plain fighter, 25 tempers, 4,000 games each) at most 54.9%
[53.3, 56.4]. Three cards of a deck of 27 mostly unseen, and commits that say little about them: no fair
reading reaches 60% there, even one that knows the player's code; a finer reading of the position (a
neural network, log loss 0.364 against 0.390) won no more games. Reading the policy
(tests/knife_fight/exploiter.py, seed 1,000): a player told the target's hand and its policy for the
round, replying best to it, wins 83.3% [78.6, 87.1] of 300 games against the careful heuristic and
78.7% [72.4, 83.8] of 200 against the Gunslinger; told the hand alone, 72.0% [65.4, 77.8] and 66.7%
[59.8, 72.9] (200 games each). Most
rounds' equilibria are nearly pure, so the mix hides less than it might; in the round's own matrix
game a best reply gains 1.19 (summed over 41 sampled positions) against the careful heuristic's
choice and 0.01 against the Gunslinger's mix.

Budget: ``hands``, the opponent hands kept for each round's game (of six times as many drawn).
Against the flat Monte Carlo player, from seed 1,000,000: 8 hands 50.0% [40.2, 59.8] (100 games,
think p95 4 ms), 32 hands 55.8% [48.9, 62.7] (200 games, p95 12 ms), 128 hands 59.6% [49.9, 69.3]
(100 games, p95 46 ms). The share rose with the budget at every step, and 128 hands still think
in well under a tenth of the page's budget: 128 it is.

Why no tree search, unlike the other games' hard levels: an information-set tree search
(``ismcts``) over the whole rules measured no stronger than the average-exchange thinker in 14
variants (depth, budget, rollouts, evaluations, opponent models: 40-57% over runs of 200-1,000
games), nor did a search of the last rounds alone (48-50%): searching each round as if the
opponent's card were revealed afterwards cannot find the mixed choices the game calls for.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, NamedTuple

from .common import Bot, LevelBot
from .matrix_game import Matrix, sample, solve
from ..cards import pick
from ..games.knife_fight import HALVES, HAND_SIZE, kind, resolve, value

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


class CarefulBot(Fighter):
    """The Gunslinger before issue 28: careful, it fears every cut, the shallow ones nearly as much as
    the deep. Deterministic, so it can be read: kept as the yardstick of the exploiter
    (tests/knife_fight/exploiter.py) and of the exploitability tests."""

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


# --- the Gunslinger: a mixed strategy for each face-down round --------------------------------------
NOTHING, JACK, QUEEN, KING, JOKER = 0, 11, 12, 13, 14  # card classes: 1..10 are the number cards


def card_class(card: str) -> int:
    """Cards of one class do the same in every exchange (suits never matter, KNIFE-1)."""
    return {"jack": JACK, "queen": QUEEN, "king": KING, "joker": JOKER}.get(kind(card) or "", 0) or value(card)


def clash(mine: int, theirs: int) -> tuple[int, int, bool, bool]:
    """What two card classes meeting do (KNIFE-3..7, neither a King): the wound each side takes
    (mine, theirs) and whether each side's Queen dresses an older wound. ``resolve`` on classes."""
    if mine == JACK or theirs == JACK:  # KNIFE-4
        return 0, 0, False, False
    if 1 <= mine <= 10 and 1 <= theirs <= 10:  # KNIFE-3
        return (theirs if theirs <= mine else 0), (mine if mine <= theirs else 0), False, False
    if 1 <= theirs <= 10:
        if mine == QUEEN:
            return theirs, 0, True, False
        if mine == JOKER:
            return 0, theirs, False, False
        if mine == NOTHING:
            return theirs, 0, False, False
    if 1 <= mine <= 10:
        if theirs == QUEEN:
            return 0, mine, False, True
        if theirs == JOKER:
            return mine, 0, False, False
        if theirs == NOTHING:
            return 0, mine, False, False
    return 0, 0, False, False


class Reading(NamedTuple):
    """The Gunslinger's reading of a position once a round has ended: the log-odds that it outlasts
    its rival, a weighted sum of the two sides' differences (a learned evaluation: logistic
    regression over the round starts of 11,000 games between the older levels and the greedy outside
    player, seeds 200,000 and up: 79.6% of the winners foreseen).
    Each point of damage and each card left in the deck counts; so does each card in hand: a number
    card ``low`` per point below 5.5 (a low card cuts, a high one is cut), a Jack, a King, the Joker,
    and a Queen ``queen`` plus ``queen_depth`` per point of its holder's deepest wound (a Queen is
    worth keeping only for a deep wound)."""

    wound: float = -0.318
    card: float = 0.284
    low: float = 0.093
    jack: float = -0.119
    queen: float = -0.333
    queen_depth: float = 0.076
    king: float = -0.125
    joker: float = 0.886

    def worth(self, cls: int, deepest: int) -> float:
        """What holding a card of class ``cls`` adds to its holder's log-odds."""
        if cls == QUEEN:
            return self.queen + self.queen_depth * deepest
        if cls == JACK:
            return self.jack
        if cls == KING:
            return self.king
        if cls == JOKER:
            return self.joker
        return self.low * (5.5 - cls)


class Habit(NamedTuple):
    """How a sensible opponent is thought to choose, to read its hand from its recent commits: the
    lower card cuts, so it plays low numbers first and keeps its high ones; a card is committed
    with odds exp(-``keen`` * its weight) against the rest of its hand, a number weighing its value,
    a Jack or Queen (kept for the right moment) ``jack``/``queen``, a King or the Joker ``king``/
    ``joker``. Only the last ``memory`` commits are read. Fitted to the likelihood of the hands
    actually held in 460 games between the levels and the outside players (greedy, Monte Carlo;
    seeds 300,000 and up): the true hand's log-probability rose from -5.93 (every unseen hand alike)
    to -5.77. In the round's game the opponent is taken to play by this habit with probability
    1 - ``wary`` and to pick its reply freely otherwise: a half, between the equilibrium (1: an
    opponent that reads this very hand) and the plain best reply to the habit (0: a fixed choice
    again); against the greedy player the three measured alike (53.2%, 54.3%, 53.0% of 400 games)."""

    keen: float = 0.4
    jack: float = 8.0
    queen: float = 8.0
    king: float = 4.0
    joker: float = 4.0
    memory: int = 4
    wary: float = 0.5

    def weight(self, cls: int) -> float:
        return float(cls) if cls <= 10 else (self.jack, self.queen, self.king, self.joker)[cls - JACK]

    def odds(self, cls: int) -> float:
        return math.exp(-self.keen * self.weight(cls))

    def temper(self, matrix: list[list[float]], odds: list[float]) -> list[list[float]]:
        """The round's matrix against an opponent who plays by habit (``odds`` per column) with
        probability 1 - ``wary`` and picks its reply freely otherwise: each cell is ``wary`` times
        itself plus the rest times the row's value against the habit."""
        total = sum(odds)
        return [[self.wary * cell + (1 - self.wary) * sum(o * c for o, c in zip(odds, row)) / total for cell in row]
                for row in matrix]


@functools.lru_cache(maxsize=65536)
def likelihood(habit: Habit, hand: tuple[int, ...], history: tuple[int, ...]) -> float:
    """How likely the commits ``history`` (newest first) were under ``habit``, had the opponent held
    ``hand`` (sorted classes) now: before each commit it held that card and the hand as it is now
    less the card drawn since (any one of its cards, alike)."""
    if not history:
        return 1.0
    played, total = history[0], 0.0
    for new in hand:
        before = (*without(hand, new), played)
        odds = [habit.odds(c) for c in before]
        total += odds[-1] / sum(odds) * likelihood(habit, tuple(sorted(before)), history[1:])
    return total / len(hand)


class Side(NamedTuple):
    """One side as a round begins: its damage pile's values, its deck's size, and what a card it
    draws is worth on average (the Queens among its unseen cards apart: their worth depends on the
    pile)."""

    pile: tuple[int, ...]
    deck: int
    draw_other: float  # average worth of a non-Queen card it may draw
    draw_queens: float  # share of Queens among the cards it may draw


class Round:
    """One round's exchanges valued from the Gunslinger's seat: each pair of card classes (with the
    cards each side keeps) is settled (Kings' follow-ups chosen by their owners, a Queen dressing
    the deepest older wound) and the position after is read by ``reading``, from -1 (lost) to 1
    (won)."""

    def __init__(self, me: Side, them: Side, reading: Reading) -> None:
        self.sides = (me, them)
        self.reading = reading
        self.cache: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], float] = {}

    def pair(self, mine: int, theirs: int, my_rest: tuple[int, ...], their_rest: tuple[int, ...]) -> float:
        """The value of committing ``mine`` against their ``theirs``, each keeping its rest."""
        key = (mine, theirs, my_rest, their_rest)
        if key not in self.cache:
            self.cache[key] = self._pair(mine, theirs, my_rest, their_rest)
        return self.cache[key]

    def _pair(self, mine: int, theirs: int, my_rest: tuple[int, ...], their_rest: tuple[int, ...]) -> float:
        if mine == KING and theirs == KING:  # KNIFE-6: both follow-ups face down
            return self.both_feint(my_rest, their_rest)
        if mine == KING:  # my follow-up sees their card; a Jack is spent on the feint
            target = NOTHING if theirs == JACK else theirs
            options = follow_ups(my_rest)
            if not options:
                return self.settle(NOTHING, target, my_rest, their_rest)
            return max(self.settle(f, target, without(my_rest, f), their_rest) for f in options)
        if theirs == KING:
            target = NOTHING if mine == JACK else mine
            options = follow_ups(their_rest)
            if not options:
                return self.settle(target, NOTHING, my_rest, their_rest)
            return min(self.settle(target, f, my_rest, without(their_rest, f)) for f in options)
        return self.settle(mine, theirs, my_rest, their_rest)

    def both_feint(self, my_rest: tuple[int, ...], their_rest: tuple[int, ...]) -> float:
        """Both feinted: the follow-ups are a small face-down game of their own."""
        mine, theirs = follow_ups(my_rest), follow_ups(their_rest)
        if not mine and not theirs:
            return self.settle(NOTHING, NOTHING, my_rest, their_rest)
        if not mine:
            return min(self.settle(NOTHING, g, my_rest, without(their_rest, g)) for g in theirs)
        if not theirs:
            return max(self.settle(f, NOTHING, without(my_rest, f), their_rest) for f in mine)
        matrix = [[self.settle(f, g, without(my_rest, f), without(their_rest, g)) for g in theirs]
                  for f in mine]
        return solve([(1.0, matrix)], iterations=200, epsilon=1e-3).value

    def settle(self, mine: int, theirs: int, my_rest: tuple[int, ...], their_rest: tuple[int, ...]) -> float:
        """The value of the position once ``mine`` and ``theirs`` have met (KNIFE-3..9)."""
        hit_me, hit_them, dress_me, dress_them = clash(mine, theirs)
        return self.read((self.wounded(0, hit_me, dress_me), self.wounded(1, hit_them, dress_them)),
                         (my_rest, their_rest))

    def wounded(self, side: int, hit: int, dress: bool) -> tuple[int, ...]:
        """A side's pile after the exchange: the new wound in, and a Queen's dressing of the deepest
        older one (KNIFE-5: none without an older wound)."""
        pile = list(self.sides[side].pile)
        if dress and pile:
            pile.remove(max(pile))
        return (*pile, hit) if hit else tuple(pile)

    def read(self, piles: tuple[tuple[int, ...], tuple[int, ...]],
             rests: tuple[tuple[int, ...], tuple[int, ...]]) -> float:
        """KNIFE-8/9 for this round (draw back to three, bleed, is a deck empty?), then who is
        likelier to bleed out first."""
        r = self.reading
        left, sums, drawn = [0, 0], [0, 0], [0, 0]
        for s in (0, 1):
            side = self.sides[s]
            sums[s] = sum(piles[s])
            drawn[s] = min(HAND_SIZE - len(rests[s]), side.deck)
            left[s] = side.deck - drawn[s] - -(-sums[s] // 3)
        if left[0] <= 0 or left[1] <= 0:
            if left[0] <= 0 and left[1] <= 0:
                return 0.0 if sums[0] == sums[1] else (1.0 if sums[0] < sums[1] else -1.0)
            return -1.0 if left[0] <= 0 else 1.0
        odds = 0.0
        for s, sign in ((0, 1), (1, -1)):
            side = self.sides[s]
            deepest = max(piles[s], default=0)
            held = sum(r.worth(c, deepest) for c in rests[s])
            held += drawn[s] * (side.draw_other + side.draw_queens * r.worth(QUEEN, deepest))
            odds += sign * (r.wound * sums[s] + r.card * left[s] + held)
        return math.tanh(odds / 2)  # 2 P(win) - 1


def follow_ups(rest: tuple[int, ...]) -> list[int]:
    """The distinct classes a feint may be followed with (any card but a King, KNIFE-6)."""
    return sorted({c for c in rest if c != KING})


def without(cards: tuple[int, ...], cls: int) -> tuple[int, ...]:
    """``cards`` (sorted) less one card of class ``cls``."""
    out = list(cards)
    out.remove(cls)
    return tuple(out)


class HardBot(LevelBot):
    """The Gunslinger: each round it solves the face-down choice as a zero-sum game, its cards
    against the hands the opponent may hold (``hands`` sampled from the cards it has not seen), each
    pair valued by ``Reading``, and draws its commit from the equilibrium's mixed strategy: no fixed
    choice to read. Follow-ups and dressings, played face up, take the best value."""

    reading = Reading()
    habit = Habit()

    def __init__(self, seed: int = 0, hands: int = 128) -> None:
        super().__init__(seed)
        self.hands = hands  # the budget: hands kept for the matrix game, of six times as many drawn

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if moves[0]["type"] == "dress":  # the deepest older wound: the bleed falls most
            return max(moves, key=lambda m: value(m["discard"]))
        options, strategy = self.strategy(view, moves)
        return options[sample(strategy, self.rng)]

    def strategy(self, view: dict[str, Any], moves: list[Move]) -> tuple[list[Move], list[float]]:
        """The moves it chooses among (one per card class) and the probability of each."""
        game, options = self.round_game(view, moves)
        return options, solve(game).row

    def round_game(self, view: dict[str, Any], moves: list[Move]) -> tuple[list[tuple[float, Matrix]], list[Move]]:
        """The round as a Bayesian matrix game: rows its distinct card classes (one move each),
        one matrix per opponent hand type (weighted by how often it was sampled)."""
        them = 1 - view["viewer"]
        round_, hand, options, unseen = self.round_parts(view, moves)
        rows = sorted(options)
        if moves[0]["type"] == "follow_up":
            return self.follow_up_game(view, round_, hand, rows, unseen), [options[c] for c in rows]
        size = view["hand_counts"][them] + (1 if view["committed"][them] else 0)
        game: list[tuple[float, Matrix]] = []
        for their_hand, weight in self.sampled_hands(view, unseen, size).items():
            columns = sorted(set(their_hand))
            matrix = [[round_.pair(a, b, without(hand, a), without(their_hand, b)) for b in columns] for a in rows]
            habit = [their_hand.count(b) * self.habit.odds(b) for b in columns]
            game.append((weight, self.habit.temper(matrix, habit)))
        return game, [options[c] for c in rows]

    def round_parts(self, view: dict[str, Any], moves: list[Move]) -> tuple[Round, tuple[int, ...], dict[int, Move], list[str]]:
        """What every reading of the round starts from: its valuation, this player's hand as card classes,
        one move per distinct class it may play, and the opponent's cards it has not seen."""
        me = view["viewer"]
        unseen = Fighter.unseen(view)
        round_ = Round(self.side(view, me, [c for c in HALVES[me] if c not in seen_cards(view)]),
                       self.side(view, 1 - me, unseen), self.reading)
        options: dict[int, Move] = {}
        for m in moves:
            options.setdefault(card_class(m["card"]), m)
        return round_, tuple(sorted(card_class(c) for c in view["hand"])), options, unseen

    def follow_up_game(self, view: dict[str, Any], round_: Round, hand: tuple[int, ...], rows: list[int],
                       unseen: list[str]) -> list[tuple[float, Matrix]]:
        """A feint's follow-up against their card as revealed, or (both feinted) against the
        follow-ups the hands they may hold allow."""
        them = 1 - view["viewer"]
        target = card_class(view["exchange"]["cards"][them])
        game: list[tuple[float, Matrix]] = []
        for their_hand, weight in self.sampled_hands(view, unseen, view["hand_counts"][them]).items():
            if target != KING:  # one column: what they hold only changes the reading after
                aimed = NOTHING if target == JACK else target  # a Jack is spent on the feint
                game.append((weight, [[round_.settle(a, aimed, without(hand, a), their_hand)] for a in rows]))
                continue
            columns = follow_ups(their_hand) or [NOTHING]
            game.append((weight, [[round_.settle(a, b, without(hand, a), without(their_hand, b) if b else their_hand)
                                   for b in columns] for a in rows]))
        return game

    def sampled_hands(self, view: dict[str, Any], unseen: list[str], size: int) -> dict[tuple[int, ...], float]:
        """Hands of ``size`` the opponent may hold, as sorted card classes with their weights: drawn
        from its unseen cards with the bot's rng, each weighted by how likely its recent commits were
        had it held that hand (``Habit``), the likeliest ``self.hands`` kept."""
        them = 1 - view["viewer"]
        size = min(size, len(unseen))
        history = []
        for entry in reversed(view["log"][-self.habit.memory:]):
            if kind(entry["cards"][them]) == "king":  # two cards left that hand: the trail stops
                break
            history.append(card_class(entry["cards"][them]))
        counts: dict[tuple[int, ...], float] = {}
        for _ in range(6 * self.hands):
            drawn = tuple(sorted(card_class(c) for c in self.rng.sample(unseen, size)))
            counts[drawn] = counts.get(drawn, 0.0) + 1.0
        weighted = {hand: n * (likelihood(self.habit, hand, tuple(history)) if size == HAND_SIZE else 1.0)
                    for hand, n in counts.items()}
        kept = sorted(weighted, key=lambda h: (-weighted[h], h))[:self.hands]
        return {hand: weighted[hand] for hand in kept}

    def side(self, view: dict[str, Any], s: int, pool: list[str]) -> Side:
        """Side ``s`` as the view shows it; ``pool`` is the cards it may draw (its unseen cards)."""
        classes = [card_class(c) for c in pool]
        others = [self.reading.worth(c, 0) for c in classes if c != QUEEN]
        return Side(tuple(value(c) for c in view["damage"][s]), view["decks"][s],
                    sum(others) / len(classes) if classes else 0.0,
                    classes.count(QUEEN) / len(classes) if classes else 0.0)


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
