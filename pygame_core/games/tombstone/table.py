"""The Dealer's table (``tombstone_table``): one device runs a Tombstone session for a party and the Dealer.

Every participant flips from their own deck of fate (TOMB-1): the Dealer (seat 0, who also runs every
non-player character) and one to six player characters (seats 1..6, from ``setup``: their sheets). Any
seat may act whenever no flip is waiting (``to_act`` lists them all): a save, a contest, an attack and its
damage, turning tail; the Dealer's tools (a reaction, the die of fate, a hireling, an enemy, an enemy's
attack, a morale save, initiative, a hazard, Fatigue, rests, recovering from a scar, ending the session).

A flip that someone may still cheat (TOMB-6, TS-2) waits as ``pending``: the player characters in it
may lay a hand card over their own flip or spend the Black Joker to make the Dealer flip again, and
``settle`` judges it (``fate``), writes the result on the sheets (TOMB-9, TOMB-10) and carries on (an
attack's hit asks for its damage flip, damage past HP asks for the GRT save). A flip nobody can change is
settled at once. Every settled flip is told in one sentence, the way the table would say it.

Moves with free parameters (``modifier``, ``mode``, ``other_mode``, ``amount``, ``name``) are listed in
``legal_moves`` with their defaults left out; ``view()["forms"]`` says which fields a page may vary.

>>> from pygame_core import get_game
>>> from pygame_core.games.tombstone.character import new_sheet
>>> jesse = new_sheet({"STR": 0, "DEX": 4, "WIL": 2, "GRT": 1}) | {"name": "Jesse"}
>>> state = get_game("tombstone_table").new_game(seed=3, setup={"party": [jesse]})
>>> state.to_act()
[0, 1]
"""

from __future__ import annotations

import copy
import json
from typing import Any, Sequence

from ...cards import JOKERS, new_rng, pick, shuffle
from ...engine import Event, GameInfo, IllegalMove, Json, Move, SeatSpec, SetupError, State, register
from .character import (CONDITIONS, Sheet, ability_modifier, check_sheet, effective_hp, item_json, new_sheet,
                        slots_used, weapons)
from .fate import (ABILITIES, ABILITY_SUITS, BLACK, MODES, RED, RISK_LABELS, RISKS, SUIT_ABILITIES, FateDeck, Flip,
                   cards_needed, check_deck_order, contest, damage, full_deck, judge_flip, label, roll_die, save,
                   tier)
from .tables import (ARCHETYPES, BACKGROUNDS, DIE_OF_FATE_FAVOURS, NAME_COLUMNS, NAMES, SCARS, SHORT_CREDIT, Item,
                     broken_limb, card_rank, head_wound_ability, reaction, scar_spot)

MAX_PARTY = 6
DEALER = "dealer"
CRITICAL_TARGET = 10  # TOMB-9
TURN_TAIL_TARGET = 11  # TOMB-14
MORALE_TARGETS = {"standard": 9, "high": 12}  # TOMB-13
MAX_MODIFIER = 20
MAX_NPCS = 24
LOG_WINDOW = 120  # a view carries the newest sentences only: a long session's log would make every view slow
HIRELING_CARDS = 4  # TOMB-15
TAKE_OVER_CARDS = 3  # the SRD's Death section
RESTS = {"breather": "a breather (HP back)", "night": "a full night's rest", "week": "a week in a dry bed"}

# Enemy stat blocks of our own for the Dealer's quick use (issue 10 brings whole encounters).
ENEMY_PRESETS: dict[str, dict[str, Any]] = {
    "bandit": {"name": "Bandit", "abilities": {"STR": 1, "DEX": 1, "WIL": 0, "GRT": 1}, "weapon": "revolver"},
    "gunslinger": {"name": "Gunslinger", "abilities": {"STR": 1, "DEX": 3, "WIL": 2, "GRT": 2}, "weapon": "revolver"},
    "lawman": {"name": "Lawman", "abilities": {"STR": 1, "DEX": 2, "WIL": 2, "GRT": 1}, "weapon": "carbine"},
    "brute": {"name": "Brute", "abilities": {"STR": 3, "DEX": 0, "WIL": 1, "GRT": 2}, "weapon": "club"},
    "posse": {"name": "Posse of bandits", "abilities": {"STR": 3, "DEX": 1, "WIL": 1, "GRT": 2},
              "weapon": "revolver", "posse": True},
}
ENEMY_WEAPONS: dict[str, Item] = {
    "revolver": Item("revolver", "Revolver", 0, "weapon", "hand", True),
    "carbine": Item("carbine", "Carbine", 0, "weapon", "field", True, 2),
    "club": Item("club", "Club", 0, "weapon", "hand", False),
    "pitchfork": Item("pitchfork", "Pitchfork", 0, "weapon", "improvised", False),
}
HIRELING_WEAPON = Item("cudgel", "Cudgel", 0, "weapon", "improvised", False)  # TOMB-15: an improvised weapon

FREE_FIELDS: dict[str, dict[str, Any]] = {
    "save": {"mode": list(MODES)},
    "contest": {"mode": list(MODES), "other_mode": list(MODES), "modifier": [0, MAX_MODIFIER]},
    "attack": {"mode": list(MODES)},
    "npc_attack": {"mode": list(MODES), "attackers": [1, 9]},
    "initiative": {"modifier": [0, MAX_MODIFIER]},
    "hazard": {"amount": [1, 9]},
    "hireling": {"name": "text"},
    "enemy": {"name": "text"},
}
FIELDS: dict[str, set[str]] = {
    "save": {"ability", "risk"}, "contest": {"ability", "against"}, "attack": {"weapon", "target"},
    "turn_tail": set(), "take_over": {"npc"}, "cheat": {"card", "covers"}, "force": set(), "settle": set(),
    "reaction": set(), "die": set(), "hireling": set(), "enemy": {"preset"}, "npc_attack": {"npc", "target"},
    "morale": {"npc", "risk"}, "initiative": {"character"}, "hazard": {"character", "ability"},
    "fatigue": {"character", "change"}, "rest": {"kind"}, "recover": {"character", "scar"}, "remove": {"npc"},
    "end": set(),
}
OPTIONAL: dict[str, set[str]] = {}  # every field of a move is named, so check agrees with legal_moves
PARTY_MOVES = {"save", "contest", "attack", "turn_tail", "take_over"}
PENDING_MOVES = {"cheat", "force", "settle"}


def sample_party() -> list[Sheet]:
    """Two ready-made characters for a table opened without a party (a demo, the generic tests)."""
    jesse = new_sheet({"STR": 0, "DEX": 4, "WIL": 2, "GRT": 1})
    jesse.update(name="Jesse", background="Gambler", money=200,
                 inventory=[item_json(i) for i in ARCHETYPES["gambler"].items])
    silas = new_sheet({"STR": 3, "DEX": 1, "WIL": 1, "GRT": 2})
    silas.update(name="Silas", background="Blacksmith", money=300,
                 inventory=[item_json(i) for i in ARCHETYPES["outlaw"].items])
    return [jesse, silas]


def check_party(setup: Json) -> dict[str, Json]:
    """``{"party": [sheet, ...]}`` with one to six sheets, each checked (``character.check_sheet``)."""
    if not isinstance(setup, dict) or set(setup) != {"party"} or not isinstance(setup["party"], list):
        raise SetupError("bad_setup", 'The Dealer\'s table needs {"party": [character sheets]}.')
    party = setup["party"]
    if not 1 <= len(party) <= MAX_PARTY:
        raise SetupError("bad_setup", f"A party is one to {MAX_PARTY} characters, not {len(party)}.")
    checked = []
    for n, sheet in enumerate(party, 1):
        try:
            checked.append(check_sheet(sheet))
        except SetupError as exc:
            raise SetupError("bad_setup", f"Character {n}: {exc.message}") from None
    return {"party": checked}


