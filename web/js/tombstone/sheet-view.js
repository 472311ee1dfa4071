// A Tombstone character sheet as a page element: the paper the forge fills in, the roster shows and the
// printer prints. It only shows the sheet JSON (character.py's format) it is given; a part still being
// drawn can be marked "pencilled" (greyed, not yet kept) and a part not drawn yet "blank".
//
// Shared by the Tombstone pages (the forge, the Dealer's table): nothing in here names either.
import { el } from "../move-panel.js";
import { abilities, traits, inventorySlots, scoreOf, traitOf } from "./rules.js";

/**
 * @typedef {import("../tombstone_table/shapes.js").Sheet} Sheet
 * @typedef {import("../tombstone_table/shapes.js").Item} Item
 */

/** @type {Record<string, string>} */
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const RED_SUITS = new Set(["H", "D"]);

/**
 * "$10", "$0.50", "$2.10" from cents.
 * @param {number} cents
 */
export function dollars(cents) {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest ? `$${whole}.${String(rest).padStart(2, "0")}` : `$${whole}`;
}

/**
 * Slots the items take, plus Fatigue and conditions (character.slots_used).
 * @param {Sheet} sheet
 */
export function slotsUsed(sheet) {
  return sheet.inventory.reduce((sum, item) => sum + item.slots, 0) + (sheet.fatigue ?? 0) + (sheet.conditions?.length ?? 0);
}

/**
 * The character's slots plus what their pack beasts carry (character.inventory_slots, TS-25).
 * @param {{companions?: import("../tombstone_table/shapes.js").Companion[]}} sheet
 */
export function slotTotal(sheet) {
  return inventorySlots() + (sheet.companions ?? []).reduce((sum, c) => sum + c.carries, 0);
}

/**
 * Beasts, hirelings and board: kept beside the inventory (TS-25), one line each.
 * @param {Sheet} sheet
 */
function keptLines(sheet) {
  const lines = (sheet.companions ?? []).map((c) => make("li", { className: "tb-kept", "data-kept": c.id }, [
    make("span", { className: "tb-item-name" }, [c.name]),
    make("span", { className: "tb-item-note" }, [c.kind === "hireling" ? `hireling, ${dollars(c.wage)} a day` : c.carries ? `carries ${c.carries} slots` : "beast"])]));
  if (sheet.board) {
    lines.push(make("li", { className: "tb-kept", "data-kept": sheet.board.id }, [make("span", { className: "tb-item-name" }, [sheet.board.name]),
      make("span", { className: "tb-item-note" }, [`board, ${sheet.board.weeks} week${sheet.board.weeks === 1 ? "" : "s"} paid`])]));
  }
  return lines;
}

/** An element with attributes and children (the saloon's own `el`, under the name this folder uses). */
export const make = el;

/**
 * What an item line says after the name: "bulky · 2/3/5 · ranged".
 * @param {Item} item
 */
function itemNote(item) {
  const bits = [];
  if (item.slots === 2) bits.push("bulky");
  if (item.kind === "weapon" && item.damage) bits.push(`damage ${item.damage.join("/")}`);
  if (item.kind === "weapon") bits.push(item.ranged ? "ranged (DEX)" : "melee (STR)");
  if (item.kind === "weapon" && item.move_and_fire === false) bits.push("cannot move and fire");
  return bits.join(" · ");
}

/**
 * A part's mark: "" (kept), "pencilled" (drawn, not kept yet) or "blank" (not drawn yet).
 * @param {Record<string, string> | undefined} marks
 * @param {string} part
 */
function mark(marks, part) {
  return marks?.[part] ?? "";
}

/**
 * Where a kept sheet comes from, in a word or two (TS-18).
 * @type {Record<import("./roster.js").Provenance["word"], string>}
 */
export const PROVENANCE_WORDS = { by_the_book: "Drawn by the book", forged: "Forged here", edited: "Edited", imported: "Imported" };

