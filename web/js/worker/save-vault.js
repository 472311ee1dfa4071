// The worker's IndexedDB: the sealing key, one save slot per game with a revision number per slot, and
// the records kept aside.
//
// Stores of database "saloon-saves":
//   keys   "seal" -> the AES-GCM CryptoKey (non-extractable: script can use it, never read its bytes)
//   slots  {slot, revision, meta, sealed}   slot = game id; sealed = {iv, data} or null once forgotten
//   kept   {id, slot, sealed, why, kept_at, downloaded}  a record that could not be loaded (another game's, an older rules
//          version with no migration, a move the rules now refuse) or an old save that could not be taken in,
//          still sealed for `slot`: kept until the player discards it, never overwritten (ids only grow)
// A slot's revision only ever grows (forgetting leaves a tombstone with the next revision), so a tab that
// last saw revision n can tell, inside one readwrite transaction, whether anyone wrote the slot since.

/** @typedef {import("../types.js").SaveMeta} SaveMeta */
/** @typedef {{iv: Uint8Array<ArrayBuffer>, data: ArrayBuffer}} Sealed */
/** @typedef {{slot: string, revision: number, meta: SaveMeta | null, sealed: Sealed | null}} SlotRow */
/** @typedef {{meta: SaveMeta, sealed: Sealed}} Stored */
/**
 * A record kept aside; the page offers it for download on each visit until it is `downloaded`.
 * @typedef {{id: number, slot: string, sealed: Sealed, why: string, kept_at: number, downloaded: boolean}} KeptRow
 */

const DB_NAME = "saloon-saves";
const DB_VERSION = 2; // 2: the "kept" store
const KEY_NAME = "seal";
/** @type {Promise<IDBDatabase> | null} */
let database = null;

/**
 * Call `then` with a request's result, inside its transaction (a failed request aborts the transaction).
 * @template T
 * @param {IDBRequest<T>} request
 * @param {(result: T) => void} then
 */
function whenDone(request, then) {
  request.onsuccess = () => then(request.result);
}

/** @returns {Promise<IDBDatabase>} */
function open() {
  if (database) return database;
  /** @type {Promise<IDBDatabase>} */
  const opening = new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") throw new Error("this browser keeps no site data here");
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) {
        db.createObjectStore("keys");
        db.createObjectStore("slots", { keyPath: "slot" });
      }
      if (event.oldVersion < 2) db.createObjectStore("kept", { keyPath: "id", autoIncrement: true });
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => { // a newer page upgrades the database: let it, and open again next time
        db.close();
        database = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  });
  opening.catch(() => {
    if (database === opening) database = null; // a failed open is tried again by the next request
  });
  database = opening;
  return opening;
}

/**
 * Run `work(store)` in one transaction on `storeName`; resolves with what `work` left in its result box
 * once the transaction has committed (so a resolved write is on disk, and a rejected one changed nothing).
 * @template T
 * @param {string} storeName
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore, box: {result: T | undefined}) => void} work
 * @returns {Promise<T | undefined>}
 */
async function transact(storeName, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    /** @type {{result: T | undefined}} */
    const box = { result: undefined };
    work(transaction.objectStore(storeName), box);
    transaction.oncomplete = () => resolve(box.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("the save was not written"));
  });
}

/**
 * The sealing key of this browser profile, made on first use. Two tabs racing keep whichever landed first.
 * @returns {Promise<CryptoKey>}
 */
export async function sealingKey() {
  /** @type {CryptoKey | undefined} */
  const stored = await transact("keys", "readonly", (store, box) => {
    whenDone(store.get(KEY_NAME), (key) => { box.result = key; });
  });
  if (stored) return stored;
  const made = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  /** @type {CryptoKey | undefined} */
  const kept = await transact("keys", "readwrite", (store, box) => {
    whenDone(store.get(KEY_NAME), (existing) => {
      box.result = existing ?? made;
      if (!existing) store.put(made, KEY_NAME);
    });
  });
  return kept ?? made;
}

/**
 * The row of a slot, or undefined if it was never written.
 * @param {string} slot
 * @returns {Promise<SlotRow | undefined>}
 */
export function readSlot(slot) {
  return transact("slots", "readonly", (store, box) => {
    whenDone(store.get(slot), (row) => { box.result = row; });
  });
}

