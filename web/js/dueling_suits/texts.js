// Player-facing words for Dueling Suits around the engine's own sentences: prompts, the waiting caption,
// the power sums, the lane labels, the log entries and the screen-reader summary. What a turn did is
// told by the engine (`last.sentence`, written for the viewer); nothing here decides a rule.
import { cardText } from "../cards.js";
import { constantsOf } from "../game-constants.js";

/** @typedef {import("./shapes.js").DuelView} DuelView */
/** @typedef {import("./shapes.js").DuelLogEntry} DuelLogEntry */
/** @typedef {import("./shapes.js").DuelChainCard} DuelChainCard */
/** @typedef {import("./shapes.js").DuelPower} DuelPower */
/** @typedef {import("../seats.js").SeatName} SeatName */

/** @type {Record<string, string>} */
export const SUIT_SYMBOLS = { S: "♠", D: "♦", C: "♣", H: "♥" };

/**
 * The suits in the table's order, their names, what each does as a lead (long and short) and the sixteen
 * cells of the suit table in our words, as the engine declares them.
 * @returns {import("./shapes.js").DuelConstants}
 */
export const duel = () => constantsOf("dueling_suits");

/** @type {Partial<Record<DuelView["phase"], string>>} */
const PROMPTS = {
  lead: "Choose your lead card",
  chain: "Add a chain card or pass",
};

/**
 * What the person acting is asked, by phase.
 * @param {DuelView["phase"]} phase
 */
export function prompt(phase) {
  return PROMPTS[phase] ?? "";
}

/**
 * The caption over the lanes while nobody at this screen acts.
 * @param {DuelView} view
 * @param {SeatName[]} names
 * @param {number | null} machine the seat about to move that no person here plays (the computer's, or a
 *   friend's on another device), if any
 */
export function waitingCaption(view, names, machine) {
  if (view.phase === "over") return "";
  const actor = view.to_act[0];
  if (machine !== null) return `${names[machine].subject} is ${view.phase === "lead" ? "choosing a lead" : "chaining"}…`;
  if (actor === undefined) return "";
  return `${names[actor].subject} ${actor === view.viewer ? "are" : "is"} next`;
}

/**
 * A power as its parts: "lead 12 + bonus 9 + chains 10 + perks 1 = 32". Parts that are 0 are left out
 * (the lead never is), the sum always stays.
 * @param {DuelPower} power
 */
export function powerSum(power) {
  const parts = [`lead ${power.lead}`];
  for (const key of /** @type {const} */ (["bonus", "chains", "perks"])) if (power[key]) parts.push(`${key} ${power[key]}`);
  return `${parts.join(" + ")} = ${power.total}`;
}

/**
 * The parts of a resolved turn's power for `seat`, from its log entry (the same shape as view.power).
 * @param {DuelLogEntry} entry
 * @param {number} seat
 * @returns {DuelPower}
 */
export function loggedPower(entry, seat) {
  const chains = entry.chains[seat].reduce((sum, c) => sum + c.added, 0);
  const total = entry.powers[seat];
  const bonus = entry.bonus_used[seat];
  const perks = entry.perks[seat];
  return { lead: total - bonus - chains - perks, bonus, chains, perks, total };
}

/**
 * The line beside a side's lane: its power sum while the leads are out, what it is doing while they are
 * chosen, or the last turn's sum (dimmed on the canvas) before its new lead is down.
 * @param {DuelView} view
 * @param {number} seat
 * @param {{subject: string}[]} names
 * @returns {{text: string, last: boolean}}
 */
export function laneLabel(view, seat, names) {
  const power = view.power[seat];
  if (view.phase === "chain" && power) return { text: `Power: ${powerSum(power)}`, last: false };
  const bonus = view.bonus[seat] ? ` · block bonus +${view.bonus[seat]} on this lead` : "";
  if (view.phase === "lead" && view.committed[seat]) return { text: `Lead down, face down${bonus}`, last: false };
  if (view.phase === "lead" && view.to_act.includes(seat) && !view.last) {
    const { subject } = names[seat];
    return { text: `${subject} ${subject === "You" ? "choose" : "chooses"} a lead${bonus}`, last: false };
  }
  if (view.last) {
    const sum = powerSum(loggedPower(view.last, seat));
    return { text: `Turn ${view.last.turn}: ${sum}${bonus}`, last: true };
  }
  return { text: bonus.replace(" · b", "B"), last: false };
}

/**
 * The chain tag on a card: what it added, "+7 full" or "+4 half" (just "+7" where room is short).
 * @param {DuelChainCard} entry
 * @param {boolean} roomy
 */
export function chainTag(entry, roomy) {
  return roomy ? `+${entry.added} ${entry.full ? "full" : "half"}` : `+${entry.added}`;
}

/**
 * The move log, [label, sentence] entries: each resolved turn as the engine told it, then the outcome.
 * @param {DuelView} view
 * @returns {[string, string][]}
 */
export function logEntries(view) {
  /** @type {[string, string][]} */
  const entries = view.log.map((entry) => [`Turn ${entry.turn}`, entry.sentence]);
  if (view.final?.outcome) entries.push(["End", view.final.outcome.reason]);
  return entries;
}

/**
 * The status line's news: while chaining, the two leads and powers; otherwise the last turn's sentence
 * (the engine's words for this viewer).
 * @param {DuelView} view
 * @param {SeatName[]} names
 */
export function newsLine(view, names) {
  const me = view.viewer ?? 0;
  const [mine, theirs] = [view.power[me], view.power[1 - me]];
  const [myLead, theirLead] = [view.leads[me], view.leads[1 - me]];
  if (view.phase === "chain" && mine && theirs && myLead && theirLead) { // DUEL-5: both leads lie face up while chaining
    /** @type {(seat: number, lead: string) => string} */
    const side = (seat, lead) => `${names[seat].owner} ${duel().suit_names[lead.slice(-1)]} lead`;
    const first = side(me, myLead);
    return `${first.charAt(0).toUpperCase()}${first.slice(1)} against ${side(1 - me, theirLead)}: power ${mine.total} to ${theirs.total}.`;
  }
  return view.last ? `Turn ${view.last.turn}: ${view.last.sentence}` : "Lead a card face down; both are turned over together.";
}

/**
 * What the canvas shows, in words, for screen readers (its aria-label).
 * @param {DuelView} view
 * @param {SeatName[]} names
 */
export function tableSummary(view, names) {
  const sides = [0, 1].map((seat) => {
    const token = view.initiative === seat ? ", holds the token" : "";
    const lead = view.leads[seat] ? `, leads ${cardText(view.leads[seat])}` : view.committed[seat] ? ", lead face down" : "";
    const chains = view.chains[seat].length ? `, chains ${view.chains[seat].map((c) => cardText(c.card)).join(", ")}` : "";
    const power = view.power[seat] ? `, power ${view.power[seat].total}` : "";
    return `${names[seat].plate}: health ${view.health[seat]} of ${view.max_health}${token}, ${view.hand_counts[seat]} cards${lead}${chains}${power}`;
  });
  const hand = view.hand?.length ? ` In hand: ${view.hand.map(cardText).join(", ")}.` : "";
  return `Turn ${view.turn}. ${sides.join(". ")}. Deck ${view.deck}, discard ${view.discard}.${hand}`;
}
