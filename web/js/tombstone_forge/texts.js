// Player-facing words for the forge around the engine's own sentences: the prompt of each part, the hint
// over the moves, the status lines, the log entries and the screen-reader summary. What a draw did is told
// by the engine (`view.log`); nothing here decides a rule.
import { dollars } from "../tombstone/sheet-view.js";
import { abilities, traits, scoreOf, traitOf } from "../tombstone/rules.js";

/** @typedef {import("./shapes.js").ForgeView} ForgeView */

const PROMPTS = {
  stats: ["Draw seven cards for the abilities", "Keep these abilities, or draw all seven again"],
  name: ["Roll for a name, or write your own", "Keep this name, roll again, or write your own"],
  background: ["Draw a card for the background, or write your own", "Keep this background, draw again, or write your own"],
  traits: ["Draw the eight traits from the suit piles", "Keep the traits, or draw one again"],
  gear: ["Gear up: the starting gear and the shop, or a package", "Gear up: the starting gear and the shop, or a package"],
  done: ["The character is ready to ride", "The character is ready to ride"],
};

const HINTS = {
  stats: "Each card adds 1 to its suit's ability: ♠ STR, ♣ DEX, ♦ WIL, ♥ GRT. Jokers are set aside. HP is GRT + 1.",
  name: "Two dice on the column you pick (or a random one). A name you write is final.",
  background: "The next card's suit and rank pick the background. A background you write is final.",
  traits: "Each trait takes the next card of its suit. Tap a trait card to draw just that one again.",
  gear: "Ten slots, bulky things two; a mule or llama carries six more, a horse four. Every slot full: 0 HP.",
  done: "",
};

/**
 * What the person is asked to do now.
 * @param {ForgeView} view
 */
export function prompt(view) {
  const pair = PROMPTS[view.phase] ?? ["", ""];
  return pair[view.offer ? 1 : 0];
}

/** @param {ForgeView} view */
export function hint(view) {
  return HINTS[view.phase] ?? "";
}

/**
 * "Step 2 of 5 · Name"
 * @param {ForgeView} view
 */
export function stepLabel(view) {
  if (view.phase === "done") return "Done";
  const index = view.parts.indexOf(view.phase);
  return `Step ${index + 1} of ${view.parts.length} · ${view.part_labels[view.phase]}`;
}

/**
 * The news line: the last thing that happened, in the engine's words.
 * @param {ForgeView} view
 */
export function newsLine(view) {
  return view.log.at(-1)?.sentence ?? "A fresh deck of fate, shuffled. Start with the abilities.";
}

/**
 * The log dialog's entries: [the part, the engine's sentence].
 * @param {ForgeView} view
 * @returns {[string, string][]}
 */
export function logEntries(view) {
  return view.log.map((entry) => [view.part_labels[entry.part] ?? "Done", entry.sentence]);
}

/**
 * The canvas in words, for screen readers.
 * @param {ForgeView} view
 */
export function tableSummary(view) {
  const parts = [`The forge: ${view.deck} cards in the deck, ${view.discard.length} discarded.`];
  const offer = view.offer;
  if (view.aside.length) parts.push(`Set aside: ${view.aside.length === 1 ? "a joker" : "both jokers"}.`);
  if (view.phase === "stats" && offer?.abilities) {
    const scores = offer.abilities;
    parts.push(`On the table: ${abilities().map((a) => `${a.id} ${scoreOf(scores, a.id)}`).join(", ")}; HP ${offer.max_hp}.`);
  } else if (view.phase === "name" && offer?.dice) {
    parts.push(`The dice show ${offer.dice.join(" and ")}: ${offer.name}.`);
  } else if (view.phase === "background" && offer) {
    parts.push(`The background card gives ${offer.background}.`);
  } else if (view.phase === "traits" && offer?.traits) {
    const drawn = offer.traits;
    parts.push(traits().map((t) => `${t.label} ${traitOf(drawn, t.id)}`).join(", ") + ".");
  } else if (view.phase === "gear") {
    const kept = keptLine(view.sheet);
    parts.push(`Inventory ${view.slots.used} of ${view.slots.total} slots, ${dollars(view.sheet.money)}.${kept ? ` Kept: ${kept}.` : ""}`);
  } else if (view.phase === "done") {
    parts.push(`${view.sheet.name}, ${view.sheet.background}, is done.`);
  }
  return parts.join(" ");
}

/**
 * What a shop item's button says under its name: "$3 · 1 slot · dmg 1/3/4", "$7 · carries 6 slots",
 * "$5 a day · a musket and a sword", "$1 a week" (TS-25).
 * @param {import("./shapes.js").ForgeShopItem} item
 */
export function itemLine(item) {
  if (item.kind === "hireling") return `${item.price_label} a day · ${item.note ?? ""}`;
  if (item.kind === "board") return `${item.price_label} a week`;
  if (item.kind === "beast") return `${item.price_label} · ${item.carries ? `carries ${item.carries} slots` : "no slot"}`;
  const bits = [item.price_label, item.slots === 2 ? "2 slots, bulky" : "1 slot"];
  if (item.damage) bits.push(`dmg ${item.damage.join("/")}`);
  return bits.join(" · ");
}

/**
 * What the character keeps beside the inventory, in one line: "Mule, Mercenary ($5 a day) · Bed in a
 * dormitory, 2 weeks" (TS-25); "" when nothing.
 * @param {{companions?: import("./shapes.js").Companion[], board?: import("./shapes.js").Board | null}} sheet
 */
export function keptLine(sheet) {
  const companions = (sheet.companions ?? []).map((c) => (c.wage ? `${c.name} (${dollars(c.wage)} a day)` : c.name));
  const board = sheet.board ? [`${sheet.board.name}, ${sheet.board.weeks} week${sheet.board.weeks === 1 ? "" : "s"}`] : [];
  return [companions.join(", "), ...board].filter(Boolean).join(" · ");
}
