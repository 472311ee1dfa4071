"""Two toy games that exercise what the real games do not yet (Tombstone, Dueling Suits):

- ``ToyGrabState``: three seats, any of them may act at any time (``to_act`` lists them all).
- ``ToyDealerState``: one person against a Dealer the engine plays (``auto_move``), a structured
  ``setup``, a game-specific ``result`` in the outcome and a discard pile reshuffled into the deck
  mid-game with the state's own RNG (``cards.reshuffle``).

They are registered only inside tests, with ``pygame_core.engine.registered``.
"""

from __future__ import annotations

import copy

from pygame_core.cards import card_label, new_rng, reshuffle, shuffle, suit_cards
from pygame_core.grammar import sentence
from pygame_core.engine import (Event, GameInfo, IllegalMove, Json, LevelSpec, Move, SeatSpec, SetupError,
                                State)


def value(card: str) -> int:
    return 1 if card.startswith("A") else int(card[:-1])


def forced_deal(deal: Json, deck: list[str], title: str) -> list[str]:
    if not isinstance(deal, list) or sorted(map(str, deal)) != sorted(deck) or len(deal) != len(deck):
        raise SetupError("bad_deal", f"A {title} deal is the cards {', '.join(deck)} in any order, each once.")
    return list(deal)


class ToyGrabState(State):
    """Three players grab cards off one deck whenever they like, or stop; closest to 15 wins."""

    info = GameInfo(id="toy_grab", title="Toy Grab", players=3, simultaneous=False, hidden_info=False,
                    summary="Anyone may grab the top card at any time; stop before you pass 15.",
                    modes=("hotseat",), levels=(LevelSpec("easy", "Greenhorn", "plays at random"),))
    DECK = suit_cards("S", ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"))

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        deal = shuffle(list(self.DECK), new_rng(seed)) if deal is None else forced_deal(deal, self.DECK, "Toy Grab")
        super().__init__(seed, options, deal, setup)
        self.deck = list(deal)
        self.piles: list[list[str]] = [[], [], []]
        self.stopped = [False, False, False]

    def to_act(self) -> list[int]:
        if not self.deck:
            return []
        return [p for p in range(3) if not self.stopped[p]]

    def legal_moves(self, p: int) -> list[Move]:
        return [{"type": "take"}, {"type": "stop"}] if self.check_turn(p) is None else []

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if move not in ({"type": "take"}, {"type": "stop"}) or not isinstance(move.get("type"), str):
            return IllegalMove("malformed_move", 'A move is {"type": "take"} or {"type": "stop"}.')
        return None

    def _apply(self, p: int, move: Move) -> list[Event]:
        if move["type"] == "stop":
            self.stopped[p] = True
            return [{"type": "stop", "player": p}]
        card = self.deck.pop(0)
        self.piles[p].append(card)
        return [{"type": "take", "player": p, "card": card}]

    def view(self, p: int | None) -> dict[str, Json]:
        self.check_viewer(p)
        return {"viewer": p, "deck": len(self.deck), "piles": copy.deepcopy(self.piles),
                "stopped": list(self.stopped), "to_act": self.to_act()}

    def outcome(self) -> dict[str, Json] | None:
        if self.to_act():
            return None
        totals = [sum(value(c) for c in pile) for pile in self.piles]
        fair = [t if t <= 15 else -1 for t in totals]
        best = max(fair)
        winners = [p for p in range(3) if fair[p] == best]
        winner = winners[0] if len(winners) == 1 and best >= 0 else None
        reason = "Nobody wins." if winner is None else sentence(f"{self.names[winner]} is closest to 15.")
        return {"winner": winner, "scores": totals, "reason": reason}

    def redact_event(self, event: Event, viewer: int | None) -> Event:
        return dict(event)

    def describe(self, p: int, move: Move) -> str:
        return "Grab the top card" if move["type"] == "take" else "Stop"


class ToyDealerState(State):
    """A Gambler against the Dealer over a few rounds of a six-card deck: stay at 9 or under and beat
    the Dealer's total. The Dealer hits below 6 (``auto_move``). The used cards go to a discard pile,
    reshuffled into the deck whenever the deck runs out."""

    info = GameInfo(id="toy_dealer", title="Toy Dealer", players=2, simultaneous=False, hidden_info=False,
                    summary="Beat the Dealer without passing 9.", modes=("solo",), levels=(),
                    seats=(SeatSpec("Gambler"), SeatSpec("the Dealer", "engine")), setup=True)
    DECK = suit_cards("S", ("A", "2", "3", "4", "5", "6"))
    LIMIT = 9

    @classmethod
    def check_setup(cls, setup: Json) -> Json:
        """``{"rounds": 1..5}``; none means four rounds."""
        if setup is None:
            return {"rounds": 4}
        if not (isinstance(setup, dict) and set(setup) == {"rounds"} and type(setup["rounds"]) is int
                and 1 <= setup["rounds"] <= 5):
            raise SetupError("bad_setup", 'The setup is {"rounds": 1 to 5}.')
        return {"rounds": setup["rounds"]}

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        rng = new_rng(seed)
        dealt = shuffle(list(self.DECK), rng)  # drawn even for a forced deal: replay continues the same stream
        deal = dealt if deal is None else forced_deal(deal, self.DECK, "Toy Dealer")
        super().__init__(seed, options, deal, setup)
        self.rng = rng
        self.deck = list(deal)
        self.discards: list[str] = []
        self.hands: list[list[str]] = [[], []]
        self.last_hands: list[list[str]] = [[], []]  # the round just scored, still on show
        self.round = 0
        self.won: list[int | None] = []
        self.phase = "gambler"
        self.reshuffles = 0
        self._new_round([])

    # --- protocol
    def to_act(self) -> list[int]:
        return {"gambler": [0], "dealer": [1], "over": []}[self.phase]

    def legal_moves(self, p: int) -> list[Move]:
        if self.check_turn(p) is not None:
            return []
        return ([{"type": "hit"}] if self.deck or self.discards else []) + [{"type": "stand"}]

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if move not in ({"type": "hit"}, {"type": "stand"}) or not isinstance(move.get("type"), str):
            return IllegalMove("malformed_move", 'A move is {"type": "hit"} or {"type": "stand"}.')
        if move["type"] == "hit" and not (self.deck or self.discards):
            return IllegalMove("no_cards", "Every card is in a hand: there is nothing to draw.")
        return None

    def _apply(self, p: int, move: Move) -> list[Event]:
        events: list[Event] = [{"type": move["type"], "player": p}]
        if move["type"] == "hit":
            self._draw(p, events)
            if self._total(p) <= self.LIMIT:
                return events
        if p == 0 and self._total(0) <= self.LIMIT:  # the Gambler stands: the Dealer's turn
            self.phase = "dealer"
            return events
        return events + self._score()  # a bust, or the Dealer is done

    def auto_move(self, p: int) -> Move:
        """The Dealer hits below 6 while there is a card to draw, else stands."""
        if p != 1:
            return super().auto_move(p)
        can_draw = bool(self.deck or self.discards)
        return {"type": "hit"} if can_draw and self._total(1) < 6 else {"type": "stand"}

    def view(self, p: int | None) -> dict[str, Json]:
        self.check_viewer(p)
        return {"viewer": p, "round": self.round, "phase": self.phase, "deck": len(self.deck),
                "discards": list(self.discards), "hands": copy.deepcopy(self.hands),
                "last_hands": copy.deepcopy(self.last_hands),
                "won": list(self.won), "reshuffles": self.reshuffles}

    def outcome(self) -> dict[str, Json] | None:
        if self.phase != "over":
            return None
        scores = [self.won.count(0), self.won.count(1)]
        winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
        reason = "Even." if winner is None else sentence(f"{self.names[winner]} took more rounds.")
        return {"winner": winner, "scores": scores, "reason": reason, "result": {"rounds": list(self.won)}}

    def redact_event(self, event: Event, viewer: int | None) -> Event:
        return dict(event)

    def describe(self, p: int, move: Move) -> str:
        return "Hit" if move["type"] == "hit" else "Stand"

    # --- helpers
    def _total(self, p: int) -> int:
        return sum(value(c) for c in self.hands[p])

    def _draw(self, p: int, events: list[Event]) -> None:
        if not self.deck:
            reshuffle(self.deck, self.discards, self.rng)
            self.reshuffles += 1
            events.append({"type": "reshuffle", "count": len(self.deck)})
        card = self.deck.pop(0)
        self.hands[p].append(card)
        events.append({"type": "draw", "player": p, "card": card, "label": card_label(card)})

    def _score(self) -> list[Event]:
        totals = [self._total(0), self._total(1)]
        bust = [t > self.LIMIT for t in totals]
        winner = 1 if bust[0] else 0 if bust[1] else None if totals[0] == totals[1] else int(totals[1] > totals[0])
        self.won.append(winner)
        events: list[Event] = [{"type": "round_over", "winner": winner, "totals": totals}]
        return self._new_round(events)

    def _new_round(self, events: list[Event]) -> list[Event]:
        self.last_hands = copy.deepcopy(self.hands)
        for hand in self.hands:
            self.discards.extend(hand)
            hand.clear()
        rounds: int = self.setup["rounds"]
        if self.round == rounds:
            self.phase = "over"
            return events + [{"type": "end", "outcome": self.outcome()}]
        self.round += 1
        self.phase = "gambler"
        for p in (0, 1):
            self._draw(p, events)
        return events


TOYS: tuple[type[State], ...] = (ToyGrabState, ToyDealerState)

