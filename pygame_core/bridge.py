"""The one entry point JavaScript calls: a JSON request string in, a JSON response string out.

Strings both ways mean the page never holds a Python object (no proxy leaks on long sessions).
Errors are values here (boardgame.io style): every failure, even a bug, answers
``{"ok": false, "error": {"code", "message"}}`` and leaves the session as it was.

Ops (every request and each op's fields are checked against the limits of ``limits``, documented in
docs/bridge-limits.md, before anything is copied: a refused request changes nothing):

- ``games`` -> ``{games: [GameInfo...]}``
- ``new {game, seed?, options?, deal?, setup?, names?}`` -> ``{session}``; ``setup`` is the game's
  structured input (error ``bad_setup``), ``names`` the seats' display names for the engine's
  sentences (one line of 1 to ``MAX_NAME_CHARS`` characters per seat; presentation only, never in the record)
- ``view {session, player?}`` -> ``{view, viewer, to_act, over, outcome}`` (no player: the spectator):
  the same envelope for every game around the game's own view (``ViewAnswer``). ``viewer`` is the seat
  the view is for (null: the spectator), ``to_act`` who must move now, ``over`` whether the game has
  ended, ``outcome`` the result told from the viewer's seat (``State.told_outcome``: reason, breakdown,
  verdict) once it has; the page reads these here, never inside the game's view
- ``legal {session, player}`` -> ``{moves, labels, previews?, can_undo?}`` (``LegalAnswer``)
- ``play {session, player, move, viewer?, also?}`` -> ``{events, also?}`` redacted for viewer (default:
  player); ``also`` (a list of seats) adds ``[{seat, move, events}, ...]``, the move as each of those seats
  may see it (``bot`` and ``auto`` take it too: each remote player's table hears of every move in its own
  seat's words); error
  ``record_full`` once the session holds ``MAX_RECORD_MOVES`` moves (for ``bot`` and ``auto`` too), so every
  record the bridge gives, ``load`` takes back
- ``bot {session, player, level?, viewer?, slice_ms?}`` -> ``{move, events}``; level is a level id of
  the game (``play`` and ``bot`` answer ``not_person_seat`` for a seat the game plays itself). With
  ``slice_ms`` a searching level thinks for that long and answers ``{thinking: true}`` until it has
  decided; asking again carries on (the page's worker stays responsive between slices, and stops
  asking when the player leaves the table). A search takes at most THINK_CAP_SECONDS in slices.
- ``hint {session, player, slice_ms?}`` -> ``{move, label, reason}``: what the game's strongest
  computer level would play in ``player``'s seat, decided from ``view(player)`` only (as ``bot``; its
  seed comes from that view too, so the same view always gets the same hint) and sliced like ``bot``
  (``{thinking: true}`` until decided). The session is unchanged. ``reason`` is the game's
  ``State.explain`` and, for a searching level, the search's numbers for the move in its own words
  (``SearchBot.standing_words``: how often it won the games played out, or its reckoned chance).
  The session keeps its position's hint search between slices, however far apart, and the answer once
  decided: asked again at that position, it is given at once. So the page's worker may think a hint ahead
  in its idle time (while the person looks at the table) and the person's own ask finds it done or under
  way. The search's cap is THINK_CAP_SECONDS of its own thinking, not of time since it began, so a hint
  thought ahead in slices between other requests is the same as one asked at once. A move played in the
  session, an undo or a close drops its hint search.
  Error ``no_hint`` for a game without computer levels (the Showdown: nobody at its table plays
  against a computer level, so there is nothing to ask).
- ``undo {session, player}`` -> ``{undone}``: takes back ``player``'s last move and the other seats'
  replies after it (``undone`` moves in all), rebuilt with ``replay`` from the record without them,
  while ``player`` is due to move. Error ``nothing_to_undo`` when they have no move to take back,
  ``past_reveal`` when a card was shown to them or drawn since that move (``State.reveals``): an
  undo must never let a player learn a card and take the move back (the words are the game's,
  ``State.undo_refusal``: at the Dealer's table the Dealer takes back the table's last action, TS-27). A ``legal`` answer carries
  ``can_undo: true`` when ``undo`` would take a move back now (and leaves it out otherwise).
- ``auto {session, player, viewer?}`` -> ``{move, events}``: the game plays its own seat (kind
  "engine", a Dealer); error ``not_engine_seat`` for a person's seat
- ``record {session}`` -> ``{record}``; ``load {record, names?}`` -> ``{session}``
- ``share {session}`` -> ``{share: {game, seed, options, deal?, setup?}}`` once over (``not_over``
  before); ``deal`` only when the game was dealt by hand, ``setup`` only when it has one
- ``check_result {game, result}`` -> ``{result, provenance?}``: a game's result coming back from outside (an
  imported character sheet) checked and made canonical by the game (``State.check_result``); ``provenance``
  where the game can tell where it comes from (``State.result_provenance``: the forge's ``{word, reason,
  problems}``, word "by_the_book" | "forged" | "edited" | "imported", TS-18)
- ``close {session}`` -> ``{}``

A deal two devices can trust (``fair_deal``, issue 29): the host's page asks ``pledge {}`` ->
``{pledge, commitment}`` (the bridge draws a secret and keeps it; the commitment goes to the guest), then
``new {game, ..., fair: {pledge, nonce}}`` deals from the seed both made (no ``seed`` or ``deal``; a pledge
deals once, error ``unknown_pledge``; at a table of several guests ``nonce`` is the list of their nonces, in
seat order). Such a session's ``record`` carries ``fair`` (the host's save keeps
it, ``load`` checks it against the seed), it refuses ``undo`` (``no_undo_in_fair_game``: the guest saw the
move played), and once over ``reveal {session}`` -> ``{reveal: {secret, nonce, commitment}, record}``
(``not_fair``, ``not_over``). The guest's page asks ``digest {value}`` -> ``{digest}`` for each view it is
shown and, once the secret is revealed, ``audit {game, seat, commitment, nonce, secret, record, seen, mine,
options?, names?, nonces?, nonce_commitments?}`` -> ``{fair, findings}`` (``nonces``: every guest's nonce as
revealed, ``nonce_commitments``: the list the host announced before any was, at a table of several).
``nonce_commitment {nonce}`` -> ``{commitment}`` is what a guest at such a table sends before its nonce.

The answers the page reads are declared below as TypedDicts (``ViewAnswer``, ``LegalAnswer``,
``PlayAnswer``, ``MoveAnswer``, ``ThinkingAnswer``, ``HintAnswer``, ``ErrorAnswer``); their type
parameters are a game's shapes (``engine.Shapes``), and ``scripts/js_shapes.py`` writes them for the
page as JSDoc typedefs (``web/js/bridge-shapes.js``, generic over the game's view, moves, events).

>>> import json
>>> first = json.loads(handle('{"op": "games"}'))["games"][0]["id"]
>>> json.loads(handle(json.dumps({"op": "new", "game": first, "seed": 7})))["ok"]
True
>>> json.loads(handle('{"op": "fly"}'))["error"]["code"]
'unknown_op'
"""

