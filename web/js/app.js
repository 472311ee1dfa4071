// Entry point: expose window.app, show the menu, open tables (the worker is started by boot.js).
//
// window.app (for the UI itself, tests, the benchmark and the browser console):
//   ready            Promise, resolves once Python and the game engines answer (rejects with a readable message),
//                    to {snapshot}: whether they started from the memory snapshot of an earlier visit
//   call(request)    one bridge request -> Promise of its response object
//   current          {game, session, mode, human} while a game is open, else null
//   renders          number of canvas redraws showing a new view; each fires document event "saloon:rendered"
//   hitboxes()       card, pile and cell rectangles in viewport CSS pixels, for clicking the canvas from tests
//   drawnView()      a copy of the view the canvas is drawn from (null when nothing is drawn)
//   animating()      whether the table is playing out an animation now (none at the instant speed)
//   stage()          the table controller's state (table/controller.js): engine, animating, person, computer,
//                    handover or over; null with no table open
//   callouts()       the callouts of the animation under way ({text, start, ms} in timeline ms at normal speed)
//   lastMove()       the other side's last move as told ({sentence, spots}: the lit rectangles in viewport CSS pixels)
//   textBoxes()      {width, height, boxes}: the canvas size and every text drawn on it in the last frame, each
//                    {text, x, y, w, h, onCard, alpha} in canvas CSS pixels; a card's face is part of the card and
//                    not listed, and `onCard` marks a glyph printed on a card some other way (a card drawn as a small tile)
//   sounds()         {on, context, played}: whether sound effects are on, whether an AudioContext exists, and
//                    how many of each effect were played ({deal, flip, win, lose})
//   coach()          in a guided game, what the coach says and the box it points at (coach/coach.js state())
//
// Which table is open is in the address (router.js). A table of a game opens its saved game when there is
// one, else a fresh random deal (Python picks the seed). A new deal of a game with a game in progress asks
// first, from the setup form as from a shared link. The open game is saved by the worker after every
// move the table reports (saved-game.js); if another tab moves the same game on, this tab follows it.
import { engine } from "./boot.js";
import { find } from "./dom.js";
import { TABLES, hasTable } from "./games.js";
import { loadGames } from "./game-catalog.js";
import { showGames, openEntry } from "./menu.js";
import { parseHash, formatHash, remotePlayable, settingsFor, shareLink as linkFor } from "./router.js";
import { SavedGames, onSlotChanged } from "./saved-game.js";
import { adoptLegacySave } from "./legacy-save.js";
import { offerKeptGame, offerKeptGames } from "./kept-save.js";
import { toast, showCurtain, hideCurtain, wireDialogs, askToReplace, shareLink } from "./overlays.js";
import { openHelp } from "./help-pages.js";
import { wireDialogHistory, pushAddress, replaceAddress } from "./dialog-history.js";
import { wireToolbar } from "./toolbar.js";
import { openSetup, wireSetupForm } from "./setup-form.js";
import { enableOffline } from "./offline.js";
import { CardPainter } from "./card-painter.js";
import { followDownloads, showWaiting } from "./waiting-table.js";
import { sounds, wireSoundToggle } from "./sound.js";
import { levelLabel } from "./record-book.js";
import { loadGuide, guidedGames } from "./coach/guides.js";
import { TableController } from "./table/controller.js";
import { Replay } from "./table/replay.js";
import { wireAids } from "./table/aids.js";
import { wireRecord } from "./table/record.js";
import { wireLog } from "./table/log.js";
import { wireSpeedControl, showSpeed } from "./table/speed.js";
import { Coach } from "./coach/coach.js";
import { closeOffer, rememberStep, stepReached } from "./coach/progress.js";
import { errorText } from "./error-text.js";
import { ANSWER_KEY, JOIN_KEY, wireRemote } from "./remote/remote-sheet.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Settings} Settings */
/** @typedef {import("./types.js").DealRequest} DealRequest */
/** @typedef {import("./types.js").SaveMeta} SaveMeta */
/** @typedef {import("./types.js").Request} Request */
/**
 * The game at the open table, as this tab knows it.
 * @typedef {object} Seating
 * @property {GameInfo} info
 * @property {Settings} settings
 * @property {Record<string, string>} options
 * @property {string} session   the bridge session ("remote" for a guest's side of a game with a friend on
 *   another device: it runs on the friend's device)
 * @property {() => import("./remote/messages.js").HostKept | import("./remote/messages.js").GuestKept} [remote]
 *   a game with a friend on another device: the connection's bookkeeping, saved beside the game
 * @property {boolean} [unsaved]  a guest's game with a friend that the player chose not to save over their own
 * @property {number | null} revision  of the game's save slot as this tab last read or wrote it; null for
 *   a new deal not saved yet (its first save replaces whatever the slot holds)
 * @property {Promise<void>} saving  the last save (saves go one after another)
 * @property {"unlisted" | "asking"} [blind]  dealt while storage could not list the saves: its saves go only
 *   into an empty slot, and when a game turns out to be saved there the player says which to keep
 */

