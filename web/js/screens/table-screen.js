// What every table screen does, whatever the game and however many seats: show one seat's view, offer
// that person's legal moves (buttons and canvas), send their move, let the computer or the engine move
// for the seats no person plays, save after every move that may be saved, keep the status line and the
// move log, and show the result. The engine decides everything (through the Session); a screen only shows.
//
// A game's table extends the screen it needs (two-seats.js, solo.js) and fills in the hooks at the end:
// what is highlighted, said and summed up for that game.
//
// A machine move whose card stays secret (a face-down commit) is not saved: on a reload the computer
// makes it again, identically (the bot is seeded by the position), and nothing secret of the computer's
// sits in the saved game meanwhile.

import { Session } from "../session.js";
import { seatNames, resultTitle } from "../seats.js";
import { attachStylesheet } from "./stylesheet.js";
import { countGame, readBook, recordLevel, levelLabel, tallyLine, SOLO } from "../record-book.js";
import { sounds } from "../sound.js";
import { TableAids } from "../table-aids.js";

const BOT_PAUSE_MS = 900; // a natural beat before the computer moves
const REPLAY_BEAT_MS = 450; // between the moves of a replayed round (a whole step when nothing animates)
const REPLAY_KEPT = 16; // moves remembered for "replay the last round"

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} TableOptions
 * @property {import("../types.js").Engine} engine
 * @property {import("../types.js").GameInfo} info this game's GameInfo
 * @property {import("../types.js").Settings} settings
 * @property {string} session the bridge session, created or restored by app.js
 * @property {HTMLCanvasElement} canvas
 * @property {import("../card-painter.js").CardPainter} painter
 * @property {() => void} onRendered after each redraw that shows a new view
 * @property {(text: string) => void} toast a gentle notice
 * @property {(title: string) => Promise<void>} showCurtain resolves when the next player taps
 * @property {() => Promise<void>} save seal and store the position
 * @property {import("../coach/coach.js").Coach | null} [coach] the coach of a guided game (none: a plain game)
 */

/** @template {import("../table-renderer.js").TableRenderer} R the game's renderer */
export class TableScreen {
  /**
   * @param {TableOptions} options
   * @param {R} renderer the game's renderer, owned by this table from now on
   */
  constructor({ engine, info, settings, session, onRendered, toast, showCurtain, save, coach = null }, renderer) {
    this.engine = engine;
    this.info = info;
    this.settings = settings;
    this.session = new Session({ engine, info, settings, session, save });
    this.renderer = renderer;
    this.onRendered = onRendered;
    this.toast = toast;
    this.showCurtain = showCurtain;
    this.coach = coach;
    this.names = seatNames(info.seats, settings.mode, this.session.human);
    /** @type {number | null} the seat whose view is shown (null while hidden or before the first) */
    this.viewer = null;
    /** @type {any} the last view response drawn */
    this.response = null;
    /** @type {{moves: any[], labels: string[], previews?: any[], can_undo?: boolean}} */
    this.legal = { moves: [], labels: [] };
    this.acting = false;
    this.busy = false;
    this.closed = false;
    /** the other side's last move in one sentence from this seat ("" when the news is not theirs) */
    this.lastMoveLine = "";
    /** @type {{before: any, response: any, events: any[], mine: boolean}[]} the moves this viewer saw, newest last */
    this.steps = [];
    this.replaying = false;
    /** @type {any} the move a hint suggested, lit through the game's highlight until the next view */
    this.hinted = null;
    this.replayButton = /** @type {HTMLButtonElement} */ (document.querySelector("#replay"));
    this.sawPlay = false; // a game still going was shown here: its end is news (counted, and sounded)
    this.counted = false; // this table's game is in the player's record already
    this.listeners = new AbortController(); // every DOM listener of this table goes when it closes
    this.replayButton.addEventListener("click", () => this.replayRound(), { signal: this.listeners.signal });
    this.statusTimer = 0; // the status lines waiting for the animation they describe (setStatus)
    /** @type {import("../move-panel.js").MovePanel} the game's move panel, made by its constructor */
    this.panel = /** @type {any} */ (null);
    this.detachStylesheet = attachStylesheet(/** @type {any} */ (this.constructor).stylesheet);
    this.dom = {
      turn: /** @type {HTMLElement} */ (document.querySelector("#turn-line")),
      reason: /** @type {HTMLElement} */ (document.querySelector("#reason-line")),
      result: /** @type {HTMLElement} */ (document.querySelector("#result")),
      waiting: /** @type {HTMLElement} */ (document.querySelector("#waiting")),
      log: /** @type {HTMLElement} */ (document.querySelector("#log-list")),
      logEmpty: /** @type {HTMLElement} */ (document.querySelector("#log-empty")),
    };
    renderer.setNames(this.names.map((n) => [n.plate, n.subject]));
    /**
     * Hint and Undo, only against the computer (see table-aids.js for why not at a hot seat), and not in a
     * guided game, where the coach already says what to play and the script needs every move kept.
     */
    this.aids = settings.mode === "computer" && info.levels.length && !settings.guided
      ? new TableAids(/** @type {Element} */ (document.querySelector(".moves-head")),
        { onHint: () => this.askHint(), onUndo: () => this.undo(), signal: this.listeners.signal })
      : null;
  }

