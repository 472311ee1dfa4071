// The host's side of a game with friends on other devices (issue 29, docs/remote-play.md): the game runs on
// this page's engine as any other, and each friend's seat is a remote seat (one friend in a game of two
// seats, several at the Dealer's table). A Session like the one of a game against the computer, except that
// a friend's moves come over their data channel: each is read as untrusted input (messages.js), played
// through the bridge like a person's (which checks it against the rules), and every friend is sent the table
// as their own seat sees it after every move, with their legal moves when they are due. Nothing else of the
// game goes down the channels.

import { RemoteSession } from "./remote-session.js";
import { nextMessage, readMessages } from "./peer.js";
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
 * @typedef {{seat: number, move: Record<string, unknown>, events: any[]}} Told  a move as one seat may see it
 */

/**
 * The host's pledge (the bridge's `pledge`): a secret the bridge keeps, and the commitment to it that every
 * guest is told before the deal.
 * @param {Engine} engine
 * @returns {Promise<{pledge: string, commitment: string}>}
 */
export async function pledgeDeal(engine) {
  const pledged = await engine.call({ op: "pledge" });
  if (!pledged.ok) throw new Error(pledged.error.message);
  return { pledge: /** @type {string} */ (pledged.pledge), commitment: /** @type {string} */ (pledged.commitment) };
}

/**
 * The message a host sends first, before the deal: who the guest plays, and the commitment to the host's
 * secret; each seat gets a token of its own to take it again after a drop.
 * @param {{info: GameInfo, options: Record<string, string>, names: string[], seat: number, version: string,
 *   commitment: string, several?: boolean}} game  several: a table of players on other devices (the Dealer's)
 * @returns {import("./messages.js").HelloMessage}
 */
export function helloFor({ info, options, names, seat, version, commitment, several = false }) {
  return { t: "hello", v: PROTOCOL, engine: version, game: info.id, options, names, seat, commitment, resume: randomHex(16), ...(several ? { several } : {}) };
}

/**
 * The guest's next message on `channel`, read as untrusted input.
 * @param {RTCDataChannel} channel
 */
async function nextGuestMessage(channel) {
  return readGuestMessage(await nextMessage(channel));
}

/**
 * Wait for the guest's join on `channel`: its nonce (the guest's part of the deal's randomness) on a first
 * join, its pledge and character at a table of several, or the token of an earlier hello when it takes its
 * seat again.
 * @param {RTCDataChannel} channel
 * @returns {Promise<import("./messages.js").JoinMessage>}
 */
export async function awaitJoin(channel) {
  const message = await nextGuestMessage(channel);
  if (message.t !== "join") throw new PeerMessageError("Your friend's page did not join the game.");
  if (message.v !== PROTOCOL) throw new PeerMessageError("Your friend's page runs another version of the saloon: both of you reload it.");
  return message;
}

/**
 * Wait for the friend's answer to another game dealt over the same connection: their fresh randomness when
 * they sit down, or a refusal in words when they say not now.
 * @param {RTCDataChannel} channel
 * @returns {Promise<string>} their nonce
 */
export async function awaitRematch(channel) {
  let message = await nextGuestMessage(channel);
  while (message.t === "again") message = await nextGuestMessage(channel); // they asked for it meanwhile
  if (message.t === "not_now") throw new PeerMessageError("Your friend does not want another game now.");
  if (message.t !== "join" || message.nonce === undefined) throw new PeerMessageError("Your friend's page did not sit down at the new game.");
  return message.nonce;
}

/**
 * Wait for a guest's nonce at a table of several (sent once every seat's pledge was announced).
 * @param {RTCDataChannel} channel
 * @returns {Promise<string>}
 */
export async function awaitNonce(channel) {
  const message = await nextGuestMessage(channel);
  if (message.t !== "nonce") throw new PeerMessageError("A player's page did not reveal its part of the deal.");
  return message.nonce;
}

/**
 * One friend's seat at this table: their connection (none while they are away), what they were told when
 * they joined, and their moves in flight.
 */
class RemoteSeat {
  /**
   * @param {RTCDataChannel | null} channel
   * @param {import("./messages.js").HelloMessage} hello
   * @param {string} name who plays it, in the Dealer's words (a character's name), or ""
   */
  constructor(channel, hello, name) {
    this.channel = channel;
    this.hello = hello;
    this.name = name;
    this.gate = new RateGate();
    /** @type {((step: MachineStep) => void) | null} resolves the wait for this friend's next move */
    this.arrival = null;
    /** @type {{step: MachineStep, ply: number} | null} this friend's move that came before the table asked
     * for it (they answered within the beat), for the next ask at that same position */
    this.early = null;
  }
}

