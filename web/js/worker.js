// The engine worker: runs Pyodide and our rules wheel off the main thread, and keeps the saved games.
//
// Messages in:  {id, request}            -> {id, response}
//               {id, batch: [request...]} -> {id, responses: [response...]}   (one round trip for several calls)
// Messages out: {type: "stage", stage, label}   while loading
//               {type: "ready", version}        once the bridge answers
//               {type: "failed", message}       if loading went wrong (the page shows it)
//
// Requests go to the Python bridge, except the save ops (save, restore, saved, forget, adopt), which
// worker/saves.js answers so that saved records never reach the page. Messages are answered in the order
// they came; "saved" and "forget" need no Python and are answered even while it loads.
//
// JavaScript only ever holds one Python object: the bridge's `handle` function.
// Requests go in as JSON strings and responses come back as JSON strings.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { answerSaveOp, SAVE_OPS, OFFLINE_OPS } from "./worker/saves.js";

/** @typedef {import("./types.js").Request} Request */
/** @typedef {import("./types.js").Response} Response */

const siteRoot = new URL("../", import.meta.url);
let handle = null;
const waiting = [];
let replies = Promise.resolve(); // answers leave in the order their requests came

function stage(stage, label) {
  postMessage({ type: "stage", stage, label });
}

/**
 * One request to the Python bridge.
 * @param {Request} request
 * @returns {Response}
 */
function bridge(request) {
  try {
    return JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    return { ok: false, error: { code: "internal", message: `The game engine stumbled: ${error.message}` } };
  }
}

/** @param {Request} request @returns {Promise<Response> | Response} */
function answer(request) {
  if (!SAVE_OPS.has(request?.op)) return bridge(request);
  return answerSaveOp(request, bridge).catch((error) =>
    ({ ok: false, error: { code: "storage", message: `Saved games are out of reach in this browser (${error.message}).` } }));
}

async function reply(message) {
  if (message.batch) {
    const responses = [];
    for (const request of message.batch) responses.push(await answer(request));
    postMessage({ id: message.id, responses });
  } else {
    postMessage({ id: message.id, response: await answer(message.request) });
  }
}

/** Queue a message's answer behind the ones before it. */
function enqueue(message) {
  replies = replies.then(() => reply(message));
}

/** Whether a message can be answered before Python is up. */
const needsNoPython = (message) => !message.batch && OFFLINE_OPS.has(message.request?.op);

/** The last line of an error: for a Python traceback, the exception itself. */
function gist(error) {
  const lines = String(error?.message ?? error).trim().split("\n");
  return lines.at(-1).trim();
}

/** Run one loading step; if it fails, say in plain words which step it was. */
async function step(what, action) {
  try {
    return await action();
  } catch (error) {
    throw new Error(`${what} (${gist(error)})`, { cause: error });
  }
}

async function start() {
  stage("manifest", "Reading the site manifest…");
  const manifest = await step("the site's file list could not be read", async () => {
    const response = await fetch(new URL("manifest.json", siteRoot));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  });

  stage("python", "Starting Python…");
  const pyodide = await step("Python could not be started", () =>
    loadPyodide({ indexURL: new URL(manifest.pyodide, siteRoot).href }));

  stage("engines", "Loading the game engines…");
  const problems = [];
  handle = await step("the game engines could not be loaded", async () => {
    await pyodide.loadPackage(new URL(manifest.wheel, siteRoot).href, {
      messageCallback: () => {},
      errorCallback: (message) => problems.push(message),
      checkIntegrity: false,
    });
    if (problems.length) throw new Error(problems.join("\n"));
    return pyodide.pyimport("pygame_core.bridge").handle;
  });
  // Everything loaded so far lives for the whole visit: keep the garbage collector from rescanning it
  // on every collection, which otherwise shows up as multi-millisecond stalls in the middle of a move.
  pyodide.runPython("import gc; gc.collect(); gc.freeze()");

  const probe = bridge({ op: "games" });
  if (!probe.ok) throw new Error(`the game engines did not answer (${probe.error.message})`);
  postMessage({ type: "ready", version: manifest.version });
  waiting.splice(0).forEach(enqueue);
}

onmessage = (event) => {
  if (handle || needsNoPython(event.data)) {
    enqueue(event.data);
  } else {
    waiting.push(event.data);
  }
};

start().catch((error) => {
  handle = null;
  postMessage({ type: "failed", message: error.message });
});
