"""Showdown (``tombstone_showdown``): one to three characters against an encounter, the computer as Dealer.

The party (seats 1..3, from ``setup``: their sheets; with no setup a stranger is forged on the spot by
the book) fights an encounter of ``encounters.py`` (the ``encounter`` option). The engine runs the round
(TOMB-12): an initiative contest of the party's quickest hand against the enemies' (a Black Joker brings a
complication), then each side's turns in the order it decided. Each character has one action a round:
attack melee or ranged with a weapon from the sheet, take cover, reload a heavy gun, drink, or turn tail
(TOMB-14). The Dealer (seat 0, played by the engine itself through ``auto_move``: ``dealer.py``) gives
each enemy its action: alone or several on one character (TOMB-11), take cover or reload. Morale saves
(TOMB-13), critical damage, death (TOMB-9) and scars (TOMB-10) follow the shared combat path
(``combat.py``), and so does every flip a character could cheat: it waits for that player (TOMB-6).

An ambush (SD-13) opens with a save for each character to spot it; whoever fails is caught off guard in
round 1. Morale saves wait for the end of the round (SD-14), so every character standing acts first.

A hazard encounter (the rattlesnake, SD-10) has no initiative and no enemy turns while it sits in the boot:
it lunges at its victim at the start of each round (a DEX save to jerk clear), then each character may try
one of its saves; holding still sends it away, kicking or grabbing flings it out loose, and then it is
fought like an enemy. A failure lets it strike the one who tried.

The ``trail`` (SD-15..SD-17) is three encounters in a row with a camp between them: a night's rest and the
shop (``tables.SHOP``), so HP, scars, the purse and gear carry on. Each fight ends in victory (every enemy
down), routed (the rest fled), escaped (the party got away), safe (a hazard past) or dead (nobody left
standing); ``outcome()["result"]`` carries the sheets as the last fight left them and every fight's end.

>>> from pygame_core import get_game
>>> state = get_game("tombstone_showdown").new_game(seed=3, options={"encounter": "noon"})
>>> state.view(None)["encounter"]["title"]
'A lone gunslinger at noon'
"""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any, Literal, cast

from ...cards import new_rng
from ...engine import (Event, GameInfo, IllegalMove, Json, Move, OptionSpec, Outcome, SeatSpec, SetupError, Shapes,
                       State, ToldOutcome, register)
from ...grammar import sentence
from .character import Sheet, check_sheet, item_json, sheet_constants, weapons
from .combat import (DEALER, LOG_WINDOW, MIN_PARTY, TURN_TAIL_TARGET, Combat, check_party, deal_decks, pc_ref,
                     strict)
from .shapes import CheatPreview, ShowdownConstants, ShowdownEvent, ShowdownMove, ShowdownView
from .encounters import COMPLICATIONS, ENCOUNTERS, ENEMY_WEAPONS, Encounter
from .fate import BLACK, RED, label, roll_die, tier
from .tables import SHOP, SHORT_CREDIT, Item
from .forge import buy_onto, dollars, purchase_error

# SD-16: a camp on the trail sells what a character carries and pack beasts; no board (there is no town) and no
# hirelings (they do not fight in a Showdown).
CAMP_SHELF: tuple[Item, ...] = tuple(item for item in SHOP.values() if item.kind not in ("board", "hireling"))

MAX_PARTY = 3
ROUND_LIMIT = 40  # a fight still going after this many rounds peters out at nightfall (SD-2)
DRINKS = ("gin", "rum", "whiskey_bottle")  # what a character can take a swig from (SD-6)
MORALE_STANDARD, MORALE_HIGH = 9, 12  # TOMB-13
SPOT_TARGET = 10  # SD-13: a low-risk save, since serious danger is telegraphed
TRAIL = ("snake", "gang", "ambush")  # SD-15: the trail's fights, in order
TRAIL_TITLE = "The trail (three fights)"
FOE_KINDS = ("enemy", "posse")
ENDS = {
    "victory": "Every enemy is down: the party holds the field.",
    "routed": "The enemies break and run: the party holds the field.",
    "escaped": "The party got away.",
    "dead": "Nobody of the party is left standing.",
    "nightfall": "Night falls on a fight nobody could finish: both sides slip away.",
    "safe": "The danger is past.",
}
FIELDS: dict[str, set[str]] = {
    "attack": {"weapon", "target"}, "take_cover": set(), "reload": {"weapon"}, "drink": {"source"},
    "turn_tail": set(), "hazard": {"action"}, "cheat": {"card", "covers"}, "force": set(), "settle": set(),
    "rest": set(), "buy": {"item"}, "move_on": set(),
}
DEALER_FIELDS: dict[str, set[str]] = {"attack": {"npcs", "target"}, "take_cover": {"npc"}, "reload": {"npc"}}
PENDING_MOVES = {"cheat", "force", "settle"}
CAMP_MOVES = {"rest", "buy", "move_on"}  # SD-16: between the fights of a trail only


def forge_stranger(seed: int) -> Sheet:
    """A character forged by the book for a Showdown opened without a party: every part kept as drawn
    and one of the packages picked by the seed (a fighter needs a weapon)."""
    from ... import get_game

    forge = get_game("tombstone_forge").new_game(seed=seed)
    while not forge.is_over():
        moves = forge.legal_moves(0)
        packages = [m for m in moves if m["type"] == "package"]
        if packages and forge.view(0)["gear"] == "standard":
            forge.play(0, packages[seed % len(packages)])
            continue
        forge.play(0, moves[0])
    outcome = forge.outcome()
    assert outcome is not None  # the forge is over
    sheet: Sheet = outcome["result"]
    return sheet


def fit_party(setup: Json) -> dict[str, Json]:
    """``{"party": [sheet, ...]}``: one to three sheets, each checked and fit to fight."""
    party = check_party(setup, MAX_PARTY, "A Showdown needs")
    for n, sheet in enumerate(party, 1):
        if sheet["status"] != "up":
            state = "dead" if sheet["status"] == "dead" else "still out of the fight"
            raise SetupError("bad_setup", f"{sheet['name'] or f'Character {n}'} is {state} and cannot fight.")
    return {"party": party}


