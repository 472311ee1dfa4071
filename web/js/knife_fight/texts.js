// Player-facing words for Knife Fight around the engine's own sentences: prompts, the waiting caption,
// the screen-reader summary and the "rounds left" estimate. What happens in the fight (the story of an
// exchange, the log, the outcome) is told by the engine, for the viewer; nothing here decides a rule.
import { cardText } from "../cards.js";

/** @typedef {import("./shapes.js").KnifeView} KnifeView */
/** @typedef {import("../seats.js").SeatName} SeatName */

/**
 * About how many rounds `seat` lasts at the present rate: each round takes the card drawn to refill the
 * hand plus the bleed. An estimate for the eye (a feint draws two, a dressing slows the bleed).
 * @param {KnifeView} view
 * @param {number} seat
 */
export function roundsLeft(view, seat) {
  return Math.ceil(view.decks[seat] / (view.bleed[seat] + 1));
}

/** @type {Partial<Record<KnifeView["phase"], string>>} */
const PROMPTS = {
  commit: "Choose a card to commit",
  feint: "Your feint: choose the follow-up card",
  dress: "Field dressing: choose an old wound to discard",
};

/**
 * What the person acting is asked, by phase.
 * @param {KnifeView["phase"]} phase
 */
export function prompt(phase) {
  return PROMPTS[phase] ?? "";
}

/**
 * The ring's caption while nobody at this screen acts.
 * @param {KnifeView} view
 * @param {SeatName[]} names
 * @param {number | null} machine the seat about to move that no person here plays (the computer's, or a
 *   friend's on another device), if any
 */
export function waitingCaption(view, names, machine) {
  if (view.phase === "over") return "";
  if (machine !== null) {
    const doing = { commit: "choosing a card", feint: `choosing ${names[machine].own} follow-up`, dress: "dressing a wound" }[view.phase];
    return `${names[machine].subject} is ${doing}…`;
  }
  return `${names[view.to_act[0]].subject} ${view.to_act[0] === view.viewer ? "are" : "is"} next`;
}

/**
 * The exchange being settled, or the one before it, as the engine tells it (the reason line).
 * @param {KnifeView} view
 */
export function storyLine(view) {
  if (view.exchange) return view.exchange.story.join(" ");
  if (view.last) return `Round ${view.last.round}: ${view.last.story.join(" ")}`;
  return "";
}

/**
 * The move log, [label, sentence] entries: each finished exchange's sentences as the engine wrote them
 * for this viewer, labelled by round, and the outcome at the end.
 * @param {KnifeView} view
 * @returns {[string, string][]}
 */
export function logEntries(view) {
  /** @type {[string, string][]} */
  const entries = view.log.flatMap((exchange) => exchange.sentences.map((sentence) => [`Round ${exchange.round}`, sentence]));
  if (view.final?.outcome) entries.push(["End", view.final.outcome.reason]);
  return entries;
}

/**
 * What the canvas shows, in words, for screen readers (its aria-label).
 * @param {KnifeView} view
 * @param {SeatName[]} names
 */
export function tableSummary(view, names) {
  const sides = [0, 1].map((seat) => {
    const wounds = view.damage[seat].length ? `wounds ${view.damage_sums[seat]} (${view.damage[seat].map(cardText).join(", ")})` : "no wounds";
    const slot = view.committed[seat] ? ", card committed" : "";
    return `${names[seat].plate}: deck ${view.decks[seat]}, bleeds ${view.bleed[seat]} a round, ${wounds}${slot}`;
  });
  const hand = view.hand?.length ? ` In hand: ${view.hand.map(cardText).join(", ")}.` : "";
  const ring = view.exchange ? ` In the ring: ${view.exchange.cards.map(cardText).join(" against ")}.` : "";
  return `Round ${view.round}. ${sides.join(". ")}.${ring}${hand}`;
}
