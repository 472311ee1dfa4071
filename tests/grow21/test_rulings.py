"""grow21 house rulings GROW-1..7 (RULINGS.md), one or more tests per ruling, through the protocol.

Forced deals: ``new_game(seed=0, deal={"red": [26 red codes], "black": [26 black codes]})``, each deck
top first. ``deal(red_top, black_top)`` puts the chosen cards on top and the rest of the colour after
them in a fixed order (hearts/spades A..K, then diamonds/clubs A..K); ``deal(..., red_at={25: "AH"})``
also pins cards further down (the last card of a deck is index 25). Red is player 0 and moves first,
the players alternate and the card played is always the top of the mover's own deck.

Most positions are built by hand on a few cells, with "filler" moves (a far placement or a change)
for the player whose cards do not matter. Whole games use a *line*: red on (0, 0), (2, 0), (4, 0)...
and black on (1, 0), (3, 0)..., so every group is one card and nothing is ever 21; the last cards
of each deck then go to a short "tail" below the line to make the groups a test needs.

The expected results are written from the rulings, not from the engine: a small reference model at
the end of this file (groups, stability, removal, split) is checked against the engine over random
games, move by move.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playthrough import card_codes
from pygame_core import IllegalMove, SetupError, State, get_game, replay
from pygame_core.games.grow21 import is_stable, tie_break_points

RANKS: list[str] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
RED: list[str] = [r + "H" for r in RANKS] + [r + "D" for r in RANKS]
BLACK: list[str] = [r + "S" for r in RANKS] + [r + "C" for r in RANKS]
DECKS: tuple[list[str], list[str]] = (RED, BLACK)
VIEWERS: tuple[int | None, ...] = (0, 1, None)
Cell = tuple[int, int]
Move = dict[str, Any]
Event = dict[str, Any]


# --------------------------------------------------------------------------- helpers
def deck(p: int, top: list[str], at: dict[int, str] | None = None) -> list[str]:
    """Player p's 26 cards: ``top`` first, ``at`` pinned at their indices, the rest in fixed order."""
    at = dict(at or {})
    for i, card in enumerate(top):
        assert i not in at, (i, card)
        at[i] = card
    chosen = list(at.values())
    assert len(set(chosen)) == len(chosen) and all(c in DECKS[p] for c in chosen), at
    rest = iter(c for c in DECKS[p] if c not in chosen)
    out = [at[i] if i in at else next(rest) for i in range(26)]
    assert sorted(out) == sorted(DECKS[p])
    return out


def deal(red_top: list[str], black_top: list[str], red_at: dict[int, str] | None = None,
         black_at: dict[int, str] | None = None) -> dict[str, list[str]]:
    return {"red": deck(0, red_top, red_at), "black": deck(1, black_top, black_at)}


def new(red_top: list[str] | None = None, black_top: list[str] | None = None,
        red_at: dict[int, str] | None = None, black_at: dict[int, str] | None = None) -> State:
    return get_game("grow21").new_game(seed=0, deal=deal(red_top or [], black_top or [], red_at, black_at))


def place(x: int, y: int) -> Move:
    return {"type": "place", "at": [x, y]}


def change(x: int, y: int) -> Move:
    return {"type": "change", "at": [x, y]}


def keep(x: int, y: int) -> Move:
    return {"type": "keep", "at": [x, y]}


def run(state: State, moves: list[Move]) -> list[list[Event]]:
    """Play ``moves`` in turn order (whoever is to act); the events of each move."""
    out = []
    for move in moves:
        (p,) = state.to_act()
        out.append(state.play(p, move))
    return out


def canon(value: Any) -> str:
    """Strict JSON: [0.0, 0] is not the cell [0, 0]."""
    return json.dumps(value, sort_keys=True)


def snapshot(state: State) -> str:
    data = {"record": state.record(), "views": [state.view(v) for v in VIEWERS],
            "to_act": state.to_act(), "legal": [state.legal_moves(p) for p in (0, 1)],
            "outcome": state.outcome()}
    return json.dumps(data, sort_keys=True)


def board(state: State) -> dict[Cell, list[str]]:
    """Cell -> stack (bottom first), from the spectator view."""
    return {(c["at"][0], c["at"][1]): c["stack"] for c in state.view(None)["board"]}


def tops(state: State) -> dict[Cell, str]:
    return {cell: stack[-1] for cell, stack in board(state).items()}


def groups(state: State) -> list[tuple[str, list[list[int]], list[int]]]:
    return [(g["colour"], g["cells"], g["values"]) for g in state.view(None)["groups"]]


