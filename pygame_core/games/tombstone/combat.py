"""The combat path both Tombstone tables share: flips from each participant's deck, cheating fate, settling.

A ``Combat`` holds the party's sheets, the non-player characters and every deck of fate (TOMB-1). An action
flips its sides (``_side``) and waits as ``pending`` while a player in it may hold, as far as the table can
see, a card that would turn it their way: over their own flip, or the Black Joker against the Dealer's (the
damage flip against their character included) (TOMB-6, TS-2, TS-15, TS-20). Each such player lets their own
cards stand (TS-19); a cheat offers its preview (TS-21). Once nobody is left to decide, ``_settle`` judges it
(``fate``), writes the result on the sheets (damage, critical saves, death: TOMB-9; scars: TOMB-10) and
starts the next flip the action needs (an attack's damage, a GRT save against critical damage). Every
settled flip is told in one sentence, the way the table would say it.

The Dealer's table (``table.py``) lets the people at a real table drive these actions; the Showdown
(``showdown.py``) drives them itself through rounds and turns. ``_after_settle`` is where a game hears
that an action is over.
"""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any, Mapping, Sequence, TypedDict

from ...cards import JOKERS, SUIT_NAMES, shuffle
from ...engine import Event, IllegalMove, Json, Move, SetupError
from .character import CONDITIONS, Sheet, ability_modifier, check_sheet, effective_hp, slots_used, weapons
from .fate import (ABILITIES, ABILITY_SUITS, BLACK, RED, RISK_LABELS, RISKS, SUIT_ABILITIES, FateDeck, Flip,
                   cards_needed, check_deck_order, contest, damage, full_deck, judge_flip, label, save, tier, value)
from .shapes import Side, WaitingMove
from .tables import SCARS, broken_limb, head_wound_ability, scar_spot

DEALER = "dealer"
CRITICAL_TARGET = 10  # TOMB-9
TURN_TAIL_TARGET = 11  # TOMB-14
MORALE_TARGETS = {"standard": 9, "high": 12}  # TOMB-13
LOG_WINDOW = 120  # a view carries the newest sentences only: a long session's log would make every view slow


MIN_PARTY = 1  # the fewest player characters at a table (its seats past the party stay empty)


def check_party(setup: Json, limit: int, needs: str) -> list[Sheet]:
    """The sheets of ``{"party": [sheet, ...]}`` (one to ``limit``), each checked (``character.check_sheet``);
    ``needs`` opens the message for a setup of the wrong shape ("The Dealer's table needs")."""
    if not isinstance(setup, dict) or set(setup) != {"party"} or not isinstance(setup["party"], list):
        raise SetupError("bad_setup", needs + ' {"party": [character sheets]}.')
    party = setup["party"]
    if not MIN_PARTY <= len(party) <= limit:
        raise SetupError("bad_setup", f"A party is one to {limit} characters, not {len(party)}.")
    checked = []
    for n, sheet in enumerate(party, 1):
        try:
            checked.append(check_sheet(sheet))
        except SetupError as exc:
            raise SetupError("bad_setup", f"Character {n}: {exc.message}") from None
    return checked


def deal_decks(deal: Json, party: int, rng: Any) -> list[list[str]]:
    """The decks of fate in deal order (the Dealer's, then each character's, top first): shuffled with the
    state's RNG, or the forced ``deal`` checked (the shuffles are drawn either way, so the RNG goes on the same)."""
    orders = [shuffle(full_deck(), rng) for _ in range(1 + party)]
    if deal is None:
        return orders
    if not isinstance(deal, list) or len(deal) != len(orders):
        raise SetupError("bad_deal", f"This deal is {len(orders)} decks: the Dealer's, then each character's, "
                                     "each the 54 cards top first.")
    for order in deal:
        try:
            check_deck_order(order)
        except ValueError as exc:
            raise SetupError("bad_deal", str(exc)) from None
    return [list(order) for order in deal]


