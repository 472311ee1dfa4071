"""The hard level's machinery: which cells a side's power can change (from ``resolve``), the chain
look-ahead against the engine's own resolution, the rival's plausible leads, the lead game's mixed
strategy, and the sampled worlds it decides in (DUEL-5, DUEL-6)."""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import get_game
from pygame_core.bots.dueling_suits_bot import (KILL, LOGIT_BONUS, LOGIT_WORTH, MATTERS, Duel, HardBot, chance,
                                               options, plausible)
from pygame_core.bridge import Bridge
from pygame_core.cards import standard_deck
from pygame_core.games.dueling_suits import DuelingSuitsState, ViewSketch, resolve

from .test_bots import chain_view, forced


def test_power_matters_except_where_the_table_ignores_it() -> None:
    """DUEL-6: a Spade against Spades or a Heart changes nothing by its power, nor a Heart against a
    Diamond (it takes the blow whatever it adds); everywhere else power counts."""
    assert {cell for cell, matters in MATTERS.items() if not matters} == {("S", "S"), ("S", "H"), ("H", "D")}


def test_no_chain_card_where_power_cannot_matter() -> None:
    """Spade against a Heart: the hard level passes at once (no world searched), holding Spades and an
    Ace; its pass also ends the chaining, so the Heart cannot heal more (DUEL-5)."""
    view, moves = chain_view("9S", "5H", ["AS", "KS", "QD", "2C", "3C", "4C", "5C"], (15, 15))
    bot = HardBot(0)
    assert bot.choose(view, moves) == {"type": "pass"}
    assert bot.last_iterations == 0


def test_hard_takes_the_lethal_chain_and_keeps_cards_in_a_lost_turn() -> None:
    """Diamonds 9 against Hearts with the rival at 20: the King of Diamonds kills (Hearts cannot block).
    Hearts 3 against the Ace of Diamonds: nothing saves the turn, so no card is thrown in."""
    view, moves = chain_view("9D", "2H", ["KD", "3H", "QS", "2C", "3C", "4C", "5C"], (15, 20))
    assert HardBot(0, chain_iterations=12).choose(view, moves) == {"type": "chain", "card": "KD"}
    view, moves = chain_view("3H", "AD", ["AH", "KH", "QS", "2C", "3C", "4C", "5C"], (20, 15))
    assert HardBot(0, chain_iterations=12).choose(view, moves) == {"type": "pass"}


@given(st.sampled_from("SDCH"), st.sampled_from("SDCH"), st.integers(1, 40), st.integers(1, 40),
       st.integers(1, 30), st.integers(1, 30))
def test_settle_is_the_engines_resolution(mine: str, theirs: str, a: int, b: int, health: int,
                                          their_health: int) -> None:
    """The look-ahead's end of a turn is ``resolve`` with DUEL-2's cap: a fall is a certain result
    (higher health wins, equal a draw: DUEL-7), else the fitted model of the healths and the bonus."""
    out = resolve((mine, theirs), (a, b))
    left = min(30, health - out.damage[0] + out.heal[0])
    their_left = min(30, their_health - out.damage[1] + out.heal[1])
    logit = Duel(mine, theirs, health, their_health).settle(a, b)
    if left <= 0 or their_left <= 0:
        assert logit == (KILL if left > their_left else -KILL if left < their_left else 0.0)
    else:
        assert logit == LOGIT_WORTH[left] - LOGIT_WORTH[their_left] + LOGIT_BONUS * (
            a * out.bonus[0] - b * out.bonus[1])


def test_the_look_ahead_is_the_minimax_of_its_steps() -> None:
    """Alpha-beta gives the plain minimax: every option against every answer, three steps deep."""
    mine, theirs = options(["KD", "5D", "9C", "2H"], "D", 4), options(["QD", "3D", "8S", "AC"], "D", 4)

    def minimax(a: int, b: int, cards: float, ours: list[Any], rival: list[Any], my_turn: bool, plies: int) -> float:
        value = duel.settle(a, b) + cards
        if plies == 0:
            return value
        if my_turn:
            return max([value] + [minimax(a + add, b, cards - cost, ours[:i] + ours[i + 1:], rival, False, plies - 1)
                                  for i, (add, cost, _) in enumerate(ours)])
        return min([value] + [minimax(a, b + add, cards + cost, ours, rival[:j] + rival[j + 1:], True, plies - 1)
                              for j, (add, cost, _) in enumerate(rival)])

    for health in (3, 9, 15, 24):
        duel = Duel("D", "D", health, 15)
        for first in (True, False):
            assert duel.value(10, 9, 0.2, mine, theirs, first, 3) == minimax(10, 9, 0.2, mine, theirs, first, 3)


