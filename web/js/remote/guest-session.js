// The guest's side of a game with a friend on another device (issue 29, docs/remote-play.md): the table runs
// as for any game, but its session asks the host's page instead of an engine. The host sends a table after
// every move (this seat's view, the move's events as this seat may see them, and the legal moves when this
// seat is due); each is one step on the felt, in the order sent. The guest's own engine keeps a digest of
// every view it was shown and the moves it sent, and once the game is over it replays the host's revealed
// record and says whether the deal was fair (the bridge's `audit`).

import { RemoteSession } from "./remote-session.js";
import { nextMessage, readMessages } from "./peer.js";
import { PeerMessageError, PROTOCOL, randomHex, readHostMessage } from "./messages.js";
import { moveKey } from "../move-panel.js";

/**
 * @typedef {import("../types.js").Engine} Engine
 * @typedef {import("../types.js").GameInfo} GameInfo
 * @typedef {import("../types.js").Settings} Settings
 * @typedef {import("../types.js").Response} Response
 * @typedef {import("../table/adapter.js").ViewAnswer} ViewAnswer
 * @typedef {import("../table/adapter.js").Legal} Legal
 * @typedef {import("./messages.js").HelloMessage} HelloMessage
 * @typedef {import("./messages.js").TableMessage} TableMessage
 * @typedef {import("./messages.js").HostMessage} HostMessage
 * @typedef {import("./messages.js").Verdict} Verdict
 * @typedef {import("./messages.js").GuestKept} GuestKept
 */

/**
 * Join the game the host's hello offers: send our randomness for the deal (or, taking our seat again, the
 * token of the first hello) and wait for the first table. At a table of several (the Dealer's), the join
 * brings the character `bring` picks and only a commitment to our randomness; the randomness itself goes
 * once the host has announced every seat's commitment, so nobody can choose theirs knowing the others'.
 * @param {RTCDataChannel} channel
 * @param {{engine: Engine, version: string, before?: HelloMessage | null,
 *   bring?: (hello: HelloMessage) => Promise<Record<string, unknown>>}} page
 *   version: this page's engines' version (both pages must run the same rules); before: the hello of the
 *   game this seat takes again, if it does; bring: the character this player sits down with, at a table of
 *   several
 * @returns {Promise<{hello: HelloMessage, nonce: string, first: TableMessage, pledges?: string[], brought?: Record<string, unknown>}>}
 */
export async function joinHost(channel, { engine, version, before = null, bring }) {
  const hello = readHostMessage(await nextMessage(channel));
  if (hello.t !== "hello") throw new PeerMessageError("The host's page did not say which game it deals.");
  return joinHello(channel, hello, { engine, version, before, bring });
}

/**
 * Join the game of `hello`, a hello already heard on `channel` (joinHost's, or the next game's the host deals
 * over the same connection once a game is over).
 * @param {RTCDataChannel} channel
 * @param {HelloMessage} hello
 * @param {{engine: Engine, version: string, before?: HelloMessage | null,
 *   bring?: (hello: HelloMessage) => Promise<Record<string, unknown>>}} page  as joinHost's
 * @returns {Promise<{hello: HelloMessage, nonce: string, first: TableMessage, pledges?: string[], brought?: Record<string, unknown>}>}
 */
export async function joinHello(channel, hello, { engine, version, before = null, bring }) {
  const next = async () => readHostMessage(await nextMessage(channel));
  if (hello.v !== PROTOCOL || hello.engine !== version) {
    throw new PeerMessageError("Your friend's page runs another version of the saloon: both of you reload it.");
  }
  if (before && (hello.game !== before.game || hello.commitment !== before.commitment || hello.seat !== before.seat)) {
    throw new PeerMessageError("That invite is for another game than the one on your table.");
  }
  const nonce = randomHex(16);
  if (before) {
    channel.send(JSON.stringify({ t: "join", v: PROTOCOL, resume: before.resume }));
    return { hello, nonce, first: await tableFrom(next) };
  }
  if (!hello.several) {
    channel.send(JSON.stringify({ t: "join", v: PROTOCOL, nonce }));
    return { hello, nonce, first: await tableFrom(next) };
  }
  if (!bring) throw new PeerMessageError("This page cannot bring a character to that table.");
  const brought = await bring(hello);
  const pledged = await engine.call({ op: "nonce_commitment", nonce });
  if (!pledged.ok) throw new Error(pledged.error.message);
  const pledge = /** @type {string} */ (pledged.commitment);
  channel.send(JSON.stringify({ t: "join", v: PROTOCOL, pledge, sheet: brought }));
  const announced = await next();
  refusedOrBye(announced);
  if (announced.t !== "pledges") throw new PeerMessageError("The host's page did not announce the players' pledges.");
  if (!announced.commitments.includes(pledge)) {
    throw new PeerMessageError("The host did not announce the pledge you sent: the deal cannot be trusted.");
  }
  channel.send(JSON.stringify({ t: "nonce", nonce }));
  return { hello, nonce, first: await tableFrom(next), pledges: announced.commitments, brought };
}

