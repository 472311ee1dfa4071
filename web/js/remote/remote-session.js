// What both sides of a game with a friend on another device share (issue 29): a Session with no hints and no
// undo. A hint would be a third player at one side of the table, and an undo would take back a move the
// other device has seen (the bridge refuses it in a fairly dealt game: no_undo_in_fair_game).

import { Session } from "../session.js";

/** @typedef {import("../types.js").Response} Response */

const NO_HINTS = "No hints in a game with a friend: each of you plays their own game.";
const NO_UNDO = "In a game between two devices a move stays played: the other side has seen it.";

export class RemoteSession extends Session {
  /** @param {ConstructorParameters<typeof Session>[0]} options */
  constructor(options) {
    super(options);
    /** @type {number[]} the seats played on other devices */
    this.away = [];
    /** @type {Record<string, unknown> | undefined} the character this device brought to a Dealer's table */
    this.brought = undefined;
  }

  /** @returns {Promise<Response>} */
  hint() {
    return Promise.resolve({ ok: false, error: { code: "remote", message: NO_HINTS } });
  }

  thinkAhead() {}

  /** @returns {Promise<Response>} */
  undo() {
    return Promise.resolve({ ok: false, error: { code: "no_undo_in_fair_game", message: NO_UNDO } });
  }
}
