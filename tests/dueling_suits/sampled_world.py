"""Dueling Suits' card invariants of a sampled world (``DuelingSuitsState.from_view``), for
``tests/test_from_view.py`` (found by convention: ``tests/<id>/sampled_world.py`` with a ``check``)."""

from __future__ import annotations

from pygame_core import State
from pygame_core.cards import standard_deck
from pygame_core.games.dueling_suits import DuelingSuitsState


def check(world: State, real: State) -> None:
    """The 52 cards, each in exactly one place; the deck and the hands as large as the real ones."""
    assert isinstance(world, DuelingSuitsState) and isinstance(real, DuelingSuitsState)
    cards = [*world.deck, *world.hands[0], *world.hands[1], *world.discards,
             *(c for c in world.leads if c is not None), *world.chains[0], *world.chains[1]]
    assert sorted(cards) == sorted(standard_deck())
    assert len(world.deck) == len(real.deck) and [len(h) for h in world.hands] == [len(h) for h in real.hands]
