"""Knife Fight, read from its rule text (KNIFE-1..9): both fighters commit a card face down at once; the
lower number cuts, Jacks parry, Queens dress a wound, Kings feint, the Joker reflects; every round each
bleeds ceil(damage / 3) cards off their deck, and the first deck to run dry has bled to death.

Greedy's reading of a move: the wound points it deals less the wound points it takes in this exchange
(``exchange``), averaged over every card the rival may hold (all the cards of their half not yet shown),
each equally likely. ``world`` is this module's own sampler, written from the view alone."""

from __future__ import annotations

import random
from typing import Any

from pygame_core import get_game
from pygame_core.cards import shuffle, suit_cards
from pygame_core.engine import AnyState, State

GAME = __name__.rpartition(".")[2]
STATE = get_game(GAME).state_class
PLAYOUTS = 470  # about 50 ms of CPU a decision (the package's docstring)
HALVES = (suit_cards("H") + suit_cards("D") + ["RJ"], suit_cards("S") + suit_cards("C") + ["BJ"])  # KNIFE-1
MANOEUVRES = {"J": "jack", "Q": "queen", "K": "king", "RJ": "joker", "BJ": "joker"}


def kind(card: str) -> str:
    """KNIFE-1: "number" for A..10, else the manoeuvre: "jack", "queen", "king" or "joker"."""
    return MANOEUVRES.get(card) or MANOEUVRES.get(card[:-1]) or "number"


def value(card: str) -> int:
    """KNIFE-1: A=1, 2..10 at face value."""
    return 1 if card[0] == "A" else int(card[:-1])


