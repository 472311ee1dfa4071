"""The engines inside real Pyodide (Python 3.14, under Node) agree with CPython.

Two long-lived processes answer bridge requests line by line: ``run_bridge.mjs``
(Pyodide, importing the built engines archive from ``dist/engines/`` as the page does)
and ``run_bridge.py`` (this CPython, importing the same archive). The test drives both in lockstep with
the same requests and demands byte-for-byte equal responses: views, legal moves,
events, outcomes and records. A seeded game that plays out identically on 3.11 and
3.14 is the proof that our seeded RNG and shuffles do not depend on the interpreter.

Needs ``node``, ``node_modules/pyodide`` (``npm ci``) and a built ``dist/``
(``python3 build.py``); ``python3 build.py test`` provides all three.
"""

from __future__ import annotations

import json
import random
import selectors
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from pygame_core.fair_deal import commitment, seed_from

pytestmark = pytest.mark.pyodide

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MANIFEST = ROOT / "dist" / "manifest.json"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

SEEDS = (7, 20240601)
MAX_STEPS = 5000  # moves per game before we call it a runaway game
START_TIMEOUT = 180.0  # loadPyodide under Node on a slow CI machine
REPLY_TIMEOUT = 60.0  # one bridge request (a hard bot could think for a while)


def built_engines() -> Path:
    """The engines archive named by dist/manifest.json, or skip with the command that makes it."""
    if not MANIFEST.exists():
        pytest.skip("dist/ is not built: run `python3 build.py` (or `python3 build.py test`)")
    engines = ROOT / "dist" / str(json.loads(MANIFEST.read_text())["engines"])
    if not engines.exists():
        pytest.skip(f"{engines} is missing: run `python3 build.py`")
    return engines


class Runner:
    """A bridge process speaking one JSON line in, one JSON line out."""

    def __init__(self, name: str, cmd: list[str]) -> None:
        self.name = name
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
            text=True, bufsize=1,
        )
        self.selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.header: dict[str, Any] = json.loads(self.read_line(START_TIMEOUT))

    def read_line(self, timeout: float) -> str:
        """One stdout line, failing with the process's stderr if it dies or hangs."""
        assert self.proc.stdout is not None
        if not self.selector.select(timeout):
            self.fail(f"no answer within {timeout:.0f} s")
        line = self.proc.stdout.readline()
        if not line:
            self.fail(f"exited with code {self.proc.wait(5)}")
        return line

    def fail(self, what: str) -> None:
        """Abort the test with what the process printed on stderr."""
        self.stderr.seek(0)
        log = self.stderr.read()[-4000:]
        pytest.fail(f"{self.name} bridge runner {what}; stderr:\n{log}", pytrace=False)

    def send(self, request: dict[str, Any] | str) -> str:
        """Send a request (a dict, or a raw line for malformed input) and return the raw response."""
        line = request if isinstance(request, str) else json.dumps(request)
        assert self.proc.stdin is not None and "\n" not in line
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.read_line(REPLY_TIMEOUT).rstrip("\n")

    def close(self) -> None:
        """Close stdin (the runner exits on EOF) and reap the process."""
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.stderr.close()


class Twin:
    """CPython and Pyodide driven in lockstep; every response must be identical."""

    def __init__(self, cpython: Runner, pyodide: Runner) -> None:
        self.cpython = cpython
        self.pyodide = pyodide
        self.transcript: list[tuple[str, str]] = []

    def ask(self, request: dict[str, Any] | str) -> dict[str, Any]:
        """Send the same request to both; fail at the first difference; return the response."""
        expected = self.cpython.send(request)
        got = self.pyodide.send(request)
        line = request if isinstance(request, str) else json.dumps(request)
        self.transcript.append((line, expected))
        if got != expected:
            recent = "\n".join(f"  > {q}\n  < {a[:300]}" for q, a in self.transcript[-6:-1])
            pytest.fail(
                f"Pyodide differs from CPython after {len(self.transcript)} requests\n"
                f"request : {line}\nCPython : {expected[:2000]}\nPyodide : {got[:2000]}\n"
                f"previous requests:\n{recent}",
                pytrace=False,
            )
        response: dict[str, Any] = json.loads(expected)
        return response

    def ok(self, request: dict[str, Any]) -> dict[str, Any]:
        """ask() for a request that must succeed (in both runtimes, as they are equal)."""
        response = self.ask(request)
        assert response.get("ok") is True, f"{request} failed: {response}"
        return response


