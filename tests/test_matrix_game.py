"""The matrix-game solver finds known equilibria, its strategies are distributions, and its gap and
exploitability measure what they say."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.bots.matrix_game import exploitability, guarantee, sample, solve

ROCK_PAPER_SCISSORS = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]


def test_rock_paper_scissors_is_a_third_each_and_worth_nothing() -> None:
    solution = solve([(1.0, ROCK_PAPER_SCISSORS)], epsilon=1e-4)
    assert solution.gap <= 1e-4
    assert solution.row == pytest.approx([1 / 3] * 3, abs=1e-3)
    assert solution.columns[0] == pytest.approx([1 / 3] * 3, abs=1e-3)
    assert solution.value == pytest.approx(0.0, abs=1e-4)


def test_a_pure_saddle_point_is_found() -> None:
    """Row 1 column 1 is the least of its row and the greatest of its column: both play it."""
    matrix = [[4.0, 1.0, 6.0], [5.0, 3.0, 4.0], [0.0, 2.0, 7.0]]
    solution = solve([(1.0, matrix)], epsilon=1e-4)
    assert solution.row == pytest.approx([0.0, 1.0, 0.0], abs=1e-2)
    assert solution.columns[0] == pytest.approx([0.0, 1.0, 0.0], abs=1e-2)
    assert solution.value == pytest.approx(3.0, abs=1e-2)


def test_uneven_matching_pennies_mixes_two_to_three() -> None:
    """Payoffs 2/-1/-1/1: each side plays its first move with probability 2/5; the game is worth 1/5."""
    solution = solve([(1.0, [[2.0, -1.0], [-1.0, 1.0]])], epsilon=1e-5)
    assert solution.row == pytest.approx([0.4, 0.6], abs=1e-3)
    assert solution.columns[0] == pytest.approx([0.4, 0.6], abs=1e-3)
    assert solution.value == pytest.approx(0.2, abs=1e-4)


def test_a_column_player_who_knows_its_type_plays_each_type_apart() -> None:
    """Two opponent hands, weights 1 and 3: one can only reply "left", the other chooses. Row "up"
    scores 1 against left and -1 against right, "down" the reverse. Row up with p secures
    0.25 * (2p - 1) + 0.75 * min(2p - 1, 1 - 2p), best at p = 1/2 (value 0); the choosing type
    keeps the row indifferent, left with q: 0.25 + 0.75 * (2q - 1) = -0.25 + 0.75 * (1 - 2q), q = 1/3."""
    only_left = [[1.0], [-1.0]]
    either = [[1.0, -1.0], [-1.0, 1.0]]
    solution = solve([(1.0, only_left), (3.0, either)], epsilon=1e-5)
    assert solution.row == pytest.approx([0.5, 0.5], abs=1e-2)
    assert solution.columns[0] == [1.0]
    assert solution.columns[1] == pytest.approx([1 / 3, 2 / 3], abs=1e-2)
    assert solution.value == pytest.approx(0.0, abs=1e-3)


def test_a_fixed_choice_is_exploitable_and_the_equilibrium_is_not() -> None:
    solution = solve([(1.0, ROCK_PAPER_SCISSORS)], epsilon=1e-4)
    games = [(1.0, ROCK_PAPER_SCISSORS)]
    assert exploitability(games, [1.0, 0.0, 0.0], solution.value) == pytest.approx(1.0, abs=1e-3)
    assert exploitability(games, solution.row, solution.value) <= 1e-3
    assert guarantee(games, solution.row) == pytest.approx(0.0, abs=1e-3)


def test_sample_follows_the_strategy_and_the_seed() -> None:
    strategy = [0.2, 0.0, 0.8]
    draws = [sample(strategy, random.Random(seed)) for seed in range(2000)]
    assert 1 not in draws, "a move of probability 0 is never drawn"
    assert draws.count(2) / len(draws) == pytest.approx(0.8, abs=0.03)
    assert [sample(strategy, random.Random(5)) for _ in range(3)] == [sample(strategy, random.Random(5))] * 3


def test_bad_games_are_refused() -> None:
    with pytest.raises(ValueError):
        solve([])
    with pytest.raises(ValueError):
        solve([(1.0, [[1.0, 2.0]]), (1.0, [[1.0], [2.0]])])
    with pytest.raises(ValueError):
        solve([(0.0, [[1.0]])])


payoff = st.floats(min_value=-5, max_value=5, allow_nan=False)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4).flatmap(lambda rows: st.lists(
    st.tuples(st.floats(0.1, 3), st.integers(1, 4).flatmap(
        lambda cols: st.lists(st.lists(payoff, min_size=cols, max_size=cols), min_size=rows, max_size=rows))),
    min_size=1, max_size=3)))
def test_any_small_game_is_solved_to_its_gap(games: list[tuple[float, list[list[float]]]]) -> None:
    """Strategies are distributions; a solution within its gap guarantees the value less the gap,
    and no pure row does better than the value plus the gap against the columns."""
    solution = solve(games, epsilon=1e-3, iterations=3000)
    for strategy in [solution.row, *solution.columns]:
        assert all(p >= 0 for p in strategy) and sum(strategy) == pytest.approx(1.0)
    assert solution.gap <= 1e-3 or solution.iterations == 3000
    assert guarantee(games, solution.row) >= solution.value - solution.gap - 1e-9