  /** What window.app.current shows while this table is open. */
  get current() {
    const { game, mode } = this.settings;
    return { game, session: this.session.id, mode, human: [...this.session.human] };
  }

  get human() {
    return this.session.human;
  }

  get animated() {
    return !this.settings.fast && !matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /** Draw the position and carry on (computer turn, hand-over, result). */
  async open() {
    this.dom.waiting.hidden = true;
    this.dom.result.hidden = true;
    await this.resume();
  }

  /** Pick the game up from the position in the bridge, as the table opens. */
  async resume() {
    await this.showSeat(this.session.human[0]);
  }

  /** Fetch and draw `seat`'s view, then carry on with whoever acts. */
  async showSeat(seat, events = []) {
    const { view, legal } = await this.session.look(seat);
    if (this.closed) return;
    if (seat !== this.viewer) this.steps = []; // another person's table: nothing of theirs to replay
    this.viewer = seat;
    this.showView(view, events);
    this.offerMoves(legal);
    this.carryOn(view);
  }

  /** Draw a new view right away (the moves on offer follow in a moment, see offerMoves). */
  showView(response, events, { mine = false } = {}) {
    if (events.length && this.response) {
      this.steps = [...this.steps, { before: this.response, response, events, mine }].slice(-REPLAY_KEPT);
    }
    this.response = response;
    if (!response.over) this.sawPlay = true;
    sounds.playEvents(events);
    this.acting = false;
    this.legal = { moves: [], labels: [] };
    this.hinted = null;
    this.coach?.wait();
    this.panel.clear(this.waitingHint(response));
    this.aids?.offer(false, false);
    this.aids?.say("");
    this.movesChanged();
    this.renderer.show(response.view, {
      events, animate: this.animated, highlight: this.highlight(), perspective: this.viewer ?? 0,
    });
    this.renderer.canvas.setAttribute("aria-label", this.summary(response.view));
    this.showLastMove(response.view);
    this.updateStatus(response);
    this.updateLog(response.view);
    this.refreshReplay();
    this.onRendered();
  }

  /** Light up and tell the other side's last move, when it is the newest thing on this seat's table. */
  showLastMove(view) {
    // Nobody's table (a hot seat between two people, or the Dealer moving first) lights nothing; a view
    // that names its viewer says so with null, and the Tombstone views name none.
    const seen = this.viewer !== null && view.viewer !== null;
    const told = seen && view.phase !== "over" ? this.lastMove(view) : null;
    this.lastMoveLine = told?.sentence ?? "";
    this.renderer.spotlight(told?.spots ?? [], this.animated);
  }

  /** Put the legal moves of the seat on screen (buttons, playable cards); null: none. */
  offerMoves(legal) {
    this.legal = legal ? this.coach?.narrow(legal) ?? legal : { moves: [], labels: [] };
    this.acting = this.legal.moves.length > 0;
    this.aids?.offer(this.acting, Boolean(this.legal.can_undo));
    this.movesChanged();
    if (this.acting) this.showMoves();
    if (this.acting && document.activeElement === document.body) this.panel.focus();
    this.renderer.setHighlight(this.highlight());
    this.updateStatus(this.response);
    this.refreshReplay();
    if (this.acting) this.coach?.ask();
  }

  /**
   * After a move: the new view is already drawn. Fetch the seat's moves if it acts next, save the game
   * (unless its last move is still secret), then carry on. Kept out of the click-to-redraw path on purpose.
   */
  async afterMove(response, { secret = false } = {}) {
    const legal = await this.session.legalIfDue(response, this.viewer);
    if (this.closed) return;
    if (!secret) this.save();
    if (legal) this.offerMoves(legal);
    this.carryOn(response);
  }

  save() {
    this.session.save().catch((/** @type {Error} */ error) => this.toast(error.message));
  }

  waitingHint(response) {
    if (response.over) return this.overLine;
    const next = this.session.next(response);
    if ("machine" in next) return `Waiting for ${this.names[next.machine].object}…`;
    return `${this.names[response.to_act[0]].subject} is next.`;
  }

  /** After a new view: finish, let a machine move, or wait for a person (another seat: handOver). */
  carryOn(response) {
    const next = this.session.next(response);
    if ("over" in next) {
      this.showEnd(response);
      return this.showResultWhenStill(response);
    }
    if ("machine" in next) return this.machineTurn(next.machine);
    if (!response.to_act.includes(this.viewer)) return this.handOver(next.person);
  }

  /** Another person's turn: a screen with more than one person at the table passes the device. */
  handOver(seat) {
    return this.showSeat(seat);
  }

  /** How long the computer waits before it moves (games with long animations wait for them). */
  botPause() {
    return this.settings.fast ? 0 : BOT_PAUSE_MS + Math.random() * 500;
  }

  async machineTurn(seat) {
    await sleep(this.botPause());
    if (this.closed) return;
    const { moved, view } = await this.session.machineMove(seat, this.viewer);
    if (this.closed) return;
    if (!moved.ok) {
      this.setStatus(`${this.names[seat].subject} is stuck.`, moved.error.message);
      return;
    }
    this.showView(view, moved.events);
    await this.afterMove(view, { secret: this.isSecret(moved.move) });
  }

  /** The seat whose view follows a person's move (a hot-seat table hides the mover's hand). */
  viewAfterMove(seat) {
    return seat;
  }

  /** A move chosen by a person, from a button or from the canvas: the very same path. */
  async play(move) {
    if (!this.acting || this.busy) return;
    this.busy = true;
    this.acting = false;
    this.panel.disable();
    this.aids?.offer(false, false);
    this.aids?.say("");
    const seat = /** @type {number} */ (this.viewer);
    const shown = this.viewAfterMove(seat);
    const { played, view } = await this.session.play(seat, move, shown);
    this.busy = false;
    if (this.closed) return;
    this.moveMade();
    if (!played.ok) {
      this.toast(played.error.message);
      return this.showSeat(seat);
    }
    this.coach?.played(move);
    if (shown !== seat && view.to_act.includes(seat)) {
      this.save();
      return this.showSeat(seat, played.events); // the same player goes again: back to their side
    }
    this.showView(view, played.events, { mine: true });
    await this.afterMove(view);
  }

  /**
   * The moves of the last round this viewer saw: where the game counts rounds (roundOf), the newest
   * step's round, and the one before too while the viewer has not moved in the new one yet; else
   * everything since the viewer's own last move.
   */
  lastRound() {
    let start = this.steps.length - 1;
    if (start < 0) return [];
    if (this.roundOf(this.steps[start].before.view) === null) {
      while (start > 0 && !this.steps[start].mine) start -= 1;
      return this.steps.slice(start);
    }
    const roundStart = (/** @type {number} */ from) => {
      const round = this.roundOf(this.steps[from].before.view);
      while (from > 0 && this.roundOf(this.steps[from - 1].before.view) === round) from -= 1;
      return from;
    };
    start = roundStart(start);
    if (start > 0 && !this.steps.slice(start).some((step) => step.mine)) start = roundStart(start - 1);
    return this.steps.slice(start);
  }

  /**
   * "Replay the last round" is on offer while the person may move (or the game is over) and there is one;
   * not in a guided game, whose coach points at the table as it stands.
   */
  refreshReplay() {
    const idle = this.acting || Boolean(this.response?.over);
    this.replayButton.disabled = this.replaying || !idle || this.lastRound().length === 0 || Boolean(this.settings.guided);
  }

  /**
   * Play the last round again from the view before it, move by move as it was animated (a beat per move
   * when motion is reduced), then give the table back as it stands. Nothing is asked of the engine.
   */
  async replayRound() {
    const steps = this.lastRound();
    if (this.replaying || !steps.length || this.replayButton.disabled) return;
    this.replaying = true;
    const acting = this.acting;
    this.acting = false;
    this.panel.disable();
    this.refreshReplay();
    const highlight = this.highlight();
    this.renderer.spotlight([], false);
    this.renderer.show(steps[0].before.view, { animate: false, highlight, perspective: this.viewer ?? 0 });
    for (const step of steps) {
      this.setStatus("Replaying the last round…", "");
      await sleep(REPLAY_BEAT_MS);
      if (this.closed) return;
      this.renderer.show(step.response.view, { events: step.events, animate: this.animated, highlight, perspective: this.viewer ?? 0 });
      await sleep(this.animated ? this.renderer.animationLeft() : REPLAY_BEAT_MS);
      if (this.closed) return;
    }
    await sleep(REPLAY_BEAT_MS);
    if (this.closed) return;
    this.replaying = false;
    this.acting = acting;
    this.renderer.show(this.response.view, { animate: false, highlight: this.highlight(), perspective: this.viewer ?? 0 });
    this.showLastMove(this.response.view);
    if (this.acting) this.showMoves();
    this.updateStatus(this.response);
    this.refreshReplay();
  }

  /** "What would the computer do?": its strongest level's move for this seat, shown but not played. */
  async askHint() {
    if (!this.acting || this.busy || !this.aids) return;
    const shown = this.response;
    this.aids.asking();
    const answer = await this.session.hint(/** @type {number} */ (this.viewer));
    if (this.closed || this.response !== shown || !this.acting) return; // the table has moved on
    this.aids.offer(true, Boolean(this.legal.can_undo));
    if (!answer.ok) {
      this.aids.say("");
      this.toast(answer.error.message);
      return;
    }
    this.aids.say(`${answer.label}. ${answer.reason}`);
    this.panel.markHinted(answer.move);
    this.hintMove(answer.move);
  }

  /** Take back the person's last move (and the computer's replies), then show the position before it. */
  async undo() {
    if (!this.acting || this.busy) return;
    this.busy = true;
    this.acting = false;
    this.panel.disable();
    this.aids?.offer(false, false);
    const seat = /** @type {number} */ (this.viewer);
    const answer = await this.session.undo(seat);
    this.busy = false;
    if (this.closed) return;
    this.moveMade();
    if (answer.ok) {
      this.steps = []; // the moves taken back are no longer the last round
      this.save();
    } else this.toast(answer.error.message);
    return this.showSeat(seat);
  }

  /** Whether the computer or the engine (not a person) moves next in this view. */
  machineNext(view) {
    return this.session.machinesDue(view.to_act).length > 0;
  }

  /** The status lines: the game's own during play, the outcome's reason at the end. */
  updateStatus(response) {
    if (response.over) {
      this.setStatus(this.overLine, response.outcome?.reason ?? "");
      return;
    }
    const [turn, news] = this.statusLines(response.view);
    this.setStatus(turn, [this.lastMoveLine, news].filter(Boolean).join(" "));
  }

  /**
   * Write the status lines; while the table plays a move out, when its animation ends: the news is not
   * told before the cards have shown it (the last call wins).
   */
  setStatus(turn, reason) {
    clearTimeout(this.statusTimer);
    const write = () => {
      this.dom.turn.textContent = turn;
      this.dom.reason.textContent = reason;
    };
    const left = this.renderer.animationLeft();
    if (left > 0) this.statusTimer = setTimeout(write, left);
    else write();
  }

  /** The log dialog: entries are [label, sentence] (the label: a round, a card, "End"). */
  showLog(entries) {
    this.dom.log.replaceChildren(...entries.map(([label, sentence]) => {
      const item = document.createElement("li");
      const round = document.createElement("span");
      round.className = "log-round";
      round.textContent = label;
      item.append(round, sentence);
      return item;
    }));
    this.dom.logEmpty.hidden = entries.length > 0;
  }

  /** The result box once the table has played the last move out (it would cover the cards that decide). */
  async showResultWhenStill(response) {
    const left = this.renderer.animationLeft();
    if (left > 0) await sleep(left);
    if (!this.closed) this.showResult(response);
  }

  /** The result box: who won, why, each seat's total, and a note; then tell app.js the game is over. */
  showResult(response) {
    const { outcome } = response;
    const box = this.dom.result;
    const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (box.querySelector(selector));
    part("#result-title").textContent = resultTitle(outcome, this.names, this.session.human);
    part("#result-reason").textContent = outcome.reason;
    const { totals, note } = this.resultDetails(response);
    part("#result-totals").replaceChildren(...this.names.flatMap((name, seat) => {
      if (totals[seat] === undefined) return [];
      const entry = document.createElement("div");
      if (outcome.winner === seat) entry.className = "winner";
      const plate = document.createElement("dt");
      plate.textContent = name.plate;
      const total = document.createElement("dd");
      total.textContent = String(totals[seat]);
      entry.append(plate, total);
      return [entry];
    }));
    part("#result-discards").textContent = note;
    box.hidden = false;
    document.dispatchEvent(new CustomEvent("saloon:over", { detail: { session: this.session.id } }));
  }

  /**
   * What every result box adds, whatever the game's own showResult: the breakdown of how the game was won
   * and the player's record at this level. A game seen ending at this table is counted (once) and sounded;
   * one opened finished (a reload, another tab) was counted where it ended.
   */
  showEnd(response) {
    const { outcome } = response;
    const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (this.dom.result.querySelector(selector));
    const breakdown = part("#result-breakdown");
    breakdown.textContent = outcome.breakdown ?? "";
    breakdown.hidden = !outcome.breakdown;
    const news = this.sawPlay && !this.counted;
    if (news) {
      this.counted = true;
      countGame(this.info.id, this.settings, outcome.verdict);
      const tune = this.settings.mode === "hotseat" ? (outcome.winner === null ? null : "win")
        : { won: "win", lost: "lose" }[outcome.verdict] ?? null;
      if (tune) sounds.play(tune);
    }
    const level = recordLevel(this.settings);
    const tally = level === null ? undefined : readBook()[this.info.id]?.levels[level];
    const line = part("#result-record");
    line.hidden = !tally;
    if (tally) line.textContent = `Your record ${level === SOLO ? "playing solo" : `against the ${levelLabel(this.info, level)}`}: ${tallyLine(tally, { best: true })}`;
  }

  /** Leave the table: stop every pending step and free the bridge session. */
  close() {
    this.closed = true;
    this.acting = false;
    this.listeners.abort();
    this.aids?.remove();
    this.coach?.close();
    this.hideTable();
    this.renderer.dispose();
    this.dom.result.hidden = true;
    for (const added of this.dom.result.querySelectorAll("#result-breakdown, #result-record")) /** @type {HTMLElement} */ (added).hidden = true;
    this.dom.waiting.hidden = true;
    this.replayButton.disabled = true;
    this.setStatus("", "");
    this.detachStylesheet();
    this.session.close();
  }

  /** Nothing of the game left on screen or in the renderer (curtain, leaving the table). */
  hideTable() {
    this.replayButton.disabled = true;
    this.renderer.clear();
    this.renderer.canvas.setAttribute("aria-label", "The card table");
    this.panel.clear();
    this.updateLog(null);
  }

  // --- what each game fills in --------------------------------------------------------------
  /** Fill the move panel from this.legal (called only when the person acts). */
  showMoves() {
    this.panel.show(this.legal);
  }

  /** The moves on offer changed (this.acting / this.legal): refresh game-specific controls. */
  movesChanged() {}

  /** A person's move went to the bridge: forget any half-made choice. */
  moveMade() {}

  /**
   * Light a hinted move on the canvas through the game's own highlight (the panel already rings its button);
   * a game whose highlight reads the hint in another form keeps its own here.
   * @param {any} move
   */
  hintMove(move) {
    this.hinted = move;
    this.renderer.setHighlight(this.highlight());
  }

  /**
   * Whether a machine's move, as the viewer was told it, still hides its card (a face-down commit).
   * @type {(move: any) => boolean}
   */
  isSecret() {
    return false;
  }

  /**
   * The other side's move, if it is the newest thing on the viewer's table (`this.names` says who is
   * who): one sentence from the viewer's seat, and the spots the renderer's spotRects() lights up.
   * Read from the view, so it is told again after a reload or a hand-over, and never more than it shows.
   * @type {(view: any) => {sentence: string, spots: any[]} | null}
   */
  lastMove() {
    return null;
  }

  /**
   * A click on the canvas at a client (viewport) point.
   * @type {(clientX: number, clientY: number) => void}
   */
  tap() {}

  /**
   * The round a view belongs to, for "replay the last round" (null: the game counts no rounds, and the
   * last round is everything since the viewer's own last move).
   * @type {(view: any) => number | null}
   */
  roundOf() {
    return null;
  }

  /** What the renderer marks (playable cards, targets, the caption). */
  highlight() {
    return {};
  }

  /**
   * The canvas in words, for screen readers.
   * @type {(view: any) => string}
   */
  summary() {
    return "The card table";
  }

  /** The turn line once the game is over. */
  get overLine() {
    return "The game is over.";
  }

  /**
   * The two status lines during play: whose turn it is, and the news (what just happened).
   * @type {(view: any) => [string, string]}
   */
  statusLines() {
    return ["", ""];
  }

  /**
   * Fill the log dialog from a view (null: empty it).
   * @type {(view: any) => void}
   */
  updateLog() {}

  /** @returns {{totals: number[], note: string}} each seat's total on the result box, and a line under them */
  resultDetails({ outcome }) {
    return { totals: outcome.scores, note: "" };
  }
}
