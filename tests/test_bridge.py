"""The JSON bridge for every game: each op, every malformed request, errors as values, sessions
left unchanged. Written against the protocol only; each game's own flow (its moves, deals and
redaction) is in ``tests/<id>/test_bridge_flow.py`` and the new ops on toy games (engine seats,
setup) in ``tests/protocol/``.

Each test uses a fresh ``Bridge()``; requests go in as JSON strings and responses must parse as strict
JSON (no NaN/Infinity) with ``ok`` and, on failure, ``error.code`` and a non-empty ``error.message``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_calls import Unchanged, fails, ok, parse, session_state
from pygame_core import all_games, get_game
from pygame_core import bridge as bridge_module
from pygame_core.bots import make_bot
from pygame_core.bots.ismcts import SearchBot
from pygame_core.bridge import Bridge

GAME_IDS: list[str] = [game.info.id for game in all_games()]
ANY_GAME = GAME_IDS[0]
MOVE_ANYHOW: dict[str, Any] = {"type": "play"}  # where the request fails before the move is read


@pytest.fixture
def bridge() -> Bridge:
    """A fresh bridge with session s1: a seeded game of the first registered game."""
    fresh = Bridge()
    assert ok(fresh, {"op": "new", "game": ANY_GAME, "seed": 7})["session"] == "s1"
    return fresh


def due(bridge: Bridge, session: str = "s1") -> int:
    """A player due to act (the first listed; any of them may be asked)."""
    return int(ok(bridge, {"op": "view", "session": session})["to_act"][0])


def idle_player(bridge: Bridge, session: str = "s1") -> int | None:
    """A player who is not due to act, if there is one."""
    to_act = ok(bridge, {"op": "view", "session": session})["to_act"]
    players = bridge.sessions[session].info.players
    return next((p for p in range(players) if p not in to_act), None)


def play_to_the_end(bridge: Bridge, session: str = "s1") -> None:
    while not ok(bridge, {"op": "view", "session": session})["over"]:
        step(bridge, session, due(bridge, session), 0)


def step(bridge: Bridge, session: str, player: int, pick: int) -> dict[str, Any]:
    """One move of ``player``: the game's own through ``auto`` for a seat it plays itself (a Dealer),
    else the legal move at index ``pick``."""
    if player in bridge.sessions[session].info.engine_seats:
        return ok(bridge, {"op": "auto", "session": session, "player": player})
    move = ok(bridge, {"op": "legal", "session": session, "player": player})["moves"][pick]
    return ok(bridge, {"op": "play", "session": session, "player": player, "move": move})


# --------------------------------------------------------------------------- every op, every game
def test_games_op_is_every_game_info() -> None:
    games = ok(Bridge(), {"op": "games"})["games"]
    assert [g["id"] for g in games] == GAME_IDS
    for info in games:
        assert info == get_game(info["id"]).info.to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_info_has_the_contract_shape(game_id: str) -> None:
    """Issue 7 contract, section 1: the page builds menus, setup forms and seat names from this."""
    info = ok(Bridge(), {"op": "games"})["games"][GAME_IDS.index(game_id)]
    assert list(info) == ["id", "title", "summary", "credit", "minutes", "players", "seats", "min_people", "modes",
                          "levels", "options", "setup", "simultaneous", "hidden_info", "constants"]
    assert info["title"] and len(info["summary"]) > 40 and isinstance(info["credit"], str)
    assert isinstance(info["minutes"], int) and info["minutes"] > 0
    assert len(info["seats"]) == info["players"] >= 1
    assert all(set(seat) == {"name", "kind", "optional"} and seat["kind"] in ("person", "engine")
               for seat in info["seats"])
    people = [seat for seat in info["seats"] if seat["kind"] == "person"]
    assert max(1, sum(not seat["optional"] for seat in people)) <= info["min_people"] <= len(people)
    assert info["modes"] and set(info["modes"]) <= {"computer", "hotseat", "solo"}
    assert all(set(level) == {"id", "label", "help"} for level in info["levels"])
    assert ("computer" in info["modes"]) == bool(info["levels"])
    for option in info["options"]:
        assert list(option) == ["name", "label", "help", "values", "labels", "default"]
        assert len(option["labels"]) == len(option["values"]) and option["default"] == option["values"][0]
    assert isinstance(info["setup"], bool)
    assert isinstance(info["constants"], dict)  # its shape is the game's (tests/test_shapes.py)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_view_legal_agree_with_the_engine(game_id: str) -> None:
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 7, "options": {}, "deal": None, "setup": None})
    state = get_game(game_id).new_game(seed=7)
    for player in [*range(state.info.players), None]:
        response = ok(b, {"op": "view", "session": "s1", "player": player})
        assert list(response) == ["ok", "view", "viewer", "to_act", "over", "outcome"], "one envelope for every game"
        assert response["view"] == state.view(player) and response["viewer"] == player
        assert response["to_act"] == state.to_act() and response["over"] is False and response["outcome"] is None
    for player in range(state.info.players):
        response = ok(b, {"op": "legal", "session": "s1", "player": player})
        assert response["moves"] == state.legal_moves(player)
        assert response["labels"] == [state.describe(player, m) for m in state.legal_moves(player)]
    assert ok(b, {"op": "view", "session": "s1"})["view"] == state.view(None)
    assert ok(b, {"op": "record", "session": "s1"})["record"] == state.record()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_new_op_seed_null_or_missing_picks_a_seed(game_id: str) -> None:
    b = Bridge()
    for request in ({"op": "new", "game": game_id}, {"op": "new", "game": game_id, "seed": None}):
        session = ok(b, request)["session"]
        seed = ok(b, {"op": "record", "session": session})["record"]["seed"]
        assert isinstance(seed, int) and not isinstance(seed, bool)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_bot_record_load_close(game_id: str) -> None:
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 3})
    assert isinstance(step(b, "s1", due(b), 0)["events"], list)
    for level in get_game(game_id).info.level_ids:
        player = due(b)
        legal = ok(b, {"op": "legal", "session": "s1", "player": player})["moves"]
        response = ok(b, {"op": "bot", "session": "s1", "player": player, "level": level, "viewer": player})
        assert response["move"] in legal and isinstance(response["events"], list)
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert set(record) == {"game", "version", "options", "seed", "deal", "setup", "moves"}
    assert ok(b, {"op": "load", "record": record}) == {"ok": True, "session": "s2"}
    assert json.loads(session_state(b, "s1")) == json.loads(session_state(b, "s2"))
    before = session_state(b, "s1")
    step(b, "s2", due(b, "s2"), -1)
    assert session_state(b, "s1") == before, "a loaded session is independent"
    move = {"type": "none"}
    assert ok(b, {"op": "close", "session": "s1"}) == {"ok": True}
    for op in ("view", "legal", "play", "bot", "auto", "record", "share", "close"):
        fails(b, {"op": op, "session": "s1", "player": 0, "move": move}, "unknown_session")
    assert ok(b, {"op": "new", "game": game_id, "seed": 1})["session"] == "s3", "ids are not reused"


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if get_game(g).info.levels])
def test_bot_op_is_deterministic_per_session_seed(game_id: str) -> None:
    moves = []
    for _ in range(2):
        b = Bridge()
        ok(b, {"op": "new", "game": game_id, "seed": 11})
        while not ok(b, {"op": "view", "session": "s1"})["over"]:
            ok(b, {"op": "bot", "session": "s1", "player": due(b), "level": "easy"})
        moves.append(ok(b, {"op": "record", "session": "s1"})["record"]["moves"])
    assert moves[0] == moves[1] and moves[0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_over(game_id: str) -> None:
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 5})
    play_to_the_end(b)
    view = ok(b, {"op": "view", "session": "s1", "player": 0})
    assert view["over"] is True and view["to_act"] == [] and view["outcome"]["reason"]
    info = get_game(game_id).info
    person = next(p for p in range(info.players) if p not in info.engine_seats)
    with Unchanged(b):
        fails(b, {"op": "play", "session": "s1", "player": person, "move": MOVE_ANYHOW}, "game_over")
        if info.levels:
            fails(b, {"op": "bot", "session": "s1", "player": person}, "game_over")
        for engine_seat in info.engine_seats:
            fails(b, {"op": "auto", "session": "s1", "player": engine_seat}, "game_over")
        assert ok(b, {"op": "legal", "session": "s1", "player": 0})["moves"] == []


def test_bot_when_not_its_turn() -> None:
    for game_id in GAME_IDS:
        b = Bridge()
        ok(b, {"op": "new", "game": game_id, "seed": 2})
        idle = idle_player(b)
        if idle is None:
            continue
        with Unchanged(b):
            for level in get_game(game_id).info.level_ids:
                fails(b, {"op": "bot", "session": "s1", "player": idle, "level": level}, "not_your_turn")


def test_oldest_sessions_are_dropped_beyond_the_limit() -> None:
    b = Bridge()
    for _ in range(bridge_module.MAX_SESSIONS + 3):
        ok(b, {"op": "new", "game": ANY_GAME, "seed": 1})
    assert len(b.sessions) == bridge_module.MAX_SESSIONS
    fails(b, {"op": "view", "session": "s1"}, "unknown_session")
    ok(b, {"op": "view", "session": f"s{bridge_module.MAX_SESSIONS + 3}"})
    ok(b, {"op": "view", "session": "s4"})


def test_module_level_handle() -> None:
    response = parse(bridge_module.handle(json.dumps({"op": "games"})))
    assert response["ok"] is True


# --------------------------------------------------------------------------- names: presentation only
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_names_change_no_record(game_id: str) -> None:
    players = get_game(game_id).info.players
    names = [f"Seat {p} of {game_id}" for p in range(players)]
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 4, "names": names})
    ok(b, {"op": "new", "game": game_id, "seed": 4})
    assert b.sessions["s1"].names == tuple(names)
    assert ok(b, {"op": "record", "session": "s1"}) == ok(b, {"op": "record", "session": "s2"})
    record = ok(b, {"op": "record", "session": "s1"})["record"]
    assert "Seat 0" not in json.dumps(record)
    ok(b, {"op": "load", "record": record, "names": names[::-1]})
    assert b.sessions["s3"].names == tuple(names[::-1])
    ok(b, {"op": "load", "record": record, "names": None})
    assert b.sessions["s4"].names == get_game(game_id).new_game(seed=4).names


BAD_NAMES: list[Any] = [[], ["Ann"], ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"], ["Ann", ""], ["Ann", "  "],
                        ["Ann", 2], ["Ann", None], "Ann and Bob", {"0": "Ann", "1": "Bob"}, 7, True,
                        [["Ann"], ["Bob"]]]


@pytest.mark.parametrize("names", BAD_NAMES)
def test_bad_names(bridge: Bridge, names: Any) -> None:
    players = bridge.sessions["s1"].info.players
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) and n.strip() for n in names):
        pytest.skip("these names fit this game")
    record = ok(bridge, {"op": "record", "session": "s1"})["record"]
    with Unchanged(bridge):
        fails(bridge, {"op": "new", "game": ANY_GAME, "seed": 1, "names": names}, "bad_request")
        fails(bridge, {"op": "load", "record": record, "names": names}, "bad_request")


# --------------------------------------------------------------------------- share: only once over
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_share_only_once_over(game_id: str) -> None:
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 12})
    with Unchanged(b):
        response = fails(b, {"op": "share", "session": "s1"}, "not_over")
    assert "12" not in response["error"]["message"], "the refusal must not show the seed"
    play_to_the_end(b)
    share = ok(b, {"op": "share", "session": "s1"})["share"]
    assert share == {"game": game_id, "seed": 12, "options": get_game(game_id).new_game(seed=12).options}
    # a saved and loaded game was dealt by its seed too: still no deal in the link
    ok(b, {"op": "load", "record": ok(b, {"op": "record", "session": "s1"})["record"]})
    assert ok(b, {"op": "share", "session": "s2"})["share"] == share


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_share_names_a_forced_deal(game_id: str) -> None:
    deal = get_game(game_id).new_game(seed=40).record()["deal"]
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 41, "deal": deal})
    play_to_the_end(b)
    share = ok(b, {"op": "share", "session": "s1"})["share"]
    assert share["deal"] == deal and share["seed"] == 41 and "setup" not in share


# --------------------------------------------------------------------------- engine seats and setup
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_auto_refuses_a_persons_seat(game_id: str) -> None:
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 1})
    info = get_game(game_id).info
    for player in range(info.players):
        if player in info.engine_seats:
            continue
        with Unchanged(b):
            response = fails(b, {"op": "auto", "session": "s1", "player": player}, "not_engine_seat")
            assert info.seats[player].name in response["error"]["message"]


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if not get_game(g).info.setup])
@pytest.mark.parametrize("setup", [{}, [], "sheet", 0, False, {"rounds": 3}])
def test_a_game_without_setup_refuses_one(game_id: str, setup: Any) -> None:
    b = Bridge()
    response = fails(b, {"op": "new", "game": game_id, "seed": 1, "setup": setup}, "bad_setup")
    assert "setup" in response["error"]["message"]
    assert b.sessions == {}


# --------------------------------------------------------------------------- malformed requests
@pytest.mark.parametrize("text", ["", "{", "nul", "{'op': 'games'}", "{\"op\": \"games\",}", "op=games",
                                  "\x00", "{\"op\": \"games\"} trailing"])
def test_not_json(bridge: Bridge, text: str) -> None:
    with Unchanged(bridge):
        fails(bridge, text, "bad_json")


@pytest.mark.parametrize("text", ["[]", "1", "\"games\"", "null", "true", "[{\"op\": \"games\"}]", "1.5"])
def test_json_but_not_an_object(bridge: Bridge, text: str) -> None:
    with Unchanged(bridge):
        fails(bridge, text, "bad_request")


@pytest.mark.parametrize("value", [None, b"{\"op\": \"games\"}", 5, {"op": "games"}, ["games"]])
def test_request_not_a_string(bridge: Bridge, value: Any) -> None:
    with Unchanged(bridge):
        assert parse(bridge.handle(value))["error"]["code"] == "bad_request"


@pytest.mark.parametrize("request_", [{}, {"op": "fly"}, {"op": ""}, {"op": "GAMES"}, {"op": 1},
                                      {"op": None}, {"op": ["new"]}, {"op": {"x": 1}}, {"op": True},
                                      {"op": "__init__"}, {"op": "op_games"}, {"session": "s1"}])
def test_missing_or_unknown_op(bridge: Bridge, request_: dict[str, Any]) -> None:
    with Unchanged(bridge):
        fails(bridge, request_, "unknown_op")


@pytest.mark.parametrize("game", ["chess", ANY_GAME.upper(), "", ANY_GAME + " "])
def test_unknown_game(bridge: Bridge, game: str) -> None:
    with Unchanged(bridge):
        response = fails(bridge, {"op": "new", "game": game, "seed": 1}, "unknown_game")
        assert ANY_GAME in response["error"]["message"], "the error names the known games"


@pytest.mark.parametrize("game", [None, 1, [ANY_GAME], {"id": ANY_GAME}, True])
def test_game_not_a_string(bridge: Bridge, game: Any) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "new", "game": game, "seed": 1}, "bad_request")
        fails(bridge, {"op": "new", "seed": 1}, "bad_request")


@pytest.mark.parametrize("seed", ["7", 7.0, 7.5, True, False, [7], {"seed": 7}, 1e300])
def test_bad_seed(bridge: Bridge, seed: Any) -> None:
    """A seed that is not a whole number is refused with the engine's own code."""
    with Unchanged(bridge):
        response = fails(bridge, {"op": "new", "game": ANY_GAME, "seed": seed}, "bad_seed")
        assert "seed" in response["error"]["message"]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("options", [{"no_such_option": "x"}, ["x"], "x", 3, True])
