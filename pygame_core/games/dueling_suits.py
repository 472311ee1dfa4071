"""Dueling Suits: each suit is an action; a face-down lead, a chain of extra cards, then one table
cell decides who is hurt and who heals (DUEL-1..8).

A turn: both draw (DUEL-4), both commit a lead card face down, the leads are revealed, the holder
of the initiative token may open a chain and the players alternate until the first pass (DUEL-5),
then ``resolve`` (a pure function of the two suits and the two powers, DUEL-6) settles the turn;
health is capped at 30 after damage and healing together (DUEL-2) and the token changes hands
(DUEL-3). The game ends when someone is at 0 or below (DUEL-7).

>>> from pygame_core import get_game
>>> state = get_game("dueling_suits").new_game(seed=7)
>>> state.to_act(), [len(h) for h in state.hands]
([0, 1], [8, 8])
"""

from __future__ import annotations

import copy
import random
from typing import Any, Literal, Mapping, NamedTuple, Sequence, TypedDict

from ..cards import SUIT_NAMES as CARD_SUIT_NAMES
from ..cards import Card, card_label, is_card, new_rng, reshuffle, shuffle, standard_deck
from ..engine import (DEFAULT_LEVELS, GameInfo, IllegalMove, Json, LevelSpec, OptionSpec, Outcome, SetupError, Shapes,
                      State, ToldOutcome, player_name, register)
from ..grammar import Party, sentence

START_HEALTH = 15
MAX_HEALTH = 30
HAND_SIZE = 7
LOW_HAND = 2  # DUEL-4: a hand this small (or smaller) after the draw takes one more card
SUIT_ORDER = ("S", "D", "C", "H")  # the rows and columns of the resolution table
SUIT_NAMES = {s: CARD_SUIT_NAMES[s] for s in SUIT_ORDER}  # in the order of the resolution table
ACTIONS = {"S": "block", "D": "all-out attack", "C": "cautious attack", "H": "heal"}
SHORT_ACTIONS = {"S": "block", "D": "all-out", "C": "cautious", "H": "heal"}  # where a phone has little room
PERK_LEVELS = range(4)
PERK_VALUES = tuple(f"{a}-{b}" for a in PERK_LEVELS for b in PERK_LEVELS)
MOVE_SHAPES = {
    "lead": '{"type": "lead", "card": "QD"}',
    "chain": '{"type": "chain", "card": "7D"} or {"type": "pass"}',
}


def power(card: str) -> int:
    """DUEL-1: 2..10 at face value, J 11, Q 12, K 13, A 14.

    >>> power("10H"), power("JS"), power("AD")
    (10, 11, 14)
    """
    known = _POWERS.get(card)
    return known if known is not None else _rank_power(card)


def _rank_power(card: str) -> int:
    """A card's power from its parsed rank (``ValueError`` for a code that is not a card)."""
    rank = Card.parse(card).rank
    return {"J": 11, "Q": 12, "K": 13, "A": 14}.get(rank) or int(rank)


def suit(card: str) -> str:
    known = _SUITS.get(card)
    return known if known is not None else Card.parse(card).suit


# every card's power and suit, worked out once: a search settles thousands of turns a second
ALL_CARDS = standard_deck()
_POWERS: dict[str, int] = {c: _rank_power(c) for c in ALL_CARDS}
_SUITS: dict[str, str] = {c: Card.parse(c).suit for c in ALL_CARDS}


