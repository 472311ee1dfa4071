// A WebRTC offer or answer packed into a short code for a link or a QR code, and back (issue 29).
//
// Two browsers that want a direct data channel must swap a session description (SDP) each, and we have no
// server to carry them: the players carry them, in a link or a QR code. A browser's SDP runs to 600-900
// characters, but a data channel needs only a few of its facts: the ICE username fragment and password, the
// DTLS certificate's SHA-256 fingerprint, the DTLS role, and the addresses ICE gathered (non-trickle: all of
// them before the code is made). Packed as bytes and written in base64url that is some 100-140 characters,
// which a phone's camera reads from a QR code at arm's length. Everything else is the same for every data
// channel and is written back by `unpackDescription`.
//
// Layout, version 1: [version][flags: bit 0 answer, bits 1-2 DTLS role][ufrag length][ufrag][pwd length]
// [pwd][fingerprint: 32 bytes][candidate count] then per candidate [kind: bits 0-1 type, bits 2-3 address
// form][address: 4 bytes IPv4, 16 bytes IPv6 or the 16 bytes of an mDNS name's UUID][port: 2 bytes].

const VERSION = 1;
const ROLES = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREFERENCE = [126, 100, 110, 0]; // of TYPES, RFC 8445 5.1.2.2: a host address first, a relay last
const FORM_IPV4 = 0;
const FORM_IPV6 = 1;
const FORM_MDNS = 2;
const MAX_CANDIDATES = 8; // more addresses than a phone has; a longer code would not fit a readable QR code

/** A code that cannot be read: its message says so in words for the player. */
export class SignalCodeError extends Error {}

/**
 * The facts of a session description that a data channel needs.
 * @typedef {{answer: boolean, role: string, ufrag: string, pwd: string, fingerprint: Uint8Array,
 *   candidates: {type: string, address: string, port: number}[]}} Signal
 */

/**
 * Read the facts out of an SDP text.
 * @param {{type: string, sdp: string}} description
 * @returns {Signal}
 */
export function readSignal({ type, sdp }) {
  /** @param {string} name */
  const attribute = (name) => sdp.split(/\r?\n/).find((line) => line.startsWith(`a=${name}:`))?.slice(name.length + 3).trim();
  const ufrag = attribute("ice-ufrag");
  const pwd = attribute("ice-pwd");
  const fingerprint = attribute("fingerprint");
  const role = attribute("setup") ?? "actpass";
  if (!ufrag || !pwd || !fingerprint) throw new SignalCodeError("The connection details are incomplete.");
  const [hash, hex] = fingerprint.split(" ");
  if (hash.toLowerCase() !== "sha-256") throw new SignalCodeError(`This browser signs its connection with ${hash}, which the code cannot carry.`);
  const candidates = sdp.split(/\r?\n/)
    .filter((line) => line.startsWith("a=candidate:"))
    .map((line) => line.slice("a=candidate:".length).trim().split(/\s+/))
    .filter((fields) => fields[1] === "1" && fields[2].toLowerCase() === "udp" && TYPES.includes(fields[7]))
    .map((fields) => ({ type: fields[7], address: fields[4], port: Number(fields[5]) }))
    .filter((candidate) => addressForm(candidate.address) !== null)
    .slice(0, MAX_CANDIDATES);
  return { answer: type === "answer", role, ufrag, pwd, fingerprint: hexBytes(hex), candidates };
}

/**
 * The short code of an offer or answer.
 * @param {{type: string, sdp: string}} description  the local description once ICE gathering is complete
 * @returns {string} base64url
 */
export function packDescription(description) {
  const signal = readSignal(description);
  /** @type {number[]} */
  const bytes = [VERSION, (signal.answer ? 1 : 0) | (Math.max(0, ROLES.indexOf(signal.role)) << 1)];
  for (const text of [signal.ufrag, signal.pwd]) {
    const ascii = [...text].map((c) => c.charCodeAt(0));
    if (ascii.length > 255 || ascii.some((c) => c > 126)) throw new SignalCodeError("The connection details are not plain text.");
    bytes.push(ascii.length, ...ascii);
  }
  if (signal.fingerprint.length !== 32) throw new SignalCodeError("The connection's fingerprint is not a SHA-256 one.");
  bytes.push(...signal.fingerprint, signal.candidates.length);
  for (const { type, address, port } of signal.candidates) {
    const form = /** @type {number} */ (addressForm(address));
    bytes.push(TYPES.indexOf(type) | (form << 2), ...addressBytes(address, form), port >> 8, port & 255);
  }
  return toBase64Url(Uint8Array.from(bytes));
}

