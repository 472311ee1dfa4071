"""Knife Fight's three levels: legal moves in every phase, decided from the view only, the search's
determinizations faithful to the view, and each level stronger than the one below."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from playthrough import assert_decides_from_the_view, level_wins, play_game
from pygame_core import State, get_game
from pygame_core.bots import RandomBot
from pygame_core.bots.knife_fight_bot import EasyBot, HardBot, NormalBot, determinize

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


@pytest.mark.parametrize("level", [EasyBot, NormalBot])
def test_every_level_plays_only_legal_moves_in_every_phase(level: type[Any]) -> None:
    phases: set[str] = set()
    for i in range(24):
        state = get_game("knife_fight").new_game(seed=0, deal=knife_fight_deal(i, ("", "K", "KQ")[i % 3]))
        hard = i % 2
        bots: dict[int, Any] = {hard: level(i), 1 - hard: RandomBot(i)}
        if i % 4 == 3:
            bots = {0: level(i), 1: level(i + 1)}
        for _ in range(1000):
            if state.is_over():
                break
            for p in state.to_act():  # every player due, in both orders over the games
                if isinstance(bots[p], level):
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


class QuickHardBot(HardBot):
    """The hard level with a small budget: the same code path, fast enough to test every decision."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.iterations = 40


@pytest.mark.parametrize(("seed", "level"), [(seed, level) for seed in range(4) for level in (EasyBot, NormalBot)]
                         + [(seed, QuickHardBot) for seed in range(2)])
def test_every_level_decides_from_the_view_only(seed: int, level: type[Any]) -> None:
    """At every decision: a twin game with other hidden cards but the same view gets the same move."""
    rng = random.Random(seed)
    state = get_game("knife_fight").new_game(seed=0, deal=knife_fight_deal(seed, "KQ" if seed % 2 else ""))
    bots: dict[int, Any] = {0: level(seed), 1: NormalBot(seed + 1)}
    assert_decides_from_the_view(state, bots, lambda: level(seed * 7),
                                 lambda s, p: knife_fight_twin(s, p, rng))


def every_card(state: Any) -> list[str]:
    """Every card where the state keeps it (an exchange in progress keeps some in two places)."""
    places = [*state.decks, *state.hands, *state.damage, *state.discards, state.commits, state.follow_ups]
    return sorted(c for place in places for c in place if c is not None)


def test_the_determinization_shows_the_same_table_and_varies_only_what_is_hidden() -> None:
    """Over random fights (feints, both-King follow-ups and dressings lifted to the top): every
    determinization of a player's view gives that player the same view, turn and moves, holds each
    card of the deck once, and the hidden cards really vary between determinizations."""
    rng = random.Random(3)
    checked = varied = 0
    phases: set[str] = set()
    for i in range(40):
        state = get_game("knife_fight").new_game(seed=0, deal=knife_fight_deal(i, ("", "K", "KQ")[i % 3]))
        bots = {0: RandomBot(i), 1: RandomBot(i + 50)}
        while not state.is_over():
            for p in state.to_act():
                view = state.view(p)
                worlds = [determinize(view, rng) for _ in range(3)]
                for world in worlds:
                    assert world.view(p) == view and world.to_act() == state.to_act()
                    assert world.legal_moves(p) == state.legal_moves(p)
                    assert every_card(world) == every_card(state), "each card once, as at the table"
                    assert world.info is state.info
                hidden = {repr((w.hands[1 - p], w.decks)) for w in worlds}
                varied += len(hidden) > 1
                checked += 1
                phases.add(knife_fight_phase(state, p))
            p = state.to_act()[0]
            state.play(p, bots[p].choose(state.view(p), state.legal_moves(p)))
    assert phases == {"commit", "feint", "feint (both Kings)", "dress"}, phases
    assert varied > checked * 0.8, (varied, checked)


@pytest.mark.slow
def test_easy_beats_random() -> None:
    """1,000 games: the careless level still plays like someone who knows the rules, if only just
    (Knife Fight is mostly the deal: easy wins 53.6% of the decided games on these seeds)."""
    wins = losses = 0
    for i in range(1000):
        state = get_game("knife_fight").new_game(seed=3000 + i)
        seat = i % 2
        play_game(state, {seat: EasyBot(i), 1 - seat: RandomBot(i + 1)})
        winner = (state.outcome() or {}).get("winner")
        wins += winner == seat
        losses += winner == 1 - seat
    assert wins >= 0.52 * (wins + losses), f"easy won only {wins} of {wins + losses} decided games against random"


@pytest.mark.slow
def test_normal_beats_easy() -> None:
    """200 games: normal wins at least 60% (69% of decided games over 1,000 with `simulate`)."""
    wins = level_wins("knife_fight", 200, "normal", "easy")
    assert wins >= 0.6 * 200, f"normal won only {wins} of 200 against easy"
