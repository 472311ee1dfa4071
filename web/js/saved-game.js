// The last game played, kept in localStorage as {hash, record} so a reload resumes it.

const KEY = "saloon:saved-game";

export function saveGame(hash, record) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ hash, record }));
  } catch {
    // Storage full or disabled (private mode): the game simply won't survive a reload.
  }
}

/**
 * The saved record for this table, or null if none.
 * Returns {corrupt: true} when something is stored for it but cannot even be parsed.
 */
export function savedRecordFor(hash) {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const saved = JSON.parse(text);
    if (saved?.hash !== hash) return null;
    return { record: saved.record };
  } catch {
    return { corrupt: true };
  }
}

export function forgetGame() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The address of the saved game, for the menu's "continue" link (null when there is none). */
export function savedHash() {
  try {
    return JSON.parse(localStorage.getItem(KEY))?.hash ?? null;
  } catch {
    return null;
  }
}
