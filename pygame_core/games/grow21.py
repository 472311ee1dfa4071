"""grow21: a shared, unbounded grid of cards where same-colour groups that make 21 are harvested.

Red (player 0) and black (player 1) take turns playing the top card of their own 26-card deck,
either onto an empty cell next to any card or, for a number card, on top of one of their own
cards it may change (rulings GROW-1..7). A group is an edge-connected set of same-colour cells
counted like a blackjack hand; a group that makes exactly 21 is removed and scores 10. If the
removal breaks the board apart, only the largest part survives.

Cells are ``(x, y)`` on an unbounded grid; the board maps a cell to its stack of cards (bottom
first), and only the top card counts.

>>> from pygame_core import get_game
>>> state = get_game("grow21").new_game(seed=7)
>>> state.legal_moves(0)
[{'type': 'place', 'at': [0, 0]}]
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable, Literal, Mapping, Sequence, TypedDict

from ..cards import Card, card_label, is_card, new_rng, shuffle, suit_cards
from ..engine import (GameInfo, IllegalMove, Json, LevelSpec, Outcome, SetupError, Shapes, State, ToldOutcome,
                      player_name, register)
from ..grammar import Party, sentence

Cell = tuple[int, int]
COLOURS = ("red", "black")
DECKS = (suit_cards("H") + suit_cards("D"), suit_cards("S") + suit_cards("C"))
REMOVAL_POINTS = 10
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))
PLAIN_NAMES = (player_name(0), player_name(1))  # the stored outcome names the seats plainly
MOVE_SHAPES = {"place": '{"type": "place", "at": [x, y]}', "change": '{"type": "change", "at": [x, y]}',
               "keep": '{"type": "keep", "at": [x, y]}'}
OPENING = "Red opens: the first card goes in the middle of the table."  # GROW-2, before any card is down


# --- the shapes of what grow21 sends the page (engine.py: "Shapes") -------------------------------
class Grow21CardMove(TypedDict):
    """GROW-2/3: the top card onto an empty cell next to a card (place), or onto one's own card (change)."""

    type: Literal["place", "change"]
    at: list[int]


class Grow21KeepMove(TypedDict):
    """GROW-6: the part of a split board that stays, named by its first cell."""

    type: Literal["keep"]
    at: list[int]


Grow21Move = Grow21CardMove | Grow21KeepMove


class Grow21CardEvent(TypedDict):
    """A card played at ``at``; ``covered`` the card a change went on (None for a place)."""

    type: Literal["place", "change"]
    player: int
    card: str
    at: list[int]
    covered: str | None


class Grow21RemoveEvent(TypedDict):
    """GROW-5: a group of 21 harvested (its cells and every card of their stacks)."""

    type: Literal["remove"]
    player: int
    cells: list[list[int]]
    cards: list[str]
    points: int
    scores: list[int]


class Grow21SplitEvent(TypedDict):
    """GROW-6: the harvest left equal largest parts; ``player`` chooses which stays."""

    type: Literal["split"]
    player: int
    parts: list[list[list[int]]]
    choose: bool


class Grow21KeepEvent(TypedDict):
    """GROW-6: the part that stays, and the cells discarded without scoring."""

    type: Literal["keep"]
    player: int
    kept: list[list[int]]
    discarded: list[list[int]]


class Grow21TurnEvent(TypedDict):
    """The next mover turns their top card up (GROW-1)."""

    type: Literal["turn"]
    player: int
    card: str


class Grow21EndEvent(TypedDict):
    type: Literal["end"]
    outcome: Outcome


Grow21Event = (Grow21CardEvent | Grow21RemoveEvent | Grow21SplitEvent | Grow21KeepEvent | Grow21TurnEvent
               | Grow21EndEvent)


class Grow21Logged(TypedDict):
    """What the move log adds to an event: its label ("Card 3", "End") and its line from the viewer's
    seat (None: a keep of the one largest part that removed nothing says nothing)."""

    label: str
    sentence: str | None


class Grow21CardLog(Grow21CardEvent, Grow21Logged):
    pass


class Grow21RemoveLog(Grow21RemoveEvent, Grow21Logged):
    pass


