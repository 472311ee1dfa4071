// The turn engine of every table: one explicit state machine that asks the engine (through the Session),
// draws each answer as one step on the felt, and only then lets someone act. A game brings an adapter
// (./adapter.js: renderer, move panel, words, input); replay, hint and undo, the result box, the record,
// sound and the log subscribe to the steps and stages it announces. What is on the felt, what the status
// line says and what may be pressed always come from the same step.
//
// States (`stage`) and transitions:
//
//   engine     a request is with the engine (a view, legal moves, a person's move, the computer's move)
//                -> animating   an answer arrives with events to play out
//                -> (settle)    an answer arrives with nothing to play out
//   animating  the felt plays the step out; nothing is live; a click on the felt finishes it at once
//                -> (settle)    the animation has ended (or was finished)
//   (settle)   not a state: where the flow goes once the felt is still
//                -> over        the game has ended
//                -> computer    a seat no person plays is due (it goes first when a person is due too)
//                -> engine      a person at this screen is due: their legal moves are fetched, then -> person
//                -> handover    another person is due at a hot seat with hidden hands (curtain)
//                -> engine      another person is due and nothing is hidden: their view is fetched
//   person     the moves are live (buttons and canvas); Hint and Undo may be asked
//                -> engine      a move, an undo, or (shared screen) another view is asked for
//   computer   a short beat (scaled by the speed), then -> engine (the machine's move)
//   handover   the table is hidden behind the curtain until the next person taps -> engine (their view)
//   over       the result box once the felt is still; final
//
// A machine's move whose card stays secret (a face-down commit) is not saved: on a reload the computer
// makes it again, identically (its bot is seeded by the position), and nothing secret sits in the save.

import { Session } from "../session.js";
import { seatNames } from "../seats.js";
import { attachStylesheet } from "./stylesheet.js";
import { PACES, tableSpeed } from "./speed.js";

/** @typedef {import("./adapter.js").Stage} Stage */
/** @typedef {import("./adapter.js").Moment} Moment */
/** @typedef {import("./adapter.js").Legal} Legal */
/** @typedef {import("./adapter.js").ViewAnswer} ViewAnswer */
/** @typedef {import("./adapter.js").TableAdapter} TableAdapter */
/** @typedef {import("./adapter.js").TableKit} TableKit */
/** @typedef {import("./speed.js").Speed} Speed */

/**
 * What went wrong, from a failed answer of the bridge.
 * @param {{ok: boolean, error?: {message: string}}} answer
 */
const problem = (answer) => answer.error?.message ?? "The game engine did not answer.";

const MACHINE_BEAT_MS = 550; // a natural beat before the computer moves (plus up to MACHINE_JITTER_MS)
const MACHINE_JITTER_MS = 350;
const HANDOVER_BEAT_MS = 700; // the mover sees their card land before the curtain drops
/** @type {Legal} */
const NO_MOVES = { moves: [], labels: [] };

/**
 * @typedef {object} TableOptions
 * @property {import("../types.js").Engine} engine
 * @property {import("../types.js").GameInfo} info
 * @property {import("../types.js").Settings} settings
 * @property {string} session the bridge session, created or restored by app.js
 * @property {HTMLCanvasElement} canvas
 * @property {import("../card-painter.js").CardPainter} painter
 * @property {() => void} onRendered after each redraw that shows a new view
 * @property {(text: string) => void} toast
 * @property {(title: string) => Promise<void>} showCurtain resolves when the next person taps
 * @property {() => Promise<void>} save seal and store the position
 * @property {(kit: TableKit) => TableAdapter} makeTable the game's table module's adapter
 * @property {import("../coach/coach.js").Coach | null} [coach] the coach of a guided game
 * @property {import("../remote/remote-session.js").RemoteSession} [remote] the session of a game with friends on
 *   other devices (remote/), instead of one on this page's engine
 */

/**
 * A step the felt showed: the answer before it, the answer, the events that led there, and whether the
 * viewer's own move made it.
 * @typedef {{before: ViewAnswer, answer: ViewAnswer, events: any[], mine: boolean}} Step
 */

