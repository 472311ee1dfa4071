"""The "hard" grow21 bot: harvest now, and leave the opponent as few 21s as possible.

Every legal move is tried on a copy of the visible board (the tops of the stacks). A move that
makes a 21 is worth its 10 points; then the bot asks how likely the opponent's next card (unseen,
so any rank, equally likely) is to complete one of *their* groups, by placing it next to them or
changing one of their cards, and how likely its own following card is to complete one of its own.
Both are counted from each group's sum and whether it holds an ace, so a decision is a few
thousand arithmetic steps rather than a search.
"""

from __future__ import annotations

from typing import Any, Callable

from .common import Bot, RandomBot
from ..cards import RANKS, new_rng, pick
from ..games.grow21 import (NEIGHBOURS, REMOVAL_POINTS, Cell, colour_of, components, connected, is_face,
                            is_stable, low_value)

Move = dict[str, Any]
Tops = dict[Cell, str]
THREAT_WEIGHT = 1.0  # points the opponent expects from their next card, per point
CHANCE_WEIGHT = 0.4  # our own next chance counts less: the opponent moves in between
RANK_VALUES = [(1 if r == "A" else 10 if r in "JQK" else int(r), r in "JQK") for r in RANKS]


def group_of(tops: Tops, cell: Cell) -> set[Cell]:
    return connected(cell, lambda c: c in tops and colour_of(tops[c]) == colour_of(tops[cell]))


def completes(total: int, has_ace: bool, value: int) -> bool:
    """Would adding a card of ``value`` (ace = 1) to a group of low sum ``total`` make 21?"""
    low = total + value
    return low == 21 or ((has_ace or value == 1) and low == 11)


def completion_chance(tops: Tops, colour: int) -> float:
    """Probability that a random card of ``colour`` can complete one of that colour's groups."""
    groups = components({c for c, card in tops.items() if colour_of(card) == colour},
                        {c: colour_of(card) for c, card in tops.items()})
    group_id: dict[Cell, int] = {}
    stats = []  # per group: low sum, number of aces
    for k, part in enumerate(groups):
        cards = [tops[c] for c in part]
        stats.append((sum(low_value(c) for c in cards), sum(1 for c in cards if c[:-1] == "A")))
        for c in part:
            group_id[c] = k
    open_cells = {(x + dx, y + dy) for (x, y) in tops for dx, dy in NEIGHBOURS} - set(tops)
    joins = set()  # (low sum, holds an ace) of what a new card would join on each open cell
    for x, y in open_cells:
        ids = {group_id[n] for dx, dy in NEIGHBOURS if (n := (x + dx, y + dy)) in group_id}
        joins.add((sum(stats[i][0] for i in ids), any(stats[i][1] for i in ids)))
    changes = set()  # (top covered, low sum without it, another ace left) for every own card
    for cell, k in group_id.items():
        top = tops[cell]
        total, aces = stats[k]
        changes.add((top, total - low_value(top), aces - (top[:-1] == "A") > 0))
    hits = 0
    for value, face in RANK_VALUES:
        if any(completes(total, ace, value) for total, ace in joins) or (not face and any(
                (is_face(top) or abs(low_value(top) - value) <= 1) and completes(rest, ace, value)
                for top, rest, ace in changes)):
            hits += 1
    return hits / len(RANK_VALUES)


def apply_move(tops: Tops, card: str, cell: Cell) -> tuple[int, list[Tops]]:
    """Points scored and the possible boards after putting ``card`` at ``cell`` (GROW-5/6)."""
    after = dict(tops)
    after[cell] = card
    group = group_of(after, cell)
    if not is_stable([after[c] for c in group]):
        return 0, [after]
    for c in group:
        del after[c]
    parts = components(set(after))
    if len(parts) <= 1:
        return REMOVAL_POINTS, [after]
    biggest = max(len(p) for p in parts)
    return REMOVAL_POINTS, [{c: after[c] for c in part} for part in parts if len(part) == biggest]


class Grow21Bot:
    """Decides from ``view(p)`` and the legal moves only."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def evaluate(self, tops: Tops, me: int) -> float:
        return (CHANCE_WEIGHT * REMOVAL_POINTS * completion_chance(tops, me)
                - THREAT_WEIGHT * REMOVAL_POINTS * completion_chance(tops, 1 - me))

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        me = view["viewer"]
        tops: Tops = {(c["at"][0], c["at"][1]): c["top"] for c in view["board"]}
        scored = []
        for move in moves:
            cell = (move["at"][0], move["at"][1])
            if move["type"] == "keep":
                part = next(p for p in view["split"] if list(cell) in p)
                kept = {(x, y): tops[(x, y)] for x, y in part}
                scored.append((self.evaluate(kept, me), move))
                continue
            points, boards = apply_move(tops, view["current"], cell)
            scored.append((points + max(self.evaluate(b, me) for b in boards), move))
        best = max(score for score, _ in scored)
        return pick([m for score, m in scored if score >= best - 1e-9], self.rng)


# the levels until this game has its own easy and normal players (issue 12)
LEVELS: dict[str, Callable[[int], Bot]] = {"easy": RandomBot, "normal": Grow21Bot, "hard": Grow21Bot}
