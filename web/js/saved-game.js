// The page's side of the saved games. The engine worker seals and stores them (see worker/saves.js for
// what that protects against); the page only asks it to save, restore, list and forget, and learns a
// slot's revision and meta, never the record.
//
// One slot per game id. Each open table remembers the revision it last loaded or wrote; a save over a
// revision that another tab has moved past fails with `save_conflict` instead of overwriting. After a
// save or a forget the tab says so on a BroadcastChannel, so other tabs showing that game can reload it.

/** @typedef {import("./types.js").Engine} Engine */
/** @typedef {import("./types.js").SaveMeta} SaveMeta */
/** @typedef {import("./types.js").Response} Response */

const channel = "BroadcastChannel" in self ? new BroadcastChannel("saloon:saves") : null;

/** @typedef {{slot: string, revision: number}} SlotChange */

/**
 * Tell the other tabs that `slot` is now at `revision`.
 * @param {string} slot
 * @param {number | undefined} revision
 */
function announce(slot, revision) {
  channel?.postMessage({ slot, revision });
}

/**
 * Run `listener({slot, revision})` whenever another tab writes or empties a slot.
 * @param {(change: SlotChange) => void} listener
 */
export function onSlotChanged(listener) {
  channel?.addEventListener("message", (event) => listener(event.data));
}

export class SavedGames {
  /** @param {Engine} engine */
  constructor(engine) {
    this.engine = engine;
  }

  /**
   * The meta of every saved game, by game id (an empty object when storage is out of reach).
   * @returns {Promise<Record<string, SaveMeta>>}
   */
  async list() {
    return (await this.listed()) ?? {};
  }

  /**
   * The meta of every saved game, by game id, or null when storage is out of reach (so a game may be
   * saved there all the same).
   * @returns {Promise<Record<string, SaveMeta> | null>}
   */
  async listed() {
    try {
      const answer = await this.engine.call({ op: "saved" });
      return (answer.ok && answer.slots) || null;
    } catch {
      return null; // the engine did not start; the loading pill says so
    }
  }

  /**
   * Restore the game saved for `slot` into a bridge session: {ok, session|null, meta, revision, remote?}, or an error
   * (kept_aside with `kept` when the record was kept aside, see worker/saves.js).
   * @param {string} slot
   * @param {string[]} names  the seats' names for the engine's sentences
   * @returns {Promise<Response>}
   */
  restore(slot, names) {
    return this.engine.call({ op: "restore", slot, names });
  }

  /**
   * Empty `slot`; resolves to the revision a fresh game there saves over.
   * @param {string} slot
   * @returns {Promise<number>}
   */
  async forget(slot) {
    const answer = await this.engine.call({ op: "forget", slot });
    if (answer.ok) announce(slot, answer.revision);
    return (answer.ok && answer.revision) || 0;
  }

  /**
   * Seal and store `session` in `slot` over `revision` (with a game with a friend on another device, its
   * `remote` bookkeeping; a guest's side has no session).
   * @param {{session: string | null, slot: string, meta: SaveMeta, revision: number | null, remote?: object}} save
   * @returns {Promise<Response>}
   */
  async save({ session, slot, meta, revision, remote }) {
    const answer = await this.engine.call({ op: "save", session, slot, meta, revision, ...(remote ? { remote } : {}) });
    if (answer.ok) announce(slot, answer.revision);
    return answer;
  }
}
