// The Dealer's table in words: names of the people at the table, what a waiting flip is about, the
// status lines, the log and the canvas summary. Every sentence about what happened is the engine's
// (view.log, the events' "sentence"); this module only names things and strings counts together.
import { cardText } from "../cards.js";

/** The name of a ref ("dealer", "pc0", "npc3") in this view. */
export function nameOf(view, ref) {
  if (ref === "dealer") return "the Dealer";
  const member = view.party.find((p) => p.ref === ref);
  if (member) return member.sheet.name || "Nameless";
  const npc = view.npcs.find((n) => n.ref === ref);
  return npc ? npc.name : ref;
}

/** "Jesse", or "Player 2" when the seat's character has no name. */
export function seatName(view, seat) {
  if (seat === 0) return "the Dealer";
  const member = view.party.find((p) => p.seat === seat);
  return member ? member.sheet.name || `Player ${seat}` : `Player ${seat}`;
}

const KINDS = {
  save: "save", turn_tail: "turning tail", contest: "contest", initiative: "initiative", attack: "attack",
  damage: "damage", morale: "morale save", critical: "GRT save against critical damage", scar_save: "GRT save for a scar",
};

/** What the waiting flip is about: "Jesse's DEX save, high risk (12)", "Jesse attacks the Bandit". */
export function pendingTitle(view) {
  const pending = view.pending;
  if (!pending) return "";
  const [first, second] = pending.sides;
  const who = first.name;
  const { context } = pending;
  switch (pending.kind) {
    case "save":
      return `${who}'s ${context.ability} save against ${context.target}`;
    case "turn_tail":
      return `${who} turns tail: DEX against ${context.target}`;
    case "attack":
      return `${who} attacks ${second.name} with the ${String(context.weapon?.name ?? "weapon").toLowerCase()}`;
    case "damage":
      return `${who}'s damage flip against ${nameOf(view, context.target)} (${(context.weapon?.damage ?? []).join("/")})`;
    case "contest":
    case "initiative":
      return `${KINDS[pending.kind] === "initiative" ? "Initiative: " : ""}${who}'s ${context.ability} against ${second?.name ?? ""}`;
    default:
      return `${who}: ${KINDS[pending.kind] ?? pending.kind}${context.target ? ` against ${context.target}` : ""}`;
  }
}

/** "8♦ + WIL 2 = 10", "the Red Joker", "7♠ and 9♦ + STR 1 = 17": a judged flip. */
export function flipWords(flip, ability) {
  const shown = flip.cards.map((c) => (flip.cheat && c === flip.covered ? `${cardText(flip.cheat)} (over ${cardText(c)})` : cardText(c)));
  const cards = shown.join(" and ");
  if (flip.auto === "failure") return `${cards}: the Black Joker, a failure`;
  if (flip.auto === "success") return `${cards}: the Red Joker, a success`;
  const counted = flip.mode === "impaired" ? ` (impaired: ${cardText(flip.counted[0])} counts)` : flip.mode === "enhanced" ? " (enhanced)" : "";
  return `${cards}${counted} + ${ability} ${flip.modifier} = ${flip.total}`;
}

/** Who may do what now, for the status line. */
export function turnLine(view, toAct) {
  if (view.pending) {
    const players = toAct.filter((seat) => seat > 0).map((seat) => seatName(view, seat));
    return `${pendingTitle(view)}: ${players.join(" or ")} may cheat fate, or let the cards stand.`;
  }
  const up = view.party.filter((p) => p.sheet.status === "up").length;
  const others = view.npcs.filter((n) => n.status === "up").length;
  return `The table is open: ${up} of ${view.party.length} standing, ${others === 0 ? "nobody else" : others === 1 ? "one other" : `${others} others`} in the scene.`;
}

/** The news line: the flip on the table while one waits, else the last thing the engine said. */
export function newsLine(view) {
  const { pending } = view;
  if (pending) {
    const sides = pending.sides.map((side) => `${side.name} ${flipWords(side.flip, side.ability)}`).join(" against ");
    return pending.context.target ? `${sides}, needing ${pending.context.target}.` : `${sides}.`;
  }
  return view.log.at(-1)?.sentence ?? "Pick who acts below: a player's save, contest or attack, or one of the Dealer's tools.";
}

/** The log dialog: [label, sentence] per entry. */
export function logEntries(view) {
  const labels = { flip: "Flip", settled: "Fate", hurt: "Hurt", scar: "Scar", end: "End" };
  return view.log.map((entry, i) => [labels[entry.kind] ?? `${i + 1}`, entry.sentence]);
}

/** The canvas in words, for screen readers. */
export function tableSummary(view) {
  const party = view.party.map((p) => `${p.sheet.name}: HP ${p.effective_hp} of ${p.sheet.max_hp}, ${p.sheet.status}, `
    + `deck ${p.deck}, hand ${p.hand_count}${p.hand ? ` (${p.hand.map(cardText).join(", ")})` : ""}`);
  const npcs = view.npcs.filter((n) => n.status === "up").map((n) => `${n.name} HP ${n.hp} of ${n.max_hp}`);
  const flip = view.pending ? `Waiting: ${pendingTitle(view)}; ${view.pending.sides.map((s) => `${s.name} ${flipWords(s.flip, s.ability)}`).join("; ")}.` : "";
  return [`The Dealer's table. Dealer's deck ${view.dealer.deck}.`, party.join(". "), npcs.length ? `In the scene: ${npcs.join(", ")}.` : "", flip]
    .filter(Boolean).join(" ");
}

/** A short label of a legal move for its button, from the engine's label. */
export function riskShort(risk) {
  return { standard: "std", low: "low", moderate: "mod", high: "high", deadly: "deadly" }[risk] ?? risk;
}