def test_chain_options_are_the_cheapest_card_for_each_addition() -> None:
    """DUEL-5: on a Diamond lead the 7 of Diamonds adds 7, as does a King of another suit; the 7 is
    the one to spend. ``limit`` spreads the options from the smallest addition to the biggest."""
    found = options(["7D", "KC", "KS", "2H", "AD"], "D", 0)
    assert [(add, card) for add, _, card in found] == [(1, "2H"), (7, "7D"), (14, "AD")]
    assert [card for _, _, card in options(["2D", "3D", "4D", "5D", "6D", "7D"], "D", 3)] == ["2D", "4D", "7D"]


def test_plausible_keeps_the_rivals_best_leads() -> None:
    """Columns are the rival's leads, cells this player's chance: the rival's best are the lowest."""
    matrix = [[0.9, 0.2, 0.5, 0.4], [0.7, 0.4, 0.1, 0.6]]
    assert plausible(matrix, 2) == [[0.2, 0.5], [0.4, 0.1]]
    assert plausible(matrix, 9) == matrix


def lead_bot(seed: int, worlds: int = 12) -> tuple[HardBot, dict[str, Any], list[dict[str, Any]]]:
    state = get_game("dueling_suits").new_game(seed=seed)
    view, moves = state.view(0), state.legal_moves(0)
    bot = HardBot(seed, iterations=worlds)
    bot.start(view, moves)
    bot.think()
    return bot, view, moves


def test_the_lead_is_drawn_from_a_proper_mixed_strategy() -> None:
    """One matrix a world, one row a card of the hand; the solved mix is a distribution over them and
    the lead played is one it gives weight to."""
    for seed in range(4):
        bot, view, moves = lead_bot(seed)
        assert bot.last_iterations == 12
        assert all(len(matrix) == len(bot.rows) for _, matrix in bot.games)
        assert sorted(bot.rows) == sorted(view["hand"])
        assert len(bot.mix) == len(bot.rows) and all(p >= 0 for p in bot.mix) and abs(sum(bot.mix) - 1) < 1e-9
        move = bot.decision()
        assert move in moves and bot.mix[bot.rows.index(move["card"])] > 0
        tried, won = bot.standing(move)
        assert tried == 12 and 0 <= won <= tried


def test_same_seed_same_lead_and_different_seeds_mix() -> None:
    """Seeded: the same view and seed give the same lead; over seeds the leads of one hand vary where
    its mix is spread (it cannot be read from one game)."""
    state = get_game("dueling_suits").new_game(seed=3)
    view, moves = state.view(0), state.legal_moves(0)
    leads = [HardBot(seed, iterations=12).choose(view, moves)["card"] for seed in range(12)]
    assert leads == [HardBot(seed, iterations=12).choose(copy.deepcopy(view), moves)["card"] for seed in range(12)]
    assert len(set(leads)) > 1


def test_worlds_deal_the_rival_only_cards_the_view_leaves_possible() -> None:
    """Every world the hard level scores keeps this player's hand and the public table, and deals the
    rival's hand (their face-down lead among it) from the cards this player cannot place."""
    state = forced(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"], standard_deck()[20:28])
    state.play(1, {"type": "lead", "card": state.legal_moves(1)[0]["card"]})
    view = state.view(0)
    sketch = ViewSketch(view)
    rng = random.Random(5)
    for _ in range(20):
        world = DuelingSuitsState.from_view(view, rng, sketch)
        assert world.hands[0] == view["hand"] and world.leads[0] is None
        assert world.leads[1] is not None
        assert set(world.hands[1]) | {world.leads[1]} <= set(sketch.pool)


def test_a_hint_says_the_chance_it_reckons_over_the_worlds_it_weighed() -> None:
    """The Gunslinger scores each world with a look-ahead and a win model, not by playing it out: the hint's
    numbers say so (a lead: the solved game's value for the card; a chain step: its summed chance)."""
    bridge = Bridge()
    session = json.loads(bridge.handle(json.dumps({"op": "new", "game": "dueling_suits", "seed": 5})))["session"]
    player = json.loads(bridge.handle(json.dumps({"op": "view", "session": session, "player": None})))["to_act"][0]
    hint = json.loads(bridge.handle(json.dumps({"op": "hint", "session": session, "player": player})))
    assert re.search(r"over 40 ways the hidden cards may lie, the computer reckons its chance to win at \d+%\.$",
                     hint["reason"]), hint["reason"]
    assert "played out" not in hint["reason"]
