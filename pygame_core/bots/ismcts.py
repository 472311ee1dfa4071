"""Information-set Monte Carlo tree search over the engine protocol: the "hard" computer opponent.

The bot sees only its player's view. Each iteration it asks the game for one *determinization*: a
full position consistent with that view, the unseen cards dealt at random (``determinize``: the
game's ``State.from_view``, the only thing a game supplies). It plays that world to the end through
the ordinary protocol (``to_act``, ``legal_moves``, ``State.advance``, ``outcome``) and learns which
of its moves win.

It keeps one tree per player (multiple-observer ISMCTS, Cowling, Powley and Whitehouse 2012). A
player's tree branches on moves *as that player sees them* (``State.redact_move``), so a face-down
card is one branch to the other player: nobody in the search reads a card it could not see at the
table, and a simultaneous commit is chosen without knowing the other one. Moves are picked by UCB1
with availability counts (a move only exists in the determinizations where it is legal).

The budget is a number of iterations, optionally cut short by a deadline; a given seed and
iteration count always give the same move, so a saved game replays and a bug report reproduces.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, Hashable

from ..cards import new_rng, pick
from ..engine import AnyState, Move

Determinize = Callable[[dict[str, Any], random.Random], AnyState]
# a rollout policy: (the determinized state, the player to move, its legal moves, rng) -> a move
Rollout = Callable[[AnyState, int, list[Move], random.Random], Move]
# how good an unfinished position is for each seat, 0..1 (a playout cut off at ``max_depth``)
Evaluate = Callable[[AnyState], list[float]]


def move_key(move: Move) -> Hashable:
    """A hashable, order-free stand-in for a move (lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in move.items()))


def random_rollout(state: AnyState, p: int, moves: list[Move], rng: random.Random) -> Move:
    return pick(moves, rng)


class Node:
    """A node of one player's tree; ``stats`` hold the edges out of it when that player moves here."""

    __slots__ = ("children", "visits", "wins", "available")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits: dict[Hashable, int] = {}
        self.wins: dict[Hashable, float] = {}
        self.available: dict[Hashable, int] = {}

    def child(self, key: Hashable) -> "Node":
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node


def reward(state: AnyState, players: int) -> list[float]:
    """1 for the winner, 0 for the others; a drawn (or unwon, or unfinished) game gives everyone a half."""
    outcome = state.outcome()
    winner = None if outcome is None else outcome["winner"]
    return [0.5] * players if winner is None else [1.0 if p == winner else 0.0 for p in range(players)]