def rounds(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every exchange revealed so far: the finished rounds, and this round's once both cards are up."""
    return [*view["log"], *([view["exchange"]] if view["exchange"] else [])]


def shown_cards(view: dict[str, Any]) -> set[str]:
    """Every card that has ever been face up: it is in a damage pile, a discard pile or in play, never
    again in a hand or a deck."""
    shown: set[str] = set()
    for entry in rounds(view):
        shown.update(entry["cards"])
        shown.update(c for c in entry["follow_ups"] if isinstance(c, str))
        shown.update(e[2] for e in entry["effects"] if isinstance(e[2], str))
    for pile in view["damage"]:
        shown.update(pile)
    return shown


def unseen(view: dict[str, Any]) -> list[list[str]]:
    """Per seat, the cards of their half this player has never seen (their hand, deck and the cards they
    bled), in the half's order; the viewer's own hand is seen."""
    known = shown_cards(view) | set(view["hand"])
    return [[c for c in HALVES[q] if c not in known] for q in (0, 1)]


# --- greedy ----------------------------------------------------------------------------------------
class Wounds:
    """What an exchange may draw on besides the two cards: each side's worst older wound (what a Queen
    would dress, KNIFE-5), the viewer's hand (a King's follow-up, KNIFE-6) and the rival's possible cards."""

    def __init__(self, view: dict[str, Any]) -> None:
        me = int(view["viewer"])
        self.worst = [max((value(c) for c in pile), default=0) for pile in view["damage"]]
        self.me = me
        self.hand = list(view["hand"])
        self.theirs = unseen(view)[1 - me]


def meet(a: str | None, b: str | None, worst: list[int], me: int) -> float:
    """Wound points ``me`` deals less those it takes when its card ``a`` meets the rival's ``b`` (None:
    nothing in play), Kings already replaced (KNIFE-3..7)."""
    ka = None if a is None else kind(a)
    kb = None if b is None else kind(b)
    if "jack" in (ka, kb):  # KNIFE-4, and a parried joker (KNIFE-7)
        return 0.0
    if ka == "number" and a is not None:
        if kb == "number" and b is not None:  # KNIFE-3: the lower card cuts; equal cards cut both
            va, vb = value(a), value(b)
            return float(va if va < vb else -vb if va > vb else 0)
        if kb == "queen":  # KNIFE-5: it lands, then they dress their worst older wound
            return float(value(a) - worst[1 - me])
        if kb == "joker":  # KNIFE-7: reflected
            return float(-value(a))
        return float(value(a)) if kb is None else 0.0  # against nothing it lands (KNIFE-6)
    if kb == "number" and b is not None:
        if ka == "queen":
            return float(worst[me] - value(b))
        if ka == "joker":
            return float(value(b))
        return float(-value(b)) if ka is None else 0.0
    return 0.0


def rival_follow_up(a: str | None, wounds: Wounds) -> float:
    """The rival feinted: their follow-up, any of their possible cards but a King, meets ``a``."""
    cards = [c for c in wounds.theirs if kind(c) != "king"]
    return sum(meet(a, f, wounds.worst, wounds.me) for f in cards) / len(cards) if cards else 0.0


def exchange(a: str, b: str, wounds: Wounds) -> float:
    """The exchange of ``me`` committing ``a`` against the rival's ``b``, feints included (KNIFE-6)."""
    if kind(a) == "king":
        follow = [c for c in wounds.hand if c != a and kind(c) != "king"]
        if kind(b) == "king":  # both follow-ups face down
            options = [rival_follow_up(c, wounds) for c in follow]
            return max(options) if options else rival_follow_up(None, wounds)
        target = None if kind(b) == "jack" else b  # a parry is spent on the feint
        return max((meet(c, target, wounds.worst, wounds.me) for c in follow),
                   default=meet(None, target, wounds.worst, wounds.me))
    if kind(b) == "king":
        return rival_follow_up(None if kind(a) == "jack" else a, wounds)
    return meet(a, b, wounds.worst, wounds.me)


def judge(view: dict[str, Any], moves: list[dict[str, Any]]) -> list[float]:
    me = int(view["viewer"])
    if view["phase"] == "dress":  # KNIFE-5: the older wound that leaves the pile
        return [float(value(m["discard"])) for m in moves]
    wounds = Wounds(view)
    if view["phase"] == "feint":
        rival = 1 - me
        shown = view["exchange"]["cards"][rival]
        spent = any(e[0] == "parry_spent" for e in view["exchange"]["effects"])
        if kind(shown) == "king" and rival in view["exchange"]["feint_due"]:  # both feinted
            return [rival_follow_up(m["card"], wounds) for m in moves]
        target = None if spent or kind(shown) == "king" else shown  # a King without a follow-up leaves nothing
        return [meet(m["card"], target, wounds.worst, me) for m in moves]
    rivals = wounds.theirs
    return [sum(exchange(m["card"], b, wounds) for b in rivals) / len(rivals) for m in moves]


# --- sampling a world ------------------------------------------------------------------------------
def world(view: dict[str, Any], rng: random.Random) -> AnyState:
    """A whole fight consistent with ``view`` (the viewer due to act): each side's unseen cards dealt at
    random to the rival's hand, each deck and the cards bled off it. A face-down card of the rival's not
    yet revealed (a commitment, or a follow-up when both feinted) goes back into their hand: the playout
    has them choose again, at random, and nothing in the world depends on what they chose."""
    me = int(view["viewer"])
    rival = 1 - me
    phase = view["phase"]
    shown = view["exchange"]
    held = list(view["hand_counts"])
    if phase == "commit" and view["committed"][rival]:
        held[rival] += 1
    if phase == "feint" and isinstance(shown["follow_ups"][rival], dict):
        held[rival] += 1
    pools = [shuffle(cards, rng) for cards in unseen(view)]
    hands = [list(view["hand"]), list(view["hand"])]
    hands[rival] = pools[rival][:held[rival]]
    del pools[rival][:held[rival]]
    decks = [pools[q][:view["decks"][q]] for q in (0, 1)]

    commits: list[str | None] = [None, None]
    in_play: list[str | None] = [None, None]
    follow_ups: list[str | None] = [None, None]
    feint_due: list[int] = []
    exchange_state: dict[str, Any] | None = None
    dress_player: int | None = None
    if phase in ("feint", "dress"):
        commits = list(shown["cards"])
        follow_ups = [c if isinstance(c, str) else None for c in shown["follow_ups"]]
        feint_due = list(shown["feint_due"])
        in_play = list(commits)
        for q in (0, 1):
            if kind(shown["cards"][q]) == "king":  # KNIFE-6: the King leaves play; a Jack is spent on it
                in_play[q] = follow_ups[q] if phase == "dress" else None
                if kind(shown["cards"][1 - q]) == "jack":
                    in_play[1 - q] = None
        exchange_state = {"cards": list(shown["cards"]),
                          "follow_ups": list(follow_ups) if phase == "dress" else [None, None],
                          "effects": [list(e) for e in shown["effects"]]}
        dress_player = shown["dress_player"]
    # the rest of each half lies on its owner's discard pile: not in a deck, a hand, a damage pile (either:
    # a card wounds the other side) nor still in play; but a dressed wound goes onto the dresser's (KNIFE-5)
    elsewhere = {*decks[0], *decks[1], *hands[0], *hands[1], *view["damage"][0], *view["damage"][1]}
    if phase == "feint":
        elsewhere.update(c for c in [*in_play, *follow_ups] if c is not None)
    dressed = [[e[2] for entry in rounds(view) for e in entry["effects"] if e[0] == "dressed" and e[1] == q]
               for q in (0, 1)]
    elsewhere.update(*dressed)
    discards = [[c for c in HALVES[q] if c not in elsewhere] + dressed[q] for q in (0, 1)]

    state = STATE.__new__(STATE)
    State.__init__(state, 0, {}, None)
    state.__dict__.update({
        "decks": decks, "hands": hands, "damage": [list(p) for p in view["damage"]], "discards": discards,
        "round": view["round"], "phase": phase, "commits": commits, "in_play": in_play, "follow_ups": follow_ups,
        "feint_due": feint_due, "dress_player": dress_player, "dress_options": list(view["dress_options"]),
        "exchange": exchange_state, "dead": None,
        "log": [{key: entry[key] for key in ("round", "cards", "follow_ups", "effects", "drawn", "bled")}
                for entry in view["log"]],
    })
    return state
