// The session controller of an open table: every question to the engine goes through here (views, legal
// moves, a person's move, the computer's move, a seat the engine plays itself), it knows who is due and
// who plays which seat (from GameInfo's seats and the mode), and it saves through the callback app.js
// gives. It draws nothing: the table controller (table/controller.js) shows what it answers.

import { humanSeats } from "./seats.js";

/**
 * @typedef {import("./types.js").Engine} Engine
 * @typedef {import("./types.js").Settings} Settings
 * @typedef {import("./types.js").GameInfo} GameInfo
 * @typedef {import("./types.js").Response} Response
 * @typedef {import("./table/adapter.js").ViewAnswer} ViewAnswer
 * @typedef {import("./table/adapter.js").Legal} Legal
 */

export class Session {
  /**
   * @param {{engine: Engine, info: GameInfo, settings: Settings, session: string, save: () => Promise<void>}} options
   *   session: the bridge session id, created or restored by app.js; save(): seal and store the position
   */
  constructor({ engine, info, settings, session, save }) {
    this.engine = engine;
    this.id = session;
    this.settings = settings;
    this.store = save;
    this.seats = info.seats;
    /** The seats people play here; every other seat is the computer's (a bot) or the engine's own. */
    this.human = humanSeats(info.seats, settings);
  }

  /**
   * Seats due now that no person plays: the computer's and the engine's.
   * @param {number[]} toAct
   */
  machinesDue(toAct) {
    return toAct.filter((seat) => !this.human.includes(seat));
  }

  /**
   * @param {number | null} seat null: the spectator's view
   * @returns {Promise<ViewAnswer>}
   */
  view(seat) {
    return /** @type {Promise<ViewAnswer>} */ (this.engine.call({ op: "view", session: this.id, player: seat }));
  }

  /**
   * The legal moves of each of `seats`, with their labels (an answer per seat, in order).
   * @param {number[]} seats
   * @returns {Promise<(Legal & {ok: boolean})[]>}
   */
  async legal(seats) {
    const answers = await this.engine.callMany(seats.map((player) => ({ op: "legal", session: this.id, player })));
    return /** @type {(Legal & {ok: boolean})[]} */ (answers);
  }

  /**
   * A person's move; the events and the view after it are told as `viewer` sees them.
   * @param {number} seat
   * @param {unknown} move  one of the seat's legal moves, as the bridge listed it
   * @param {number | null} viewer
   * @returns {Promise<{played: Response, view: ViewAnswer}>}
   */
  async play(seat, move, viewer) {
    const [played, view] = await this.engine.callMany([
      { op: "play", session: this.id, player: seat, move, viewer },
      { op: "view", session: this.id, player: viewer },
    ]);
    return { played, view: /** @type {ViewAnswer} */ (view) };
  }

  /**
   * The move of a seat no person plays: the engine's own (a Dealer) or the computer's at its level.
   * @param {number} seat
   * @param {number | null} viewer
   * @returns {Promise<{moved: Response, view: ViewAnswer}>}
   */
  async machineMove(seat, viewer) {
    const request = this.seats[seat].kind === "engine"
      ? { op: "auto", session: this.id, player: seat, viewer }
      : { op: "bot", session: this.id, player: seat, level: this.settings.level, viewer };
    const [moved, view] = await this.engine.callMany([request, { op: "view", session: this.id, player: viewer }]);
    return { moved, view: /** @type {ViewAnswer} */ (view) };
  }

  /**
   * What the computer at its strongest would play in `seat` now, and why; nothing is played.
   * @param {number} seat
   */
  hint(seat) {
    return this.engine.call({ op: "hint", session: this.id, player: seat });
  }

  /**
   * Let the worker think `seat`'s hint in its idle time (worker/thinking.js), so that Hint finds it done.
   * @param {number} seat
   */
  thinkAhead(seat) {
    this.engine.call({ op: "think_ahead", session: this.id, player: seat }).catch(() => {});
  }

  /**
   * Take back `seat`'s last move and the replies after it (refused once a card was shown or drawn since).
   * @param {number} seat
   */
  undo(seat) {
    return this.engine.call({ op: "undo", session: this.id, player: seat });
  }

  /** Store the position now (app.js seals it away from the page). */
  save() {
    return this.store();
  }

  /** Free the bridge session. */
  close() {
    this.engine.call({ op: "close", session: this.id }).catch(() => {});
  }
}
