"""The "hard" Grit bot: determinized Monte Carlo over what its player can see.

For each sample it deals the unseen cards (opponent's hand, opponent's face-down cards, the two
discards and, if no heart has shown, which heart is in the deck) consistently with the view,
then plays every candidate move out to the end with random continuations, and picks the move
that won most often. The same samples serve every candidate (common random numbers), so the
comparison between moves is far less noisy than the sample count suggests.

Grit has at most eight plays, so a playout is a few dozen list operations; the bot works on a
flat copy of the table (six pile tops) rather than engine states to keep a decision fast enough
for the browser.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .common import Bot, RandomBot
from ..cards import new_rng, shuffle, suit_cards
from ..games.grit import HEART_RANKS, ROUNDS, SPADES, card_value, rank_key

Move = dict[str, Any]

HEARTS = {name: suit_cards("H", ranks) for name, ranks in HEART_RANKS.items()}
VALUE = {c: card_value(c) for c in SPADES + HEARTS["all"]}
KEY = {c: rank_key(c) for c in SPADES + HEARTS["all"]}
NO_CARD = (-1, 0)  # ranks below every card
ROLLOUT_BUDGET = 2400


def margin(total: int) -> int:
    """How good a final total is: closer to 21 is better, and going over is much worse."""
    return total if total <= 21 else 21 - 3 * (total - 21)


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

    def playout(self, rng: random.Random, me: int) -> None:
        """Play to the end: the opponent uniformly at random over its legal moves (as the random
        bot does), ``me`` greedily, so a move is judged by how it sets up good later plays."""
        r = rng.random
        while self.round <= ROUNDS:
            actor = self.first if not self.played else 1 - self.first
            hand = self.hands[actor]
            open_slots = [s for s in range(6) if self.tops[s] is None or not self.down[s]]
            if actor == me:
                card, slot = self.greedy(me, open_slots)
                self.put(actor, card, slot, False)
                continue
            card = hand[int(r() * len(hand))]
            slot = open_slots[int(r() * len(open_slots))]
            marked = not self.mark_used[actor] and r() < 0.5
            self.put(actor, card, slot, marked)

    def greedy(self, me: int, open_slots: list[int]) -> tuple[str, int]:
        """The play that most improves "my margin if the game ended now", counting every top."""
        totals = [0, 0]
        for s in range(6):
            card = self.tops[s]
            if card is not None:
                totals[s // 3] += VALUE[card]
        best = (-1000, "", 0)
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


class GritBot:
    """Decides from ``view(p)`` and the legal moves only."""

    def __init__(self, seed: int = 0, budget: int = ROLLOUT_BUDGET) -> None:
        self.rng = new_rng(seed)
        self.budget = budget

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        if len(moves) == 1:
            return moves[0]
        p = view["viewer"]
        candidates = distinct(view, moves)
        samples = max(8, self.budget // len(candidates))
        wins = [0.0] * len(candidates)
        for _ in range(samples):
            table = self.determinize(view)
            seed = self.rng.random()
            for k, move in enumerate(candidates):
                trial = table.copy()
                owner, index = move["pile"]
                trial.put(p, move["card"], owner * 3 + index, move["marked"])
                trial.playout(random.Random(seed), p)
                wins[k] += trial.result(p)
        best = max(range(len(candidates)), key=lambda k: wins[k])
        return candidates[best]

    def determinize(self, view: dict[str, Any]) -> Table:
        """One guess at the unseen cards that agrees with everything the view shows."""
        p = view["viewer"]
        hand = list(view["hand"])
        known = set(hand)
        tops: list[str | None] = [None] * 6
        down = [False] * 6
        marked = [False] * 6
        hidden_slots = []
        for owner in (0, 1):
            for index, pile in enumerate(view["piles"][owner]):
                for entry in pile["cards"]:
                    if entry["card"] is not None:
                        known.add(entry["card"])
                if pile["cards"]:
                    top = pile["cards"][-1]
                    slot = owner * 3 + index
                    tops[slot], down[slot], marked[slot] = top["card"], top["face_down"], top["marked"]
                    if top["card"] is None:
                        hidden_slots.append(slot)
        pool = [c for c in SPADES if c not in known]
        if not any(c.endswith("H") for c in known):
            hearts = HEARTS[view["options"]["heart_ranks"]]
            pool.append(hearts[int(self.rng.random() * len(hearts))])
        shuffle(pool, self.rng)
        for slot in hidden_slots:
            tops[slot] = pool.pop()
        opponent_hand = [pool.pop() for _ in range(view["hand_counts"][1 - p])]
        hands = [hand, opponent_hand] if p == 0 else [opponent_hand, hand]
        played = [e["pile"][0] * 3 + e["pile"][1] for e in view["log"] if e["round"] == view["round"]]
        return Table(tops, down, marked, hands, list(view["mark_used"]), view["round"], played,
                     view["first"])


# the levels until this game has its own easy and normal players (issue 12)
LEVELS: dict[str, Callable[[int], Bot]] = {"easy": RandomBot, "normal": GritBot, "hard": GritBot}
