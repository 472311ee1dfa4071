// The host's side of a game with a friend on another device (issue 29, docs/remote-play.md): the game runs on
// this page's engine as any other, and the friend's seat is a remote seat. A Session like the one of a game
// against the computer, except that the friend's moves come over the data channel: each is read as untrusted
// input (messages.js), played through the bridge like a person's (which checks it against the rules), and
// the friend is sent the table as their seat sees it after every move, theirs and ours, with their legal
// moves when they are due. Nothing else of the game goes down the channel.

import { RemoteSession } from "./remote-session.js";
import { readMessages } from "./peer.js";
import { MAX_HOST_CHARS, PeerMessageError, PROTOCOL, RateGate, randomHex, readGuestMessage } from "./messages.js";

/**
 * @typedef {import("../types.js").Engine} Engine
 * @typedef {import("../types.js").GameInfo} GameInfo
 * @typedef {import("../types.js").Settings} Settings
 * @typedef {import("../types.js").Response} Response
 * @typedef {import("../table/adapter.js").ViewAnswer} ViewAnswer
 * @typedef {import("./messages.js").TableMessage} TableMessage
 * @typedef {{moved: Response, view: ViewAnswer}} MachineStep
 * @typedef {import("./messages.js").HostKept} HostKept
 */

/**
 * The message a host sends first, before the deal: who the guest plays, and the commitment to the host's
 * secret (the bridge's `pledge`).
 * @param {{engine: Engine, info: GameInfo, options: Record<string, string>, names: string[], seat: number,
 *   version: string}} game
 * @returns {Promise<{hello: import("./messages.js").HelloMessage, pledge: string}>}
 */
export async function pledgeHello({ engine, info, options, names, seat, version }) {
  const pledged = await engine.call({ op: "pledge" });
  if (!pledged.ok) throw new Error(pledged.error.message);
  const resume = randomHex(16);
  return {
    pledge: /** @type {string} */ (pledged.pledge),
    hello: { t: "hello", v: PROTOCOL, engine: version, game: info.id, options, names, seat, commitment: /** @type {string} */ (pledged.commitment), resume },
  };
}

/**
 * Wait for the guest's join on `channel`: its nonce (the guest's part of the deal's randomness) on a first
 * join, or the token of an earlier hello when it takes its seat again.
 * @param {RTCDataChannel} channel
 * @returns {Promise<{nonce?: string, resume?: string}>}
 */
export function awaitJoin(channel) {
  return new Promise((resolve, reject) => {
    readMessages(channel, (data) => {
      readMessages(channel, null); // the next message waits for the table's session
      try {
        const message = readGuestMessage(data);
        if (message.t !== "join") throw new PeerMessageError("Your friend's page did not join the game.");
        if (message.v !== PROTOCOL) throw new PeerMessageError("Your friend's page runs another version of the saloon: both of you reload it.");
        resolve({ nonce: message.nonce, resume: message.resume });
      } catch (error) {
        reject(error);
      }
    });
  });
}

export class RemoteHost extends RemoteSession {
  /**
   * @param {{engine: Engine, info: GameInfo, settings: Settings, session: string, save: () => Promise<void>,
   *   channel: RTCDataChannel | null, ply: number, hello: import("./messages.js").HelloMessage, revealed?: boolean,
   *   toast: (text: string) => void, news: () => void, dropped: () => void}} options
   *   channel: none for a game restored after a reload, until the friend takes their seat again; ply: the
   *   moves the game holds now; hello: what the friend was told when they joined (their seat, and the
   *   `resume` token that lets them take it again); revealed: the friend was sent the secret already (a
   *   game restored after its end); news: the friend moved while no step was
   *   waiting for it (a lead laid face down while we choose ours): the table looks again; dropped: the
   *   friend's connection dropped (the page offers a fresh invite)
   */
  constructor({ engine, info, settings, session, save, channel, ply, hello, revealed = false, toast, news, dropped }) {
    super({ engine, info, settings, session, save });
    this.news = news;
    this.hello = hello;
    this.dropped = dropped;
    this.channel = channel;
    this.guest = hello.seat;
    this.ply = ply;
    this.toast = toast;
    this.gate = new RateGate();
    /** @type {((step: MachineStep) => void) | null} resolves the wait for the friend's next move */
    this.arrival = null;
    /** @type {{step: MachineStep, ply: number} | null} the friend's move that came before the table asked for
     * it (they answered within the beat), for the next ask at that same position */
    this.early = null;
    /** every request of this session, one after another: a friend's move never interleaves with ours */
    this.queue = Promise.resolve();
    this.revealed = revealed; // the secret goes to the friend once, when the game is over
    this.closed = false;
    if (channel) this.listen(channel);
  }

  /** @returns {HostKept} */
  kept() {
    return { role: "host", hello: this.hello, revealed: this.revealed };
  }

  /**
   * Hear the friend on `channel`; when it closes while the game goes on, the page offers a fresh invite.
   * @param {RTCDataChannel} channel
   */
  listen(channel) {
    readMessages(channel, (data) => { if (channel === this.channel) this.hear(data); });
    channel.addEventListener("close", () => {
      if (channel === this.channel && !this.closed && !this.revealed) this.dropped();
    });
  }

  /**
   * The friend took their seat again over a fresh connection: they get the table as it stands.
   * @param {RTCDataChannel} channel
   */
  rejoined(channel) {
    this.channel = channel;
    this.gate = new RateGate();
    this.listen(channel);
    return this.resend();
  }

