#!/usr/bin/env python3
"""Golden playthroughs: a readable transcript of whole seeded games, one file per (game, seed).

    python3 scripts/golden.py            # regenerate tests/<id>/golden_seed7.txt for every game
    python3 scripts/golden.py --check    # exit 1 (with a diff) if a file is out of date
    python3 scripts/golden.py ID [ID...] # only these games (with or without --check)

Every person's seat is a ``RandomBot`` seeded from the game seed and the game plays its own engine
seats (``auto_move``), so a transcript depends only on the engine (and on ``cards.pick``/``shuffle``,
which are stable across Python versions). Every step shows what each player and the spectator
see, the legal moves with their labels, the move, and the events as the engine returns them and
as each viewer receives them; then the outcome and the record. ``tests/test_golden.py``
regenerates these in memory and diffs them against the files. Every registered game gets one with
its default options; a game whose options make different scenarios (the Showdown's encounters) lists
more option sets in ``tests/<id>/golden_variants.json`` and gets one transcript each,
``golden_seed7_<values>.txt``.
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygame_core import all_games, get_game  # noqa: E402
from pygame_core.bots import RandomBot  # noqa: E402

SEED = 7
TESTS_DIR = ROOT / "tests"
MAX_STEPS = 10_000
Options = dict[str, str]


def variants(game_id: str) -> list[Options]:
    """The default options, then each option set of ``tests/<id>/golden_variants.json`` (if any)."""
    listed = TESTS_DIR / game_id / "golden_variants.json"
    return [{}, *(json.loads(listed.read_text(encoding="utf-8")) if listed.exists() else [])]


GOLDEN: list[tuple[str, int, Options]] = [(game.info.id, SEED, options) for game in all_games()
                                          for options in variants(game.info.id)]


def golden_path(game_id: str, seed: int, options: Options | None = None) -> Path:
    """The game's own test folder holds its transcripts: ``tests/<id>/golden_seed<seed>[_<values>].txt``."""
    suffix = "".join(f"_{value}" for value in (options or {}).values())
    return TESTS_DIR / game_id / f"golden_seed{seed}{suffix}.txt"


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(", ", ": "))


def who(viewer: int | None) -> str:
    return "spectator" if viewer is None else f"player {viewer}"


def transcript(game_id: str, seed: int, options: Options | None = None) -> str:
    """The whole game as text; deterministic for a given engine."""
    game = get_game(game_id)
    state = game.new_game(seed=seed, options=options)
    players = list(range(game.info.players))
    viewers: list[int | None] = [*players, None]
    bots = {p: RandomBot(seed * 10 + p) for p in players if p not in game.info.engine_seats}
    lines = [f"# Golden playthrough: {game.info.title} ({game_id}), seed {seed}",
             "# Regenerate with: python3 scripts/golden.py",
             "# Bots: " + ", ".join(f"player {p} " + (f"RandomBot({seed * 10 + p})" if p in bots else "the game")
                                    for p in players),
             f"info: {dump(game.info.to_json())}",
             f"options: {dump(state.record()['options'])}",
             f"deal: {dump(state.record()['deal'])}"]
    step = 0
    while not state.is_over():
        step += 1
        if step > MAX_STEPS:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_STEPS} moves")
        to_act = state.to_act()
        lines += ["", f"== step {step}: to act {dump(to_act)}"]
        for v in viewers:
            lines.append(f"view[{who(v)}]: {dump(state.view(v))}")
        for p in to_act:
            moves = state.legal_moves(p)
            lines.append(f"legal[player {p}]: {len(moves)} moves")
            lines += [f"  {dump(m)}  # {state.describe(p, m)}" for m in moves]
        p = to_act[0]
        move = bots[p].choose(state.view(p), state.legal_moves(p)) if p in bots else state.auto_move(p)
        lines.append(f"move[player {p}]: {dump(move)}  # {state.describe(p, move)}")
        events = state.play(p, move)
        lines.append(f"events[full]: {dump(events)}")
        for v in viewers:
            lines.append(f"events[{who(v)}]: {dump(state.redact_events(events, v))}")
    lines += ["", "== over"]
    for v in viewers:
        lines.append(f"view[{who(v)}]: {dump(state.view(v))}")
    lines.append(f"outcome: {dump(state.outcome())}")
    lines.append(f"record: {dump(state.record())}")
    return "\n".join(lines) + "\n"


def diff(expected: str, actual: str, name: str) -> str:
    return "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        f"{name} (file)", f"{name} (engine now)", n=0))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wanted = [arg for arg in argv if not arg.startswith("--")]
    ids = sorted({game_id for game_id, _, _ in GOLDEN})
    unknown = sorted(set(wanted) - set(ids))
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; games: {', '.join(ids)}", file=sys.stderr)
        return 2
    status = 0
    for game_id, seed, options in GOLDEN:
        if wanted and game_id not in wanted:
            continue
        path = golden_path(game_id, seed, options)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = transcript(game_id, seed, options)
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if check:
            if old != text:
                sys.stdout.write(diff(old, text, path.name))
                status = 1
            continue
        if old != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
        else:
            print(f"unchanged {path.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
