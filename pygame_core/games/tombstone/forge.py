"""The character forge (``tombstone_forge``): a Tombstone character made by the book, one draw at a time.

One participant works through five parts in order (TOMB-2 and the house rulings TS-4..TS-8 and TS-25
in ``RULINGS.md`` next to this file): the stats (seven cards, jokers set aside and redrawn, one point per
card to its suit's ability), a name (2d6 on a column of the names table, or typed), a background (the
next card, or typed), the eight traits (each from the pile of its suit) and the gear (the starting gear
or an archetype package, then the shop: beasts, board and hirelings beside the goods). A drawn part
stays on the table until the player accepts it or draws again; the finished sheet is
``outcome()["result"]``.

The deck is the forge's own 54 cards: ``deal`` forces its order (top first), the seed shuffles it.
Cards drawn for a part that is drawn again go to the discard pile; an empty deck takes them back,
shuffled (TOMB-6). Only the order of the deck is hidden.

The finished sheet carries the forge's record (``made.replay``: the seed and every move), so anyone can
play it again and see that the character was drawn by the book, with no server (``provenance``, TS-18).

>>> from pygame_core import get_game
>>> deal = ["BJ", "2S", "3S", "4C", "5C", "6D", "RJ", "7H", "8H", "9S", "KD"] + [
...     c for c in __import__("pygame_core.games.tombstone.fate", fromlist=["x"]).full_deck()
...     if c not in ("BJ", "2S", "3S", "4C", "5C", "6D", "RJ", "7H", "8H", "9S", "KD")]
>>> state = get_game("tombstone_forge").new_game(seed=1, deal=deal)
>>> _ = state.play(0, {"type": "draw"})
>>> state.view(0)["offer"]["cards"], state.view(0)["sheet"]["abilities"]
(['2S', '3S', '4C', '5C', '6D', '7H', '8H'], {'STR': 2, 'DEX': 2, 'WIL': 1, 'GRT': 2})
"""

from __future__ import annotations

import copy
from typing import Any, Literal, TypedDict, cast

from ...cards import JOKERS, new_rng, pick, reshuffle, shuffle
from ...engine import Event, GameInfo, IllegalMove, Json, Outcome, SeatSpec, SetupError, Shapes, State, register
from .character import (MAX_TIER, NAME_LIMIT, TEXT_LIMIT, Sheet, arithmetic_notes, check_sheet, companion_json,
                        inventory_full, inventory_slots, item_json, new_sheet, scar_gains, sheet_constants, slots_used)
from .character import advance_counts  # TS-23, for provenance
from .fate import ABILITIES, SUIT_ABILITIES, check_deck_order, full_deck, label, roll_die
from .shapes import ForgeConstants, ForgeEvent, ForgeGiveBackMove, ForgeMove, ForgePhase, ForgeReturnMove, ForgeView
from .tables import (ARCHETYPES, BACKGROUNDS, KEPT_KINDS, NAME_COLUMNS, NAMES, SHOP, SHOP_KINDS, SHORT_CREDIT,
                     STARTING_ITEMS, STARTING_MONEY, TRAITS, WEAPON_CLASSES, Item, card_rank)

PARTS: tuple[ForgePhase, ...] = ("stats", "name", "background", "traits", "gear")
PART_LABELS = {"stats": "Abilities", "name": "Name", "background": "Background", "traits": "Traits",
               "gear": "Gear"}
STAT_CARDS = 7
KEEP_WORDS = {"stats": "these abilities", "name": "this name", "background": "this background",
              "traits": "these traits"}
TRAIT_BY_ID = {t.id: t for t in TRAITS}
MOVE_SHAPES = ('{"type": "draw"} (stats, background, traits; "trait": id redraws one trait), {"type": "accept"}, '
               '{"type": "roll_name", "column": "male" | "female" | "rootin" | "random"}, '
               '{"type": "write", "text": "..."} (name, background), {"type": "package", "archetype": id | '
               '"standard"}, {"type": "buy", "item": id}, {"type": "return", "index": n} (an item carried) or '
               '{"type": "return", "item": id} (a beast, hireling or board)')
# the rules' versions a forge record may name: 1 had no beasts, board or hirelings and no shop after a
# package (TS-25); its records replay under today's rules (TS-18)
REPLAYABLE_VERSIONS = (1, 2)


def dollars(cents: int) -> str:
    """"$10", "$0.50"."""
    return f"${cents // 100}" if cents % 100 == 0 else f"${cents // 100}.{cents % 100:02d}"


