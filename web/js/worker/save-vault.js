// The worker's IndexedDB: the sealing key and one save slot per game, with a revision number per slot.
//
// Stores of database "saloon-saves":
//   keys   "seal" -> the AES-GCM CryptoKey (non-extractable: script can use it, never read its bytes)
//   slots  {slot, revision, meta, sealed}   slot = game id; sealed = {iv, data} or null once forgotten
// A slot's revision only ever grows (forgetting leaves a tombstone with the next revision), so a tab that
// last saw revision n can tell, inside one readwrite transaction, whether anyone wrote the slot since.

const DB_NAME = "saloon-saves";
const KEY_NAME = "seal";
let database = null;

/** Call `then` with a request's result, inside its transaction (a failed request aborts the transaction). */
function whenDone(request, then) {
  request.onsuccess = () => then(request.result);
}

function open() {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore("keys");
      request.result.createObjectStore("slots", { keyPath: "slot" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return database;
}

/**
 * Run `work(store)` in one transaction on `storeName`; resolves with what `work` left in its result box
 * once the transaction has committed (so a resolved write is on disk, and a rejected one changed nothing).
 */
async function transact(storeName, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    const box = { result: undefined };
    work(transaction.objectStore(storeName), box);
    transaction.oncomplete = () => resolve(box.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("the save was not written"));
  });
}

/** The sealing key of this browser profile, made on first use. Two tabs racing keep whichever landed first. */
export async function sealingKey() {
  const stored = await transact("keys", "readonly", (store, box) => {
    whenDone(store.get(KEY_NAME), (key) => { box.result = key; });
  });
  if (stored) return stored;
  const made = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  return transact("keys", "readwrite", (store, box) => {
    whenDone(store.get(KEY_NAME), (existing) => {
      box.result = existing ?? made;
      if (!existing) store.put(made, KEY_NAME);
    });
  });
}

/** The row of a slot: {slot, revision, meta, sealed}, or undefined if it was never written. */
export function readSlot(slot) {
  return transact("slots", "readonly", (store, box) => {
    whenDone(store.get(slot), (row) => { box.result = row; });
  });
}

/** Every slot that holds a game. */
export async function filledSlots() {
  const rows = await transact("slots", "readonly", (store, box) => {
    whenDone(store.getAll(), (all) => { box.result = all; });
  });
  return rows.filter((row) => row.sealed);
}

/**
 * Write a slot if its revision is still `expected` (0 for a slot never written; null: whatever it is):
 * compare and set in one readwrite transaction, so of two tabs saving over the same revision only the
 * first succeeds. Resolves to the new revision, or null when the slot had moved on.
 */
export function writeSlot(slot, expected, { meta, sealed }) {
  return transact("slots", "readwrite", (store, box) => {
    whenDone(store.get(slot), (row) => {
      const current = row?.revision ?? 0;
      if (expected !== null && current !== expected) {
        box.result = null;
        return;
      }
      store.put({ slot, revision: current + 1, meta, sealed });
      box.result = current + 1;
    });
  });
}

/** Empty a slot (whatever its revision) and resolve to the tombstone's revision. */
export function clearSlot(slot) {
  return transact("slots", "readwrite", (store, box) => {
    whenDone(store.get(slot), (row) => {
      const revision = (row?.revision ?? 0) + 1;
      store.put({ slot, revision, meta: null, sealed: null });
      box.result = revision;
    });
  });
}
