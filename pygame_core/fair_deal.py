"""A deal both sides of a remote game can trust (issue 29), by commit and reveal.

The host's device runs the game, so the host could pick a deck that suits it or change a move after the
fact. Instead:

1. the host draws a secret and sends only its ``commitment`` (a hash) before the guest adds anything;
2. the guest answers with a ``nonce`` of its own randomness;
3. the game is dealt from ``seed_from(secret, nonce)``: neither side alone chose it, and the host's part
   was fixed before it saw the guest's;
4. during play the guest keeps a ``digest`` of every view it was shown, with the number of moves played
   before it (its ply), and the moves it sent;
5. once the game is over the host reveals its secret and the record, and ``audit`` replays the whole game
   in the guest's own engine: the commitment, the seed, every move's legality, the guest's own moves and
   every view the guest was shown must agree, or the audit says where they first did not.

At a table of several guests (the Dealer's table, docs/remote-play.md) each guest first sends only a
``nonce_commitment``; once every seat has committed, the host announces the list, the guests reveal their
nonces, and the seed is made from the secret and every nonce in seat order (``seed_from`` over a list). A
guest in league with the host cannot then pick its nonce to suit the deal, having committed to it before it
saw the others; each guest's audit checks its own nonce is in the deal and every nonce fits the commitment
that was announced.

What this protects against: a host that chooses or stacks the deck, forces a deal, changes the guest's
move, or plays or rewrites a move the guest was not shown as played. What it cannot stop: the host's
device holds every card, so a host with a debugger can read the guest's hand during play, and in a round
played face down at once it could see the guest's card before choosing its own.

>>> secret = "ab" * 32
>>> commitment(secret)[:16]
'cd0cc57817f8ab3a'
>>> seed_from(secret, "cd" * 16) == seed_from(secret, ["cd" * 16]) < 2**52
True
>>> seed_from(secret, ["cd" * 16, "ef" * 16]) != seed_from(secret, ["ef" * 16, "cd" * 16])
True
>>> digest({"b": [1, 2], "a": "x"}) == digest({"a": "x", "b": [1, 2]})
True
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any, TypedDict

from .engine import Json, SetupError, get_game, migrate

DOMAIN = b"card saloon fair deal v1\x00"
SECRET_BYTES = 32  # the host's secret: 256 bits, so nobody finds another one with the same commitment
NONCE_BYTES = 16  # the guest's randomness: 128 bits, so the host cannot have prepared for it
SEED_BITS = 52  # a seed the page can hold (a safe JavaScript integer) and any game accepts


class Finding(TypedDict, total=False):
    """One thing the audit found wrong: where (the number of moves played before it; none for the
    deal itself) and what, in a sentence a player understands."""

    ply: int
    message: str


class Audit(TypedDict):
    """The audit's verdict: ``fair`` when nothing was found; ``findings`` in the order of the game."""

    fair: bool
    findings: list[Finding]


def new_secret() -> str:
    """The host's secret, as hex: from the operating system's randomness (``crypto.getRandomValues`` in
    the browser)."""
    return secrets.token_hex(SECRET_BYTES)


def new_nonce() -> str:
    """The guest's randomness, as hex."""
    return secrets.token_hex(NONCE_BYTES)


def _hex(value: str, size: int, what: str) -> bytes:
    """``value`` as ``size`` bytes of hex, or ValueError naming ``what``."""
    try:
        raw = bytes.fromhex(value)
    except (TypeError, ValueError):
        raw = b""
    if len(raw) != size:
        raise ValueError(f"The {what} must be {2 * size} hex digits.")
    return raw


def commitment(secret: str) -> str:
    """What the host sends before the guest adds its nonce: a hash that binds it to ``secret``."""
    return hashlib.sha256(DOMAIN + b"commit\x00" + _hex(secret, SECRET_BYTES, "host's secret")).hexdigest()


def nonce_commitment(nonce: str) -> str:
    """What a guest at a table of several sends before any nonce is revealed: a hash that binds it to
    ``nonce``."""
    return hashlib.sha256(DOMAIN + b"nonce\x00" + _hex(nonce, NONCE_BYTES, "guest's nonce")).hexdigest()


def seed_from(secret: str, nonce: str | list[str]) -> int:
    """The seed all sides made: the first ``SEED_BITS`` bits of a hash of the secret and the nonce (or every
    guest's nonce, in seat order; a list of one is the same as that one nonce)."""
    nonces = [nonce] if isinstance(nonce, str) else nonce
    if not nonces:
        raise ValueError("A fair deal needs at least one guest's nonce.")
    raw = hashlib.sha256(DOMAIN + b"seed\x00" + _hex(secret, SECRET_BYTES, "host's secret")
                         + b"".join(_hex(n, NONCE_BYTES, "guest's nonce") for n in nonces)).digest()
    return int.from_bytes(raw[:8], "big") >> (64 - SEED_BITS)