class Grow21SplitLog(Grow21SplitEvent, Grow21Logged):
    pass


class Grow21KeepLog(Grow21KeepEvent, Grow21Logged):
    pass


class Grow21EndLog(Grow21Logged):
    """The end in the log: the outcome as told to the viewer."""

    type: Literal["end"]
    outcome: ToldOutcome | None


Grow21LogEntry = Grow21CardLog | Grow21RemoveLog | Grow21SplitLog | Grow21KeepLog | Grow21EndLog


class Grow21Last(TypedDict):
    """The newest card played and what it did: the cells it harvested and the cells a split discarded."""

    player: int
    type: Literal["place", "change"]
    card: str
    at: list[int]
    covered: str | None
    removed: list[list[int]]
    discarded: list[list[int]]


class Grow21LastTold(Grow21Last):
    """``Grow21Last`` with its line for the status bar, from the viewer's seat."""

    sentence: str


class Grow21Cell(TypedDict):
    """A cell of the board: its stack bottom first, and the top card that counts."""

    at: list[int]
    stack: list[str]
    top: str


class Grow21Group(TypedDict):
    """GROW-4: a same-colour group and what it is worth (two values when an ace may count 11)."""

    colour: str
    cells: list[list[int]]
    values: list[int]


class Grow21Final(TypedDict):
    """The end: the outcome told to the viewer, the near-21 bonus of each side (GROW-7) and ``note``
    saying whether it counted."""

    outcome: ToldOutcome | None
    bonus: list[int]
    note: str


class Grow21View(TypedDict):
    """What one seat (or a spectator, ``viewer`` None) sees of a grow21 table: everything but the order
    of the decks. ``current`` is the card the mover plays now (None while a split is decided)."""

    game: Literal["grow21"]
    viewer: int | None
    colours: list[str]
    to_act: list[int]
    mover: int
    phase: Literal["play", "keep", "over"]
    board: list[Grow21Cell]
    groups: list[Grow21Group]
    scores: list[int]
    decks: list[int]
    current: str | None
    split: list[list[list[int]]]
    last: Grow21LastTold | None
    log: list[Grow21LogEntry]
    final: Grow21Final | None


class Grow21PlacePreview(TypedDict):
    """The group a card would join at a cell and its value(s); ``scores`` when it makes 21."""

    cells: list[list[int]]
    values: list[int]
    scores: bool


class Grow21KeepPreview(TypedDict):
    """The cells a keep would keep and discard."""

    keeps: list[list[int]]
    discards: list[list[int]]


Grow21Preview = Grow21PlacePreview | Grow21KeepPreview


class Grow21Constants(TypedDict):
    """What the page shows that the rules fix: the cards in play (both decks, GROW-1) and the line it
    shows before the first card is down (GROW-2)."""

    total_cards: int
    opening: str


def colour_of(card: str) -> int:
    """0 for red (hearts, diamonds), 1 for black (spades, clubs)."""
    return 0 if card[-1] in "HD" else 1


# every card's rank facts, looked up once: the rules ask them for every cell on every move
FACE: dict[str, bool] = {c: Card.parse(c).rank in ("J", "Q", "K") for deck in DECKS for c in deck}
ACE: dict[str, bool] = {c: Card.parse(c).rank == "A" for deck in DECKS for c in deck}
COLOUR: dict[str, int] = {c: colour_of(c) for deck in DECKS for c in deck}
LOW: dict[str, int] = {c: 1 if ACE[c] else 10 if FACE[c] else int(Card.parse(c).rank) for deck in DECKS for c in deck}


def is_face(card: str) -> bool:
    return FACE[card]


def group_values(cards: list[str]) -> list[int]:
    """GROW-4: the group's value with every ace as 1, and with one ace as 11 when it holds one."""
    low = sum(LOW[c] for c in cards)
    return [low, low + 10] if any(ACE[c] for c in cards) else [low]


def is_stable(cards: list[str]) -> bool:
    """GROW-4: some valuation of the aces makes exactly 21."""
    low = sum(LOW[c] for c in cards)
    return low == 21 or (low == 11 and any(ACE[c] for c in cards))