const canvas = find("#table", HTMLCanvasElement);
const painter = new CardPainter(); // its sprite cache outlives any one table
const saves = new SavedGames(engine);
/** A table address of a game with a friend opens only the game kept in its slot: none is dealt in its place. */
const REMOTE_GONE = "This game with a friend is no longer saved on this device.";
/** @type {TableController | null} */
let table = null;
/** @type {Seating | null} */
let seated = null;
let attempts = 0; // each opening counts up; an opening overtaken by a newer one stops
/** @type {GameInfo[] | null} */
let menuGames = null; // the games on the menu, once the catalog is read
/** @type {Record<string, SaveMeta>} */
let menuSaves = {}; // the saved games' meta, as last read
/** @type {Set<string>} */
let menuGuided = new Set(); // the games with a guided first game, once the site's manifest is read
let saveTroubleTold = false;

const app = {
  ready: engine.ready.then(({ snapshot }) => {
    enableOffline();
    return { snapshot };
  }),
  call: (/** @type {Request} */ request) => engine.call(request),
  get current() {
    return table?.current ?? null;
  },
  renders: 0,
  hitboxes: () => table?.renderer.hitboxes() ?? null,
  drawnView: () => structuredClone(table?.renderer.heldView ?? null),
  animating: () => (table?.renderer.animationLeft() ?? 0) > 0,
  stage: () => table?.stage ?? null,
  callouts: () => table?.renderer.calloutList() ?? [],
  lastMove: () => (table ? { sentence: table.lastMoveLine, spots: table.renderer.spotHitboxes() } : null),
  textBoxes: () => table?.renderer.textBoxes() ?? null,
  sounds: () => ({ on: sounds.on, context: sounds.context !== null, played: { ...sounds.counts } }),
  coach: () => table?.coach?.state() ?? null,
};
app.ready.catch(() => {}); // the loading pill already tells the player what went wrong
Object.assign(window, { app });

// The catalog comes with the site (games.json), so the menu, the setup sheet and a table's waiting view
// never wait for the engines to start: only the requests that need them do (the worker queues those).
/** @type {Promise<Map<string, GameInfo>>} */
const catalog = loadGames(engine).then((games) => {
  menuGames = games;
  refreshMenu();
  return new Map(games.map((info) => [info.id, info]));
});
catalog.catch(() => {}); // an opening that needs it says what went wrong
// Before any table restores its game: the old localStorage save, then a game kept aside on an earlier visit.
const legacyAdopted = adoptLegacySave(engine).then((notice) => {
  if (notice?.kept !== undefined) offerKeptGame(engine, notice.kept, notice.message);
  else {
    if (notice) toast(notice.message);
    offerKeptGames(engine); // asked now, so a refusal of this visit is not offered twice
  }
  refreshMenu();
}, () => {});

function announceRender() {
  app.renders += 1;
  document.dispatchEvent(new CustomEvent("saloon:rendered", { detail: { renders: app.renders } }));
}

/**
 * The table options a game is dealt with unless told: each option's default.
 * @param {GameInfo} info
 * @returns {Record<string, string>}
 */
const defaultOptions = (info) => Object.fromEntries(info.options.map((option) => [option.name, option.default]));

/**
 * The names the engine's sentences use for the seats: against the computer, its seat is "the computer".
 * @param {GameInfo} info
 * @param {Settings} settings
 */
function seatNames(info, settings) {
  return info.seats.map((seat, index) =>
    settings.mode === "computer" && seat.kind === "person" && index !== settings.side ? "the computer" : seat.name);
}

/** @param {boolean} atTable the table screen, else the menu */
function showScreen(atTable) {
  find("#menu").hidden = atTable;
  find("#table-screen").hidden = !atTable;
  document.body.classList.toggle("at-table", atTable);
}