/**
 * The session description a code stands for, ready for `setRemoteDescription`.
 * @param {string} code
 * @returns {{type: "offer" | "answer", sdp: string}}
 */
export function unpackDescription(code) {
  const bytes = fromBase64Url(code.trim());
  let at = 0;
  const take = (/** @type {number} */ count) => {
    if (at + count > bytes.length) throw new SignalCodeError("The code is cut short: copy all of it.");
    const part = bytes.subarray(at, at + count);
    at += count;
    return part;
  };
  const [version, flags] = take(2);
  if (version !== VERSION) throw new SignalCodeError("The code comes from another version of the saloon: both of you reload the page.");
  const text = () => String.fromCharCode(...take(take(1)[0]));
  const ufrag = text();
  const pwd = text();
  const fingerprint = [...take(32)].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const count = take(1)[0];
  if (count > MAX_CANDIDATES) throw new SignalCodeError("The code is not one the saloon made.");
  const lines = [];
  for (let n = 0; n < count; n++) {
    const kind = take(1)[0];
    const type = TYPES[kind & 3];
    const preference = TYPE_PREFERENCE[kind & 3];
    const form = (kind >> 2) & 3;
    const address = readAddress(take(form === FORM_IPV4 ? 4 : 16), form);
    const [high, low] = take(2);
    const priority = preference * 2 ** 24 + (65535 - n) * 2 ** 8 + 255;
    lines.push(`a=candidate:${n + 1} 1 udp ${priority} ${address} ${high * 256 + low} typ ${type}`);
  }
  if (at !== bytes.length) throw new SignalCodeError("The code is not one the saloon made.");
  if (!ufrag || !pwd) throw new SignalCodeError("The code is not one the saloon made.");
  const answer = (flags & 1) === 1;
  const sdp = [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...lines, "a=end-of-candidates",
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${ROLES[(flags >> 1) & 3] ?? "actpass"}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ].join("\r\n") + "\r\n";
  return { type: answer ? "answer" : "offer", sdp };
}

/**
 * How an address is packed, or null for one the code cannot carry (a TCP-only or malformed one).
 * @param {string} address
 */
function addressForm(address) {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return FORM_IPV4;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local$/i.test(address)) return FORM_MDNS;
  if (address.includes(":") && /^[0-9a-f:]+$/i.test(address) && address.split("::").length <= 2) return FORM_IPV6;
  return null;
}

/**
 * @param {string} address
 * @param {number} form
 * @returns {number[]}
 */
function addressBytes(address, form) {
  if (form === FORM_IPV4) return address.split(".").map(Number);
  if (form === FORM_MDNS) return [...hexBytes(address.slice(0, 36).replaceAll("-", ""))];
  const [head, tail = ""] = address.split("::");
  const groups = (/** @type {string} */ part) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = address.includes("::") ? groups(tail) : [];
  const all = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]);
}

/**
 * @param {Uint8Array} bytes
 * @param {number} form
 */
function readAddress(bytes, form) {
  if (form === FORM_IPV4) return [...bytes].join(".");
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (form === FORM_MDNS) return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
  if (form !== FORM_IPV6) throw new SignalCodeError("The code is not one the saloon made.");
  return (hex.match(/.{4}/g) ?? []).map((group) => group.replace(/^0+(?=.)/, "")).join(":");
}

/** @param {string} hex pairs of hex digits, optionally separated by colons */
function hexBytes(hex) {
  const digits = hex.replaceAll(":", "");
  if (!/^([0-9a-f]{2})*$/i.test(digits)) throw new SignalCodeError("The connection's fingerprint is not hex.");
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** @param {Uint8Array} bytes */
function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** @param {string} code */
function fromBase64Url(code) {
  if (!/^[A-Za-z0-9_-]+$/.test(code)) throw new SignalCodeError("That is not a saloon code: it holds other characters.");
  try {
    return Uint8Array.from(atob(code.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
  } catch {
    throw new SignalCodeError("The code is cut short: copy all of it.");
  }
}
