"""A small runtime checker: does a JSON value have a declared shape (a TypedDict, a union of them, ...)?

The engines declare what they send the page once, as TypedDicts (``pygame_core.engine.Shapes``); the page's
JSDoc types are written from them. This holds the values to them strictly: a key the TypedDict does not
declare is a mismatch, a required key missing is one, and so is a wrong primitive (``True`` is not an
``int``, ``1`` is not a ``float`` only where JSON would keep them apart: an ``int`` is a fine ``float``).

``mismatches(value, shape)`` lists what is wrong, each with the path to it; ``[]`` means the value fits.

>>> from typing import Literal, NotRequired, TypedDict
>>> class Point(TypedDict):
...     kind: Literal["point"]
...     at: list[int]
...     label: NotRequired[str | None]
>>> mismatches({"kind": "point", "at": [1, 2]}, Point)
[]
>>> mismatches({"kind": "point", "at": [1, True], "colour": "red"}, Point)
['.at[1]: True is not int', '.colour: a key Point does not declare']
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, TypeVar, Union, get_args, get_origin, get_type_hints

Shape = Any  # a type expression: a TypedDict, a union, list[...], Literal[...], int, ...


def is_typeddict(shape: Shape) -> bool:
    return typing.is_typeddict(get_origin(shape) or shape)


def fields(shape: Shape) -> dict[str, tuple[Shape, bool]]:
    """A TypedDict's (or a parametrized generic TypedDict's) keys: each key's type and whether it is
    required. ``NotRequired``/``Required`` are read from the annotations themselves: with ``from __future__
    import annotations``, Python 3.11 cannot see them in ``__required_keys__``."""
    cls = get_origin(shape) or shape
    bound = dict(zip(getattr(cls, "__parameters__", ()), get_args(shape)))
    out = {}
    for key, hint in get_type_hints(cls, include_extras=True).items():
        required = key in cls.__required_keys__
        if get_origin(hint) is NotRequired:
            hint, required = get_args(hint)[0], False
        elif get_origin(hint) is Required:
            hint, required = get_args(hint)[0], True
        out[key] = (bound.get(hint, hint) if isinstance(hint, TypeVar) else substitute(hint, bound), required)
    return out


def substitute(shape: Shape, bound: dict[Any, Shape]) -> Shape:
    """``shape`` with the type variables of a generic TypedDict replaced by its arguments."""
    if isinstance(shape, TypeVar):
        return bound.get(shape, Any)
    args = get_args(shape)
    if not args or not bound or get_origin(shape) is Literal:
        return shape
    new = tuple(substitute(arg, bound) for arg in args)
    origin = get_origin(shape)
    if origin in (Union, types.UnionType):
        return Union[new]
    return shape.copy_with(new) if hasattr(shape, "copy_with") else origin[new]


def name(shape: Shape) -> str:
    if shape is type(None) or shape is None:
        return "None"
    if isinstance(shape, type):
        return shape.__name__
    return str(shape).replace("typing.", "")


def mismatches(value: Any, shape: Shape, path: str = "") -> list[str]:
    """What is wrong with ``value`` as a ``shape`` (an empty list: nothing)."""
    origin, args = get_origin(shape), get_args(shape)
    if shape is Any or isinstance(shape, TypeVar):
        return []
    if shape is None or shape is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if origin is Literal:
        if any(type(value) is type(choice) and value == choice for choice in args):
            return []
        return [f"{path}: {value!r} is not one of {', '.join(map(repr, args))}"]
    if origin in (Union, types.UnionType):
        tried = [mismatches(value, option, path) for option in args]
        if any(not found for found in tried):
            return []
        if isinstance(value, dict) and "type" in value:  # a tagged union: say what is wrong with the kind it is
            tagged = [found for option, found in zip(args, tried) if is_typeddict(option)
                      and not mismatches(value["type"], fields(option).get("type", (Any, True))[0])]
            if len(tagged) == 1:
                return tagged[0]
        return [f"{path}: {short(value)} is none of {' | '.join(name(option) for option in args)}"]
    if is_typeddict(shape):
        return _typeddict(value, shape, path)
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {short(value)} is not a list"]
        return [m for n, item in enumerate(value) for m in mismatches(item, args[0], f"{path}[{n}]")]
    if origin is tuple:
        return _tuple(value, args, path)
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {short(value)} is not an object"]
        return [m for key, item in value.items()
                for m in ([f"{path}: key {key!r} is not a string"] if not isinstance(key, str) else [])
                + mismatches(item, args[1], f"{path}[{key!r}]")]
    if shape is float:
        ok = type(value) in (int, float)
    elif shape in (int, str, bool):
        ok = type(value) is shape
    else:
        raise TypeError(f"{path}: the checker does not know the shape {shape!r}")
    return [] if ok else [f"{path}: {short(value)} is not {name(shape)}"]


def _typeddict(value: Any, shape: Shape, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: {short(value)} is not an object ({name(shape)})"]
    declared = fields(shape)
    found = [f"{path}.{key}: missing (required by {name(shape)})"
             for key, (_, required) in declared.items() if required and key not in value]
    for key, item in value.items():
        if key not in declared:
            found.append(f"{path}.{key}: a key {name(get_origin(shape) or shape)} does not declare")
        else:
            found += mismatches(item, declared[key][0], f"{path}.{key}")
    return found


def _tuple(value: Any, args: tuple[Shape, ...], path: str) -> list[str]:
    """A tuple type is a JSON array of that length (``tuple[X, ...]``: any length)."""
    if not isinstance(value, (list, tuple)):
        return [f"{path}: {short(value)} is not an array"]
    if len(args) == 2 and args[1] is Ellipsis:
        return [m for n, item in enumerate(value) for m in mismatches(item, args[0], f"{path}[{n}]")]
    if len(value) != len(args):
        return [f"{path}: {short(value)} does not have {len(args)} items"]
    return [m for n, (item, arg) in enumerate(zip(value, args)) for m in mismatches(item, arg, f"{path}[{n}]")]


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
