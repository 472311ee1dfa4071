// Player-facing sentences for Grit built from view data: log lines, the set-aside cards, the table summary.
import { cardText } from "../cards.js";

export function logLine(entry, names) {
  const [owner, index] = entry.pile;
  const card = entry.card === null ? "a hidden card" : cardText(entry.card);
  const how = entry.marked ? ", marked" : "";
  return `${names[entry.player].subject} played ${card} on ${names[owner].owner} pile ${index + 1}${how}.`;
}

/**
 * The other side's newest play on the viewer's table, told from the viewer's seat: what it was and where,
 * and what a hidden card means. Null when the viewer's own play is the newest.
 */
export function lastPlay(view, names) {
  const entry = view.log.at(-1);
  if (!entry || entry.player === view.viewer) return null;
  const [owner, index] = entry.pile;
  const who = names[entry.player].subject;
  const whose = owner === view.viewer ? "your" : owner === entry.player ? names[owner].own : names[owner].owner;
  const where = `${whose} pile ${index + 1}`;
  if (entry.marked) return `${who} marked a card on ${where}: it stays hidden until the end.`;
  if (entry.card === null) return `${who} played a card face down on ${where}: it turns up when the round ends.`;
  return `${who} played ${cardText(entry.card)} on ${where}.`;
}

export function discardsLine(discards) {
  if (!discards?.length) return "";
  return `The cards set aside unseen were ${discards.map(cardText).join(" and ")}.`;
}

function pileText(pile, index) {
  const top = pile.cards.at(-1);
  if (!top) return `pile ${index + 1} empty`;
  if (top.face_down) return `pile ${index + 1} ${top.marked ? "marked" : "face down"}${top.card ? ` (${cardText(top.card)})` : ""}`;
  return `pile ${index + 1} ${cardText(top.card)}`;
}

/** What the canvas shows, in words, for screen readers (its aria-label). */
export function tableSummary(view, names) {
  const sides = [0, 1].map((seat) => `${names[seat].plate}: visible total ${view.totals[seat]}; `
    + view.piles[seat].map(pileText).join(", "));
  const hand = view.hand?.length ? ` In hand: ${view.hand.map(cardText).join(", ")}.` : "";
  return `Round ${view.round} of ${view.rounds}. ${sides.join(". ")}.${hand}`;
}
