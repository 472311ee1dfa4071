// AES-GCM sealing of saved records: a fresh 96-bit IV per seal, the slot name as additional data (a sealed
// game copied into another slot does not open), JSON inside.

/** @typedef {import("./save-vault.js").Sealed} Sealed */

const encoder = new TextEncoder();

/**
 * Seal a JSON-able value for `slot`: {iv, data} with data the ciphertext and tag.
 * @param {CryptoKey} key
 * @param {string} slot
 * @param {unknown} value
 * @returns {Promise<Sealed>}
 */
export async function seal(key, slot, value) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(slot) }, key, encoder.encode(JSON.stringify(value)));
  return { iv, data };
}

/**
 * The value sealed for `slot`; rejects if the bytes were changed, the key differs or it is not JSON.
 * @param {CryptoKey} key
 * @param {string} slot
 * @param {Sealed} sealed
 * @returns {Promise<unknown>}
 */
export async function unseal(key, slot, { iv, data }) {
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(slot) }, key, data);
  return JSON.parse(new TextDecoder().decode(plain));
}
