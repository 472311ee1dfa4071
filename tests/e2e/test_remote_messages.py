"""The messages of a remote game (web/js/remote/messages.js, issue 29): each side reads the other's as
untrusted input. Good messages of every kind are read; a message too long, too fast, not JSON, of an unknown
kind, with a stray, missing or wrongly typed field is refused with a sentence, in the page's own module."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from saloon_site import LOAD_TIMEOUT_MS

MESSAGES = "/js/remote/messages.js"
NONCE, COMMITMENT = "ab" * 16, "cd" * 32
VIEW = {"ok": True, "view": {"hand": ["7S"]}, "viewer": 1, "to_act": [1], "over": False, "outcome": None}
GOOD_FROM_GUEST: list[dict[str, Any]] = [
    {"t": "join", "v": 1, "nonce": NONCE},
    {"t": "join", "v": 1, "resume": NONCE},
    {"t": "join", "v": 1, "pledge": COMMITMENT, "sheet": {"name": "Ada", "history": ["x" * 200] * 100}},
    {"t": "nonce", "nonce": NONCE},
    {"t": "move", "ply": 3, "move": {"type": "play", "card": "7S"}},
    {"t": "again"},
    {"t": "not_now"},
]
GOOD_FROM_HOST: list[dict[str, Any]] = [
    {"t": "hello", "v": 1, "engine": "0.1.0", "game": "some_game", "options": {"rule": "on"}, "names": ["A", "B"],
     "seat": 1, "commitment": COMMITMENT, "resume": NONCE},
    {"t": "hello", "v": 1, "engine": "0.1.0", "game": "a_table", "options": {}, "names": ["Dealer", "P1", "P2"],
     "seat": 2, "commitment": COMMITMENT, "resume": NONCE, "several": True},
    {"t": "pledges", "commitments": [COMMITMENT, "ef" * 32]},
    {"t": "table", "ply": 0, "mover": None, "answer": VIEW, "events": [], "move": None, "legal": {"moves": [{"type": "x"}], "labels": ["X"]}},
    {"t": "table", "ply": 4, "mover": 0, "answer": VIEW, "events": [{"type": "reveal"}], "move": {"type": "x"}, "legal": None},
    {"t": "refused", "message": "Not your turn."},
    {"t": "reveal", "secret": COMMITMENT, "record": {"moves": []}},
    {"t": "reveal", "secret": COMMITMENT, "record": {"moves": []}, "nonces": [NONCE, "ef" * 16]},
    {"t": "bye", "reason": "The host left."},
]
ONE_WAY_IN = "A join must bring one of: fresh randomness, its pledge, or the token to take its seat again."
BAD_FROM_GUEST = {
    "too long": ("x" * 32769, "The other device sent 32769 characters at once; at most 32768."),
    "not JSON": ("{not json", "The other device sent something that is not a message of the saloon."),
    "a list": ("[1]", "The other device sent something that is not a message of the saloon."),
    "unknown kind": ('{"t": "cheat"}', 'The other device sent a message of an unknown kind ("cheat").'),
    "a host's kind": ('{"t": "reveal", "secret": "x", "record": {}}', 'The other device sent a message of an unknown kind ("reveal").'),
    "prototype kind": ('{"t": "toString"}', 'The other device sent a message of an unknown kind ("toString").'),
    "stray field": (json.dumps({"t": "move", "ply": 1, "move": {}, "peek": True}), "The other device's move message holds a field it should not (peek)."),
    "missing field": (json.dumps({"t": "move", "move": {}}), "The other device's move message has no proper ply."),
    "negative ply": (json.dumps({"t": "move", "ply": -1, "move": {}}), "The other device's move message has no proper ply."),
    "move not an object": (json.dumps({"t": "move", "ply": 1, "move": "7S"}), "The other device's move message has no proper move."),
    "short nonce": (json.dumps({"t": "join", "v": 1, "nonce": "ab"}), "The other device's join message has no proper nonce."),
    "both": (json.dumps({"t": "join", "v": 1, "nonce": NONCE, "resume": NONCE}), ONE_WAY_IN),
    "neither": (json.dumps({"t": "join", "v": 1}), ONE_WAY_IN),
    "a nonce and a pledge": (json.dumps({"t": "join", "v": 1, "nonce": NONCE, "pledge": COMMITMENT, "sheet": {}}), ONE_WAY_IN),
    "a pledge without a character": (json.dumps({"t": "join", "v": 1, "pledge": COMMITMENT}),
                                     "A join to a table of several brings both its pledge and its character."),
    "a character without a pledge": (json.dumps({"t": "join", "v": 1, "nonce": NONCE, "sheet": {}}),
                                     "A join to a table of several brings both its pledge and its character."),
    "short pledge": (json.dumps({"t": "join", "v": 1, "pledge": "cd", "sheet": {}}), "The other device's join message has no proper pledge."),
    "nonce not hex": (json.dumps({"t": "nonce", "nonce": "zz" * 16}), "The other device's nonce message has no proper nonce."),
    "not now, with a reason": (json.dumps({"t": "not_now", "reason": "x"}),
                               "The other device's not_now message holds a field it should not (reason)."),
    "huge move": (json.dumps({"t": "move", "ply": 1, "move": {"card": "x" * 1200}}), "That move is longer than any move of the saloon's games."),
}


@pytest.fixture
def page(chromium: Any, site_url: str) -> Iterator[Any]:
    context = chromium.new_context()
    page = context.new_page()
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    page.goto(f"{site_url}/manifest.json")
    page.evaluate("async (url) => { window.messages = await import(url); }", site_url + MESSAGES)
    yield page
    context.close()


READ = """([reader, texts]) => texts.map((text) => {
    try { return JSON.stringify(window.messages[reader](text)); } catch (error) { return `${error.name}: ${error.message}`; }
})"""


def test_good_messages_are_read_as_they_were_sent(page: Any) -> None:
    for reader, messages in (("readGuestMessage", GOOD_FROM_GUEST), ("readHostMessage", GOOD_FROM_HOST)):
        read = page.evaluate(READ, [reader, [json.dumps(m) for m in messages]])
        assert [json.loads(r) for r in read] == messages


def test_bad_messages_from_a_guest_are_refused_in_words(page: Any) -> None:
    read = page.evaluate(READ, ["readGuestMessage", [text for text, _ in BAD_FROM_GUEST.values()]])
    said = dict(zip(BAD_FROM_GUEST, read))
    for name, (_, message) in BAD_FROM_GUEST.items():
        assert said[name] == f"Error: {message}", name


def test_bad_messages_from_a_host_are_refused_in_words(page: Any) -> None:
    table = GOOD_FROM_HOST[1]
    bad = {
        "an answer that is not ok": {**table, "answer": {**VIEW, "ok": False}},
        "moves and labels apart": {**table, "legal": {"moves": [{}], "labels": []}},
        "events not objects": {**table, "events": ["7S"]},
        "a long option": {**GOOD_FROM_HOST[0], "options": {"rule": "x" * 41}},
        "no resume": {key: value for key, value in GOOD_FROM_HOST[0].items() if key != "resume"},
        "several, but not true": {**GOOD_FROM_HOST[1], "several": 1},
        "a pledge not hex": {"t": "pledges", "commitments": ["x" * 64]},
        "a nonce too short": {"t": "reveal", "secret": COMMITMENT, "record": {}, "nonces": ["ab"]},
    }
    read = page.evaluate(READ, ["readHostMessage", [json.dumps(m) for m in bad.values()]])
    assert all(r.startswith("Error: The other device's ") for r in read), read
    assert page.evaluate(READ, ["readHostMessage", ["x" * 200_001]]) == [
        "Error: The other device sent 200001 characters at once; at most 200000."]
    assert page.evaluate(READ, ["readHostMessage", [json.dumps({"t": "move", "ply": 0, "move": {}})]])[0].endswith(
        'a message of an unknown kind ("move").')


def test_the_rate_gate_lets_a_person_through_and_refuses_a_flood(page: Any) -> None:
    admitted = page.evaluate("""() => {
        const gate = new window.messages.RateGate(20);
        const burst = Array.from({ length: 30 }, (_, n) => gate.admit(1000 + n));
        const later = gate.admit(2000);
        return { burst: burst.filter(Boolean).length, later };
    }""")
    assert admitted == {"burst": 20, "later": True}
