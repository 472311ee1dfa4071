// Older versions of the site kept one game in localStorage["saloon:saved-game"] as {hash, record}, where
// anyone could read it. Hand it to the worker (which seals it into that game's slot) once, then delete it.
import { parseHash } from "./router.js";

/** @typedef {import("./types.js").Engine} Engine */

const LEGACY_KEY = "saloon:saved-game";

/**
 * Move the old save into the sealed store; resolves to a notice for the player when it could not be
 * kept, else null.
 * @param {Engine} engine
 */
export async function adoptLegacySave(engine) {
  let text;
  try {
    text = localStorage.getItem(LEGACY_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  let notice = "Your saved game could not be read, so it was set aside.";
  try {
    const { hash, record } = JSON.parse(text);
    const settings = parseHash(hash)?.settings;
    const slot = record?.game ?? settings?.game;
    const meta = { mode: settings?.mode ?? "computer", level: settings?.level ?? "", side: settings?.side ?? 0, options: record?.options ?? {} };
    const answer = await engine.call({ op: "adopt", slot, record, meta });
    notice = answer.ok ? null : answer.error.message;
  } catch {
    // Not JSON: the notice above.
  }
  localStorage.removeItem(LEGACY_KEY);
  return notice;
}