/**
 * How the forge made a sheet it is drawing now, from its own record: "Drawn by the book: …", "Made with …".
 * @param {Record<string, any>} made any JSON object (an imported sheet keeps its own)
 */
function madeWords(made) {
  if (Object.keys(made).length === 0) return "";
  if (made.by_the_book) return "Drawn by the book: nothing drawn again, nothing written in.";
  return `Made with ${[
    ...(made.written?.length ? [`${made.written.join(" and ")} written in`] : []),
    ...(Object.values(made.redraws ?? {}).some(Boolean) ? ["some parts drawn again"] : []),
  ].join(", ") || "the book"}.`;
}

/**
 * "+1 to GRT's maximum" or the skill's words: what an advancement gave (TS-23).
 * @param {import("../tombstone_table/shapes.js").Advance} advance
 */
export function advanceWords(advance) {
  return advance.kind === "ability" ? `+1 to ${advance.ability}'s maximum` : advance.skill ?? "";
}

/**
 * The advancements the Dealer granted (TS-23), each with its reason.
 * @param {import("../tombstone_table/shapes.js").Advance[]} advances
 */
function advancesView(advances) {
  return make("section", { className: "tb-part tb-advances", "data-advances": "" }, [make("h3", {}, ["Advancements"]),
    make("ul", {}, advances.map((a) => make("li", {}, [make("strong", {}, [advanceWords(a)]), ` — ${a.reason}`])))]);
}

/**
 * The sheet as an element.
 * @param {Sheet} sheet a character sheet (character.py's JSON), possibly half made (the forge's)
 * @param {{marks?: Record<string, "" | "pencilled" | "blank">, caption?: string,
 *   provenance?: import("./roster.js").Provenance | null}} [options]
 *   marks: per part (stats, name, background, traits, gear) how sure it is; caption: a line under the title;
 *   provenance: where a kept sheet comes from, as the engine found it (the foot says that, not what the sheet
 *   claims of itself; without it, as at the forge while the engine draws it, the foot tells how it was made)
 * @returns {HTMLElement}
 */
