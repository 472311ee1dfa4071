"""The protocol every game follows: one registry, one ``State`` shape, errors that say why.

A game module declares a ``GameInfo`` header and a ``State`` subclass and registers them with
``register``; the bridge, the terminal and the generic tests work through the methods defined
here. A new game brings its own module, bots, web folder and tests, plus one line in each
registry (``games/__init__.py``, ``bots/__init__.py``, the page's game list).

**Shapes.** What a game sends the page is declared once, in its own module, as ``TypedDict``s: its
view, its events and its moves (each a union of TypedDicts keyed by a ``type`` Literal), the preview
of a move if it has one, and its ``GameInfo.constants``. The State subclass names them twice in one
place: as the type arguments of ``State[View, Event, Move, Preview]`` (so mypy checks ``view``,
``legal_moves``, ``play`` and the rest against them) and as its ``shapes`` (the same classes at run
time, for ``scripts/js_shapes.py``, which writes the page's JSDoc types from them, and for the tests,
which check every view, event and move of random games against them).
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import (Any, Callable, ClassVar, Generic, Iterator, Literal, Mapping, NamedTuple, NotRequired, Self,
                    TypedDict, TypeVar)

Move = dict[str, Any]
Event = dict[str, Any]
Json = Any

ViewT = TypeVar("ViewT", bound=Mapping[str, object])
EventT = TypeVar("EventT", bound=Mapping[str, object])
MoveT = TypeVar("MoveT", bound=Mapping[str, object])
PreviewT = TypeVar("PreviewT", bound=Mapping[str, object] | None)
Migration = Callable[[dict[str, Json]], dict[str, Json]]


class Outcome(TypedDict):
    """``State.outcome()``: ``winner`` a seat or None (a draw, or nobody wins), one score per seat,
    ``reason`` a sentence for the result screen, and ``result`` any JSON value the game produces for
    later use (a finished character sheet, the loot of a fight)."""

    winner: int | None
    scores: list[int]
    reason: str
    result: NotRequired[Json]


class ToldOutcome(Outcome):
    """The outcome as the result screen tells it to one seat (``State.told_outcome``)."""

    verdict: Literal["won", "lost", "drawn"] | None
    breakdown: NotRequired[str]


class Shapes(NamedTuple):
    """A game's JSON shapes at run time: the TypedDict (or union of TypedDicts) of its view, events and
    moves, of a move's preview (None: the game previews nothing) and of ``GameInfo.constants`` (None:
    it has none)."""

    view: object
    event: object
    move: object
    preview: object = None
    constants: object = None


class CodedError(ValueError):
    """A refusal the page is told about: ``code`` says which (a stable word), ``message`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class IllegalMove(CodedError):
    """A move that is malformed or against the rules; ``code`` says which, the text says why."""


class SetupError(CodedError):
    """A bad seed, option, forced deal or saved record: nothing was created."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option; its first value is the default (RULINGS.md convention).

    ``labels`` name the values for the setup form, in the same order (the values themselves go
    to ``new`` and into records, so they never change once published).
    """

    name: str
    label: str
    values: tuple[str, ...]
    help: str = ""
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError(f"Option {self.name!r} needs at least one value.")
        if not self.labels:
            object.__setattr__(self, "labels", self.values)
        if len(self.labels) != len(self.values):
            raise ValueError(f"Option {self.name!r} needs one label per value.")

    @property
    def default(self) -> str:
        return self.values[0]

    def to_json(self) -> dict[str, Json]:
        return {"name": self.name, "label": self.label, "help": self.help, "values": list(self.values),
                "labels": list(self.labels), "default": self.default}


def player_name(p: int) -> str:
    """Seats count from 0 in data and from 1 in text: seat 0 is "Player 1"."""
    return f"Player {p + 1}"


SEAT_KINDS = ("person", "engine")
MODES = ("computer", "hotseat", "solo")


@dataclass(frozen=True)
class SeatSpec:
    """One seat at the table. ``kind`` "engine": a participant the engine plays itself (a Dealer),
    so neither a person nor a bot is ever asked for its moves (``State.auto_move``). ``optional``: a
    person's seat that may stay empty (a party seat nobody's character sits in), which then never acts;
    the menu counts the players from it ("a Dealer and 1–6 players")."""

    name: str
    kind: str = "person"
    optional: bool = False

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"Seat {self.name!r} has kind {self.kind!r}; kinds: {', '.join(SEAT_KINDS)}.")
        if self.optional and self.kind != "person":
            raise ValueError(f"Seat {self.name!r}: only a person's seat may stay empty.")

    def to_json(self) -> dict[str, Json]:
        return {"name": self.name, "kind": self.kind, "optional": self.optional}


@dataclass(frozen=True)
class LevelSpec:
    """A computer opponent the page offers: ``id`` goes to the bridge's ``bot`` op."""

    id: str
    label: str
    help: str

    def to_json(self) -> dict[str, Json]:
        return {"id": self.id, "label": self.label, "help": self.help}


DEFAULT_LEVELS = (LevelSpec("easy", "Greenhorn", "careless: grabs what looks good now"),
                  LevelSpec("normal", "Deputy", "steady: weighs every card it can see"),
                  LevelSpec("hard", "Gunslinger", "thinks ahead through the cards you might hold"))


def person_seats(players: int) -> tuple[SeatSpec, ...]:
    """``players`` seats for people, named as the engines' own sentences name them."""
    return tuple(SeatSpec(player_name(p)) for p in range(players))


@dataclass(frozen=True)
class GameInfo:
    """The declarative header of a game module (OpenSpiel style); the page builds its menu tile,
    setup form and seat names from ``to_json`` and names no game itself."""

    id: str
    title: str
    players: int
    simultaneous: bool
    hidden_info: bool
    summary: str
    credit: str = ""
    minutes: int = 5
    options: tuple[OptionSpec, ...] = ()
    levels: tuple[LevelSpec, ...] = DEFAULT_LEVELS
    seats: tuple[SeatSpec, ...] = ()
    # the fewest people's seats taken in a game: every seat that may not stay empty, and as many optional
    # ones as the game needs (a party of at least one); None: just the seats that may not (at least one)
    min_people: int | None = None
    modes: tuple[str, ...] = ("computer", "hotseat")
    setup: bool = False
    # the game's fixed data the page shows (a table of suits, a deck's size), typed by the game's own
    # TypedDict (``Shapes.constants``) and taken from the engine's constants, so the page keeps no copy
    constants: Mapping[str, Json] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            object.__setattr__(self, "seats", person_seats(self.players))
        if len(self.seats) != self.players:
            raise ValueError(f"{self.id}: {self.players} players but {len(self.seats)} seats.")
        people = [seat for seat in self.seats if seat.kind == "person"]
        fewest = max(sum(1 for seat in people if not seat.optional), min(1, len(people)))  # nobody plays no game
        if self.min_people is None:
            object.__setattr__(self, "min_people", fewest)
        elif not fewest <= self.min_people <= len(people):
            raise ValueError(f"{self.id}: min_people must be from {fewest} (the seats that may not stay empty, "
                             f"at least one) to {len(people)} (every person's seat), not {self.min_people}.")
        unknown = [m for m in self.modes if m not in MODES]
        if unknown or not self.modes:
            raise ValueError(f"{self.id}: modes must be some of {', '.join(MODES)}, not {self.modes!r}.")

    @property
    def level_ids(self) -> tuple[str, ...]:
        return tuple(level.id for level in self.levels)

    @property
    def engine_seats(self) -> tuple[int, ...]:
        """The seats the engine plays itself (``auto_move``)."""
        return tuple(p for p, seat in enumerate(self.seats) if seat.kind == "engine")

    def to_json(self) -> dict[str, Json]:
        return {"id": self.id, "title": self.title, "summary": self.summary, "credit": self.credit,
                "minutes": self.minutes, "players": self.players,
                "seats": [seat.to_json() for seat in self.seats], "min_people": self.min_people,
                "modes": list(self.modes),
                "levels": [level.to_json() for level in self.levels],
                "options": [o.to_json() for o in self.options], "setup": self.setup,
                "simultaneous": self.simultaneous, "hidden_info": self.hidden_info,
                "constants": copy.deepcopy(dict(self.constants))}


class State(ABC, Generic[ViewT, EventT, MoveT, PreviewT]):
    """A game in progress. Subclasses implement the rules; this base keeps the record.

    ``play`` validates through ``check`` before ``_apply`` touches anything, so an illegal move
    can never leave a half-changed state behind. The type arguments are the game's shapes (see the
    module's docstring), which ``shapes`` names again for the run time.
    """

    info: ClassVar[GameInfo]
    shapes: ClassVar[Shapes]
    # The rules version a record is written under, and the steps that bring an older record up to it:
    # ``migrations[n]`` takes a record of version n and returns it as version n + 1 would have written it
    # (``migrate``). When a change makes old records replay differently, raise ``version`` and add the step
    # from the old version; a version with no step is refused as ``bad_record`` (the page keeps it aside).
    version: ClassVar[int] = 1
    migrations: ClassVar[Mapping[int, Migration]] = {}

    def __init__(self, seed: int, options: dict[str, str], deal: Json, setup: Json = None) -> None:
        self.seed = seed
        self.options = options
        self.deal = deal
        self.setup = setup
        self.moves: list[list[Json]] = []
        # display names for the engine's sentences; presentation only, never in the record
        self.names: tuple[str, ...] = tuple(seat.name for seat in self.info.seats)
        # per seat: how many leading moves of the record that seat can no longer take back (``undo_point``)
        self.sealed: list[int] = [0] * self.info.players

    @classmethod
    def check_setup(cls, setup: Json) -> Json:
        """The structured setup (a character sheet, an encounter) made canonical, or ``SetupError``.

        Games with ``info.setup`` override this; the rest take none, so anything but None is a
        mistake worth saying out loud rather than ignoring.
        """
        if setup is not None:
            raise SetupError("bad_setup", f"{cls.info.title} takes no setup; leave it out (null).")
        return None

    @classmethod
    def check_result(cls, result: Json) -> Json:
        """A result of this game coming back from outside (an imported character sheet), made
        canonical, or ``SetupError``. Games whose ``outcome()`` carries a ``result`` worth keeping
        override this; the rest have none to take back."""
        raise SetupError("no_result", f"{cls.info.title} keeps no results to import.")

    @classmethod
    def result_provenance(cls, result: Json) -> Json:
        """Where a result that ``check_result`` made canonical comes from, as far as the game can show it
        without a server (the forge replays a character's record: TS-18), or None when the game cannot
        tell; the bridge's ``check_result`` answer carries it as ``provenance``."""
        return None

    @classmethod
    def sample_setup(cls, size: int, seed: int) -> Json:
        """A setup with ``size`` participants made from ``seed``, for the designers' simulations; games
        without a setup (or whose default is the only one) return None."""
        return None

    @classmethod
    def from_view(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        """A whole position consistent with ``view`` (one seat's view, a player due), what that seat
        cannot see dealt at random from ``rng`` alone: the one way a game's bots and hints sample a
        world to search. Its ``view`` for that seat is ``view`` again; games whose bots search hidden
        information override this."""
        raise NotImplementedError(f"{cls.info.title}'s bots sample no worlds from a view.")

    # --- the rules (per game) -------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Who may move now, in no particular order: one player; both during a face-down commit;
        every participant where any may act (a table session); [] when over."""

    @abstractmethod
    def legal_moves(self, p: int) -> list[MoveT]:
        """Every legal move of ``p`` in a fixed, documented order ([] when p need not act)."""

    @abstractmethod
    def _check_move(self, p: int, move: Json) -> IllegalMove | None:
        """Why ``move`` is malformed or illegal for ``p`` (who is known to be due to act)."""

    @abstractmethod
    def _apply(self, p: int, move: MoveT) -> list[EventT]:
        """Carry out a move already checked; return full-information events."""

    @abstractmethod
    def view(self, p: int | None) -> ViewT:
        """What player ``p`` may see (``None``: a spectator); JSON-able."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The ``Outcome`` once the game is over, else None."""

    @abstractmethod
    def redact_event(self, event: EventT, viewer: int | None) -> EventT:
        """The event as ``viewer`` may see it (hidden cards become ``None``)."""

    @abstractmethod
    def describe(self, p: int, move: MoveT) -> str:
        """A plain-language label of a legal move, from ``p``'s side of the table."""

    def told_outcome(self, viewer: int | None) -> ToldOutcome | None:
        """The outcome as the result screen tells it to ``viewer`` (the bridge's ``view`` answers this).

        ``outcome()`` stays the same for every reader (records, bots and simulations use it); this copy
        adds ``verdict`` (see ``verdict``) and lets a game retell ``reason`` from the viewer's seat ("You
        are closer to 21") and add ``breakdown``: one plain line on how the game was won ("10♠ + 8♠ +
        Q♥ = 28 on the computer's piles: bust in round 4"). Games override it and call this first.
        """
        outcome = self.outcome()
        if outcome is None:
            return None
        told: ToldOutcome = {"winner": outcome["winner"], "scores": outcome["scores"], "reason": outcome["reason"],
                             "verdict": self.verdict(outcome, viewer)}
        if "result" in outcome:
            told["result"] = outcome["result"]
        return told

    def verdict(self, outcome: Outcome, viewer: int | None) -> Literal["won", "lost", "drawn"] | None:
        """"won", "lost" or "drawn" for ``viewer``, for the player's record; None where there is
        nothing to count: a spectator, or a game that is no contest (a character forge)."""
        if viewer is None:
            return None
        winner = outcome["winner"]
        return "drawn" if winner is None else "won" if winner == viewer else "lost"

    def preview(self, p: int, move: MoveT) -> PreviewT | None:
        """What a legal move would make, for hover hints; games with nothing to say return None."""
        return None

    def explain(self, p: int, move: MoveT) -> str | None:
        """Why ``p`` might make a legal move, in a few plain words from ``p``'s seat and from what ``p``
        can see ("it takes you to 19"): the reason a hint gives. Games with nothing to add return None."""
        return None

    def redact_move(self, p: int, move: MoveT, viewer: int | None) -> dict[str, Json]:
        """The move as ``viewer`` may see it (a card that went down face down is None); games with
        face-down plays override."""
        return dict(move)

    def reveals(self, viewer: int, events: list[EventT]) -> bool:
        """Whether a move with these (full-information) events showed ``viewer`` something hidden from
        them before, or drew a hidden card: a point of no return for undo, since taking the move back
        would let ``viewer`` learn a card and play as if they had not. The safe default is yes: a game
        says which of its moves leave nothing new to be known (``undo_point``)."""
        return True

    def undo_point(self, p: int) -> int | None:
        """Where taking back ``p``'s last move would rewind the record to (the index of that move; the
        replies after it go too), or None: ``p`` has no move to take back, the game is over, or ``p``
        has seen something since that move was made (``reveals``)."""
        if self.is_over():
            return None
        mine = [n for n, (q, _) in enumerate(self.moves) if q == p]
        if not mine or mine[-1] < self.sealed[p]:
            return None
        return mine[-1]

    def undo_refusal(self, p: int) -> IllegalMove:
        """Why ``undo_point(p)`` is None, for the bridge to say: nothing of ``p``'s to take back, or
        something seen since. A game whose undo is not per seat (the Dealer's table) says it its way."""
        if not any(q == p for q, _ in self.moves):
            return IllegalMove("nothing_to_undo", "You have no move to take back.")
        return IllegalMove("past_reveal", "That move can't be taken back: cards were shown or drawn since, "
                                          "and you can't unsee them.")

    def auto_move(self, p: int) -> MoveT:
        """The move the engine makes for its own seat ``p`` (kind "engine", e.g. a Dealer).

        Games with engine seats override this with their policy: a legal move, decided from the
        state alone and deterministic (it must not draw from the state's RNG or change anything),
        so replaying the record reproduces it.
        """
        seat = self.info.seats[p].name if 0 <= p < self.info.players else f"seat {p}"
        raise IllegalMove("not_engine_seat", f"{seat} is not played by the game itself.")

    # --- shared behaviour -----------------------------------------------------------------
    def is_over(self) -> bool:
        return self.outcome() is not None

    def check(self, p: int, move: Json) -> dict[str, str] | None:
        """None when ``move`` is legal for ``p``, else ``{"code", "message"}``; never mutates."""
        error = self.check_turn(p)
        if error is None:
            error = self._check_move(p, move)
        return None if error is None else error.as_dict()

    def play(self, p: int, move: Json) -> list[EventT]:
        """Play a legal move and return its events; raise ``IllegalMove`` and change nothing.

        ``move`` may be anything (it comes from outside): once ``check`` has passed it, it is one of
        ``legal_moves(p)``, so it is a ``MoveT``."""
        error = self.check_turn(p) or self._check_move(p, move)
        if error is not None:
            raise error
        checked: MoveT = copy.deepcopy(move)
        events = self._apply(p, checked)
        self.moves.append([p, checked])
        for viewer in range(self.info.players):
            if self.reveals(viewer, events):
                self.sealed[viewer] = len(self.moves)
        return events

    def advance(self, p: int, move: MoveT) -> None:
        """Play a move taken from ``legal_moves(p)`` as it is: a search plays millions of them, each
        known to be legal already, so neither the check nor the copy nor the events are needed."""
        self._apply(p, move)
        self.moves.append([p, move])

    def record(self) -> dict[str, Json]:
        """Everything needed to rebuild this position with ``pygame_core.replay`` (not ``names``)."""
        return {"game": self.info.id, "version": self.version, "options": dict(self.options),
                "seed": self.seed, "deal": copy.deepcopy(self.deal), "setup": copy.deepcopy(self.setup),
                "moves": copy.deepcopy(self.moves)}

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def redact_events(self, events: list[EventT], viewer: int | None) -> list[EventT]:
        return [self.redact_event(e, viewer) for e in events]

    def check_viewer(self, p: object) -> None:
        """Views are for a player of this game or ``None`` (spectator); anything else is a bug."""
        if p is not None and (isinstance(p, bool) or not isinstance(p, int)
                              or not 0 <= p < self.info.players):
            raise ValueError(f"There is no player {p!r} to show the table to.")

    def check_turn(self, p: object) -> IllegalMove | None:
        """Why ``p`` may not move now (no such player, game over, not their turn), else None."""
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < self.info.players:
            players = ", ".join(str(i) for i in range(self.info.players))
            return IllegalMove("bad_player", f"There is no player {p!r}; players are {players}.")
        if self.is_over():
            return IllegalMove("game_over", "The game is over: no more moves.")
        waiting = self.to_act()
        if p not in waiting:
            names = " and ".join(self.names[q] for q in waiting)
            return IllegalMove("not_your_turn", f"It is not {self.names[p]}'s turn: waiting for {names}.")
        return None


AnyState = State[Any, Any, Any, Any]  # a state of any game: what the bridge, the bots and the terminal hold
StateT = TypeVar("StateT", bound=AnyState)


@dataclass
class Game:
    """A registered game: its header and how to start a state."""

    state_class: type[AnyState]

    @property
    def info(self) -> GameInfo:
        return self.state_class.info

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None,
                 deal: Json = None, setup: Json = None) -> AnyState:
        """Start a game; ``deal`` forces the shuffled order (shape per game in RULINGS.md);
        ``setup`` is the game's structured input (``State.check_setup``), kept in the record.

        Raises ``SetupError`` for a bad seed, unknown option or value, an impossible deal or a
        setup the game does not accept.
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError("bad_seed", f"The seed must be a whole number, not {seed!r}.")
        options = self.resolve_options(options)
        setup = self.state_class.check_setup(copy.deepcopy(setup))
        return self.state_class(seed, options, deal, setup)

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, str]:
        """Fill in defaults and reject anything the header does not declare."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise SetupError("bad_option", "Options must be an object of name: value.")
        specs = {o.name: o for o in self.info.options}
        for name, value in options.items():
            spec = specs.get(name)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise SetupError("bad_option", f"{self.info.title} has no option {name!r} (options: {known}).")
            if value not in spec.values:
                allowed = ", ".join(repr(v) for v in spec.values)
                raise SetupError("bad_option", f"Option {name!r} must be one of {allowed}, not {value!r}.")
        return {name: options.get(name, spec.default) for name, spec in specs.items()}


_REGISTRY: dict[str, Game] = {}


def register(state_class: type[StateT]) -> type[StateT]:
    """Class decorator that makes a game known to ``get_game`` under ``state_class.info.id``."""
    known = _REGISTRY.get(state_class.info.id)
    if known is not None and known.state_class is not state_class:
        raise ValueError(f"Two games claim the id {state_class.info.id!r}.")
    _REGISTRY[state_class.info.id] = Game(state_class)
    return state_class


@contextmanager
def registered(*state_classes: type[AnyState]) -> Iterator[None]:
    """Register games only for the ``with`` block (toy games in tests), then forget them again.

    >>> from pygame_core import all_games
    >>> before = len(all_games())
    >>> with registered():
    ...     len(all_games()) == before
    True
    """
    from . import games  # noqa: F401  (the real games first, so a clash is caught here)

    clash = [c.info.id for c in state_classes if c.info.id in _REGISTRY]
    if clash:
        raise ValueError(f"Games already registered: {', '.join(clash)}.")
    for state_class in state_classes:
        register(state_class)
    try:
        yield
    finally:
        for state_class in state_classes:
            _REGISTRY.pop(state_class.info.id, None)


def get_game(game_id: str) -> Game:
    """The game with this id; ``KeyError`` names the known ids."""
    from . import games  # noqa: F401  (importing the package registers every game)

    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        raise KeyError(f"Unknown game {game_id!r}; known games: {', '.join(sorted(_REGISTRY))}.") from None


def all_games() -> list[Game]:
    from . import games  # noqa: F401

    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def migrate(record: dict[str, Json], state_class: type[AnyState]) -> dict[str, Json]:
    """``record`` brought up to ``state_class.version`` through the game's ``migrations``, one version a step,
    so a game saved under older rules still loads after an update; the caller's record is not changed.

    Raises ``SetupError`` (``bad_record``) for a version that is not a whole number, one newer than these
    rules (a newer page saved it), one with no step on the way, or a step that fails on this record.
    """
    version, current = record["version"], state_class.version
    if type(version) is not int or not 0 < version <= current:
        known = f"version {version}" if type(version) is int and 0 < version < 10**6 else "an unknown version"
        raise SetupError("bad_record", f"The saved game is from rules {known}; this is version {current}.")
    if version == current:
        return record
    migrated = copy.deepcopy(record)
    for step_from in range(version, current):
        step = state_class.migrations.get(step_from)
        if step is None:
            raise SetupError("bad_record", f"The saved game is from rules version {version}, and version {step_from} "
                                           f"cannot be brought up to version {current}.")
        try:
            migrated = step(migrated)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise SetupError("bad_record", f"The saved game of rules version {version} could not be brought up to "
                                           f"version {current} ({type(exc).__name__} in step {step_from}).") from None
        if not isinstance(migrated, dict):
            raise SetupError("bad_record", f"Step {step_from} of the rules versions gave no saved game.")
        migrated["version"] = step_from + 1
    return migrated


def replay(record: Json) -> AnyState:
    """Rebuild a position from ``State.record()``: save/resume, undo and golden tests use it.

    Records saved before games took a ``setup`` have no such key: they load with setup None. A record of an
    older rules version is first brought up to date (``migrate``).
    Raises ``SetupError`` (code ``bad_record``) naming what is wrong; nothing half-built escapes.
    """
    if not isinstance(record, dict):
        raise SetupError("bad_record", "A saved game must be an object.")
    missing = [k for k in ("game", "version", "options", "seed", "deal", "moves") if k not in record]
    if missing:
        raise SetupError("bad_record", f"The saved game is missing {', '.join(missing)}.")
    try:
        game = get_game(record["game"])
    except KeyError as exc:
        raise SetupError("bad_record", str(exc.args[0])) from None
    record = migrate(record, game.state_class)
    if type(record["seed"]) is not int:
        raise SetupError("bad_record", f"The saved game's seed must be a whole number, not {record['seed']!r}.")
    try:
        state = game.new_game(record["seed"], record["options"], record["deal"], record.get("setup"))
    except SetupError as exc:
        raise SetupError("bad_record", f"The saved game cannot be set up: {exc.message}") from None
    moves = record["moves"]
    if not isinstance(moves, list):
        raise SetupError("bad_record", "The saved game's moves must be a list.")
    for n, item in enumerate(moves, 1):
        if not (isinstance(item, list) and len(item) == 2):
            raise SetupError("bad_record", f"Saved move {n} is not a [player, move] pair.")
        try:
            state.play(item[0], item[1])
        except IllegalMove as exc:
            raise SetupError("bad_record", f"Saved move {n} cannot be replayed: {exc.message}") from None
    return state
