// Every legal Dueling Suits move of the person to act as a real <button class="move">: one per hand card
// (lead it face down, or add it to the chain) and, while chaining, Pass. The button's accessible name is
// the bridge's plain-language label; what shows is the card and what it does (its action as a lead, or
// what it adds and the power it makes as a chain card, from the bridge's previews).
import { cardText, parseCard } from "../cards.js";
import { MovePanel as BasePanel, el, moveButton } from "../move-panel.js";
import { duel } from "./texts.js";

/** @typedef {import("./shapes.js").DuelMove} DuelMove */
/** @typedef {import("./shapes.js").DuelCardMove} DuelCardMove */
/** @typedef {import("./shapes.js").DuelPreview} DuelPreview */

const HINTS = {
  lead: "Lead a card face down: its suit is your action, its rank your power.",
  chain: "Chain a card (same suit: full power, else half) or pass.",
};

/**
 * What a button shows under its card.
 * @param {DuelCardMove} move
 * @param {DuelPreview | null | undefined} preview
 */
function role(move, preview) {
  if (move.type === "lead") return duel().short_actions[move.card.slice(-1)]; // its suit (DUEL-1)
  return preview ? `+${preview.added} → ${preview.power}` : "";
}

export class MovePanel extends BasePanel {
  /** @param {{moves: DuelMove[], labels: string[], previews?: Array<DuelPreview | null>}} legal */
  show({ moves, labels, previews }) {
    const buttons = moves.map((move, i) => {
      if (move.type === "pass") {
        return moveButton(move, labels[i], "move ds-move ds-pass", [
          el("span", { className: "ds-card", "aria-hidden": "true" }, ["Pass"]),
          el("span", { className: "ds-role", "aria-hidden": "true" }, ["end chaining"]),
        ]);
      }
      return moveButton(move, labels[i], parseCard(move.card).red ? "move ds-move red" : "move ds-move", [
        el("span", { className: "ds-card", "aria-hidden": "true" }, [cardText(move.card)]),
        el("span", { className: "ds-role", "aria-hidden": "true" }, [role(move, previews?.[i])]),
      ]);
    });
    this.list.replaceChildren(el("div", { className: "ds-moves" }, buttons));
    this.hint.textContent = moves.length ? HINTS[moves[0].type === "lead" ? "lead" : "chain"] : "";
  }
}
