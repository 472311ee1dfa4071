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

async function start() {
  stage("manifest", "Reading the site manifest…");
  const manifestResponse = await fetch(new URL("manifest.json", siteRoot));
  if (!manifestResponse.ok) {
    throw new Error(`manifest.json could not be fetched (HTTP ${manifestResponse.status})`);
  }
  const manifest = await manifestResponse.json();

  stage("python", "Starting Python…");
  const pyodide = await loadPyodide({ indexURL: new URL(manifest.pyodide, siteRoot).href });

  stage("engines", "Loading the game engines…");
  const quiet = () => {};
  await pyodide.loadPackage(new URL(manifest.wheel, siteRoot).href, {
    messageCallback: quiet,
    errorCallback: quiet,
    checkIntegrity: false,
  });
  handle = pyodide.pyimport("pygame_core.bridge").handle;
  // Everything loaded so far lives for the whole visit: keep the garbage collector from rescanning it
  // on every collection, which otherwise shows up as multi-millisecond stalls in the middle of a move.
  pyodide.runPython("import gc; gc.collect(); gc.freeze()");

  const probe = answer({ op: "games" });
  if (!probe.ok) {
    throw new Error(probe.error?.message ?? "the rules engine did not answer");
  }
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
  postMessage({ type: "failed", message: String(error?.message ?? error) });
});