/**
 * Paint the tiles now, then again with the "Continue" links once the worker has listed the saves (and
 * "Learn to play" where a game has a guide and none of it is saved).
 */
async function refreshMenu() {
  if (menuGames) showGames(menuGames, menuSaves, menuGuided);
  [menuSaves, menuGuided] = await Promise.all([saves.list(), guidedGames()]);
  if (menuGames) showGames(menuGames, menuSaves, menuGuided);
}

/**
 * @param {string} turn
 * @param {string} reason
 */
function setStatus(turn, reason) {
  find("#turn-line").textContent = turn;
  find("#reason-line").textContent = reason;
}

/** The table screen with the waiting view: until a table draws (on a first visit, until the engines start). */
function waitAtTable() {
  showScreen(true);
  setStatus("", "");
  showWaiting(true);
}

/** @param {boolean} offered */
function offerShare(offered) {
  find("#share").hidden = !offered;
  find("#share-deal").hidden = !offered;
}

function leaveTable() {
  attempts += 1;
  find("#fair-verdict").hidden = true;
  find("#remote-again").hidden = true;
  find("#remote-rematch").hidden = true;
  find("#deal-again").hidden = false;
  table?.close();
  table = null;
  seated = null;
  offerShare(false);
  hideCurtain();
}

function showMenu() {
  leaveTable();
  refreshMenu();
  showScreen(false);
}

/**
 * Store the open game over the revision this tab knows; when another tab got there first, follow it.
 * @param {Seating} seat
 */
function saveSeated(seat) {
  seat.saving = seat.saving.then(async () => {
    if (seat !== seated || seat.unsaved) return;
    const { mode, level, side } = seat.settings;
    const guided = seat.settings.guided ? { guided: true } : {};
    const remote = seat.remote?.();
    const guest = remote?.role === "guest" ? { session: null, moves: remote.table.ply, over: Boolean(remote.table.answer.over) } : null;
    const answer = await saves.save({
      session: guest ? null : seat.session, slot: seat.info.id, revision: seat.revision,
      meta: { mode, level, side, options: seat.options, ...guided, ...(guest ? { moves: guest.moves, over: guest.over } : {}) },
      ...(remote ? { remote } : {}),
    });
    if (answer.ok) {
      seat.revision = answer.revision ?? null;
      delete seat.blind; // the slot held no game after all
      return;
    }
    const { code, message } = answer.error ?? { code: "storage", message: "Your game could not be saved." };
    if (code === "save_conflict") {
      if (seat.blind) keepWhich(seat); // not awaited: its answer may save, behind this save
      else followOtherTab(seat, message);
      return;
    }
    if (code === "storage_timeout" && !seat.blind) seat.revision = null; // that save may still land: this table's game wins
    if (!saveTroubleTold) {
      saveTroubleTold = true; // once a visit: storage that is off stays off; the game goes on unsaved
      toast(message);
    }
  });
  return seat.saving;
}

/**
 * A deal made while the saves could not be listed found a game saved in its slot: the player keeps one.
 * @param {Seating} seat
 */
async function keepWhich(seat) {
  if (seat !== seated || seat.blind !== "unlisted") return; // asked already
  seat.blind = "asking";
  const title = seat.info.title;
  const replace = await askToReplace(title, `Your saved game of ${title} is within reach again, and this table holds another deal.`);
  delete seat.blind;
  if (!replace) return openGame(seat.settings, null); // the saved game
  seat.revision = null;
  return saveSeated(seat);
}

/** Another tab moved this game on: show the game as it now stands instead of playing a stale copy. */
function followOtherTab(/** @type {Seating} */ seat, /** @type {string} */ message) {
  if (seat !== seated) return;
  toast(`${message} Here it is as it stands now.`);
  openGame(seat.settings, null);
}

/**
 * A fresh deal (random unless `dealt` names one) that replaces whatever is saved for the game.
 * @param {GameInfo} info
 * @param {Settings} settings
 * @param {DealRequest | null} dealt
 * @returns {Promise<Seating>}
 */
