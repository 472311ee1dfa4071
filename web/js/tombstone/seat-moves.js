// Move buttons of a Tombstone table, where more than one seat may act at one screen: each legal move is a
// real <button class="move" data-seat data-move> (the engine's label its accessible name), found in the
// seat's legal moves so nothing the engine did not offer is ever shown; and the titled groups the panel
// puts them in. A move whose preview carries a warning (a cheat that would make the flip worse, TS-21) asks
// for a second tap before it is played.
import { el, moveButton } from "../move-panel.js";

/** @typedef {{moves: any[], labels: string[], previews?: any[]}} Legal */

/**
 * The move a move button carries (moveButton writes it in data-move).
 * @param {HTMLElement} button
 * @returns {any} the engine's move JSON, as the legal moves gave it
 */
export const moveOf = (button) => JSON.parse(button.dataset.move ?? "null");

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A move button of `seat` for `move`, or null when it is not among the seat's legal moves.
 * @param {number} seat
 * @param {Legal} legal
 * @param {any} move
 * @param {(Node | string)[]} shown what the button displays (the engine's label stays its name)
 */
export function seatButton(seat, legal, move, shown, className = "") {
  const index = legal.moves.findIndex((m) => same(m, move));
  if (index < 0) return null;
  const warning = legal.previews?.[index]?.warning;
  const node = moveButton(move, legal.labels[index], `move tt-move${className ? ` ${className}` : ""}${warning ? " tt-warn" : ""}`, [el("span", { "aria-hidden": "true" }, shown)]);
  if (warning) node.dataset.warning = warning;
  node.dataset.seat = String(seat);
  node.dataset.key = `${seat}:${JSON.stringify(move)}`;
  return node;
}

/**
 * Buttons for every legal move of `seat` of one type, each shown by `shown(move, preview)`.
 * @param {number} seat
 * @param {Legal} legal
 * @param {string} type
 * @param {(move: any, preview: any) => (Node | string)[]} shown
 * @returns {HTMLElement[]}
 */
export function seatButtons(seat, legal, type, shown, className = "") {
  return legal.moves.flatMap((m, i) => {
    const button = m.type === type ? seatButton(seat, legal, m, shown(m, legal.previews?.[i] ?? null), className) : null;
    return button ? [button] : []; // a legal move always has its button
  });
}

/**
 * Whether a tap on a move button may play it now. A warned move (TS-21) asks first: its first tap turns it
 * into "Sure? …" (its accessible name too), and only a second tap on it plays.
 * @param {HTMLElement} button
 */
export function confirmed(button) {
  const warning = button.dataset.warning;
  if (!warning || button.dataset.armed === "yes") return true;
  button.dataset.armed = "yes";
  button.classList.add("tt-armed");
  button.setAttribute("aria-label", `Sure? ${warning} Tap again to play it anyway.`);
  button.querySelector("[aria-hidden]")?.replaceChildren(`Sure? ${warning} Tap again to play it anyway.`);
  return false;
}

/**
 * A cheat tapped on the felt (a card of the hand). One whose preview warns (TS-21) is never played from the
 * felt: its button asks instead ("Sure? …", as after a first tap) and comes into sight, so only a second,
 * deliberate tap there plays it. Returns whether the tap may play the move at once.
 * @param {Legal} legal the seat's legal moves with their previews
 * @param {any} move the cheat the tap chose
 * @param {HTMLElement} list the move panel's list, where the button is
 */
export function playableFromFelt(legal, move, list) {
  const index = legal.moves.findIndex((m) => same(m, move));
  if (!legal.previews?.[index]?.warning) return true;
  const button = /** @type {HTMLElement[]} */ ([...list.querySelectorAll("button.move")])
    .find((node) => node.dataset.move !== undefined && same(JSON.parse(node.dataset.move), move));
  if (button) {
    confirmed(button);
    button.scrollIntoView({ block: "nearest" });
    button.focus({ preventScroll: true });
  }
  return false;
}

/**
 * A group of controls under a title; `fold`: a <details> opened when needed.
 * @param {string} title
 * @param {(Node | string)[]} children
 * @param {{fold?: boolean, open?: boolean, key?: string}} [options]
 */
export function group(title, children, { fold = false, open = true, key = title } = {}) {
  if (!fold) return el("section", { className: "tt-group" }, [el("h3", { className: "tt-group-title" }, [title]), ...children]);
  const details = el("details", { className: "tt-group tt-fold", "data-fold": key }, [el("summary", {}, [title]), ...children]);
  /** @type {HTMLDetailsElement} */ (details).open = open;
  return details;
}