def tie_break_points(cards: list[str]) -> int:
    """GROW-7: 5 for a group worth 20 or 22, 2 for 19 or 23, aces valued for the best result."""
    low = sum(LOW[c] for c in cards)
    aces = sum(1 for c in cards if ACE[c])
    possible = {low + 10 * k for k in range(aces + 1)}
    if possible & {20, 22}:
        return 5
    return 2 if possible & {19, 23} else 0


def connected(start: Cell, inside: Callable[[Cell], bool]) -> set[Cell]:
    """The cells reachable from ``start`` through edge neighbours for which ``inside`` holds."""
    found = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for dx, dy in NEIGHBOURS:
            n = (x + dx, y + dy)
            if n not in found and inside(n):
                found.add(n)
                stack.append(n)
    return found


def components(cells: set[Cell], same: dict[Cell, int] | None = None) -> list[set[Cell]]:
    """Edge-connected parts of ``cells``; with ``same`` (cell -> colour) only same-colour edges join."""
    seen: set[Cell] = set()
    parts = []
    for start in sorted(cells):
        if start not in seen:
            part = connected(start, lambda c: c in cells and (same is None or same[c] == same[start]))
            seen |= part
            parts.append(part)
    return parts


def played_cards(view: Mapping[str, Any]) -> set[str]:
    """Every card played so far (each is in the public log, on a stack or harvested or discarded)."""
    return {e["card"] for e in view["log"] if e["type"] in ("place", "change")}


def unseen_cards(view: Mapping[str, Any]) -> list[list[str]]:
    """Per deck, the cards nobody has seen yet: not played, and not the mover's public next card."""
    seen = played_cards(view) | {view["current"]}
    return [[c for c in DECKS[q] if c not in seen] for q in (0, 1)]


