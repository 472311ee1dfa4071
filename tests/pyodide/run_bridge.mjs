// Run pygame_core.bridge inside real Pyodide under Node, one JSON request per line.
//
//   node run_bridge.mjs path/to/pygame_core-*.whl  < requests.jsonl  > responses.jsonl
//
// The first stdout line is a header {"runner": "pyodide", "python": "3.14.x"}; then, for
// every stdin line, exactly one stdout line: bridge.handle(line). Requests are answered
// one at a time, so a driver can play adaptively (read a response, choose the next move).
// Pyodide's own messages and Python's print() go to stderr to keep stdout a clean protocol.
// A line {"probe": ...} is answered by reshuffle_probe.py's reshuffles() instead of the bridge.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const wheel = process.argv[2];
if (!wheel) {
  process.stderr.write("usage: node run_bridge.mjs <wheel>\n");
  process.exit(2);
}

const toStderr = (text) => process.stderr.write(text + "\n");
const pyodide = await loadPyodide({ stdout: toStderr, stderr: toStderr });
await pyodide.loadPackage(resolve(wheel), { messageCallback: () => {}, errorCallback: toStderr });
const handle = pyodide.pyimport("pygame_core.bridge").handle;
const here = dirname(fileURLToPath(import.meta.url));
pyodide.runPython(readFileSync(join(here, "reshuffle_probe.py"), "utf8"));
const reshuffles = pyodide.globals.get("reshuffles");
const python = pyodide.runPython("import sys; sys.version.split()[0]");
process.stdout.write(JSON.stringify({ runner: "pyodide", python, pyodide: pyodide.version }) + "\n");

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  process.stdout.write((line.startsWith('{"probe"') ? reshuffles(line) : handle(line)) + "\n");
}
