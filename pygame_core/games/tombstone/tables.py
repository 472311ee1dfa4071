"""The Tombstone SRD's tables as data: names, backgrounds, traits, reactions, scars, gear and packages.

Credit: the tables below come from *Tombstone - Grit & Determination, System Reference Document v0.1*,
shared under the Creative Commons Attribution-ShareAlike 4.0 licence. They are kept as data,
as the SRD asks, and shared under the same licence. The prose around them (the short scar texts, the
item notes) is ours. ``CORRECTIONS`` lists every entry whose spelling we fixed.

Card ranks index the card tables: A = 1 ... K = 13 (TOMB-1).

>>> NAMES["rootin"][9], BACKGROUNDS["S"][3], TRAITS[0].table[12]
('Jesse', 'Orphan', 'Voluptuous')
>>> reaction("KS"), reaction("BJ")
('Helpful', 'Hostile')
"""

from __future__ import annotations

from dataclasses import dataclass

CREDIT = ("Tables from Tombstone - Grit & Determination, System Reference Document v0.1, "
          "used under the Creative Commons Attribution-ShareAlike 4.0 licence (CC-BY-SA 4.0).")

SHORT_CREDIT = "Tables from the Tombstone SRD v0.1, CC-BY-SA 4.0"

# --- names (2d6 per column) --------------------------------------------------------------------
NAME_COLUMNS: dict[str, str] = {"male": "Men's names", "female": "Women's names", "rootin": "Rootin' tootin' names"}
NAMES: dict[str, dict[int, str]] = {
    "male": dict(zip(range(2, 13), ("John", "William", "James", "George", "Charles", "Frank", "Joseph",
                                    "Henry", "Robert", "Thomas", "Edward"))),
    "female": dict(zip(range(2, 13), ("Mary", "Anna", "Emma", "Elizabeth", "Margaret", "Minnie", "Ida",
                                      "Bertha", "Clara", "Alice", "Grace"))),
    "rootin": dict(zip(range(2, 13), ("Silas", "Arthur", "Wyatt", "Amos", "Billie", "Cassidy", "Hayden",
                                      "Jesse", "Kit", "Jane", "Quinn"))),
}

# --- backgrounds (one card: suit column, rank row) --------------------------------------------------
BACKGROUNDS: dict[str, dict[int, str]] = {
    "S": dict(zip(range(1, 14), ("Actor", "Salesman", "Orphan", "Farmer", "Housekeeper", "Miner", "Bartender",
                                 "Gambler", "Pickpocket", "Doctor", "Seamstress", "Nun", "Soldier"))),
    "H": dict(zip(range(1, 14), ("Government Agent", "Showman", "Cook", "Fisherman", "Hunter", "Rancher",
                                 "Pianist", "Deserter", "Politician", "Laborer", "Clergyman", "Preacher",
                                 "Undertaker"))),
    "D": dict(zip(range(1, 14), ("Author", "Carnival Worker", "Cattle Driver", "Herder", "Lumberjack",
                                 "Prospector", "Bounty Hunter", "Cat Burglar", "Charlatan", "Conductor",
                                 "Journalist", "Boatman", "Barber"))),
    "C": dict(zip(range(1, 14), ("Painter", "Singer", "Stagecoach Driver", "Homesteader", "Schoolteacher",
                                 "Butler", "Dancer", "Outlaw", "Banker", "Railroad Worker", "Judge", "Scout",
                                 "Blacksmith"))),
}


@dataclass(frozen=True)
class TraitTable:
    """One trait: drawn from the pile of its suit, the card's rank picks the entry."""

    id: str
    label: str
    suit: str
    table: dict[int, str]


def _rows(*entries: str) -> dict[int, str]:
    return dict(zip(range(1, 14), entries))