/**
 * What subscribers hear: "step" (a new view on the felt), "stage" (the state changed), "reset" (what was
 * seen before no longer leads here: another person's side, an undo), "over" (the game ended, once the
 * felt is still), "close".
 * @typedef {{step: Step | {answer: ViewAnswer, events: any[]}, stage: Stage, reset: null, over: ViewAnswer, close: null}} Topics
 */

export class TableController {
  /** @param {TableOptions} options */
  constructor({ engine, info, settings, session, canvas, painter, onRendered, toast, showCurtain, save, makeTable, coach = null, remote }) {
    this.engine = engine;
    this.info = info;
    this.settings = settings;
    this.session = remote ?? new Session({ engine, info, settings, session, save });
    this.onRendered = onRendered;
    this.toast = toast;
    this.showCurtain = showCurtain;
    this.coach = coach;
    /** @type {Stage} */
    this.stage = "engine";
    /** @type {ViewAnswer | null} the answer on the felt */
    this.answer = null;
    /** @type {number | null} whose view is on the felt */
    this.viewer = null;
    /** @type {Map<number, Legal>} the moves on offer, by seat (empty unless a person may move) */
    this.offered = new Map();
    this.people = this.session.human;
    this.names = seatNames(info.seats, settings.mode, this.people);
    this.closed = false;
    /** counts every new step and every close: a continuation from an older one stops */
    this.epoch = 0;
    /** @type {(() => void) | null} finishes the animation under way (a click on the felt) */
    this.skip = null;
    /** the other side's last move in one sentence from the viewer's seat ("" when the news is not theirs) */
    this.lastMoveLine = "";
    /** @type {{[K in keyof Topics]: ((detail: Topics[K]) => void)[]}} */
    this.subscribers = { step: [], stage: [], reset: [], over: [], close: [] };
    this.listeners = new AbortController();
    /** @type {Speed} */
    this.speed = tableSpeed(settings.speed);
    /** @type {TableKit} */
    const kit = {
      canvas, painter, engine, info, settings, session,
      away: remote?.away ?? [],
      brought: remote?.brought ?? null,
      signal: this.listeners.signal,
      play: (move, seat) => { this.play(move, seat); },
      toast,
      redraw: () => this.redraw(),
      look: () => { this.look(); },
      switchTo: (seat) => { this.switchTo(seat); },
      moment: () => this.moment,
    };
    this.adapter = makeTable(kit);
    this.renderer = this.adapter.renderer;
    this.renderer.setPace(PACES[this.speed]);
    this.stylesheet = attachStylesheet(this.adapter.stylesheet);
    this.dom = {
      turn: /** @type {HTMLElement} */ (document.querySelector("#turn-line")),
      reason: /** @type {HTMLElement} */ (document.querySelector("#reason-line")),
      result: /** @type {HTMLElement} */ (document.querySelector("#result")),
      waiting: /** @type {HTMLElement} */ (document.querySelector("#waiting")),
    };
    canvas.addEventListener("click", (event) => this.tapped(event.clientX, event.clientY), { signal: this.listeners.signal });
  }

  /**
   * @template {keyof Topics} K
   * @param {K} topic
   * @param {(detail: Topics[K]) => void} listener
   */
  on(topic, listener) {
    this.subscribers[topic].push(listener);
  }

  /**
   * @template {keyof Topics} K
   * @param {K} topic
   * @param {Topics[K]} detail
   */
  emit(topic, detail) {
    for (const listener of this.subscribers[topic]) listener(detail);
  }

  /** What window.app.current shows while this table is open. */
  get current() {
    const { game, mode } = this.settings;
    return { game, session: this.session.id, mode, human: [...this.people] };
  }

  get hotseat() {
    return this.settings.mode === "hotseat" && this.people.length > 1;
  }

  get animated() {
    return this.speed !== "instant";
  }

