"""grow21's computer opponents: three levels that harvest 21s and mind the opponent's.

Every card is played face up, so what is left of each deck is public; only its order is hidden
(GROW-1: the next card of the player to move is shown). All three levels read the view only.

* easy: takes a 21 when its card makes one, otherwise builds towards its own next 21 and never
  looks at what its move leaves the opponent (careless, and blind to which cards are left).
* normal: tries every move on a copy of the tops of the stacks: a 21 is worth its 10 points, and
  the position left is scored by the real odds, from the cards still in each deck, that the
  opponent's next card completes one of *their* groups (placed next to them or changing one of
  their cards) and that its own card after that completes one of its own; on the game's last card
  it plays to win, near-21 groups included.
* hard: a flat search over determinizations (``SearchBot``'s loop; ``Grow21State.from_view`` deals
  the unseen order of each deck at random). When its card makes a 21 it only weighs the harvests
  (issue 28: it used to decline one in six, and in 12 drawn games any of 24 declined harvests would
  have won); otherwise normal's best few moves. Every sampled world plays out *every* candidate from
  the same random draws (a paired comparison), several cards deep on the tops of the stacks: both
  players take every 21 their cards offer and otherwise build (join their groups where the
  likeliest cards complete them; on their last card, where the tie-break pays most), so a card
  that harvests nothing is worth something and a 21 put off is no longer as good as one taken.
  The position is then scored: points in full, the next mover's harvest if its known card makes
  one, the other player's groups by the real odds that its next card completes one.
  Measured (seeds below 9,000,000, seats swapped every deal, shares of decided games with 95%
  intervals, think time p95 as CPU time on the shared 2-core machine): against normal 71.9%
  [61.8, 80.2] over 100 games (the tree search before: 68.5%); against the reference one-ply
  greedy player (``scripts/outsiders``) 95.0% [86.3, 98.3] over 60; against the reference flat Monte
  Carlo player by budget: 10 worlds 93.3% [84.1, 97.4] (60 games, 16 ms), 40 worlds 93.2%
  [83.8, 97.3] (60 games, 61 ms), 120 worlds 97.5% [87.1, 99.6] (40 games, 183 ms).
  ``WORLDS`` = 40: against that player the curve is flat within its intervals from 10 worlds on,
  and 40 keep the paired differences between candidates steady (half the noise of 10) at a sixth
  of the 400 ms CPython bar; 120 cost three times as much for no difference these runs can show.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Hashable

from .common import Bot, LevelBot
from .ismcts import Node, SearchBot
from ..cards import pick
from ..engine import AnyState
from ..games.grow21 import (ACE, COLOUR, DECKS, FACE, LOW, REMOVAL_POINTS, Cell, Grow21State, components,
                            unseen_cards)

Move = dict[str, Any]
Tops = dict[Cell, str]
Kind = tuple[int, bool]  # what decides if a card completes a group: its value (ace 1) and whether it is a face
Odds = dict[Kind, float]  # the chance that the next card is of each kind
THREAT_WEIGHT = 1.0  # points the opponent expects from their next card, per point
CHANCE_WEIGHT = 0.4  # our own next chance counts less: the opponent moves in between


def kind(card: str) -> Kind:
    return LOW[card], FACE[card]


def odds_of(cards: list[str]) -> Odds:
    """The chance of each kind for a card drawn at random from ``cards`` (empty: none at all)."""
    odds: Odds = {}
    for card in cards:
        odds[kind(card)] = odds.get(kind(card), 0.0) + 1.0 / len(cards)
    return odds


UNIFORM: Odds = odds_of(DECKS[0])  # every rank as likely as any other: what a careless player assumes


def next_odds(view: dict[str, Any]) -> tuple[Odds, Odds]:
    """For the player to move: the odds of the opponent's next card and of its own card after that
    (its deck less the card it is playing now)."""
    me = view["viewer"]
    unseen = unseen_cards(view)
    return odds_of(unseen[1 - me]), odds_of(unseen[me])


# --- the board as the tops of its stacks --------------------------------------------------------

def group_stats(tops: Tops) -> tuple[dict[Cell, int], list[tuple[int, int, int]]]:
    """Each cell's group number, and per group its colour, low sum (aces 1) and number of aces."""
    gid: dict[Cell, int] = {}
    stats: list[tuple[int, int, int]] = []
    for start, top in tops.items():
        if start in gid:
            continue
        colour, k = COLOUR[top], len(stats)
        gid[start] = k
        todo = [start]
        low = aces = 0
        while todo:
            cell = todo.pop()
            card = tops[cell]
            low += LOW[card]
            aces += ACE[card]
            x, y = cell
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n not in gid and n in tops and COLOUR[tops[n]] == colour:
                    gid[n] = k
                    todo.append(n)
        stats.append((colour, low, aces))
    return gid, stats


