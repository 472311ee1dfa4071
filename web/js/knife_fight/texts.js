// Player-facing words for Knife Fight built from view data: prompts, the status line, log
// lines, the screen-reader summary, and the "rounds left" estimate. Nothing here decides a rule.
import { cardText } from "../cards.js";

/**
 * About how many rounds `seat` lasts at the present rate: each round takes the card drawn to refill the
 * hand plus the bleed. An estimate for the eye (a feint draws two, a dressing slows the bleed).
 */
export function roundsLeft(view, seat) {
  return Math.ceil(view.decks[seat] / (view.bleed[seat] + 1));
}

const PROMPTS = {
  commit: "Choose a card to commit",
  feint: "Your feint: choose the follow-up card",
  dress: "Field dressing: choose an old wound to discard",
};

/** What the person acting is asked, by phase. */
export function prompt(phase) {
  return PROMPTS[phase] ?? "";
}

/** The ring's caption while nobody at this screen acts. */
export function waitingCaption(view, names, computerDue) {
  if (view.phase === "over") return "";
  if (computerDue) {
    const doing = { commit: "choosing a card", feint: "choosing its follow-up", dress: "dressing a wound" }[view.phase];
    return `The computer is ${doing}…`;
  }
  return `${names[view.to_act[0]].subject} ${view.to_act[0] === view.viewer ? "are" : "is"} next`;
}

/** The exchange being settled, or the one before it, as the engine tells it. */
export function storyLine(view) {
  if (view.phase === "feint" && !view.exchange.effects.length) {
    return "A feint: each King steps aside, and a second card from the same hand strikes in its place.";
  }
  if (view.exchange) return view.exchange.story.join(" ");
  if (view.last) return `Round ${view.last.round}: ${view.last.story.join(" ")}`;
  return "Both fighters hold three cards. Lay one face down; the lower number cuts.";
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Sentences for the move log, labelled by round, from the engine's log of finished exchanges. */
export function logEntries(log, names, outcome) {
  const who = (seat) => (names[seat].subject === "You" ? "you" : names[seat].subject.replace(/^The /, "the "));
  const does = (seat, plain, third) => `${names[seat].subject} ${names[seat].subject === "You" ? plain : third}`;
  const entries = [];
  for (const exchange of log) {
    const label = `Round ${exchange.round}`;
    const lines = [`Revealed: ${exchange.cards.map((card, seat) => `${cardText(card)} for ${who(seat)}`).join(", ")}.`];
    exchange.follow_ups.forEach((card, seat) => {
      if (card) lines.push(`${does(seat, "follow", "follows")} the feint with ${cardText(card)}.`);
    });
    for (const [what, seat, card] of exchange.effects) {
      if (what === "damage") lines.push(`${cardText(card)} lands in ${names[seat].owner} damage pile.`);
      else if (what === "discard") lines.push(`${capital(names[seat].owner)} ${cardText(card)} is discarded.`);
      else if (what === "dressed") lines.push(`${does(seat, "dress", "dresses")} the ${cardText(card)} wound: it leaves the damage pile.`);
    }
    if (!exchange.effects.length) lines.push("Nothing happens.");
    entries.push(...lines.map((line) => [label, line]));
  }
  if (outcome) entries.push(["End", outcome.reason]);
  return entries;
}

/** What the canvas shows, in words, for screen readers (its aria-label). */
export function tableSummary(view, names) {
  const sides = [0, 1].map((seat) => {
    const wounds = view.damage[seat].length ? `wounds ${view.damage_sums[seat]} (${view.damage[seat].map(cardText).join(", ")})` : "no wounds";
    const slot = view.committed[seat] ? ", card committed" : "";
    return `${names[seat].plate}: deck ${view.decks[seat]}, bleeds ${view.bleed[seat]} a round, ${wounds}${slot}`;
  });
  const hand = view.hand?.length ? ` In hand: ${view.hand.map(cardText).join(", ")}.` : "";
  const ring = view.exchange ? ` In the ring: ${view.exchange.cards.map(cardText).join(" against ")}.` : "";
  return `Round ${view.round}. ${sides.join(". ")}.${ring}${hand}`;
}
