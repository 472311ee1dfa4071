// Every legal move of the person to act as a real <button class="move">, grouped by hand card.
// Each group is a small grid: your three piles and your rival's three, face down or marked, numbered as on
// the table. The button's accessible name (and its text for search) is the bridge's plain-language label.
import { cardText, parseCard } from "../cards.js";
import { MovePanel as BasePanel, el, moveButton } from "../move-panel.js";

function pileButtons(options, owner) {
  const buttons = [0, 1, 2].map((index) => {
    const option = options.find(({ move }) => move.pile[0] === owner && move.pile[1] === index);
    if (!option) return el("span", { className: "move-slot" });
    const { move, label } = option;
    return moveButton(move, label, move.marked ? "move marked" : "move",
      [el("span", { "aria-hidden": "true" }, [String(index + 1)])]);
  });
  return el("div", { className: "pile-buttons" }, buttons);
}

export class MovePanel extends BasePanel {
  /**
   * @param {Element} root
   * @param {{onSelect: (card: string) => void, onPlay: (move: any) => void, selected: () => string | null, signal: AbortSignal}} options
   *   onSelect(card) when a card chip is pressed; selected(): the hand card chosen now
   */
  constructor(root, { onSelect, selected, ...options }) {
    super(root, options);
    this.onSelect = onSelect;
    this.selected = selected;
  }

  clicked(target) {
    const chip = /** @type {HTMLElement | null} */ (target.closest("button.card-chip"));
    if (chip) this.onSelect(chip.dataset.card ?? "");
  }

  /**
   * Build fresh buttons for these moves; the viewer is the seat acting, so "yours" and "rival's" read right.
   * @param {import("../table/adapter.js").Legal} legal
   * @param {import("../table/adapter.js").Moment} moment
   */
  show({ moves, labels }, moment) {
    const me = moment.viewer ?? 0;
    const selected = this.selected();
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
      const chosen = /** @type {HTMLElement} */ (group).dataset.card === card;
      group.classList.toggle("selected", chosen);
      group.querySelector(".card-chip")?.setAttribute("aria-pressed", String(chosen));
      if (chosen) group.scrollIntoView({ block: "nearest" });
    }
  }
}
