// The games on offer, as the engine describes them (GameInfo), limited to those the page has a table for.
// The build writes the engine's answer to the `games` op into games.json beside index.html, from the same
// engines archive the worker loads, so the menu shows its real tiles without waiting for the engines to start.
// Should that file be out of reach, the engines are asked once they are ready.

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Engine} Engine */
import { hasTable } from "./games.js";
import { keepConstants } from "./game-constants.js";

const CATALOG = new URL("../games.json", import.meta.url);

/**
 * The games of a `games` answer that this page can seat people at.
 * @param {unknown} answer  games.json as fetched (any JSON at all), or the engines' answer
 * @returns {GameInfo[]}
 */
function playable(answer) {
  // Read as what it should be; each field is checked before it is trusted.
  const read = /** @type {{ok?: unknown, games?: unknown, error?: {message?: string}} | null | undefined} */ (answer);
  if (!read?.ok || !Array.isArray(read.games)) throw new Error(read?.error?.message ?? "The list of games could not be read.");
  const games = /** @type {GameInfo[]} */ (read.games.filter((info) => hasTable(info?.id)));
  keepConstants(games);
  return games;
}

/**
 * The games, from the site's catalog, else from the engines once they are ready.
 * @param {Engine} engine
 * @returns {Promise<GameInfo[]>}
 */
export async function loadGames(engine) {
  try {
    const response = await fetch(CATALOG);
    if (response.ok) return playable(await response.json());
  } catch {
    // Not there or unreadable: the engines know the games too.
  }
  await engine.ready;
  return playable(await engine.call({ op: "games" }));
}
