// One open Grit table: asks the bridge what to show and who acts, runs the computer's turns,
// raises the hot-seat curtain, saves after every move, and turns clicks into moves.
// Every rule question goes to Python; this file only sequences requests and updates the screen.
import { seatNames, logLine, resultTitle, discardsLine, tableSummary } from "./texts.js";
import { savedRecordFor, saveGame, forgetGame } from "../saved-game.js";
import { tableKey } from "../router.js";

const BOT_PAUSE_MS = 900; // a natural beat before the computer moves
const HANDOVER_PAUSE_MS = 1200; // let the mover watch their card land before the curtain drops

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pileKey = ([owner, index]) => `${owner},${index}`;

export class GritTable {
  /**
   * engine: {call, callMany}; settings: parsed hash; renderer and panel: the page's GritRenderer and
   * MovePanel (shared by successive tables); onRendered(): called after each redraw that shows a new view;
   * toast(text): a gentle notice; showCurtain(title): resolves when the next player taps.
   */
  constructor({ engine, settings, renderer, panel, onRendered, toast, showCurtain }) {
    this.engine = engine;
    this.settings = settings;
    this.renderer = renderer;
    this.panel = panel;
    this.onRendered = onRendered;
    this.toast = toast;
    this.showCurtain = showCurtain;
    this.key = tableKey(settings);
    this.human = settings.mode === "hotseat" ? [0, 1] : [settings.side];
    this.names = seatNames(settings.mode, this.human);
    this.session = null;
    this.viewer = null;
    this.response = null;
    this.legal = { moves: [], labels: [] };
    this.selected = null;
    this.markIt = false;
    this.acting = false;
    this.busy = false;
    this.closed = false;

    this.dom = {
      turn: document.querySelector("#turn-line"),
      reason: document.querySelector("#reason-line"),
      result: document.querySelector("#result"),
      waiting: document.querySelector("#waiting"),
      mark: document.querySelector("#mark-toggle"),
      log: document.querySelector("#log-list"),
      logEmpty: document.querySelector("#log-empty"),
    };
    renderer.setNames(this.names.map((n) => [n.plate, n.subject]));
  }

  /** What window.app.current shows while this table is open. */
  get current() {
    const { game, mode } = this.settings;
    return { game, session: this.session, mode, human: [...this.human] };
  }

  async open() {
    this.dom.waiting.hidden = false;
    this.dom.result.hidden = true;
    this.panel.clear();
    this.setStatus("Shuffling the deck…", "");
    const saved = savedRecordFor(this.key);
    let notice = saved?.corrupt ? "Your saved game could not be read, so a fresh deal is on the table." : null;
    if (saved?.record) {
      const loaded = await this.engine.call({ op: "load", record: saved.record });
      if (loaded.ok) this.session = loaded.session;
      else notice = `Your saved game could not be restored (${loaded.error.message}), so a fresh deal is on the table.`;
    }
    if (this.closed) return this.release();
    if (!this.session) {
      if (notice) forgetGame();
      const { game, seed } = this.settings;
      const created = await this.engine.call({ op: "new", game, seed, options: {}, deal: null });
      if (!created.ok) {
        this.setStatus("This deal could not be started.", created.error.message);
        return;
      }
      this.session = created.session;
      this.save(await this.engine.call({ op: "record", session: this.session }));
    }
    if (this.closed) return this.release();
    this.dom.waiting.hidden = true;
    if (notice) this.toast(notice);
    await this.resume();
  }

  /** Pick the game up from the position in the bridge (new, loaded or after a curtain). */
  async resume() {
    if (this.settings.mode === "hotseat") {
      const probe = await this.engine.call({ op: "view", session: this.session, player: null });
      if (this.closed) return;
      if (probe.over) return this.showSeat(this.viewer ?? 0);
      return this.handOver(probe.to_act[0]);
    }
    return this.showSeat(this.settings.side);
  }

  /** Fetch and draw `seat`'s view, then carry on with whoever acts. */
  async showSeat(seat, events = []) {
    const [view, legal] = await this.engine.callMany([
      { op: "view", session: this.session, player: seat },
      { op: "legal", session: this.session, player: seat },
    ]);
    if (this.closed) return;
    this.viewer = seat;
    this.showView(view, events);
    this.offerMoves(legal);
    this.carryOn(view);
  }

