"""The Dealer's table (``tombstone_table``): one device runs a Tombstone session for a party and the Dealer.

Every participant flips from their own deck of fate (TOMB-1): the Dealer (seat 0, who also runs every
non-player character) and one to six player characters (seats 1..6, from ``setup``: their sheets). Any
seat may act whenever no flip is waiting (``to_act`` lists them all): a save, a contest, an attack and its
damage, turning tail; the Dealer's tools (a reaction, the die of fate, a hireling, an enemy, an enemy's
attack, a morale save, initiative, a hazard, Fatigue, rests, recovering from a scar, ending the session).

A flip that a player may still turn their way (TOMB-6, TS-2, TS-15) waits as ``pending``: the player
characters in it may lay a hand card over their own flip or spend the Black Joker to make the Dealer flip
again (the damage flip against their character too, TS-20), and each lets their own cards stand with
``settle`` (TS-19); when nobody is left to decide it is judged (``fate``), written on the sheets (TOMB-9,
TOMB-10) and carried on (an attack's hit asks for its damage flip, damage past HP asks for the GRT save).
A flip nobody could turn is settled at once. Every settled flip is told in one sentence, the way the table
would say it.

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
from typing import Any, Callable, Literal, Mapping, cast

from ...cards import new_rng, pick, shuffle
from ...engine import Event, GameInfo, IllegalMove, Json, Move, Outcome, SeatSpec, Shapes, State, register
from .character import Sheet, item_json, new_sheet, sheet_constants, slots_used, weapons
from .combat import (DEALER, LOG_WINDOW, MIN_PARTY, MORALE_TARGETS, TURN_TAIL_TARGET, Combat, by_suit, cards_words,
                     check_party, deal_decks, pc_ref, scores_words, strict)
from .shapes import CheatPreview, TableConstants, TableEvent, TableMove, TableView
from .encounters import ENEMY_WEAPONS
from .fate import ABILITIES, MODES, RISK_LABELS, RISKS, label, roll_die
from .tables import (ARCHETYPES, BACKGROUNDS, DIE_OF_FATE_FAVOURS, NAME_COLUMNS, NAMES, SHORT_CREDIT, Item,
                     card_rank, reaction)

MAX_PARTY = 6
MAX_MODIFIER = 20
MAX_NPCS = 24
MAX_NPC_ABILITY = 12  # a stat block of the Dealer's own (TS-28): abilities 0..12, HP (GRT + 1) 1..13
NPC_KINDS = ("enemy", "posse", "hireling")
# TS-27: a move after which the table has seen a hand card or a new hand: undo never goes back past it
REVEALING = {"cheat", "force", "take_over"}
DEALER_SEAT = 0
HIRELING_CARDS = 4  # TOMB-15
TAKE_OVER_CARDS = 3  # the SRD's Death section
RESTS = {"breather": "a breather (HP back)", "night": "a full night's rest", "week": "a week in a dry bed"}

# Enemy stat blocks of our own for the Dealer's quick use (the Showdown's encounters are in encounters.py).
ENEMY_PRESETS: dict[str, dict[str, Any]] = {
    "bandit": {"name": "Bandit", "abilities": {"STR": 1, "DEX": 1, "WIL": 0, "GRT": 1}, "weapon": "revolver"},
    "gunslinger": {"name": "Gunslinger", "abilities": {"STR": 1, "DEX": 3, "WIL": 2, "GRT": 2}, "weapon": "revolver"},
    "lawman": {"name": "Lawman", "abilities": {"STR": 1, "DEX": 2, "WIL": 2, "GRT": 1}, "weapon": "carbine"},
    "brute": {"name": "Brute", "abilities": {"STR": 3, "DEX": 0, "WIL": 1, "GRT": 2}, "weapon": "club"},
    "posse": {"name": "Posse of bandits", "abilities": {"STR": 3, "DEX": 1, "WIL": 1, "GRT": 2},
              "weapon": "revolver", "posse": True},
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
    "enemy": {"name": "text", "kind": list(NPC_KINDS), "STR": [0, MAX_NPC_ABILITY], "DEX": [0, MAX_NPC_ABILITY],
              "WIL": [0, MAX_NPC_ABILITY], "hp": [1, MAX_NPC_ABILITY + 1], "weapon": list(ENEMY_WEAPONS)},
}
# the rule behind a free field, where the number is more than a count (the page's forms say it)
FREE_HELP: dict[str, dict[str, str]] = {
    "contest": {"modifier": "Added to the Dealer's flip in a contest against the Dealer (TS-10)"},
    "npc_attack": {"attackers": "Those attacking together, this one included: enhanced and 1 more damage in all (TS-22)"},
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


@register
class TableState(Combat, State[TableView, TableEvent, TableMove, CheatPreview]):
    """A session at the Dealer's table; ``pending`` holds a flip waiting for cheats, else None."""

    shapes = Shapes(TableView, TableEvent, TableMove, CheatPreview, TableConstants)

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
        # the Dealer and a seat per character of the party; a seat without a character never acts
        seats=(SeatSpec("Dealer"), *(SeatSpec(f"Player {n}", optional=True) for n in range(1, MAX_PARTY + 1))),
        min_people=1 + MIN_PARTY,
        modes=("solo",),
        setup=True,
        constants=TableConstants(**sheet_constants(), seats=1 + MAX_PARTY, max_party=MAX_PARTY,
                                 turn_tail_target=TURN_TAIL_TARGET, free_help=FREE_HELP),
    )

    @classmethod
    def check_setup(cls, setup: Json) -> Json:
        """The party made canonical; None (no party given) stays None and seats the sample party."""
        return None if setup is None else {"party": check_party(setup, MAX_PARTY, "The Dealer's table needs")}

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        rng = new_rng(seed)
        party: list[Sheet] = sample_party() if setup is None else copy.deepcopy(setup["party"])
        deal = deal_decks(deal, len(party), rng)
        super().__init__(seed, options, deal, setup)
        self._init_combat(rng, party, deal)
        self.fallen: list[Sheet] = []
        self.ended = False

    # --- protocol --------------------------------------------------------------------------------------
    def wiped_out(self) -> bool:
        """Every character dead and no hireling left to take over: the Dealer's first move is to end the
        session, but it does not end by itself, so that the blow that did it can still be undone (TS-27)."""
        return all(s["status"] == "dead" for s in self.party) and not self.npc_refs(("hireling",))

    def to_act(self) -> list[int]:
        if self.ended:
            return []
        if self.pending is not None:
            return self._deciding()  # each player decides for their own side (TS-19)
        hirelings = bool(self.npc_refs(("hireling",)))
        return [0, *(n + 1 for n, sheet in enumerate(self.party)
                     if sheet["status"] == "up" or (sheet["status"] == "dead" and hirelings))]

    def legal_moves(self, p: int) -> list[TableMove]:
        """Order: while a flip waits, the seat's cheats (hand order, covered card order), the Black Joker's
        force, settle. Otherwise a player's saves (ability, risk), contests (ability, against: the Dealer,
        enemies, other characters), attacks (weapon, target), turning tail, taking over a hireling; the
        Dealer's: hazards first (always taking the first move wipes the party out), then the other tools,
        ending the session last; once the party is wiped out, ending the session first (TS-27)."""
        if self.check_turn(p) is not None:
            return []
        if self.pending is not None:
            return [*self._pending_moves(p)]
        return self._party_moves(p) if p > 0 else self._dealer_moves()

    def _party_moves(self, p: int) -> list[TableMove]:
        n = p - 1
        if n >= len(self.party):
            return []
        me = pc_ref(n)
        sheet = self.party[n]
        if sheet["status"] == "dead":
            return [{"type": "take_over", "npc": ref} for ref in self.npc_refs(("hireling",))]
        if sheet["status"] != "up":
            return []
        moves: list[TableMove] = [{"type": "save", "ability": a, "risk": r} for a in ABILITIES for r in RISKS]
        others = [DEALER, *self.npc_refs(), *(ref for ref in self.party_refs() if ref != me)]
        moves += [{"type": "contest", "ability": a, "against": o} for a in ABILITIES for o in others]
        targets = [*self.npc_refs(("enemy", "posse", "hireling")), *(ref for ref in self.party_refs() if ref != me)]
        moves += [{"type": "attack", "weapon": w, "target": t} for w in range(len(weapons(sheet))) for t in targets]
        moves.append({"type": "turn_tail"})
        return moves

    def _dealer_moves(self) -> list[TableMove]:
        up = self.party_refs()
        alive = self.party_refs(("up", "out"))
        enemies = self.npc_refs(("enemy", "posse"))
        moves: list[TableMove] = [{"type": "hazard", "character": c, "ability": a} for c in alive for a in ABILITIES]
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
        end: TableMove = {"type": "end"}
        return [end, *moves] if self.wiped_out() else [*moves, end]

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str) or move["type"] not in FIELDS:
            return IllegalMove("malformed_move", f"A table move is an object with a type: {', '.join(FIELDS)}.")
        kind = move["type"]
        required = FIELDS[kind] - OPTIONAL.get(kind, set())
        allowed = FIELDS[kind] | set(FREE_FIELDS.get(kind, {})) | {"type"}
        if not required <= set(move) or not set(move) <= allowed:
            return IllegalMove("malformed_move", f"A {kind} move has the fields {', '.join(sorted(allowed))}.")
        error = self._free_field_error(move, FREE_FIELDS.get(kind, {}))
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
        if strict(base) not in {strict(m) for m in self.legal_moves(p)}:  # 1.0 and True are not 1
            return IllegalMove("not_possible", self._why_not(p, base))
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

    # --- playing --------------------------------------------------------------------------------------
    def _apply(self, p: int, move: TableMove) -> list[TableEvent]:
        self.last = []
        events: list[Event] = []
        HANDLERS[move["type"]](self, p, move, events)
        # the caller's to keep: nothing in them is shared with the state; built as TableEvent shapes (the
        # tests check every event against them)
        return cast(list[TableEvent], copy.deepcopy(events))

    def _do_save(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        me = pc_ref(p - 1)
        target = RISKS[move["risk"]]
        self._start(events, "save", [self._side(me, move["ability"], move.get("mode", "normal"), events)],
                    {"ability": move["ability"], "target": target, "risk": move["risk"]})

    def _do_turn_tail(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        me = pc_ref(p - 1)
        self._start(events, "turn_tail", [self._side(me, "DEX", "normal", events)],
                    {"ability": "DEX", "target": TURN_TAIL_TARGET})

    def _do_contest(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        me = pc_ref(p - 1)
        ability, against = move["ability"], move["against"]
        actor = self._side(me, ability, move.get("mode", "normal"), events)
        other = self._side(against, ability, move.get("other_mode", "normal"), events,
                           modifier=move.get("modifier", 0) if against == DEALER else None)
        self._start(events, "contest", [actor, other], {"ability": ability})

    def _do_initiative(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        pc = move["character"]
        sides = [self._side(pc, "DEX", "normal", events),
                 self._side(DEALER, "DEX", "normal", events, modifier=move.get("modifier", 0))]
        self._start(events, "initiative", sides, {"ability": "DEX"})

    def _do_attack(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        me = pc_ref(p - 1)
        weapon = weapons(self.party[p - 1])[move["weapon"]]
        self._attack(me, move["target"], weapon, move.get("mode", "normal"), 1, events)

    def _do_npc_attack(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        npc = self.npc(move["npc"])
        self._attack(npc["ref"], move["target"], npc["weapon"], move.get("mode", "normal"),
                     move.get("attackers", 1), events)

    # --- the Dealer's tools ------------------------------------------------------------------------------
    def _do_reaction(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        card = self._flip(DEALER, events)
        self.decks[DEALER].discard.append(card)
        result = reaction(card)
        self._say(events, {"type": "reaction", "card": card, "reaction": result},
                  f"The Dealer draws {label(card)} for a reaction: {result}.")

    def _do_die(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        roll = roll_die(self.rng)
        favour = "favours the players" if roll >= DIE_OF_FATE_FAVOURS else "bad luck for the players"
        self._say(events, {"type": "die", "roll": roll, "favours": roll >= DIE_OF_FATE_FAVOURS},
                  f"The die of fate shows {roll}: {favour}.")

    def _do_hireling(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        """TOMB-15: four cards by suit (jokers set aside and redrawn), an improvised weapon, HP = GRT + 1."""
        cards = self._draw_non_jokers(DEALER, HIRELING_CARDS, events)
        scores = by_suit(cards)
        background_card = self._draw_non_jokers(DEALER, 1, events)[0]
        self.decks[DEALER].discard.extend([*cards, background_card])
        column = pick(tuple(NAME_COLUMNS), self.rng)
        name = self._numbered(move.get("name", "").strip() or NAMES[column][roll_die(self.rng) + roll_die(self.rng)])
        background = BACKGROUNDS[background_card[-1]][card_rank(background_card)]
        npc = self._add_npc(name, "hireling", scores, item_json(HIRELING_WEAPON), background=background)
        self._say(events, {"type": "hireling", "npc": npc["ref"], "cards": cards, "background_card": background_card},
                  f"A hireling signs on: {name}, {background.lower()}, from {cards_words(cards)} "
                  f"({scores_words(scores)}; HP {npc['hp']}).")

    def _do_enemy(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        """A preset stat block, or the Dealer's own (TS-28: the bestiary's kind, abilities, HP and weapon
        given as free fields over the preset's; HP is GRT + 1, so the HP given sets GRT)."""
        preset = ENEMY_PRESETS[move["preset"]]
        kind = move.get("kind", "posse" if preset.get("posse") else "enemy")
        name = self._numbered(move.get("name", "").strip() or preset["name"])
        scores = {a: move.get(a, preset["abilities"][a]) for a in ("STR", "DEX", "WIL")}
        scores["GRT"] = move["hp"] - 1 if "hp" in move else preset["abilities"]["GRT"]
        weapon = ENEMY_WEAPONS[move.get("weapon", preset["weapon"])]
        npc = self._add_npc(name, kind, scores, item_json(weapon))
        self._say(events, {"type": "enemy", "npc": npc["ref"]},
                  f"{name} joins the scene ({scores_words(npc['abilities'])}; HP {npc['hp']}; {npc['weapon']['name']}).")

    def _do_morale(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        self._start(events, "morale", [self._side(move["npc"], "WIL", "normal", events)],
                    {"ability": "WIL", "target": MORALE_TARGETS[move["risk"]]})

    def _do_hazard(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        self._hazard(move["character"], move["ability"], move.get("amount", 1), events)

    def _do_fatigue(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        sheet = self.sheet_of(move["character"])
        sheet["fatigue"] += move["change"]
        verb = "gains" if move["change"] > 0 else "sheds"
        self._say(events, {"type": "fatigue", "who": move["character"], "fatigue": sheet["fatigue"]},
                  f"{sheet['name']} {verb} a Fatigue ({sheet['fatigue']} now, {slots_used(sheet)} of 10 slots).")

    def _do_rest(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
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

    def _do_recover(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        ref = move["character"]
        scar = self.sheet_of(ref)["scars"][move["scar"]]
        pending = scar.pop("pending")
        self._scar_effect(ref, pending, events, scar)

    def _do_remove(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        npc = self.npc(move["npc"])
        self.npcs.remove(npc)
        self._say(events, {"type": "remove", "npc": npc["ref"]}, f"{npc['name']} leaves the scene.")

    def _do_end(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        self.ended = True
        self._say(events, {"type": "end"}, "The Dealer ends the session.")

    def _do_take_over(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        """The SRD's Death: the player takes a hireling, shuffles their whole deck, draws 3 cards by suit to
        add to the hireling's abilities (TS-12), shuffles them back and draws a hand of 5."""
        n = p - 1
        ref = pc_ref(n)
        npc = self.npc(move["npc"])
        deck = self.decks[ref]
        everything = deck.cards()
        deck.draw, deck.discard, deck.hand = shuffle(everything, self.rng), [], []
        cards = self._draw_non_jokers(ref, TAKE_OVER_CARDS, events)
        scores = {a: npc["abilities"][a] + by_suit(cards)[a] for a in ABILITIES}
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
                  f"{npc['name']} steps up in the fallen's place: {cards_words(cards)} add {scores_words(by_suit(cards))} "
                  f"({scores_words(scores)}; HP {sheet['hp']}).")

    # --- undo (TS-27) ----------------------------------------------------------------------------------
    def reveals(self, viewer: int, events: list[TableEvent]) -> bool:
        """TS-27: a hand card laid or spent (a cheat, the Black Joker) or a new hand drawn (a night's or a
        week's rest, taking over a hireling) was seen at this one screen: nobody takes it back. Flips are
        no such thing: an undone flip's cards go back on top of their deck, so the same cards come again."""
        told = cast(list[dict[str, Any]], events)
        return any(e["type"] in REVEALING or (e["type"] == "rest" and e["kind"] != "breather") for e in told)

    def undo_point(self, p: int) -> int | None:
        """TS-27: the Dealer takes back the table's last action, whichever seat made it: the move that
        started it with every cheat, re-flip and settle after it (an attack with its damage and GRT save).
        Players never undo: one device, one hand on the button. None when the session is over, nothing
        was done, or the table has seen a hand card since that action began (``reveals``)."""
        if p != DEALER_SEAT or self.is_over():
            return None
        starts = [n for n, (_, move) in enumerate(self.moves) if move["type"] not in PENDING_MOVES]
        if not starts or starts[-1] < self.sealed[DEALER_SEAT]:
            return None
        return starts[-1]

    def undo_refusal(self, p: int) -> IllegalMove:
        """Why ``undo`` takes nothing back for ``p`` now (TS-27)."""
        if p != DEALER_SEAT:
            return IllegalMove("nothing_to_undo", "Only the Dealer takes back the table's last action.")
        if not self.moves:
            return IllegalMove("nothing_to_undo", "Nothing has happened at this table yet.")
        return IllegalMove("past_reveal", "The last action can't be taken back: a hand card was laid or a new hand "
                                          "drawn since it began, and the table has seen it.")

    # --- what leaves Python ---------------------------------------------------------------------------
    def view(self, p: int | None) -> TableView:
        """Sheets, counts and discards are public; a hand shows only to its own seat; no deck's order leaves.
        Built from the state's own objects and copied once at the end (a JSON round trip: sessions carry
        long logs and six sheets, and this is several times faster than copying piece by piece); the
        objects are the engine's own dicts, and ``TableView`` says what they hold (the tests check it)."""
        self.check_viewer(p)
        view = {
            "party": self._party_view(p), "fallen": self.fallen,
            "dealer": self.decks[DEALER].public(False), "npcs": self.npcs,
            "pending": self._pending_view(p), "last": [self._redact_hands(e, p) for e in self.last],
            "log": self.log[-LOG_WINDOW:], "log_total": len(self.log), "ended": self.ended,
            "forms": {"abilities": ABILITIES, "risks": {k: [v, RISK_LABELS[k]] for k, v in RISKS.items()},
                      "modes": MODES, "free": FREE_FIELDS, "rests": RESTS, "morale": MORALE_TARGETS,
                      "presets": {k: v["name"] for k, v in ENEMY_PRESETS.items()}},
        }
        copied: TableView = json.loads(json.dumps(view))
        return copied

    def outcome(self) -> Outcome | None:
        if self.to_act():
            return None
        alive = sum(1 for s in self.party if s["status"] != "dead")
        reason = (f"The session is over: {alive} of {len(self.party)} still standing." if alive
                  else "The whole party is dead: the session is over.")
        return {"winner": None, "scores": [0] * self.info.players, "reason": reason,
                "result": {"party": copy.deepcopy(self.party), "fallen": copy.deepcopy(self.fallen)}}

    def verdict(self, outcome: Outcome, viewer: int | None) -> Literal["won", "lost", "drawn"] | None:
        """Nothing for the player's record: a session at a real table is nobody's win or loss."""
        return None

    def redact_event(self, event: TableEvent, viewer: int | None) -> TableEvent:
        return cast(TableEvent, self._redact_hands(event, viewer))

    def preview(self, p: int, move: TableMove) -> CheatPreview | None:
        """A cheat's new total and verdict (TS-21); nothing for the other moves."""
        return cast(CheatPreview | None, self._cheat_preview(p, move))

    def describe(self, p: int, move: TableMove) -> str:
        n = self.name_of
        if move["type"] == "save":
            return f"{move['ability']} save, {RISK_LABELS[move['risk']]} ({RISKS[move['risk']]})"
        if move["type"] == "contest":
            return f"{move['ability']} contest against {n(move['against'])}"
        if move["type"] == "attack":
            weapon = weapons(self.party[p - 1])[move["weapon"]]
            return f"Attack {n(move['target'])} with the {weapon['name'].lower()}"
        if move["type"] == "take_over":
            return f"Take over {n(move['npc'])}"
        if move["type"] == "cheat":
            preview = self.preview(p, move)
            said = f"Cheat fate: {label(move['card'])} over the {label(move['covers'])}"
            return said if preview is None else f"{said} → {preview['verdict']}" + (
                f" ({preview['warning']})" if preview["warning"] else "")
        if move["type"] == "enemy":
            return f"Bring in a {ENEMY_PRESETS[move['preset']]['name'].lower()}"
        if move["type"] == "npc_attack":
            return f"{n(move['npc'])} attacks {n(move['target'])}"
        if move["type"] == "morale":
            return f"Morale save for {n(move['npc'])} (WIL {MORALE_TARGETS[move['risk']]})"
        if move["type"] == "initiative":
            return f"Initiative: {n(move['character'])}'s DEX against the Dealer"
        if move["type"] == "hazard":
            return f"A hazard strikes {n(move['character'])}'s {move['ability']}"
        if move["type"] == "fatigue":
            return f"{'Add' if move['change'] > 0 else 'Remove'} a Fatigue for {n(move['character'])}"
        if move["type"] == "rest":
            return f"Rest: {RESTS[move['kind']]}"
        if move["type"] == "recover":
            scar = self.sheet_of(move["character"])["scars"][move["scar"]]
            return f"{n(move['character'])} recovers from {scar['name']}"
        if move["type"] == "remove":
            return f"Remove {n(move['npc'])}"
        return {"turn_tail": f"Turn tail (DEX save {TURN_TAIL_TARGET})",
                "force": "Play the Black Joker: the Dealer flips again", "settle": "Let the cards stand",
                "reaction": "Draw a reaction", "die": "Roll the die of fate", "hireling": "Make a hireling",
                "end": "End the session"}[move["type"]]


# every move's handler by its type (one a key of ``FIELDS``): (state, seat, move, events to append to)
HANDLERS: dict[str, Callable[[TableState, int, Mapping[str, Any], list[Event]], None]] = {
    "save": TableState._do_save,
    "contest": TableState._do_contest,
    "attack": TableState._do_attack,
    "turn_tail": TableState._do_turn_tail,
    "take_over": TableState._do_take_over,
    "cheat": TableState._do_cheat,
    "force": TableState._do_force,
    "settle": TableState._do_settle,
    "reaction": TableState._do_reaction,
    "die": TableState._do_die,
    "hireling": TableState._do_hireling,
    "enemy": TableState._do_enemy,
    "npc_attack": TableState._do_npc_attack,
    "morale": TableState._do_morale,
    "initiative": TableState._do_initiative,
    "hazard": TableState._do_hazard,
    "fatigue": TableState._do_fatigue,
    "rest": TableState._do_rest,
    "recover": TableState._do_recover,
    "remove": TableState._do_remove,
    "end": TableState._do_end,
}
