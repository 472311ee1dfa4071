"""Dueling Suits, as the rule text and the house rulings tell it (DUEL-1..8): a yardstick, not our bot.

The greedy score of a move is the health margin right after this turn resolves (DUEL-6, healing
capped at 30: DUEL-2), with a won game worth 100 more and a lost one 100 less (DUEL-7). A lead is
scored against every lead the opponent might show, averaged: the cards this player has not seen
(neither in its hand nor shown on the table so far); with none left (after reshuffles) every card
it does not hold. While chaining, the opponent's power is as it stands; passing wins a tie (it keeps
the card). The block bonus a Spade may earn is for the next turn, so it counts nothing now.

Monte Carlo samples worlds with the engine's ``from_view`` (the deck and the opponent's hand, and
its face-down lead, dealt at random from the cards they may be).

``PLAYOUTS`` = 620: a Monte Carlo decision that searched (more than one candidate) took 54.2 ms of CPU
time on average (66 decisions of 10 games against the greedy player, seeds 1000-1009, CPython
3.11 on this 2-core AMD EPYC machine; CPU time, ``time.process_time``, because the shared machine
was busy and wall time would have counted the other processes).
"""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.engine import AnyState, Move

GAME_ID = __name__.rsplit(".", 1)[1]
PLAYOUTS = 620

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL_CARDS = [f"{rank}{suit}" for suit in "SHDC" for rank in RANKS]
MAX_HEALTH = 30
DECIDED = 100.0


def power(card: str) -> int:
    """DUEL-1: 2..10 at face value, J 11, Q 12, K 13, A 14."""
    return RANKS.index(card[:-1]) + 2


def chain_power(card: str, lead: str) -> int:
    """DUEL-5: full power on the lead's suit, else half of it rounded up."""
    return power(card) if card[-1] == lead[-1] else (power(card) + 1) // 2


def exchange(x: str, y: str, a: int, b: int) -> tuple[int, int, int, int]:
    """DUEL-6 from the row's side: "you" play suit ``x`` at power ``a``, the rival ``y`` at ``b``.
    Returns (your damage, your healing, their damage, their healing)."""
    if x == "S":
        return {"S": (0, 0, 0, 0), "D": (max(0, b - 2 - a), 0, 0, 0), "C": (max(0, b - a), 0, 0, 0),
                "H": (0, 0, 0, b)}[y]
    if x == "D":
        if y == "D":
            return b, 0, a, 0
        if y == "C":
            return (b if a < b else 0), 0, (a if b < a else 0), 0
        if y == "H":
            return 0, 0, a, 0
    if x == "C":
        if y == "C":
            return (b + 1) // 2, 0, (a + 1) // 2, 0
        if y == "H":
            return 0, 0, a, b
    if x == "H" and y == "H":
        return 0, a, 0, b
    theirs = exchange(y, x, b, a)  # below the diagonal: the mirror of the cell above it
    return theirs[2], theirs[3], theirs[0], theirs[1]


def margin(view: dict[str, Any], lead: str, mine: int, theirs_lead: str, theirs: int) -> float:
    """The health margin after the turn resolves, a decided game counting ``DECIDED`` either way."""
    me = int(view["viewer"])
    health = view["health"]
    damage, heal, their_damage, their_heal = exchange(lead[-1], theirs_lead[-1], mine, theirs)
    after = min(MAX_HEALTH, health[me] - damage + heal)
    their_after = min(MAX_HEALTH, health[1 - me] - their_damage + their_heal)
    score = float(after - their_after)
    if after <= 0 or their_after <= 0:
        score += DECIDED if after > their_after else -DECIDED if after < their_after else 0.0
    return score


def unseen(view: dict[str, Any]) -> list[str]:
    """The cards this player has not seen anywhere; every card it does not hold when all were seen."""
    held = set(view["hand"])
    shown = {c for c in view["leads"] if isinstance(c, str)}
    shown.update(e["card"] for chain in view["chains"] for e in chain)
    for turn in view["log"]:
        shown.update(turn["leads"])
        shown.update(e["card"] for chain in turn["chains"] for e in chain)
    cards = [c for c in ALL_CARDS if c not in held and c not in shown]
    return cards or [c for c in ALL_CARDS if c not in held and c not in view["leads"]]


def greedy_values(view: dict[str, Any], legal_moves: list[Move]) -> list[float]:
    me = int(view["viewer"])
    opp = 1 - me
    if view["phase"] == "lead":
        extra = [int(view["bonus"][q]) + int(view["perks"][q]) for q in (0, 1)]
        rivals = unseen(view)
        values = []
        for move in legal_moves:
            card = move["card"]
            total = sum(margin(view, card, power(card) + extra[me], other, power(other) + extra[opp])
                        for other in rivals)
            values.append(total / len(rivals))
        return values
    leads = view["leads"]
    powers = [int(view["power"][q]["total"]) for q in (0, 1)]
    values = []
    for move in legal_moves:
        if move["type"] == "pass":
            values.append(margin(view, leads[me], powers[me], leads[opp], powers[opp]))
        else:
            added = chain_power(move["card"], leads[me])
            values.append(margin(view, leads[me], powers[me] + added, leads[opp], powers[opp]) - 1e-6)
    return values


def sample(view: dict[str, Any], rng: random.Random) -> AnyState:
    return get_game(GAME_ID).state_class.from_view(view, rng)


def move_key(view: dict[str, Any], move: Move) -> object:
    return move["type"], move.get("card")