export function sheetView(sheet, { marks = {}, caption = "", provenance = null } = {}) {
  const part = (/** @type {string} */ name, /** @type {string} */ className, /** @type {(Node | string)[]} */ children) => {
    const state = mark(marks, name);
    return make("section", { className: `tb-part ${className}${state ? ` tb-${state}` : ""}`, "data-part": name }, children);
  };
  const blankName = mark(marks, "name") === "blank";
  const name = make("h2", { className: "tb-name" }, [sheet.name || (blankName ? "Name to come" : "Nameless")]);
  const background = make("p", { className: "tb-background" }, [sheet.background || "Background to come"]);
  const head = make("header", { className: "tb-head" }, [
    make("p", { className: "tb-kicker" }, ["Tombstone · character sheet"]),
    part("name", "tb-name-part", [name]),
    part("background", "tb-background-part", [background]),
    ...(caption ? [make("p", { className: "tb-caption" }, [caption])] : []),
  ]);

  const statsBlank = mark(marks, "stats") === "blank";
  const scores = make("dl", { className: "tb-abilities" }, abilities().map((a) => {
    const score = scoreOf(sheet.abilities, a.id);
    const max = (sheet.max && scoreOf(sheet.max, a.id)) ?? score;
    return make("div", { className: `tb-ability${RED_SUITS.has(a.suit) ? " red" : ""}`, "data-ability": a.id }, [
      make("dt", {}, [make("span", { className: "tb-suit", "aria-hidden": "true" }, [a.symbol]), ` ${a.id}`,
        make("span", { className: "tb-ability-name" }, [a.name])]),
      make("dd", {}, [statsBlank ? "–" : String(score), ...(max !== score && !statsBlank ? [make("small", {}, [` of ${max}`])] : [])]),
    ]);
  }));
  const total = slotTotal(sheet);
  const full = slotsUsed(sheet) >= total;
  const hp = make("div", { className: "tb-hp" }, [
    make("span", { className: "tb-hp-label" }, ["HP"]),
    make("strong", { "data-hp": "" }, [statsBlank ? "–" : `${full ? 0 : sheet.hp}/${sheet.max_hp}`]),
    make("span", { className: "tb-hp-note" }, [full ? "full inventory: 0 HP" : "GRT + 1"]),
  ]);
  const stats = part("stats", "tb-stats", [make("h3", {}, ["Abilities"]), scores, hp]);

  const drawn = part("traits", "tb-traits", [
    make("h3", {}, ["Traits"]),
    make("dl", { className: "tb-trait-list" }, traits().map((t) => make("div", { "data-trait": t.id }, [
      make("dt", {}, [make("span", { className: `tb-suit${RED_SUITS.has(t.suit) ? " red" : ""}`, "aria-hidden": "true" }, [SUIT_SYMBOLS[t.suit]]), ` ${t.label}`]),
      make("dd", {}, [traitOf(sheet.traits, t.id) || "–"]),
    ]))),
  ]);

  const used = slotsUsed(sheet);
  const meter = make("div", { className: "tb-slots", "aria-hidden": "true" },
    Array.from({ length: total }, (_, i) => make("span", { className: i < used ? "tb-slot used" : "tb-slot" })));
  const items = make("ul", { className: "tb-items" }, sheet.inventory.map((item) => make("li", { "data-item": item.id }, [
    make("span", { className: "tb-item-name" }, [item.name]),
    make("span", { className: "tb-item-slots" }, [item.slots === 1 ? "1 slot" : `${item.slots} slots`]),
    ...(itemNote(item) ? [make("span", { className: "tb-item-note" }, [itemNote(item)])] : []),
  ])));
  const extras = [];
  if (sheet.fatigue) extras.push(make("li", { className: "tb-extra" }, [`Fatigue ×${sheet.fatigue}`]));
  for (const condition of sheet.conditions ?? []) extras.push(make("li", { className: "tb-extra" }, [condition]));
  items.append(...extras);
  const gear = part("gear", "tb-gear", [
    make("h3", {}, ["Inventory ", make("span", { className: `tb-slot-count${full ? " full" : ""}`, "data-slots": "" }, [`${used} of ${total} slots`])]),
    meter, items,
    ...(keptLines(sheet).length ? [make("ul", { className: "tb-items tb-kept-list" }, keptLines(sheet))] : []),
    make("p", { className: "tb-money" }, ["Money ", make("strong", { "data-money": "" }, [dollars(sheet.money)])]),
  ]);

  const more = [];
  if (sheet.scars?.length) {
    more.push(make("section", { className: "tb-part tb-scars" }, [make("h3", {}, ["Scars"]), make("ul", {},
      sheet.scars.map((s) => make("li", {}, [make("strong", {}, [s.name]), ` ${s.detail}`])))]));
  }
  if (sheet.advances?.length) more.push(advancesView(sheet.advances));
  if (sheet.status && sheet.status !== "up") {
    more.push(make("p", { className: "tb-status" }, [sheet.status === "dead" ? "Dead" : "Out of the fight"]));
  }
  if (sheet.notes) more.push(make("section", { className: "tb-part tb-notes" }, [make("h3", {}, ["Notes"]), make("p", {}, [sheet.notes])]));

  const how = provenance ? `${PROVENANCE_WORDS[provenance.word]}: ${provenance.reason}` : madeWords(sheet.made ?? {});
  const foot = make("footer", { className: "tb-foot" }, [
    ...(how ? [make("p", { className: "tb-made", "data-provenance": provenance?.word ?? "" }, [how])] : []),
    ...(provenance?.problems.length ? [make("ul", { className: "tb-made-problems" }, provenance.problems.map((p) => make("li", {}, [p])))] : []),
    make("p", { className: "tb-credit" }, [sheet.credit ?? ""]),
  ]);

  return make("article", { className: "tb-sheet", "aria-label": `Character sheet: ${sheet.name || "not named yet"}` }, [
    head, make("div", { className: "tb-body" }, [stats, drawn, gear, ...more]), foot,
  ]);
}
