"""The engine protocol itself (registry, errors, replay) and snapshot semantics of what it returns."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import pygame_core
from pygame_core import IllegalMove, SetupError, State, all_games, get_game, replay
from pygame_core.bots import RandomBot

GAME_IDS: list[str] = [game.info.id for game in all_games()]
BASIC: list[str] = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KH"]


def snapshot(state: State) -> str:
    players = range(state.info.players)
    return json.dumps({"record": state.record(), "views": [state.view(v) for v in [*players, None]],
                       "to_act": state.to_act(), "legal": [state.legal_moves(p) for p in players],
                       "outcome": state.outcome()}, sort_keys=True)


def poison(value: Any) -> None:
    """Mutate every container inside a returned value."""
    if isinstance(value, dict):
        for item in list(value.values()):
            poison(item)
        value["__poison__"] = True
    elif isinstance(value, list):
        for item in list(value):
            poison(item)
        value.append("__poison__")


def finished(game_id: str, seed: int = 3) -> tuple[State, list[list[dict[str, Any]]]]:
    state = get_game(game_id).new_game(seed=seed)
    bot = RandomBot(seed)
    events = []
    while not state.is_over():
        p = state.to_act()[0]
        events.append(state.play(p, bot.choose(state.view(p), state.legal_moves(p))))
    return state, events


# --------------------------------------------------------------------------- registry and errors
def test_registry() -> None:
    assert "grit" in GAME_IDS and GAME_IDS == sorted(GAME_IDS)
    for game_id in GAME_IDS:
        game = get_game(game_id)
        assert game.info.id == game_id
        info = game.info.to_json()
        assert json.loads(json.dumps(info)) == info
        assert info["levels"] and info["players"] >= 1
        for option in game.info.options:
            assert option.default == option.values[0]
        with pytest.raises(dataclasses.FrozenInstanceError):
            game.info.title = "x"  # type: ignore[misc]


@pytest.mark.parametrize("game_id", ["chess", "", "GRIT", None, ["grit"], 1])
def test_unknown_game(game_id: Any) -> None:
    with pytest.raises(KeyError) as info:
        get_game(game_id)
    assert "grit" in str(info.value)


def test_error_types() -> None:
    error = IllegalMove("pile_closed", "You can't.")
    assert isinstance(error, ValueError) and error.code == "pile_closed" and str(error) == "You can't."
    assert error.as_dict() == {"code": "pile_closed", "message": "You can't."}
    setup = SetupError("bad_deal", "No.")
    assert isinstance(setup, ValueError) and setup.code == "bad_deal" and setup.message == "No."
    assert pygame_core.__all__ and all(hasattr(pygame_core, name) for name in pygame_core.__all__)


@pytest.mark.parametrize("record", [None, [], "x", {}, {"game": "grit"}])
def test_replay_rejects_non_records(record: Any) -> None:
    with pytest.raises(SetupError) as info:
        replay(record)
    assert info.value.code == "bad_record" and info.value.message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_round_trips_a_finished_game(game_id: str) -> None:
    state, _ = finished(game_id)
    again = replay(json.loads(json.dumps(state.record())))
    assert snapshot(again) == snapshot(state)


def test_replay_names_the_bad_move() -> None:
    state = get_game("grit").new_game(seed=0, deal=BASIC)
    state.play(0, {"type": "play", "card": "AS", "pile": [0, 0], "marked": False})
    record = state.record()
    record["moves"].append([1, {"type": "play", "card": "AS", "pile": [0, 1], "marked": False}])
    with pytest.raises(SetupError) as info:
        replay(record)
    assert info.value.code == "bad_record" and "move 2" in info.value.message


# --------------------------------------------------------------------------- snapshots, not aliases
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_returned_values_are_snapshots(game_id: str) -> None:
    """A view, an outcome, an event list or a legal move list is the caller's to keep or change."""
    state, events = finished(game_id)
    before = snapshot(state)
    for v in [*range(state.info.players), None]:
        poison(state.view(v))
        poison(state.legal_moves(v) if v is not None else [])
    poison(state.outcome())
    poison(state.record())
    poison(state.to_act())
    for batch in events:
        poison(batch)
    assert snapshot(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_returned_values_are_snapshots_mid_game(game_id: str) -> None:
    state = get_game(game_id).new_game(seed=5)
    p = state.to_act()[0]
    events = state.play(p, state.legal_moves(p)[0])
    before = snapshot(state)
    for v in [*range(state.info.players), None]:
        poison(state.view(v))
        if v is not None:
            poison(state.legal_moves(v))
    poison(state.record())
    poison(state.to_act())
    poison(state.redact_events(events, None))
    poison(events)
    assert snapshot(state) == before


def test_clone_is_deep_mid_game() -> None:
    state = get_game("grit").new_game(seed=0, deal=BASIC)
    twin = state.clone()
    state.play(0, {"type": "play", "card": "AS", "pile": [1, 0], "marked": True})
    assert twin.record()["moves"] == [] and twin.view(0)["hand"] == BASIC[0:4]
    assert twin.view(None)["piles"][1][0]["cards"] == [{"card": "10S", "face_down": False,
                                                        "marked": False, "by": None}]


# --------------------------------------------------------------------------- odd viewers and players
def test_bool_player_has_no_legal_moves() -> None:
    state = get_game("grit").new_game(seed=0, deal=BASIC)
    (p,) = state.to_act()
    assert state.check(bool(p), state.legal_moves(p)[0]) is not None
    assert state.legal_moves(bool(p)) == []


def test_view_of_a_non_player_shows_no_hand() -> None:
    state = get_game("grit").new_game(seed=0, deal=BASIC)
    try:
        view = state.view(-1)
    except (ValueError, KeyError, IndexError, TypeError):
        return
    assert not set(view["hand"] or []) & set(BASIC[4:8])
