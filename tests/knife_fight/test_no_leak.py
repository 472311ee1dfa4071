"""The no-leak property in Knife Fight games rich in feints and dressings (rare in random games)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playthrough import MAX_STEPS, assert_redeal_unseen, choose
from pygame_core import get_game
from pygame_core.cards import JOKERS, standard_deck


@st.composite
def knife_fight_deals(draw: st.DrawFn) -> dict[str, list[str]]:
    """Shuffled halves, often with the Kings (and Queens) of both on top: feints, both-Kings
    face-down follow-ups and dressings come up in most games instead of a few."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    lift = draw(st.sampled_from(["", "K", "KQ"]))
    halves = {}
    for p, deck in enumerate((standard_deck()[13:39], standard_deck()[:13] + standard_deck()[39:])):
        cards = list(deck) + [("RJ", "BJ")[p]]
        rng.shuffle(cards)
        top = [c for c in cards if c[0] in lift and c not in JOKERS]
        halves[str(p)] = top + [c for c in cards if c not in top]
    return halves


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(halves=knife_fight_deals(), choices=st.lists(st.integers(0, 2**20), max_size=60),
       rng=st.randoms(use_true_random=False))
def test_no_leak_knife_fight_feints_and_dressings(halves: dict[str, list[str]], choices: list[int],
                                                  rng: random.Random) -> None:
    """The no-leak check in Knife Fight games rich in feints and dressings, cut where something is
    face down or owed: one commit in, a both-Kings follow-up in, a dressing owed; and at the end."""
    state = get_game("knife_fight").new_game(seed=0, deal=halves)
    played: list[tuple[int, Any]] = []
    cuts: list[int] = []
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        p, move = choose(state, choices[step] if step < len(choices) else 0)
        played.append((p, move))
        state.play(p, move)
        view = state.view(None)
        half_way = view["phase"] == "commit" and any(view["committed"])
        if half_way or view["phase"] == "dress" or (view["phase"] == "feint" and len(state.to_act()) == 1
                                                    and len(view["exchange"]["feint_due"]) == 2):
            cuts.append(len(played))
    for k in rng.sample(cuts, min(3, len(cuts))) + [len(played)]:
        assert_redeal_unseen("knife_fight", 0, {}, halves, played, k, rng)