  /** @returns {Moment} */
  get moment() {
    const answer = this.answer;
    const machine = answer && !answer.over ? this.session.machinesDue(answer.to_act)[0] ?? null : null;
    return {
      stage: this.stage,
      answer,
      view: answer?.view ?? null,
      viewer: this.viewer,
      legal: this.stage === "person" ? this.offered.get(this.viewer ?? -1) ?? NO_MOVES : NO_MOVES,
      offered: this.stage === "person" ? this.offered : new Map(),
      acting: this.stage === "person",
      machine,
      hotseat: this.hotseat,
      names: this.names,
      people: this.people,
      animated: this.animated,
      told: this.lastMoveLine,
    };
  }

  /** @param {Speed} speed the player chose another speed at this table */
  setSpeed(speed) {
    this.speed = tableSpeed(speed);
    this.renderer.setPace(PACES[this.speed]);
    if (!this.animated) this.skip?.();
  }

  // --- opening ----------------------------------------------------------------------------------------

  /**
   * Sit down: read who plays here from the spectator's view, then show the table as it stands, once the
   * game's stylesheet applies.
   */
  async open() {
    this.dom.waiting.hidden = true;
    this.dom.result.hidden = true;
    const [probe] = await Promise.all([this.session.view(null), this.stylesheet.ready]);
    if (this.closed) return;
    if (!probe.ok) {
      this.writeStatus("The table could not be read.", problem(probe));
      return;
    }
    const seating = this.adapter.seat(probe, this.names);
    if (seating.people) this.session.human = this.people = seating.people;
    this.names = seating.names ?? seatNames(this.info.seats, this.settings.mode, this.people);
    this.renderer.setNames(this.names.map((n) => [n.plate, n.subject]));
    await this.resume(probe);
  }

  /**
   * Show the table as it stands: the shared screen's view, the person's own side, or, at a hot seat with
   * hidden hands, the curtain for whoever is due (the table seen from nobody's side while a machine moves).
   * @param {ViewAnswer} probe the spectator's view now
   */
  async resume(probe) {
    if (this.adapter.viewSeat) return this.showSeat(this.adapter.viewSeat(probe));
    if (!this.hotseat || !this.adapter.curtain || probe.over) return this.showSeat(this.viewer ?? this.people[0]);
    if (this.session.machinesDue(probe.to_act).length) return this.advance(probe, []);
    return this.handOver(probe.to_act.find((seat) => this.people.includes(seat)) ?? this.people[0], false);
  }

  /** The coach was stopped: the same turn again, now with every move on offer. */
  restart() {
    if (this.stage === "person") this.showSeat(/** @type {number} */ (this.viewer));
  }

  // --- the flow -----------------------------------------------------------------------------------------

  /** @param {Stage} stage */
  setStage(stage) {
    if (stage !== "person") this.offered = new Map();
    this.stage = stage;
    this.emit("stage", stage);
  }

  /**
   * Fetch `seat`'s view and show it as the next step (with `events` to play out), then carry on.
   * @param {number | null} seat
   * @param {any[]} [events]  the game's events (its shapes.js)
   */
  async showSeat(seat, events = []) {
    const epoch = this.nextEpoch();
    this.setStage("engine");
    const answer = await this.session.view(seat);
    if (epoch !== this.epoch) return;
    if (!answer.ok) {
      this.writeStatus("The table could not be read.", problem(answer));
      return;
    }
    if (seat !== this.viewer) this.emit("reset", null); // another side of the table: nothing of theirs to replay
    this.viewer = seat;
    await this.advance(answer, events);
  }

  /**
   * One step: draw `answer` (playing `events` out), wait until the felt is still, then go where the
   * answer leads.
   * @param {ViewAnswer} answer
   * @param {any[]} events
   * @param {{mine?: boolean}} [how] mine: the viewer's own move made it
   */
  async advance(answer, events, { mine = false } = {}) {
    const epoch = this.nextEpoch();
    this.present(answer, events, mine);
    await this.still();
    if (epoch !== this.epoch) return;
    await this.settle();
  }