/**
 * A refusal or a goodbye from the host ends the join, in its words.
 * @param {HostMessage} message
 */
function refusedOrBye(message) {
  if (message.t === "refused") throw new PeerMessageError(message.message);
  if (message.t === "bye") throw new PeerMessageError(message.reason);
}

/**
 * The first table, the host's answer to our join.
 * @param {() => Promise<HostMessage>} next
 * @returns {Promise<TableMessage>}
 */
async function tableFrom(next) {
  const message = await next();
  refusedOrBye(message);
  if (message.t !== "table") throw new PeerMessageError("The host's page sent no table.");
  return message;
}

export class GuestSession extends RemoteSession {
  /**
   * @param {{engine: Engine, info: GameInfo, settings: Settings, save: () => Promise<void>,
   *   channel: RTCDataChannel | null, hello: HelloMessage, nonce: string, first: TableMessage,
   *   pledges?: string[], brought?: Record<string, unknown>, kept?: GuestKept | null,
   *   toast: (text: string) => void, verdict: (verdict: Verdict) => void, news: () => void, dropped: () => void,
   *   offered?: (hello: HelloMessage, finished: GuestSession) => void}} options
   *   engine: this page's own engine (digests and the audit; it holds no session of the game); save: keep
   *   `kept()` in this game's slot; channel: none for a game restored after a reload, until the seat is taken
   *   again; pledges, brought: at a table of several, every seat's pledge as announced and the character this
   *   player brought; kept: what the slot held (first is its table); news: a table arrived that no step is waiting for
   *   (the host moved while this seat chooses): the table looks again; dropped: the connection dropped
   *   before the end (the page asks for a fresh invite); offered: once this game is over and its secret
   *   revealed, the host deals another over the same connection (the page asks whether to sit down)
   */
  constructor({ engine, info, settings, save, channel, hello, nonce, first, pledges, brought, kept = null, toast, verdict, news, dropped,
    offered }) {
    super({ engine, info, settings, session: "remote", save });
    this.channel = channel;
    this.hello = hello;
    this.nonce = nonce;
    this.seat = hello.seat;
    this.human = [hello.seat];
    /** the seats played on other devices: every seat but this one */
    this.away = info.seats.map((_, seat) => seat).filter((seat) => seat !== hello.seat);
    this.pledges = kept?.pledges ?? pledges;
    this.brought = kept?.brought ?? brought; // written back to the roster at the end
    this.toast = toast;
    this.verdict = verdict;
    this.news = news;
    this.offered = offered;
    /** @type {TableMessage} the table on the felt */
    this.table = first;
    /** @type {(TableMessage | {t: "refused", message: string})[]} what arrived and no step has taken yet */
    this.arrived = [];
    /** @type {((message: TableMessage | {t: "refused", message: string}) => void) | null} */
    this.waiting = null;
    /** @type {[number, string][]} a digest of each view shown, with its ply (fair_deal.audit) */
    this.seen = kept?.seen ?? [];
    /** @type {[number, unknown][]} each move this seat made, with the ply it was played at */
    this.mine = kept?.mine ?? [];
    /** @type {[number, unknown][]} moves sent just before the connection dropped, with the ply of the table they
     * were sent from: whether the host played them shows only in its record (the audit looks there) */
    this.unsure = kept?.unsure ?? [];
    /** @type {{ply: number, move: unknown} | null} the move sent and not yet answered, from the table at `ply` */
    this.sent = null;
    /** @type {TableMessage} the newest table heard (what a reload draws) */
    this.last = first;
    /** the digests asked of the engine so far, all answered once this settles */
    this.noted = Promise.resolve();
    this.dropped = dropped;
    /** @type {Verdict | null} the deal's check, once made */
    this.checked = kept?.verdict ?? null;
    this.revealed = this.checked !== null;
    if (!kept) this.note(first);
    if (channel) this.listen(channel);
  }