async function dealNew(info, settings, dealt) {
  const options = { ...defaultOptions(info), ...(dealt?.options ?? {}) };
  const created = await engine.call({
    op: "new", game: info.id, seed: dealt?.seed ?? null, options, deal: dealt?.deal ?? null, names: seatNames(info, settings),
    ...(info.setup ? { setup: dealt?.setup ?? null } : {}),
  });
  if (!created.ok) throw new Error(created.error.message);
  if (!created.session) throw new Error("The game engine dealt no table.");
  /** @type {Seating} */
  const seat = { info, settings, options, session: created.session, revision: null, saving: Promise.resolve() };
  return seat;
}

/**
 * The game saved for `info`, or a fresh deal when there is none or it cannot be read (with a notice; a game
 * that opens but cannot be loaded is kept aside and offered for download).
 * @param {GameInfo} info
 * @param {Settings} wanted
 * @param {import("./types.js").SaveMeta} saved
 * @returns {Promise<Seating>}
 */
async function restoreSaved(info, wanted, saved) {
  const settings = settingsFor(info, { ...saved, speed: wanted.speed });
  const answer = await saves.restore(info.id, seatNames(info, settings));
  if (answer.ok && answer.remote) {
    const kept = answer.remote;
    return {
      info, settings, options: saved.options ?? {}, session: answer.session ?? "remote", revision: answer.revision ?? null,
      saving: Promise.resolve(), remote: () => kept,
    };
  }
  if (answer.ok && answer.session) {
    return { info, settings, options: saved.options ?? {}, session: answer.session, revision: answer.revision ?? null, saving: Promise.resolve() };
  }
  if (settings.mode === "remote") throw new Error(REMOTE_GONE);
  const { code, message } = answer.error ?? { code: "", message: "" };
  // Storage that failed or stalled: the saved game stays as it is, for the next visit, and no deal replaces it.
  if (!answer.ok && code !== "unreadable_save" && code !== "kept_aside") throw new Error(message);
  if (code === "kept_aside" && answer.kept !== undefined) offerKeptGame(engine, answer.kept, `${message} A fresh deal is on the table.`);
  else if (code) toast(`${message} A fresh deal is on the table.`);
  return dealNew(info, settings, null);
}

/**
 * Sit down at a table of `wanted.game`: its saved game, or a new deal when `dealt` is given (the player
 * already agreed to replace any game in progress) or nothing is saved.
 * @param {Settings} wanted
 * @param {DealRequest | null} dealt
 */
async function openGame(wanted, dealt) {
  leaveTable();
  const attempt = attempts;
  waitAtTable();
  try {
    const info = (await catalog).get(wanted.game);
    await legacyAdopted;
    if (attempt !== attempts) return;
    if (!info) throw new Error("This game is not in the saloon.");
    setStatus(info.title, "");
    const tableModule = TABLES[info.id](); // fetched while the engines start
    tableModule.catch(() => {}); // a failure is met below, when the table is needed
    const listed = dealt ? {} : await saves.listed();
    const saved = listed?.[info.id];
    if (!saved && settingsFor(info, wanted).mode === "remote") throw new Error(REMOTE_GONE);
    const seat = saved ? await restoreSaved(info, wanted, saved) : await dealNew(info, settingsFor(info, wanted), dealt);
    if (seat.remote) {
      const kept = seat.remote();
      if (attempt === attempts) {
        await remote.resume({
          info, settings: seat.settings, options: seat.options, session: kept.role === "host" ? seat.session : null,
          revision: seat.revision, moves: saved?.moves ?? 0, kept,
        });
      }
      return;
    }
    if (!listed) Object.assign(seat, { revision: 0, blind: "unlisted" }); // never over a game it could not see
    const { makeTable } = await tableModule;
    if (attempt === attempts) {
      seated = seat;
      if (seat.revision === null || seat.blind) await saveSeated(seat); // a new deal is saved at once, replacing any old one
    }
    if (attempt !== attempts) {
      engine.call({ op: "close", session: seat.session }).catch(() => {}); // overtaken by another opening
      return;
    }
    const coach = seat.settings.guided ? await coachFor(info.id, dealt !== null) : null;
    if (attempt !== attempts) return coach?.close();
    replaceAddress(formatHash(seat.settings));
    showWaiting(false);
    await startTable({ info, settings: seat.settings, session: seat.session, save: () => saveSeated(seat), coach, makeTable });
  } catch (error) {
    if (attempt !== attempts) return;
    showWaiting(false);
    // When the engines could not start, the loading pill says why in plain words, with "Try again".
    const started = await app.ready.then(() => true, () => false);
    if (attempt === attempts) setStatus("The cards could not be dealt.", started ? errorText(error) : "");
  }
}

