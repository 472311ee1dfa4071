"""The hard Knife Fight bot: legal moves in every phase, decided from the view only, and it beats
the random one."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from playthrough import assert_decides_from_the_view, level_wins
from pygame_core import State, get_game
from pygame_core.bots import RandomBot
from pygame_core.bots.knife_fight_bot import KnifeFightBot

KF_RANKS: list[str] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def knife_fight_deal(seed: int, lift: str) -> dict[str, list[str]]:
    """Seeded halves (red to player 0, black to player 1) with the ranks in ``lift`` on top, so that
    feints, both-Kings follow-ups and dressings come up early."""
    rng = random.Random(seed)
    halves = {}
    for p, suits in enumerate(("HD", "SC")):
        cards = [rank + suit for suit in suits for rank in KF_RANKS] + [("RJ", "BJ")[p]]
        rng.shuffle(cards)
        top = [c for c in cards if c[:-1] in lift]
        halves[str(p)] = top + [c for c in cards if c not in top]
    return halves


def knife_fight_phase(state: State, p: int) -> str:
    view = state.view(p)
    if view["phase"] == "feint":
        return "feint (both Kings)" if len(view["exchange"]["feint_due"]) == 2 else "feint"
    return str(view["phase"])


def test_hard_knife_fight_bot_plays_only_legal_moves_in_every_phase() -> None:
    phases: set[str] = set()
    for i in range(24):
        state = get_game("knife_fight").new_game(seed=0, deal=knife_fight_deal(i, ("", "K", "KQ")[i % 3]))
        hard = i % 2
        bots: dict[int, Any] = {hard: KnifeFightBot(i), 1 - hard: RandomBot(i)}
        if i % 4 == 3:
            bots = {0: KnifeFightBot(i), 1: KnifeFightBot(i + 1)}
        for _ in range(1000):
            if state.is_over():
                break
            for p in state.to_act():  # every player due, in both orders over the games
                if isinstance(bots[p], KnifeFightBot):
                    phases.add(knife_fight_phase(state, p))
            p = state.to_act()[i % len(state.to_act())]
            view, moves = state.view(p), state.legal_moves(p)
            view_copy, moves_copy = copy.deepcopy(view), copy.deepcopy(moves)
            move = bots[p].choose(view, moves)
            assert view == view_copy and moves == moves_copy, "a bot must not change what it is given"
            assert move in moves and state.check(p, move) is None, (p, move)
            state.play(p, move)
        assert state.is_over()
    assert phases == {"commit", "feint", "feint (both Kings)", "dress"}, phases


def cards_in_moves(state: State) -> set[str]:
    out: set[str] = set()
    for _, move in state.record()["moves"]:
        out.add(move.get("card") or move.get("discard"))
    return out


def knife_fight_twin(state: State, viewer: int, rng: random.Random) -> State:
    """The same game with other hidden cards behind the same view of ``viewer``: the opponent's
    cards that no move has named yet (their hand and deck, bled cards) are shuffled among their
    places, and so are the cards still on the viewer's own deck. Every move names only cards left
    in place, so the same moves replay to the same public position."""
    record = state.record()
    named = cards_in_moves(state)
    taken = 27 - state.view(None)["decks"][viewer]
    new_deal = {k: list(v) for k, v in record["deal"].items()}
    for key, places in ((str(1 - viewer), [i for i, c in enumerate(new_deal[str(1 - viewer)]) if c not in named]),
                        (str(viewer), list(range(taken, 27)))):
        cards = [new_deal[key][i] for i in places]
        rng.shuffle(cards)
        for i, card in zip(places, cards):
            new_deal[key][i] = card
    twin = get_game("knife_fight").new_game(seed=record["seed"], deal=new_deal)
    for p, move in record["moves"]:
        twin.play(p, move)
    return twin


@pytest.mark.parametrize("seed", range(4))
def test_hard_knife_fight_bot_decides_from_the_view_only(seed: int) -> None:
    """At every decision: a twin game with other hidden cards but the same view gets the same move."""
    rng = random.Random(seed)
    state = get_game("knife_fight").new_game(seed=0, deal=knife_fight_deal(seed, "KQ" if seed % 2 else ""))
    bots: dict[int, Any] = {0: KnifeFightBot(seed), 1: KnifeFightBot(seed + 1)}
    assert_decides_from_the_view(state, bots, lambda: KnifeFightBot(seed * 7),
                                 lambda s, p: knife_fight_twin(s, p, rng))


@pytest.mark.slow
def test_hard_knife_fight_bot_beats_random() -> None:
    """60 games, seats alternating: the hard bot wins at least 60% (74% over 1,000 games in bench/)."""
    wins = level_wins("knife_fight", 60, "hard", "easy")
    assert wins >= 0.6 * 60, f"hard won only {wins} of 60 against easy"