TRAITS: tuple[TraitTable, ...] = (
    TraitTable("physique", "Physique", "S", _rows("Athletic", "Brawny", "Flabby", "Lanky", "Rugged", "Scrawny",
                                                  "Short", "Statuesque", "Stout", "Towering", "Angular",
                                                  "Voluptuous", "Robust")),
    TraitTable("hair", "Hair", "H", _rows("Bald", "Braided", "Curly", "Filthy", "Frizzy", "Long", "Luxurious",
                                          "Oily", "Wavy", "Wispy", "Coiled", "Buzzed", "Gelled")),
    TraitTable("face", "Face", "D", _rows("Bony", "Broken", "Chiseled", "Elongated", "Pale", "Perfect",
                                          "Rat-like", "Sharp", "Square", "Sunken", "Soft", "Round", "Meaty")),
    TraitTable("speech", "Speech", "C", _rows("Blunt", "Booming", "Cryptic", "Droning", "Formal", "Gravelly",
                                              "Precise", "Squeaky", "Stuttering", "Whispery", "Soft", "Hesitant",
                                              "Long pauses")),
    TraitTable("virtue", "Virtue", "S", _rows("Ambitious", "Cautious", "Courageous", "Disciplined", "Gregarious",
                                              "Honorable", "Humble", "Merciful", "Serene", "Tolerant", "Caring",
                                              "Reliable", "Loyal")),
    TraitTable("vice", "Vice", "H", _rows("Aggressive", "Bitter", "Craven", "Deceitful", "Greedy", "Lazy",
                                          "Nervous", "Rude", "Vain", "Vengeful", "Egotistical", "Impatient",
                                          "Envious")),
    TraitTable("reputation", "Reputation", "D", _rows("Ambitious", "Boor", "Dangerous", "Entertainer", "Honest",
                                                      "Loafer", "Oddball", "Repulsive", "Respected", "Wise",
                                                      "Caring", "Modest", "Drunkard")),
    TraitTable("misfortune", "Misfortune", "C", _rows("Abandoned", "Addicted", "Blackmailed", "Condemned",
                                                      "Cursed", "Defrauded", "Demoted", "Discredited", "Disowned",
                                                      "Exiled", "Indebted", "Disillusioned", "Framed")),
)
TRAIT_IDS: tuple[str, ...] = tuple(t.id for t in TRAITS)

# Spelling we fixed in the SRD's tables (the SRD's text on the left).
CORRECTIONS: tuple[tuple[str, str], ...] = (
    ("Backgrounds, Spades 3: Orpha", "Orphan"),
    ("Backgrounds, Diamonds 8: Cat Burgler", "Cat Burglar"),
    ("Backgrounds, Clubs 3: Stagecoach driver", "Stagecoach Driver"),
    ("Backgrounds, Clubs 5: School teacher", "Schoolteacher"),
    ("Physique 12: Voluptous", "Voluptuous"),
    ("Face 10: Sunke", "Sunken"),
    ("Vice 12: Impatiant", "Impatient"),
    ("Misfortunes: row numbered 112", "row 12"),
    ("Scars 6: 11-Jokers", "J-K and jokers (11 and up)"),
    ("Hirelings, Lighter Boy: $s a day", "$1 a day (TS-26)"),
)

# --- reactions (TOMB-15) --------------------------------------------------------------------------
_REACTION_BANDS: tuple[tuple[range, dict[str, str]], ...] = (
    (range(1, 6), {"S": "Wary", "H": "Curious", "D": "Kind", "C": "Helpful"}),
    (range(6, 10), {"S": "Curious", "H": "Kind", "D": "Helpful", "C": "Wary"}),
    (range(10, 13), {"S": "Kind", "H": "Helpful", "D": "Wary", "C": "Curious"}),
    (range(13, 14), {"S": "Helpful", "H": "Wary", "D": "Curious", "C": "Kind"}),
)


def reaction(card: str) -> str:
    """TOMB-15: an NPC's first reaction from one card of the Dealer's deck."""
    if card == "BJ":
        return "Hostile"
    if card == "RJ":
        return "Ally"
    rank = card_rank(card)
    for band, by_suit in _REACTION_BANDS:
        if rank in band:
            return by_suit[card[-1]]
    raise ValueError(f"{card!r} is not a card")


def card_rank(card: str) -> int:
    """A = 1 ... K = 13 (TOMB-1); 0 for a joker."""
    head = card[:-1]
    if card in ("RJ", "BJ"):
        return 0
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(head) or int(head)


# --- scars (TOMB-10): indexed by the HP lost in the hit, capped at 12 --------------------------------
@dataclass(frozen=True)
class Scar:
    """One row of the scars table: ``effect`` names what the engine does about it (see character.py)."""

    roll: int
    name: str
    text: str
    effect: str


