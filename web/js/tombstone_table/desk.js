// The Dealer's desk, under the board: the turn tracker (who has acted this round: marked when someone acts,
// tappable, cleared by "New round"), the session's notes, and the session's log kept whole for export as a
// Markdown file. The view carries only the newest sentences of the log (view.log, view.log_total in all), so
// the desk keeps every sentence it has seen by its place in the log; an undo shortens the log and the desk
// forgets what was taken back (and says what). All of it is the Dealer's notes in this browser (TS-28), kept
// with the session saved here: a table that opens with a different story (a new deal) starts a fresh desk.
import { el } from "../move-panel.js";

const KEY = "saloon.tombstone_table.desk";

/**
 * Who has acted this round: a character's or NPC's ref, and for a mark the page set as they acted, the
 * length of the log then (an undo back past it takes the mark back too); null for a mark set by hand.
 * @typedef {{ref: string, at: number | null}} Mark
 * @typedef {{round: number, acted: Mark[], notes: string, lines: (string | null)[]}} DeskState
 */

/** @typedef {import("./shapes.js").TableView} TableView */

/**
 * Whether a stored entry of `acted` is a mark.
 * @param {unknown} mark
 * @returns {mark is Mark}
 */
const isMark = (mark) => typeof mark === "object" && mark !== null && "ref" in mark && typeof mark.ref === "string"
  && "at" in mark && (mark.at === null || Number.isInteger(mark.at));

/** @returns {DeskState} */
const fresh = () => ({ round: 1, acted: [], notes: "", lines: [] });

/**
 * The desk as stored, or a fresh one and why (storage off, or text that is not a desk).
 * @returns {{state: DeskState, problem: string}}
 */
function load() {
  let text;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return { state: fresh(), problem: "This browser keeps nothing for this page: notes and marks last until you leave." };
  }
  if (text === null) return { state: fresh(), problem: "" };
  try {
    const stored = JSON.parse(text);
    const ok = stored && Number.isInteger(stored.round) && stored.round > 0 && typeof stored.notes === "string"
      && Array.isArray(stored.acted) && stored.acted.every(isMark)
      && Array.isArray(stored.lines) && stored.lines.every((/** @type {unknown} */ line) => line === null || typeof line === "string");
    if (ok) return { state: { round: stored.round, acted: stored.acted, notes: stored.notes, lines: stored.lines }, problem: "" };
  } catch {
    // not JSON: said below
  }
  return { state: fresh(), problem: "The notes kept in this browser could not be read, so the desk starts afresh." };
}

/**
 * The log as a Markdown file: the party, the notes, then every sentence in order.
 * @param {TableView} view
 * @param {DeskState} state
 */
export function logMarkdown(view, state, when = new Date()) {
  const names = [...view.party.map((p) => p.sheet.name), ...view.fallen.map((s) => `${s.name} (fallen)`)];
  const missing = state.lines.filter((line) => line === null).length;
  const lines = state.lines.filter((line) => line !== null);
  return [
    "# A session at the Dealer's table",
    "",
    `Exported ${when.toISOString().slice(0, 16).replace("T", " ")} UTC. The party: ${names.join(", ") || "nobody"}.`,
    "",
    "## Notes",
    "",
    state.notes.trim() || "(none)",
    "",
    "## What happened",
    "",
    ...(missing ? [`(${missing} earlier ${missing === 1 ? "line was" : "lines were"} not kept in this browser.)`, ""] : []),
    ...lines.map((line, i) => `${i + 1}. ${line}`),
    "",
  ].join("\n");
}

