// What may cross the data channel of a remote game (issue 29, docs/remote-play.md), checked as it arrives.
// The other device is untrusted input: a guest's page may be altered to send anything, and so may a host's.
// A message is read only if it is short enough, comes no faster than a person plays, is JSON of a known type
// and has exactly the fields of that type, each of the right kind; anything else is refused with a sentence
// that says why, and nothing is changed by it. The host's engine then checks a move against the rules as it
// checks any person's (the bridge: legality, limits), so this layer only has to keep malformed data out.

export const PROTOCOL = 1;
export const MAX_GUEST_CHARS = 32_768; // a move's JSON is at most 1,000 characters (the bridge's limit); a join to the
// Dealer's table brings a character sheet, some thousands with its history
export const MAX_HOST_CHARS = 200_000; // a table of the Dealer's with six sheets is some 40,000; a channel carries 256 KB
export const MAX_PER_SECOND = 20; // a person taps a few times a second; a flood is refused, not queued
const HEX = /^[0-9a-f]+$/;

/**
 * Fresh randomness as hex (a guest's nonce, a seat's resume token).
 * @param {number} bytes
 */
export function randomHex(bytes) {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A message the other device sent that cannot be taken; its message says why, for the player. */
export class PeerMessageError extends Error {}

/**
 * @typedef {{t: "join", v: number, nonce?: string, resume?: string, pledge?: string, sheet?: Record<string, unknown>}} JoinMessage
 *   nonce: the guest's randomness for a first join; resume: the token its hello gave, to take its seat again;
 *   at a table of several (the Dealer's), a first join brings instead the commitment to its randomness
 *   (`pledge`) and the character it sits down with (`sheet`)
 * @typedef {{t: "move", ply: number, move: Record<string, unknown>}} MoveMessage
 *   ply: how many moves the game held on the table the move answers
 * @typedef {{t: "nonce", nonce: string}} NonceMessage  a guest's randomness, once every seat has pledged theirs
 * @typedef {{t: "again"}} AgainMessage  once a game is over, the guest asks for another over the same connection
 * @typedef {{t: "not_now"}} NotNowMessage  the guest declines another game the host deals over the same connection
 * @typedef {JoinMessage | MoveMessage | NonceMessage | AgainMessage | NotNowMessage} GuestMessage
 *
 * @typedef {{t: "hello", v: number, engine: string, game: string, options: Record<string, string>,
 *   names: string[], seat: number, commitment: string, resume: string, several?: boolean}} HelloMessage
 *   several: a table of several players on other devices (the Dealer's): bring a character, and pledge
 *   your randomness before anyone reveals theirs
 * @typedef {{t: "pledges", commitments: string[]}} PledgesMessage  every seat's pledge, in seat order, once all are in
 * @typedef {{t: "table", ply: number, mover: number | null, answer: Record<string, any>, events: unknown[],
 *   move: Record<string, unknown> | null, legal: {moves: unknown[], labels: string[]} | null}} TableMessage
 *   ply: the moves the game holds; mover: the seat whose move led here (null: the table as it stands)
 * @typedef {{t: "refused", message: string}} RefusedMessage
 * @typedef {{t: "reveal", secret: string, record: Record<string, unknown>, nonces?: string[]}} RevealMessage
 *   nonces: every guest's randomness, in seat order, at a table of several
 * @typedef {{t: "bye", reason: string}} ByeMessage
 * @typedef {HelloMessage | PledgesMessage | TableMessage | RefusedMessage | RevealMessage | ByeMessage} HostMessage
 *
 * What each side keeps in its saved slot beside the game (worker/saves.js seals it):
 * @typedef {{role: "host", hellos: HelloMessage[], names?: string[], revealed: boolean}} HostKept
 *   each friend's seat and token (and at a table of several, their character's name), and whether they were
 *   sent the secret
 * @typedef {{fair: boolean, findings: {ply?: number, message: string}[]}} Verdict  the fair-deal check
 * @typedef {{role: "guest", hello: HelloMessage, nonce: string, seen: [number, string][], mine: [number, unknown][],
 *   unsure: [number, unknown][], table: TableMessage, verdict: Verdict | null, pledges?: string[],
 *   brought?: Record<string, unknown>}} GuestKept
 *   enough to draw the table after a reload, take the seat again, and check the deal at the end; at a table
 *   of several, the pledges announced and the character brought (written back to the roster at the end)
 */

/** @typedef {(value: unknown) => boolean} Check */

/** @type {Check} */
const whole = (value) => Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0;
/** @param {number} length @returns {Check} */
const hex = (length) => (value) => typeof value === "string" && value.length === length && HEX.test(value);
/** @param {number} max @returns {Check} */
const text = (max) => (value) => typeof value === "string" && value.length <= max;
/** @type {Check} */
const object = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
/** @param {Check} check @returns {Check} */
const orNull = (check) => (value) => value === null || check(value);
/** @param {Check} check @param {number} max @returns {Check} */
const listOf = (check, max) => (value) => Array.isArray(value) && value.length <= max && value.every(check);
/** @type {Check} */
const strings = (value) => object(value) && Object.values(/** @type {object} */ (value)).every(text(40));
/** @type {Check} */
const legal = (value) => object(value) && listOf(object, 500)(/** @type {any} */ (value).moves)
  && listOf(text(300), 500)(/** @type {any} */ (value).labels)
  && /** @type {any} */ (value).moves.length === /** @type {any} */ (value).labels.length;
/** @type {Check} */
const viewAnswer = (value) => object(value) && /** @type {any} */ (value).ok === true && object(/** @type {any} */ (value).view)
  && listOf(whole, 12)(/** @type {any} */ (value).to_act) && typeof (/** @type {any} */ (value).over) === "boolean";

/**
 * Each type's fields: required ones, and optional ones (a `?` after the name).
 * @type {Record<string, Record<string, Check>>}
 */
const FROM_GUEST = {
  join: { v: whole, "nonce?": hex(32), "resume?": hex(32), "pledge?": hex(64), "sheet?": object },
  move: { ply: whole, move: object },
  nonce: { nonce: hex(32) },
  again: {},
  not_now: {},
};

/** @type {Record<string, Record<string, Check>>} */
const FROM_HOST = {
  hello: { v: whole, engine: text(40), game: text(40), options: strings, names: listOf(text(40), 12), seat: whole,
    commitment: hex(64), resume: hex(32), "several?": (value) => value === true },
  pledges: { commitments: listOf(hex(64), 12) },
  table: { ply: whole, mover: orNull(whole), answer: viewAnswer, events: listOf(object, 200), move: orNull(object), legal: orNull(legal) },
  refused: { message: text(500) },
  reveal: { secret: hex(64), record: object, "nonces?": listOf(hex(32), 12) },
  bye: { reason: text(200) },
};

/**
 * Read one message from the guest (on the host's side).
 * @param {unknown} data what the channel delivered
 * @returns {GuestMessage}
 */
export function readGuestMessage(data) {
  const message = /** @type {GuestMessage} */ (read(data, MAX_GUEST_CHARS, FROM_GUEST));
  if (message.t === "join" && [message.nonce, message.resume, message.pledge].filter((given) => given !== undefined).length !== 1) {
    throw new PeerMessageError("A join must bring one of: fresh randomness, its pledge, or the token to take its seat again.");
  }
  if (message.t === "join" && (message.pledge === undefined) !== (message.sheet === undefined)) {
    throw new PeerMessageError("A join to a table of several brings both its pledge and its character.");
  }
  if (message.t === "move" && JSON.stringify(message.move).length > 1000) {
    throw new PeerMessageError("That move is longer than any move of the saloon's games.");
  }
  return message;
}

/**
 * Read one message from the host (on the guest's side).
 * @param {unknown} data
 * @returns {HostMessage}
 */
export function readHostMessage(data) {
  return /** @type {HostMessage} */ (read(data, MAX_HOST_CHARS, FROM_HOST));
}

/**
 * @param {unknown} data
 * @param {number} maxChars
 * @param {Record<string, Record<string, Check>>} types
 */
function read(data, maxChars, types) {
  if (typeof data !== "string") throw new PeerMessageError("The other device sent something that is not text.");
  if (data.length > maxChars) throw new PeerMessageError(`The other device sent ${data.length} characters at once; at most ${maxChars}.`);
  /** @type {unknown} */
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    throw new PeerMessageError("The other device sent something that is not a message of the saloon.");
  }
  if (!object(message)) throw new PeerMessageError("The other device sent something that is not a message of the saloon.");
  const { t, ...fields } = /** @type {Record<string, unknown>} */ (message);
  const shape = typeof t === "string" && Object.hasOwn(types, t) ? types[t] : null;
  if (!shape) throw new PeerMessageError(`The other device sent a message of an unknown kind (${JSON.stringify(t)?.slice(0, 20)}).`);
  const known = new Set(Object.keys(shape).map((name) => name.replace(/\?$/, "")));
  const stray = Object.keys(fields).find((name) => !known.has(name));
  if (stray !== undefined) throw new PeerMessageError(`The other device's ${t} message holds a field it should not (${stray.slice(0, 20)}).`);
  for (const [spec, check] of Object.entries(shape)) {
    const name = spec.replace(/\?$/, "");
    const optional = spec.endsWith("?");
    if (!(name in fields) ? !optional : !check(fields[name])) {
      throw new PeerMessageError(`The other device's ${t} message has no proper ${name}.`);
    }
  }
  return message;
}

/**
 * Lets at most `perSecond` messages through in any second; the rest are refused.
 */
export class RateGate {
  /** @param {number} [perSecond] */
  constructor(perSecond = MAX_PER_SECOND) {
    this.perSecond = perSecond;
    /** @type {number[]} when the messages let through in the last second arrived */
    this.recent = [];
  }

  /**
   * Whether a message arriving at `now` (ms) may be read.
   * @param {number} now
   */
  admit(now) {
    this.recent = this.recent.filter((time) => now - time < 1000);
    if (this.recent.length >= this.perSecond) return false;
    this.recent.push(now);
    return true;
  }
}
