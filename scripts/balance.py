#!/usr/bin/env python3
"""The designers' balance report: ``docs/balance.md`` and its plots, from fresh simulations.

    python3 build.py balance                 # every game with computer levels, 1000 games per row
    python3 build.py balance --games 200     # a quicker look
    python3 build.py balance GAME [GAME...]  # only these games (the others' rows are kept)
    python3 build.py balance --outsiders GAME --jobs 1   # only the rows against the reference players
    python3 build.py balance --outsiders GAME --set PATH # ... against another set (a held-out one)
    python3 build.py balance --outsiders GAME --level hard --kind montecarlo  # one row, merged into the rest

For each game it plays ``pygame_core.__main__.simulate`` three times, seats swapped on every deal:
normal against normal (is the game fair: the seats' and the opener's share of decided games, how long
a game lasts, how far apart the scores end) and the level ladder (normal against easy, hard against
normal). Then each level against the reference players written from the rules alone
(``scripts/outsiders``: a one-ply greedy player and a flat Monte Carlo one), on seeds from 9,000,000
that no calibration used (issue 28's bar: the Gunslinger wins at least 60% of the decided games
against both, the interval's lower end above 55%), with both sides' think times. ``--outsiders``
runs only those rows; ``--set PATH`` plays them against another set with the same interface (kept
beside ours under the folder's name); ``--level`` and ``--kind`` pick some of them (a slow game's row of
1,000 games takes the better part of an hour), merged into the rows kept from earlier runs. The rows run
in parallel, one process per core (``--jobs``).
The numbers go to ``docs/balance/results.json``; the page and the plots (``docs/balance/<game>-*.png``,
drawn with matplotlib, a dev-only dependency that never enters the wheel) are written from that
file, so a run for one game keeps the other games' figures.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
for _path in (str(ROOT), str(ROOT / "scripts")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import outsiders  # noqa: E402
from outsiders.__main__ import measure  # noqa: E402
from pygame_core import all_games, get_game  # noqa: E402
from pygame_core.__main__ import simulate  # noqa: E402

DOCS = ROOT / "docs"
PLOTS = DOCS / "balance"
RESULTS = PLOTS / "results.json"
PAIRINGS = (("normal", "normal"), ("normal", "easy"), ("hard", "normal"))
LEVELS = ("easy", "normal", "hard")
OUTSIDER_SEED = 9_000_000  # held out: the levels were tuned and calibrated on seeds below it
OURS = "outsiders"  # the key of scripts/outsiders' rows (another set is kept under its folder's name)

Task = tuple[str, str, str, int, str | None]  # game, A, B, games, the outsider set's folder (None: a level row)


def run_row(task: Task, loud: bool = False) -> tuple[str, str, str | None, dict[str, Any], float]:
    """One simulation (in a worker process): (game, "a-b", outsider set or None, report, seconds); ``loud``:
    an outsider row prints a progress line every 20 games."""
    game_id, a, b, games, set_path = task
    started = time.perf_counter()
    if set_path is None:
        report = simulate(game_id, games, a, b, seed=20_000, details=True)
        label = None
    else:
        players = None if set_path == OURS else outsiders.load_set(set_path)
        report = measure(game_id, a, b, games, OUTSIDER_SEED, players=players, quiet=not loud)
        label = OURS if set_path == OURS else Path(set_path).resolve().name
        if report.get("set"):  # the set's file as the repository names it, not as this machine does
            report["set"] = Path(report["set"]).resolve().relative_to(ROOT).as_posix()
    return game_id, f"{a}-{b}", label, report, time.perf_counter() - started


def level_label(game_id: str, level: str) -> str:
    """A level as the setup form names it: "Deputy (normal)"."""
    for spec in get_game(game_id).info.levels:
        if spec.id == level:
            return f"{spec.label} ({level})"
    return level


def pct(cell: dict[str, Any]) -> str:
    low, high = cell["rate_95"]
    return f"{cell['rate'] * 100:.1f}% [{low * 100:.1f}, {high * 100:.1f}]"


def think_p95(cell: dict[str, Any]) -> str:
    """A think time's 95th percentile: whole milliseconds, or tenths below 10 ms."""
    ms = cell["p95_ms"]
    return f"{ms:.0f} ms" if ms >= 10 else f"{ms:.1f} ms"


