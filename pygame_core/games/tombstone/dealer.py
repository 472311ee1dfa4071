"""The Showdown's Dealer: how the computer plays the enemies, from the Dealer's own view only.

It sees what anyone at the table sees (the sheets, HP, cover, who has acted) and never a character's hand
or any deck's order: ``dealer_move(view, moves)`` is given ``view(0)`` and the Dealer's legal moves.
Its sense, in order: reload an empty heavy gun; a wounded or outnumbered enemy in the open takes cover
(a posse never does: it presses its advantage); every attack goes for the weakest character standing
(least HP and GRT left, out of cover first); several enemies gang up (TOMB-11) when the target would
otherwise hold them off (in cover, or as good with the weapon's ability as the best of them); otherwise
the best hand shoots first. Morale and fleeing are the rules' business (TOMB-13), not a choice.
"""

from __future__ import annotations

from typing import Any, Mapping, TypeVar

from .combat import attack_ability, attack_modifier

Move = TypeVar("Move", bound=Mapping[str, Any])


def dealer_move(view: Mapping[str, Any], moves: list[Move]) -> Move:
    """One legal move of the Dealer's, deterministic for a view."""
    npcs = {n["ref"]: n for n in view["npcs"]}
    party = {c["ref"]: c for c in view["party"]}
    for move in moves:
        if move["type"] == "reload":
            return move
    standing = [c for c in party.values() if c["sheet"]["status"] == "up" and not c["escaped"]]
    foes = [n for n in npcs.values() if n["status"] == "up" and n["kind"] in ("enemy", "posse")]
    for move in moves:
        if move["type"] == "take_cover":
            npc = npcs[move["npc"]]
            if npc["hp"] < npc["max_hp"] or len(standing) > len(foes):
                return move
    attacks = [m for m in moves if m["type"] == "attack"]
    if not attacks:
        return moves[0]
    target = min({m["target"] for m in attacks}, key=lambda ref: _weakness(party[ref]))
    on_target = [m for m in attacks if m["target"] == target]
    posse = [m for m in on_target if len(m["npcs"]) == 1 and npcs[m["npcs"][0]]["kind"] == "posse"]
    if posse:
        return posse[0]
    singles = [m for m in on_target if len(m["npcs"]) == 1]
    best = max(singles, key=lambda m: attack_modifier(npcs[m["npcs"][0]]))
    groups = [m for m in on_target if len(m["npcs"]) > 1]
    if groups:
        group = max(groups, key=lambda m: len(m["npcs"]))
        lead = npcs[best["npcs"][0]]
        defender = party[target]["sheet"]["abilities"][attack_ability(lead["weapon"])]
        if party[target]["cover"] or defender >= attack_modifier(lead):
            return group
    return best


def _weakness(character: Mapping[str, Any]) -> tuple[int, bool, int]:
    """Smaller is weaker: HP to fight with plus GRT, then whether in cover, then seat order."""
    sheet = character["sheet"]
    return (int(character["effective_hp"]) + int(sheet["abilities"]["GRT"]), bool(character["cover"]),
            int(character["seat"]))
