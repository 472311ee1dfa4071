// Every legal grow21 move of the person to act as a real <button class="move">, in compact groups:
// Place (empty cells), Change (own cards the card may go on) and Keep (after a tied split). A button
// shows its cell and the value the move makes (from the bridge's previews); its accessible name is the
// bridge's plain-language label. Pointing at or focusing a button previews the move on the canvas.
import { cardText } from "../cards.js";
import { MovePanel as BasePanel, el, moveButton } from "../move-panel.js";

/** @typedef {import("./shapes.js").Grow21Move} Grow21Move */
/** @typedef {import("./shapes.js").Grow21Preview} Grow21Preview */

/** @type {[Grow21Move["type"], string][]} */
const GROUPS = [
  ["place", "Place on an empty cell"],
  ["change", "Change one of your cards"],
  ["keep", "Keep a part of the board"],
];

const coordinates = (/** @type {number[]} */ [x, y]) => `${x}, ${y}`.replaceAll("-", "−");

/** Whether a move's preview makes 21 (a keep's never does). */
const scores = (/** @type {Grow21Preview | null | undefined} */ preview) => Boolean(preview && "scores" in preview && preview.scores);

/**
 * @param {Grow21Move} move
 * @param {Grow21Preview | null | undefined} preview
 */
function valueText(move, preview) {
  if (move.type === "keep") return preview && "keeps" in preview ? `${preview.keeps.length} cell${preview.keeps.length === 1 ? "" : "s"}` : "";
  if (!preview || !("values" in preview)) return "";
  return preview.scores ? "21★" : preview.values.join("/");
}

export class MovePanel extends BasePanel {
  /**
   * @param {Element} root
   * @param {{onPlay: (move: any) => void, onFocus: (move: any) => void, signal: AbortSignal}} options
   *   onFocus(move | null) while a move button is pointed at or focused
   */
  constructor(root, { onFocus, ...options }) {
    super(root, options);
    const { signal } = options;
    // Focus previews only when it follows the keyboard (not the focus the table gives the first button).
    this.keyboard = false;
    document.addEventListener("keydown", () => { this.keyboard = true; }, { signal });
    document.addEventListener("pointerdown", () => { this.keyboard = false; }, { signal });
    const focusOn = (/** @type {Event} */ event, /** @type {boolean} */ keyboard) => {
      const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest?.("button.move"));
      if (button && !button.disabled && (!keyboard || this.keyboard)) onFocus(JSON.parse(button.dataset.move ?? "null"));
    };
    this.list.addEventListener("pointerover", (event) => event.pointerType === "mouse" && focusOn(event, false), { signal });
    this.list.addEventListener("focusin", (event) => focusOn(event, true), { signal });
    this.list.addEventListener("pointerleave", () => onFocus(null), { signal });
    this.list.addEventListener("focusout", (event) => {
      if (!this.list.contains(/** @type {Node | null} */ (event.relatedTarget))) onFocus(null);
    }, { signal });
  }

  /**
   * Build fresh buttons for the card being played (none while a split is decided).
   * @param {{moves: Grow21Move[], labels: string[], previews?: Array<Grow21Preview | null>}} legal
   * @param {import("../table/adapter.js").Moment<import("./shapes.js").Grow21View>} moment
   */
  show({ moves, labels, previews = [] }, moment) {
    const current = moment.view.current;
    const sections = GROUPS.map(([type, title]) => {
      /** @type {HTMLElement[]} */
      const buttons = [];
      moves.forEach((move, i) => {
        if (move.type !== type) return;
        const preview = previews[i];
        const lit = scores(preview);
        const name = type === "keep" ? `Keep ${String.fromCharCode(65 + buttons.length)}` : coordinates(move.at);
        buttons.push(moveButton(move, labels[i], `move g21-move ${type}${lit ? " scores" : ""}`, [
          el("span", { className: "g21-at", "aria-hidden": "true" }, [name]),
          el("span", { className: "g21-value", "aria-hidden": "true" }, [valueText(move, preview)]),
        ]));
      });
      if (!buttons.length) return null;
      const heading = el("h3", { className: "g21-heading" }, [title, el("span", { className: "g21-count" }, [` ${buttons.length}`])]);
      return el("section", { className: `g21-group ${type}` }, [heading, el("div", { className: "g21-grid" }, buttons)]);
    }).filter((section) => section !== null);
    this.list.replaceChildren(...sections);
    const scoring = previews.some(scores);
    if (moves[0]?.type === "keep") this.hint.textContent = "Your 21 split the board into equal parts: keep one, the rest is discarded.";
    else this.hint.textContent = `Your card: ${cardText(current)}. Buttons show the cell (x, y) and the group value it makes${scoring ? "; gold ones make 21" : ""}.`;
  }

  /**
   * A move is on its way: the list goes inert as a whole (the buttons are replaced right after). Disabling
   * forty-odd buttons one by one costs a style pass and a repaint of the panel in the middle of the move, a
   * few milliseconds on a slow machine.
   */
  disable() {
    this.list.inert = true;
  }
}