from __future__ import annotations

import json
import time
import traceback
import zlib
from typing import Any, Callable, Generic, Literal, Mapping, NotRequired, TypedDict

from . import fair_deal, limits
from .bots import LEVELS, Bot, make_bot
from .bots.ismcts import SearchBot
from .engine import (AnyState, CodedError, EventT, Game, IllegalMove, Json, MoveT, PreviewT, SetupError,
                     ToldOutcome, ViewT, all_games, get_game, replay)
from .grammar import sentence
from .limits import MAX_RECORD_MOVES, quote

Request = dict[str, Any]
Response = Mapping[str, Any]


class ViewAnswer(TypedDict, Generic[ViewT]):
    """``view``: one envelope for every game around the game's own ``view``: the seat it is for
    (``viewer``, null: the spectator), who must move now, whether it is over, and the outcome told
    from the viewer's seat once it is."""

    ok: Literal[True]
    view: ViewT
    viewer: int | None
    to_act: list[int]
    over: bool
    outcome: ToldOutcome | None


class LegalAnswer(TypedDict, Generic[MoveT, PreviewT]):
    """``legal``: the player's legal moves in the game's order, each in words; ``previews`` (one per move,
    null where there is nothing to show) when the game previews any; ``can_undo`` when ``undo`` would
    take the player's last move back now."""

    ok: Literal[True]
    moves: list[MoveT]
    labels: list[str]
    previews: NotRequired[list[PreviewT | None]]
    can_undo: NotRequired[Literal[True]]


class FairKeys(TypedDict):
    """A fair session's keys: the host's secret, the guest's nonce (or each guest's, in seat order, at a
    table of several) and the commitment the guests were sent."""

    secret: str
    nonce: str | list[str]
    commitment: str


class ToldAlso(TypedDict, Generic[EventT]):
    """A move as another seat may see it (``also`` on ``play``, ``bot`` and ``auto``): each remote player's
    table hears of every move in its own seat's words."""

    seat: int
    move: dict[str, Json]
    events: list[EventT]


class PlayAnswer(TypedDict, Generic[EventT]):
    """``play``: the move's events as the viewer may see them."""

    ok: Literal[True]
    events: list[EventT]
    also: NotRequired[list[ToldAlso[EventT]]]


class MoveAnswer(TypedDict, Generic[EventT]):
    """``bot`` and ``auto``: the move the computer or the game made, as the viewer may see it (a card it
    put down face down is null: ``State.redact_move``), and its events, redacted the same way."""

    ok: Literal[True]
    move: dict[str, Json]
    events: list[EventT]
    also: NotRequired[list[ToldAlso[EventT]]]


class ThinkingAnswer(TypedDict):
    """``bot`` or ``hint`` with ``slice_ms`` that has not decided yet: ask again to think on."""

    ok: Literal[True]
    thinking: Literal[True]
    iterations: int
    budget: int


class HintAnswer(TypedDict, Generic[MoveT]):
    """``hint``: the move the strongest level would make, in words, and why."""

    ok: Literal[True]
    move: MoveT
    label: str
    reason: str


class BridgeError(TypedDict):
    """What went wrong: a code the page may act on, and a message a player understands."""

    code: str
    message: str


class ErrorAnswer(TypedDict):
    """Any failure: the session is as it was."""

    ok: Literal[False]
    error: BridgeError

