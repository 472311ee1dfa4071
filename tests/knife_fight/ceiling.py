#!/usr/bin/env python3
"""How far above the Gunslinger a player could get against the outside greedy player (issue 28, point 1).

    python tests/knife_fight/ceiling.py --knows commit --games 1000   # told the card it committed
    python tests/knife_fight/ceiling.py --knows hand --games 1000     # told the hand it holds
    python tests/knife_fight/ceiling.py --knows policy --games 1000   # told its rule, not its hand
    python tests/knife_fight/ceiling.py --knows nothing --temper 0.5,2 --games 4000   # told nothing at all

Each reader plays the Gunslinger's own round game (``knife_fight_bot.Round`` values each exchange) against
``scripts/outsiders``' one-ply greedy player, seats swapped on every deal, on the held-out seeds from
9,000,000, and prints its share of the decided games with the 95% Wilson interval:

- ``commit``: it knows the greedy player's hand and the card it laid face down this round, and replies
  best to that card (a cheat: the most any reading of the player could give).
- ``hand``: it knows the hand, not the card (``exploiter.Peeker``: the round's game against that one hand).
- ``policy``: a fair player that knows the greedy player's rule exactly (its code) but not its hand: for
  each hand it may hold (drawn from the cards not seen, weighted by how well the rule explains its last two
  commits had it held that hand) it works out the card the rule would commit, and replies best to that
  mixture. Short of the hand, this is as much as a reading of the player can know.
- ``nothing``: the plainest fair player, for scale: the average exchange of each card against every card
  not seen (``knife_fight_bot.Fighter``, the Deputy's thinker) with the temper ``--temper DEPTH,DREAD``.

The gap between ``hand`` and ``policy`` is what the hidden hand is worth. Knife Fight holds three cards
of a deck of 27 that the opponent has mostly not seen, and its commits tell little about the rest: from
seed 9,000,000, 1,000 games each, told the commit 84.2% [81.8, 86.3], the hand 70.9% [68.0, 73.6], the
rule 58.3% [55.2, 61.3] (55.9% [52.8, 59.0] before its last commits were read). Told nothing, the plain
fighter levels off at once: 4,000 games for each of 25 tempers (depth 0.3 to 1.5, dread 0.4 to 5), every
temper that fears a cut taken at least twice a cut dealt wins 53.4-54.9%, the best 54.9% [53.3, 56.4].

Other fair players tried against the greedy one (seeds from 1,000,000, not kept as tools): the Gunslinger
with a neural network for its reading (two hidden layers, fitted to 115,000 round starts: log loss 0.364
against the linear reading's 0.390) 50.8% of 600 games, its plain reading 54.6% of the same 600; a fighter
replying best to the greedy rule's exact commits 53.2% of 1,000; a flat Monte Carlo search whose playouts
are fighters on both sides (20 worlds a move, 280 ms p95) 42% of 600: the outcome turns on the deal so
much that 20 playouts cannot tell the cards apart.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
for _path in (str(ROOT), str(ROOT / "scripts"), str(Path(__file__).resolve().parent)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import outsiders  # noqa: E402
from exploiter import Peeker, duel, peeking  # noqa: E402
from outsiders import knife_fight as greedy_rule  # noqa: E402
from pygame_core.bots.knife_fight_bot import Fighter, HardBot, Habit, Temper, card_class, without  # noqa: E402
from pygame_core.bots.matrix_game import solve  # noqa: E402
from pygame_core.games.knife_fight import HAND_SIZE, KnifeFightState  # noqa: E402

Move = dict[str, Any]
HELD_OUT = 9_000_000


class Seer(Peeker):
    """Told the hand and the card committed: the best reply to that card (the round's plain values)."""

    habit = Habit(wary=1.0)  # no habit blended in: the cells are the plain values

    def __init__(self, seed: int, peek: Callable[[], list[str]], committed: Callable[[], str | None]) -> None:
        super().__init__(seed, peek)
        self.committed = committed

    def strategy(self, view: dict[str, Any], moves: list[Move]) -> tuple[list[Move], list[float]]:
        game, options = self.round_game(view, moves)
        card = self.committed()
        if card is None or view["phase"] != "commit":
            return options, solve(game).row
        [(_, matrix)] = game
        column = sorted({card_class(c) for c in self.peek()}).index(card_class(card))
        best = max(range(len(options)), key=lambda row: matrix[row][column])
        return options, [float(row == best) for row in range(len(options))]


class Recorder:
    """The greedy player as it plays, and what it showed: the public part of its view at each commit (the
    table as both see it) and the card it committed, for a reader that knows its rule."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.commits: list[tuple[dict[str, Any], str]] = []

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        move: Move = self.bot.choose(view, moves)
        if move["type"] == "play":
            self.commits.append(({k: v for k, v in view.items() if k not in ("hand", "my_commit")}, move["card"]))
        return move


class PolicyReader(HardBot):
    """Knows the greedy player's rule, not its hand: the best reply to the commits of the hands it may hold,
    each hand weighted by how well the rule explains the greedy player's last ``MEMORY`` commits had it held
    that hand (before each commit it held that card and its hand now less the card drawn since, any one
    alike; a commit the rule would not make counts ``SLACK``, for the hands this reckoning gets wrong)."""

    MEMORY = 2
    SLACK = 0.02

    def __init__(self, seed: int, public_view: Callable[[], dict[str, Any]], shown: Recorder) -> None:
        super().__init__(seed)
        self.public_view = public_view  # the opponent's view; only its public fields are read (the hand is replaced)
        self.shown = shown

    @staticmethod
    def commits(public: dict[str, Any], cards: tuple[str, ...]) -> list[str]:
        """The cards the greedy rule commits from ``cards`` at the table ``public`` (ties: each of them)."""
        values = greedy_rule.greedy_values({**public, "hand": list(cards), "my_commit": None, "committed": [False, False]},
                                           [{"type": "play", "card": c} for c in cards])
        best = max(values)
        return [c for c, v in zip(cards, values) if v >= best - 1e-9]

    def likelihood(self, cards: tuple[str, ...], trail: list[tuple[dict[str, Any], str]],
                   known: dict[tuple[int, tuple[str, ...]], list[str]]) -> float:
        """How well the rule explains the commits in ``trail`` (newest first) had it held ``cards`` now;
        ``known`` keeps the rule's commits already worked out, by depth in the trail and hand."""
        if not trail or len(cards) != HAND_SIZE:
            return 1.0
        (public, played), total = trail[0], 0.0
        for new in cards:
            before = tuple(sorted([c for c in cards if c != new] + [played]))
            key = (len(trail), before)
            if key not in known:
                known[key] = self.commits(public, before)
            chosen = known[key]
            total += (self.SLACK + (1 - self.SLACK) * (played in chosen) / len(chosen)) * self.likelihood(before, trail[1:], known)
        return total / len(cards)

    def strategy(self, view: dict[str, Any], moves: list[Move]) -> tuple[list[Move], list[float]]:
        if moves[0]["type"] != "play":
            return super().strategy(view, moves)
        them = 1 - view["viewer"]
        round_, hand, options, unseen = self.round_parts(view, moves)
        rows = sorted(options)
        size = min(view["hand_counts"][them] + (1 if view["committed"][them] else 0), len(unseen))
        shown = self.shown.commits[:-1] if view["committed"][them] else self.shown.commits  # this round's is face down
        trail = list(reversed(shown[-self.MEMORY:]))
        public = self.public_view()
        totals = [0.0] * len(rows)
        known: dict[tuple[int, tuple[str, ...]], list[str]] = {}
        for _ in range(6 * self.hands):
            cards = tuple(sorted(self.rng.sample(unseen, size)))
            weight = self.likelihood(cards, trail, known)
            commits = [card_class(c) for c in self.commits(public, cards)]
            theirs = tuple(sorted(card_class(c) for c in cards))
            for k, mine in enumerate(rows):
                totals[k] += weight * sum(round_.pair(mine, c, without(hand, mine), without(theirs, c)) for c in commits) / len(commits)
        best_row = max(range(len(rows)), key=lambda k: totals[k])
        return [options[c] for c in rows], [float(k == best_row) for k in range(len(rows))]


def reader(knows: str, seed: int, state: KnifeFightState, seat: int, rival: Recorder, temper: Temper) -> Fighter | HardBot:
    """The reader in ``seat`` of ``state``, told what ``knows`` says of the other seat (``rival``)."""
    them = 1 - seat
    if knows == "nothing":
        fighter = Fighter(seed)
        fighter.temper = temper
        return fighter
    if knows == "commit":
        return Seer(seed, peeking(state, seat), lambda: state.commits[them])
    if knows == "hand":
        return Peeker(seed, peeking(state, seat))
    return PolicyReader(seed, lambda: dict(state.view(them)), rival)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--knows", choices=("commit", "hand", "policy", "nothing"), default="policy")
    parser.add_argument("--temper", default="0.5,2", help="DEPTH,DREAD of the fighter told nothing")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=HELD_OUT)
    args = parser.parse_args()

    temper = Temper(*(float(x) for x in args.temper.split(",")))

    def pairing(i: int, state: KnifeFightState, seat: int) -> tuple[Any, Any]:
        rival = Recorder(outsiders.make_outsider("knife_fight", "greedy", seed=i + 1))
        return reader(args.knows, i, state, seat, rival, temper), rival

    told = "told nothing" if args.knows == "nothing" else f"told the {args.knows}"
    duel(args.games, args.seed, pairing, told, "greedy", every=args.games)


if __name__ == "__main__":
    main()
