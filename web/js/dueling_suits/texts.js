// Player-facing words for Dueling Suits around the engine's own sentences: prompts, the waiting caption,
// the power sums, the lane labels, the log entries and the screen-reader summary. What a turn did is
// told by the engine (`last.sentence`, written for the viewer); nothing here decides a rule.
import { cardText } from "../cards.js";
import { constantsOf } from "../game-constants.js";

export const SUIT_SYMBOLS = { S: "♠", D: "♦", C: "♣", H: "♥" };

/**
 * The suits in the table's order, their names, what each does as a lead (long and short) and the sixteen
 * cells of the suit table in our words, as the engine declares them.
 * @returns {import("./shapes.js").DuelConstants}
 */
export const duel = () => constantsOf("dueling_suits");

const PROMPTS = {
  lead: "Choose your lead card",
  chain: "Add a chain card or pass",
};

/** What the person acting is asked, by phase. */
export function prompt(phase) {
  return PROMPTS[phase] ?? "";
}

/** The caption over the lanes while nobody at this screen acts. */
export function waitingCaption(view, names, computerDue) {
  if (view.phase === "over") return "";
  const actor = view.to_act[0];
  if (computerDue) return view.phase === "lead" ? "The computer is choosing a lead…" : "The computer is chaining…";
  if (actor === undefined) return "";
  return `${names[actor].subject} ${actor === view.viewer ? "are" : "is"} next`;
}

/**
 * A power as its parts: "lead 12 + bonus 9 + chains 10 + perks 1 = 32". Parts that are 0 are left out
 * (the lead never is), the sum always stays.
 * @param {{lead: number, bonus: number, chains: number, perks: number, total: number}} power
 */
export function powerSum(power) {
  const parts = [`lead ${power.lead}`];
  for (const key of ["bonus", "chains", "perks"]) if (power[key]) parts.push(`${key} ${power[key]}`);
  return `${parts.join(" + ")} = ${power.total}`;
}

/** The parts of a resolved turn's power for `seat`, from its log entry (the same shape as view.power). */
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

/** The chain tag on a card: what it added, "+7 full" or "+4 half" (just "+7" where room is short). */
export function chainTag(entry, roomy) {
  return roomy ? `+${entry.added} ${entry.full ? "full" : "half"}` : `+${entry.added}`;
}

/** The move log, [label, sentence] entries: each resolved turn as the engine told it, then the outcome. */
export function logEntries(view) {
  const entries = view.log.map((entry) => [`Turn ${entry.turn}`, entry.sentence]);
  if (view.final) entries.push(["End", view.final.outcome.reason]);
  return entries;
}

/**
 * The status line's news: while chaining, the two leads and powers; otherwise the last turn's sentence
 * (the engine's words for this viewer).
 */
export function newsLine(view, names) {
  if (view.phase === "chain") {
    const me = view.viewer ?? 0;
    const side = (seat) => `${names[seat].owner} ${duel().suit_names[view.leads[seat].slice(-1)]} lead`;
    const first = side(me);
    return `${first.charAt(0).toUpperCase()}${first.slice(1)} against ${side(1 - me)}: power ${view.power[me].total} to ${view.power[1 - me].total}.`;
  }
  return view.last ? `Turn ${view.last.turn}: ${view.last.sentence}` : "Lead a card face down; both are turned over together.";
}

/** What the canvas shows, in words, for screen readers (its aria-label). */
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