@register
class TableState(State):
    """A session at the Dealer's table; ``pending`` holds a flip waiting for cheats, else None."""

    info = GameInfo(
        id="tombstone_table",
        title="Tombstone: the Dealer's table",
        players=1 + MAX_PARTY,
        simultaneous=False,
        hidden_info=True,
        summary=("Run a session at a real table: the app is every deck of fate. Saves, contests, attacks and "
                 "damage in one click each, hands to cheat fate with, and the Dealer's tools."),
        credit=SHORT_CREDIT,
        minutes=60,
        levels=(),
        seats=(SeatSpec("Dealer"), *(SeatSpec(f"Player {n}") for n in range(1, MAX_PARTY + 1))),
        modes=("solo",),
        setup=True,
    )

    @classmethod
    def check_setup(cls, setup: Json) -> Json:
        """The party made canonical; None (no party given) stays None and seats the sample party."""
        return None if setup is None else check_party(setup)

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        rng = new_rng(seed)
        party: list[Sheet] = sample_party() if setup is None else copy.deepcopy(setup["party"])
        orders = [shuffle(full_deck(), rng) for _ in range(1 + len(party))]  # drawn even for a forced deal
        if deal is None:
            deal = orders
        else:
            if not isinstance(deal, list) or len(deal) != len(orders):
                raise SetupError("bad_deal", f"A table deal is {len(orders)} decks: the Dealer's, then each "
                                             "character's, each the 54 cards top first.")
            for order in deal:
                try:
                    check_deck_order(order)
                except ValueError as exc:
                    raise SetupError("bad_deal", str(exc)) from None
            deal = [list(order) for order in deal]
        super().__init__(seed, options, deal, setup)
        self.rng = rng
        self.party = party
        self.decks: dict[str, FateDeck] = {DEALER: FateDeck.forced(deal[0], holds_hand=False)}
        for n in range(len(party)):
            self.decks[pc_ref(n)] = FateDeck.forced(deal[n + 1], holds_hand=True)
        self.npcs: list[dict[str, Any]] = []
        self.npc_counter = 0
        self.fallen: list[Sheet] = []
        self.pending: dict[str, Any] | None = None
        self.last: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []
        self.ended = False

    # --- who is who ---------------------------------------------------------------------------------
    def seat_of(self, ref: str) -> int:
        """The seat that decides for ``ref``: a character's player, else the Dealer."""
        return int(ref[2:]) + 1 if ref.startswith("pc") else 0

    def name_of(self, ref: str) -> str:
        if ref == DEALER:
            return "the Dealer"
        return str(self.sheet_of(ref)["name"])

    def npc(self, ref: str) -> dict[str, Any]:
        return next(n for n in self.npcs if n["ref"] == ref)

    def deck_of(self, ref: str) -> str:
        """Non-player characters flip from the Dealer's deck (TOMB-1)."""
        return ref if ref.startswith("pc") else DEALER

    def sheet_of(self, ref: str) -> dict[str, Any]:
        return self.party[int(ref[2:])] if ref.startswith("pc") else self.npc(ref)

    def modifier(self, ref: str, ability: str) -> int:
        return ability_modifier(self.party[int(ref[2:])], ability) if ref.startswith("pc") else \
            self.npc(ref)["abilities"][ability]

    def party_refs(self, status: Sequence[str] = ("up",)) -> list[str]:
        return [pc_ref(n) for n, sheet in enumerate(self.party) if sheet["status"] in status]

    def npc_refs(self, kinds: Sequence[str] = ("enemy", "posse", "hireling")) -> list[str]:
        return [n["ref"] for n in self.npcs if n["status"] == "up" and n["kind"] in kinds]

    # --- protocol --------------------------------------------------------------------------------------
    def wiped_out(self) -> bool:
        """Every character dead and no hireling left to take over: the session is over."""
        return all(s["status"] == "dead" for s in self.party) and not self.npc_refs(("hireling",))

    def to_act(self) -> list[int]:
        if self.ended or (self.pending is None and self.wiped_out()):
            return []
        if self.pending is not None:
            return sorted({0, *(self.seat_of(s["who"]) for s in self.pending["sides"] if s["who"].startswith("pc"))})
        hirelings = bool(self.npc_refs(("hireling",)))
        return [0, *(n + 1 for n, sheet in enumerate(self.party)
                     if sheet["status"] == "up" or (sheet["status"] == "dead" and hirelings))]

    def legal_moves(self, p: int) -> list[Move]:
        """Order: while a flip waits, the seat's cheats (hand order, covered card order), the Black Joker's
        force, settle. Otherwise a player's saves (ability, risk), contests (ability, against: the Dealer,
        enemies, other characters), attacks (weapon, target), turning tail, taking over a hireling; the
        Dealer's: hazards first (always taking the first move wipes the party out, which ends a session),
        then the other tools, ending the session last."""
        if self.check_turn(p) is not None:
            return []
        if self.pending is not None:
            return self._pending_moves(p)
        return self._party_moves(p) if p > 0 else self._dealer_moves()

    def _pending_moves(self, p: int) -> list[Move]:
        moves: list[Move] = []
        for side in self.pending["sides"] if self.pending else []:
            if self.seat_of(side["who"]) == p and self._cheat_refusal(side) is None:
                for card in self.decks[side["deck"]].hand:
                    if card == BLACK:
                        continue
                    for covered in side["cards"]:
                        moves.append({"type": "cheat", "card": card, "covers": covered})
        if p > 0 and self._force_refusal(p) is None:
            moves.append({"type": "force"})
        moves.append({"type": "settle"})
        return moves

    def _party_moves(self, p: int) -> list[Move]:
        n = p - 1
        if n >= len(self.party):
            return []
        me = pc_ref(n)
        sheet = self.party[n]
        if sheet["status"] == "dead":
            return [{"type": "take_over", "npc": ref} for ref in self.npc_refs(("hireling",))]
        if sheet["status"] != "up":
            return []
        moves: list[Move] = [{"type": "save", "ability": a, "risk": r} for a in ABILITIES for r in RISKS]
        others = [DEALER, *self.npc_refs(), *(ref for ref in self.party_refs() if ref != me)]
        moves += [{"type": "contest", "ability": a, "against": o} for a in ABILITIES for o in others]
        targets = [*self.npc_refs(("enemy", "posse", "hireling")), *(ref for ref in self.party_refs() if ref != me)]
        moves += [{"type": "attack", "weapon": w, "target": t} for w in range(len(weapons(sheet))) for t in targets]
        moves.append({"type": "turn_tail"})
        return moves

    def _dealer_moves(self) -> list[Move]:
        up = self.party_refs()
        alive = self.party_refs(("up", "out"))
        enemies = self.npc_refs(("enemy", "posse"))
        moves: list[Move] = [{"type": "hazard", "character": c, "ability": a} for c in alive for a in ABILITIES]
        moves += [{"type": "reaction"}, {"type": "die"}]
        if len(self.npcs) < MAX_NPCS:
            moves.append({"type": "hireling"})
            moves += [{"type": "enemy", "preset": k} for k in ENEMY_PRESETS]
        moves += [{"type": "npc_attack", "npc": e, "target": t} for e in self.npc_refs() for t in up]
        moves += [{"type": "morale", "npc": e, "risk": r} for e in enemies for r in MORALE_TARGETS]
        moves += [{"type": "initiative", "character": c} for c in up]
        for c in alive:
            sheet = self.sheet_of(c)
            if slots_used(sheet) < 10:
                moves.append({"type": "fatigue", "character": c, "change": 1})
            if sheet["fatigue"] > 0:
                moves.append({"type": "fatigue", "character": c, "change": -1})
        moves += [{"type": "rest", "kind": k} for k in RESTS]
        moves += [{"type": "recover", "character": c, "scar": i} for c in alive
                  for i, scar in enumerate(self.sheet_of(c)["scars"]) if scar.get("pending")]
        moves += [{"type": "remove", "npc": n["ref"]} for n in self.npcs]
        moves.append({"type": "end"})
        return moves

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str) or move["type"] not in FIELDS:
            return IllegalMove("malformed_move", f"A table move is an object with a type: {', '.join(FIELDS)}.")
        kind = move["type"]
        required = FIELDS[kind] - OPTIONAL.get(kind, set())
        allowed = FIELDS[kind] | set(FREE_FIELDS.get(kind, {})) | {"type"}
        if not required <= set(move) or not set(move) <= allowed:
            return IllegalMove("malformed_move", f"A {kind} move has the fields {', '.join(sorted(allowed))}.")
        error = self._free_field_error(kind, move)
        if error:
            return error
        if self.pending is not None and kind not in PENDING_MOVES:
            return IllegalMove("flip_waiting", "A flip is waiting: cheat fate, force the Dealer's re-flip or "
                                               "settle it first.")
        if self.pending is None and kind in PENDING_MOVES:
            return IllegalMove("no_flip", "There is no flip waiting to be cheated or settled.")
        if (kind in PARTY_MOVES) != (p > 0) and kind not in PENDING_MOVES:
            whose = "a player's" if kind in PARTY_MOVES else "the Dealer's"
            return IllegalMove("not_your_tool", f"That is {whose} move.")
        if kind == "cheat":
            return self._cheat_error(p, move)
        if kind == "force":
            reason = self._force_refusal(p)
            return IllegalMove("cannot_force", reason) if reason else None
        base = {k: v for k, v in move.items() if k not in FREE_FIELDS.get(kind, {})}
        if _strict(base) not in {_strict(m) for m in self.legal_moves(p)}:  # 1.0 and True are not 1
            return IllegalMove("not_possible", self._why_not(p, base))
        return None

    def _free_field_error(self, kind: str, move: Move) -> IllegalMove | None:
        for name, spec in FREE_FIELDS.get(kind, {}).items():
            if name not in move:
                continue
            value = move[name]
            if spec == "text":
                if not isinstance(value, str) or not 0 < len(value.strip()) <= 40 or any(ord(c) < 32 for c in value):
                    return IllegalMove("malformed_move", f"{name} is one line of 1 to 40 characters.")
            elif isinstance(spec[0], str):
                if value not in spec:
                    return IllegalMove("malformed_move", f"{name} is one of {', '.join(spec)}.")
            elif type(value) is not int or not spec[0] <= value <= spec[1]:
                return IllegalMove("malformed_move", f"{name} is a whole number from {spec[0]} to {spec[1]}.")
        return None

    def _why_not(self, p: int, move: Move) -> str:
        kind = move["type"]
        if p > len(self.party):
            return "Nobody sits in that seat."
        if p > 0 and self.party[p - 1]["status"] != "up" and kind != "take_over":
            sheet = self.party[p - 1]
            return f"{sheet['name']} is {'dead' if sheet['status'] == 'dead' else 'out of the fight'}."
        if kind == "take_over":
            return "Only the player of a dead character takes over a hireling, and only one the party has."
        return f"That {kind.replace('_', ' ')} is not possible now (check the ability, risk, weapon or target)."

    # --- cheating fate (TOMB-6, TS-2) ------------------------------------------------------------------
    def _cheat_refusal(self, side: dict[str, Any], public: bool = False) -> str | None:
        """Why ``side``'s own player may not cheat it now; None when they may. ``public``: as far as the
        other seats can tell (they see how many cards the hand holds, not which: TS-15)."""
        who = self.name_of(side["who"])
        if not side["who"].startswith("pc"):
            return "Only player characters hold a hand to cheat fate with."
        if side["cheat"] is not None:
            return f"{who} has already cheated this flip: one card per flip."
        if side["mode"] == "impaired":
            return "An impaired flip cannot be cheated."
        if BLACK in side["cards"]:
            return "The Black Joker was flipped: it cannot be cheated away."
        if self.pending and self.pending["kind"] == "damage" and not self.pending["context"].get("enhanced"):
            return "Damage can be cheated only when the attack was enhanced."
        hand = self.decks[side["deck"]].hand
        if not hand or (hand == [BLACK] and not public):
            return f"{who} has no card in hand to cheat with."
        return None

    def _cheat_error(self, p: int, move: Move) -> IllegalMove | None:
        assert self.pending is not None
        sides = [s for s in self.pending["sides"] if self.seat_of(s["who"]) == p and s["who"].startswith("pc")]
        if not sides:
            return IllegalMove("cannot_cheat", "You have no flip in this action to cheat.")
        side = sides[0]
        reason = self._cheat_refusal(side)
        if reason:
            return IllegalMove("cannot_cheat", reason)
        card = move["card"]
        hand = self.decks[side["deck"]].hand
        if not isinstance(card, str) or card not in hand:
            return IllegalMove("not_in_hand", f"{card!r} is not in {self.name_of(side['who'])}'s hand.")
        if card == BLACK:
            return IllegalMove("cannot_cheat", "The Black Joker is not laid over a flip: use it to make the "
                                               "Dealer flip again.")
        covers = move["covers"]
        if not isinstance(covers, str) or covers not in side["cards"]:
            return IllegalMove("malformed_move", f"{covers!r} is not one of the flipped cards.")
        return None

    def _force_refusal(self, p: int, public: bool = False) -> str | None:
        """Why seat ``p`` may not spend the Black Joker on the Dealer's flip now (TOMB-6, TS-2); ``public``:
        as far as the other seats can tell (any card in the hand might be the Black Joker)."""
        if self.pending is None:
            return "There is no flip waiting."
        mine = [s for s in self.pending["sides"] if s["who"].startswith("pc") and self.seat_of(s["who"]) == p]
        if not mine:
            return "Only a character in this action can force the Dealer's flip."
        hand = self.decks[mine[0]["deck"]].hand
        if BLACK not in hand and not (public and hand):
            return f"{self.name_of(mine[0]['who'])} has no Black Joker in hand."
        dealer_sides = [s for s in self.pending["sides"] if not s["who"].startswith("pc")]
        if not dealer_sides:
            return "The Black Joker forces only the Dealer to flip again."
        side = dealer_sides[0]
        if side["forced"]:
            return "The Dealer already flipped again: the second card is final."
        if RED in side["cards"]:
            return "The Black Joker cannot touch the Red Joker."
        return None

    # --- playing --------------------------------------------------------------------------------------
    def _apply(self, p: int, move: Move) -> list[Event]:
        self.last = []
        events: list[Event] = []
        handler = getattr(self, f"_do_{move['type']}")
        handler(p, move, events)
        return copy.deepcopy(events)  # the caller's to keep: nothing in them is shared with the state

    def _do_cheat(self, p: int, move: Move, events: list[Event]) -> None:
        assert self.pending is not None
        side = next(s for s in self.pending["sides"] if s["who"].startswith("pc") and self.seat_of(s["who"]) == p)
        covers = move.get("covers") or side["cards"][0]
        self.decks[side["deck"]].hand.remove(move["card"])
        side["cheat"], side["covered"] = move["card"], covers
        who = self.name_of(side["who"])
        self._say(events, {"type": "cheat", "who": side["who"], "card": move["card"], "covers": covers},
                  f"{who} cheats fate: {label(move['card'])} over the {label(covers)}.")
        self._settle_if_nobody_can_act(events)

    def _do_force(self, p: int, move: Move, events: list[Event]) -> None:
        assert self.pending is not None
        mine = next(s for s in self.pending["sides"] if s["who"].startswith("pc") and self.seat_of(s["who"]) == p)
        self.decks[mine["deck"]].hand.remove(BLACK)
        self.decks[mine["deck"]].discard.append(BLACK)
        side = next(s for s in self.pending["sides"] if not s["who"].startswith("pc"))
        old = list(side["cards"])
        self.decks[side["deck"]].discard.extend(old)
        side["cards"] = [self._flip(side["deck"], events) for _ in old]
        side["forced"] = True
        self._say(events, {"type": "force", "who": mine["who"], "old": old, "cards": side["cards"]},
                  f"{self.name_of(mine['who'])} plays the Black Joker: {self.name_of(side['who'])} flips again, "
                  f"{_cards(old)} out, {_cards(side['cards'])} in; that stands.")
        self._settle_if_nobody_can_act(events)

    def _do_settle(self, p: int, move: Move, events: list[Event]) -> None:
        self._settle(events)

    def _do_save(self, p: int, move: Move, events: list[Event]) -> None:
        me = pc_ref(p - 1)
        target = RISKS[move["risk"]]
        self._start(events, "save", [self._side(me, move["ability"], move.get("mode", "normal"), events)],
                    {"ability": move["ability"], "target": target, "risk": move["risk"]})

    def _do_turn_tail(self, p: int, move: Move, events: list[Event]) -> None:
        me = pc_ref(p - 1)
        self._start(events, "turn_tail", [self._side(me, "DEX", "normal", events)],
                    {"ability": "DEX", "target": TURN_TAIL_TARGET})

    def _do_contest(self, p: int, move: Move, events: list[Event]) -> None:
        me = pc_ref(p - 1)
        ability, against = move["ability"], move["against"]
        actor = self._side(me, ability, move.get("mode", "normal"), events)
        other = self._side(against, ability, move.get("other_mode", "normal"), events,
                           modifier=move.get("modifier", 0) if against == DEALER else None)
        self._start(events, "contest", [actor, other], {"ability": ability})

    def _do_initiative(self, p: int, move: Move, events: list[Event]) -> None:
        pc = move["character"]
        sides = [self._side(pc, "DEX", "normal", events),
                 self._side(DEALER, "DEX", "normal", events, modifier=move.get("modifier", 0))]
        self._start(events, "initiative", sides, {"ability": "DEX"})

    def _do_attack(self, p: int, move: Move, events: list[Event]) -> None:
        me = pc_ref(p - 1)
        weapon = weapons(self.party[p - 1])[move["weapon"]]
        self._attack(me, move["target"], weapon, move.get("mode", "normal"), 1, events)

    def _do_npc_attack(self, p: int, move: Move, events: list[Event]) -> None:
        npc = self.npc(move["npc"])
        self._attack(npc["ref"], move["target"], npc["weapon"], move.get("mode", "normal"),
                     move.get("attackers", 1), events)

    def _attack(self, attacker: str, target: str, weapon: dict[str, Any], mode: str, attackers: int,
                events: list[Event]) -> None:
        """TOMB-8 and TOMB-11: melee is STR against STR, ranged DEX against DEX; several attackers or a posse
        attack enhanced, an individual attacks a posse impaired; the damage bonus is +1 or a posse's +3."""
        ability = "DEX" if weapon["ranged"] else "STR"
        posse_attacks = not attacker.startswith("pc") and self.npc(attacker)["kind"] == "posse"
        posse_defends = not target.startswith("pc") and self.npc(target)["kind"] == "posse"
        why = ""
        if posse_attacks or attackers > 1:
            mode, why = "enhanced", "a posse attacks enhanced" if posse_attacks else "several attackers: enhanced"
        elif posse_defends:
            mode, why = "impaired", "attacks against a posse are impaired"
        bonus = 3 if posse_attacks else 1 if attackers > 1 else 0
        sides = [self._side(attacker, ability, mode, events), self._side(target, ability, "normal", events)]
        self._start(events, "attack", sides, {"ability": ability, "weapon": weapon, "bonus": bonus,
                                              "enhanced": mode == "enhanced", "why": why, "target": target})

    # --- the Dealer's tools ------------------------------------------------------------------------------
    def _do_reaction(self, p: int, move: Move, events: list[Event]) -> None:
        card = self._flip(DEALER, events)
        self.decks[DEALER].discard.append(card)
        result = reaction(card)
        self._say(events, {"type": "reaction", "card": card, "reaction": result},
                  f"The Dealer draws {label(card)} for a reaction: {result}.")

    def _do_die(self, p: int, move: Move, events: list[Event]) -> None:
        roll = roll_die(self.rng)
        favour = "favours the players" if roll >= DIE_OF_FATE_FAVOURS else "bad luck for the players"
        self._say(events, {"type": "die", "roll": roll, "favours": roll >= DIE_OF_FATE_FAVOURS},
                  f"The die of fate shows {roll}: {favour}.")

    def _do_hireling(self, p: int, move: Move, events: list[Event]) -> None:
        """TOMB-15: four cards by suit (jokers set aside and redrawn), an improvised weapon, HP = GRT + 1."""
        cards = self._draw_non_jokers(DEALER, HIRELING_CARDS, events)
        scores = _by_suit(cards)
        background_card = self._draw_non_jokers(DEALER, 1, events)[0]
        self.decks[DEALER].discard.extend([*cards, background_card])
        column = pick(tuple(NAME_COLUMNS), self.rng)
        name = move.get("name", "").strip() or NAMES[column][roll_die(self.rng) + roll_die(self.rng)]
        background = BACKGROUNDS[background_card[-1]][card_rank(background_card)]
        npc = self._add_npc(name, "hireling", scores, item_json(HIRELING_WEAPON), background=background)
        self._say(events, {"type": "hireling", "npc": npc["ref"], "cards": cards, "background_card": background_card},
                  f"A hireling signs on: {name}, {background.lower()}, from {_cards(cards)} "
                  f"({_scores(scores)}; HP {npc['hp']}).")

    def _do_enemy(self, p: int, move: Move, events: list[Event]) -> None:
        preset = ENEMY_PRESETS[move["preset"]]
        kind = "posse" if preset.get("posse") else "enemy"
        name = move.get("name", "").strip() or self._numbered(preset["name"])
        npc = self._add_npc(name, kind, dict(preset["abilities"]), item_json(ENEMY_WEAPONS[preset["weapon"]]))
        self._say(events, {"type": "enemy", "npc": npc["ref"]},
                  f"{name} joins the scene ({_scores(npc['abilities'])}; HP {npc['hp']}; {npc['weapon']['name']}).")

    def _do_morale(self, p: int, move: Move, events: list[Event]) -> None:
        self._start(events, "morale", [self._side(move["npc"], "WIL", "normal", events)],
                    {"ability": "WIL", "target": MORALE_TARGETS[move["risk"]]})

    def _do_hazard(self, p: int, move: Move, events: list[Event]) -> None:
        """The SRD's ability loss: a hazard lowers an ability; points below 0 of STR, DEX or WIL become
        debilitating conditions (TS-13); GRT below 0 kills."""
        ref, ability, amount = move["character"], move["ability"], move.get("amount", 1)
        sheet = self.sheet_of(ref)
        name = sheet["name"]
        before = sheet["abilities"][ability]
        if ability == "GRT":
            sheet["abilities"]["GRT"] = before - amount
            text = f"A hazard strikes {name}'s GRT: {before} to {before - amount}."
            if before - amount < 0:
                sheet["status"] = "dead"
                text += f" GRT below 0: {name} is dead."
        else:
            lost = min(before, amount)
            conditions = amount - lost
            sheet["abilities"][ability] = before - lost
            sheet["conditions"] += [CONDITIONS[ability]] * conditions
            text = f"A hazard strikes {name}'s {ability}: {before} to {before - lost}."
            if conditions:
                text += f" {conditions} x {CONDITIONS[ability]} ({ability} was at 0)."
            if sheet["conditions"].count(CONDITIONS[ability]) > sheet["max"][ability]:
                sheet["status"] = "dead"
                text += f" More {CONDITIONS[ability]} than {ability} {sheet['max'][ability]}: {name} dies."
            elif all(c in sheet["conditions"] for c in CONDITIONS.values()):
                text += f" Injured, Hobbled and Shocked: {name} is too broken to go on adventuring."
        self._say(events, {"type": "hazard", "who": ref, "ability": ability, "amount": amount}, text)

    def _do_fatigue(self, p: int, move: Move, events: list[Event]) -> None:
        sheet = self.sheet_of(move["character"])
        sheet["fatigue"] += move["change"]
        verb = "gains" if move["change"] > 0 else "sheds"
        self._say(events, {"type": "fatigue", "who": move["character"], "fatigue": sheet["fatigue"]},
                  f"{sheet['name']} {verb} a Fatigue ({sheet['fatigue']} now, {slots_used(sheet)} of 10 slots).")

    def _do_rest(self, p: int, move: Move, events: list[Event]) -> None:
        """A breather brings HP back (not when exhausted); a night also renews every deck and hand (TS-3),
        clears Fatigue and exhaustion and brings those out of the fight round; a week restores abilities
        and clears the conditions too (the SRD's Healing and Exhaustion)."""
        kind = move["kind"]
        for sheet in self.party:
            if sheet["status"] == "dead":
                continue
            if kind != "breather":
                sheet["fatigue"], sheet["exhausted"] = 0, False
                if sheet["status"] == "out":
                    sheet["status"] = "up"
            if kind == "week":
                sheet["abilities"] = dict(sheet["max"])
                sheet["conditions"] = []
            if not sheet["exhausted"]:
                sheet["hp"] = sheet["max_hp"]
        for npc in self.npcs:
            if npc["status"] == "up":
                npc["hp"] = npc["max_hp"]
        if kind != "breather":
            for deck in self.decks.values():
                deck.new_day(self.rng)
        self._say(events, {"type": "rest", "kind": kind, "hands": self._hands_event()},
                  f"The party takes {RESTS[kind]}." + (" Every deck is shuffled and new hands are dealt."
                                                       if kind != "breather" else ""))

    def _do_recover(self, p: int, move: Move, events: list[Event]) -> None:
        ref = move["character"]
        scar = self.sheet_of(ref)["scars"][move["scar"]]
        pending = scar.pop("pending")
        self._scar_effect(ref, pending, events, scar)

    def _do_remove(self, p: int, move: Move, events: list[Event]) -> None:
        npc = self.npc(move["npc"])
        self.npcs.remove(npc)
        self._say(events, {"type": "remove", "npc": npc["ref"]}, f"{npc['name']} leaves the scene.")

    def _do_end(self, p: int, move: Move, events: list[Event]) -> None:
        self.ended = True
        self._say(events, {"type": "end"}, "The Dealer ends the session.")

    def _do_take_over(self, p: int, move: Move, events: list[Event]) -> None:
        """The SRD's Death: the player takes a hireling, shuffles their whole deck, draws 3 cards by suit to
        add to the hireling's abilities (TS-12), shuffles them back and draws a hand of 5."""
        n = p - 1
        ref = pc_ref(n)
        npc = self.npc(move["npc"])
        deck = self.decks[ref]
        everything = deck.cards()
        deck.draw, deck.discard, deck.hand = shuffle(everything, self.rng), [], []
        cards = self._draw_non_jokers(ref, TAKE_OVER_CARDS, events)
        scores = {a: npc["abilities"][a] + _by_suit(cards)[a] for a in ABILITIES}
        deck.discard.extend(cards)
        deck.new_day(self.rng)
        sheet = new_sheet(scores)
        sheet.update(name=npc["name"], background=npc.get("background", ""),
                     inventory=[dict(npc["weapon"])], money=0)
        sheet["made"] = {"hireling": True, "cards": cards}
        self.fallen.append(self.party[n])
        self.party[n] = sheet
        self.npcs.remove(npc)
        self._say(events, {"type": "take_over", "who": ref, "npc": npc["ref"], "cards": cards,
                           "hand": list(deck.hand)},
                  f"{npc['name']} steps up in the fallen's place: {_cards(cards)} add {_scores(_by_suit(cards))} "
                  f"({_scores(scores)}; HP {sheet['hp']}).")

    # --- flips and settling ---------------------------------------------------------------------------
    def _flip(self, deck_ref: str, events: list[Event]) -> str:
        deck = self.decks[deck_ref]
        card, renewed = deck.flip(self.rng)
        if renewed:
            event: Event = {"type": "renewed", "deck": deck_ref, "hand": list(deck.hand)}
            self._say(events, event, f"{self.name_of(deck_ref)}'s deck ran out: the discards are shuffled back"
                      + (" and a new hand of 5 is drawn." if deck.holds_hand else "."))
        return card

    def _draw_non_jokers(self, deck_ref: str, count: int, events: list[Event]) -> list[str]:
        """Cards for a by-the-book draw (TOMB-2, TOMB-15): jokers go to the discards and are drawn past."""
        cards: list[str] = []
        while len(cards) < count:
            card = self._flip(deck_ref, events)
            if card in JOKERS:
                self.decks[deck_ref].discard.append(card)
            else:
                cards.append(card)
        return cards

    def _side(self, who: str, ability: str, mode: str, events: list[Event], modifier: int | None = None
              ) -> dict[str, Any]:
        deck = DEALER if who == DEALER else self.deck_of(who)
        cards = [self._flip(deck, events) for _ in range(cards_needed(mode))]
        if modifier is None:
            modifier = 0 if who == DEALER else self.modifier(who, ability)
        return {"who": who, "deck": deck, "ability": ability, "modifier": modifier, "mode": mode, "cards": cards,
                "cheat": None, "covered": None, "forced": False}

    def _start(self, events: list[Event], kind: str, sides: list[dict[str, Any]], context: dict[str, Any]) -> None:
        self.pending = {"kind": kind, "sides": sides, "context": context}
        events.append({"type": "flip", "kind": kind, "sides": copy.deepcopy(sides)})
        self._settle_if_nobody_can_act(events)

    def _settle_if_nobody_can_act(self, events: list[Event]) -> None:
        """A flip that no cheat and no Black Joker can change is settled at once."""
        if self.pending is None:
            return
        for side in self.pending["sides"]:
            if side["who"].startswith("pc"):
                seat = self.seat_of(side["who"])  # public: waiting must not tell others what a hand holds
                if self._cheat_refusal(side, public=True) is None or self._force_refusal(seat, public=True) is None:
                    return
        self._settle(events)

    def _judged(self, side: dict[str, Any]) -> Flip:
        return judge_flip(side["cards"], side["mode"], side["modifier"], ABILITY_SUITS[side["ability"]],
                          side["cheat"], side["covered"])

    def _discard_flips(self) -> None:
        assert self.pending is not None
        for side in self.pending["sides"]:
            self.decks[side["deck"]].discard.extend(side["cards"])
            if side["cheat"] is not None:
                self.decks[side["deck"]].discard.append(side["cheat"])

    def _settle(self, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        self._discard_flips()
        self.pending = None
        kind, context = pending["kind"], pending["context"]
        if kind == "damage":
            return self._settle_damage(pending, events)
        flips = [self._judged(s) for s in pending["sides"]]
        refs = [s["who"] for s in pending["sides"]]
        if len(flips) == 1:
            result = save(flips[0], context["ability"], context["target"])
            self._settle_save(kind, refs[0], result, context, events)
            return None
        outcome = contest(flips[0], flips[1], context["ability"])
        self._settle_contest(kind, refs, outcome, context, events)
        return None

    def _settle_save(self, kind: str, ref: str, result: Any, context: dict[str, Any], events: list[Event]) -> None:
        name = self.name_of(ref)
        ability = context["ability"]
        said = f"{name} flips {_flip_words(result.flip, ability)} against {result.target}"
        verdict = _save_rule(result)
        if kind == "save":
            text = f"{said} ({RISK_LABELS[context['risk']]}): {verdict}."
        elif kind == "turn_tail":
            text = (f"{name} turns tail: {said}. {verdict.capitalize()}: " +
                    ("clean away." if result.success else "away, but every enemy gets one free attack first."))
        elif kind == "morale":
            npc = self.npc(ref)
            text = f"Morale: {said}. {verdict.capitalize()}: " + (
                f"{npc['name']} holds." if result.success else f"{npc['name']} flees.")
            if not result.success:
                npc["status"] = "fled"
        elif kind == "critical":
            text = self._settle_critical(ref, result, said, verdict, events)
        else:  # a scar's GRT save (Deafened, Sundered)
            sheet = self.sheet_of(ref)
            text = f"{said}: {verdict}."
            if result.success:
                sheet["max"]["GRT"] += 1
                sheet["abilities"]["GRT"] += 1
                text += f" Max GRT rises to {sheet['max']['GRT']}."
        self._record_result(events, {"type": "settled", "kind": kind, "who": ref, "result": result.to_json()}, text)

    def _settle_contest(self, kind: str, refs: list[str], outcome: Any, context: dict[str, Any],
                        events: list[Event]) -> None:
        a, o = refs
        ability = context["ability"]
        actor_words = f"{self.name_of(a)} flips {_flip_words(outcome.actor, ability)}"
        other_words = f"{_possessive(self.name_of(o))} {_flip_words(outcome.other, ability)}"
        why = _contest_rule(outcome, ability)
        winner = self.name_of(a if outcome.actor_wins else o)
        base = f"{actor_words} against {other_words}: {why}"
        event = {"type": "settled", "kind": kind, "who": a, "other": o, "result": outcome.to_json()}
        if kind == "initiative":
            first = "the party acts first" if outcome.actor_wins else "the enemies act first"
            complication = any(BLACK in f.counted for f in (outcome.actor, outcome.other))
            event["complication"] = complication
            text = f"Initiative: {base}; {first}." + (" A Black Joker: the Dealer adds a complication."
                                                      if complication else "")
        elif kind == "attack":
            weapon = context["weapon"]
            how = f" ({context['why']})" if context["why"] else ""
            text = f"{self.name_of(a)} attacks {self.name_of(o)} with the {weapon['name'].lower()}{how}. {base}; " + \
                   ("a hit." if outcome.actor_wins else "a miss.")
        else:
            text = f"{base}; {winner} wins."
        self._record_result(events, event, text)
        if kind == "attack" and outcome.actor_wins:
            self._damage_flip(a, o, context, events)

    def _damage_flip(self, attacker: str, target: str, context: dict[str, Any], events: list[Event]) -> None:
        side = self._side(attacker, context["ability"], "normal", events, modifier=0)
        self._start(events, "damage", [side], {**context, "attacker": attacker})

    def _settle_damage(self, pending: dict[str, Any], events: list[Event]) -> None:
        side = pending["sides"][0]
        context = pending["context"]
        card = side["cards"][0]
        shown = side["cheat"] or card
        extra = None
        if shown == RED:
            extra = self._flip(side["deck"], events)
            self.decks[side["deck"]].discard.append(extra)
        result = damage(context["weapon"]["damage"], card, context["bonus"], extra, side["cheat"])
        attacker, target = context["attacker"], context["target"]
        text = f"{self.name_of(attacker)} flips {_damage_words(result)} for damage"
        if result.rule == "black_joker":
            text += ": the Black Joker, no damage, and the Dealer may add a misfortune."
        else:
            text += f": {result.total} damage to {self.name_of(target)}."
        self._record_result(events, {"type": "settled", "kind": "damage", "who": attacker, "other": target,
                                     "result": result.to_json()}, text)
        if result.total > 0:
            self._hurt(target, result.total, events)

    def _hurt(self, ref: str, amount: int, events: list[Event]) -> None:
        """TOMB-9/10: HP first; the rest lowers GRT (a posse's STR, TS-11), below 0 is death, else a GRT save
        at 10 decides critical damage. A player character's hit ending exactly on 0 HP draws a scar."""
        is_pc = ref.startswith("pc")
        sheet = self.sheet_of(ref)
        hp = effective_hp(sheet) if is_pc else sheet["hp"]
        name = sheet["name"]
        if amount <= hp:
            sheet["hp"] = max(0, sheet["hp"] - amount)
            text = f"{name} loses {amount} HP ({sheet['hp']} left)."
            self._say(events, {"type": "hurt", "who": ref, "hp": sheet["hp"]}, text)
            if is_pc and hp - amount == 0:
                self._scar(ref, min(amount, 12), events)
            elif not is_pc and sheet["hp"] == 0 and sheet["kind"] == "enemy":
                self._say(events, {"type": "lone_at_zero", "who": ref},
                          f"{name} is at 0 HP: a lone enemy now makes a morale save (TOMB-13).")
            return
        rest = amount - hp
        sheet["hp"] = 0
        stat = "STR" if not is_pc and sheet["kind"] == "posse" else "GRT"
        sheet["abilities"][stat] -= rest
        text = f"{name} loses {hp} HP and {rest} {stat} ({stat} {sheet['abilities'][stat]})."
        if stat == "STR" and sheet["abilities"]["STR"] <= 0:
            sheet["abilities"]["STR"] = 0
            sheet["status"] = "destroyed"
            self._say(events, {"type": "hurt", "who": ref, "status": "destroyed"}, text + " The posse is destroyed.")
            return
        if stat == "GRT" and sheet["abilities"]["GRT"] < 0:
            sheet["status"] = "dead"
            self._say(events, {"type": "hurt", "who": ref, "status": "dead"}, text + f" GRT below 0: {name} is dead.")
            return
        self._say(events, {"type": "hurt", "who": ref, "hp": 0}, text + " A GRT save at 10 against critical damage.")
        self._start(events, "critical", [self._side(ref, "GRT", "normal", events)],
                    {"ability": "GRT", "target": CRITICAL_TARGET})

    def _settle_critical(self, ref: str, result: Any, said: str, verdict: str, events: list[Event]) -> str:
        sheet = self.sheet_of(ref)
        name = sheet["name"]
        text = f"Against critical damage: {said}: {verdict}."
        if ref.startswith("pc"):
            if sheet["doomed"]:
                sheet["doomed"] = False
                if not result.success:
                    sheet["status"] = "dead"
                    return text + f" Doomed: {name} dies horribly."
                gain = self._count_suit(ref, "GRT", 3, events)
                text += f" Doomed no more: {gain}"
            if not result.success:
                sheet["status"] = "out"
                text += f" Critical damage: {name} is out of the fight and dies within the hour unless treated."
            return text
        if result.success:
            return text
        if sheet["kind"] == "posse":
            sheet["status"] = "routed"
            return text + f" Critical damage: {name} is routed."
        sheet["status"] = "dead"
        return text + f" Critical damage: {name} dies."

    # --- scars (TOMB-10) ---------------------------------------------------------------------------------
    def _scar(self, ref: str, roll: int, events: list[Event]) -> None:
        scar = SCARS[roll]
        entry: dict[str, Any] = {"roll": roll, "name": scar.name, "detail": scar.text}
        self.sheet_of(ref)["scars"].append(entry)
        self._say(events, {"type": "scar", "who": ref, "roll": roll},
                  f"{self.name_of(ref)} drops to exactly 0 HP, losing {roll}: scar {roll}, {scar.name}.")
        self._scar_effect(ref, scar.effect, events, entry)

    def _scar_effect(self, ref: str, effect: str, events: list[Event], entry: dict[str, Any]) -> None:
        """What a scar does now. Effects the SRD puts after a recovery ("once mended", "after recovery")
        wait on the sheet as ``pending`` (``count_GRT_7``, ``count_DEX_7``, ``max_hp_tier``) until the
        Dealer calls ``recover`` (TS-9)."""
        sheet = self.sheet_of(ref)
        name = sheet["name"]
        if effect == "save_GRT_up":
            self._say(events, {"type": "scar_effect", "who": ref}, f"{name} makes a GRT save to come back stronger.")
            self._start(events, "scar_save", [self._side(ref, "GRT", "normal", events)],
                        {"ability": "GRT", "target": RISKS["standard"]})
            return
        text = ""
        if effect == "lasting_scar":
            spot = self._one_card(ref, events)
            entry["detail"] = f"A lasting scar on the {scar_spot(spot)} ({label(spot)})."
            text = f"{label(spot)}: the scar is on the {scar_spot(spot)}. " + self._max_hp_tier(ref, events)
        elif effect == "walloped":
            sheet["exhausted"] = True
            text = f"{name} is exhausted until a few hours' rest. " + self._max_hp_tier(ref, events)
        elif effect == "max_hp_tier":
            text = self._max_hp_tier(ref, events)
        elif effect == "mortal_wound":
            sheet["exhausted"] = True
            sheet["status"] = "out"
            entry["pending"] = "max_hp_tier"
            text = f"{name} is out of action and dies within the hour unless healed."
        elif effect == "broken_limb":
            limb = self._one_card(ref, events)
            entry["detail"] = f"Broken {broken_limb(limb)} ({label(limb)})."
            entry["pending"] = "count_GRT_7"
            text = f"{label(limb)}: a broken {broken_limb(limb)}. Once it mends, 7 cards for a new max GRT."
        elif effect.startswith("recover_"):
            ability = effect.split("_")[1]
            entry["pending"] = f"count_{ability}_7"
            text = f"Once {name} recovers, 7 cards for a new max {ability}."
        elif effect.startswith(("redraw_", "count_")):
            text = self._count_suit(ref, effect.split("_")[1], 7, events)
        elif effect == "head_wound":
            card = self._one_card(ref, events)
            ability = head_wound_ability(card)
            text = f"{label(card)}: {ability}. " + self._count_suit(ref, ability, 7, events, current=True)
        elif effect == "doomed":
            sheet["doomed"] = True
            text = f"{name} is doomed: failing the next save against critical damage kills."
        self._say(events, {"type": "scar_effect", "who": ref, "effect": effect}, text)

    def _max_hp_tier(self, ref: str, events: list[Event]) -> str:
        """A card's tier added to max HP (a joker counts tier 1, TS-9)."""
        card = self._one_card(ref, events)
        gain = max(1, tier(card))
        sheet = self.sheet_of(ref)
        sheet["max_hp"] += gain
        return f"{label(card)}: max HP +{gain} ({sheet['max_hp']})."

    def _one_card(self, ref: str, events: list[Event]) -> str:
        card = self._flip(ref, events)
        self.decks[ref].discard.append(card)
        return card

    def _count_suit(self, ref: str, ability: str, count: int, events: list[Event], current: bool = False) -> str:
        """TOMB-10: draw ``count`` and count the ability's suit; more than the max (or the current score)
        becomes the new score."""
        cards = [self._flip(ref, events) for _ in range(count)]
        self.decks[ref].discard.extend(cards)
        hits = sum(1 for c in cards if c not in JOKERS and SUIT_ABILITIES[c[-1]] == ability)
        sheet = self.sheet_of(ref)
        old = sheet["abilities"][ability] if current else sheet["max"][ability]
        text = f"{_cards(cards)}: {hits} {_suit_word(ability)} against {ability} {old}"
        if hits > old:
            raise_by = hits - old
            sheet["max"][ability] += raise_by
            sheet["abilities"][ability] += raise_by
            return text + f": {ability} rises to {sheet['abilities'][ability]}."
        return text + ": no change."

    # --- helpers ----------------------------------------------------------------------------------------
    def _add_npc(self, name: str, kind: str, scores: dict[str, int], weapon: dict[str, Any], **extra: Any
                 ) -> dict[str, Any]:
        npc = {"ref": f"npc{self.npc_counter}", "name": name, "kind": kind, "abilities": dict(scores),
               "max": dict(scores), "hp": scores["GRT"] + 1, "max_hp": scores["GRT"] + 1, "weapon": weapon,
               "status": "up", **extra}
        self.npc_counter += 1
        self.npcs.append(npc)
        return npc

    def _numbered(self, base: str) -> str:
        taken = {n["name"] for n in self.npcs}
        if base not in taken:
            return base
        return next(f"{base} {k}" for k in range(2, 100) if f"{base} {k}" not in taken)

    def _hands_event(self) -> dict[str, list[str]]:
        return {ref: list(deck.hand) for ref, deck in self.decks.items() if deck.holds_hand}

    def _say(self, events: list[Event], event: Event, sentence: str) -> None:
        event["sentence"] = sentence
        events.append(event)
        self.log.append({"kind": event["type"], "sentence": sentence})

    def _record_result(self, events: list[Event], event: Event, sentence: str) -> None:
        self._say(events, event, sentence)
        self.last.append(copy.deepcopy(event))

    # --- what leaves Python ---------------------------------------------------------------------------
    def view(self, p: int | None) -> dict[str, Json]:
        """Sheets, counts and discards are public; a hand shows only to its own seat; no deck's order leaves.
        Built from the state's own objects and copied once at the end (a JSON round trip: sessions carry
        long logs and six sheets, and this is several times faster than copying piece by piece)."""
        self.check_viewer(p)
        party = []
        for n, sheet in enumerate(self.party):
            ref = pc_ref(n)
            party.append({"ref": ref, "seat": n + 1, "sheet": sheet, "slots": slots_used(sheet),
                          "effective_hp": effective_hp(sheet),
                          "debilitated": all(c in sheet["conditions"] for c in CONDITIONS.values()),
                          "weapons": weapons(sheet), **self.decks[ref].public(p == n + 1)})
        pending = None
        if self.pending is not None:
            pending = {"kind": self.pending["kind"], "context": self.pending["context"],
                       "sides": [self._side_view(s, p) for s in self.pending["sides"]],
                       "force": None if p is None else self._force_refusal(p)}
        view = {
            "party": party, "fallen": self.fallen,
            "dealer": self.decks[DEALER].public(False), "npcs": self.npcs,
            "pending": pending, "last": [self._redact_hands(e, p) for e in self.last],
            "log": self.log[-LOG_WINDOW:], "log_total": len(self.log), "ended": self.ended,
            "forms": {"abilities": ABILITIES, "risks": {k: [v, RISK_LABELS[k]] for k, v in RISKS.items()},
                      "modes": MODES, "free": FREE_FIELDS, "rests": RESTS, "morale": MORALE_TARGETS,
                      "presets": {k: v["name"] for k, v in ENEMY_PRESETS.items()}},
        }
        copied: dict[str, Json] = json.loads(json.dumps(view))
        return copied

    def _side_view(self, side: dict[str, Any], p: int | None) -> dict[str, Json]:
        judged = self._judged(side)
        refusal = (self._cheat_refusal(side, public=p != self.seat_of(side["who"])) if side["who"].startswith("pc")
                   else "Only player characters cheat.")
        return {**side, "name": self.name_of(side["who"]), "flip": judged.to_json(),
                "cheat_refusal": refusal}

    def _redact_hands(self, event: Event, viewer: int | None) -> Event:
        """A hand in an event is shown only to its seat; everyone else gets the count."""
        event = copy.deepcopy(event)
        if "hand" in event and "who" in event:
            if viewer is None or self.seat_of(event["who"]) != viewer:
                event["hand"] = len(event["hand"])
        if event.get("type") == "renewed" and (viewer is None or self.seat_of(event["deck"]) != viewer
                                               or event["deck"] == DEALER):
            event["hand"] = len(event["hand"])
        if "hands" in event:
            event["hands"] = {ref: cards if viewer is not None and self.seat_of(ref) == viewer else len(cards)
                              for ref, cards in event["hands"].items()}
        return event

    def outcome(self) -> dict[str, Json] | None:
        if self.to_act():
            return None
        alive = sum(1 for s in self.party if s["status"] != "dead")
        reason = (f"The session is over: {alive} of {len(self.party)} still standing." if self.ended
                  else "The whole party is dead: the session is over.")
        return {"winner": None, "scores": [0] * self.info.players, "reason": reason,
                "result": {"party": copy.deepcopy(self.party), "fallen": copy.deepcopy(self.fallen)}}

    def redact_event(self, event: Event, viewer: int | None) -> Event:
        return self._redact_hands(event, viewer)

    def describe(self, p: int, move: Move) -> str:
        kind = move["type"]
        n = self.name_of
        if kind == "save":
            return f"{move['ability']} save, {RISK_LABELS[move['risk']]} ({RISKS[move['risk']]})"
        if kind == "contest":
            return f"{move['ability']} contest against {n(move['against'])}"
        if kind == "attack":
            weapon = weapons(self.party[p - 1])[move["weapon"]]
            return f"Attack {n(move['target'])} with the {weapon['name'].lower()}"
        if kind == "turn_tail":
            return f"Turn tail (DEX save {TURN_TAIL_TARGET})"
        if kind == "take_over":
            return f"Take over {n(move['npc'])}"
        if kind == "cheat":
            return f"Cheat fate: {label(move['card'])} over the {label(move['covers'])}"
        if kind == "force":
            return "Play the Black Joker: the Dealer flips again"
        if kind == "settle":
            return "Let the cards stand"
        simple = {"reaction": "Draw a reaction", "die": "Roll the die of fate", "hireling": "Make a hireling",
                  "end": "End the session"}
        if kind in simple:
            return simple[kind]
        if kind == "enemy":
            return f"Bring in a {ENEMY_PRESETS[move['preset']]['name'].lower()}"
        if kind == "npc_attack":
            return f"{n(move['npc'])} attacks {n(move['target'])}"
        if kind == "morale":
            return f"Morale save for {n(move['npc'])} (WIL {MORALE_TARGETS[move['risk']]})"
        if kind == "initiative":
            return f"Initiative: {n(move['character'])}'s DEX against the Dealer"
        if kind == "hazard":
            return f"A hazard strikes {n(move['character'])}'s {move['ability']}"
        if kind == "fatigue":
            return f"{'Add' if move['change'] > 0 else 'Remove'} a Fatigue for {n(move['character'])}"
        if kind == "rest":
            return f"Rest: {RESTS[move['kind']]}"
        if kind == "recover":
            scar = self.sheet_of(move["character"])["scars"][move["scar"]]
            return f"{n(move['character'])} recovers from {scar['name']}"
        return f"Remove {n(move['npc'])}"


def pc_ref(n: int) -> str:
    return f"pc{n}"


def _strict(move: Move) -> str:
    """A move as strict JSON: Python's 1 == 1.0 == True must not make a move legal."""
    return json.dumps(move, sort_keys=True)


def _by_suit(cards: Sequence[str]) -> dict[str, int]:
    scores = {a: 0 for a in ABILITIES}
    for card in cards:
        scores[SUIT_ABILITIES[card[-1]]] += 1
    return scores


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{a} {scores[a]}" for a in ABILITIES)


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(label(c) for c in cards)


def _possessive(name: str) -> str:
    return "the Dealer's" if name == "the Dealer" else f"{name}'s"


def _suit_word(ability: str) -> str:
    return {"STR": "Spades", "DEX": "Clubs", "WIL": "Diamonds", "GRT": "Hearts"}[ability]


def _flip_words(flip: Flip, ability: str) -> str:
    """"8♦ + WIL 2 = 10", "the Red Joker", "7♠ and 9♦ (enhanced) + STR 1 = 17", "J♣ covered with 9♥ + ..."."""
    def card(code: str) -> str:
        return f"{label(code)} covered with {label(flip.cheat)}" if flip.cheat and code == flip.covered else label(code)

    cards = [card(c) for c in flip.cards]
    if flip.mode == "enhanced":
        words = f"{cards[0]} and {cards[1]} (enhanced)"
    elif flip.mode == "impaired":
        words = f"{cards[0]} and {cards[1]} (impaired: {label(flip.counted[0])} counts)"
    else:
        words = cards[0]
    if flip.auto:
        return f"{words}: the {'Black' if flip.auto == 'failure' else 'Red'} Joker"
    return f"{words} + {ability} {flip.modifier} = {flip.total}"


def _save_rule(result: Any) -> str:
    if result.rule == "black_joker":
        return "the Black Joker, a failure whatever the total"
    if result.rule == "red_joker":
        return "the Red Joker, a success whatever the total"
    return "made it" if result.success else "short"


def _contest_rule(outcome: Any, ability: str) -> str:
    rule = outcome.rule
    suit = _suit_word(ability)
    if rule == "higher":
        return "the higher total"
    if rule == "tie_suit":
        return f"a tie, and {suit} is {ability}'s suit"
    if rule == "tie_defender":
        return f"a tie, with {suit} on both or neither: the defender holds"
    if rule in ("both_black", "both_red"):
        return "a joker each: the defender holds"
    return "the Black Joker fails" if rule == "black_joker" else "the Red Joker succeeds"


def _damage_words(result: Any) -> str:
    shown = result.cheat or result.card
    if result.rule == "red_joker":
        extra = f" then {label(result.extra)}" if result.extra else ""
        return f"the Red Joker (tier 3: {result.base}){extra} (+{result.extra_damage})" + (
            f" +{result.bonus}" if result.bonus else "")
    if result.rule == "black_joker":
        return label(shown)
    cheat = f" (cheating over {label(result.covered)})" if result.cheat else ""
    bonus = f" +{result.bonus}" if result.bonus else ""
    return f"{label(shown)}{cheat}, tier {result.tier}: {result.base}{bonus}"
