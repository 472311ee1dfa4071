// The player's record: games won, lost and drawn, the current winning streak and the best one, per game
// and per level, kept in this browser (localStorage, one entry). It is a tally and nothing more: no deal,
// seed or card ever goes in, so it may sit in readable storage.
//
// What counts (decided here, issue 13): a game against the computer, under its level; a solo game that is
// a contest (a Showdown fight), under "solo". The engine says whether the seat won, lost or drew (the
// outcome's `verdict`, null where a game is no contest: a character forge, the Dealer's table). A hot-seat
// game is nobody's own record (both people share the device), and a guided first game
// (settings.guided) is a lesson, so neither counts. A finished game counts once: the table counts it when
// it sees the game end, never when it opens a game that was over already (a reload, another tab).
//
// Storage that is missing, off, corrupted or written by something else never breaks the menu: what
// cannot be read is an empty record (and the next finished game writes a clean one).

const KEY = "saloon:record";
const VERSION = 1;
const VERDICTS = /** @type {const} */ (["won", "lost", "drawn"]);
export const SOLO = "solo";

/**
 * @typedef {{won: number, lost: number, drawn: number, streak: number, best: number}} Tally
 *   streak: games won in a row up to the last one; best: the longest such run
 * @typedef {{all: Tally, levels: Record<string, Tally>}} GameRecord  all: every level together, in the
 *   order played (its streak runs across levels)
 * @typedef {Record<string, GameRecord>} Book  by game id
 */

/** @returns {Tally} */
export function emptyTally() {
  return { won: 0, lost: 0, drawn: 0, streak: 0, best: 0 };
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
 * @param {unknown} value
 * @returns {value is number}
 */
const isCount = (value) => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * A tally read back from storage, or null when it is not one (a foreign or damaged value).
 * @param {unknown} value
 * @returns {Tally | null}
 */
function checkedTally(value) {
  if (typeof value !== "object" || value === null) return null;
  const fields = /** @type {Record<string, unknown>} */ (value);
  const tally = emptyTally();
  for (const key of /** @type {(keyof Tally)[]} */ (Object.keys(tally))) {
    const count = fields[key];
    if (!isCount(count)) return null;
    tally[key] = count;
  }
  return tally.streak <= tally.best && tally.best <= tally.won ? tally : null;
}

/**
 * One game's record read back from storage; a damaged level is dropped, a damaged total rebuilt empty.
 * @param {unknown} value
 * @returns {GameRecord | null}
 */
function checkedGame(value) {
  if (typeof value !== "object" || value === null) return null;
  const fields = /** @type {Record<string, unknown>} */ (value);
  /** @type {Record<string, Tally>} */
  const levels = {};
  if (typeof fields.levels === "object" && fields.levels !== null) {
    for (const [level, tally] of Object.entries(fields.levels)) {
      const checked = checkedTally(tally);
      if (checked) levels[level] = checked;
    }
  }
  return { all: checkedTally(fields.all) ?? emptyTally(), levels };
}

/**
 * The record kept in this browser; empty when there is none or it cannot be read.
 * @returns {Book}
 */
export function readBook() {
  let parsed;
  try {
    parsed = JSON.parse(storage()?.getItem(KEY) ?? "null");
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || parsed.version !== VERSION
      || typeof parsed.games !== "object" || parsed.games === null) return {};
  /** @type {Book} */
  const book = {};
  for (const [game, value] of Object.entries(parsed.games)) {
    const checked = checkedGame(value);
    if (checked) book[game] = checked;
  }
  return book;
}

/** @param {Book} book */
function writeBook(book) {
  try {
    storage()?.setItem(KEY, JSON.stringify({ version: VERSION, games: book }));
  } catch {
    // Storage full or off: the record simply is not kept this time.
  }
}

/**
 * Where a game of these settings counts: a level id, SOLO, or null when it is nobody's own record.
 * @param {{mode: string, level: string, guided?: boolean}} settings
 */
export function recordLevel(settings) {
  if (settings.guided === true) return null;
  if (settings.mode === "computer") return settings.level || null;
  return settings.mode === "solo" ? SOLO : null;
}

/**
 * @param {Tally} tally
 * @param {"won" | "lost" | "drawn"} verdict
 */
function counted(tally, verdict) {
  const streak = verdict === "won" ? tally.streak + 1 : 0;
  return { ...tally, [verdict]: tally[verdict] + 1, streak, best: Math.max(tally.best, streak) };
}

/**
 * Count one finished game; returns the game's record after it (null when it does not count).
 * @param {string} game
 * @param {{mode: string, level: string, guided?: boolean}} settings
 * @param {unknown} verdict the outcome's verdict for the person's seat
 * @returns {GameRecord | null}
 */
export function countGame(game, settings, verdict) {
  const level = recordLevel(settings);
  const how = VERDICTS.find((known) => known === verdict);
  if (level === null || how === undefined) return null;
  const book = readBook();
  const before = book[game] ?? { all: emptyTally(), levels: {} };
  const after = {
    all: counted(before.all, how),
    levels: { ...before.levels, [level]: counted(before.levels[level] ?? emptyTally(), how) },
  };
  writeBook({ ...book, [game]: after });
  return after;
}

/**
 * Whether any game of this tally was played.
 * @param {Tally} tally
 */
export function played(tally) {
  return tally.won + tally.lost + tally.drawn > 0;
}

/**
 * "7 won · 3 lost · 1 drawn · streak 2" (a count of none is left out, and a streak below 2).
 * @param {Tally} tally
 * @param {{best?: boolean}} [options] best: add "best streak 4"
 */
export function tallyLine(tally, { best = false } = {}) {
  const parts = [`${tally.won} won`, `${tally.lost} lost`];
  if (tally.drawn) parts.push(`${tally.drawn} drawn`);
  if (tally.streak > 1) parts.push(`streak ${tally.streak}`);
  if (best && tally.best > 0) parts.push(`best streak ${tally.best}`);
  return parts.join(" · ");
}

/**
 * The name a level goes by on the page: its label ("Gunslinger"), or "Solo".
 * @param {{levels: {id: string, label: string}[]}} info
 * @param {string} level
 */
export function levelLabel(info, level) {
  if (level === SOLO) return "Solo";
  return info.levels.find((known) => known.id === level)?.label ?? level;
}

/**
 * A game's levels with games played, in the order the game lists its levels (then solo).
 * @param {{levels: {id: string, label: string}[]}} info
 * @param {GameRecord} record
 * @returns {[string, Tally][]}
 */
export function levelsPlayed(info, record) {
  const order = [...info.levels.map((level) => level.id), SOLO];
  return Object.entries(record.levels)
    .filter(([level, tally]) => order.includes(level) && played(tally))
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}
