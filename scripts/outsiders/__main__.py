"""Pit a computer level (or a reference player) against a reference player written from the rules.

    python scripts/outsiders grit --a hard --b montecarlo --games 400 --seed 9000000
    python scripts/outsiders grit --a hard --b greedy --games 400 --json
    python scripts/outsiders grit --a hard --b montecarlo --playouts 100 --seconds 0.05
    python scripts/outsiders grit --a hard --b montecarlo --set /path/to/other/outsiders
    python3 build.py outsiders grit --a hard --b montecarlo     # the same, in the project's venv

A side is a level id of the game (easy, normal, hard) or an outsider kind (greedy, montecarlo). Seats
are swapped on every deal (``python -m pygame_core simulate``'s rule). It prints A's share of the
decided games with its 95% Wilson interval, wins, losses and draws, and each side's think time per
decision (median, 95th percentile, maximum). ``--set PATH`` takes the reference players from another
package folder with the same interface (``KINDS``, ``make_outsider``): a held-out set.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (str(ROOT), str(HERE.parent)):
    if path not in sys.path:
        sys.path.insert(0, path)

import outsiders  # noqa: E402
from pygame_core import get_game  # noqa: E402
from pygame_core.__main__ import PlayerFactory, percent, simulate, think_line  # noqa: E402
from pygame_core.bots import Bot, make_bot  # noqa: E402


def player_factory(game_id: str, players: ModuleType, playouts: int | None, seconds: float | None) -> PlayerFactory:
    """Names to bots: a level id of the game, or a kind of ``players`` (an outsider set)."""
    levels = get_game(game_id).info.level_ids

    def make(name: str, seed: int) -> Bot:
        if name in levels:
            return make_bot(game_id, name, seed)
        bot: Bot = players.make_outsider(game_id, name, seed, playouts=playouts, seconds=seconds)
        return bot

    return make


def measure(game_id: str, a: str, b: str, games: int, seed: int, playouts: int | None = None,
            seconds: float | None = None, players: ModuleType | None = None, quiet: bool = True) -> dict[str, Any]:
    """``simulate`` between two sides (level ids or outsider kinds), seats swapped every deal; with
    ``quiet`` False a progress line every 20 games (stderr) so a long run can be stopped early."""
    chosen = players or outsiders
    names = set(get_game(game_id).info.level_ids) | set(chosen.KINDS)
    for side in (a, b):
        if side not in names:
            raise ValueError(f"{side!r} is neither a level of {game_id} nor an outsider kind; "
                             f"choose from {', '.join(sorted(names))}.")

    def progress(done: int, counts: dict[str, int]) -> None:
        if not quiet and (done % 20 == 0 or done == games):
            decided = counts["wins_a"] + counts["wins_b"]
            share = counts["wins_a"] / decided * 100 if decided else 0.0
            print(f"  {done}/{games} games: A {counts['wins_a']}, B {counts['wins_b']}, draws {counts['draws']} "
                  f"(A {share:.1f}% of decided)", file=sys.stderr, flush=True)

    report = simulate(game_id, games, a, b, seed, make_player=player_factory(game_id, chosen, playouts, seconds),
                      progress=progress)
    report["seed"] = seed
    report["playouts"] = playouts
    report["seconds"] = seconds
    report["set"] = getattr(chosen, "__file__", None)
    return report


def table(report: dict[str, Any]) -> str:
    """The match as a designer reads it."""
    lines = [f"{report['game']}: {report['games']} games from seed {report['seed']}, {report['a']} (A) against "
             f"{report['b']} (B), seats swapped on every deal",
             f"  A wins {report['wins_a']}, B wins {report['wins_b']}, draws {report['draws']}",
             f"  A's share of decided games  {percent(report['decided_a'])}",
             f"  A ({report['a']}) thinks  {think_line(report['think_a'])}",
             f"  B ({report['b']}) thinks  {think_line(report['think_b'])}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/outsiders", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--a", default="hard", help="a level id or an outsider kind (default hard)")
    parser.add_argument("--b", default="montecarlo", help="a level id or an outsider kind (default montecarlo)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--playouts", type=int, help="Monte Carlo playouts per decision (default: the game's)")
    parser.add_argument("--seconds", type=float, help="a deadline that may cut a Monte Carlo decision short")
    parser.add_argument("--set", dest="set_path", help="a package folder of other reference players")
    parser.add_argument("--json", action="store_true", help="print the raw numbers as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    players = outsiders.load_set(args.set_path) if args.set_path else None
    try:
        report = measure(args.game, args.a, args.b, args.games, args.seed, args.playouts, args.seconds, players,
                         quiet=args.quiet or args.json)
    except (ValueError, KeyError) as refused:
        parser.error(str(refused))
    print(json.dumps(report) if args.json else table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
