// The Dealer's table: one device at a real table runs a Tombstone session for a party and the Dealer
// (../screens/solo.js: every seat is a person here, all at this one screen). The page shows the Dealer's
// view (seat 0) and a character's hand only while that player asks to see it (the view of their seat,
// put away again once the flip is settled). The felt shows the decks, the flip that waits for cheats and
// the last flip settled; under it the party's compact sheets and the Dealer's column; the panel offers
// every participant's legal moves. When the session ends, the party's sheets go back to the roster kept
// in this browser (../tombstone/roster.js). Every rule question goes to Python.
import { SoloScreen } from "../screens/solo.js";
import { TombstoneRenderer } from "./renderer.js";
import { TablePanel } from "./panel.js";
import { board } from "./board.js";
import { turnLine, newsLine, logEntries, tableSummary } from "./texts.js";
import { make } from "../tombstone/sheet-view.js";
import { Roster, writtenBackNote } from "../tombstone/roster.js";

export { setupFields } from "./party.js";

const SEATS = 7; // the Dealer and up to six characters (GameInfo.seats)

/** @extends {SoloScreen<TombstoneRenderer>} */
export class Table extends SoloScreen {
  static stylesheet = new URL("./table.css", import.meta.url).href;

  /** @param {import("../screens/table-screen.js").TableOptions} options */
  constructor(options) {
    super(options, new TombstoneRenderer(options.canvas, options.painter));
    this.session.human = Array.from({ length: Math.min(SEATS, options.info.seats.length) }, (_, seat) => seat); // one device, every seat
    const signal = this.listeners.signal;
    this.panel = new TablePanel(/** @type {Element} */ (document.querySelector(".moves")), {
      onPlay: (seat, move) => this.playAs(seat, move),
      onHand: (seat) => this.showHand(seat),
      signal,
    });
    this.screen = /** @type {HTMLElement} */ (document.querySelector("#table-screen"));
    this.screen.classList.add("tb-fate", "tt-table");
    this.pane = make("section", { className: "tt-board", "aria-label": "The party and the Dealer" });
    /** @type {HTMLElement} */ (document.querySelector("#felt")).append(this.pane);
    this.pane.addEventListener("click", (event) => {
      const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-hand]"));
      if (button && !button.disabled) this.showHand(button.dataset.hand === "" ? null : Number(button.dataset.hand));
    }, { signal });
    /** @type {number | null} the seat whose hand is on show */
    this.handSeat = null;
    /** @type {Map<number, {moves: any[], labels: string[]}>} */
    this.legalBySeat = new Map();
    this.writtenBack = false;
  }

  close() {
    super.close();
    this.pane.remove();
    this.panel.remove();
    this.screen.classList.remove("tb-fate", "tt-table");
  }

  async resume() {
    await this.refresh([]);
  }

  /** Fetch the view (the Dealer's, or the shown hand's seat) and every acting seat's moves, then draw. */
  async refresh(events) {
    const seat = this.handSeat ?? 0;
    const response = await this.session.view(seat);
    if (this.closed) return;
    if (!response.ok) {
      this.setStatus("The table could not be read.", response.error.message);
      return;
    }
    const seats = response.over ? [] : response.to_act;
    const answers = seats.length ? await this.engine.callMany(seats.map((player) => ({ op: "legal", session: this.session.id, player }))) : [];
    if (this.closed) return;
    this.legalBySeat = new Map(seats.map((player, i) => [player, { moves: answers[i].ok ? answers[i].moves ?? [] : [], labels: answers[i].ok ? answers[i].labels ?? [] : [] }]));
    this.viewer = seat;
    this.showView(response, events);
    this.offerMoves();
    if (response.over) this.showResult(response);
  }

  showView(response, events) {
    super.showView(response, events);
    this.pane.replaceChildren(...board(response.view, this.handSeat, !this.busy));
  }

  /** Every acting seat's moves on the panel (the table's own flow: `legal` is ignored). */
  offerMoves() {
    const response = this.response;
    this.acting = !response.over && [...this.legalBySeat.values()].some((l) => l.moves.length > 0);
    this.legal = this.legalBySeat.get(this.handSeat ?? 0) ?? { moves: [], labels: [] };
    if (this.acting) this.panel.render({ view: response.view, toAct: response.to_act, legal: this.legalBySeat, handSeat: this.handSeat });
    this.renderer.setHighlight(this.highlight());
  }

  /** Show a player's hand on the felt (null: put it away). */
  async showHand(seat) {
    if (this.busy) return;
    this.handSeat = seat;
    await this.refresh([]);
  }

  /** A move of `seat` (any participant: one device for the whole table). */
  async playAs(seat, move) {
    if (this.busy || !this.acting) return;
    this.busy = true;
    this.panel.disable();
    const viewer = this.handSeat ?? 0;
    const played = await this.engine.call({ op: "play", session: this.session.id, player: seat, move, viewer });
    this.busy = false;
    if (this.closed) return;
    if (!played.ok) {
      this.toast(played.error.message);
      await this.refresh([]);
      return;
    }
    this.save();
    // The hand goes away again once the flip it was shown for is settled.
    if (this.handSeat !== null && move.type === "settle") this.handSeat = null;
    const check = await this.session.view(0);
    if (this.closed) return;
    if (this.handSeat !== null && (!check.ok || !check.view.pending || !check.to_act.includes(this.handSeat))) this.handSeat = null;
    await this.refresh(played.events);
  }

  tap(clientX, clientY) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit || !this.acting || hit.kind !== "hand" || this.handSeat === null) return;
    const moves = (this.legalBySeat.get(this.handSeat)?.moves ?? []).filter((m) => m.type === "cheat" && m.card === hit.card);
    if (moves.length === 1) this.playAs(this.handSeat, moves[0]);
    else if (moves.length > 1) this.toast("This flip has two cards: pick which one to cover with the buttons below.");
  }

  highlight() {
    const moves = this.handSeat !== null ? this.legalBySeat.get(this.handSeat)?.moves ?? [] : [];
    return {
      cheatable: new Set(moves.filter((m) => m.type === "cheat").map((m) => m.card)),
      chosen: null,
      caption: "No flip yet: pick who acts below.",
    };
  }

  waitingHint() {
    return "";
  }

  summary(view) {
    return tableSummary(view);
  }

  get overLine() {
    return "The session is over.";
  }

  statusLines(view) {
    return /** @type {[string, string]} */ ([turnLine(view, this.response?.to_act ?? []), newsLine(view)]);
  }

  updateLog(view) {
    this.showLog(view ? logEntries(view) : []);
  }

  /** The end: say how the party stands, and write their sheets back to the roster (once). */
  async showResult(response) {
    const { outcome } = response;
    const box = this.dom.result;
    const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (box.querySelector(selector));
    part("#result-title").textContent = "The session is over";
    part("#result-reason").textContent = outcome.reason;
    const party = outcome.result?.party ?? [];
    const fallen = outcome.result?.fallen ?? [];
    part("#result-totals").replaceChildren(...[...party, ...fallen].map((sheet) => {
      const entry = document.createElement("div");
      entry.append(make("dt", {}, [sheet.name]), make("dd", {}, [sheet.status === "dead" ? "dead" : `HP ${sheet.hp}/${sheet.max_hp}`]));
      return entry;
    }));
    part("#result-discards").textContent = "Writing the sheets back to your roster…";
    box.hidden = false;
    document.dispatchEvent(new CustomEvent("saloon:over", { detail: { session: this.session.id } }));
    const note = await this.writeBack(outcome.result);
    if (!this.closed) part("#result-discards").textContent = note;
  }

  /**
   * The party's sheets as the session left them go back to the roster in place of the sheets that sat
   * down (found by their id, the hash of the sheet as it was seated); a hireling taken over joins the
   * roster as a new character. The sample party is not on the roster and stays off it.
   */
  async writeBack(result) {
    if (!result) return "";
    const shared = await this.engine.call({ op: "share", session: this.session.id });
    const seated = shared.ok ? shared.share?.setup?.party ?? null : null;
    if (!seated) return "The sample party is not on your roster, so nothing was written back.";
    const roster = new Roster(this.engine);
    const fallen = [...result.fallen];
    const written = [];
    const problems = [];
    for (const [i, original] of seated.entries()) {
      let final = result.party[i];
      const joined = final?.made?.hireling ? final : null;
      if (joined) {
        const at = fallen.findIndex((s) => s.name === original.name);
        final = at >= 0 ? fallen.splice(at, 1)[0] : original;
      }
      const replaced = await roster.replace(original, final);
      if (replaced.ok) written.push(final.name);
      else problems.push(replaced.message);
      if (joined) {
        const added = await roster.add(joined);
        if (added.ok) written.push(`${joined.name} (new)`);
      }
    }
    if (this.closed) return "";
    return writtenBackNote(written, problems);
  }
}