def meets_bar(cell: dict[str, Any]) -> bool:
    """A level clearly stronger than the one below: 60% of decided games, the interval above 55%."""
    return bool(cell["rate"] >= 0.6 and cell["rate_95"][0] > 0.55)


def mean(cell: dict[str, Any]) -> str:
    low, high = cell["mean_95"]
    return f"{cell['mean']:.2f} [{low:.2f}, {high:.2f}]"


def plot_game(game_id: str, rows: dict[str, dict[str, Any]]) -> list[str]:
    """Three pictures of one game; returns their file names (relative to docs/)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = []
    fair = rows["normal-normal"]
    details = fair["details"]
    title = get_game(game_id).info.title

    fig, ax = plt.subplots(figsize=(6, 3.2))
    lengths = details["rounds"] or details["moves"]
    ax.hist(lengths, bins=range(int(min(lengths)), int(max(lengths)) + 2), color="#8c5a2b", edgecolor="white")
    ax.set_xlabel("rounds per game" if details["rounds"] else "moves per game")
    ax.set_ylabel("games")
    ax.set_title(f"{title}: how long a game lasts (normal vs normal)")
    names.append(save(fig, f"{game_id}-length.png"))

    fig, ax = plt.subplots(figsize=(6, 3.2))
    margins = [a - b for a, b in zip(details["scores"][0], details["scores"][1])]
    ax.hist(margins, bins=30, color="#3d6b8c", edgecolor="white")
    ax.axvline(0, color="black", linewidth=1)
    ax.set_xlabel("Player 1's score minus Player 2's (the game's own units)")
    ax.set_ylabel("games")
    ax.set_title(f"{title}: final score spread (normal vs normal)")
    names.append(save(fig, f"{game_id}-scores.png"))

    fig, ax = plt.subplots(figsize=(6, 3.2))
    bars = [("Player 1", fair["seats"][0])]
    if fair["opener"]:
        bars.append((fair["opener"]["label"], fair["opener"]))
    bars += [(f"{rows[key]['a']} vs {rows[key]['b']}", rows[key]["decided_a"]) for key in ("normal-easy", "hard-normal")]
    rates = [cell["rate"] * 100 for _, cell in bars]
    errors = [[(cell["rate"] - cell["rate_95"][0]) * 100 for _, cell in bars],
              [(cell["rate_95"][1] - cell["rate"]) * 100 for _, cell in bars]]
    ax.bar([label for label, _ in bars], rates, yerr=errors, capsize=4,
           color=["#8c5a2b", "#b08d57", "#3d6b8c", "#2b4a5f"][:len(bars)])
    ax.axhline(50, color="black", linewidth=1, linestyle="--")
    ax.set_ylim(0, 100)
    ax.set_ylabel("% of decided games won (95% interval)")
    ax.set_title(f"{title}: fairness and the level ladder")
    names.append(save(fig, f"{game_id}-shares.png"))
    return names


def save(fig: Any, name: str) -> str:
    fig.tight_layout()
    # fixed metadata: the same numbers draw the same bytes, so git only sees a plot change when it did
    fig.savefig(PLOTS / name, dpi=100, metadata={"Software": None})
    import matplotlib.pyplot as plt

    plt.close(fig)
    return f"balance/{name}"


def write_page(results: dict[str, Any]) -> None:
    lines = ["# Balance and computer levels",
             "",
             "Generated by `python3 build.py balance` (scripts/balance.py) from fresh simulations: bots",
             "against bots with the seats swapped on every deal, so both sides get the same cards and the",
             "same opener equally often. Every figure has its 95% interval (Wilson for shares, normal",
             "approximation for means). A share of *decided* games leaves draws out. The bar for the",
             "levels: each wins at least 60% of the decided games against the one below it, with the",
             "interval's lower end above 55%. A's score margin is A's final score less B's, in the game's",
             "own scores (in a game where the lower score wins, a good margin is negative).",
             "",
             "**Against outsiders**: each level against reference players written from the rule texts alone,",
             "with no knowledge of our bots (`scripts/outsiders`, issue 28): a one-ply greedy player and a",
             "determinized flat Monte Carlo player (random playouts over sampled hidden cards, about 50 ms a",
             "move), on seeds from 9,000,000 that no calibration used. The bar is the Gunslinger's: at least",
             "60% of the decided games against both, the interval's lower end above 55%. Think times are the",
             "95th percentile of one decision (CPython, this machine, busy or not: compare within a row).",
             ""]
    for game_id in sorted(results):
        title = get_game(game_id).info.title
        lines += [f"## {title}", ""]
        if "rows" in results[game_id]:
            lines += level_section(game_id, results[game_id])
        for label, entry in sorted(results[game_id].get("outsider_sets", {}).items()):
            lines += outsider_section(game_id, label, entry)
    (DOCS / "balance.md").write_text("\n".join(lines))


def outsider_section(game_id: str, label: str, entry: dict[str, Any]) -> list[str]:
    """The levels against one set of reference players: a row per level and kind."""
    rows = entry["rows"]
    which = "the reference players (`scripts/outsiders`)" if label == OURS else f"the set `{label}`"
    lines = [f"**Against outsiders**: {which}, each row's games from seed {OUTSIDER_SEED:,}; last simulated on "
             f"{entry['date']} ({entry['seconds']:.0f} s of computing in all).", "",
             "| level | against | games | level wins | outsider wins | draws | level's share of decided games "
             "| meets the bar | level think p95 | outsider think p95 |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for level in LEVELS:
        for kind in outsiders.KINDS:
            row = rows.get(f"{level}-{kind}")
            if row is None:
                continue
            bar = ("yes" if meets_bar(row["decided_a"]) else "**no**") if level == "hard" else "—"
            lines.append(f"| {level_label(game_id, level)} | {kind} | {row['games']:,} | {row['wins_a']} | {row['wins_b']} "
                         f"| {row['draws']} | {pct(row['decided_a'])} | {bar} | {think_p95(row['think_a'])} "
                         f"| {think_p95(row['think_b'])} |")
    return lines + [""]


def level_section(game_id: str, result: dict[str, Any]) -> list[str]:
    """Fairness (normal against normal), the level ladder and the plots of one game."""
    rows = result["rows"]
    fair = rows["normal-normal"]
    title = get_game(game_id).info.title
    lines = [f"{fair['games']} games per row; simulated on {result['date']} "
             f"({result['seconds']:.0f} s of computing).", "",
             "**Fairness** (normal against normal):", "",
             "| measure | value |", "|---|---|",
             f"| Player 1's share of decided games | {pct(fair['seats'][0])} |",
             f"| Player 2's share of decided games | {pct(fair['seats'][1])} |"]
    if fair["opener"]:
        lines.append(f"| the {fair['opener']['label']}'s share of decided games | {pct(fair['opener'])} |")
    lines += [f"| draws | {fair['draws']} of {fair['games']} |",
              f"| moves per game | {mean(fair['moves'])} (10%: {fair['moves']['p10']:g}, "
              f"median {fair['moves']['median']:g}, 90%: {fair['moves']['p90']:g}) |"]
    if fair["rounds"]:
        lines.append(f"| rounds per game | {mean(fair['rounds'])} (10%: {fair['rounds']['p10']:g}, "
                     f"median {fair['rounds']['median']:g}, 90%: {fair['rounds']['p90']:g}) |")
    for p, cell in enumerate(fair["scores"]):
        lines.append(f"| Player {p + 1}'s final score | {mean(cell)} |")
    lines += ["", "**The levels** (each against the one below it):", "",
              "| A against B | A wins | B wins | draws | A's share of decided games | A's score margin "
              "| meets the bar |",
              "|---|---|---|---|---|---|---|"]
    for key in ("normal-easy", "hard-normal"):
        row = rows[key]
        lines.append(f"| {level_label(game_id, row['a'])} against {level_label(game_id, row['b'])} "
                     f"| {row['wins_a']} | {row['wins_b']} | {row['draws']} | {pct(row['decided_a'])} "
                     f"| {mean(row['margin_a'])} | {'yes' if meets_bar(row['decided_a']) else '**no**'} |")
    lines.append("")
    for picture in result["plots"]:
        lines.append(f"![{title}: {Path(picture).stem.split('-', 1)[1]}]({picture})")
    return lines + [""]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: every game with computer levels)")
    parser.add_argument("--games", dest="count", type=int, default=1000, help="games per row (default 1000)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--outsiders", action="store_true", help="only the levels against the reference players")
    only.add_argument("--levels", action="store_true", help="only fairness and the level ladder")
    parser.add_argument("--set", dest="set_path", help="play the outsider rows against this set of reference "
                        "players (a package folder with KINDS and make_outsider) instead of scripts/outsiders")
    parser.add_argument("--level", dest="levels_chosen", action="append", choices=LEVELS,
                        help="only this level's outsider rows (repeat for more; default: every level)")
    parser.add_argument("--kind", dest="kinds_chosen", action="append", choices=outsiders.KINDS,
                        help="only the rows against this kind of reference player (repeat for more; default: both)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="rows simulated at once, one process each (default: one per core; 1 runs them in "
                             "this process, with a progress line every 20 games)")
    args = parser.parse_args(argv)
    with_levels = [g.info.id for g in all_games() if g.info.players == 2 and set(g.info.level_ids) >= {"easy", "normal", "hard"}]
    chosen = args.games or with_levels
    unknown = [g for g in chosen if g not in with_levels]
    if unknown:
        parser.error(f"no computer levels to simulate in {', '.join(unknown)}; games: {', '.join(with_levels)}")
    if args.set_path is not None and args.levels:
        parser.error("--set chooses the reference players of the outsider rows; --levels runs none")
    if (args.levels_chosen or args.kinds_chosen) and args.levels:
        parser.error("--level and --kind choose outsider rows; --levels runs none")
    PLOTS.mkdir(parents=True, exist_ok=True)
    tasks: list[Task] = []
    if not args.outsiders:  # the hard rows take longest: start them first so the cores stay busy to the end
        tasks += [(g, a, b, args.count, None) for a, b in reversed(PAIRINGS) for g in chosen]
    if not args.levels:
        tasks += [(g, level, kind, args.count, args.set_path or OURS)
                  for level in reversed(args.levels_chosen or LEVELS) for kind in reversed(args.kinds_chosen or outsiders.KINDS)
                  for g in chosen]
    levels: dict[str, dict[str, Any]] = {g: {"rows": {}, "seconds": 0.0} for g in chosen} if not args.outsiders else {}
    sets: dict[str, dict[str, dict[str, Any]]] = {g: {} for g in chosen}
    for game_id, key, label, report, seconds in run_rows(tasks, args.jobs):
        if label is None:
            if key != "normal-normal":  # only the fair row's games are plotted one by one
                report.pop("details")
            entry = levels[game_id]
        else:
            entry = sets[game_id].setdefault(label, {"rows": {}, "seconds": 0.0})
        entry["rows"][key] = report
        entry["seconds"] += seconds
        print(f"{game_id} {key}{'' if label is None else ' (' + label + ')'}: {pct(report['decided_a'])} of decided "
              f"games ({seconds:.0f} s)", flush=True)
    # Read only now, after the hours of simulation: a run for another game or set that ended meanwhile stays.
    results: dict[str, Any] = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for game_id in chosen:
        kept = results.setdefault(game_id, {})
        if game_id in levels:
            entry = levels[game_id]
            entry["date"] = time.strftime("%Y-%m-%d")
            entry["plots"] = plot_game(game_id, entry["rows"])
            kept.update(entry)
        for label, entry in sets[game_id].items():  # the rows run now replace their namesakes; the others stay
            before = kept.setdefault("outsider_sets", {}).get(label, {"rows": {}, "seconds": 0.0})
            kept["outsider_sets"][label] = {"rows": {**before["rows"], **entry["rows"]},
                                            "seconds": before["seconds"] + entry["seconds"],
                                            "date": time.strftime("%Y-%m-%d")}
    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    write_page(results)
    print(f"wrote {DOCS / 'balance.md'}" + (f" and {len(levels) * 3} plots in {PLOTS}" if levels else ""))
    return 0


def run_rows(tasks: list[Task], jobs: int) -> Iterator[tuple[str, str, str | None, dict[str, Any], float]]:
    """The rows' results as they finish: in a pool of ``jobs`` processes, or one by one in this process."""
    if jobs <= 1:
        for task in tasks:
            yield run_row(task, loud=True)
        return
    with multiprocessing.Pool(min(len(tasks), jobs)) as pool:
        yield from pool.imap_unordered(run_row, tasks)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