def table_facts(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the words told to its seat ("You place 5♥." against "Player 1 places 5♥.", the
    outcome's reason, breakdown and verdict, the bonus note): what every seat must see alike."""
    def facts_of(told: dict[str, Any] | None) -> dict[str, Any] | None:
        return told and {k: x for k, x in told.items() if k not in ("reason", "breakdown", "verdict")}

    facts = {k: x for k, x in view.items() if k not in ("viewer", "last", "log", "final")}
    facts["last"] = view["last"] and {k: x for k, x in view["last"].items() if k != "sentence"}
    facts["log"] = [{k: facts_of(x) if k == "outcome" else x for k, x in entry.items() if k != "sentence"}
                    for entry in view["log"]]
    final = view["final"]
    facts["final"] = final and {"outcome": facts_of(final["outcome"]), "bonus": final["bonus"]}
    return facts


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def assert_refused(state: State, p: Any, move: Any, code: str) -> None:
    """check says ``code``; play raises IllegalMove with that code; nothing changes."""
    before = snapshot(state)
    error = state.check(p, move)
    assert error is not None and error["code"] == code, (move, error)
    assert isinstance(error["message"], str) and error["message"].strip()
    assert snapshot(state) == before, "check mutated the state"
    with pytest.raises(IllegalMove) as info:
        state.play(p, move)
    assert isinstance(info.value, ValueError) and info.value.code == code
    assert info.value.message == error["message"]
    assert snapshot(state) == before, "a refused play changed the state"
    if p in (0, 1) and not isinstance(p, bool):
        assert canon(move) not in {canon(m) for m in state.legal_moves(p)}


# --------------------------------------------------------------------------- GROW-1 decks, turns, the public card
def test_grow_1_random_deal_red_to_player_0_black_to_player_1() -> None:
    game = get_game("grow21")
    orders: set[str] = set()
    for seed in range(40):
        record = game.new_game(seed=seed).record()
        assert set(record["deal"]) == {"red", "black"}
        assert sorted(record["deal"]["red"]) == sorted(RED)
        assert sorted(record["deal"]["black"]) == sorted(BLACK)
        orders.add(json.dumps(record["deal"]))
    assert len(orders) == 40, "every seed shuffles differently"
    assert game.new_game(seed=5).record()["deal"] == game.new_game(seed=5).record()["deal"]


def test_grow_1_forced_deal_top_first_and_copied() -> None:
    forced = deal(["9H", "KD"], ["QS", "AC"])
    state = get_game("grow21").new_game(seed=0, deal=forced)
    forced["red"].reverse()
    forced["black"][0] = "XX"
    assert state.record()["deal"] == deal(["9H", "KD"], ["QS", "AC"])
    assert state.view(None)["current"] == "9H"
    events = state.play(0, place(0, 0))
    assert events[0] == {"type": "place", "player": 0, "card": "9H", "at": [0, 0], "covered": None}
    assert events[-1] == {"type": "turn", "player": 1, "card": "QS"}
    assert state.view(None)["current"] == "QS"


def _bad_deals() -> list[tuple[str, Any]]:
    good = deal([], [])
    red, black = good["red"], good["black"]
    return [
        ("colours swapped", {"red": black, "black": red}),
        ("25 red", {"red": red[:-1], "black": black}),
        ("27 black", {"red": red, "black": black + ["AH"]}),
        ("duplicate", {"red": red[:-1] + [red[0]], "black": black}),
        ("a black card among the red", {"red": red[:-1] + ["AS"], "black": black[:-1] + [red[-1]]}),
        ("a joker", {"red": red[:-1] + ["RJ"], "black": black}),
        ("lower-case code", {"red": [c.lower() for c in red], "black": black}),
        ("missing deck", {"red": red}),
        ("extra key", {"red": red, "black": black, "green": []}),
        ("player keys", {"0": red, "1": black}),
        ("a list of decks", [red, black]),
        ("one flat list", red + black),
        ("a string", "AH"),
        ("a number", 26),
        ("true", True),
        ("deck as a string", {"red": " ".join(red), "black": black}),
        ("null deck", {"red": None, "black": black}),
        ("numbers for cards", {"red": list(range(26)), "black": black}),
        ("nested lists", {"red": [[c] for c in red], "black": black}),
    ]


BAD_DEALS = _bad_deals()


@pytest.mark.parametrize("why,bad", BAD_DEALS, ids=[w for w, _ in BAD_DEALS])
def test_grow_1_bad_deals_are_refused(why: str, bad: Any) -> None:
    with pytest.raises(SetupError) as info:
        get_game("grow21").new_game(seed=0, deal=bad)
    assert info.value.code == "bad_deal" and info.value.message


def test_grow_1_red_moves_first_players_alternate_and_play_their_own_top_card() -> None:
    state = new(["5H", "6H", "7H"], ["5S", "6S", "7S"])
    assert state.to_act() == [0]
    assert_refused(state, 1, place(0, 0), "not_your_turn")
    played: list[tuple[int, str]] = []
    for move in (place(0, 0), place(1, 0), place(0, 1), place(1, 1), place(0, -1), place(1, -1)):
        (p,) = state.to_act()
        view = state.view(None)
        assert view["mover"] == p and view["to_act"] == [p]
        assert view["current"] == deck(p, [["5H", "6H", "7H"], ["5S", "6S", "7S"]][p])[26 - view["decks"][p]]
        events = state.play(p, move)
        played.append((p, events[0]["card"]))
        assert state.to_act() == [1 - p]
    assert played == [(0, "5H"), (1, "5S"), (0, "6H"), (1, "6S"), (0, "7H"), (1, "7S")]
    assert state.view(None)["decks"] == [23, 23]
    assert tops(state) == {(0, 0): "5H", (1, 0): "5S", (0, 1): "6H", (1, 1): "6S", (0, -1): "7H", (1, -1): "7S"}


def test_grow_1_the_movers_next_card_is_public_and_decks_are_counts() -> None:
    state = new(["5H", "6H"], ["9S", "2S"])
    run(state, [place(0, 0)])
    views = [state.view(v) for v in VIEWERS]
    for v, view in zip(VIEWERS, views):
        assert view["viewer"] == v
        assert view["current"] == "9S", "the next card of the player to move is public (GROW-1)"
        assert view["decks"] == [25, 26], "the current card is still counted on its deck"
        # nothing of either deck's order below the current card: only the board and the current card
        assert card_codes(view) == {"5H", "9S"}
        assert table_facts(view) == table_facts(views[2]), "every seat sees the same table"


def test_grow_1_view_shape() -> None:
    state = new(["5H"], ["9S"])
    view = state.view(0)
    assert view == {
        "game": "grow21", "viewer": 0, "colours": ["red", "black"], "to_act": [0], "mover": 0,
        "phase": "play", "board": [], "groups": [], "scores": [0, 0], "decks": [26, 26],
        "current": "5H", "split": [], "last": None, "log": [], "final": None}
    run(state, [place(0, 0)])
    view = state.view(None)
    assert view["board"] == [{"at": [0, 0], "stack": ["5H"], "top": "5H"}]
    assert view["last"] == {"player": 0, "type": "place", "card": "5H", "at": [0, 0], "covered": None,
                            "removed": [], "discarded": [], "sentence": "Player 1 placed 5♥."}
    assert view["groups"] == [{"colour": "red", "cells": [[0, 0]], "values": [5]}]
    assert view["log"] == [{"type": "place", "player": 0, "card": "5H", "at": [0, 0], "covered": None,
                            "label": "Card 1", "sentence": "Player 1 places 5♥."}]
    with pytest.raises(ValueError):
        state.view(2)


# --------------------------------------------------------------------------- GROW-2 where a card may go
def test_grow_2_the_first_card_goes_to_the_origin_only() -> None:
    state = new(["5H"], ["9S"])
    assert state.legal_moves(0) == [place(0, 0)]
    assert state.legal_moves(1) == []
    assert state.describe(0, place(0, 0)) == "Place 5♥ at (0, 0)"
    for cell in ((1, 0), (0, 1), (-1, 0), (5, 5)):
        assert_refused(state, 0, place(*cell), "not_adjacent")
        assert "[0, 0]" in (state.check(0, place(*cell)) or {})["message"]
    assert_refused(state, 0, change(0, 0), "empty_cell")
    assert_refused(state, 0, keep(0, 0), "nothing_to_keep")
    run(state, [place(0, 0)])
    assert board(state) == {(0, 0): ["5H"]}


def test_grow_2_placement_on_an_empty_cell_edge_adjacent_to_any_card() -> None:
    state = new(["5H", "6H"], ["9S", "2S"])
    run(state, [place(0, 0)])
    assert state.legal_moves(1) == [place(-1, 0), place(0, -1), place(0, 1), place(1, 0)]
    for diagonal in ((1, 1), (-1, -1), (1, -1), (-1, 1)):
        assert_refused(state, 1, place(*diagonal), "not_adjacent")
    assert_refused(state, 1, place(2, 0), "not_adjacent")
    assert_refused(state, 1, place(0, 0), "occupied")
    run(state, [place(1, 0)])
    # red may now also go next to the black card (either colour counts)
    assert state.legal_moves(0)[:6] == [place(-1, 0), place(0, -1), place(0, 1), place(1, -1), place(1, 1),
                                        place(2, 0)]
    assert_refused(state, 0, place(1, 0), "occupied")
    assert_refused(state, 0, place(2, 1), "not_adjacent")
    assert_refused(state, 0, place(10**20, 0), "not_adjacent")
    run(state, [place(2, 0)])
    assert tops(state) == {(0, 0): "5H", (1, 0): "9S", (2, 0): "6H"}


# --------------------------------------------------------------------------- GROW-3 changes
CHANGES: list[tuple[str, str, bool]] = [
    ("5H", "4H", True),    # -1
    ("5H", "5D", True),    # 0
    ("5H", "6H", True),    # +1
    ("5H", "7H", False),   # +2
    ("5H", "3H", False),   # -2
    ("AH", "2H", True),    # the ace counts 1 here
    ("2H", "AH", True),
    ("AH", "AD", True),
    ("AH", "10H", False),  # not 11: 10 on an ace is 9 away
    ("10H", "AH", False),
    ("10H", "9H", True),
    ("10H", "10D", True),
    ("9H", "10H", True),
    ("KH", "2H", True),    # any number onto any own face card
    ("JH", "AH", True),
    ("QD", "10H", True),
    ("KH", "9D", True),
    ("KH", "QH", False),   # a face card never changes anything
    ("JH", "KH", False),
    ("10H", "JH", False),  # not even onto a 10
    ("5H", "KD", False),
]


@pytest.mark.parametrize("bottom,card,allowed", CHANGES, ids=[f"{c}-on-{b}" for b, c, _ in CHANGES])
def test_grow_3_change_by_at_most_one_or_onto_a_face_card(bottom: str, card: str, allowed: bool) -> None:
    state = new([bottom, card], ["9S"])
    run(state, [place(0, 0), place(1, 0)])
    assert state.view(0)["current"] == card
    if not allowed:
        assert_refused(state, 0, change(0, 0), "bad_change")
        assert [m for m in state.legal_moves(0) if m["type"] == "change"] == []
        return
    assert change(0, 0) in state.legal_moves(0)
    events = state.play(0, change(0, 0))
    assert events[0] == {"type": "change", "player": 0, "card": card, "at": [0, 0], "covered": bottom}
    assert board(state)[(0, 0)] == [bottom, card]
    assert state.view(None)["board"][0] == {"at": [0, 0], "stack": [bottom, card], "top": card}
    assert state.view(None)["decks"] == [24, 25]
    assert state.to_act() == [1]


def test_grow_3_never_onto_the_other_colour() -> None:
    state = new(["5H", "5D", "4H"], ["5S", "6S", "5C"])
    run(state, [place(0, 0), place(1, 0)])
    assert_refused(state, 0, change(1, 0), "bad_change")
    assert "own colour" in (state.check(0, change(1, 0)) or {})["message"]
    run(state, [place(0, 1)])
    assert_refused(state, 1, change(0, 0), "bad_change")
    assert_refused(state, 1, change(0, 1), "bad_change")
    assert state.legal_moves(1)[-1] == change(1, 0), "6 on 5 of its own colour is fine"
    assert [m for m in state.legal_moves(1) if m["type"] == "change"] == [change(1, 0)]


def test_grow_3_change_errors_empty_cell_and_face_card_message() -> None:
    state = new(["5H", "KH"], ["9S"])
    run(state, [place(0, 0), place(1, 0)])
    assert_refused(state, 0, change(0, 1), "empty_cell")
    assert_refused(state, 0, change(0, 0), "bad_change")
    assert "face card" in (state.check(0, change(0, 0)) or {})["message"]


def test_grow_3_only_the_top_card_of_a_stack_counts() -> None:
    # red 5H, then 6H on it; 7H may go on the 6 (the 5 below no longer counts) but 4H may not
    state = new(["5H", "6H", "4H", "7H"], ["9S", "2S", "3S"])
    run(state, [place(0, 0), place(1, 0), change(0, 0), place(2, 0)])
    assert board(state)[(0, 0)] == ["5H", "6H"]
    assert groups(state)[0] == ("red", [[0, 0]], [6])
    assert state.view(0)["current"] == "4H"
    assert_refused(state, 0, change(0, 0), "bad_change")
    assert "6♥" in (state.check(0, change(0, 0)) or {})["message"]
    run(state, [place(0, 1), place(1, 1)])  # red 4H joins: 6 + 4 = 10
    assert groups(state)[0] == ("red", [[0, 0], [0, 1]], [10])
    assert change(0, 0) in state.legal_moves(0)  # 7 on 6
    run(state, [change(0, 0)])
    assert board(state)[(0, 0)] == ["5H", "6H", "7H"]
    assert groups(state)[0] == ("red", [[0, 0], [0, 1]], [11])


def test_grow_3_a_face_card_covered_by_a_number_stops_counting_as_a_face() -> None:
    state = new(["KH", "2H", "QH"], ["9S", "8S"])
    run(state, [place(0, 0), place(1, 0), change(0, 0), place(2, 0)])
    assert board(state)[(0, 0)] == ["KH", "2H"]
    assert groups(state)[0] == ("red", [[0, 0]], [2])
    assert state.view(0)["current"] == "QH"
    assert_refused(state, 0, change(0, 0), "bad_change")  # a face card never changes, even onto a former face


# --------------------------------------------------------------------------- GROW-4 groups and values
def test_grow_4_groups_are_maximal_edge_connected_same_colour_sets() -> None:
    state = new(["5H", "8H", "AH", "2H"], ["2S", "5S", "KS", "3S"])
    run(state, [place(0, 0), place(1, 0), place(0, 1), place(1, 1), place(-1, 0), place(-1, 1),
                place(0, -1), place(0, 2)])
    # red 5H (0,0), 8H (0,1), AH (-1,0), 2H (0,-1): one group; black 2S (1,0) + 5S (1,1);
    # black KS (-1,1) alone (its black neighbours are only diagonal); black 3S (0,2) alone
    assert groups(state) == [
        ("red", [[-1, 0], [0, -1], [0, 0], [0, 1]], [16, 26]),
        ("black", [[-1, 1]], [10]),
        ("black", [[0, 2]], [3]),
        ("black", [[1, 0], [1, 1]], [7]),
    ]
    assert state.view(None)["scores"] == [0, 0]


def test_grow_4_values_show_both_valuations_with_an_ace() -> None:
    state = new(["AH", "AD", "9H"], ["2S", "AS", "3S"])
    run(state, [place(0, 0), place(1, 0)])
    assert groups(state) == [("red", [[0, 0]], [1, 11]), ("black", [[1, 0]], [2])]
    run(state, [place(0, 1), place(1, 1)])  # two aces: 2 or 12 (never both as 11)
    assert groups(state) == [("red", [[0, 0], [0, 1]], [2, 12]), ("black", [[1, 0], [1, 1]], [3, 13])]


# Red plays ``cards`` down the column x = 0 (y = 0, 1, 2, ...) while black plays 2S, 2C, 3S, 3C, 4S
# down x = 1 (never 21, no ace); the last red card decides.
STABILITY: list[tuple[str, list[str], bool]] = [
    ("21 with the ace as 1", ["10H", "JH", "AH"], True),
    ("Q 2 A 8 is 21 low", ["QH", "2H", "AH", "8H"], True),
    ("21 without an ace", ["9H", "2H", "10H"], True),
    ("A K: low 11 with an ace", ["AH", "KH"], True),
    ("A 5 5: low 11 with an ace", ["AH", "5H", "5D"], True),
    ("A A 9: low 11, one ace as 11", ["AH", "AD", "9H"], True),
    ("5 A 5 via a later ace", ["5H", "5D", "AH"], True),
    ("20", ["10H", "JH"], False),
    ("22", ["10H", "10D", "2H"], False),
    ("31 low", ["10H", "JH", "9H", "2H"], False),
    ("low 11 without an ace", ["5H", "6H"], False),
    ("5 6 A: 12 or 22", ["5H", "6H", "AH"], False),
    ("A A: 2 or 12", ["AH", "AD"], False),
    ("K Q A: 21 low (31 high)", ["KH", "QH", "AH"], True),
]


@pytest.mark.parametrize("why,cards,stable", STABILITY, ids=[w for w, *_ in STABILITY])
def test_grow_4_5_stable_groups_make_exactly_21(why: str, cards: list[str], stable: bool) -> None:
    state = new(cards, ["2S", "2C", "3S", "3C", "4S"])
    moves: list[Move] = []
    for y in range(len(cards)):
        moves += [place(0, y), place(1, y)]
    run(state, moves[:-2])
    (events,) = run(state, [place(0, len(cards) - 1)])
    removed = of_type(events, "remove")
    column = [[0, y] for y in range(len(cards))]
    assert is_stable(cards) == stable
    if stable:
        assert removed == [{"type": "remove", "player": 0, "cells": column, "cards": cards, "points": 10,
                            "scores": [10, 0]}]
        assert all((0, y) not in board(state) for y in range(len(cards)))
        assert state.view(None)["scores"] == [10, 0]
        assert state.view(None)["last"]["removed"] == column
    else:
        assert removed == []
        assert [tops(state)[(0, y)] for y in range(len(cards))] == cards
        assert state.view(None)["scores"] == [0, 0]
        assert groups(state)[0][1] == column
    assert state.to_act() == [1]


# --------------------------------------------------------------------------- GROW-5 removal
def test_grow_5_removal_takes_whole_stacks_and_scores_10_for_the_mover() -> None:
    # red 5H at (0,0), 6H on it (stack), KH at (0,1): 16; then 5D at (0,-1): 21 -> the whole stack goes
    state = new(["5H", "6H", "KH", "5D"], ["9S", "2S", "3S", "4S"])
    run(state, [place(0, 0), place(1, 0), change(0, 0), place(1, 1), place(0, 1), place(1, -1)])
    assert groups(state)[0] == ("red", [[0, 0], [0, 1]], [16])
    (events,) = run(state, [place(0, -1)])
    assert [e["type"] for e in events] == ["place", "remove", "turn"]
    assert events[1] == {"type": "remove", "player": 0, "cells": [[0, -1], [0, 0], [0, 1]],
                         "cards": ["5D", "5H", "6H", "KH"], "points": 10, "scores": [10, 0]}
    assert board(state) == {(1, -1): ["3S"], (1, 0): ["9S"], (1, 1): ["2S"]}, "black cards stay"
    view = state.view(None)
    assert view["scores"] == [10, 0]
    assert view["last"] == {"player": 0, "type": "place", "card": "5D", "at": [0, -1], "covered": None,
                            "removed": [[0, -1], [0, 0], [0, 1]], "discarded": [],
                            "sentence": "Player 1 placed 5♦. 21! 3 cells harvested, +10."}
    assert view["split"] == [] and view["phase"] == "play" and view["to_act"] == [1]
    assert view["current"] == "4S"


def test_grow_5_black_scores_its_own_removal() -> None:
    state = new(["5H", "6H"], ["AS", "KS"])
    run(state, [place(0, 0), place(1, 0), place(-1, 0)])
    (events,) = run(state, [place(1, 1)])  # A + K = 11 low, with an ace: 21
    assert of_type(events, "remove")[0]["player"] == 1
    assert state.view(None)["scores"] == [0, 10]
    assert tops(state) == {(-1, 0): "6H", (0, 0): "5H"}


def test_grow_5_a_change_can_make_the_21() -> None:
    # red 5H (0,0) + KH (0,1) + 5D (-1,0) = 20; 6H onto the 5H makes 21
    state = new(["5H", "KH", "5D", "6H"], ["8S", "2S", "3S"])
    run(state, [place(0, 0), place(1, 0), place(0, 1), place(1, 1), place(-1, 0), place(2, 0)])
    assert groups(state)[0] == ("red", [[-1, 0], [0, 0], [0, 1]], [20])
    assert state.describe(0, change(0, 0)) == "Change: put 6♥ on top of 5♥ at (0, 0)"
    (events,) = run(state, [change(0, 0)])
    assert [e["type"] for e in events] == ["change", "remove", "turn"]
    assert events[1]["cells"] == [[-1, 0], [0, 0], [0, 1]]
    assert sorted(events[1]["cards"]) == sorted(["5D", "5H", "6H", "KH"])
    assert state.view(None)["scores"] == [10, 0]
    assert state.view(None)["last"]["type"] == "change"
    assert set(board(state)) == {(1, 0), (1, 1), (2, 0)}


def test_grow_5_a_change_onto_a_face_card_can_make_21_with_an_ace() -> None:
    # red KH + 5H + 5D = 20 (not stable); an ace onto the king: A + 5 + 5 = 11 low -> 21
    state = new(["KH", "5H", "5D", "AH"], ["8S", "2S", "3S"])
    run(state, [place(0, 0), place(1, 0), place(0, 1), place(1, 1), place(0, 2), place(1, 2)])
    assert groups(state)[0] == ("red", [[0, 0], [0, 1], [0, 2]], [20])
    (events,) = run(state, [change(0, 0)])
    assert of_type(events, "remove")[0]["cards"] == ["KH", "AH", "5H", "5D"]
    assert state.view(None)["scores"] == [10, 0]


def test_grow_5_placing_next_to_a_group_of_the_other_colour_never_removes_it() -> None:
    # black has 10 + J = 20 and an ace placed by red beside it does not join it
    state = new(["5H", "AH"], ["10S", "JS"])
    run(state, [place(0, 0), place(1, 0), place(0, 1), place(2, 0)])
    (events,) = run(state, [place(2, 1)])
    assert of_type(events, "remove") == []
    assert ("black", [[1, 0], [2, 0]], [20]) in groups(state)


# --------------------------------------------------------------------------- GROW-6 splits
def split_single() -> State:
    """Red column KH (0,0), 2H (0,-1), 3H (0,-2); black 5S (-1,0) on the left, 4S (1,0) + 3S (2,0)
    on the right; red 6H at (0,1) makes 10 + 2 + 3 + 6 = 21."""
    state = new(["KH", "2H", "3H", "6H"], ["5S", "4S", "3S", "2S"])
    run(state, [place(0, 0), place(-1, 0), place(0, -1), place(1, 0), place(0, -2), place(2, 0)])
    return state


def test_grow_6_split_the_largest_part_survives_the_rest_is_discarded() -> None:
    state = split_single()
    (events,) = run(state, [place(0, 1)])
    assert [e["type"] for e in events] == ["place", "remove", "keep", "turn"]
    assert events[2] == {"type": "keep", "player": 0, "kept": [[1, 0], [2, 0]], "discarded": [[-1, 0]]}
    assert board(state) == {(1, 0): ["4S"], (2, 0): ["3S"]}
    view = state.view(None)
    assert view["scores"] == [10, 0], "discarded cards score nothing"
    assert view["last"]["removed"] == [[0, -2], [0, -1], [0, 0], [0, 1]]
    assert view["last"]["discarded"] == [[-1, 0]]
    assert view["phase"] == "play" and view["split"] == [] and view["to_act"] == [1]


def split_tie() -> State:
    """Red column 2H (0,-1) under KH (0,0), the 2 changed to 3, 2, 3 (fillers); black 5S (-1,0) +
    4S (-1,-1) on the left, 3S (1,0) + 2S (1,1) on the right, 6S alone at (0,-2). Red's next card,
    8H at (0,1), makes 10 + 3 + 8 = 21: the left and right parts tie at two cells each and the
    lone 6S (one cell) goes anyway."""
    state = new(["KH", "2H", "3H", "2D", "3D", "8H"], ["5S", "4S", "3S", "2S", "6S"])
    run(state, [place(0, 0), place(-1, 0), place(0, -1), place(-1, -1), change(0, -1), place(1, 0),
                change(0, -1), place(1, 1), change(0, -1), place(0, -2)])
    assert board(state)[(0, -1)] == ["2H", "3H", "2D", "3D"]
    return state


def test_grow_6_tied_largest_parts_the_mover_chooses() -> None:
    state = split_tie()
    (events,) = run(state, [place(0, 1)])
    assert [e["type"] for e in events] == ["place", "remove", "split"]
    assert events[2] == {"type": "split", "player": 0, "parts": [[[-1, -1], [-1, 0]], [[1, 0], [1, 1]]],
                         "choose": True}
    assert state.to_act() == [0] and not state.is_over()
    view = state.view(None)
    assert view["phase"] == "keep" and view["current"] is None and view["mover"] == 0
    assert view["split"] == [[[-1, -1], [-1, 0]], [[1, 0], [1, 1]]]
    assert view["scores"] == [10, 0]
    assert set(board(state)) == {(-1, -1), (-1, 0), (1, 0), (1, 1), (0, -2)}, "nothing goes before the choice"
    assert view["decks"] == [20, 21]
    # one keep per tied part, named by its smallest cell (x, then y)
    assert state.legal_moves(0) == [keep(-1, -1), keep(1, 0)]
    assert state.legal_moves(1) == []
    assert state.describe(0, keep(-1, -1)) == "Keep the part of the board with the card at (-1, -1)"
    assert_refused(state, 0, place(2, 0), "keep_first")
    assert_refused(state, 0, change(1, 0), "keep_first")
    assert_refused(state, 0, keep(0, -2), "not_a_part")
    assert_refused(state, 0, keep(0, 0), "not_a_part")
    assert_refused(state, 0, keep(5, 5), "not_a_part")
    # another cell of a tied part is refused, not taken as its keep: one move means one thing
    assert_refused(state, 0, keep(-1, 0), "not_a_part")
    assert_refused(state, 0, keep(1, 1), "not_a_part")
    assert_refused(state, 1, keep(-1, -1), "not_your_turn")
    assert_refused(state, 0, {"type": "keep", "at": [1, 1.0]}, "malformed_move")


@pytest.mark.parametrize("cell,kept", [((-1, -1), [[-1, -1], [-1, 0]]), ((1, 0), [[1, 0], [1, 1]])])
def test_grow_6_keep_names_a_part_by_its_first_cell(cell: Cell, kept: list[list[int]]) -> None:
    state = split_tie()
    run(state, [place(0, 1)])
    (events,) = run(state, [keep(*cell)])
    discarded = sorted([c for c in ([-1, -1], [-1, 0], [1, 0], [1, 1]) if c not in kept] + [[0, -2]])
    assert events == [{"type": "keep", "player": 0, "kept": kept, "discarded": discarded},
                      {"type": "turn", "player": 1, "card": deck(1, ["5S", "4S", "3S", "2S", "6S"])[5]}]
    assert sorted([list(c) for c in board(state)]) == kept
    view = state.view(None)
    assert view["phase"] == "play" and view["split"] == [] and view["to_act"] == [1]
    assert view["scores"] == [10, 0]
    assert view["last"]["removed"] == [[0, -1], [0, 0], [0, 1]] and view["last"]["discarded"] == discarded
    assert view["last"]["card"] == "8H", "last is still the card that made the 21"
    assert state.record()["moves"][-1] == [0, keep(*cell)]


def test_grow_6_after_a_keep_the_board_is_whole_and_play_goes_on() -> None:
    state = split_tie()
    run(state, [place(0, 1), keep(1, 0)])
    assert state.legal_moves(1)[:3] == [place(0, 0), place(0, 1), place(1, -1)]
    assert_refused(state, 1, keep(1, 0), "nothing_to_keep")
    assert_refused(state, 1, place(-1, 0), "not_adjacent")  # the discarded side is gone


def test_grow_6_a_removal_that_leaves_one_part_keeps_everything() -> None:
    state = new(["KH", "AH"], ["5S", "6S"])
    run(state, [place(0, 0), place(1, 0), place(0, 1), ])  # K + A = 21 at once
    assert board(state) == {(1, 0): ["5S"]}
    run(state, [place(1, 1), ])
    assert state.view(None)["last"]["discarded"] == []


def test_grow_6_a_removal_can_empty_the_board_then_the_next_card_goes_to_the_origin() -> None:
    # red K + A = 21 removes red; black is alone; black A + K = 21 removes everything
    state = new(["KH", "AH", "5H"], ["AS", "KS"])
    run(state, [place(0, 0), place(1, 0), place(0, 1)])
    assert board(state) == {(1, 0): ["AS"]}
    assert state.legal_moves(1) == [place(0, 0), place(1, -1), place(1, 1), place(2, 0)]
    (events,) = run(state, [place(2, 0)])
    assert [e["type"] for e in events] == ["place", "remove", "turn"]
    view = state.view(None)
    assert view["board"] == [] and view["groups"] == [] and view["scores"] == [10, 10]
    assert state.legal_moves(0) == [place(0, 0)]
    assert_refused(state, 0, place(2, 0), "not_adjacent")
    assert_refused(state, 0, place(1, 0), "not_adjacent")
    assert_refused(state, 0, change(0, 0), "empty_cell")
    run(state, [place(0, 0)])
    assert board(state) == {(0, 0): ["5H"]}


# --------------------------------------------------------------------------- GROW-7 the end
def line_game(red_at: dict[int, str], black_at: dict[int, str], red_tail: list[Cell],
              black_tail: list[Cell], keeps: list[Cell] | None = None) -> tuple[State, list[Event]]:
    """A whole game: red's card i goes to (2i, 0) and black's to (2i + 1, 0), except each deck's
    last cards, which go to the ``tail`` cells in order. ``keeps`` answers split choices in order.
    Returns the final state and the events of the last move."""
    state = new(red_at=red_at, black_at=black_at)
    cells = ([(2 * i, 0) for i in range(26 - len(red_tail))] + red_tail,
             [(2 * i + 1, 0) for i in range(26 - len(black_tail))] + black_tail)
    pending = list(keeps or [])
    events: list[Event] = []
    for i in range(26):
        for p in (0, 1):
            assert not state.is_over()
            assert state.to_act() == [p]
            events = state.play(p, place(*cells[p][i]))
            if state.view(None)["phase"] == "keep":
                events = state.play(p, keep(*pending.pop(0)))
    assert pending == []
    return state, events


def test_grow_7_the_game_ends_after_all_52_cards() -> None:
    state, events = line_game({}, {}, [], [])
    assert len(state.record()["moves"]) == 52
    assert state.is_over() and state.to_act() == [] and state.legal_moves(0) == state.legal_moves(1) == []
    assert events[-1]["type"] == "end" and events[-1]["outcome"] == state.outcome()
    assert not of_type(events, "turn")
    view = state.view(None)
    assert view["phase"] == "over" and view["current"] is None and view["decks"] == [0, 0]
    assert len(view["board"]) == 52 and all(len(g["cells"]) == 1 for g in view["groups"])
    assert_refused(state, 0, place(52, 0), "game_over")
    assert_refused(state, 1, place(52, 0), "game_over")
    # one move before the end it is not over
    before = replay({**state.record(), "moves": state.record()["moves"][:51]})
    assert not before.is_over() and before.to_act() == [1] and before.view(None)["decks"] == [0, 1]


def test_grow_7_all_singletons_is_a_draw_at_nothing() -> None:
    state, _ = line_game({}, {}, [], [])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome["winner"] is None and outcome["scores"] == [0, 0]
    assert "draw" in outcome["reason"]
    note = ("Harvests were level, so the near-21 groups left on the table decided it (Player 1 +0, Player 2 +0); "
            "the totals include them.")
    assert state.view(None)["final"] == {"outcome": state.told_outcome(None), "bonus": [0, 0], "note": note}


def test_grow_7_the_higher_score_wins_and_the_near_21_groups_do_not_count() -> None:
    # red K (0,0) + A (0,1) = 21 at red's last card; black's 10 + J = 20 below would be worth 5 in a tie
    state, events = line_game({0: "KH", 25: "AH"}, {0: "10S", 25: "JS"}, [(0, 1)], [(1, 1)])
    outcome = state.outcome()
    assert outcome == {"winner": 0, "scores": [10, 0],
                       "reason": "Player 1 harvested more (10 against 0)."}
    note = ("Near-21 bonus (it only counts on level harvests): Player 1 +0, Player 2 +5. "
            "The totals are the harvest points.")
    assert state.view(None)["final"] == {"outcome": state.told_outcome(None), "bonus": [0, 5], "note": note}


def test_grow_7_black_wins_on_score_after_a_split() -> None:
    # black's last card, K below its A at (1, 0): 21; (0, 0) is cut off and discarded
    state, events = line_game({}, {0: "AS", 25: "KS"}, [], [(1, 1)])
    assert [e["type"] for e in events] == ["place", "remove", "keep", "end"]
    assert events[2]["discarded"] == [[0, 0]]
    outcome = state.outcome()
    assert outcome is not None and outcome["winner"] == 1 and outcome["scores"] == [0, 10]
    assert state.view(None)["last"]["discarded"] == [[0, 0]]


def test_grow_7_a_tied_split_on_the_last_card_is_chosen_before_the_end() -> None:
    # black's last card under its 10 at (25, 0) makes 21 and cuts the line into two halves of 25
    state = new(black_at={12: "10S", 25: "AS"})
    for i in range(25):
        run(state, [place(2 * i, 0), place(2 * i + 1, 0)])
    run(state, [place(50, 0)])
    (events,) = run(state, [place(25, 1)])
    assert [e["type"] for e in events] == ["place", "remove", "split"]
    assert not state.is_over() and state.to_act() == [1] and state.view(None)["decks"] == [0, 0]
    assert state.legal_moves(1) == [keep(0, 0), keep(26, 0)]
    assert state.view(None)["phase"] == "keep" and state.view(None)["current"] is None
    assert state.describe(1, keep(26, 0)) == "Keep the part of the board with the card at (26, 0)"
    preview = state.preview(1, keep(26, 0))
    assert preview is not None and len(preview["keeps"]) == len(preview["discards"]) == 25
    (events,) = run(state, [keep(26, 0)])
    assert [e["type"] for e in events] == ["keep", "end"]
    assert sorted(board(state)) == [(x, 0) for x in range(26, 51)]
    outcome = state.outcome()
    assert outcome is not None and outcome["winner"] == 1 and outcome["scores"] == [0, 10]
    assert state.view(None)["phase"] == "over"


# (red card 0, red card 25, black card 0, black card 25): red's last card goes under (0, 0), black's
# under (1, 0); every other group is one card
TIE_BREAKS: list[tuple[str, tuple[str, str, str, str], int | None, list[int]]] = [
    ("red 20 (K Q)", ("KH", "QH", "5S", "2S"), 0, [5, 0]),
    ("red 19 (10 9)", ("10H", "9H", "2S", "3S"), 0, [2, 0]),
    ("black 22 (A A, both aces 11)", ("5H", "3H", "AS", "AC"), 1, [0, 5]),
    ("A 9 is 20 and A 8 is 19 (aces for the best result)", ("AH", "9H", "AS", "8S"), 0, [5, 2]),
    ("black 19 (A 8) beats red 18", ("10H", "8H", "AS", "8S"), 1, [0, 2]),
    ("both 20: still a draw", ("KH", "QH", "10S", "JS"), None, [5, 5]),
    ("both 19: still a draw", ("10H", "9H", "9S", "10S"), None, [2, 2]),
    ("18 and 24 count nothing", ("10H", "8H", "2S", "3S"), None, [0, 0]),
]


@pytest.mark.parametrize("why,cards,winner,scores", TIE_BREAKS, ids=[w for w, *_ in TIE_BREAKS])
def test_grow_7_tie_break_on_near_21_groups(why: str, cards: tuple[str, str, str, str], winner: int | None,
                                            scores: list[int]) -> None:
    r0, r25, b0, b25 = cards
    state, _ = line_game({0: r0, 25: r25}, {0: b0, 25: b25}, [(0, 1)], [(1, 1)])
    assert ("red", [[0, 0], [0, 1]], state.view(None)["groups"][0]["values"]) == groups(state)[0]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome["winner"] == winner and outcome["scores"] == scores
    assert state.view(None)["final"]["bonus"] == scores
    if winner is None:
        assert "draw" in outcome["reason"]
    else:
        assert outcome["reason"].startswith("Level at 0;") and f"Player {winner + 1} wins" in outcome["reason"]


def test_grow_7_tie_break_22_and_23_need_three_cards() -> None:
    # red K + Q + 3 = 23 (2), black 10 + 9 + 3 = 22 (5)
    state, _ = line_game({0: "KH", 24: "QH", 25: "3H"}, {0: "10S", 24: "9S", 25: "3S"},
                         [(0, 1), (0, 2)], [(1, 1), (1, 2)])
    assert ("red", [[0, 0], [0, 1], [0, 2]], [23]) in groups(state)
    assert ("black", [[1, 0], [1, 1], [1, 2]], [22]) in groups(state)
    assert state.outcome() == {"winner": 1, "scores": [2, 5], "reason":
                               "Level at 0; Player 2 wins on near-21 groups (5 against 2)."}


def test_grow_7_tie_break_counts_every_own_group() -> None:
    # red: two groups of 19 (2 + 2); black: one 20 (5) and one 5 -> black wins 5 to 4
    state, _ = line_game({0: "10H", 1: "9D", 24: "9H", 25: "10D"}, {0: "KS", 1: "2S", 24: "QS", 25: "3S"},
                         [(0, 1), (2, 1)], [(1, 1), (3, 1)])
    outcome = state.outcome()
    assert outcome is not None and outcome["winner"] == 1 and outcome["scores"] == [4, 5]


def test_grow_7_equal_harvests_then_the_tie_break() -> None:
    # both harvest once (red K + A, then black A + K at the new end of the line): 10 each, then a draw
    state, _ = line_game({0: "KH", 25: "AH"}, {0: "AS", 25: "KS"}, [(0, 1)], [(1, 1)])
    outcome = state.outcome()
    assert outcome is not None and outcome["winner"] is None and outcome["scores"] == [10, 10]
    assert outcome["reason"].startswith("Level at 10")


@pytest.mark.parametrize("cards,points", [
    (["KH", "QH"], 5), (["10H", "9H"], 2), (["AH", "9H"], 5), (["AH", "8H"], 2), (["AH", "AD"], 5),
    (["AH", "AD", "AS"], 2), (["KH", "QH", "2H"], 5), (["KH", "QH", "3H"], 2), (["KH", "8H"], 0),
    (["KH", "QH", "4H"], 0), (["AH", "QH"], 0), (["AH"], 0), (["KH", "AH", "9H"], 5)])
def test_grow_7_tie_break_points_table(cards: list[str], points: int) -> None:
    """The helper the engine uses, against the ruling: 5 for 20/22, 2 for 19/23, aces for the best."""
    assert tie_break_points(cards) == points


# --------------------------------------------------------------------------- malformed moves, order, labels
MALFORMED: list[tuple[str, Any]] = [
    ("null", None), ("string", "place"), ("list", ["place", [0, 0]]), ("number", 1), ("empty", {}),
    ("missing at", {"type": "place"}), ("missing type", {"at": [0, 0]}),
    ("extra key", {"type": "place", "at": [0, 0], "card": "5H"}),
    ("unknown type", {"type": "put", "at": [0, 0]}), ("upper-case type", {"type": "PLACE", "at": [0, 0]}),
    ("list as type", {"type": ["place"], "at": [0, 0]}), ("null type", {"type": None, "at": [0, 0]}),
    ("number type", {"type": 1, "at": [0, 0]}),
    ("float cell", {"type": "place", "at": [1.0, 0]}), ("float cell 2", {"type": "place", "at": [0, 0.0]}),
    ("bool cell", {"type": "place", "at": [True, 0]}), ("bool cell 2", {"type": "place", "at": [0, False]}),
    ("string cell", {"type": "place", "at": ["0", "0"]}), ("one number", {"type": "place", "at": [0]}),
    ("three numbers", {"type": "place", "at": [0, 0, 0]}), ("cell object", {"type": "place", "at": {"x": 0, "y": 0}}),
    ("cell string", {"type": "place", "at": "0,0"}), ("cell number", {"type": "place", "at": 0}),
    ("nested cell", {"type": "place", "at": [[0, 0]]}), ("null cell", {"type": "place", "at": None}),
    ("change float", {"type": "change", "at": [0.0, 0]}), ("keep bool", {"type": "keep", "at": [False, 0]}),
]


@pytest.mark.parametrize("why,move", MALFORMED, ids=[w for w, _ in MALFORMED])
def test_malformed_moves(why: str, move: Any) -> None:
    state = new(["5H", "6H"], ["9S"])
    run(state, [place(0, 0), place(1, 0)])
    assert_refused(state, 0, move, "malformed_move")
    assert "grow21 move" in (state.check(0, move) or {})["message"] or "'at'" in (state.check(0, move) or {})["message"]


def test_not_your_turn_and_bad_player() -> None:
    state = new(["5H"], ["9S"])
    assert_refused(state, 1, place(0, 0), "not_your_turn")
    assert_refused(state, 1, {"type": "x"}, "not_your_turn")  # whose turn it is comes before the shape
    bad_players: list[Any] = [None, -1, 2, True, False, "0", 0.0, [0]]
    for bad in bad_players:
        assert_refused(state, bad, place(0, 0), "bad_player")


def test_legal_moves_order_and_labels() -> None:
    # red 5H (0,0), black 9S (1,0), red KH (0,1), black 2S (1,1), red 4H: places by x then y, then changes
    state = new(["5H", "KH", "4H"], ["9S", "2S"])
    run(state, [place(0, 0), place(1, 0), place(0, 1), place(1, 1)])
    legal = state.legal_moves(0)
    places = [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, -1), (1, 2), (2, 0), (2, 1)]
    assert legal == [place(*c) for c in places] + [change(0, 0), change(0, 1)]
    assert [state.describe(0, m) for m in legal[-3:]] == [
        "Place 4♥ at (2, 1)", "Change: put 4♥ on top of 5♥ at (0, 0)", "Change: put 4♥ on top of K♥ at (0, 1)"]
    for move in legal:
        assert state.check(0, move) is None
    assert state.legal_moves(1) == []


def test_preview_shows_the_group_a_move_makes_and_never_mutates() -> None:
    state = split_tie()
    before = snapshot(state)
    legal = state.legal_moves(0)
    previews = [state.preview(0, m) for m in legal]
    assert snapshot(state) == before, "preview mutated the state"
    for move, preview in zip(legal, previews):
        assert preview is not None
        twin = state.clone()
        removed = of_type(twin.play(0, move), "remove")
        assert preview["scores"] == bool(removed), (move, preview)
        if removed:
            assert removed[0]["cells"] == preview["cells"] and 21 in preview["values"]
    assert previews[legal.index(change(0, 0))] == {"cells": [[0, -1], [0, 0]], "values": [11], "scores": False}
    run(state, [place(0, 1)])
    assert [state.preview(0, m) for m in state.legal_moves(0)] == [
        {"keeps": [[-1, -1], [-1, 0]], "discards": [[0, -2], [1, 0], [1, 1]]},
        {"keeps": [[1, 0], [1, 1]], "discards": [[-1, -1], [-1, 0], [0, -2]]}]


def test_errors_and_check_never_mutate_and_clone_record_replay_agree() -> None:
    state = split_tie()
    before = snapshot(state)
    players: list[Any] = [0, 1, 2, None]
    for move in (place(0, 0), place(9, 9), change(1, 0), change(5, 5), keep(0, 0), None, {"type": "x"}):
        for p in players:
            state.check(p, move)
    assert snapshot(state) == before
    twin = state.clone()
    run(twin, [place(0, 1)])
    assert snapshot(state) == before, "playing on a clone changed the original"
    again = replay(json.loads(json.dumps(twin.record())))
    assert snapshot(again) == snapshot(twin)
    run(again, [keep(1, 0)])
    assert replay(again.record()).view(None) == again.view(None)


def test_events_are_json_and_the_same_for_every_viewer() -> None:
    state = split_tie()
    for move in (place(0, 1), keep(-1, -1)):
        p = state.to_act()[0]
        events = state.play(p, move)
        assert json.loads(json.dumps(events)) == events
        for v in VIEWERS:
            assert state.redact_events(events, v) == events, "every card is played face up"


# --------------------------------------------------------------------------- a reference model, checked over random games
def ref_value(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def ref_colour(card: str) -> int:
    return 0 if card[-1] in "HD" else 1


def ref_stable(cards: list[str]) -> bool:
    low = sum(ref_value(c) for c in cards)
    return low == 21 or (low == 11 and any(c[:-1] == "A" for c in cards))


def ref_connected(cells: set[Cell], start: Cell, joins: Any) -> set[Cell]:
    part, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in part and joins((x, y), n):
                part.add(n)
                todo.append(n)
    return part


def ref_parts(cells: set[Cell], joins: Any) -> list[set[Cell]]:
    parts: list[set[Cell]] = []
    for cell in sorted(cells):
        if not any(cell in part for part in parts):
            parts.append(ref_connected(cells, cell, joins))
    return parts


def ref_legal(stacks: dict[Cell, list[str]], card: str) -> list[Move]:
    if not stacks:
        return [place(0, 0)]
    empty = sorted({(x + dx, y + dy) for x, y in stacks for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
                   - set(stacks))
    moves = [place(*c) for c in empty]
    for cell in sorted(stacks):
        top = stacks[cell][-1]
        face, top_face = card[:-1] in ("J", "Q", "K"), top[:-1] in ("J", "Q", "K")
        if not face and ref_colour(top) == ref_colour(card) and (top_face or abs(ref_value(top) - ref_value(card)) <= 1):
            moves.append(change(*cell))
    return moves


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 2**20), min_size=60, max_size=60))
def test_engine_agrees_with_a_reference_model_over_random_games(seed: int, choices: list[int]) -> None:
    """Every legal-move list, group, removal, split and score of a random game, from the rulings."""
    state = get_game("grow21").new_game(seed=seed)
    stacks: dict[Cell, list[str]] = {}
    scores = [0, 0]
    parts: list[set[Cell]] = []
    step = 0
    while not state.is_over():
        (p,) = state.to_act()
        view = state.view(None)
        assert {(c["at"][0], c["at"][1]): c["stack"] for c in view["board"]} == stacks
        assert view["scores"] == scores
        colours = {c: ref_colour(s[-1]) for c, s in stacks.items()}
        same = ref_parts(set(stacks), lambda a, b: colours[a] == colours[b])
        assert [g["cells"] for g in view["groups"]] == [sorted([list(c) for c in g]) for g in same]
        for g, cells in zip(view["groups"], same):
            low = sum(ref_value(stacks[c][-1]) for c in cells)
            has_ace = any(stacks[c][-1][:-1] == "A" for c in cells)
            assert g["values"] == ([low, low + 10] if has_ace else [low])
            assert not ref_stable([stacks[c][-1] for c in cells]), "a stable group was left on the board"
        if parts:
            expected = [keep(*min(part)) for part in sorted(parts, key=min)]
            assert state.legal_moves(p) == expected and view["phase"] == "keep"
            for option, part in zip(expected, sorted(parts, key=min)):
                assert state.preview(p, option) == {"keeps": sorted([list(c) for c in part]),
                                                    "discards": sorted([list(c) for c in stacks if c not in part])}
            move = expected[choices[step % 60] % len(expected)]
            cell = (move["at"][0], move["at"][1])
            (kept,) = [part for part in parts if cell in part]
            stacks = {c: s for c, s in stacks.items() if c in kept}
            parts = []
        else:
            card = view["current"]
            assert card is not None and ref_colour(card) == p
            legal = state.legal_moves(p)
            assert legal == ref_legal(stacks, card)
            for option in legal:  # the hover hint: the group the card would make and whether it is a 21
                at = (option["at"][0], option["at"][1])
                after = {c: s[-1] for c, s in stacks.items()} | {at: card}
                joined = ref_connected(set(after), at, lambda a, b: ref_colour(after[a]) == ref_colour(after[b]))
                low = sum(ref_value(after[c]) for c in joined)
                values = [low, low + 10] if any(after[c][:-1] == "A" for c in joined) else [low]
                assert state.preview(p, option) == {"cells": sorted([list(c) for c in joined]), "values": values,
                                                    "scores": ref_stable([after[c] for c in joined])}
            move = legal[choices[step % 60] % len(legal)]
            cell = (move["at"][0], move["at"][1])
            stacks.setdefault(cell, []).append(card)
            colours = {c: ref_colour(s[-1]) for c, s in stacks.items()}
            group = ref_connected(set(stacks), cell, lambda a, b: colours[a] == colours[b])
            if ref_stable([stacks[c][-1] for c in group]):
                stacks = {c: s for c, s in stacks.items() if c not in group}
                scores[p] += 10
                rest = ref_parts(set(stacks), lambda a, b: True)
                if len(rest) > 1:
                    most = max(len(part) for part in rest)
                    largest = [part for part in rest if len(part) == most]
                    if len(largest) == 1:
                        stacks = {c: s for c, s in stacks.items() if c in largest[0]}
                    else:
                        parts = largest
        state.play(p, move)
        step += 1
        if not parts and not state.is_over():
            assert state.to_act() == [1 - p], "players alternate"
    assert sum(len(s) for s in stacks.values()) <= 52
    outcome = state.outcome()
    assert outcome is not None
    assert len([m for _, m in state.record()["moves"] if m["type"] != "keep"]) == 52
    if scores[0] != scores[1]:
        assert outcome["scores"] == scores and outcome["winner"] == (0 if scores[0] > scores[1] else 1)
    else:
        bonus = [0, 0]
        colours = {c: ref_colour(s[-1]) for c, s in stacks.items()}
        for cells in ref_parts(set(stacks), lambda a, b: colours[a] == colours[b]):
            cards = [stacks[c][-1] for c in cells]
            low = sum(ref_value(c) for c in cards)
            aces = sum(1 for c in cards if c[:-1] == "A")
            sums = {low + 10 * k for k in range(aces + 1)}
            bonus[ref_colour(cards[0])] += 5 if sums & {20, 22} else 2 if sums & {19, 23} else 0
        final = [scores[0] + bonus[0], scores[1] + bonus[1]]
        assert outcome["scores"] == final
        assert outcome["winner"] == (None if final[0] == final[1] else 0 if final[0] > final[1] else 1)


