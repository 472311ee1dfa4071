"""Protocol properties of every registered game, checked over random seeded games (hypothesis).

Written only against the engine protocol (``pygame_core/engine.py``): ``new_game, to_act, legal_moves, check, play,
auto_move, view, is_over, outcome, record, replay, clone, redact_events``. Each property is
parametrised by game id, so every game gets the same number of examples; the main one also runs on
the toy games of ``tests/protocol`` (three seats any may act; an engine seat, a setup, reshuffles).
The only per-game piece is the redealer of a hidden-information game, found by convention in
``tests/<id>/redealer.py`` (``tests/test_game_folders.py`` fails when one is missing).
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from playthrough import (MAX_STEPS, assert_json, assert_redeal_unseen, canon, card_codes, choose, exposed,
                         play_out, position, snapshot, viewers)
from protocol.toy_games import TOYS
from pygame_core import GameInfo, IllegalMove, State, all_games, get_game, replay
from pygame_core.cards import standard_deck
from pygame_core.engine import registered

INFOS: dict[str, GameInfo] = {game.info.id: game.info for game in all_games()}
GAME_IDS: list[str] = list(INFOS)
TOY_IDS: list[str] = [toy.info.id for toy in TOYS]
HIDDEN_GAME_IDS: list[str] = [g for g in GAME_IDS if INFOS[g].hidden_info]
SIMULTANEOUS_GAME_IDS: list[str] = [g for g in GAME_IDS if INFOS[g].simultaneous]
CARDS: list[str] = standard_deck(jokers=True)
JUNK: list[Any] = [None, True, False, 0, 1, -1, 2, 3, 1.0, 0.5, "", "x", "play", "AS", "10H", "RJ",
                   [], {}, [0], [0, 1.0], [0, 0, 0], [[0, 1]], {"a": 1}, {"type": None}, 10**20]
BAD_PLAYERS: list[Any] = [None, -1, True, False, "0", 0.0, 1.0, [0], 99]

# examples per game; sized so that the whole file stays near a minute on a busy two-core machine
HEAVY = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Run = tuple[int, dict[str, str], list[int]]


# --------------------------------------------------------------------------- helpers
def mutate_value(value: Any, rng: random.Random) -> list[Any]:
    """Near misses of one JSON value."""
    if isinstance(value, bool):
        return [not value, int(value), None, str(value).lower()]
    if isinstance(value, int):
        return [value + 1, value - 1, float(value), -value - 1, str(value), value + 10**6,
                *([bool(value)] if value in (0, 1) else [])]
    if isinstance(value, float):
        return [value + 1, int(value), str(value)]
    if isinstance(value, str):
        near = [value.lower(), value + " ", value[:-1], value[1:], value * 2, None]
        return near + rng.sample(CARDS, 6)
    if isinstance(value, list):
        out: list[Any] = [value[:-1], value + [value[-1] if value else 0], list(reversed(value))]
        for i, item in enumerate(value):
            for alt in mutate_value(item, rng):
                out.append(value[:i] + [alt] + value[i + 1:])
        return out
    if isinstance(value, dict):
        out = [{**value, "extra": 0}]
        for key, item in value.items():
            out.append({k: v for k, v in value.items() if k != key})
            for alt in mutate_value(item, rng):
                out.append({**value, key: alt})
        return out
    return [None]


def candidates(legal: list[Any], rng: random.Random, per_step: int = 1) -> list[Any]:
    """Junk, and mutations of a few legal moves (which may happen to be other legal moves)."""
    out = list(JUNK)
    for move in rng.sample(legal, min(per_step, len(legal))):
        out += [[move], {"move": move}]
        for alt in mutate_value(move, rng):
            out.append(alt)
        if isinstance(move, dict):
            for key in move:
                out.append({**move, key: rng.choice(JUNK)})
    return out


# --------------------------------------------------------------------------- random runs
@st.composite
def runs(draw: st.DrawFn, game_id: str) -> Run:
    """A seed, options and move choices for one game (drawn for that game only)."""
    info = INFOS.get(game_id) or next(toy.info for toy in TOYS if toy.info.id == game_id)
    seed = draw(st.integers(0, 2**32))
    options = draw(st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in info.options}))
    choices = draw(st.lists(st.integers(0, 2**20), max_size=60))
    return seed, options, choices


def toys_for(game_id: str) -> contextlib.AbstractContextManager[None]:
    """Register the toy games while a toy is under test; the real games need nothing."""
    return registered(*TOYS) if game_id in TOY_IDS else contextlib.nullcontext()


# --------------------------------------------------------------------------- per-step invariants
def check_position(state: State, rng: random.Random) -> str:
    """Every promise of one position; returns its snapshot (unchanged by every check here) for the caller.

    What the protocol exposes is read once: one JSON round trip of all of it is ``assert_json`` of each part
    (record, views, legal moves), and its text is the ``snapshot`` every later comparison starts from."""
    seen = exposed(state)
    before = canon(seen)
    assert json.loads(before) == seen, "the record, a view or the legal moves do not survive a JSON round trip"
    over, to_act, outcome = seen["over"], seen["to_act"], seen["outcome"]
    assert (outcome is None) == (not over)
    assert (to_act == []) == over
    assert len(set(to_act)) == len(to_act) and all(p in range(state.info.players) for p in to_act)
    if outcome is not None:
        assert_json(outcome)  # "result", when a game gives one, is JSON too
        assert set(outcome) >= {"winner", "scores", "reason"}
        assert set(outcome) <= {"winner", "scores", "reason", "result"}
        assert isinstance(outcome["scores"], list) and len(outcome["scores"]) == state.info.players
        assert outcome["winner"] is None or outcome["winner"] in range(state.info.players)
        assert isinstance(outcome["reason"], str) and outcome["reason"]
        for v in viewers(state):  # told to each seat (issue 13): the same result, in that seat's words
            told = state.told_outcome(v)
            assert_json(told)
            assert told is not None and {k: told[k] for k in outcome if k != "reason"} == \
                {k: value for k, value in outcome.items() if k != "reason"}
            assert set(told) - set(outcome) <= {"breakdown", "verdict"} and isinstance(told["reason"], str)
            assert told["verdict"] in ((None,) if v is None else (None, "won", "lost", "drawn"))
            assert isinstance(told.get("breakdown", "-"), str) and told.get("breakdown", "-")
    elif state.told_outcome(None) is not None:
        raise AssertionError("an outcome told before the game is over")
    record = seen["record"]
    assert set(record) >= {"game", "version", "options", "seed", "deal", "setup", "moves"}
    assert record["game"] == state.info.id

    legal: dict[int, set[str]] = {}
    for p in range(state.info.players):
        moves = seen["legal"][p]
        legal[p] = {canon(m) for m in moves}
        assert len(legal[p]) == len(moves), "legal_moves has duplicates"
        assert bool(moves) == (p in to_act), (p, to_act)
        for move in moves:
            assert state.check(p, move) is None, (p, move)
            assert isinstance(state.describe(p, move), str) and state.describe(p, move)

    for p in state.info.engine_seats:  # the game's own policy: legal, deterministic, changes nothing
        if p in to_act:
            move = state.auto_move(p)
            assert canon(move) in legal[p] and canon(state.auto_move(p)) == canon(move)

    # illegal and malformed moves: check is not None exactly when the move is not legal
    all_legal = [m for p in to_act for m in seen["legal"][p]]
    pool = candidates(all_legal, rng)
    illegal: list[tuple[Any, Any, dict[str, str]]] = []
    for move in pool:
        key = canon(move)
        for p in range(state.info.players):
            error = state.check(p, move)
            assert (error is None) == (key in legal[p]), (p, move, error)
            if error is not None:
                assert set(error) == {"code", "message"}
                assert isinstance(error["code"], str) and error["code"]
                assert isinstance(error["message"], str) and error["message"].strip()
                illegal.append((p, move, error))
    for move in rng.sample(pool, min(3, len(pool))) + all_legal[:1]:
        for bad in BAD_PLAYERS:
            error = state.check(bad, move)
            assert error is not None and error["code"] == "bad_player"
            illegal.append((bad, move, error))
    assert snapshot(state) == before, "auto_move or check changed the state"
    # Refused plays, then one comparison: a refused play that changed the state shows in it (the next
    # refusals would have to undo that change exactly to hide it), at a third of the snapshots.
    for p, move, error in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalMove) as info:
            state.play(p, move)
        assert isinstance(info.value, ValueError)
        assert info.value.code == error["code"]
    assert snapshot(state) == before, "an illegal play changed the state"
    return before


@pytest.mark.parametrize("game_id", GAME_IDS + TOY_IDS)
@HEAVY
@given(data=st.data())
def test_random_games_keep_every_protocol_promise(game_id: str, data: st.DataObject) -> None:
    with toys_for(game_id):
        keep_every_promise(game_id, *data.draw(runs(game_id)))


def keep_every_promise(game_id: str, seed: int, options: dict[str, str], choices: list[int]) -> None:
    """Every position of one random game keeps ``check_position``; clone, replay and redaction hold."""
    rng = random.Random(f"{game_id}/{seed}")
    seen: dict[int | None, set[str]] | None = None
    final: State | None = None
    after: str | None = None  # the snapshot after the last move: this step's position, nothing played since
    for step, (state, p, move) in enumerate(play_out(game_id, seed, options, choices)):
        if seen is None:
            seen = {v: card_codes(state.view(v)) for v in viewers(state)}
        if step <= 24 or step % 4 == 0:  # long games (52 moves and more) stay affordable
            before = check_position(state, rng)
        else:
            before = after if after is not None else snapshot(state)
        if step <= 24 or step % 8 == 0:
            again = replay(json.loads(json.dumps(state.record())))
            assert snapshot(again) == before, "replay(record()) rebuilt a different state"

        twin = state.clone()
        twin_events = twin.play(p, move)
        assert snapshot(state) == before, "playing on a clone changed the original (or reading it changed it)"
        after_twin = snapshot(twin)
        events = state.play(p, move)
        assert snapshot(twin) == after_twin, "playing on the original changed the clone"
        now = exposed(state)
        after = canon(now)
        assert after == after_twin, "the same move from the same state ended differently"
        assert canon(events) == canon(twin_events)

        assert isinstance(events, list)
        assert_json(events)
        for event in events:
            assert isinstance(event, dict) and isinstance(event.get("type"), str)
        for v, view in zip(viewers(state), now["views"]):
            redacted = state.redact_events(events, v)
            assert_json(redacted)
            assert len(redacted) == len(events)
            seen[v] |= card_codes(view)
            leaked = card_codes(redacted) - seen[v]
            assert not leaked, f"events show {sorted(leaked)} to viewer {v} that no view of theirs did"
        final = state
    if final is not None:
        check_position(final, rng)
        again = replay(final.record())
        assert snapshot(again) == snapshot(final)


@pytest.mark.parametrize("game_id", SIMULTANEOUS_GAME_IDS)
@FAST
@given(data=st.data())
def test_simultaneous_commit_order_does_not_matter(game_id: str, data: st.DataObject) -> None:
    """DESIGN: when several players commit at once, the order of the commits never changes the result.

    Only for ``simultaneous`` games: where any participant may act (Tombstone's table), order matters."""
    seed, options, choices = data.draw(runs(game_id))
    state = get_game(game_id).new_game(seed=seed, options=options)
    for step in range(MAX_STEPS):
        if state.is_over():
            return
        actors = state.to_act()
        choice = choices[step] if step < len(choices) else 0
        if len(actors) > 1:
            picks = [(p, state.legal_moves(p)[choice % len(state.legal_moves(p))]) for p in actors]
            ends = []
            for order in (picks, list(reversed(picks))):
                trial = state.clone()
                for p, move in order:
                    assert p in trial.to_act(), "a committed player must not block the others"
                    assert trial.check(p, move) is None, "a commit changed what another may commit"
                    trial.play(p, move)
                ends.append(position(trial))
            assert ends[0] == ends[1]
        p, move = choose(state, choice)
        state.play(p, move)


@pytest.mark.parametrize("game_id", GAME_IDS)
@FAST
@given(data=st.data(), cut=st.integers(0, 10**6))
def test_replay_of_any_prefix_is_undo(game_id: str, data: st.DataObject, cut: int) -> None:
    """record()["moves"][:k] replays to the position after k moves (undo, resume)."""
    seed, options, choices = data.draw(runs(game_id))
    positions: list[str] = []
    state: State | None = None
    for state, p, move in play_out(game_id, seed, options, choices):
        positions.append(snapshot(state))
        state.play(p, move)
    assume(state is not None)
    assert state is not None
    positions.append(snapshot(state))
    record = state.record()
    k = cut % (len(record["moves"]) + 1)
    prefix = {**record, "moves": record["moves"][:k]}
    assert snapshot(replay(prefix)) == positions[k]


# --------------------------------------------------------------------------- no leak by redealing
@pytest.mark.parametrize("game_id", HIDDEN_GAME_IDS)
@MEDIUM
@given(data=st.data(), cut=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_no_leak_redealing_unseen_cards_changes_nothing_a_player_sees(
        game_id: str, data: st.DataObject, cut: int, rng: random.Random) -> None:
    """For each viewer: permute the cards they cannot see (per the rules, not per the view), replay
    the same moves (the cards in them mapped through the permutation) and demand identical views,
    legal moves and redacted events at every step up to the cut."""
    seed, options, choices = data.draw(runs(game_id))
    played: list[tuple[int, Any]] = []
    state: State | None = None
    for state, p, move in play_out(game_id, seed, options, choices):
        played.append((p, move))
        state.play(p, move)
    if state is None:  # over before anyone moved (a Showdown party can fall to an ambush): check that table
        state = get_game(game_id).new_game(seed=seed, options=options)
    k = cut % (len(played) + 1)
    assert_redeal_unseen(game_id, seed, options, state.record()["deal"], played, k, rng)
