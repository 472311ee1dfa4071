#!/usr/bin/env python3
"""How far above the Gunslinger a player could get against the outside greedy player (issue 28, point 1).

    python tests/knife_fight/ceiling.py --knows commit --games 1000   # told the card it committed
    python tests/knife_fight/ceiling.py --knows hand --games 1000     # told the hand it holds
    python tests/knife_fight/ceiling.py --knows policy --games 1000   # told its rule, not its hand

Each reader plays the Gunslinger's own round game (``knife_fight_bot.Round`` values each exchange) against
``scripts/outsiders``' one-ply greedy player, seats swapped on every deal, on the held-out seeds from
9,000,000, and prints its share of the decided games with the 95% Wilson interval:

- ``commit``: it knows the greedy player's hand and the card it laid face down this round, and replies
  best to that card (a cheat: the most any reading of the player could give).
- ``hand``: it knows the hand, not the card (``exploiter.Peeker``: the round's game against that one hand).
- ``policy``: a fair player that knows the greedy player's rule exactly (its code) but not its hand: for
  each hand it may hold (drawn from the cards not seen) it works out the card the rule would commit, and
  replies best to that mixture. No reading of the rule can do better without the hand.

The gap between ``hand`` and ``policy`` is what the hidden hand is worth. Knife Fight holds three cards
of a deck of 27 that the opponent has mostly not seen, and its commits tell little about the rest.
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
from pygame_core.bots.knife_fight_bot import HardBot, Habit, card_class, without  # noqa: E402
from pygame_core.bots.matrix_game import solve  # noqa: E402
from pygame_core.games.knife_fight import KnifeFightState  # noqa: E402

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


class PolicyReader(HardBot):
    """Knows the greedy player's rule, not its hand: the best reply to the commits of the hands it may hold."""

    def __init__(self, seed: int, public_view: Callable[[], dict[str, Any]]) -> None:
        super().__init__(seed)
        self.public_view = public_view  # the opponent's view; only its public fields are read (the hand is replaced)

    def strategy(self, view: dict[str, Any], moves: list[Move]) -> tuple[list[Move], list[float]]:
        if moves[0]["type"] != "play":
            return super().strategy(view, moves)
        them = 1 - view["viewer"]
        round_, hand, options, unseen = self.round_parts(view, moves)
        rows = sorted(options)
        size = min(view["hand_counts"][them] + (1 if view["committed"][them] else 0), len(unseen))
        public = self.public_view()
        totals = [0.0] * len(rows)
        for _ in range(self.hands):
            cards = self.rng.sample(unseen, size)
            values = greedy_rule.greedy_values({**public, "hand": cards, "my_commit": None, "committed": [False, False]},
                                               [{"type": "play", "card": c} for c in cards])
            best = max(values)
            commits = [card_class(c) for c, v in zip(cards, values) if v >= best - 1e-9]
            theirs = tuple(sorted(card_class(c) for c in cards))
            for k, mine in enumerate(rows):
                totals[k] += sum(round_.pair(mine, c, without(hand, mine), without(theirs, c)) for c in commits) / len(commits)
        best_row = max(range(len(rows)), key=lambda k: totals[k])
        return [options[c] for c in rows], [float(k == best_row) for k in range(len(rows))]


def reader(knows: str, seed: int, state: KnifeFightState, seat: int) -> HardBot:
    """The reader in ``seat`` of ``state``, told what ``knows`` says of the other seat."""
    them = 1 - seat
    if knows == "commit":
        return Seer(seed, peeking(state, seat), lambda: state.commits[them])
    if knows == "hand":
        return Peeker(seed, peeking(state, seat))
    return PolicyReader(seed, lambda: dict(state.view(them)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--knows", choices=("commit", "hand", "policy"), default="policy")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=HELD_OUT)
    args = parser.parse_args()

    def pairing(i: int, state: KnifeFightState, seat: int) -> tuple[Any, Any]:
        return reader(args.knows, i, state, seat), outsiders.make_outsider("knife_fight", "greedy", seed=i + 1)

    duel(args.games, args.seed, pairing, f"told the {args.knows}", "greedy", every=100)


if __name__ == "__main__":
    main()
