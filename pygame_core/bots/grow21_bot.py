"""grow21's computer opponents: three levels that harvest 21s and mind the opponent's.

Every card is played face up, so what is left of each deck is public; only its order is hidden
(GROW-1: the next card of the player to move is shown). All three levels read the view only.

* easy: takes a 21 when its card makes one, otherwise builds towards its own next 21 and never
  looks at what its move leaves the opponent (careless, and blind to which cards are left).
* normal: tries every move on a copy of the tops of the stacks: a 21 is worth its 10 points, and
  the position left is scored by the real odds, from the cards still in each deck, that the
  opponent's next card completes one of *their* groups (placed next to them or changing one of
  their cards) and that its own card after that completes one of its own.
* hard: a search (``SearchBot``) over determinizations: the unseen order of each deck dealt at
  random (``determinize``). Among normal's best few moves, each is tried in many sampled worlds, where
  both players then take every 21 their (sampled) cards offer for a few turns (``lookahead``) and
  the position is scored as normal scores it; the endgame is played to the last card, tie-break
  groups included.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from .common import Bot
from .ismcts import SearchBot
from ..cards import new_rng, pick, shuffle
from ..engine import State
from ..games.grow21 import (ACE, COLOUR, DECKS, FACE, LOW, REMOVAL_POINTS, Cell, Grow21State, components,
                            tie_break_points)

Move = dict[str, Any]
Tops = dict[Cell, str]
Kind = tuple[int, bool]  # what decides if a card completes a group: its value (ace 1) and whether it is a face
Odds = dict[Kind, float]  # the chance that the next card is of each kind
THREAT_WEIGHT = 1.0  # points the opponent expects from their next card, per point
CHANCE_WEIGHT = 0.4  # our own next chance counts less: the opponent moves in between
KINDS: list[Kind] = [(v, False) for v in range(1, 11)] + [(10, True)]


def kind(card: str) -> Kind:
    return LOW[card], FACE[card]


def odds_of(cards: list[str]) -> Odds:
    """The chance of each kind for a card drawn at random from ``cards`` (empty: none at all)."""
    odds: Odds = {}
    for card in cards:
        odds[kind(card)] = odds.get(kind(card), 0.0) + 1.0 / len(cards)
    return odds


UNIFORM: Odds = odds_of(DECKS[0])  # every rank as likely as any other: what a careless player assumes


def played_cards(view: dict[str, Any]) -> set[str]:
    """Every card played so far (each is in the public log, on a stack or harvested or discarded)."""
    return {e["card"] for e in view["log"] if e["type"] in ("place", "change")}


def unseen_cards(view: dict[str, Any]) -> list[list[str]]:
    """Per deck, the cards nobody has seen yet: not played, and not the mover's public next card."""
    seen = played_cards(view) | {view["current"]}
    return [[c for c in DECKS[q] if c not in seen] for q in (0, 1)]


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


def position_value(tops: Tops, me: int, theirs: Odds, mine: Odds) -> float:
    """Points ``me`` expects from the next two cards when the opponent plays next: our own next
    chance, less the opponent's threat."""
    gid, stats = group_stats(tops)
    return REMOVAL_POINTS * (CHANCE_WEIGHT * chance(tops, me, mine, gid, stats)
                             - THREAT_WEIGHT * chance(tops, 1 - me, theirs, gid, stats))


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


def view_tops(view: dict[str, Any]) -> Tops:
    return {(c["at"][0], c["at"][1]): c["top"] for c in view["board"]}


def scored_moves(view: dict[str, Any], moves: list[Move], theirs: Odds, mine: Odds,
                 careful: bool = True) -> list[tuple[float, Move]]:
    """Each move with what it scores now plus the value of the position it leaves (the best one, when
    a split is ours to choose). ``careful``: count the opponent's threat too."""
    me = view["viewer"]
    tops = view_tops(view)
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


class EasyBot:
    """Careless: grabs a 21 and builds towards its own next one, as if every rank were equally
    likely, and never asks what its move leaves the opponent."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        if len(moves) == 1:
            return moves[0]
        return best(scored_moves(view, moves, UNIFORM, UNIFORM, careful=False), self.rng)


class NormalBot:
    """One move deep: harvest now, leave the opponent as few 21s as the cards left allow."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        if len(moves) == 1:
            return moves[0]
        theirs, mine = next_odds(view)
        return best(scored_moves(view, moves, theirs, mine), self.rng)


# --- the hard level: a search over determinizations -----------------------------------------

def determinize(view: dict[str, Any], rng: random.Random) -> Grow21State:
    """The game as ``view`` shows it, each deck's unseen cards in a random order under the mover's
    public next card (GROW-1); everything else (the board, scores, log, a pending split) is public."""
    unseen = unseen_cards(view)
    state = Grow21State.__new__(Grow21State)
    State.__init__(state, 0, {}, None)
    state.decks = [shuffle(cards, rng) for cards in unseen]
    if view["current"] is not None:
        state.decks[view["mover"]].insert(0, view["current"])
    state.board = {(c["at"][0], c["at"][1]): list(c["stack"]) for c in view["board"]}
    state.open = None
    state.scores = list(view["scores"])
    state.mover = view["mover"]
    state.pending_parts = [{(x, y) for x, y in part} for part in view["split"]]
    state.last = None if view["last"] is None else dict(view["last"])  # the engine replaces its lists, never edits them
    state.log = list(view["log"])  # logged events are never changed, only appended to
    state._outcome = None
    return state