def test_bad_options(game_id: str, options: Any) -> None:
    fails(Bridge(), {"op": "new", "game": game_id, "seed": 1, "options": options}, "bad_option")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("deal", ["AS", 12, True, [], {}, [["AS"]]])
def test_bad_deal(game_id: str, deal: Any) -> None:
    fails(Bridge(), {"op": "new", "game": game_id, "seed": 1, "deal": deal}, "bad_deal")


SESSION_OPS = ["view", "legal", "play", "bot", "auto", "record", "share", "close"]


@pytest.mark.parametrize("op", SESSION_OPS)
@pytest.mark.parametrize("session", ["s2", "s0", "S1", "", "s1 "])
def test_unknown_session(bridge: Bridge, op: str, session: str) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": op, "session": session, "player": 0, "move": MOVE_ANYHOW}, "unknown_session")


@pytest.mark.parametrize("op", SESSION_OPS)
@pytest.mark.parametrize("session", [1, None, ["s1"], {"id": "s1"}, True, "missing"])
def test_session_of_the_wrong_type(bridge: Bridge, op: str, session: Any) -> None:
    request: dict[str, Any] = {"op": op, "player": 0, "move": MOVE_ANYHOW}
    if session != "missing":
        request["session"] = session
    with Unchanged(bridge):
        fails(bridge, request, "bad_request")


