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
// Requests (answered here, not by Python):
//   {op: "save", session, slot, meta: {mode, level, side, options}, revision}  -> {ok, revision}
//        error save_conflict when the slot's revision is no longer `revision` (another tab saved meanwhile);
//        revision null replaces whatever the slot holds (a new deal the player chose over the game there)
//   {op: "restore", slot, names?}   -> {ok, session, meta, revision}; session null when the slot is empty;
//        error unreadable_save (with the slot's revision) when the sealed record cannot be opened or loaded
//   {op: "saved"}                   -> {ok, slots: {slot: meta}} for every slot holding a game
//   {op: "forget", slot}            -> {ok, revision}: the slot is empty from this revision on
//   {op: "adopt", slot, record, meta} -> {ok, adopted}: take in a record saved by an older version of the
//        site (it lived in localStorage); never overwrites a game already in the slot
import { sealingKey, readSlot, filledSlots, writeSlot, clearSlot } from "./save-vault.js";
import { seal, unseal } from "./sealing.js";

/** @typedef {import("../types.js").Request} Request */
/** @typedef {import("../types.js").Response} Response */

let key = null;
const theKey = () => (key ??= sealingKey());

/**
 * A refused save op (the session and the slot are as they were), with what the page should know besides.
 * @param {string} code
 * @param {string} message
 * @param {import("../types.js").AnswerFields} [extra]
 * @returns {Response}
 */
const failure = (code, message, extra = {}) => ({ ok: false, error: { code, message }, ...extra });

/** Save ops that need no Python: they are answered even while the engine is still loading. */
export const OFFLINE_OPS = new Set(["saved", "forget"]);
export const SAVE_OPS = new Set([...OFFLINE_OPS, "save", "restore", "adopt"]);

/**
 * Answer one save request; `bridge(request)` answers bridge requests (record, view, load, close).
 * @param {Request} request
 * @param {(request: Request) => Response} bridge
 * @returns {Promise<Response>}
 */
export async function answerSaveOp(request, bridge) {
  switch (request.op) {
    case "save": return save(request, bridge);
    case "restore": return restore(request, bridge);
    case "saved": return { ok: true, slots: Object.fromEntries((await filledSlots()).map((row) => [row.slot, row.meta])) };
    case "forget": return { ok: true, revision: await clearSlot(String(request.slot)) };
    case "adopt": return adopt(request, bridge);
    default: return failure("unknown_op", `Unknown request "${request.op}".`);
  }
}

/** @param {Request} request @param {(request: Request) => Response} bridge @returns {Promise<Response>} */
async function save(request, bridge) {
  const { session, slot, meta, revision } = request;
  if (!(revision === null || Number.isInteger(revision))) return failure("bad_request", "A save needs the revision it replaces.");
  const record = bridge({ op: "record", session });
  if (!record.ok) return record;
  if (record.record.game !== slot) return failure("bad_slot", `A game of ${record.record.game} cannot be saved as ${slot}.`);
  const position = bridge({ op: "view", session, player: null });
  const stored = {
    meta: {
      mode: meta.mode, level: meta.level, side: meta.side, options: meta.options ?? {},
      ...(meta.guided ? { guided: true } : {}),
      moves: record.record.moves.length, over: Boolean(position.over), saved_at: Date.now(),
    },
    sealed: await seal(await theKey(), slot, record.record),
  };
  const written = await writeSlot(slot, revision, stored);
  if (written === null) return failure("save_conflict", "This game was played on in another tab, so this copy was not saved.");
  return { ok: true, revision: written };
}

/** @param {Request} request @param {(request: Request) => Response} bridge @returns {Promise<Response>} */
async function restore(request, bridge) {
  const { slot, names } = request;
  const row = await readSlot(String(slot));
  const revision = row?.revision ?? 0;
  if (!row?.sealed) return { ok: true, session: null, meta: null, revision };
  let record;
  try {
    record = await unseal(await theKey(), slot, row.sealed);
  } catch {
    return failure("unreadable_save", "Your saved game could not be read.", { revision });
  }
  const loaded = bridge({ op: "load", record, names });
  if (!loaded.ok) return failure("unreadable_save", `Your saved game could not be restored (${loaded.error.message}).`, { revision });
  return { ok: true, session: loaded.session, meta: row.meta, revision };
}

/** @param {Request} request @param {(request: Request) => Response} bridge @returns {Promise<Response>} */
async function adopt(request, bridge) {
  const { slot, record, meta } = request;
  if ((await readSlot(slot))?.sealed) return { ok: true, adopted: false };
  const loaded = bridge({ op: "load", record });
  if (!loaded.ok) return failure("unreadable_save", `Your saved game could not be restored (${loaded.error.message}).`);
  const row = await readSlot(slot);
  const saved = await save({ op: "save", session: loaded.session, slot, meta, revision: row?.revision ?? 0 }, bridge);
  bridge({ op: "close", session: loaded.session });
  return saved.ok ? { ok: true, adopted: true } : saved;
}
