"""Grit's card invariants of a sampled world (``GritState.from_view``), for ``tests/test_from_view.py``
(found by convention: ``tests/<id>/sampled_world.py`` with a ``check``)."""

from __future__ import annotations

from pygame_core import State
from pygame_core.games.grit import HEARTS, SPADES, GritState


def check(world: State, real: State) -> None:
    """GRIT-1/3: the eleven spades and one allowed heart, each once; hands and discards as large as the real ones."""
    assert isinstance(world, GritState) and isinstance(real, GritState)
    cards = [*world.hands[0], *world.hands[1], *world.discards,
             *(e.card for own in world.piles for pile in own for e in pile)]
    assert len(cards) == len(set(cards)) == 12
    hearts = [c for c in cards if c not in SPADES]
    assert len(hearts) == 1 and hearts[0] in HEARTS[world.options["heart_ranks"]]
    assert [len(h) for h in world.hands] == [len(h) for h in real.hands] and len(world.discards) == len(real.discards)
