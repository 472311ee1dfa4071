"""Small zero-sum games solved by regret matching: the mixed strategies of simultaneous choices.

When both players choose face down at once, any fixed choice can be read and punished; the sound
play is a mixed strategy, the one whose worst case against every reply is best (an equilibrium).
A bot of such a game builds a payoff matrix for the round (its candidate moves in rows, the
opponent's in columns, each cell the row player's value of that pair) and samples its move from
the row strategy ``solve`` returns.

The opponent usually holds only some of the moves it might make, so ``solve`` takes a *Bayesian*
game: several matrices with the same rows, one per opponent hand (its "type", with a weight, the
probability of that hand), the columns of each being the moves that hand allows. The row player does
not know the type; the column player does and keeps one strategy per type. A plain matrix game is
the single type of weight 1.

The solver is regret matching+ (Tammelin 2014) with alternating updates and linearly weighted
averages: no linear program, a few hundred cheap passes over small matrices, and the gap (how much
either side could still gain by changing strategy) is checked as it goes, so it stops once within
``epsilon``. Budgets are iteration counts, never clock time: the same game always gets the same
answer.
"""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

Matrix = Sequence[Sequence[float]]


class Solution(NamedTuple):
    """An approximate equilibrium: ``row`` is the row player's mixed strategy, ``columns[t]`` the
    column player's for type t, ``value`` the row player's expected payoff when both play them,
    ``gap`` the most the two could gain together by best-responding (0 at an exact equilibrium)."""

    row: list[float]
    columns: list[list[float]]
    value: float
    gap: float
    iterations: int


def solve(games: Sequence[tuple[float, Matrix]], iterations: int = 2000, epsilon: float = 1e-3,
          check_every: int = 10) -> Solution:
    """Solve the zero-sum Bayesian game ``games`` (``(weight, matrix)`` per column type, every
    matrix with the same rows, the row player maximizing) to within ``epsilon`` of equilibrium, or
    until ``iterations`` passes. Weights need not sum to 1: they are normalized."""
    rows = len(games[0][1]) if games else 0
    if iterations < 1:
        raise ValueError("The solver needs at least one iteration.")
    if rows == 0 or any(len(m) != rows or not m[0] for _, m in games):
        raise ValueError("Every type needs a matrix with the same number of rows and at least one column.")
    total = sum(w for w, _ in games)
    if total <= 0:
        raise ValueError("The types' weights must sum to more than zero.")
    weights = [w / total for w, _ in games]
    matrices = [[list(r) for r in m] for _, m in games]
    row_regret = [0.0] * rows
    col_regrets = [[0.0] * len(m[0]) for m in matrices]
    row_sum = [0.0] * rows
    col_sums = [[0.0] * len(m[0]) for m in matrices]
    done = 0
    gap = float("inf")
    for done in range(1, iterations + 1):
        # the row player first, against the columns' current strategies
        cols = [_matched(r) for r in col_regrets]
        utility = [0.0] * rows
        for w, m, y in zip(weights, matrices, cols):
            for i, line in enumerate(m):
                utility[i] += w * sum(a * b for a, b in zip(line, y))
        x = _matched(row_regret)
        expected = sum(a * b for a, b in zip(x, utility))
        row_regret = [max(0.0, r + u - expected) for r, u in zip(row_regret, utility)]
        x = _matched(row_regret)
        for i in range(rows):
            row_sum[i] += done * x[i]
        # then each column type, against the row's updated strategy (alternating updates)
        for t, m in enumerate(matrices):
            loss = [sum(x[i] * m[i][j] for i in range(rows)) for j in range(len(m[0]))]
            y = cols[t]
            expected = sum(a * b for a, b in zip(y, loss))
            col_regrets[t] = [max(0.0, r + expected - lo) for r, lo in zip(col_regrets[t], loss)]
            y = _matched(col_regrets[t])
            sums = col_sums[t]
            for j in range(len(y)):
                sums[j] += done * y[j]
        if done % check_every == 0 or done == iterations:
            gap = _gap(weights, matrices, _normal(row_sum), [_normal(s) for s in col_sums])
            if gap <= epsilon:
                break
    row = _normal(row_sum)
    columns = [_normal(s) for s in col_sums]
    value = sum(w * sum(row[i] * m[i][j] * y[j] for i in range(rows) for j in range(len(y)))
                for w, m, y in zip(weights, matrices, columns))
    return Solution(row, columns, value, gap, done)


def guarantee(games: Sequence[tuple[float, Matrix]], row: Sequence[float]) -> float:
    """What the row strategy ``row`` secures whatever each column type replies: the weighted sum of
    each type's best reply (its column with the least row payoff)."""
    total = sum(w for w, _ in games)
    return sum(w / total * min(sum(row[i] * m[i][j] for i in range(len(row))) for j in range(len(m[0])))
               for w, m in games)


def exploitability(games: Sequence[tuple[float, Matrix]], row: Sequence[float], value: float) -> float:
    """How much an opponent who knows ``row`` gains over the game's ``value`` (from ``solve``) by
    best-responding to it: 0 for an equilibrium strategy, more the easier it is to read."""
    return max(0.0, value - guarantee(games, row))


def sample(strategy: Sequence[float], rng: random.Random) -> int:
    """An index drawn from the mixed ``strategy`` with ``rng`` (seeded by the caller: same seed,
    same draw)."""
    point = rng.random() * sum(strategy)
    for i, p in enumerate(strategy):
        point -= p
        if point < 0:
            return i
    return max(i for i, p in enumerate(strategy) if p > 0)  # rounding left the point past the end


def _matched(regret: list[float]) -> list[float]:
    """Regret matching: play each action in proportion to its positive regret (uniform if none)."""
    total = sum(regret)
    if total <= 0:
        return [1.0 / len(regret)] * len(regret)
    return [r / total for r in regret]


def _normal(weights: list[float]) -> list[float]:
    total = sum(weights)
    if total <= 0:
        return [1.0 / len(weights)] * len(weights)
    return [w / total for w in weights]


def _gap(weights: list[float], matrices: list[list[list[float]]], row: list[float],
         columns: list[list[float]]) -> float:
    """The row's best reply to the columns less what the row strategy guarantees against each
    type's best reply: 0 exactly at an equilibrium."""
    rows = len(row)
    best_row = max(sum(w * sum(m[i][j] * y[j] for j in range(len(y))) for w, m, y in zip(weights, matrices, columns))
                   for i in range(rows))
    secured = sum(w * min(sum(row[i] * m[i][j] for i in range(rows)) for j in range(len(m[0])))
                  for w, m in zip(weights, matrices))
    return best_row - secured