MAX_SESSIONS = 64  # a page that forgets to close sessions must not grow without bound
MAX_PLEDGES = 8  # secrets drawn for fair deals not yet dealt (an invite that is never answered)
THINK_CAP_SECONDS = 2.0  # a sliced search stops here even on a slow phone (the budget is iterations; a hint
#                          counts its own thinking, a move the time since it began)


class HintSearch:
    """One position's hint: the strongest level's bot deciding from ``view``, thought in as many slices as
    the page asks for, and the answer once decided. The cap counts the search's own thinking (a search
    thought ahead in the worker's idle time waits between slices for as long as the person looks at the
    table, and must not be cut short by that)."""

    def __init__(self, position: tuple[int, int], bot: Bot, view: dict[str, Any], moves: list[dict[str, Any]]) -> None:
        self.position = position
        self.bot = bot
        self.view = view
        self.moves = moves
        self.started = False
        self.spent = 0.0  # seconds of thinking so far
        self.answer: HintAnswer[Json] | None = None

    def think(self, seconds: float | None) -> dict[str, Any] | None:
        """Think for up to ``seconds`` more (None: to the end of the budget, uncapped, as ``choose``); the
        move once decided, else None. Only a search thinks in slices; any other bot decides at once."""
        bot = self.bot
        if not isinstance(bot, SearchBot):
            return bot.choose(self.view, self.moves)
        began = time.perf_counter()
        if not self.started:
            bot.seconds = None  # the cap below counts thinking; a deadline from the start would count waiting
            bot.start(self.view, self.moves)
            self.started = True
        if seconds is None:
            bot.think()
            return bot.decision()
        left = THINK_CAP_SECONDS - self.spent - (time.perf_counter() - began)
        decided = left <= 0 or bot.think(min(seconds, left))
        self.spent += time.perf_counter() - began
        return bot.decision() if decided or self.spent >= THINK_CAP_SECONDS else None


class BadRequest(CodedError):
    """A request the bridge cannot act on; ``code`` goes back to JavaScript."""


