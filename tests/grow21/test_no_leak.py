"""The no-leak property cut while a tied split waits for its keep (GROW-6, rare in random games)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grow21.tied_split import TIE_OPENING, tie_deal
from playthrough import MAX_STEPS, assert_redeal_unseen, choose
from pygame_core import get_game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 2**20), max_size=60),
       rng=st.randoms(use_true_random=False))
def test_no_leak_grow21_while_a_split_is_chosen(seed: int, choices: list[int], rng: random.Random) -> None:
    """The no-leak check cut while a tied split waits for its keep (GROW-6; rare in random games, so
    the opening is forced): red's column K, 2 (changed three times) between two black pairs and a
    lone black card; red's 8 makes 21. Then a random game to the end; cuts at the choice, just
    after it, and at the end."""
    deal = tie_deal(seed)
    opening = TIE_OPENING
    state = get_game("grow21").new_game(seed=0, deal=deal)
    played: list[tuple[int, Any]] = []
    for p, move in opening:
        state.play(p, move)
        played.append((p, move))
    assert state.view(None)["phase"] == "keep"
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        p, move = choose(state, choices[step] if step < len(choices) else 0)
        state.play(p, move)
        played.append((p, move))
    for k in (len(opening), len(opening) + 1, len(played)):
        assert_redeal_unseen("grow21", 0, {}, deal, played, k, rng)
