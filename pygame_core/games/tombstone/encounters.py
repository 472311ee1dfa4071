"""The Showdown's encounters and the enemies' weapons: stat blocks as data, all of our own writing.

An encounter is either a fight (``foes``; one more of ``extra`` joins for each character beyond the first,
so a party of three meets a bigger gang) or a hazard (``hazard``: something to survive with saves, not a
foe to shoot). ``cover`` says whether there is anywhere to take cover, ``dark`` makes every attack impaired
(TOMB-7: a poor position), ``surprise`` makes it an ambush: each character first saves to spot it (SD-13),
``purse`` is what the victors find (in cents, shared among those standing), ``bar`` the price of a swig at
a bar within reach (0: no bar).

>>> ENCOUNTERS["gang"].foes[0].name, ENCOUNTERS["gang"].foes[0].leader
('Ruby Hollister', True)
>>> [e.id for e in ENCOUNTERS.values()]
['noon', 'gang', 'posse', 'snake', 'ambush']
"""

from __future__ import annotations

from dataclasses import dataclass

from .tables import Item

ENEMY_WEAPONS: dict[str, Item] = {
    "revolver": Item("revolver", "Revolver", 0, "weapon", "hand", True),
    "carbine": Item("carbine", "Carbine", 0, "weapon", "field", True, 2),
    "buffalo_gun": Item("buffalo_gun", "Buffalo gun", 0, "weapon", "heavy", True, 2),
    "club": Item("club", "Club", 0, "weapon", "hand", False),
    "knife": Item("knife", "Knife", 0, "weapon", "improvised", False),
    "pitchfork": Item("pitchfork", "Pitchfork", 0, "weapon", "improvised", False),
    "fangs": Item("fangs", "Fangs", 0, "weapon", "improvised", False),
}


@dataclass(frozen=True)
class Foe:
    """One enemy (or a posse: many as one, TOMB-11). ``leader``: the group's morale uses this WIL (TOMB-13)."""

    name: str
    STR: int
    DEX: int
    WIL: int
    GRT: int
    weapon: str
    posse: bool = False
    leader: bool = False
    cover: bool = False

    @property
    def abilities(self) -> dict[str, int]:
        return {"STR": self.STR, "DEX": self.DEX, "WIL": self.WIL, "GRT": self.GRT}


@dataclass(frozen=True)
class HazardAction:
    """A way out of a hazard: a save (``ability`` against ``target``); ``owner``: the one in danger tries
    it, else only a friend does; ``flings``: a success throws the danger clear but loose (a fight with it
    follows, SD-10) rather than ending it."""

    id: str
    label: str
    ability: str
    target: int
    owner: bool
    flings: bool = False


@dataclass(frozen=True)
class Hazard:
    """Something that threatens one character (the first of the party) until a save gets rid of it. At the
    start of each round it lunges at them (a DEX save against ``lunge_target``); a failed save, that one or
    an action's, lets it strike: a damage flip with ``weapon`` from the Dealer's deck, then a GRT save
    against ``venom_target`` or the venom takes a point of ``venom`` (TS-13). Flung clear, it fights on the
    ground as ``loose`` and its bites carry the venom."""

    name: str
    weapon: str
    lunge_target: int
    venom: str
    venom_target: int
    actions: tuple[HazardAction, ...]
    loose: Foe


@dataclass(frozen=True)
class Encounter:
    id: str
    title: str
    blurb: str
    foes: tuple[Foe, ...] = ()
    extra: tuple[Foe, ...] = ()
    hazard: Hazard | None = None
    cover: bool = True
    dark: bool = False
    surprise: bool = False  # an ambush: a save to spot it before round 1 (SD-13)
    purse: int = 0
    bar: int = 0


ENCOUNTERS: dict[str, Encounter] = {e.id: e for e in (
    Encounter(
        "noon", "A lone gunslinger at noon",
        "Main Street is empty but for the two of you and the dust. Deacon Vane has come a long way to settle "
        "this, and the whole town watches from behind its shutters. The street is bare: no cover, only the "
        "saloon's bar at your back.",
        foes=(Foe("Deacon Vane", 0, 3, 2, 2, "revolver"),),
        extra=(Foe("Vane's shadow", 1, 0, 1, 2, "knife"),),
        cover=False, purse=2500, bar=50),
    Encounter(
        "gang", "The Hollister gang",
        "Ruby Hollister and her boys ride into the wash with their guns out. She leads from the back and the "
        "boys do the shooting; if she goes down, the rest will think twice.",
        foes=(Foe("Ruby Hollister", 1, 2, 2, 1, "revolver", leader=True), Foe("Hollister boy", 1, 1, 0, 0, "club")),
        extra=(Foe("Hollister boy", 1, 1, 0, 0, "buffalo_gun"), Foe("Hollister boy", 1, 1, 0, 0, "revolver")),
        purse=3000),
    Encounter(
        "posse", "The marshal's posse",
        "Marshal Thorne has a warrant with your description on it and a dozen deputies who never miss supper. "
        "The deputies come as one body, and there is no sense in trying to shoot them one at a time.",
        foes=(Foe("Marshal Thorne", 1, 2, 2, 1, "carbine", leader=True),
              Foe("Thorne's posse", 2, 1, 1, 0, "revolver", posse=True)),
        extra=(Foe("Young deputy", 1, 1, 1, 0, "revolver"),),
        purse=0),
    Encounter(
        "snake", "A rattlesnake in the boot",
        "Dawn at the camp. Something heavy and cold shifts inside your boot as you pull it on, and then the "
        "rattle starts. Nobody draws a gun at a boot with a foot in it.",
        hazard=Hazard("The rattlesnake", "fangs", 10, "STR", 11, (
            HazardAction("shake", "Kick the boot off hard (DEX save 11)", "DEX", 11, True, flings=True),
            HazardAction("still", "Hold dead still until it leaves (WIL save 13)", "WIL", 13, True),
            HazardAction("grab", "Grab the boot and fling it (STR save 12)", "STR", 12, False, flings=True),
        ), Foe("The rattlesnake", 0, 3, 0, 1, "fangs")),
        cover=False),
    Encounter(
        "ambush", "An ambush in the dark",
        "The trail narrows between the rocks and the moon is down. Men are waiting up there in cover, and "
        "the first to notice them gets the first shot. Every attack in the dark is impaired, theirs and "
        "yours.",
        foes=(Foe("Bushwhacker", 1, 2, 1, 0, "revolver", leader=True, cover=True),
              Foe("Bushwhacker", 1, 1, 0, 0, "carbine", cover=True)),
        extra=(Foe("Bushwhacker", 1, 1, 0, 0, "revolver", cover=True),),
        dark=True, surprise=True, purse=1500),
)}

# TOMB-12: a Black Joker at initiative brings a complication; a die picks it (ours, not the SRD's).
COMPLICATIONS: dict[int, tuple[str, str]] = {
    1: ("dust", "A dust devil tears down the street: every ranged attack this round is impaired."),
    2: ("wagon", "A runaway wagon smashes through: whatever cover there was is gone."),
    3: ("horse", "A horse bolts between you, kicking: every melee attack this round is impaired."),
    4: ("sun", "The sun flares off a window: whoever acts first this round attacks impaired."),
    5: ("ricochet", "A ricochet sings off an anvil: the next hit this round deals 1 more damage."),
    6: ("barrel", "A whiskey barrel bursts: anyone may take a swig this round without a bottle."),
}
