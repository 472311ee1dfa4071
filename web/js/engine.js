// The page's side of the engine worker: a promise per request, progress stages, one ready promise.

/**
 * Start the engine worker.
 * @param {{onStage?: (stage: {stage: string, label?: string, loaded?: number, total?: number}) => void}} [hooks]
 *   told each loading stage (a failure's label says what went wrong)
 * @returns {import("./types.js").Engine}
 */
export function startEngine({ onStage } = {}) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "engine" });
  /** @type {Map<number, {resolve: (answer: any) => void, reject: (error: Error) => void}>} */
  const pending = new Map();
  let nextId = 1;
  /** @type {Error | null} */
  let failure = null;
  /** @type {(started: {version: string, snapshot: boolean}) => void} */
  let started = () => {};
  /** @type {(error: Error) => void} */
  let refused = () => {};

  /** @type {Promise<{version: string, snapshot: boolean}>} */
  const ready = new Promise((resolve, reject) => {
    started = resolve;
    refused = reject;
  });

  /** @param {string} message */
  function fail(message) {
    if (failure) return;
    const error = new Error(message);
    failure = error;
    onStage?.({ stage: "failed", label: message });
    refused(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  worker.onmessage = ({ data }) => {
    if (data.type === "stage") {
      onStage?.(data);
    } else if (data.type === "ready") {
      onStage?.({ stage: "ready" });
      started({ version: data.version, snapshot: data.snapshot });
    } else if (data.type === "failed") {
      fail(`The game engine could not start: ${data.message}`);
    } else {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      waiting?.resolve(data.responses ?? data.response);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(`The game engine could not start: ${event.message || "the worker script failed to load"}`);
  };

  /**
   * Post one message to the worker; resolves with its answer.
   * @param {{request: import("./types.js").Request} | {batch: import("./types.js").Request[]}} message
   * @returns {Promise<any>}
   */
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
