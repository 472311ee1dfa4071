// The engine worker: runs Pyodide and our rules wheel off the main thread.
//
// Messages in:  {id, request}            -> {id, response}
//               {id, batch: [request...]} -> {id, responses: [response...]}   (one round trip for several calls)
// Messages out: {type: "stage", stage, label}   while loading
//               {type: "ready", version}        once the bridge answers
//               {type: "failed", message}       if loading went wrong (the page shows it)
//
// JavaScript only ever holds one Python object: the bridge's `handle` function.
// Requests go in as JSON strings and responses come back as JSON strings.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const siteRoot = new URL("../", import.meta.url);
let handle = null;
const waiting = [];

function stage(stage, label) {
  postMessage({ type: "stage", stage, label });
}

function answer(request) {
  try {
    return JSON.parse(handle(JSON.stringify(request)));
  } catch (error) {
    return { ok: false, error: { code: "internal", message: `The game engine stumbled: ${error.message}` } };
  }
}

function reply(message) {
  if (message.batch) {
    postMessage({ id: message.id, responses: message.batch.map(answer) });
  } else {
    postMessage({ id: message.id, response: answer(message.request) });
  }
}

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

  const probe = answer({ op: "games" });
  if (!probe.ok) throw new Error(`the game engines did not answer (${probe.error.message})`);
  postMessage({ type: "ready", version: manifest.version });
  waiting.splice(0).forEach(reply);
}

onmessage = (event) => {
  if (handle) {
    reply(event.data);
  } else {
    waiting.push(event.data);
  }
};

start().catch((error) => {
  handle = null;
  postMessage({ type: "failed", message: error.message });
});
