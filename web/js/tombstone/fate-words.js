// Tombstone's flips in words, for every table of the family (the Dealer's table, the Showdown): who a ref
// is, what a waiting flip is about, a judged flip as a line, and the name of the rule that decided a
// contest or a save. The engine judges everything (fate.py); this module only names what it says.
import { cardText } from "../cards.js";
import { abilities } from "./rules.js";

/**
 * The shapes every table of the family shares (the engines declare them once, in tombstone/shapes.py: the
 * Dealer's table's and the Showdown's generated copies are the same).
 * @typedef {import("../tombstone_table/shapes.js").TableView | import("../tombstone_showdown/shapes.js").ShowdownView} FateView
 * @typedef {import("../tombstone_table/shapes.js").Waiting} Waiting
 * @typedef {import("../tombstone_table/shapes.js").WaitingDamage} WaitingDamage
 * @typedef {import("../tombstone_table/shapes.js").Flip} Flip
 * @typedef {import("../tombstone_table/shapes.js").SettledEvent} SettledEvent
 * @typedef {import("../tombstone_table/shapes.js").DamageResult} DamageResult
 */

/**
 * The name of a ref ("dealer", "pc0", "npc3") in this view.
 * @param {FateView} view
 * @param {string | undefined} ref  none: a settled event's `other` that a flip of one side lacks
 * @returns {string}
 */
export function nameOf(view, ref) {
  if (ref === "dealer") return "the Dealer";
  const member = view.party.find((p) => p.ref === ref);
  if (member) return member.sheet.name || "Nameless";
  const npc = view.npcs.find((n) => n.ref === ref);
  return npc ? npc.name : String(ref);
}

/**
 * What a save of this kind is for, after "Jesse's GRT save against 10".
 * @type {Record<string, string>}
 */
const SAVE_NOTES = {
  critical: " (critical damage)", scar_save: " (a scar)", venom: " (venom)", morale: " (morale)",
  turn_tail: " (turning tail)", hazard_save: "",
};

/**
 * "Jesse's DEX save against 12", "Attack on the Bandit: Jesse with the knife": what the waiting flip is about.
 * @param {FateView} view
 */
export function pendingTitle(view) {
  const pending = view.pending;
  if (!pending) return "";
  const [first, second] = pending.sides;
  const who = first.name;
  const { context } = pending;
  switch (pending.kind) {
    case "attack":
      return `Attack on ${second.name}: ${who} with the ${String(context.weapon?.name ?? "weapon").toLowerCase()}`;
    case "damage":
      return `${who}'s damage flip against ${nameOf(view, String(context.target))} (${(context.weapon?.damage ?? []).join("/")})`;
    case "initiative":
      return `Initiative: ${who}'s ${context.ability} against ${second?.name ?? ""}`;
    case "contest":
      return `${who}'s ${context.ability} against ${second?.name ?? ""}`;
    default:
      return saveTitle(who, pending.kind, context.ability, context.target);
  }
}

/**
 * "Jesse's GRT save against 10 (critical damage)": a save of this kind.
 * @param {string} who
 * @param {string} kind
 * @param {string} ability
 * @param {number | string | undefined} target
 */
export function saveTitle(who, kind, ability, target) {
  return `${who}'s ${ability} save against ${target}${SAVE_NOTES[kind] ?? ""}`;
}

/**
 * "8♦ + WIL 2 = 10", "the Red Joker", "7♠ and 9♦ + STR 1 = 17": a judged flip.
 * @param {Flip} flip
 * @param {string} ability
 */
export function flipWords(flip, ability) {
  const shown = flip.cards.map((c) => (flip.cheat && c === flip.covered ? `${cardText(flip.cheat)} (over ${cardText(c)})` : cardText(c)));
  const cards = shown.join(" and ");
  const alone = flip.cards.length === 1 && !flip.cheat; // a joker flipped alone is named once
  if (flip.auto === "failure") return `${alone ? "" : `${cards}: `}the Black Joker, a failure`;
  if (flip.auto === "success") return `${alone ? "" : `${cards}: `}the Red Joker, a success`;
  const counted = flip.mode === "impaired" ? ` (impaired: ${cardText(flip.counted[0])} counts)` : flip.mode === "enhanced" ? " (enhanced)" : "";
  return `${cards}${counted} + ${ability} ${flip.modifier} = ${flip.total}`;
}

