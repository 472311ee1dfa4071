// What every game's move panel does the same way: the list of real <button class="move" data-move>
// buttons under the table (keyboard and screen-reader play, a stable hook for tests), the hint over it,
// focus for keyboard players, and clearing it when nobody at this screen acts. A game's panel extends
// this with show(legal, ...) that builds its own buttons.

/**
 * A DOM element with attributes ("className" sets the class) and children.
 * @param {string} tag
 * @param {Record<string, string>} attributes
 * @param {(Node | string)[]} children
 */
export function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "className") node.className = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/**
 * A move button: the bridge's label is its accessible name and title; `shown` is what it displays.
 * @param {unknown} move  the move as the bridge listed it (the button's data-move)
 * @param {string} label
 * @param {string} className
 * @param {(Node | string)[]} shown
 */
export function moveButton(move, label, className, shown) {
  return el("button", { type: "button", className, "data-move": JSON.stringify(move), title: label },
    [el("span", { className: "move-text" }, [label]), ...shown]);
}

/**
 * The same text for the same move, whatever order its keys came in.
 * @param {any} move
 */
export function moveKey(move) {
  return JSON.stringify(Object.keys(move ?? {}).sort().map((key) => [key, move[key]]));
}

export class MovePanel {
  /**
   * @param {Element} root the panel (.moves) holding #move-list and #moves-hint
   * @param {{onPlay: (move: any) => void, signal: AbortSignal}} options onPlay(move) when a move button
   *   is pressed; signal removes the panel's listeners when its table closes
   */
  constructor(root, { onPlay, signal }) {
    this.list = /** @type {HTMLElement} */ (root.querySelector("#move-list"));
    this.hint = /** @type {HTMLElement} */ (root.querySelector("#moves-hint"));
    this.list.addEventListener("click", (event) => {
      const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button.move"));
      if (button && !button.disabled) onPlay(JSON.parse(button.dataset.move ?? "null"));
      else this.clicked(/** @type {Element} */ (event.target));
    }, { signal });
  }

  /**
   * A click in the list that is not on a move button (a game's own controls).
   * @type {(target: Element) => void}
   */
  clicked() {}

  /**
   * Fresh buttons for these moves; the game's panel may take more (whose side, the card chosen...).
   * @type {(legal: {moves: any[], labels: string[], previews?: any[]}, ...context: any[]) => void}
   */
  show() {}

  /** Keyboard users land back on the moves when it is their turn again. */
  focus() {
    /** @type {HTMLElement | null} */ (this.list.querySelector("button"))?.focus({ preventScroll: true });
  }

  /**
   * Ring the button of a hinted move and bring it into view (the buttons are rebuilt with each new view).
   * @param {any} move
   */
  markHinted(move) {
    const wanted = moveKey(move);
    for (const button of this.list.querySelectorAll("button.move")) {
      const hinted = moveKey(JSON.parse(/** @type {HTMLElement} */ (button).dataset.move ?? "null")) === wanted;
      button.classList.toggle("hinted", hinted);
      if (hinted) button.scrollIntoView({ block: "nearest" });
    }
  }

  /** A move is on its way: no second press until the next view. */
  disable() {
    for (const button of this.list.querySelectorAll("button")) button.disabled = true;
  }

  /** No moves on offer (the other side is acting, the curtain is down, or the game is over). */
  clear(hint = "") {
    this.list.replaceChildren();
    this.list.inert = false;
    this.hint.textContent = hint;
  }
}
