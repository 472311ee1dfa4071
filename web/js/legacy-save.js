// Older versions of the site kept one game in localStorage["saloon:saved-game"] as {hash, record}, where
// anyone could read it. Hand it to the worker, which seals it into that game's slot (or, when it cannot be
// loaded or a game is already saved there, keeps it aside sealed), and delete it only once the worker says
// it is stored: while storage is off or fails, the old save stays the only copy, and is tried again next visit.
import { parseHash } from "./router.js";

/** @typedef {import("./types.js").Engine} Engine */

const LEGACY_KEY = "saloon:saved-game";

/**
 * What the old save says: the record (or the text itself when it is not JSON, still worth keeping) and the
 * slot and meta it belongs to.
 * @param {string} text
 */
function readLegacy(text) {
  /** @type {any} */
  let saved;
  try {
    saved = JSON.parse(text);
  } catch {
    return { slot: "unknown", record: text, meta: { mode: "computer", level: "", side: 0, options: {} } };
  }
  const settings = typeof saved?.hash === "string" ? parseHash(saved.hash)?.settings : undefined;
  const record = saved?.record ?? saved;
  const game = typeof record?.game === "string" ? record.game : settings?.game;
  const meta = { mode: settings?.mode ?? "computer", level: settings?.level ?? "", side: settings?.side ?? 0, options: record?.options ?? {} };
  return { slot: typeof game === "string" ? game : "unknown", record, meta };
}

/**
 * Move the old save into the sealed store. Resolves to null when there was none or it was taken in as it
 * was; else to what the player should be told: {message} and, when it was kept aside, the `kept` id to offer
 * for download.
 * @param {Engine} engine
 * @returns {Promise<{message: string, kept?: number} | null>}
 */
export async function adoptLegacySave(engine) {
  let text;
  try {
    text = localStorage.getItem(LEGACY_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  const { slot, record, meta } = readLegacy(text);
  const answer = await engine.call({ op: "adopt", slot, record, meta });
  if (!answer.ok) {
    return { message: `Your game saved by an older version of the saloon was left where it was (${answer.error?.message ?? "no answer"}).` };
  }
  localStorage.removeItem(LEGACY_KEY);
  if (answer.adopted) return null;
  return {
    message: "Your game saved by an older version of the saloon could not be taken in as it was. "
      + "It is kept aside, unchanged, so you can download it.",
    ...(answer.kept === undefined ? {} : { kept: answer.kept }),
  };
}
