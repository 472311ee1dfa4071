"""The hard level's determinizer (``grit_bot.rival_world``): its worlds agree with the view, and it reads
the rival's hidden plays (a card marked onto my empty pile is likely high, one marked over my high card
likely low), on forced deals (cards 0-3 player 0's hand, 4-7 player 1's, 8 and 9 face up, GRIT-3)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import get_game
from pygame_core.bots.grit_bot import LEAN, HardBot, Reading, rival_world
from pygame_core.cards import pick
from pygame_core.games.grit import VALUE, GritState

# player 0 shows the 9 (the braver: player 1 plays first, GRIT-4) and player 1 the 2; both discards are low
DEAL = ["AS", "3S", "5S", "7S",  "10S", "JS", "4S", "6S",  "9S", "2S",  "8S", "AH"]


def marked_onto_me(pile: int) -> GritState:
    """Player 1 opens by marking its 10 onto player 0's ``pile`` (0: over the 9, 1: an empty pile)."""
    state = get_game("grit").new_game(seed=0, deal=DEAL)
    assert state.to_act() == [1]
    state.play(1, {"type": "play", "card": "10S", "pile": [0, pile], "marked": True})
    assert isinstance(state, GritState)
    return state


def mean_hidden(view: dict[str, object], sample: object, pile: int, n: int = 600) -> float:
    """The mean value of the card on player 0's ``pile`` over ``n`` worlds drawn by ``sample``."""
    rng = random.Random(3)
    total = 0
    for _ in range(n):
        world = sample(view, rng)  # type: ignore[operator]
        total += VALUE[world.piles[0][pile][-1].card]
    return total / n


def test_a_card_marked_onto_my_empty_pile_leans_high() -> None:
    view = marked_onto_me(1).view(0)
    reading = Reading(view)
    assert reading.slots == [(0, 1, 0, LEAN[True, True, 0])] and LEAN[True, True, 0] > 0
    uniform = mean_hidden(view, GritState.from_view, 1)
    inferred = mean_hidden(view, lambda v, rng: rival_world(v, rng, reading), 1)
    assert inferred > uniform + 1.0, (uniform, inferred)


def test_a_card_marked_over_my_high_card_leans_low() -> None:
    view = marked_onto_me(0).view(0)
    reading = Reading(view)
    assert reading.slots == [(0, 0, 1, LEAN[True, True, 2])] and LEAN[True, True, 2] < 0
    uniform = mean_hidden(view, GritState.from_view, 0)
    inferred = mean_hidden(view, lambda v, rng: rival_world(v, rng, reading), 0)
    assert inferred < uniform - 0.7, (uniform, inferred)


def test_my_own_hidden_cards_are_not_guessed() -> None:
    """The viewer's own marked card is known to it (GRIT-9): only the rival's is weighed, and every
    world keeps the viewer's card where it put it."""
    state = get_game("grit").new_game(seed=0, deal=DEAL)
    state.play(1, {"type": "play", "card": "10S", "pile": [0, 1], "marked": True})
    state.play(0, {"type": "play", "card": "7S", "pile": [1, 1], "marked": True})
    view = state.view(1)
    reading = Reading(view)
    assert reading.slots == [(1, 1, 0, LEAN[True, True, 0])]
    rng = random.Random(0)
    for _ in range(50):
        world = rival_world(view, rng, reading)
        assert world.piles[0][1][-1].card == "10S" and world.piles[1][1][-1].card != "10S"


def test_without_hidden_rival_cards_it_is_the_uniform_sampler() -> None:
    state = get_game("grit").new_game(seed=4)
    p = state.to_act()[0]
    view = state.view(p)
    reading = Reading(view)
    assert reading.slots == [] and reading.last is None
    assert rival_world(view, random.Random(9), reading).deal == GritState.from_view(view, random.Random(9)).deal


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plays=st.integers(0, 7), heart_ranks=st.sampled_from(["all", "A-9"]))
def test_its_worlds_agree_with_the_view(seed: int, plays: int, heart_ranks: str) -> None:
    """After random plays (marks included): every weighted world shows the viewer the same view and
    offers the same moves, and holds the twelve cards once each."""
    rng = random.Random(seed)
    state = get_game("grit").new_game(seed=seed, options={"heart_ranks": heart_ranks})
    for _ in range(plays):
        p = state.to_act()[0]
        state.play(p, pick(state.legal_moves(p), rng))
    p = state.to_act()[0]
    view = state.view(p)
    reading = Reading(view)
    for _ in range(5):
        world = rival_world(view, rng, reading)
        assert world.view(p) == view
        assert world.legal_moves(p) == state.legal_moves(p)
        cards = [*world.hands[0], *world.hands[1], *world.discards,
                 *(e.card for own in world.piles for pile in own for e in pile)]
        assert len(set(cards)) == 12


def test_the_rivals_last_face_down_play_is_judged_by_what_it_would_do() -> None:
    """Round 4, I stand on 20 and the rival, playing first, covers my 3 face down. The unseen cards are
    its 10 and the discarded ace and 4: uniformly the card averages 5, but an ace or a 4 would do the
    rival more good over my 9 or 8, so the reading makes it the 10."""
    deal = ["8S", "3S", "6S", "KH",  "5S", "7S", "JS", "10S",  "9S", "2S",  "AS", "4S"]
    state = get_game("grit").new_game(seed=0, deal=deal)
    for p, card, pile in [(1, "5S", [1, 1]), (0, "8S", [0, 1]), (1, "7S", [1, 2]), (0, "3S", [0, 2]),
                          (1, "JS", [1, 1]), (0, "6S", [1, 2]), (1, "10S", [0, 2])]:
        state.play(p, {"type": "play", "card": card, "pile": pile, "marked": False})
    view = state.view(0)
    assert view["round"] == 4 and view["totals"][0] == 9 + 8 and view["hand"] == ["KH"]
    reading = Reading(view)
    assert reading.last == (0, 2, 1) and reading.slots == []
    uniform = mean_hidden(view, GritState.from_view, 2)
    inferred = mean_hidden(view, lambda v, rng: rival_world(v, rng, reading), 2)
    assert abs(uniform - 5) < 0.5 and inferred > 8.5, (uniform, inferred)


def test_hard_decides_the_same_in_slices() -> None:
    """The page thinks in slices (``start``/``think(seconds)``/``decision``): with the rival's marked
    card read, a sliced decision is the whole one, and the reading is the view's."""
    state = marked_onto_me(1)
    view, moves = state.view(0), state.legal_moves(0)
    whole = HardBot(5)
    whole.iterations = 40
    expected = whole.choose(view, moves)
    sliced = HardBot(5)
    sliced.iterations = 40
    sliced.start(view, moves)
    assert sliced.reading is not None and sliced.reading.slots == Reading(view).slots
    slices = 1
    while not sliced.think(0.0):
        slices += 1
    assert sliced.decision() == expected and expected in moves and slices > 1
