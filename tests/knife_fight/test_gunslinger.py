"""The Gunslinger (hard): a mixed strategy solved each round, harder to read than the fixed heuristic
before it, with Queens kept for deep wounds and feints followed up well."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_core import get_game
from pygame_core.bots.knife_fight_bot import (JACK, JOKER, KING, NOTHING, QUEEN, CarefulBot, HardBot, Habit,
                                              NormalBot, card_class, clash, likelihood)
from pygame_core.bots.matrix_game import exploitability, solve
from pygame_core.games.knife_fight import HALVES, resolve, value

CLASS_CARDS = {0: {1: "AH", **{v: f"{v}H" for v in range(2, 11)}, JACK: "JH", QUEEN: "QH", JOKER: "RJ"},
               1: {1: "AS", **{v: f"{v}S" for v in range(2, 11)}, JACK: "JS", QUEEN: "QS", JOKER: "BJ"}}


def deal_with(tops: tuple[list[str], list[str]], seed: int = 0) -> dict[str, list[str]]:
    """Both halves shuffled with ``seed``, the cards of ``tops`` lifted to the top in that order."""
    rng = random.Random(seed)
    deal = {}
    for p in (0, 1):
        rest = [c for c in HALVES[p] if c not in tops[p]]
        rng.shuffle(rest)
        deal[str(p)] = tops[p] + rest
    return deal


def opening_view(hand: list[str], damage: list[str], decks: int = 20) -> dict[str, Any]:
    """Player 0's view of a fresh game, with ``hand`` in hand and ``damage`` (black cards) in its
    damage pile: a forced position for the bot."""
    state = get_game("knife_fight").new_game(seed=0, deal=deal_with((hand, [])))
    view = state.view(0)
    view.update({"hand": list(hand), "damage": [list(damage), []], "decks": [decks, decks]})
    return view


@pytest.mark.parametrize("mine", [NOTHING, *range(1, 11), JACK, QUEEN, JOKER])
def test_clash_is_the_engines_resolve_on_card_classes(mine: int) -> None:
    """The bot's quick exchange (classes, no cards) says what the engine's ``resolve`` does (KNIFE-3..7)."""
    for theirs in [NOTHING, *range(1, 11), JACK, QUEEN, JOKER]:
        cards = (CLASS_CARDS[0].get(mine), CLASS_CARDS[1].get(theirs))
        hits, dress = [0, 0], [False, False]
        for effect in resolve(cards):
            if effect.what == "damage" and effect.card is not None:
                hits[effect.player] += value(effect.card)
            dress[effect.player] |= effect.what == "dress"
        assert clash(mine, theirs) == (hits[0], hits[1], dress[0], dress[1]), (mine, theirs)


def test_card_classes_ignore_suits() -> None:
    assert {card_class(c) for c in ("7H", "7D", "7S")} == {7}
    assert [card_class(c) for c in ("AH", "JD", "QS", "KC", "BJ")] == [1, JACK, QUEEN, KING, JOKER]


def test_the_strategy_is_a_distribution_over_the_hands_distinct_cards() -> None:
    view = opening_view(["4H", "4D", "9H"], [])
    moves = [{"type": "play", "card": c} for c in view["hand"]]
    options, strategy = HardBot(3).strategy(view, moves)
    assert [m["card"] for m in options] == ["4H", "9H"], "the two fours are one choice"
    assert all(p >= 0 for p in strategy) and sum(strategy) == pytest.approx(1.0)


def test_same_seed_same_view_same_move() -> None:
    view = opening_view(["3H", "8H", "JH"], ["5S"])
    moves = [{"type": "play", "card": c} for c in view["hand"]]
    assert len({HardBot(11).choose(view, moves)["card"] for _ in range(3)}) == 1
    assert len({HardBot(seed, hands=16).choose(view, moves)["card"] for seed in range(30)}) > 1, "a mixed choice"


def queen_share(damage: list[str]) -> float:
    view = opening_view(["QH", "4H", "8H"], damage, decks=15)
    options, strategy = HardBot(5).strategy(view, [{"type": "play", "card": c} for c in view["hand"]])
    return sum(p for m, p in zip(options, strategy) if m["card"] == "QH")


def test_a_queen_is_kept_for_a_deep_wound() -> None:
    """A Queen takes the hit and dresses the deepest older wound (KNIFE-5): worth little over a 2,
    much over a 10."""
    shallow, deep = queen_share(["2S"]), queen_share(["10S", "9C"])
    assert shallow < 0.05
    assert deep > shallow + 0.2


def test_a_feint_is_followed_by_the_card_that_cuts() -> None:
    """King against a revealed 6: the 5 cuts (it lands in their pile), the 9 would be cut."""
    state = get_game("knife_fight").new_game(seed=0, deal=deal_with((["KH", "5H", "9H"], ["6S", "7S", "8S"])))
    state.play(0, {"type": "play", "card": "KH"})
    state.play(1, {"type": "play", "card": "6S"})
    assert state.view(0)["phase"] == "feint"
    assert HardBot(1).choose(state.view(0), state.legal_moves(0)) == {"type": "follow_up", "card": "5H"}


def test_a_high_commit_makes_a_hand_of_low_cards_unlikely() -> None:
    """Sensible players cut with low cards first: one who just committed a 9 likely holds no 1, 2, 3."""
    habit = Habit()
    assert likelihood(habit, (1, 2, 3), (9,)) < likelihood(habit, (8, 10, 10), (9,)) / 5
    assert likelihood(habit, (1, 2, 3), ()) == 1.0


def sample_positions(games: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The Gunslinger's commit decisions in seeded games against the Deputy."""
    positions = []
    for i in range(games):
        state = get_game("knife_fight").new_game(seed=500 + i)
        bots = {0: HardBot(i, hands=16), 1: NormalBot(i)}  # a small budget: the positions only
        while not state.is_over():
            p = state.to_act()[0]
            view, moves = state.view(p), state.legal_moves(p)
            if p == 0 and moves[0]["type"] == "play" and len({card_class(m["card"]) for m in moves}) > 1:
                positions.append((view, moves))
            state.play(p, bots[p].choose(view, moves))
    return positions


def test_the_mixed_strategy_is_harder_to_exploit_than_the_fixed_heuristic() -> None:
    """In each round's matrix game, what a best reply gains against the strategy over the game's
    value: for the solved mix no more than the solver's gap, for the old fixed choice (the careful
    heuristic's card, played for sure) more, often much more."""
    old_total = new_total = 0.0
    positions = sample_positions(6)
    assert len(positions) >= 20
    for view, moves in positions:
        game, options = HardBot(1, hands=32).round_game(view, moves)
        solution = solve(game)
        old_card = card_class(CarefulBot(1).choose(view, moves)["card"])
        old_row = [1.0 if card_class(m["card"]) == old_card else 0.0 for m in options]
        new = exploitability(game, solution.row, solution.value)
        old = exploitability(game, old_row, solution.value)
        assert new <= solution.gap + 1e-9
        assert new <= old + solution.gap
        old_total += old
        new_total += new
    assert new_total < old_total / 5