  nextEpoch() {
    this.epoch += 1;
    return this.epoch;
  }

  /**
   * Put a step on the felt: the view drawn at once with its events playing out, the other side's move lit,
   * the words for it; nothing is live meanwhile.
   * @param {ViewAnswer} answer
   * @param {any[]} events
   * @param {boolean} mine
   */
  present(answer, events, mine) {
    const before = this.answer;
    this.answer = answer;
    this.setStage("engine");
    this.coach?.wait();
    this.adapter.panel.clear(this.waitingWords());
    this.emit("step", before && events.length ? { before, answer, events, mine } : { answer, events });
    const moment = this.moment;
    this.renderer.show(answer.view, {
      events, animate: this.animated, highlight: this.adapter.highlight(moment), perspective: this.viewer ?? 0,
    });
    this.renderer.canvas.setAttribute("aria-label", this.adapter.summary(answer.view));
    this.adapter.shown(moment);
    this.onRendered();
    if (this.renderer.animationLeft() > 0) this.setStage("animating");
    this.lastMoveLine = this.lightLastMove();
    this.refresh();
  }

  /** The other side's last move, lit on the felt and told in the news, when it is the newest thing. */
  lightLastMove() {
    const answer = this.answer;
    const told = this.viewer !== null && answer && !answer.over ? this.adapter.lastMove(this.moment) : null;
    this.renderer.spotlight(told?.spots ?? [], this.animated);
    return told?.sentence ?? "";
  }

