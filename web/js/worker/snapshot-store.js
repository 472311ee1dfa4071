// The engines' memory snapshot, kept in Cache Storage between visits: one entry, keyed by the manifest's
// runtime_version (a hash over the runtime, the engines and this worker), so a build never boots from
// another runtime's memory, and a deploy that changed only the page keeps the snapshot.
//
// The snapshot is Python's memory right after the engines were imported, before any game: it holds no
// deal, no seed and no saved game (those stay sealed in IndexedDB, see saves.js). Reading it out of the
// browser's storage shows nothing a player could not read in the engines archive itself.
//
// Every call here may fail (no Cache Storage in this browser, quota, a private window): callers treat a
// failure as "no snapshot" and start the slow way.

const CACHE = "engine-snapshot"; // not "saloon-…": the service worker clears those per build
const ENTRY_PATH = "engine-snapshot/"; // a made-up URL under the site: Cache Storage keys are requests

/** @param {URL} siteRoot @param {string} version the manifest's runtime_version */
const entryUrl = (siteRoot, version) => new URL(`${ENTRY_PATH}${encodeURIComponent(version)}`, siteRoot).href;

/**
 * The snapshot of this runtime, or null when there is none; entries of other runtimes are dropped on the way.
 * @param {URL} siteRoot
 * @param {string} version
 * @returns {Promise<Uint8Array | null>}
 */
export async function loadSnapshot(siteRoot, version) {
  const cache = await caches.open(CACHE);
  const mine = entryUrl(siteRoot, version);
  for (const request of await cache.keys()) {
    if (request.url !== mine) await cache.delete(request);
  }
  const hit = await cache.match(mine);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

/**
 * Keep this runtime's snapshot for the next visit.
 * @param {URL} siteRoot
 * @param {string} version
 * @param {Uint8Array} snapshot
 */
export async function keepSnapshot(siteRoot, version, snapshot) {
  const cache = await caches.open(CACHE);
  const headers = { "Content-Type": "application/octet-stream", "Content-Length": String(snapshot.byteLength) };
  await cache.put(entryUrl(siteRoot, version), new Response(/** @type {BodyInit} */ (snapshot), { headers }));
}

/** Forget every snapshot (one that failed to boot must not be tried again). */
export async function dropSnapshots() {
  await caches.delete(CACHE);
}
