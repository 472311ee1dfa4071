// Saved games, kept by the engine worker: the page asks to save or restore a session and never holds
// the record (seed, forced deal, face-down and marked cards, the computer's hand).
//
// What this protects against: a curious player reading the page's storage or the address. localStorage
// holds nothing of a game; IndexedDB holds each record sealed with AES-GCM under a key that was made
// non-extractable (its bytes cannot be read by script or shown in the developer tools' storage panes), so
// what storage shows is ciphertext plus a little meta (mode, level, seat, table options, moves played, over
// or not, when).
// Tampering is caught too: a changed byte fails the GCM tag and reads as an unreadable save.
// What it cannot protect against: a determined player with a debugger. The key lives in this browser and
// the page's own code can use it, so pausing the worker, calling the bridge's `record` op or reading Python's
// memory reveals everything; nothing can hide a game from the machine that plays it, offline, with no server.
//
// A game is never lost behind the player's back: a sealed record that opens but cannot be loaded (another
// game's, an older rules version the engine has no migration for, a move the rules now refuse) is kept aside
// still sealed (save-vault.js, store "kept") before the page is told, and the player may download it; the
// only records dropped are those whose seal does not open (damaged bytes, another browser's key), which
// nothing could read again. A record of an older version that the engine can migrate simply loads.
//
// Requests (answered here, not by Python):
//   {op: "save", session, slot, meta: {mode, level, side, options}, revision, remote?}  -> {ok, revision}
//        error save_conflict when the slot's revision is no longer `revision` (another tab saved meanwhile);
//        revision null replaces whatever the slot holds (a new deal the player chose over the game there).
//        A game with a friend on another device (meta.mode "remote") seals `remote` beside the record: the
//        host's seat bookkeeping, or all a guest keeps (its session is null: the game runs on the host's
//        device; meta.moves and meta.over come from the page then)
//   {op: "restore", slot, names?}   -> {ok, session, meta, revision, remote?}; session null when the slot is
//        empty or holds a guest's side of a remote game;
//        error unreadable_save (with the slot's revision) when the seal does not open, error kept_aside
//        (with the slot's revision and `kept`, the id to export) when it opens but the game cannot be loaded
//        here; either way the slot is left as it was
//   {op: "saved"}                   -> {ok, slots: {slot: meta}} for every slot holding a game
//   {op: "forget", slot}            -> {ok, revision}: the slot is empty from this revision on
//   {op: "adopt", slot, record, meta} -> {ok, adopted, kept?}: take in a save of an older version of the site
//        (it lived in localStorage): adopted once it is stored and reads back; kept aside (`kept`) when it
//        cannot be loaded or a game is already in the slot. An error means nothing was stored.
//   {op: "kept"}                    -> {ok, kept_games: [{kept, slot, title, why}]}: kept records not downloaded yet
//   {op: "export_kept", kept}       -> {ok, exported: {slot, why, kept_at, record}}: a kept record, opened for
//        the player to download (their own explicit choice: the one time a record reaches the page); from then
//        on it is no longer listed by "kept"
//   {op: "discard_kept", kept}      -> {ok}: the player dropped a kept record for good
// Storage that takes longer than STORAGE_TIMEOUT_MS answers error storage_timeout, so the requests queued
// behind it (the worker answers in order) go on; until that storage call settles, save requests fail at once.
import { sealingKey, readSlot, filledSlots, writeSlot, clearSlot, keepAside, readKept, keptRows, markKept } from "./save-vault.js";
import { seal, unseal } from "./sealing.js";

/** @typedef {import("../types.js").Request} Request */
/** @typedef {import("../types.js").Response} Response */
/** @typedef {(request: Request) => Response} Bridge */

/** How long one save request may wait on the browser's storage before it is answered with an error. */
export const STORAGE_TIMEOUT_MS = 5000;
const MESSAGE_PIECE = 160; // at most this much of an engine's message is quoted to the player

/** @type {Promise<CryptoKey> | null} */
let key = null;
/** @type {Promise<Response> | null} */
let stalled = null; // a save request that timed out and has not settled yet

/** @returns {Promise<CryptoKey>} */
function theKey() {
  if (key) return key;
  const made = sealingKey();
  made.catch(() => {
    if (key === made) key = null; // storage that failed once may answer next time
  });
  key = made;
  return made;
}

/**
 * @param {string} code
 * @param {string} message
 * @param {Record<string, unknown>} [extra]
 * @returns {Response}
 */
const failure = (code, message, extra = {}) => ({ ok: false, error: { code, message }, ...extra });

