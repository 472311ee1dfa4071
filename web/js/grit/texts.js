// Grit's table in words: the short words on the felt, and the table for screen readers. Every sentence about
// what happened (the log, the other side's last play, the cards set aside at the end) is the engine's, written
// for the viewer.
import { cardText } from "../cards.js";

/** The two sides on a pile's preview, from the viewer's seat (at a hot seat too: the person holding the device). */
export const PREVIEW_SIDES = { mine: "You", rival: "Rival" };

/**
 * A side's mark (GRIT-7: one card a game may go down marked) on its plate: the words, and the short ones
 * where the plate is narrow.
 * @param {boolean} used
 */
export const markWords = (used) => (used ? ["mark used", "↻ used"] : ["mark ready", "↻ ready"]);

/** @typedef {import("./shapes.js").GritView} GritView */

/**
 * @param {import("./shapes.js").GritPile} pile
 * @param {number} index
 */
function pileText(pile, index) {
  const top = pile.cards.at(-1);
  if (!top) return `pile ${index + 1} empty`;
  if (top.face_down) return `pile ${index + 1} ${top.marked ? "marked" : "face down"}${top.card ? ` (${cardText(top.card)})` : ""}`;
  return `pile ${index + 1} ${cardText(top.card)}`;
}

/**
 * What the canvas shows, in words, for screen readers (its aria-label).
 * @param {GritView} view
 * @param {import("../seats.js").SeatName[]} names
 */
export function tableSummary(view, names) {
  const sides = [0, 1].map((seat) => `${names[seat].plate}: visible total ${view.totals[seat]}; `
    + view.piles[seat].map(pileText).join(", "));
  const hand = view.hand?.length ? ` In hand: ${view.hand.map(cardText).join(", ")}.` : "";
  return `Round ${view.round} of ${view.rounds}. ${sides.join(". ")}.${hand}`;
}
