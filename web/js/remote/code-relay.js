// A connection code opened as a link on the device whose other tab waits for it (a phone's camera app opens a
// scanned QR code in a new tab): the new tab hands the code to the waiting tab over a BroadcastChannel, so
// the host need not copy the friend's answer by hand, nor the guest a fresh invite.

import { randomHex } from "./messages.js";

const CHANNEL = "saloon:remote-codes";
const ANSWER_WAIT_MS = 3000; // a waiting tab answers at once, even on a busy phone; none by then means none waits

/** @typedef {"answer" | "join"} CodeKind  the friend's answer to an invite, or an invite (a fresh one for a seat) */

/**
 * Offer `code` to a tab of this device that waits for one of its kind.
 * @param {CodeKind} kind
 * @param {string} code
 * @returns {Promise<boolean>} whether a tab took it
 */
export function offerCode(kind, code) {
  if (!("BroadcastChannel" in self)) return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL);
  const id = randomHex(8);
  return new Promise((resolve) => {
    const done = (/** @type {boolean} */ taken) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), ANSWER_WAIT_MS);
    channel.onmessage = ({ data }) => { if (data?.taken === id) done(true); };
    channel.postMessage({ kind, code, id });
  });
}

/**
 * Take the codes of `kind` that other tabs of this device are offered, until the returned stop is called.
 * @param {CodeKind} kind
 * @param {(code: string) => void} take
 * @returns {() => void} stop
 */
export function awaitCodes(kind, take) {
  if (!("BroadcastChannel" in self)) return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = ({ data }) => {
    if (data?.kind !== kind || typeof data.code !== "string" || typeof data.id !== "string") return;
    channel.postMessage({ taken: data.id });
    take(data.code);
  };
  return () => channel.close();
}