/** @param {string} text */
const cut = (text) => (text.length > MESSAGE_PIECE ? `${text.slice(0, MESSAGE_PIECE)}…` : text);

/** An engine's sentence as a clause inside another: cut short, without its full stop. @param {string} text */
const clause = (text) => cut(text).replace(/\.$/, "");

/**
 * What went wrong with the browser's storage, in words a player reads.
 * @param {unknown} error
 */
function storageTrouble(error) {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "QuotaExceededError") return "this browser's storage for the site is full";
  if (name === "SecurityError" || name === "InvalidStateError") return "this browser keeps no site data here";
  return cut(error instanceof Error || error instanceof DOMException ? error.message : String(error));
}

/** Save ops that need no Python: they are answered even while the engine is still loading. */
export const OFFLINE_OPS = new Set(["saved", "forget", "export_kept", "discard_kept"]);
export const SAVE_OPS = new Set([...OFFLINE_OPS, "save", "restore", "adopt", "kept"]);

/**
 * Answer one save request; `bridge(request)` answers bridge requests (games, record, view, load, close).
 * Never rejects: storage that fails or does not answer in time is an error answer.
 * @param {Request} request
 * @param {Bridge} bridge
 * @returns {Promise<Response>}
 */
export async function answerSaveOp(request, bridge) {
  if (stalled) {
    return failure("storage_timeout", "Saved games are out of reach: this browser's storage has not answered yet.");
  }
  const work = answer(request, bridge).catch((error) =>
    failure("storage", request.op === "save"
      ? `Your game could not be saved: ${storageTrouble(error)}. It goes on here, unsaved.`
      : `Saved games are out of reach in this browser: ${storageTrouble(error)}.`));
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<null>} */
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), STORAGE_TIMEOUT_MS); });
  const first = await Promise.race([work, late]);
  clearTimeout(timer);
  if (first) return first;
  stalled = work;
  work.finally(() => {
    if (stalled === work) stalled = null;
  });
  return failure("storage_timeout",
    `Saved games are out of reach: this browser's storage did not answer in ${STORAGE_TIMEOUT_MS / 1000} seconds.`);
}

/** @param {Request} request @param {Bridge} bridge @returns {Promise<Response>} */
async function answer(request, bridge) {
  switch (request.op) {
    case "save": return save(request, bridge);
    case "restore": return restore(request, bridge);
    case "saved": return { ok: true, slots: Object.fromEntries((await filledSlots()).flatMap((row) => (row.meta ? [[row.slot, row.meta]] : []))) };
    case "forget": return { ok: true, revision: await clearSlot(String(request.slot)) };
    case "adopt": return adopt(request, bridge);
    case "kept": return {
      ok: true,
      kept_games: (await keptRows()).filter((row) => !row.downloaded)
        .map((row) => ({ kept: row.id, slot: row.slot, title: titleOf(bridge, row.slot), why: row.why })),
    };
    case "export_kept": return exportKept(request);
    case "discard_kept": return Number.isInteger(request.kept) && await markKept(request.kept, null)
      ? { ok: true } : failure("bad_request", "There is no kept game by that number.");
    default: return failure("unknown_op", `Unknown request "${cut(String(request.op))}".`);
  }
}

/** @param {Request} request @param {Bridge} bridge @returns {Promise<Response>} */
async function save(request, bridge) {
  const { session, slot, meta, revision, remote } = request;
  if (!(revision === null || Number.isInteger(revision))) return failure("bad_request", "A save needs the revision it replaces.");
  const remoteGame = meta?.mode === "remote";
  if (remoteGame !== (remote !== null && typeof remote === "object")) {
    return failure("bad_request", "A game with a friend on another device is saved with its connection's bookkeeping, and only such a game.");
  }
  const guest = remoteGame && session === null;
  const answer = guest ? null : bridge({ op: "record", session });
  const record = answer?.record ?? null;
  if (answer && (!answer.ok || !record)) return answer;
  const game = record ? record.game : remote?.hello?.game;
  if (game !== slot) return failure("bad_slot", `A game of ${cut(String(game))} cannot be saved as ${cut(String(slot))}.`);
  const over = record ? Boolean(bridge({ op: "view", session, player: null }).over) : Boolean(meta.over);
  const stored = {
    meta: {
      mode: meta.mode, level: meta.level, side: meta.side, options: meta.options ?? {},
      ...(meta.guided ? { guided: true } : {}),
      moves: record ? record.moves.length : Number(meta.moves) || 0, over, saved_at: Date.now(),
    },
    sealed: await seal(await theKey(), slot, remoteGame ? { record, remote } : record),
  };
  const written = await writeSlot(slot, revision, stored);
  if (written === null) return failure("save_conflict", "This game was played on in another tab, so this copy was not saved.");
  return { ok: true, revision: written };
}