def test_random_deal_shuffles_with_the_seed_only() -> None:
    """Two games with the same seed are the same game; a different seed, another deal."""
    rng = random.Random(3)
    for _ in range(5):
        seed = rng.randrange(2**31)
        a, b = get_game("grow21").new_game(seed=seed), get_game("grow21").new_game(seed=seed)
        assert snapshot(a) == snapshot(b)


# --------------------------------------------------------------------------- the golden playthrough
GOLDEN = Path(__file__).with_name("golden_seed7.txt")  # kept byte for byte by tests/test_golden.py


def test_grow21_golden_game_is_complete() -> None:
    """Seed 7: all 52 cards, changes and harvested 21s on the way, and the same table for every seat."""
    text = GOLDEN.read_text(encoding="utf-8")
    assert "\n== over\n" in text and "\noutcome: " in text
    lines = text.splitlines()
    moves = [json.loads(line.split(": ", 1)[1].split("  # ")[0]) for line in lines if line.startswith("move[")]
    assert len([m for m in moves if m["type"] != "keep"]) == 52, "a grow21 game plays all 52 cards"
    assert {m["type"] for m in moves} >= {"place", "change"}
    removals = [e for line in lines if line.startswith("events[full]: ")
                for e in json.loads(line.removeprefix("events[full]: ")) if e["type"] == "remove"]
    assert removals and all(e["points"] == 10 for e in removals)
    for i, line in enumerate(lines):
        if line.startswith("view[player 0]: "):
            seats = [table_facts(json.loads(lines[i + k].split(": ", 1)[1])) for k in range(3)]
            assert seats[0] == seats[1] == seats[2], f"line {i + 1}: the seats see different tables"
