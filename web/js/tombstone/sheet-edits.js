// The changes the roster's sheet editor can make to a kept character (TS-23, TS-24), as pure functions: each
// takes a sheet and returns {after, change} (the new sheet and the words for its history), or {why} when the
// form itself is not filled in. None of them decides whether the result is a sheet: the engine does
// (character.check_sheet, through Roster.replace), and a sheet it refuses is not kept.
import { dollars } from "./sheet-view.js";
import { scoreOf } from "./rules.js";

/**
 * The debilitating condition of each ability (TS-13).
 * @type {Record<string, string>}
 */
export const CONDITION_OF = { STR: "Injured", DEX: "Hobbled", WIL: "Shocked" };

/**
 * @typedef {import("../tombstone_table/shapes.js").Sheet} Sheet
 * @typedef {import("./rules.js").Abilities} Abilities
 * @typedef {{after: Sheet, change: import("./sheet-history.js").Change}} Edit
 * @typedef {Edit | {why: string}} EditOrWhy
 */

const copy = (/** @type {Sheet} */ sheet) => structuredClone(sheet);
/**
 * @param {Sheet} after
 * @param {string} what
 * @param {import("./sheet-history.js").Cause} [cause]
 * @returns {Edit}
 */
const edit = (after, what, cause = "edit") => ({ after, change: { cause, what } });

/**
 * Raise an ability's score in `scores` by `by` (the ability named as the engine's forms name it, a string).
 * @param {Abilities} scores
 * @param {string} id
 * @param {number} by
 */
function raise(scores, id, by) {
  /** @type {Record<string, number>} */
  const byId = scores;
  byId[id] += by;
}

/**
 * Cents from a dollar amount typed by the Dealer ("5", "2.50", "$3"), or null when it does not read.
 * @param {string} text
 */