class Bridge:
    """Sessions by id plus the ops above; ``handle`` is a module-level default instance."""

    def __init__(self) -> None:
        self.sessions: dict[str, AnyState] = {}
        self.thinking: dict[str, tuple[tuple[int, int, str], SearchBot]] = {}  # sliced searches by session
        self.hinting: dict[str, HintSearch] = {}  # each session's hint search, kept for its position
        self.pledges: dict[str, str] = {}  # the host's secrets by pledge, until a fair deal uses one
        self.fair: dict[str, FairKeys] = {}  # a fair session's secret, nonce(s) and commitment
        self.counter = 0
        self.ops: dict[str, Callable[[Request], Response]] = {
            "games": self.op_games, "new": self.op_new, "view": self.op_view,
            "legal": self.op_legal, "play": self.op_play, "bot": self.op_bot, "auto": self.op_auto,
            "hint": self.op_hint, "undo": self.op_undo,
            "record": self.op_record, "load": self.op_load, "share": self.op_share, "check_result": self.op_check_result,
            "close": self.op_close,
            "pledge": self.op_pledge, "reveal": self.op_reveal, "digest": self.op_digest, "audit": self.op_audit,
            "nonce_commitment": self.op_nonce_commitment,
        }

    def handle(self, request_json: str) -> str:
        """Answer one request; never raises."""
        try:
            response = self._dispatch(request_json)
        except BadRequest as exc:
            response = _error(exc.code, exc.message)
        except Exception:  # a bug must not crash the page; report it instead (its words may quote the input: cut)
            words = traceback.format_exc(limit=3).strip().splitlines()[-1]
            if len(words) > 4 * limits.QUOTE_CHARS:
                words = words[:4 * limits.QUOTE_CHARS] + "…"
            response = _error("internal_error", "Something went wrong inside the game engine: " + words)
        return json.dumps(response, separators=(",", ":"))

    def _dispatch(self, request_json: str) -> Response:
        if not isinstance(request_json, str):
            raise BadRequest("bad_request", "The request must be a JSON string.")
        if len(request_json) > limits.MAX_REQUEST_CHARS:
            raise BadRequest("bad_request", f"The request is {len(request_json)} characters long; at most "
                                            f"{limits.MAX_REQUEST_CHARS}.")
        try:
            request = limits.parse(request_json)
        except json.JSONDecodeError as exc:
            raise BadRequest("bad_json", f"The request is not valid JSON ({exc}).") from None
        except ValueError as exc:  # a number past the limits
            raise BadRequest("bad_request", str(exc)) from None
        except RecursionError:
            raise BadRequest("bad_json", "The request is nested too deeply to be a game request.") from None
        if not isinstance(request, dict):
            raise BadRequest("bad_request", "The request must be a JSON object with an 'op'.")
        _check_tree(request)
        op = request.get("op")
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            raise BadRequest("unknown_op", f"Unknown op {quote(op)}; known ops: {', '.join(self.ops)}.")
        return {"ok": True, **handler(request)}

    # --- ops ------------------------------------------------------------------------------
    def op_games(self, request: Request) -> Response:
        return {"games": [game.info.to_json() for game in all_games()]}

    def op_new(self, request: Request) -> Response:
        game = _game(request)
        names = _names(game.info.players, request)
        _check_whole(request.get("seed"), "bad_seed", "The seed")
        _check_options(request.get("options"), "bad_option", "options")
        _check_deal(request.get("deal"), "bad_deal", "deal")
        _check_setup(game, request.get("setup"), "")
        keys = self._fair_keys(request, game.info.players) if "fair" in request else None
        try:
            state = game.new_game(request.get("seed") if keys is None else fair_deal.seed_from(keys["secret"], keys["nonce"]),
                                  request.get("options"), request.get("deal"), request.get("setup"))
        except SetupError as exc:
            raise BadRequest(exc.code, exc.message) from None
        if names is not None:
            state.names = names
        session = self._store(state)
        if keys is not None:
            self.fair[session] = keys
            del self.pledges[_field(request["fair"], "pledge", str)]
        return {"session": session}

    def _fair_keys(self, request: Request, players: int) -> FairKeys:
        """A fair deal's secret (from its pledge), nonce (a list of one per guest at a table of several, at
        most one per seat but the host's) and commitment; the pledge is spent by the caller once the game is
        dealt, so a refused ``new`` leaves it for another try."""
        fair = _field(request, "fair", dict)
        if request.get("seed") is not None or request.get("deal") is not None:
            raise BadRequest("bad_request", "A fair deal takes its seed from both sides: leave 'seed' and 'deal' out.")
        pledge, nonce = _field(fair, "pledge", str), fair.get("nonce")
        if not _is_nonces(nonce, players):
            raise BadRequest("bad_request", f"'nonce' must be the guest's nonce, or a list of one to {players - 1} "
                                            "guests' nonces.")
        secret = self.pledges.get(pledge)
        if secret is None:
            raise BadRequest("unknown_pledge", f"There is no pledge {quote(pledge)}: ask for one with op 'pledge' "
                                               "(each deals one game).")
        try:
            fair_deal.seed_from(secret, nonce)
        except ValueError as exc:
            raise BadRequest("bad_request", str(exc)) from None
        return {"secret": secret, "nonce": nonce, "commitment": fair_deal.commitment(secret)}

    def op_check_result(self, request: Request) -> Response:
        game = _game(request)
        if "result" not in request:
            raise BadRequest("bad_request", "'check_result' needs a 'result'.")
        try:
            checked = game.state_class.check_result(request["result"])
        except SetupError as exc:
            raise BadRequest(exc.code, exc.message) from None
        provenance = game.state_class.result_provenance(checked)
        return {"result": checked} if provenance is None else {"result": checked, "provenance": provenance}

    def op_view(self, request: Request) -> ViewAnswer[Json]:
        state = self._session(request)
        player = self._viewer(state, request, "player")
        return {"ok": True, "view": state.view(player), "viewer": player, "to_act": state.to_act(),
                "over": state.is_over(), "outcome": state.told_outcome(player)}

    def op_legal(self, request: Request) -> LegalAnswer[Json, Json]:
        state = self._session(request)
        player = self._player(state, request)
        moves = state.legal_moves(player)
        answer: LegalAnswer[Json, Json] = {"ok": True, "moves": moves,
                                           "labels": [state.describe(player, m) for m in moves]}
        previews = [state.preview(player, m) for m in moves]
        if any(preview is not None for preview in previews):
            answer["previews"] = previews
        if state.undo_point(player) is not None:
            answer["can_undo"] = True
        return answer

    def op_play(self, request: Request) -> PlayAnswer[Json]:
        state = self._session(request)
        player = self._player(state, request)
        self._refuse_engine_seat(state, player)
        if "move" not in request:
            raise BadRequest("bad_request", "'play' needs a 'move'.")
        _check_move(request["move"], "malformed_move", "move")
        self._check_room(state)
        viewer = self._viewer(state, request, "viewer", default=player)
        also = self._also(state, request)
        events = self._play_safely(request["session"], state, player, request["move"])
        answer: PlayAnswer[Json] = {"ok": True, "events": state.redact_events(events, viewer)}
        if also is not None:
            answer["also"] = [_told_also(state, player, request["move"], events, seat) for seat in also]
        return answer

    def op_bot(self, request: Request) -> MoveAnswer[Json] | ThinkingAnswer:
        """The bot decides from ``view(player)`` only; the answer is redacted for ``viewer``."""
        state = self._session(request)
        player = self._player(state, request)
        self._refuse_engine_seat(state, player)
        level = request.get("level", "easy")
        if not isinstance(level, str) or level not in state.info.level_ids:
            levels = ", ".join(state.info.level_ids) or "none"
            raise BadRequest("bad_request", f"Unknown level {quote(level)}; levels: {levels}.")
        viewer = self._viewer(state, request, "viewer", default=None)
        also = self._also(state, request)
        self._check_turn(state, player)
        self._check_room(state)
        session = request["session"]
        slice_ms = _slice_ms(request)
        position = (len(state.moves), player, level)
        pending = self.thinking.pop(session, None)
        resumed = pending is not None and pending[0] == position
        bot = pending[1] if pending is not None and resumed else \
            make_bot(state.info.id, level, seed=state.seed * 1000 + len(state.moves))
        if slice_ms is None or not isinstance(bot, SearchBot):
            move = bot.choose(state.view(player), state.legal_moves(player))
        else:
            if not resumed:
                bot.seconds = THINK_CAP_SECONDS
                bot.start(state.view(player), state.legal_moves(player))
            if not bot.think(slice_ms / 1000):
                self.thinking[session] = (position, bot)
                return {"ok": True, "thinking": True, "iterations": bot.last_iterations, "budget": bot.iterations}
            move = bot.decision()
        return self._move_answer(session, state, player, move, viewer, also)

    def op_hint(self, request: Request) -> HintAnswer[Json] | ThinkingAnswer:
        """The strongest level's move for ``player``, from ``view(player)`` only; nothing is played."""
        state = self._session(request)
        player = self._player(state, request)
        self._refuse_engine_seat(state, player)
        levels = [level.id for level in state.info.levels if level.id in LEVELS.get(state.info.id, {})]
        if not levels:  # the last level a game lists is its strongest
            raise BadRequest("no_hint", f"{state.info.title} has no computer player to ask for a hint.")
        self._check_turn(state, player)
        slice_ms = _slice_ms(request)
        session = request["session"]
        position = (len(state.moves), player)
        search = self.hinting.get(session)
        if search is None or search.position != position:
            view = state.view(player)
            seed = zlib.crc32(json.dumps(view, sort_keys=True).encode())
            search = self.hinting[session] = HintSearch(position, make_bot(state.info.id, levels[-1], seed=seed),
                                                        view, state.legal_moves(player))
        if search.answer is None:
            move = search.think(None if slice_ms is None else slice_ms / 1000)
            if move is None:
                bot = search.bot
                assert isinstance(bot, SearchBot)  # only a search leaves a slice undecided
                return {"ok": True, "thinking": True, "iterations": bot.last_iterations, "budget": bot.iterations}
            search.answer = {"ok": True, "move": move, "label": state.describe(player, move),
                             "reason": _hint_reason(state, player, move, search.bot)}
        return search.answer

    def op_undo(self, request: Request) -> Response:
        """Take back the player's last move and the replies after it, unless something was seen since."""
        state = self._session(request)
        player = self._player(state, request)
        self._refuse_engine_seat(state, player)
        self._check_turn(state, player)
        if request["session"] in self.fair:
            raise BadRequest("no_undo_in_fair_game", "In a game between two devices a move stays played: your "
                                                     "friend has seen it.")
        point = state.undo_point(player)
        if point is None:
            refusal = state.undo_refusal(player)
            raise BadRequest(refusal.code, refusal.message)
        record = state.record()
        record["moves"] = record["moves"][:point]
        try:
            earlier = replay(record)
        except SetupError as exc:
            raise BadRequest(exc.code, exc.message) from None
        earlier.names = state.names
        session = request["session"]
        self.sessions[session] = earlier
        self.thinking.pop(session, None)
        self.hinting.pop(session, None)
        return {"undone": len(state.moves) - point}

    def op_auto(self, request: Request) -> MoveAnswer[Json]:
        """The game's own policy for an engine seat (a Dealer); redacted for ``viewer`` like ``bot``."""
        state = self._session(request)
        player = self._player(state, request)
        if player not in state.info.engine_seats:
            raise BadRequest("not_engine_seat", f"{state.info.seats[player].name} is played by a person or "
                                                "a bot, not by the game: use 'play' or 'bot'.")
        viewer = self._viewer(state, request, "viewer", default=None)
        also = self._also(state, request)
        self._check_turn(state, player)
        self._check_room(state)
        return self._move_answer(request["session"], state, player, state.auto_move(player), viewer, also)

    def op_record(self, request: Request) -> Response:
        record = self._session(request).record()
        keys = self.fair.get(request["session"])
        return {"record": record if keys is None else {**record, "fair": dict(keys)}}

    def op_load(self, request: Request) -> Response:
        if "record" not in request:
            raise BadRequest("bad_request", "'load' needs a 'record'.")
        _check_record(request["record"])
        try:
            state = replay(request["record"])
        except SetupError as exc:
            raise BadRequest(exc.code, exc.message) from None
        keys = _saved_fair_keys(request["record"], state.info.players)
        names = _names(state.info.players, request)
        if names is not None:
            state.names = names
        session = self._store(state)
        if keys is not None:
            self.fair[session] = keys
        return {"session": session}

    def op_share(self, request: Request) -> Response:
        """What a "share this deal" link needs, once the game is over (the seed fixes every card,
        so during play it would show the hidden ones). A deal the seed makes anyway is left out."""
        state = self._session(request)
        if not state.is_over():
            raise BadRequest("not_over", "A deal can be shared once the game is over: the seed shows every card.")
        share: dict[str, Json] = {"game": state.info.id, "seed": state.seed, "options": dict(state.options)}
        dealt = get_game(state.info.id).new_game(state.seed, state.options, setup=state.setup)
        if dealt.deal != state.deal:
            share["deal"] = state.record()["deal"]
        if state.setup is not None:
            share["setup"] = state.record()["setup"]
        return {"share": share}

    def op_close(self, request: Request) -> Response:
        self._session(request)
        self._forget(request["session"])
        return {}

    def op_pledge(self, request: Request) -> Response:
        """A secret for a fair deal, kept here; only its commitment leaves."""
        self.counter += 1
        pledge = f"p{self.counter}"
        self.pledges[pledge] = secret = fair_deal.new_secret()
        while len(self.pledges) > MAX_PLEDGES:
            del self.pledges[next(iter(self.pledges))]
        return {"pledge": pledge, "commitment": fair_deal.commitment(secret)}

    def op_reveal(self, request: Request) -> Response:
        """A fair game's secret and whole record, once it is over, for the guest's audit."""
        state = self._session(request)
        keys = self.fair.get(request["session"])
        if keys is None:
            raise BadRequest("not_fair", "This game was not dealt between two devices: it has no secret to reveal.")
        if not state.is_over():
            raise BadRequest("not_over", "The secret is revealed once the game is over: it shows every card.")
        return {"reveal": dict(keys), "record": state.record()}

    def op_nonce_commitment(self, request: Request) -> Response:
        """What a guest at a table of several sends before revealing its nonce."""
        try:
            return {"commitment": fair_deal.nonce_commitment(_field(request, "nonce", str))}
        except ValueError as exc:
            raise BadRequest("bad_request", str(exc)) from None

    def op_digest(self, request: Request) -> Response:
        if "value" not in request:
            raise BadRequest("bad_request", "'digest' needs a 'value'.")
        return {"digest": fair_deal.digest(request["value"])}

    def op_audit(self, request: Request) -> Response:
        """Replay a remote game's revealed record and check it against what the guest holds."""
        game = _game(request)
        seat = request.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.info.players:
            raise BadRequest("bad_request", f"'seat' must be 0 to {game.info.players - 1}, not {quote(seat)}.")
        record = _field(request, "record", dict)
        _check_record(record)
        options, names = request.get("options"), request.get("names")
        _check_options(options, "bad_option", "options")
        if names is not None:
            _names(game.info.players, request)
        nonces, announced = request.get("nonces"), request.get("nonce_commitments")
        if nonces is not None and not (isinstance(nonces, list) and _is_nonces(nonces, game.info.players)):
            raise BadRequest("bad_request", f"'nonces' must be a list of one to {game.info.players - 1} guests' nonces.")
        if announced is not None and not (isinstance(announced, list) and all(isinstance(c, str) for c in announced)):
            raise BadRequest("bad_request", "'nonce_commitments' must be a list of the commitments the host announced.")
        try:
            report = fair_deal.audit(game=game.info.id, seat=seat, commitment_sent=_field(request, "commitment", str),
                                     nonce=_field(request, "nonce", str), secret=_field(request, "secret", str),
                                     record=record, seen=_field(request, "seen", list), mine=_field(request, "mine", list),
                                     options=options, names=names, nonces=nonces, nonce_commitments=announced)
        except ValueError as exc:
            raise BadRequest("bad_request", str(exc)) from None
        return dict(report)

    # --- helpers --------------------------------------------------------------------------
    def _refuse_engine_seat(self, state: AnyState, player: int) -> None:
        """Only the game moves for its own seats (``auto``): neither a person nor a bot may."""
        if player in state.info.engine_seats:
            raise BadRequest("not_person_seat", f"{state.info.seats[player].name} is played by the game "
                                                "itself: ask for its move with op 'auto'.")

    def _check_room(self, state: AnyState) -> None:
        """A session whose record is full takes no more moves, so that its record still loads (``load``
        takes at most ``MAX_RECORD_MOVES``)."""
        if len(state.moves) >= MAX_RECORD_MOVES:
            raise BadRequest("record_full", f"This game has reached {MAX_RECORD_MOVES} moves, as many as a saved game "
                                            "holds: it can be saved as it is, but it takes no more moves.")

    def _check_turn(self, state: AnyState, player: int) -> None:
        error = state.check_turn(player)
        if error is not None:
            raise BadRequest(error.code, error.message)

    def _move_answer(self, session: str, state: AnyState, player: int, move: Any,
                     viewer: int | None, also: list[int] | None) -> MoveAnswer[Json]:
        """Play a move the engine chose (bot or engine seat); show it and its events to ``viewer`` (and
        to each seat of ``also``, when the request names them)."""
        events = self._play_safely(session, state, player, move)
        answer: MoveAnswer[Json] = {"ok": True, "move": state.redact_move(player, move, viewer),
                                    "events": state.redact_events(events, viewer)}
        if also is not None:
            answer["also"] = [_told_also(state, player, move, events, seat) for seat in also]
        return answer

    def _play_safely(self, session: str, state: AnyState, player: int, move: Any) -> list[dict[str, Any]]:
        """Play on the session; a bug half-way through restores the position from before."""
        backup = state.clone()
        self.hinting.pop(session, None)  # a hint is for one position: this move leaves it
        try:
            return state.play(player, move)
        except IllegalMove as exc:
            raise BadRequest(exc.code, exc.message) from None
        except Exception:
            self.sessions[session] = backup
            raise

    def _store(self, state: AnyState) -> str:
        self.counter += 1
        session = f"s{self.counter}"
        self.sessions[session] = state
        while len(self.sessions) > MAX_SESSIONS:  # drop the oldest
            self._forget(next(iter(self.sessions)))
        return session

    def _forget(self, session: str) -> None:
        del self.sessions[session]
        self.thinking.pop(session, None)
        self.hinting.pop(session, None)
        self.fair.pop(session, None)

    def _session(self, request: Request) -> AnyState:
        session = _field(request, "session", str)
        state = self.sessions.get(session)
        if state is None:
            raise BadRequest("unknown_session", f"There is no game session {quote(session)} (it may have ended).")
        return state

    def _player(self, state: AnyState, request: Request) -> int:
        player = request.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.info.players:
            raise BadRequest("bad_player", f"'player' must be 0 to {state.info.players - 1}, not {quote(player)}.")
        return player

    def _viewer(self, state: AnyState, request: Request, key: str, default: int | None = None) -> int | None:
        if key not in request:
            return default
        if request[key] is None:
            return None
        return self._player(state, {"player": request[key]})

    def _also(self, state: AnyState, request: Request) -> list[int] | None:
        """The seats a move is also told to (``also``), each a seat of the game, none twice."""
        if "also" not in request:
            return None
        seats = request["also"]
        if not isinstance(seats, list):
            raise BadRequest("bad_request", f"'also' must be a list of seats, not {quote(seats)}.")
        checked = [self._player(state, {"player": seat}) for seat in seats]
        if len(set(checked)) != len(checked):
            raise BadRequest("bad_request", "'also' names a seat twice.")
        return checked