/**
 * Put a game on the felt: its turn engine and the aids that follow it (replay, hint and undo, the record,
 * the log, the speed).
 * @param {{info: GameInfo, settings: Settings, session: string, save: () => Promise<void>,
 *   makeTable: (kit: import("./table/adapter.js").TableKit) => import("./table/adapter.js").TableAdapter,
 *   coach?: Coach | null, remote?: import("./remote/remote-session.js").RemoteSession}} seating
 *   remote: the session of a game with a friend on another device, instead of one on this page's engine
 */
function startTable({ info, settings, session, save, makeTable, coach = null, remote }) {
  table = new TableController({
    engine, info, settings, session, canvas, painter, onRendered: announceRender, toast, showCurtain, save, coach, makeTable, remote,
  });
  new Replay(table, find("#replay", HTMLButtonElement));
  wireAids(table);
  wireRecord(table);
  wireLog(table);
  showSpeed(find("#table-speed", HTMLSelectElement), table.speed);
  return table.open();
}

/**
 * Sit down at a game with a friend on another device (remote/remote-sheet.js). It is kept in the game's slot
 * as any game (with its connection's bookkeeping), so the table's address brings it back after a reload.
 * @type {import("./remote/remote-sheet.js").SeatRemote}
 */
async function seatRemote({ info, settings, options, session, revision = null, unsaved = false, remote }) {
  leaveTable();
  const attempt = attempts;
  waitAtTable();
  setStatus(info.title, "");
  try {
    const { makeTable } = await TABLES[info.id]();
    if (attempt !== attempts) return;
    /** @type {Seating} */
    const seat = { info, settings, options, session: session ?? "remote", revision, saving: Promise.resolve(), unsaved };
    seated = seat;
    replaceAddress(formatHash(settings));
    showWaiting(false);
    find("#deal-again").hidden = true; // the host's next game with the friend: "Another game with your friend"
    const save = () => saveSeated(seat);
    const news = () => { if (table?.stage === "person") table.look(); };
    const played = remote({ save, news });
    seat.remote = () => played.kept();
    if (revision === null) await save(); // a new game is kept at once, over whatever the slot held
    await startTable({ info, settings, session: seat.session, save, makeTable, remote: played });
  } catch (error) {
    if (attempt === attempts) setStatus("The table could not be opened.", errorText(error));
  }
}

/** @param {string} text the fair-deal check's words, shown with the game's result */
function showVerdict(text) {
  const line = find("#fair-verdict");
  line.textContent = text;
  line.hidden = false;
}

/**
 * The coach of a guided game of `game`: from its first step for a new deal, else from the step a reload
 * left it at; none once the player stopped it. Without its script (offline before it was ever fetched),
 * the game goes on unguided.
 * @param {string} game
 * @param {boolean} fresh  a new deal (the guide starts from its first step)
 */
async function coachFor(game, fresh) {
  try {
    const guide = await loadGuide(game);
    if (fresh) rememberStep(game, 0);
    const step = stepReached(game);
    const stopped = () => table?.restart(); // the same turn again, now with every move on offer
    return step === null ? null : new Coach({ guide, game, step, hitboxes: app.hitboxes, stopped });
  } catch (error) {
    toast(errorText(error));
    return null;
  }
}

/**
 * The guided first game of `info`: its scripted deal against the computer, asking first as any new deal.
 * @param {GameInfo} info
 */
async function startGuide(info) {
  closeOffer(info.id, "taken");
  try {
    const guide = await loadGuide(info.id);
    const speed = seated?.settings.speed; // the open table's asked speed (tests play without pauses)
    const settings = settingsFor(info, { mode: "computer", level: guide.level, side: guide.side, guided: true, speed });
    startDeal(settings, { seed: guide.seed, deal: guide.deal, options: guide.options });
  } catch (error) {
    toast(errorText(error));
  }
}

/**
 * The help of `game` ("rules" or "rulings"), with "Play a guided game" under it for a game that has one.
 * @param {string | undefined} game  none: the address names no game (nothing is shown)
 * @param {"rules" | "rulings"} kind
 */
async function showHelp(game, kind) {
  const guideButton = find("#help-guide", HTMLButtonElement);
  guideButton.hidden = !(await guidedGames()).has(game ?? "");
  guideButton.dataset.guide = game ?? "";
  openHelp(game, kind, toast);
}

