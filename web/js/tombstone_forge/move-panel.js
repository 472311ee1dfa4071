// The forge's moves as real <button class="move"> buttons (the bridge's label is each one's accessible
// name): draw / draw again and keep; the name columns; one trait again; the gear packages, the shop by kind
// (what cannot be bought now is shown greyed with the reason; open with a package too: TS-8) and returns
// (carried things by their place, beasts, hirelings and board by their id: TS-25); Done. While the name or the
// background is being made, a text field writes your own (the engine's `write` move: free text is never
// in the legal moves, so the panel offers it itself).
import { MovePanel as BasePanel, el, moveButton } from "../move-panel.js";
import { traits, traitOf } from "../tombstone/rules.js";
import { itemLine, hint } from "./texts.js";
import { constantsOf } from "../game-constants.js";

/** @returns {import("./shapes.js").ForgeConstants} */
const forge = () => constantsOf("tombstone_forge");

/** @typedef {import("./shapes.js").ForgeView} ForgeView */
/** @typedef {import("./shapes.js").ForgeMove} ForgeMove */

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A move button with a title line and a small line under it.
 * @param {object} move
 * @param {string} label
 * @param {string} title
 * @param {string | undefined} note
 */
function bigButton(move, label, title, note, extra = "") {
  return moveButton(move, label, `move tf-move${extra ? ` ${extra}` : ""}`, [
    el("span", { className: "tf-move-title", "aria-hidden": "true" }, [title]),
    ...(note ? [el("span", { className: "tf-move-note", "aria-hidden": "true" }, [note])] : []),
  ]);
}

/**
 * @param {string} title
 * @param {(Node | string)[]} children
 */
function group(title, children, className = "") {
  return el("section", { className: `tf-group${className ? ` ${className}` : ""}` }, [el("h3", { className: "tf-group-title" }, [title]), ...children]);
}

