// The move log dialog (index.html #log-dialog) follows the view on the felt: entries are [label, sentence]
// from the game's adapter (the label: a round, a card, "End"), emptied when the table is hidden or left.

/** @typedef {import("./controller.js").TableController} TableController */

/** @param {TableController} table */
export function wireLog(table) {
  const list = /** @type {HTMLElement} */ (document.querySelector("#log-list"));
  const empty = /** @type {HTMLElement} */ (document.querySelector("#log-empty"));
  const show = (/** @type {[string, string][]} */ entries) => {
    list.replaceChildren(...entries.map(([label, sentence]) => {
      const item = document.createElement("li");
      const round = document.createElement("span");
      round.className = "log-round";
      round.textContent = label;
      item.append(round, sentence);
      return item;
    }));
    empty.hidden = entries.length > 0;
  };
  table.on("step", ({ answer }) => show(table.adapter.log(answer.view)));
  table.on("stage", (stage) => {
    if (stage === "handover") show([]);
  });
  table.on("close", () => show([]));
}
