"""grow21's card invariants of a sampled world (``Grow21State.from_view``), for ``tests/test_from_view.py``
(found by convention: ``tests/<id>/sampled_world.py`` with a ``check``)."""

from __future__ import annotations

from pygame_core import State
from pygame_core.games.grow21 import DECKS, Grow21State, played_cards


def check(world: State, real: State) -> None:
    """GROW-1: each deck holds its own colours' cards not yet played, as many as the real one."""
    assert isinstance(world, Grow21State) and isinstance(real, Grow21State)
    played = played_cards(world.view(None))
    for q in (0, 1):
        assert sorted(world.decks[q] + [c for c in played if c in DECKS[q]]) == sorted(DECKS[q])
        assert len(world.decks[q]) == len(real.decks[q])
