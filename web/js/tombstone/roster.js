// The roster: Tombstone characters kept in this browser, one localStorage entry each
// ("saloon:tombstone:character:<id>"), so one damaged entry costs that character and never the others.
// Every sheet that comes in (read back from storage, imported from a file, finished at the forge) is
// checked by the engine (bridge op `check_result`, character.check_sheet) before the page uses it; what
// fails is reported and left as it was. The check also says where the sheet comes from (TS-18: its forge
// record replayed), which the roster shows rather than what the sheet claims of itself.
// Every change to a kept sheet is written in its history (TS-24, ./sheet-history.js): joining the roster,
// a table's write-back (the differences), an edit or an advancement from the editor.
import { withEntry, writeBackChange } from "./sheet-history.js";
import { errorText } from "../error-text.js";

const PREFIX = "saloon:tombstone:character:";
/** The forge: the game whose result a character sheet is (it checks sheets, and the table links to it). */
export const FORGE = "tombstone_forge";

/**
 * @typedef {{word: "by_the_book" | "forged" | "edited" | "imported", reason: string, problems: string[]}} Provenance
 *   where a sheet comes from, as the engine found by replaying its forge record (TS-18)
 * @typedef {import("../tombstone_table/shapes.js").Sheet} Sheet  a character sheet as the engine checked it
 * @typedef {{id: string, key: string, sheet: Sheet, added: string, provenance: Provenance | null}} Character
 *   a checked roster entry
 * @typedef {{key: string, message: string}} Problem  an entry that could not be read
 * @typedef {{call: (request: any) => Promise<any>}} Bridge
 * @typedef {{ok: true, sheet: Sheet, provenance: Provenance | null} | {ok: false, message: string}} Checked
 *   ok: the canonical sheet and where it comes from; else why not
 * @typedef {{ok: true, character: Character, fresh: boolean} | {ok: false, message: string}} Added
 *   ok: the character kept (fresh: false when it already was); else why not
 * @typedef {{sheet?: any, added?: unknown}} Entry  a stored roster entry, as read back (any JSON: the engine checks its sheet)
 */

/**
 * A short stable id from the sheet's text (two FNV-1a hashes): the same character is kept once. The history
 * is left out: the same sheet imported twice (its joining entry written at another time) is one character.
 * @param {{history?: unknown}} sheet
 */
