// The computer's move and the hint, thought in slices: between two slices the worker reads its messages, so a
// page that leaves the table (it closes the session) stops a long search at once instead of queueing behind it.
//
// A hint is also thought ahead (`think_ahead`): while the person looks at the table the worker has nothing
// to do, so it thinks their hint in short slices, only while no message waits for an answer (a move, a view
// or the computer's turn always goes first, behind at most one slice). The bridge keeps that search for its
// position, so the person's own Hint finds it decided or under way. It stops when decided, when the person's
// position moves on (the bridge then answers that it is not their turn, or the page asks ahead for the next
// one), when the page asks ahead for another seat or table, and when the table is left.

/** @typedef {import("../types.js").Request} Request */
/** @typedef {import("../types.js").Response} Response */
/** @typedef {import("../types.js").AheadStatus} AheadStatus */

const SLICE_MS = 40;
// A slice thought ahead: a message that comes meanwhile waits at most this long (plus the search's start,
// once per position: a game's bot may pick its candidates there), so the table stays as quick as ever.
const AHEAD_SLICE_MS = 8;
const ABANDONED = { code: "abandoned", message: "The computer's move was abandoned: the table was left." };

/** Sessions the page has closed while the worker was still busy with their requests. */
const leaving = new Set();
/** Messages come in and not answered yet: thinking ahead waits while there are any. */
let unanswered = 0;
/** @type {(() => void)[]} thinking ahead, waiting for the messages to be answered */
const idleWaiters = [];
/** @type {AheadStatus | null} the hint thought ahead now, or the last one */
let ahead = null;

/** @param {{request?: Request, batch?: Request[]}} message */
function requestsOf(message) {
  return message?.batch ?? (message?.request ? [message.request] : []);
}

/**
 * A message came in: note it (before its turn in the queue) as one to answer, and whether it closes a
 * session, which stops that session's thinking at once.
 * @param {{request?: Request, batch?: Request[]}} message
 */
export function noteArrival(message) {
  unanswered += 1;
  for (const request of requestsOf(message)) {
    if (request?.op === "close" && typeof request.session === "string") {
      leaving.add(request.session);
      if (ahead?.session === request.session) stopAhead("left");
    }
  }
}

/** A message was answered: once none waits, thinking ahead may go on. */
export function noteAnswered() {
  unanswered -= 1;
  if (unanswered === 0) idleWaiters.splice(0).forEach((resume) => resume());
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

/** Resolves once no message waits for an answer (the messages that came meanwhile delivered first). */
async function idle() {
  for (;;) {
    if (unanswered > 0) await new Promise((resolve) => idleWaiters.push(() => resolve(undefined)));
    await nextTask();
    if (unanswered === 0) return;
  }
}

/**
 * The bot's move or the hint, asked slice by slice; an abandoned search answers `abandoned` and plays nothing.
 * @param {Request} request  a `bot` or `hint` request
 * @param {(request: Request) => Response} bridge
 * @returns {Promise<Response>}
 */
export async function thinkInSlices(request, bridge) {
  if (request.op === "hint" && ahead?.state === "thinking" && ahead.session === request.session) {
    stopAhead("asked"); // the person's own ask carries the same search on, with the slices of a move
  }
  const sliced = { ...request, slice_ms: SLICE_MS };
  let response = bridge(sliced);
  while (response.ok && response.thinking) {
    await nextTask();
    if (leaving.has(request.session)) return { ok: false, error: ABANDONED };
    response = bridge(sliced);
  }
  return response;
}

/** @param {AheadStatus["state"]} state  why the hint thought ahead stops */
function stopAhead(state) {
  if (ahead?.state === "thinking") ahead.state = state;
}

/**
 * `think_ahead {session, player}`: think `player`'s hint ahead in idle time, instead of any other; answered
 * at once. Without a session: what is (or was last) thought ahead. Either way `{ahead: AheadStatus | null}`.
 * @param {Request} request
 * @param {(request: Request) => Response} bridge
 * @returns {Response}
 */
export function thinkAhead(request, bridge) {
  if (request.session === undefined) return { ok: true, ahead: ahead && { ...ahead } };
  if (typeof request.session !== "string" || !Number.isInteger(request.player)) {
    return { ok: false, error: { code: "bad_request", message: "'think_ahead' needs a session and a player." } };
  }
  stopAhead("replaced");
  /** @type {AheadStatus} */
  const job = { session: request.session, player: request.player, slices: 0, state: "thinking" };
  ahead = job;
  if (leaving.has(job.session)) stopAhead("left");
  else aheadInIdleTime(job, bridge);
  return { ok: true, ahead: { ...job } };
}

/**
 * The slices of one hint thought ahead, each when nothing else waits, until it stops.
 * @param {AheadStatus} job
 * @param {(request: Request) => Response} bridge
 */
async function aheadInIdleTime(job, bridge) {
  const request = { op: "hint", session: job.session, player: job.player, slice_ms: AHEAD_SLICE_MS };
  for (;;) {
    await idle();
    if (job.state !== "thinking") return;
    const response = bridge(request);
    job.slices += 1;
    if (!response.ok || !response.thinking) {
      job.state = response.ok ? "decided" : "moved_on"; // the bridge keeps a decided hint for the person's ask
      return;
    }
  }
}
