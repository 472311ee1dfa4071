"""A deterministic fuzz of the JSON bridge for every game (docs/bridge-limits.md, issue 27 point 1).

A session of each game walks through a game by random legal moves; before each step a hostile request is
sent: text that is not JSON or not a request, fields of the wrong type or far past the limits (huge
strings, numbers past the safe integers, deep nesting, long lists), mutated legal moves, damaged records,
damaged setups and imported results. Every answer must be strict JSON with ``ok``, never an
``internal_error``; a refused request leaves the session's record, every view and every seat's legal moves
byte-identical; an accepted ``play`` was one of the legal moves; no request takes longer than
``BUDGET_SECONDS``. The seeds are fixed (``random.Random(game id)``), so a failure replays exactly.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any, Callable

import pytest

from bridge_calls import deep, ok, parse, session_state
from pygame_core import all_games, get_game
from pygame_core.bridge import Bridge
from pygame_core.limits import MAX_REQUEST_CHARS, MAX_SAFE_INTEGER, QUOTE_CHARS

GAME_IDS: list[str] = [game.info.id for game in all_games()]
NEW_ANY_GAME = '{"op": "new", "game": "%s", "seed": ' % GAME_IDS[0]
STEPS = 90  # hostile requests per game: the whole file stays well under a minute on a busy two-core machine
BUDGET_SECONDS = 2.0  # per request, generous for a loaded machine (the slowest measured is far below)
BIG = "x" * 5_000
JUNK: list[Any] = [None, True, False, 0, -1, 1.5, 2**53 - 1, -(2**53 - 1), "", "s1", "play", "AS", BIG, [], {},
                   [0, 1], {"type": None}, {"a": [1, {"b": None}]}, "\u0000", "\ud7ff\n"]
RAW: list[str] = ["", " ", "{", "}", "[]", "null", "0", '"op"', '{"op":', '{"op": "view"', "{'op': 'view'}",
                  '{"op": NaN}', '{"op": "view", "player": Infinity}', '{"op": "view", "player": -Infinity}',
                  NEW_ANY_GAME + '18446744073709551616}',
                  NEW_ANY_GAME + '1' + "0" * 400 + "}",
                  NEW_ANY_GAME + '1' + "0" * 5_000 + "}",
                  NEW_ANY_GAME + '1e400}', NEW_ANY_GAME + '-1e400}',
                  '{"op": "view", "session": "s1", "player": 0.' + "0" * 1_000 + "1}",
                  "[" * 100_000 + "]" * 100_000, '{"a":' * 5_000 + "0" + "}" * 5_000,
                  '{"op": "games"' + ', "x": 0' * 200 + "}", '{"op": "view", "session": "s1"}\x00',
                  '{"op": "view", "session": "s1", "session": "s1", "player": 0}']
ECHO = re.compile("(.)\\1{%d,}" % QUOTE_CHARS)  # one character repeated past a quote's length
# per game, the most any request took and the longest refusal's message (printed: ``pytest -s``)
slowest: dict[str, float] = {}
longest: dict[str, int] = {}




def numbers(value: Any) -> list[int | float]:
    """Every number in a JSON value."""
    if isinstance(value, dict):
        return [n for item in value.values() for n in numbers(item)]
    if isinstance(value, list):
        return [n for item in value for n in numbers(item)]
    return [value] if isinstance(value, (int, float)) and not isinstance(value, bool) else []


def mutations(value: Any, rng: random.Random) -> list[Any]:
    """Near misses and oversized versions of one JSON value (a move, a record, a sheet, a setup)."""
    out: list[Any] = [deep(rng.choice([20, 490, 500])), [value] * 2, [0] * 3_001, BIG]
    if isinstance(value, bool) or value is None:
        return out + [not value, 0, "true"]
    if isinstance(value, int):
        return out + [value + 1, -value - 1, float(value) + 0.5, str(value), MAX_SAFE_INTEGER + value, 2**64]
    if isinstance(value, float):
        return out + [int(value), str(value), 1e308]
    if isinstance(value, str):
        return out + [value[:-1], value + value, value.lower(), value * 1_000, value + "\n", None]
    if isinstance(value, list):
        out += [value[:-1], value + value[-1:], list(reversed(value)), value * 2]
        if value:
            n = rng.randrange(len(value))
            out += [value[:n] + [alt] + value[n + 1:] for alt in rng.sample(mutations(value[n], rng), 3)]
        return out
    if isinstance(value, dict):
        out += [{**value, "extra": 0}, {**value, "k" * 100: 0}]
        if value:
            key = rng.choice(sorted(value))
            out.append({k: v for k, v in value.items() if k != key})
            out += [{**value, key: alt} for alt in rng.sample(mutations(value[key], rng), 3)]
        return out
    return out


class Fuzz:
    """One game's session, its hostile requests, and the checks after each."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.rng = random.Random(game_id)
        self.bridge = Bridge()
        self.players = get_game(game_id).info.players
        self.session = self.new_session()

    def new_session(self) -> str:
        return str(ok(self.bridge, {"op": "new", "game": self.game_id, "seed": self.rng.randrange(2**31)})["session"])

    def send(self, request: Any) -> dict[str, Any]:
        """Send a request (a str as it is, anything else as JSON), timed; demand strict JSON and no bug."""
        text = request if isinstance(request, str) else json.dumps(request)
        start = time.perf_counter()
        answer_text = self.bridge.handle(text)
        seconds = time.perf_counter() - start
        slowest[self.game_id] = max(slowest.get(self.game_id, 0.0), seconds)
        assert seconds <= BUDGET_SECONDS, (seconds, text[:200])
        answer = parse(answer_text)
        if not answer["ok"]:
            message = answer["error"]["message"]
            assert answer["error"]["code"] != "internal_error", (answer, text[:300])
            assert not ECHO.search(message), message  # a refused value comes back cut, if at all
            longest[self.game_id] = max(longest.get(self.game_id, 0), len(message))
        return answer

    def view(self) -> dict[str, Any]:
        return ok(self.bridge, {"op": "view", "session": self.session})

    def legal(self, player: int) -> list[Any]:
        return list(ok(self.bridge, {"op": "legal", "session": self.session, "player": player})["moves"])

    def record(self) -> dict[str, Any]:
        return dict(ok(self.bridge, {"op": "record", "session": self.session})["record"])

    # --- the hostile requests ---------------------------------------------------------------------------
    def hostile(self) -> tuple[dict[str, Any] | str, Callable[[dict[str, Any]], None] | None]:
        """A hostile request, and a check of its answer when it is accepted (None: it must be refused or
        may be accepted without changing this session)."""
        kind = self.rng.choice(["raw", "raw", "fields", "fields", "move", "move", "move", "record", "record",
                                "new", "result", "oversized"])
        return getattr(self, f"_{kind}")()

    def _raw(self) -> tuple[str, None]:
        text = self.rng.choice(RAW)
        if self.rng.random() < 0.5:  # a valid request damaged at one character
            good = json.dumps({"op": "legal", "session": self.session, "player": 0})
            n = self.rng.randrange(len(good))
            text = good[:n] + self.rng.choice(['"', "{", "]", ",", "\\", "9", ""]) + good[n + 1:]
        return text, None

    def _fields(self) -> tuple[dict[str, Any], None]:
        op = self.rng.choice(["view", "legal", "play", "bot", "hint", "undo", "auto", "record", "share", "close",
                              "check_result", "load", "new", "games", "pledge", "reveal", "digest", "audit",
                              "nonce_commitment", "fly",
                              None, 7])
        request: dict[str, Any] = {"op": op, "session": self.session, "player": 0}
        key = self.rng.choice(["session", "player", "viewer", "level", "slice_ms", "move", "op", "game"])
        request[key] = self.rng.choice(JUNK + [deep(500), [0] * 3_001, "s" * 200_000])
        if op in ("bot", "hint"):  # a valid one may think for long: these must fail before they think
            request["player"] = self.rng.choice([-1, self.players, "0", None, 2**53 - 1])
        if op == "close" and request["session"] == self.session:
            request["session"] = "s999"
        if op in ("load", "new"):
            request.pop("session")
            request[self.rng.choice(["record", "game", "names", "seed"])] = self.rng.choice(JUNK)
        return request, None

    def _move(self) -> tuple[dict[str, Any], Callable[[dict[str, Any]], None] | None]:
        due = self.view()["to_act"]
        player = self.rng.choice(due) if due and self.rng.random() < 0.8 else self.rng.randrange(self.players)
        legal = self.legal(player)
        base = self.rng.choice(legal) if legal else {"type": "play"}
        move = self.rng.choice(mutations(base, self.rng))

        def accepted_only_if_legal(answer: dict[str, Any]) -> None:
            assert move in legal, (self.game_id, player, move)

        return {"op": "play", "session": self.session, "player": player, "move": move}, accepted_only_if_legal

    def _record(self) -> tuple[dict[str, Any], Callable[[dict[str, Any]], None]]:
        record = self.record()
        damaged = self.rng.choice(mutations(record, self.rng))
        request: dict[str, Any] = {"op": "load", "record": damaged}
        if self.rng.random() < 0.3:
            request["names"] = self.rng.choice([["n" * 41] * self.players, ["a"] * (self.players + 1), [BIG]])
        return request, self.close_loaded

    def _new(self) -> tuple[dict[str, Any], Callable[[dict[str, Any]], None]]:
        request: dict[str, Any] = {"op": "new", "game": self.game_id, "seed": self.rng.randrange(2**31)}
        record = self.record()
        key = self.rng.choice(["seed", "options", "deal", "setup", "names"])
        request[key] = self.rng.choice(mutations(record.get(key) if key in record else ["Ann"] * self.players,
                                                 self.rng))
        return request, self.close_loaded

    def _result(self) -> tuple[dict[str, Any], None]:
        outcome = self.view()["outcome"]
        result = (outcome or {}).get("result") if self.rng.random() < 0.5 else self.record().get("setup")
        request = {"op": "check_result", "game": self.game_id, "result": self.rng.choice(mutations(result, self.rng))}
        return request, None

    def _oversized(self) -> tuple[str, None]:
        """Past the size of a whole request, or a huge field just within it."""
        pad = self.rng.choice([MAX_REQUEST_CHARS + 1, MAX_REQUEST_CHARS - 200])
        field = self.rng.choice(["session", "names", "move", "game"])
        value: Any = "x" * pad if field != "names" else ["y" * (pad // self.players)] * self.players
        text = json.dumps({"op": "play" if field == "move" else "view", "session": self.session, "player": 0,
                           field: value})
        return text, None

    def close_loaded(self, answer: dict[str, Any]) -> None:
        """A damaged record or setup that still makes a game (a record cut short is a good one) makes a
        session of its own that shows itself and gives a record JavaScript reads back exactly (no number past
        the safe integers); it is closed again so the fuzzed session is never the oldest one dropped."""
        session = answer["session"]
        assert session != self.session
        ok(self.bridge, {"op": "view", "session": session})
        record = ok(self.bridge, {"op": "record", "session": session})["record"]
        assert all(abs(n) <= MAX_SAFE_INTEGER for n in numbers(record)), record
        ok(self.bridge, {"op": "close", "session": session})

    # --- a step ---------------------------------------------------------------------------------------------
    def step(self) -> None:
        request, when_accepted = self.hostile()
        before = session_state(self.bridge, self.session)
        answer = self.send(request)
        if not answer["ok"]:
            assert session_state(self.bridge, self.session) == before, (self.game_id, str(request)[:300])
        elif when_accepted is not None:
            when_accepted(answer)
        elif isinstance(request, dict) and request.get("op") == "close":
            raise AssertionError(f"the fuzzed session was closed by {request}")
        self.advance()

    def advance(self) -> None:
        """One random legal move (or the game's own for an engine seat); a new game once this one is over."""
        view = self.view()
        if view["over"] or not view["to_act"]:
            self.session = self.new_session()
            return
        player = self.rng.choice(view["to_act"])
        if player in get_game(self.game_id).info.engine_seats:
            ok(self.bridge, {"op": "auto", "session": self.session, "player": player})
            return
        moves = self.legal(player)
        ok(self.bridge, {"op": "play", "session": self.session, "player": player, "move": self.rng.choice(moves)})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_requests_never_break_or_change_a_session(game_id: str) -> None:
    fuzz = Fuzz(game_id)
    for _ in range(STEPS):
        fuzz.step()
    print(f"\n{game_id}: slowest request {slowest[game_id]:.3f} s, longest refusal {longest[game_id]} characters")

