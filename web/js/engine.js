// The page's side of the engine worker: a promise per request, progress stages, one ready promise.

/**
 * Start the engine worker.
 * @param {{onStage?: (stage: {stage: string, label?: string, loaded?: number, total?: number}) => void}} [hooks]
 *   told each loading stage (a failure's label says what went wrong)
 * @returns {import("./types.js").Engine}
 */
export function startEngine({ onStage } = {}) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "engine" });
  const pending = new Map();
  let nextId = 1;
  let failure = null;
  let settle;

  const ready = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });

  function fail(message) {
    if (failure) return;
    failure = new Error(message);
    onStage?.({ stage: "failed", label: message });
    settle.reject(failure);
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  }

  worker.onmessage = ({ data }) => {
    if (data.type === "stage") {
      onStage?.(data);
    } else if (data.type === "ready") {
      onStage?.({ stage: "ready" });
      settle.resolve({ version: data.version, snapshot: data.snapshot });
    } else if (data.type === "failed") {
      fail(`The game engine could not start: ${data.message}`);
    } else if (pending.has(data.id)) {
      const { resolve } = pending.get(data.id);
      pending.delete(data.id);
      resolve(data.responses ?? data.response);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(`The game engine could not start: ${event.message || "the worker script failed to load"}`);
  };

  function send(message) {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  return {
    ready,
    /** One bridge request (a plain object) -> its response object. */
    call: (request) => send({ request }),
    /** Several requests answered in order in a single round trip to the worker. */
    callMany: (requests) => send({ batch: requests }),
  };
}