  /** @returns {GuestKept} */
  kept() {
    const unsure = this.sent ? [...this.unsure, /** @type {[number, unknown]} */ ([this.sent.ply, this.sent.move])] : this.unsure;
    const several = this.pledges && this.brought ? { pledges: this.pledges, brought: this.brought } : {};
    return { role: "guest", hello: this.hello, nonce: this.nonce, seen: this.seen, mine: this.mine, unsure, table: this.last, verdict: this.checked, ...several };
  }

  /** Keep this side of the game once every view shown so far is digested. */
  save() {
    return this.noted.then(() => this.store());
  }

  /**
   * Hear the host on `channel`; when it closes before the end, ask for a fresh invite.
   * @param {RTCDataChannel} channel
   */
  listen(channel) {
    readMessages(channel, (data) => { if (channel === this.channel) this.hear(data); });
    channel.addEventListener("close", () => { if (channel === this.channel && !this.revealed) this.dropped(); });
  }

  /**
   * Back at the table over a fresh connection: the host's table as it stands is the next news.
   * @param {RTCDataChannel} channel
   * @param {TableMessage} table
   */
  rejoined(channel, table) {
    if (this.sent) this.unsure.push([this.sent.ply, this.sent.move]);
    this.sent = null;
    this.channel = channel;
    this.listen(channel);
    this.note(table);
    this.deliver(table);
  }

  /**
   * The host's seats are played over there; while this seat is due it goes first.
   * @param {number[]} toAct
   */
  machinesDue(toAct) {
    return toAct.includes(this.seat) ? [] : toAct.filter((seat) => seat !== this.seat);
  }

  /** The newest table: only ever this seat's view (the tables that arrived before it are passed over). */
  view() {
    this.catchUp();
    return Promise.resolve(/** @type {ViewAnswer} */ (this.table.answer));
  }

  /**
   * This seat's legal moves, as the host listed them with the table on the felt; when a newer table has
   * arrived meanwhile, the table looks again once these are offered.
   * @param {number[]} seats
   * @returns {Promise<(Legal & {ok: boolean})[]>}
   */
  legal(seats) {
    if (this.arrived.some((message) => message.t === "table")) setTimeout(this.news, 0);
    const legal = this.table.legal;
    return Promise.resolve(seats.map((seat) => (seat === this.seat && legal
      ? { ok: true, moves: legal.moves, labels: legal.labels }
      : { ok: false, moves: [], labels: [] })));
  }

  /**
   * Send this seat's move; the next table (or the host's refusal) is its answer.
   * @param {number} _seat
   * @param {unknown} move
   * @returns {Promise<{played: Response, view: ViewAnswer}>}
   */
  async play(_seat, move) {
    this.catchUp();
    if (this.channel?.readyState !== "open") {
      return { played: { ok: false, error: { code: "dropped", message: "The connection to your friend dropped: connect again, then play." } }, view: /** @type {ViewAnswer} */ (this.table.answer) };
    }
    this.sent = { ply: this.table.ply, move };
    await this.save();
    this.channel.send(JSON.stringify({ t: "move", ply: this.table.ply, move }));
    let next = await this.next();
    // at a table where anyone may act at any time, others' moves may come first: their tables are passed over
    while (next.t === "table" && next.mover !== this.seat && next.mover !== null) next = await this.next();
    if (next.t === "refused") return { played: { ok: false, error: { code: "refused", message: next.message } }, view: /** @type {ViewAnswer} */ (this.table.answer) };
    return { played: { ok: true, events: next.events }, view: /** @type {ViewAnswer} */ (next.answer) };
  }

  /**
   * The host's move: the next table.
   * @returns {Promise<{moved: Response, view: ViewAnswer}>}
   */
  async machineMove() {
    const next = await this.next();
    if (next.t === "refused") return this.machineMove();
    // a table sent as it stands (after a refusal, or on taking the seat again) is a step with no move in it
    return { moved: { ok: true, move: next.move ?? {}, events: next.events }, view: /** @type {ViewAnswer} */ (next.answer) };
  }

  /**
   * The next game with the same friend takes over the connection: this finished one neither hears it nor
   * closes it any more.
   */
  handOver() {
    this.channel = null;
  }

  /** Leave: the channel closes (there is no session of the game on this page's engine). */
  close() {
    this.revealed = true; // leaving: a closed channel is no news
    this.channel?.close();
  }

