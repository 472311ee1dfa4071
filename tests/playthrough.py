"""Helpers for property tests: play random games through the protocol and compare what viewers see.

Shared by ``tests/test_properties.py`` and the per-game no-leak tests (``tests/<id>/``); a game's
redealer is found by convention in ``tests/<id>/redealer.py`` (``redealer(game_id)``).
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from typing import Any, Callable, Iterator

from pygame_core import State, get_game
from pygame_core.bots import make_bot
from pygame_core.cards import is_card

MAX_STEPS = 400  # a run stops here even if the game is not over

Redealer = Callable[[State, "int | None", random.Random], Any]


def redealer(game_id: str) -> Redealer | None:
    """``tests/<game_id>/redealer.py``'s ``redeal``, or None when the game has none."""
    try:
        module = importlib.import_module(f"{game_id}.redealer")
    except ModuleNotFoundError as exc:
        if exc.name in (game_id, f"{game_id}.redealer"):
            return None
        raise
    redeal: Redealer = module.redeal
    return redeal


def move_mapper(game_id: str) -> Callable[[Any, Any, Any], Any] | None:
    """``tests/<game_id>/redealer.py``'s optional ``map_move(move, old_deal, new_deal)``: how a move
    reads after the redeal when the deal's card codes are not unique (several decks of one game)."""
    module = importlib.import_module(f"{game_id}.redealer")
    mapper: Callable[[Any, Any, Any], Any] | None = getattr(module, "map_move", None)
    return mapper


def canon(value: Any) -> str:
    """Strict canonical JSON: 1 and 1.0 and True are different moves here, as they are to JS."""
    return json.dumps(value, sort_keys=True, allow_nan=False)


def assert_json(value: Any) -> None:
    """A JSON value that survives a round trip unchanged (no tuples, int keys, NaN, objects)."""
    text = json.dumps(value, allow_nan=False)
    assert json.loads(text) == value, value


def viewers(state: State) -> list[int | None]:
    return [*range(state.info.players), None]


def exposed(state: State) -> dict[str, Any]:
    """Everything the protocol exposes about a position: the record, every viewer's view (in ``viewers``'
    order), who acts, every seat's legal moves, whether it is over and the outcome."""
    players = range(state.info.players)
    return {"record": state.record(), "views": [state.view(v) for v in viewers(state)],
            "to_act": state.to_act(), "legal": [state.legal_moves(p) for p in players],
            "over": state.is_over(), "outcome": state.outcome()}


def snapshot(state: State) -> str:
    """Everything the protocol exposes about a position, as canonical JSON (``exposed``)."""
    return canon(exposed(state))


def position(state: State) -> str:
    """A snapshot without the record (the order of simultaneous commits may differ there)."""
    players = range(state.info.players)
    return canon({"views": [state.view(v) for v in viewers(state)], "to_act": state.to_act(),
                  "legal": [state.legal_moves(p) for p in players], "outcome": state.outcome()})


