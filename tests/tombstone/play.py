"""Helpers both Tombstone tables' tests use: forced decks (chosen cards on top; a character's first five
are their hand), sheets from ``new_sheet`` with shop items, a move that must be legal, and a character made
in the forge."""

from __future__ import annotations

from typing import Any

from bridge_calls import ok
from pygame_core import State
from pygame_core.bridge import Bridge
from pygame_core.cards import standard_deck
from pygame_core.games.tombstone.character import item_json, new_sheet
from pygame_core.games.tombstone.tables import SHOP

HAND = ["2D", "3D", "4D", "5D", "6D"]  # a harmless hand to cheat with
HAND_BJ = ["2D", "3D", "4D", "5D", "BJ"]


def deck(*top: str) -> list[str]:
    """54 codes: ``top`` first, then the rest in the standard order (AS, 2S, ... and the jokers last)."""
    assert len(set(top)) == len(top)
    return [*top, *(c for c in standard_deck(jokers=True) if c not in top)]


def pc_deck(flips: list[str], hand: list[str] = HAND) -> list[str]:
    return deck(*hand, *flips)


def pc(name: str, STR: int = 1, DEX: int = 1, WIL: int = 1, GRT: int = 1, items: tuple[str, ...] = (),
       **extra: Any) -> dict[str, Any]:
    """A sheet by ``new_sheet`` (HP = GRT + 1, $10) with shop items in front of the starting gear."""
    sheet = new_sheet({"STR": STR, "DEX": DEX, "WIL": WIL, "GRT": GRT})
    sheet["name"] = name
    sheet["inventory"] = [item_json(SHOP[i]) for i in items] + sheet["inventory"]
    sheet.update(extra)
    return sheet


def play(state: State, seat: int, **move: Any) -> list[dict[str, Any]]:
    """Play ``move`` for ``seat``, first checking that the engine calls it legal."""
    error = state.check(seat, move)
    assert error is None, (move, error)
    return state.play(seat, move)


def forged_sheet(seed: int) -> dict[str, Any]:
    """A character made in the forge through the bridge (its first legal move each time: accept is listed
    first, so every part is kept as drawn)."""
    b = Bridge()
    session = ok(b, {"op": "new", "game": "tombstone_forge", "seed": seed})["session"]
    for _ in range(200):
        answer = ok(b, {"op": "view", "session": session, "player": 0})
        if answer["over"]:
            sheet: dict[str, Any] = answer["outcome"]["result"]
            return sheet
        move = ok(b, {"op": "legal", "session": session, "player": 0})["moves"][0]
        ok(b, {"op": "play", "session": session, "player": 0, "move": move})
    raise AssertionError("the forge did not finish")


def stand(state: State, seat: int) -> list[dict[str, Any]]:
    """What one "Let the cards stand" did before each player chose for their own side (TS-19): ``seat``, then
    every other player the waiting flip still waits for, let the cards stand; and again on the damage flip
    that follows (a hit, a snake's strike: the target's Black Joker could force it, TS-20). A flip that no card could turn
    anyone's way has settled itself (TS-15) and needs nothing."""
    events: list[dict[str, Any]] = []
    kind = None
    while (pending := getattr(state, "pending", None)) is not None and state.to_act():
        if kind is not None and pending["kind"] != "damage":
            break
        kind = pending["kind"]
        deciding = state.to_act()
        for p in sorted(deciding, key=lambda p: p != seat):
            if state.pending is pending and p in state.to_act():
                events += play(state, p, type="settle")
        if state.pending is pending:
            break
    return events
