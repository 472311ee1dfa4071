"""Grit's sampled worlds (``GritState.from_view``, the bots' guesses) and the engine's search fast path (``advance``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from playthrough import snapshot
from pygame_core import get_game
from pygame_core.games.grit import GritState
from pygame_core.cards import pick


@pytest.mark.parametrize("heart_ranks", ["all", "A-9"])
def test_from_view_agrees_with_the_view_everywhere(heart_ranks: str) -> None:
    """At every position of random duels (marks included), for the player due: the guessed duel
    shows the same view, the same player due and the same moves; its deal holds the right cards
    and, with its moves, replays to the same position through the engine's checks."""
    game = get_game("grit")
    rng = random.Random(heart_ranks)
    positions = 0
    for seed in range(120):
        state = game.new_game(seed=seed, options={"heart_ranks": heart_ranks})
        while not state.is_over():
            p = state.to_act()[0]
            view = state.view(p)
            for _ in range(2):
                guess = GritState.from_view(view, rng)
                assert guess.view(p) == view
                assert guess.to_act() == state.to_act() and guess.legal_moves(p) == state.legal_moves(p)
                replayed = game.new_game(seed=0, options={"heart_ranks": heart_ranks}, deal=guess.deal)
                for q, move in guess.moves:
                    replayed.play(q, move)
                assert replayed.view(p) == view and replayed.view(1 - p) == guess.view(1 - p)
                assert replayed.view(None) == guess.view(None)
            positions += 1
            state.play(p, pick(state.legal_moves(p), rng))
    assert positions == 120 * 8


@pytest.mark.parametrize("heart_ranks", ["all", "A-9"])
def test_from_view_deals_the_unseen_cards_uniformly(heart_ranks: str) -> None:
    """Every unseen card is as likely to be in the opponent's hand (4 of 6 places), and while no
    heart has shown, every allowed heart is as likely to be the deck's."""
    deal = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "AS", "2H"]  # the heart discarded
    state = get_game("grit").new_game(seed=0, options={"heart_ranks": heart_ranks}, deal=deal)
    view = state.view(1)
    rng = random.Random(5)
    in_hand: Counter[str] = Counter()
    hearts: Counter[str] = Counter()
    samples = 6000
    for _ in range(samples):
        guess = GritState.from_view(view, rng)
        in_hand.update(guess.hands[0])
        hearts.update(c for c in guess.hands[0] + guess.discards if c.endswith("H"))
    spades = ["2S", "3S", "4S", "5S", "AS"]  # unseen by player 1: its hand is 6S..9S, up cards 10S, JS
    for card in spades:
        assert abs(in_hand[card] / samples - 4 / 6) < 0.03, (card, in_hand[card])
    allowed = 13 if heart_ranks == "all" else 9
    assert len(hearts) == allowed and sum(hearts.values()) == samples
    for count in hearts.values():
        assert abs(count / samples - 1 / allowed) < 0.025


def test_advance_leaves_the_same_position_as_play() -> None:
    """``advance`` (the search's fast path, no events) and ``play`` agree at every step."""
    game = get_game("grit")
    rng = random.Random(3)
    for seed in range(60):
        fast = game.new_game(seed=seed, options={"heart_ranks": ("all", "A-9")[seed % 2]})
        slow = fast.clone()
        while not slow.is_over():
            p = slow.to_act()[0]
            move = pick(slow.legal_moves(p), rng)
            slow.play(p, move)
            fast.advance(p, dict(move))
            assert snapshot(fast) == snapshot(slow)
