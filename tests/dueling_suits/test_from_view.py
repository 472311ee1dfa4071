"""The hard level's machinery. Its sampled worlds (``DuelingSuitsState.from_view``): from a player's view only, a
whole game that shows that player the same table, with the same players due and the same legal
moves, and whose hidden cards sit only where the rules allow them (DUEL-4: after a reshuffle the
deck holds only cards of the pile that was shuffled)."""

from __future__ import annotations

import random
from typing import Any, Iterator

from pygame_core import get_game
from pygame_core.cards import pick
from pygame_core.games.dueling_suits import PERK_VALUES, DuelingSuitsState, ViewSketch


def cautious(state: DuelingSuitsState, p: int, rng: random.Random) -> dict[str, Any]:
    """Mostly blocks and heals and seldom chains: games long enough for the deck to run out."""
    moves = state.legal_moves(p)
    calm = [m for m in moves if m["type"] == "pass" or (m["type"] == "lead" and m["card"][-1] in "SH")]
    return pick(calm if calm and rng.random() < 0.9 else moves, rng)


def positions(games: int, seed: int) -> Iterator[tuple[DuelingSuitsState, int]]:
    """Every position of ``games`` games (random play, every other game cautious, options varied)
    with each player due to act there."""
    rng = random.Random(seed)
    for n in range(games):
        options = {"first_initiative": ("random", "0", "1")[n % 3], "perks": pick(PERK_VALUES, rng)}
        state = get_game("dueling_suits").new_game(seed=seed * 1000 + n, options=options)
        assert isinstance(state, DuelingSuitsState)
        while not state.is_over():
            for p in state.to_act():
                yield state, p
            p = pick(state.to_act(), rng)
            state.play(p, cautious(state, p, rng) if n % 2 else pick(state.legal_moves(p), rng))


def test_sampled_worlds_look_the_same_from_the_viewer() -> None:
    rng = random.Random(5)
    reshuffled = checked = 0
    for state, p in positions(40, 1):
        view = state.view(p)
        twin = DuelingSuitsState.from_view(view, rng)
        assert twin.view(p) == view
        assert twin.to_act() == state.to_act() and twin.legal_moves(p) == state.legal_moves(p)
        assert twin.options["perks"] == state.options["perks"]
        checked += 1
        reshuffled += len(state.discards) < sum(2 + len(e["chains"][0]) + len(e["chains"][1]) for e in state.log)
    assert checked > 1500 and reshuffled > 200, (checked, reshuffled)


def test_hidden_cards_go_only_where_the_rules_allow() -> None:
    """The real deck is always among the cards the sketch lets into the deck, the cards it gives the
    opponent are really theirs, and every sampled world deals the same counts to each place."""
    rng = random.Random(6)
    forced = 0
    for state, p in positions(40, 2):
        view = state.view(p)
        sketch = ViewSketch(view)
        opp = 1 - p
        held = set(state.hands[opp])
        lead = state.leads[opp]
        if state.phase == "lead" and lead is not None:
            held.add(lead)
        assert set(state.deck) <= set(sketch.deck_cards)
        assert set(sketch.theirs) <= held
        assert sorted(sketch.pool) == sorted(held | set(state.deck))
        forced += bool(sketch.theirs)
        twin = DuelingSuitsState.from_view(view, rng, sketch)
        assert len(twin.deck) == len(state.deck) and len(twin.hands[opp]) == len(state.hands[opp])
        assert set(twin.deck) <= set(sketch.deck_cards) and set(sketch.theirs) <= set(twin.hands[opp]) | {twin.leads[opp]}
    assert forced > 100, forced


def test_sampled_worlds_play_on_to_the_end() -> None:
    """Random play from a sampled world goes on through reshuffles to an outcome."""
    rng = random.Random(7)
    for n, (state, p) in enumerate(positions(30, 3)):
        if n % 5:
            continue
        twin = DuelingSuitsState.from_view(state.view(p), rng)
        for _ in range(2000):
            if twin.is_over():
                break
            q = twin.to_act()[0]
            twin.play(q, pick(twin.legal_moves(q), rng))
        assert twin.is_over()
