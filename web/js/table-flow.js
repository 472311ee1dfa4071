// One open table, whatever the game: asks the bridge what to show and who acts, runs the computer's
// moves, raises the hot-seat curtain, saves after every move and sends the person's moves to Python.
// Each game subclasses it (grit/table.js, knife_fight/table.js) for what is drawn and said; every rule
// question goes to Python.
//
// Simultaneous moves (a face-down commit both sides owe at once): when the computer and a person are
// both due, the computer moves first, so its card is down (a back) before the person chooses, and there
// is only ever one request in flight. A computer move whose card stays secret is not saved: on a reload
// the computer makes it again, identically (the bot is seeded by the position), and nothing secret of
// the computer's sits in the saved game meanwhile.
import { seatNames, resultTitle } from "./seats.js";
import { savedRecordFor, saveGame, forgetGame } from "./saved-game.js";
import { tableKey } from "./router.js";

const BOT_PAUSE_MS = 900; // a natural beat before the computer moves
const HANDOVER_PAUSE_MS = 1200; // let the mover watch their card land before the curtain drops

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class TableFlow {
  /**
   * engine: {call, callMany}; settings: parsed hash; renderer: the game's canvas renderer, owned by this
   * table from now on; onRendered(): after each redraw that shows a new view; toast(text): a gentle
   * notice; showCurtain(title): resolves when the next player taps.
   */
  constructor({ engine, settings, renderer, onRendered, toast, showCurtain }) {
    this.engine = engine;
    this.settings = settings;
    this.renderer = renderer;
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
    this.acting = false;
    this.busy = false;
    this.closed = false;
    this.listeners = new AbortController(); // every DOM listener of this table goes when it closes

    this.dom = {
      turn: document.querySelector("#turn-line"),
      reason: document.querySelector("#reason-line"),
      result: document.querySelector("#result"),
      waiting: document.querySelector("#waiting"),
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

  get animated() {
    return !this.settings.fast && !matchMedia("(prefers-reduced-motion: reduce)").matches;
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
      const { game, seed, deal } = this.settings;
      const created = await this.engine.call({ op: "new", game, seed, options: {}, deal: deal ?? null });
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

  /** Seats the computer plays that are due now. */
  computerDue(view) {
    return view.to_act.filter((seat) => !this.human.includes(seat));
  }

  /** The person at `seat` may move now: due, and no computer move comes first. */
  personDue(view, seat) {
    return view.to_act.includes(seat) && this.computerDue(view).length === 0;
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
    this.offerMoves(this.personDue(view.view, seat) ? legal : { ok: false });
    this.carryOn(view);
  }

  /** Draw a new view right away (the moves on offer follow in a moment, see offerMoves). */
  showView(response, events) {
    this.response = response;
    this.acting = false;
    this.legal = { moves: [], labels: [] };
    this.panel.clear(this.waitingHint(response));
    this.movesChanged();
    this.renderer.show(response.view, {
      events, animate: this.animated, highlight: this.highlight(), perspective: this.viewer ?? 0,
    });
    this.renderer.canvas.setAttribute("aria-label", this.summary(response.view));
    this.updateStatus(response);
    this.updateLog(response.view);
    this.onRendered();
  }

  /** Put the legal moves of the seat on screen (buttons, playable cards). */
  offerMoves(legal) {
    this.legal = legal.ok ? legal : { moves: [], labels: [] };
    this.acting = this.legal.moves.length > 0;
    this.movesChanged();
    if (this.acting) this.showMoves();
    if (this.acting && document.activeElement === document.body) this.panel.focus();
    this.renderer.setHighlight(this.highlight());
    this.updateStatus(this.response);
  }

  /**
   * After a move: the new view is already drawn. Fetch the seat's moves if it acts next,
   * save the game (unless told not to), then carry on. Kept out of the click-to-redraw path on purpose.
   */
  async afterMove(view, { save = true } = {}) {
    const seat = this.viewer;
    const requests = [{ op: "record", session: this.session }];
    if (this.personDue(view.view, seat)) requests.push({ op: "legal", session: this.session, player: seat });
    const [record, legal] = await this.engine.callMany(requests);
    if (this.closed) return;
    if (save) this.save(record);
    if (legal) this.offerMoves(legal);
    this.carryOn(view);
  }

  waitingHint(response) {
    if (response.over) return "The duel is over.";
    if (this.computerDue(response.view).length) return "Waiting for the computer…";
    const actor = response.view.to_act[0];
    return `${this.names[actor].subject} is next.`;
  }

  /** After a new view: finish, wait for a person, hand the device over, or let the computer move. */
  carryOn(response) {
    if (response.over) return this.showResult(response);
    const computer = this.computerDue(response.view);
    if (computer.length) return this.computerTurn(computer[0]);
    if (!response.view.to_act.includes(this.viewer)) return this.handOverAfterPause(response.view.to_act[0]);
  }

  /** How long the computer waits before it moves (games with long animations wait for them). */
  botPause() {
    return this.settings.fast ? 0 : BOT_PAUSE_MS + Math.random() * 500;
  }

  async computerTurn(actor) {
    await sleep(this.botPause());
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
    await this.afterMove(view, { save: !this.isSecret(bot.move) });
  }

  /** Whether a move, as the viewer was told it, still hides its card (a face-down commit). */
  isSecret() {
    return false;
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
    this.moveMade();
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

  setStatus(turn, reason) {
    this.dom.turn.textContent = turn;
    this.dom.reason.textContent = reason;
  }

  /** The log dialog: entries are [round label, sentence]. */
  showLog(entries) {
    this.dom.log.replaceChildren(...entries.map(([label, text]) => {
      const item = document.createElement("li");
      const round = document.createElement("span");
      round.className = "log-round";
      round.textContent = label;
      item.append(round, text);
      return item;
    }));
    this.dom.logEmpty.hidden = entries.length > 0;
  }

  showResult(response) {
    const { outcome } = response;
    const dom = this.dom.result;
    dom.querySelector("#result-title").textContent = resultTitle(outcome, this.names, this.settings.mode);
    dom.querySelector("#result-reason").textContent = outcome.reason;
    const { totals, note } = this.resultDetails(response);
    dom.querySelector("#result-totals").replaceChildren(...[0, 1].map((seat) => {
      const box = document.createElement("div");
      if (outcome.winner === seat) box.className = "winner";
      const name = document.createElement("dt");
      name.textContent = this.names[seat].plate;
      const total = document.createElement("dd");
      total.textContent = String(totals[seat]);
      box.append(name, total);
      return box;
    }));
    dom.querySelector("#result-discards").textContent = note;
    dom.hidden = false;
  }

  /** Leave the table: stop every pending step and free the bridge session. */
  close() {
    this.closed = true;
    this.acting = false;
    this.listeners.abort();
    this.hideTable();
    this.renderer.dispose();
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

  // --- what each game fills in --------------------------------------------------------------
  /** Fill the move panel from this.legal (called only when the person acts). */
  showMoves() {
    this.panel.show(this.legal, this.viewer);
  }

  /** The moves on offer changed (this.acting / this.legal): refresh game-specific controls. */
  movesChanged() {}

  /** A person's move went to the bridge: forget any half-made choice. */
  moveMade() {}
}
