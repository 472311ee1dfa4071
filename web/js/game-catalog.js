// The games on offer, as the engine describes them (GameInfo from the `games` op), limited to those the
// page has a table for. The last list is kept in localStorage (nothing secret: titles, blurbs, options),
// so a second visit paints the real menu before Python has even started.

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Engine} Engine */
import { hasTable } from "./games.js";

const CACHE_KEY = "saloon:games";

/** The games seen on the last visit, or null (first visit, storage off, or unreadable). */
export function cachedGames() {
  try {
    const games = JSON.parse(localStorage.getItem(CACHE_KEY) ?? "null");
    return Array.isArray(games) ? games.filter((info) => hasTable(info?.id)) : null;
  } catch {
    return null;
  }
}

/**
 * Ask the engine for its games and remember them for the next visit.
 * @param {Engine} engine
 * @returns {Promise<GameInfo[]>}
 */
export async function fetchGames(engine) {
  const answer = await engine.call({ op: "games" });
  if (!answer.ok) throw new Error(answer.error.message);
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(answer.games));
  } catch {
    // Storage full or off: the next visit shows placeholders until the engine answers.
  }
  return answer.games.filter((info) => hasTable(info.id));
}
