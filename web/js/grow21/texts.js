// Player-facing words for grow21 built from view and event data: the status lines, the canvas caption,
// move-log sentences, the screen-reader summary and the note under the result. Nothing here decides a rule.
import { cardText } from "../cards.js";

const TOTAL_CARDS = 52;

/** A cell's grid position, for the screen-reader summary only (the board draws no coordinates). */
const cellText = ([x, y]) => `(${x}, ${y})`;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "You place" / "The computer places": the verb agrees with how the seat is called; `inside` a sentence
 * the seat is "you" / "the computer".
 */
function does(names, seat, plain, third, inside = false) {
  const { subject, object } = names[seat];
  return `${inside ? object : subject} ${subject === "You" ? plain : third}`;
}

/** Which card of the 52 is being played now (the next one while nobody is playing). */
export function cardNumber(view) {
  return Math.min(TOTAL_CARDS, TOTAL_CARDS - view.decks[0] - view.decks[1] + (view.phase === "keep" ? 0 : 1));
}

/** The turn line over the table (short: it has one line on a phone). */
export function turnLine(view, names, { acting, hotseat, computerDue }) {
  if (view.phase === "over") return "The game is over.";
  const seat = view.to_act[0];
  const count = `Card ${cardNumber(view)}/${TOTAL_CARDS}`;
  if (acting) {
    if (view.phase === "keep") return `${hotseat ? `${names[seat].subject}: s` : "S"}plit! Choose the part that stays.`;
    return `${count} · ${hotseat ? `${names[seat].subject}, play` : "Your turn: play"} the ${cardText(view.current)}.`;
  }
  if (computerDue) {
    if (view.phase === "keep") return "Split! The computer is choosing a part…";
    return `${count} · The computer plays the ${cardText(view.current)}…`;
  }
  return `${count} · ${names[seat].subject} is next.`;
}

/** The line under it: what the last move did, as the view's `last` tells it. */
export function lastMoveLine(view, names) {
  const last = view.last;
  if (!last) return "Red opens: the first card goes in the middle of the table.";
  const verb = last.type === "change"
    ? `${names[last.player].subject} put ${cardText(last.card)} on the ${cardText(last.covered)}.`
    : `${names[last.player].subject} placed ${cardText(last.card)}.`;
  const parts = [verb];
  if (last.removed.length) parts.push(`21! ${plural(last.removed.length, "cell")} harvested, +10.`);
  if (last.discarded.length) parts.push(`The split cost the board ${plural(last.discarded.length, "cell")}.`);
  if (view.phase === "keep") parts.push("The board fell into equal parts.");
  return parts.join(" ");
}

/** The ribbon at the bottom of the board: what is asked, or what the cell in focus would do. */
export function caption(view, { acting, computerDue, focus, touch, coarse }) {
  if (view.phase === "over") return { text: "" };
  if (!acting) return { text: computerDue ? "The computer is thinking…" : "" };
  if (focus?.kind === "keep") {
    const lost = focus.preview.discards.length;
    return { text: `Keep this part: ${plural(lost, "cell")} would go${touch ? " · tap again" : ""}` };
  }
  if (focus?.preview) {
    const where = focus.kind === "change" ? "on this card" : "here";
    const value = focus.preview.scores ? "makes 21! +10" : `→ group of ${focus.preview.values.join("/")}`;
    return { text: `${cardText(view.current)} ${where} ${value}${touch ? " · tap again" : ""}`, gold: focus.preview.scores };
  }
  if (view.phase === "keep") return { text: "Your 21 split the board: tap the part that stays" };
  return { text: coarse ? "Tap a glowing cell to see what it makes" : "Point at a glowing cell to see what it makes" };
}

/**
 * Move-log entries [label, sentence] from the view's log of public events, labelled by
 * the card they belong to; the end adds the outcome and the near-21 bonus.
 */
export function logEntries(events, names) {
  const entries = [];
  let card = 0;
  let chosen = false;
  for (const event of events) {
    const label = `Card ${card}`;
    if (event.type === "place" || event.type === "change") {
      card += 1;
      const text = event.type === "place"
        ? `${does(names, event.player, "place", "places")} ${cardText(event.card)}.`
        : `${does(names, event.player, "put", "puts")} ${cardText(event.card)} on the ${cardText(event.covered)}.`;
      entries.push([`Card ${card}`, text]);
    } else if (event.type === "remove") {
      const cells = event.cells.length;
      entries.push([label, `21! ${plural(cells, "cell")} (${plural(event.cards.length, "card")}) harvested: +${event.points} for ${names[event.player].object}. Scores ${event.scores.join("–")}.`]);
    } else if (event.type === "split") {
      chosen = true;
      entries.push([label, `The board fell into ${event.parts.length} parts of the same size; ${does(names, event.player, "choose", "chooses", true)} which stays.`]);
    } else if (event.type === "keep") {
      const gone = event.discarded.length;
      if (chosen) entries.push([label, `${does(names, event.player, "keep", "keeps")} a part of ${plural(event.kept.length, "cell")}; ${plural(gone, "cell")} ${gone === 1 ? "is" : "are"} discarded.`]);
      else if (gone) entries.push([label, `Only the largest part of the board survives: ${plural(gone, "cell")} ${gone === 1 ? "is" : "are"} discarded.`]);
      chosen = false;
    } else if (event.type === "end") {
      entries.push(["End", event.outcome.reason]);
    }
  }
  return entries;
}

/** The note under the result totals: the near-21 bonus and whether it counted. */
export function bonusNote(view, names) {
  const final = view.final;
  if (!final) return "";
  const [b0, b1] = final.bonus;
  const level = view.scores[0] === view.scores[1];
  const each = `${names[0].subject} +${b0}, ${names[1].object} +${b1}`;
  if (level) return `Harvests were level, so the near-21 groups left on the table decided it (${each}); the totals include them.`;
  return `Near-21 bonus (it only counts on level harvests): ${each}. The totals are the harvest points.`;
}

/** What the canvas shows, in words, for screen readers (its aria-label). */
export function tableSummary(view, names) {
  const seats = [0, 1].map((seat) => `${capital(view.colours[seat])}, ${names[seat].plate}: ${view.scores[seat]} points, ${plural(view.decks[seat], "card")} left`);
  const groups = view.groups.map((g) => `${g.colour} ${g.values.join(" or ")} at ${g.cells.map(cellText).join(" ")}`);
  const board = view.board.length ? `On the board: ${groups.join("; ")}.` : "The board is empty.";
  const playing = view.current ? ` To play: ${cardText(view.current)}.` : "";
  return `grow21. ${seats.join(". ")}. ${board}${playing}`;
}