def chain_power(card: str, lead: str) -> int:
    """DUEL-5: a chain card adds its full power on the lead's suit, else half of it rounded up.

    >>> chain_power("7D", "QD"), chain_power("7C", "QD")
    (7, 4)
    """
    return power(card) if suit(card) == suit(lead) else -(-power(card) // 2)


class Effects(NamedTuple):
    """What a resolution does to each seat: damage taken, health healed, and whether the seat
    earned a block bonus for its next lead (DUEL-6)."""

    damage: tuple[int, int]
    heal: tuple[int, int]
    bonus: tuple[bool, bool]


def _cell(x: str, y: str, a: int, b: int) -> tuple[int, int, int, int, bool]:
    """One cell of DUEL-6 on or above the diagonal (``x`` not after ``y`` in S, D, C, H): "you" play
    ``x`` at power ``a``, the opponent ``y`` at power ``b``. Returns (your damage, your healing,
    their damage, their healing, your block bonus)."""
    cells = {
        ("S", "S"): (0, 0, 0, 0, False),
        ("S", "D"): (max(0, b - 2 - a), 0, 0, 0, True),
        ("S", "C"): (max(0, b - a), 0, 0, 0, False),
        ("S", "H"): (0, 0, 0, b, False),
        ("D", "D"): (b, 0, a, 0, False),
        ("D", "C"): (b if a < b else 0, 0, a if b < a else 0, 0, False),
        ("D", "H"): (0, 0, a, 0, False),
        ("C", "C"): (-(-b // 2), 0, -(-a // 2), 0, False),
        ("C", "H"): (0, 0, a, b, False),
        ("H", "H"): (0, a, 0, b, False),
    }
    return cells[(x, y)]


# DUEL-6 in words, from the row player's side (a: their power, b: the rival's): [long, short] per cell,
# rows the row player's lead (S, D, C, H), columns the rival's. ``_cell`` above is the same table as rules.
CHART: dict[str, dict[str, list[str]]] = {
    "S": {
        "S": ["Nothing happens", "nothing"],
        "D": ["You take their power − 2 − yours; your next lead gets +yours",
              "you take b−2−a; your next lead +a"],
        "C": ["You take their power − yours", "you take b−a"],
        "H": ["They heal their power", "they heal b"],
    },
    "D": {
        "S": ["They take your power − 2 − theirs; their next lead gets +theirs",
              "they take a−2−b; their next lead +b"],
        "D": ["Each takes the other's power", "you take b, they take a"],
        "C": ["The lower power takes the higher one; a tie: nothing", "lower takes higher; tie: nothing"],
        "H": ["They take your power", "they take a"],
    },
    "C": {
        "S": ["They take your power − theirs", "they take a−b"],
        "D": ["The lower power takes the higher one; a tie: nothing", "lower takes higher; tie: nothing"],
        "C": ["Each takes half the other's power, rounded up", "you take ½b, they take ½a (up)"],
        "H": ["They heal their power and take yours", "they heal b, take a"],
    },
    "H": {
        "S": ["You heal your power", "you heal a"],
        "D": ["You take their power", "you take b"],
        "C": ["You heal your power and take theirs", "you heal a, take b"],
        "H": ["Both heal their own power", "you heal a, they heal b"],
    },
}


def resolve(suits: tuple[str, str], powers: tuple[int, int]) -> Effects:
    """DUEL-6 for seat 0 playing ``suits[0]`` at ``powers[0]`` against seat 1; the cells below the
    diagonal are the mirrors of those above. Pure: the same leads and powers always do the same.

    >>> resolve(("C", "H"), (9, 12))
    Effects(damage=(0, 9), heal=(0, 12), bonus=(False, False))
    >>> resolve(("D", "S"), (10, 6))
    Effects(damage=(0, 2), heal=(0, 0), bonus=(False, True))
    """
    x, y = suits
    a, b = powers
    if SUIT_ORDER.index(x) <= SUIT_ORDER.index(y):
        d0, h0, d1, h1, bonus0 = _cell(x, y, a, b)
        return Effects((d0, d1), (h0, h1), (bonus0, False))
    d1, h1, d0, h0, bonus1 = _cell(y, x, b, a)
    return Effects((d0, d1), (h0, h1), (False, bonus1))


def parse_perks(value: str) -> tuple[int, int]:
    """The ``perks`` option "a-b": seat 0 gets +a power every turn, seat 1 +b (DUEL-8)."""
    a, b = value.split("-")
    return int(a), int(b)


def _perk_label(value: str) -> str:
    perks = parse_perks(value)
    if perks == (0, 0):
        return "None"
    return ", ".join(f"{player_name(p)} +{perks[p]}" for p in (0, 1))


# --- the shapes of what Dueling Suits sends the page (engine.py: "Shapes") -------------------------
class DuelCardMove(TypedDict):
    """DUEL-1/5: lead a card face down, or chain one onto your lead."""

    type: Literal["lead", "chain"]
    card: str


class DuelPassMove(TypedDict):
    """DUEL-5: no more chain cards this turn."""

    type: Literal["pass"]


DuelMove = DuelCardMove | DuelPassMove


class DuelResolution(TypedDict):
    """What a resolved turn did (all public once revealed): ``[seat 0, seat 1]`` pairs of what met and what it
    did; ``capped`` where health stopped at 30, ``bonus_earned`` a block bonus for the next lead."""

    turn: int
    initiative: int
    leads: list[str]
    bonus_used: list[int]
    perks: list[int]
    powers: list[int]
    damage: list[int]
    heal: list[int]
    health_before: list[int]
    health_after: list[int]
    capped: list[bool]
    bonus_earned: list[int]


class DuelTurn(DuelResolution):
    """One resolved turn, its chains as card codes."""

    chains: list[list[str]]


class DuelTurnEvent(TypedDict):
    """DUEL-4: a new turn, and who holds the initiative token."""

    type: Literal["turn"]
    turn: int
    initiative: int


class DuelDrawEvent(TypedDict):
    """Cards drawn: the cards only for the drawer."""

    type: Literal["draw"]
    player: int
    cards: list[str] | None
    count: int


class DuelReshuffleEvent(TypedDict):
    """DUEL-4: the discards shuffled into an empty deck."""

    type: Literal["reshuffle"]
    count: int


class DuelLeadEvent(TypedDict):
    """A lead committed face down: its card only for the one who led it."""

    type: Literal["lead"]
    player: int
    card: str | None


class DuelRevealEvent(TypedDict):
    """Both leads turn up: ``cards[p]`` is seat p's."""

    type: Literal["reveal"]
    cards: list[str | None]


class DuelChainEvent(TypedDict):
    """A chain card and the power it added (DUEL-5)."""

    type: Literal["chain"]
    player: int
    card: str
    added: int


class DuelPassEvent(TypedDict):
    type: Literal["pass"]
    player: int


class DuelResolveEvent(DuelTurn):
    """The turn resolved (DUEL-6): the log entry it leaves."""

    type: Literal["resolve"]


class DuelEndEvent(TypedDict):
    type: Literal["end"]
    outcome: Outcome


DuelEvent = (DuelTurnEvent | DuelDrawEvent | DuelReshuffleEvent | DuelLeadEvent | DuelRevealEvent | DuelChainEvent
             | DuelPassEvent | DuelResolveEvent | DuelEndEvent)


class DuelChainCard(TypedDict):
    """A chain card on the table: what it added, at full power (the lead's suit) or half."""

    card: str
    added: int
    full: bool


class DuelPower(TypedDict):
    """A side's power this turn and its parts (DUEL-5)."""

    lead: int
    bonus: int
    chains: int
    perks: int
    total: int


class DuelCell(TypedDict):
    """The cell of the suit table a turn landed on, from ``row_seat``'s side."""

    row: str
    column: str
    row_seat: int


class DuelLogEntry(DuelResolution):
    """A resolved turn as the viewer reads it: its chain cards spelled out, the two leads' suits, the table
    cell from the viewer's side and the sentence that tells it."""

    chains: list[list[DuelChainCard]]
    suits: list[str]
    cell: DuelCell
    sentence: str


class DuelFinal(TypedDict):
    outcome: ToldOutcome | None


class DuelView(TypedDict):
    """What one seat (or a spectator, ``viewer`` None) sees of a duel: a lead is hidden from the rival
    until both are in (``leads``), ``power`` shows only where the lead is seen, and ``last_play`` tells the
    rival's newest move while it is the newest thing on the viewer's table (None otherwise)."""

    game: Literal["dueling_suits"]
    viewer: int | None
    turn: int
    phase: Literal["lead", "chain", "over"]
    to_act: list[int]
    hand: list[str] | None
    hand_counts: list[int]
    health: list[int]
    start_health: int
    max_health: int
    initiative: int
    perks: list[int]
    bonus: list[int]
    committed: list[bool]
    leads: list[str | None]
    chain_turn: int | None
    chains: list[list[DuelChainCard]]
    power: list[DuelPower | None]
    deck: int
    discard: int
    last: DuelLogEntry | None
    log: list[DuelLogEntry]
    last_play: str | None
    final: DuelFinal | None


class DuelPreview(TypedDict):
    """What a chain card would add, and the power it would make."""

    added: int
    power: int


class DuelConstants(TypedDict):
    """The words of the suits (DUEL-1) and the suit table (DUEL-6) the page shows: ``suits`` in the
    table's order, ``chart[row][column]`` the cell's [long, short] text."""

    suits: list[str]
    suit_names: dict[str, str]
    actions: dict[str, str]
    short_actions: dict[str, str]
    chart: dict[str, dict[str, list[str]]]


class ViewSketch:
    """What a view says about the hidden cards, worked out once: ``DuelingSuitsState.from_view`` deals
    every sampled world of a decision from it.

    ``pool`` holds the cards this player cannot place: the opponent's hand (and face-down lead) and
    the deck. The deck is refilled only when it is empty (DUEL-4), so after a reshuffle it holds only
    cards of the pile that was shuffled, all of them public: ``deck_cards`` are the cards of the pool
    that may be in the deck, and the others (``theirs``) can only be in the opponent's hand."""

    __slots__ = ("view", "me", "pool", "deck_cards", "theirs", "deck_size", "opp_lead", "pile", "log")

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me = me = int(view["viewer"])
        log = [_log_entry(seen) for seen in view["log"]]
        self.log = log
        self.pile, refill = _piles(int(view["turn"]), log)
        seen = set(view["hand"]) | set(self.pile)
        seen.update(c for c in view["leads"] if isinstance(c, str))
        seen.update(e["card"] for chain in view["chains"] for e in chain)
        self.pool = [c for c in ALL_CARDS if c not in seen]
        self.deck_cards = self.pool if refill is None else [c for c in self.pool if c in refill]
        self.theirs = [c for c in self.pool if c not in self.deck_cards] if refill is not None else []
        self.deck_size = int(view["deck"])
        self.opp_lead = view["phase"] == "lead" and bool(view["committed"][1 - me])


def _log_entry(seen: Mapping[str, Any]) -> DuelTurn:
    """The engine's log entry behind one entry of a view's log (the view adds the table cell and the
    sentence, and spells each chain card out)."""
    return copy_entry({"turn": seen["turn"], "initiative": seen["initiative"], "leads": seen["leads"],
                       "chains": [[e["card"] for e in chain] for chain in seen["chains"]],
                       "bonus_used": seen["bonus_used"], "perks": seen["perks"], "powers": seen["powers"],
                       "damage": seen["damage"], "heal": seen["heal"], "health_before": seen["health_before"],
                       "health_after": seen["health_after"], "capped": seen["capped"],
                       "bonus_earned": seen["bonus_earned"]})


def _piles(turns: int, log: list[DuelTurn]) -> tuple[list[str], set[str] | None]:
    """The discard pile in the order it was thrown, and the cards of the last reshuffle (None while
    the deck is still the dealt one): the public counts replayed turn by turn by DUEL-4's draws."""
    hands = [HAND_SIZE, HAND_SIZE]
    deck = len(ALL_CARDS) - 2 * HAND_SIZE
    pile: list[str] = []
    refill: set[str] | None = None
    for turn in range(turns):
        for extra in (False, True):
            for q in (0, 1):
                if extra and hands[q] > LOW_HAND:
                    continue
                if not deck:
                    deck, refill, pile = len(pile), set(pile), []
                deck -= 1
                hands[q] += 1
        if turn < len(log):
            entry = log[turn]
            chains = entry["chains"]
            for q in (0, 1):
                hands[q] -= 1 + len(chains[q])
            pile += [*entry["leads"], *chains[0], *chains[1]]
    return pile, refill


@register
class DuelingSuitsState(State[DuelView, DuelEvent, DuelMove, DuelPreview]):
    """A game of Dueling Suits. Phases: ``lead`` (both commit), ``chain`` (one at a time), ``over``."""

    shapes = Shapes(DuelView, DuelEvent, DuelMove, DuelPreview, DuelConstants)

    info = GameInfo(
        id="dueling_suits",
        title="Dueling Suits",
        players=2,
        simultaneous=True,
        hidden_info=True,
        summary=("Every suit is an action: block, all-out attack, cautious attack or heal. Lead a card face "
                 "down, chain more on top, and outlast your rival from 15 health."),
        minutes=8,
        levels=(DEFAULT_LEVELS[0], DEFAULT_LEVELS[1],
                LevelSpec("hard", "Gunslinger", "cagey: mixes its face-down leads so you can't read it, and weighs "
                                                "the hands you might hold")),
        options=(
            OptionSpec("first_initiative", "Who holds the initiative token first", ("random", "0", "1"),
                       help="The token lets its holder open the chaining; it changes hands every turn.",
                       labels=("Random", player_name(0), player_name(1))),
            OptionSpec("perks", "Perks", PERK_VALUES,
                       help="A flat bonus added to a player's power every turn.",
                       labels=tuple(_perk_label(v) for v in PERK_VALUES)),
        ),
        constants=DuelConstants(suits=list(SUIT_ORDER), suit_names=SUIT_NAMES, actions=ACTIONS,
                                short_actions=SHORT_ACTIONS, chart=CHART),
    )
    version = 1

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        rng = new_rng(seed)
        dealt = shuffle(standard_deck(), rng)  # drawn even for a forced deal: replay continues the same stream
        if deal is None:
            deal = dealt
        else:
            validate_deal(deal)
            deal = list(deal)
        super().__init__(seed, options, deal, setup)
        self.rng = rng  # DUEL-4: every later reshuffle draws from here, so replay rebuilds it
        first = options.get("first_initiative", "random")
        self.initiative = (0 if rng.random() < 0.5 else 1) if first == "random" else int(first)  # DUEL-3
        self.perks = parse_perks(options.get("perks", "0-0"))
        self.deck: list[str] = list(deal[2 * HAND_SIZE:])
        self.hands: list[list[str]] = [list(deal[:HAND_SIZE]), list(deal[HAND_SIZE:2 * HAND_SIZE])]
        self.discards: list[str] = []
        self.health = [START_HEALTH, START_HEALTH]
        self.bonus = [0, 0]  # DUEL-6: block bonus on this turn's lead
        self.turn = 0
        self.phase: Literal["lead", "chain", "over"] = "lead"
        self.leads: list[str | None] = [None, None]
        self.chains: list[list[str]] = [[], []]
        self.chain_turn: int | None = None
        self.log: list[DuelTurn] = []  # every resolved turn (all public once revealed)
        self.over = False
        self._start_turn()

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random,
                  sketch: ViewSketch | None = None) -> DuelingSuitsState:
        """A whole game consistent with ``view`` (a player due to act): the deck drawn at random from
        the cards that may be there, the opponent holding the rest (their face-down lead one of them at
        random), and a fresh RNG for later reshuffles (the game's own seed is hidden). ``sketch``:
        ``ViewSketch(view)`` worked out once by a caller that samples the same view many times."""
        if sketch is None:
            sketch = ViewSketch(view)
        me = sketch.me
        opp = 1 - me
        cards = shuffle(list(sketch.deck_cards), rng)
        deck = cards[:sketch.deck_size]
        hidden = shuffle(cards[sketch.deck_size:] + sketch.theirs, rng)
        leads: list[str | None] = list(view["leads"])
        if sketch.opp_lead:
            leads[opp] = hidden.pop()
        state = cls.__new__(cls)
        perks = view["perks"]
        initiative = int(view["initiative"])
        first = initiative if view["turn"] % 2 else 1 - initiative
        State.__init__(state, 0, {"first_initiative": str(first), "perks": f"{perks[0]}-{perks[1]}"}, None)
        state.rng = random.Random(int(rng.random() * 2 ** 32))
        state.initiative = initiative
        state.perks = (int(perks[0]), int(perks[1]))
        state.deck = deck
        state.hands = [[], []]
        state.hands[me], state.hands[opp] = list(view["hand"]), hidden
        state.discards = list(sketch.pile)
        state.health = list(view["health"])
        state.bonus = list(view["bonus"])
        state.turn = int(view["turn"])
        state.phase = view["phase"]
        state.leads = leads
        state.chains = [[e["card"] for e in chain] for chain in view["chains"]]
        state.chain_turn = view["chain_turn"]
        state.log = list(sketch.log)
        state.over = False
        return state

    # --- protocol -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.over:
            return []
        if self.phase == "lead":
            return [p for p in (0, 1) if self.leads[p] is None]
        return [self.chain_turn] if self.chain_turn is not None else []

    def legal_moves(self, p: int) -> list[DuelMove]:
        """Order: the hand as held; while chaining, pass comes last."""
        if self.check_turn(p) is not None:
            return []
        if self.phase == "lead":
            return [{"type": "lead", "card": c} for c in self.hands[p]]
        moves: list[DuelMove] = [{"type": "chain", "card": c} for c in self.hands[p]]
        return [*moves, {"type": "pass"}]

    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        if self.phase == "lead":
            if not isinstance(move, dict) or set(move) != {"type", "card"} or move.get("type") != "lead":
                return IllegalMove("malformed_move", f"Now the move looks like {MOVE_SHAPES['lead']}.")
        elif isinstance(move, dict) and move.get("type") == "pass" and set(move) == {"type"}:
            return None
        elif not isinstance(move, dict) or set(move) != {"type", "card"} or move.get("type") != "chain":
            return IllegalMove("malformed_move", f"Now the move looks like {MOVE_SHAPES['chain']}.")
        card = move["card"]
        if not is_card(card) or card in ("RJ", "BJ"):
            return IllegalMove("malformed_move", f"{card!r} is not a card code such as '7H' or '10S'.")
        if card not in self.hands[p]:
            return IllegalMove("not_in_hand", f"You don't hold {card_label(card)}.")
        return None

    def _apply(self, p: int, move: DuelMove) -> list[DuelEvent]:
        if move["type"] == "pass":
            passed: list[DuelEvent] = [{"type": "pass", "player": p}]
            return passed + self._resolve()
        if move["type"] == "lead":
            return self._lead(p, move["card"])
        return self._chain(p, move["card"])

    def view(self, p: int | None) -> DuelView:
        self.check_viewer(p)
        revealed = self.phase == "chain"
        leads = [self.leads[q] if revealed or q == p else None for q in (0, 1)]
        return {
            "game": "dueling_suits",
            "viewer": p,
            "turn": self.turn,
            "phase": "over" if self.over else self.phase,
            "to_act": self.to_act(),
            "hand": list(self.hands[p]) if p is not None else None,
            "hand_counts": [len(h) for h in self.hands],
            "health": list(self.health),
            "start_health": START_HEALTH,
            "max_health": MAX_HEALTH,
            "initiative": self.initiative,
            "perks": list(self.perks),
            "bonus": list(self.bonus),
            "committed": [c is not None for c in self.leads],
            "leads": leads,
            "chain_turn": self.chain_turn,
            "chains": [[self._chain_entry(card, self.leads[q]) for card in self.chains[q]] for q in (0, 1)],
            "power": [self._power(q) if leads[q] is not None else None for q in (0, 1)],
            "deck": len(self.deck),
            "discard": len(self.discards),
            "last": self._log_view(self.log[-1], p) if self.log else None,
            "log": [self._log_view(entry, p) for entry in self.log],
            "last_play": self._last_play(p),
            "final": {"outcome": self.told_outcome(p)} if self.over else None,
        }

    def _last_play(self, p: int | None) -> str | None:
        """The rival's newest move when it is the newest thing on ``p``'s table, told from ``p``'s seat: a
        lead lying face down while ``p`` still chooses theirs (DUEL-4), or the chain card it just added when
        ``p`` is to chain (DUEL-5: chains alternate). None otherwise (and for the spectator)."""
        if p is None or self.over:
            return None
        rival = 1 - p
        them, me = Party.of(rival, p, self.names), Party.of(p, p, self.names)
        if self.phase == "lead" and self.leads[rival] is not None and self.leads[p] is None:
            return sentence(f"{them.subject} led a card face down: both leads turn up once {me.subject} "
                            f"{me.verb('lead', 'leads')} too.")
        if self.phase != "chain" or self.chain_turn != p or not self.chains[rival]:
            return None
        chained = self._chain_entry(self.chains[rival][-1], self.leads[rival])
        how = "the lead's suit: full value" if chained["full"] else "not the lead's suit: half value"
        return sentence(f"{them.subject} chained {card_label(chained['card'])}: +{chained['added']} to "
                        f"{them.own} power ({how}).")

    def outcome(self) -> Outcome | None:
        """DUEL-7, the reason written with the seats' display names (they may change on load)."""
        return self._judge(None) if self.over else None

    def _judge(self, viewer: int | None) -> Outcome:
        """DUEL-7 told from ``viewer``'s seat (None: every seat by its name, as ``outcome`` keeps it)."""
        h = self.health
        scores = list(h)
        party = [Party.of(p, viewer, self.names) for p in (0, 1)]
        if h[0] > 0 or h[1] > 0:
            fell = 0 if h[0] <= 0 else 1
            loser = party[fell]
            return {"winner": 1 - fell, "scores": scores,
                    "reason": sentence(f"{loser.subject} {loser.verb('are', 'is')} down to {h[fell]} health.")}
        if h[0] == h[1]:
            return {"winner": None, "scores": scores,
                    "reason": f"Both fell in the same turn with equal health ({h[0]}): a draw."}
        winner = 0 if h[0] > h[1] else 1
        won = party[winner]
        return {"winner": winner, "scores": scores,
                "reason": sentence(f"Both fell in the same turn; {won.subject} {won.verb('stand', 'stands')} higher "
                                   f"({h[winner]} against {h[1 - winner]}).")}

    def told_outcome(self, viewer: int | None) -> ToldOutcome | None:
        """The reason from ``viewer``'s seat, and the breakdown: the last turn, the one that felled."""
        told = super().told_outcome(viewer)
        if told is not None:
            last = self.log[-1]
            told.update({"reason": self._judge(viewer)["reason"],
                         "breakdown": f"The last blow, turn {last['turn']}: {explain(last, viewer, self.names)}"})
        return told

    def redact_event(self, event: DuelEvent, viewer: int | None) -> DuelEvent:
        """A lead is secret until both are in (the reveal shows it); draws show the drawer only."""
        if viewer is not None and viewer == event.get("player"):
            return copy.deepcopy(event)
        if event["type"] == "draw":
            return {**event, "cards": None}
        if event["type"] == "lead":
            return {**event, "card": None}
        return copy.deepcopy(event)

    def redact_move(self, p: int, move: DuelMove, viewer: int | None) -> dict[str, Json]:
        return {**move, "card": None} if move["type"] == "lead" and viewer != p else dict(move)

    def describe(self, p: int, move: DuelMove) -> str:
        if move["type"] == "pass":
            return "Pass: no more chain cards this turn"
        card = move["card"]
        if move["type"] == "lead":
            return f"Lead {card_label(card)} face down ({ACTIONS[suit(card)]}, power {power(card)})"
        lead = self.leads[p] or card
        added = chain_power(card, lead)
        how = "same suit, full power" if suit(card) == suit(lead) else "half power"
        return f"Chain {card_label(card)}: +{added} ({how}), power {self._power(p)['total'] + added}"

    def preview(self, p: int, move: DuelMove) -> DuelPreview | None:
        """A chain card's addition and the power it makes, for the table's hover hint."""
        lead = self.leads[p]
        if move["type"] != "chain" or lead is None:
            return None
        added = chain_power(move["card"], lead)
        return {"added": added, "power": self._power(p)["total"] + added}

    def explain(self, p: int, move: DuelMove) -> str | None:
        """What the card adds (DUEL-5) or which action it leads (DUEL-1)."""
        if move["type"] == "pass":
            return "the cards you keep are there for the turns to come"
        card = move["card"]
        if move["type"] == "lead":
            action = ACTIONS[suit(card)]
            return f"it leads {'an' if action[0] in 'aeiou' else 'a'} {action} at power {power(card)} (DUEL-1)"
        return f"it adds {chain_power(card, self.leads[p] or card)} to your power (DUEL-5)"

    # --- the turn -------------------------------------------------------------------------
    def _start_turn(self) -> list[DuelEvent]:
        """DUEL-4: one card each (seat 0 first), then one more for a hand of two or fewer."""
        self.turn += 1
        self.phase = "lead"
        events: list[DuelEvent] = [{"type": "turn", "turn": self.turn, "initiative": self.initiative}]
        drawn: list[list[str]] = [[], []]
        for p in (0, 1):
            self._draw(p, drawn, events)
        for p in (0, 1):
            if len(self.hands[p]) <= LOW_HAND:
                self._draw(p, drawn, events)
        for p in (0, 1):
            if drawn[p]:
                events.append({"type": "draw", "player": p, "cards": drawn[p], "count": len(drawn[p])})
        return events

    def _draw(self, p: int, drawn: list[list[str]], events: list[DuelEvent]) -> None:
        """One card off the top; an empty deck is first refilled from the shuffled discards (DUEL-4).

        Both piles empty cannot happen: at most sixteen cards are ever in hands, so the rest of the
        52 are in the deck or the discards."""
        if not self.deck:
            events.append({"type": "reshuffle", "count": len(self.discards)})
            reshuffle(self.deck, self.discards, self.rng)
        card = self.deck.pop(0)
        self.hands[p].append(card)
        drawn[p].append(card)

    def _lead(self, p: int, card: str) -> list[DuelEvent]:
        self.hands[p].remove(card)
        self.leads[p] = card
        events: list[DuelEvent] = [{"type": "lead", "player": p, "card": card}]
        if None in self.leads:
            return events
        self.phase = "chain"
        self.chain_turn = self.initiative  # DUEL-5: only the token's holder may open
        events.append({"type": "reveal", "cards": list(self.leads)})
        return events

    def _chain(self, p: int, card: str) -> list[DuelEvent]:
        self.hands[p].remove(card)
        self.chains[p].append(card)
        self.chain_turn = 1 - p
        return [{"type": "chain", "player": p, "card": card, "added": chain_power(card, self.leads[p] or card)}]

    def _resolve(self) -> list[DuelEvent]:
        """DUEL-6/2/7: settle both sides at once, cap at 30, discard, pass the token, draw."""
        leads = (self.leads[0] or "", self.leads[1] or "")
        powers = (self._power(0)["total"], self._power(1)["total"])
        effects = resolve((suit(leads[0]), suit(leads[1])), powers)
        before = list(self.health)
        raw = [before[q] - effects.damage[q] + effects.heal[q] for q in (0, 1)]
        self.health = [min(MAX_HEALTH, h) for h in raw]
        entry: DuelTurn = {
            "turn": self.turn, "initiative": self.initiative, "leads": list(leads),
            "chains": [list(c) for c in self.chains], "bonus_used": list(self.bonus), "perks": list(self.perks),
            "powers": list(powers), "damage": list(effects.damage), "heal": list(effects.heal),
            "health_before": before, "health_after": list(self.health),
            "capped": [raw[q] > MAX_HEALTH for q in (0, 1)],
            "bonus_earned": [powers[q] if effects.bonus[q] else 0 for q in (0, 1)],
        }
        self.log.append(entry)
        self.discards.extend([*leads, *self.chains[0], *self.chains[1]])
        self.leads = [None, None]
        self.chains = [[], []]
        self.chain_turn = None
        events: list[DuelEvent] = [{"type": "resolve", **copy_entry(entry)}]
        if min(self.health) <= 0:  # no next turn: the token stays and no bonus is carried
            self.over = True
            self.phase = "over"
            events.append({"type": "end", "outcome": self._judge(None)})
            return events
        self.bonus = list(entry["bonus_earned"])  # the bonus lasts one lead only
        self.initiative = 1 - self.initiative  # DUEL-3
        return events + self._start_turn()

    # --- helpers --------------------------------------------------------------------------
    def _power(self, p: int) -> DuelPower:
        """DUEL-5: lead + carried block bonus + chain cards + perks, each part kept for the table."""
        lead = self.leads[p]
        parts = (power(lead) if lead else 0, self.bonus[p],
                 sum(chain_power(c, lead) for c in self.chains[p]) if lead else 0, self.perks[p])
        return {"lead": parts[0], "bonus": parts[1], "chains": parts[2], "perks": parts[3], "total": sum(parts)}

    @staticmethod
    def _chain_entry(card: str, lead: str | None) -> DuelChainCard:
        full = lead is not None and suit(card) == suit(lead)
        return {"card": card, "added": chain_power(card, lead or card), "full": full}

    def _log_view(self, entry: DuelTurn, p: int | None) -> DuelLogEntry:
        """A resolved turn with the table cell from ``p``'s side (row: p, or seat 0 for a spectator)
        and the sentence that explains it."""
        me = 0 if p is None else p
        suits = [suit(c) for c in entry["leads"]]
        chains = [[self._chain_entry(c, entry["leads"][q]) for c in entry["chains"][q]] for q in (0, 1)]
        copied = copy_entry(entry)
        return {"turn": copied["turn"], "initiative": copied["initiative"], "leads": copied["leads"], "chains": chains,
                "bonus_used": copied["bonus_used"], "perks": copied["perks"], "powers": copied["powers"],
                "damage": copied["damage"], "heal": copied["heal"], "health_before": copied["health_before"],
                "health_after": copied["health_after"], "capped": copied["capped"],
                "bonus_earned": copied["bonus_earned"], "suits": suits,
                "cell": {"row": suits[me], "column": suits[1 - me], "row_seat": me},
                "sentence": explain(entry, p, self.names)}


def copy_entry(entry: DuelTurn) -> DuelTurn:
    """A deep copy of a log entry, by its known shape (numbers, flat lists, and the chains as a list
    of two lists): ``copy.deepcopy`` made up two thirds of a random game's time."""
    return {"turn": entry["turn"], "initiative": entry["initiative"], "leads": list(entry["leads"]),
            "chains": [list(c) for c in entry["chains"]], "bonus_used": list(entry["bonus_used"]),
            "perks": list(entry["perks"]), "powers": list(entry["powers"]), "damage": list(entry["damage"]),
            "heal": list(entry["heal"]), "health_before": list(entry["health_before"]),
            "health_after": list(entry["health_after"]), "capped": list(entry["capped"]),
            "bonus_earned": list(entry["bonus_earned"])}


def explain(entry: DuelTurn, viewer: int | None, names: Sequence[str]) -> str:
    """A resolved turn as one sentence from ``viewer``'s seat: the two leads with their powers,
    then what happened to each side (the side it happened to first).

    >>> entry = {"leads": ["9C", "QH"], "powers": [9, 12], "damage": [0, 9], "heal": [0, 12],
    ...          "capped": [False, False], "bonus_earned": [0, 0]}
    >>> explain(entry, 0, ("Player 1", "the computer"))
    "Your Clubs 9 against the computer's Hearts 12: the computer heals 12 and takes 9; you take nothing."
    """
    me = 0 if viewer is None else viewer
    parties = [Party.of(q, viewer, names) for q in (0, 1)]
    sides = [f"{parties[q].possessive} {SUIT_NAMES[suit(entry['leads'][q])]} {entry['powers'][q]}"
             for q in (me, 1 - me)]
    results = []
    for q in sorted((me, 1 - me), key=lambda q: not (entry["damage"][q] or entry["heal"][q]
                                                      or entry["bonus_earned"][q])):
        who = parties[q]
        parts = []
        if entry["heal"][q]:
            capped = f" (capped at {MAX_HEALTH})" if entry["capped"][q] else ""
            parts.append(f"{who.verb('heal', 'heals')} {entry['heal'][q]}{capped}")
        if entry["damage"][q]:
            parts.append(f"{who.verb('take', 'takes')} {entry['damage'][q]}")
        text = f"{who.subject} {' and '.join(parts) or who.verb('take', 'takes') + ' nothing'}"
        if entry["bonus_earned"][q]:
            text += f", and {'your' if who.you else 'their'} next lead gets +{entry['bonus_earned'][q]}"
        results.append(text)
    if not any(entry["damage"]) and not any(entry["heal"]) and not any(entry["bonus_earned"]):
        results = ["nothing happens"]
    return sentence(f"{sides[0]} against {sides[1]}: {'; '.join(results)}.")


def validate_deal(deal: Json) -> None:
    """DUEL-1: the 52 cards in draw order, each once (seat 0's seven, seat 1's seven, then the deck)."""
    if not isinstance(deal, list) or len(deal) != 52 or sorted(map(str, deal)) != sorted(ALL_CARDS):
        raise SetupError("bad_deal", "A Dueling Suits deal is the 52 cards (no jokers) in draw order, each once.")
