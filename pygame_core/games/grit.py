"""Grit: a two-player pistol duel scored like blackjack, on a 12-card deck (rulings GRIT-1..9).

Each player holds four cards and owns three injury piles. In each of four rounds both players
put one card face down on any open pile (their own or the opponent's); then the cards turn up.
Only a pile's top card counts, for the pile's owner. At the end the total closest to 21 without
going over wins.

>>> from pygame_core import get_game
>>> state = get_game("grit").new_game(seed=7)
>>> state.to_act(), len(state.legal_moves(1))
([1], 48)
"""

from __future__ import annotations

import copy
import random
from typing import Any, Literal, Mapping, NamedTuple, NotRequired, Sequence, TypedDict

from ..cards import Card, card_label, is_card, new_rng, pick, shuffle, suit_cards
from ..engine import (DEFAULT_LEVELS, GameInfo, IllegalMove, Json, LevelSpec, OptionSpec, Outcome, SetupError, Shapes,
                      State, ToldOutcome, player_name, register)
from ..grammar import Party, sentence

ROUNDS = 4
PILES = 3
HAND_SIZE = 4
SPADES = suit_cards("S", ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J"))
HEART_RANKS = {
    "all": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "A-9": ("A", "2", "3", "4", "5", "6", "7", "8", "9"),
}
HEARTS = {name: suit_cards("H", ranks) for name, ranks in HEART_RANKS.items()}  # the hearts each option allows
MOVE_KEYS = {"type", "card", "pile", "marked"}
PLAIN_NAMES = (player_name(0), player_name(1))  # the stored outcome names the seats plainly
MOVE_EXAMPLE = '{"type": "play", "card": "7S", "pile": [0, 1], "marked": false}'


class Order(NamedTuple):
    """Who plays first this round and why (GRIT-4): ``brave`` plays second, with the higher visible
    total (``high`` against ``low``) or, level, the higher top ``card``; None: all level."""

    first: int
    brave: int | None
    high: int
    low: int
    card: str | None


def order_reason(order: Order | list[Any], viewer: int | None, names: tuple[str, ...]) -> str:
    """The round order in one sentence from ``viewer``'s seat ("You play second: ...")."""
    first, brave, high, low, card = order
    if brave is None:
        opener = Party.of(first, viewer, names)
        return sentence(f"Visible totals and top cards are level, so {opener.subject} "
                        f"{opener.verb('play', 'plays')} first.")
    bold = Party.of(brave, viewer, names)
    plays = f"{bold.subject} {bold.verb('play', 'plays')} second"
    if card is None:
        return sentence(f"{plays}: higher visible total ({high} against {low}).")
    return f"Visible totals are level at {high}; {plays} with the higher top card ({card_label(card)})."


def card_value(code: str) -> int:
    """GRIT-1: A=1, 2..10 at face value, J Q K = 10."""
    rank = Card.parse(code).rank
    if rank == "A":
        return 1
    return 10 if rank in ("J", "Q", "K") else int(rank)


def rank_key(code: str) -> tuple[int, int]:
    """GRIT-2: A < 2 < ... < 10 < J < Q < K; on equal rank the heart is higher."""
    card = Card.parse(code)
    return card.rank_index, 1 if card.suit == "H" else 0


# the value and rank of every card a deal may hold, looked up once (a search plays many moves)
VALUE = {code: card_value(code) for code in SPADES + suit_cards("H", HEART_RANKS["all"])}
KEY = {code: rank_key(code) for code in VALUE}


# --- the shapes of what Grit sends the page (engine.py: "Shapes") ---------------------------------
class GritMove(TypedDict):
    """GRIT-5/7: a hand card onto a pile ``[owner, index]``, face down or marked."""

    type: Literal["play"]
    card: str
    pile: list[int]
    marked: bool


class GritPlayEvent(TypedDict):
    """A card went face down on a pile (GRIT-5); its card only for the one who played it (GRIT-9)."""

    type: Literal["play"]
    player: int
    card: str | None
    pile: list[int]
    marked: bool


class GritShownCard(TypedDict):
    """A card turned up: on which pile, what, and who played it."""

    pile: list[int]
    card: str
    player: int


class GritRevealEvent(TypedDict):
    """The round's unmarked cards turn up (GRIT-5); a marked one stays down (GRIT-7)."""

    type: Literal["reveal"]
    cards: list[GritShownCard]


class GritRoundEvent(TypedDict):
    """A new round: who plays first and why (GRIT-4), ``reason`` told from the viewer's seat. The full
    event keeps the order's facts too (``order``, as in the view); a redacted one tells only the reason."""

    type: Literal["round"]
    round: int
    first: int
    reason: str
    order: NotRequired[list[int | str | None]]


class GritEndEvent(TypedDict):
    """GRIT-8: every card still face down turns up, and the duel is scored."""

    type: Literal["end"]
    cards: list[GritShownCard]
    outcome: Outcome


GritEvent = GritPlayEvent | GritRevealEvent | GritRoundEvent | GritEndEvent


class GritPileCard(TypedDict):
    """One card on a pile as the viewer sees it: ``card`` None while it is face down to them (GRIT-9);
    ``by`` who played it (None: the dealt card)."""

    card: str | None
    face_down: bool
    marked: bool
    by: int | None


class GritPile(TypedDict):
    """An injury pile, bottom first; ``open`` when a card may go on it now (GRIT-5/7)."""

    cards: list[GritPileCard]
    open: bool


class GritLogEntry(TypedDict):
    """One play, in order, with its line for the move log from the viewer's seat."""

    round: int
    player: int
    card: str | None
    pile: list[int]
    marked: bool
    sentence: str


class GritFinal(TypedDict):
    """The end: every top counted (GRIT-8), the two cards set aside unseen, and ``note`` saying them."""

    totals: list[int]
    discards: list[str]
    outcome: Outcome | None
    note: str


class GritView(TypedDict):
    """What one seat (or a spectator, ``viewer`` None) sees of a Grit table. ``order`` is the round's
    order as facts ``[first, brave, high, low, card]`` (``order_reason`` says it); ``last_play`` tells
    the other side's newest play (None when the viewer's own play is the newest, or it is over)."""

    game: Literal["grit"]
    viewer: int | None
    options: dict[str, str]
    round: int
    rounds: int
    phase: Literal["play", "over"]
    first: int
    order: list[int | str | None]
    order_reason: str
    to_act: list[int]
    hand: list[str] | None
    hand_counts: list[int]
    piles: list[list[GritPile]]
    totals: list[int]
    mark_used: list[bool]
    log: list[GritLogEntry]
    last_play: str | None
    final: GritFinal | None


class GritPreview(TypedDict):
    """Both totals once the card turns up, as the player can know them (``State.preview``)."""

    totals: list[int]
    hidden: list[int]
    owner: int


class Entry(NamedTuple):
    """One card on an injury pile; ``by`` is who played it (None for the dealt card)."""

    card: str
    face_down: bool
    marked: bool
    by: int | None
    round: int


@register
class GritState(State[GritView, GritEvent, GritMove, GritPreview]):
    """A game of Grit. ``piles[owner][index]`` is a list of ``Entry``, bottom first."""

    shapes = Shapes(GritView, GritEvent, GritMove, GritPreview)

    info = GameInfo(
        id="grit",
        title="Grit",
        players=2,
        simultaneous=False,
        hidden_info=True,
        summary=("A four-round pistol duel fought with twelve cards. Pile injuries on yourself or your "
                 "rival and finish as close to 21 as you dare, without going over."),
        credit="by Zach Gage",
        minutes=5,
        options=(OptionSpec("heart_ranks", "The hidden heart", ("all", "A-9"),
                            "One heart joins the eleven spades, drawn at random from the allowed ranks. "
                            "A later version of the game leaves out the tens and faces (GRIT-1).",
                            ("Any of the thirteen hearts", "Ace to nine only")),),
        levels=(*DEFAULT_LEVELS[:2],
                LevelSpec("hard", "Gunslinger", "thinks ahead through the cards you might hold, and reads "
                                                "what you hide from where you put it")),
    )
    version = 1

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        if deal is None:
            rng = new_rng(seed)
            heart = pick(HEARTS[options["heart_ranks"]], rng)
            deal = shuffle(SPADES + [heart], rng)
        else:
            validate_deal(deal, options["heart_ranks"])
            deal = list(deal)
        super().__init__(seed, options, deal, setup)
        self.hands: list[list[str]] = [deal[0:4], deal[4:8]]
        self.piles: list[list[list[Entry]]] = [
            [[Entry(deal[8 + owner], False, False, None, 0)], [], []] for owner in (0, 1)]
        self.discards: list[str] = deal[10:12]
        self.round = 1
        self.mark_used = [False, False]
        self.played: list[tuple[int, int, int]] = []  # (player, owner, index) this round
        self.log: list[tuple[int, int, int]] = []  # (owner, index, depth) of every play, in order
        self.order = self._order()
        self._outcome: Outcome | None = None

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> GritState:
        """A whole duel consistent with ``view`` (a seat's view of a position with a player due): the
        cards that seat has not seen (GRIT-9: the opponent's hand, the opponent's face-down cards, the
        two discards) dealt at random among those places, in that order. While no heart has shown, the
        deck's heart is any of the ranks ``heart_ranks`` allows, equally likely. The world's ``deal`` and
        ``moves`` are a record that replays to it."""
        me = view["viewer"]
        seen = set(view["hand"])
        for own in view["piles"]:
            for pile in own:
                seen.update(e["card"] for e in pile["cards"] if e["card"] is not None)
        pool = [c for c in SPADES if c not in seen]
        if not any(c.endswith("H") for c in seen):
            pool.append(pick(HEARTS[view["options"]["heart_ranks"]], rng))
        shuffle(pool, rng)
        rounds: list[list[list[int]]] = [[[0], [], []], [[0], [], []]]  # the round of each pile entry
        log: list[tuple[int, int, int]] = []
        for entry in view["log"]:
            owner, index = entry["pile"]
            log.append((owner, index, len(rounds[owner][index])))
            rounds[owner][index].append(entry["round"])
        # a face-down card is always a pile's top (nobody plays on one), so this deals the tops in pile order
        piles = [[[Entry(e["card"] if e["card"] is not None else pool.pop(), e["face_down"], e["marked"], e["by"],
                         rounds[owner][index][depth])
                   for depth, e in enumerate(pile["cards"])]
                  for index, pile in enumerate(view["piles"][owner])] for owner in (0, 1)]
        hands = [list(view["hand"]), list(view["hand"])]
        hands[1 - me] = [pool.pop() for _ in range(view["hand_counts"][1 - me])]
        moves: list[list[Json]] = []
        dealt: list[list[str]] = [[], []]  # each player's four cards, the played ones first
        for entry, (owner, index, depth) in zip(view["log"], log):
            card = piles[owner][index][depth].card
            moves.append([entry["player"], {"type": "play", "card": card, "pile": [owner, index],
                                            "marked": entry["marked"]}])
            dealt[entry["player"]].append(card)
        deal = dealt[0] + hands[0] + dealt[1] + hands[1] + [piles[0][0][0].card, piles[1][0][0].card] + pool

        state = cls.__new__(cls)
        State.__init__(state, 0, dict(view["options"]), deal)
        state.moves = moves
        state.hands = hands
        state.piles = piles
        state.discards = pool
        state.round = view["round"]
        state.mark_used = list(view["mark_used"])
        state.played = [(e["player"], *e["pile"]) for e in view["log"] if e["round"] == view["round"]]
        state.log = log
        state.order = Order(*view["order"])
        state._outcome = None
        return state

    # --- protocol -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self._outcome is not None:
            return []
        return [self.first] if not self.played else [1 - self.first]

    def is_over(self) -> bool:
        return self._outcome is not None

    def legal_moves(self, p: int) -> list[GritMove]:
        """Order: hand order, then owner 0 before 1, pile 0..2, unmarked before marked."""
        # the check_turn test written out: a search asks this at every step of every playout
        if self._outcome is not None or type(p) is not int or p != (1 - self.first if self.played else self.first):
            return []
        marks = (False,) if self.mark_used[p] else (False, True)
        open_piles = [(o, i) for o in (0, 1) for i, pile in enumerate(self.piles[o])
                      if not pile or not pile[-1].face_down]
        return [{"type": "play", "card": card, "pile": [o, i], "marked": marked}
                for card in self.hands[p] for (o, i) in open_piles for marked in marks]

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if not isinstance(move, dict) or set(move) != MOVE_KEYS or move.get("type") != "play":
            return IllegalMove("malformed_move", f"A Grit move looks like {MOVE_EXAMPLE}.")
        card, pile, marked = move["card"], move["pile"], move["marked"]
        if not is_card(card):
            return IllegalMove("malformed_move", f"{card!r} is not a card code such as '7S' or '10H'.")
        if not (isinstance(pile, list) and len(pile) == 2 and all(type(x) is int for x in pile)
                and pile[0] in (0, 1) and pile[1] in range(PILES)):
            return IllegalMove("malformed_move", "A pile is [owner, index]: owner 0 or 1, index 0, 1 or 2.")
        if not isinstance(marked, bool):
            return IllegalMove("malformed_move", "'marked' must be true or false.")
        if card not in self.hands[p]:
            return IllegalMove("not_in_hand", f"You don't hold {card_label(card)}.")
        owner, index = pile
        top = self._top(owner, index)
        if top is not None and top.face_down:
            if top.marked:
                return IllegalMove("pile_closed", "You can't play on a marked card: "
                                                  "that pile is closed until the end (GRIT-7).")
            return IllegalMove("pile_closed", "You can't play on a face-down card: "
                                              "that pile was just played on this round (GRIT-5).")
        if marked and self.mark_used[p]:
            return IllegalMove("mark_used", "You have already marked a card this game (GRIT-7).")
        return None

    def _apply(self, p: int, move: GritMove) -> list[GritEvent]:
        events: list[GritEvent] = []
        self._step(p, move, events)
        return events

    def advance(self, p: int, move: GritMove) -> None:
        """``_apply`` without building its events, which a search never reads."""
        self._step(p, move, None)
        self.moves.append([p, move])

    def _step(self, p: int, move: GritMove, events: list[GritEvent] | None) -> None:
        """The rules of a play, the one path of ``_apply`` and ``advance``: ``events`` None skips the
        events (their words cost a search more than the play itself)."""
        card, (owner, index), marked = move["card"], move["pile"], move["marked"]
        self._put(p, card, owner, index, marked)
        if events is not None:
            events.append({"type": "play", "player": p, "card": card, "pile": [owner, index], "marked": marked})
        if len(self.played) < 2:
            return
        reveal = self._reveal_round()
        if events is not None:
            events.append(reveal)
        if self.round == ROUNDS:
            end = self._finish()
            if events is not None:
                events.append(end)
            return
        self._next_round()
        if events is not None:
            events.append({"type": "round", "round": self.round, "first": self.first,
                           "reason": order_reason(self.order, None, self.names), "order": list(self.order)})

    def _put(self, p: int, card: str, owner: int, index: int, marked: bool) -> None:
        """GRIT-5/7: the card goes face down (marked or not) on the pile."""
        self.hands[p].remove(card)
        pile = self.piles[owner][index]
        self.log.append((owner, index, len(pile)))
        pile.append(Entry(card, True, marked, p, self.round))
        self.mark_used[p] = self.mark_used[p] or marked
        self.played.append((p, owner, index))

    def _next_round(self) -> None:
        self.round += 1
        self.played = []
        self.order = self._order()

    def view(self, p: int | None) -> GritView:
        self.check_viewer(p)
        over = self._outcome is not None
        return {
            "game": "grit",
            "viewer": p,
            "options": dict(self.options),
            "round": self.round,
            "rounds": ROUNDS,
            "phase": "over" if over else "play",
            "first": self.first,
            "order": list(self.order),
            "order_reason": order_reason(self.order, p, self.names),
            "to_act": self.to_act(),
            "hand": list(self.hands[p]) if p is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "piles": [[{"cards": [self._entry_json(e, p) for e in pile], "open": self._is_open(o, i)}
                       for i, pile in enumerate(self.piles[o])] for o in (0, 1)],
            "totals": [self.visible_total(o) for o in (0, 1)],
            "mark_used": list(self.mark_used),
            "log": [self._log_json(owner, index, depth, p) for owner, index, depth in self.log],
            "last_play": None if over else self._last_play(p),
            "final": None if not over else {"totals": self.final_totals(),
                                            "discards": list(self.discards),
                                            "outcome": self.outcome(),
                                            "note": "The cards set aside unseen were "
                                                    f"{' and '.join(card_label(c) for c in self.discards)}."},
        }

    def outcome(self) -> Outcome | None:
        return copy.deepcopy(self._outcome)

    def redact_event(self, event: GritEvent, viewer: int | None) -> GritEvent:
        """GRIT-9: a face-down play shows its card to its player only; reveals are public."""
        if event["type"] == "play" and viewer != event["player"]:
            return {**event, "card": None}
        if event["type"] == "round":  # the order's facts, told from the viewer's seat
            return {"type": "round", "round": event["round"], "first": event["first"],
                    "reason": order_reason(event["order"], viewer, self.names)}
        return copy.copy(event)

    def redact_move(self, p: int, move: GritMove, viewer: int | None) -> dict[str, Json]:
        return dict(move) if viewer == p else {**move, "card": None}

    def describe(self, p: int, move: GritMove) -> str:
        owner, index = move["pile"]
        where = f"{Party.of(owner, p, self.names).possessive} pile {index + 1}"
        card = card_label(move["card"])
        if move["marked"]:
            return f"Mark {card}: play it sideways on {where} (hidden until the end)"
        return f"Play {card} face down on {where}"

    def preview(self, p: int, move: GritMove) -> GritPreview | None:
        """Both totals once the card turns up, as ``p`` can know them: ``totals`` sums the tops ``p``
        can see (their own face-down cards included, GRIT-9), ``hidden`` counts each owner's tops ``p``
        cannot see (the opponent's face-down or marked cards: unknown, not 0)."""
        owner, index = move["pile"]
        totals, hidden = [0, 0], [0, 0]
        for o in (0, 1):
            for i, pile in enumerate(self.piles[o]):
                if (o, i) == (owner, index):
                    totals[o] += VALUE[move["card"]]
                elif not pile:
                    continue
                elif self._shown(pile[-1], p) is None:
                    hidden[o] += 1
                else:
                    totals[o] += VALUE[pile[-1].card]
        return {"totals": totals, "hidden": hidden, "owner": owner}

    def explain(self, p: int, move: GritMove) -> str | None:
        """What the play does to the totals (the preview in words), and what a mark buys."""
        shown = self.preview(p, move)
        assert shown is not None  # Grit previews every move
        owner = shown["owner"]
        total, unknown = shown["totals"][owner], shown["hidden"][owner]
        whose, rival = Party.of(owner, p, self.names), Party.of(1 - p, p, self.names)
        reached = f"it takes {whose.subject} to {total}" + (" plus a hidden card" if unknown == 1 else
                                                         f" plus {unknown} hidden cards" if unknown else "")
        if move["marked"]:
            return f"{reached}, and {rival.subject} won't see it until the end (GRIT-7)"
        if not self.mark_used[p] and self.round < ROUNDS:
            return f"{reached}, and keeps your mark for later"
        return reached

    def reveals(self, viewer: int, events: list[GritEvent]) -> bool:
        """GRIT-5/8/9: the round's reveal shows the other player's unmarked card, and the end shows
        everything; a reveal of the viewer's own card only (the other card marked) shows them nothing."""
        for event in events:
            if event["type"] == "end":
                return True
            if event["type"] == "reveal" and any(card["player"] != viewer for card in event["cards"]):
                return True
        return False

    # --- rules helpers --------------------------------------------------------------------
    def _top(self, owner: int, index: int) -> Entry | None:
        pile = self.piles[owner][index]
        return pile[-1] if pile else None

    def _is_open(self, owner: int, index: int) -> bool:
        """GRIT-5/7: nobody plays on a face-down card (this round's play or a marked card)."""
        top = self._top(owner, index)
        return top is None or not top.face_down

    def visible_total(self, owner: int) -> int:
        """GRIT-4/6/7: face-up tops of the owner's piles; face-down and marked tops count 0."""
        return sum(VALUE[pile[-1].card] for pile in self.piles[owner] if pile and not pile[-1].face_down)

    def final_totals(self) -> list[int]:
        """GRIT-8: every top counts once all cards are turned up."""
        return [sum(VALUE[pile[-1].card] for pile in self.piles[o] if pile) for o in (0, 1)]

    def _best_top(self, owner: int, visible_only: bool) -> str | None:
        tops = [pile[-1].card for pile in self.piles[owner]
                if pile and not (visible_only and pile[-1].face_down)]
        return max(tops, key=KEY.__getitem__) if tops else None

    @property
    def first(self) -> int:
        """The seat that plays first this round (GRIT-4)."""
        return self.order.first

    def _order(self) -> Order:
        """GRIT-4: the bravest (higher visible total, then higher visible top card) plays second."""
        totals = [self.visible_total(0), self.visible_total(1)]
        if totals[0] != totals[1]:
            brave = 0 if totals[0] > totals[1] else 1
            return Order(1 - brave, brave, totals[brave], totals[1 - brave], None)
        best = [self._best_top(0, True), self._best_top(1, True)]
        keys = [KEY[c] if c else (-1, 0) for c in best]
        if keys[0] != keys[1]:
            brave = 0 if keys[0] > keys[1] else 1
            return Order(1 - brave, brave, totals[0], totals[0], best[brave])
        return Order(0, None, totals[0], totals[0], None)

    def _reveal_round(self) -> GritRevealEvent:
        """GRIT-5: both unmarked cards of the round turn face up; marked ones stay down (GRIT-7)."""
        cards: list[GritShownCard] = []
        for player, owner, index in self.played:
            top = self.piles[owner][index][-1]
            if not top.marked:
                self._turn_up(owner, index)
                cards.append({"pile": [owner, index], "card": top.card, "player": player})
        return {"type": "reveal", "cards": cards}

    def _turn_up(self, owner: int, index: int) -> None:
        pile = self.piles[owner][index]
        pile[-1] = pile[-1]._replace(face_down=False)

    def _finish(self) -> GritEndEvent:
        """GRIT-8: turn everything up and score (a face-down card is always a played one: dealt cards lie
        face up)."""
        cards: list[GritShownCard] = []
        for owner in (0, 1):
            for index in range(PILES):
                top = self._top(owner, index)
                if top is not None and top.face_down and top.by is not None:
                    self._turn_up(owner, index)
                    cards.append({"pile": [owner, index], "card": top.card, "player": top.by})
        self._outcome = outcome = self._judge()
        return {"type": "end", "cards": cards, "outcome": copy.deepcopy(outcome)}

    def _judge(self, names: Sequence[str] = PLAIN_NAMES, viewer: int | None = None) -> Outcome:
        """GRIT-8, told with ``names`` from ``viewer``'s seat (the stored outcome: plain seats, no viewer)."""
        totals = self.final_totals()
        over = [t > 21 for t in totals]
        party = [Party.of(p, viewer, names) for p in (0, 1)]
        winner: int | None
        if totals[0] != totals[1]:
            if over[0] != over[1]:
                winner = 0 if over[1] else 1
                reason = f"{party[1 - winner].subject} went over 21 ({totals[1 - winner]})."
            elif not over[0]:
                winner = 0 if totals[0] > totals[1] else 1
                won = party[winner]
                reason = (f"{won.subject} {won.verb('are', 'is')} closer to 21 "
                          f"({totals[winner]} against {totals[1 - winner]}).")
            else:
                winner = 0 if totals[0] < totals[1] else 1
                won = party[winner]
                reason = (f"Both went over 21; {won.subject} {won.verb('are', 'is')} less dead "
                          f"({totals[winner]} against {totals[1 - winner]}).")
        else:
            best = [self._best_top(0, False) or "", self._best_top(1, False) or ""]
            keys = [KEY[c] if c else (-1, 0) for c in best]
            if keys[0] == keys[1]:
                return {"winner": None, "scores": totals,
                        "reason": f"Totals ({totals[0]}) and top cards are level: a draw."}
            winner = 0 if keys[0] > keys[1] else 1
            won = party[winner]
            reason = (f"Totals are level at {totals[0]}; {won.subject} {won.verb('win', 'wins')} with the higher "
                      f"top card ({card_label(best[winner])} against {card_label(best[1 - winner])}).")
        return {"winner": winner, "scores": totals, "reason": sentence(reason)}

    def told_outcome(self, viewer: int | None) -> ToldOutcome | None:
        """The reason from ``viewer``'s seat, and the breakdown: the deciding piles' top cards summed."""
        told = super().told_outcome(viewer)
        if told is not None:
            told.update({"reason": self._judge(self.names, viewer)["reason"], "breakdown": self._breakdown(viewer)})
        return told

    def _breakdown(self, viewer: int | None) -> str:
        """The top cards that decided the game, summed from ``viewer``'s seat: a bust (the one over 21,
        or of two the one further over, with the round its last counting card was played), else the
        winner's piles; level totals show both (the higher top card decided)."""
        totals = self.final_totals()
        tops = [[pile[-1] for pile in self.piles[o] if pile] for o in (0, 1)]
        party = [Party.of(p, viewer, self.names) for p in (0, 1)]

        def summed(o: int) -> str:
            cards = " + ".join(card_label(entry.card) for entry in tops[o])
            return f"{cards} = {totals[o]} on {party[o].possessive} piles"

        over = [t > 21 for t in totals]
        if any(over) and totals[0] != totals[1]:
            bust = 0 if over[0] and (not over[1] or totals[0] > totals[1]) else 1
            return f"{summed(bust)}: bust in round {max(entry.round for entry in tops[bust])}."
        if totals[0] != totals[1]:
            return f"{summed(0 if totals[0] > totals[1] else 1)}: the closest to 21."
        return f"{summed(0)}; {summed(1)}: level, so the higher top card decides."

    def _entry_json(self, entry: Entry, p: int | None) -> GritPileCard:
        return {"card": self._shown(entry, p), "face_down": entry.face_down, "marked": entry.marked,
                "by": entry.by}

    def _log_json(self, owner: int, index: int, depth: int, p: int | None) -> GritLogEntry:
        """A play as the viewer may see it, and its line for the move log ("You played 7♠ on the
        computer's pile 2.", "The computer played a hidden card on your pile 1, marked.")."""
        entry = self.piles[owner][index][depth]
        player = entry.by
        assert player is not None  # the log holds plays only, never a dealt card
        card = self._shown(entry, p)
        who, whose = Party.of(player, p, self.names), Party.of(owner, p, self.names)
        what = "a hidden card" if card is None else card_label(card)
        how = ", marked" if entry.marked else ""
        return {"round": entry.round, "player": player, "card": card, "pile": [owner, index], "marked": entry.marked,
                "sentence": sentence(f"{who.subject} played {what} on {whose.possessive} pile {index + 1}{how}.")}

    def _last_play(self, p: int | None) -> str | None:
        """The other side's newest play told from ``p``'s seat (the table lights it up): what it was and
        where, or what a hidden card means; None when there is none or ``p`` made it.

        >>> state = GritState(7, {"heart_ranks": "all"}, None)
        >>> state.names = ("Player 1", "the computer")
        >>> _ = state.play(1, {**state.legal_moves(1)[0], "pile": [1, 2]})
        >>> state.view(0)["last_play"]
        'The computer played a card face down on its pile 3: it turns up when the round ends.'
        """
        if not self.log:
            return None
        owner, index, depth = self.log[-1]
        entry = self.piles[owner][index][depth]
        if entry.by is None or entry.by == p:
            return None
        who, whose = Party.of(entry.by, p, self.names), Party.of(owner, p, self.names)
        where = f"{whose.own if owner == entry.by else whose.possessive} pile {index + 1}"
        card = self._shown(entry, p)
        if entry.marked:
            return sentence(f"{who.subject} marked a card on {where}: it stays hidden until the end.")
        if card is None:
            return sentence(f"{who.subject} played a card face down on {where}: it turns up when the round ends.")
        return sentence(f"{who.subject} played {card_label(card)} on {where}.")

    @staticmethod
    def _shown(entry: Entry, p: int | None) -> str | None:
        """GRIT-9: a face-down card is seen only by the player who played it."""
        return entry.card if not entry.face_down or (p is not None and entry.by == p) else None


def validate_deal(deal: Json, heart_ranks: str) -> None:
    """GRIT-1/3: a forced deal is the 12 Grit cards (spades A..J, one allowed heart), top first."""
    expected = "12 card codes: the spades A to J and one heart"
    if not isinstance(deal, list) or len(deal) != 12 or not all(isinstance(c, str) for c in deal):
        raise SetupError("bad_deal", f"A Grit deal is a list of {expected}.")
    if len(set(deal)) != 12:
        raise SetupError("bad_deal", "A Grit deal may not repeat a card.")
    hearts = [c for c in deal if c not in SPADES]
    if len(hearts) != 1 or sorted(set(deal) - set(hearts)) != sorted(SPADES):
        raise SetupError("bad_deal", f"A Grit deal is {expected}; got {', '.join(deal)}.")
    if hearts[0] not in HEARTS[heart_ranks]:
        raise SetupError("bad_deal", f"{hearts[0]!r} is not an allowed heart with heart_ranks={heart_ranks!r}.")