def makes_21(low: int, aces: int) -> bool:
    """GROW-4 from a group's low sum and its number of aces."""
    return low == 21 or (low == 11 and aces > 0)


def needed(low: int, aces: int) -> list[int]:
    """The values (ace 1) of a card that makes a 21 when it joins cards of this low sum and aces."""
    values = []
    if 1 <= 21 - low <= 10:
        values.append(21 - low)
    if 1 <= 11 - low <= 10 and (aces > 0 or low == 10):  # an ace as 11: one already there, or this card
        values.append(11 - low)
    return values


def joined(cell: Cell, colour: int, gid: dict[Cell, int], stats: list[tuple[int, int, int]]) -> tuple[int, int]:
    """Low sum and aces of the ``colour`` groups a card on the empty ``cell`` would join."""
    x, y = cell
    ids = {gid[n] for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in gid and stats[gid[n]][0] == colour}
    return sum(stats[i][1] for i in ids), sum(stats[i][2] for i in ids)


def completing_kinds(tops: Tops, colour: int, gid: dict[Cell, int], stats: list[tuple[int, int, int]]) -> set[Kind]:
    """The kinds of card of ``colour`` that would make a 21 somewhere on this board: placed next to
    that colour's groups, or changing one of its cards (GROW-2/3). A lone card never makes 21."""
    hits: set[Kind] = set()
    tried: set[Cell] = set()
    for cell, k in gid.items():
        group_colour, low, aces = stats[k]
        if group_colour != colour:
            continue
        x, y = cell
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in tops and n not in tried:
                tried.add(n)
                for value in needed(*joined(n, colour, gid, stats)):
                    hits.add((value, False))
                    if value == 10:
                        hits.add((10, True))
        top = tops[cell]
        for value in needed(low - LOW[top], aces - ACE[top]):
            if FACE[top] or abs(LOW[top] - value) <= 1:
                hits.add((value, False))
    return hits


def chance(tops: Tops, colour: int, odds: Odds, gid: dict[Cell, int], stats: list[tuple[int, int, int]]) -> float:
    """The chance that a card drawn with ``odds`` completes one of ``colour``'s groups."""
    if not odds:
        return 0.0
    return sum(odds.get(k, 0.0) for k in completing_kinds(tops, colour, gid, stats))


def apply_move(tops: Tops, card: str, cell: Cell) -> tuple[int, list[Tops]]:
    """Points scored and the possible boards after putting ``card`` at ``cell`` (GROW-5/6)."""
    after = dict(tops)
    after[cell] = card
    colour = COLOUR[card]
    group = {cell}
    todo = [cell]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in group and n in after and COLOUR[after[n]] == colour:
                group.add(n)
                todo.append(n)
    if not makes_21(sum(LOW[after[c]] for c in group), sum(ACE[after[c]] for c in group)):
        return 0, [after]
    for c in group:
        del after[c]
    parts = components(set(after))
    if len(parts) <= 1:
        return REMOVAL_POINTS, [after]
    biggest = max(len(p) for p in parts)
    return REMOVAL_POINTS, [{c: after[c] for c in part} for part in parts if len(part) == biggest]


def tie_points(low: int, aces: int) -> int:
    """GROW-7's tie-break points of a group from its low sum and aces (each valued for the best result)."""
    near = {low + 10 * k for k in range(aces + 1)}
    return 5 if near & {20, 22} else 2 if near & {19, 23} else 0


def final_points(tops: Tops, scores: list[int]) -> list[int]:
    """GROW-7: the scores, plus the near-21 groups' points when they are level."""
    if scores[0] != scores[1]:
        return scores
    gid, stats = group_stats(tops)
    final = list(scores)
    for colour, low, aces in stats:
        final[colour] += tie_points(low, aces)
    return final


def view_tops(view: dict[str, Any]) -> Tops:
    return {(c["at"][0], c["at"][1]): c["top"] for c in view["board"]}


def scored_moves(view: dict[str, Any], moves: list[Move], theirs: Odds, mine: Odds,
                 careful: bool = True) -> list[tuple[float, Move]]:
    """Each move with what it scores now plus the value of the position it leaves (the best one, when
    a split is ours to choose). ``careful``: count the opponent's threat too, and on the game's last
    card see who wins, near-21 groups included (GROW-7)."""
    me = view["viewer"]
    tops = view_tops(view)
    last = careful and view["decks"][1 - me] == 0 and view["decks"][me] == (1 if view["current"] is not None else 0)
    scored = []
    for move in moves:
        cell = (move["at"][0], move["at"][1])
        if move["type"] == "keep":
            part = next(p for p in view["split"] if list(cell) in p)
            boards = [{(x, y): tops[(x, y)] for x, y in part}]
            points = 0
        else:
            points, boards = apply_move(tops, view["current"], cell)
        values = []
        for board in boards:
            if last:
                scores = [view["scores"][q] + (points if q == me else 0) for q in (0, 1)]
                final = final_points(board, scores)
                values.append(100.0 * ((final[me] > final[1 - me]) - (final[me] < final[1 - me])))
                continue
            gid, stats = group_stats(board)
            value = CHANCE_WEIGHT * REMOVAL_POINTS * chance(board, me, mine, gid, stats)
            if careful:
                value -= THREAT_WEIGHT * REMOVAL_POINTS * chance(board, 1 - me, theirs, gid, stats)
            values.append(value)
        scored.append((points + max(values), move))
    return scored


