// The engine worker: runs Pyodide and our rules engines off the main thread, and keeps the saved games.
//
// Messages in:  {id, request}            -> {id, response}
//               {id, batch: [request...]} -> {id, responses: [response...]}   (one round trip for several calls)
// Messages out: {type: "stage", stage, loaded?, total?}   while loading: "manifest" (the worker is up with the
//                                                          site's file list), "download" (bytes of the
//                                                          runtime's big files so far), "start", "engines"
//                                                          (the page has its own words for each)
//               {type: "ready", version, snapshot}   once the bridge answers; snapshot: booted from one
//               {type: "failed", message}            if loading went wrong (the page shows it)
//
// Requests go to the Python bridge, except the save ops (save, restore, saved, forget, adopt, kept, export_kept,
// discard_kept), which worker/saves.js answers so that saved records never reach the page (but for a kept
// record the player downloads), `memory` (worker/memory-report.js) and `think_ahead` (worker/thinking.js:
// a person's hint thought in the worker's idle time; `bot` and `hint` are thought in slices there too).
// Messages are answered in the order they came (a save op waits on storage at most STORAGE_TIMEOUT_MS);
// "saved", "forget", "export_kept" and "discard_kept" need no Python and are answered even while it loads.
//
// Start-up: the first visit starts Python from scratch and imports the engines from their archive (the
// wheel's package with bytecode compiled at build time, so nothing is unpacked or compiled here), then keeps
// a memory snapshot of that moment (worker/snapshot-store.js). Later visits boot from the snapshot in about
// a second instead of several. The snapshot options are Pyodide's experimental underscore-named ones, so
// every step of that path is guarded: whatever goes wrong (no snapshot, a corrupt one, another build's, an
// API that changed) ends in the normal start, and a snapshot that failed is dropped.
//
// The site's manifest (version, engines, runtime files) is imported as a JSON module, so it arrives with the
// worker's own modules instead of one round trip later. The build bundles this file and worker/ into one
// (build.py, bundle_worker) for the same reason; the runtime and the manifest stay files of their own.
//
// JavaScript only ever holds one Python object: the bridge's `handle` function.
// Requests go in as JSON strings and responses come back as JSON strings.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import manifest from "../manifest.json" with { type: "json" };
import { answerSaveOp, SAVE_OPS, OFFLINE_OPS } from "./worker/saves.js";
import { loadSnapshot, keepSnapshot, dropSnapshots } from "./worker/snapshot-store.js";
import { countingDownloads } from "./worker/download-progress.js";
import { memoryReport, traceHandles } from "./worker/memory-report.js";
import { noteArrival, noteAnswered, leftTable, thinkInSlices, thinkAhead } from "./worker/thinking.js";
import { errorText } from "./error-text.js";

/** @typedef {import("./types.js").Request} Request */
/** @typedef {import("./types.js").Response} Response */
/** @typedef {import("pyodide").PyodideAPI} PyodideAPI */
/** @typedef {(requestJson: string) => string} BridgeHandle  the bridge's `handle`: a JSON request in, a JSON answer out */
/**
 * A message from the page: one request, or a batch answered in one reply.
 * @typedef {{id: number, request: Request, batch?: undefined} | {id: number, batch: Request[], request?: undefined}} PageMessage
 */

const siteRoot = new URL("../", import.meta.url);
const PROGRESS_EVERY_MS = 50;
// A Content-Security-Policy without 'wasm-unsafe-eval' (sent by a host as a header) refuses WebAssembly,
// and the runtime then waits forever instead of failing: compiling the empty module first says so at once.
const EMPTY_WASM_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
/** @type {PyodideAPI | null} */
let pyodide = null;
/** @type {BridgeHandle | null} */
let handle = null;
/** @type {PageMessage[]} the messages that wait for Python to start */
const waiting = [];
let replies = Promise.resolve(); // answers leave in the order their requests came

