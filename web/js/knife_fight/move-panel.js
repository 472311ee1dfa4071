// Every legal Knife Fight move of the person to act as a real <button class="move">: one per card
// (commit it, follow the feint with it, or dress that wound). The button's accessible name is the
// bridge's plain-language label; what shows is the card and what it does.
import { cardText, parseCard } from "../cards.js";
import { MovePanel as BasePanel, el, moveButton } from "../move-panel.js";

/** @typedef {import("./shapes.js").KnifeMove} KnifeMove */

/** @type {Record<KnifeMove["type"], string>} */
const HINTS = {
  play: "Lay a card face down. Your rival won't see it until both cards are down.",
  follow_up: "Your King was a feint: pick the card that strikes in its place.",
  dress: "Your Queen dresses a wound: pick an older wound to throw away.",
};

/**
 * The part of a bridge label in brackets ("strike", "parry"…), or the kind of move.
 * @param {KnifeMove} move
 * @param {string} label
 */
function role(move, label) {
  if (move.type === "dress") return "dress it";
  return /\(([^)]+)\)\s*$/.exec(label)?.[1] ?? "";
}

export class MovePanel extends BasePanel {
  /** @param {{moves: KnifeMove[], labels: string[]}} legal */
  show({ moves, labels }) {
    const buttons = moves.map((move, i) => {
      const code = move.type === "dress" ? move.discard : move.card;
      return moveButton(move, labels[i], parseCard(code).red ? "move kf-move red" : "move kf-move", [
        el("span", { className: "kf-card", "aria-hidden": "true" }, [cardText(code)]),
        el("span", { className: "kf-role", "aria-hidden": "true" }, [role(move, labels[i])]),
      ]);
    });
    this.list.replaceChildren(el("div", { className: "kf-moves" }, buttons));
    this.hint.textContent = moves.length ? HINTS[moves[0].type] : "";
  }
}
