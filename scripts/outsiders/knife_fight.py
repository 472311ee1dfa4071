"""Knife Fight, as the rule text and the house rulings tell it (KNIFE-1..9): a yardstick, not our bot.

The greedy score of a card is the damage margin of the exchange it starts (the damage sums are the
game's scores: KNIFE-9), averaged over every card the opponent might show (the cards of their half
this player has not seen). An exchange, from the rules: the lower number lands in the loser's pile,
equal numbers both land (KNIFE-3); a Jack cancels (KNIFE-4); a Queen takes the number's hit and then
dresses its owner's deepest older wound (KNIFE-5); a King is replaced by its owner's follow-up, the
best one for this player and the opponent's averaged over their possible cards, and a Jack against
it is spent so the follow-up hits nothing (KNIFE-6); the Joker turns a number back on its striker
(KNIFE-7). A follow-up is scored against what it meets; dressing takes the deepest wound.

Knife Fight's engine samples no worlds, so ``sample`` deals one itself: the cards of each half
nobody has shown this player (every card played meets face up, so only hands, decks and bled cards
stay unseen) go at random to the opponent's hand, their face-down commit or follow-up, each deck,
and the rest to the cards bled away (KNIFE-8), the rest of the position copied from the view.
Two cards of one rank are equivalent (suits do not matter: KNIFE-1) and share a candidate.

``PLAYOUTS`` = 560: a Monte Carlo decision that searched (more than one candidate) took 51.3 ms of CPU
time on average (74 decisions of 10 games against the greedy player, seeds 1000-1009, CPython
3.11 on this 2-core AMD EPYC machine; CPU time, ``time.process_time``, because the shared machine
was busy and wall time would have counted the other processes).
"""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.engine import AnyState, Move, State

GAME_ID = __name__.rsplit(".", 1)[1]
PLAYOUTS = 560

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
HALVES = ([f"{r}{s}" for s in "HD" for r in RANKS] + ["RJ"], [f"{r}{s}" for s in "SC" for r in RANKS] + ["BJ"])


def kind(card: str | None) -> str | None:
    """KNIFE-1: "number" (A..10), "jack", "queen", "king", "joker"; None for no card."""
    if card is None:
        return None
    if card in ("RJ", "BJ"):
        return "joker"
    return {"J": "jack", "Q": "queen", "K": "king"}.get(card[:-1], "number")


def value(card: str) -> int:
    """KNIFE-1: A=1, 2..10 at face value."""
    return 1 if card[:-1] == "A" else int(card[:-1])


def seen_cards(view: dict[str, Any]) -> set[str]:
    """Every card this player has seen: its hand and commit, wounds, and every card shown in an exchange."""
    seen = set(view["hand"])
    if view["my_commit"]:
        seen.add(view["my_commit"])
    for pile in view["damage"]:
        seen.update(pile)
    exchanges = list(view["log"])
    if view["exchange"] is not None:
        exchanges.append(view["exchange"])
    for entry in exchanges:
        seen.update(entry["cards"])
        seen.update(c for c in entry["follow_ups"] if isinstance(c, str))
        seen.update(e[2] for e in entry["effects"] if isinstance(e[2], str))
    return seen


def unseen(view: dict[str, Any], q: int) -> list[str]:
    """The cards of seat ``q``'s half this player has not seen, in a fixed order."""
    seen = seen_cards(view)
    return [c for c in HALVES[q] if c not in seen]