export class RemoteHost extends RemoteSession {
  /**
   * @param {{engine: Engine, info: GameInfo, settings: Settings, session: string, save: () => Promise<void>,
   *   seats: {channel: RTCDataChannel | null, hello: import("./messages.js").HelloMessage, name?: string}[], ply: number,
   *   revealed?: boolean, toast: (text: string) => void, news: () => void, dropped: (seat: number) => void,
   *   asked?: () => void}} options
   *   seats: each friend's seat: their channel (none for a game restored after a reload, until they take
   *   their seat again), what they were told when they joined (their seat, and the `resume` token that
   *   lets them take it again) and, at a table of several, the name of the character they brought; ply: the
   *   moves the game holds now; revealed: the friends were sent the secret already (a game restored after its
   *   end); news: a friend moved while no step was waiting for it (a lead
   *   laid face down while we choose ours, a player's save at the Dealer's table): the table looks again;
   *   dropped: a friend's connection dropped (the page offers a fresh invite for their seat); asked: once
   *   the game is over, the friend asks for another (none: they may not)
   */
  constructor({ engine, info, settings, session, save, seats, ply, revealed = false, toast, news, dropped, asked }) {
    super({ engine, info, settings, session, save });
    this.news = news;
    this.dropped = dropped;
    this.asked = asked;
    /** @type {Map<number, RemoteSeat>} each friend's seat, in seat order */
    this.guests = new Map(seats.map(({ channel, hello, name = "" }) => [hello.seat, new RemoteSeat(channel, hello, name)]));
    this.away = [...this.guests.keys()];
    this.ply = ply;
    this.toast = toast;
    /** every request of this session, one after another: a friend's move never interleaves with ours */
    this.queue = Promise.resolve();
    this.revealed = revealed; // the secret goes to the friends once, when the game is over
    this.over = false; // the game is over, as the last table sent says
    this.closed = false;
    this.handedOver = false; // the next game with the same friend took over the connection
    for (const guest of this.guests.values()) if (guest.channel) this.listen(guest, guest.channel);
  }

  /** @returns {HostKept} */
  kept() {
    const guests = [...this.guests.values()];
    return { role: "host", hellos: guests.map((guest) => guest.hello), names: guests.map((guest) => guest.name), revealed: this.revealed };
  }

  /**
   * Hear a friend on `channel`; when it closes while the game goes on, the page offers a fresh invite.
   * @param {RemoteSeat} guest
   * @param {RTCDataChannel} channel
   */
  listen(guest, channel) {
    readMessages(channel, (data) => { if (channel === guest.channel) this.hear(guest, data); });
    channel.addEventListener("close", () => {
      if (channel === guest.channel && !this.closed && !this.revealed) this.dropped(guest.hello.seat);
    });
  }

  /**
   * A friend took their seat again over a fresh connection: they get the table as it stands.
   * @param {number} seat
   * @param {RTCDataChannel} channel
   */
  rejoined(seat, channel) {
    const guest = this.seatOf(seat);
    guest.channel = channel;
    guest.gate = new RateGate();
    this.listen(guest, channel);
    return this.serial(async () => {
      await this.sendTable(guest, null, [], null);
      await this.revealIfOver();
    });
  }

  /**
   * Seats due that no person at this screen plays: the friends' (and a computer's or the engine's). While
   * someone here is due too, they go first: in a round played face down at once the order of commits never
   * changes the result, and our move is never held up by a friend's (whose moves, at a table where anyone
   * may act at any time, are played as they come).
   * @param {number[]} toAct
   */
  machinesDue(toAct) {
    const others = super.machinesDue(toAct);
    return toAct.some((seat) => this.human.includes(seat)) ? others.filter((seat) => !this.guests.has(seat)) : others;
  }

  /**
   * Our move, told to each friend as their seat sees it.
   * @param {number} seat
   * @param {unknown} move
   * @param {number | null} viewer
   */
  play(seat, move, viewer) {
    return this.serial(async () => {
      const [played, view] = await this.engine.callMany([
        { op: "play", session: this.id, player: seat, move, viewer, also: this.away },
        { op: "view", session: this.id, player: viewer },
      ]);
      if (played.ok) {
        this.ply += 1;
        await this.tellAll(seat, /** @type {Told[]} */ (played.also ?? []));
      }
      return { played, view: /** @type {ViewAnswer} */ (view) };
    });
  }

  /**
   * A friend's next move (their seat), or a computer's as usual.
   * @param {number} seat
   * @param {number | null} viewer
   * @returns {Promise<MachineStep>}
   */
  machineMove(seat, viewer) {
    const guest = this.guests.get(seat);
    if (!guest) return super.machineMove(seat, viewer);
    const early = guest.early;
    guest.early = null;
    if (early && early.ply === this.ply) return Promise.resolve(early.step);
    return new Promise((resolve) => { guest.arrival = resolve; });
  }

  /**
   * The next game with the same friend takes over the connection: this finished one neither hears it nor
   * closes it any more.
   */
  handOver() {
    this.closed = true;
    this.handedOver = true;
  }

  /** The friend said not now to the next game: this one, over, hears them again (their asks for another). */
  takeBack() {
    this.closed = false;
    this.handedOver = false;
    for (const guest of this.guests.values()) if (guest.channel) this.listen(guest, guest.channel);
  }

  close() {
    this.closed = true;
    if (this.handedOver) return super.close();
    for (const guest of this.guests.values()) {
      this.send(guest, { t: "bye", reason: "Your friend left the table." });
      guest.channel?.close();
    }
    super.close();
  }