  /** Take the tables that arrived and no step took: the newest goes on the felt (the others led there). */
  catchUp() {
    for (const message of this.arrived.splice(0)) this.take(message);
  }

  /** @returns {Promise<TableMessage | {t: "refused", message: string}>} */
  next() {
    const ready = this.arrived.shift();
    if (ready) return Promise.resolve(this.take(ready));
    return new Promise((resolve) => { this.waiting = (message) => resolve(this.take(message)); });
  }

  /**
   * A table becomes the one on the felt.
   * @template {TableMessage | {t: "refused", message: string}} M
   * @param {M} message
   * @returns {M}
   */
  take(message) {
    if (message.t === "table") this.table = message;
    return message;
  }

  /** @param {unknown} data */
  hear(data) {
    try {
      const message = readHostMessage(data);
      if (message.t === "reveal") return void this.audit(message);
      if (message.t === "bye") return this.toast(message.reason);
      if (message.t === "hello" && this.revealed && this.offered) return this.offered(message, this);
      if (message.t === "hello" || message.t === "pledges") throw new PeerMessageError("The host's page sent a message of the join again.");
      if (message.t === "table") this.note(message);
      this.deliver(message);
    } catch (error) {
      this.toast(/** @type {Error} */ (error).message);
    }
  }

  /**
   * Hand a table or a refusal to the step waiting for one, else keep it (and a table is news).
   * @param {TableMessage | {t: "refused", message: string}} message
   */
  deliver(message) {
    if (this.waiting) {
      const waiting = this.waiting;
      this.waiting = null;
      waiting(message);
    } else {
      this.arrived.push(message);
      if (message.t === "table") this.news();
    }
  }

  /**
   * Keep what a table showed, for the audit: its view's digest, and this seat's move that led to it.
   * @param {TableMessage} table
   */
  note(table) {
    if (table.mover === this.seat && this.sent !== null) {
      this.mine.push([table.ply - 1, this.sent.move]);
      this.sent = null;
    }
    this.last = table;
    const ply = table.ply;
    const digested = this.engine.call({ op: "digest", value: table.answer.view }).then((answer) => {
      if (answer.ok) this.seen.push([ply, /** @type {string} */ (answer.digest)]);
    });
    this.noted = this.noted.then(() => digested);
  }

  /**
   * The host revealed its secret: replay its record here and say whether the deal was fair.
   * @param {import("./messages.js").RevealMessage} reveal
   */
  async audit(reveal) {
    this.revealed = true;
    await this.noted;
    const { game, seat, commitment, options, names } = this.hello;
    const several = reveal.nonces && this.pledges ? { nonces: reveal.nonces, nonce_commitments: this.pledges } : {};
    const answer = await this.engine.call({
      op: "audit", game, seat, commitment, nonce: this.nonce, secret: reveal.secret, record: reveal.record,
      seen: this.seen, mine: [...this.mine, ...settled(this.unsure, this.mine, reveal.record, seat)], options, names, ...several,
    });
    this.checked = answer.ok
      ? { fair: Boolean(answer.fair), findings: answer.findings ?? [] }
      : { fair: false, findings: [{ message: answer.error.message }] };
    this.verdict(this.checked);
    this.save().catch((/** @type {Error} */ error) => this.toast(error.message));
  }
}

/**
 * The moves sent just before a drop that the host's record played: each is the first move of `seat` in the
 * record from the ply it was sent at on, not already one of `mine`, when it is that very move (anything
 * else in that place is left to the audit, which finds a move of this seat that was never sent).
 * @param {[number, unknown][]} unsure
 * @param {[number, unknown][]} mine
 * @param {unknown} record
 * @param {number} seat
 * @returns {[number, unknown][]}
 */
function settled(unsure, mine, record, seat) {
  const moves = record && typeof record === "object" && "moves" in record && Array.isArray(record.moves) ? record.moves : [];
  const taken = new Set(mine.map(([ply]) => ply));
  /** @type {[number, unknown][]} */
  const found = [];
  for (const [from, move] of unsure) {
    const ply = moves.findIndex((item, index) => index >= from && !taken.has(index) && Array.isArray(item) && item[0] === seat);
    if (ply >= 0 && moveKey(moves[ply][1]) === moveKey(move)) {
      taken.add(ply);
      found.push([ply, move]);
    }
  }
  return found;
}
