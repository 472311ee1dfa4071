// Printing a character sheet: the sheet to print sits in its own element at the end of the page, shown
// only by the print stylesheet (sheet.css), which hides everything else. Printing gives one page (A4 or
// Letter) with the sheet alone, whatever is open on screen: a paper sheet with pencil space (issue 26):
// boxes for the current score beside the maximum of HP and each ability, lines for conditions, Fatigue,
// scars, advancements and notes, and the ten inventory slots, the empty ones drawn as empty lines.
import { make, dollars, PROVENANCE_WORDS, RED_SUITS, advanceWords, slotTotal } from "./sheet-view.js";
import { abilities, traits, inventorySlots, scoreOf, traitOf } from "./rules.js";
import { CONDITION_OF } from "./sheet-edits.js";

/** @type {HTMLElement | null} */
let holder = null;

/** @typedef {{provenance?: import("./roster.js").Provenance | null, marks?: Record<string, string>, caption?: string}} PrintOptions */
/** @typedef {import("./roster.js").Sheet} Sheet */

/**
 * A box to pencil a number in, with what the sheet says now printed faintly in it ("" for a blank sheet).
 * @param {string} label
 * @param {string} value
 */
const box = (label, value, className = "") => make("span", { className: `tb-pbox ${className}`.trim() }, [
  make("span", { className: "tb-pbox-label" }, [label]), make("span", { className: "tb-pbox-value" }, [value])]);

/**
 * `count` ruled lines, the first ones holding `texts`.
 * @param {string[]} texts
 * @param {number} count
 */
const lines = (texts, count, className = "") => make("ol", { className: `tb-plines ${className}`.trim() },
  Array.from({ length: Math.max(count, texts.length) }, (_, i) => make("li", {}, [texts[i] ?? ""])));

const heading = (/** @type {string} */ text) => make("h3", {}, [text]);

/** What of the notes the paper has room for (the rest stays on the roster's sheet and in its file). */
const NOTES_ON_PAPER = 600;

/** `text` cut to `limit` characters, ending "…" when cut: one page holds so much. */
const clip = (/** @type {string} */ text, /** @type {number} */ limit) => (text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text);

/**
 * The ten slots as lines: each item on its line (a bulky one on two), the slots Fatigue and conditions take
 * marked as such, the rest empty.
 * @param {Sheet} sheet
 */
function slotLines(sheet) {
  const texts = [];
  for (const item of sheet.inventory) {
    if (item.slots === 0) continue;
    const note = item.kind === "weapon" && item.damage ? ` · ${item.damage.join("/")}` : "";
    texts.push(`${item.name}${note}${item.slots === 2 ? " (bulky)" : ""}`);
    if (item.slots === 2) texts.push("↳ bulky, second slot");
  }
  for (let i = 0; i < (sheet.fatigue ?? 0); i++) texts.push("Fatigue");
  for (const condition of sheet.conditions ?? []) texts.push(condition);
  const small = sheet.inventory.filter((item) => item.slots === 0).map((item) => item.name);
  const total = slotTotal(sheet); // a pack beast's slots are lines too (TS-25)
  return [lines(texts.slice(0, total), total, "tb-pslots"),
    ...(small.length ? [make("p", { className: "tb-pnote" }, [`Small, no slot: ${small.join(", ")}`])] : [])];
}

/**
 * The paper sheet.
 * @param {Sheet} sheet
 * @param {PrintOptions} [options] provenance: where a kept sheet comes from (TS-18); marks: the forge's parts
 *   not drawn yet ("blank") print empty
 * @returns {HTMLElement}
 */