def _told_also(state: AnyState, player: int, move: Json, events: list[Any], seat: int) -> ToldAlso[Json]:
    """``player``'s move and its events as ``seat`` may see them."""
    return {"seat": seat, "move": state.redact_move(player, move, seat), "events": state.redact_events(events, seat)}


def _field(request: Request, key: str, kind: type) -> Any:
    value = request.get(key)
    if not isinstance(value, kind):
        raise BadRequest("bad_request", f"'{key}' must be a {kind.__name__}, not {quote(value)}.")
    return value


def _slice_ms(request: Request) -> float | None:
    """The optional thinking slice of ``bot`` and ``hint``: milliseconds, 1 to 10000."""
    slice_ms = request.get("slice_ms")
    if slice_ms is not None and (isinstance(slice_ms, bool) or not isinstance(slice_ms, (int, float))
                                 or not 0 < slice_ms <= 10_000):
        raise BadRequest("bad_request", f"'slice_ms' must be a number of milliseconds (1 to 10000), "
                                        f"not {quote(slice_ms)}.")
    return slice_ms


def _hint_reason(state: AnyState, player: int, move: dict[str, Any], bot: Bot) -> str:
    """The game's words for the move, then how it fared in a search (as the search puts it)."""
    parts = [state.explain(player, move) or "the computer at its strongest would play it"]
    if isinstance(bot, SearchBot):
        words = bot.standing_words(move)
        if words:
            parts.append(words)
    return sentence("; ".join(parts)) + "."