export function sheetId(sheet) {
  const { history: _history, ...rest } = sheet; // eslint-disable-line no-unused-vars
  const text = JSON.stringify(rest);
  let a = 0x811c9dc5, b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** localStorage, or null where the browser keeps none (private modes, settings). */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A file name for a character: "tombstone-jesse.json".
 * @param {{name?: string}} sheet
 */
export function fileName(sheet) {
  const slug = String(sheet.name ?? "").toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return `tombstone-${slug || "character"}.json`;
}

/**
 * The key a checked sheet is kept under. A sheet is found again by the id of its canonical form (what
 * tables hand back), so an entry kept in an older form (a field the rules added since, say the companions
 * of TS-25) moves to its canonical key as it is read; otherwise a table's write-back would miss it. An entry
 * that cannot move (the key is taken, the storage full) stays where it is.
 * @param {Storage} store
 * @param {string} key where the entry is kept now
 * @param {Sheet} sheet the entry's sheet as the engine checked it
 * @param {unknown} added when it first joined the roster
 * @returns {string} the key it is kept under after this
 */
function rekey(store, key, sheet, added) {
  const canonical = PREFIX + sheetId(sheet);
  if (canonical === key || store.getItem(canonical) !== null) return key;
  try {
    store.setItem(canonical, JSON.stringify({ sheet, added }));
  } catch {
    return key;
  }
  store.removeItem(key);
  return canonical;
}

export class Roster {
  /** @param {Bridge} bridge the engine (window.app / the table's engine): checks every sheet */
  constructor(bridge) {
    this.bridge = bridge;
  }

  /**
   * A sheet checked by the engine: {ok: true, sheet, provenance} (canonical) or {ok: false, message}.
   * @param {unknown} sheet any JSON (an imported file, a stored entry)
   * @returns {Promise<Checked>}
   */
  async check(sheet) {
    const answer = await this.bridge.call({ op: "check_result", game: FORGE, result: sheet });
    if (answer.ok) return { ok: true, sheet: answer.result, provenance: answer.provenance ?? null };
    return { ok: false, message: answer.error?.message ?? "The sheet could not be checked." };
  }

  /**
   * Every character kept here, checked, oldest first, and the entries that could not be read.
   * @returns {Promise<{characters: Character[], problems: Problem[]}>}
   */
  async load() {
    const store = storage();
    /** @type {Character[]} */
    const characters = [];
    /** @type {Problem[]} */
    const problems = [];
    if (!store) return { characters, problems: [{ key: "", message: "This browser keeps no saved data here, so the roster is empty." }] };
    /** @type {string[]} */
    const keys = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys.sort()) {
      /** @type {unknown} */
      let entry;
      try {
        entry = JSON.parse(store.getItem(key) ?? "");
      } catch {
        problems.push({ key, message: "its saved text is damaged (not JSON)" });
        continue;
      }
      if (!entry || typeof entry !== "object" || !("sheet" in entry)) {
        problems.push({ key, message: "it is not a roster entry" });
        continue;
      }
      const checked = await this.check(/** @type {Entry} */ (entry).sheet);
      if (checked.ok === false) {
        problems.push({ key, message: checked.message });
        continue;
      }
      const { added } = /** @type {Entry} */ (entry);
      const kept = rekey(store, key, checked.sheet, added);
      characters.push({ id: kept.slice(PREFIX.length), key: kept, sheet: checked.sheet, added: String(added ?? ""), provenance: checked.provenance ?? null });
    }
    characters.sort((x, y) => x.added.localeCompare(y.added) || x.id.localeCompare(y.id));
    return { characters, problems };
  }

  /**
   * Keep a sheet (checked first). `fresh`: false when that very character was already kept; its history
   * then stays the one kept here (the same sheet from an older file has an older one, TS-24). `since`: when
   * it first joined (kept through replacements).
   * @param {unknown} sheet any JSON (an imported file, a finished forge's result)
   * @param {string} [since]
   * @returns {Promise<Added>}
   */
  async add(sheet, since = "") {
    let checked = await this.check(sheet);
    if (checked.ok === false) return { ok: false, message: checked.message };
    const store = storage();
    if (!store) return { ok: false, message: "This browser keeps no saved data here: the character could not be kept." };
    const id = sheetId(checked.sheet);
    const key = PREFIX + id;
    const kept = readEntry(store, key);
    const fresh = kept === null;
    const history = kept?.sheet?.history;
    if (Array.isArray(history) && JSON.stringify(history) !== JSON.stringify(checked.sheet.history)) {
      checked = await this.check({ ...checked.sheet, history });
      if (checked.ok === false) return { ok: false, message: checked.message };
    }
    const added = since || (kept ? String(kept.added ?? "") : "") || new Date().toISOString();
    try {
      store.setItem(key, JSON.stringify({ sheet: checked.sheet, added }));
    } catch (error) {
      return { ok: false, message: `The character could not be kept in this browser (${errorText(error)}).` };
    }
    return { ok: true, character: { id, key, sheet: checked.sheet, added, provenance: checked.provenance ?? null }, fresh };
  }

  /**
   * Put `after` (a sheet as a table or the editor left it) in the place of the character who was `before`,
   * found by the id of that sheet: the new sheet is kept, with `change` at the end of its history (TS-24),
   * and the old entry forgotten. A table's write-back passes its title instead ({cause: "fight", title:
   * "Showdown: The Hollister gang"}), or nothing (the page's address tells a Showdown fight from a session at
   * the Dealer's table), and the differences are written after the title; a table that
   * changed nothing writes nothing. Calling it again for the same sheets adds nothing; a character no longer
   * on the roster (deleted meanwhile) is not brought back. A sheet the engine refuses changes nothing and
   * says why.
   * @param {Sheet} before
   * @param {Sheet} after
   * @param {import("./sheet-history.js").Change | import("./sheet-history.js").Source | null} [change]
   * @returns {Promise<Added>}
   */
  async replace(before, after, change = null) {
    const store = storage();
    const oldKey = PREFIX + sheetId(before);
    const newKey = PREFIX + sheetId(after);
    const kept = store ? readEntry(store, oldKey) : null;
    if (kept === null || (newKey === oldKey && !change)) { // written already, or nothing changed: it stands
      const now = store ? readEntry(store, newKey) : null;
      const checked = await this.check(now ? now.sheet : after);
      if (checked.ok === false) return { ok: false, message: `${after.name || "A character"}: ${checked.message}` };
      if (!now) return { ok: false, message: `${before.name || "A character"} is no longer on your roster` };
      return { ok: true, character: { id: newKey.slice(PREFIX.length), key: newKey, sheet: checked.sheet, added: String(now.added ?? ""), provenance: checked.provenance ?? null }, fresh: false };
    }
    const entry = change === null ? writeBackChange(before, after, pageTable())
      : "what" in change ? change : writeBackChange(before, after, change);
    const written = withEntry({ ...after, history: kept.sheet?.history ?? [] }, entry);
    const checked = await this.check(written);
    if (checked.ok === false) return { ok: false, message: `${after.name || "A character"}: ${checked.message}` };
    const added = await this.add(checked.sheet, String(kept.added ?? ""));
    if (added.ok && added.character?.key !== oldKey) this.remove(oldKey);
    return added;
  }

  /**
   * A character from a file's text: refused with a clear message (and nothing changed) unless it is a sheet.
   * @param {string} text
   * @returns {Promise<Added>}
   */
  async importText(text) {
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return { ok: false, message: "This file is not a character sheet: it is not JSON." };
    }
    if (data && typeof data === "object" && "sheet" in data && !("format" in data)) data = data.sheet; // a roster entry
    const added = await this.add(data);
    if (added.ok === false) return { ok: false, message: `This file was not imported: ${added.message}` };
    return added;
  }

  /**
   * Forget one entry (a character or a damaged entry) by its storage key.
   * @param {string} key
   */
  remove(key) {
    if (!key.startsWith(PREFIX)) return;
    storage()?.removeItem(key);
  }
}