  /** Resolves once the felt is still: when its animation ends, or at once when someone finishes it. */
  still() {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.skip = null;
        this.renderer.finish();
        resolve(undefined);
      };
      const left = this.renderer.animationLeft();
      const timer = left > 0 ? setTimeout(done, left) : 0;
      this.skip = done;
      if (left <= 0) done();
    });
  }

  /** The felt is still: end the game, let a machine move, offer a person's moves, or pass the device. */
  async settle() {
    const answer = /** @type {ViewAnswer} */ (this.answer);
    if (answer.over) return this.end(answer);
    const machine = this.session.machinesDue(answer.to_act);
    if (machine.length) return this.machineTurn(machine[0]);
    if (this.adapter.viewSeat) return this.offer(answer.to_act.filter((seat) => this.people.includes(seat)));
    if (this.viewer !== null && answer.to_act.includes(this.viewer)) return this.offer([this.viewer]);
    const next = answer.to_act.find((seat) => this.people.includes(seat));
    if (next === undefined) return;
    if (this.hotseat && this.adapter.curtain) return this.handOver(next, true);
    return this.showSeat(next);
  }

  /**
   * Fetch the moves of `seats` and make them live: buttons, canvas targets, Hint and Undo.
   * @param {number[]} seats
   */
  async offer(seats) {
    const epoch = this.nextEpoch();
    this.setStage("engine");
    const answers = await this.session.legal(seats);
    if (epoch !== this.epoch) return;
    this.offered = new Map(seats.flatMap((seat, i) => {
      if (!answers[i].ok) return [];
      const legal = seat === this.viewer && this.coach ? this.coach.narrow(answers[i]) : answers[i];
      return legal.moves.length ? [[seat, legal]] : [];
    }));
    if (!this.offered.size) return;
    this.setStage("person");
    const moment = this.moment;
    this.adapter.panel.show(moment.legal, moment);
    if (document.activeElement === document.body) this.adapter.panel.focus();
    this.refresh();
    this.coach?.ask();
  }

  /**
   * A seat no person plays moves after a beat: the engine's own (a Dealer) or the computer's.
   * @param {number} seat
   */
  async machineTurn(seat) {
    const epoch = this.nextEpoch();
    this.setStage("computer");
    this.adapter.panel.clear(this.waitingWords());
    this.refresh();
    await this.beat(MACHINE_BEAT_MS + Math.random() * MACHINE_JITTER_MS);
    if (epoch !== this.epoch) return;
    this.setStage("engine");
    const { moved, view } = await this.session.machineMove(seat, this.viewer);
    if (epoch !== this.epoch) return;
    if (!moved.ok || !view.ok) {
      this.writeStatus(`${this.names[seat].subject} is stuck.`, problem(moved.ok ? view : moved));
      return;
    }
    if (!this.adapter.secret(moved.move)) this.save();
    await this.advance(view, moved.events ?? []);
  }

  /**
   * A pause of `ms` at normal speed, shorter when fast, none when instant.
   * @param {number} ms
   */
  beat(ms) {
    const pace = PACES[this.speed];
    return new Promise((resolve) => setTimeout(resolve, Number.isFinite(pace) ? ms / pace : 0));
  }

  /**
   * A hot seat with hidden hands: hide everything, wait for the next person to take the device, then
   * show their side.
   * @param {number} seat
   * @param {boolean} pause let the mover see their card land first
   */
  async handOver(seat, pause) {
    const epoch = this.nextEpoch();
    if (pause) await this.beat(HANDOVER_BEAT_MS);
    if (epoch !== this.epoch) return;
    this.setStage("handover");
    this.answer = null;
    this.viewer = null;
    this.emit("reset", null);
    this.hideTable();
    this.writeStatus(`${this.names[seat].subject} is up next.`, "");
    await this.showCurtain(`Pass the device to ${this.names[seat].subject}`);
    if (epoch === this.epoch && !this.closed) await this.showSeat(seat);
  }

  /**
   * The game is over: the result box once the felt is still, the record and the sound (subscribers).
   * @param {ViewAnswer} answer
   */
  async end(answer) {
    this.setStage("over");
    this.adapter.panel.clear(this.adapter.status(this.moment)[0]);
    this.refresh();
    this.emit("over", answer);
    const box = new ResultBox(this);
    await this.adapter.ending(answer, box);
    if (!this.closed) box.announce();
  }

  // --- a person's actions -----------------------------------------------------------------------------

  /**
   * A move chosen by a person, from a button or from the canvas: the very same path. Only a move on offer
   * now is sent (a late click on an old button does nothing).
   * @param {any} move
   * @param {number} [seat] the seat that moves (the viewer's unless a shared screen names another)
   */
  async play(move, seat = this.viewer ?? -1) {
    if (this.stage !== "person" || !this.offered.has(seat)) return;
    const epoch = this.nextEpoch();
    this.setStage("engine");
    this.adapter.panel.disable();
    const shown = this.viewAfterMove(seat);
    const { played, view } = await this.session.play(seat, move, shown);
    if (epoch !== this.epoch) return;
    if (!played.ok || !view.ok) {
      this.toast(problem(played.ok ? view : played));
      return this.showSeat(this.viewer ?? seat);
    }
    this.coach?.played(move);
    this.save();
    if (this.adapter.viewSeat) {
      const next = this.adapter.viewSeat(view);
      if (next !== shown) return this.showSeat(next, played.events);
    } else if (shown !== seat && view.to_act.includes(seat)) {
      return this.showSeat(seat, played.events); // the same person goes again: back to their side
    }
    this.viewer = shown;
    await this.advance(view, played.events ?? [], { mine: true });
  }

  /**
   * The seat whose view follows a move of `seat`: nobody's at a curtained hot seat (the mover's hand goes).
   * @param {number} seat
   * @returns {number | null}
   */
  viewAfterMove(seat) {
    if (this.adapter.viewSeat) return this.adapter.viewSeat(null);
    return this.hotseat && this.adapter.curtain ? null : seat;
  }

  /**
   * A click on the canvas: finishes an animation under way, else goes to the game (which plays a move only
   * while the moment says a person acts; its own controls on the felt work at any time).
   * @param {number} clientX
   * @param {number} clientY
   */
  tapped(clientX, clientY) {
    if (this.stage === "animating") {
      this.skip?.();
      return;
    }
    if (this.answer) this.adapter.tap(clientX, clientY, this.moment);
  }

  /**
   * Lend the felt to a replay of earlier steps: nothing is live meanwhile and a click on the felt ends it;
   * then the table is given back as it stands, with the same moves on offer.
   * @param {(stopped: () => boolean) => Promise<void>} run plays the replay; `stopped()` says it should end
   */
  async lendFelt(run) {
    if (this.stage !== "person" && this.stage !== "over") return;
    const stage = this.stage;
    const offered = this.offered;
    const epoch = this.epoch;
    let stop = false;
    this.setStage("animating");
    this.adapter.panel.disable();
    this.skip = () => {
      stop = true;
      this.renderer.finish();
    };
    this.renderer.spotlight([], false);
    await run(() => stop || epoch !== this.epoch);
    if (epoch !== this.epoch) return;
    this.skip = null;
    const answer = /** @type {ViewAnswer} */ (this.answer);
    this.renderer.finish();
    this.offered = offered;
    this.setStage(stage);
    this.renderer.show(answer.view, { animate: false, highlight: this.adapter.highlight(this.moment), perspective: this.viewer ?? 0 });
    if (stage === "person") this.adapter.panel.show(this.moment.legal, this.moment);
    this.lastMoveLine = this.lightLastMove();
    this.refresh();
  }

  /** Draw the view again (a shared screen shows another seat's side now). */
  look() {
    if (this.stage !== "person" && this.stage !== "over") return;
    return this.showSeat(this.adapter.viewSeat ? this.adapter.viewSeat(null) : /** @type {number} */ (this.viewer));
  }

  /**
   * Another person due now acts first: their side of the table (behind the curtain at a hot seat).
   * @param {number} seat
   */
  switchTo(seat) {
    if (this.stage !== "person" || seat === this.viewer || !this.answer?.to_act.includes(seat)) return;
    if (this.hotseat && this.adapter.curtain) return this.handOver(seat, false);
    return this.showSeat(seat);
  }

  /**
   * "What would the computer do?": its strongest level's move for the viewer's seat, shown on the felt
   * and in the panel, not played. Resolves to the answer, or null when the table moved on meanwhile.
   */
  async hint() {
    if (this.stage !== "person" || this.viewer === null) return null;
    const epoch = this.epoch;
    const answer = await this.session.hint(this.viewer);
    if (epoch !== this.epoch || this.stage !== "person") return null;
    if (answer.ok) {
      this.adapter.panel.markHinted(answer.move);
      this.adapter.hint(answer.move, this.moment);
    }
    return answer;
  }

  /**
   * Have the worker think the viewer's hint while they look at the table, when they are due in the step on
   * the felt: nothing is shown and nothing waits on it (hint() then finds it decided or under way).
   */
  thinkAhead() {
    const answer = this.answer;
    if (this.viewer === null || !answer || answer.over || !answer.to_act.includes(this.viewer)) return;
    this.session.thinkAhead(this.viewer);
  }

  /**
   * Take back the viewer's last move (and the computer's replies), or `seat`'s at a shared screen (the
   * adapter's undoSeat), then show the position before it from that seat.
   * @param {number | null} [seat]
   */
  async undo(seat = this.viewer) {
    if (this.stage !== "person" || seat === null) return;
    const epoch = this.nextEpoch();
    this.setStage("engine");
    this.adapter.panel.disable();
    const answer = await this.session.undo(seat);
    if (epoch !== this.epoch) return;
    if (answer.ok) {
      this.emit("reset", null); // the moves taken back are no longer the last round
      this.save();
    } else this.toast(answer.error.message);
    this.answer = null; // the position before is not a step after this one: nothing to play out
    return this.showSeat(seat);
  }

  // --- words and marks ----------------------------------------------------------------------------------

  /** Mark and say the moment again (the adapter's own choice changed, or the stage did). */
  redraw() {
    this.refresh();
  }

  /**
   * The highlight and the status lines from the moment: while the felt plays a step out the news waits
   * (the felt is telling it), then both lines are written with the moves going live.
   */
  refresh() {
    if (!this.answer) return;
    const moment = this.moment;
    this.renderer.setHighlight(this.adapter.highlight(moment));
    if (this.stage === "over") {
      this.writeStatus(this.adapter.status(moment)[0], this.answer.outcome?.reason ?? "");
      return;
    }
    const [turn, news] = this.adapter.status(moment);
    const told = [moment.told, news].filter(Boolean).join(" ");
    this.writeStatus(turn, this.stage === "animating" ? "" : told);
  }

  /** Who the table waits for, under the empty move panel. */
  waitingWords() {
    const answer = this.answer;
    if (!answer) return "";
    if (answer.over) return this.adapter.status(this.moment)[0];
    const machine = this.session.machinesDue(answer.to_act)[0];
    if (machine !== undefined) return `Waiting for ${this.names[machine].object}…`;
    const next = answer.to_act[0];
    return next === undefined ? "" : `${this.names[next].subject} ${this.names[next].subject === "You" ? "are" : "is"} next.`;
  }

  /** @param {string} turn @param {string} reason */
  writeStatus(turn, reason) {
    this.dom.turn.textContent = turn;
    this.dom.reason.textContent = reason;
  }

  save() {
    this.session.save().catch((/** @type {Error} */ error) => this.toast(error.message));
  }

  // --- leaving --------------------------------------------------------------------------------------------

  /** Nothing of the game left on screen or in the renderer (curtain, leaving the table). */
  hideTable() {
    this.renderer.clear();
    this.renderer.canvas.setAttribute("aria-label", "The card table");
    this.adapter.panel.clear();
    this.adapter.shown(this.moment); // a moment with no view: the game's own panes hide what they show
  }

  /** Leave the table: stop every pending step and free the bridge session. */
  close() {
    this.closed = true;
    this.nextEpoch();
    this.skip = null;
    this.stage = "over";
    this.emit("close", null);
    this.listeners.abort();
    this.coach?.close();
    this.hideTable();
    this.adapter.close();
    this.renderer.dispose();
    this.dom.result.hidden = true;
    this.dom.waiting.hidden = true;
    this.writeStatus("", "");
    this.stylesheet.detach();
    this.session.close();
  }
}