def _names(players: int, request: Request) -> tuple[str, ...] | None:
    """The optional display names of the seats: one line of 1 to ``MAX_NAME_CHARS`` characters per seat
    (every view, label and sentence may repeat a name, so a long one would make every answer long)."""
    if "names" not in request or request["names"] is None:
        return None
    names = request["names"]
    if not (isinstance(names, list) and len(names) == players
            and all(isinstance(n, str) and n.strip() and len(n) <= limits.MAX_NAME_CHARS
                    and all(ord(c) >= 32 for c in n) for n in names)):
        raise BadRequest("bad_request", f"'names' must be a list of {players} names, one per seat, each one line "
                                        f"of 1 to {limits.MAX_NAME_CHARS} characters, not {quote(names)}.")
    return tuple(names)


def _game(request: Request) -> Game:
    """The game a request names in "game" (error ``unknown_game`` naming the known ids)."""
    game_id = _field(request, "game", str)
    if len(game_id) > limits.MAX_ID_CHARS:
        raise BadRequest("unknown_game", f"Unknown game {quote(game_id)}: a game's id is short.")
    try:
        return get_game(game_id)
    except KeyError as exc:
        raise BadRequest("unknown_game", str(exc.args[0])) from None


# --- the limits of docs/bridge-limits.md, checked before any engine copies a thing -----------------------
_TREE_CODES = {"record": "bad_record", "setup": "bad_setup", "deal": "bad_deal", "options": "bad_option",
               "move": "malformed_move", "result": "bad_result"}  # the code an engine gives the same field