  /** Draw a new view right away (the moves on offer follow in a moment, see offerMoves). */
  showView(response, events) {
    this.response = response;
    this.acting = false;
    this.legal = { moves: [], labels: [] };
    this.panel.clear(this.waitingHint(response));
    this.refreshMarkToggle();
    const animate = !this.settings.fast && !matchMedia("(prefers-reduced-motion: reduce)").matches;
    const perspective = this.viewer ?? 0;
    this.renderer.show(response.view, { events, animate, highlight: this.highlight(), perspective });
    this.renderer.canvas.setAttribute("aria-label", tableSummary(response.view, this.names));
    this.updateStatus(response);
    this.updateLog(response.view);
    this.onRendered();
  }

  /** Put the legal moves of the seat on screen (buttons, playable cards, mark toggle). */
  offerMoves(legal) {
    this.legal = legal.ok ? legal : { moves: [], labels: [] };
    this.acting = this.legal.moves.length > 0;
    if (!this.acting || !this.response.view.hand?.includes(this.selected)) this.selected = null;
    if (this.acting) this.panel.show(this.legal, this.viewer, this.selected);
    if (this.acting && document.activeElement === document.body) this.panel.focus();
    this.refreshMarkToggle();
    this.renderer.setHighlight(this.highlight());
    this.updateStatus(this.response);
  }

  /**
   * After a move: the new view is already drawn. Fetch the seat's moves if it acts next,
   * save the game, then carry on. Kept out of the click-to-redraw path on purpose.
   */
  async afterMove(view) {
    const seat = this.viewer;
    const requests = [{ op: "record", session: this.session }];
    if (view.view.to_act.includes(seat)) requests.push({ op: "legal", session: this.session, player: seat });
    const [record, legal] = await this.engine.callMany(requests);
    if (this.closed) return;
    this.save(record);
    if (legal) this.offerMoves(legal);
    this.carryOn(view);
  }

  waitingHint(response) {
    if (response.over) return "The duel is over.";
    const actor = response.view.to_act[0];
    return this.human.includes(actor) ? `${this.names[actor].subject} is next.` : "Waiting for the computer…";
  }

  /** After a new view: finish, wait for a person, hand the device over, or let the computer move. */
  carryOn(response) {
    if (response.over) return this.showResult(response);
    const actor = response.view.to_act[0];
    if (!this.human.includes(actor)) return this.computerTurn(actor);
    if (actor !== this.viewer) return this.handOverAfterPause(actor);
  }

  async computerTurn(actor) {
    await sleep(this.settings.fast ? 0 : BOT_PAUSE_MS + Math.random() * 500);
    if (this.closed) return;
    const [bot, view] = await this.engine.callMany([
      { op: "bot", session: this.session, player: actor, level: this.settings.level, viewer: this.viewer },
      { op: "view", session: this.session, player: this.viewer },
    ]);
    if (this.closed) return;
    if (!bot.ok) {
      this.setStatus("The computer is stuck.", bot.error.message);
      return;
    }
    this.showView(view, bot.events);
    await this.afterMove(view);
  }

  async handOverAfterPause(actor) {
    await sleep(this.settings.fast ? 0 : HANDOVER_PAUSE_MS);
    if (!this.closed) this.handOver(actor);
  }

  /** Hot seat: hide everything, wait for the next player to take the device, then show their side. */
  async handOver(actor) {
    this.acting = false;
    this.response = null;
    this.hideTable();
    this.setStatus(`${this.names[actor].subject} is up next.`, "");
    await this.showCurtain(`Pass the device to ${this.names[actor].subject}`);
    if (!this.closed) await this.showSeat(actor);
  }

  /** A move chosen by a person, from a button or from the canvas: the very same path. */
  async play(move) {
    if (!this.acting || this.busy) return;
    this.busy = true;
    this.acting = false;
    this.panel.disable();
    const seat = this.viewer;
    // At a hot-seat table the mover's hand leaves the screen with their move: what follows is drawn
    // from the spectator's view until the next player has taken the device.
    const shown = this.settings.mode === "hotseat" ? null : seat;
    const [played, view] = await this.engine.callMany([
      { op: "play", session: this.session, player: seat, move, viewer: shown },
      { op: "view", session: this.session, player: shown },
    ]);
    this.busy = false;
    if (this.closed) return;
    this.selected = null;
    this.markIt = false;
    if (!played.ok) {
      this.toast(played.error.message);
      return this.showSeat(seat);
    }
    if (shown === null && view.view.to_act.includes(seat)) {
      this.save(await this.engine.call({ op: "record", session: this.session }));
      return this.showSeat(seat, played.events); // the same player goes again: back to their side
    }
    this.showView(view, played.events);
    await this.afterMove(view);
  }

  save(record) {
    if (record.ok) saveGame(this.key, record.record);
  }

  select(card) {
    if (!this.acting) return;
    this.selected = this.selected === card ? null : card;
    if (!this.markAllowed()) this.markIt = false;
    this.panel.select(this.selected);
    this.refreshMarkToggle();
    this.renderer.setHighlight(this.highlight());
  }

