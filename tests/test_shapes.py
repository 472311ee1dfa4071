"""The declared shapes are the truth: random games of every game, played through the real bridge, send
the page nothing the shapes do not declare (issue 24).

Each game names its shapes once (``engine.Shapes``: TypedDicts for its view, events, moves, a move's
preview and its ``GameInfo.constants``) and the page's JSDoc types are written from them
(``scripts/js_shapes.py``), so a value that strays from them would be a lie the type checker cannot see.
Every ``view`` answer (for every seat and the spectator), every ``legal`` answer, every ``play`` and
``auto`` answer and every event list as each seat receives it is held to them with ``shape_check``:
an undeclared key, a missing required key or a wrong primitive fails.
"""

from __future__ import annotations

import doctest
import json
from typing import Any, Literal, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shape_check
from bridge_calls import ok
from playthrough import viewers
from pygame_core import all_games, get_game
from pygame_core.bridge import Bridge, LegalAnswer, MoveAnswer, PlayAnswer, ViewAnswer
from pygame_core.engine import AnyState, Shapes, State

GAME_IDS: list[str] = [game.info.id for game in all_games()]
MAX_STEPS = 400  # a run stops here even if the game is not over
EXAMPLES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fits(value: Any, shape: Any, what: str) -> None:
    found = shape_check.mismatches(value, shape)
    assert not found, f"{what} strays from its declared shape {shape_check.name(shape)}:\n" + "\n".join(found[:12])


def test_the_checker_works_as_its_examples_say() -> None:
    assert doctest.testmod(shape_check).failed == 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_names_its_shapes_once_as_its_type_arguments(game_id: str) -> None:
    """``shapes`` (for the run time) and ``State[View, Event, Move, Preview]`` (for mypy) name the same."""
    state_class = get_game(game_id).state_class
    shapes = state_class.shapes
    assert isinstance(shapes, Shapes)
    base = next(b for b in state_class.__orig_bases__ if get_origin(b) is State)
    view, event, move, preview = get_args(base)
    assert (shapes.view, shapes.event, shapes.move) == (view, event, move)
    assert shapes.preview is (None if preview is type(None) else preview)
    assert shape_check.is_typeddict(shapes.view), f"{shapes.view} is not a TypedDict"
    for kind in (shapes.event, shapes.move):  # a union of TypedDicts keyed by a "type" Literal
        for member in get_args(kind) or [kind]:
            assert shape_check.is_typeddict(member), f"{member} is not a TypedDict"
            assert get_origin(shape_check.fields(member)["type"][0]) is Literal


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_constants_have_their_declared_shape(game_id: str) -> None:
    info = ok(Bridge(), {"op": "games"})["games"][GAME_IDS.index(game_id)]
    declared = get_game(game_id).state_class.shapes.constants
    if declared is None:
        assert info["constants"] == {}
    else:
        fits(info["constants"], declared, f"{game_id}'s GameInfo.constants")


@st.composite
def runs(draw: st.DrawFn, game_id: str) -> tuple[int, dict[str, str], list[int]]:
    info = get_game(game_id).info
    seed = draw(st.integers(0, 2**32))
    options = draw(st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in info.options}))
    return seed, options, draw(st.lists(st.integers(0, 2**20), max_size=60))


def check_position(bridge: Bridge, session: str, state: AnyState) -> None:
    """Every seat's and the spectator's ``view`` answer, and every seat's ``legal`` answer."""
    shapes = state.shapes
    for viewer in viewers(state):
        fits(ok(bridge, {"op": "view", "session": session, "player": viewer}), ViewAnswer[shapes.view],
             f"the view answer for {viewer}")
    for player in range(state.info.players):
        legal = ok(bridge, {"op": "legal", "session": session, "player": player})
        fits(legal, LegalAnswer[shapes.move, shapes.preview], f"the legal answer for {player}")


def check_events(state: AnyState, player: int, move: Any) -> None:
    """The move's full events, and as each seat and the spectator receive them (on a clone)."""
    twin = state.clone()
    events = twin.play(player, json.loads(json.dumps(move)))
    fits(events, list[state.shapes.event], "the full events")
    for viewer in viewers(state):
        fits(json.loads(json.dumps(twin.redact_events(events, viewer))), list[state.shapes.event],
             f"the events for {viewer}")


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(data=st.data())
def test_everything_the_bridge_sends_has_its_declared_shape(game_id: str, data: st.DataObject) -> None:
    seed, options, choices = data.draw(runs(game_id))
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": game_id, "seed": seed, "options": options})["session"]
    for step in range(MAX_STEPS):
        state = bridge.sessions[session]
        over = state.is_over()
        if step <= 24 or step % 4 == 0 or over:  # long games (52 moves and more) stay affordable
            check_position(bridge, session, state)
        if over:
            return
        choice = choices[step] if step < len(choices) else 0
        to_act = state.to_act()
        player = to_act[choice % len(to_act)]
        if player in state.info.engine_seats:
            check_events(state, player, state.auto_move(player))
            answer = ok(bridge, {"op": "auto", "session": session, "player": player})
            fits(answer, MoveAnswer[state.shapes.event], "the auto answer")
        else:
            moves = state.legal_moves(player)
            move = moves[(choice // len(to_act)) % len(moves)]
            check_events(state, player, move)
            answer = ok(bridge, {"op": "play", "session": session, "player": player, "move": move})
            fits(answer, PlayAnswer[state.shapes.event], "the play answer")
