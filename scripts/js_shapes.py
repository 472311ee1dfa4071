#!/usr/bin/env python3
"""Write the page's JSDoc types from the shapes the engines declare in Python (issue 24: one contract).

    python3 scripts/js_shapes.py            # write web/js/<id>/shapes.js for every game, and web/js/bridge-shapes.js
    python3 scripts/js_shapes.py OUT_DIR    # the same files under OUT_DIR instead of web/js (the tests' use)

Each game declares its view, events, moves, a move's preview and its ``GameInfo.constants`` once, as
TypedDicts (``pygame_core.engine.Shapes``); the bridge declares its answers (``pygame_core.bridge``). This
turns them into ``@typedef`` modules that ``tsc --checkJs`` reads: one per game in the game's own folder
(one game, one folder), and ``bridge-shapes.js`` with the answers (generic over a game's shapes, as
``@template``s) and what every game shares (the outcome). The files are generated, not committed:
``python3 build.py`` writes them before it copies ``web/`` into ``dist/``. Stdlib only; the output depends
on nothing but the declarations, so the same engines always give the same bytes.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
import textwrap
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, Required, TypeVar, Union, get_args, get_origin, get_type_hints

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygame_core import all_games, bridge, engine  # noqa: E402

WEB_JS = ROOT / "web" / "js"
BRIDGE_FILE = "bridge-shapes.js"
SHARED_MODULES = (engine, bridge)  # their TypedDicts are written once, into BRIDGE_FILE
WIDTH = 110  # the comment lines' width
PRIMITIVES: dict[object, str] = {str: "string", int: "number", float: "number", bool: "boolean",
                                 type(None): "null", None: "null", Any: "any"}


class Writer:
    """One generated module: the typedefs it declares, in the order they are first needed."""

    def __init__(self, shared: dict[int, str]) -> None:
        self.shared = shared  # id(TypedDict) -> its name, for the ones BRIDGE_FILE declares
        self.order: list[Any] = []  # the TypedDicts and named unions to declare, in order
        self.names: dict[int, str] = {}
        self.imported: dict[str, str] = {}  # name -> the module it comes from

    def declare(self, shape: Any, name: str | None = None) -> str:
        """The JSDoc type of ``shape``, queueing what it names for declaration in this module."""
        origin = get_origin(shape)
        if name is not None:  # a named union (a game's events, moves or preview)
            if id(shape) not in self.names:
                self.names[id(shape)] = name
                self.order.append(shape)
                for option in get_args(shape):
                    self.declare(option)
            return name
        if typing.is_typeddict(origin or shape):
            cls = origin or shape
            base = self.named(cls)
            return f"{base}<{', '.join(self.declare(arg) for arg in get_args(shape))}>" if origin else base
        if shape in PRIMITIVES:
            return PRIMITIVES[shape]
        if isinstance(shape, TypeVar):
            return shape.__name__
        args = get_args(shape)
        if origin is Literal:
            return " | ".join(json.dumps(value, ensure_ascii=False) for value in args)
        if origin in (Union, types.UnionType):
            return " | ".join(self.declare(option) for option in args)
        if origin is list:
            return array(self.declare(args[0]))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return array(self.declare(args[0]))
            return f"[{', '.join(self.declare(arg) for arg in args)}]"
        if origin is dict:
            return f"Record<{self.declare(args[0])}, {self.declare(args[1])}>"
        raise TypeError(f"No JSDoc for {shape!r}: the shapes may use TypedDicts, Literal, unions, None, list, "
                        "tuple, dict, str, int, float, bool and Any.")

    def named(self, cls: Any) -> str:
        """A TypedDict's name here: declared in this module, or imported from BRIDGE_FILE."""
        if id(cls) in self.shared:
            self.imported[self.shared[id(cls)]] = BRIDGE_FILE
            return self.shared[id(cls)]
        if id(cls) not in self.names:
            self.names[id(cls)] = cls.__name__
            self.order.append(cls)
            for hint, _ in fields(cls).values():
                self.declare(hint)
        return self.names[id(cls)]

    def typedefs(self, prefix: str) -> list[str]:
        """Every queued typedef as JSDoc comments (``prefix``: the path from this module to BRIDGE_FILE)."""
        blocks = [f'/** @typedef {{import("{prefix}{module}").{name}}} {name} */'
                  for name, module in sorted(self.imported.items())]
        done = 0
        while done < len(self.order):  # declaring one may queue more
            shape = self.order[done]
            done += 1
            blocks.append(self.union(shape) if not typing.is_typeddict(shape) else self.typeddict(shape))
        return blocks

    def union(self, shape: Any) -> str:
        return f"/** @typedef {{{self.declare(shape)}}} {self.names[id(shape)]} */"

    def typeddict(self, cls: Any) -> str:
        lines = ["/**", *comment(inspect.cleandoc(cls.__doc__ or ""))]  # its own: getdoc would take dict's
        lines += [f" * @template {parameter.__name__}" for parameter in getattr(cls, "__parameters__", ())]
        lines.append(f" * @typedef {{object}} {self.names[id(cls)]}")
        for key, (hint, required) in fields(cls).items():
            lines.append(f" * @property {{{self.declare(hint)}}} {key if required else f'[{key}]'}")
        return "\n".join([*lines, " */"])


