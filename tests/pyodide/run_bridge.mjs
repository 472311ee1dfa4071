// Run pygame_core.bridge inside real Pyodide under Node, one JSON request per line.
//
//   node run_bridge.mjs path/to/engines/pygame_core-*.zip  < requests.jsonl  > responses.jsonl
//
// The engines are imported as the page's worker imports them: from the built archive put first on sys.path.
// The first stdout line is a header {"runner": "pyodide", "python": "3.14.x", "engines": {...}}, where
// "engines" says how many of our modules were imported, which of them were compiled from source instead of
// taken from the archive's bytecode, and which .pyc files do not match the source beside them; then, for
// every stdin line, exactly one stdout line: bridge.handle(line). Requests are answered
// one at a time, so a driver can play adaptively (read a response, choose the next move).
// Pyodide's own messages and Python's print() go to stderr to keep stdout a clean protocol.
// A line {"probe": ...} is answered by reshuffle_probe.py's reshuffles() instead of the bridge.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const archive = process.argv[2];
if (!archive) {
  process.stderr.write("usage: node run_bridge.mjs <engines archive>\n");
  process.exit(2);
}

const ENGINES_ARCHIVE = "/lib/saloon-engines.zip"; // where the page's worker writes it too
const ENGINES_REPORT = `
import importlib.util, sys, zipfile

def engines_report(archive):
    ours = [m for name, m in sys.modules.items() if name.split(".")[0] == "pygame_core"]
    with zipfile.ZipFile(archive) as zf:
        stale = [name for name in zf.namelist() if name.endswith(".py")
                 and zf.read(name + "c")[8:16] != importlib.util.source_hash(zf.read(name))]
    return {"imported": len(ours), "from_source": sorted(m.__name__ for m in ours if not m.__file__.endswith(".pyc")),
            "stale": sorted(stale)}
`;

const toStderr = (text) => process.stderr.write(text + "\n");
const pyodide = await loadPyodide({ stdout: toStderr, stderr: toStderr });
pyodide.FS.writeFile(ENGINES_ARCHIVE, readFileSync(resolve(archive)));
pyodide.runPython(`import sys; sys.path.insert(0, "${ENGINES_ARCHIVE}")`);
const handle = pyodide.pyimport("pygame_core.bridge").handle;
pyodide.runPython(ENGINES_REPORT);
const engines = JSON.parse(pyodide.runPython(`import json; json.dumps(engines_report("${ENGINES_ARCHIVE}"))`));
const here = dirname(fileURLToPath(import.meta.url));
pyodide.runPython(readFileSync(join(here, "reshuffle_probe.py"), "utf8"));
const reshuffles = pyodide.globals.get("reshuffles");
const python = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({ runner: "pyodide", python, pyodide: pyodide.version, engines }) + "\n");

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  process.stdout.write((line.startsWith('{"probe"') ? reshuffles(line) : handle(line)) + "\n");
}
