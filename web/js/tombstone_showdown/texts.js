// The Showdown in words: where the fight stands (round, whose turn), what a character on screen is asked
// to do, the log as a story, the end's headline, the enemies' last move and the canvas summary. Every
// sentence about what was settled is the engine's (view.log, the events' "sentence"); this module names
// things and says which flip waits.
import { cardText } from "../cards.js";
import { pendingTitle, flipWords, pendingSentence } from "../tombstone/fate-words.js";

/** @typedef {import("./shapes.js").ShowdownView} ShowdownView */

/**
 * The headline of each way a fight ends (view.end).
 * @type {Record<string, string>}
 */
export const END_TITLES = {
  victory: "Victory!",
  routed: "They broke and ran",
  escaped: "Got away",
  dead: "Dead in the dust",
  nightfall: "Nightfall",
  safe: "Safe",
};

/**
 * The name of the character at `seat` ("Player 2" if unnamed).
 * @param {ShowdownView} view
 * @param {number} seat
 */
export function seatName(view, seat) {
  const member = view.party.find((p) => p.seat === seat);
  return member ? member.sheet.name || `Player ${seat}` : `Player ${seat}`;
}

/**
 * "Round 2 · the party's turn", "Round 3 · initiative", "Round 1 · the enemies' turn"; on a trail
 * "Fight 2 of 3, round 1 · …", and in its camp "Camp · fight 2 of 3 next" (SD-17).
 * @param {ShowdownView} view
 */
export function roundLabel(view) {
  const trail = view.trail;
  if (trail?.camp) return `Camp · fight ${trail.done.length + 1} of ${trail.of} next`;
  const label = fightLabel(view);
  return trail ? `Fight ${trail.fight} of ${trail.of}, ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label;
}

/** @param {ShowdownView} view */
function fightLabel(view) {
  if (view.round === 0) return "Before the fight";
  if (view.encounter.hazard) return `Round ${view.round}`;
  const phase = view.pending?.kind === "initiative" || view.phase === "initiative" ? "initiative"
    : view.phase === "party" ? "the party's turn" : "the enemies' turn";
  return `Round ${view.round} · ${phase}`;
}

/** @type {Record<string, string>} */
const CHOICES = { attack: "attack", take_cover: "take cover", reload: "reload", drink: "drink", turn_tail: "turn tail" };

/**
 * What the character at `seat` is asked to do now, from the kinds of move they have.
 * @param {ShowdownView} view
 * @param {number} seat
 * @param {{type: string}[]} moves
 */
export function promptFor(view, seat, moves) {
  const name = seatName(view, seat);
  if (view.pending) {
    return moves.some((m) => m.type === "cheat" || m.type === "force") ? `${name}: cheat fate, or let the cards stand` : `${name}: let the cards stand`;
  }
  if (view.trail?.camp) return `${name}: rest, shop or move on`;
  if (view.encounter.hazard) return `${name}'s turn: get rid of ${view.encounter.hazard.name.toLowerCase()}`;
  const choices = [...new Set(moves.map((m) => CHOICES[m.type]).filter(Boolean))];
  return `${name}'s turn: ${choices.length > 1 ? `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}` : choices[0] ?? "act"}`;
}

/**
 * Who the table waits for when nobody on screen may move.
 * @param {ShowdownView} view
 * @param {number[]} toAct
 */
export function waitingFor(view, toAct) {
  if (!toAct.length) return "";
  if (toAct.includes(0)) return "The Dealer plays the enemies…";
  const names = toAct.map((seat) => seatName(view, seat));
  return view.pending ? `${pendingTitle(view)}: ${names.join(" or ")} may cheat fate` : `${names.join(" or ")} to act`;
}

/**
 * The news line: the flip on the table while one waits, else the last thing the engine said.
 * @param {ShowdownView} view
 */
export function newsLine(view) {
  if (view.pending) return pendingSentence(view.pending);
  return view.log.at(-1)?.sentence ?? "";
}

/** @type {Record<string, string>} */
const LOG_LABELS = {
  scene: "Scene", round: "Round", settled: "Fate", cheat: "Cheat", force: "Joker", hurt: "Hurt", scar: "Scar",
  scar_effect: "Scar", cover: "Cover", reload: "Reload", drink: "Swig", gang_up: "Gang", free_attack: "Shot",
  escape: "Away", strike: "Strike", morale_due: "Morale", rout: "Rout", complication: "Joker", aftermath: "After",
  end: "End", renewed: "Deck", hazard: "Hazard",
};

/**
 * The log dialog: [label, sentence] per entry of the engine's log.
 * @param {ShowdownView} view
 * @returns {[string, string][]}
 */
export function logEntries(view) {
  return view.log.map((entry) => [LOG_LABELS[entry.kind] ?? "·", entry.sentence]);
}

/**
 * The canvas in words, for screen readers.
 * @param {ShowdownView} view
 */
export function tableSummary(view) {
  const party = view.party.map((p) => `${p.sheet.name}: HP ${p.effective_hp} of ${p.sheet.max_hp}, GRT ${p.sheet.abilities.GRT}, `
    + `${p.escaped ? "got away" : p.sheet.status}${p.cover ? ", in cover" : ""}`
    + `${p.hand ? `, hand ${p.hand.map(cardText).join(" ")}` : ""}`);
  const foes = view.npcs.map((n) => `${n.name} HP ${n.hp} of ${n.max_hp}, ${n.status}${n.cover ? ", in cover" : ""}`);
  const flip = view.pending ? `Waiting: ${pendingTitle(view)}; ${view.pending.sides.map((s) => `${s.name} ${flipWords(s.flip, s.ability)}`).join("; ")}.` : "";
  return [`Showdown: ${view.encounter.title}. ${roundLabel(view)}.`, `${party.join(". ")}.`, `Facing them: ${foes.join(", ")}.`, flip]
    .filter(Boolean).join(" ");
}

/**
 * The enemies' newest move, when it is the newest thing on the table: the flip the Dealer made for one of
 * them that waits for a cheat, or one it settled. Null when a character acted last.
 * @param {ShowdownView} view
 */
export function enemyMove(view) {
  const pending = view.pending;
  if (pending) {
    const [first, second] = pending.sides;
    if (!first.who.startsWith("npc")) return null;
    const cards = first.cards.map(cardText).join(" and ");
    if (pending.kind === "attack") {
      const weapon = String(pending.context.weapon?.name ?? "weapon").toLowerCase();
      return `${first.name} attacks ${second.name} with the ${weapon}: the Dealer flips ${cards}.`;
    }
    return `${pendingTitle(view)}: the Dealer flips ${cards} for ${first.name}.`;
  }
  const settled = view.last.filter((event) => event.type === "settled").at(-1);
  return settled?.who.startsWith("npc") ? settled.sentence : null;
}
