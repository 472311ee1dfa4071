"""Knife Fight: both fighters commit a card face down, then the lower number cuts (KNIFE-1..9).

Each player fights with half of a 54-card deck (red or black). Number cards that win an exchange
go into the loser's damage pile; every round each player bleeds ceil(damage / 3) cards off the
top of their deck, and whoever runs out of deck first has bled to death. Jacks parry, Queens
dress a wound, Kings feint (a second card follows) and the Joker reflects a strike.

The exchange itself is ``resolve``: a pure function of the two cards in play, so the order in
which the players commit can never change what happens.

>>> from pygame_core import get_game
>>> state = get_game("knife_fight").new_game(seed=7)
>>> state.to_act()
[0, 1]
"""

from __future__ import annotations

import copy
from typing import Literal, NamedTuple, Sequence, TypedDict

from ..cards import Card, card_label, is_card, new_rng, shuffle, suit_cards
from ..engine import (DEFAULT_LEVELS, GameInfo, IllegalMove, Json, LevelSpec, Outcome, SetupError, Shapes, State,
                      ToldOutcome, register)
from ..grammar import Party, sentence

HAND_SIZE = 3
HALVES = (suit_cards("H") + suit_cards("D") + ["RJ"], suit_cards("S") + suit_cards("C") + ["BJ"])
COLOURS = ("red", "black")
MOVE_SHAPES = {
    "play": '{"type": "play", "card": "7H"}',
    "follow_up": '{"type": "follow_up", "card": "5H"}',
    "dress": '{"type": "dress", "discard": "9H"}',
}


# --- the shapes of what Knife Fight sends the page (engine.py: "Shapes") ---------------------------
class KnifePlayMove(TypedDict):
    """KNIFE-2: commit a hand card face down."""

    type: Literal["play"]
    card: str


class KnifeFollowUpMove(TypedDict):
    """KNIFE-6: the card that strikes in a King's place."""

    type: Literal["follow_up"]
    card: str


class KnifeDressMove(TypedDict):
    """KNIFE-5: the older wound a Queen dresses (it leaves the damage pile)."""

    type: Literal["dress"]
    discard: str


KnifeMove = KnifePlayMove | KnifeFollowUpMove | KnifeDressMove


class KnifeCommitEvent(TypedDict):
    """A card committed face down: its card only for the one who committed it."""

    type: Literal["commit"]
    player: int
    card: str | None


class KnifeRevealEvent(TypedDict):
    """Both commitments turn up: ``cards[p]`` is seat p's."""

    type: Literal["reveal"]
    cards: list[str]


class KnifeFollowUpEvent(TypedDict):
    """A follow-up card; ``hidden`` when both feinted, so it stays face down until the other's is in."""

    type: Literal["follow_up"]
    player: int
    card: str | None
    hidden: bool


class KnifeRevealFollowUpsEvent(TypedDict):
    """Both hidden follow-ups turn up (None: that seat had none)."""

    type: Literal["reveal_follow_ups"]
    cards: list[str | None]


class KnifeCardEvent(TypedDict):
    """A card into ``player``'s damage pile, onto their discards, or dressed off their damage pile."""

    type: Literal["damage", "discard", "dress"]
    player: int
    card: str


class KnifeDrawEvent(TypedDict):
    """Cards drawn back to three: the cards only for the drawer."""

    type: Literal["draw"]
    player: int
    cards: list[str] | None
    count: int


class KnifeBleedEvent(TypedDict):
    """KNIFE-8: ``count`` cards bled off the top of ``player``'s deck."""

    type: Literal["bleed"]
    player: int
    count: int


class KnifeRoundEvent(TypedDict):
    type: Literal["round"]
    round: int


class KnifeEndEvent(TypedDict):
    type: Literal["end"]
    outcome: Outcome


KnifeEvent = (KnifeCommitEvent | KnifeRevealEvent | KnifeFollowUpEvent | KnifeRevealFollowUpsEvent | KnifeCardEvent
              | KnifeDrawEvent | KnifeBleedEvent | KnifeRoundEvent | KnifeEndEvent)


