// Move buttons of a Tombstone table, where more than one seat may act at one screen: each legal move is a
// real <button class="move" data-seat data-move> (the engine's label its accessible name), found in the
// seat's legal moves so nothing the engine did not offer is ever shown; and the titled groups the panel
// puts them in.
import { el, moveButton } from "../move-panel.js";

/** @typedef {{moves: any[], labels: string[]}} Legal */

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

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
  const node = moveButton(move, legal.labels[index], `move tt-move${className ? ` ${className}` : ""}`, [el("span", { "aria-hidden": "true" }, shown)]);
  node.dataset.seat = String(seat);
  node.dataset.key = `${seat}:${JSON.stringify(move)}`;
  return node;
}

/** Buttons for every legal move of `seat` of one type, each shown by `shown(move)`. */
export function seatButtons(seat, legal, type, shown, className = "") {
  return legal.moves.filter((m) => m.type === type).map((m) => seatButton(seat, legal, m, shown(m), className));
}

/** A group of controls under a title; `fold`: a <details> opened when needed. */
export function group(title, children, { fold = false, open = true, key = title } = {}) {
  if (!fold) return el("section", { className: "tt-group" }, [el("h3", { className: "tt-group-title" }, [title]), ...children]);
  const details = el("details", { className: "tt-group tt-fold", "data-fold": key }, [el("summary", {}, [title]), ...children]);
  /** @type {HTMLDetailsElement} */ (details).open = open;
  return details;
}