/**
 * A new deal asked for by the player or a link: ask first when it would replace a game in progress.
 * @param {Settings} wanted
 * @param {DealRequest} dealt
 */
async function startDeal(wanted, dealt) {
  const attempt = attempts;
  if (!seated) waitAtTable(); // from the menu or a link: the table at once, while the saves are looked up
  let replace = true;
  try {
    const [games, saved] = await Promise.all([catalog, legacyAdopted.then(() => saves.list())]);
    if (attempt !== attempts) return; // the player went elsewhere meanwhile
    if (saved[wanted.game] && !saved[wanted.game].over) replace = await askToReplace(games.get(wanted.game)?.title ?? "this game");
  } catch {
    // The engine did not start: openGame below says so.
  }
  if (!replace && seated?.info.id === wanted.game) {
    replaceAddress(formatHash(seated.settings)); // keep playing the game on the table
    return;
  }
  const hash = formatHash(wanted);
  if (location.hash !== hash) pushAddress(hash);
  openGame(wanted, replace ? dealt : null);
}

/**
 * Whether a game with a friend on another device may take the save slot of `info`: yes when no game of it is
 * in progress on this device, else the player says.
 * @param {GameInfo} info
 * @returns {Promise<boolean>}
 */
async function mayReplaceSaved(info) {
  const saved = (await saves.list())[info.id];
  return !saved || Boolean(saved.over) || askToReplace(info.title);
}

function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  const kind = [JOIN_KEY, ANSWER_KEY].find((key) => params.get(key));
  if (kind) {
    replaceAddress(location.pathname); // a code is spent once used: it does not stay in the address
    showMenu();
    remote.opened(kind, params.get(kind) ?? "");
    return;
  }
  const asked = parseHash(location.hash);
  if (!asked) {
    showMenu();
    return;
  }
  if (!hasTable(asked.settings.game)) {
    toast("There is no such game in the saloon.");
    replaceAddress(location.pathname);
    showMenu();
    return;
  }
  if (asked.dealt) {
    replaceAddress(formatHash(asked.settings)); // the deal never stays in the address
    startDeal(asked.settings, asked.dealt);
    return;
  }
  if (seated && formatHash(seated.settings) === location.hash) return;
  openAsked(asked.settings);
}

/**
 * Whether two settings seat people at the same table (mode, level, seat; the speed is no matter).
 * @param {Settings} a
 * @param {Settings} b
 */
const sameTable = (a, b) => a.mode === b.mode && a.level === b.level && a.side === b.side;

/**
 * "a hot-seat game", "a game against the Deputy as Player 2", "a solo game".
 * @param {GameInfo} info
 * @param {Settings} settings
 */
function tableKind(info, settings) {
  if (settings.mode === "hotseat") return "a hot-seat game";
  if (settings.mode === "solo") return "a solo game";
  const seat = info.seats.filter((s) => s.kind === "person").length > 1 ? ` as ${info.seats[settings.side].name}` : "";
  return `a game against the ${levelLabel(info, settings.level)}${seat}`;
}

/**
 * A table asked for by its address (a link, the address bar): the saved game of it when that is the table
 * asked for; when the saved game is another kind of table (another mode, level or seat), the player says
 * which to keep instead of being sat at the saved one behind the link's back.
 * @param {Settings} wanted
 */
async function openAsked(wanted) {
  const attempt = attempts;
  waitAtTable();
  try {
    const [games, saved] = await Promise.all([catalog, legacyAdopted.then(() => saves.list())]);
    const info = games.get(wanted.game);
    const kept = saved[wanted.game];
    if (attempt === attempts && info && kept && !kept.over && !sameTable(settingsFor(info, kept), settingsFor(info, wanted))) {
      const asked = `You have ${tableKind(info, settingsFor(info, kept))} of ${info.title} in progress; this link asks for ${tableKind(info, settingsFor(info, wanted))}.`;
      const replace = await askToReplace(info.title, asked);
      if (attempt !== attempts) return;
      if (replace) {
        openGame(wanted, { seed: null, deal: null, options: {} });
        return;
      }
    }
  } catch {
    // The engine did not start: openGame below says so.
  }
  if (attempt === attempts) openGame(wanted, null);
}

/**
 * The setup sheet for `info`, with the game's own fields when its table module has them (a game with a
 * structured setup); Deal starts that deal (asking first if it replaces a game in progress).
 * @param {GameInfo} info
 * @param {Settings} settings
 * @param {Record<string, string>} options
 */