def fields(cls: Any) -> dict[str, tuple[Any, bool]]:
    """A TypedDict's keys: each key's type and whether it is required. ``NotRequired``/``Required`` are read
    from the annotations themselves: with ``from __future__ import annotations``, Python 3.11 cannot see
    them in ``__required_keys__``."""
    out = {}
    for key, hint in get_type_hints(cls, include_extras=True).items():
        required = key in cls.__required_keys__
        if get_origin(hint) in (NotRequired, Required):
            hint, required = get_args(hint)[0], get_origin(hint) is Required
        out[key] = (hint, required)
    return out


def array(item: str) -> str:
    return f"Array<{item}>" if " " in item else f"{item}[]"


def comment(doc: str) -> list[str]:
    """A docstring as JSDoc comment lines: reST's ``literals`` in single backticks, rewrapped."""
    text = re.sub(r"``([^`]+)``", r"`\1`", doc).replace("*/", "* /")
    return [f" * {line}" for paragraph in text.split("\n\n")
            for line in textwrap.wrap(" ".join(paragraph.split()), WIDTH - 3)]


def union_name(shape: Any) -> str:
    """The module-level name a union of shapes is declared under (``GritEvent = GritPlayEvent | ...``)."""
    module = sys.modules[get_args(shape)[0].__module__]
    for name, value in vars(module).items():
        if value is shape or (get_origin(value) in (Union, types.UnionType) and value == shape):
            return name
    raise TypeError(f"Name the union {shape!r} in {module.__name__} (Name = A | B) so the page can name it too.")


def header(source: str) -> str:
    return (f"// Generated by scripts/js_shapes.py from {source}. Do not edit: `python3 build.py` writes it again.\n"
            "// The JSON shapes the engines declare in Python (TypedDicts), as JSDoc types for tsc --checkJs.\n")


def shared_names() -> dict[int, str]:
    """The TypedDicts of the engine and the bridge, by identity, in the order their modules declare them."""
    return {id(value): name for module in SHARED_MODULES for name, value in vars(module).items()
            if typing.is_typeddict(value) and value.__module__ == module.__name__}


def bridge_module() -> str:
    """``bridge-shapes.js``: the bridge's answers and the engine's shared shapes."""
    writer = Writer({})
    for module in SHARED_MODULES:
        for value in vars(module).values():
            if typing.is_typeddict(value) and value.__module__ == module.__name__:
                writer.named(value)
    sources = " and ".join(module.__name__ for module in SHARED_MODULES)
    return header(sources) + "\n" + "\n\n".join(writer.typedefs("./")) + "\n\nexport {};\n"


def game_module(state_class: Any) -> str:
    """``<id>/shapes.js``: one game's view, events, moves, preview and constants, and what they hold."""
    writer = Writer(shared_names())
    shapes = state_class.shapes
    for shape in (shapes.view, shapes.event, shapes.move, shapes.preview, shapes.constants):
        if shape is None:
            continue
        writer.declare(shape, union_name(shape) if get_origin(shape) in (Union, types.UnionType) else None)
    source = state_class.shapes.view.__module__
    return header(source) + "\n" + "\n\n".join(writer.typedefs("../")) + "\n\nexport {};\n"


def modules() -> dict[str, str]:
    """Every generated module's text, by its path under the output folder."""
    out = {BRIDGE_FILE: bridge_module()}
    for game in all_games():
        out[f"{game.info.id}/shapes.js"] = game_module(game.state_class)
    return out


def write(folder: Path) -> list[Path]:
    """Write the modules under ``folder``; a file whose text is unchanged is left alone (no needless rebuild)."""
    written = []
    for name, text in modules().items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) > 1:
        print(__doc__, file=sys.stderr)
        return 2
    folder = Path(argv[0]) if argv else WEB_JS
    for path in write(folder):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