def _check_tree(request: Request) -> None:
    """The whole request within the general limits (depth, lengths, strings: ``limits.tree_problem``), each
    field refused with the code its engine gives it."""
    if len(request) > limits.MAX_KEYS or any(len(key) > limits.MAX_KEY_CHARS for key in request):
        raise BadRequest("bad_request", f"A request holds at most {limits.MAX_KEYS} fields, each named in at most "
                                        f"{limits.MAX_KEY_CHARS} characters.")
    for key, value in request.items():
        problem = limits.tree_problem(value, key, depth=2)  # the request itself is the first level
        if problem is not None:
            raise BadRequest(_TREE_CODES.get(key, "bad_request"), problem)


def _check_whole(value: Json, code: str, what: str) -> None:
    """A whole number where one belongs (a seed, a version) or nothing: the engine's own check, made here so
    that the message quotes a cut piece of what it refuses."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadRequest(code, f"{what} must be a whole number, not {quote(value)}.")


def _check_setup(game: Game, setup: Json, opening: str) -> None:
    """The game's own check of a setup (``State.check_setup``) on the request as it came, before
    ``Game.new_game`` copies it: a party of hundreds of sheets is refused by its size, not after a copy of
    them all. A refusal in a record (``opening`` says so) is ``bad_record``, as ``replay`` gives it."""
    if setup is None:
        return
    try:
        game.state_class.check_setup(setup)
    except SetupError as exc:
        raise BadRequest("bad_record" if opening else exc.code, opening + exc.message) from None


def _check_move(move: Json, code: str, where: str) -> None:
    """A move within the limits of a move: small, shallow, and short strings (so an engine's message about
    an unknown card or id quotes a short one)."""
    problem = limits.tree_problem(move, where, max_depth=limits.MAX_MOVE_DEPTH, max_chars=limits.MAX_MOVE_CHARS,
                                  max_string=limits.MAX_MOVE_STRING)
    if problem is not None:
        raise BadRequest(code, problem)


def _check_options(options: Json, code: str, where: str) -> None:
    """Options as the engine reads them (``Game.resolve_options``), with short names and values."""
    if not isinstance(options, dict):
        return  # None takes the defaults; anything else the engine refuses in its own words
    for name, value in options.items():
        if len(name) > limits.MAX_ID_CHARS or isinstance(value, (dict, list)) or (
                isinstance(value, str) and len(value) > limits.MAX_ID_CHARS):
            raise BadRequest(code, f"{where} holds {quote(name)}: {quote(value)}; an option is a name and a value "
                                   f"of at most {limits.MAX_ID_CHARS} characters each.")


def _check_deal(deal: Json, code: str, where: str) -> None:
    """A forced deal: decks of card codes, shallow and short."""
    problem = limits.tree_problem(deal, where, max_depth=3, max_list=limits.MAX_DEAL_CARDS,
                                  max_string=limits.MAX_DEAL_CHARS)
    if problem is not None:
        raise BadRequest(code, problem)


def _is_nonces(value: Any, players: int) -> bool:
    """A guest's nonce (a string), or a list of one to ``players - 1`` of them (the shape only: their hex is
    checked where the seed is made)."""
    return isinstance(value, str) or (isinstance(value, list) and 1 <= len(value) < players
                                      and all(isinstance(item, str) for item in value))


def _saved_fair_keys(record: Json, players: int) -> FairKeys | None:
    """A saved fair game's secret, nonce(s) and commitment, checked against its seed (None: not a fair game)."""
    keys = record.get("fair") if isinstance(record, dict) else None
    if keys is None:
        return None
    if not (isinstance(keys, dict) and all(isinstance(keys.get(k), str) for k in ("secret", "commitment"))
            and _is_nonces(keys.get("nonce"), players)):
        raise BadRequest("bad_record", "The saved game's 'fair' must hold its secret, nonce and commitment.")
    try:
        fits = (fair_deal.commitment(keys["secret"]) == keys["commitment"]
                and fair_deal.seed_from(keys["secret"], keys["nonce"]) == record["seed"])
    except ValueError:
        fits = False
    if not fits:
        raise BadRequest("bad_record", "The saved game's fair deal does not fit its seed.")
    return {"secret": keys["secret"], "nonce": keys["nonce"], "commitment": keys["commitment"]}