/**
 * The flip waiting for cheats in one sentence, in plain words: each side's cards and total, then what it is
 * measured against (a save's number), or for a damage flip its cards and what they would do as the engine
 * worked it out (`pending.damage`: "tier 3: 4 damage").
 * @param {Waiting} pending
 */
export function pendingSentence(pending) {
  const { target } = pending.context;
  const named = (/** @type {string} */ name) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  if (pending.kind === "damage") {
    const cards = pending.sides.map((side) => `${named(side.name)} flips ${side.cards.map(cardText).join(" and ")}`).join("; ");
    return `${cards} for damage: ${damageWords(pending.damage)}.`;
  }
  const sides = pending.sides.map((side) => `${named(side.name)} ${flipWords(side.flip, side.ability)}`).join(" against ");
  return typeof target === "number" ? `${sides}, needing ${target}.` : `${sides}.`;
}

/**
 * What a waiting damage flip would do (the engine's `pending.damage`): "tier 3: 4 damage", "the Black Joker: no damage".
 * @param {WaitingDamage | null} damage
 */
export function damageWords(damage) {
  if (!damage) return "";
  if (damage.rule === "black_joker") return "the Black Joker: no damage";
  if (damage.rule === "red_joker") return `the Red Joker: ${damage.total} damage and one more flip`;
  return `tier ${damage.tier}: ${damage.total} damage`;
}

/**
 * A cheat button's words with the engine's preview (TS-21): "Cover 3♠ with Q♥ → 16, made".
 * @param {{card: string, covers: string}} move
 * @param {{verdict: string} | null} preview
 */
export function cheatWords(move, preview) {
  return `Cover ${cardText(move.covers)} with ${cardText(move.card)}${preview ? ` → ${preview.verdict}` : ""}`;
}

/**
 * A judged flip's total in a few words: "DEX 4 → 11", "Red Joker: succeeds".
 * @param {Flip} flip
 * @param {string} ability
 */
export function totalWords(flip, ability) {
  if (flip.auto === "failure") return "Black Joker: fails";
  if (flip.auto === "success") return "Red Joker: succeeds";
  return `${ability} ${flip.modifier} → ${flip.total}`;
}

/**
 * Why a contest went the way it did, from the rule the engine names (fate.contest): "the higher total",
 * "a tie: ♣ is DEX's suit", "a tie: the defender holds".
 * @param {{rule: string, ability: string}} result
 */
export function contestRule({ rule, ability }) {
  const suit = abilities().find((a) => a.id === ability)?.symbol ?? "";
  /** @type {Record<string, string>} */
  const words = {
    higher: "the higher total",
    tie_suit: `a tie: ${suit} is ${ability}'s suit`,
    tie_defender: `a tie, ${suit} on both or neither: the defender holds`,
    both_black: "a joker each: the defender holds",
    both_red: "a joker each: the defender holds",
    black_joker: "the Black Joker loses",
    red_joker: "the Red Joker wins",
  };
  return words[rule] ?? rule;
}

/**
 * The rule of a save in words (fate.save): "made it", "short", "the Red Joker".
 * @param {{rule: string}} result
 */
export function saveRule({ rule }) {
  /** @type {Record<string, string>} */
  const words = { reached: "made it", short: "short", black_joker: "the Black Joker fails", red_joker: "the Red Joker succeeds" };
  return words[rule] ?? rule;
}

/**
 * A damage flip's tier in words: "tier 2: 3", "Red Joker: 4 + 3", "Black Joker: no damage".
 * @param {DamageResult} result
 */
export function damageTier(result) {
  if (result.rule === "black_joker") return "Black Joker: no damage";
  if (result.rule === "red_joker") return `Red Joker: ${result.base}${result.extra ? ` + ${result.extra_damage}` : ""}${result.bonus ? ` +${result.bonus}` : ""}`;
  return `tier ${result.tier}: ${result.base}${result.bonus ? ` +${result.bonus}` : ""}`;
}