/** The result box of one table's end (index.html #result), as the adapter fills it. */
class ResultBox {
  /** @param {TableController} table */
  constructor(table) {
    this.table = table;
    this.root = table.dom.result;
    this.announced = false;
    this.extra = /** @type {Element[]} */ ([]);
  }

  /** @param {string} selector */
  part(selector) {
    return /** @type {HTMLElement} */ (this.root.querySelector(selector));
  }

  /** @param {import("./adapter.js").Ending} ending */
  show({ title, reason, entries, note }) {
    if (this.table.closed) return;
    this.part("#result-title").textContent = title;
    this.part("#result-reason").textContent = reason;
    this.part("#result-totals").replaceChildren(...entries.map(([name, value, { winner = false, className = "", notes = "", character = "" }]) => {
      const entry = document.createElement("div");
      if (winner) entry.classList.add("winner");
      if (className) entry.classList.add(className);
      if (character) entry.dataset.character = character;
      const plate = document.createElement("dt");
      plate.textContent = name;
      const total = document.createElement("dd");
      total.textContent = value;
      entry.append(plate, total);
      if (notes) {
        const more = document.createElement("dd");
        more.className = "result-notes";
        more.textContent = notes;
        entry.append(more);
      }
      return entry;
    }));
    this.note(note);
    this.root.hidden = false;
    this.announce();
  }

  /** @param {string} text */
  note(text) {
    if (!this.table.closed) this.part("#result-discards").textContent = text;
  }

  /** @param {Element} node */
  add(node) {
    this.part("#result-discards").after(node);
    this.extra.push(node);
    this.table.on("close", () => node.remove());
  }

  announce() {
    if (this.announced || this.table.closed) return;
    this.announced = true;
    document.dispatchEvent(new CustomEvent("saloon:over", { detail: { session: this.table.session.id } }));
  }

  closed() {
    return this.table.closed;
  }
}