  /**
   * Seats due that no person at this screen plays: the friend's (and a computer's or the engine's). While
   * someone here is due too, they go first: in a round played face down at once the order of commits never
   * changes the result, and our move is never held up by the friend's.
   * @param {number[]} toAct
   */
  machinesDue(toAct) {
    const others = super.machinesDue(toAct);
    return toAct.some((seat) => this.human.includes(seat)) ? others.filter((seat) => seat !== this.guest) : others;
  }

  /**
   * Our move, told to the friend as their seat sees it.
   * @param {number} seat
   * @param {unknown} move
   * @param {number | null} viewer
   */
  play(seat, move, viewer) {
    return this.serial(async () => {
      const [played, view] = await this.engine.callMany([
        { op: "play", session: this.id, player: seat, move, viewer, also: this.guest },
        { op: "view", session: this.id, player: viewer },
      ]);
      if (played.ok) {
        this.ply += 1;
        const told = /** @type {{move: Record<string, unknown>, events: any[]}} */ (played.also);
        await this.sendTable(seat, told.events, told.move);
      }
      return { played, view: /** @type {ViewAnswer} */ (view) };
    });
  }

  /**
   * The friend's next move (their seat), or a computer's as usual.
   * @param {number} seat
   * @param {number | null} viewer
   * @returns {Promise<MachineStep>}
   */
  machineMove(seat, viewer) {
    if (seat !== this.guest) return super.machineMove(seat, viewer);
    const early = this.early;
    this.early = null;
    if (early && early.ply === this.ply) return Promise.resolve(early.step);
    return new Promise((resolve) => { this.arrival = resolve; });
  }

  close() {
    this.closed = true;
    this.send({ t: "bye", reason: "Your friend left the table." });
    this.channel?.close();
    super.close();
  }

  /** Send the friend the table as it stands (after they joined, or to set them right after a refusal). */
  resend() {
    return this.serial(() => this.sendTable(null, [], null));
  }

  /**
   * A message from the friend: a move is played when it is legal, else refused in words.
   * @param {unknown} data
   */
  hear(data) {
    if (!this.gate.admit(Date.now())) return this.refuse("Too many messages at once: slow down.");
    try {
      const message = readGuestMessage(data);
      if (message.t !== "move") throw new PeerMessageError("Your friend has joined already.");
      this.serial(() => this.applyGuestMove(message.move, message.ply));
    } catch (error) {
      this.refuse(/** @type {Error} */ (error).message);
    }
  }

  /**
   * @param {Record<string, unknown>} move
   * @param {number} ply the moves the game held on the table the friend moved from
   */
  async applyGuestMove(move, ply) {
    const viewer = this.human[0];
    const [played, view] = await this.engine.callMany([
      { op: "play", session: this.id, player: this.guest, move, viewer: this.guest, also: viewer },
      { op: "view", session: this.id, player: viewer },
    ]);
    if (!played.ok) {
      this.refuse(ply < this.ply ? "The table moved on before your move arrived: here it is as it stands." : played.error.message);
      await this.sendTable(null, [], null);
      return;
    }
    this.ply += 1;
    await this.sendTable(this.guest, played.events ?? [], move);
    this.save().catch((/** @type {Error} */ error) => this.toast(error.message));
    const told = /** @type {{move: Record<string, unknown>, events: any[]}} */ (played.also);
    const step = { moved: /** @type {Response} */ ({ ok: true, move: told.move, events: told.events }), view: /** @type {ViewAnswer} */ (view) };
    const arrival = this.arrival;
    this.arrival = null;
    if (arrival) arrival(step);
    else {
      this.early = { step, ply: this.ply };
      this.news();
    }
  }

  /**
   * Send the friend their table: their view, the move that led here as they may see it, and their legal
   * moves when they are due.
   * @param {number | null} mover
   * @param {any[]} events
   * @param {Record<string, unknown> | null} move
   */
  async sendTable(mover, events, move) {
    const [answer, legal] = await this.engine.callMany([
      { op: "view", session: this.id, player: this.guest },
      { op: "legal", session: this.id, player: this.guest },
    ]);
    const view = /** @type {ViewAnswer} */ (answer);
    if (!view.ok) return;
    const due = !view.over && view.to_act.includes(this.guest);
    this.send({
      t: "table", ply: this.ply, mover, answer: view, events, move,
      legal: due && legal.ok ? { moves: legal.moves, labels: legal.labels } : null,
    });
    if (view.over) await this.reveal();
  }

  /** Once the game is over: the secret and the record, for the friend's own engine to check the deal. */
  async reveal() {
    if (this.revealed || this.channel?.readyState !== "open") return; // a friend away gets it on their return
    this.revealed = true;
    const revealed = await this.engine.call({ op: "reveal", session: this.id });
    if (revealed.ok && revealed.reveal) this.send({ t: "reveal", secret: revealed.reveal.secret, record: revealed.record });
    this.save().catch((/** @type {Error} */ error) => this.toast(error.message));
  }

  /** @param {string} message */
  refuse(message) {
    this.send({ t: "refused", message });
  }

  /** @param {object} message */
  send(message) {
    const text = JSON.stringify(message);
    if (text.length > MAX_HOST_CHARS) {
      this.toast("The table is too large to send to your friend.");
      return;
    }
    if (this.channel?.readyState === "open") this.channel.send(text);
  }

  /**
   * Run `step` after every step before it.
   * @template T
   * @param {() => Promise<T>} step
   * @returns {Promise<T>}
   */
  serial(step) {
    const run = this.queue.then(step);
    this.queue = run.then(() => {}, () => {});
    return run;
  }
}