export class Desk {
  /** @param {{signal: AbortSignal, toast: (text: string) => void}} options */
  constructor({ signal, toast }) {
    const { state, problem } = load();
    this.state = state;
    this.toast = toast;
    /** @type {TableView | null} the view last followed */
    this.view = null;
    this.opened = false;
    this.roundLine = el("span", { className: "tt-round" }, []);
    this.chips = el("div", { className: "tt-acted-row", role: "group", "aria-label": "Who has acted this round" });
    this.newRound = el("button", { type: "button", className: "plain-button tt-desk-button", "data-desk": "round" }, ["New round"]);
    this.notes = /** @type {HTMLTextAreaElement} */ (el("textarea", { className: "tt-notes", rows: "4", "aria-label": "Session notes", placeholder: "Who owes whom, the sheriff's name, what the party promised…" }));
    this.notes.value = state.notes;
    this.exportButton = el("button", { type: "button", className: "brass-button tt-desk-button", "data-desk": "export" }, ["Export the log"]);
    this.problem = el("p", { className: "tt-quiet tt-desk-problem", role: "status" }, [problem]);
    this.problem.hidden = !problem;
    this.root = el("section", { className: "tt-desk", "aria-label": "The Dealer's desk" }, [
      el("div", { className: "tt-tracker" }, [el("h3", {}, ["Turns ", this.roundLine]), this.chips, this.newRound]),
      el("details", { className: "tt-fold", "data-fold": "Session notes" }, [
        el("summary", {}, ["Session notes and log"]),
        this.notes,
        el("div", { className: "tt-row" }, [this.exportButton]),
      ]),
      this.problem,
    ]);
    this.notes.addEventListener("input", () => {
      this.state.notes = this.notes.value;
      this.store();
    }, { signal });
    this.root.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button"));
      if (!button) return;
      if (button.dataset.acted !== undefined) this.toggle(button.dataset.acted);
      else if (button.dataset.desk === "round") this.clearRound();
      else if (button.dataset.desk === "export") this.download();
    }, { signal });
  }

  store() {
    try {
      localStorage.setItem(KEY, JSON.stringify(this.state));
    } catch {
      // storage off or full: the desk lasts as long as the page (said once, when it was read)
    }
  }

  /**
   * A new view: keep its sentences by their place in the log. Returns the sentences an undo took back
   * (the log is shorter than before), or none. The first view decides whether this is the session the
   * desk belongs to: a log shorter than the desk's, or a different first sentence, is another session.
   * @param {TableView} view
   * @returns {string[]}
   */
  follow(view) {
    this.view = view;
    const { lines } = this.state;
    const start = view.log_total - view.log.length;
    let undone = /** @type {string[]} */ ([]);
    if (!this.opened) {
      this.opened = true;
      const first = start === 0 ? view.log[0]?.sentence : undefined;
      if (lines.length > view.log_total || (first !== undefined && typeof lines[0] === "string" && lines[0] !== first)) {
        this.state = { ...fresh() };
        this.notes.value = "";
      }
    } else if (lines.length > view.log_total) {
      undone = /** @type {string[]} */ (lines.slice(view.log_total).filter((line) => line !== null));
      this.state.acted = this.state.acted.filter((mark) => mark.at === null || mark.at < view.log_total);
    }
    const kept = this.state.lines.slice(0, view.log_total);
    while (kept.length < start) kept.push(null);
    view.log.forEach((entry, i) => { kept[start + i] = entry.sentence; });
    this.state.lines = kept;
    this.store();
    this.render();
    return undone;
  }

  /**
   * Whether `ref` is marked as having acted this round.
   * @param {string} ref
   */
  acted(ref) {
    return this.state.acted.some((mark) => mark.ref === ref);
  }

  /**
   * `ref` (a character or NPC of the view) acts now, when the log is `at` long.
   * @param {string} ref
   * @param {number} at
   */
  mark(ref, at) {
    if (this.acted(ref)) return;
    this.state.acted.push({ ref, at });
    this.store();
    this.render();
  }

  /**
   * A tap on a name: the mark set or cleared by hand.
   * @param {string} ref
   */
  toggle(ref) {
    const acted = this.state.acted;
    this.state.acted = this.acted(ref) ? acted.filter((mark) => mark.ref !== ref) : [...acted, { ref, at: null }];
    this.store();
    this.render();
  }

  clearRound() {
    this.state.round += 1;
    this.state.acted = [];
    this.store();
    this.render();
  }

  /** The tracker: everyone still in the scene (characters not dead, NPCs up), marked or not. */
  render() {
    const view = this.view;
    if (!view) return;
    this.roundLine.textContent = `round ${this.state.round}`;
    const who = [
      ...view.party.filter((p) => p.sheet.status !== "dead").map((p) => [p.ref, p.sheet.name]),
      ...view.npcs.filter((n) => n.status === "up").map((n) => [n.ref, n.name]),
    ];
    this.chips.replaceChildren(...who.map(([ref, name]) => {
      const acted = this.acted(ref);
      return el("button", { type: "button", className: "tt-acted", "data-acted": ref, "aria-pressed": String(acted),
        title: acted ? `${name} has acted this round (tap to clear)` : `${name} has not acted yet this round (tap to mark)` },
      [acted ? `✓ ${name}` : name]);
    }));
  }

  /** The log as a Markdown file download. */
  download() {
    if (!this.view) return;
    const text = logMarkdown(this.view, this.state);
    const url = URL.createObjectURL(new Blob([text], { type: "text/markdown" }));
    const link = el("a", { href: url, download: `dealers-table-${new Date().toISOString().slice(0, 10)}.md` }, []);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    this.toast("The session's log is downloaded as a Markdown file.");
  }
}