@register
class ShowdownState(Combat, State[ShowdownView, ShowdownEvent, ShowdownMove, CheatPreview]):
    """A gunfight in rounds; ``phase`` is "initiative", "party" or "enemies"; ``queue`` holds what must
    happen before the round goes on (free attacks on a character turning tail, a snake's strike)."""

    shapes = Shapes(ShowdownView, ShowdownEvent, ShowdownMove, CheatPreview, ShowdownConstants)

    info = GameInfo(
        id="tombstone_showdown",
        title="Tombstone: Showdown",
        players=1 + MAX_PARTY,
        simultaneous=False,
        hidden_info=True,
        summary=("A gunfight to play alone or with friends: up to three characters from your roster against an "
                 "encounter, with the computer dealing for the enemies by the same cards."),
        credit=SHORT_CREDIT,
        minutes=15,
        options=(OptionSpec("encounter", "Encounter", (*ENCOUNTERS, "trail"),
                            "Who or what the party faces: one encounter, or the trail's three with camp between.",
                            (*(e.title for e in ENCOUNTERS.values()), TRAIL_TITLE)),),
        levels=(),
        # the computer's Dealer and a seat per character of the party; a seat without a character never acts
        seats=(SeatSpec("Dealer", "engine"),
               *(SeatSpec(f"Player {n}", optional=True) for n in range(1, MAX_PARTY + 1))),
        min_people=MIN_PARTY,
        modes=("solo", "hotseat"),
        setup=True,
        constants=ShowdownConstants(**sheet_constants(), max_party=MAX_PARTY, turn_tail_target=TURN_TAIL_TARGET),
    )

    @classmethod
    def check_setup(cls, setup: Json) -> Json:
        """The party made canonical; None stays None and seats a stranger forged on the spot."""
        return None if setup is None else fit_party(setup)

    @classmethod
    def sample_setup(cls, size: int, seed: int) -> Json:
        """A party of ``size`` strangers forged by the book (SD-11), one seed each."""
        return {"party": [forge_stranger(seed * 7 + k) for k in range(size)]}

    @classmethod
    def check_result(cls, result: Json) -> Json:
        """A fight's result coming back: its sheets, each checked."""
        if (not isinstance(result, dict) or not isinstance(result.get("party"), list)
                or not MIN_PARTY <= len(result["party"]) <= MAX_PARTY):
            raise SetupError("bad_result", f'A Showdown result is {{"party": [1 to {MAX_PARTY} sheets], ...}}.')
        return {**result, "party": [check_sheet(s) for s in result["party"]]}

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        rng = new_rng(seed)
        party: list[Sheet] = [forge_stranger(seed)] if setup is None else copy.deepcopy(setup["party"])
        deal = deal_decks(deal, len(party), rng)
        super().__init__(seed, options, deal, setup)
        self._init_combat(rng, party, deal)
        choice = options["encounter"]
        self.trail: tuple[str, ...] = TRAIL if choice == "trail" else (choice,)
        self.fights: list[dict[str, Any]] = []  # each fight done: its encounter, its end, its rounds
        self.camp = False  # SD-16: between two fights of a trail
        self.rested = False  # the camp's night's rest was taken
        self.end: str | None = None
        self.paid: dict[str, int] = {}
        events: list[Event] = []
        self._begin_fight(events)
        self._advance(events)

    def _begin_fight(self, events: list[Event]) -> None:
        """The next encounter of the trail (or the only one): its foes seated, every round's record fresh;
        the sheets, the decks and the purse carry on (SD-15)."""
        self.encounter: Encounter = ENCOUNTERS[self.trail[len(self.fights)]]
        self.camp = False
        self.round = 0
        self.phase: Literal["initiative", "party", "enemies"] = "initiative"
        self.first: Literal["party", "enemies"] = "party"
        self.effects: list[str] = []
        self.queue: list[dict[str, str]] = []
        self.stance: dict[str, dict[str, Any]] = {
            pc_ref(n): {"cover": False, "acted": False, "unloaded": [], "caught": False} for n in range(len(self.party))}
        self.escaped: list[str] = []
        self.morale_checked: list[str] = []
        self.hazard_gone = False
        self.loose = False  # SD-10: the snake was flung out of the boot and is fought on the ground
        self.npcs = []
        self.npc_counter = 0
        self._seat_foes()
        stage = f"Fight {len(self.fights) + 1} of {len(self.trail)}: " if len(self.trail) > 1 else ""
        self._say(events, {"type": "scene"}, f"{stage}{self.encounter.title}. {self.encounter.blurb}")

    def _seat_foes(self) -> None:
        encounter = self.encounter
        if encounter.hazard is not None:
            hazard = encounter.hazard
            npc = self._add_npc(hazard.name, "hazard", hazard.loose.abilities, item_json(ENEMY_WEAPONS[hazard.weapon]))
            self.stance[npc["ref"]] = {"cover": False, "acted": False, "unloaded": []}
            return
        extra = [encounter.extra[n % len(encounter.extra)] for n in range(len(self.party) - 1)] if encounter.extra else []
        for foe in (*encounter.foes, *extra):
            npc = self._add_npc(self._numbered(foe.name), "posse" if foe.posse else "enemy", foe.abilities,
                                item_json(ENEMY_WEAPONS[foe.weapon]), leader=foe.leader)
            self.stance[npc["ref"]] = {"cover": foe.cover, "acted": False, "unloaded": []}

    # --- who is where -----------------------------------------------------------------------------------
    def fighting(self) -> list[str]:
        """Characters still in the fight: up and not gone."""
        return [ref for ref in self.party_refs() if ref not in self.escaped]

    def foes(self) -> list[str]:
        return self.npc_refs(FOE_KINDS)

    def _due_characters(self) -> list[str]:
        return [ref for ref in self.fighting() if not self.stance[ref]["acted"]]

    def in_boot(self) -> bool:
        """A hazard still where it started (SD-10): no initiative, no enemy turns, only its saves."""
        return self.encounter.hazard is not None and not self.loose

    def _campers(self) -> list[str]:
        """SD-16: everyone of the party alive is at the camp, whoever got away from the last fight too."""
        return self.party_refs(("up",))

    def _due_foes(self) -> list[str]:
        return [ref for ref in self.foes() if not self.stance[ref]["acted"]]

    # --- protocol -----------------------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.end is not None:
            return []
        if self.pending is not None:
            return self._deciding()  # each player decides for their own side (TS-19)
        if self.camp:
            return [self.seat_of(ref) for ref in self._campers()]
        if self.phase == "enemies":
            return [0]
        return [self.seat_of(ref) for ref in self._due_characters()]

    def legal_moves(self, p: int) -> list[ShowdownMove]:
        """Order: while a flip waits, the seat's cheats (hand order, covered card order), the Black Joker's
        force, settle. A character's turn: attacks (weapon, then target), take cover, reloads, drinks, turn
        tail; at a hazard, its saves. The Dealer's: each enemy alone (enemy, then target), then several
        together, then cover and reloads. Attacking first means always taking the first move ends a fight."""
        if self.check_turn(p) is not None:
            return []
        if self.pending is not None:
            return [*self._pending_moves(p)]
        if self.camp:
            return self._camp_moves(pc_ref(p - 1))
        return self._character_moves(pc_ref(p - 1)) if p > 0 else self._dealer_moves()

    def _camp_moves(self, ref: str) -> list[ShowdownMove]:
        """SD-16: the night's rest (once a camp), what this character can afford and carry from the shop
        (shelf order), then moving on to the next fight."""
        sheet = self.sheet_of(ref)
        moves: list[ShowdownMove] = [{"type": "rest"}] if not self.rested else []
        moves += [{"type": "buy", "item": item.id} for item in CAMP_SHELF if purchase_error(sheet, item) is None]
        moves.append({"type": "move_on"})
        return moves

    def _character_moves(self, ref: str) -> list[ShowdownMove]:
        sheet = self.sheet_of(ref)
        stance = self.stance[ref]
        hazard = self.encounter.hazard
        if hazard is not None and not self.loose:
            owner = ref == pc_ref(0)
            return [{"type": "hazard", "action": a.id} for a in hazard.actions if a.owner == owner]
        if stance["caught"]:  # SD-13: caught off guard by an ambush, round 1 is for getting down or away
            caught: list[ShowdownMove] = [{"type": "take_cover"}] if self.encounter.cover and not stance["cover"] else []
            return [*caught, {"type": "turn_tail"}]
        moves: list[ShowdownMove] = [{"type": "attack", "weapon": i, "target": t}
                             for i, w in enumerate(weapons(sheet)) if w["id"] not in stance["unloaded"]
                             for t in self.foes()]
        if self.encounter.cover and not stance["cover"]:
            moves.append({"type": "take_cover"})
        moves += [{"type": "reload", "weapon": i} for i, w in enumerate(weapons(sheet)) if w["id"] in stance["unloaded"]]
        moves += [{"type": "drink", "source": s} for s in self._drink_sources(ref)]
        moves.append({"type": "turn_tail"})
        return moves

    def _drink_sources(self, ref: str) -> list[str]:
        """SD-6: a bottle carried, the bar when the encounter has one and the character can pay, or a
        burst barrel (a complication); only for the hurt, and not for the exhausted."""
        sheet = self.sheet_of(ref)
        if sheet["hp"] >= sheet["max_hp"] or sheet["exhausted"]:  # the exhausted recover no HP (TS-14)
            return []
        sources = []
        if any(item["id"] in DRINKS for item in sheet["inventory"]):
            sources.append("bottle")
        if self.encounter.bar and sheet["money"] >= self.encounter.bar:
            sources.append("bar")
        if "barrel" in self.effects:
            sources.append("barrel")
        return sources

    def _dealer_moves(self) -> list[ShowdownMove]:
        due = self._due_foes()
        targets = self.fighting()
        moves: list[ShowdownMove] = []
        loaded = [e for e in due if not self.stance[e]["unloaded"]]
        moves += [{"type": "attack", "npcs": [e], "target": t} for e in loaded for t in targets]
        singles = [e for e in loaded if self.npc(e)["kind"] == "enemy"]
        for size in range(2, len(singles) + 1):
            for group in itertools.combinations(singles, size):
                if len({self.npc(e)["weapon"]["ranged"] for e in group}) == 1:
                    moves += [{"type": "attack", "npcs": list(group), "target": t} for t in targets]
        if self.encounter.cover:
            moves += [{"type": "take_cover", "npc": e} for e in due
                      if self.npc(e)["kind"] == "enemy" and not self.stance[e]["cover"]]
        moves += [{"type": "reload", "npc": e} for e in due if self.stance[e]["unloaded"]]
        return moves

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        fields = DEALER_FIELDS if p == 0 else FIELDS
        if not isinstance(move, dict) or not isinstance(move.get("type"), str) or move["type"] not in {*fields, *FIELDS}:
            return IllegalMove("malformed_move", f"A Showdown move is an object with a type: {', '.join(FIELDS)}.")
        kind = move["type"]
        if kind in PENDING_MOVES:
            fields = FIELDS
        if kind not in fields:
            return IllegalMove("not_your_move", f"The Dealer does not {kind.replace('_', ' ')}." if p == 0
                               else f"A character does not {kind}.")
        if set(move) != fields[kind] | {"type"}:
            return IllegalMove("malformed_move", f"A {kind} move has the fields "
                                                 f"{', '.join(sorted(fields[kind] | {'type'}))}.")
        if self.pending is not None and kind not in PENDING_MOVES:
            return IllegalMove("flip_waiting", "A flip is waiting: cheat fate, force the Dealer's re-flip or "
                                               "let the cards stand first.")
        if self.pending is None and kind in PENDING_MOVES:
            return IllegalMove("no_flip", "There is no flip waiting to be cheated or settled.")
        if self.camp and kind not in CAMP_MOVES:
            return IllegalMove("in_camp", "The party is in camp between fights: rest, buy or move on.")
        if not self.camp and kind in CAMP_MOVES:
            return IllegalMove("not_in_camp", "Resting, shopping and moving on wait for a camp between the "
                                              "fights of a trail.")
        if kind == "cheat":
            return self._cheat_error(p, move)
        if kind == "force":
            reason = self._force_refusal(p)
            return IllegalMove("cannot_force", reason) if reason else None
        if strict(move) not in {strict(m) for m in self.legal_moves(p)}:  # 1.0 and True are not 1
            return IllegalMove("not_possible", self._why_not(p, move))
        return None

    def _why_not(self, p: int, move: Move) -> str:
        kind = move["type"]
        if p > 0:
            ref = pc_ref(p - 1)
            sheet = self.sheet_of(ref)
            if kind == "attack" and isinstance(move.get("weapon"), int) and 0 <= move["weapon"] < len(weapons(sheet)):
                weapon = weapons(sheet)[move["weapon"]]
                if weapon["id"] in self.stance[ref]["unloaded"]:
                    return f"The {weapon['name'].lower()} is empty: reload it first (a heavy gun fires once)."
            if kind == "take_cover":
                return "There is no cover here." if not self.encounter.cover else f"{sheet['name']} is already in cover."
            if kind == "drink":
                if sheet["exhausted"]:
                    return f"{sheet['name']} is exhausted: no swig brings HP back until a rest."
                return f"{sheet['name']} has nothing to drink here (a bottle, a bar and the money, or a burst barrel)."
            if kind in ("attack", "turn_tail", "reload") and self.in_boot():
                return "Nobody draws a gun at a boot with a foot in it: try one of the ways to get rid of it."
            if kind in ("attack", "reload", "drink") and self.stance[ref]["caught"]:
                return f"{sheet['name']} is caught off guard by the ambush: this round, take cover or turn tail."
            if kind == "rest":
                return "The party has had its night's rest at this camp."
            if kind == "buy":
                item = SHOP.get(move["item"]) if isinstance(move.get("item"), str) else None
                if item is None or item not in CAMP_SHELF:
                    return "The camp's shop has no such item (no board or hirelings out on the trail)."
                if item.price > sheet["money"]:
                    return f"{item.name} costs {dollars(item.price)}; {sheet['name']} has {dollars(sheet['money'])}."
                refusal = purchase_error(sheet, item)
                if refusal is not None:
                    return f"{sheet['name']} cannot: {refusal.message}"
        return f"That {kind.replace('_', ' ')} is not possible now (check the weapon, the target or who acts)."

    # --- playing ---------------------------------------------------------------------------------------------
    def _apply(self, p: int, move: ShowdownMove) -> list[ShowdownEvent]:
        self.last = []
        events: list[Event] = []
        kind = move["type"]
        if kind in PENDING_MOVES:
            getattr(self, f"_do_{kind}")(p, move, events)
        elif kind in CAMP_MOVES:
            getattr(self, f"_camp_{kind}")(pc_ref(p - 1), move, events)
        elif p == 0:
            getattr(self, f"_dealer_{kind}")(move, events)
        else:
            ref = pc_ref(p - 1)
            self.stance[ref]["acted"] = True
            getattr(self, f"_character_{kind}")(ref, move, events)
        self._advance(events)
        # the caller's to keep: nothing in them is shared with the state; built as ShowdownEvent shapes (the
        # tests check every event against them)
        return cast(list[ShowdownEvent], copy.deepcopy(events))

    def _poor(self, attacker: str, target: str, weapon: dict[str, Any]) -> list[str]:
        """What makes this attack impaired (TOMB-7): the dark, cover against a ranged attack, a complication."""
        poor = []
        if self.encounter.dark:
            poor.append("in the dark")
        if weapon["ranged"] and self.stance[target]["cover"]:
            poor.append(f"{self.name_of(target)} is in cover")
        if weapon["ranged"] and "dust" in self.effects:
            poor.append("dust in the air")
        if not weapon["ranged"] and "horse" in self.effects:
            poor.append("a bolting horse")
        side = "party" if attacker.startswith("pc") else "enemies"
        if "sun" in self.effects and side == self.first:
            poor.append("the sun in the eyes")
        if self.encounter.hazard is not None and not target.startswith("pc"):
            poor.append("a small, quick target")  # SD-10: the snake on the ground
        return poor

    def _fire(self, attacker: str, target: str, weapon: dict[str, Any], attackers: int, events: list[Event]) -> None:
        """One attack; a melee attacker leaves cover (they closed in), a heavy gun is empty after (SD-3, SD-4)."""
        if not weapon["ranged"]:
            self.stance[attacker]["cover"] = False
        if not weapon.get("move_and_fire", True):
            self.stance[attacker]["unloaded"].append(weapon["id"])
        bonus = 1 if "ricochet" in self.effects else 0
        self._attack(attacker, target, weapon, "normal", attackers, events, self._poor(attacker, target, weapon), bonus)

    def _character_attack(self, ref: str, move: Move, events: list[Event]) -> None:
        self._fire(ref, move["target"], weapons(self.sheet_of(ref))[move["weapon"]], 1, events)

    def _character_take_cover(self, ref: str, move: Move, events: list[Event]) -> None:
        self.stance[ref]["cover"] = True
        self._say(events, {"type": "cover", "who": ref},
                  f"{self.name_of(ref)} dives behind cover: ranged attacks on them are impaired.")

    def _character_reload(self, ref: str, move: Move, events: list[Event]) -> None:
        weapon = weapons(self.sheet_of(ref))[move["weapon"]]
        self.stance[ref]["unloaded"].remove(weapon["id"])
        self._say(events, {"type": "reload", "who": ref}, f"{self.name_of(ref)} reloads the {weapon['name'].lower()}.")

    def _character_drink(self, ref: str, move: Move, events: list[Event]) -> None:
        """SD-6: a swig flips a card: HP back by its tier (the Red Joker: all of it; the Black: none)."""
        sheet = self.sheet_of(ref)
        source = move["source"]
        where = {"bar": "at the bar", "barrel": "from the burst barrel"}.get(source, "")
        if source == "bottle":
            bottle = next(item for item in sheet["inventory"] if item["id"] in DRINKS)
            sheet["inventory"].remove(bottle)
            where = f"from the {bottle['name'].lower()} (it is empty now)"
        elif source == "bar":
            sheet["money"] -= self.encounter.bar
            self.paid[ref] = self.paid.get(ref, 0) + self.encounter.bar
        card = self._one_card(ref, events)
        before = sheet["hp"]
        if card == BLACK:
            gain = 0
        elif card == RED:
            gain = sheet["max_hp"] - before
        else:
            gain = min(tier(card), sheet["max_hp"] - before)
        sheet["hp"] = before + gain
        self._say(events, {"type": "drink", "who": ref, "card": card, "hp": sheet["hp"]},
                  f"{sheet['name']} takes a swig {where}: {label(card)}, {gain} HP back ({sheet['hp']} of "
                  f"{sheet['max_hp']}).")

    def _character_turn_tail(self, ref: str, move: Move, events: list[Event]) -> None:
        self.stance[ref]["cover"] = False
        self._start(events, "turn_tail", [self._side(ref, "DEX", "normal", events)],
                    {"ability": "DEX", "target": TURN_TAIL_TARGET})

    def _character_hazard(self, ref: str, move: Move, events: list[Event]) -> None:
        assert self.encounter.hazard is not None
        action = next(a for a in self.encounter.hazard.actions if a.id == move["action"])
        self._start(events, "hazard_save", [self._side(ref, action.ability, "normal", events)],
                    {"ability": action.ability, "target": action.target, "action": action.id})

    def _dealer_attack(self, move: Move, events: list[Event]) -> None:
        npcs = move["npcs"]
        for ref in npcs:
            self.stance[ref]["acted"] = True
        lead = max(npcs, key=lambda ref: self._attack_modifier(ref))  # the best hand leads a group attack
        if len(npcs) > 1:
            names = ", ".join(self.name_of(ref) for ref in npcs)
            self._say(events, {"type": "gang_up", "npcs": list(npcs), "target": move["target"]},
                      f"{names} all go for {self.name_of(move['target'])}, {self.name_of(lead)} leading.")
        self._fire(lead, move["target"], self.npc(lead)["weapon"], len(npcs), events)

    def _attack_modifier(self, ref: str) -> int:
        weapon = self.npc(ref)["weapon"]
        return int(self.npc(ref)["abilities"]["DEX" if weapon["ranged"] else "STR"])

    def _dealer_take_cover(self, move: Move, events: list[Event]) -> None:
        ref = move["npc"]
        self.stance[ref]["acted"] = True
        self._character_take_cover(ref, move, events)

    def _dealer_reload(self, move: Move, events: list[Event]) -> None:
        ref = move["npc"]
        self.stance[ref]["acted"] = True
        self.stance[ref]["unloaded"].clear()
        self._say(events, {"type": "reload", "who": ref}, f"{self.name_of(ref)} reloads.")

    # --- the camp between fights (SD-16) -------------------------------------------------------------------
    def _camp_rest(self, ref: str, move: Move, events: list[Event]) -> None:
        """TS-14's night's rest for the whole party: Fatigue and exhaustion cleared, then HP back, every
        deck renewed with a fresh hand (TS-3), the Dealer's too. Scars waiting on a recovery keep waiting:
        that takes longer than a night (TS-9)."""
        self.rested = True
        for sheet in self.party:
            if sheet["status"] != "up":
                continue
            sheet["fatigue"], sheet["exhausted"] = 0, False
            sheet["hp"] = sheet["max_hp"]
        for deck in self.decks.values():
            deck.new_day(self.rng)
        self._say(events, {"type": "rest", "who": ref},
                  "The party beds down for the night: HP back, Fatigue gone, every deck shuffled and new hands dealt.")

    def _camp_buy(self, ref: str, move: Move, events: list[Event]) -> None:
        """The shop's price from the character's own money; the item goes where the forge puts it (SD-16, TS-25)."""
        item = SHOP[move["item"]]
        sheet = self.sheet_of(ref)
        buy_onto(sheet, item)
        self.paid[ref] = self.paid.get(ref, 0) + item.price  # the end's "spent", beside the bar's swigs
        self._say(events, {"type": "bought", "who": ref, "item": item.id},
                  f"{sheet['name']} buys {item.name.lower()} for {dollars(item.price)} ({dollars(sheet['money'])} left).")

    def _camp_move_on(self, ref: str, move: Move, events: list[Event]) -> None:
        """Break camp: the next encounter of the trail begins (SD-15)."""
        self._say(events, {"type": "move_on", "who": ref}, f"{self.name_of(ref)} leads the party on down the trail.")
        self._begin_fight(events)

    # --- the round ---------------------------------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        """Carry the fight on until someone must decide: a flip to cheat, a character's turn, the Dealer's."""
        while self.pending is None and self.end is None and not self.camp:
            if self._finished(events) or self._morale(events):
                continue
            if self.queue:
                self._run_queued(self.queue.pop(0), events)
            elif self.phase == "initiative":
                self._new_round(events)
            elif self.phase == "party" and not self._due_characters():
                self._phase_done(events)
            elif self.phase == "enemies" and not self._due_foes():
                self._phase_done(events)
            else:
                return

    def _phase_done(self, events: list[Event]) -> None:
        if self.in_boot() or self.phase != self.first:
            self.phase = "initiative"
        else:
            self.phase = "enemies" if self.phase == "party" else "party"

    def _new_round(self, events: list[Event]) -> None:
        """TOMB-12: before each round the party's quickest hand contests DEX with the enemies' quickest
        (SD-1). An ambush's round 1 has none: each character saves to spot it and the party moves first
        (SD-13). A hazard in the boot has no initiative (SD-10)."""
        self.round += 1
        self.effects = []
        for stance in self.stance.values():
            stance["acted"] = False
            stance["caught"] = False
        if self.round > ROUND_LIMIT:
            self._finish("nightfall", events)
            return
        if self.in_boot():
            self.phase = "party"
            self.queue.append({"kind": "lunge", "who": pc_ref(0)})
            return
        if self.round == 1 and self.encounter.surprise:
            self.first = self.phase = "party"
            self._say(events, {"type": "round", "round": 1, "first": "party"},
                      f"Round 1: a horse shies and a hammer clicks in the rocks. Each of the party saves WIL "
                      f"against {SPOT_TARGET} to spot the ambush; the party moves first.")
            self.queue += [{"kind": "spot", "who": ref} for ref in self.fighting()]
            return
        quickest = max(self.fighting(), key=lambda ref: (self.modifier(ref, "DEX"), -int(ref[2:])))
        dealer_dex = max(int(self.npc(ref)["abilities"]["DEX"]) for ref in self.foes())
        self._say(events, {"type": "round", "round": self.round},
                  f"Round {self.round}: {self.name_of(quickest)} draws for the party's initiative.")
        self._start(events, "initiative", [self._side(quickest, "DEX", "normal", events),
                                           self._side(DEALER, "DEX", "normal", events, modifier=dealer_dex)],
                    {"ability": "DEX", "round": self.round})

    def _after_settle(self, kind: str, refs: list[str], result: Any, context: dict[str, Any],
                      events: list[Event]) -> None:
        if kind == "attack" and result.actor_wins and "ricochet" in self.effects:
            self.effects.remove("ricochet")  # its +1 went into this hit's damage flip
        if kind == "attack" and result.actor_wins and self.encounter.hazard is not None and refs[0] == "npc0":
            self.queue.append({"kind": "venom", "who": refs[1]})  # SD-10: the snake's bite on the ground
        if kind == "spot" and not result.success:
            self.stance[refs[0]]["caught"] = True
        elif kind == "initiative":
            self.first = "party" if result.actor_wins else "enemies"
            self.phase = self.first
            if any(BLACK in flip.counted for flip in (result.actor, result.other)):
                self._complication(events)
        elif kind == "turn_tail":
            ref = refs[0]
            if not result.success:
                self.queue += [{"kind": "free_attack", "npc": e, "target": ref} for e in self.foes()]
            self.queue.append({"kind": "escape", "who": ref})
        elif kind == "morale" and not result.success:
            for ref in self.foes():
                self.npc(ref)["status"] = "fled"
            if self.encounter.hazard is None:
                self._say(events, {"type": "rout"}, "The rest run with them: nobody stays to fight.")
        elif kind == "hazard_save":
            assert self.encounter.hazard is not None
            action = next(a for a in self.encounter.hazard.actions if a.id == context["action"])
            if result.success and action.flings:
                self._fling(events)
            elif result.success:
                self.hazard_gone = True
            elif not action.owner:  # a friend's hand near the boot is bitten; its owner waits for the lunge
                self.queue += [{"kind": "strike", "who": refs[0]}, {"kind": "venom", "who": refs[0]}]
        elif kind == "lunge" and not result.success:
            self.queue += [{"kind": "strike", "who": refs[0]}, {"kind": "venom", "who": refs[0]}]
        elif kind == "venom" and not result.success:
            assert self.encounter.hazard is not None
            self._hazard(refs[0], self.encounter.hazard.venom, 1, events)

    def _at_zero(self, ref: str, events: list[Event]) -> None:
        """Nothing to remind: the morale saves are the engine's own (SD-8)."""

    def _fling(self, events: list[Event]) -> None:
        """SD-10: the boot is off and the snake lands loose: from now on an enemy like any other (its turn
        after the party's this round, initiative from the next), a small quick target with a venomous bite."""
        self.loose = True
        snake = self.npcs[0]
        snake["kind"] = "enemy"
        self.first = "party"
        self._say(events, {"type": "loose", "who": snake["ref"]},
                  f"{snake['name']} lands in the dust, coiled and furious: now it can be fought.")

    def _complication(self, events: list[Event]) -> None:
        effect, text = COMPLICATIONS[roll_die(self.rng)]
        self.effects.append(effect)
        if effect == "wagon":
            for stance in self.stance.values():
                stance["cover"] = False
        self._say(events, {"type": "complication", "effect": effect}, f"A Black Joker: a complication. {text}")

    def _run_queued(self, item: dict[str, str], events: list[Event]) -> None:
        kind = item["kind"]
        if kind == "free_attack":
            npc, target = item["npc"], item["target"]
            if npc in self.foes() and target in self.fighting() and not self.stance[npc]["unloaded"]:
                self._say(events, {"type": "free_attack", "npc": npc, "target": target},
                          f"{self.name_of(npc)} takes a free shot at {self.name_of(target)}'s back.")
                self._fire(npc, target, self.npc(npc)["weapon"], 1, events)
        elif kind == "escape":
            ref = item["who"]
            if ref in self.fighting():
                self.escaped.append(ref)
                self._say(events, {"type": "escape", "who": ref}, f"{self.name_of(ref)} gets clear of the fight.")
        elif kind == "strike":
            ref = item["who"]
            if ref in self.fighting():
                snake = self.npcs[0]
                self._say(events, {"type": "strike", "who": ref}, f"{snake['name']} strikes at {self.name_of(ref)}.")
                self._damage_flip(snake["ref"], ref, {"ability": "DEX", "weapon": snake["weapon"], "bonus": 0,
                                                      "enhanced": False, "why": "", "target": ref}, events)
        elif kind == "spot":
            ref = item["who"]
            if ref in self.fighting():
                self._start(events, "spot", [self._side(ref, "WIL", "normal", events)],
                            {"ability": "WIL", "target": SPOT_TARGET})
        elif kind in ("lunge", "venom"):
            ref = item["who"]
            hazard = self.encounter.hazard
            if ref in self.fighting() and hazard is not None:
                ability, save_at = ("DEX", hazard.lunge_target) if kind == "lunge" else ("GRT", hazard.venom_target)
                self._start(events, kind, [self._side(ref, ability, "normal", events)],
                            {"ability": ability, "target": save_at})

    def _save_words(self, kind: str, ref: str, result: Any, said: str, verdict: str, context: dict[str, Any]) -> str:
        name = self.name_of(ref)
        if kind == "hazard_save":
            assert self.encounter.hazard is not None
            action = next(a for a in self.encounter.hazard.actions if a.id == context["action"])
            words = action.label.split(" (")[0].lower()
            return f"{name} tries to {words}: {said}. {verdict.capitalize()}: " + (
                ("the boot flies off." if action.flings else "the snake slithers away.") if result.success
                else "it strikes." if not action.owner else "it stays put, rattling.")
        if kind == "lunge":
            assert self.encounter.hazard is not None
            return f"{self.encounter.hazard.name} lunges at {name}: {said}. {verdict.capitalize()}: " + (
                "the foot jerks clear." if result.success else "the fangs go in.")
        if kind == "venom":
            return f"Venom: {said}. {verdict.capitalize()}" + ("." if result.success else ": it takes hold.")
        if kind == "spot":
            return f"{name} watches the rocks: {said}. {verdict.capitalize()}: " + (
                "the ambush is spotted." if result.success else "caught off guard.")
        return super()._save_words(kind, ref, result, said, verdict, context)

    def _morale(self, events: list[Event]) -> bool:
        """TOMB-13: a save at the first casualty (9) and when half are down (12), with the leader's WIL while
        the leader stands; a lone enemy saves at 0 HP. Made from the Dealer's deck at the end of a round
        (SD-14: everyone standing has acted by then); True when one started."""
        if self.phase != "initiative" or self.queue:
            return False
        foes = [n for n in self.npcs if n["kind"] in FOE_KINDS]
        standing = self.foes()
        if not foes or not standing:
            return False
        down = sum(1 for n in foes if n["status"] in ("dead", "routed", "destroyed"))
        due = ""
        if len(foes) == 1:
            if self.npc(standing[0])["hp"] == 0 and "lone" not in self.morale_checked:
                due = "lone"
        elif down >= 1 and "first" not in self.morale_checked:
            due = "first"
        elif down * 2 >= len(foes) and "half" not in self.morale_checked:
            due = "half"
        if not due:
            return False
        self.morale_checked.append(due)
        leaders = [ref for ref in standing if self.npc(ref).get("leader")]
        saver = leaders[0] if leaders else max(standing, key=lambda ref: self.npc(ref)["abilities"]["WIL"])
        target = MORALE_HIGH if due == "half" else MORALE_STANDARD
        why = {"lone": "alone at 0 HP", "first": "the first of them is down", "half": "half of them are down"}[due]
        self._say(events, {"type": "morale_due", "who": saver},
                  f"Morale: {why}, {self.name_of(saver)} saves WIL against {target}.")
        self._start(events, "morale", [self._side(saver, "WIL", "normal", events)], {"ability": "WIL", "target": target})
        return True

    def _finished(self, events: list[Event]) -> bool:
        """Whether the fight just ended (and then it is wrapped up)."""
        if not self.fighting():
            self._finish("escaped" if self.escaped else "dead", events)
        elif self.in_boot() and self.hazard_gone:
            self._finish("safe", events)
        elif not self.in_boot() and not self.foes():
            fled = any(n["status"] == "fled" for n in self.npcs)
            self._finish(("safe" if self.loose else "routed") if fled else "victory", events)
        return self.end is not None or self.camp

    def _finish(self, end: str, events: list[Event]) -> None:
        """SD-7: a character out of the fight is carried off and treated when anyone of the party is left
        standing, and dies when nobody is; the purse goes to those still on the field. On a trail with a
        fight still ahead, anyone alive makes camp (SD-16); a party dead ends the trail."""
        self.fights.append({"encounter": self.encounter.id, "end": end, "rounds": self.round})
        alive = self.party_refs(("up",))
        for ref in self.party_refs(("out",)):
            sheet = self.sheet_of(ref)
            sheet["status"] = "up" if alive else "dead"
            self._say(events, {"type": "aftermath", "who": ref},
                      f"{sheet['name']} is carried off and patched up." if alive
                      else f"Nobody is left to help {sheet['name']}, who dies where they fell.")
        share = ""
        holding = self.fighting()  # those who ran are not there to share it (SD-9)
        if end in ("victory", "routed") and self.encounter.purse and holding:
            each, rest = divmod(self.encounter.purse, len(holding))
            for k, ref in enumerate(holding):
                self.sheet_of(ref)["money"] += each + (rest if k == 0 else 0)
            share = f" The purse, ${self.encounter.purse / 100:.2f}, is shared among those standing."
        self._say(events, {"type": "end", "end": end}, ENDS[end] + share)
        if end != "dead" and len(self.fights) < len(self.trail):
            self.camp, self.rested = True, False
            self.queue, self.pending = [], None
            self._say(events, {"type": "camp"}, f"The party makes camp before fight {len(self.fights) + 1} of "
                                                f"{len(self.trail)}: rest, see the shop, then move on.")
        else:
            self.end = end

    # --- what leaves Python ----------------------------------------------------------------------------
    def view(self, p: int | None) -> ShowdownView:
        """Sheets, counts, discards, cover and the round are public; a hand shows only to its own seat; no
        deck's order leaves (the Dealer's hand does not exist). Copied once at the end, as the table's; the
        objects are the engine's own dicts, and ``ShowdownView`` says what they hold (the tests check it)."""
        self.check_viewer(p)
        encounter = self.encounter
        party = self._party_view(p)
        for entry in party:
            stance = self.stance[entry["ref"]]
            entry.update(cover=stance["cover"], acted=stance["acted"], escaped=entry["ref"] in self.escaped,
                         paid=self.paid.get(entry["ref"], 0))
            for weapon in entry["weapons"]:
                weapon["loaded"] = weapon["id"] not in stance["unloaded"]
        npcs = [{**npc, "cover": self.stance[npc["ref"]]["cover"], "acted": self.stance[npc["ref"]]["acted"],
                 "loaded": not self.stance[npc["ref"]]["unloaded"]} for npc in self.npcs]
        hazard = encounter.hazard
        view = {
            "encounter": {"id": encounter.id, "title": encounter.title, "blurb": encounter.blurb,
                          "cover": encounter.cover, "dark": encounter.dark, "bar": encounter.bar,
                          "purse": encounter.purse,
                          "hazard": None if hazard is None or self.loose else {
                              "name": hazard.name, "owner": pc_ref(0),
                              "actions": [{"id": a.id, "label": a.label, "owner": a.owner} for a in hazard.actions]}},
            "round": self.round, "phase": self.phase, "first": self.first,
            "effects": [[e, dict(COMPLICATIONS.values())[e]] for e in self.effects],
            "party": party, "dealer": self.decks[DEALER].public(False), "npcs": npcs,
            "pending": self._pending_view(p), "last": [self._redact_hands(e, p) for e in self.last],
            "log": self.log[-LOG_WINDOW:], "log_total": len(self.log), "end": self.end,
            "trail": None if len(self.trail) == 1 else {
                "fight": len(self.fights) + (0 if self.camp or self.end else 1), "of": len(self.trail),
                "titles": [ENCOUNTERS[e].title for e in self.trail], "done": self.fights,
                "camp": self.camp, "rested": self.rested,
                "shop": [{"id": i.id, "name": i.name, "price": i.price, "kind": i.kind, "slots": i.slots}
                         for i in CAMP_SHELF] if self.camp else []},
        }
        copied: ShowdownView = json.loads(json.dumps(view))
        return copied

    def outcome(self) -> Outcome | None:
        if self.end is None:
            return None
        return {"winner": None, "scores": [0] * self.info.players, "reason": ENDS[self.end],
                "result": {"end": self.end, "encounter": self.encounter.id, "party": copy.deepcopy(self.party),
                           "paid": dict(self.paid), "fights": copy.deepcopy(self.fights)}}

    def told_outcome(self, viewer: int | None) -> ToldOutcome | None:
        """The breakdown: the round it ended in, the enemies down and fled, and who of the party fell."""
        told = super().told_outcome(viewer)
        if told is None:
            return None
        foes = [n for n in self.npcs if n["kind"] in FOE_KINDS]
        parts = []
        if foes:
            down = sum(1 for n in foes if n["status"] in ("dead", "routed", "destroyed"))
            fled = sum(1 for n in foes if n["status"] == "fled")
            parts.append(f"{down} of {len(foes)} {'enemy' if len(foes) == 1 else 'enemies'} down"
                         + (f", {fled} fled" if fled else ""))
        fallen = [str(sheet["name"]) for sheet in self.party if sheet["status"] == "dead"]
        parts.append(f"{' and '.join(fallen)} fell" if fallen else "nobody of the party fell")
        told["breakdown"] = f"Over in round {self.round}: {'; '.join(parts)}." if self.round else \
            sentence(f"{'; '.join(parts)}.")
        if len(self.trail) > 1:
            told["breakdown"] = f"Fight {len(self.fights)} of {len(self.trail)}, {self.encounter.title}. " + \
                told["breakdown"]
        return told

    def verdict(self, outcome: Outcome, viewer: int | None) -> Literal["won", "lost", "drawn"] | None:
        """For a seat of the party: a field held or a danger past is won, a party dead is lost, and a
        getaway or nightfall is drawn (nobody won); the Dealer and a spectator keep no record."""
        if viewer is None or viewer == 0 or self.end is None:
            return None
        verdicts: dict[str, Literal["won", "lost"]] = {"victory": "won", "routed": "won", "safe": "won", "dead": "lost"}
        return verdicts.get(self.end, "drawn")

    def redact_event(self, event: ShowdownEvent, viewer: int | None) -> ShowdownEvent:
        return cast(ShowdownEvent, self._redact_hands(event, viewer))

    def auto_move(self, p: int) -> ShowdownMove:
        """The Dealer's choice (``dealer.py``), made from the Dealer's own view: no character's hand or deck."""
        from .dealer import dealer_move

        if p != 0:
            return super().auto_move(p)
        moves = self.legal_moves(0)
        if not moves:
            raise IllegalMove("not_your_turn", "The Dealer has nothing to do now: the party is due.")
        return dealer_move(self.view(0), moves)

    def preview(self, p: int, move: ShowdownMove) -> CheatPreview | None:
        """A cheat's new total and verdict (TS-21); nothing for the other moves."""
        return cast(CheatPreview | None, self._cheat_preview(p, move))

    def describe(self, p: int, move: ShowdownMove) -> str:
        n = self.name_of
        if move["type"] == "cheat":
            preview = self.preview(p, move)
            said = f"Cheat fate: {label(move['card'])} over the {label(move['covers'])}"
            return said if preview is None else f"{said} → {preview['verdict']}" + (
                f" ({preview['warning']})" if preview["warning"] else "")
        if move["type"] == "force":
            return "Play the Black Joker: the Dealer flips again"
        if move["type"] == "settle":
            return "Let the cards stand"
        if move["type"] == "rest":
            return "Rest for the night (HP back, new hands)"
        if move["type"] == "buy":
            item = SHOP[move["item"]]
            return f"Buy {item.name.lower()} ({dollars(item.price)})"
        if move["type"] == "move_on":
            return f"Move on to fight {len(self.fights) + 1}: {ENCOUNTERS[self.trail[len(self.fights)]].title}"
        if "npcs" in move:  # the Dealer's moves name their enemies
            many = "" if len(move["npcs"]) > 1 else "s"
            return f"{', '.join(n(e) for e in move['npcs'])} attack{many} {n(move['target'])}"
        if "npc" in move:
            return f"{n(move['npc'])} {'takes cover' if move['type'] == 'take_cover' else 'reloads'}"
        sheet = self.party[p - 1]
        if move["type"] == "attack":
            weapon = weapons(sheet)[move["weapon"]]
            how = "Shoot" if weapon["ranged"] else "Attack"
            return f"{how} {n(move['target'])} with the {weapon['name'].lower()}"
        if move["type"] == "reload":
            return f"Reload the {weapons(sheet)[move['weapon']]['name'].lower()}"
        if move["type"] == "drink":
            source = move["source"]
            if source == "bar":
                return f"A swig at the bar (${self.encounter.bar / 100:.2f})"
            return "A swig from your bottle" if source == "bottle" else "A swig from the burst barrel"
        if move["type"] == "hazard":
            assert self.encounter.hazard is not None
            return next(a.label for a in self.encounter.hazard.actions if a.id == move["action"])
        if move["type"] == "take_cover":
            return "Take cover"
        return f"Turn tail (DEX save {TURN_TAIL_TARGET})"
