// Hint and Undo at a table against the computer. Hint asks what the computer at its strongest would play in
// the person's seat and says it here in one sentence (the controller rings the move's button and the game
// lights it on the felt); Undo takes back the person's last move, and is shown only when the bridge says it
// can (`can_undo`: never once a card was shown to them or drawn since), not as a dead button on every turn.
// A hot-seat table has neither: a hint there would be a third player whispering, and an undo would take
// back a move the other person has seen. Nor has a guided game, whose coach already says what to play.
// A shared screen whose adapter names an undoSeat (the Dealer's table, TS-27) has Undo only: that seat
// takes back the table's last action, whoever made it, whenever the bridge says it can.
//
// The hint is thought ahead (issue 28, point 4: the first hint within a second of the table opening): the
// worker thinks the person's hint in its idle time while they look at the table, from the moment their turn
// is on the felt if it still plays the step out, else AHEAD_AFTER_MS after their moves go live (a move made
// at once does not wait behind the search's first slice). Hint then finds it decided or under way.

/** @typedef {import("./controller.js").TableController} TableController */

const AHEAD_AFTER_MS = 200;

/**
 * @param {string} id
 * @param {string} text
 * @param {string} title what it does, for the tooltip and the accessible description
 */
function aidButton(id, text, title) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "head-pill aid-button";
  button.hidden = true;
  button.title = title;
  button.textContent = text;
  return button;
}

/**
 * Hint and Undo for `table`, when its game and mode have them.
 * @param {TableController} table
 */
export function wireAids(table) {
  const { settings, info } = table;
  const { undoSeat } = table.adapter;
  if (undoSeat !== undefined) return wireSharedUndo(table, undoSeat);
  if (settings.mode !== "computer" || !info.levels.length || settings.guided) return;
  const head = /** @type {Element} */ (document.querySelector(".moves-head"));
  const hint = aidButton("hint-button", "Hint", "What would the computer do? Its strongest level's move in your seat, and why");
  const undo = aidButton("undo-button", "Undo", "Take back your last move (not once a card has been shown or drawn since)");
  const line = document.createElement("p");
  line.id = "hint-line";
  line.className = "hint-line";
  line.setAttribute("role", "status");
  line.hidden = true;
  head.append(hint, undo);
  head.after(line);
  const say = (/** @type {string} */ text) => {
    line.textContent = text;
    line.hidden = !text;
  };
  const { signal } = table.listeners;
  let aheadTimer = 0;
  /** @type {unknown} the step whose hint is thought ahead */
  let aheadFor = null;
  const thinkAhead = () => {
    clearTimeout(aheadTimer);
    if (aheadFor === table.answer) return;
    aheadFor = table.answer;
    table.thinkAhead();
  };
  table.on("stage", (stage) => {
    const acting = stage === "person";
    hint.hidden = !acting;
    hint.disabled = !acting;
    undo.hidden = undo.disabled = !acting || !table.moment.legal.can_undo;
    if (!acting) say("");
    clearTimeout(aheadTimer);
    if (stage === "animating") thinkAhead();
    if (acting) aheadTimer = setTimeout(thinkAhead, AHEAD_AFTER_MS);
  });
  hint.addEventListener("click", async () => {
    clearTimeout(aheadTimer);
    hint.disabled = true;
    say("The computer is thinking about your move…");
    const answer = await table.hint();
    if (!answer) return; // the table has moved on
    hint.disabled = false;
    say(answer.ok ? `${answer.label}. ${answer.reason}` : "");
    if (!answer.ok) table.toast(answer.error.message);
  }, { signal });
  undo.addEventListener("click", () => table.undo(), { signal });
  table.on("close", () => {
    clearTimeout(aheadTimer);
    hint.remove();
    undo.remove();
    line.remove();
  });
}

/**
 * Undo at a shared screen: shown while `seat` may take the table's last action back.
 * @param {TableController} table
 * @param {number} seat
 */
function wireSharedUndo(table, seat) {
  const head = /** @type {Element} */ (document.querySelector(".moves-head"));
  const undo = aidButton("undo-button", "Undo", "Take back the table's last action, whoever made it (not once a hand card was shown or new hands dealt)");
  head.append(undo);
  table.on("stage", (stage) => {
    undo.hidden = undo.disabled = stage !== "person" || !table.moment.offered.get(seat)?.can_undo;
  });
  undo.addEventListener("click", () => table.undo(seat), { signal: table.listeners.signal });
  table.on("close", () => undo.remove());
}
