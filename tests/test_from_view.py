"""``State.from_view``: the one way a game's bots and hints sample a world from a seat's view (hypothesis).

For every game that overrides it, at random positions of random games, for the seat due: the sampled
world shows that seat the same view, the same seats due and the same legal moves; it keeps the game's
card invariants (every card of the deck exactly once, each hidden place holding as many cards as the
real one); and it is built from the view alone: a twin position whose unseen cards were redealt
(``tests/<id>/redealer.py``, the no-leak property's redealer) shows the seat the same view and, with
the same random draws, gives the very same world.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playthrough import canon, flatten, map_cards, move_mapper, play_out, redealer
from pygame_core import State, all_games, get_game
from pygame_core.bots import LEVELS, make_bot
from pygame_core.bots.ismcts import SearchBot

SAMPLING: list[str] = [game.info.id for game in all_games() if "from_view" in vars(game.state_class)]
EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def invariants(game_id: str) -> Callable[[State, State], None]:
    """``tests/<game_id>/sampled_world.py``'s ``check(world, real)``: the game's card invariants."""
    check: Callable[[State, State], None] = importlib.import_module(f"{game_id}.sampled_world").check
    return check


def world_of(state: State, p: int, seed: int) -> State:
    return type(state).from_view(state.view(p), random.Random(seed))


def whole(world: State) -> str:
    """Everything a sampled world holds that play can read: every seat's view, who is due, the moves."""
    seats = range(world.info.players)
    return canon({"views": [world.view(q) for q in seats], "to_act": world.to_act(),
                  "legal": [world.legal_moves(q) for q in seats], "moves": world.moves})


@st.composite
def positions(draw: st.DrawFn, game_id: str) -> tuple[State, int, list[tuple[int, Any]], int, dict[str, str]]:
    """A random position of a random game with a seat due, the moves that led there, seed and options."""
    game = get_game(game_id)
    seed = draw(st.integers(0, 2**32))
    options = draw(st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in game.info.options}))
    choices = draw(st.lists(st.integers(0, 2**20), max_size=60))
    cut = draw(st.integers(0, 60))
    played: list[tuple[int, Any]] = []
    state = game.new_game(seed=seed, options=options)
    for state, p, move in play_out(game_id, seed, options, choices):
        if len(played) == cut:
            break
        played.append((p, move))
        state.play(p, move)
    if state.is_over():  # the last move ended it: step back to the position before it
        state = game.new_game(seed=seed, options=options)
        played = played[:-1]
        for q, move in played:
            state.play(q, move)
    due = state.to_act()
    return state, due[draw(st.integers(0, len(due) - 1))], played, seed, options


@pytest.mark.parametrize("game_id", sorted(LEVELS))
def test_every_game_whose_bots_search_owns_from_view(game_id: str) -> None:
    """A searching bot samples worlds, and only through its game's ``from_view``; the game states its invariants."""
    searches = any(isinstance(make_bot(game_id, level), SearchBot) for level in LEVELS[game_id])
    assert searches == (game_id in SAMPLING)
    if searches:
        assert callable(invariants(game_id)), f"tests/{game_id}/sampled_world.py needs a check(world, real)"


@pytest.mark.parametrize("game_id", SAMPLING)
@EXAMPLES
@given(data=st.data(), draw_seed=st.integers(0, 2**32))
def test_a_sampled_world_shows_the_seat_its_own_view_and_keeps_the_cards(
        game_id: str, data: st.DataObject, draw_seed: int) -> None:
    state, p, _, _, _ = data.draw(positions(game_id))
    world = world_of(state, p, draw_seed)
    assert canon(world.view(p)) == canon(state.view(p))
    assert world.to_act() == state.to_act() and canon(world.legal_moves(p)) == canon(state.legal_moves(p))
    invariants(game_id)(world, state)
    assert canon(state.view(p)) == canon(world_of(state, p, draw_seed).view(p)), "sampling changed the state"


@pytest.mark.parametrize("game_id", SAMPLING)
@EXAMPLES
@given(data=st.data(), draw_seed=st.integers(0, 2**32), redeal_seed=st.integers(0, 2**32))
def test_a_sampled_world_depends_on_the_view_alone(
        game_id: str, data: st.DataObject, draw_seed: int, redeal_seed: int) -> None:
    """Two positions that differ only in what the seat cannot see give the same world for the same draws."""
    state, p, played, seed, options = data.draw(positions(game_id))
    redeal = redealer(game_id)
    assert redeal is not None
    game = get_game(game_id)
    old_deal = state.record()["deal"]
    new_deal = redeal(state, p, random.Random(redeal_seed))
    map_move = move_mapper(game_id)
    mapping = dict(zip(flatten(old_deal), flatten(new_deal)))
    twin = game.new_game(seed=seed, options=options, deal=new_deal)
    for q, move in played:
        twin.play(q, map_cards(move, mapping) if map_move is None else map_move(move, old_deal, new_deal))
    assert canon(twin.view(p)) == canon(state.view(p))
    assert whole(world_of(twin, p, draw_seed)) == whole(world_of(state, p, draw_seed))