@register
class ForgeState(State[ForgeView, ForgeEvent, ForgeMove, None]):
    """A character being forged. ``phase`` is the part being made, then ``done``."""

    shapes = Shapes(ForgeView, ForgeEvent, ForgeMove, None, ForgeConstants)
    version = 2  # TS-25: the shop grew and stays open after a package; a version 1 record still replays (TS-18)

    info = GameInfo(
        id="tombstone_forge",
        title="Tombstone: the character forge",
        players=1,
        simultaneous=False,
        hidden_info=True,
        summary=("Draw a gunslinger of the badlands by the book: seven cards for the abilities, dice for a "
                 "name, a card for the background, the suit piles for eight traits, then gear up."),
        credit=SHORT_CREDIT,
        minutes=3,
        levels=(),
        seats=(SeatSpec("You"),),
        modes=("solo",),
        constants=ForgeConstants(**sheet_constants(), shop_groups=[[kind, title] for kind, title in SHOP_KINDS.items()],
                                 text_limits={"name": NAME_LIMIT, "background": TEXT_LIMIT}),
    )

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        rng = new_rng(seed)
        dealt = shuffle(full_deck(), rng)  # drawn even for a forced deal: replay continues the same stream
        if deal is None:
            deal = dealt
        else:
            try:
                check_deck_order(deal)
            except ValueError as exc:
                raise SetupError("bad_deal", f"A forge deal is the deck order: {exc}") from None
            deal = list(deal)
        super().__init__(seed, options, deal, setup)
        self.rng = rng
        self.draw_pile: list[str] = list(deal)
        self.discard: list[str] = []
        self.aside: list[str] = []  # jokers set aside during the current draw (TOMB-2)
        self.phase: ForgePhase = "stats"
        self.offer: dict[str, Any] | None = None  # the drawn part waiting for accept / draw again
        self.sheet: Sheet = new_sheet({a: 0 for a in ABILITIES})
        self.made: dict[str, Any] = {"stats": [], "name": None, "background": None, "traits": {},
                                     "gear": "standard", "redraws": {part: 0 for part in PARTS}}
        self.bought: list[bool] = [False] * len(self.sheet["inventory"])  # shop items can be returned
        self.log: list[dict[str, Any]] = []

    @classmethod
    def check_result(cls, result: Json) -> Sheet:
        """An imported character sheet, checked field by field (``character.check_sheet``)."""
        return check_sheet(result)

    @classmethod
    def result_provenance(cls, result: Json) -> Provenance:
        """Where a checked sheet comes from (``provenance``, TS-18)."""
        return provenance(result)

    # --- protocol --------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == "done" else [0]

    def legal_moves(self, p: int) -> list[ForgeMove]:
        """Order: accept (when a part is on the table, and always at the gear), then draw (or the name
        rolls), the single-trait redraws; then the gear moves: packages (standard first), purchases in
        shop order (whichever gear was taken: TS-8), returns by inventory index, then what is kept beside
        the inventory (companions in sheet order, board: TS-25). Accepting first means always taking the
        first move finishes a forge."""
        if self.check_turn(p) is not None:
            return []
        moves: list[ForgeMove] = []
        if self.offer is not None or self.phase == "gear":
            moves.append({"type": "accept"})
        if self.phase == "name":
            moves += [{"type": "roll_name", "column": c} for c in (*NAME_COLUMNS, "random")]
        elif self.phase in ("stats", "background", "traits"):
            moves.append({"type": "draw"})
            if self.phase == "traits" and self.offer is not None:
                moves += [{"type": "draw", "trait": t.id} for t in TRAITS]
        if self.phase == "gear":
            moves += [{"type": "package", "archetype": a} for a in ("standard", *ARCHETYPES)
                      if a != self.made["gear"]]
            moves += [{"type": "buy", "item": i} for i in SHOP if self._buy_error(i) is None]
            moves += [{"type": "return", "index": n} for n, bought in enumerate(self.bought) if bought]
            moves += [{"type": "return", "item": i} for i in self._kept_ids() if self._give_back_error(i) is None]
        return moves

    def _kept_ids(self) -> list[str]:
        """The beasts, hirelings and board bought, each id once, in sheet order (TS-25)."""
        ids = [c["id"] for c in self.sheet["companions"]]
        if self.sheet["board"] is not None:
            ids.append(self.sheet["board"]["id"])
        return list(dict.fromkeys(ids))

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            return IllegalMove("malformed_move", f"A forge move is an object: {MOVE_SHAPES}.")
        kind = move["type"]
        shapes = {"draw": ({"type"}, {"type", "trait"}), "accept": ({"type"},), "roll_name": ({"type", "column"},),
                  "write": ({"type", "text"},), "package": ({"type", "archetype"},), "buy": ({"type", "item"},),
                  "return": ({"type", "index"}, {"type", "item"})}
        if kind not in shapes or set(move) not in shapes[kind]:
            return IllegalMove("malformed_move", f"Unknown forge move {move!r}: {MOVE_SHAPES}.")
        if kind == "write":
            return self._write_error(move["text"])
        if kind == "accept":
            if self.offer is None and self.phase != "gear":
                return IllegalMove("nothing_drawn", f"Draw your {PART_LABELS[self.phase].lower()} first.")
            return None
        if kind == "draw" and "trait" in move:
            if self.phase != "traits" or self.offer is None:
                return IllegalMove("not_now", "A single trait can be drawn again once the traits are on the table.")
            if not isinstance(move["trait"], str) or move["trait"] not in TRAIT_BY_ID:
                return IllegalMove("malformed_move", f"Traits are {', '.join(TRAIT_BY_ID)}.")
            return None
        if kind == "buy":
            if not isinstance(move["item"], str) or move["item"] not in SHOP:
                return IllegalMove("malformed_move", "Buy an item of the shop by its id.")
            return self._buy_error(move["item"])
        if kind == "return" and "item" in move:
            if not isinstance(move["item"], str) or move["item"] not in SHOP:
                return IllegalMove("malformed_move", "Give back a beast, hireling or board of the shop by its id.")
            return self._give_back_error(move["item"])
        if kind == "return":
            index = move["index"]
            if type(index) is not int:
                return IllegalMove("malformed_move", "Return an item by its place in the inventory (0 first).")
            if self.phase != "gear" or not 0 <= index < len(self.bought) or not self.bought[index]:
                return IllegalMove("not_bought", "Only things you bought in the shop can go back for a refund.")
            return None
        if move not in self.legal_moves(p):
            return IllegalMove(*self._why_not(move))
        return None

    def _why_not(self, move: dict[str, Any]) -> tuple[str, str]:
        """The reason a well-formed move is not on offer now."""
        kind = move["type"]
        part = PART_LABELS[self.phase].lower()
        if kind == "roll_name":
            if self.phase != "name":
                return "not_now", f"Names come after the abilities; now it is the {part}."
            return "malformed_move", f"Name columns are {', '.join(NAME_COLUMNS)} or random."
        if kind == "draw":
            return "not_now", f"There is nothing to draw for the {part}."
        if kind == "package":
            if self.phase != "gear":
                return "not_now", f"Gear comes last; now it is the {part}."
            if move["archetype"] == self.made["gear"]:
                return "already", "You already have that gear."
            return "malformed_move", f"Packages are standard, {', '.join(ARCHETYPES)}."
        return "not_now", "That move is not on offer now."

    def _write_error(self, text: object) -> IllegalMove | None:
        if self.phase not in ("name", "background"):
            return IllegalMove("not_now", "Only a name and a background can be written in.")
        limit = NAME_LIMIT if self.phase == "name" else TEXT_LIMIT
        if not isinstance(text, str) or not text.strip() or len(text) > limit:
            return IllegalMove("bad_text", f"Write a {self.phase} of 1 to {limit} characters.")
        if any(ord(ch) < 32 for ch in text):
            return IllegalMove("bad_text", f"A {self.phase} is one line of text.")
        return None

    def _buy_error(self, item_id: str) -> IllegalMove | None:
        """The shop is open whichever gear was taken: a package's few dollars can be spent too (TS-8)."""
        if self.phase != "gear":
            return IllegalMove("not_now", "The shop opens once the traits are done.")
        return purchase_error(self.sheet, SHOP[item_id])

    def _give_back_error(self, item_id: str) -> IllegalMove | None:
        """A beast, hireling or board bought here goes back for a refund, unless a beast's load would then
        have nowhere to go (TS-25)."""
        if self.phase != "gear" or item_id not in self._kept_ids():
            return IllegalMove("not_bought", "Only things you bought in the shop can go back for a refund.")
        item = SHOP[item_id]
        free = inventory_slots(self.sheet) - slots_used(self.sheet)
        if item.carries > free:
            return IllegalMove("no_room", f"The {item.name.lower()} carries {item.carries} slots and only {free} "
                                          f"are free: take back some goods first.")
        return None

    def _apply(self, p: int, move: ForgeMove) -> list[ForgeEvent]:
        # the caller's to keep: nothing shared with the state; built as ForgeEvent shapes (checked by the tests)
        return cast(list[ForgeEvent], copy.deepcopy(self._carry_out(move)))

    def _carry_out(self, move: ForgeMove) -> list[Event]:
        if move["type"] == "accept":
            return self._accept()
        if move["type"] == "draw":
            return self._redraw_trait(move["trait"]) if "trait" in move else self._draw()
        if move["type"] == "roll_name":
            return self._roll_name(move["column"])
        if move["type"] == "write":
            return self._write(move["text"].strip())
        if move["type"] == "package":
            return self._package(move["archetype"])
        if move["type"] == "buy":
            return self._buy(move["item"])
        return self._return(move)

    # --- drawing --------------------------------------------------------------------------------
    def _take(self, events: list[Event], wanted: str | None = None) -> str:
        """The next card off the deck (``wanted``: the next of that suit, TS-6), refilling an empty
        deck from the shuffled discards (TOMB-6)."""
        for attempt in (0, 1):
            for i, card in enumerate(self.draw_pile):
                if wanted is None or (card not in JOKERS and card[-1] == wanted):
                    return self.draw_pile.pop(i)
            if attempt == 0 and self.discard:
                events.append({"type": "reshuffle", "count": len(self.discard)})
                reshuffle(self.draw_pile, self.discard, self.rng)
        raise RuntimeError("the forge deck ran out of cards")  # 54 cards: every part needs far fewer

    def _take_non_joker(self, events: list[Event]) -> str:
        """TOMB-2: a joker is set aside and the draw goes on."""
        while True:
            card = self._take(events)
            if card not in JOKERS:
                return card
            self.aside.append(card)
            events.append({"type": "aside", "card": card})

    def _clear_offer(self, redraw: bool = True) -> None:
        """A part drawn again (or written over): its cards and the jokers set aside go to the discard
        pile; only drawing again counts as a redraw."""
        if self.offer is not None:
            self.discard.extend(self.offer["cards"])
            self.made["redraws"][self.phase] += redraw
        self.discard.extend(self.aside)
        self.aside = []
        self.offer = None

    def _draw(self) -> list[Event]:
        self._clear_offer()
        events: list[Event] = []
        if self.phase == "stats":
            cards = [self._take_non_joker(events) for _ in range(STAT_CARDS)]
            scores = {a: 0 for a in ABILITIES}
            for card in cards:
                scores[SUIT_ABILITIES[card[-1]]] += 1
            self.offer = {"cards": cards, "abilities": scores, "max_hp": scores["GRT"] + 1}
            events.append({"type": "drew", "part": "stats", "cards": cards})
        elif self.phase == "background":
            card = self._take_non_joker(events)
            self.offer = {"cards": [card], "background": BACKGROUNDS[card[-1]][card_rank(card)]}
            events.append({"type": "drew", "part": "background", "cards": [card]})
        else:
            picks = {t.id: self._take(events, t.suit) for t in TRAITS}
            self.offer = {"cards": list(picks.values()), "traits": {t: _trait(t, c) for t, c in picks.items()},
                          "by_trait": picks}
            events.append({"type": "drew", "part": "traits", "cards": list(picks.values())})
        for event in events:  # the jokers set aside and a reshuffle are part of the story too
            self._note(event)
        return events

    def _redraw_trait(self, trait_id: str) -> list[Event]:
        assert self.offer is not None
        events: list[Event] = []
        old = self.offer["by_trait"][trait_id]
        self.discard.append(old)
        card = self._take(events, TRAIT_BY_ID[trait_id].suit)
        self.offer["by_trait"][trait_id] = card
        self.offer["cards"] = list(self.offer["by_trait"].values())
        self.offer["traits"][trait_id] = _trait(trait_id, card)
        self.made["redraws"]["traits"] += 1
        events.append({"type": "drew", "part": "traits", "trait": trait_id, "cards": [card], "replaced": old})
        for event in events:  # the jokers set aside and a reshuffle are part of the story too
            self._note(event)
        return events

    def _roll_name(self, column: str) -> list[Event]:
        if self.offer is not None:
            self.made["redraws"]["name"] += 1
        chosen = pick(tuple(NAME_COLUMNS), self.rng) if column == "random" else column
        dice = [roll_die(self.rng), roll_die(self.rng)]
        name = NAMES[chosen][sum(dice)]
        self.offer = {"cards": [], "column": chosen, "dice": dice, "name": name}
        event: Event = {"type": "rolled", "column": chosen, "dice": dice, "name": name}
        self._note(event)
        return [event]

    def _write(self, text: str) -> list[Event]:
        """A typed name or background is taken as it is: the part is done (TS-7)."""
        part = self.phase
        self._clear_offer(redraw=False)
        self.offer = {"cards": [], part: text, "written": True}
        return self._accept()

    # --- accepting ------------------------------------------------------------------------------
    def _accept(self) -> list[Event]:
        part = self.phase
        event: Event = {"type": "accepted", "part": part}
        if part == "gear":
            self.phase = "done"
            self.sheet["made"] = self._made_json()
            self._note(event)
            return [event]
        offer = self.offer
        assert offer is not None
        if part == "stats":
            self.sheet["abilities"] = dict(offer["abilities"])
            self.sheet["max"] = dict(offer["abilities"])
            self.sheet["hp"] = self.sheet["max_hp"] = offer["max_hp"]
            self.made["stats"] = list(offer["cards"])
        elif part == "name":
            self.sheet["name"] = offer["name"]
            self.made["name"] = ({"written": True} if offer.get("written")
                                 else {"column": offer["column"], "dice": offer["dice"]})
        elif part == "background":
            self.sheet["background"] = offer["background"]
            self.made["background"] = {"written": True} if offer.get("written") else {"card": offer["cards"][0]}
        else:
            self.sheet["traits"] = dict(offer["traits"])
            self.made["traits"] = dict(offer["by_trait"])
        self.discard.extend(self.aside)  # set-aside jokers go back with the discards
        self.aside = []
        self.offer = None
        self.phase = PARTS[PARTS.index(part) + 1]
        self._note(event)
        return [event]

    # --- gear -------------------------------------------------------------------------------------
    def _package(self, archetype: str) -> list[Event]:
        if archetype == "standard":
            self.sheet["inventory"] = [item_json(i) for i in STARTING_ITEMS]
            self.sheet["money"] = STARTING_MONEY
        else:
            package = ARCHETYPES[archetype]
            self.sheet["inventory"] = [item_json(i) for i in package.items]
            self.sheet["money"] = package.money
        self.sheet["companions"] = []  # bought with the money the package replaces
        self.sheet["board"] = None
        self.bought = [False] * len(self.sheet["inventory"])
        self.made["gear"] = archetype
        event: Event = {"type": "package", "archetype": archetype}
        self._note(event)
        return [event]

    def _buy(self, item_id: str) -> list[Event]:
        item = SHOP[item_id]
        if item.kind not in KEPT_KINDS:
            self.bought.append(True)
        buy_onto(self.sheet, item)
        event: Event = {"type": "bought", "item": item_id, "price": item.price, "full": inventory_full(self.sheet)}
        self._note(event)
        return [event]

    def _return(self, move: ForgeReturnMove | ForgeGiveBackMove) -> list[Event]:
        item_id = _returned_id(self.sheet, move)
        if "item" in move:
            companions = self.sheet["companions"]
            board = self.sheet["board"]
            if board is not None and board["id"] == item_id:
                board["weeks"] -= 1
                if board["weeks"] == 0:
                    self.sheet["board"] = None
            else:  # the last one of that id
                companions.pop(max(n for n, c in enumerate(companions) if c["id"] == item_id))
        else:
            index = move["index"]
            self.sheet["inventory"].pop(index)
            self.bought.pop(index)
        price = SHOP[item_id].price
        self.sheet["money"] += price
        event: Event = {"type": "returned", "item": item_id, "price": price}
        self._note(event)
        return [event]

    # --- what leaves Python ------------------------------------------------------------------------
    replay_version = version  # the version a record is written under (an older one replayed: ``replay_forge``)

    def view(self, p: int | None) -> ForgeView:
        """Everything but the deck's order: the forge has one participant and nothing else to hide.

        The sheet and the offer are the engine's own dicts; ``ForgeView`` says what they hold (the tests
        check every view against it)."""
        self.check_viewer(p)
        view: dict[str, Json] = {
            "phase": self.phase, "parts": list(PARTS), "part_labels": dict(PART_LABELS),
            "sheet": self._sheet_so_far(), "offer": copy.deepcopy(self.offer), "aside": list(self.aside),
            "deck": len(self.draw_pile), "discard": list(self.discard),
            "redraws": dict(self.made["redraws"]), "gear": self.made["gear"],
            "slots": {"used": slots_used(self.sheet), "total": inventory_slots(self.sheet),
                      "full": inventory_full(self.sheet)},
            "bought": list(self.bought),
            "shop": [_shop_json(i) for i in SHOP.values()],
            "packages": [{"id": a.id, "name": a.name, "money": a.money, "money_label": dollars(a.money),
                          "items": [item_json(i) for i in a.items]} for a in ARCHETYPES.values()],
            "name_columns": dict(NAME_COLUMNS),
            "log": [dict(entry) for entry in self.log],
        }
        return cast(ForgeView, view)

    def _sheet_so_far(self) -> Sheet:
        """The sheet with the part on the table pencilled in (the page shows it before it is accepted)."""
        sheet = copy.deepcopy(self.sheet)
        offer = self.offer
        if offer is not None:
            if self.phase == "stats":
                sheet["abilities"] = dict(offer["abilities"])
                sheet["max"] = dict(offer["abilities"])
                sheet["hp"] = sheet["max_hp"] = offer["max_hp"]
            elif self.phase in ("name", "background"):
                sheet[self.phase] = offer[self.phase]
            elif self.phase == "traits":
                sheet["traits"] = dict(offer["traits"])
        sheet["money_label"] = dollars(sheet["money"])
        return sheet

    def outcome(self) -> Outcome | None:
        if self.phase != "done":
            return None
        sheet = copy.deepcopy(self.sheet)
        return {"winner": None, "scores": [sheet["max_hp"]],
                "reason": f"{sheet['name']} the {sheet['background']} is ready to ride.", "result": sheet}

    def verdict(self, outcome: Outcome, viewer: int | None) -> Literal["won", "lost", "drawn"] | None:
        """Nothing for the player's record: a forged character is no contest."""
        return None

    def redact_event(self, event: ForgeEvent, viewer: int | None) -> ForgeEvent:
        return copy.copy(event)  # every drawn card is face up; only the deck's order is hidden

    def describe(self, p: int, move: ForgeMove) -> str:
        if move["type"] == "draw":
            if "trait" in move:
                return f"Draw the {TRAIT_BY_ID[move['trait']].label.lower()} again"
            again = " again" if self.offer is not None else ""
            return f"Draw the {PART_LABELS[self.phase].lower()}{again}"
        if move["type"] == "roll_name":
            column = move["column"]
            return "Roll 2d6 on a random column" if column == "random" else f"Roll 2d6 for {NAME_COLUMNS[column]}"
        if move["type"] == "accept":
            return "Done: the character is ready" if self.phase == "gear" else \
                f"Keep {KEEP_WORDS[self.phase]}"
        if move["type"] == "package":
            archetype = move["archetype"]
            if archetype == "standard":
                return f"Starting gear: rations, a torch and {dollars(STARTING_MONEY)}"
            package = ARCHETYPES[archetype]
            return f"Take the {package.name} package ({dollars(package.money)})"
        if move["type"] == "buy":
            item = SHOP[move["item"]]
            if item.kind == "hireling":
                return f"Hire a {item.name.lower()} for {dollars(item.price)} a day"
            if item.kind == "board":
                return f"Pay a week's board, {item.name.lower()}, {dollars(item.price)}"
            return f"Buy {item.name.lower()} for {dollars(item.price)}"
        if move["type"] == "return":
            item = SHOP[_returned_id(self.sheet, move)]
            if item.kind == "hireling":
                return f"Let the {item.name.lower()} go ({dollars(item.price)} back)"
            if item.kind == "board":
                return f"Give up a week's board ({dollars(item.price)} back)"
            return f"Return the {item.name.lower()} for {dollars(item.price)}"
        return f"Write the {self.phase}"

    # --- the story -------------------------------------------------------------------------------------
    def _note(self, event: Event) -> None:
        self.log.append({"part": event.get("part", self.phase), "sentence": _sentence(event)})

    def _made_json(self) -> dict[str, Json]:
        """How the character was made (TS-7), and the forge's record to replay it by (TS-18): the rules'
        version, the seed and every move in order, this last accept included (it is being played now). A
        forced deal is not written down (the view would show the deck's order): replayed from the seed, the
        record of a stacked deck gives another character."""
        written = [part for part in ("name", "background") if (self.made[part] or {}).get("written")]
        by_the_book = not written and not any(self.made["redraws"].values())
        replay: dict[str, Json] = {"version": self.replay_version, "seed": self.seed,
                                   "moves": [copy.deepcopy(move) for _, move in self.moves] + [{"type": "accept"}]}
        return {"stats": list(self.made["stats"]), "name": self.made["name"], "background": self.made["background"],
                "traits": dict(self.made["traits"]), "gear": self.made["gear"],
                "redraws": dict(self.made["redraws"]), "written": written, "by_the_book": by_the_book,
                "replay": replay}


