"""Dueling Suits' three levels: legal moves in every phase from both seats, decided from the view
only, deterministic, and each stronger than the one below (the calibrations are slow); scenario
tests for the normal level's chaining with sense (DUEL-5, DUEL-6)."""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

import pytest

from playthrough import assert_decides_from_the_view, level_wins, play_game
from pygame_core import State, get_game
from pygame_core.bots import RandomBot
from pygame_core.bots.common import Bot
from pygame_core.bots.dueling_suits_bot import EasyBot, HardBot, NormalBot
from pygame_core.cards import standard_deck


def forced(hand0: list[str], hand1: list[str], initiative: int = 0) -> State:
    """A game whose first leads are chosen from ``hand0`` and ``hand1`` (eight cards each: the seven
    dealt and the first draw); the rest of the deck in standard order."""
    rest = [c for c in standard_deck() if c not in hand0 + hand1]
    deal = hand0[:7] + hand1[:7] + [hand0[7], hand1[7]] + rest
    return get_game("dueling_suits").new_game(seed=1, deal=deal, options={"first_initiative": str(initiative)})


def phase_of(view: dict[str, Any], moves: list[dict[str, Any]]) -> str:
    if view["phase"] == "lead":
        return "lead"
    if len(moves) == 1:
        return "empty hand"
    return "chain opening" if not any(view["chains"]) else "chain answer"


def quick_hard(seed: int) -> HardBot:
    """The hard level on a short budget: the same code path, a test-sized search."""
    return HardBot(seed, iterations=12, chain_iterations=12)


LEVEL_BOTS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": quick_hard}


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("level", LEVEL_BOTS)
def test_every_level_plays_only_legal_moves_in_every_phase(level: str, seat: int) -> None:
    make = LEVEL_BOTS[level]
    phases: set[str] = set()
    for i in range(8):
        state = get_game("dueling_suits").new_game(seed=i, options={"first_initiative": str(i % 2)})
        bots: dict[int, Any] = {seat: make(i), 1 - seat: RandomBot(i)}
        if i % 4 == 3:
            bots[1 - seat] = make(i + 1)
        while not state.is_over():
            p = state.to_act()[i % len(state.to_act())]
            view, moves = state.view(p), state.legal_moves(p)
            view_copy, moves_copy = copy.deepcopy(view), copy.deepcopy(moves)
            move = bots[p].choose(view, moves)
            assert view == view_copy and moves == moves_copy, "a bot must not change what it is given"
            assert move in moves and state.check(p, move) is None, (p, move)
            if p == seat:
                phases.add(phase_of(view, moves))
            state.play(p, move)
    assert {"lead", "chain opening", "chain answer"} <= phases, phases


