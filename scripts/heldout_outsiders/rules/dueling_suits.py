"""Dueling Suits, read from its rule text (DUEL-1..8): each suit is an action, a face-down lead, a chain
of extra cards, then one cell of the suit table decides who is hurt and who heals.

Greedy's reading of a move: the turn resolved at once (no more chain cards after this one), scored as
the health lead it leaves (a win or a loss outweighs any lead; a block bonus for the next lead counts
half its size), less a point for each card spent from the hand. A face-down lead is scored against
every card the rival may lead (all the cards this player cannot place), each equally likely."""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.cards import standard_deck
from pygame_core.engine import AnyState

GAME = __name__.rpartition(".")[2]
STATE = get_game(GAME).state_class
PLAYOUTS = 480  # about 50 ms of CPU a decision (the package's docstring)
MAX_HEALTH = 30  # DUEL-2
DECIDED = 100.0  # a finished duel against any health lead
BONUS_WORTH = 0.5  # a point of block bonus, in health
CARD_WORTH = 1.0  # a card kept in hand, in health
FACES = {"J": 11, "Q": 12, "K": 13, "A": 14}


def power(card: str) -> int:
    """DUEL-1: 2..10 at face value, J 11, Q 12, K 13, A 14."""
    return FACES.get(card[:-1]) or int(card[:-1])


def chain_power(card: str, lead: str) -> int:
    """DUEL-5: full power on the lead's suit, else half rounded up."""
    return power(card) if card[-1] == lead[-1] else -(-power(card) // 2)


def clash(x: str, y: str, a: int, b: int) -> tuple[int, int, int, int, int, int]:
    """DUEL-6 for "you" leading suit ``x`` at power ``a`` against suit ``y`` at ``b``: your damage and
    healing, theirs, and the block bonus each earns (the blocker's own power, for its next lead)."""
    if (x, y) == ("S", "D"):
        return max(0, b - 2 - a), 0, 0, 0, a, 0
    if (x, y) == ("S", "C"):
        return max(0, b - a), 0, 0, 0, 0, 0
    if (x, y) == ("S", "H"):
        return 0, 0, 0, b, 0, 0
    if (x, y) == ("D", "D"):
        return b, 0, a, 0, 0, 0
    if {x, y} == {"D", "C"}:  # the lower power takes the higher one; a tie: nothing
        return (b if a < b else 0), 0, (a if b < a else 0), 0, 0, 0
    if (x, y) == ("D", "H"):
        return 0, 0, a, 0, 0, 0
    if (x, y) == ("C", "C"):
        return -(-b // 2), 0, -(-a // 2), 0, 0, 0
    if (x, y) == ("C", "H"):
        return 0, 0, a, b, 0, 0
    if (x, y) == ("H", "H"):
        return 0, a, 0, b, 0, 0
    if x == y:  # S against S
        return 0, 0, 0, 0, 0, 0
    theirs = clash(y, x, b, a)  # the cells below the diagonal mirror those above
    return theirs[2], theirs[3], theirs[0], theirs[1], theirs[5], theirs[4]


def result(health: list[int], me: int, x: str, y: str, a: int, b: int) -> float:
    """How the turn's resolution leaves ``me``: the health lead, or ``DECIDED`` for a finished duel
    (DUEL-7: both down, the higher health wins)."""
    hurt_me, heal_me, hurt_them, heal_them, bonus_me, bonus_them = clash(x, y, a, b)
    mine = min(MAX_HEALTH, health[me] - hurt_me + heal_me)
    theirs = min(MAX_HEALTH, health[1 - me] - hurt_them + heal_them)
    if mine <= 0 or theirs <= 0:
        if mine > 0 or (theirs <= 0 and mine > theirs):
            return DECIDED
        return -DECIDED if theirs > 0 or theirs > mine else 0.0
    return mine - theirs + BONUS_WORTH * (bonus_me - bonus_them)


def unplaced(view: dict[str, Any]) -> list[str]:
    """The cards this player cannot place: neither in its hand nor on the table nor in the discard pile.
    DUEL-4: the pile is the cards thrown since the last reshuffle, so its last ``discard`` cards."""
    thrown = [c for turn in view["log"] for c in [*turn["leads"], *(e["card"] for chain in turn["chains"]
                                                                      for e in chain)]]
    pile = thrown[len(thrown) - view["discard"]:] if view["discard"] else []
    placed = {*view["hand"], *pile, *(c for c in view["leads"] if c is not None),
              *(e["card"] for chain in view["chains"] for e in chain)}
    return [c for c in standard_deck() if c not in placed]


def judge(view: dict[str, Any], moves: list[dict[str, Any]]) -> list[float]:
    me = int(view["viewer"])
    health = view["health"]
    if view["phase"] == "lead":
        rivals = unplaced(view)
        extra = [view["bonus"][q] + view["perks"][q] for q in (0, 1)]
        return [sum(result(health, me, m["card"][-1], c[-1], power(m["card"]) + extra[me], power(c) + extra[1 - me])
                    for c in rivals) / len(rivals) for m in moves]
    leads = view["leads"]
    mine, theirs = leads[me][-1], leads[1 - me][-1]
    a, b = view["power"][me]["total"], view["power"][1 - me]["total"]
    return [result(health, me, mine, theirs, a, b) if m["type"] == "pass"
            else result(health, me, mine, theirs, a + chain_power(m["card"], leads[me]), b) - CARD_WORTH
            for m in moves]


def world(view: dict[str, Any], rng: random.Random) -> AnyState:
    """The engine's own sampler: the deck and the rival's hand dealt from the cards this player cannot
    place; a rival's face-down lead is one of its cards at random, which is the random reply of a playout."""
    return STATE.from_view(view, rng)
