// The sheet that connects devices for a game (issue 29, docs/remote-play.md). The host's side: an invite
// link and its QR code to send, then a field for the friend's answer; once connected, the fair deal is made
// and the table opens (at the Dealer's table, one invite per player in turn, each bringing a character). The
// guest's side (the page opened at an invite link): the answer link and its QR code to send back (and at the
// Dealer's table, the character to sit down with), then the table once the host deals. Every step says what
// to do next and what went wrong.

import { find } from "../dom.js";
import { errorText } from "../error-text.js";
import { answerInvite, makeInvite, PUBLIC_STUN } from "./peer.js";
import { SignalCodeError } from "./signal-code.js";
import { randomHex } from "./messages.js";
import { drawQrCode } from "./qr-code.js";
import { awaitCodes, offerCode } from "./code-relay.js";
import { awaitJoin, awaitNonce, awaitRematch, helloFor, pledgeDeal, RemoteHost } from "./host-session.js";
import { GuestSession, joinHello, joinHost } from "./guest-session.js";
import { bringCharacter } from "../tombstone/bring-character.js";
import { FORGE } from "../tombstone/roster.js";
import { tableOfSeveral } from "../router.js";

/**
 * @typedef {import("../types.js").Engine} Engine
 * @typedef {import("../types.js").GameInfo} GameInfo
 * @typedef {import("../types.js").Settings} Settings
 * @typedef {import("./messages.js").HostKept} HostKept
 * @typedef {import("./messages.js").GuestKept} GuestKept
 * @typedef {(seating: {info: GameInfo, settings: Settings, options: Record<string, string>, session: string | null,
 *   revision?: number | null, unsaved?: boolean,
 *   remote: (page: {save: () => Promise<void>, news: () => void}) => RemoteHost | GuestSession}) => Promise<void>} SeatRemote
 *   open a table whose session is `remote(page)` (session: the host's bridge session, none for a guest;
 *   revision: of the game's save slot, for a game restored from it; unsaved: the player kept their own game
 *   of it in the slot instead; save: the page's way to keep the game
 *   and its `kept()` bookkeeping in its slot; news: have the table look again, when the other device moved
 *   while this one chooses)
 */

const STUN_KEY = "saloon.stun"; // the player's STUN servers, one per line ("" for none); unset: the public ones
const QR_SIZE = 232; // CSS pixels: a phone's camera reads a version 10 code of this size off another screen
export const JOIN_KEY = /** @type {const} */ ("join");
export const ANSWER_KEY = /** @type {const} */ ("answer");

/** The ICE servers the player chose (the public STUN servers until they change them). */
function iceServers() {
  const chosen = localStorage.getItem(STUN_KEY);
  if (chosen === null) return PUBLIC_STUN;
  const urls = chosen.split(/\s+/).filter((url) => /^stuns?:/.test(url));
  return urls.length ? [{ urls }] : [];
}

const dialog = () => find("#remote-dialog", HTMLDialogElement);
/** @param {string} text */
const say = (text) => { find("#remote-status").textContent = text; };

/**
 * Show a link to send, as text and as a QR code.
 * @param {string} key the address parameter that carries the code
 * @param {string} code
 */
function showLink(key, code) {
  const link = `${location.origin}${location.pathname}#${key}=${code}`;
  find("#remote-link", HTMLInputElement).value = link;
  drawQrCode(find("#remote-qr", HTMLCanvasElement), link, QR_SIZE);
  find("#remote-code").hidden = false;
}

/**
 * The code in what the player pasted: a whole link (an answer, or a fresh invite), or the code alone.
 * @param {string} pasted
 */
function codeIn(pasted) {
  const found = pasted.match(new RegExp(`[#&](?:${ANSWER_KEY}|${JOIN_KEY})=([A-Za-z0-9_-]+)`));
  return found ? found[1] : pasted.trim();
}

