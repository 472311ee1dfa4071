"""The hard Dueling Suits bot: legal moves in every phase from both seats, decided from the view only,
deterministic, and it beats the random one; scenario tests for chaining with sense (DUEL-5, DUEL-6)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from playthrough import assert_decides_from_the_view, play_game
from pygame_core import State, get_game
from pygame_core.bots import RandomBot
from pygame_core.bots.dueling_suits_bot import NormalBot
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


@pytest.mark.parametrize("seat", [0, 1])
def test_normal_bot_plays_only_legal_moves_in_every_phase(seat: int) -> None:
    phases: set[str] = set()
    for i in range(8):
        state = get_game("dueling_suits").new_game(seed=i, options={"first_initiative": str(i % 2)})
        bots: dict[int, Any] = {seat: NormalBot(i), 1 - seat: RandomBot(i)}
        if i % 4 == 3:
            bots[1 - seat] = NormalBot(i + 1)
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
def test_normal_bot_decides_from_the_view_only(seed: int) -> None:
    """At every decision: a twin game with other hidden cards but the same view gets the same move."""
    rng = random.Random(seed)
    state = get_game("dueling_suits").new_game(seed=seed, options={"first_initiative": str(seed % 2)})
    bots: dict[int, Any] = {0: NormalBot(seed), 1: RandomBot(seed + 1) if seed % 2 else NormalBot(seed + 1)}
    assert_decides_from_the_view(state, bots, lambda: NormalBot(seed * 7),
                                 lambda s, p: dueling_twin(s, p, rng))


def hard_win_rate(games: int) -> float:
    """Games won against the random bot, seats and the first initiative alternating."""
    wins = 0
    for i in range(games):
        state = get_game("dueling_suits").new_game(seed=2000 + i, options={"first_initiative": str(i // 2 % 2)})
        hard = i % 2
        play_game(state, {hard: NormalBot(i), 1 - hard: RandomBot(i + 7)})
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome["winner"] == hard
    return wins / games


@pytest.mark.slow
def test_hard_bot_beats_random() -> None:
    """60 games (a few seconds): at least 70% (86.3% over 1,000 with `python -m pygame_core simulate`)."""
    rate = hard_win_rate(60)
    assert rate >= 0.7, f"hard won only {rate:.0%} against easy"


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