BAD_PLAYERS: list[Any] = ["missing", -1, 99, "0", True, False, 0.0, 1.0, None, [0]]


@pytest.mark.parametrize("player", BAD_PLAYERS)
@pytest.mark.parametrize("op", ["legal", "play", "bot", "auto"])
def test_bad_player(bridge: Bridge, op: str, player: Any) -> None:
    request: dict[str, Any] = {"op": op, "session": "s1", "move": MOVE_ANYHOW, "level": "easy"}
    if player != "missing":
        request["player"] = player
    with Unchanged(bridge):
        fails(bridge, request, "bad_player")


@pytest.mark.parametrize("player", [-1, 99, "0", True, False, 0.0, [0]])
def test_bad_player_for_view(bridge: Bridge, player: Any) -> None:
    """``view`` takes a missing or null player as the spectator; anything else must be a seat."""
    with Unchanged(bridge):
        fails(bridge, {"op": "view", "session": "s1", "player": player}, "bad_player")


@pytest.mark.parametrize("viewer", [-1, 99, "0", True, 0.0])
@pytest.mark.parametrize("op", ["play", "bot"])
def test_bad_viewer_plays_nothing(bridge: Bridge, op: str, viewer: Any) -> None:
    player = due(bridge)
    move = ok(bridge, {"op": "legal", "session": "s1", "player": player})["moves"][0]
    with Unchanged(bridge):
        fails(bridge, {"op": op, "session": "s1", "player": player, "move": move, "viewer": viewer}, "bad_player")