/** No link shown and no answer asked for (a fresh step, or the next player's invite). */
function clearCodes() {
  find("#remote-code").hidden = true;
  find("#remote-link", HTMLInputElement).value = "";
  find("#remote-answer").hidden = true;
  find("#remote-answer-code", HTMLInputElement).value = "";
}

/**
 * Open the sheet fresh for one step of the connection (`done`: it only tells, and closes with "Close").
 * @param {string} title
 * @param {string} step
 * @param {boolean} [done]
 */
function openSheet(title, step, done = false) {
  find("#remote-close").textContent = done ? "Close" : "Cancel";
  find("#remote-title").textContent = title;
  find("#remote-step").textContent = step;
  find("#remote-bring").hidden = true;
  find("#remote-sit").hidden = true;
  clearCodes();
  const stun = find("#remote-stun", HTMLTextAreaElement);
  stun.value = localStorage.getItem(STUN_KEY) ?? PUBLIC_STUN.flatMap((server) => server.urls).join("\n");
  stun.onchange = () => localStorage.setItem(STUN_KEY, stun.value.trim());
  say("");
  if (!dialog().open) dialog().showModal();
}

/**
 * Resolves with the code the player pastes into the sheet's field (a link or the bare code), or opens as a
 * link in another tab of this device (code-relay.js); `use` is tried on each: a code that cannot be read is
 * said and another may be given, any other failure ends the wait.
 * @template T
 * @param {string} label what to paste
 * @param {import("./code-relay.js").CodeKind} kind
 * @param {(code: string) => Promise<T>} use
 * @returns {Promise<T>}
 */
function pasted(label, kind, use) {
  find("#remote-answer-label").textContent = label;
  find("#remote-answer").hidden = false;
  const field = find("#remote-answer-code", HTMLInputElement);
  return new Promise((resolve, reject) => {
    const stop = awaitCodes(kind, (code) => {
      field.value = code;
      tryCode(code);
    });
    dialog().addEventListener("close", () => {
      stop();
      reject(new Error("The sheet was closed before the devices connected."));
    }, { once: true });
    const tryCode = (/** @type {string} */ code) => {
      say("Connecting…");
      use(code).then((value) => {
        stop();
        resolve(value);
      }, (error) => {
        if (error instanceof SignalCodeError) return say(errorText(error)); // a mistyped code: give it again
        stop();
        reject(error);
      });
    };
    find("#remote-answer", HTMLFormElement).onsubmit = (event) => {
      event.preventDefault();
      tryCode(codeIn(field.value));
    };
  });
}

/**
 * Wire the sheet's buttons; returns the three ways in: `invite` from a setup sheet, `join` from an invite
 * link, `resume` for a game kept in its slot.
 * @param {{engine: Engine, games: () => Promise<Map<string, GameInfo>>, seatRemote: SeatRemote,
 *   mayReplaceSaved: (info: GameInfo) => Promise<boolean>, toast: (text: string) => void, verdict: (text: string) => void}} page
 *   mayReplaceSaved: whether the game may be kept in the slot of a game in progress (the player says);
 *   verdict: show the fair-deal check's words with the game's result
 */
