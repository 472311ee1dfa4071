"""The reference players of ``scripts/outsiders`` (issue 28): written from the rules, deciding from a
view and its legal moves only, deterministic, and measured by the same ``simulate`` as the levels.

Small playout budgets keep this file quick; the strength numbers come from the CLI (the lead's
measurements), never from a test.
"""

from __future__ import annotations

import io
import json
import random
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from pygame_core import all_games, get_game
from pygame_core.__main__ import main as core_main

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "scripts" / "outsiders"
if str(SET.parent) not in sys.path:
    sys.path.insert(0, str(SET.parent))

import outsiders  # noqa: E402
from outsiders.__main__ import main as outsiders_main  # noqa: E402
from outsiders.__main__ import measure  # noqa: E402

WITH_LEVELS = [g.info.id for g in all_games() if g.info.levels and not g.info.engine_seats]
PLAYOUTS = 12  # per decision: enough to exercise every path, cheap enough for a quick test


def positions(game_id: str, seed: int, every: int = 1) -> list[tuple[Any, int]]:
    """States along one game of random legal moves (a copy at every ``every``-th decision), each with the
    seat due: the situations a player meets (face-down steps, follow-ups, splits) as they come."""
    state = get_game(game_id).new_game(seed=seed)
    rng = random.Random(seed)
    found = []
    n = 0
    while not state.is_over():
        p = state.to_act()[0]
        if n % every == 0:
            found.append((state.clone(), p))
        n += 1
        state.play(p, rng.choice(state.legal_moves(p)))
    return found


def test_the_set_plays_every_two_seat_game_with_levels() -> None:
    assert outsiders.games() == WITH_LEVELS
    assert outsiders.KINDS == ("greedy", "montecarlo")


@pytest.mark.parametrize("game_id", WITH_LEVELS)
def test_every_outsider_plays_whole_games_with_legal_moves_only(game_id: str) -> None:
    for seed in (1, 2):
        state = get_game(game_id).new_game(seed=seed)
        greedy = outsiders.make_outsider(game_id, "greedy", seed)
        montecarlo = outsiders.make_outsider(game_id, "montecarlo", seed, playouts=PLAYOUTS)
        bots = [greedy, montecarlo] if seed % 2 else [montecarlo, greedy]
        while not state.is_over():
            p = state.to_act()[0]
            view, legal = state.view(p), state.legal_moves(p)
            move = bots[p].choose(view, legal)
            assert move in legal
            state.play(p, move)
        assert state.outcome() is not None


@pytest.mark.parametrize("game_id", WITH_LEVELS)
def test_same_seed_and_view_give_the_same_move(game_id: str) -> None:
    for state, p in positions(game_id, 3, every=5)[:6]:
        view, legal = state.view(p), state.legal_moves(p)
        for kind in outsiders.KINDS:
            first = outsiders.make_outsider(game_id, kind, 11, playouts=PLAYOUTS)
            again = outsiders.make_outsider(game_id, kind, 11, playouts=PLAYOUTS)
            move = first.choose(view, legal)
            assert move in legal
            assert again.choose(view, legal) == move
            assert first.choose(view, legal) == move, "a decision does not depend on the ones before it"


@pytest.mark.parametrize("game_id", WITH_LEVELS)
def test_a_sampled_world_is_the_view_again(game_id: str) -> None:
    """The worlds Monte Carlo searches show the player exactly its view (with the same seat due and the
    same legal moves), whatever the unseen cards were dealt as: every step of a few random games."""
    rules = outsiders.rules_module(game_id)
    assert rules is not None
    for seed in range(4, 10):
        for n, (state, p) in enumerate(positions(game_id, seed)):
            view = state.view(p)
            world = rules.sample(view, random.Random(seed * 1000 + n))
            assert world.view(p) == view
            assert world.to_act() == state.to_act()
            assert world.legal_moves(p) == state.legal_moves(p)


@pytest.mark.parametrize("game_id", WITH_LEVELS[:1])
def test_a_deadline_only_cuts_a_decision_short(game_id: str) -> None:
    state, p = positions(game_id, 5)[0]
    bot = outsiders.make_outsider(game_id, "montecarlo", 1, playouts=10_000, seconds=0.0)
    assert bot.choose(state.view(p), state.legal_moves(p)) in state.legal_moves(p)


def test_unknown_kinds_and_games_are_refused() -> None:
    game_id = WITH_LEVELS[0]
    with pytest.raises(ValueError, match="Unknown outsider"):
        outsiders.make_outsider(game_id, "oracle", 1)
    without = next(g.info.id for g in all_games() if g.info.id not in WITH_LEVELS)
    with pytest.raises(ValueError, match="No reference players"):
        outsiders.make_outsider(without, "greedy", 1)


def test_a_match_reports_shares_with_intervals_and_think_times() -> None:
    game_id = WITH_LEVELS[0]
    level = get_game(game_id).info.level_ids[0]
    report = measure(game_id, level, "montecarlo", 4, 9, playouts=PLAYOUTS)
    assert report["wins_a"] + report["wins_b"] + report["draws"] == 4
    share = report["decided_a"]
    assert share["rate_95"][0] <= share["rate"] <= share["rate_95"][1]
    for side in ("think_a", "think_b"):
        think = report[side]
        assert think["decisions"] > 0
        assert 0 <= think["p50_ms"] <= think["p95_ms"] <= think["max_ms"]


def test_the_cli_prints_the_share_and_both_think_times() -> None:
    game_id = WITH_LEVELS[0]
    out = io.StringIO()
    with redirect_stdout(out):
        outsiders_main([game_id, "--a", "greedy", "--b", "montecarlo", "--games", "2", "--playouts", str(PLAYOUTS),
                        "--quiet"])
    text = out.getvalue()
    assert "A's share of decided games" in text and "%" in text
    assert "A (greedy) thinks" in text and "B (montecarlo) thinks" in text and "p95" in text
    out = io.StringIO()
    with redirect_stdout(out):
        outsiders_main([game_id, "--a", "greedy", "--b", "greedy", "--games", "2", "--json"])
    report = json.loads(out.getvalue())
    assert report["think_a"]["decisions"] > 0 and report["think_b"]["decisions"] > 0


def test_simulate_prints_think_times_for_the_levels() -> None:
    game_id = WITH_LEVELS[0]
    level = get_game(game_id).info.level_ids[0]
    out = io.StringIO()
    with redirect_stdout(out):
        core_main(["simulate", game_id, "--games", "2", "--a", level, "--b", level])
    assert f"A ({level}) thinks" in out.getvalue() and f"B ({level}) thinks" in out.getvalue()


def test_another_set_loads_from_its_folder(tmp_path: Path) -> None:
    game_id = WITH_LEVELS[0]
    other = outsiders.load_set(str(SET))
    assert other is not outsiders and other.KINDS == outsiders.KINDS
    out = io.StringIO()
    with redirect_stdout(out):
        outsiders_main([game_id, "--a", "greedy", "--b", "montecarlo", "--games", "2", "--playouts", str(PLAYOUTS),
                        "--set", str(SET), "--json"])
    assert json.loads(out.getvalue())["set"] == other.__file__
    (tmp_path / "__init__.py").write_text("KINDS = ('greedy',)\n")
    with pytest.raises(ValueError, match="make_outsider"):
        outsiders.load_set(str(tmp_path))