def card_codes(value: Any) -> set[str]:
    """Card codes anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if is_card(value) else set()
    if isinstance(value, dict):
        return set().union(set(), *(card_codes(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(card_codes(v) for v in value))
    return set()


def flatten(deal: Any) -> list[str]:
    """The card codes of a deal in a fixed order (lists in order, objects by sorted key)."""
    if isinstance(deal, str):
        return [deal]
    if isinstance(deal, list):
        return [c for item in deal for c in flatten(item)]
    if isinstance(deal, dict):
        return [c for key in sorted(deal) for c in flatten(deal[key])]
    return []


def map_cards(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, list):
        return [map_cards(v, mapping) for v in value]
    if isinstance(value, dict):
        return {k: map_cards(v, mapping) for k, v in value.items()}
    return value


def choose(state: State, choice: int) -> tuple[int, Any]:
    actors = state.to_act()
    p = actors[choice % len(actors)]
    moves = state.legal_moves(p)
    return p, moves[(choice // len(actors)) % len(moves)]


def play_out(game_id: str, seed: int, options: dict[str, str],
             choices: list[int]) -> Iterator[tuple[State, int, Any]]:
    """Yield (state before the move, player, move) along one random game; the caller plays it."""
    state = get_game(game_id).new_game(seed=seed, options=options)
    for step in range(MAX_STEPS):
        if state.is_over():
            return
        p, move = choose(state, choices[step] if step < len(choices) else 0)
        yield state, p, move


def assert_redeal_unseen(game_id: str, seed: int, options: dict[str, str], old_deal: Any,
                         played: list[tuple[int, Any]], k: int, rng: random.Random) -> None:
    """The no-leak check at cut ``k`` of a game dealt ``old_deal`` and played ``played``."""
    game = get_game(game_id)
    redeal = redealer(game_id)
    assert redeal is not None, f"tests/{game_id}/redealer.py is missing"
    base = game.new_game(seed=seed, options=options, deal=old_deal)
    for p, move in played[:k]:
        base.play(p, move)
    for v in viewers(base):
        new_deal = redeal(base, v, rng)
        old_cards, new_cards = flatten(old_deal), flatten(new_deal)
        assert sorted(old_cards) == sorted(new_cards), "a redeal must permute the same cards"
        map_move = move_mapper(game_id)  # a deal of several decks repeats codes: the game maps its moves
        if map_move is None:
            assert len(set(old_cards)) == len(old_cards), "position mapping needs unique cards"
            mapping = dict(zip(old_cards, new_cards))
        a = game.new_game(seed=seed, options=options, deal=old_deal)
        b = game.new_game(seed=seed, options=options, deal=new_deal)
        for step in range(k + 1):
            assert canon(a.view(v)) == canon(b.view(v)), f"viewer {v} at step {step} sees the redeal"
            if v is not None:
                assert canon(a.legal_moves(v)) == canon(b.legal_moves(v))
            if step == k:
                break
            p, move = played[step]
            mapped = map_cards(move, mapping) if map_move is None else map_move(move, old_deal, new_deal)
            assert b.check(p, mapped) is None, f"mapped move {mapped} is illegal after the redeal"
            events_a = a.redact_events(a.play(p, move), v)
            events_b = b.redact_events(b.play(p, mapped), v)
            assert canon(events_a) == canon(events_b), f"viewer {v}: events at step {step} leak the redeal"


def play_game(state: State, bots: dict[int, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Play to the end with ``bots`` (seat -> bot; the game moves for its engine seats), checking
    each choice is one of the legal moves and leaves what the bot was given alone; return the moves."""
    chosen: list[tuple[int, dict[str, Any]]] = []
    for _ in range(10_000):
        if state.is_over():
            return chosen
        p = state.to_act()[0]
        view, moves = state.view(p), state.legal_moves(p)
        view_copy, moves_copy = copy.deepcopy(view), copy.deepcopy(moves)
        move = state.auto_move(p) if p in state.info.engine_seats else bots[p].choose(view, moves)
        assert view == view_copy and moves == moves_copy, "a bot must not change what it is given"
        assert move in moves and state.check(p, move) is None
        state.play(p, move)
        chosen.append((p, move))
    raise AssertionError("game did not end")


def match_results(game_id: str, games: int, a: Callable[[int], Any], b: Callable[[int], Any],
                  seed: int = 1000) -> tuple[int, int]:
    """(A's wins, B's wins) over ``games`` games, seats alternating (deals ``seed`` and up; A's bot
    seeded with the game's number, B's with the next)."""
    wins = losses = 0
    for i in range(games):
        state = get_game(game_id).new_game(seed=seed + i)
        seat_a = i % 2
        play_game(state, {seat_a: a(i), 1 - seat_a: b(i + 1)})
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome["winner"] == seat_a
        losses += outcome["winner"] == 1 - seat_a
    return wins, losses


def level_wins(game_id: str, games: int, a: str = "hard", b: str = "easy") -> int:
    """Games level ``a`` wins against level ``b``, seats alternating (seeds 1000 and up)."""
    return match_results(game_id, games, lambda n: make_bot(game_id, a, n), lambda n: make_bot(game_id, b, n))[0]


def assert_decides_from_the_view(state: State, bots: dict[int, Any], fresh_bot: Callable[[], Any],
                                 twin: Callable[[State, int], State]) -> None:
    """Play ``state`` out with ``bots``; at every decision of the last player due, ``twin`` makes the
    same game with other hidden cards behind the same view, and a fresh bot must choose the same
    move in both. Some twin must really differ, or the check proved nothing."""
    differed = 0
    while not state.is_over():
        p = state.to_act()[-1]
        other = twin(state, p)
        differed += other.record()["deal"] != state.record()["deal"]
        assert other.view(p) == state.view(p) and other.legal_moves(p) == state.legal_moves(p)
        choice = fresh_bot().choose(json.loads(json.dumps(state.view(p))), state.legal_moves(p))
        assert fresh_bot().choose(other.view(p), other.legal_moves(p)) == choice
        state.play(p, bots[p].choose(state.view(p), state.legal_moves(p)))
    assert differed > 0


AGAINST_COMPUTER = ("Player 1", "the computer")  # the seats' display names at a table against the computer


def play_first_or_last(state: State, last_seat: int | None) -> State:
    """Play to the end: ``last_seat`` always plays its last legal move, every other seat its first (one
    of each decides a game; all first mirror each other). Then name the seats as against the computer."""
    while not state.is_over():
        p = min(state.to_act())
        moves = state.legal_moves(p)
        state.play(p, moves[-1] if p == last_seat else moves[0])
    state.names = AGAINST_COMPUTER
    return state


def told(state: State, viewer: int | None) -> dict[str, Any]:
    """The outcome told to ``viewer`` (``State.told_outcome``), which must exist."""
    outcome = state.told_outcome(viewer)
    assert outcome is not None
    return outcome
