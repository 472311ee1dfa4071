"""Helpers for bridge tests: send a request, demand strict JSON, and check a session is unchanged.

Shared by the generic ``tests/test_bridge.py``, the toy-game protocol tests and each game's
``tests/<id>/test_bridge_flow.py`` (``tests/`` is on ``sys.path``, so this imports as a module).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from pygame_core.bridge import Bridge
from pygame_core.limits import QUOTE_CHARS


def _no_constants(name: str) -> Any:
    raise AssertionError(f"the response holds {name}, which is not JSON")


def parse(text: Any) -> dict[str, Any]:
    assert isinstance(text, str)
    response = json.loads(text, parse_constant=_no_constants)
    assert isinstance(response, dict) and isinstance(response.get("ok"), bool), response
    if not response["ok"]:
        assert set(response) == {"ok", "error"}
        error = response["error"]
        assert set(error) == {"code", "message"}
        assert isinstance(error["code"], str) and error["code"]
        assert isinstance(error["message"], str) and error["message"].strip()
    return response


def call(bridge: Bridge, request: Any) -> dict[str, Any]:
    """Send a request (a dict is encoded; a str is sent as it is)."""
    text = request if isinstance(request, str) else json.dumps(request)
    return parse(bridge.handle(text))


def ok(bridge: Bridge, request: Any) -> dict[str, Any]:
    response = call(bridge, request)
    assert response["ok"] is True, response
    return response


def ok_with(bridge: Bridge, **request: Any) -> dict[str, Any]:
    """``ok`` with the request's fields as keywords: ``ok_with(b, op="view", session=s, player=0)``."""
    return ok(bridge, request)


def refusal(bridge: Bridge, **request: Any) -> str:
    """The error code of a request that must fail, its fields as keywords."""
    response = call(bridge, request)
    assert response["ok"] is False, response
    return str(response["error"]["code"])


def fails(bridge: Bridge, request: Any, code: str) -> dict[str, Any]:
    response = call(bridge, request)
    assert response["ok"] is False, response
    assert response["error"]["code"] == code, response
    return response


def session_state(bridge: Bridge, session: str = "s1") -> str:
    """Everything the bridge tells about a session, as one string."""
    players = list(range(bridge.sessions[session].info.players))
    parts = [ok(bridge, {"op": "record", "session": session})]
    for player in [*players, None]:
        parts.append(ok(bridge, {"op": "view", "session": session, "player": player}))
    for player in players:
        parts.append(ok(bridge, {"op": "legal", "session": session, "player": player}))
    return json.dumps(parts, sort_keys=True)


def strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(strings(v) for v in value))
    return set()


class Unchanged:
    """``with Unchanged(bridge):`` asserts the session and the session list are untouched."""

    def __init__(self, bridge: Bridge, session: str = "s1") -> None:
        self.bridge, self.session = bridge, session

    def __enter__(self) -> "Unchanged":
        self.before = session_state(self.bridge, self.session)
        self.sessions = sorted(self.bridge.sessions)
        return self

    def __exit__(self, *exc: Any) -> None:
        if exc[0] is None:
            assert session_state(self.bridge, self.session) == self.before
            assert sorted(self.bridge.sessions) == self.sessions


# --- the bridge's limits (docs/bridge-limits.md) ------------------------------------------------------------
QUICK_SECONDS = 2.0  # a refusal at the door, generous for a loaded machine (measured: well under 0.1 s)


def deep(levels: int) -> Any:
    """A JSON object nested ``levels`` deep."""
    value: Any = {}
    for _ in range(levels):
        value = {"x": value}
    return value


def timed(bridge: Bridge, request: Any) -> tuple[dict[str, Any], float]:
    text = request if isinstance(request, str) else json.dumps(request)
    start = time.perf_counter()
    answer = json.loads(bridge.handle(text))
    return answer, time.perf_counter() - start


def refused_quickly(bridge: Bridge, request: Any, code: str) -> str:
    """The message of a refusal with ``code`` that took at most ``QUICK_SECONDS`` and quotes nothing long."""
    answer, seconds = timed(bridge, request)
    assert answer["ok"] is False and answer["error"]["code"] == code, answer
    assert seconds < QUICK_SECONDS, seconds
    message = str(answer["error"]["message"])
    assert len(message) <= 300 and not re.search("(.)\\1{%d,}" % QUOTE_CHARS, message), message
    return message