def state_tops(state: Grow21State) -> Tops:
    return {cell: stack[-1] for cell, stack in state.board.items()}


def harvests(state: Grow21State, p: int) -> list[Move]:
    """The moves with which ``p``'s next card makes a 21: placed next to its groups, or changing one
    of its cards (GROW-2/3); a lone card never does. Only that colour's groups are worked out."""
    card = state.decks[p][0]
    colour, value, ace = COLOUR[card], LOW[card], ACE[card]
    tops = {cell: stack[-1] for cell, stack in state.board.items() if COLOUR[stack[-1]] == colour}
    gid, stats = group_stats(tops)
    board = state.board
    found: list[Move] = []
    tried: set[Cell] = set()
    for cell, k in gid.items():
        x, y = cell
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in board and n not in tried:
                tried.add(n)
                nx, ny = n
                ids = {gid[m] for m in ((nx + 1, ny), (nx - 1, ny), (nx, ny + 1), (nx, ny - 1)) if m in gid}
                low = value + sum(stats[i][1] for i in ids)
                if low == 21 or (low == 11 and (ace or any(stats[i][2] for i in ids))):
                    found.append({"type": "place", "at": [nx, ny]})
        top = tops[cell]
        if not FACE[card] and (FACE[top] or abs(LOW[top] - value) <= 1):
            _, low, aces = stats[k]
            if makes_21(low - LOW[top] + value, aces - ACE[top] + ace):
                found.append({"type": "change", "at": [x, y]})
    return found


def tie_break(state: Grow21State) -> list[int]:
    """GROW-7's points each side's groups would earn now."""
    tops = state_tops(state)
    groups: dict[int, list[str]] = {}
    gid, _ = group_stats(tops)
    for cell, k in gid.items():
        groups.setdefault(k, []).append(tops[cell])
    points = [0, 0]
    for cards in groups.values():
        points[COLOUR[cards[0]]] += tie_break_points(cards)
    return points


ITERATIONS = 240  # the hard level's budget per decision


class HardBot(SearchBot):
    """ISMCTS over determinizations among normal's best few moves; each playout looks ``LOOKAHEAD``
    cards ahead with both players taking every 21 their cards offer, then scores the position."""

    CANDIDATES = 6  # normal's best moves the search weighs
    LOOKAHEAD = 4  # cards played after ours in each sampled world before the position is scored
    SCALE = 12.0  # points of expected lead that make a win about 73% likely

    def __init__(self, seed: int = 0, iterations: int = ITERATIONS) -> None:
        super().__init__(determinize, seed, iterations=iterations, exploration=0.5, max_depth=1,
                         evaluate=self.lookahead)

    def start(self, view: dict[str, Any], moves: list[Move]) -> None:
        """Search only normal's best ``CANDIDATES`` moves: the rest are rarely worth the budget."""
        if len(moves) > self.CANDIDATES:
            theirs, mine = next_odds(view)
            scored = sorted(scored_moves(view, moves, theirs, mine), key=lambda s: -s[0])
            moves = [m for _, m in scored[:self.CANDIDATES]]
        super().start(view, moves)

    def lookahead(self, state: State) -> list[float]:
        """Play on a few cards, each player harvesting whenever it can (else a random move), then
        turn the lead plus normal's value of the position into a 0..1 value per seat."""
        assert isinstance(state, Grow21State)
        for _ in range(self.LOOKAHEAD):
            if state.is_over():
                winner = (state.outcome() or {}).get("winner")
                return [0.5, 0.5] if winner is None else [float(winner == 0), float(winner == 1)]
            p = state.mover
            moves = [] if state.pending_parts else harvests(state, p)
            state.advance(p, pick(moves or state.legal_moves(p), self.rng))
        if state.is_over():
            winner = (state.outcome() or {}).get("winner")
            return [0.5, 0.5] if winner is None else [float(winner == 0), float(winner == 1)]
        p = state.mover
        lead = float(state.scores[p] - state.scores[1 - p])
        tops = state_tops(state)
        gid, stats = group_stats(tops)
        if not state.pending_parts:  # the mover's card is known: does it harvest now?
            card = state.decks[p][0]
            lead += REMOVAL_POINTS * chance(tops, p, {kind(card): 1.0}, gid, stats)
        lead -= REMOVAL_POINTS * THREAT_WEIGHT * chance(tops, 1 - p, odds_of(state.decks[1 - p]), gid, stats)
        v = 1.0 / (1.0 + math.exp(-lead / self.SCALE))
        return [v, 1.0 - v] if p == 0 else [1.0 - v, v]


LEVELS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
