"""The one entry point JavaScript calls: a JSON request string in, a JSON response string out.

Strings both ways mean the page never holds a Python object (no proxy leaks on long sessions).
Errors are values here (boardgame.io style): every failure, even a bug, answers
``{"ok": false, "error": {"code", "message"}}`` and leaves the session as it was.

>>> import json
>>> json.loads(handle('{"op": "new", "game": "grit", "seed": 7}'))["ok"]
True
>>> json.loads(handle('{"op": "fly"}'))["error"]["code"]
'unknown_op'
"""

from __future__ import annotations

import json
import traceback
from typing import Any, Callable

from .bots import make_bot
from .engine import IllegalMove, SetupError, State, all_games, get_game, replay

Request = dict[str, Any]
Response = dict[str, Any]

MAX_SESSIONS = 64  # a page that forgets to close sessions must not grow without bound


class BadRequest(Exception):
    """A request the bridge cannot act on; ``code`` goes back to JavaScript."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Bridge:
    """Sessions by id plus the ops of DESIGN.md; ``handle`` is a module-level default instance."""

    def __init__(self) -> None:
        self.sessions: dict[str, State] = {}
        self.counter = 0
        self.ops: dict[str, Callable[[Request], Response]] = {
            "games": self.op_games, "new": self.op_new, "view": self.op_view,
            "legal": self.op_legal, "play": self.op_play, "bot": self.op_bot,
            "record": self.op_record, "load": self.op_load, "close": self.op_close,
        }

    def handle(self, request_json: str) -> str:
        """Answer one request; never raises."""
        try:
            response = self._dispatch(request_json)
        except BadRequest as exc:
            response = _error(exc.code, exc.message)
        except Exception:  # a bug must not crash the page; report it instead
            response = _error("internal_error", "Something went wrong inside the game engine: "
                              + traceback.format_exc(limit=3).strip().splitlines()[-1])
        return json.dumps(response, separators=(",", ":"))

    def _dispatch(self, request_json: str) -> Response:
        if not isinstance(request_json, str):
            raise BadRequest("bad_request", "The request must be a JSON string.")
        try:
            request = json.loads(request_json)
        except ValueError as exc:
            raise BadRequest("bad_json", f"The request is not valid JSON ({exc}).") from None
        except RecursionError:
            raise BadRequest("bad_json", "The request is nested too deeply to be a game request.") from None
        if not isinstance(request, dict):
            raise BadRequest("bad_request", "The request must be a JSON object with an 'op'.")
        op = request.get("op")
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            raise BadRequest("unknown_op", f"Unknown op {op!r}; known ops: {', '.join(self.ops)}.")
        return {"ok": True, **handler(request)}

    # --- ops ------------------------------------------------------------------------------
    def op_games(self, request: Request) -> Response:
        return {"games": [game.info.to_json() for game in all_games()]}

    def op_new(self, request: Request) -> Response:
        game_id = _field(request, "game", str)
        try:
            game = get_game(game_id)
        except KeyError as exc:
            raise BadRequest("unknown_game", str(exc.args[0])) from None
        try:
            state = game.new_game(request.get("seed"), request.get("options"), request.get("deal"))
        except SetupError as exc:
            raise BadRequest(exc.code, exc.message) from None
        return {"session": self._store(state)}

    def op_view(self, request: Request) -> Response:
        state = self._session(request)
        player = self._viewer(state, request, "player")
        return {"view": state.view(player), "to_act": state.to_act(), "over": state.is_over(),
                "outcome": state.outcome()}

    def op_legal(self, request: Request) -> Response:
        state = self._session(request)
        player = self._player(state, request)
        moves = state.legal_moves(player)
        answer: Response = {"moves": moves, "labels": [state.describe(player, m) for m in moves]}
        previews = [state.preview(player, m) for m in moves]
        if any(preview is not None for preview in previews):
            answer["previews"] = previews
        return answer

    def op_play(self, request: Request) -> Response:
        state = self._session(request)
        player = self._player(state, request)
        if "move" not in request:
            raise BadRequest("bad_request", "'play' needs a 'move'.")
        viewer = self._viewer(state, request, "viewer", default=player)
        events = self._play_safely(request["session"], state, player, request["move"])
        return {"events": state.redact_events(events, viewer)}

    def op_bot(self, request: Request) -> Response:
        """The bot decides from ``view(player)`` only; the answer is redacted for ``viewer``."""
        state = self._session(request)
        player = self._player(state, request)
        level = request.get("level", "easy")
        if level not in state.info.levels:
            raise BadRequest("bad_request", f"Unknown level {level!r}; levels: {', '.join(state.info.levels)}.")
        viewer = self._viewer(state, request, "viewer", default=None)
        turn_error = state.check_turn(player)
        if turn_error is not None:
            raise BadRequest(turn_error.code, turn_error.message)
        bot = make_bot(state.info.id, level, seed=state.seed * 1000 + len(state.moves))
        move = bot.choose(state.view(player), state.legal_moves(player))
        events = self._play_safely(request["session"], state, player, move)
        return {"move": state.redact_move(player, move, viewer),
                "events": state.redact_events(events, viewer)}

    def op_record(self, request: Request) -> Response:
        return {"record": self._session(request).record()}

    def op_load(self, request: Request) -> Response:
        if "record" not in request:
            raise BadRequest("bad_request", "'load' needs a 'record'.")
        try:
            state = replay(request["record"])
        except SetupError as exc:
            raise BadRequest(exc.code, exc.message) from None
        return {"session": self._store(state)}

    def op_close(self, request: Request) -> Response:
        self._session(request)
        del self.sessions[request["session"]]
        return {}

    # --- helpers --------------------------------------------------------------------------
    def _play_safely(self, session: str, state: State, player: int, move: Any) -> list[dict[str, Any]]:
        """Play on the session; a bug half-way through restores the position from before."""
        backup = state.clone()
        try:
            return state.play(player, move)
        except IllegalMove as exc:
            raise BadRequest(exc.code, exc.message) from None
        except Exception:
            self.sessions[session] = backup
            raise

    def _store(self, state: State) -> str:
        self.counter += 1
        session = f"s{self.counter}"
        self.sessions[session] = state
        while len(self.sessions) > MAX_SESSIONS:  # drop the oldest
            del self.sessions[next(iter(self.sessions))]
        return session

    def _session(self, request: Request) -> State:
        session = _field(request, "session", str)
        state = self.sessions.get(session)
        if state is None:
            raise BadRequest("unknown_session", f"There is no game session {session!r} (it may have ended).")
        return state

    def _player(self, state: State, request: Request) -> int:
        player = request.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.info.players:
            raise BadRequest("bad_player", f"'player' must be 0 to {state.info.players - 1}, not {player!r}.")
        return player

    def _viewer(self, state: State, request: Request, key: str, default: int | None = None) -> int | None:
        if key not in request:
            return default
        if request[key] is None:
            return None
        return self._player(state, {"player": request[key]})


def _field(request: Request, key: str, kind: type) -> Any:
    value = request.get(key)
    if not isinstance(value, kind):
        raise BadRequest("bad_request", f"'{key}' must be a {kind.__name__}, not {value!r}.")
    return value


def _error(code: str, message: str) -> Response:
    return {"ok": False, "error": {"code": code, "message": message}}


_default = Bridge()


def handle(request_json: str) -> str:
    """The function the Web Worker calls."""
    return _default.handle(request_json)