def best(scored: list[tuple[float, Move]], rng: random.Random) -> Move:
    top = max(score for score, _ in scored)
    return pick([m for score, m in scored if score >= top - 1e-9], rng)


class EasyBot(LevelBot):
    """Careless: grabs a 21 and builds towards its own next one, as if every rank were equally
    likely, and never asks what its move leaves the opponent."""

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        return best(scored_moves(view, moves, UNIFORM, UNIFORM, careful=False), self.rng)


class NormalBot(LevelBot):
    """One move deep: harvest now, leave the opponent as few 21s as the cards left allow."""

    def decide(self, view: dict[str, Any], moves: list[Move]) -> Move:
        theirs, mine = next_odds(view)
        return best(scored_moves(view, moves, theirs, mine), self.rng)


# --- the hard level: a search over sampled worlds (``Grow21State.from_view``) ----------------------

BUILD_WEIGHT = {v: 4 if v == 10 else 1 for v in range(1, 11)}  # ten-valued cards are 4 ranks of 13


def card_options(tops: Tops, card: str, last: bool = False) -> tuple[list[tuple[str, Cell]], list[Cell], list[Cell]]:
    """Where ``card`` makes a 21 on this board (``"place"`` or ``"change"``, cell: next to its colour's
    groups or changing one of its cards, GROW-2/3; a lone card never does); the quiet cells: empty
    ones touching none of its colour, where it leaves that colour's groups as they are (any empty
    cell when there is none such); and the building cells: where it joins its colour's groups
    into one that the likeliest cards complete (a ten-valued card is four ranks in thirteen), or,
    on the player's ``last`` card, into one worth the most tie-break points (GROW-7)."""
    if not tops:
        return [], [(0, 0)], []
    colour, value, ace = COLOUR[card], LOW[card], ACE[card]
    gid: dict[Cell, int] = {}  # group_stats for this colour only, unrolled: the playouts' busiest lines
    lows: list[int] = []
    aces: list[int] = []
    for start, top in tops.items():
        if start in gid or COLOUR[top] != colour:
            continue
        k = len(lows)
        gid[start] = k
        todo = [start]
        low = count = 0
        while todo:
            cell = todo.pop()
            low += LOW[tops[cell]]
            count += ACE[tops[cell]]
            x, y = cell
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n not in gid and n in tops and COLOUR[tops[n]] == colour:
                    gid[n] = k
                    todo.append(n)
        lows.append(low)
        aces.append(count)
    harvests: list[tuple[str, Cell]] = []
    quiet = []
    builds: list[Cell] = []
    best_build = 0
    empty = {n for x, y in tops for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n not in tops}
    for n in sorted(empty):
        x, y = n
        ids = {gid.get((x + 1, y), -1), gid.get((x - 1, y), -1), gid.get((x, y + 1), -1), gid.get((x, y - 1), -1)}
        ids.discard(-1)
        if not ids:
            quiet.append(n)
            continue
        low, count = value, ace
        for i in ids:
            low += lows[i]
            count += aces[i]
        if makes_21(low, count):
            harvests.append(("place", n))
        elif low <= 20 or last:
            w = tie_points(low, count) if last else sum(BUILD_WEIGHT[v] for v in needed(low, count))
            if w > best_build:
                best_build, builds = w, [n]
            elif w == best_build and w:
                builds.append(n)
    if not FACE[card]:
        for cell, k in gid.items():
            top = tops[cell]
            if (FACE[top] or -1 <= LOW[top] - value <= 1) and makes_21(lows[k] - LOW[top] + value, aces[k] - ACE[top] + ace):
                harvests.append(("change", cell))
    return harvests, quiet or sorted(empty), builds


WORLDS = 40  # the hard level's budget per decision: sampled worlds, each playing out every candidate


