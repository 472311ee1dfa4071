"""The limits on what comes in at the bridge (docs/bridge-limits.md), checked before anything is copied.

Every request is untrusted JSON: a page with a bug, a damaged save, a hand-edited sheet or a peer.
Without limits, a deep nesting overflows Python's stack half-way through a copy, a huge number or name
makes every later answer huge, and a long record takes seconds to refuse. So the bridge measures a
request as it reads it (``parse``: its length, and every number a safe JavaScript integer or a finite
float), walks it once without recursion (``tree_problem``: depth, list lengths, keys, string lengths,
size), and checks each op's own fields against the tighter limits below before any engine sees them.
Messages quote at most ``QUOTE_CHARS`` of what they refuse (``quote``).

>>> parse('{"seed": 9007199254740991}')
{'seed': 9007199254740991}
>>> parse('{"seed": 18446744073709551616}')
Traceback (most recent call last):
ValueError: The number 18446744073709551616 is not a safe whole number: from -9007199254740991 to 9007199254740991.
>>> tree_problem({"a": [[[]]]}, "request", max_depth=3)
'request.a[0][0] is nested 4 deep; at most 3.'
>>> quote("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
"""

from __future__ import annotations

import json
import math
import reprlib
from typing import Any

# --- a whole request --------------------------------------------------------------------------------
MAX_REQUEST_CHARS = 1_000_000  # the request's JSON text; a Dealer's table record of MAX_RECORD_MOVES fits
MAX_DEPTH = 16  # arrays and objects inside each other (a sheet's forge record inside a saved table: 10)
MAX_LIST = 3_000  # items in any array (a record's moves are the longest list)
MAX_KEYS = 100  # names in any object (a character sheet has some twenty)
MAX_KEY_CHARS = 40  # the length of a name in an object
MAX_STRING = 2_000  # the length of any string (a sheet's notes are the longest)
MAX_SAFE_INTEGER = 2**53 - 1  # JavaScript's Number.MAX_SAFE_INTEGER: every whole number, seeds included
MAX_NUMBER_CHARS = 400  # a number's text (a float's digits); a whole number is refused past 16 digits anyway

# --- the fields of the ops ----------------------------------------------------------------------------
MAX_ID_CHARS = 40  # a game's id (in a request or a record), an option's name or value
MAX_NAME_CHARS = 40  # a seat's display name (``names``): every view and label repeats it
MAX_MOVE_CHARS = 1_000  # one move's JSON (random play offers none past 70 characters)
MAX_MOVE_DEPTH = 3  # a move is an object whose fields may hold a list
MAX_MOVE_STRING = 80  # a string inside a move (card codes, ids, a forged name or background: TEXT_LIMIT)
MAX_DEAL_CHARS = 8  # a string inside a forced deal (card codes such as "10H")
MAX_DEAL_CARDS = 120  # the cards of one deck in a forced deal (a deck of fate is 54)
MAX_RECORD_MOVES = MAX_LIST  # a record's moves; a session refuses a move past it, so its record still loads

# --- what answers quote --------------------------------------------------------------------------------
QUOTE_CHARS = 40  # of a refused value, in a message
MAX_MESSAGE_CHARS = 1_000  # of any error message (a last guard: the fuzz meets none past 500)
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxstring, _SHORT.maxother = 2, 4, 4, QUOTE_CHARS, QUOTE_CHARS


def quote(value: object) -> str:
    """``value`` as Python writes it, cut to ``QUOTE_CHARS`` characters and "…": a message never echoes a
    big input (``reprlib`` stops inside long strings and big containers before copying them)."""
    if type(value) is int and abs(value) > MAX_SAFE_INTEGER:  # repr would refuse past 4,300 digits
        return f"a whole number of {value.bit_length()} bits"
    text = repr(value[:QUOTE_CHARS + 1]) if isinstance(value, str) else _SHORT.repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"


def cut(message: str) -> str:
    """A message cut to ``MAX_MESSAGE_CHARS``."""
    return message if len(message) <= MAX_MESSAGE_CHARS else message[:MAX_MESSAGE_CHARS - 1] + "…"