# --- provenance: drawn by the book, shown without a server (TS-18) ------------------------------------
PROVENANCE_WORDS: tuple[str, ...] = ("by_the_book", "forged", "edited", "imported")
MAX_REPLAY_MOVES = 2000  # a forge takes some forty moves; a random bot's longest a few hundred


ProvenanceWord = Literal["by_the_book", "forged", "edited", "imported"]


class Provenance(TypedDict):
    """Where a sheet comes from (TS-18). ``word``: "by_the_book" (its forge record replays to this very
    character, and nothing was drawn again or written in), "forged" (it replays, but a part was drawn again
    or written in: TS-7), "edited" (it replays, but the sheet is not what it gives, or what play could have
    made of it since), "imported" (no record, or one that does not replay or replays to another character:
    a sheet from elsewhere, a hireling taken over, a stacked deck). ``reason``: one sentence saying why.
    ``problems``: what on the sheet the rules never give, one sentence each (``character.arithmetic_notes``
    and, with a record that replays, every difference from the draw)."""

    word: ProvenanceWord
    reason: str
    problems: list[str]


def provenance(sheet: Sheet) -> Provenance:
    """Where a sheet that ``check_sheet`` accepted comes from (TS-18): its forge record (``made.replay``) is
    replayed and the result compared with the sheet's fields the forge wrote and play never changes
    (name, background, traits, ``made``) and with those play changes only through scars (the maxima, max
    HP: TS-9). What play changes freely (scores, HP, money, items, conditions) proves nothing either way.

    >>> state = ForgeState(5, {}, None)
    >>> while state.phase != "done":
    ...     _ = state.play(0, state.legal_moves(0)[0])
    >>> sheet = state.outcome()["result"]
    >>> provenance(sheet)["word"]
    'by_the_book'
    >>> provenance({**sheet, "name": "Wild Bill"})["word"]
    'edited'
    >>> provenance({**sheet, "made": {}})["reason"]
    'No forge record to replay: the sheet was not made at this forge, or not in this version of it.'
    """
    notes = arithmetic_notes(sheet)
    drawn, why = replay_forge(sheet["made"].get("replay"))
    if drawn is None:
        return {"word": "imported", "reason": why, "problems": notes}
    if drawn["made"]["stats"] != sheet["made"].get("stats"):
        return {"word": "imported", "reason": "Its forge record replays to another character (other cards for the "
                                              "abilities): it is not this sheet's record, or the deck was stacked.",
                "problems": notes}
    problems = notes + _differences(drawn, sheet)
    if problems:
        return {"word": "edited", "reason": "Its forge record replays, but the sheet is not what the forge and "
                                            "play since could make of it.", "problems": problems}
    if drawn["made"]["by_the_book"]:
        return {"word": "by_the_book", "reason": "Its forge record replays to this character, with nothing drawn "
                                                 "again and nothing written in.", "problems": []}
    return {"word": "forged", "reason": "Its forge record replays to this character, but a part was drawn again "
                                        "or written in.", "problems": []}