def _check_record(record: Json) -> None:
    """A saved game's parts within their limits before ``replay`` copies any: its options, its deal, at
    most ``MAX_RECORD_MOVES`` moves, each within the limits of a move."""
    if not isinstance(record, dict):
        return  # ``replay`` says what a record is
    game = record.get("game")
    if isinstance(game, (dict, list)) or (isinstance(game, str) and len(game) > limits.MAX_ID_CHARS):
        raise BadRequest("bad_record", f"The saved game's 'game' must be the id of a game, not {quote(game)}.")
    _check_whole(record.get("version"), "bad_record", "The saved game's version")
    _check_whole(record.get("seed"), "bad_record", "The saved game's seed")
    _check_options(record.get("options"), "bad_record", "record.options")
    _check_deal(record.get("deal"), "bad_record", "record.deal")
    try:
        known = get_game(game) if isinstance(game, str) else None
    except KeyError:
        known = None  # ``replay`` says so
    if known is not None:
        _check_setup(known, record.get("setup"), "The saved game cannot be set up: ")
    moves = record.get("moves")
    if isinstance(moves, list):
        if len(moves) > MAX_RECORD_MOVES:
            raise BadRequest("bad_record", f"The saved game holds {len(moves)} moves; at most {MAX_RECORD_MOVES}.")
        for n, item in enumerate(moves):
            if isinstance(item, list) and len(item) == 2:
                _check_move(item[1], "bad_record", f"record.moves[{n}]")


def _error(code: str, message: str) -> ErrorAnswer:
    return {"ok": False, "error": {"code": code, "message": limits.cut(message)}}


_default = Bridge()


def handle(request_json: str) -> str:
    """The function the Web Worker calls."""
    return _default.handle(request_json)
