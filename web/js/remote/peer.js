// The direct connection between two browsers for a remote game (issue 29): the host's invite (an offer as a
// short code), the guest's answer code, and the data channel they open. No server of ours carries anything:
// the players carry the two codes, and the browsers then talk directly. ICE gathers every address before a
// code is made (non-trickle), so each side sends one code and nothing more. STUN servers (public ones by
// default, none needed on one network) tell a browser its address as the internet sees it.

import { packDescription, SignalCodeError, unpackDescription } from "./signal-code.js";

/** @type {RTCIceServer[]} */
export const PUBLIC_STUN = [{ urls: ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"] }];
const GATHER_LIMIT_MS = 6000; // a STUN server out of reach must not hold the code back for ever
const CONNECT_LIMIT_MS = 20000; // from the answer to an open channel
const CHANNEL = "saloon";

export const UNREACHABLE = "Your two devices could not reach each other directly. This happens when both are " +
  "behind a strict mobile-network router: join the same Wi-Fi, or let one of you use a home Wi-Fi network, " +
  "then make a fresh invite.";

/** @type {WeakMap<RTCDataChannel, Inbox>} */
const inboxes = new WeakMap();

/**
 * The messages of one channel, from the moment it exists: none is lost while the page goes from one reader
 * to the next (the handshake, then the table that opens after some awaiting).
 */
class Inbox {
  /** @param {RTCDataChannel} channel */
  constructor(channel) {
    /** @type {unknown[]} messages no reader has taken yet */
    this.queue = [];
    /** @type {((data: unknown) => void) | null} */
    this.reader = null;
    channel.addEventListener("message", (event) => {
      if (this.reader) this.reader(event.data);
      else this.queue.push(event.data);
    });
  }

  /**
   * Hand every message to `reader`, those waiting first, until another reader takes over; null keeps them.
   * @param {((data: unknown) => void) | null} reader
   */
  read(reader) {
    this.reader = reader;
    while (reader && this.reader === reader && this.queue.length) reader(this.queue.shift());
  }
}

/**
 * The messages of `channel` (one of this module's), read through its inbox.
 * @param {RTCDataChannel} channel
 * @param {((data: unknown) => void) | null} reader
 */
export function readMessages(channel, reader) {
  /** @type {Inbox} */ (inboxes.get(channel)).read(reader);
}

/**
 * The next message of `channel`; those after it wait in its inbox for whoever reads next. Fails when the
 * channel closes first (the other device left while this one waited for it).
 * @param {RTCDataChannel} channel
 * @returns {Promise<unknown>}
 */
export function nextMessage(channel) {
  return new Promise((resolve, reject) => {
    const closed = () => {
      readMessages(channel, null);
      reject(new Error("The other device closed the connection before it answered."));
    };
    channel.addEventListener("close", closed, { once: true });
    readMessages(channel, (data) => {
      channel.removeEventListener("close", closed);
      readMessages(channel, null);
      resolve(data);
    });
    if (channel.readyState === "closed" || channel.readyState === "closing") closed();
  });
}

/**
 * An invite made: its code, and `accept` for the friend's answer code, which resolves with the open channel.
 * @typedef {{code: string, accept: (answerCode: string) => Promise<RTCDataChannel>, close: () => void}} Invite
 */

/**
 * Make an invite: the host's side of the connection, waiting for an answer.
 * @param {{iceServers?: RTCIceServer[]}} [options]
 * @returns {Promise<Invite>}
 */
export async function makeInvite({ iceServers = PUBLIC_STUN } = {}) {
  const connection = new RTCPeerConnection({ iceServers });
  const channel = connection.createDataChannel(CHANNEL, { ordered: true });
  inboxes.set(channel, new Inbox(channel));
  await connection.setLocalDescription(await connection.createOffer());
  await gathered(connection);
  const code = packDescription(/** @type {RTCSessionDescription} */ (connection.localDescription));
  let accepted = false;
  return {
    code,
    async accept(answerCode) {
      const answer = unpackDescription(answerCode);
      if (answer.type !== "answer") throw new SignalCodeError("That is an invite, not your friend's answer: paste the code their page showed after they opened your invite.");
      if (accepted) throw new SignalCodeError("This invite has been answered already: make a fresh one.");
      accepted = true;
      await connection.setRemoteDescription(answer);
      return opened(connection, channel);
    },
    close: () => connection.close(),
  };
}

/**
 * An invite answered: the answer's code for the host, and the channel once the host has taken it.
 * @typedef {{code: string, channel: Promise<RTCDataChannel>, close: () => void}} Answer
 */

/**
 * Answer an invite: the guest's side.
 * @param {string} inviteCode
 * @param {{iceServers?: RTCIceServer[]}} [options]
 * @returns {Promise<Answer>}
 */
export async function answerInvite(inviteCode, { iceServers = PUBLIC_STUN } = {}) {
  const offer = unpackDescription(inviteCode);
  if (offer.type !== "offer") throw new SignalCodeError("That is an answer, not an invite: it goes back to the friend who invited you.");
  const connection = new RTCPeerConnection({ iceServers });
  /** @type {Promise<RTCDataChannel>} */
  const arrived = new Promise((resolve) => {
    connection.addEventListener("datachannel", (event) => {
      inboxes.set(event.channel, new Inbox(event.channel)); // before any message can arrive
      resolve(event.channel);
    });
  });
  await connection.setRemoteDescription(offer);
  await connection.setLocalDescription(await connection.createAnswer());
  await gathered(connection);
  return {
    code: packDescription(/** @type {RTCSessionDescription} */ (connection.localDescription)),
    channel: arrived.then((channel) => opened(connection, channel)),
    close: () => connection.close(),
  };
}

/**
 * Resolves once ICE has gathered every address it will (or after GATHER_LIMIT_MS, with what it has).
 * @param {RTCPeerConnection} connection
 * @returns {Promise<void>}
 */
function gathered(connection) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      connection.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => { if (connection.iceGatheringState === "complete") done(); };
    const timer = setTimeout(done, GATHER_LIMIT_MS);
    connection.addEventListener("icegatheringstatechange", check);
    check();
  });
}

/**
 * Resolves with `channel` once it is open; rejects in words a player understands when the two devices
 * cannot reach each other.
 * @param {RTCPeerConnection} connection
 * @param {RTCDataChannel} channel
 * @returns {Promise<RTCDataChannel>}
 */
function opened(connection, channel) {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      connection.removeEventListener("connectionstatechange", watch);
    };
    const fail = () => {
      stop();
      connection.close();
      reject(new Error(UNREACHABLE));
    };
    const watch = () => { if (connection.connectionState === "failed") fail(); };
    const timer = setTimeout(fail, CONNECT_LIMIT_MS);
    connection.addEventListener("connectionstatechange", watch);
    if (channel.readyState === "open") {
      stop();
      resolve(channel);
      return;
    }
    channel.addEventListener("open", () => { stop(); resolve(channel); }, { once: true });
  });
}
