// Every legal Knife Fight move of the person to act as a real <button class="move">: one per card
// (commit it, follow the feint with it, or dress that wound). The button's accessible name is the
// bridge's plain-language label; what shows is the card and what it does.
import { cardText, parseCard } from "../cards.js";

const HINTS = {
  play: "Lay a card face down. Your rival won't see it until both cards are down.",
  follow_up: "Your King was a feint: pick the card that strikes in its place.",
  dress: "Your Queen dresses a wound: pick an older wound to throw away.",
};

function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "className") node.className = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** The part of a bridge label in brackets ("strike", "parry"…), or the kind of move. */
function role(move, label) {
  if (move.type === "dress") return "dress it";
  return /\(([^)]+)\)\s*$/.exec(label)?.[1] ?? "";
}

export class MovePanel {
  /** onPlay(move) when a move button is pressed; signal removes the listener when the table closes. */
  constructor(root, { onPlay, signal }) {
    this.list = root.querySelector("#move-list");
    this.hint = root.querySelector("#moves-hint");
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("button.move");
      if (button && !button.disabled) onPlay(JSON.parse(button.dataset.move));
    }, { signal });
  }

  show({ moves, labels }) {
    const buttons = moves.map((move, i) => {
      const code = move.card ?? move.discard;
      return el("button", {
        type: "button",
        className: parseCard(code).red ? "move kf-move red" : "move kf-move",
        "data-move": JSON.stringify(move),
        title: labels[i],
      }, [
        el("span", { className: "move-text" }, [labels[i]]),
        el("span", { className: "kf-card", "aria-hidden": "true" }, [cardText(code)]),
        el("span", { className: "kf-role", "aria-hidden": "true" }, [role(move, labels[i])]),
      ]);
    });
    this.list.replaceChildren(el("div", { className: "kf-moves" }, buttons));
    this.hint.textContent = moves.length ? HINTS[moves[0].type] : "";
  }

  /** Keyboard users land back on the moves when it is their turn again. */
  focus() {
    this.list.querySelector("button.move")?.focus({ preventScroll: true });
  }

  disable() {
    for (const button of this.list.querySelectorAll("button")) button.disabled = true;
  }

  /** No moves on offer (the other side is acting, the curtain is down, or the game is over). */
  clear(hint = "") {
    this.list.replaceChildren();
    this.hint.textContent = hint;
  }
}