export function cents(text) {
  const clean = String(text).trim().replace(/^\$/, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/**
 * Money received (sign 1) or spent (-1). Spending more than the purse holds is left to the engine to refuse.
 * @param {Sheet} sheet
 * @param {string} amount
 * @param {number} sign
 * @returns {EditOrWhy}
 */
export function money(sheet, amount, sign) {
  const value = cents(amount);
  if (value === null || value === 0) return { why: "Write an amount in dollars, like 5 or 2.50." };
  const after = copy(sheet);
  after.money += sign * value;
  return edit(after, `${sign > 0 ? "Received" : "Spent"} ${dollars(value)}: money ${dollars(sheet.money)} → ${after.money < 0 ? "less than nothing" : dollars(after.money)}.`);
}

/**
 * An item's id from its name: "own:coil-of-rope" (the shop's ids have no colon).
 * @param {string} name
 */
function ownId(name) {
  return `own:${name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 70) || "item"}`;
}

/**
 * An item the character picked up: its name and slots (0 small and bundled, 1, or 2 bulky).
 * @param {Sheet} sheet
 * @param {string} name
 * @param {number} slots
 * @returns {EditOrWhy}
 */
export function addItem(sheet, name, slots) {
  const clean = String(name).trim();
  if (!clean) return { why: "Name the item first." };
  const after = copy(sheet);
  after.inventory.push({ id: ownId(clean), name: clean, kind: "gear", slots });
  return edit(after, `Gained ${clean} (${slots === 2 ? "bulky, 2 slots" : slots === 1 ? "1 slot" : "no slot"}).`);
}

/**
 * @param {Sheet} sheet
 * @param {number} index
 * @returns {Edit} an item dropped, sold or lost
 */
export function dropItem(sheet, index) {
  const after = copy(sheet);
  const [item] = after.inventory.splice(index, 1);
  return edit(after, `Lost or gave away ${item.name}.`);
}

/**
 * A debilitating condition (TS-13). More of a kind than the ability's maximum kills: the sheet says so.
 * @param {Sheet} sheet
 * @param {string} ability
 * @returns {Edit}
 */
export function addCondition(sheet, ability) {
  const after = copy(sheet);
  const condition = CONDITION_OF[ability];
  after.conditions.push(condition);
  const kills = killsWith(sheet, ability);
  if (kills) after.status = "dead";
  return edit(after, kills ? `${condition}: more than ${ability}'s maximum, which kills (TS-13).` : `${condition} (−1 to ${ability}, one slot).`);
}

/**
 * Whether one more condition of `ability` is more than the character survives (TS-13).
 * @param {Sheet} sheet
 * @param {string} ability
 */
export function killsWith(sheet, ability) {
  return sheet.conditions.filter((c) => c === CONDITION_OF[ability]).length + 1 > scoreOf(sheet.max, ability);
}

/**
 * @param {Sheet} sheet
 * @param {number} index
 * @returns {Edit} one condition healed
 */
export function clearCondition(sheet, index) {
  const after = copy(sheet);
  const [condition] = after.conditions.splice(index, 1);
  return edit(after, `${condition} healed.`);
}

/**
 * @param {Sheet} sheet
 * @param {number} delta
 * @returns {Edit} one Fatigue more (1) or less (-1)
 */
export function fatigue(sheet, delta) {
  const after = copy(sheet);
  after.fatigue += delta;
  return edit(after, `Fatigue ${sheet.fatigue} → ${after.fatigue}.`);
}

/**
 * A rest (TS-14): "breather" brings HP back (not while exhausted); "night" also clears Fatigue and exhaustion
 * and brings round one out of the fight; "week" (a dry bed, a bath, home cooking) also restores every
 * ability to its maximum and clears the conditions.
 * @param {Sheet} sheet
 * @param {"breather" | "night" | "week"} kind
 * @returns {EditOrWhy}
 */
export function rest(sheet, kind) {
  if (kind === "breather" && sheet.exhausted) return { why: `${sheet.name} is exhausted: no HP comes back until a night's rest (TS-14).` };
  const after = copy(sheet);
  if (kind !== "breather") {
    after.fatigue = 0;
    after.exhausted = false;
    if (after.status === "out") after.status = "up";
  }
  if (kind === "week") {
    after.abilities = { ...after.max };
    after.conditions = [];
  }
  after.hp = after.max_hp;
  const words = { breather: "A breather", night: "A full night's rest", week: "A week in a dry bed" }[kind];
  return edit(after, `${words} (TS-14): HP ${sheet.hp} → ${after.hp}${kind === "week" ? ", abilities restored, conditions cleared" : ""}${sheet.status === "out" && kind !== "breather" ? ", back on their feet" : ""}.`);
}

/**
 * A scar's recovery settled with what the Dealer's own cards gave (TS-9): for "count_X_7" how many of X's
 * suit came up among seven (above the maximum, the maximum and score rise by the difference); for
 * "max_hp_tier" the card's tier, added to max HP.
 * @param {Sheet} sheet
 * @param {number} index the scar
 * @param {number} value the count (0 to 7) or the tier (1 to 3)
 * @returns {EditOrWhy}
 */
export function settleScar(sheet, index, value) {
  const scar = sheet.scars[index];
  if (!scar.pending) return { why: `${scar.name} waits for no recovery (TS-9).` };
  const after = copy(sheet);
  delete after.scars[index].pending;
  if (scar.pending === "max_hp_tier") {
    if (![1, 2, 3].includes(value)) return { why: "The tier of the card is 1, 2 or 3 (a joker counts 1)." };
    after.max_hp += value;
    return edit(after, `Recovered from ${scar.name}: max HP ${sheet.max_hp} → ${after.max_hp} (tier ${value}, TS-9).`);
  }
  const ability = scar.pending.split("_")[1];
  if (!Number.isInteger(value) || value < 0 || value > 7) return { why: "Count the cards of the suit among the seven: 0 to 7." };
  const rise = Math.max(0, value - scoreOf(sheet.max, ability));
  raise(after.max, ability, rise);
  raise(after.abilities, ability, rise);
  return edit(after, `Recovered from ${scar.name}: ${value} of seven against max ${ability} ${scoreOf(sheet.max, ability)}${rise ? `, ${ability} rises to ${scoreOf(after.abilities, ability)}` : ", no change"} (TS-9).`);
}

/**
 * An advancement the Dealer grants (TS-23): "STR", "DEX", "WIL" or "GRT" raises that maximum (and the score,
 * and for GRT max HP and HP) by one; "skill" writes the skill in words. The reason is the engine's to require.
 * @param {Sheet} sheet
 * @param {string} kind
 * @param {string} skill
 * @param {string} reason
 * @param {string} [when]
 * @returns {EditOrWhy}
 */
export function advance(sheet, kind, skill, reason, when = new Date().toISOString()) {
  const after = copy(sheet);
  const entry = kind === "skill" ? { kind: "skill", skill: skill.trim(), reason: reason.trim(), when }
    : { kind: "ability", ability: kind, reason: reason.trim(), when };
  after.advances = [...(after.advances ?? []), entry];
  if (kind !== "skill") {
    raise(after.max, kind, 1);
    raise(after.abilities, kind, 1);
    if (kind === "GRT") {
      after.max_hp += 1;
      after.hp += 1;
    }
  }
  const gave = kind === "skill" ? `the skill ${entry.skill}` : `+1 to ${kind}'s maximum (${scoreOf(sheet.max, kind)} → ${scoreOf(after.max, kind)})`;
  return edit(after, `Advancement: ${gave} — ${entry.reason || "no reason given"}.`, "advance");
}

/**
 * @param {Sheet} sheet
 * @param {string} text
 * @returns {EditOrWhy} the notes written anew
 */
export function notes(sheet, text) {
  if (text === sheet.notes) return { why: "The notes are as they were." };
  const after = copy(sheet);
  after.notes = text;
  return edit(after, text ? `Notes rewritten (${text.length} characters).` : "Notes wiped.");
}
