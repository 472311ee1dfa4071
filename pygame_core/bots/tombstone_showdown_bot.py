"""A scripted party for the Showdown: how a sensible player fights, for the balance tables and the tests.

It sees what its character's player sees (``view(p)``: its own hand, nobody else's, no deck's order) and
plays by a few plain rules. While a flip waits, it cheats with the smallest hand card that turns a loss
into a win (a save made, a contest won, a better damage tier), spends the Black Joker on a Dealer's flip
it cannot beat otherwise or on a Dealer's damage flip that would take it to 0 HP or past (TS-20), and else
lets the cards stand. On its turn: at the rattlesnake, the save it is
likeliest to make; in a fight it turns tail when it is hurt, one more hit would be its last and the
enemies still outnumber the party, takes a swig when hurt and able, takes cover in round 1 when there is cover and
the enemies shoot, and otherwise attacks the enemy it is likeliest to bring down with the weapon that
does the most harm. In camp between the fights of a trail it rests, buys a bottle when it carries none
and can pay, and moves on.
"""

from __future__ import annotations

from typing import Any

from ..games.tombstone.combat import attack_ability, is_pc
from ..games.tombstone.fate import ABILITY_SUITS, contest, damage, judge_flip, save

Move = dict[str, Any]
TIER_ODDS = (5 / 13, 5 / 13, 3 / 13)  # A-5, 6-10, J-K (TOMB-1)


