// The Dealer's table in words: names of the people at the table, what a waiting flip is about, the
// status lines, the log and the canvas summary. Every sentence about what happened is the engine's
// (view.log, the events' "sentence"); this module only names things and strings counts together.
import { cardText } from "../cards.js";
import { nameOf, pendingTitle, flipWords, pendingSentence } from "../tombstone/fate-words.js";

export { nameOf, pendingTitle, flipWords };

/** @typedef {import("./shapes.js").TableView} TableView */

/**
 * "Jesse", or "Player 2" when the seat's character has no name.
 * @param {TableView} view
 * @param {number} seat
 */
export function seatName(view, seat) {
  if (seat === 0) return "the Dealer";
  const member = view.party.find((p) => p.seat === seat);
  return member ? member.sheet.name || `Player ${seat}` : `Player ${seat}`;
}

/**
 * Every character dead and no hireling to take over: the session waits for the Dealer to end it (TS-27).
 * @param {TableView} view
 */
export function wipedOut(view) {
  return view.party.every((p) => p.sheet.status === "dead") && !view.npcs.some((n) => n.kind === "hireling" && n.status === "up");
}

/**
 * Who may do what now, for the status line.
 * @param {TableView} view
 * @param {number[]} toAct
 * @param {number[]} [away] the seats played on other devices (their players decide there)
 */
export function turnLine(view, toAct, away = []) {
  if (view.pending) {
    const players = toAct.filter((seat) => seat > 0).map((seat) => `${seatName(view, seat)}${away.includes(seat) ? " (on their own device)" : ""}`);
    return `${pendingTitle(view)}: ${players.join(" or ")} may cheat fate, or let the cards stand.`;
  }
  if (wipedOut(view)) return "The whole party is down: end the session, or undo the last action.";
  const up = view.party.filter((p) => p.sheet.status === "up").length;
  const others = view.npcs.filter((n) => n.status === "up").length;
  return `The table is open: ${up} of ${view.party.length} standing, ${others === 0 ? "nobody else" : others === 1 ? "one other" : `${others} others`} in the scene.`;
}

/**
 * The news line: the flip on the table while one waits, else the last thing the engine said.
 * @param {TableView} view
 */
export function newsLine(view) {
  if (view.pending) return pendingSentence(view.pending);
  return view.log.at(-1)?.sentence ?? "Pick who acts below: a player's save, contest or attack, or one of the Dealer's tools.";
}

/**
 * The log dialog: [label, sentence] per entry.
 * @param {TableView} view
 * @returns {[string, string][]}
 */
export function logEntries(view) {
  /** @type {Record<string, string>} */
  const labels = { flip: "Flip", settled: "Fate", hurt: "Hurt", scar: "Scar", end: "End" };
  return view.log.map((entry, i) => [labels[entry.kind] ?? `${i + 1}`, entry.sentence]);
}

/**
 * The canvas in words, for screen readers.
 * @param {TableView} view
 */
export function tableSummary(view) {
  const party = view.party.map((p) => `${p.sheet.name}: HP ${p.effective_hp} of ${p.sheet.max_hp}, ${p.sheet.status}, `
    + `deck ${p.deck}, hand ${p.hand_count}${p.hand ? ` (${p.hand.map(cardText).join(", ")})` : ""}`);
  const npcs = view.npcs.filter((n) => n.status === "up").map((n) => `${n.name} HP ${n.hp} of ${n.max_hp}`);
  const flip = view.pending ? `Waiting: ${pendingTitle(view)}; ${view.pending.sides.map((s) => `${s.name} ${flipWords(s.flip, s.ability)}`).join("; ")}.` : "";
  return [`The Dealer's table. Dealer's deck ${view.dealer.deck}.`, party.join(". "), npcs.length ? `In the scene: ${npcs.join(", ")}.` : "", flip]
    .filter(Boolean).join(" ");
}

/** @type {Record<string, string>} */
const RISK_SHORT = { standard: "std", low: "low", moderate: "mod", high: "high", deadly: "deadly" };

/**
 * A short label of a legal move for its button, from the engine's label.
 * @param {string} risk
 */
export function riskShort(risk) {
  return RISK_SHORT[risk] ?? risk;
}

/**
 * TS-28: the question to ask before `move`, or null for an ordinary step (undo mends those, TS-27).
 * @param {TableView} view
 * @param {any} move the move as it will be sent (with its free fields)
 * @returns {{title: string, text: string, yes: string} | null}
 */
export function askFirst(view, move) {
  const gone = "Undo cannot take this back.";
  if (move.type === "end") {
    return { title: "End the session?", text: `The party's sheets go back to their rosters as they stand now. ${gone}`, yes: "End the session" };
  }
  if (move.type === "rest" && move.kind !== "breather") {
    const what = view.forms.rests[move.kind] ?? move.kind;
    return { title: `Take ${what}?`, text: `Every deck is shuffled and new hands are dealt. ${gone}`, yes: "Rest" };
  }
  if (move.type === "take_over") {
    return { title: `Take over ${nameOf(view, move.npc)}?`, text: `The fallen character's place goes to the hireling and a new hand is drawn. ${gone}`, yes: "Take over" };
  }
  if (move.type === "hazard" && move.ability === "GRT") {
    const member = view.party.find((p) => p.ref === move.character);
    const grt = member?.sheet.abilities.GRT ?? 0;
    const amount = move.amount ?? 1;
    if (member && grt - amount < 0) {
      return { title: `Kill ${member.sheet.name}?`, text: `A hazard of ${amount} takes ${member.sheet.name}'s GRT from ${grt} to ${grt - amount}: below 0, ${member.sheet.name} dies.`, yes: "Let it strike" };
    }
  }
  return null;
}