@register
class Grow21State(State[Grow21View, Grow21Event, Grow21Move, Grow21Preview]):
    """A game of grow21: ``board`` maps a cell to its stack (bottom first); red moves first."""

    shapes = Shapes(Grow21View, Grow21Event, Grow21Move, Grow21Preview, Grow21Constants)

    info = GameInfo(
        id="grow21",
        title="grow21",
        players=2,
        simultaneous=False,
        hidden_info=True,
        summary=("Red against black on one shared, ever-growing patch of cards. Build groups of your "
                 "colour and harvest every one that counts exactly 21, blackjack style."),
        credit="by Andy Nealen and Rupert Helbig",
        minutes=10,
        # every card is played face up, so the shared words about "the cards you might hold" do not fit:
        # what is hidden is only the order of the cards left (GROW-1)
        levels=(LevelSpec("easy", "Greenhorn", "careless: takes a 21 when it sees one, never minds yours"),
                LevelSpec("normal", "Deputy", "steady: harvests, and leaves you as few 21s as the cards left allow"),
                LevelSpec("hard", "Gunslinger", "never passes up a 21; tries its best ideas on dozens of "
                                                "shuffles of the cards left")),
        constants=Grow21Constants(total_cards=len(DECKS[0]) + len(DECKS[1]), opening=OPENING),
    )
    version = 1

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        if deal is None:
            rng = new_rng(seed)
            deal = {"red": shuffle(list(DECKS[0]), rng), "black": shuffle(list(DECKS[1]), rng)}
        else:
            validate_deal(deal)
            deal = {"red": list(deal["red"]), "black": list(deal["black"])}
        super().__init__(seed, options, deal, setup)
        self.decks: list[list[str]] = [list(deal["red"]), list(deal["black"])]
        self.board: dict[Cell, list[str]] = {}
        self.open: set[Cell] | None = None  # open_cells() kept up to date by places; None: work it out again
        self.scores = [0, 0]
        self.mover = 0
        self.pending_parts: list[set[Cell]] = []  # GROW-6: tied largest parts awaiting a keep
        self.last: Grow21Last | None = None
        self.log: list[Grow21Event] = []  # every public event so far (no "turn"): the page's move log
        self._outcome: Outcome | None = None

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Grow21State:
        """The game as ``view`` shows it, each deck's unseen cards in a random order under the mover's
        public next card (GROW-1); everything else (the board, scores, log, a pending split) is public."""
        state = cls.__new__(cls)
        State.__init__(state, 0, {}, None)
        state.decks = [shuffle(cards, rng) for cards in unseen_cards(view)]
        if view["current"] is not None:
            state.decks[view["mover"]].insert(0, view["current"])
        state.board = {(c["at"][0], c["at"][1]): list(c["stack"]) for c in view["board"]}
        state.open = None
        state.scores = list(view["scores"])
        state.mover = view["mover"]
        state.pending_parts = [{(x, y) for x, y in part} for part in view["split"]]
        state.last = copy.copy(view["last"])  # the engine replaces its lists, never edits them
        state.log = list(view["log"])  # logged events are never changed, only appended to
        state._outcome = None
        return state

    # --- protocol -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self._outcome is not None else [self.mover]

    def legal_moves(self, p: int) -> list[Grow21Move]:
        """Order: keep moves by each part's smallest cell; else places then changes, cells by x, y."""
        if self.check_turn(p) is not None:
            return []
        if self.pending_parts:
            return [{"type": "keep", "at": list(min(part))} for part in sorted(self.pending_parts, key=min)]
        card = self.decks[p][0]
        moves: list[Grow21Move] = [{"type": "place", "at": [x, y]} for x, y in sorted(self.open_cells())]
        if not FACE[card]:  # GROW-3, inlined from _can_change: the search asks this on every move
            colour, low = COLOUR[card], LOW[card]
            cells = [cell for cell, stack in self.board.items()
                     if COLOUR[top := stack[-1]] == colour and (FACE[top] or -1 <= LOW[top] - low <= 1)]
            moves += [{"type": "change", "at": [x, y]} for x, y in sorted(cells)]
        return moves

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if (not isinstance(move, dict) or set(move) != {"type", "at"} or not isinstance(move["type"], str)
                or move["type"] not in MOVE_SHAPES):
            return IllegalMove("malformed_move", "A grow21 move looks like " + " or ".join(MOVE_SHAPES.values()) + ".")
        at = move["at"]
        if not (isinstance(at, list) and len(at) == 2 and all(type(v) is int for v in at)):
            return IllegalMove("malformed_move", "'at' is a cell [x, y] of two whole numbers.")
        cell = (at[0], at[1])
        kind = move["type"]
        if self.pending_parts:
            if kind != "keep":
                return IllegalMove("keep_first", "First choose which part of the board survives (GROW-6).")
            part = next((part for part in self.pending_parts if cell in part), None)
            if part is None:
                return IllegalMove("not_a_part", "That cell is not in one of the tied parts (GROW-6).")
            if cell != min(part):  # one move per part, so a move means one thing only
                x, y = min(part)
                return IllegalMove("not_a_part", f"Name a part by its first cell: this one is [{x}, {y}] (GROW-6).")
            return None
        if kind == "keep":
            return IllegalMove("nothing_to_keep", "There is no split to decide now.")
        card = self.decks[p][0]
        if kind == "place":
            if cell in self.board:
                return IllegalMove("occupied", f"Cell {at} already holds a card; a change puts a card on top.")
            if cell not in self.open_cells():
                return IllegalMove("not_adjacent", "A card must go next to a card already on the board (GROW-2)"
                                   + ("." if self.board else "; the first card goes to [0, 0]."))
            return None
        if cell not in self.board:
            return IllegalMove("empty_cell", f"There is no card at {at} to change.")
        if not self._can_change(card, cell):
            return IllegalMove("bad_change", self._change_refusal(card, cell))
        return None

    def _apply(self, p: int, move: Grow21Move) -> list[Grow21Event]:
        events = self._move(p, move)
        for event in events:
            if event["type"] == "place" or event["type"] == "change":  # the one list in the commonest event
                self.log.append({**event, "at": list(event["at"])})
            elif event["type"] != "turn":
                self.log.append(json_copy(event))
        return events

    def _move(self, p: int, move: Grow21Move) -> list[Grow21Event]:
        cell = (move["at"][0], move["at"][1])
        if move["type"] == "keep":
            part = next(part for part in self.pending_parts if cell in part)
            kept: list[Grow21Event] = [self._keep(p, part)]
            return kept + self._next_turn()
        card = self.decks[p].pop(0)
        covered = self.board[cell][-1] if move["type"] == "change" else None
        if move["type"] == "place":
            self.board[cell] = [card]
            if self.open is not None:
                self.open.discard(cell)
                x, y = cell
                self.open.update(n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n not in self.board)
        else:
            self.board[cell].append(card)
        events: list[Grow21Event] = [{"type": move["type"], "player": p, "card": card, "at": list(cell),
                                      "covered": covered}]
        self.last = {"player": p, "type": move["type"], "card": card, "at": list(cell), "covered": covered,
                     "removed": [], "discarded": []}
        group = self.group_at(cell)
        if is_stable([self.board[c][-1] for c in group]):  # GROW-5
            events.append(self._remove(p, group))
            whole = not self.board or len(connected(next(iter(self.board)), self.board.__contains__)) == len(self.board)
            parts = [] if whole else components(set(self.board))
            if len(parts) > 1:  # GROW-6
                biggest = max(len(part) for part in parts)
                largest = [part for part in parts if len(part) == biggest]
                if len(largest) > 1:
                    self.pending_parts = largest
                    events.append({"type": "split", "player": p, "parts": [sorted_cells(x) for x in largest],
                                   "choose": True})
                    return events
                events.append(self._keep(p, largest[0]))
        return events + self._next_turn()

    def view(self, p: int | None) -> Grow21View:
        self.check_viewer(p)
        groups: list[Grow21Group] = []
        for part in self.groups():
            cards = [self.board[c][-1] for c in part]
            groups.append({"colour": COLOURS[colour_of(cards[0])], "cells": sorted_cells(part),
                           "values": group_values(cards)})
        over = self._outcome is not None
        told = self.told_outcome(p)  # the end, in the log and the result, from this seat
        return {
            "game": "grow21",
            "viewer": p,
            "colours": list(COLOURS),
            "to_act": self.to_act(),
            "mover": self.mover,
            "phase": "over" if over else "keep" if self.pending_parts else "play",
            "board": [{"at": [x, y], "stack": list(stack), "top": stack[-1]}
                      for (x, y), stack in sorted(self.board.items())],
            "groups": groups,
            "scores": list(self.scores),
            "decks": [len(d) for d in self.decks],
            "current": None if over or self.pending_parts else self.decks[self.mover][0],
            "split": [sorted_cells(part) for part in sorted(self.pending_parts, key=min)],
            "last": None if self.last is None else {**copy.deepcopy(self.last), "sentence": self._last_sentence(p)},
            "log": self._log_view(p, told),
            "final": None if not over else {"outcome": told, "bonus": self.bonus(), "note": self._bonus_note(p)},
        }

    def _last_sentence(self, p: int | None) -> str:
        """What the newest card did, from ``p``'s seat ("The computer placed 7♥. 21! 3 cells harvested, +10.")."""
        last = self.last
        assert last is not None
        who, card, covered = Party.of(last["player"], p, self.names).subject, card_label(last["card"]), last["covered"]
        did = f"placed {card}" if covered is None else f"put {card} on the {card_label(covered)}"
        parts = [sentence(f"{who} {did}.")]
        if last["removed"]:
            parts.append(f"21! {_count(len(last['removed']), 'cell')} harvested, +{REMOVAL_POINTS}.")
        if last["discarded"]:
            parts.append(f"The split cost the board {_count(len(last['discarded']), 'cell')}.")
        if self.pending_parts:
            parts.append("The board fell into equal parts.")
        return " ".join(parts)

    def _log_view(self, p: int | None, told: ToldOutcome | None) -> list[Grow21LogEntry]:
        """The move log from ``p``'s seat: each event labelled by the card it belongs to ("Card 3"; the
        end: "End") with its line ("You place 7♥.", "21! 3 cells (4 cards) harvested: +10 for the
        computer. Scores 10–0.", the outcome's reason at the end)."""
        entries: list[Grow21LogEntry] = []
        number, chosen = 0, False
        for event in self.log:
            if event["type"] == "place" or event["type"] == "change":
                number += 1
                who, card = Party.of(event["player"], p, self.names), card_label(event["card"])
                covered = event["covered"]
                text = (f"{who.subject} {who.verb('place', 'places')} {card}." if covered is None else
                        f"{who.subject} {who.verb('put', 'puts')} {card} on the {card_label(covered)}.")
                entries.append({**event, "at": list(event["at"]), "label": f"Card {number}",
                                "sentence": sentence(text)})
            elif event["type"] == "remove":
                gainer = Party.of(event["player"], p, self.names).subject
                took = f"{_count(len(event['cells']), 'cell')} ({_count(len(event['cards']), 'card')})"
                text = (f"21! {took} harvested: +{event['points']} for {gainer}. "
                        f"Scores {event['scores'][0]}–{event['scores'][1]}.")
                entries.append({**copy.deepcopy(event), "label": f"Card {number}", "sentence": text})
            elif event["type"] == "split":
                chosen = True
                who = Party.of(event["player"], p, self.names)
                text = (f"The board fell into {len(event['parts'])} parts of the same size; {who.subject} "
                        f"{who.verb('choose', 'chooses')} which stays.")
                entries.append({**copy.deepcopy(event), "label": f"Card {number}", "sentence": text})
            elif event["type"] == "keep":
                gone = len(event["discarded"])
                lost = f"{_count(gone, 'cell')} {'is' if gone == 1 else 'are'} discarded"
                if chosen:
                    who = Party.of(event["player"], p, self.names)
                    told_keep: str | None = sentence(f"{who.subject} {who.verb('keep', 'keeps')} a part of "
                                                     f"{_count(len(event['kept']), 'cell')}; {lost}.")
                else:  # the one largest part stayed by itself (GROW-6); nothing to say when nothing went
                    told_keep = f"Only the largest part of the board survives: {lost}." if gone else None
                chosen = False
                entries.append({**copy.deepcopy(event), "label": f"Card {number}", "sentence": told_keep})
            elif event["type"] == "end":
                entries.append({"type": "end", "outcome": told, "label": "End",
                                "sentence": None if told is None else told["reason"]})
        return entries

    def _bonus_note(self, p: int | None) -> str:
        """The line under the result: the near-21 bonus (GROW-7) of each side and whether it counted."""
        bonus = self.bonus()
        first, second = (Party.of(q, p, self.names).subject for q in (0, 1))
        each = f"{sentence(first)} +{bonus[0]}, {second} +{bonus[1]}"
        if self.scores[0] == self.scores[1]:
            return (f"Harvests were level, so the near-21 groups left on the table decided it ({each}); "
                    "the totals include them.")
        return f"Near-21 bonus (it only counts on level harvests): {each}. The totals are the harvest points."

    def outcome(self) -> Outcome | None:
        return copy.deepcopy(self._outcome)

    def is_over(self) -> bool:
        return self._outcome is not None  # as the base's, without copying the outcome (asked every move)

    def redact_event(self, event: Grow21Event, viewer: int | None) -> Grow21Event:
        return copy.deepcopy(event)  # every card is played face up; only deck order is secret

    def describe(self, p: int, move: Grow21Move) -> str:
        x, y = move["at"]
        if move["type"] == "keep":
            return f"Keep the part of the board with the card at ({x}, {y})"
        card = card_label(self.decks[p][0])
        if move["type"] == "place":
            return f"Place {card} at ({x}, {y})"
        return f"Change: put {card} on top of {card_label(self.board[(x, y)][-1])} at ({x}, {y})"

    def preview(self, p: int, move: Grow21Move) -> Grow21Preview | None:
        """The group the card would join and its value(s); ``scores`` when it would make 21."""
        return self._keep_preview(move) if move["type"] == "keep" else self._place_preview(p, move)

    def _keep_preview(self, move: Grow21KeepMove) -> Grow21KeepPreview:
        cell = (move["at"][0], move["at"][1])
        part = next(part for part in self.pending_parts if cell in part)
        return {"keeps": sorted_cells(part), "discards": sorted_cells(set(self.board) - part)}

    def _place_preview(self, p: int, move: Grow21CardMove) -> Grow21PlacePreview:
        cell = (move["at"][0], move["at"][1])
        tops = {c: stack[-1] for c, stack in self.board.items()}
        tops[cell] = self.decks[p][0]
        group = connected(cell, lambda c: c in tops and colour_of(tops[c]) == colour_of(tops[cell]))
        values = group_values([tops[c] for c in group])
        return {"cells": sorted_cells(group), "values": values, "scores": 21 in values}

    def explain(self, p: int, move: Grow21Move) -> str | None:
        """The group the card would make (the preview in words); a keep says what it saves."""
        if move["type"] == "keep":
            keep = self._keep_preview(move)
            return f"it keeps {len(keep['keeps'])} cards on the table and discards {len(keep['discards'])}"
        shown = self._place_preview(p, move)
        if shown["scores"]:
            return f"it makes a group worth 21, which you harvest for {REMOVAL_POINTS} points (GROW-5)"
        size, worth = len(shown["cells"]), " or ".join(str(v) for v in shown["values"])
        if size == 1:
            return f"it starts a new group worth {worth}"
        return f"it makes a group of {size} cards worth {worth}"

    def reveals(self, viewer: int, events: list[Grow21Event]) -> bool:
        """GROW-1: every turn turns up the next mover's card, and the end is the end; only a removal
        that leaves a tied split to choose (GROW-6) shows nothing new yet."""
        return any(event["type"] in ("turn", "end") for event in events)

    # --- rules helpers --------------------------------------------------------------------
    def open_cells(self) -> set[Cell]:
        """GROW-2: empty cells next to any card; (0, 0) when the board is empty."""
        if self.open is None:
            board = self.board
            self.open = ({(x + dx, y + dy) for x, y in board for dx, dy in NEIGHBOURS} - board.keys()
                         if board else {(0, 0)})
        return self.open

    def _can_change(self, card: str, cell: Cell) -> bool:
        """GROW-3: a number card onto an own-colour number within 1, or onto an own-colour face card."""
        top = self.board[cell][-1]
        if FACE[card] or colour_of(top) != colour_of(card):
            return False
        return FACE[top] or abs(LOW[top] - LOW[card]) <= 1

    def _change_refusal(self, card: str, cell: Cell) -> str:
        top = self.board[cell][-1]
        if is_face(card):
            return f"{card_label(card)} is a face card: face cards can't change anything (GROW-3)."
        if colour_of(top) != colour_of(card):
            return f"You can only change cards of your own colour; {card_label(top)} is not (GROW-3)."
        return (f"{card_label(card)} can only go on a number within 1 of it or on a face card; "
                f"{card_label(top)} is not (GROW-3).")

    def colours(self) -> dict[Cell, int]:
        return {cell: colour_of(stack[-1]) for cell, stack in self.board.items()}

    def group_at(self, cell: Cell) -> set[Cell]:
        """GROW-4: the maximal edge-connected same-colour set holding ``cell``."""
        board = self.board
        colour = COLOUR[board[cell][-1]]
        found = {cell}
        todo = [cell]
        while todo:  # connected() unrolled: this runs after every card played
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n not in found and n in board and COLOUR[board[n][-1]] == colour:
                    found.add(n)
                    todo.append(n)
        return found

    def groups(self) -> list[set[Cell]]:
        return components(set(self.board), self.colours())

    def _remove(self, p: int, group: set[Cell]) -> Grow21RemoveEvent:
        cards = [card for c in sorted(group) for card in self.board.pop(c)]
        self.open = None
        self.scores[p] += REMOVAL_POINTS
        assert self.last is not None
        self.last["removed"] = sorted_cells(group)
        return {"type": "remove", "player": p, "cells": sorted_cells(group), "cards": cards,
                "points": REMOVAL_POINTS, "scores": list(self.scores)}

    def _keep(self, p: int, part: set[Cell]) -> Grow21KeepEvent:
        """GROW-6: everything outside ``part`` is discarded without scoring."""
        gone = sorted(set(self.board) - part)
        for cell in gone:
            del self.board[cell]
        self.open = None
        self.pending_parts = []
        if self.last is not None:
            self.last["discarded"] = [list(c) for c in gone]
        return {"type": "keep", "player": p, "kept": sorted_cells(part), "discarded": [list(c) for c in gone]}

    def _next_turn(self) -> list[Grow21Event]:
        if not self.decks[0] and not self.decks[1]:
            self._outcome = outcome = self._judge()
            return [{"type": "end", "outcome": copy.deepcopy(outcome)}]
        self.mover = 1 - self.mover
        return [{"type": "turn", "player": self.mover, "card": self.decks[self.mover][0]}]

    def bonus(self) -> list[int]:
        """GROW-7: tie-break points each player's groups would earn."""
        points = [0, 0]
        for part in self.groups():
            cards = [self.board[c][-1] for c in part]
            points[colour_of(cards[0])] += tie_break_points(cards)
        return points

    def _judge(self, names: Sequence[str] = PLAIN_NAMES, viewer: int | None = None) -> Outcome:
        """GROW-7, told with ``names`` from ``viewer``'s seat (the stored outcome: plain seats, no viewer)."""
        scores = list(self.scores)
        party = [Party.of(p, viewer, names) for p in (0, 1)]
        if scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
            return {"winner": winner, "scores": scores,
                    "reason": sentence(f"{party[winner].subject} harvested more "
                                       f"({scores[winner]} against {scores[1 - winner]}).")}
        bonus = self.bonus()
        final = [scores[0] + bonus[0], scores[1] + bonus[1]]
        if final[0] == final[1]:
            return {"winner": None, "scores": final,
                    "reason": f"Level at {scores[0]}, and level again after the near-21 groups ({final[0]}): a draw."}
        winner = 0 if final[0] > final[1] else 1
        won = party[winner]
        return {"winner": winner, "scores": final,
                "reason": (f"Level at {scores[0]}; {won.subject} {won.verb('win', 'wins')} on near-21 groups "
                           f"({final[winner]} against {final[1 - winner]}).")}

    def told_outcome(self, viewer: int | None) -> ToldOutcome | None:
        """The reason from ``viewer``'s seat, and the breakdown: groups of 21 harvested by each side
        (and, on level harvests, the near-21 groups that decided)."""
        told = super().told_outcome(viewer)
        if told is None:
            return None
        party = [Party.of(p, viewer, self.names) for p in (0, 1)]
        first = 0 if viewer is None else viewer
        counts = [self.scores[p] // REMOVAL_POINTS for p in (0, 1)]
        harvests = [f"{party[p].subject} {counts[p]} {'group' if counts[p] == 1 else 'groups'}"
                    for p in (first, 1 - first)]
        breakdown = f"Groups of 21 harvested: {', '.join(harvests)}."
        if counts[0] == counts[1]:
            bonus = self.bonus()
            near = ", ".join(f"{party[p].subject} +{bonus[p]}" for p in (first, 1 - first))
            breakdown += f" Near-21 groups left on the board: {near}."
        told.update({"reason": self._judge(self.names, viewer)["reason"], "breakdown": breakdown})
        return told


def json_copy(value: Json) -> Json:
    """A deep copy of a JSON value (lists, dicts, scalars), several times faster than copy.deepcopy."""
    if type(value) is list:
        return [json_copy(v) if type(v) in (list, dict) else v for v in value]
    if type(value) is dict:
        return {k: json_copy(v) if type(v) in (list, dict) else v for k, v in value.items()}
    return value


def _count(n: int, word: str) -> str:
    """"1 cell", "3 cells"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def sorted_cells(cells: set[Cell]) -> list[list[int]]:
    return [list(c) for c in sorted(cells)]


def validate_deal(deal: Json) -> None:
    """GROW-1: ``{"red": the 26 red cards, "black": the 26 black cards}``, each top first."""
    if not isinstance(deal, dict) or set(deal) != {"red", "black"}:
        raise SetupError("bad_deal", 'A grow21 deal is {"red": [26 red cards], "black": [26 black cards]}.')
    for p, name in enumerate(COLOURS):
        cards = deal[name]
        if (not isinstance(cards, list) or len(cards) != 26 or not all(is_card(c) for c in cards)
                or sorted(cards) != sorted(DECKS[p])):
            raise SetupError("bad_deal", f"The {name} deck must be the 26 {name} cards, each once.")