  /** Send every friend the table as it stands (after they joined). */
  resend() {
    return this.serial(async () => {
      for (const guest of this.guests.values()) await this.sendTable(guest, null, [], null);
      await this.revealIfOver();
    });
  }

  /**
   * A message from a friend: a move is played when it is legal, else refused in words.
   * @param {RemoteSeat} guest
   * @param {unknown} data
   */
  hear(guest, data) {
    if (!guest.gate.admit(Date.now())) return this.refuse(guest, "Too many messages at once: slow down.");
    try {
      const message = readGuestMessage(data);
      if (message.t === "again") {
        if (!this.over || !this.asked) throw new PeerMessageError("Another game can only be asked for once this one is over.");
        return this.asked();
      }
      if (message.t !== "move") throw new PeerMessageError("You have joined this table already.");
      this.serial(() => this.applyGuestMove(guest, message.move, message.ply));
    } catch (error) {
      this.refuse(guest, /** @type {Error} */ (error).message);
    }
  }

  /**
   * @param {RemoteSeat} guest
   * @param {Record<string, unknown>} move
   * @param {number} ply the moves the game held on the table the friend moved from
   */
  async applyGuestMove(guest, move, ply) {
    const viewer = this.human[0];
    const seat = guest.hello.seat;
    const [played, view] = await this.engine.callMany([
      { op: "play", session: this.id, player: seat, move, viewer, also: [viewer, ...this.away] },
      { op: "view", session: this.id, player: viewer },
    ]);
    if (!played.ok) {
      this.refuse(guest, ply < this.ply ? "The table moved on before your move arrived: here it is as it stands." : played.error.message);
      await this.sendTable(guest, null, [], null);
      return;
    }
    this.ply += 1;
    const [told, ...toldAway] = /** @type {Told[]} */ (played.also ?? []);
    await this.tellAll(seat, toldAway);
    this.save().catch((/** @type {Error} */ error) => this.toast(error.message));
    const step = { moved: /** @type {Response} */ ({ ok: true, move: told.move, events: told.events }), view: /** @type {ViewAnswer} */ (view) };
    const arrival = guest.arrival;
    guest.arrival = null;
    if (arrival) arrival(step);
    else {
      guest.early = { step, ply: this.ply };
      this.news();
    }
  }

  /**
   * Tell each friend the move `mover` made, as their seat sees it (the bridge's `also`).
   * @param {number} mover
   * @param {Told[]} told one for each seat away, in the order of `away`
   */
  async tellAll(mover, told) {
    for (const { seat, move, events } of told) await this.sendTable(this.seatOf(seat), mover, events, move);
    await this.revealIfOver();
  }

  /**
   * Send a friend their table: their view, the move that led here as they may see it, and their legal moves
   * when they are due.
   * @param {RemoteSeat} guest
   * @param {number | null} mover
   * @param {any[]} events
   * @param {Record<string, unknown> | null} move
   */
  async sendTable(guest, mover, events, move) {
    const seat = guest.hello.seat;
    const [answer, legal] = await this.engine.callMany([
      { op: "view", session: this.id, player: seat },
      { op: "legal", session: this.id, player: seat },
    ]);
    const view = /** @type {ViewAnswer} */ (answer);
    if (!view.ok) return;
    const due = !view.over && view.to_act.includes(seat);
    this.send(guest, {
      t: "table", ply: this.ply, mover, answer: view, events, move,
      legal: due && legal.ok ? { moves: legal.moves, labels: legal.labels } : null,
    });
    this.over = view.over;
  }

  /**
   * Once the game is over, after every friend's last table: the secret and the record, for each friend's own
   * engine to check the deal.
   */
  async revealIfOver() {
    const away = [...this.guests.values()].some((guest) => guest.channel?.readyState !== "open");
    if (!this.over || this.revealed || away) return; // a friend away gets it on their return
    this.revealed = true;
    const revealed = await this.engine.call({ op: "reveal", session: this.id });
    if (revealed.ok && revealed.reveal) {
      const nonces = Array.isArray(revealed.reveal.nonce) ? { nonces: revealed.reveal.nonce } : {};
      for (const guest of this.guests.values()) this.send(guest, { t: "reveal", secret: revealed.reveal.secret, record: revealed.record, ...nonces });
    }
    this.save().catch((/** @type {Error} */ error) => this.toast(error.message));
  }

  /**
   * @param {number} seat
   * @returns {RemoteSeat}
   */
  seatOf(seat) {
    const guest = this.guests.get(seat);
    if (!guest) throw new Error(`Seat ${seat} is not played on another device.`);
    return guest;
  }

  /**
   * @param {RemoteSeat} guest
   * @param {string} message
   */
  refuse(guest, message) {
    this.send(guest, { t: "refused", message });
  }

  /**
   * @param {RemoteSeat} guest
   * @param {object} message
   */
  send(guest, message) {
    const text = JSON.stringify(message);
    if (text.length > MAX_HOST_CHARS) {
      this.toast("The table is too large to send to your friend.");
      return;
    }
    if (guest.channel?.readyState === "open") guest.channel.send(text);
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