class PartyBot:
    """One character's player (the seat it is asked for); deterministic for a view."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The party bot has no legal move to choose from.")
        if view["pending"] is not None:
            return self._flip_choice(view, moves)
        kinds = {m["type"] for m in moves}
        if "move_on" in kinds:
            return self._camp_choice(view, moves)
        if "hazard" in kinds:
            return self._hazard_choice(view, moves)
        return self._turn_choice(view, moves)

    # --- a waiting flip ------------------------------------------------------------------------------
    def _flip_choice(self, view: dict[str, Any], moves: list[Move]) -> Move:
        pending = view["pending"]
        settle = next(m for m in moves if m["type"] == "settle")
        mine = {m["covers"] for m in moves if m["type"] == "cheat"}
        if not mine and not any(m["type"] == "force" for m in moves):
            return settle
        if not any(is_pc(s["who"]) for s in pending["sides"]):  # the Dealer's damage flip against me (TS-20)
            force = next((m for m in moves if m["type"] == "force"), None)
            hurt = pending["damage"]["total"] >= _me(view, moves)["effective_hp"] if pending["damage"] else False
            return force if force is not None and hurt else settle
        me = next((i for i, s in enumerate(pending["sides"]) if is_pc(s["who"]) and s["cheat_refusal"] is None), None)
        if me is None:
            me = next(i for i, s in enumerate(pending["sides"]) if is_pc(s["who"]))
        if _winning(pending, me, None):
            return settle
        cheats = sorted((m for m in moves if m["type"] == "cheat"), key=lambda m: _card_rank(m["card"]))
        for move in cheats:
            if _winning(pending, me, move):
                return move
        force = next((m for m in moves if m["type"] == "force"), None)
        if force is not None and len(pending["sides"]) == 2:
            return force
        return settle

    # --- the camp -----------------------------------------------------------------------------------------
    def _camp_choice(self, view: dict[str, Any], moves: list[Move]) -> Move:
        me = _me(view, moves)
        rest = next((m for m in moves if m["type"] == "rest"), None)
        if rest is not None:
            return rest
        bottles = ("gin", "rum", "whiskey_bottle")
        if not any(item["id"] in bottles for item in me["sheet"]["inventory"]):
            buy = next((m for m in moves if m["type"] == "buy" and m["item"] in bottles), None)
            if buy is not None:
                return buy
        return next(m for m in moves if m["type"] == "move_on")

    # --- a turn -------------------------------------------------------------------------------------------
    def _hazard_choice(self, view: dict[str, Any], moves: list[Move]) -> Move:
        me = _me(view, moves)
        actions = {a["id"]: a for a in view["encounter"]["hazard"]["actions"]}
        targets = {"shake": ("DEX", 11), "still": ("WIL", 13), "grab": ("STR", 12)}

        def chance(move: Move) -> int:
            ability, target = targets.get(move["action"], ("DEX", 13))
            return int(me["sheet"]["abilities"][ability]) - target if move["action"] in actions else -99

        return max(moves, key=chance)

    def _turn_choice(self, view: dict[str, Any], moves: list[Move]) -> Move:
        me = _me(view, moves)
        sheet = me["sheet"]
        foes = [n for n in view["npcs"] if n["status"] == "up" and n["kind"] in ("enemy", "posse")]
        friends = [c for c in view["party"] if c["sheet"]["status"] == "up" and not c["escaped"]]
        by_type: dict[str, list[Move]] = {}
        for move in moves:
            by_type.setdefault(move["type"], []).append(move)
        worst_hit = max((max(n["weapon"]["damage"]) for n in foes), default=0)
        hurt = sheet["hp"] < sheet["max_hp"]
        last_legs = me["effective_hp"] + sheet["abilities"]["GRT"] < worst_hit
        if hurt and last_legs and len(foes) > len(friends) and "turn_tail" in by_type:
            return by_type["turn_tail"][0]
        if "drink" in by_type and sheet["hp"] * 2 <= sheet["max_hp"]:
            return by_type["drink"][0]
        shooters = any(n["weapon"]["ranged"] for n in foes)
        if "take_cover" in by_type and view["round"] <= 1 and shooters and not me["cover"]:
            return by_type["take_cover"][0]
        if "attack" in by_type:
            return max(by_type["attack"], key=lambda m: _attack_value(view, me, m))
        if "reload" in by_type:
            return by_type["reload"][0]
        return moves[0]


def _me(view: dict[str, Any], moves: list[Move]) -> dict[str, Any]:
    """The character whose hand this view shows (the seat's own)."""
    return next((c for c in view["party"] if c["hand"] is not None), view["party"][0])


def _attack_value(view: dict[str, Any], me: dict[str, Any], move: Move) -> float:
    """Rough harm: the chance to hit from the modifiers (cover and posses impair), times the average damage,
    plus a bonus for a foe this hit would likely bring down."""
    weapon = me["weapons"][move["weapon"]]
    target = next(n for n in view["npcs"] if n["ref"] == move["target"])
    ability = "DEX" if weapon["ranged"] else "STR"
    edge = int(me["sheet"]["abilities"][ability]) - int(target["abilities"][ability])
    if (weapon["ranged"] and target["cover"]) or target["kind"] == "posse" or view["encounter"]["dark"]:
        edge -= 3
    hit = min(0.95, max(0.05, 0.5 + edge / 13))
    harm = sum(odds * dmg for odds, dmg in zip(TIER_ODDS, weapon["damage"]))
    finish = 1.0 if harm >= target["hp"] + target["abilities"]["GRT"] else 0.0
    leader = 0.3 if target.get("leader") else 0.0
    return float(hit * (harm + finish + leader))


def _winning(pending: dict[str, Any], me: int, cheat: Move | None) -> bool:
    """Whether the flip goes the character's way as it stands, or with ``cheat`` laid."""
    sides = pending["sides"]
    context = pending["context"]

    def flip(i: int) -> Any:
        side = sides[i]
        card, covers = side["cheat"], side["covered"]
        if cheat is not None and i == me:
            card, covers = cheat["card"], cheat["covers"]
        return judge_flip(side["cards"], side["mode"], side["modifier"], ABILITY_SUITS[side["ability"]], card, covers)

    kind = pending["kind"]
    if kind == "damage":
        weapon = context["weapon"]["damage"]
        now = damage(weapon, sides[0]["cards"][0], context["bonus"], None, None).total
        if cheat is None:
            return bool(now >= max(weapon) + context["bonus"])
        return damage(weapon, sides[0]["cards"][0], context["bonus"], None, cheat["card"]).total > now
    if len(sides) == 1:
        return save(flip(0), context["ability"], context["target"]).success
    result = contest(flip(0), flip(1), context["ability"])
    return bool(result.actor_wins == (me == 0))


def _card_rank(card: str) -> int:
    return {"RJ": 20, "BJ": 0}.get(card) or {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])