async function setUp(info, settings, options) {
  let fields = null;
  if (info.setup && hasTable(info.id)) {
    try {
      const module = await TABLES[info.id]();
      const close = () => find("#setup-dialog", HTMLDialogElement).close();
      fields = module.setupFields ? await module.setupFields({ engine, info, toast, close }) : null;
    } catch (error) {
      toast(`The table could not be set up: ${errorText(error)}`);
      return;
    }
  }
  const plain = (/** @type {Settings} */ chosen) => settingsFor(info, { ...chosen, guided: false }); // a deal from the sheet is never a guided one
  const onRemote = remotePlayable(info) ? async (/** @type {{settings: Settings, dealt: DealRequest}} */ { settings: chosen, dealt }) => {
    if (await mayReplaceSaved(info)) remote.invite(info, plain(chosen), { ...defaultOptions(info), ...dealt.options }, dealt);
  } : null;
  openSetup(info, settings, options, ({ settings: chosen, dealt }) => startDeal(plain(chosen), dealt), fields, onRemote);
}

async function shareSeated() {
  if (!seated) return;
  const answer = await engine.call({ op: "share", session: seated.session });
  if (!answer.ok) toast(answer.error.message);
  else if (answer.share) shareLink(linkFor(seated.settings, answer.share));
}

function wireControls() {
  find("#game-list").addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button?.dataset.entry) {
      openEntry(button.dataset.entry, { engine, toast });
      return;
    }
    const info = menuGames?.find((game) => game.id === (button?.dataset.setup ?? button?.dataset.rules ?? button?.dataset.guide ?? button?.dataset.noGuide));
    if (!info || !button) return;
    if (button.dataset.rules) showHelp(info.id, "rules");
    else if (button.dataset.guide) startGuide(info);
    else if (button.dataset.noGuide) {
      closeOffer(info.id, "dismissed");
      refreshMenu();
    } else setUp(info, settingsFor(info, {}), defaultOptions(info));
  });
  for (const button of document.querySelectorAll("[data-help]")) {
    const kind = /** @type {"rules" | "rulings"} */ (/** @type {HTMLElement} */ (button).dataset.help);
    button.addEventListener("click", () => showHelp(parseHash(location.hash)?.settings.game, kind));
  }
  find("#help-guide").addEventListener("click", (event) => {
    const info = menuGames?.find((game) => game.id === /** @type {HTMLElement} */ (event.currentTarget).dataset.guide);
    find("#help-dialog", HTMLDialogElement).close();
    if (info) startGuide(info);
  });
  find("#new-game").addEventListener("click", () => seated && setUp(seated.info, seated.settings, seated.options));
  find("#deal-again").addEventListener("click", () => {
    if (seated?.info.setup) setUp(seated.info, seated.settings, seated.options); // its setup is chosen again
    else if (seated) startDeal({ ...seated.settings, guided: false }, { seed: null, deal: null, options: seated.options });
  });
  find("#share").addEventListener("click", shareSeated);
  wireSoundToggle(find("#menu-sound", HTMLButtonElement));
  wireSoundToggle(find("#table-sound", HTMLButtonElement));
  wireSpeedControl(find("#table-speed", HTMLSelectElement), (speed) => table?.setSpeed(speed));
  find("#share-deal").addEventListener("click", shareSeated);
  find("#see-table").addEventListener("click", () => {
    find("#result").hidden = true;
  });
  document.addEventListener("saloon:over", (event) => {
    // A game dealt with a setup (a party of characters) cannot travel in a link: it offers no Share.
    if (seated && /** @type {CustomEvent} */ (event).detail?.session === seated.session) offerShare(!seated.info.setup);
  });
  onSlotChanged((/** @type {{slot: string, revision: number}} */ { slot, revision }) => {
    // A new deal not saved yet (revision null) counts as revision 0.
    if (seated?.info.id === slot && revision > (seated.revision ?? 0)) followOtherTab(seated, "This game was played on in another tab.");
    else if (!seated) refreshMenu();
  });
}

const remote = wireRemote({ engine, games: () => catalog, seatRemote, mayReplaceSaved, toast, verdict: showVerdict });
wireDialogs();
wireToolbar();
wireDialogHistory();
wireSetupForm();
wireControls();
followDownloads();
window.addEventListener("hashchange", route);
route();