  toggleMark() {
    if (!this.acting || !this.markAllowed()) return;
    this.markIt = !this.markIt;
    this.refreshMarkToggle();
    this.renderer.setHighlight(this.highlight());
  }

  /** A click on the canvas: a hand card selects, a glowing pile plays the selected card there. */
  tap(clientX, clientY) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit || !this.acting) return;
    if (hit.kind === "hand") return this.select(hit.card);
    if (!this.selected) {
      this.toast("Choose a card from your hand first.");
      return;
    }
    const key = pileKey(hit.pile);
    const move = this.legal.moves.find((m) => m.card === this.selected && m.marked === this.markIt && pileKey(m.pile) === key);
    if (move) return this.play(move);
    this.toast(this.markIt ? "A marked card can't go on that pile." : "That pile can't take a card right now.");
  }

  markAllowed() {
    return this.legal.moves.some((m) => m.marked && (this.selected === null || m.card === this.selected));
  }

  refreshMarkToggle() {
    const allowed = this.acting && this.markAllowed();
    if (!allowed) this.markIt = false;
    this.dom.mark.disabled = !allowed;
    this.dom.mark.setAttribute("aria-pressed", String(this.markIt));
  }

  highlight() {
    const playable = new Set(this.acting ? this.legal.moves.map((m) => m.card) : []);
    const targets = new Set(this.legal.moves
      .filter((m) => this.acting && m.card === this.selected && m.marked === this.markIt)
      .map((m) => pileKey(m.pile)));
    return { selected: this.selected, playable, targets, caption: this.caption() };
  }

  caption() {
    const response = this.response;
    if (!response) return "";
    if (response.over) return "The duel is over";
    const actor = response.view.to_act[0];
    if (this.acting) return this.selected ? "Now choose a glowing pile" : "Your turn: choose a card";
    if (!this.human.includes(actor)) return "The computer is thinking…";
    return `${this.names[actor].subject} is next`;
  }

  updateStatus(response) {
    const view = response.view;
    if (response.over) {
      this.setStatus("The duel is over.", response.outcome?.reason ?? "");
      return;
    }
    const actor = view.to_act[0];
    let turn;
    if (this.acting) turn = this.settings.mode === "hotseat" ? `${this.names[actor].subject}, your turn.` : "Your turn.";
    else turn = this.human.includes(actor) ? `${this.names[actor].subject} is next.` : "The computer is thinking…";
    this.setStatus(`Round ${view.round} of ${view.rounds} · ${turn}`, view.order_reason);
  }

  setStatus(turn, reason) {
    this.dom.turn.textContent = turn;
    this.dom.reason.textContent = reason;
  }

  updateLog(view) {
    const entries = view?.log ?? [];
    this.dom.log.replaceChildren(...entries.map((entry) => {
      const item = document.createElement("li");
      const round = document.createElement("span");
      round.className = "log-round";
      round.textContent = `Round ${entry.round}`;
      item.append(round, logLine(entry, this.names));
      return item;
    }));
    this.dom.logEmpty.hidden = entries.length > 0;
  }

  showResult(response) {
    const { outcome, view } = response;
    const final = view.final ?? { totals: outcome.scores, discards: [] };
    const dom = this.dom.result;
    dom.querySelector("#result-title").textContent = resultTitle(outcome, this.names, this.settings.mode);
    dom.querySelector("#result-reason").textContent = outcome.reason;
    dom.querySelector("#result-totals").replaceChildren(...[0, 1].map((seat) => {
      const box = document.createElement("div");
      if (outcome.winner === seat) box.className = "winner";
      const name = document.createElement("dt");
      name.textContent = this.names[seat].plate;
      const total = document.createElement("dd");
      total.textContent = String(final.totals[seat]);
      box.append(name, total);
      return box;
    }));
    dom.querySelector("#result-discards").textContent = discardsLine(final.discards);
    dom.hidden = false;
  }

  /** Leave the table: stop every pending step and free the bridge session. */
  close() {
    this.closed = true;
    this.acting = false;
    this.hideTable();
    this.dom.result.hidden = true;
    this.dom.waiting.hidden = true;
    this.setStatus("", "");
    this.release();
  }

  /** Nothing of the game left on screen or in the renderer (curtain, leaving the table). */
  hideTable() {
    this.renderer.clear();
    this.renderer.canvas.setAttribute("aria-label", "The card table");
    this.panel.clear();
    this.updateLog(null);
  }

  release() {
    if (this.session) this.engine.call({ op: "close", session: this.session }).catch(() => {});
  }
}