class KnifeFaceDown(TypedDict):
    """A card on the table the viewer cannot see yet, and whose it is."""

    face_down: Literal[True]
    owner: int


class KnifeExchange(TypedDict):
    """The revealed exchange while it is settled. ``effects`` are ``[what, player, card]`` in order (what:
    damage, discard, dress, feint, parry_spent, dressed) and ``story`` tells them from the viewer's seat."""

    cards: list[str]
    follow_ups: list[str | KnifeFaceDown | None]
    feint_due: list[int]
    dress_player: int | None
    effects: list[list[Json]]
    story: list[str]


class KnifeRound(TypedDict):
    """One finished round as the engine keeps it (all public once revealed): the cards that met, the
    follow-ups, the effects (as in ``KnifeExchange``), the cards each drew and bled."""

    round: int
    cards: list[str]
    follow_ups: list[str | None]
    effects: list[list[Json]]
    drawn: list[int]
    bled: list[int]


class KnifeLogEntry(KnifeRound):
    """A finished round with its sentences from the viewer's seat: ``story`` for the table,
    ``sentences`` for the move log."""

    story: list[str]
    sentences: list[str]


class KnifeFinal(TypedDict):
    outcome: ToldOutcome | None


class KnifeView(TypedDict):
    """What one seat (or a spectator, ``viewer`` None) sees of a knife fight; ``last_play`` tells the
    rival's card lying face down while the viewer still chooses (None otherwise)."""

    game: Literal["knife_fight"]
    viewer: int | None
    round: int
    phase: Literal["commit", "feint", "dress", "over"]
    to_act: list[int]
    colours: list[str]
    hand: list[str] | None
    hand_counts: list[int]
    decks: list[int]
    discards: list[int]
    damage: list[list[str]]
    damage_sums: list[int]
    bleed: list[int]
    committed: list[bool]
    my_commit: str | None
    exchange: KnifeExchange | None
    dress_options: list[str]
    last: KnifeLogEntry | None
    log: list[KnifeLogEntry]
    last_play: str | None
    final: KnifeFinal | None


def kind(card: str | None) -> str | None:
    """KNIFE-1: "number" (A..10), "jack", "queen", "king", "joker"; None for no card at all."""
    return None if card is None else KINDS[card]


def value(card: str) -> int:
    """KNIFE-1: A=1, 2..10 at face value (only number cards have a value)."""
    return VALUES[card]


# both halves' cards looked up once: the search asks for kinds and values millions of times
KINDS: dict[str, str] = {c: {"J": "jack", "Q": "queen", "K": "king", "joker": "joker"}.get(Card.parse(c).rank, "number")
                         for half in HALVES for c in half}
VALUES: dict[str, int] = {c: 1 if Card.parse(c).rank == "A" else int(Card.parse(c).rank)
                          for c, k in KINDS.items() if k == "number"}