export class MovePanel extends BasePanel {
  /**
   * @param {Element} root
   * @param {{onPlay: (move: any) => void, onWrite: (text: string) => void, signal: AbortSignal}} options
   */
  constructor(root, options) {
    super(root, options);
    this.onWrite = options.onWrite;
    this.list.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = /** @type {HTMLInputElement | null} */ (this.list.querySelector(".tf-write input"));
      if (input && !input.disabled) this.onWrite(input.value);
    }, { signal: options.signal });
  }

  /**
   * @param {import("../table/adapter.js").Legal} legal
   * @param {import("../table/adapter.js").Moment<ForgeView>} moment
   */
  show({ moves, labels }, moment) {
    const view = moment.view;
    const labelOf = (/** @type {object} */ move) => labels[moves.findIndex((m) => same(m, move))] ?? "";
    const offered = (/** @type {object} */ move) => moves.some((m) => same(m, move));
    const blocks = [];
    const main = [];
    const draw = { type: "draw" };
    const accept = { type: "accept" };
    if (view.phase === "gear") {
      blocks.push(el("div", { className: "tf-row" }, [bigButton(accept, labelOf(accept), "Done", "the character is ready", "tf-primary")]));
      blocks.push(...this.gear(view, moves, labelOf));
    } else {
      if (view.phase === "name") {
        const rolls = moves.filter((m) => m.type === "roll_name").map((m) => bigButton(m, labelOf(m),
          m.column === "random" ? "Random column" : view.name_columns[m.column], view.offer ? "roll again" : "roll 2d6", "tf-roll"));
        blocks.push(group(view.offer ? "Roll again on" : "Roll 2d6 on", [el("div", { className: "tf-grid" }, rolls)]));
      }
      if (offered(accept)) main.push(bigButton(accept, labelOf(accept), "Keep", view.part_labels[view.phase].toLowerCase(), "tf-primary"));
      if (offered(draw)) main.push(bigButton(draw, labelOf(draw), view.offer ? "Draw again" : "Draw", view.offer ? "all of it, fresh cards" : view.part_labels[view.phase].toLowerCase(), view.offer ? "" : "tf-primary"));
      if (main.length) blocks.unshift(el("div", { className: "tf-row" }, main));
      const drawn = view.phase === "traits" ? view.offer?.traits : undefined;
      if (drawn) {
        const singles = traits().flatMap((t) => {
          const move = { type: "draw", trait: t.id };
          return offered(move) ? [bigButton(move, labelOf(move), t.label, traitOf(drawn, t.id), "tf-trait")] : [];
        });
        blocks.push(group("Draw one trait again", [el("div", { className: "tf-grid tf-grid-4" }, singles)]));
      }
      if (view.phase === "name" || view.phase === "background") blocks.push(this.writer(view.phase));
    }
    this.list.replaceChildren(...blocks);
    this.hint.textContent = hint(view);
  }

  /**
   * The text field for a name or background of your own.
   * @param {"name" | "background"} part
   */
  writer(part) {
    const id = `tf-write-${part}`;
    const input = el("input", { id, type: "text", maxlength: String(forge().text_limits[part]), autocomplete: "off", spellcheck: "false",
      placeholder: part === "name" ? "e.g. Doc Hollis" : "e.g. Riverboat gambler" });
    return el("form", { className: "tf-write", "data-write": part }, [
      el("label", { for: id, className: "tf-group-title" }, [part === "name" ? "Or write your own name" : "Or write your own background"]),
      el("div", { className: "tf-write-row" }, [input, el("button", { type: "submit", className: "brass-button tf-write-button" }, ["Write it"])]),
    ]);
  }

  /**
   * Packages, the shop grouped by kind, returns.
   * @param {ForgeView} view
   * @param {ForgeMove[]} moves
   * @param {(move: object) => string} labelOf
   */
  gear(view, moves, labelOf) {
    const blocks = [];
    const packages = [{ id: "standard", name: "Starting gear", money_label: "$10", note: "rations, torch, $10 and the shop" },
      ...view.packages.map((p) => ({ ...p, note: `${p.items.length} things, ${p.money_label}` }))];
    blocks.push(group("Package", [el("div", { className: "tf-grid" }, packages.map((p) => {
      const move = { type: "package", archetype: p.id };
      if (view.gear === p.id) {
        return el("div", { className: "tf-move tf-taken", "data-taken": p.id }, [
          el("span", { className: "tf-move-title" }, [p.name]), el("span", { className: "tf-move-note" }, ["✓ taken"])]);
      }
      return bigButton(move, labelOf(move), p.name, p.note, "tf-package");
    }))]));
    const returns = moves.filter((m) => m.type === "return").map((m) => {
      const item = "item" in m ? view.shop.find((i) => i.id === m.item) : view.sheet.inventory[m.index];
      const verb = item?.kind === "hireling" ? "Let go" : item?.kind === "board" ? "Give up" : "Return";
      const what = item?.kind === "board" ? "a week's board" : (item?.name ?? "").toLowerCase();
      return bigButton(m, labelOf(m), `${verb} ${what}`, "full refund", "tf-return");
    });
    if (returns.length) blocks.push(group("Bought: take back", [el("div", { className: "tf-grid" }, returns)]));
    if (view.gear !== "standard") {
      blocks.push(el("p", { className: "tf-note" }, [`${view.sheet.money_label} left from the package to spend in the shop.`]));
    }
    const free = view.slots.total - view.slots.used;
    for (const [kind, title] of forge().shop_groups) {
      const items = view.shop.filter((item) => item.kind === kind).map((item) => {
        const move = { type: "buy", item: item.id };
        const label = labelOf(move);
        if (label) return bigButton(move, label, item.name, itemLine(item), "tf-item");
        const lodging = item.kind === "board" && view.sheet.board && view.sheet.board.id !== item.id;
        const why = lodging ? "one lodging at a time" : item.price > view.sheet.money ? "too dear" : item.slots > free ? "no room" : "not now";
        return el("div", { className: "tf-move tf-item tf-unavailable", title: `${item.name}: ${why}` }, [
          el("span", { className: "tf-move-title" }, [item.name]), el("span", { className: "tf-move-note" }, [`${itemLine(item)} · ${why}`])]);
      });
      blocks.push(group(title, [el("div", { className: "tf-grid" }, items)], "tf-shop"));
    }
    return blocks;
  }
}