@pytest.fixture(scope="module")
def twin() -> Iterator[Twin]:
    """Start both runners once for the module (loadPyodide takes seconds)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (Pyodide-in-Node tests need Node.js >= 18)")
    if not NODE_PYODIDE.exists():
        pytest.skip("node_modules/pyodide is missing: run `npm ci` (or `python3 build.py`)")
    engines = str(built_engines())
    cpython = Runner("CPython", [sys.executable, str(HERE / "run_bridge.py"), engines])
    try:
        pyodide = Runner("Pyodide", [node, str(HERE / "run_bridge.mjs"), engines])
    except BaseException:
        cpython.close()
        raise
    try:
        yield Twin(cpython, pyodide)
    finally:
        pyodide.close()
        cpython.close()


def game_ids(twin: Twin) -> list[str]:
    """Every game the bridge offers (so a new game is covered without touching this file)."""
    games = twin.ok({"op": "games"})["games"]
    ids = [g["id"] for g in games]
    assert ids, "the bridge lists no games"
    return ids


def observe(twin: Twin, session: str, players: int) -> dict[str, Any]:
    """Compare every player's view; return player 0's (to_act/over/outcome are shared)."""
    views = [twin.ok({"op": "view", "session": session, "player": p}) for p in range(players)]
    return views[0]


def play_out(twin: Twin, game: dict[str, Any], seed: int, choose: str) -> dict[str, Any]:
    """Play one seeded game to the end in both runtimes; return the final view response.

    choose="random": a host-side RNG picks among the legal moves (covers the engine).
    choose="bot": the bridge's easy bot picks (covers the bots' seeded randomness too).
    """
    rng = random.Random(f"{game['id']}/{seed}")
    session = twin.ok({"op": "new", "game": game["id"], "seed": seed, "options": {}, "deal": None})["session"]
    players = int(game["players"])
    for _ in range(MAX_STEPS):
        view = observe(twin, session, players)
        if view["over"]:
            break
        to_act = view["to_act"]
        assert to_act, f"{game['id']} seed {seed}: not over but nobody to act: {view}"
        player = rng.choice(to_act)  # any commit order of a simultaneous step
        if game["seats"][player]["kind"] == "engine":  # the game plays its own seat (a Dealer)
            twin.ok({"op": "auto", "session": session, "player": player})
        elif choose == "bot" and game["levels"]:  # a game run only by people has no bot: random moves
            twin.ok({"op": "bot", "session": session, "player": player, "level": "easy"})
        else:
            moves = twin.ok({"op": "legal", "session": session, "player": player})["moves"]
            assert moves, f"{game['id']} seed {seed}: player {player} to act with no legal move"
            twin.ok({"op": "play", "session": session, "player": player, "move": rng.choice(moves)})
    else:
        pytest.fail(f"{game['id']} seed {seed}: not over after {MAX_STEPS} moves")
    assert view["outcome"] is not None, f"{game['id']}: over without an outcome"
    record = twin.ok({"op": "record", "session": session})["record"]
    # The record replays to the same final position in both runtimes.
    reloaded = twin.ok({"op": "load", "record": record})["session"]
    replayed = observe(twin, reloaded, players)
    assert replayed["over"] and replayed["outcome"] == view["outcome"]
    return view


def test_runtimes_really_differ(twin: Twin) -> None:
    """Guard against comparing CPython with itself: Pyodide must run a different Python."""
    assert twin.pyodide.header["runner"] == "pyodide"
    assert twin.pyodide.header["python"].startswith("3.14"), twin.pyodide.header
    assert twin.cpython.header["python"] == sys.version.split()[0]


def test_pyodide_imports_the_engines_from_their_build_time_bytecode(twin: Twin) -> None:
    """The page starts faster because the archive carries bytecode of the runtime's own Python: every
    module must come from it (a .pyc of the wrong Python version would be skipped without a word, and
    the start would silently be slow again), and every .pyc must be compiled from the source beside it."""
    engines = twin.pyodide.header["engines"]
    assert engines["imported"] >= 10, engines
    assert engines["from_source"] == [], engines
    assert engines["stale"] == [], engines
    assert twin.cpython.header["module"].endswith("bridge.py")  # another Python compiles the sources


def test_games_listed_identically(twin: Twin) -> None:
    """The games op (ids, titles, options) is the same in both runtimes."""
    assert game_ids(twin)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_identical(twin: Twin, seed: int) -> None:
    """Every game, seeded, random legal moves: same views, moves, events, outcome, record."""
    for game in twin.ok({"op": "games"})["games"]:
        play_out(twin, game, seed, choose="random")


def test_bot_games_identical(twin: Twin) -> None:
    """Every game, seeded, easy bots on all seats: the bots' choices agree too."""
    for game in twin.ok({"op": "games"})["games"]:
        play_out(twin, game, SEEDS[0], choose="bot")