export function wireRemote({ engine, games, seatRemote, mayReplaceSaved, toast, verdict }) {
  /** @type {(() => void) | null} closes the connection being made when the sheet is left */
  let abandon = null;
  /** @type {(() => void) | null} what the result's "another game" button does at the game of two on the table:
   * the host deals the next one, the guest asks for it */
  let anotherGame = null;
  find("#remote-rematch").addEventListener("click", () => anotherGame?.());
  dialog().addEventListener("close", () => {
    abandon?.();
    abandon = null;
  });
  find("#remote-copy").addEventListener("click", async () => {
    const link = find("#remote-link", HTMLInputElement).value;
    try {
      await navigator.clipboard.writeText(link);
      say("Link copied: send it to your friend.");
    } catch {
      find("#remote-link", HTMLInputElement).select();
    }
  });

  /**
   * The host's half of a connection: an invite shown, the friend's answer pasted; resolves with the channel.
   * @returns {Promise<RTCDataChannel>}
   */
  async function hostConnection() {
    clearCodes();
    say("Making an invite…");
    const made = await makeInvite({ iceServers: iceServers() });
    let connected = false;
    abandon = () => { if (!connected) made.close(); };
    showLink(JOIN_KEY, made.code);
    say("Waiting for your friend's answer…");
    const channel = await pasted("Your friend's answer", ANSWER_KEY, (code) => made.accept(code));
    connected = true;
    clearCodes(); // done with: the sheet says what happens next
    return channel;
  }

  /**
   * The guest's half: the answer to `code`, shown to send back (a code that cannot be read throws).
   * @param {string} code
   */
  async function answerShown(code) {
    say("Making your answer…");
    const answer = await answerInvite(code, { iceServers: iceServers() });
    let connected = false;
    abandon = () => { if (!connected) answer.close(); };
    answer.channel.then(() => {
      connected = true;
      clearCodes();
    }, () => {});
    showLink(ANSWER_KEY, answer.code);
    say("Waiting for your friend to connect…");
    return answer;
  }

  /**
   * Host: make an invite for `info`, dealt with `options`, this device playing `settings.side`; at a table of
   * several (the Dealer's), an invite for each of `dealt.guests` seats after the party seated here.
   * @param {GameInfo} info
   * @param {Settings} settings
   * @param {Record<string, string>} options
   * @param {{setup?: unknown, guests?: number}} dealt the setup sheet's party and how many join from elsewhere
   */
  async function invite(info, settings, options, dealt) {
    if (tableOfSeveral(info)) return inviteTable(info, settings, options, dealt);
    openSheet(`Play ${info.title} with a friend on another device`,
      "1. Send your friend this link, or let them scan the code with their phone. 2. Their page shows an answer: paste it below.");
    try {
      const channel = await hostConnection();
      say("Connected. Dealing…");
      const seat = info.seats.findIndex((spec, index) => spec.kind === "person" && index !== settings.side);
      const names = info.seats.map((spec) => spec.name);
      await dealOver(channel, info, settings, options, { seat, names }, async () => {
        const { nonce } = await awaitJoin(channel);
        if (nonce === undefined) throw new Error("Your friend's page did not join a new game.");
        return nonce;
      });
    } catch (error) {
      say(errorText(error));
    }
  }

  /**
   * Host: deal a game of two fairly to the friend on `channel` and sit down at it: the hello with the
   * commitment to a fresh secret, the friend's randomness (`answer` waits for it), the game dealt from both.
   * @param {RTCDataChannel} channel
   * @param {GameInfo} info
   * @param {Settings} settings
   * @param {Record<string, string>} options
   * @param {{seat: number, names: string[]}} friend their seat, and every seat's name
   * @param {() => Promise<string>} answer the friend's nonce, once they join
   */
  async function dealOver(channel, info, settings, options, { seat, names }, answer) {
    const { version } = await engine.ready;
    const { pledge, commitment } = await pledgeDeal(engine);
    const hello = helloFor({ info, options, names, seat, version, commitment });
    channel.send(JSON.stringify(hello));
    const nonce = await answer();
    const created = await engine.call({ op: "new", game: info.id, options, names, fair: { pledge, nonce } });
    await seatHost(info, settings, options, created, [{ channel, hello }]);
  }

  /**
   * Host: sit down at the table just dealt, each friend's seat played over their channel.
   * @param {GameInfo} info
   * @param {Settings} settings
   * @param {Record<string, string>} options
   * @param {import("../types.js").Response} created the bridge's answer to `new`
   * @param {{channel: RTCDataChannel, hello: import("./messages.js").HelloMessage, name?: string}[]} seats
   */
  async function seatHost(info, settings, options, created, seats) {
    if (!created.ok || !created.session) throw new Error(created.ok ? "The game engine dealt no table." : created.error.message);
    const session = created.session;
    const remoteSettings = /** @type {Settings} */ ({ ...settings, mode: "remote", level: "" });
    dialog().close();
    await seatRemote({
      info, settings: remoteSettings, options, session,
      remote: ({ save, news }) => {
        const host = new RemoteHost({
          engine, info, settings: remoteSettings, session, save, seats, ply: 0, toast, news,
          dropped: (seat) => reinvite(info, host, seat), asked: ofTwo(seats) ? askedAgain : undefined,
        });
        host.resend();
        if (ofTwo(seats)) offerRematch(info, host);
        return host;
      },
    });
  }

  /**
   * Whether a host's friends' `seats` make a game of two, which another may follow on the same connection (not
   * the Dealer's table, even with one player elsewhere: a session ends with the characters going home).
   * @param {{hello: import("./messages.js").HelloMessage}[]} seats
   */
  function ofTwo(seats) {
    return seats.length === 1 && !seats[0].hello.several;
  }

  /**
   * Host: the result offers another game with the friend of `host`, connected now.
   * @param {GameInfo} info
   * @param {RemoteHost} host
   */
  function offerRematch(info, host) {
    offerAnotherGame("Another game with your friend", () => rematch(info, host));
  }

  function askedAgain() {
    toast("Your friend asks for another game: “Another game with your friend” deals it.");
  }

  /**
   * The result's button for another game with the same friend (hidden again when the table is left).
   * @param {string} label
   * @param {() => void} action
   */
  function offerAnotherGame(label, action) {
    const button = find("#remote-rematch", HTMLButtonElement);
    button.textContent = label;
    button.hidden = false;
    anotherGame = action;
  }

  /**
   * Host: another game with the same friend over the same connection, once a game is over: a fresh fair deal
   * (a new secret and its commitment, their fresh randomness) of the same game and options, for the same seat,
   * dealt when they sit down.
   * @param {GameInfo} info
   * @param {RemoteHost} host the game over
   */
  async function rematch(info, host) {
    const [{ channel, hello: before }] = host.guests.values();
    openSheet(`Another game of ${info.title}`, "Your friend's page asks them to sit down at a fresh deal.");
    if (channel?.readyState !== "open") {
      say("Your friend is no longer connected. Deal a new game from the menu and send them a fresh invite.");
      return;
    }
    try {
      await host.serial(() => host.revealIfOver()); // the last game's secret goes first: theirs to check
      host.handOver();
      abandon = () => channel.close(); // leaving before they sit down ends the connection: their page hears it
      say("Waiting for your friend to sit down…");
      await dealOver(channel, info, host.settings, before.options, before, async () => {
        const nonce = await awaitRematch(channel);
        abandon = null;
        say("Dealing…");
        return nonce;
      });
    } catch (error) {
      abandon = null;
      if (channel.readyState === "open") host.takeBack(); // not now: the game over hears their asks again
      say(errorText(error));
    }
  }

  /**
   * Dealer: the party seated here (`dealt.setup`, none for nobody) and an invite for each of `dealt.guests`
   * players on other devices, one after another. Each brings a character from their own roster, checked here
   * as a roster entry is (TS-18), and a pledge of their randomness; once every seat is taken, every pledge
   * is announced, the players reveal their randomness, and the session is dealt from the Dealer's secret and
   * all of theirs.
   * @param {GameInfo} info
   * @param {Settings} settings
   * @param {Record<string, string>} options
   * @param {{setup?: unknown, guests?: number}} dealt
   */
  async function inviteTable(info, settings, options, { setup, guests = 1 }) {
    const local = /** @type {{party?: unknown[]} | null} */ (setup)?.party ?? [];
    openSheet(`Invite the players to ${info.title}`, "");
    /** @type {{channel: RTCDataChannel, hello: import("./messages.js").HelloMessage, pledge: string, sheet: unknown}[]} */
    const joined = [];
    let dealing = false;
    dialog().addEventListener("close", () => { if (!dealing) for (const { channel } of joined) channel.close(); }, { once: true });
    try {
      const { version } = await engine.ready;
      const { pledge, commitment } = await pledgeDeal(engine);
      const names = info.seats.map((spec) => spec.name);
      let refusal = "";
      while (joined.length < guests) {
        const seat = local.length + 1 + joined.length;
        const seated = joined.map((player) => `${/** @type {{name?: string}} */ (player.sheet).name} (player ${player.hello.seat - local.length})`);
        find("#remote-step").textContent = `${refusal}${seated.length ? `Seated: ${seated.join(", ")}. ` : ""}Player ${joined.length + 1} of ${guests}: `
          + "send them this link, or let them scan the code with their phone. Their page shows an answer: paste it below.";
        const channel = await hostConnection();
        say("Connected. They are picking their character…");
        const hello = helloFor({ info, options, names, seat, version, commitment, several: true });
        channel.send(JSON.stringify(hello));
        const checked = await takeSeat(channel);
        if ("problem" in checked) {
          if (channel.readyState === "open") channel.send(JSON.stringify({ t: "refused", message: checked.problem }));
          channel.close();
          refusal = `Player ${joined.length + 1} could not sit down. ${checked.problem} Here is a fresh invite for their seat. `;
          continue;
        }
        refusal = "";
        joined.push({ channel, hello, pledge: checked.pledge, sheet: checked.sheet });
      }
      say("Everyone has a seat. Dealing…");
      const commitments = joined.map((player) => player.pledge);
      for (const { channel } of joined) channel.send(JSON.stringify({ t: "pledges", commitments }));
      const nonces = await Promise.all(joined.map(({ channel, sheet }) => awaitNonce(channel).catch((error) => {
        throw new Error(`${/** @type {{name?: string}} */ (sheet).name} could not be dealt in. ${errorText(error)} Make the invites again.`);
      })));
      for (const [index, nonce] of nonces.entries()) {
        const pledged = await engine.call({ op: "nonce_commitment", nonce });
        if (!pledged.ok || pledged.commitment !== commitments[index]) {
          throw new Error(`Player ${index + 1}'s page revealed other randomness than it pledged: deal again.`);
        }
      }
      const party = [...local, ...joined.map((player) => player.sheet)];
      const created = await engine.call({ op: "new", game: info.id, options, names, setup: { party }, fair: { pledge, nonce: nonces } });
      dealing = true;
      const seats = joined.map(({ channel, hello, sheet }) => ({ channel, hello, name: String(/** @type {{name?: string}} */ (sheet).name ?? "") }));
      await seatHost(info, { ...settings, side: 0 }, options, created, seats);
    } catch (error) {
      say(errorText(error));
    }
  }

  /**
   * What a player's page brings as it joins on `channel`: the pledge of its randomness and its character,
   * checked, or why it cannot sit down.
   * @param {RTCDataChannel} channel
   * @returns {Promise<{pledge: string, sheet: unknown} | {problem: string}>}
   */
  async function takeSeat(channel) {
    try {
      const join = await awaitJoin(channel);
      if (!join.pledge || !join.sheet) return { problem: "That page brought no character." };
      const checked = await checkCharacter(join.sheet);
      return "problem" in checked ? checked : { pledge: join.pledge, sheet: checked.sheet };
    } catch (error) {
      return { problem: errorText(error) };
    }
  }

  /**
   * A character a player brought from their own roster, checked as a roster entry is (TS-18): the sheet made
   * canonical, or why it cannot sit down.
   * @param {unknown} sheet
   * @returns {Promise<{sheet: unknown} | {problem: string}>}
   */
  async function checkCharacter(sheet) {
    const checked = await engine.call({ op: "check_result", game: FORGE, result: sheet });
    if (!checked.ok) return { problem: checked.error.message };
    const result = /** @type {{status?: string}} */ (checked.result);
    return result.status === "dead" ? { problem: "The dead do not sit down at a table." } : { sheet: result };
  }

  /**
   * Until the two devices are connected again, a button under the status line opens the sheet again (a
   * sheet closed half-way leaves the table waiting, not stuck).
   * @param {() => void} again
   * @returns {() => void} call once connected again
   */
  function offerAgain(again) {
    const button = find("#remote-again", HTMLButtonElement);
    let back = false;
    button.hidden = true;
    button.onclick = () => { button.hidden = true; again(); };
    dialog().addEventListener("close", () => { button.hidden = back; }, { once: true });
    return () => { back = true; button.hidden = true; };
  }

  /** @type {number | null} the seat whose fresh invite the sheet shows now, if it does */
  let reinviting = null;

  /**
   * Host: a friend's connection dropped; a fresh invite lets them take their seat again. At a table of
   * several, the sheet shows one seat's invite at a time, and goes on to the next seat still away.
   * @param {GameInfo} info
   * @param {RemoteHost} host
   * @param {number} seat
   */
  async function reinvite(info, host, seat) {
    if (reinviting !== null && reinviting !== seat) return; // that seat's invite follows this one
    reinviting = seat;
    const { hello, name } = host.seatOf(seat);
    const who = name || (host.away.length > 1 ? hello.names[seat] : "Your friend");
    openSheet(`${who}'s connection dropped`,
      `The game of ${info.title} waits here. Send ${host.away.length > 1 ? "them" : "your friend"} this fresh invite; their page answers, and you paste the answer below.`);
    const reconnected = offerAgain(() => reinvite(info, host, awaySeat(host) ?? seat));
    try {
      const channel = await hostConnection();
      say("Connected. Your friend is taking their seat…");
      channel.send(JSON.stringify({ ...hello, resume: randomHex(16) })); // the seat's token stays with the friend
      const { resume } = await awaitJoin(channel);
      if (resume !== hello.resume) throw new Error("That page is not your friend's seat at this table: make a fresh invite.");
      reconnected();
      reinviting = null;
      dialog().close();
      await host.rejoined(seat, channel);
      if (ofTwo([...host.guests.values()])) offerRematch(info, host);
      const next = awaySeat(host);
      if (next !== undefined) reinvite(info, host, next);
    } catch (error) {
      reinviting = null;
      say(errorText(error));
    }
  }

  /**
   * The first seat of `host` whose friend is not connected now.
   * @param {RemoteHost} host
   */
  function awaySeat(host) {
    return host.away.find((seat) => host.seatOf(seat).channel?.readyState !== "open");
  }

  /**
   * A code opened as a link in a tab of its own: a tab of this device that waits for it takes it (an answer
   * to its invite, a fresh invite for its seat); else an invite is joined here, and an answer is explained.
   * @param {import("./code-relay.js").CodeKind} kind
   * @param {string} code
   */
  async function opened(kind, code) {
    if (await offerCode(kind, code)) {
      openSheet("Sent to your other tab", kind === ANSWER_KEY
        ? "Your friend's answer went to the tab with your invite: the game starts there. You can close this tab."
        : "The fresh invite went to the tab with your game: it makes the answer to send back. You can close this tab.", true);
    } else if (kind === JOIN_KEY) {
      join(code);
    } else {
      openSheet("An answer to an invite",
        "No tab of this device is waiting for this answer. Open it on the device that made the invite, or paste it into the invite there.", true);
    }
  }

  /**
   * Guest: answer the invite in `code` and sit down once the host deals.
   * @param {string} code
   */
  async function join(code) {
    openSheet("Your friend invites you to a game",
      "Send this answer back to your friend (they paste it into their invite), or let them scan the code. Keep this page open.");
    /** @type {RTCDataChannel | null} */
    let joining = null;
    try {
      const channel = await (await answerShown(code)).channel;
      joining = channel;
      abandon = () => channel.close(); // leaving the sheet before the deal leaves the table: the host hears it
      say("Connected. Your friend is dealing…");
      const { version } = await engine.ready;
      const bring = async () => {
        find("#remote-title").textContent = "Your friend invites you to the Dealer's table";
        find("#remote-step").textContent = "Pick the character you sit down with, from your roster. Keep this page open.";
        say("Connected.");
        const sheet = await bringCharacter(engine, find("#remote-bring", HTMLFormElement), find("#remote-characters", HTMLFieldSetElement));
        say("Waiting for the other players to take their seats…");
        return sheet;
      };
      const joined = await joinHost(channel, { engine, version, bring });
      const info = (await games()).get(joined.hello.game);
      if (!info) throw new Error("Your friend's game is not in this saloon: reload the page.");
      abandon = null;
      dialog().close();
      const unsaved = !(await mayReplaceSaved(info));
      await seatGuest(info, channel, joined, unsaved);
    } catch (error) {
      joining?.close(); // the host is told at once (its wait for this join fails) instead of waiting on
      say(errorText(error));
    }
  }

  /**
   * Guest: sit down at the game the host dealt to this seat over `channel`.
   * @param {GameInfo} info
   * @param {RTCDataChannel} channel
   * @param {{hello: import("./messages.js").HelloMessage, nonce: string, first: import("./messages.js").TableMessage,
   *   pledges?: string[], brought?: Record<string, unknown>}} joined joinHost's answer
   * @param {boolean} unsaved the player kept their own game of it in the slot instead
   */
  async function seatGuest(info, channel, { hello, nonce, first, pledges, brought }, unsaved) {
    const settings = /** @type {Settings} */ ({ game: info.id, mode: "remote", level: "", side: hello.seat });
    await seatRemote({
      info, settings, options: hello.options, session: null, unsaved,
      remote: ({ save, news }) => {
        const guest = new GuestSession({
          engine, info, settings, save, channel, hello, nonce, first, pledges, brought, toast, news,
          dropped: () => rejoin(guest), verdict: sayVerdict, offered: offeredFor(info, hello),
        });
        offerAsk(guest);
        return guest;
      },
    });
  }

  /**
   * What a guest's game of two does when the host deals another over its connection (at a table of several,
   * nothing: it is refused as a join message out of place).
   * @param {GameInfo} info
   * @param {import("./messages.js").HelloMessage} hello the game's own hello
   * @returns {((next: import("./messages.js").HelloMessage, finished: GuestSession) => void) | undefined}
   */
  function offeredFor(info, hello) {
    return hello.several ? undefined : (next, finished) => offeredAgain(info, finished, next);
  }

  /**
   * Guest: at a game of two, the result offers to ask the host for another.
   * @param {GuestSession} guest
   */
  function offerAsk(guest) {
    if (!guest.hello.several) offerAnotherGame("Ask for another game", () => askAgain(guest));
  }

  /**
   * Guest: ask the host for another game over the same connection (the host deals it).
   * @param {GuestSession} guest
   */
  function askAgain(guest) {
    const channel = guest.channel;
    if (channel?.readyState !== "open") {
      toast("Your friend is no longer connected: ask them for a fresh invite.");
      return;
    }
    channel.send(JSON.stringify({ t: "again" }));
    find("#remote-rematch").hidden = true;
    toast("Asked: your friend's page offers them another game.");
  }

  /**
   * Guest: the game is over and the host deals another over the same connection; the player sits down, or
   * says not now (closing the sheet), and the host hears which.
   * @param {GameInfo} info
   * @param {GuestSession} finished the game on the table, which is over
   * @param {import("./messages.js").HelloMessage} hello
   */
  function offeredAgain(info, finished, hello) {
    const channel = finished.channel;
    if (!channel) return;
    if (hello.game !== info.id || hello.seat !== finished.seat) {
      channel.send(JSON.stringify({ t: "not_now" }));
      toast("Your friend's page offered a game other than this one: it was turned down.");
      return;
    }
    openSheet(`Another game of ${info.title}`, "Your friend deals a fresh game over the same connection. Sit down when you are ready.");
    find("#remote-close").textContent = "Not now";
    const sit = find("#remote-sit", HTMLButtonElement);
    sit.hidden = false;
    let answered = false;
    abandon = () => { if (!answered && channel.readyState === "open") channel.send(JSON.stringify({ t: "not_now" })); };
    channel.addEventListener("close", () => {
      if (answered) return;
      sit.hidden = true;
      say("Your friend's page left the table. For another game, one of you makes a fresh invite from the menu.");
    }, { once: true });
    sit.onclick = async () => {
      answered = true;
      sit.hidden = true;
      say("Taking your seat…");
      try {
        finished.handOver();
        const { version } = await engine.ready;
        const joined = await joinHello(channel, hello, { engine, version });
        abandon = null;
        dialog().close();
        await seatGuest(info, channel, joined, false);
      } catch (error) {
        say(errorText(error));
      }
    };
  }

  /** @param {import("./messages.js").Verdict} checked the fair-deal check's finding, in words */
  function sayVerdict({ fair, findings }) {
    verdict(fair
      ? "This deal was fair: your page replayed the whole game from the secrets it was dealt from, and it matches what you were shown."
      : `This deal was not fair. ${findings[0]?.message ?? ""}`);
  }

  /**
   * Either side, after a reload: the game kept in its slot goes back on the table, and until the game is over
   * (and, for the guest, checked) the sheet asks for a fresh connection at once, as after a drop.
   * @param {{info: GameInfo, settings: Settings, options: Record<string, string>, session: string | null,
   *   revision: number | null, moves: number, kept: HostKept | GuestKept}} restored
   *   settings: the table's, as kept (mode "remote"); session: the host's game, restored on its engine; moves:
   *   the moves it holds
   */
  async function resume({ info, settings: remoteSettings, options, session, revision, moves, kept }) {
    await seatRemote({
      info, settings: remoteSettings, options, session, revision,
      remote: ({ save, news }) => {
        if (kept.role === "host" && session) {
          const seats = keptHellos(kept).map((hello, index) => ({ channel: null, hello, name: kept.names?.[index] ?? "" }));
          const host = new RemoteHost({
            engine, info, settings: remoteSettings, session, save, seats, ply: moves,
            revealed: kept.revealed, toast, news, dropped: (seat) => reinvite(info, host, seat),
            asked: ofTwo(seats) ? askedAgain : undefined,
          });
          if (!kept.revealed) setTimeout(() => reinvite(info, host, host.away[0]), 0);
          return host;
        }
        if (kept.role !== "guest") throw new Error("This saved game with a friend could not be read.");
        const guest = new GuestSession({
          engine, info, settings: remoteSettings, save, channel: null, hello: kept.hello, nonce: kept.nonce,
          first: kept.table, kept, toast, news, dropped: () => rejoin(guest), verdict: sayVerdict,
          offered: offeredFor(info, kept.hello),
        });
        if (kept.verdict) sayVerdict(kept.verdict);
        else setTimeout(() => rejoin(guest), 0);
        return guest;
      },
    });
  }

  /**
   * Guest: the connection dropped; the host's fresh invite, pasted here, takes this seat again.
   * @param {GuestSession} guest
   */
  async function rejoin(guest) {
    openSheet("The connection to your friend dropped",
      "Your game waits on their device. Ask them for the fresh invite their page shows, and paste it below; then send them the answer this page makes.");
    const reconnected = offerAgain(() => rejoin(guest));
    try {
      const answer = await pasted("The fresh invite", JOIN_KEY, answerShown);
      find("#remote-answer").hidden = true;
      const channel = await answer.channel;
      say("Connected. Taking your seat again…");
      const { version } = await engine.ready;
      const { first } = await joinHost(channel, { engine, version, before: guest.hello });
      reconnected();
      dialog().close();
      guest.rejoined(channel, first);
      offerAsk(guest);
    } catch (error) {
      say(errorText(error));
    }
  }

  return { invite, opened, resume };
}

/**
 * The hello of each friend's seat kept with a host's game (a game saved before tables of several kept the
 * one friend's as `hello`).
 * @param {HostKept | {role: "host", hello: import("./messages.js").HelloMessage, names?: undefined, revealed: boolean}} kept
 */
function keptHellos(kept) {
  return "hellos" in kept ? kept.hellos : [kept.hello];
}