export function printView(sheet, { provenance = null, marks = {} } = {}) {
  const blank = marks.stats === "blank"; // the forge has not drawn the abilities yet
  const value = (/** @type {number | string} */ v) => (blank ? "" : String(v));
  const scores = make("div", { className: "tb-pscores" }, [
    make("div", { className: "tb-pscore tb-php" }, [make("span", { className: "tb-pscore-name" }, ["HP"]),
      box("now", value(sheet.hp)), box("max", value(sheet.max_hp), "tb-pmax")]),
    ...abilities().map((a) => make("div", { className: `tb-pscore${RED_SUITS.has(a.suit) ? " red" : ""}`, "data-ability": a.id }, [
      make("span", { className: "tb-pscore-name" }, [`${a.symbol} ${a.id}`]),
      box("now", value(scoreOf(sheet.abilities, a.id))), box("max", value((sheet.max && scoreOf(sheet.max, a.id)) ?? ""), "tb-pmax")])),
  ]);
  const conditionTexts = Object.entries(CONDITION_OF).map(([ability, condition]) => {
    const count = (sheet.conditions ?? []).filter((c) => c === condition).length;
    return `${condition} (${ability}, −1 each): ${count ? `×${count}` : ""}`;
  });
  const fatigueBoxes = make("span", { className: "tb-pticks" }, Array.from({ length: inventorySlots() }, (_, i) =>
    make("span", { className: i < (sheet.fatigue ?? 0) ? "tb-ptick on" : "tb-ptick" })));
  const flags = /** @type {const} */ (["Exhausted", "Doomed", "Out of the fight", "Dead"]).map((word) => {
    const on = { Exhausted: sheet.exhausted, Doomed: sheet.doomed, "Out of the fight": sheet.status === "out", Dead: sheet.status === "dead" }[word];
    return make("span", { className: "tb-pflag" }, [make("span", { className: on ? "tb-ptick on" : "tb-ptick" }), ` ${word}`]);
  });
  const scars = (sheet.scars ?? []).map((s) => `${s.name}${s.pending ? " (recovery to come)" : ""}: ${clip(s.detail, 110)}`);
  const advances = (sheet.advances ?? []).map((a) => `${advanceWords(a)} — ${clip(a.reason, 90)}`);
  const noteText = clip(sheet.notes ?? "", NOTES_ON_PAPER);
  const noteLines = Math.max(2, 7 - scars.length - advances.length - Math.ceil(noteText.length / 130));
  const how = provenance ? `${PROVENANCE_WORDS[provenance.word]}. ` : "";
  return make("article", { className: "tb-sheet tb-paper", "aria-label": `Character sheet to print: ${sheet.name || "not named yet"}` }, [
    make("header", { className: "tb-phead" }, [
      make("p", { className: "tb-kicker" }, ["Tombstone · character sheet"]),
      make("h2", { className: "tb-name" }, [sheet.name || "\u00a0"]),
      make("p", { className: "tb-pbackground" }, [sheet.background || "\u00a0"]),
    ]),
    scores,
    make("div", { className: "tb-pcolumns" }, [
      make("section", { className: "tb-ptraits" }, [heading("Traits"), make("dl", {}, traits().map((t) => make("div", {}, [
        make("dt", {}, [t.label]), make("dd", {}, [(sheet.traits && traitOf(sheet.traits, t.id)) ?? ""])])))]),
      make("section", { className: "tb-pgear" }, [heading(`Inventory · ${slotTotal(sheet)} slots`), ...slotLines(sheet),
        make("p", { className: "tb-pmoney" }, ["Money ", make("span", { className: "tb-pfill" }, [blank ? "" : dollars(sheet.money)])])]),
    ]),
    make("div", { className: "tb-pcolumns" }, [
      make("section", { className: "tb-pconditions" }, [heading("Conditions"), lines(conditionTexts, 3)]),
      make("section", { className: "tb-pfatigue" }, [heading("Fatigue · one slot each"), fatigueBoxes, make("p", { className: "tb-pflags" }, flags)]),
    ]),
    make("section", { className: "tb-pscars" }, [heading("Scars"), lines(scars, scars.length + Math.max(1, 3 - scars.length))]),
    make("section", { className: "tb-padvances" }, [heading("Advancements"), lines(advances, advances.length + 1)]),
    make("section", { className: "tb-pnotes" }, [heading("Notes"),
      ...(noteText ? [make("p", { className: "tb-pnotes-text" }, [noteText])] : []), lines([], noteLines)]),
    make("footer", { className: "tb-pfoot" }, [make("p", {}, [how, sheet.credit ?? ""])]),
  ]);
}

/**
 * Make `sheet` the one the printer gets (the screen does not show this copy).
 * @param {Sheet} sheet
 * @param {PrintOptions} [options]
 */
export function setPrintSheet(sheet, options = {}) {
  if (!holder) {
    holder = document.createElement("div");
    holder.className = "tb-print";
    holder.setAttribute("aria-hidden", "true");
    document.body.append(holder);
  }
  holder.replaceChildren(printView(sheet, options));
}

/**
 * Print `sheet` now (the browser's print dialog); the sheet that was set to print before comes back after.
 * @param {Sheet} sheet
 * @param {PrintOptions} [options]
 */
export function printSheet(sheet, options = {}) {
  const before = holder?.firstElementChild ?? null;
  setPrintSheet(sheet, options);
  window.addEventListener("afterprint", () => {
    if (before && holder) holder.replaceChildren(before);
  }, { once: true });
  window.print();
}

/** Nothing to print any more (the table closed). */
export function clearPrintSheet() {
  holder?.remove();
  holder = null;
}
