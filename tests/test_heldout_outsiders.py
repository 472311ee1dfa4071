"""The held-out outsiders (``scripts/heldout_outsiders``, issue 28): every card game with computer levels has
both kinds, they play whole games with legal moves only, a seed replays a game move for move, and the
worlds the Monte Carlo player samples show its seat exactly what it saw."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pygame_core import all_games, get_game
from pygame_core.cards import new_rng

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scripts" / "heldout_outsiders"
# the two-seat games a level plays against a person: those with levels and no seat the engine plays
GAMES = [g.info.id for g in all_games() if g.info.levels and not g.info.engine_seats]
FEW = 6  # playouts per decision: the tests check the rules of play, not strength


def load_package() -> ModuleType:
    spec = importlib.util.spec_from_file_location("heldout_outsiders", PACKAGE / "__init__.py",
                                                  submodule_search_locations=[str(PACKAGE)])
    assert spec is not None and spec.loader is not None
    module = sys.modules.get("heldout_outsiders") or importlib.util.module_from_spec(spec)
    if "heldout_outsiders" not in sys.modules:
        sys.modules["heldout_outsiders"] = module
        spec.loader.exec_module(module)
    return module


outsiders = load_package()


def play(game_id: str, kinds: tuple[str, str], seeds: tuple[int, int], game_seed: int) -> dict[str, Any]:
    """A whole game between two outsiders, every move checked against the legal moves; its record."""
    bots = [outsiders.make_outsider(game_id, kind, seed, playouts=FEW) for kind, seed in zip(kinds, seeds)]
    state = get_game(game_id).new_game(seed=game_seed)
    while not state.is_over():
        p = state.to_act()[0]
        legal = state.legal_moves(p)
        move = bots[p].choose(state.view(p), legal)
        assert move in legal, f"{kinds[p]} chose {move!r}, not a legal move"
        state.play(p, move)
    record: dict[str, Any] = state.record()
    return record


def test_the_set_covers_every_game_with_levels() -> None:
    assert list(outsiders.games()) == sorted(GAMES)
    assert outsiders.KINDS == ("greedy", "montecarlo")


def test_unknown_games_and_kinds_are_refused() -> None:
    with pytest.raises(KeyError, match="No held-out outsider"):
        outsiders.make_outsider("no such game", "greedy", 1)
    with pytest.raises(ValueError, match="Unknown outsider kind"):
        outsiders.make_outsider(GAMES[0], "oracle", 1)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kinds", [("greedy", "montecarlo"), ("montecarlo", "greedy")])
def test_outsiders_play_whole_games_with_legal_moves_and_a_seed_replays_them(game_id: str,
                                                                            kinds: tuple[str, str]) -> None:
    records = [play(game_id, kinds, (11, 12), game_seed) for game_seed in (1, 2)]
    assert play(game_id, kinds, (11, 12), 1) == records[0]
    assert records[0]["moves"] != records[1]["moves"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sampled_world_shows_the_player_what_it_saw(game_id: str) -> None:
    """The world a decision is searched in agrees with the view: the same legal moves, and the same view
    wherever it has the same seats due (a rival's face-down commitment is taken back into their hand, so
    there the rival is due again)."""
    rules = outsiders.load_rules(game_id)
    rng = new_rng(5)
    compared = 0
    for game_seed in range(6):
        state = get_game(game_id).new_game(seed=game_seed)
        while not state.is_over():
            p = state.to_act()[0]
            view = state.view(p)
            world = rules.world(view, rng)
            assert world.legal_moves(p) == state.legal_moves(p)
            if world.to_act() == state.to_act():
                assert world.view(p) == view
                compared += 1
            legal = state.legal_moves(p)
            state.play(p, legal[int(rng.random() * len(legal))])
    assert compared > 0