@pytest.mark.parametrize(
    "request_line",
    [
        "this is not json",
        "[1, 2, 3]",
        json.dumps({"op": "no-such-op"}),
        json.dumps({"op": "view", "session": "no-such-session", "player": 0}),
        json.dumps({"op": "new", "game": "no-such-game", "seed": 1}),
    ],
    ids=["not-json", "not-an-object", "unknown-op", "unknown-session", "unknown-game"],
)
def test_malformed_requests_answered_not_raised(twin: Twin, request_line: str) -> None:
    """A bad request is answered ok:false with a code and message, the same in both runtimes."""
    response = twin.ask(request_line)
    assert response["ok"] is False
    assert isinstance(response["error"]["code"], str) and response["error"]["code"]
    assert isinstance(response["error"]["message"], str) and response["error"]["message"]


@pytest.mark.parametrize("seed", SEEDS)
def test_mid_game_reshuffles_identical(twin: Twin, seed: int) -> None:
    """A discard pile reshuffled into the deck again and again (cards.reshuffle, DUEL-4, TOMB-6) from
    one seeded RNG: every deck order and the RNG afterwards agree between 3.11 and 3.14."""
    response = twin.ask(json.dumps({"probe": "reshuffles", "seed": seed, "draws": 60}))
    assert response["ok"] is True and len(response["decks"]) >= 3, response


def test_a_fair_deal_is_made_revealed_and_audited_alike(twin: Twin) -> None:
    """Remote play's commit and reveal (issue 29) in Pyodide: the secret's hash, the seed from both sides,
    the view digests and the guest's audit agree with CPython byte for byte. The secret is fixed (a saved
    fair game loaded from its record), since a pledge draws a new one in each runtime."""
    secret, nonce, guest = "5a" * 32, "c3" * 16, 1
    game = next(g["id"] for g in twin.ok({"op": "games"})["games"]
                if g["players"] == 2 and all(seat["kind"] != "engine" for seat in g["seats"]))
    plain = twin.ok({"op": "new", "game": game, "seed": 1})["session"]
    template = twin.ok({"op": "record", "session": plain})["record"]
    for runner in (twin.cpython, twin.pyodide):  # only its shape: each runtime draws its own secret
        pledged = json.loads(runner.send({"op": "pledge"}))
        assert pledged["ok"] and len(pledged["commitment"]) == 64
    promised, seed = commitment(secret), seed_from(secret, nonce)
    dealt = twin.ok({"op": "new", "game": game, "seed": seed})["session"]
    deal = twin.ok({"op": "record", "session": dealt})["record"]["deal"]
    fair = {"secret": secret, "nonce": nonce, "commitment": promised}
    session = twin.ok({"op": "load", "record": {**template, "seed": seed, "deal": deal, "fair": fair}})["session"]
    rng = random.Random(29)
    seen, mine = [], []
    while True:
        view = twin.ok({"op": "view", "session": session, "player": guest})
        ply = len(twin.ok({"op": "record", "session": session})["record"]["moves"])
        seen.append([ply, twin.ok({"op": "digest", "value": view["view"]})["digest"]])
        if view["over"]:
            break
        player = rng.choice(view["to_act"])
        move = rng.choice(twin.ok({"op": "legal", "session": session, "player": player})["moves"])
        if player == guest:
            mine.append([ply, move])
        twin.ok({"op": "play", "session": session, "player": player, "move": move})
    revealed = twin.ok({"op": "reveal", "session": session})
    assert revealed["reveal"] == fair
    report = twin.ok({"op": "audit", "game": game, "seat": guest, "commitment": promised, "nonce": nonce,
                      "secret": secret, "record": revealed["record"], "seen": seen, "mine": mine})
    assert report["fair"] is True, report
