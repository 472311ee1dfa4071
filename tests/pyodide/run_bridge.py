"""CPython twin of run_bridge.mjs: the same line protocol, the same engines archive.

    python run_bridge.py path/to/engines/pygame_core-*.zip < requests.jsonl > responses.jsonl

The archive is put first on sys.path, so CPython and Pyodide run the same engine sources and any
difference is the interpreter's. (This CPython finds bytecode of another Python version beside the
sources in the archive and compiles the sources.)
A line ``{"probe": ...}`` is answered by ``reshuffle_probe.reshuffles`` instead of the bridge.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    """Print a header line, then answer each stdin line with bridge.handle(line)."""
    if len(sys.argv) != 2:
        print("usage: python run_bridge.py <engines archive>", file=sys.stderr)
        return 2
    sys.path.insert(0, sys.argv[1])
    from pygame_core import bridge
    from reshuffle_probe import reshuffles

    out = sys.stdout
    sys.stdout = sys.stderr  # a stray print() in the engine must not corrupt the protocol
    header = {"runner": "cpython", "python": sys.version.split()[0], "module": bridge.__file__}
    out.write(json.dumps(header) + "\n")
    out.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        line = line.rstrip("\n")
        out.write((reshuffles(line) if line.startswith('{"probe"') else bridge.handle(line)) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