// Python imports the engines straight from their archive, put first on its path. The runtime's own package
// loader would leave JavaScript objects behind that a memory snapshot cannot hold ("Unexpected hiwire
// entry"). The file system is not part of a snapshot: after a boot from one the modules are imported, but
// the archive is written again for any module imported later (the Showdown's Dealer is imported lazily).
const ENGINES_ARCHIVE = "/lib/saloon-engines.zip";
const ENGINES_ON_PATH = `import sys; sys.path.insert(0, "${ENGINES_ARCHIVE}")`;
const ENGINES_IMPORTED = `import sys; "pygame_core.bridge" in sys.modules`;
// Everything loaded so far lives for the whole visit: keep the garbage collector from rescanning it on
// every collection, which otherwise shows up as multi-millisecond stalls in the middle of a move.
const FREEZE = "import gc; gc.collect(); gc.freeze()";

/** @param {string} stage @param {{loaded?: number, total?: number}} [progress] */
function stage(stage, progress = {}) {
  postMessage({ type: "stage", stage, ...progress });
}

/**
 * One request to the Python bridge.
 * @param {Request} request
 * @returns {Response}
 */
function bridge(request) {
  try {
    if (!handle) throw new Error("the engines have not started");
    return JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    return { ok: false, error: { code: "internal_error", message: `The game engine stumbled: ${errorText(error)}` } };
  }
}

/** @param {Request} request @returns {Promise<Response> | Response} */
function answer(request) {
  if (request?.op === "memory") return memoryReport(pyodide);
  if (request?.op === "bot" || request?.op === "hint") return thinkInSlices(request, bridge);
  if (request?.op === "think_ahead") return thinkAhead(request, bridge);
  if (request?.op === "close") {
    leftTable(request);
    return bridge(request);
  }
  if (!SAVE_OPS.has(request?.op)) return bridge(request);
  return answerSaveOp(request, bridge); // storage that fails or stalls is an error answer, never a rejection
}

/** @param {PageMessage} message */
async function reply(message) {
  if (message.batch) {
    const responses = [];
    for (const request of message.batch) responses.push(await answer(request));
    postMessage({ id: message.id, responses });
  } else {
    postMessage({ id: message.id, response: await answer(message.request) });
  }
  noteAnswered();
}

/**
 * Queue a message's answer behind the ones before it.
 * @param {PageMessage} message
 */
function enqueue(message) {
  replies = replies.then(() => reply(message));
}

/** Whether a message can be answered before Python is up. */
const needsNoPython = (/** @type {PageMessage} */ message) => !message.batch && OFFLINE_OPS.has(message.request?.op);

/**
 * The last line of an error that says what went wrong: for a Python traceback, the exception itself.
 * @param {unknown} error  an Error, or whatever else was thrown
 */
function gist(error) {
  const thrown = /** @type {{message?: unknown} | null | undefined} */ (error);
  const lines = String(thrown?.message ?? error).trim().split("\n")
    .filter((line) => !line.startsWith("For more information")); // the runtime's advice to developers
  return (lines.at(-1) ?? "").trim();
}

/**
 * Run one loading step; if it fails, say in plain words which step it was.
 * @template T
 * @param {string} what
 * @param {() => T | Promise<T>} action
 * @returns {Promise<T>}
 */
async function step(what, action) {
  try {
    return await action();
  } catch (error) {
    throw new Error(`${what} (${gist(error)})`, { cause: error });
  }
}

/**
 * A site file's bytes.
 * @param {string} file  its path from the site's root
 */