class Pending(TypedDict):
    """A flip waiting for cheats (TOMB-6, TS-2): its ``kind`` ("save", "contest", "attack", "damage", ...), its
    sides, what it is for (``context``, shaped as ``shapes.FlipContext``), the seats that let their cards stand
    (TS-19) and those it still waits for (TS-15). ``Waiting`` is what a seat is shown of it."""

    kind: str
    sides: list[Side]
    context: dict[str, Any]
    stood: list[int]
    deciding: list[int]


class Combat:
    """The shared state and rules of a fight; a game class mixes this in beside ``State``."""

    rng: Any
    party: list[Sheet]
    decks: dict[str, FateDeck]
    npcs: list[dict[str, Any]]
    npc_counter: int
    pending: Pending | None
    last: list[dict[str, Any]]
    log: list[dict[str, Any]]

    def _init_combat(self, rng: Any, party: list[Sheet], deal: list[list[str]]) -> None:
        """The Dealer's deck (``deal[0]``, no hand) and each character's (``deal[n + 1]``, a hand of 5)."""
        self.rng = rng
        self.party = party
        self.decks = {DEALER: FateDeck.forced(deal[0], holds_hand=False)}
        for n in range(len(party)):
            self.decks[pc_ref(n)] = FateDeck.forced(deal[n + 1], holds_hand=True)
        self.npcs = []
        self.npc_counter = 0
        self.pending = None
        self.last = []
        self.log = []

    def _after_settle(self, kind: str, refs: list[str], result: Any, context: dict[str, Any],
                      events: list[Event]) -> None:
        """An action is settled (its result written and told); the Showdown carries its round on from here."""

    def _save_words(self, kind: str, ref: str, result: Any, said: str, verdict: str, context: dict[str, Any]) -> str:
        """The sentence of a save only a particular game makes (the Showdown's snake, say)."""
        return f"{said}: {verdict}."

    def seat_of(self, ref: str) -> int:
        """The seat that decides for ``ref``: a character's player, else the Dealer."""
        return pc_index(ref) + 1 if is_pc(ref) else 0

    def name_of(self, ref: str) -> str:
        if ref == DEALER:
            return "the Dealer"
        return str(self.sheet_of(ref)["name"])

    def npc(self, ref: str) -> dict[str, Any]:
        return next(n for n in self.npcs if n["ref"] == ref)

    def deck_of(self, ref: str) -> str:
        """Non-player characters flip from the Dealer's deck (TOMB-1)."""
        return ref if is_pc(ref) else DEALER

    def sheet_of(self, ref: str) -> dict[str, Any]:
        return self.party[pc_index(ref)] if is_pc(ref) else self.npc(ref)

    def modifier(self, ref: str, ability: str) -> int:
        return ability_modifier(self.party[pc_index(ref)], ability) if is_pc(ref) else \
            self.npc(ref)["abilities"][ability]

    def party_refs(self, status: Sequence[str] = ("up",)) -> list[str]:
        return [pc_ref(n) for n, sheet in enumerate(self.party) if sheet["status"] in status]

    def npc_refs(self, kinds: Sequence[str] = ("enemy", "posse", "hireling")) -> list[str]:
        return [n["ref"] for n in self.npcs if n["status"] == "up" and n["kind"] in kinds]

    def _pending_moves(self, p: int) -> list[WaitingMove]:
        moves: list[WaitingMove] = []
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

    # --- who still decides a waiting flip (TS-15, TS-19, TS-20) ------------------------------------------
    def _involved(self) -> list[str]:
        """The player characters whose players decide on the waiting flip: those with a side in it, and the
        target of a damage flip the Dealer makes (their Black Joker may force it: TS-20)."""
        if self.pending is None:
            return []
        refs = [s["who"] for s in self.pending["sides"] if is_pc(s["who"])]
        target = self.pending["context"].get("target")
        if (self.pending["kind"] == "damage" and isinstance(target, str) and is_pc(target)
                and not is_pc(self.pending["sides"][0]["who"]) and target not in refs):
            refs.append(target)
        return refs

    def _deciding(self) -> list[int]:
        """The seats the waiting flip still waits for (worked out each time the flip changes)."""
        return list(self.pending["deciding"]) if self.pending is not None else []

    def _who_decides(self) -> list[int]:
        """TS-15, TS-19: the seats involved that have not let their cards stand and may hold a card that could
        turn the flip their way."""
        assert self.pending is not None
        stood = self.pending["stood"]
        return sorted({self.seat_of(ref) for ref in self._involved()
                       if self.seat_of(ref) not in stood and self._could_change(ref)})

    def _could_change(self, ref: str) -> bool:
        """TS-15: whether some card ``ref``'s hand may hold, as far as the other seats can tell, would turn the
        flip their way when laid over their own side, or whether the Black Joker, if the hand may hold it,
        could: some card the Dealer's deck may give on the flip again (TS-20). Read from what the table sees,
        so that a flip waiting tells nobody what a hand holds."""
        assert self.pending is not None
        sides = self.pending["sides"]
        now = self._standing(ref, sides)
        possible = self._possible_hand(ref)
        for i, side in enumerate(sides):
            if side["who"] == ref and self._cheat_refusal(side, public=True) is None:
                for card in possible - {BLACK}:
                    for covered in side["cards"]:
                        if self._standing(ref, _with(sides, i, cheat=card, covered=covered)) > now:
                            return True
        if BLACK in possible and self._force_refusal(self.seat_of(ref), public=True) is None:
            i, dealer = next((i, s) for i, s in enumerate(sides) if not is_pc(s["who"]))
            for cards in self._reflips(dealer):
                if self._standing(ref, _with(sides, i, cards=list(cards))) > now:
                    return True
        return False

    def _possible_hand(self, ref: str) -> set[str]:
        """The cards ``ref``'s hand may hold as far as the table can tell: none for an empty hand, else every
        card of the deck that is neither in its (face-up) discards nor lying on the waiting flip."""
        deck = self.decks[ref]
        if not deck.hand:
            return set()
        shown = set(deck.discard)
        for side in self.pending["sides"] if self.pending else []:
            if side["deck"] == ref:
                shown |= {*side["cards"], *([side["cheat"]] if side["cheat"] else [])}
        return set(full_deck()) - shown

    def _reflips(self, side: Side) -> list[tuple[str, ...]]:
        """The cards (or ordered pairs) the Dealer's deck may give if forced to flip ``side`` again: from its
        draw pile, or, when that is too short and the discards come back (TS-3), from the whole deck. Cards
        alike for the verdict (a joker; a value and whether its suit is the ability's) are tried once."""
        deck = self.decks[side["deck"]]
        pool = deck.draw if len(deck.draw) >= len(side["cards"]) else [*deck.draw, *deck.discard, *side["cards"]]
        suit = ABILITY_SUITS[side["ability"]]
        alike: dict[Any, list[str]] = {}
        for card in sorted(set(pool)):
            kind = card if card in JOKERS else (value(card), card[-1] == suit)
            if len(alike.setdefault(kind, [])) < 2:
                alike[kind].append(card)
        if len(side["cards"]) == 1:
            return [(cards[0],) for cards in alike.values()]
        return [(a[0], b[-1]) for ka, a in alike.items() for kb, b in alike.items() if ka != kb or len(a) == 2]

    def _standing(self, ref: str, sides: list[Side]) -> float:
        """How well a flip goes for ``ref``'s player (higher is better): a save made, a contest won, more
        damage dealt or less taken (a Red Joker counted at the most it could do)."""
        assert self.pending is not None
        context = self.pending["context"]
        if self.pending["kind"] == "damage":
            dealt = _damage_at_most(context["weapon"]["damage"], sides[0]["cheat"] or sides[0]["cards"][0],
                                    context["bonus"])
            return dealt if sides[0]["who"] == ref else -dealt
        flips = [self._judged(s) for s in sides]
        if len(flips) == 1:
            return float(save(flips[0], context["ability"], context["target"]).success)
        actor_wins = contest(flips[0], flips[1], context["ability"]).actor_wins
        return float(actor_wins == (sides[0]["who"] == ref))

    def _free_field_error(self, move: Move, fields: dict[str, Any]) -> IllegalMove | None:
        """Why a free field of ``move`` (``fields``: name -> choices, [low, high] or "text") is malformed."""
        for name, spec in fields.items():
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

    def _cheat_refusal(self, side: Side, public: bool = False) -> str | None:
        """Why ``side``'s own player may not cheat it now; None when they may. ``public``: as far as the
        other seats can tell (they see how many cards the hand holds, not which: TS-15)."""
        who = self.name_of(side["who"])
        if not is_pc(side["who"]):
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
        sides = [s for s in self.pending["sides"] if self.seat_of(s["who"]) == p and is_pc(s["who"])]
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
        """Why seat ``p`` may not spend the Black Joker on the Dealer's flip now (TOMB-6, TS-2, TS-20);
        ``public``: as far as the other seats can tell (any card in the hand might be the Black Joker)."""
        if self.pending is None:
            return "There is no flip waiting."
        mine = [ref for ref in self._involved() if self.seat_of(ref) == p]
        if not mine:
            return "Only a character in this action can force the Dealer's flip."
        hand = self.decks[mine[0]].hand
        if BLACK not in hand and not (public and hand):
            return f"{self.name_of(mine[0])} has no Black Joker in hand."
        dealer_sides = [s for s in self.pending["sides"] if not is_pc(s["who"])]
        if not dealer_sides:
            return "The Black Joker forces only the Dealer to flip again."
        side = dealer_sides[0]
        if side["forced"]:
            return "The Dealer already flipped again: the second card is final."
        if RED in side["cards"]:
            return "The Black Joker cannot touch the Red Joker."
        return None

    def _do_cheat(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        assert self.pending is not None
        side = next(s for s in self.pending["sides"] if is_pc(s["who"]) and self.seat_of(s["who"]) == p)
        covers = move.get("covers") or side["cards"][0]
        self.decks[side["deck"]].hand.remove(move["card"])
        side["cheat"], side["covered"] = move["card"], covers
        who = self.name_of(side["who"])
        self._say(events, {"type": "cheat", "who": side["who"], "card": move["card"], "covers": covers},
                  f"{who} cheats fate: {label(move['card'])} over the {label(covers)}.")
        self._reopen(p, events)

    def _do_force(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        assert self.pending is not None
        mine = next(ref for ref in self._involved() if self.seat_of(ref) == p)
        self.decks[mine].hand.remove(BLACK)
        self.decks[mine].discard.append(BLACK)
        side = next(s for s in self.pending["sides"] if not is_pc(s["who"]))
        old = list(side["cards"])
        self.decks[side["deck"]].discard.extend(old)
        side["cards"] = [self._flip(side["deck"], events) for _ in old]
        side["forced"] = True
        self._say(events, {"type": "force", "who": mine, "old": old, "cards": side["cards"]},
                  f"{self.name_of(mine)} plays the Black Joker: {self.name_of(side['who'])} flips again, "
                  f"{cards_words(old)} out, {cards_words(side['cards'])} in; that stands.")
        self._reopen(p, events)

    def _do_settle(self, p: int, move: Mapping[str, Any], events: list[Event]) -> None:
        """TS-19: this player lets their own cards stand; the flip settles once nobody else still decides."""
        assert self.pending is not None
        self.pending["stood"].append(p)
        self._settle_if_nobody_can_act(events)

    def _reopen(self, p: int, events: list[Event]) -> None:
        """TS-19: a cheat or a forced flip changes what the others let stand, so they decide again."""
        assert self.pending is not None
        self.pending["stood"] = []
        self._settle_if_nobody_can_act(events)

    def _attack(self, attacker: str, target: str, weapon: dict[str, Any], mode: str, attackers: int,
                events: list[Event], poor: Sequence[str] = (), bonus: int = 0) -> None:
        """TOMB-8 and TS-22: melee is STR against STR, ranged DEX against DEX; several attackers together or a
        posse attack enhanced, an individual attacks a posse impaired; the damage bonus is +1 once for the
        group or a posse's +3. ``mode`` is the position the table declared and ``poor`` what else impairs
        (the dark, cover): SD-3 weighs them all, a reason to be enhanced and one to be impaired cancelling
        into a plain flip."""
        ability = attack_ability(weapon)
        posse_attacks = not is_pc(attacker) and self.npc(attacker)["kind"] == "posse"
        posse_defends = not is_pc(target) and self.npc(target)["kind"] == "posse"
        good = [*(["a posse attacks enhanced"] if posse_attacks else
                  ["several attackers: enhanced"] if attackers > 1 else []),
                *(["an advantageous position"] if mode == "enhanced" else [])]
        bad = [*poor, *(["attacks against a posse are impaired"] if posse_defends else []),
               *(["a poor position"] if mode == "impaired" else [])]
        if good and bad:
            mode, why = "normal", f"{', '.join(good)}, but {', '.join(bad)}: the two cancel"
        elif good:
            mode, why = "enhanced", ", ".join(good)
        elif bad:
            mode, why = "impaired", ", ".join(bad)
        else:
            mode, why = "normal", ""
        bonus += 3 if posse_attacks else 1 if attackers > 1 else 0
        sides = [self._side(attacker, ability, mode, events), self._side(target, ability, "normal", events)]
        self._start(events, "attack", sides, {"ability": ability, "weapon": weapon, "bonus": bonus,
                                              "enhanced": mode == "enhanced", "why": why, "target": target})

    def _hazard(self, ref: str, ability: str, amount: int, events: list[Event]) -> None:
        """The SRD's ability loss: a hazard lowers an ability; points below 0 of STR, DEX or WIL become
        debilitating conditions (TS-13); GRT below 0 kills."""
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
              ) -> Side:
        deck = DEALER if who == DEALER else self.deck_of(who)
        cards = [self._flip(deck, events) for _ in range(cards_needed(mode))]
        if modifier is None:
            modifier = 0 if who == DEALER else self.modifier(who, ability)
        return {"who": who, "deck": deck, "ability": ability, "modifier": modifier, "mode": mode, "cards": cards,
                "cheat": None, "covered": None, "forced": False}

    def _start(self, events: list[Event], kind: str, sides: list[Side], context: dict[str, Any]) -> None:
        self.pending = {"kind": kind, "sides": sides, "context": context, "stood": [],
                        "deciding": []}
        events.append({"type": "flip", "kind": kind, "sides": copy.deepcopy(sides)})
        self._settle_if_nobody_can_act(events)

    def _settle_if_nobody_can_act(self, events: list[Event]) -> None:
        """TS-15, TS-19: a flip nobody still decides on (each player let their cards stand, or has no card
        that could turn it their way) is settled at once."""
        if self.pending is None:
            return
        self.pending["deciding"] = self._who_decides()
        if not self.pending["deciding"]:
            self._settle(events)

    def _judged(self, side: Side) -> Flip:
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
        elif kind == "scar_save":  # Deafened, Sundered
            sheet = self.sheet_of(ref)
            text = f"{said}: {verdict}."
            if result.success:
                sheet["max"]["GRT"] += 1
                sheet["abilities"]["GRT"] += 1
                text += f" Max GRT rises to {sheet['max']['GRT']}."
        else:
            text = self._save_words(kind, ref, result, said, verdict, context)
        self._record_result(events, {"type": "settled", "kind": kind, "who": ref, "result": result.to_json(),
                                     "context": context}, text)
        self._after_settle(kind, [ref], result, context, events)

    def _settle_contest(self, kind: str, refs: list[str], outcome: Any, context: dict[str, Any],
                        events: list[Event]) -> None:
        a, o = refs
        ability = context["ability"]
        actor_words = f"{self.name_of(a)} flips {_flip_words(outcome.actor, ability)}"
        other_flip = _flip_words(outcome.other, ability)
        other_words = f"{_possessive(self.name_of(o))} {other_flip.removeprefix('the ')}"  # "Vane's Red Joker"
        why = _contest_rule(outcome, ability)
        winner = self.name_of(a if outcome.actor_wins else o)
        base = f"{actor_words} against {other_words}: {why}"
        event = {"type": "settled", "kind": kind, "who": a, "other": o, "result": outcome.to_json(), "context": context}
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
        self._after_settle(kind, refs, outcome, context, events)

    def _damage_flip(self, attacker: str, target: str, context: dict[str, Any], events: list[Event]) -> None:
        side = self._side(attacker, context["ability"], "normal", events, modifier=0)
        self._start(events, "damage", [side], {**context, "attacker": attacker})

    def _settle_damage(self, pending: Pending, events: list[Event]) -> None:
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
                                     "result": result.to_json(), "context": context}, text)
        if result.total > 0:
            self._hurt(target, result.total, events)

    def _hurt(self, ref: str, amount: int, events: list[Event]) -> None:
        """TOMB-9/10: HP first; the rest lowers GRT (a posse's STR, TS-11), below 0 is death, else a GRT save
        at 10 decides critical damage. A player character's hit ending exactly on 0 HP draws a scar."""
        character = is_pc(ref)
        sheet = self.sheet_of(ref)
        hp = effective_hp(sheet) if character else sheet["hp"]
        name = sheet["name"]
        if amount <= hp:
            sheet["hp"] = max(0, sheet["hp"] - amount)
            text = f"{name} loses {amount} HP ({sheet['hp']} left)."
            self._say(events, {"type": "hurt", "who": ref, "hp": sheet["hp"]}, text)
            if character and hp - amount == 0:
                self._scar(ref, min(amount, 12), events)
            elif not character and sheet["hp"] == 0 and sheet["kind"] == "enemy":
                self._at_zero(ref, events)
            return
        rest = amount - hp
        sheet["hp"] = 0
        stat = "STR" if not character and sheet["kind"] == "posse" else "GRT"
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

    def _at_zero(self, ref: str, events: list[Event]) -> None:
        """An enemy is brought to exactly 0 HP: at the Dealer's table, a reminder that a lone enemy now
        makes its morale save (TOMB-13, TS-16); the Showdown makes that save itself."""
        self._say(events, {"type": "lone_at_zero", "who": ref},
                  f"{self.name_of(ref)} is at 0 HP: a lone enemy now makes a morale save (TOMB-13).")

    def _settle_critical(self, ref: str, result: Any, said: str, verdict: str, events: list[Event]) -> str:
        sheet = self.sheet_of(ref)
        name = sheet["name"]
        text = f"Against critical damage: {said}: {verdict}."
        if is_pc(ref):
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
        text = f"{cards_words(cards)}: {hits} {SUIT_NAMES[ABILITY_SUITS[ability]]} against {ability} {old}"
        if hits > old:
            raise_by = hits - old
            sheet["max"][ability] += raise_by
            sheet["abilities"][ability] += raise_by
            return text + f": {ability} rises to {sheet['abilities'][ability]}."
        return text + ": no change."

    def _add_npc(self, name: str, kind: str, scores: dict[str, int], weapon: dict[str, Any], **extra: Any
                 ) -> dict[str, Any]:
        npc = {"ref": npc_ref(self.npc_counter), "name": name, "kind": kind, "abilities": dict(scores),
               "max": dict(scores), "hp": scores["GRT"] + 1, "max_hp": scores["GRT"] + 1, "weapon": weapon,
               "status": "up", **extra}
        self.npc_counter += 1
        self.npcs.append(npc)
        return npc

    def _numbered(self, base: str) -> str:
        """A name nobody in the scene has yet ("Bandit 2"): two alike could not be told apart on a button."""
        taken = {n["name"] for n in self.npcs} | {sheet["name"] for sheet in self.party}
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

    def _party_view(self, p: int | None) -> list[dict[str, Any]]:
        """Each character as the table shows them: the sheet, slots, HP to fight with, weapons, and their
        deck's counts (the hand only to their own seat)."""
        party = []
        for n, sheet in enumerate(self.party):
            ref = pc_ref(n)
            party.append({"ref": ref, "seat": n + 1, "sheet": sheet, "slots": slots_used(sheet),
                          "effective_hp": effective_hp(sheet),
                          "debilitated": all(c in sheet["conditions"] for c in CONDITIONS.values()),
                          "weapons": weapons(sheet), **self.decks[ref].public(p == n + 1)})
        return party

    def _pending_view(self, p: int | None) -> dict[str, Any] | None:
        if self.pending is None:
            return None
        return {"kind": self.pending["kind"], "context": self.pending["context"],
                "sides": [self._side_view(s, p) for s in self.pending["sides"]],
                "force": None if p is None else self._force_refusal(p), "stood": list(self.pending["stood"]),
                "deciding": self._deciding(), "damage": self._waiting_damage(self.pending["sides"])}

    def _waiting_damage(self, sides: list[Side]) -> dict[str, Any] | None:
        """A damage flip's tier and damage as its card shows now (the Red Joker's second flip still to come)."""
        if self.pending is None or self.pending["kind"] != "damage":
            return None
        context = self.pending["context"]
        result = damage(context["weapon"]["damage"], sides[0]["cheat"] or sides[0]["cards"][0], context["bonus"])
        return {"tier": result.tier, "total": result.total, "rule": result.rule}

    def _cheat_preview(self, p: int, move: Mapping[str, Any]) -> dict[str, Any] | None:
        """TS-21: a cheat's new total and verdict, and a warning when it makes the flip worse for its player
        (a Red Joker that counts is a sure success: covering it can only lose)."""
        if move["type"] != "cheat" or self.pending is None:
            return None
        sides = self.pending["sides"]
        i, side = next((i, s) for i, s in enumerate(sides) if is_pc(s["who"]) and self.seat_of(s["who"]) == p)
        after = _with(sides, i, cheat=move["card"], covered=move["covers"])
        total, verdict = self._verdict_words(side["who"], after, i)
        warning = None
        if move["covers"] == RED and RED in self._judged(side).counted:
            warning = "The Red Joker is a sure success: covering it throws that away."
        elif self._standing(side["who"], after) < self._standing(side["who"], sides):
            warning = f"This makes the flip worse for {self.name_of(side['who'])}: {verdict}."
        return {"total": total, "verdict": verdict, "warning": warning}

    def _verdict_words(self, ref: str, sides: list[Side], i: int) -> tuple[int | None, str]:
        """Side ``i``'s total and the flip's verdict for ``ref`` in a few words: "16, made", "12, wins",
        "the Red Joker, a success", "tier 3: 4 damage"."""
        assert self.pending is not None
        context = self.pending["context"]
        if self.pending["kind"] == "damage":
            shown = self._waiting_damage(sides)
            assert shown is not None
            if shown["rule"] == "black_joker":
                return 0, "the Black Joker: no damage"
            extra = " and a second flip" if shown["rule"] == "red_joker" else ""
            return shown["total"], f"tier {shown['tier']}: {shown['total']} damage{extra}"
        flip = self._judged(sides[i])
        total = None if flip.auto else flip.total
        head = f"the {'Red' if flip.auto == 'success' else 'Black'} Joker" if flip.auto else str(flip.total)
        if len(sides) == 1:
            made = save(flip, context["ability"], context["target"]).success
            return total, f"{head}, {'made' if made else 'short'}"
        wins = self._standing(ref, sides) > 0
        return total, f"{head}, {'wins' if wins else 'loses'}"

    def _side_view(self, side: Side, p: int | None) -> dict[str, Json]:
        judged = self._judged(side)
        refusal = (self._cheat_refusal(side, public=p != self.seat_of(side["who"])) if is_pc(side["who"])
                   else "Only player characters cheat.")
        return {**side, "name": self.name_of(side["who"]), "flip": judged.to_json(),
                "cheat_refusal": refusal}

    def _redact_hands(self, shown: Mapping[str, Any], viewer: int | None) -> Event:
        """A hand in an event is shown only to its seat; everyone else gets the count."""
        event = copy.deepcopy(dict(shown))
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


