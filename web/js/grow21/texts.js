// Player-facing words for grow21 around the engine's own sentences (what a move did, the log, the note under
// the result, all written for the viewer): the card count, the canvas caption and the screen-reader summary.
// Nothing here decides a rule.
import { cardText } from "../cards.js";
import { constantsOf } from "../game-constants.js";

/**
 * The deck's size and the opening's words, as the engine declares them.
 * @returns {import("./shapes.js").Grow21Constants}
 */
export const grow21 = () => constantsOf("grow21");

/** @typedef {import("./shapes.js").Grow21View} Grow21View */

/** A cell's grid position, for the screen-reader summary only (the board draws no coordinates). */
const cellText = (/** @type {number[]} */ [x, y]) => `(${x}, ${y})`;
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const capital = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Which card of the deck is being played now (the next one while nobody is playing).
 * @param {Grow21View} view
 */
export function cardNumber(view) {
  const total = grow21().total_cards;
  return Math.min(total, total - view.decks[0] - view.decks[1] + (view.phase === "keep" ? 0 : 1));
}

/**
 * The ribbon at the bottom of the board: what is asked, or what the cell in focus would do.
 * @param {Grow21View} view
 * @param {{acting: boolean, thinker: string | null, focus: import("./renderer.js").CellOption | null | undefined, touch: boolean, coarse: boolean}} state
 *   thinker: who is about to move when no person here does ("The computer", "Your friend"), else null
 * @returns {{text: string, gold?: boolean}}
 */
export function caption(view, { acting, thinker, focus, touch, coarse }) {
  if (view.phase === "over") return { text: "" };
  if (!acting) return { text: thinker ? `${thinker} is thinking…` : "" };
  if (focus?.kind === "keep" && focus.preview) {
    const lost = focus.preview.discards.length;
    return { text: `Keep this part: ${plural(lost, "cell")} would go${touch ? " · tap again" : ""}` };
  }
  if (focus && focus.kind !== "keep" && focus.preview) {
    const where = focus.kind === "change" ? "on this card" : "here";
    const value = focus.preview.scores ? "makes 21! +10" : `→ group of ${focus.preview.values.join("/")}`;
    return { text: `${cardText(view.current)} ${where} ${value}${touch ? " · tap again" : ""}`, gold: focus.preview.scores };
  }
  if (view.phase === "keep") return { text: "Your 21 split the board: tap the part that stays" };
  return { text: coarse ? "Tap a glowing cell to see what it makes" : "Point at a glowing cell to see what it makes" };
}

/**
 * What the canvas shows, in words, for screen readers (its aria-label).
 * @param {Grow21View} view
 * @param {import("../seats.js").SeatName[]} names
 */
export function tableSummary(view, names) {
  const seats = [0, 1].map((seat) => `${capital(view.colours[seat])}, ${names[seat].plate}: ${view.scores[seat]} points, ${plural(view.decks[seat], "card")} left`);
  const groups = view.groups.map((g) => `${g.colour} ${g.values.join(" or ")} at ${g.cells.map(cellText).join(" ")}`);
  const board = view.board.length ? `On the board: ${groups.join("; ")}.` : "The board is empty.";
  const playing = view.current ? ` To play: ${cardText(view.current)}.` : "";
  return `grow21. ${seats.join(". ")}. ${board}${playing}`;
}