async function download(file) {
  const response = await fetch(new URL(file, siteRoot));
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${file}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Put the engines archive where Python looks for it.
 * @param {PyodideAPI} runtime
 * @param {Uint8Array} engines
 */
function writeEngines(runtime, engines) {
  runtime.FS.writeFile(ENGINES_ARCHIVE, engines);
}

/**
 * A note for whoever reads the console: the fast start was not possible, and why.
 * @param {string} why
 * @param {unknown} error
 */
function noteSlowStart(why, error) {
  console.info(`The saloon starts without a snapshot this time: ${why}`, gist(error));
}

/**
 * The started engines: the runtime, and the bridge's handle, checked to answer.
 * @typedef {{runtime: PyodideAPI, bridgeHandle: BridgeHandle}} Engines
 */

/**
 * Take the bridge's handle from a runtime that has the engines archive, and check that it answers.
 * @param {PyodideAPI} runtime
 * @returns {Engines}
 */
function openBridge(runtime) {
  traceHandles(runtime);
  const module = runtime.pyimport("pygame_core.bridge");
  let bridgeHandle;
  try {
    bridgeHandle = module.handle.copy(); // the attribute is borrowed from the module, which is let go
  } finally {
    module.destroy();
  }
  runtime.runPython(FREEZE);
  const probe = JSON.parse(bridgeHandle(JSON.stringify({ op: "games" })));
  if (!probe.ok) throw new Error(`the game engines did not answer (${probe.error.message})`);
  return { runtime, bridgeHandle };
}

/**
 * Boot from this runtime's snapshot: the runtime with the engines already imported. Null when there is no
 * usable snapshot; one that fails to boot or to answer is dropped so the next visit does not try it again.
 * @param {string} indexURL  where the runtime's files are
 * @param {string} version
 * @param {Promise<Uint8Array>} engines  the engines archive
 * @returns {Promise<Engines | null>}
 */
async function bootFromSnapshot(indexURL, version, engines) {
  let snapshot = null;
  try {
    snapshot = await loadSnapshot(siteRoot, version);
  } catch (error) {
    noteSlowStart("the browser's storage could not be read", error);
  }
  if (!snapshot) return null;
  stage("start");
  try {
    const runtime = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
    if (!runtime.runPython(ENGINES_IMPORTED)) throw new Error("the snapshot holds no game engines");
    writeEngines(runtime, await engines);
    return openBridge(runtime);
  } catch (error) {
    noteSlowStart("the saved snapshot did not boot and was dropped", error);
    await dropSnapshots().catch(() => {});
    return null;
  }
}

/**
 * The normal start: the runtime from scratch (with byte progress), then the engines imported.
 * @param {string} indexURL  where the runtime's files are
 * @param {Record<string, number>} sizes  the big downloads and their sizes
 * @param {Promise<Uint8Array>} engines  the engines archive
 * @returns {Promise<Engines>}
 */
async function bootFromScratch(indexURL, sizes, engines) {
  let lastProgress = 0;
  /** @type {(loaded: number, total: number) => void} */
  const progress = (loaded, total) => {
    const now = performance.now();
    if (loaded < total && now - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = now;
    stage("download", { loaded, total });
    if (loaded === total) stage("start");
  };
  const [runtime, archive] = await countingDownloads(siteRoot, sizes, progress, () =>
    Promise.all([
      step("the card table could not be set up", () => loadPyodide({ indexURL, _makeSnapshot: true })),
      step("the game rules could not be downloaded", () => engines),
    ]));
  stage("engines");
  return step("the game rules could not be loaded", () => {
    writeEngines(runtime, archive);
    runtime.runPython(ENGINES_ON_PATH);
    return openBridge(runtime);
  });
}

/**
 * Keep a snapshot of this moment (engines imported, no game yet) for the next visit. Runs before any
 * request is answered, so nothing of a game can be in it.
 * @param {PyodideAPI} runtime
 * @param {string} version
 */
function snapshotForNextVisit(runtime, version) {
  let snapshot;
  try {
    snapshot = runtime.makeMemorySnapshot();
  } catch (error) {
    noteSlowStart("no snapshot could be made", error);
    return;
  }
  keepSnapshot(siteRoot, version, snapshot).catch((error) => noteSlowStart("the snapshot could not be kept", error));
}

async function start() {
  stage("manifest");
  await step("this page may not run WebAssembly here", () => WebAssembly.compile(EMPTY_WASM_MODULE));
  const indexURL = new URL(manifest.pyodide, siteRoot).href;
  const archive = download(manifest.engines);
  archive.catch(() => {}); // a failed download is reported by the step that waits for it

  const fromSnapshot = await bootFromSnapshot(indexURL, manifest.runtime_version, archive);
  const engines = fromSnapshot ?? await bootFromScratch(indexURL, manifest.engine_files, archive);
  pyodide = engines.runtime;
  handle = engines.bridgeHandle;
  postMessage({ type: "ready", version: manifest.version, snapshot: Boolean(fromSnapshot) });
  if (!fromSnapshot) snapshotForNextVisit(pyodide, manifest.runtime_version);
  waiting.splice(0).forEach(enqueue);
}

onmessage = (event) => {
  noteArrival(event.data);
  if (handle || needsNoPython(event.data)) {
    enqueue(event.data);
  } else {
    waiting.push(event.data);
  }
};

start().catch((error) => {
  handle = null;
  postMessage({ type: "failed", message: errorText(error) });
});
