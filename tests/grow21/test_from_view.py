"""grow21's sampled worlds for the hard level's search (``Grow21State.from_view``): from the view alone, a whole game that shows
that view, each deck's unseen cards in a random order under the mover's public next card (GROW-1)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from grow21.tied_split import TIE_OPENING, tie_deal
from pygame_core.bots import RandomBot
from pygame_core.bots.grow21_bot import EasyBot, NormalBot
from pygame_core.cards import pick
from pygame_core.games.grow21 import DECKS, Grow21State, played_cards


def positions(games: int) -> list[Grow21State]:
    """Every position of ``games`` games (copies), bots mixed so that harvests and splits come up;
    every fourth game opens with the forced tied split (GROW-6)."""
    found: list[Grow21State] = []
    for seed in range(games):
        tied = seed % 4 == 0
        state = Grow21State(seed, {}, tie_deal(seed) if tied else None)
        opening = list(TIE_OPENING) if tied else []
        bots: list[Any] = [NormalBot(seed), EasyBot(seed), RandomBot(seed)]
        rng = random.Random(seed)
        while not state.is_over():
            found.append(copy.deepcopy(state))
            p = state.to_act()[0]
            move = opening.pop(0)[1] if opening else pick(bots, rng).choose(state.view(p), state.legal_moves(p))
            state.play(p, move)
    return found


def test_a_sampled_world_shows_the_same_table_to_the_player_due() -> None:
    rng = random.Random(1)
    phases: Counter[str] = Counter()
    for state in positions(24):
        p = state.to_act()[0]
        view = state.view(p)
        phases[view["phase"]] += 1
        world = Grow21State.from_view(view, rng)
        assert world.view(p) == view
        assert world.to_act() == state.to_act()
        assert world.legal_moves(p) == state.legal_moves(p)
        assert world.legal_moves(1 - p) == state.legal_moves(1 - p)
        assert world.view(1 - p) == state.view(1 - p)  # nothing about the table is secret, only the order
    assert phases["play"] > 1000 and phases["keep"] >= 6, phases


def test_a_sampled_world_deals_only_the_unseen_cards_and_varies_their_order() -> None:
    for state in positions(3)[::7]:
        p = state.to_act()[0]
        view = state.view(p)
        played = played_cards(view)
        tops: Counter[str] = Counter()
        for n in range(40):
            world = Grow21State.from_view(view, random.Random(n))
            for q in (0, 1):
                assert sorted(world.decks[q]) == sorted(c for c in DECKS[q] if c not in played)
                assert len(world.decks[q]) == view["decks"][q]
            if view["current"] is not None:
                assert world.decks[view["mover"]][0] == view["current"]
            if world.decks[1 - p]:
                tops[world.decks[1 - p][0]] += 1
        assert len(tops) == 0 or len(tops) >= min(6, view["decks"][1 - p]), tops


def test_a_sampled_world_plays_on_to_the_end() -> None:
    rng = random.Random(3)
    for state in positions(4)[::5]:
        world = Grow21State.from_view(state.view(state.to_act()[0]), rng)
        while not world.is_over():
            p = world.to_act()[0]
            world.play(p, pick(world.legal_moves(p), rng))
        assert sum(len(stack) for stack in world.board.values()) <= 52