def digest(value: Json) -> str:
    """A hash of a view in one canonical spelling (keys sorted, no spaces), so the page's copy and the
    replayed one hash alike whatever order their keys came in."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _seen_by_ply(seen: list[Any]) -> dict[int, list[str]]:
    """The guest's digests, by the number of moves played before each (several views at one ply are the
    same view, or the host showed two different tables at one moment)."""
    by_ply: dict[int, list[str]] = {}
    for item in seen:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int and isinstance(item[1], str)):
            raise ValueError("Each view seen must be a [ply, digest] pair.")
        by_ply.setdefault(item[0], []).append(item[1])
    return by_ply


def _mine_by_ply(mine: list[Any]) -> dict[int, Json]:
    by_ply: dict[int, Json] = {}
    for item in mine:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int):
            raise ValueError("Each move sent must be a [ply, move] pair.")
        by_ply[item[0]] = item[1]
    return by_ply


def _nonce_findings(nonce: str, nonces: list[str] | None, announced: list[str] | None) -> list[Finding]:
    """At a table of several guests: whether this guest's nonce went into the deal, and every nonce is the
    one its guest committed to before any was revealed. Raises ValueError for nonces that are not nonces."""
    if nonces is None:
        return []
    if not nonces:
        raise ValueError("The guests' nonces must be a list of at least one.")
    fitted = [nonce_commitment(n) for n in nonces]
    findings: list[Finding] = []
    if nonce not in nonces:
        findings.append({"message": "Your randomness is not among the nonces the deal was made from: the host "
                                    "left it out."})
    if announced is not None and fitted != announced:
        findings.append({"message": "The guests' nonces are not the ones they committed to before the deal: "
                                    "one of them could have been chosen to suit it."})
    return findings


def audit(*, game: str, seat: int, commitment_sent: str, nonce: str, secret: str, record: dict[str, Any],
          seen: list[Any], mine: list[Any], options: dict[str, Any] | None = None,
          names: list[str] | None = None, nonces: list[str] | None = None,
          nonce_commitments: list[str] | None = None) -> Audit:
    """Replay the host's ``record`` in this engine and check it against what the guest in ``seat`` holds:
    the ``commitment_sent`` before the deal, its ``nonce``, the ``seen`` view digests and the ``mine``
    moves it sent, each with its ply; ``game`` and ``options`` are what the host announced, ``names``
    the seats' names the host's views were told with. At a table of several guests, ``nonces`` is every
    guest's nonce as the host revealed them (in seat order) and ``nonce_commitments`` the commitments the
    host announced before any nonce was revealed.

    The findings stop at the first move that cannot be replayed (nothing after it can be checked).
    Raises ValueError for a malformed ``seen`` or ``mine`` (the guest's own bookkeeping, not the host's).
    """
    findings: list[Finding] = []
    seen_at, mine_at = _seen_by_ply(seen), _mine_by_ply(mine)
    try:
        promised = commitment(secret)
    except ValueError as exc:
        return {"fair": False, "findings": [{"message": f"The host revealed no usable secret: {exc}"}]}
    if promised != commitment_sent:
        findings.append({"message": "The secret the host revealed is not the one it was bound to before you "
                                    "joined: it could have chosen the deck."})
    findings += _nonce_findings(nonce, nonces, nonce_commitments)
    seed = seed_from(secret, nonce if nonces is None else nonces)
    if record.get("game") != game:
        findings.append({"message": f"The record is of the game {record.get('game')!r}, not {game!r} as announced."})
        return {"fair": False, "findings": findings}
    if record.get("seed") != seed:
        findings.append({"message": "The game was not dealt from the seed made of the host's secret and your "
                                    "randomness: the host chose the deck."})
    state_class = get_game(game).state_class
    try:
        record = migrate(record, state_class)
        state = get_game(game).new_game(seed, record.get("options"), None, record.get("setup"))
    except (SetupError, KeyError) as exc:
        findings.append({"message": f"The record cannot be set up: {exc}"})
        return {"fair": False, "findings": findings}
    if record.get("deal") != state.record()["deal"]:
        findings.append({"message": "The record's cards lie in another order than the seed deals them: the "
                                    "host set the deck by hand."})
    if options is not None:
        try:
            announced = get_game(game).resolve_options(options)
        except SetupError as exc:
            announced = {"unreadable": exc.message}
        if dict(state.options) != announced:
            findings.append({"message": "The game was played with other options than the host announced."})
    if names is not None:
        state.names = tuple(names)
    moves = record.get("moves")
    if not isinstance(moves, list):
        findings.append({"message": "The record has no list of moves."})
        return {"fair": False, "findings": findings}
    stopped = False  # at a move that cannot be replayed: nothing after it can be checked
    last_label = ""  # the move just replayed, in the game's words
    for ply in range(len(moves) + 1):
        shown = seen_at.get(ply, [])
        if shown and any(d != digest(state.view(seat)) for d in shown):
            where = f"After move {ply} ({last_label})" if ply else "At the deal"
            findings.append({"ply": ply, "message": f"{where}, the table you were shown is not "
                                                    f"what the replayed game shows."})
        if ply == len(moves):
            break
        item = moves[ply]
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int):
            findings.append({"ply": ply, "message": f"Move {ply + 1} of the record is not a [seat, move] pair."})
            stopped = True
            break
        player, move = item
        if ply in mine_at and (player != seat or mine_at[ply] != move):
            findings.append({"ply": ply, "message": f"Move {ply + 1} was yours, and the record has another move there."})
        elif ply not in mine_at and player == seat:
            findings.append({"ply": ply, "message": f"Move {ply + 1} is played in your seat, and you never sent it."})
        problem = state.check(player, move) if 0 <= player < state.info.players else {"message": "no such seat"}
        if problem is not None:
            findings.append({"ply": ply, "message": f"Move {ply + 1} of the record cannot be played: {problem['message']}"})
            stopped = True
            break
        last_label = state.describe(player, move)
        state.play(player, move)
    for ply in sorted(set(mine_at) - set(range(len(moves)))):
        findings.append({"ply": ply, "message": f"Your move {ply + 1} is missing from the record."})
    if not state.is_over() and not stopped:
        findings.append({"message": "The record stops before the end of the game."})
    return {"fair": not findings, "findings": findings}

