// Every legal move of the person to act as a real <button class="move">, grouped by hand card.
// Each group is a small grid: your three piles and your rival's three, face down or marked, numbered as on
// the table. The button's accessible name (and its text for search) is the bridge's plain-language label.
import { cardText, parseCard } from "../cards.js";

function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "className") node.className = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function moveButton(move, label) {
  return el("button", {
    type: "button",
    className: move.marked ? "move marked" : "move",
    "data-move": JSON.stringify(move),
    title: label,
  }, [
    el("span", { className: "move-text" }, [label]),
    el("span", { "aria-hidden": "true" }, [String(move.pile[1] + 1)]),
  ]);
}

function pileButtons(options, owner) {
  const buttons = [0, 1, 2].map((index) => {
    const option = options.find(({ move }) => move.pile[0] === owner && move.pile[1] === index);
    return option ? moveButton(option.move, option.label) : el("span", { className: "move-slot" });
  });
  return el("div", { className: "pile-buttons" }, buttons);
}

export class MovePanel {
  /**
   * onSelect(card) when a card chip is pressed; onPlay(move) when a move button is pressed;
   * signal: an AbortSignal that removes the panel's listener when its table closes.
   */
  constructor(root, { onSelect, onPlay, signal }) {
    this.list = root.querySelector("#move-list");
    this.hint = root.querySelector("#moves-hint");
    this.list.addEventListener("click", (event) => {
      const move = event.target.closest("button.move");
      if (move && !move.disabled) return onPlay(JSON.parse(move.dataset.move));
      const chip = event.target.closest("button.card-chip");
      if (chip) onSelect(chip.dataset.card);
    }, { signal });
  }

  /** Build fresh buttons for these moves; `me` is the seat acting, so "yours" and "rival's" read right. */
  show({ moves, labels }, me, selected) {
    const byCard = new Map();
    moves.forEach((move, i) => {
      if (!byCard.has(move.card)) byCard.set(move.card, []);
      byCard.get(move.card).push({ move, label: labels[i] });
    });
    const groups = [...byCard].map(([card, options]) => {
      const chip = el("button", {
        type: "button",
        className: parseCard(card).red ? "card-chip red" : "card-chip",
        "data-card": card,
        "aria-pressed": String(card === selected),
        "aria-label": `Choose ${cardText(card)}`,
      }, [cardText(card)]);
      const rows = [[false, "Face down"], [true, "Marked"]]
        .map(([marked, text]) => [options.filter((o) => o.move.marked === marked), text])
        .filter(([rowOptions]) => rowOptions.length)
        .map(([rowOptions, text]) => el("div", { className: "move-row" }, [
          el("span", { className: "row-label" }, [text]),
          pileButtons(rowOptions, me),
          pileButtons(rowOptions, 1 - me),
        ]));
      const heads = el("div", { className: "target-heads", "aria-hidden": "true" },
        [el("span", {}, ["·"]), el("span", {}, ["Your piles"]), el("span", {}, ["Rival's piles"])]);
      return el("section", {
        className: card === selected ? "move-group selected" : "move-group",
        "data-card": card,
        "aria-label": `Moves with ${cardText(card)}`,
      }, [chip, heads, ...rows]);
    });
    this.list.replaceChildren(...groups);
    this.hint.textContent = moves.length
      ? "Pick a card, then a glowing pile, or press a pile number below."
      : "";
  }

  /** Show which card is chosen without rebuilding the buttons. */
  select(card) {
    for (const group of this.list.querySelectorAll(".move-group")) {
      const chosen = group.dataset.card === card;
      group.classList.toggle("selected", chosen);
      group.querySelector(".card-chip").setAttribute("aria-pressed", String(chosen));
      if (chosen) group.scrollIntoView({ block: "nearest" });
    }
  }

  /** Keyboard users land back on the moves when it is their turn again. */
  focus() {
    this.list.querySelector(".card-chip")?.focus({ preventScroll: true });
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
