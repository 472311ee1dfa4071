"""``python -m pygame_core``: list the games, play one in a terminal, or pit bots against each other.

    python -m pygame_core games
    python -m pygame_core play grit --seed 7 --level hard       # you are Player 1
    python -m pygame_core simulate grit --games 1000 --a hard --b normal
    python -m pygame_core simulate tombstone_showdown --games 1000 --party 1

``simulate`` also times every decision of each side (the time spent in ``choose``) and reports its
median, 95th percentile and maximum; ``scripts/outsiders`` pits the levels against reference players
through the same function (its ``make_player``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Callable, TextIO

from . import all_games, get_game
from .bots import SCRIPTED, Bot, make_bot
from .engine import AnyState


def wilson_interval(wins: int, games: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a win rate: honest near 0% and 100%, unlike the normal one.

    >>> wilson_interval(80, 100)
    [0.7112, 0.8666]
    """
    if games == 0:
        return [0.0, 1.0]
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((rate * (1 - rate) + z * z / (4 * games)) / games) ** 0.5 / (1 + z * z / games)
    return [round(centre - half, 4), round(centre + half, 4)]


def mean_interval(values: list[float], z: float = 1.96) -> dict[str, Any]:
    """Mean, its 95% interval (normal approximation, fine for hundreds of games) and the spread.

    >>> mean_interval([2, 4, 4, 4, 5, 5, 7, 9])["mean_95"]
    [3.5184, 6.4816]
    """
    if not values:
        return {"mean": 0.0, "mean_95": [0.0, 0.0], "p10": 0, "median": 0, "p90": 0, "min": 0, "max": 0}
    n = len(values)
    mean = sum(values) / n
    sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5 if n > 1 else 0.0
    ordered = sorted(values)
    half = z * sd / n ** 0.5
    return {"mean": round(mean, 4), "mean_95": [round(mean - half, 4), round(mean + half, 4)],
            "p10": ordered[n // 10], "median": ordered[n // 2], "p90": ordered[min(n - 1, n * 9 // 10)],
            "min": ordered[0], "max": ordered[-1]}


def rate(wins: int, games: int) -> dict[str, Any]:
    """A win count as a rate of ``games`` with its 95% Wilson interval."""
    return {"wins": wins, "games": games, "rate": round(wins / games, 4) if games else 0.0,
            "rate_95": wilson_interval(wins, games)}


def opener(state: AnyState) -> tuple[int | None, str]:
    """Who has the first word in a fresh game: the one seat due to act (the first player), or the
    holder of a public initiative token where both act at once; None when the seats are equal."""
    due = state.to_act()
    if len(due) == 1:
        return due[0], "first to act"
    initiative = state.view(None).get("initiative")
    return (initiative, "initiative holder") if isinstance(initiative, int) else (None, "")


def rounds_of(state: AnyState) -> int | None:
    """The round (or turn) count a game shows its spectators, if it counts them."""
    view = state.view(None)
    for key in ("round", "turn"):
        if isinstance(view.get(key), int) and not isinstance(view.get(key), bool):
            return int(view[key])
    return None


def think_times(seconds: list[float]) -> dict[str, Any]:
    """How long one side thought per decision, in milliseconds: median, 95th percentile, maximum.

    >>> think_times([0.001, 0.002, 0.003, 0.004])
    {'decisions': 4, 'p50_ms': 3.0, 'p95_ms': 4.0, 'max_ms': 4.0, 'mean_ms': 2.5}
    """
    if not seconds:
        return {"decisions": 0, "p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0, "mean_ms": 0.0}
    ordered = sorted(seconds)
    n = len(ordered)
    return {"decisions": n, "p50_ms": round(ordered[n // 2] * 1000, 3),
            "p95_ms": round(ordered[min(n - 1, n * 95 // 100)] * 1000, 3), "max_ms": round(ordered[-1] * 1000, 3),
            "mean_ms": round(sum(ordered) / n * 1000, 3)}


PlayerFactory = Callable[[str, int], Bot]


def simulate(game_id: str, games: int, level_a: str, level_b: str, seed: int = 0,
             details: bool = False, make_player: PlayerFactory | None = None,
             progress: Callable[[int, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games between two players: every seed twice in a row with the seats
    swapped (A takes the person seats of one parity, B the rest; the game plays its own engine
    seats), so both sides get the same deals and the same opener as often. A player is a level id of
    the game, or any name ``make_player(name, seed)`` turns into a bot (default: the game's levels).
    ``progress(games_done, counts)`` is called after every game (``counts``: wins_a, wins_b, draws).

    Reports, each with a 95% interval: A's share of the decided games (the levels' measure) and of
    all games; the seats' and the opener's (first player or initiative holder) share of the decided
    games (the designers' balance measures); the game's length in moves and rounds; the final scores
    and A's margin (A's score minus B's, in the game's own units). ``details`` keeps every game's
    numbers for plots. Every decision's think time (the time in ``choose``) is kept per side.
    """
    game = get_game(game_id)
    player: PlayerFactory = make_player or (lambda name, bot_seed: make_bot(game_id, name, bot_seed))
    thought: list[list[float]] = [[], []]  # seconds per decision: A's, B's
    wins_a = wins_b = draws = 0
    seat_wins = [0] * game.info.players
    opener_games = opener_wins = 0
    opener_label = ""
    moves: list[float] = []
    rounds: list[float] = []
    margins: list[float] = []
    scores: list[list[float]] = [[] for _ in range(game.info.players)]
    start = time.perf_counter()
    for n in range(games):
        state = game.new_game(seed=seed + n // 2)
        seat_a = n % 2
        first, label = opener(state)
        opener_label = opener_label or label
        bots = {p: player(level_a if p % 2 == seat_a else level_b, seed + n + (p % 2 != seat_a))
                for p in range(game.info.players) if p not in game.info.engine_seats}
        while not state.is_over():
            for p in state.to_act():
                if p not in bots:
                    state.play(p, state.auto_move(p))
                    continue
                view, legal = state.view(p), state.legal_moves(p)
                started = time.perf_counter()
                move = bots[p].choose(view, legal)
                thought[p % 2 != seat_a].append(time.perf_counter() - started)
                state.play(p, move)
        outcome = state.outcome()
        assert outcome is not None  # the game is over
        winner = outcome["winner"]
        if winner is None:
            draws += 1
        else:
            seat_wins[winner] += 1
            if winner % 2 == seat_a:
                wins_a += 1
            else:
                wins_b += 1
            if first is not None:
                opener_games += 1
                opener_wins += winner == first
        moves.append(len(state.moves))
        counted = rounds_of(state)
        if counted is not None:
            rounds.append(counted)
        final = [float(x) for x in outcome["scores"]]
        if len(final) == game.info.players == 2:
            margins.append(final[seat_a] - final[1 - seat_a])
        for p, value in enumerate(final[:game.info.players]):
            scores[p].append(value)
        if progress is not None:
            progress(n + 1, {"wins_a": wins_a, "wins_b": wins_b, "draws": draws})
    elapsed = time.perf_counter() - start
    decided = wins_a + wins_b
    report: dict[str, Any] = {
        "game": game_id, "games": games, "a": level_a, "b": level_b, "wins_a": wins_a, "wins_b": wins_b,
        "draws": draws, "decided_a": rate(wins_a, decided), "win_rate_a": wins_a / games if games else 0.0,
        "win_rate_a_95": wilson_interval(wins_a, games),
        "seats": [rate(w, decided) for w in seat_wins],
        "opener": {"label": opener_label, **rate(opener_wins, opener_games)} if opener_label else None,
        "moves": mean_interval(moves), "rounds": mean_interval(rounds) if rounds else None,
        "scores": [mean_interval(column) for column in scores], "margin_a": mean_interval(margins),
        "games_per_second": games / elapsed if elapsed else 0.0,
        "think_a": think_times(thought[0]), "think_b": think_times(thought[1]),
    }
    if details:
        report["details"] = {"moves": moves, "rounds": rounds, "margins": margins, "scores": scores}
    return report


def percent(cell: dict[str, Any]) -> str:
    return f"{cell['rate'] * 100:5.1f}% [{cell['rate_95'][0] * 100:4.1f}, {cell['rate_95'][1] * 100:4.1f}]"


def spread(cell: dict[str, Any]) -> str:
    return (f"{cell['mean']:7.2f} [{cell['mean_95'][0]:.2f}, {cell['mean_95'][1]:.2f}]"
            f"  (10%: {cell['p10']:g}, median {cell['median']:g}, 90%: {cell['p90']:g})")


def simulate_table(report: dict[str, Any]) -> str:
    """The simulation as a designer reads it: every figure with its 95% interval."""
    a, b = report["a"], report["b"]
    lines = [f"{report['game']}: {report['games']} games, {a} (A) against {b} (B), seats swapped on every deal",
             f"  A wins {report['wins_a']}, B wins {report['wins_b']}, draws {report['draws']}",
             f"  A's share of decided games    {percent(report['decided_a'])}"]
    for p, cell in enumerate(report["seats"]):
        lines.append(f"  Player {p + 1}'s share of decided  {percent(cell)}")
    if report["opener"]:
        lines.append(f"  the {report['opener']['label']:18} wins {percent(report['opener'])}")
    lines.append(f"  moves per game     {spread(report['moves'])}")
    if report["rounds"]:
        lines.append(f"  rounds per game    {spread(report['rounds'])}")
    for p, cell in enumerate(report["scores"]):
        lines.append(f"  Player {p + 1}'s score   {spread(cell)}")
    lines.append(f"  A's margin (score A - B) {spread(report['margin_a'])}")
    for side in ("a", "b"):
        lines.append(f"  {side.upper()} ({report[side]}) thinks   {think_line(report['think_' + side])}")
    lines.append(f"  {report['games_per_second']:.1f} games per second")
    return "\n".join(lines)


def think_line(cell: dict[str, Any]) -> str:
    """Think times in one line: "p50 1.2 ms, p95 3.4 ms, max 9.9 ms over 512 decisions"."""
    return (f"p50 {cell['p50_ms']:.1f} ms, p95 {cell['p95_ms']:.1f} ms, max {cell['max_ms']:.1f} ms "
            f"over {cell['decisions']} decisions")


def simulate_ends(game_id: str, games: int, party: int = 1, seed: int = 0) -> dict[str, Any]:
    """For a game people play against the game itself (a Showdown): ``games`` plays of each value of its
    first option (each encounter) by the game's scripted players (``bots.SCRIPTED``) against its engine
    seats, with ``party`` participants (the game's ``sample_setup``: fresh characters). Returns how the
    plays ended (``outcome["result"]["end"]``) with 95% intervals, the mean number of rounds and how many
    fights lasted each number of rounds (a mean hides the fights over in one round). A play of several
    fights (a Showdown's trail, ``result["fights"]``) counts each of its fights."""
    game = get_game(game_id)
    if game_id not in SCRIPTED:
        raise ValueError(f"{game_id} has no computer levels and no scripted players to simulate.")
    option = game.info.options[0] if game.info.options else None
    rows = []
    for value in option.values if option else ("",):
        ends: dict[str, int] = {}
        lasted: dict[int, int] = {}
        start = time.perf_counter()
        for n in range(games):
            setup = game.state_class.sample_setup(party, seed + n) if party > 1 else None
            state = game.new_game(seed=seed + n, options={option.name: value} if option else {}, setup=setup)
            bots = {p: SCRIPTED[game_id](seed + n) for p in range(game.info.players) if p not in game.info.engine_seats}
            while not state.is_over():
                p = state.to_act()[0]
                state.play(p, state.auto_move(p) if p not in bots else bots[p].choose(state.view(p), state.legal_moves(p)))
            outcome = state.outcome()
            result = (outcome and outcome.get("result")) or {}
            end = str(result.get("end", "over"))
            ends[end] = ends.get(end, 0) + 1
            for fight in result.get("fights") or [{"rounds": getattr(state, "round", 0)}]:
                lasted[int(fight["rounds"])] = lasted.get(int(fight["rounds"]), 0) + 1
        elapsed = time.perf_counter() - start
        rows.append({"value": value, "label": option.labels[option.values.index(value)] if option else game_id,
                     "ends": {end: {"count": count, "rate": count / games, "rate_95": wilson_interval(count, games)}
                              for end, count in sorted(ends.items())},
                     "mean_rounds": sum(r * count for r, count in lasted.items()) / sum(lasted.values()),
                     "rounds": {str(r): count for r, count in sorted(lasted.items())},
                     "games_per_second": games / elapsed if elapsed else 0.0})
    return {"game": game_id, "games": games, "party": party, "rows": rows}


def share(rate: float) -> str:
    """A share in whole percent, "<1%" for a rare one that rounding would call none."""
    whole = f"{rate * 100:.0f}"
    return "<1%" if rate > 0 and whole == "0" else f"{whole}%"


def ends_table(report: dict[str, Any]) -> str:
    """The simulation as a table a designer reads: each end's rate and its 95% interval per row."""
    ends = sorted({end for row in report["rows"] for end in row["ends"]})
    lines = [f"{report['game']}: {report['games']} plays per row, a party of {report['party']} forged by the book, "
             "scripted players against the game's own Dealer; rate [95% interval]"]
    head = f"{'':34}" + "".join(f"{end:>22}" for end in ends) + f"{'rounds':>8}"
    lines.append(head)
    for row in report["rows"]:
        cells = ""
        for end in ends:
            cell = row["ends"].get(end)
            cells += f"{'0.0% ':>22}" if cell is None else \
                f"{cell['rate'] * 100:5.1f}% [{cell['rate_95'][0] * 100:4.1f}, {cell['rate_95'][1] * 100:4.1f}]".rjust(22)
        lines.append(f"{row['label'][:33]:34}{cells}{row['mean_rounds']:8.1f}")
    lines.append("rounds per fight: share of fights that lasted 1, 2, 3... rounds (a play of several fights "
                 "counts each)")
    for row in report["rows"]:
        fights = sum(row["rounds"].values())
        shares = " · ".join(f"{r}: {share(count / fights)}" for r, count in row["rounds"].items())
        lines.append(f"{row['label'][:33]:34}{shares}")
    return "\n".join(lines)


def show(state: AnyState, p: int, out: TextIO) -> None:
    """Print the view of player ``p`` as indented JSON (terse, but complete and honest)."""
    out.write(json.dumps(state.view(p), indent=1) + "\n")


def ask_number(prompt: str, count: int, inp: TextIO, out: TextIO) -> int | None:
    """A number from 1 to ``count`` typed by the player (None at the end of input)."""
    while True:
        out.write(prompt)
        out.flush()
        answer = inp.readline()
        if not answer:
            return None
        if answer.strip().isdigit() and 1 <= int(answer) <= count:
            return int(answer)
        out.write(f"Type a number from 1 to {count}.\n")


def play_terminal(game_id: str, seed: int | None, level: str, inp: TextIO, out: TextIO) -> None:
    """Play in the terminal, picking moves by number. Against a bot the human is player 0; a game
    without computer levels (run by people, such as a table session) gives the human every person seat,
    asking which seat acts when several may."""
    state = get_game(game_id).new_game(seed=seed)
    people_only = not state.info.levels
    bot = None if people_only else make_bot(game_id, level, state.seed)
    while not state.is_over():
        due = state.to_act()
        machines = [p for p in due if p in state.info.engine_seats or (bot is not None and p != 0)]
        if machines:
            p = machines[0]
            state.play(p, state.auto_move(p) if p in state.info.engine_seats or bot is None
                       else bot.choose(state.view(p), state.legal_moves(p)))
            out.write(f"{state.names[p]} has played.\n")
            continue
        p = due[0]
        if len(due) > 1:
            for k, seat in enumerate(due, 1):
                out.write(f"{k:3}. {state.names[seat]}\n")
            pick = ask_number("Who acts (number): ", len(due), inp, out)
            if pick is None:
                return
            p = due[pick - 1]
        show(state, p, out)
        moves = state.legal_moves(p)
        for k, move in enumerate(moves, 1):
            out.write(f"{k:3}. {state.describe(p, move)}\n")
        chosen = ask_number("Your move (number): ", len(moves), inp, out)
        if chosen is None:
            return
        state.play(p, moves[chosen - 1])
    show(state, 0, out)
    outcome = state.outcome()
    out.write(f"{None if outcome is None else outcome['reason']}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygame_core", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games")
    play = sub.add_parser("play", help="play a game in the terminal (against a bot where it has levels)")
    play.add_argument("game")
    play.add_argument("--seed", type=int)
    play.add_argument("--level", default="hard")
    sim = sub.add_parser("simulate", help="bot against bot, seats swapped every game")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--a", default="hard")
    sim.add_argument("--b", default="normal")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--party", type=int, default=1, help="characters per fight (games people play against the game)")
    sim.add_argument("--json", action="store_true", help="print the raw numbers as JSON")
    args = parser.parse_args(argv)
    if args.command == "games":
        for game in all_games():
            print(f"{game.info.id:14} {game.info.title}: {game.info.summary}")
    elif args.command == "play":
        play_terminal(args.game, args.seed, args.level, sys.stdin, sys.stdout)
    elif not get_game(args.game).info.levels:
        report = simulate_ends(args.game, args.games, args.party, args.seed)
        print(json.dumps(report) if args.json else ends_table(report))
    else:
        report = simulate(args.game, args.games, args.a, args.b, args.seed)
        print(json.dumps(report) if args.json else simulate_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