def test_normal_bot_passes_with_an_empty_hand() -> None:
    state = forced(["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"], ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"])
    state.play(0, {"type": "lead", "card": "9S"})
    state.play(1, {"type": "lead", "card": "9H"})
    view = copy.deepcopy(state.view(0))
    view["hand"], view["hand_counts"] = [], [0, 7]
    assert NormalBot(0).choose(view, [{"type": "pass"}]) == {"type": "pass"}


def dueling_twin(state: State, viewer: int, rng: random.Random) -> State:
    """The same game with other hidden cards behind the same view of ``viewer``: the cards of the
    deal that no move named and the viewer never held are shuffled among their places. The
    opponent then holds other unknown cards at the same moments, every move names the same cards,
    and reshuffles only ever shuffle played (public) cards, so the public position is the same."""
    record = state.record()
    game = get_game("dueling_suits")
    replay = game.new_game(seed=record["seed"], deal=record["deal"], options=record["options"])
    seen = set(replay.view(viewer)["hand"])
    for p, move in record["moves"]:
        replay.play(p, move)
        seen.update(replay.view(viewer)["hand"] or [])
        if "card" in move:
            seen.add(move["card"])
    deal = list(record["deal"])
    places = [i for i, c in enumerate(deal) if c not in seen]
    cards = [deal[i] for i in places]
    rng.shuffle(cards)
    for i, card in zip(places, cards):
        deal[i] = card
    twin = game.new_game(seed=record["seed"], deal=deal, options=record["options"])
    for p, move in record["moves"]:
        twin.play(p, move)
    return twin


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("level", LEVEL_BOTS)
def test_every_level_decides_from_the_view_only(level: str, seed: int) -> None:
    """At every decision: a twin game with other hidden cards but the same view gets the same move."""
    make = LEVEL_BOTS[level]
    rng = random.Random(seed)
    state = get_game("dueling_suits").new_game(seed=seed, options={"first_initiative": str(seed % 2)})
    bots: dict[int, Any] = {0: make(seed), 1: RandomBot(seed + 1) if seed % 2 else make(seed + 1)}
    assert_decides_from_the_view(state, bots, lambda: make(seed * 7), lambda s, p: dueling_twin(s, p, rng))


def test_hard_bot_plays_the_same_however_its_search_is_sliced() -> None:
    """The page runs the search in slices (start, think, decision): the hard level's own start (the
    view it searches, the worlds it scores and the game it solves) must give the same move as one whole ``choose``."""
    state = get_game("dueling_suits").new_game(seed=4)
    bots = {0: EasyBot(1), 1: EasyBot(2)}
    decided = 0
    while not state.is_over() and decided < 12:
        for p in state.to_act():
            view, moves = state.view(p), state.legal_moves(p)
            if len(moves) > 1:
                sliced = quick_hard(3)
                sliced.start(view, moves)
                while not sliced.think(0.0):
                    pass
                assert sliced.decision() == quick_hard(3).choose(view, moves)
                decided += 1
            state.play(p, bots[p].choose(view, moves))
    assert decided >= 6


def test_hard_bot_searches_a_face_down_lead_as_one_still_to_make() -> None:
    """Leading second is the same choice as leading first: the opponent's face-down card was chosen
    without seeing this one, so the hard level plays the same lead either way."""
    for seed in range(6):
        first = get_game("dueling_suits").new_game(seed=seed)
        view, moves = first.view(1), first.legal_moves(1)
        second = get_game("dueling_suits").new_game(seed=seed)
        second.play(0, EasyBot(seed).choose(second.view(0), second.legal_moves(0)))
        assert second.view(1)["committed"] == [True, False] and second.legal_moves(1) == moves
        assert quick_hard(seed).choose(second.view(1), moves) == quick_hard(seed).choose(view, moves)


# --- strength: each level against the one below, seats alternating (deterministic: fixed seeds) -------

@pytest.mark.slow
def test_hard_beats_normal() -> None:
    """60 games (about 30 s of CPU): hard wins at least half (35 now; 68.7% of the decided games over
    200 with `python -m pygame_core simulate dueling_suits --a hard --b normal --seed 1000000`)."""
    wins = level_wins("dueling_suits", 60, "hard", "normal")
    assert wins >= 30, f"hard won only {wins} of 60 against normal"


@pytest.mark.slow
def test_normal_beats_easy() -> None:
    """300 games (about half a minute): normal wins at least 55% (192 now; 63.2% of the decided games
    over 1,000 with `simulate`)."""
    wins = level_wins("dueling_suits", 300, "normal", "easy")
    assert wins >= 0.55 * 300, f"normal won only {wins} of 300 against easy"


@pytest.mark.slow
def test_easy_beats_random() -> None:
    """300 games (a few seconds), seats alternating: easy wins at least 65% (217 now; 75% over 1,000)."""
    wins = 0
    for i in range(300):
        state = get_game("dueling_suits").new_game(seed=1000 + i)
        seat = i % 2
        play_game(state, {seat: EasyBot(i), 1 - seat: RandomBot(i + 1)})
        wins += (state.outcome() or {}).get("winner") == seat
    assert wins >= 0.65 * 300, f"easy won only {wins} of 300 against random"


# --- chaining with sense: positions built from forced deals and real leads --------------------------

LOW = ["2C", "3C", "4C", "2H", "3H", "4H", "5C"]


def chain_view(my_lead: str, their_lead: str, hand: list[str],
               health: tuple[int, int]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Seat 0 holds the initiative and is due to open the chaining with ``hand`` (seven cards)."""
    other = [c for c in standard_deck() if c not in hand + [my_lead, their_lead]][:7] + [their_lead]
    assert len(hand) == 7
    state = forced(hand + [my_lead], other, initiative=0)
    state.play(0, {"type": "lead", "card": my_lead})
    state.play(1, {"type": "lead", "card": their_lead})
    view = copy.deepcopy(state.view(0))
    view["health"] = list(health)
    return view, state.legal_moves(0)


def test_no_card_thrown_into_a_turn_already_lost() -> None:
    """Hearts against Diamonds: the heart takes the attack whatever its power, so chaining the Ace of
    Hearts (or any card) changes nothing and is kept."""
    view, moves = chain_view("3H", "AD", ["AH", "KH", "QS", "2C", "3C", "4C", "5C"], (20, 15))
    assert NormalBot(0).choose(view, moves) == {"type": "pass"}


def test_no_card_thrown_into_a_turn_already_won() -> None:
    """Diamonds against Hearts with the opponent at 5: the blow kills already and their Hearts
    cannot change it, so the Ace of Diamonds stays in hand."""
    view, moves = chain_view("10D", "2H", ["AD", "KH", "QS", "2C", "3C", "4C", "5C"], (15, 5))
    assert NormalBot(0).choose(view, moves) == {"type": "pass"}


def test_no_heal_chained_at_thirty() -> None:
    """At 30 a heal is worth nothing: Hearts against a Spade is not fed another heart."""
    view, moves = chain_view("9H", "5S", ["AH", "KH", "QS", "2C", "3C", "4C", "5C"], (30, 15))
    assert NormalBot(0).choose(view, moves) == {"type": "pass"}


def test_lethal_chain_is_taken() -> None:
    """Diamonds 9 against Hearts with the opponent at 20: only the King of Diamonds (+13) makes a
    killing 22, whatever they answer (Hearts cannot block); at 12 the cheapest card that kills
    (the 5 of Clubs, +3) is enough and the King is kept."""
    view, moves = chain_view("9D", "2H", ["KD", "3H", "QS", "2C", "3C", "4C", "5C"], (15, 20))
    assert NormalBot(0).choose(view, moves) == {"type": "chain", "card": "KD"}
    view["health"] = [15, 12]
    assert NormalBot(0).choose(view, moves) == {"type": "chain", "card": "5C"}


def lead_view(hand: list[str], discarded: list[str],
              health: tuple[int, int]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Seat 0 to lead ``hand`` after a (pretend) history that put ``discarded`` on the discard pile,
    so that the unseen cards are everything else."""
    state = forced(hand, [c for c in standard_deck() if c not in hand][:8])
    view = copy.deepcopy(state.view(0))
    view["health"] = list(health)
    view["discard"] = len(discarded)
    view["log"] = [{"leads": discarded[:2], "chains": [[{"card": c} for c in discarded[2:]], []]}]
    return view, state.legal_moves(0)


def test_a_spade_kept_for_the_diamond_it_expects() -> None:
    """Every unseen card but a few is a Diamond: with only low Clubs and Hearts besides, the bot
    blocks with its Spade."""
    hand = ["5S", *LOW]
    discarded = [c for c in standard_deck() if c not in hand and c[-1] != "D"][:-3]
    view, moves = lead_view(hand, discarded, (15, 15))
    assert NormalBot(0).choose(view, moves) == {"type": "lead", "card": "5S"}


def test_heals_when_healing_saves_it() -> None:
    """At 3 health against an opponent at 30 who has mostly Spades and Hearts left, the King of Hearts
    heals rather than the King of Diamonds scratching a full-health opponent."""
    hand = ["KH", "KD", "2C", "3C", "2S", "3S", "4C", "5C"]
    discarded = [c for c in standard_deck() if c not in hand and c[-1] in "DC"]
    view, moves = lead_view(hand, discarded, (3, 30))
    assert NormalBot(0).choose(view, moves) == {"type": "lead", "card": "KH"}


def test_no_heal_lead_at_thirty() -> None:
    """At 30 a Heart heals nothing: the bot leads something else."""
    hand = ["KH", "QH", "JH", "10H", "9D", "8S", "7C", "6D"]
    view, moves = lead_view(hand, [], (30, 15))
    assert NormalBot(0).choose(view, moves)["card"][-1] != "H"
