// The Dealer's table: one device at a real table runs a Tombstone session for a party and the Dealer. Every
// seat is at this one screen, but for players who joined from their own devices (remote/): the felt shows
// the Dealer's view (seat 0), or a character's hand while that player asks to see it (their seat's view, put
// away again once the flip is settled); the panel offers the legal moves of every participant here at once.
// On a player's own device the same table shows their seat's view, with their hand, and offers their moves. The felt shows the decks, the flip that waits for cheats and the
// last flip settled; under it the party's compact sheets and the Dealer's column. When the session ends,
// the party's sheets go back to the roster kept in this browser (../tombstone/roster.js). The turn flow is
// the table controller's (../table/controller.js); every rule question goes to Python.
import { TombstoneRenderer } from "./renderer.js";
import { TablePanel } from "./panel.js";
import { board } from "./board.js";
import { turnLine, newsLine, logEntries, tableSummary, askFirst, pendingTitle } from "./texts.js";
import { confirmStep } from "./confirm.js";
import { Desk } from "./desk.js";
import { Bestiary, beastLine } from "./bestiary.js";
import { make } from "../tombstone/sheet-view.js";
import { partyStrip } from "../tombstone/compact-sheet.js";
import { keepFeltRoom } from "../tombstone/felt-room.js";
import { playableFromFelt } from "../tombstone/seat-moves.js";
import { Roster, writtenBackNote } from "../tombstone/roster.js";

export { setupFields } from "./party.js";

/** @typedef {import("./shapes.js").TableView} TableView */
/** @typedef {import("../table/adapter.js").TableKit<TableView>} TableKit */
/** @typedef {import("../table/adapter.js").TableAdapter<TableView>} TableAdapter */

/**
 * The sheets that sat down at this table from this browser's roster, by their place in the party: every
 * character of the party seated here (none of the players' on other devices), or the one this device
 * brought to a Dealer's table on another device. None when the sample party sat down.
 * @param {TableKit} kit
 * @returns {Promise<Map<number, import("../tombstone/roster.js").Sheet> | null>}
 */
async function seatedHere(kit) {
  if (kit.brought) {
    const mine = kit.info.seats.findIndex((_, seat) => seat > 0 && !kit.away.includes(seat));
    return new Map([[mine - 1, /** @type {import("../tombstone/roster.js").Sheet} */ (kit.brought)]]);
  }
  const shared = await kit.engine.call({ op: "share", session: kit.session });
  const seated = shared.ok ? shared.share?.setup?.party ?? null : null;
  if (!seated) return null;
  /** @type {import("../tombstone/roster.js").Sheet[]} */
  const party = seated;
  return new Map(party.flatMap((sheet, i) => (kit.away.includes(i + 1) ? [] : [/** @type {[number, typeof sheet]} */ ([i, sheet])])));
}

/**
 * The party's sheets as the session left them go back to the roster in place of the sheets that sat down
 * (found by their id, the hash of the sheet as it was seated); a hireling taken over joins the roster as a
 * new character. The sample party is not on the roster and stays off it, and a player on another device
 * writes their own character back to their own roster.
 * @param {TableKit} kit
 * @param {{party: import("../tombstone/roster.js").Sheet[], fallen: import("../tombstone/roster.js").Sheet[]} | null | undefined} result
 *   the outcome's result
 */
async function writeBack(kit, result) {
  if (!result) return "";
  const seated = await seatedHere(kit);
  if (!seated) return "The sample party is not on your roster, so nothing was written back.";
  if (!seated.size) return "Each player's character goes back to the roster on their own device.";
  const roster = new Roster(kit.engine);
  const fallen = [...result.fallen];
  const written = [];
  const problems = [];
  for (const [i, original] of seated) {
    let final = result.party[i];
    const joined = final?.made?.hireling ? final : null;
    if (joined) {
      const at = fallen.findIndex((s) => s.name === original.name);
      final = at >= 0 ? fallen.splice(at, 1)[0] : original;
    }
    const replaced = await roster.replace(original, final);
    if (replaced.ok === false) problems.push(replaced.message);
    else written.push(final.name);
    if (joined) {
      const added = await roster.add(joined);
      if (added.ok) written.push(`${joined.name} (new)`);
    }
  }
  return writtenBackNote(written, problems);
}

