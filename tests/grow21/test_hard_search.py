"""grow21's hard level (issue 28): it takes a 21 whenever its card makes one, compares its candidates on
the same sampled worlds (every candidate played out once in each), builds in its playouts, and plays the
same however the page slices its search."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import get_game
from pygame_core.bots.grow21_bot import (HardBot, NormalBot, card_options, needed, tie_points, view_tops)
from pygame_core.bots.ismcts import move_key
from pygame_core.games.grow21 import ACE, COLOUR, LOW, Grow21State

QUICK = 3  # sampled worlds per decision: enough to exercise the search, cheap enough for the fast tier


def positions(seed: int, plies: int) -> list[tuple[dict[str, object], list[dict[str, object]]]]:
    """The play-phase decisions of a game between two normal bots, every ``plies``-th one."""
    state = get_game("grow21").new_game(seed=seed)
    bots = {0: NormalBot(seed), 1: NormalBot(seed + 1)}
    found = []
    n = 0
    while not state.is_over():
        p = state.to_act()[0]
        view, moves = state.view(p), state.legal_moves(p)
        if view["phase"] == "play" and len(moves) > 1:
            n += 1
            if n % plies == 0:
                found.append((view, moves))
        state.play(p, bots[p].choose(view, moves))
    return found


def test_hard_takes_a_21_whenever_its_card_makes_one() -> None:
    """Issue 28: the Gunslinger declined 117 of 690 harvests it could take. Whenever the card makes a 21
    somewhere, the hard level's move is one of those harvests (which one is the search's choice)."""
    offered = 0
    for seed in range(4):
        for view, moves in positions(seed, 1):
            harvests = card_options(view_tops(view), str(view["current"]))[0]
            if not harvests:
                continue
            offered += 1
            move = HardBot(seed, iterations=QUICK).choose(view, moves)
            assert (move["type"], tuple(move["at"])) in harvests, (view["current"], move, harvests)
    assert offered >= 10


def test_hard_plays_every_candidate_in_every_sampled_world() -> None:
    """A paired comparison: after ``n`` worlds each candidate has been played out exactly ``n`` times
    (values 0..1 each), and the decision is the candidate with the best total."""
    for view, moves in positions(3, 9):
        bot = HardBot(5, iterations=7)
        move = bot.choose(view, moves)
        candidates = list(bot.legal.values())
        assert 1 <= len(candidates) <= HardBot.CANDIDATES and all(m in moves for m in candidates)
        if len(candidates) == 1:
            continue
        records = [bot.standing(m) for m in candidates]
        assert all(visits == 7 and 0.0 <= wins <= 7.0 for visits, wins in records)
        assert bot.standing(move)[1] == max(wins for _, wins in records)


def test_hard_plays_the_same_however_its_search_is_sliced() -> None:
    """The page runs the search in slices (start, think, decision): the same move as one whole ``choose``."""
    for view, moves in positions(6, 7):
        sliced = HardBot(2, iterations=QUICK)
        sliced.start(view, moves)
        while not sliced.think(0.0):
            pass
        assert sliced.decision() == HardBot(2, iterations=QUICK).choose(view, moves)


def test_a_pending_split_is_searched_as_keep_moves() -> None:
    """After a harvest that leaves equal parts (GROW-6) the candidates are the keeps, each in every world."""
    from grow21.test_bots import grow21_tie_game

    state = grow21_tie_game(1)
    moves = state.legal_moves(0)
    bot = HardBot(1, iterations=4)
    assert bot.choose(state.view(0), moves) in moves
    assert [bot.standing(m)[0] for m in moves] == [4, 4]
    assert {move_key(m) for m in moves} == set(bot.legal)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), cells=st.integers(1, 30), last=st.booleans())
def test_building_cells_join_the_card_where_it_counts(seed: int, cells: int, last: bool) -> None:
    """In the playouts a card that harvests nothing joins its own groups: where the likeliest cards then
    complete the group (a ten-valued card: four ranks of thirteen), or on the player's last card where the
    group earns the most tie-break points (GROW-7). Every building cell touches the card's colour, makes no
    21, and no other empty cell next to that colour does better."""
    rng = random.Random(seed)
    state = get_game("grow21").new_game(seed=seed)
    for _ in range(cells):
        if state.is_over():
            break
        p = state.to_act()[0]
        state.play(p, rng.choice(state.legal_moves(p)))
    if state.is_over() or state.view(None)["phase"] != "play":
        return
    assert isinstance(state, Grow21State)
    tops = view_tops(state.view(None))
    card = state.decks[state.mover][0]
    harvests, _, builds = card_options(tops, card, last)
    colour = COLOUR[card]

    def worth(cell: tuple[int, int]) -> int:
        """What the building rule weighs at ``cell``, from the engine's own group (its preview)."""
        shown = state.preview(state.mover, {"type": "place", "at": list(cell)})
        assert shown is not None and "cells" in shown and not shown["scores"]
        group = [card if (x, y) == cell else tops[(x, y)] for x, y in shown["cells"]]
        low, aces = sum(LOW[c] for c in group), sum(ACE[c] for c in group)
        if last:
            return tie_points(low, aces)
        return sum(4 if v == 10 else 1 for v in needed(low, aces)) if low <= 20 else 0

    touching = [(x, y) for x, y in state.open_cells() if ("place", (x, y)) not in harvests
                and any(n in tops and COLOUR[tops[n]] == colour for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))]
    best = max((worth(c) for c in touching), default=0)
    assert set(builds) == ({c for c in touching if worth(c) == best} if best > 0 else set())