def attack_ability(weapon: Mapping[str, Any]) -> str:
    """TOMB-8: melee is STR against STR, ranged DEX against DEX."""
    return "DEX" if weapon["ranged"] else "STR"


def attack_modifier(fighter: Mapping[str, Any]) -> int:
    """A fighter's modifier with the weapon in hand (TOMB-8): the best hand leads a group attack (TOMB-11)."""
    return int(fighter["abilities"][attack_ability(fighter["weapon"])])


def pc_ref(n: int) -> str:
    """The reference of the party's ``n``-th character ("pc0"); an NPC's is "npc0", the Dealer's ``DEALER``."""
    return f"pc{n}"


def npc_ref(n: int) -> str:
    """The reference of the ``n``-th NPC brought into the fight ("npc0")."""
    return f"npc{n}"


def is_pc(ref: str) -> bool:
    """Whether ``ref`` names one of the party's characters (not an NPC, not the Dealer)."""
    return ref.startswith("pc")


def pc_index(ref: str) -> int:
    """The party index a character's reference names ("pc2" -> 2): the one place that reads a reference."""
    if not is_pc(ref) or not ref[2:].isdigit():
        raise ValueError(f"{ref!r} is not a character's reference (pc0, pc1, ...).")
    return int(ref[2:])


def strict(move: Mapping[str, Json]) -> str:
    """A move as strict JSON: Python's 1 == 1.0 == True must not make a move legal."""
    return json.dumps(move, sort_keys=True)


