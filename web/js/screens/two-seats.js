// The screen of a table where two or more seats face each other (against the computer or hot seat).
// At a hot-seat table a curtain hides everything between two people's turns: the mover's hand leaves
// the screen with their move, the table is drawn from the spectator's view until the next player has
// taken the device, and only then is their side shown. A game whose hands are all on show passes the
// device without a curtain (its `curtain` getter says false).

import { TableScreen, sleep } from "./table-screen.js";

const HANDOVER_PAUSE_MS = 1200; // let the mover watch their card land before the curtain drops

/**
 * @template {import("../table-renderer.js").TableRenderer} R
 * @extends {TableScreen<R>}
 */
export class TwoSeatScreen extends TableScreen {
  /** Whether hot-seat turns change behind a curtain (a game with nothing hidden says no). */
  get curtain() {
    return true;
  }

  get hotseat() {
    return this.session.human.length > 1;
  }

  async resume() {
    if (!this.hotseat) return super.resume();
    const probe = await this.session.view(null);
    if (this.closed) return;
    if (probe.over) return this.showSeat(this.viewer ?? this.session.human[0]);
    const next = this.session.next(probe);
    return this.handOver("person" in next ? next.person : this.session.human[0], { pause: false });
  }

  viewAfterMove(seat) {
    return this.hotseat && this.curtain ? null : seat;
  }

  /** Hot seat: hide everything, wait for the next player to take the device, then show their side. */
  async handOver(seat, { pause = true } = {}) {
    if (!this.curtain) return this.showSeat(seat);
    if (pause) await sleep(this.settings.fast ? 0 : HANDOVER_PAUSE_MS);
    if (this.closed) return;
    this.acting = false;
    this.response = null;
    this.hideTable();
    this.setStatus(`${this.names[seat].subject} is up next.`, "");
    await this.showCurtain(`Pass the device to ${this.names[seat].subject}`);
    if (!this.closed) await this.showSeat(seat);
  }

  /**
   * What the seat on screen is asked to do now ("Choose your lead card"). Tables that take the caption
   * and status lines below give it, `waitingText`, `roundLabel` and `newsLine`; the others override
   * `caption` and `statusLines` themselves.
   * @type {(view: any) => string}
   */
  promptText() {
    return "";
  }

  /**
   * Who or what the table waits for while the seat on screen may not move.
   * @type {(view: any) => string}
   */
  waitingText() {
    return "";
  }

  /**
   * "Round 3", "Turn 2": where the game is.
   * @type {(view: any) => string}
   */
  roundLabel() {
    return "";
  }

  /**
   * The second status line: what just happened, in the engine's words.
   * @type {(view: any) => string}
   */
  newsLine() {
    return "";
  }

  /** The canvas caption: the prompt for the seat on screen, or who the table waits for. */
  caption() {
    const response = this.response;
    if (!response || response.over) return "";
    return this.acting ? this.promptText(response.view) : this.waitingText(response.view);
  }

  /** "Round 3 · Player 1, choose a card face down." (the name only at a hot seat) and the news. */
  statusLines(view) {
    let turn;
    if (this.acting) {
      const who = this.hotseat ? `${this.names[/** @type {number} */ (this.viewer)].subject}, ` : "";
      turn = `${who}${this.promptText(view).toLowerCase()}.`;
      turn = turn.charAt(0).toUpperCase() + turn.slice(1);
    } else {
      turn = `${this.waitingText(view)}.`.replace("….", "…");
    }
    return /** @type {[string, string]} */ ([`${this.roundLabel(view)} · ${turn}`, this.newsLine(view)]);
  }
}
