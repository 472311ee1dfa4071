// What every end adds, whatever the game: the breakdown of how the game was won and the player's record at
// this level on the result box, the game counted once in the record, and the win or loss tune. A game seen
// ending at this table is news (counted and sounded); one opened already finished (a reload, another tab)
// was counted where it ended.
import { countGame, readBook, recordLevel, levelLabel, tallyLine, SOLO } from "../record-book.js";
import { sounds } from "../sound.js";

/** @typedef {import("./controller.js").TableController} TableController */

/** @param {TableController} table */
export function wireRecord(table) {
  const box = table.dom.result;
  const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (box.querySelector(selector));
  let sawPlay = false; // a game still going was shown here: its end is news
  let counted = false;
  table.on("step", ({ answer, events }) => {
    if (!answer.over) sawPlay = true;
    sounds.playEvents(events);
  });
  table.on("over", ({ outcome }) => {
    if (!outcome) return; // the bridge tells the outcome of every game that is over
    const breakdown = part("#result-breakdown");
    breakdown.textContent = outcome.breakdown ?? "";
    breakdown.hidden = !outcome.breakdown;
    if (sawPlay && !counted) {
      counted = true;
      countGame(table.info.id, table.settings, outcome.verdict);
      const tune = table.settings.mode === "hotseat" ? (outcome.winner === null ? null : "win")
        : outcome.verdict === "won" ? "win" : outcome.verdict === "lost" ? "lose" : null;
      if (tune) sounds.play(tune);
    }
    const level = recordLevel(table.settings);
    const tally = level === null ? undefined : readBook()[table.info.id]?.levels[level];
    const line = part("#result-record");
    line.hidden = !tally;
    if (tally && level !== null) line.textContent = `Your record ${level === SOLO ? "playing solo" : `against the ${levelLabel(table.info, level)}`}: ${tallyLine(tally, { best: true })}`;
  });
  table.on("close", () => {
    for (const added of box.querySelectorAll("#result-breakdown, #result-record")) /** @type {HTMLElement} */ (added).hidden = true;
  });
}