def replay_forge(record: object) -> tuple[Sheet | None, str]:
    """The sheet a forge record (``made.replay``, TS-18) gives when played again from its seed, or None and
    why not (no record, another version of the rules, a move the forge refuses there, a record that stops
    before the end)."""
    if not isinstance(record, dict) or set(record) - {"version", "seed", "moves"}:
        return None, "No forge record to replay: the sheet was not made at this forge, or not in this version of it."
    if type(record.get("version")) is not int or record["version"] not in REPLAYABLE_VERSIONS:
        return None, (f"Its forge record is from rules version {record.get('version')!r}; this forge replays "
                      f"versions {', '.join(map(str, REPLAYABLE_VERSIONS))}.")
    seed, moves = record.get("seed"), record.get("moves")
    if type(seed) is not int or not isinstance(moves, list) or not 0 < len(moves) <= MAX_REPLAY_MOVES:
        return None, "Its forge record is damaged: it needs a whole-number seed and the list of moves."
    # An older record replays under today's rules (TS-18): every move it holds meant then what it means now
    # for all that provenance compares (version 2 only sold more and opened the shop after a package: TS-25).
    state = ForgeState(seed, {}, None)
    state.replay_version = record["version"]
    for n, move in enumerate(moves, 1):
        try:
            state.play(0, move)
        except IllegalMove as exc:
            return None, f"Its forge record does not replay: move {n} is refused. {exc.message}"
        except Exception:  # a record is untrusted JSON: whatever it does, the sheet itself stays readable
            return None, f"Its forge record does not replay: move {n} breaks the forge."
    outcome = state.outcome()
    if outcome is None:
        return None, "Its forge record stops before the character was done."
    result: Sheet = outcome["result"]
    return result, ""