def test_play_without_move(bridge: Bridge) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": due(bridge)}, "bad_request")


@pytest.mark.parametrize("level", ["medium", "HARD", "", None, 1, ["easy"], {"level": "easy"}, "Greenhorn"])
def test_bot_unknown_level(bridge: Bridge, level: Any) -> None:
    """Levels are the ids of ``GameInfo.levels``, never their labels."""
    with Unchanged(bridge):
        fails(bridge, {"op": "bot", "session": "s1", "player": due(bridge), "level": level}, "bad_request")


def test_load_without_record(bridge: Bridge) -> None:
    with Unchanged(bridge):
        fails(bridge, {"op": "load"}, "bad_request")


# --------------------------------------------------------------------------- a bug inside the engine
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_internal_error_restores_the_session(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug half-way through a move (here: the state's attributes wiped) leaves the session as it was."""
    b = Bridge()
    ok(b, {"op": "new", "game": game_id, "seed": 6})
    state_class = type(b.sessions["s1"])

    def broken(self: Any, p: int, move: dict[str, Any]) -> list[dict[str, Any]]:
        self.__dict__.clear()
        raise RuntimeError("boom")

    before = session_state(b)
    player = due(b)
    move = ok(b, {"op": "legal", "session": "s1", "player": player})["moves"][0]
    monkeypatch.setattr(state_class, "_apply", broken)
    requests = [{"op": "play", "session": "s1", "player": player, "move": move}]
    requests += [{"op": "bot", "session": "s1", "player": player, "level": level}
                 for level in get_game(game_id).info.level_ids]
    for request in requests:
        response = fails(b, request, "internal_error")
        assert "boom" in response["error"]["message"]
        monkeypatch.undo()
        assert session_state(b) == before
        monkeypatch.setattr(state_class, "_apply", broken)
    monkeypatch.undo()
    ok(b, {"op": "play", "session": "s1", "player": player, "move": move})


def test_internal_error_in_a_read_op(bridge: Bridge, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Any, p: int | None) -> dict[str, Any]:
        raise KeyError("oops")

    before = session_state(bridge)
    monkeypatch.setattr(type(bridge.sessions["s1"]), "view", broken)
    fails(bridge, {"op": "view", "session": "s1", "player": 0}, "internal_error")
    monkeypatch.undo()
    assert session_state(bridge) == before


# --------------------------------------------------------------------------- fuzz: never raises
@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=40) | st.binary(max_size=20).map(lambda b: b.decode("latin-1")))
def test_fuzz_raw_text(text: str) -> None:
    response = parse(Bridge().handle(text))
    if not response["ok"]:
        assert response["error"]["code"] in {"bad_json", "bad_request", "unknown_op", "unknown_game",
                                             "bad_option", "bad_deal", "bad_setup"}


