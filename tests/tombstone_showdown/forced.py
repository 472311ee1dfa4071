"""Forced fights for the Showdown's tests: decks with chosen cards on top, sheets from ``new_sheet`` with shop
items, and moves that must be legal (or refused without changing anything).

A deal is ``[dealer 54, pc0 54, pc1 54, ...]``, top first. A character's first five cards become their
hand, so their first flip is their sixth card; the Dealer holds none (TOMB-6).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from playthrough import snapshot
from pygame_core import IllegalMove, get_game
from pygame_core.games.tombstone.showdown import ShowdownState
from tombstone.play import deck, pc, pc_deck

GAME = "tombstone_showdown"
Sheet = dict[str, Any]


def showdown(party: list[Sheet], encounter: str = "noon", dealer: list[str] = [],
             decks: list[list[str]] | None = None, seed: int = 1) -> ShowdownState:
    decks = decks if decks is not None else [pc_deck([]) for _ in party]
    state = get_game(GAME).new_game(seed=seed, options={"encounter": encounter}, setup={"party": party},
                                    deal=[deck(*dealer), *decks])
    assert isinstance(state, ShowdownState)
    return state


def clone_of(state: ShowdownState) -> ShowdownState:
    twin = state.clone()
    assert isinstance(twin, ShowdownState)
    return twin


def refused(state: ShowdownState, seat: int, code: str, **move: Any) -> str:
    """The move is refused with ``code``, by ``check`` and by ``play``, and nothing changes."""
    error = state.check(seat, move)
    assert error is not None and error["code"] == code, (move, error)
    before = snapshot(state)
    with pytest.raises(IllegalMove) as info:
        state.play(seat, move)
    assert info.value.code == code and snapshot(state) == before
    return error["message"]


def waiting(state: ShowdownState) -> dict[str, Any]:
    """The flip waiting to be cheated or settled."""
    assert state.pending is not None
    return state.pending


def flipped(state: ShowdownState, kind: str) -> dict[str, Any]:
    """The flip of ``kind``: still waiting, or settled by the last move (a flip no hand card could turn settles
    itself, TS-15): its kind, context and sides (each side's cards, mode and modifier)."""
    if state.pending is not None and state.pending["kind"] == kind:
        return state.pending
    event = last(state, kind)
    result = event["result"]
    sides = ([result["actor"], result["other"]] if result["kind"] == "contest" else [result["flip"]]
             if result["kind"] == "save" else [{"cards": [result["card"]], "mode": "normal", "modifier": 0}])
    return {"kind": kind, "context": event["context"], "sides": sides}


def last(state: ShowdownState, kind: str) -> dict[str, Any]:
    """The last settled result of ``kind`` in the last move."""
    results = [e for e in state.view(0)["last"] if e["kind"] == kind]
    assert results, state.view(0)["last"]
    result: dict[str, Any] = results[-1]
    return result


def sentences(state: ShowdownState) -> list[str]:
    return [entry["sentence"] for entry in state.view(None)["log"]]


def said(state: ShowdownState, text: str) -> bool:
    return any(text in s for s in sentences(state))


def outcome(state: ShowdownState) -> dict[str, Any]:
    result = state.outcome()
    assert result is not None
    return result


def npc(state: ShowdownState, ref: str) -> dict[str, Any]:
    view: dict[str, Any] = next(n for n in state.view(None)["npcs"] if n["ref"] == ref)
    return view


def random_party(rng: random.Random, size: int) -> dict[str, Any]:
    """``size`` characters of seven cards by suit (TOMB-2), each with a weapon from the shop (a heavy gun
    among them, SD-4) and some with a bottle (SD-6)."""
    party = []
    for n in range(size):
        scores = {a: 0 for a in ("STR", "DEX", "WIL", "GRT")}
        for _ in range(7):
            scores[rng.choice(list(scores))] += 1
        weapon = rng.choice(("revolver", "knife", "longrifle", "carbine", "club"))
        party.append(pc(f"Kid {n}", items=(weapon, "gin") if rng.random() < 0.3 else (weapon,), **scores))
    return {"party": party}


KIT = pc("Kit", STR=2, DEX=2, WIL=1, GRT=2, items=("revolver", "knife"))  # HP 3; weapons 0 revolver, 1 knife
ANN = pc("Ann", STR=2, DEX=1, WIL=1, GRT=3, items=("knife",))