SCARS: dict[int, Scar] = {s.roll: s for s in (
    Scar(1, "Lasting Scar", "A mark you will carry: a card says where, another adds its tier to your max HP.",
         "lasting_scar"),
    Scar(2, "Rattling Blow", "Your head rings. Tell how you pull yourself together; then draw 7, and if more "
                             "Hearts than your max GRT come up, that many is your new max GRT.", "redraw_GRT_7"),
    Scar(3, "Walloped", "Knocked flat and winded: exhausted until a few hours' rest, then a card adds its tier "
                        "to your max HP.", "walloped"),
    Scar(4, "Broken Limb", "A card says what broke. When it has mended, draw 7 for a new max GRT (Hearts "
                           "counted).", "broken_limb"),
    Scar(5, "Diseased", "A nasty infection. Once you are over it, draw 7 for a new max GRT (Hearts counted).",
         "recover_GRT_7"),
    Scar(6, "Reorienting Head Wound", "A card picks STR, DEX or GRT; then draw 7, and more cards of that "
                                      "ability's suit than its score become the new score.", "head_wound"),
    Scar(7, "Hamstrung", "You can hardly move until you get real help and rest. After that, draw 7 for a new "
                         "max DEX (Clubs counted).", "recover_DEX_7"),
    Scar(8, "Deafened", "You hear nothing until extraordinary help comes. Make a GRT save now: a pass raises "
                        "your max GRT by 1.", "save_GRT_up"),
    Scar(9, "Re-brained", "Something in your mind shakes loose: draw 7 for a new max WIL (Diamonds counted).",
         "redraw_WIL_7"),
    Scar(10, "Sundered", "A limb is torn off, crippled or useless; the Dealer says which. Make a GRT save now: a "
                         "pass raises your max GRT by 1.", "save_GRT_up"),
    Scar(11, "Mortal Wound", "Exhausted and out of action; you die within the hour unless healed. If you "
                             "recover, a card adds its tier to your max HP.", "mortal_wound"),
    Scar(12, "Doomed", "Death brushed past. Fail your next save against critical damage and you die horribly; "
                       "pass it and draw 3 for a new max GRT (Hearts counted).", "doomed"),
)}
SCAR_SPOTS: tuple[tuple[range, str], ...] = ((range(1, 4), "neck"), (range(4, 7), "hands"), (range(7, 10), "eye"),
                                             (range(10, 13), "chest"), (range(13, 14), "legs"))
BROKEN_LIMBS: tuple[tuple[range, str], ...] = ((range(1, 6), "leg"), (range(6, 9), "arm"), (range(9, 12), "rib"),
                                               (range(12, 14), "skull"))


def scar_spot(card: str) -> str:
    """Lasting Scar: where the scar sits (a joker: the ear)."""
    return _band(card, SCAR_SPOTS, "ear")


def broken_limb(card: str) -> str:
    """Broken Limb: what broke (the SRD gives no joker row: a joker is read as the skull)."""
    return _band(card, BROKEN_LIMBS, "skull")


def head_wound_ability(card: str) -> str:
    """Reorienting Head Wound: A-5 STR, 6-10 DEX, J-K and jokers GRT."""
    rank = card_rank(card)
    if rank == 0 or rank >= 11:
        return "GRT"
    return "STR" if rank <= 5 else "DEX"


def _band(card: str, bands: tuple[tuple[range, str], ...], joker: str) -> str:
    rank = card_rank(card)
    return next((name for band, name in bands if rank in band), joker)


# --- gear (prices in cents) -----------------------------------------------------------------------
@dataclass(frozen=True)
class WeaponClass:
    """TOMB-8: a weapon's damage for tier 1/2/3 flips, its price and whether it is bulky."""

    id: str
    label: str
    damage: tuple[int, int, int]
    price: int
    bulky: bool = False
    move_and_fire: bool = True


WEAPON_CLASSES: dict[str, WeaponClass] = {w.id: w for w in (
    WeaponClass("unarmed", "Unarmed", (1, 1, 2), 0),
    WeaponClass("improvised", "Improvised weapon", (1, 2, 3), 100),
    WeaponClass("hand", "Hand weapon", (1, 3, 4), 300),
    WeaponClass("field", "Field weapon", (2, 3, 5), 1500, bulky=True),
    WeaponClass("heavy", "Heavy gun", (3, 6, 9), 1500, bulky=True, move_and_fire=False),
)}