def _differences(drawn: Sheet, sheet: Sheet) -> list[str]:
    """How ``sheet`` differs from the forge's ``drawn`` one beyond what play and the advancements on the sheet
    may change (TS-18, TS-23: a maximum raised without its advancement recorded is an edit)."""
    problems = []
    for field in ("name", "background"):
        if sheet[field] != drawn[field]:
            problems.append(f"The {field} is {sheet[field]!r}; the forge's record gives {drawn[field]!r}.")
    changed = [t.label.lower() for t in TRAITS if sheet["traits"][t.id] != drawn["traits"][t.id]]
    if changed:
        problems.append(f"The {', '.join(changed)} {'is' if len(changed) == 1 else 'are'} not what the forge's "
                        f"record gives.")
    if sheet["made"] != drawn["made"]:
        problems.append("How it was made (made) is not what the forge's record gives.")
    gains, hp_now, hp_later = scar_gains(sheet["scars"])
    advanced = advance_counts(sheet)  # TS-23: each recorded advancement raised its maximum by one
    for a in ABILITIES:
        low, high = drawn["max"][a] + advanced[a], drawn["max"][a] + advanced[a] + gains[a]
        if not low <= sheet["max"][a] <= high:
            problems.append(f"{a}'s maximum is {sheet['max'][a]}; the draw gave {drawn['max'][a]}" +
                            (f", its advancements add {advanced[a]}" if advanced[a] else "") +
                            (f" and the scars on the sheet add at most {gains[a]}." if gains[a] else
                             " and no scar on the sheet raises it."))
    base = drawn["max_hp"] + advanced["GRT"]  # HP keeps up with an advanced GRT (TS-23)
    low, high = base + hp_now, base + MAX_TIER * (hp_now + hp_later)
    if not low <= sheet["max_hp"] <= high:
        problems.append(f"max_hp is {sheet['max_hp']}; the draw gave {drawn['max_hp']}" +
                        (f", its GRT advancements add {advanced['GRT']}" if advanced["GRT"] else "") +
                        (f" and the scars on the sheet add {hp_now} to {high - base}." if high > low
                         else " and no scar on the sheet adds to it."))
    return problems


