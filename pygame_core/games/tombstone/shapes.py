"""The shapes of what the Tombstone engines send the page (``engine.py``: "Shapes"), one set per game id.

The three engines share the character sheet, the decks of fate and (the Dealer's table and the Showdown)
the combat path, so the shapes they share come first: the sheet as ``character.py`` writes it, a flip
judged by ``fate.py``, a flip waiting to be cheated, the events of ``combat.py``. Then each game's own: the
forge (``Forge*``), the Dealer's table (``Table*``) and the Showdown (``Showdown*``).

Inside the engines a sheet is a plain ``dict`` (``character.Sheet``: it is edited in place by the rules);
these TypedDicts say what such a dict holds when it leaves Python, and the tests hold every view, event
and move of random games to them.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final

from ...engine import Json


# --- the character sheet (character.py) --------------------------------------------------------------
class Abilities(TypedDict):
    """TOMB-2: the four abilities (one point per card of the ability's suit)."""

    STR: int
    DEX: int
    WIL: int
    GRT: int


class Traits(TypedDict):
    """The eight traits, each drawn from the pile of its suit (TS-6)."""

    physique: str
    hair: str
    face: str
    speech: str
    virtue: str
    vice: str
    reputation: str
    misfortune: str


class Item(TypedDict):
    """An inventory entry (``character.item_json``): a weapon carries its damage row and how it is used."""

    id: str
    name: str
    kind: str
    slots: int
    weapon: NotRequired[str]
    damage: NotRequired[list[int]]
    ranged: NotRequired[bool]
    move_and_fire: NotRequired[bool]


class Weapon(TypedDict):
    """A weapon a character may attack with (``character.weapons``: the sheet's weapons, bare hands last)."""

    id: str
    name: str
    kind: str
    slots: int
    weapon: str
    damage: list[int]
    ranged: bool
    move_and_fire: bool


class Scar(TypedDict):
    """TOMB-10: a scar on the sheet; ``pending`` names what waits for the Dealer's ``recover`` (TS-9)."""

    roll: int
    name: str
    detail: str
    pending: NotRequired[str]


class Companion(TypedDict):
    """A beast or hireling the character keeps (TS-25): the slots it carries, its wage a day in cents."""

    id: str
    name: str
    kind: str
    carries: int
    wage: int


class Board(TypedDict):
    """The lodging paid for (TS-25), by the week."""

    id: str
    name: str
    weeks: int


class Advance(TypedDict):
    """TS-23: an advancement the Dealer granted: ``kind`` "ability" (one more to that ability's maximum) or
    "skill" (a skill in words), with what the character overcame (``reason``) and ``when`` (ISO time)."""

    kind: str
    ability: NotRequired[str]
    skill: NotRequired[str]
    reason: str
    when: str


class HistoryEntry(TypedDict):
    """TS-24: one change kept on the sheet: its ``cause`` ("session", "fight", "edit",
    "advance"), ``when`` (ISO time) and ``what`` changed, in words."""

    cause: str
    when: str
    what: str


class Sheet(TypedDict):
    """A character sheet (``character.py``: format "tombstone-character", version 1). ``max`` holds the
    abilities' maxima (TOMB-9), ``money`` cents, ``status`` "up", "out" or "dead"; ``made`` says how the
    character was drawn (any JSON object: an imported sheet keeps its own); ``advances`` (TS-23) and
    ``history`` (TS-24, oldest first) only when not empty."""

    format: str
    version: int
    name: str
    background: str
    traits: Traits
    abilities: Abilities
    max: Abilities
    hp: int
    max_hp: int
    inventory: list[Item]
    money: int
    conditions: list[str]
    fatigue: int
    scars: list[Scar]
    status: str
    exhausted: bool
    doomed: bool
    notes: str
    made: dict[str, Json]
    credit: str
    companions: NotRequired[list[Companion]]
    board: NotRequired[Board | None]
    advances: NotRequired[list[Advance]]
    history: NotRequired[list[HistoryEntry]]


class LogLine(TypedDict):
    """One sentence of a table's story, and the kind of event it tells."""

    kind: str
    sentence: str


class DeckCounts(TypedDict):
    """A deck of fate as the table shows it (``fate.FateDeck.public``): counts, the discards face up, the
    hand only to its owner (else None)."""

    deck: int
    discard: list[str]
    hand_count: int
    hand: list[str] | None
    holds_hand: bool


class ConstantAbility(TypedDict):
    """An ability for the page: its id, name, suit and the suit's symbol (TOMB-2)."""

    id: str
    name: str
    suit: str
    symbol: str


class ConstantTrait(TypedDict):
    """A trait for the page: its id, label and the suit of its pile (TS-6)."""

    id: str
    label: str
    suit: str


class SheetConstants(TypedDict):
    """What every Tombstone page shows of a sheet: the abilities and traits in sheet order, the words for
    a character's or an enemy's ``status`` and the inventory's slots (TOMB-2)."""

    abilities: list[ConstantAbility]
    traits: list[ConstantTrait]
    statuses: dict[str, str]
    inventory_slots: int


# --- flips (fate.py) and a flip waiting to be cheated (combat.py) ----------------------------------------
class Flip(TypedDict):
    """One side's flip, judged (``fate.Flip``): the cards as flipped, those that counted, the total, a
    joker's automatic ``auto`` ("success", "failure"), the suit that breaks a tie, a cheat over ``covered``."""

    cards: list[str]
    mode: str
    modifier: int
    counted: list[str]
    value: int
    total: int
    suit: str | None
    auto: str | None
    rule: str
    cheat: str | None
    covered: str | None


class SaveResult(TypedDict):
    """TOMB-4: a flip against a target."""

    kind: Literal["save"]
    ability: str
    target: int
    flip: Flip
    success: bool
    rule: str


class ContestResult(TypedDict):
    """TOMB-3: the actor's flip against the other side's."""

    kind: Literal["contest"]
    ability: str
    actor: Flip
    other: Flip
    actor_wins: bool
    rule: str


class DamageResult(TypedDict):
    """TOMB-8: a damage flip, its tier and the damage dealt (``extra``: the flip after a Red Joker)."""

    kind: Literal["damage"]
    weapon: list[int]
    card: str
    tier: int
    base: int
    extra: str | None
    extra_damage: int
    bonus: int
    total: int
    misfortune: bool
    rule: str
    cheat: str | None
    covered: str | None


class Side(TypedDict):
    """One side of a flip: who flips from which deck, for which ability, how, and any cheat laid on it."""

    who: str
    deck: str
    ability: str
    modifier: int
    mode: str
    cards: list[str]
    cheat: str | None
    covered: str | None
    forced: bool


class WaitingSide(Side):
    """A side of a waiting flip as the viewer sees it: its name, the flip judged as it stands, and why its
    player may not cheat it (None: they may)."""

    name: str
    flip: Flip
    cheat_refusal: str | None


class FlipContext(TypedDict):
    """What a flip is for. Every flip names its ``ability``; a save its ``target`` (a number); an attack and
    its damage flip the ``weapon``, the damage ``bonus``, whether it was ``enhanced``, ``why`` its mode and the
    ``target`` (a ref), and the damage flip its ``attacker``; a save at a risk its ``risk``; the Showdown's
    initiative its ``round`` and a hazard's save its ``action``."""

    ability: str
    target: NotRequired[int | str]
    risk: NotRequired[str]
    weapon: NotRequired[Weapon]
    bonus: NotRequired[int]
    enhanced: NotRequired[bool]
    why: NotRequired[str]
    attacker: NotRequired[str]
    round: NotRequired[int]
    action: NotRequired[str]


class WaitingDamage(TypedDict):
    """What a waiting damage flip would do as it stands, worked out by the engine (TOMB-5, TOMB-8): the tier
    of the card that shows (3 for the Red Joker, 0 for the Black), the damage with the bonus, and the rule
    ("tier", "red_joker": a second flip adds to it, "black_joker": no damage)."""

    tier: int
    total: int
    rule: str


class Waiting(TypedDict):
    """A flip waiting for cheats (TOMB-6, TS-2): its kind, what it is for, its sides, and why the viewer may
    not force the Dealer's re-flip (None: they may; a spectator: None); the seats that let their cards stand
    (TS-19) and those it still waits for; a damage flip's ``damage`` as it stands (else None)."""

    kind: str
    context: FlipContext
    sides: list[WaitingSide]
    force: str | None
    stood: list[int]
    deciding: list[int]
    damage: WaitingDamage | None


class CheatPreview(TypedDict):
    """TS-21: what a cheat would make of its flip: the side's new total (None when a joker decides it, and for
    damage the damage), the verdict in a few words ("16, made", "tier 3: 4 damage"), and a warning when it
    would make the flip worse for its own player (the page asks before playing it)."""

    total: int | None
    verdict: str
    warning: str | None


@final
class CheatMove(TypedDict):
    """TOMB-6: a hand card laid over one of the flipped cards."""

    type: Literal["cheat"]
    card: str
    covers: str


@final
class ForceMove(TypedDict):
    """TS-2: the Black Joker from the hand makes the Dealer flip again."""

    type: Literal["force"]


@final
class SettleMove(TypedDict):
    """Let the cards stand."""

    type: Literal["settle"]


WaitingMove = CheatMove | ForceMove | SettleMove


# --- the events of the shared combat path (combat.py); most carry the sentence that tells them ---------
class FlipEvent(TypedDict):
    """Cards flipped for an action (not yet judged: a player may still cheat)."""

    type: Literal["flip"]
    kind: str
    sides: list[Side]


class SettledEvent(TypedDict):
    """A flip judged and its result written on the sheets; ``other`` the defender of a contest or the target
    of a damage flip; ``context`` what it was for (a flip that settled itself at once, TS-15, was never seen
    waiting with it); ``complication`` whether a Black Joker came up at initiative."""

    type: Literal["settled"]
    kind: str
    who: str
    other: NotRequired[str]
    result: SaveResult | ContestResult | DamageResult
    context: FlipContext
    complication: NotRequired[bool]
    sentence: str


class CheatEvent(TypedDict):
    type: Literal["cheat"]
    who: str
    card: str
    covers: str
    sentence: str


class ForceEvent(TypedDict):
    """The Dealer's cards flipped again: ``old`` out, ``cards`` in."""

    type: Literal["force"]
    who: str
    old: list[str]
    cards: list[str]
    sentence: str


class HazardEvent(TypedDict):
    """The SRD's ability loss: ``amount`` off ``ability``."""

    type: Literal["hazard"]
    who: str
    ability: str
    amount: int
    sentence: str


class RenewedEvent(TypedDict):
    """TOMB-6: a deck ran out and was shuffled; the new hand for its own seat only (else its size)."""

    type: Literal["renewed"]
    deck: str
    hand: list[str] | int
    sentence: str


class HurtEvent(TypedDict):
    """TOMB-9: damage taken: the HP left, or the ``status`` it brought ("dead", "destroyed")."""

    type: Literal["hurt"]
    who: str
    hp: NotRequired[int]
    status: NotRequired[str]
    sentence: str


class ScarEvent(TypedDict):
    """TOMB-10: a scar from the scars table (``roll``: the HP lost)."""

    type: Literal["scar"]
    who: str
    roll: int
    sentence: str


class ScarEffectEvent(TypedDict):
    """What a scar does now (``effect``: the engine's name for it; none: a save to come back stronger)."""

    type: Literal["scar_effect"]
    who: str
    effect: NotRequired[str]
    sentence: str


CombatEvent = (FlipEvent | SettledEvent | CheatEvent | ForceEvent | HazardEvent | RenewedEvent | HurtEvent
               | ScarEvent | ScarEffectEvent)


class NpcBase(TypedDict):
    """A non-player character (it flips from the Dealer's deck): an enemy, a posse, a hireling or a hazard."""

    ref: str
    name: str
    kind: str
    abilities: Abilities
    max: Abilities
    hp: int
    max_hp: int
    weapon: Weapon
    status: str


class MemberBase(TypedDict):
    """A character at a table: the sheet, the slots it fills, the HP it fights with (0 while the inventory
    is full), whether it is too broken to adventure, and its deck's counts (the hand only to its seat)."""

    ref: str
    seat: int
    sheet: Sheet
    slots: int
    effective_hp: int
    debilitated: bool
    deck: int
    discard: list[str]
    hand_count: int
    hand: list[str] | None
    holds_hand: bool


# --- tombstone_forge ------------------------------------------------------------------------------------
class ForgeDrawMove(TypedDict):
    """Draw the part (stats, background, traits), or draw one ``trait`` again."""

    type: Literal["draw"]
    trait: NotRequired[str]


class ForgeAcceptMove(TypedDict):
    type: Literal["accept"]


class ForgeRollNameMove(TypedDict):
    """2d6 on a column of the names table (or a random column)."""

    type: Literal["roll_name"]
    column: str


class ForgeWriteMove(TypedDict):
    """A name or background typed in (TS-7)."""

    type: Literal["write"]
    text: str


class ForgePackageMove(TypedDict):
    """The starting gear ("standard") or an archetype's package."""

    type: Literal["package"]
    archetype: str


class ForgeBuyMove(TypedDict):
    type: Literal["buy"]
    item: str


class ForgeReturnMove(TypedDict):
    """A bought item back to the shop, by its place in the inventory."""

    type: Literal["return"]
    index: int


class ForgeGiveBackMove(TypedDict):
    """A beast, hireling or week of board bought here back to the shop, by its id (TS-25)."""

    type: Literal["return"]
    item: str


ForgeMove = (ForgeDrawMove | ForgeAcceptMove | ForgeRollNameMove | ForgeWriteMove | ForgePackageMove | ForgeBuyMove
             | ForgeReturnMove | ForgeGiveBackMove)


class ForgeReshuffleEvent(TypedDict):
    type: Literal["reshuffle"]
    count: int


class ForgeAsideEvent(TypedDict):
    """TOMB-2: a joker set aside and another card drawn."""

    type: Literal["aside"]
    card: str


class ForgeDrewEvent(TypedDict):
    """Cards drawn for a part; a single trait drawn again names it and the card it ``replaced``."""

    type: Literal["drew"]
    part: str
    cards: list[str]
    trait: NotRequired[str]
    replaced: NotRequired[str]


class ForgeRolledEvent(TypedDict):
    type: Literal["rolled"]
    column: str
    dice: list[int]
    name: str


class ForgeAcceptedEvent(TypedDict):
    type: Literal["accepted"]
    part: str


class ForgePackageEvent(TypedDict):
    type: Literal["package"]
    archetype: str


class ForgeBoughtEvent(TypedDict):
    """An item bought; ``full`` when the inventory is full now (HP is 0 while it stays full)."""

    type: Literal["bought"]
    item: str
    price: int
    full: bool


class ForgeReturnedEvent(TypedDict):
    type: Literal["returned"]
    item: str
    price: int


ForgeEvent = (ForgeReshuffleEvent | ForgeAsideEvent | ForgeDrewEvent | ForgeRolledEvent | ForgeAcceptedEvent
              | ForgePackageEvent | ForgeBoughtEvent | ForgeReturnedEvent)


class ForgeSheet(Sheet):
    """The sheet so far, with the part on the table pencilled in, and its money in words."""

    money_label: str


class ForgeOffer(TypedDict):
    """The part on the table, waiting to be kept or drawn again: the stats' ``abilities`` and ``max_hp``, a
    ``background``, the ``traits`` (and the card behind each, ``by_trait``), a rolled name (``column``,
    ``dice``, ``name``); a typed name or background is ``written``."""

    cards: list[str]
    abilities: NotRequired[Abilities]
    max_hp: NotRequired[int]
    background: NotRequired[str]
    traits: NotRequired[Traits]
    by_trait: NotRequired[dict[str, str]]
    column: NotRequired[str]
    dice: NotRequired[list[int]]
    name: NotRequired[str]
    written: NotRequired[bool]


class ForgeSlots(TypedDict):
    used: int
    total: int
    full: bool


class ForgeShopItem(TypedDict):
    """An item of the shop; a weapon names its class, damage row and whether it is bulky."""

    id: str
    name: str
    price: int
    price_label: str
    kind: str
    slots: int
    weapon: NotRequired[str]
    damage: NotRequired[list[int]]
    bulky: NotRequired[bool]
    carries: NotRequired[int]
    note: NotRequired[str]


class ForgePackage(TypedDict):
    """An archetype's package: its money and items."""

    id: str
    name: str
    money: int
    money_label: str
    items: list[Item]


class ForgeLogLine(TypedDict):
    """One line of the forge's story, and the part it belongs to."""

    part: str
    sentence: str


ForgePhase = Literal["stats", "name", "background", "traits", "gear", "done"]  # the part being made, then done


class ForgeView(TypedDict):
    """The forge as its one participant sees it: everything but the deck's order."""

    phase: ForgePhase
    parts: list[str]
    part_labels: dict[str, str]
    sheet: ForgeSheet
    offer: ForgeOffer | None
    aside: list[str]
    deck: int
    discard: list[str]
    redraws: dict[str, int]
    gear: str
    slots: ForgeSlots
    bought: list[bool]
    shop: list[ForgeShopItem]
    packages: list[ForgePackage]
    name_columns: dict[str, str]
    log: list[ForgeLogLine]


class ForgeTextLimits(TypedDict):
    """The longest name and background the forge takes (characters)."""

    name: int
    background: int


class ForgeConstants(SheetConstants):
    """The sheet's words, the shop's groups ``[kind, title]`` in the order the page shows them, and the
    limits of a typed name and background."""

    shop_groups: list[list[str]]
    text_limits: ForgeTextLimits


# --- tombstone_table ------------------------------------------------------------------------------------
class TableSaveMove(TypedDict):
    """TOMB-4: a save at a risk; ``mode`` (a free field, TOMB-7) defaults to normal."""

    type: Literal["save"]
    ability: str
    risk: str
    mode: NotRequired[str]


class TableContestMove(TypedDict):
    """TOMB-3: a contest against the Dealer, an NPC or another character (free: both modes, the Dealer's
    ``modifier``, TS-10)."""

    type: Literal["contest"]
    ability: str
    against: str
    mode: NotRequired[str]
    other_mode: NotRequired[str]
    modifier: NotRequired[int]


class TableAttackMove(TypedDict):
    """TOMB-8: an attack with the sheet's weapon ``weapon`` (an index of its weapons) on ``target``."""

    type: Literal["attack"]
    weapon: int
    target: str
    mode: NotRequired[str]


class TableTakeOverMove(TypedDict):
    """The SRD's Death: the player of a dead character takes over a hireling."""

    type: Literal["take_over"]
    npc: str


class TableNoFieldMove(TypedDict):
    """Turn tail (TOMB-14), and the Dealer's reaction, die of fate and end of the session."""

    type: Literal["turn_tail", "reaction", "die", "end"]


class TableHirelingMove(TypedDict):
    """TOMB-15: a hireling signs on (``name``: a free field)."""

    type: Literal["hireling"]
    name: NotRequired[str]


class TableEnemyMove(TypedDict):
    """An enemy of a preset stat block (``name``: a free field), or of the Dealer's own (TS-28, the bestiary):
    free fields ``kind`` (enemy, posse or hireling), ``STR``, ``DEX``, ``WIL``, ``hp`` (GRT + 1) and
    ``weapon`` (a key of the enemies' weapons) over the preset's."""

    type: Literal["enemy"]
    preset: str
    name: NotRequired[str]
    kind: NotRequired[str]
    STR: NotRequired[int]
    DEX: NotRequired[int]
    WIL: NotRequired[int]
    hp: NotRequired[int]
    weapon: NotRequired[str]


class TableNpcAttackMove(TypedDict):
    """An NPC attacks a character (free: ``mode``, and ``attackers`` when several attack as one, TOMB-11)."""

    type: Literal["npc_attack"]
    npc: str
    target: str
    mode: NotRequired[str]
    attackers: NotRequired[int]


class TableMoraleMove(TypedDict):
    """TOMB-13: an enemy's morale save."""

    type: Literal["morale"]
    npc: str
    risk: str


class TableInitiativeMove(TypedDict):
    """TOMB-12: a character's DEX against the Dealer (free: the Dealer's ``modifier``)."""

    type: Literal["initiative"]
    character: str
    modifier: NotRequired[int]


class TableHazardMove(TypedDict):
    """A hazard lowers a character's ability by ``amount`` (a free field, 1 by default)."""

    type: Literal["hazard"]
    character: str
    ability: str
    amount: NotRequired[int]


class TableFatigueMove(TypedDict):
    """One Fatigue more (1) or less (-1)."""

    type: Literal["fatigue"]
    character: str
    change: int


class TableRestMove(TypedDict):
    type: Literal["rest"]
    kind: str


class TableRecoverMove(TypedDict):
    """TS-9: a character recovers from the scar at index ``scar`` of the sheet."""

    type: Literal["recover"]
    character: str
    scar: int


class TableRemoveMove(TypedDict):
    type: Literal["remove"]
    npc: str


TableMove = (TableSaveMove | TableContestMove | TableAttackMove | TableTakeOverMove | TableNoFieldMove
             | TableHirelingMove | TableEnemyMove | TableNpcAttackMove | TableMoraleMove | TableInitiativeMove
             | TableHazardMove | TableFatigueMove | TableRestMove | TableRecoverMove | TableRemoveMove | CheatMove
             | ForceMove | SettleMove)


class TableReactionEvent(TypedDict):
    """TOMB-15: a card for an NPC's first reaction."""

    type: Literal["reaction"]
    card: str
    reaction: str
    sentence: str


class TableDieEvent(TypedDict):
    """The die of fate: ``favours`` the players or not."""

    type: Literal["die"]
    roll: int
    favours: bool
    sentence: str


class TableHirelingEvent(TypedDict):
    """TOMB-15: a hireling from four cards by suit and one for the background."""

    type: Literal["hireling"]
    npc: str
    cards: list[str]
    background_card: str
    sentence: str


class TableNpcEvent(TypedDict):
    """An enemy joins the scene, or an NPC leaves it."""

    type: Literal["enemy", "remove"]
    npc: str
    sentence: str


class TableFatigueEvent(TypedDict):
    type: Literal["fatigue"]
    who: str
    fatigue: int
    sentence: str


class TableRestEvent(TypedDict):
    """A rest; ``hands`` every character's new hand (for its own seat only, else its size)."""

    type: Literal["rest"]
    kind: str
    hands: dict[str, list[str] | int]
    sentence: str


class TableEndEvent(TypedDict):
    type: Literal["end"]
    sentence: str


class TableTakeOverEvent(TypedDict):
    """A hireling taken over: the cards that raised it, and the new hand (for its own seat only)."""

    type: Literal["take_over"]
    who: str
    npc: str
    cards: list[str]
    hand: list[str] | int
    sentence: str


class TableLoneEvent(TypedDict):
    """An enemy at exactly 0 HP: a reminder that a lone enemy makes its morale save (TOMB-13, TS-16)."""

    type: Literal["lone_at_zero"]
    who: str
    sentence: str


TableEvent = (CombatEvent | TableReactionEvent | TableDieEvent | TableHirelingEvent | TableNpcEvent
              | TableFatigueEvent | TableRestEvent | TableEndEvent | TableTakeOverEvent | TableLoneEvent)


class TableMember(MemberBase):
    weapons: list[Weapon]


class TableNpc(NpcBase):
    """An NPC at the Dealer's table; a hireling has a ``background``."""

    background: NotRequired[str]


class TableForms(TypedDict):
    """What the page's forms offer: the abilities, each risk's ``[target, label]``, the flip modes, the free
    fields of each move (a list of choices, ``[low, high]`` or "text"), the rests, the morale targets and
    the enemy presets' names."""

    abilities: list[str]
    risks: dict[str, list[int | str]]
    modes: list[str]
    free: dict[str, dict[str, list[str] | list[int] | str]]
    rests: dict[str, str]
    morale: dict[str, int]
    presets: dict[str, str]


class TableView(TypedDict):
    """The Dealer's table as one seat sees it (seat 0: the Dealer): sheets, counts and discards are public, a
    hand shows only to its own seat. ``last`` holds the flips settled by the last move, ``log`` the newest
    sentences of the story (``log_total`` of them in all)."""

    party: list[TableMember]
    fallen: list[Sheet]
    dealer: DeckCounts
    npcs: list[TableNpc]
    pending: Waiting | None
    last: list[SettledEvent]
    log: list[LogLine]
    log_total: int
    ended: bool
    forms: TableForms


class TableConstants(SheetConstants):
    """The sheet's words; the table's seats (the Dealer and up to ``max_party`` characters), the DEX save
    that turning tail needs (TOMB-14) and the rule behind a move's free field, by move and field
    (``free_help["npc_attack"]["attackers"]``), for the forms."""

    seats: int
    max_party: int
    turn_tail_target: int
    free_help: dict[str, dict[str, str]]


# --- tombstone_showdown ---------------------------------------------------------------------------------
# The moves are @final (no keys beyond these), so ``"npcs" in move`` tells the Dealer's attack from a
# character's, which shares its ``type``.
@final
class ShowdownAttackMove(TypedDict):
    """A character attacks ``target`` with the weapon at index ``weapon`` of their weapons."""

    type: Literal["attack"]
    weapon: int
    target: str


@final
class ShowdownNoFieldMove(TypedDict):
    """A character takes cover or turns tail (TOMB-14)."""

    type: Literal["take_cover", "turn_tail"]


@final
class ShowdownReloadMove(TypedDict):
    """A character reloads the heavy gun at index ``weapon`` (SD-4)."""

    type: Literal["reload"]
    weapon: int


@final
class ShowdownDrinkMove(TypedDict):
    """SD-6: a swig from a ``source``: "bottle", "bar" or "barrel"."""

    type: Literal["drink"]
    source: str


@final
class ShowdownHazardMove(TypedDict):
    """One of a hazard's ways out (its ``action`` id)."""

    type: Literal["hazard"]
    action: str


@final
class ShowdownGangMove(TypedDict):
    """The Dealer: the enemies ``npcs`` attack ``target`` (several as one, TOMB-11)."""

    type: Literal["attack"]
    npcs: list[str]
    target: str


@final
class ShowdownNpcMove(TypedDict):
    """The Dealer: an enemy takes cover or reloads."""

    type: Literal["take_cover", "reload"]
    npc: str


@final
class ShowdownCampMove(TypedDict):
    """SD-16, in camp between the fights of a trail: the night's rest, or moving on to the next fight."""

    type: Literal["rest", "move_on"]


@final
class ShowdownBuyMove(TypedDict):
    """SD-16, in camp: the character buys the shop's ``item`` (its id) with their own money."""

    type: Literal["buy"]
    item: str


ShowdownMove = (ShowdownAttackMove | ShowdownNoFieldMove | ShowdownReloadMove | ShowdownDrinkMove | ShowdownHazardMove
                | ShowdownGangMove | ShowdownNpcMove | ShowdownCampMove | ShowdownBuyMove | CheatMove | ForceMove
                | SettleMove)


class ShowdownToldEvent(TypedDict):
    """Something the engine tells that names nobody: the scene, the rest routed, a camp made (SD-16)."""

    type: Literal["scene", "rout", "camp"]
    sentence: str


class ShowdownWhoEvent(TypedDict):
    """Something one participant does or undergoes: cover, a reload, a getaway, a snake's strike, a morale
    save due, what became of one out of the fight, the snake flung out loose (SD-10), the camp's rest taken
    or the party led on (SD-16), by ``who``."""

    type: Literal["cover", "reload", "escape", "strike", "morale_due", "aftermath", "loose", "rest", "move_on"]
    who: str
    sentence: str


class ShowdownBoughtEvent(TypedDict):
    """SD-16: a character bought ``item`` (its id) at the camp's shop."""

    type: Literal["bought"]
    who: str
    item: str
    sentence: str


class ShowdownDrinkEvent(TypedDict):
    """SD-6: a swig: the card flipped and the HP it left."""

    type: Literal["drink"]
    who: str
    card: str
    hp: int
    sentence: str


class ShowdownRoundEvent(TypedDict):
    """A new round; ``first`` "party" in an ambush's round 1, which has no initiative contest (SD-13)."""

    type: Literal["round"]
    round: int
    first: NotRequired[str]
    sentence: str


class ShowdownComplicationEvent(TypedDict):
    """TOMB-12: a Black Joker at initiative brings a complication (``effect``: its id)."""

    type: Literal["complication"]
    effect: str
    sentence: str


class ShowdownFreeAttackEvent(TypedDict):
    """TOMB-14: an enemy's free shot at a character turning tail."""

    type: Literal["free_attack"]
    npc: str
    target: str
    sentence: str


class ShowdownGangEvent(TypedDict):
    """TOMB-11: several enemies attack one character as one."""

    type: Literal["gang_up"]
    npcs: list[str]
    target: str
    sentence: str


class ShowdownEndEvent(TypedDict):
    """The fight is over (``end``: victory, routed, escaped, dead, nightfall, safe)."""

    type: Literal["end"]
    end: str
    sentence: str


ShowdownEvent = (CombatEvent | ShowdownToldEvent | ShowdownWhoEvent | ShowdownBoughtEvent | ShowdownDrinkEvent
                 | ShowdownRoundEvent
                 | ShowdownComplicationEvent | ShowdownFreeAttackEvent | ShowdownGangEvent | ShowdownEndEvent)


class LoadedWeapon(Weapon):
    """A weapon and whether it is loaded (a heavy gun is empty after a shot, SD-4)."""

    loaded: bool


class ShowdownMember(MemberBase):
    """A character in the fight: in cover, acted this round, got away, money paid at the bar or, on a
    trail, the camp's shop (SD-16)."""

    weapons: list[LoadedWeapon]
    cover: bool
    acted: bool
    escaped: bool
    paid: int


class ShowdownNpc(NpcBase):
    """An enemy (or the hazard) in the fight: a ``leader`` whose WIL the morale uses (TOMB-13), cover,
    acted this round, loaded."""

    leader: NotRequired[bool]
    cover: bool
    acted: bool
    loaded: bool


class ShowdownHazardAction(TypedDict):
    """A way out of a hazard; ``owner``: the one in danger tries it, else only a friend does."""

    id: str
    label: str
    owner: bool


class ShowdownHazard(TypedDict):
    """The hazard and whose danger it is (``owner``: a ref)."""

    name: str
    owner: str
    actions: list[ShowdownHazardAction]


class ShowdownEncounter(TypedDict):
    """Who or what the party faces: cover to take, the dark, the price of a swig at a bar (cents; 0: none),
    the victors' purse (cents)."""

    id: str
    title: str
    blurb: str
    cover: bool
    dark: bool
    bar: int
    purse: int
    hazard: ShowdownHazard | None


class ShowdownShopItem(TypedDict):
    """One of the shop's items as the camp shows it (SD-16): price in cents, the slots it takes."""

    id: str
    name: str
    price: int
    kind: str
    slots: int


class ShowdownFightDone(TypedDict):
    """A fight of the trail that is over: its encounter id, its end, the rounds it lasted (SD-15)."""

    encounter: str
    end: str
    rounds: int


class ShowdownTrail(TypedDict):
    """The trail (SD-15..17): the fight on (``fight`` of ``of``; in camp, the one just over), every
    encounter's title in order, the fights done, whether the party is in camp and has rested there, and
    the shop's shelves (in camp only; else empty)."""

    fight: int
    of: int
    titles: list[str]
    done: list[ShowdownFightDone]
    camp: bool
    rested: bool
    shop: list[ShowdownShopItem]


class ShowdownView(TypedDict):
    """A fight as one seat sees it: sheets, counts, discards, cover and the round are public; a hand shows
    only to its own seat. ``phase`` is whose turn it is in the round; ``effects`` this round's complications
    ``[id, words]``; ``end`` how the fight (the trail's last) ended, once it has; ``trail`` the trail's
    progress, null for a single encounter."""

    encounter: ShowdownEncounter
    round: int
    phase: Literal["initiative", "party", "enemies"]
    first: Literal["party", "enemies"]
    effects: list[list[str]]
    party: list[ShowdownMember]
    dealer: DeckCounts
    npcs: list[ShowdownNpc]
    pending: Waiting | None
    last: list[SettledEvent]
    log: list[LogLine]
    log_total: int
    end: str | None
    trail: ShowdownTrail | None


class ShowdownConstants(SheetConstants):
    """The sheet's words, the most characters a fight takes and the DEX save that turning tail needs
    (TOMB-14)."""

    max_party: int
    turn_tail_target: int