def parse(text: str) -> Any:
    """``json.loads`` with every number checked as it is read, before Python converts it: a whole number
    must be a safe JavaScript integer (refused past 16 digits without converting it, so no 5,000-digit
    number reaches ``int``), a float must be finite, NaN and Infinity are not JSON. Raises
    ``json.JSONDecodeError`` for text that is not JSON, ``ValueError`` for a number out of bounds and
    ``RecursionError`` for nesting deeper than the parser's stack."""
    return json.loads(text, parse_int=_whole, parse_float=_float, parse_constant=_constant)


def _whole(text: str) -> int:
    number = int(text) if len(text) <= 17 else None  # a sign and 16 digits hold every safe integer
    if number is None or abs(number) > MAX_SAFE_INTEGER:
        shown = text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"
        raise ValueError(f"The number {shown} is not a safe whole number: from -{MAX_SAFE_INTEGER} "
                         f"to {MAX_SAFE_INTEGER}.")
    return number


def _float(text: str) -> float:
    number = float(text) if len(text) <= MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(number):
        shown = text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"
        raise ValueError(f"The number {shown} is out of bounds for a game request.")
    return number


def _constant(text: str) -> float:
    raise ValueError(f"{text} is not a JSON number.")


Trail = tuple[Any, ...]  # (the parent's trail, a key) down from the top: ``()`` is the value itself


def tree_problem(value: Any, where: str, *, max_depth: int = MAX_DEPTH, max_chars: int | None = None,
                 max_list: int = MAX_LIST, max_keys: int = MAX_KEYS, max_string: int = MAX_STRING,
                 depth: int = 1) -> str | None:
    """What in ``value`` (parsed JSON at nesting level ``depth``, named ``where`` in the message) passes a
    limit, or None: its nesting depth, each array's items, each object's names and their length, each
    string's length and, with ``max_chars``, its size (about its compact JSON's length). One walk with its
    own stack, never recursion, stopping at the first problem: a value too deep for Python's stack is
    measured safely. Only containers go on the stack, each with the trail of keys to it (a path is spelled
    out only for a message)."""
    if isinstance(value, str) and len(value) > max_string:
        return f"{_short(where)} is text of {len(value)} characters; at most {max_string}."
    size = 0
    stack: list[tuple[Any, int, Trail]] = [(value, depth, ())] if isinstance(value, (dict, list)) else []
    while stack:
        node, level, trail = stack.pop()
        if level > max_depth:
            return f"{_path(where, trail)} is nested {level} deep; at most {max_depth}."
        size += 2 + len(node)
        if isinstance(node, list):
            if len(node) > max_list:
                return f"{_path(where, trail)} holds {len(node)} items; at most {max_list}."
            items: Any = enumerate(node)
        else:
            if len(node) > max_keys:
                return f"{_path(where, trail)} holds {len(node)} names; at most {max_keys}."
            for key in node:
                name = key if isinstance(key, str) else str(key)  # JSON's names are strings; Python's may not be
                if len(name) > MAX_KEY_CHARS:
                    return f"{_path(where, trail)} has a name of {len(name)} characters; at most {MAX_KEY_CHARS}."
                size += len(name) + 3
            items = node.items()
        for key, item in items:
            if isinstance(item, str):
                if len(item) > max_string:
                    return f"{_path(where, (trail, key))} is text of {len(item)} characters; at most {max_string}."
                size += len(item) + 3
            elif isinstance(item, (dict, list)):
                stack.append((item, level + 1, (trail, key)))
            else:  # a number, true, false or null
                size += 5
        if max_chars is not None and size > max_chars:
            return f"{where} is larger than {max_chars} characters."
    return None


def _path(where: str, trail: Trail) -> str:
    """``where`` and the keys of ``trail`` as a path ("record.moves[3]"), cut for a message."""
    keys: list[Any] = []
    while trail:
        trail, key = trail
        keys.append(key)
    path = where + "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in reversed(keys))
    return _short(path)


def _short(path: str) -> str:
    """A path cut after ``2 * QUOTE_CHARS`` characters (a deep one repeats its names)."""
    return path if len(path) <= 2 * QUOTE_CHARS else path[:2 * QUOTE_CHARS] + "…"
