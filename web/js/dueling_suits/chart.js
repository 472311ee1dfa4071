// The suit table as a help overlay: the sixteen ways two leads meet, in our words, rows for the viewer's
// suit and columns for the rival's (S, D, C, H), with the cell of the last turn lit and its two powers.
// A <dialog> of its own, made when a Dueling Suits table opens and removed when it closes.
import { el } from "../move-panel.js";
import { duel, SUIT_SYMBOLS } from "./texts.js";

/**
 * A suit's heading: its symbol and its action, the action shortened on a phone.
 * @param {string} tag
 * @param {string} suit
 * @param {Record<string, string>} attributes
 */
function heading(tag, suit, attributes = {}) {
  const red = suit === "D" || suit === "H" ? " red" : "";
  return el(tag, { className: `ds-suit${red}`, ...attributes }, [
    el("span", { className: "ds-symbol" }, [SUIT_SYMBOLS[suit]]),
    el("span", { className: "ds-action" }, [duel().actions[suit]]),
  ]);
}

export class SuitChart {
  constructor() {
    this.cells = new Map();
    this.last = el("p", { className: "ds-chart-last" });
    const head = el("tr", {}, [el("th", { scope: "col", className: "ds-corner" }, ["you ↓ · they →"]),
      ...duel().suits.map((suit) => heading("th", suit, { scope: "col" }))]);
    const rows = duel().suits.map((row) => el("tr", {}, [heading("th", row, { scope: "row" }), ...duel().suits.map((column) => {
      const [long, short] = duel().chart[row][column];
      const cell = el("td", { "data-row": row, "data-column": column }, [
        el("span", { className: "ds-long" }, [long]), el("span", { className: "ds-short" }, [short]),
      ]);
      this.cells.set(`${row}${column}`, cell);
      return cell;
    })]));
    this.dialog = /** @type {HTMLDialogElement} */ (el("dialog", { id: "ds-chart", className: "sheet reading ds-chart", "aria-labelledby": "ds-chart-title" }, [
      el("h2", { id: "ds-chart-title" }, ["The suit table"]),
      el("p", { className: "ds-chart-key" }, [
        "Find your lead's suit on the left and your rival's along the top. ",
        el("b", {}, ["a"]), " is your power this turn, ", el("b", {}, ["b"]), " your rival's. ",
        "Damage never goes below 0, both sides are settled at once, and health stops at 30.",
      ]),
      el("div", { className: "ds-chart-scroll" }, [el("table", { className: "ds-chart-table" }, [el("thead", {}, [head]), el("tbody", {}, rows)])]),
      this.last,
      el("form", { method: "dialog" }, [el("button", { className: "brass-button", type: "submit" }, ["Back to the table"])]),
    ]));
    this.dialog.addEventListener("click", (event) => {
      if (event.target === this.dialog) this.dialog.close();
    });
    document.body.append(this.dialog);
  }

  /**
   * Show the table with the last turn's cell lit (none before the first turn resolves).
   * @param {any} last the view's `last` log entry, or null
   * @param {{subject: string, owner: string}[]} names
   */
  open(last, names) {
    for (const cell of this.cells.values()) {
      cell.classList.remove("ds-applied");
      cell.removeAttribute("aria-current");
      cell.querySelector(".ds-powers")?.remove();
    }
    if (last) {
      const { row, column, row_seat: rowSeat } = last.cell;
      const cell = this.cells.get(`${row}${column}`);
      cell.classList.add("ds-applied");
      cell.setAttribute("aria-current", "true");
      cell.append(el("span", { className: "ds-powers" }, [`a ${last.powers[rowSeat]} · b ${last.powers[1 - rowSeat]}`]));
      const who = names[rowSeat].subject === "You" ? "" : ` (rows: ${names[rowSeat].subject})`;
      this.last.textContent = `Turn ${last.turn}${who}: ${last.sentence}`;
    } else {
      this.last.textContent = "No turn has been settled yet: the lit cell appears after the first one.";
    }
    if (!this.dialog.open) this.dialog.showModal();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  remove() {
    this.dialog.remove();
  }
}