class SearchBot:
    """ISMCTS decided from ``view`` and the legal moves only.

    ``iterations`` bounds the work; ``seconds`` (optional) stops earlier on a slow machine, which is
    the one thing that can make two runs with the same seed differ. ``rollout`` plays the rest of a
    determinized game once the tree is left (random by default; a game may pass its heuristic).
    A long game may cut playouts off after ``max_depth`` moves and score the position with
    ``evaluate`` instead of playing to the end. ``opponent`` (optional) is a model of how the other
    players choose, used in the tree instead of their own search: a game where the right answer is to
    read a typical player (a face-down guess) passes its heuristic's habits here.
    """

    def __init__(self, determinize: Determinize, seed: int = 0, iterations: int = 400,
                 seconds: float | None = None, rollout: Rollout = random_rollout,
                 exploration: float = 0.7, max_depth: int = 10_000, evaluate: Evaluate | None = None,
                 opponent: Rollout | None = None) -> None:
        self.determinize = determinize
        self.rng = new_rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self.max_depth = max_depth
        self.evaluate = evaluate
        self.opponent = opponent
        self.last_iterations = 0  # how many the last decision ran (the bench and tests read it)
        self.view: dict[str, Any] = {}
        self.legal: dict[Hashable, Move] = {}
        self.roots: list[Node] = []
        self.deadline: float | None = None

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        self.start(view, moves)
        self.think()
        return self.decision()

    def start(self, view: dict[str, Any], moves: list[Move]) -> None:
        """Begin a decision that ``think`` carries out in as many slices as the caller likes (the page
        keeps its worker answering between slices, so leaving the table can stop a search)."""
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        self.view = view
        self.legal = {move_key(m): m for m in moves}
        self.roots = []
        self.last_iterations = 0
        self.deadline = None if self.seconds is None else time.perf_counter() + self.seconds

    def think(self, seconds: float | None = None) -> bool:
        """Search for up to ``seconds`` more (None: to the end of the budget); True once decided.

        The iterations and their random draws do not depend on how the work is sliced, so a sliced
        decision is the same as a whole one (unless ``self.seconds`` cuts it short)."""
        if len(self.legal) == 1:
            return True
        stop = None if seconds is None else time.perf_counter() + seconds
        me = self.view["viewer"]
        first = self.last_iterations
        while self.last_iterations < self.iterations:
            if self.last_iterations > first and (stop is not None or self.deadline is not None):
                now = time.perf_counter()  # every slice makes progress, however short
                if self.deadline is not None and now >= self.deadline:
                    return True
                if stop is not None and now >= stop:
                    return False
            state = self.determinize(self.view, self.rng)
            if not self.roots:
                self.roots = [Node() for _ in range(state.info.players)]
            self.iterate(state, self.roots, me, self.legal)
            self.last_iterations += 1
        return True

    def decision(self) -> Move:
        """The move tried most often at the root (ties: the better record), once ``think`` is done."""
        if len(self.legal) == 1 or not self.roots:
            return next(iter(self.legal.values()))
        root = self.roots[self.view["viewer"]]
        best = max(self.legal, key=lambda k: (root.visits.get(k, 0), root.wins.get(k, 0.0)))
        return self.legal[best]

    def standing(self, move: Move) -> tuple[int, float]:
        """How often ``move`` was tried at the root of the last decision and how much it won there
        (a draw counts a half): the numbers behind a hint's "it won 6 of 10 playouts"."""
        if not self.roots:
            return 0, 0.0
        root = self.roots[self.view["viewer"]]
        key = move_key(move)
        return root.visits.get(key, 0), root.wins.get(key, 0.0)

    def standing_words(self, move: Move) -> str | None:
        """A hint's numbers in words that say what the search did (None: it never tried ``move``)."""
        tried, won = self.standing(move)
        if not tried:
            return None
        return f"it won {round(100 * won / tried)}% of the {tried} games the computer played out from here"

    def iterate(self, state: AnyState, roots: list[Node], me: int, legal: dict[Hashable, Move]) -> None:
        """Select down every player's tree, expand one move, play out, and back the result up."""
        players = len(roots)
        nodes = list(roots)
        path: list[tuple[Node, Hashable, int]] = []  # (node in the mover's tree, edge, mover)
        expanded = False
        depth = 0
        while not state.is_over() and depth < self.max_depth:
            depth += 1
            due = state.to_act()
            p = me if me in due else due[0]  # in a simultaneous step the searcher commits first
            moves = state.legal_moves(p)
            if depth == 1:  # the root: the moves the table offers (a determinization may offer more)
                moves = [m for m in moves if move_key(m) in legal] or moves
            if expanded:
                state.advance(p, self.rollout(state, p, moves, self.rng))
                continue
            if p != me and self.opponent is not None:  # the model decides for the others; their trees just follow
                move = self.opponent(state, p, moves, self.rng)
                key = move_key(move)
            else:
                move, key, expanded = self.select(nodes[p], moves)
                path.append((nodes[p], key, p))
            for q in range(players):
                seen = key if q == p else move_key(state.redact_move(p, move, q))
                nodes[q] = nodes[q].child(seen)
            state.advance(p, move)
        scores = reward(state, players) if self.evaluate is None or state.is_over() else self.evaluate(state)
        for node, key, p in path:
            node.visits[key] = node.visits.get(key, 0) + 1
            node.wins[key] = node.wins.get(key, 0.0) + scores[p]

    def select(self, node: Node, moves: list[Move]) -> tuple[Move, Hashable, bool]:
        """UCB1 over the moves available in this determinization; an untried one is expanded first
        (the third value says so: the rest of the iteration is a rollout)."""
        keys = [move_key(m) for m in moves]
        untried = []
        for key in keys:
            node.available[key] = node.available.get(key, 0) + 1
            if key not in node.visits:
                untried.append(key)
        if untried:
            key = pick(untried, self.rng)
            return moves[keys.index(key)], key, True
        best_score = -math.inf
        best = 0
        for n, key in enumerate(keys):
            visits = node.visits[key]
            score = node.wins[key] / visits + self.exploration * math.sqrt(math.log(node.available[key]) / visits)
            if score > best_score:
                best_score, best = score, n
        return moves[best], keys[best], False