# --- greedy ------------------------------------------------------------------------------
class Table:
    """What the greedy player knows of an exchange: its own other cards, both wound piles, and the
    opponent's possible cards."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me = me = int(view["viewer"])
        self.hand = list(view["hand"])
        self.deepest = [max((value(c) for c in pile), default=0) for pile in view["damage"]]
        self.theirs = unseen(view, 1 - me) or ["BJ" if me == 0 else "RJ"]
        self.their_follow_ups = [c for c in self.theirs if kind(c) != "king"]

    def clash(self, mine: str | None, theirs: str | None, spare: list[str], depth: int = 0) -> float:
        """The damage margin (theirs taken less mine) when ``mine`` meets ``theirs``; ``spare`` are the
        cards this player could follow a King with."""
        a, b = kind(mine), kind(theirs)
        if a == "king":
            target = None if b == "jack" else theirs  # KNIFE-6: the parry is spent on the feint
            follow = [c for c in spare if kind(c) != "king"]
            if not follow:  # a feint with nothing to follow loses the exchange
                return -float(value(theirs)) if b == "number" and theirs is not None else 0.0
            return max(self.clash(c, target, [], depth + 1) for c in follow)
        if b == "king":
            if a == "jack":  # the parry is spent; their follow-up meets nothing
                return self.average(lambda f: self.clash(None, f, spare, depth + 1))
            return self.average(lambda f: self.clash(mine, f, spare, depth + 1))
        if a == "jack" or b == "jack":
            return 0.0
        if a == "number" and b == "number":
            assert mine is not None and theirs is not None
            x, y = value(mine), value(theirs)
            return float(x) if x < y else -float(y) if y < x else 0.0
        if b == "number" and theirs is not None:
            if a == "queen":
                return -value(theirs) + float(self.deepest[self.me])
            if a == "joker":
                return float(value(theirs))
            return -float(value(theirs)) if a is None else 0.0
        if a == "number" and mine is not None:
            if b == "queen":
                return value(mine) - float(self.deepest[1 - self.me])
            if b == "joker":
                return -float(value(mine))
            return float(value(mine)) if b is None else 0.0
        return 0.0

    def average(self, score: Any) -> float:
        cards = self.their_follow_ups
        return sum(score(c) for c in cards) / len(cards) if cards else 0.0


def greedy_values(view: dict[str, Any], legal_moves: list[Move]) -> list[float]:
    table = Table(view)
    me = table.me
    values = []
    for move in legal_moves:
        if move["type"] == "dress":
            values.append(float(value(move["discard"])))
        elif move["type"] == "play":
            card = move["card"]
            spare = [c for c in table.hand if c != card]
            values.append(sum(table.clash(card, other, spare) for other in table.theirs) / len(table.theirs))
        else:
            exchange = view["exchange"]
            theirs = exchange["cards"][1 - me]
            if kind(theirs) == "king":
                shown = exchange["follow_ups"][1 - me]
                if isinstance(shown, str):
                    values.append(table.clash(move["card"], shown, []))
                else:
                    values.append(table.average(lambda f: table.clash(move["card"], f, [])))
            else:
                values.append(table.clash(move["card"], None if kind(theirs) == "jack" else theirs, []))
    return values


# --- sampled worlds ----------------------------------------------------------------------
def sample(view: dict[str, Any], rng: random.Random) -> AnyState:
    """A whole position consistent with ``view`` (a seat due to act), its unseen cards dealt from ``rng``."""
    me = int(view["viewer"])
    opp = 1 - me
    phase = view["phase"]
    exchange = view["exchange"]
    pools = [unseen(view, q) for q in (0, 1)]
    for pool in pools:
        rng.shuffle(pool)
    theirs = pools[opp]
    hands: list[list[str]] = [[], []]
    hands[me] = list(view["hand"])
    hands[opp] = [theirs.pop() for _ in range(view["hand_counts"][opp])]
    commits: list[str | None] = [None, None]
    follow_ups: list[str | None] = [None, None]
    in_play: list[str | None] = [None, None]
    if phase == "commit":
        commits[me] = view["my_commit"]
        if view["committed"][opp]:
            commits[opp] = theirs.pop()
    else:
        cards = list(exchange["cards"])
        commits = [cards[0], cards[1]]
        in_play = [cards[0], cards[1]]
        for q in (0, 1):
            if kind(cards[q]) == "king":
                in_play[q] = None
                if kind(cards[1 - q]) == "jack":
                    in_play[1 - q] = None
        for q in (0, 1):
            shown = exchange["follow_ups"][q]
            follow_ups[q] = shown if isinstance(shown, str) else theirs.pop() if shown is not None else None
        if phase == "dress":
            in_play = [follow_ups[q] if kind(cards[q]) == "king" else in_play[q] for q in (0, 1)]
    decks: list[list[str]] = [[], []]
    discards: list[list[str]] = [[], []]
    # cards neither in a deck nor discarded: hands, wounds, and what is still in play (a King and a Jack
    # spent on it are discarded at the reveal; once the exchange is settled nothing is in play)
    in_hand_or_pile = {c for pile in view["damage"] for c in pile} | set(hands[0]) | set(hands[1])
    playing = commits if phase == "commit" else in_play + follow_ups if phase == "feint" else []
    held = in_hand_or_pile | {c for c in playing if c}
    # the shown cards out of play, to make up each discard pile's count with its bled cards (which shown
    # card lies on which pile is never read: a discard pile is only counted)
    out = [c for c in HALVES[0] + HALVES[1] if c not in held and c not in pools[0] and c not in pools[1]]
    for q in (0, 1):
        pool = pools[q]
        if len(pool) < view["decks"][q]:
            raise ValueError("The view shows more unseen cards than there are.")
        decks[q] = pool[:view["decks"][q]]
        bled = pool[view["decks"][q]:]
        shown = max(0, view["discards"][q] - len(bled))
        discards[q] = bled + out[:shown]
        del out[:shown]

    state_class = get_game(GAME_ID).state_class
    state: AnyState = state_class.__new__(state_class)
    fields: Any = state  # the engine's own attributes, set as its constructor would
    State.__init__(state, 0, {}, None)
    fields.decks = decks
    fields.hands = hands
    fields.damage = [list(pile) for pile in view["damage"]]
    fields.discards = discards
    fields.round = int(view["round"])
    fields.phase = phase
    fields.commits = commits
    fields.in_play = in_play
    fields.follow_ups = follow_ups
    fields.feint_due = list(exchange["feint_due"]) if exchange is not None else []
    fields.dress_player = exchange["dress_player"] if exchange is not None else None
    fields.dress_options = list(view["dress_options"])
    fields.exchange = None if exchange is None else {
        "cards": list(exchange["cards"]),
        "follow_ups": list(follow_ups) if phase == "dress" else [None, None],
        "effects": [list(e) for e in exchange["effects"]]}
    fields.log = [{key: entry[key] for key in ("round", "cards", "follow_ups", "effects", "drawn", "bled")}
                  for entry in view["log"]]
    fields.dead = None
    return state


def move_key(view: dict[str, Any], move: Move) -> object:
    card = move.get("card", move.get("discard"))
    assert isinstance(card, str)
    return move["type"], "joker" if kind(card) == "joker" else card[:-1]
