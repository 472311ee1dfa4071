// The address hash names the table: "#game=<id>&mode=computer&level=<level id>[&side=1][&speed=instant]".
// It never carries a seed during play. A link that deals a particular deal adds "&seed=N" (or, in tests,
// "&deal=<JSON>") and may add "&options=<JSON>"; the page deals it and then takes those off the address.
//   speed=slow|normal|fast|instant: this table's speed instead of the one remembered (table/speed.js);
//   instant: no computer "thinking" pauses, no animations, no hot-seat hand-over pause (tests, bench).
// "mode=remote[&side=1]" is a game with a friend on another device: it opens only the one kept in the slot.
import { isSpeed } from "./table/speed.js";

/** @typedef {import("./types.js").Settings} Settings */
/** @typedef {import("./types.js").DealRequest} DealRequest */
/** @typedef {import("./types.js").GameInfo} GameInfo */

/**
 * JSON from a hash parameter; unreadable text means none.
 * @param {string | null} text
 * @returns {unknown}
 */
function parseJson(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * What an address asks for: the table (settings as written, checked later against the game's GameInfo)
 * and, when it names one, a particular deal. Null for the menu.
 * @param {string} hash
 * @returns {{settings: Settings, dealt: DealRequest | null} | null}
 */
export function parseHash(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const game = params.get("game");
  if (!game) return null;
  const speed = params.get("speed");
  /** @type {Settings} */
  const settings = {
    game,
    mode: /** @type {Settings["mode"]} */ (params.get("mode") ?? ""), // as written: settingsFor checks it
    level: params.get("level") ?? "",
    side: Number.parseInt(params.get("side") ?? "0", 10) || 0,
    ...(isSpeed(speed) ? { speed } : {}),
  };
  const seed = Number.parseInt(params.get("seed") ?? "", 10);
  const deal = parseJson(params.get("deal"));
  const options = parseJson(params.get("options"));
  const named = Number.isSafeInteger(seed) || deal !== null;
  const dealt = named ? {
    seed: Number.isSafeInteger(seed) ? seed : null,
    deal,
    // The engine checks each option's name and value when it deals.
    options: options && typeof options === "object" ? /** @type {Record<string, string>} */ (options) : {},
  } : null;
  return { settings, dealt };
}

/**
 * Settings the game really offers: an unknown mode, level or seat falls back to the game's first one.
 * @param {GameInfo} info
 * @param {Partial<Settings>} wanted
 * @returns {Settings}
 */
export function settingsFor(info, wanted) {
  const modes = remotePlayable(info) ? [...info.modes, "remote"] : info.modes;
  const mode = wanted.mode !== undefined && modes.includes(wanted.mode) ? wanted.mode : info.modes[0];
  const levels = info.levels.map((level) => level.id);
  const people = personSeats(info);
  return {
    game: info.id,
    mode,
    level: mode === "computer" ? (wanted.level !== undefined && levels.includes(wanted.level) ? wanted.level : levels[0] ?? "") : "",
    side: wanted.side !== undefined && people.includes(wanted.side) ? wanted.side : people[0] ?? 0,
    ...(wanted.speed ? { speed: wanted.speed } : {}),
    ...(wanted.guided ? { guided: true } : {}),
  };
}

/**
 * Whether people on other devices can play `info`: two seats, each a person's, that one device can pass; or
 * a table of several.
 * @param {GameInfo} info
 */
export function remotePlayable(info) {
  return (info.players === 2 && info.seats.every((seat) => seat.kind === "person") && info.modes.includes("hotseat"))
    || tableOfSeveral(info);
}

/**
 * Whether `info` is a table of several people where one runs the game (the Dealer's): its first seat is a
 * person's, every other an optional person's seat, filled from a setup (the party). Its players may join
 * from their own devices.
 * @param {GameInfo} info
 */
export function tableOfSeveral(info) {
  const [first, ...others] = info.seats;
  return info.setup && info.players > 2 && first?.kind === "person" && others.every((seat) => seat.kind === "person" && seat.optional);
}

/**
 * The seats people may take (the others are played by the engine itself).
 * @param {GameInfo} info
 * @returns {number[]}
 */
export function personSeats(info) {
  return info.seats.flatMap((seat, index) => (seat.kind === "engine" ? [] : [index]));
}

/**
 * The address of a table, without any deal in it; an asked `speed` is kept (tests, bench).
 * @param {Settings} settings
 */
export function formatHash({ game, mode, level, side, speed }) {
  const params = new URLSearchParams({ game, mode });
  if (level) params.set("level", level);
  if ((mode === "computer" || mode === "remote") && side) params.set("side", String(side));
  if (speed) params.set("speed", speed);
  return `#${params}`;
}

/**
 * A link that deals the same cards again, for a finished game (from the bridge's `share` op).
 * @param {Settings} settings
 * @param {{seed: number, options: Record<string, string>, deal?: unknown}} share
 */
export function shareLink(settings, share) {
  const params = new URLSearchParams(formatHash({ ...settings, speed: undefined }).slice(1));
  params.set("seed", String(share.seed));
  if (Object.keys(share.options ?? {}).length) params.set("options", JSON.stringify(share.options));
  if (share.deal !== undefined && share.deal !== null) params.set("deal", JSON.stringify(share.deal));
  const url = new URL(location.href);
  url.hash = `#${params}`;
  return url.href;
}