def _trait(trait_id: str, card: str) -> str:
    return TRAIT_BY_ID[trait_id].table[card_rank(card)]


def purchase_error(sheet: Sheet, item: Item) -> IllegalMove | None:
    """Why ``sheet`` cannot buy ``item`` now (the money, the slots: TOMB-2, TS-8; one kind of board at a
    time: TS-25), or None. The forge's shop and any other shop selling from ``SHOP`` use it."""
    board = sheet.get("board")
    if item.kind == "board" and board is not None and board["id"] != item.id:
        return IllegalMove("board_taken", f"You already pay for a {board['name'].lower()}: give it up first.")
    if item.price > sheet["money"]:
        return IllegalMove("too_dear", f"{item.name} costs {dollars(item.price)}; you have {dollars(sheet['money'])}.")
    free = inventory_slots(sheet) - slots_used(sheet)
    if item.slots > free:
        return IllegalMove("no_room", f"{item.name} takes {item.slots} slot(s) and only {free} are free.")
    return None


def buy_onto(sheet: Sheet, item: Item) -> None:
    """The purchase written on the sheet (``purchase_error`` said yes): a carried item joins the inventory, a
    beast or hireling the companions, board adds a week (TS-25); the price comes off the money."""
    if item.kind == "board":
        board = sheet.get("board")
        if board is None:
            sheet["board"] = {"id": item.id, "name": item.name, "weeks": 1}
        else:
            board["weeks"] += 1
    elif item.kind in KEPT_KINDS:
        sheet.setdefault("companions", []).append(companion_json(item))
    else:
        sheet["inventory"].append(item_json(item))
    sheet["money"] -= item.price