/**
 * Each seat called by who sits there: the Dealer, and each player by their character's name (a table with
 * players on other devices waits for them by name).
 * @param {import("../types.js").Seat[]} seats
 * @param {TableView} view
 * @returns {import("../seats.js").SeatName[]}
 */
function characterNames(seats, view) {
  return seats.map((spec, seat) => {
    const name = seat === 0 ? "the Dealer" : view.party.find((member) => member.seat === seat)?.sheet.name ?? spec.name;
    const subject = name.charAt(0).toUpperCase() + name.slice(1);
    return { plate: subject, subject, object: name, owner: `${name}'s`, own: "their" };
  });
}

/**
 * @param {TableKit} kit
 * @returns {TableAdapter}
 */
export function makeTable(kit) {
  const { signal } = kit;
  const renderer = new TombstoneRenderer(kit.canvas, kit.painter);
  /** @type {number | null} the seat whose hand is on show */
  let handSeat = null;
  const showHand = (/** @type {number | null} */ seat) => {
    if (!kit.moment().acting) return;
    handSeat = seat;
    kit.look();
  };
  const seats = kit.info.seats.map((_, seat) => seat);
  /** the seats whose people sit at this device: every one, but for those played on other devices */
  const here = seats.filter((seat) => !kit.away.includes(seat));
  /** a player's own device at a Dealer's table elsewhere: their seat's view, their hand always on it */
  const ownSeat = here.includes(0) ? null : here[0];
  /** the Dealer's desk: not on a player's own device (it keeps that device's own Dealer's notes) */
  const desk = ownSeat === null ? new Desk({ signal, toast: kit.toast }) : null;
  const bestiary = new Bestiary({ signal, onChange: () => panel.rerender(null) });
  /** @type {string} what the last undo took back, for the news line until the next view (TS-27) */
  let undoneNote = "";
  /** @type {{total: number, pending: string} | null} the view shown before: its log's length, its waiting flip */
  let before = null;
  const panel = new TablePanel(/** @type {Element} */ (document.querySelector(".moves")), {
    onPlay: (seat, move) => {
      if (move.type === "settle") handSeat = null; // the hand goes away once the flip it was shown for is settled
      const actor = seat > 0 ? kit.moment().view?.party.find((p) => p.seat === seat)?.ref : move.npc;
      if (actor && !["cheat", "force", "settle", "remove"].includes(move.type)) desk?.mark(actor, kit.moment().view?.log_total ?? 0);
      kit.play(move, seat);
    },
    onHand: showHand,
    approve: (move, view) => {
      const question = view ? askFirst(view, move) : null;
      return question ? confirmStep(question) : Promise.resolve(true);
    },
    beasts: () => bestiary.entries.map((beast) => ({ move: bestiary.moveOf(beast), name: beast.name, line: beastLine(beast) })),
    signal,
  });
  const screen = /** @type {HTMLElement} */ (document.querySelector("#table-screen"));
  screen.classList.add("tb-fate", "tt-table");
  const pane = make("section", { className: "tt-board", "aria-label": "The party and the Dealer" });
  const strip = make("ul", { className: "tt-strip", "aria-label": "The party at a glance" });
  const felt = /** @type {HTMLElement} */ (document.querySelector("#felt"));
  felt.append(pane);
  if (desk) {
    desk.root.insertBefore(bestiary.root, desk.problem);
    felt.append(desk.root);
  }
  felt.prepend(strip);
  keepFeltRoom(felt, kit.canvas, signal);
  pane.addEventListener("click", (event) => {
    const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-hand]"));
    if (button && !button.disabled) showHand(button.dataset.hand === "" ? null : Number(button.dataset.hand));
  }, { signal });

  return {
    renderer,
    panel,
    stylesheet: new URL("./table.css", import.meta.url).href,
    curtain: false,
    /** TS-27: the Dealer takes back the table's last action, whoever made it (../table/aids.js). */
    undoSeat: 0,
    /**
     * The Dealer's view, or the hand on show; the hand goes away again once the flip it was shown for is
     * settled (its seat no longer due, or no flip waiting).
     */
    viewSeat: (answer) => {
      if (ownSeat !== null) return ownSeat;
      if (answer && handSeat !== null && (!answer.view.pending || !answer.to_act.includes(handSeat))) handSeat = null;
      return handSeat ?? 0;
    },
    /** Every seat is a person's at this screen, but for the players on other devices (called by their characters' names). */
    seat: (probe) => ({ people: here, ...(kit.away.length ? { names: characterNames(kit.info.seats, probe.view) } : {}) }),
    shown: ({ view, viewer }) => {
      if (!view) return;
      if (viewer === 0) handSeat = null; // the Dealer's view is on the felt (after an undo too): no hand is on show
      const undone = desk?.follow(view) ?? [];
      const flipGone = before?.pending && !view.pending && view.log_total <= before.total; // an undo, not a settle
      undoneNote = undone.length ? `Taken back: ${undone[0]}` : flipGone ? `Taken back: ${before?.pending}, before it was settled.` : "";
      before = { total: view.log_total, pending: view.pending ? pendingTitle(view) : "" };
      bestiary.setLimits(view.forms.free.enemy);
      pane.replaceChildren(...board(view, handSeat, ownSeat === null ? here : []));
      strip.replaceChildren(...partyStrip(view.party));
    },
    hint: () => {},
    tap: (clientX, clientY, moment) => {
      const hit = renderer.hitTest(clientX, clientY);
      const seat = ownSeat ?? handSeat;
      if (!hit || !moment.acting || hit.kind !== "hand" || seat === null) return;
      const moves = (moment.offered.get(seat)?.moves ?? []).filter((m) => m.type === "cheat" && m.card === hit.card);
      const offered = moment.offered.get(seat);
      if (moves.length === 1 && offered && playableFromFelt(offered, moves[0], panel.list)) kit.play(moves[0], seat);
      else if (moves.length > 1) kit.toast("This flip has two cards: pick which one to cover with the buttons below.");
    },
    highlight: ({ offered }) => {
      const seat = ownSeat ?? handSeat;
      const moves = seat !== null ? offered.get(seat)?.moves ?? [] : [];
      return {
        cheatable: new Set(moves.filter((m) => m.type === "cheat").map((m) => m.card)),
        chosen: null,
        caption: "No flip yet: pick who acts below.",
      };
    },
    status: ({ view, answer, stage }) => (stage === "over" ? ["The session is over.", ""] : [turnLine(view, answer?.to_act ?? [], kit.away), undoneNote || newsLine(view)]),
    summary: (view) => tableSummary(view),
    log: (view) => logEntries(view),
    roundOf: () => null,
    secret: () => false,
    lastMove: () => null,
    /** The end: say how the party stands, and write their sheets back to the roster (once). */
    ending: async ({ outcome }, box) => {
      if (!outcome) return; // the session ended with an outcome
      const party = outcome.result?.party ?? [];
      const fallen = outcome.result?.fallen ?? [];
      box.show({
        title: "The session is over",
        reason: outcome.reason,
        entries: [...party, ...fallen].map((sheet) => [sheet.name, sheet.status === "dead" ? "dead" : `HP ${sheet.hp}/${sheet.max_hp}`, {}]),
        note: "Writing the sheets back to your roster…",
      });
      box.note(await writeBack(kit, outcome.result));
    },
    close: () => {
      pane.remove();
      strip.remove();
      desk?.root.remove();
      panel.remove();
      screen.classList.remove("tb-fate", "tt-table");
    },
  };
}
