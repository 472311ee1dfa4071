// The computer's move, thought in slices: between two slices the worker reads its messages, so a page that
// leaves the table (it closes the session) stops a long search at once instead of queueing behind it.

/** @typedef {import("../types.js").Request} Request */
/** @typedef {import("../types.js").Response} Response */

const SLICE_MS = 40;
const ABANDONED = { code: "abandoned", message: "The computer's move was abandoned: the table was left." };

/** Sessions the page has closed while the worker was still busy with their requests. */
const leaving = new Set();

/** @param {{request?: Request, batch?: Request[]}} message */
function requestsOf(message) {
  return message?.batch ?? (message?.request ? [message.request] : []);
}

/**
 * Note, as soon as it arrives (before its turn in the queue), that a message closes a session.
 * @param {{request?: Request, batch?: Request[]}} message
 */
export function noteLeaving(message) {
  for (const request of requestsOf(message)) {
    if (request?.op === "close" && typeof request.session === "string") leaving.add(request.session);
  }
}

/** @param {Request} request  a close request, now answered */
export function leftTable(request) {
  leaving.delete(request.session);
}

const boundary = new MessageChannel();
/** @type {(() => void)[]} */
const resuming = [];
boundary.port1.onmessage = () => resuming.shift()?.();

/**
 * A task boundary: the messages that arrived meanwhile are delivered before this resolves. A channel
 * message, unlike a timer, is not clamped to 4 ms when it repeats.
 * @returns {Promise<void>}
 */
const nextTask = () => new Promise((resolve) => {
  resuming.push(resolve);
  boundary.port2.postMessage(null);
});

/**
 * The bot's answer, asked slice by slice; an abandoned search answers `abandoned` and plays nothing.
 * @param {Request} request  a `bot` request
 * @param {(request: Request) => Response} bridge
 * @returns {Promise<Response>}
 */
export async function thinkInSlices(request, bridge) {
  const sliced = { ...request, slice_ms: SLICE_MS };
  let response = bridge(sliced);
  while (response.ok && response.thinking) {
    await nextTask();
    if (leaving.has(request.session)) return { ok: false, error: ABANDONED };
    response = bridge(sliced);
  }
  return response;
}
