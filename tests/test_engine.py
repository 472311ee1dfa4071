"""The engine protocol itself (registry, errors, replay) and snapshot semantics of what it returns."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import pygame_core
from pygame_core import GameInfo, IllegalMove, OptionSpec, SetupError, State, all_games, get_game, replay
from pygame_core.bots import RandomBot
from pygame_core.engine import LevelSpec, SeatSpec, register, registered

GAME_IDS: list[str] = [game.info.id for game in all_games()]
ANY_GAME = GAME_IDS[0]


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
    assert GAME_IDS and GAME_IDS == sorted(GAME_IDS)
    for game_id in GAME_IDS:
        game = get_game(game_id)
        assert game.info.id == game_id
        info = game.info.to_json()
        assert json.loads(json.dumps(info)) == info
        assert info["players"] == len(game.info.seats) >= 1
        for option in game.info.options:
            assert option.default == option.values[0]
        with pytest.raises(dataclasses.FrozenInstanceError):
            game.info.title = "x"  # type: ignore[misc]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_setup_flag_matches_the_setup_hook(game_id: str) -> None:
    """A game that declares ``setup`` validates one (overrides ``check_setup``); the rest take none."""
    state_class = get_game(game_id).state_class
    assert get_game(game_id).info.setup == ("check_setup" in vars(state_class))


@pytest.mark.parametrize("game_id", ["chess", "", ANY_GAME.upper(), None, [ANY_GAME], 1])
def test_unknown_game(game_id: Any) -> None:
    with pytest.raises(KeyError) as info:
        get_game(game_id)
    assert all(known in str(info.value) for known in GAME_IDS)


def test_game_info_refuses_a_header_that_contradicts_itself() -> None:
    with pytest.raises(ValueError, match="2 players but 1 seats"):
        GameInfo(id="x", title="X", players=2, simultaneous=False, hidden_info=False, summary="",
                 seats=(SeatSpec("Solo"),))
    with pytest.raises(ValueError, match="modes"):
        GameInfo(id="x", title="X", players=1, simultaneous=False, hidden_info=False, summary="", modes=("online",))
    with pytest.raises(ValueError, match="kind"):
        SeatSpec("Dealer", "robot")
    with pytest.raises(ValueError, match="only a person's seat may stay empty"):
        SeatSpec("Dealer", "engine", optional=True)
    party = (SeatSpec("Dealer"), SeatSpec("Player 1", optional=True), SeatSpec("Player 2", optional=True))
    for fewest in (0, 4):
        with pytest.raises(ValueError, match="min_people must be from 1 .* to 3"):
            GameInfo(id="x", title="X", players=3, simultaneous=False, hidden_info=False, summary="", seats=party,
                     min_people=fewest)
    assert GameInfo(id="x", title="X", players=3, simultaneous=False, hidden_info=False, summary="", seats=party,
                    min_people=2).to_json()["min_people"] == 2
    everyone_may_leave = tuple(SeatSpec(f"Player {n}", optional=True) for n in (1, 2))
    assert GameInfo(id="x", title="X", players=2, simultaneous=False, hidden_info=False, summary="",
                    seats=everyone_may_leave).min_people == 1, "nobody plays no game"
    with pytest.raises(ValueError, match="one label per value"):
        OptionSpec("o", "O", ("a", "b"), "", ("A",))
    assert OptionSpec("o", "O", ("a", "b")).labels == ("a", "b"), "values label themselves by default"
    info = GameInfo(id="x", title="X", players=2, simultaneous=False, hidden_info=False, summary="")
    assert [s.name for s in info.seats] == ["Player 1", "Player 2"] and info.engine_seats == ()
    assert info.min_people == 2, "every person's seat taken, by default"
    assert info.level_ids == ("easy", "normal", "hard") and info.levels[0].label == "Greenhorn"


def test_registered_is_temporary_and_refuses_clashes() -> None:
    real = get_game(ANY_GAME).state_class

    class Toy(real):  # type: ignore[valid-type, misc]
        info = dataclasses.replace(real.info, id="toy_for_a_moment")

    with registered(Toy):
        assert get_game("toy_for_a_moment").state_class is Toy
    assert "toy_for_a_moment" not in [g.info.id for g in all_games()]
    with pytest.raises(ValueError, match="already registered"):
        with registered(real):
            pass
    assert get_game(ANY_GAME).state_class is real

    class Impostor(real):  # type: ignore[valid-type, misc]
        pass

    with pytest.raises(ValueError, match="Two games claim"):
        register(Impostor)
    assert get_game(ANY_GAME).state_class is real


def test_error_types() -> None:
    error = IllegalMove("pile_closed", "You can't.")
    assert isinstance(error, ValueError) and error.code == "pile_closed" and str(error) == "You can't."
    assert error.as_dict() == {"code": "pile_closed", "message": "You can't."}
    setup = SetupError("bad_deal", "No.")
    assert isinstance(setup, ValueError) and setup.code == "bad_deal" and setup.message == "No."
    assert pygame_core.__all__ and all(hasattr(pygame_core, name) for name in pygame_core.__all__)


@pytest.mark.parametrize("record", [None, [], "x", {}, {"game": ANY_GAME}])
def test_replay_rejects_non_records(record: Any) -> None:
    with pytest.raises(SetupError) as info:
        replay(record)
    assert info.value.code == "bad_record" and info.value.message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_round_trips_a_finished_game(game_id: str) -> None:
    state, _ = finished(game_id)
    again = replay(json.loads(json.dumps(state.record())))
    assert snapshot(again) == snapshot(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_record_saved_before_setup_existed_still_replays(game_id: str) -> None:
    """Records saved before issue 7 have no "setup": they load as setup None."""
    state, _ = finished(game_id)
    old = {k: v for k, v in json.loads(json.dumps(state.record())).items() if k != "setup"}
    again = replay(old)
    assert snapshot(again) == snapshot(state) and again.record()["setup"] is None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_names_the_bad_move(game_id: str) -> None:
    state = get_game(game_id).new_game(seed=0)
    p = state.to_act()[0]
    state.play(p, state.legal_moves(p)[0])
    record = state.record()
    record["moves"].append([state.to_act()[0], {"type": "no such move"}])
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


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clone_is_deep_mid_game(game_id: str) -> None:
    state = get_game(game_id).new_game(seed=0)
    before = snapshot(state)
    twin = state.clone()
    p = state.to_act()[0]
    state.play(p, state.legal_moves(p)[-1])
    assert snapshot(twin) == before and twin.record()["moves"] == []


# --------------------------------------------------------------------------- odd viewers and players
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bool_player_has_no_legal_moves(game_id: str) -> None:
    state = get_game(game_id).new_game(seed=0)
    p = state.to_act()[0]
    assert state.check(bool(p), state.legal_moves(p)[0]) is not None
    assert state.legal_moves(bool(p)) == []


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("viewer", [-1, 99, True, "0", 0.0])
def test_view_of_a_non_player_is_refused(game_id: str, viewer: Any) -> None:
    with pytest.raises(ValueError):
        get_game(game_id).new_game(seed=0).view(viewer)