def bleed_count(damage: list[str]) -> int:
    """KNIFE-8: ceil(damage sum / 3) cards leave the deck each round."""
    return -(-sum(value(c) for c in damage) // 3)


class Effect(NamedTuple):
    """What one exchange does: a card into a damage pile, a card discarded, or a dressing owed."""

    what: str  # "damage" | "discard" | "dress"
    player: int  # whose damage pile / discard pile / who dresses
    card: str | None


def resolve(cards: tuple[str | None, str | None]) -> list[Effect]:
    """The effects of two cards meeting (KNIFE-3..7); kings are replaced before this is called.

    ``cards[p]`` is player p's card, or None when p has nothing in play (a parried feint's
    target, or a feint with no follow-up card). Pure: the same two cards always do the same.

    >>> resolve(("3H", "7S"))
    [Effect(what='damage', player=1, card='3H'), Effect(what='discard', player=1, card='7S')]
    >>> resolve(("5H", "5S"))
    [Effect(what='damage', player=1, card='5H'), Effect(what='damage', player=0, card='5S')]
    """
    kinds = (kind(cards[0]), kind(cards[1]))
    effects: list[Effect] = []

    def discard(p: int) -> None:
        card = cards[p]
        if card is not None:
            effects.append(Effect("discard", p, card))

    if "jack" in kinds:  # KNIFE-4 (and KNIFE-7: a joker is parried too)
        discard(0)
        discard(1)
        return effects
    if kinds == ("number", "number"):  # KNIFE-3
        a, b = value(cards[0] or ""), value(cards[1] or "")
        if a == b:
            return [Effect("damage", 1, cards[0]), Effect("damage", 0, cards[1])]
        winner = 0 if a < b else 1
        return [Effect("damage", 1 - winner, cards[winner]), Effect("discard", 1 - winner, cards[1 - winner])]
    for p in (0, 1):
        q = 1 - p
        if kinds[q] != "number":
            continue
        if kinds[p] == "queen":  # KNIFE-5: the strike lands, then the Queen dresses an old wound
            return [Effect("damage", p, cards[q]), Effect("discard", p, cards[p]), Effect("dress", p, None)]
        if kinds[p] == "joker":  # KNIFE-7: reflected onto the striker
            return [Effect("damage", q, cards[q]), Effect("discard", p, cards[p])]
        if kinds[p] is None:  # KNIFE-6: a strike against nothing lands
            return [Effect("damage", p, cards[q])]
    discard(0)  # queen/joker against queen/joker/nothing: nothing happens
    discard(1)
    return effects


@register
class KnifeFightState(State[KnifeView, KnifeEvent, KnifeMove, None]):
    """A game of Knife Fight. Phases: ``commit`` (both), ``feint`` (King players), ``dress``."""

    shapes = Shapes(KnifeView, KnifeEvent, KnifeMove)

    info = GameInfo(
        id="knife_fight",
        title="Knife Fight",
        players=2,
        simultaneous=True,
        hidden_info=True,
        summary=("Red deck against black deck. Both fighters lay a card face down at once; parry, feint, "
                 "patch yourself up, and bleed slower than your rival."),
        minutes=5,
        levels=(DEFAULT_LEVELS[0],
                LevelSpec("normal", "Deputy", "bold: weighs every card you may hold, and prizes the cut it deals"),
                LevelSpec("hard", "Gunslinger",
                          "reads your hand from what you play, and mixes its own choices so you can't read it")),
    )
    version = 1

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        if deal is None:
            rng = new_rng(seed)
            deal = {"0": shuffle(list(HALVES[0]), rng), "1": shuffle(list(HALVES[1]), rng)}
        else:
            validate_deal(deal)
            deal = {"0": list(deal["0"]), "1": list(deal["1"])}
        super().__init__(seed, options, deal, setup)
        self.decks: list[list[str]] = [list(deal["0"]), list(deal["1"])]
        self.hands: list[list[str]] = [[], []]
        self.damage: list[list[str]] = [[], []]
        self.discards: list[list[str]] = [[], []]
        self.round = 1
        self.phase: Literal["commit", "feint", "dress", "over"] = "commit"
        self.commits: list[str | None] = [None, None]
        self.in_play: list[str | None] = [None, None]  # what meets after feints are replaced
        self.follow_ups: list[str | None] = [None, None]
        self.feint_due: list[int] = []
        self.dress_player: int | None = None
        self.dress_options: list[str] = []
        self.exchange: dict[str, Json] | None = None  # the revealed exchange of this round
        self.log: list[KnifeRound] = []  # every finished exchange (all public once revealed)
        self.dead: list[bool] | None = None  # KNIFE-9: who bled to death, once someone has
        for p in (0, 1):
            self._draw(p)

    # --- protocol -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.dead is not None:
            return []
        if self.phase == "commit":
            return [p for p in (0, 1) if self.commits[p] is None]
        if self.phase == "feint":
            return [p for p in self.feint_due if self.follow_ups[p] is None]
        return [self.dress_player] if self.dress_player is not None else []

    def legal_moves(self, p: int) -> list[KnifeMove]:
        """Order: the hand as held (commit, follow-up), the damage pile bottom first (dress)."""
        if self.check_turn(p) is not None:
            return []
        if self.phase == "commit":
            return [{"type": "play", "card": c} for c in self.hands[p]]
        if self.phase == "feint":
            return [{"type": "follow_up", "card": c} for c in self.hands[p] if kind(c) != "king"]
        return [{"type": "dress", "discard": c} for c in self.dress_options]

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        expected = {"commit": "play", "feint": "follow_up", "dress": "dress"}[self.phase]
        field = "discard" if expected == "dress" else "card"
        if not isinstance(move, dict) or set(move) != {"type", field} or move.get("type") != expected:
            return IllegalMove("malformed_move", f"Now the move looks like {MOVE_SHAPES[expected]}.")
        card = move[field]
        if not is_card(card):
            return IllegalMove("malformed_move", f"{card!r} is not a card code such as '7H' or '10S'.")
        if expected == "dress":
            if card not in self.dress_options:
                return IllegalMove("not_in_damage", f"{card_label(card)} is not a wound you had before this "
                                                    "exchange, so you can't dress it (KNIFE-5).")
            return None
        if card not in self.hands[p]:
            return IllegalMove("not_in_hand", f"You don't hold {card_label(card)}.")
        if expected == "follow_up" and kind(card) == "king":
            return IllegalMove("king_follow_up", "A feint can't be followed by another King (KNIFE-6).")
        return None

    def _apply(self, p: int, move: KnifeMove) -> list[KnifeEvent]:
        if move["type"] == "play":
            return self._commit(p, move["card"])
        if move["type"] == "follow_up":
            return self._follow_up(p, move["card"])
        return self._dress(p, move["discard"])

    def view(self, p: int | None) -> KnifeView:
        self.check_viewer(p)
        return {
            "game": "knife_fight",
            "viewer": p,
            "round": self.round,
            "phase": "over" if self.dead is not None else self.phase,
            "to_act": self.to_act(),
            "colours": list(COLOURS),
            "hand": list(self.hands[p]) if p is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "decks": [len(d) for d in self.decks],
            "discards": [len(d) for d in self.discards],
            "damage": [list(d) for d in self.damage],
            "damage_sums": [sum(value(c) for c in d) for d in self.damage],
            "bleed": [bleed_count(d) for d in self.damage],
            "committed": [c is not None for c in self.commits],
            "my_commit": self.commits[p] if p is not None and self.phase == "commit" else None,
            "exchange": self._exchange_view(p),
            "dress_options": list(self.dress_options) if p is not None and p == self.dress_player else [],
            "last": self._log_view(self.log[-1], p) if self.log else None,
            "log": [self._log_view(entry, p) for entry in self.log],
            "last_play": self._last_play(p),
            "final": None if self.dead is None else {"outcome": self.told_outcome(p)},
        }

    def _last_play(self, p: int | None) -> str | None:
        """The rival's card lying face down in its slot while ``p`` still chooses (KNIFE-2), told from
        ``p``'s seat: the newest thing on their table. None otherwise (and for the spectator)."""
        if p is None or self.dead is not None or self.phase != "commit":
            return None
        rival = 1 - p
        if self.commits[rival] is None or self.commits[p] is not None:
            return None
        them, me = Party.of(rival, p, self.names), Party.of(p, p, self.names)
        return sentence(f"{them.subject} committed a card face down: it turns up when {me.subject} "
                        f"{me.verb('commit', 'commits')} too.")

    def outcome(self) -> Outcome | None:
        """KNIFE-9, the reason written with the seats' display names (they may change on load)."""
        return None if self.dead is None else self._judge(self.dead)

    def redact_event(self, event: KnifeEvent, viewer: int | None) -> KnifeEvent:
        """Commitments and both-Kings follow-ups are secret until revealed; draws show the drawer only."""
        if viewer is not None and viewer == event.get("player"):
            return copy.deepcopy(event)
        if event["type"] == "draw":
            return {**event, "cards": None}
        if event["type"] == "commit":
            return {**event, "card": None}
        if event["type"] == "follow_up" and event["hidden"]:
            return {**event, "card": None}
        return copy.deepcopy(event)

    def redact_move(self, p: int, move: KnifeMove, viewer: int | None) -> dict[str, Json]:
        hidden = move["type"] == "play" or (move["type"] == "follow_up" and len(self.feint_due) == 2
                                             and None in self.follow_ups)
        return {**move, "card": None} if hidden and viewer != p else dict(move)

    def describe(self, p: int, move: KnifeMove) -> str:
        if move["type"] == "dress":
            return f"Dress the {card_label(move['discard'])} wound (discard it from your damage pile)"
        card = move["card"]
        what = {"number": "strike", "jack": "parry", "queen": "field dressing", "joker": "reflect",
                "king": "feint"}[kind(card) or "number"]
        if move["type"] == "follow_up":
            return f"Follow the feint with {card_label(card)} ({what})"
        return f"Commit {card_label(card)} face down ({what})"

    def explain(self, p: int, move: KnifeMove) -> str | None:
        """What the card does in the exchange (KNIFE-3..7), as the rules page says it."""
        if move["type"] == "dress":
            return f"the {card_label(move['discard'])} wound leaves your damage pile, so you bleed less (KNIFE-5)"
        return {"number": "the lower number wins an exchange of numbers and lands in the loser's damage "
                          "pile (KNIFE-3)",
                "jack": "a Jack parries whatever comes: both cards are discarded (KNIFE-4)",
                "queen": "a Queen takes a number card's hit, then dresses an older wound (KNIFE-5)",
                "king": "a King feints: after the reveal you play another card in its place (KNIFE-6)",
                "joker": "the joker turns a number card back on the one who played it (KNIFE-7)",
                }[kind(move["card"]) or "number"]

    # --- the round ------------------------------------------------------------------------
    def _commit(self, p: int, card: str) -> list[KnifeEvent]:
        self.hands[p].remove(card)
        self.commits[p] = card
        events: list[KnifeEvent] = [{"type": "commit", "player": p, "card": card}]
        if None in self.commits:
            return events
        shown = (self.commits[0] or "", self.commits[1] or "")
        events.append({"type": "reveal", "cards": list(shown)})
        self.exchange = {"cards": list(shown), "follow_ups": [None, None], "effects": []}
        self.in_play = list(shown)
        kings = [q for q in (0, 1) if kind(shown[q]) == "king"]
        for q in kings:  # KNIFE-6: the King itself leaves play; a follow-up takes its place
            self.in_play[q] = None
            self._discard(q, shown[q], events)
            self.exchange["effects"].append(["feint", q, shown[q]])
            if kind(shown[1 - q]) == "jack":  # the parry is spent on the feint
                self.in_play[1 - q] = None
                self._discard(1 - q, shown[1 - q], events)
                self.exchange["effects"].append(["parry_spent", 1 - q, shown[1 - q]])
        self.feint_due = [q for q in kings if any(kind(c) != "king" for c in self.hands[q])]
        if self.feint_due:
            self.phase = "feint"
            return events
        return events + self._settle()

    def _follow_up(self, p: int, card: str) -> list[KnifeEvent]:
        self.hands[p].remove(card)
        self.follow_ups[p] = card
        assert self.exchange is not None
        hidden = len(self.feint_due) == 2  # both Kings: both follow-ups are committed face down
        events: list[KnifeEvent] = [{"type": "follow_up", "player": p, "card": card, "hidden": hidden}]
        if self.to_act():
            return events
        for q in self.feint_due:
            self.in_play[q] = self.follow_ups[q]
        self.exchange["follow_ups"] = list(self.follow_ups)
        if hidden:
            events.append({"type": "reveal_follow_ups", "cards": list(self.follow_ups)})
        return events + self._settle()

    def _settle(self) -> list[KnifeEvent]:
        """Apply ``resolve`` to what is in play; a Queen's dressing may still be owed after."""
        events: list[KnifeEvent] = []
        assert self.exchange is not None
        before = [list(d) for d in self.damage]
        for effect in resolve((self.in_play[0], self.in_play[1])):
            if effect.what == "dress" and not before[effect.player]:
                continue  # KNIFE-5: with no older wound the new one simply stays
            self.exchange["effects"].append(list(effect))
            if effect.what == "damage" and effect.card is not None:
                self.damage[effect.player].append(effect.card)
                events.append({"type": "damage", "player": effect.player, "card": effect.card})
            elif effect.what == "discard" and effect.card is not None:
                self._discard(effect.player, effect.card, events)
            elif effect.what == "dress":
                self.dress_player = effect.player
                self.dress_options = before[effect.player]
        if self.dress_player is not None:
            self.phase = "dress"
            return events
        return events + self._end_round()

    def _dress(self, p: int, card: str) -> list[KnifeEvent]:
        self.damage[p].remove(card)
        self.discards[p].append(card)
        assert self.exchange is not None
        self.exchange["effects"].append(["dressed", p, card])
        self.dress_player = None
        self.dress_options = []
        events: list[KnifeEvent] = [{"type": "dress", "player": p, "card": card}]
        return events + self._end_round()

    def _end_round(self) -> list[KnifeEvent]:
        """KNIFE-8/9: draw back up to three, then bleed; an empty deck after bleeding is death."""
        events: list[KnifeEvent] = []
        drawn_counts, bled = [0, 0], [0, 0]
        for p in (0, 1):
            drawn = self._draw(p)
            drawn_counts[p] = len(drawn)
            if drawn:
                events.append({"type": "draw", "player": p, "cards": drawn, "count": len(drawn)})
        for p in (0, 1):
            count = min(bleed_count(self.damage[p]), len(self.decks[p]))
            if count:
                self.discards[p].extend(self.decks[p][:count])
                del self.decks[p][:count]
                events.append({"type": "bleed", "player": p, "count": count})
            bled[p] = count
        exchange = self.exchange
        assert exchange is not None  # a round ends only after its exchange
        self.log.append({"round": self.round, "cards": exchange["cards"], "follow_ups": exchange["follow_ups"],
                         "effects": exchange["effects"], "drawn": drawn_counts, "bled": bled})
        self.exchange = None
        self.commits = [None, None]
        self.in_play = [None, None]
        self.follow_ups = [None, None]
        self.feint_due = []
        dead = [not self.decks[p] for p in (0, 1)]
        if any(dead):
            self.dead = dead
            self.phase = "over"
            return events + [{"type": "end", "outcome": self._judge(dead)}]
        self.round += 1
        self.phase = "commit"
        return events + [{"type": "round", "round": self.round}]

    def _judge(self, dead: list[bool], viewer: int | None = None) -> Outcome:
        """KNIFE-9, told from ``viewer``'s seat (None: every seat by its name, as ``outcome`` keeps it)."""
        sums = [sum(value(c) for c in d) for d in self.damage]
        party = [Party.of(p, viewer, self.names) for p in (0, 1)]
        if dead[0] != dead[1]:
            loser = 0 if dead[0] else 1
            return {"winner": 1 - loser, "scores": sums,
                    "reason": sentence(f"{party[loser].subject} bled to death (deck empty).")}
        if sums[0] == sums[1]:
            return {"winner": None, "scores": sums,
                    "reason": f"Both bled out in the same round with equal wounds ({sums[0]}): a draw."}
        winner = 0 if sums[0] < sums[1] else 1
        won = party[winner]
        return {"winner": winner, "scores": sums,
                "reason": (f"Both bled out in the same round; {won.subject} {won.verb('have', 'has')} fewer wounds "
                           f"({sums[winner]} against {sums[1 - winner]}).")}

    def told_outcome(self, viewer: int | None) -> ToldOutcome | None:
        """The reason from ``viewer``'s seat, and the breakdown: the wounds that bled the loser out."""
        told = super().told_outcome(viewer)
        if told is not None and self.dead is not None:
            told.update({"reason": self._judge(self.dead, viewer)["reason"], "breakdown": self._breakdown(viewer)})
        return told

    def _breakdown(self, viewer: int | None) -> str:
        """KNIFE-8: the dead side's damage pile summed and what it bled a round, and the round it ended
        (both sides' when both bled out together).

        >>> from pygame_core import get_game
        >>> state = get_game("knife_fight").new_game(seed=3)
        >>> state.damage, state.dead, state.round = [["7S", "9C"], []], [True, False], 12
        >>> state._breakdown(1)
        "7♠ + 9♣ = 16 in Player 1's damage pile, bleeding 6 cards a round: out in round 12."
        """
        assert self.dead is not None
        lines = []
        for p in (0, 1):
            if not self.dead[p]:
                continue
            who = Party.of(p, viewer, self.names)
            if not self.damage[p]:
                lines.append(f"{who.possessive} deck ran dry with no wounds")
                continue
            cards = " + ".join(card_label(c) for c in self.damage[p])
            total = sum(value(c) for c in self.damage[p])
            bleed = bleed_count(self.damage[p])
            lines.append(f"{cards} = {total} in {who.possessive} damage pile, bleeding {bleed} "
                         f"{'card' if bleed == 1 else 'cards'} a round")
        return sentence(f"{'; '.join(lines)}: out in round {self.round}.")

    # --- helpers --------------------------------------------------------------------------
    def _draw(self, p: int) -> list[str]:
        count = max(0, HAND_SIZE - len(self.hands[p]))
        drawn = self.decks[p][:count]
        del self.decks[p][:count]
        self.hands[p].extend(drawn)
        return drawn

    def _discard(self, p: int, card: str, events: list[KnifeEvent]) -> None:
        self.discards[p].append(card)
        events.append({"type": "discard", "player": p, "card": card})

    def _exchange_view(self, p: int | None) -> KnifeExchange | None:
        """The revealed exchange while it is being settled; a hidden follow-up shows as committed."""
        if self.exchange is None:
            return None
        follow_ups: list[str | KnifeFaceDown | None] = []
        for q in (0, 1):
            card = self.follow_ups[q]
            both_hidden = len(self.feint_due) == 2 and None in self.follow_ups
            if card is not None and both_hidden and q != p:
                follow_ups.append({"face_down": True, "owner": q})
            else:
                follow_ups.append(card)
        return {"cards": list(self.exchange["cards"]), "follow_ups": follow_ups,
                "feint_due": list(self.feint_due), "dress_player": self.dress_player,
                "effects": copy.deepcopy(self.exchange["effects"]),
                "story": story(self.exchange["effects"], p, self.names)}

    def _log_view(self, entry: KnifeRound, p: int | None) -> KnifeLogEntry:
        """A finished exchange with its sentences written for viewer ``p``.

        Entries hold numbers, cards and lists of those (effects are lists too), so a two-level copy
        is a full one, and several times cheaper than ``deepcopy`` on a view asked for every move.
        """
        return {"round": entry["round"], "cards": list(entry["cards"]), "follow_ups": list(entry["follow_ups"]),
                "effects": [list(effect) for effect in entry["effects"]], "drawn": list(entry["drawn"]),
                "bled": list(entry["bled"]), "story": story(entry["effects"], p, self.names),
                "sentences": log_sentences(entry, p, self.names)}


def story(effects: list[list[Json]], viewer: int | None, names: Sequence[str]) -> list[str]:
    """The exchange's effects as sentences for the table, from ``viewer``'s seat ("your damage
    pile"; a spectator, None, reads every seat by name). All public once revealed.

    >>> story([["damage", 0, "3S"], ["discard", 1, "7H"]], 0, ("Player 1", "the computer"))
    ['3♠ goes into your damage pile (3).', "The computer's 7♥ is discarded."]
    """
    lines = []
    for what, p, card in effects:
        who = Party.of(p, viewer, names)
        if what == "damage":
            lines.append(f"{card_label(card)} goes into {who.possessive} damage pile ({value(card)}).")
        elif what == "discard":
            lines.append(sentence(f"{who.possessive} {card_label(card)} is discarded."))
        elif what == "dress":
            lines.append(sentence(f"{who.subject} {who.verb('dress', 'dresses')} an older wound."))
        elif what == "feint":
            lines.append(sentence(f"{who.subject} {who.verb('feint', 'feints')} with {card_label(card)}: "
                                  "a follow-up card strikes in its place."))
        elif what == "parry_spent":
            lines.append(sentence(f"{who.possessive} {card_label(card)} parries the feint and is spent."))
        elif what == "dressed":
            lines.append(sentence(f"{who.subject} dressed the {card_label(card)} wound: it leaves the damage pile."))
    return lines or ["Nothing happens."]


def log_sentences(entry: KnifeRound, viewer: int | None, names: Sequence[str]) -> list[str]:
    """Every line the move log shows for one finished round, in order: what was revealed for whom,
    the follow-ups, where each card went ("Nothing happens." when nothing did).

    >>> entry = {"cards": ["KH", "4S"], "follow_ups": ["2H", None],
    ...          "effects": [["feint", 0, "KH"], ["damage", 1, "2H"], ["discard", 1, "4S"]]}
    >>> log_sentences(entry, 0, ("Player 1", "the computer"))  # doctest: +NORMALIZE_WHITESPACE
    ['Revealed: K♥ for you, 4♠ for the computer.', 'You follow the feint with 2♥.',
     "2♥ lands in the computer's damage pile.", "The computer's 4♠ is discarded."]
    """
    parties = [Party.of(p, viewer, names) for p in (0, 1)]
    shown = ", ".join(f"{card_label(card)} for {parties[p].subject}" for p, card in enumerate(entry["cards"]))
    lines = [f"Revealed: {shown}."]
    for p, card in enumerate(entry["follow_ups"]):
        if card is not None:
            who = parties[p]
            lines.append(sentence(f"{who.subject} {who.verb('follow', 'follows')} the feint with {card_label(card)}."))
    for what, p, card in entry["effects"]:
        who = parties[p]
        if what == "damage":
            lines.append(f"{card_label(card)} lands in {who.possessive} damage pile.")
        elif what == "discard":
            lines.append(sentence(f"{who.possessive} {card_label(card)} is discarded."))
        elif what == "dressed":
            lines.append(sentence(f"{who.subject} {who.verb('dress', 'dresses')} the {card_label(card)} wound: "
                                  "it leaves the damage pile."))
    if not entry["effects"]:
        lines.append("Nothing happens.")
    return lines


def validate_deal(deal: Json) -> None:
    """KNIFE-1: ``{"0": the 27 red cards, "1": the 27 black cards}``, each top of deck first."""
    if not isinstance(deal, dict) or set(deal) != {"0", "1"}:
        raise SetupError("bad_deal", 'A Knife Fight deal is {"0": [27 red cards], "1": [27 black cards]}.')
    for p in (0, 1):
        cards = deal[str(p)]
        if not isinstance(cards, list) or sorted(map(str, cards)) != sorted(HALVES[p]) or len(cards) != 27:
            raise SetupError("bad_deal", f"Player {p}'s half must be the 27 {COLOURS[p]} cards "
                                         f"(both {COLOURS[p]} suits and the {COLOURS[p]} joker), each once.")