def _returned_id(sheet: Sheet, move: ForgeReturnMove | ForgeGiveBackMove) -> str:
    """The shop id of what a return move gives back: by its id, or by its place in the inventory."""
    if "item" in move:
        return cast(ForgeGiveBackMove, move)["item"]
    return str(sheet["inventory"][move["index"]]["id"])


def _shop_json(item: Item) -> dict[str, Json]:
    """An item as the shop shows it: a weapon's class and damage, a beast's load, a hireling's kit."""
    entry: dict[str, Json] = {"id": item.id, "name": item.name, "price": item.price, "price_label": dollars(item.price),
                              "kind": item.kind, "slots": item.slots, **_weapon_bits(item.weapon)}
    if item.carries:
        entry["carries"] = item.carries
    if item.note:
        entry["note"] = item.note
    return entry


def _weapon_bits(weapon_class: str) -> dict[str, Json]:
    if not weapon_class:
        return {}
    cls = WEAPON_CLASSES[weapon_class]
    return {"weapon": weapon_class, "damage": list(cls.damage), "bulky": cls.bulky}


def _cards(cards: list[str]) -> str:
    return ", ".join(label(c) for c in cards)


def _sentence(event: Event) -> str:
    kind = event["type"]
    if kind == "drew":
        part = event["part"]
        if part == "stats":
            scores = {a: 0 for a in ABILITIES}
            for card in event["cards"]:
                scores[SUIT_ABILITIES[card[-1]]] += 1
            spread = ", ".join(f"{a} {scores[a]}" for a in ABILITIES)
            return f"Seven cards for the abilities: {_cards(event['cards'])}. {spread}; HP {scores['GRT'] + 1}."
        if part == "background":
            card = event["cards"][0]
            return f"{label(card)} for the background: {BACKGROUNDS[card[-1]][card_rank(card)]}."
        if "trait" in event:
            trait = TRAIT_BY_ID[event["trait"]]
            return f"{trait.label} again: {label(event['cards'][0])}, {_trait(trait.id, event['cards'][0])}."
        return "The traits: " + "; ".join(f"{t.label} {label(c)} {_trait(t.id, c)}"
                                          for t, c in zip(TRAITS, event["cards"])) + "."
    if kind == "aside":
        return f"The {label(event['card'])} is set aside and another card drawn."
    if kind == "reshuffle":
        return f"The deck ran out: {event['count']} discarded cards shuffled back in."
    if kind == "rolled":
        d1, d2 = event["dice"]
        return f"2d6 on {NAME_COLUMNS[event['column']]}: {d1} + {d2} = {d1 + d2}, {event['name']}."
    if kind == "accepted":
        return "The character is done." if event["part"] == "gear" else f"{PART_LABELS[event['part']]} kept."
    if kind == "package":
        if event["archetype"] == "standard":
            return "Starting gear: three days' rations, a torch and $10."
        return f"The {ARCHETYPES[event['archetype']].name} package."
    item = SHOP[event["item"]]
    if kind == "bought":
        full = " The inventory is full: HP is 0 while it stays full." if event["full"] else ""
        if item.kind == "hireling":
            return f"Hired a {item.name.lower()}: {dollars(event['price'])}, the first day's wage.{full}"
        if item.kind == "board":
            return f"Paid a week's board, {item.name.lower()}: {dollars(event['price'])}.{full}"
        carries = f" It carries {item.carries} slots." if item.carries else ""
        return f"Bought {item.name.lower()} for {dollars(event['price'])}.{carries}{full}"
    if item.kind == "hireling":
        return f"Let the {item.name.lower()} go: {dollars(event['price'])} back."
    if item.kind == "board":
        return f"Gave up a week's board: {dollars(event['price'])} back."
    return f"Returned {item.name.lower()} for {dollars(event['price'])}."