@dataclass(frozen=True)
class Item:
    """Something for sale or in a package: ``weapon`` is a WeaponClass id, ``ranged`` says DEX attacks.
    Beasts, board and hirelings (``KEPT_KINDS``) are not carried: they go on the sheet beside the inventory
    (TS-25); ``carries`` is the inventory slots a pack beast adds, ``note`` what a hireling brings."""

    id: str
    name: str
    price: int  # cents; a hireling's is a day's wage, board's a week's
    kind: str  # weapon, tool, food, luxury, supplies; beast, board, hireling
    weapon: str = ""
    ranged: bool = False
    slots: int = 1
    carries: int = 0
    note: str = ""


def _weapon(id: str, name: str, weapon: str, ranged: bool) -> Item:
    cls = WEAPON_CLASSES[weapon]
    return Item(id, name, cls.price, "weapon", weapon, ranged, 2 if cls.bulky else 1)


def _tool(id: str, name: str) -> Item:
    return Item(id, name, 100, "tool")


def _luxury(id: str, name: str) -> Item:
    return Item(id, name, 10000, "luxury")


def _beast(id: str, name: str, price: int, carries: int = 0) -> Item:
    return Item(id, name, price, "beast", slots=0, carries=carries)


def _hireling(id: str, name: str, wage: int, note: str) -> Item:
    return Item(id, name, wage, "hireling", slots=0, note=note)


# the shop's shelves in the order a page shows them: an item's ``kind`` and the shelf's title
SHOP_KINDS: dict[str, str] = {"weapon": "Weapons", "tool": "Tools", "food": "Food and drink", "luxury": "Luxuries",
                              "beast": "Beasts", "board": "Board (a week)", "hireling": "Hirelings (a day's wage)"}
# what the shop sells that is not carried: kept on the sheet beside the inventory (TS-25)
KEPT_KINDS: tuple[str, ...] = ("beast", "board", "hireling")
# TS-25: a pack beast's load. The SRD says mules and horses add to the inventory, not how much: a mule (or a
# llama, sold beside it at the same price) carries a second backpack (the SRD's backpack has six slots), a
# horse carries its rider and saddlebags (four). Dogs carry nothing.
PACK_SLOTS = 6
SADDLEBAG_SLOTS = 4
SHOP: dict[str, Item] = {i.id: i for i in (
    _weapon("pitchfork", "Pitchfork", "improvised", False),
    _weapon("whiskey_bottle", "Whiskey bottle", "improvised", False),
    _weapon("knife", "Knife", "hand", False),
    _weapon("hand_axe", "Hand axe", "hand", False),
    _weapon("brass_knuckles", "Brass knuckles", "hand", False),
    _weapon("club", "Club", "hand", False),
    _weapon("cane", "Cane", "hand", False),
    _weapon("derringer", "Derringer", "hand", True),
    _weapon("revolver", "Revolver", "hand", True),
    _weapon("pistol", "Pistol", "hand", True),
    _weapon("carbine", "Carbine", "field", True),
    _weapon("brace_of_pistols", "Brace of pistols", "field", True),
    _weapon("shotgun", "Shotgun", "field", True),
    _weapon("fireman_axe", "Fireman's axe", "field", False),
    _weapon("longrifle", "Longrifle", "heavy", True),
    _weapon("elephant_gun", "Elephant gun", "heavy", True),
    _tool("crowbar", "Crowbar"), _tool("saw", "Saw"), _tool("glue", "Glue"),
    _tool("magnifying_glass", "Magnifying glass"), _tool("manacles", "Manacles"),
    _tool("animal_trap", "Animal trap"), _tool("lockpicks", "Lockpicks"), _tool("mirror", "Mirror"),
    _tool("writing_set", "Writing set"), _tool("fishing_pole", "Fishing pole"), _tool("shovel", "Shovel"),
    _tool("grappling_hook", "Grappling hook"), _tool("collapsible_pole", "Collapsible pole"),
    _tool("rope_20", "20 ft of rope"), _tool("spikes", "Spikes"),
    Item("bread_broth", "Bread and broth", 10, "food"),
    Item("gin", "Bottle of gin", 50, "food"),
    Item("rum", "Bottle of rum", 50, "food"),
    Item("pie_wine", "Pie and wine", 50, "food"),
    Item("fine_meal", "Fine meal", 100, "food"),
    _luxury("clockwork", "Clockwork trinket"), _luxury("thermometer", "Thermometer"),
    _luxury("elaborate_clothes", "Elaborate clothes"), _luxury("jewellery", "Jewellery"),
    _luxury("ornament", "Ornament"), _luxury("spyglass", "Spyglass"),
    _beast("mutt", "Mutt", 500), _beast("hound", "Hound", 5000),
    _beast("mule", "Mule", 700, PACK_SLOTS), _beast("llama", "Llama", 700, PACK_SLOTS),
    _beast("horse", "Horse", 10000, SADDLEBAG_SLOTS),
    Item("dormitory", "Bed in a dormitory", 100, "board", slots=0),
    Item("boarding_house", "Room in a boarding house", 1000, "board", slots=0),
    Item("town_house", "Town house", 2000, "board", slots=0),
    # TS-26: the SRD prints the Lighter Boy's wage as "$s"; we read $1 (see CORRECTIONS)
    _hireling("lighter_boy", "Lighter boy", 100, "STR from three cards; a lantern and a club"),
    _hireling("mercenary", "Mercenary", 500, "HP from two cards; a musket and a sword"),
    _hireling("expert", "Expert", 1000, "a pistol and a trade of their own"),
)}