/**
 * A game's title from the bridge's catalog (its id when it is not a game of the saloon).
 * @param {Bridge} bridge
 * @param {unknown} id
 */
function titleOf(bridge, id) {
  const game = bridge({ op: "games" }).games?.find((info) => info.id === id);
  return game ? game.title : `"${cut(String(id))}"`;
}

/**
 * Why a record opened from `slot` cannot be loaded there, or null when it is a game of that slot.
 * @param {unknown} record
 * @param {string} slot
 * @param {Bridge} bridge
 * @returns {string | null}
 */
function wrongGame(record, slot, bridge) {
  const game = record && typeof record === "object" && "game" in record ? record.game : undefined;
  if (game === slot) return null;
  return `it holds a game of ${titleOf(bridge, game)}, not of ${titleOf(bridge, slot)}`;
}

/** @param {Request} request @param {Bridge} bridge @returns {Promise<Response>} */
async function restore(request, bridge) {
  const slot = String(request.slot);
  const row = await readSlot(slot);
  const revision = row?.revision ?? 0;
  if (!row?.sealed) return { ok: true, session: null, meta: null, revision };
  /** @type {any} what this page's worker sealed: a record, or for a remote game {record, remote} */
  let opened;
  try {
    opened = await unseal(await theKey(), slot, row.sealed);
  } catch {
    return failure("unreadable_save",
      "Your saved game could not be read: its seal is damaged or was made by another browser.", { revision });
  }
  const remote = row.meta?.mode === "remote" ? opened.remote : undefined;
  const record = row.meta?.mode === "remote" ? opened.record : opened;
  if (remote && record === null) {
    return remote.hello?.game === slot ? { ok: true, session: null, meta: row.meta, revision, remote } // a guest's side
      : failure("unreadable_save", "Your saved game with a friend could not be read.", { revision });
  }
  const wrong = wrongGame(record, slot, bridge);
  const loaded = wrong ? null : bridge({ op: "load", record, names: request.names });
  if (loaded?.ok) return { ok: true, session: loaded.session, meta: row.meta, revision, ...(remote ? { remote } : {}) };
  const why = wrong ?? clause(loaded?.error?.message ?? "the engine refused it");
  const kept = await keepAside(slot, row.sealed, why);
  return failure("kept_aside", `Your saved game of ${titleOf(bridge, slot)} could not be loaded (${why}). `
    + "It is kept aside, unchanged, so you can download it.", { revision, kept });
}

/** @param {Request} request @param {Bridge} bridge @returns {Promise<Response>} */
async function adopt(request, bridge) {
  const { record, meta } = request;
  const slot = typeof request.slot === "string" ? request.slot : "unknown";
  /** @param {string} why @returns {Promise<Response>} */
  const setAside = async (why) =>
    ({ ok: true, adopted: false, kept: await keepAside(slot, await seal(await theKey(), slot, record), why) });
  const row = await readSlot(slot);
  if (row?.sealed) return setAside("another game was already saved in its place");
  const wrong = wrongGame(record, slot, bridge);
  if (wrong) return setAside(wrong);
  const loaded = bridge({ op: "load", record });
  if (!loaded.ok || !loaded.session) return setAside(clause(loaded.error?.message ?? "the engine refused it"));
  try {
    const saved = await save({ op: "save", session: loaded.session, slot, meta, revision: row?.revision ?? 0 }, bridge);
    if (!saved.ok) return saved;
  } finally {
    bridge({ op: "close", session: loaded.session });
  }
  const stored = await readSlot(slot); // adopted only once it reads back: the caller then drops the old copy
  if (!stored?.sealed) throw new Error("the adopted game did not read back");
  await unseal(await theKey(), slot, stored.sealed);
  return { ok: true, adopted: true };
}

/** @param {Request} request @returns {Promise<Response>} */
async function exportKept(request) {
  const row = Number.isInteger(request.kept) ? await readKept(request.kept) : undefined;
  if (!row) return failure("bad_request", "There is no kept game by that number.");
  const record = await unseal(await theKey(), row.slot, row.sealed);
  await markKept(row.id, true);
  return { ok: true, exported: { slot: row.slot, why: row.why, kept_at: new Date(row.kept_at).toISOString(), record } };
}