def by_suit(cards: Sequence[str]) -> dict[str, int]:
    scores = {a: 0 for a in ABILITIES}
    for card in cards:
        scores[SUIT_ABILITIES[card[-1]]] += 1
    return scores


def scores_words(scores: dict[str, int]) -> str:
    return ", ".join(f"{a} {scores[a]}" for a in ABILITIES)


def _with(sides: list[Side], i: int, cards: list[str] | None = None, cheat: str | None = None,
          covered: str | None = None) -> list[Side]:
    """The sides with side ``i`` changed (``cheat`` laid over ``covered``, or ``cards`` the Dealer flipped
    again), the rest as they are."""
    side = sides[i].copy()
    if cards is not None:
        side["cards"] = cards
    if cheat is not None:
        side["cheat"], side["covered"] = cheat, covered
    return [side if k == i else other for k, other in enumerate(sides)]


def _damage_at_most(weapon: Sequence[int], shown: str, bonus: int) -> float:
    """The most a damage flip showing ``shown`` can do: a Red Joker's tier 3 and the best a second flip adds."""
    if shown == RED:
        return weapon[2] + max(weapon) + bonus
    return damage(weapon, shown, bonus).total


def cards_words(cards: Sequence[str]) -> str:
    return ", ".join(label(c) for c in cards)


def _possessive(name: str) -> str:
    return "the Dealer's" if name == "the Dealer" else f"{name}'s"


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
        joker = f"the {'Black' if flip.auto == 'failure' else 'Red'} Joker"
        return joker if flip.mode == "normal" and not flip.cheat else f"{words}: {joker}"
    return f"{words} + {ability} {flip.modifier} = {flip.total}"


def _save_rule(result: Any) -> str:
    if result.rule == "black_joker":
        return "the Black Joker, a failure whatever the total"
    if result.rule == "red_joker":
        return "the Red Joker, a success whatever the total"
    return "made it" if result.success else "short"


def _contest_rule(outcome: Any, ability: str) -> str:
    rule = outcome.rule
    suit = SUIT_NAMES[ABILITY_SUITS[ability]]
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