def test_deeply_nested_request_is_a_bad_request() -> None:
    response = parse(Bridge().handle("[" * 100000 + "]" * 100000))
    assert response["ok"] is False and response["error"]["code"] in {"bad_json", "bad_request"}



# --- the computer's move in slices (the page's worker stays responsive while a search runs) -----------
SEARCHING = [(game_id, level) for game_id in GAME_IDS for level in get_game(game_id).info.level_ids
             if isinstance(make_bot(game_id, level, 0), SearchBot)]


def first_choice_session(bridge: Bridge, game_id: str) -> tuple[str, int]:
    """A session of ``game_id`` at its first position where the player due has two moves or more."""
    session = ok(bridge, {"op": "new", "game": game_id, "seed": 5})["session"]
    while True:
        player = due(bridge, session)
        moves = ok(bridge, {"op": "legal", "session": session, "player": player})["moves"]
        if len(moves) > 1:
            return session, player
        ok(bridge, {"op": "play", "session": session, "player": player, "move": moves[0]})


@pytest.mark.parametrize(("game_id", "level"), SEARCHING)
def test_a_sliced_search_thinks_then_plays_the_same_move_as_a_whole_one(game_id: str, level: str) -> None:
    whole, sliced = Bridge(), Bridge()
    session, player = first_choice_session(whole, game_id)
    assert first_choice_session(sliced, game_id) == (session, player)
    expected = ok(whole, {"op": "bot", "session": session, "player": player, "level": level})
    request = {"op": "bot", "session": session, "player": player, "level": level, "slice_ms": 1}
    before = session_state(sliced, session)
    answers = [ok(sliced, request)]
    assert answers[0]["thinking"] and 0 < answers[0]["iterations"] < answers[0]["budget"]
    assert session_state(sliced, session) == before, "nothing is played while the bot thinks"
    while answers[-1].get("thinking"):
        answers.append(ok(sliced, request))
        assert len(answers) < 10_000
    assert answers[-1]["move"] == expected["move"] and answers[-1]["events"] == expected["events"]
    assert [a["iterations"] for a in answers[:-1]] == sorted(a["iterations"] for a in answers[:-1])