/**
 * A stored roster entry ({sheet, added}), or null when there is none or it does not read.
 * @param {Storage} store
 * @param {string} key
 * @returns {Entry | null}
 */
function readEntry(store, key) {
  const text = store.getItem(key);
  if (text === null) return null;
  try {
    const entry = JSON.parse(text);
    return entry && typeof entry === "object" ? entry : null;
  } catch {
    return null;
  }
}

/** The table whose write-back this is, from the page's address: a Showdown fight or a Dealer's session. */
function pageTable() {
  const game = new URLSearchParams(location.hash.slice(1)).get("game") ?? "";
  return game === "tombstone_showdown" ? { cause: /** @type {const} */ ("fight"), title: "Showdown" }
    : { cause: /** @type {const} */ ("session"), title: "At the Dealer's table" };
}

/**
 * What a table says once it has written sheets back: "Back on your roster as they stand now: Ada, Kit."
 * and what could not be written.
 * @param {string[]} written names written back
 * @param {string[]} problems why others were not
 */
export function writtenBackNote(written, problems) {
  const told = written.length ? `Back on your roster as they stand now: ${written.join(", ")}.` : "";
  return [told, problems.length ? `Not written back: ${problems.join("; ")}.` : ""].filter(Boolean).join(" ");
}

/**
 * Offer a sheet as a .json download.
 * @param {{name?: string}} sheet
 */
export function exportSheet(sheet) {
  const blob = new Blob([`${JSON.stringify(sheet, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(sheet);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
