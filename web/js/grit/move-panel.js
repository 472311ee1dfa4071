// Every legal move of the person to act as a real <button class="move">, grouped by hand card, each a fingertip
// wide (44 px and more) on a phone held either way: a group is the card's chip beside two rows, face down and
// marked (↻), of your three piles and your rival's three, numbered as on the table, each button with what its
// pile's owner's total would become (the bridge's preview). The list scrolls up and down, never sideways;
// choosing a card lights its group and brings it into view. A button's accessible name (and its text for
// search) is the bridge's plain-language label.
import { cardText, parseCard } from "../cards.js";
import { MovePanel as BasePanel, el, moveButton } from "../move-panel.js";

/** @typedef {import("./shapes.js").GritMove} GritMove */
/** @typedef {import("./shapes.js").GritPreview} GritPreview */
/** @typedef {{move: GritMove, label: string, preview: GritPreview | null}} Option */

/**
 * What the pile's owner's total would become ("→ 17"; "+?" for tops the player cannot see), from the preview.
 * @param {GritPreview | null} preview
 */
function becomes(preview) {
  if (!preview) return "";
  const { totals, hidden, owner } = preview;
  return `→ ${totals[owner]}${hidden[owner] ? "+?" : ""}`;
}

/**
 * One side's three pile buttons, played one way (an empty place where a pile takes no card now).
 * @param {Option[]} options
 * @param {number} owner
 * @param {boolean} marked
 */
function pileButtons(options, owner, marked) {
  return el("div", { className: "pile-buttons" }, [0, 1, 2].map((index) => {
    const option = options.find(({ move }) => move.marked === marked && move.pile[0] === owner && move.pile[1] === index);
    if (!option) return el("span", { className: "move-slot" });
    const { move, label, preview } = option;
    return moveButton(move, label, marked ? "move pile-move marked" : "move pile-move", [
      el("span", { className: "pile-number", "aria-hidden": "true" }, [`${marked ? "↻" : ""}${index + 1}`]),
      el("span", { className: "pile-becomes", "aria-hidden": "true" }, [becomes(preview)]),
    ]);
  }));
}

export class MovePanel extends BasePanel {
  /**
   * @param {Element} root
   * @param {{onSelect: (card: string) => void, onPlay: (move: any) => void, signal: AbortSignal}} options
   *   onSelect(card) when a card chip is pressed
   */
  constructor(root, { onSelect, ...options }) {
    super(root, options);
    this.onSelect = onSelect;
  }

  /** @param {Element} target */
  clicked(target) {
    const chip = /** @type {HTMLElement | null} */ (target.closest("button.card-chip"));
    if (chip) this.onSelect(chip.dataset.card ?? "");
  }

  /**
   * Build fresh buttons for these moves; the viewer is the seat acting, so "your" and "rival's" read right.
   * @param {import("../table/adapter.js").Legal} legal
   * @param {import("../table/adapter.js").Moment} moment
   */
  show({ moves, labels, previews = [] }, moment) {
    const me = moment.viewer ?? 0;
    /** @type {Map<string, Option[]>} */
    const byCard = new Map();
    moves.forEach((move, i) => {
      if (!byCard.has(move.card)) byCard.set(move.card, []);
      byCard.get(move.card)?.push({ move, label: labels[i], preview: previews[i] ?? null });
    });
    const groups = [...byCard].map(([card, options]) => {
      const chip = el("button", {
        type: "button",
        className: parseCard(card).red ? "card-chip red" : "card-chip",
        "data-card": card,
        "aria-pressed": "false",
        "aria-label": `Choose ${cardText(card)}`,
      }, [cardText(card)]);
      const heads = ["Your piles", "Rival's piles"].map((words) => el("span", { className: "side-head", "aria-hidden": "true" }, [words]));
      const rows = [false, true].filter((marked) => options.some((o) => o.move.marked === marked))
        .flatMap((marked) => [pileButtons(options, me, marked), pileButtons(options, 1 - me, marked)]);
      return el("section", { className: "move-group", "data-card": card, "aria-label": `Moves with ${cardText(card)}` },
        [chip, el("div", { className: "group-piles" }, [...heads, ...rows])]);
    });
    this.list.replaceChildren(...groups);
    this.hint.textContent = moves.length ? "Choose a card, then a pile (→ the total it makes; ↻ marked)." : "";
  }

  /**
   * Light the chosen card's group (its marked row when the card goes down marked) and bring it into view,
   * without rebuilding the buttons.
   * @param {string | null} card
   * @param {boolean} marked
   */
  select(card, marked) {
    for (const group of /** @type {NodeListOf<HTMLElement>} */ (this.list.querySelectorAll(".move-group"))) {
      const chosen = group.dataset.card === card;
      const was = group.classList.contains("selected");
      group.classList.toggle("selected", chosen);
      group.classList.toggle("marking", chosen && marked);
      group.querySelector(".card-chip")?.setAttribute("aria-pressed", String(chosen));
      if (chosen && !was) group.scrollIntoView({ block: "nearest" });
    }
  }
}