/**
 * Every slot that holds a game.
 * @returns {Promise<SlotRow[]>}
 */
export async function filledSlots() {
  /** @type {SlotRow[] | undefined} */
  const rows = await transact("slots", "readonly", (store, box) => {
    whenDone(store.getAll(), (all) => { box.result = all; });
  });
  return (rows ?? []).filter((row) => row.sealed);
}

/**
 * Write a slot if its revision is still `expected` (0 for a slot never written; null: whatever it is):
 * compare and set in one readwrite transaction, so of two tabs saving over the same revision only the
 * first succeeds. Resolves to the new revision, or null when the slot had moved on.
 * @param {string} slot
 * @param {number | null} expected
 * @param {Stored} stored
 * @returns {Promise<number | null>}
 */
export async function writeSlot(slot, expected, { meta, sealed }) {
  /** @type {number | null | undefined} */
  const written = await transact("slots", "readwrite", (store, box) => {
    whenDone(store.get(slot), (/** @type {SlotRow | undefined} */ row) => {
      const current = row?.revision ?? 0;
      if (expected !== null && current !== expected) {
        box.result = null;
        return;
      }
      store.put({ slot, revision: current + 1, meta, sealed });
      box.result = current + 1;
    });
  });
  return written ?? null;
}

/**
 * Empty a slot (whatever its revision) and resolve to the tombstone's revision.
 * @param {string} slot
 * @returns {Promise<number>}
 */
export async function clearSlot(slot) {
  /** @type {number | undefined} */
  const revision = await transact("slots", "readwrite", (store, box) => {
    whenDone(store.get(slot), (/** @type {SlotRow | undefined} */ row) => {
      box.result = (row?.revision ?? 0) + 1;
      store.put({ slot, revision: box.result, meta: null, sealed: null });
    });
  });
  if (revision === undefined) throw new Error("the slot was not emptied");
  return revision;
}

/**
 * Keep a sealed record aside for good; resolves to its id once it is on disk (the id it already has when
 * this very seal is kept already: a refused restore asked again keeps one copy).
 * @param {string} slot  what it is sealed for
 * @param {Sealed} sealed
 * @param {string} why  the reason it could not be loaded, for the player
 * @returns {Promise<number>}
 */
export async function keepAside(slot, sealed, why) {
  /** @type {number | undefined} */
  const id = await transact("kept", "readwrite", (store, box) => {
    whenDone(store.getAll(), (/** @type {KeptRow[]} */ rows) => {
      const same = rows.find((row) => row.slot === slot && sameBytes(row.sealed.iv, sealed.iv));
      if (same) box.result = same.id;
      else whenDone(store.add({ slot, sealed, why, kept_at: Date.now(), downloaded: false }), (key) => { box.result = Number(key); });
    });
  });
  if (id === undefined) throw new Error("the record was not kept");
  return id;
}

/**
 * A record kept aside, or undefined when there is none by that id.
 * @param {number} id
 * @returns {Promise<KeptRow | undefined>}
 */
export function readKept(id) {
  return transact("kept", "readonly", (store, box) => {
    whenDone(store.get(id), (row) => { box.result = row; });
  });
}

/**
 * Every record kept aside.
 * @returns {Promise<KeptRow[]>}
 */
export async function keptRows() {
  /** @type {KeptRow[] | undefined} */
  const rows = await transact("kept", "readonly", (store, box) => {
    whenDone(store.getAll(), (all) => { box.result = all; });
  });
  return rows ?? [];
}

/**
 * Note that a kept record was downloaded (`downloaded` true), or drop it for good (null: the player discarded
 * it). Resolves to whether there was such a record.
 * @param {number} id
 * @param {true | null} downloaded
 * @returns {Promise<boolean>}
 */
export async function markKept(id, downloaded) {
  /** @type {boolean | undefined} */
  const found = await transact("kept", "readwrite", (store, box) => {
    whenDone(store.get(id), (/** @type {KeptRow | undefined} */ row) => {
      box.result = row !== undefined;
      if (row && downloaded === null) store.delete(id);
      else if (row) store.put({ ...row, downloaded });
    });
  });
  return found ?? false;
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
const sameBytes = (a, b) => a.length === b.length && a.every((byte, index) => byte === b[index]);