@pytest.mark.parametrize(("game_id", "level"), SEARCHING[:1])
def test_closing_a_session_drops_its_search_and_a_stale_one_starts_over(game_id: str, level: str) -> None:
    bridge = Bridge()
    session, player = first_choice_session(bridge, game_id)
    request = {"op": "bot", "session": session, "player": player, "level": level, "slice_ms": 1}
    assert ok(bridge, request)["thinking"] and session in bridge.thinking
    ok(bridge, {"op": "close", "session": session})
    assert session not in bridge.thinking
    fails(bridge, request, "unknown_session")
    session, player = first_choice_session(bridge, game_id)
    ok(bridge, {**request, "session": session})
    moves = ok(bridge, {"op": "legal", "session": session, "player": player})["moves"]
    ok(bridge, {"op": "play", "session": session, "player": player, "move": moves[0]})  # the person moved after all
    nxt = due(bridge, session)
    answer = ok(bridge, {**request, "session": session, "player": nxt})
    assert answer.get("thinking") is not True or answer["iterations"] < answer["budget"], "a fresh search"


@pytest.mark.parametrize("slice_ms", [0, -5, "40", True, None, 1e9, [40]])
def test_a_bad_slice_is_refused(bridge: Bridge, slice_ms: Any) -> None:
    player = due(bridge)
    request = {"op": "bot", "session": "s1", "player": player, "level": get_game(ANY_GAME).info.level_ids[0]}
    if slice_ms is None:
        ok(bridge, {**request, "slice_ms": None})  # null is the same as leaving it out
        return
    with Unchanged(bridge):
        fails(bridge, {**request, "slice_ms": slice_ms}, "bad_request")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_also_tells_a_second_seat_each_move_as_that_seat_may_see_it(game_id: str) -> None:
    """``also`` (a remote player's table, issue 29): the events a move's answer carries for a second seat
    are exactly what that seat, asking itself, would have been told; a face-down card stays face down."""
    players = get_game(game_id).info.players
    asked, told = Bridge(), Bridge()
    for bridge_ in (asked, told):
        ok(bridge_, {"op": "new", "game": game_id, "seed": 5})
    rng = random.Random(game_id)
    for _ in range(40):
        view = ok(asked, {"op": "view", "session": "s1"})
        if view["over"]:
            break
        player = rng.choice(view["to_act"])
        seat = rng.randrange(players)
        if player in asked.sessions["s1"].info.engine_seats:
            answer = ok(asked, {"op": "auto", "session": "s1", "player": player, "viewer": player, "also": [seat]})
            mirror = ok(told, {"op": "auto", "session": "s1", "player": player, "viewer": seat})
            assert answer["also"][0]["move"] == mirror["move"]
        else:
            moves = ok(asked, {"op": "legal", "session": "s1", "player": player})["moves"]
            move = rng.choice(moves)
            answer = ok(asked, {"op": "play", "session": "s1", "player": player, "move": move, "also": [seat]})
            mirror = ok(told, {"op": "play", "session": "s1", "player": player, "move": move, "viewer": seat})
        assert [told_also["seat"] for told_also in answer["also"]] == [seat]
        assert answer["also"][0]["events"] == mirror["events"]


def test_a_bad_also_plays_nothing(bridge: Bridge) -> None:
    player = due(bridge)
    move = ok(bridge, {"op": "legal", "session": "s1", "player": player})["moves"][0]
    with Unchanged(bridge):
        fails(bridge, {"op": "play", "session": "s1", "player": player, "move": move, "also": [9]}, "bad_player")
        fails(bridge, {"op": "play", "session": "s1", "player": player, "move": move, "also": 1}, "bad_request")
        fails(bridge, {"op": "play", "session": "s1", "player": player, "move": move, "also": [1, 1]}, "bad_request")