class HardBot(SearchBot):
    """A flat search over determinizations (``SearchBot``'s sampled worlds, sliced and seeded as
    every search is) among the harvests, or else normal's best few moves. Each sampled world plays
    out *every* candidate with the same random draws, so the moves are compared on the same cards:
    the luck of the deal cancels out of their difference (a paired comparison; one tree walk per
    world would give each move its own worlds, and their noise would drown the differences). A
    playout plays the world's next ``LOOKAHEAD`` cards on the tops of the stacks, both players taking
    every 21 their cards offer and otherwise building, then scores the position (``playout``)."""

    CANDIDATES = 6  # normal's best moves the search weighs
    LOOKAHEAD = 4  # cards played after ours in each sampled world before the position is scored
    SCALE = 12.0  # points of expected lead that make a win about 73% likely

    def __init__(self, seed: int = 0, iterations: int = WORLDS) -> None:
        super().__init__(Grow21State.from_view, seed, iterations=iterations)

    def start(self, view: dict[str, Any], moves: list[Move]) -> None:
        """Search only the harvests when the card makes a 21 somewhere (a card spent on a 21 now is
        ten points that no later card has to earn), else normal's best ``CANDIDATES`` moves: the rest
        are rarely worth the budget."""
        if view["phase"] == "play":
            harvests = card_options(view_tops(view), view["current"])[0]
            moves = [m for m in moves if (m["type"], (m["at"][0], m["at"][1])) in harvests] or moves
        if len(moves) > self.CANDIDATES:
            theirs, mine = next_odds(view)
            scored = sorted(scored_moves(view, moves, theirs, mine), key=lambda s: -s[0])
            moves = [m for _, m in scored[:self.CANDIDATES]]
        super().start(view, moves)

    def iterate(self, state: AnyState, roots: list[Node], me: int, legal: dict[Hashable, Move]) -> None:
        """One sampled world: every candidate played out in it from the same random seed, its value
        (0..1 for ``me``) added to the root's record, so ``decision`` takes the best total."""
        assert isinstance(state, Grow21State)
        root = roots[me]
        tops = {cell: stack[-1] for cell, stack in state.board.items()}
        seed = self.rng.getrandbits(32)
        for key, move in legal.items():
            cell = (move["at"][0], move["at"][1])
            drawn = [0, 0]
            if move["type"] == "keep":
                points, boards = 0, [{c: tops[c] for c in next(p for p in state.pending_parts if cell in p)}]
            else:
                points, boards = apply_move(tops, state.decks[me][0], cell)
                drawn[me] = 1
            scores = list(state.scores)
            scores[me] += points
            # a harvest that splits the board in equal parts lets the mover keep the best one (GROW-6)
            value = max(self.playout(board, scores, state.decks, drawn, 1 - me, random.Random(seed))[me]
                        for board in boards)
            root.visits[key] = root.visits.get(key, 0) + 1
            root.wins[key] = root.wins.get(key, 0.0) + value

    def playout(self, tops: Tops, scores: list[int], decks: list[list[str]], drawn: list[int], p: int,
                rng: random.Random) -> list[float]:
        """Play on ``LOOKAHEAD`` cards (``p`` first; ``drawn``: cards each deck has already given), each
        player harvesting whenever its card can (else building, else a quiet cell), then score the
        position 0..1 per seat: the points scored count in full; of the groups still on the table,
        only the next mover's is a sure harvest (its card is known in this world), the other
        player's count by the chance that its next card completes one, as the real odds of the
        cards it has left give it; a game that ends on the way counts as won, drawn or lost
        (tie-break included, GROW-7)."""
        scores = list(scores)
        drawn = list(drawn)
        for _ in range(self.LOOKAHEAD):
            if drawn[p] == len(decks[p]):
                break
            card = decks[p][drawn[p]]
            drawn[p] += 1
            harvests, quiet, builds = card_options(tops, card, drawn[p] == len(decks[p]))
            if harvests:
                scores[p] += REMOVAL_POINTS
                _, boards = apply_move(tops, card, pick(harvests, rng)[1])
                tops = pick(boards, rng)
            else:
                tops = dict(tops)
                tops[pick(builds or quiet, rng)] = card
            p = 1 - p
        if drawn[p] == len(decks[p]):  # every card is down (GROW-7)
            final = final_points(tops, scores)
            return [0.5, 0.5] if final[0] == final[1] else [float(final[0] > final[1]), float(final[1] > final[0])]
        lead = float(scores[p] - scores[1 - p])
        if card_options(tops, decks[p][drawn[p]])[0]:  # the mover's card is known
            lead += REMOVAL_POINTS
        gid, stats = group_stats(tops)
        lead -= REMOVAL_POINTS * THREAT_WEIGHT * chance(tops, 1 - p, odds_of(decks[1 - p][drawn[1 - p]:]), gid, stats)
        v = 1.0 / (1.0 + math.exp(-lead / self.SCALE))
        return [v, 1.0 - v] if p == 0 else [1.0 - v, v]


LEVELS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
