// A sheet's history (TS-24): what changed a character on the roster, kept on the sheet itself (`history`,
// oldest first, the newest HISTORY_LIMIT entries) so it travels with the exported file. This module writes
// an entry (`withEntry`), says in words what a table changed (`sheetChanges`, for the write-back) and shows
// the history newest first (`historyView`). The engine checks every sheet that carries it (character.py).
import { make, dollars } from "./sheet-view.js";
import { abilities, scoreOf } from "./rules.js";

/** character.HISTORY_LIMIT and WHAT_LIMIT: what check_sheet accepts. */
export const HISTORY_LIMIT = 100;
export const WHAT_LIMIT = 240;

/** @typedef {"session" | "fight" | "edit" | "advance"} Cause */
/** @typedef {{cause: Cause, what: string}} Change  an entry to write, before its time is known */
/** @typedef {{cause: Cause, title: string}} Source  the table a write-back comes from: "Showdown: The Hollister gang" */
/** @typedef {import("../tombstone_table/shapes.js").Sheet} Sheet */

/**
 * What each cause is called on the sheet.
 * @type {Record<string, string>}
 */
export const CAUSE_WORDS = { session: "Session", fight: "Fight", edit: "Edit", advance: "Advancement" };

/**
 * One line of at most WHAT_LIMIT characters (a long line ends with "…").
 * @param {string} text
 */
function oneLine(text) {
  const flat = String(text).replace(/\s+/g, " ").trim();
  return flat.length > WHAT_LIMIT ? `${flat.slice(0, WHAT_LIMIT - 1)}…` : flat;
}

/**
 * A copy of `sheet` with `change` written at the end of its history (the oldest dropped past the limit).
 * @template {{history?: import("../tombstone_table/shapes.js").HistoryEntry[]}} S
 * @param {S} sheet
 * @param {Change} change
 * @param {string} [when] ISO time (now by default)
 */
export function withEntry(sheet, { cause, what }, when = new Date().toISOString()) {
  const history = [...(sheet.history ?? []), { cause, when, what: oneLine(what) }].slice(-HISTORY_LIMIT);
  return { ...sheet, history };
}

/**
 * "Bible, Rope" from a list of item names, with "×2" for repeats.
 * @param {string[]} names
 */
function itemWords(names) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
}

/**
 * The names in `a` that are not matched one for one in `b`.
 * @param {string[]} a
 * @param {string[]} b
 */
function missing(a, b) {
  const left = [...b];
  return a.filter((name) => {
    const at = left.indexOf(name);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/**
 * What changed from `before` to `after`, in short words: "HP 8→3", "+$5", "lost Torch", "scar: Walloped",
 * "dead". Empty when nothing a player would note changed.
 * @param {Sheet} before
 * @param {Sheet} after
 * @returns {string[]}
 */
export function sheetChanges(before, after) {
  const said = [];
  /** @type {Record<string, string>} */
  const status = { up: "back on their feet", out: "out of the fight", dead: "dead" };
  if (before.status !== after.status) said.push(status[after.status] ?? after.status);
  if (before.hp !== after.hp || before.max_hp !== after.max_hp) {
    said.push(before.max_hp === after.max_hp ? `HP ${before.hp}→${after.hp}` : `HP ${before.hp}/${before.max_hp}→${after.hp}/${after.max_hp}`);
  }
  for (const { id } of abilities()) {
    const [maxBefore, maxAfter] = [scoreOf(before.max, id), scoreOf(after.max, id)];
    const [scoreBefore, scoreAfter] = [scoreOf(before.abilities, id), scoreOf(after.abilities, id)];
    if (maxBefore !== maxAfter) said.push(`max ${id} ${maxBefore}→${maxAfter}`);
    if (scoreBefore !== scoreAfter) said.push(`${id} ${scoreBefore}→${scoreAfter}`);
  }
  const money = after.money - before.money;
  if (money) said.push(money > 0 ? `+${dollars(money)}` : `−${dollars(-money)}`);
  const had = before.inventory.map((i) => i.name);
  const has = after.inventory.map((i) => i.name);
  const gained = missing(has, had);
  const lost = missing(had, has);
  if (gained.length) said.push(`gained ${itemWords(gained)}`);
  if (lost.length) said.push(`lost ${itemWords(lost)}`);
  const newConditions = missing(after.conditions, before.conditions);
  const cleared = missing(before.conditions, after.conditions);
  if (newConditions.length) said.push(itemWords(newConditions));
  if (cleared.length) said.push(`${itemWords(cleared)} cleared`);
  if (before.fatigue !== after.fatigue) said.push(`Fatigue ${before.fatigue}→${after.fatigue}`);
  const scars = missing(after.scars.map((s) => s.name), before.scars.map((s) => s.name));
  for (const name of scars) said.push(`scar: ${name}`);
  const mended = after.scars.filter((s, i) => before.scars[i]?.pending && !s.pending).map((s) => s.name);
  for (const name of mended) said.push(`recovered from ${name}`);
  if (before.exhausted !== after.exhausted) said.push(after.exhausted ? "exhausted" : "no longer exhausted");
  if (before.doomed !== after.doomed) said.push(after.doomed ? "doomed" : "no longer doomed");
  return said;
}

/**
 * The entry a table writes when it hands a sheet back (TS-24): "Showdown — HP 8→3, +$5, scar: Walloped".
 * @param {Sheet} before the sheet that sat down
 * @param {Sheet} after the sheet the table left
 * @param {Source} source
 * @returns {Change}
 */
export function writeBackChange(before, after, { cause, title }) {
  const said = sheetChanges(before, after);
  return { cause, what: `${title} — ${said.length ? said.join(", ") : "no change"}` };
}

/**
 * "26 Nov 2026, 07:05" in the reader's own clock, or "" for a time that does not read.
 * @param {string} when
 */
export function whenWords(when) {
  const date = new Date(when);
  if (!when || Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

/**
 * The history, newest first, one compact line each (cause, time, what).
 * @param {{history?: import("../tombstone_table/shapes.js").HistoryEntry[]}} sheet
 * @returns {HTMLElement | null} null when the sheet has none
 */
export function historyView(sheet) {
  const history = sheet.history ?? [];
  if (!history.length) return null;
  const items = [...history].reverse().map((entry) => make("li", { className: `tb-history-entry tb-cause-${entry.cause}`, "data-cause": entry.cause }, [
    make("span", { className: "tb-history-head" }, [
      make("strong", {}, [CAUSE_WORDS[entry.cause] ?? entry.cause]),
      ...(whenWords(entry.when) ? [make("time", { datetime: entry.when }, [whenWords(entry.when)])] : []),
    ]),
    make("span", { className: "tb-history-what" }, [entry.what]),
  ]));
  return make("section", { className: "tb-part tb-history", "data-history": "" }, [
    make("h3", {}, ["History ", make("span", { className: "tb-history-count" }, [`${history.length} ${history.length === 1 ? "entry" : "entries"}, newest first`])]),
    make("ol", { className: "tb-history-list" }, items),
  ]);
}