# starting gear (TOMB-2): everyone who does not take a package
RATIONS = Item("rations", "Three days' rations", 0, "supplies")
TORCH = Item("torch", "Torch", 0, "supplies")
STARTING_ITEMS: tuple[Item, ...] = (RATIONS, TORCH)
STARTING_MONEY = 1000


def _kit(id: str, name: str, weapon: str = "", ranged: bool = False) -> Item:
    if weapon:
        cls = WEAPON_CLASSES[weapon]
        return Item(id, name, 0, "weapon", weapon, ranged, 2 if cls.bulky else 1)
    return Item(id, name, 0, "tool")


@dataclass(frozen=True)
class Archetype:
    """An optional package: it replaces the starting gear and money."""

    id: str
    name: str
    items: tuple[Item, ...]
    money: int


ARCHETYPES: dict[str, Archetype] = {a.id: a for a in (
    Archetype("rancher", "Rancher", (
        _kit("pitchfork", "Pitchfork", "improvised"), _kit("revolver", "Revolver", "hand", True),
        _kit("fishing_pole", "Fishing pole"), _kit("baling_twine", "50 ft of baling twine"),
        _kit("rope_50", "50 ft of rope"), RATIONS, TORCH), 300),
    Archetype("gambler", "Gambler", (
        _kit("pocket_knife", "Pocket knife", "improvised"), _kit("derringer", "Derringer", "hand", True),
        _kit("deck_of_cards", "Deck of cards"), _kit("cane", "Cane", "hand"), RATIONS, TORCH), 200),
    Archetype("outlaw", "Outlaw", (
        _kit("revolver", "Revolver", "hand", True), _kit("knife", "Knife", "hand"), _kit("manacles", "Manacles"),
        _kit("rope_50", "50 ft of rope"), RATIONS, TORCH), 200),
    Archetype("preacher", "Preacher", (
        _kit("derringer", "Derringer", "hand", True), _kit("holy_water", "Holy water"), _kit("bible", "Bible"),
        _kit("liturgy_kit", "Traveling liturgy kit"), RATIONS, TORCH), 400),
    Archetype("thunder_mesa", "Member of the Thunder Mesa Nation", (
        _kit("hand_axe", "Hand axe", "hand"), _kit("bow", "Bow", "hand", True),
        _kit("small_knife", "Small knife", "improvised"), _kit("herbalism_kit", "Herbalism kit"),
        RATIONS, TORCH), 0),
    Archetype("prospector", "Prospector", (
        _kit("pocket_knife", "Pocket knife", "improvised"), _kit("derringer", "Derringer", "hand", True),
        _kit("mining_pick", "Mining pick", "hand"), _kit("rope_50", "50 ft of rope"), RATIONS, TORCH), 0),
)}

INVENTORY_SLOTS = 10
DIE_OF_FATE_FAVOURS = 4  # TOMB-15: 4 or more on the die of fate favours the players
