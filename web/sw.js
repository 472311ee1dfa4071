// Service worker: keeps a copy of the whole site for offline visits, and on a new build downloads only the
// files whose content changed.
//
// Builds: build.py writes each build's content version into VERSION below, so the browser's own update
// check (it fetches sw.js on each visit and compares it byte for byte) notices every new build, and lists
// every file in manifest.json with its content hash.
// Caches: "saloon-<version>" holds every file of one build. manifest.json is put into it last: a cache
// without it is a build still installing (or one whose install failed), and nothing of it is trusted.
// Install: read the new build's manifest.json (it must name VERSION: a server halfway through a deploy is
// tried again on a later visit). A file a complete cache holds at the same content hash is copied from
// there; only the others are downloaded, and each must match its hash. The runtime (~13 MB) comes back
// only when it changed.
// Clients: each page, and each worker a page starts, is served from the build it was opened with for all
// its life, so a page of the old build still open after an update keeps getting the old build's files and
// never a mix of two builds. The link is kept in the build's cache itself (an entry under "sw-client/"), as
// this worker may be stopped and started again between two requests of a page.
// Activate: take over at once, and mark the build's cache as served ("sw-served"). A served build's cache
// is deleted once no open page or worker belongs to it; a complete one never served (its worker replaced
// before it took over) by the next install, once it has copied what it could from it.

/** @typedef {{ version: string, files: string[], hashes?: Record<string, string> }} Manifest */

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "unbuilt"; // build.py (write_manifest) stamps the build's content version here
const PREFIX = "saloon-";
const CACHE = PREFIX + VERSION;
const scope = worker.registration.scope;
const manifestUrl = new URL("manifest.json", scope).href;
const indexUrl = new URL("index.html", scope).href;
const clientsUrl = new URL("sw-client/", scope).href; // made-up URLs under the site: cache keys are requests
const servedUrl = new URL("sw-served", scope).href;

/** @type {Map<string, string>} the build (cache name) each client id is served from, as far as known */
const builds = new Map();

/** @param {string} id */
const clientEntry = (id) => clientsUrl + encodeURIComponent(id);

/** The caches of this site's builds, complete or not. */
async function buildCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX));
}

/**
 * The manifest a build's cache was completed with, or null while it is incomplete.
 * @param {string} name
 * @returns {Promise<Manifest | null>}
 */
async function cachedManifest(name) {
  const hit = await caches.match(manifestUrl, { cacheName: name });
  return hit ? /** @type {Promise<Manifest>} */ (hit.json()) : null;
}

/**
 * Whether a complete build's cache has served pages: marked so on activation, or kept by the service worker
 * of before hashes (which served every cache it completed).
 * @param {string} name
 * @param {Manifest} manifest
 */
async function served(name, manifest) {
  return !manifest.hashes || Boolean(await caches.match(servedUrl, { cacheName: name }));
}

/**
 * The first hex digits of the SHA-256 of `body`, as many as `like` has (manifest.json's hashes).
 * @param {ArrayBuffer} body
 * @param {string} like
 */
async function contentHash(body, like) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, like.length);
}

/**
 * Download one file of the new build, checked against its hash. The response is rebuilt from its bytes:
 * without Content-Encoding and Content-Length, which described the bytes on the wire, not these.
 * @param {string} url
 * @param {string} hash
 */
async function download(url, hash) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  if (await contentHash(body, hash) !== hash) throw new Error(`${url} is not the file manifest.json names`);
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A kept copy of `url` at content hash `hash`, or null. A cache whose manifest lists hashes is believed;
 * one kept by the service worker of before hashes (its manifest has none) is checked byte by byte.
 * @param {string} url
 * @param {string} file
 * @param {string} hash
 * @param {Map<string, Manifest>} kept  complete caches and their manifests
 */
async function keptCopy(url, file, hash, kept) {
  for (const [name, manifest] of kept) {
    const listed = manifest.hashes?.[file];
    if (listed !== undefined && listed !== hash) continue;
    const hit = await caches.match(url, { cacheName: name });
    if (!hit) continue;
    if (listed === hash || await contentHash(await hit.clone().arrayBuffer(), hash) === hash) return hit;
  }
  return null;
}

async function install() {
  const response = await fetch(manifestUrl, { cache: "no-cache" });
  if (!response.ok) throw new Error(`manifest.json: HTTP ${response.status}`);
  const manifest = /** @type {Manifest} */ (await response.clone().json());
  const hashes = manifest.hashes;
  if (manifest.version !== VERSION || !hashes) {
    throw new Error(`manifest.json is of build ${manifest.version}, this worker of ${VERSION}: not yet deployed`);
  }
  /** @type {Map<string, Manifest>} */
  const kept = new Map();
  for (const name of await buildCaches()) {
    const complete = await cachedManifest(name);
    if (complete) kept.set(name, complete);
    else if (name !== CACHE) await caches.delete(name); // an install that failed
  }
  const cache = await caches.open(CACHE);
  await Promise.all(manifest.files.map(async (file) => {
    const url = new URL(file, scope).href;
    const hash = hashes[file];
    await cache.put(url, (await keptCopy(url, file, hash, kept)) ?? (await download(url, hash)));
  }));
  await cache.put(manifestUrl, response);
  for (const [name, complete] of kept) {
    if (name !== CACHE && !(await served(name, complete))) await caches.delete(name);
  }
}

/**
 * Remember that client `id` is served from build `name`, in memory and in that build's cache.
 * @param {ExtendableEvent} event
 * @param {string} id
 * @param {string} name
 */
function link(event, id, name) {
  builds.set(id, name);
  event.waitUntil(caches.open(name).then((cache) => cache.put(clientEntry(id), new Response(""))));
}

/**
 * The build a client is served from: the one it was linked to, else (a client first seen, or a page of the
 * worker before this one) this worker's own build from now on. A request of no client gets this build.
 * @param {FetchEvent} event
 */
async function buildOf(event) {
  const id = event.clientId;
  if (!id) return CACHE;
  const known = builds.get(id);
  if (known) return known;
  for (const name of await buildCaches()) {
    if (await caches.match(clientEntry(id), { cacheName: name })) {
      builds.set(id, name);
      return name;
    }
  }
  link(event, id, CACHE);
  return CACHE;
}

/**
 * Drop the served builds no open client uses (never this worker's own, nor one installing or just installed)
 * and the links of clients that are gone. `keep`: a client just linked, not yet counted among the open ones.
 * @param {string} keep
 */
async function prune(keep) {
  const open = await worker.clients.matchAll({ includeUncontrolled: true, type: "all" });
  const alive = new Set([keep, ...open.map((client) => client.id)]);
  for (const name of await buildCaches()) {
    const cache = await caches.open(name);
    const links = (await cache.keys()).filter((request) => request.url.startsWith(clientsUrl));
    const gone = links.filter((request) => !alive.has(decodeURIComponent(request.url.slice(clientsUrl.length))));
    const manifest = name === CACHE ? null : await cachedManifest(name);
    if (manifest && gone.length === links.length && await served(name, manifest)) {
      await caches.delete(name);
    } else {
      await Promise.all(gone.map((request) => cache.delete(request)));
    }
  }
  for (const id of builds.keys()) if (!alive.has(id)) builds.delete(id);
}

/**
 * Answer from the client's build; a navigation opens a new client on this worker's build. What the build
 * does not hold (or a build gone missing) comes from the network.
 * @param {FetchEvent} event
 */
async function respond(event) {
  const { request } = event;
  const navigation = request.mode === "navigate";
  const name = navigation ? CACHE : await buildOf(event);
  if (event.resultingClientId) link(event, event.resultingClientId, name); // a page, or a worker it starts
  if (navigation) event.waitUntil(prune(event.resultingClientId));
  const hit = (await caches.match(request, { cacheName: name }))
    ?? (navigation ? await caches.match(indexUrl, { cacheName: name }) : undefined);
  return hit ?? fetch(request);
}

worker.addEventListener("install", (event) => {
  event.waitUntil(install().then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await (await caches.open(CACHE)).put(servedUrl, new Response(""));
    await worker.clients.claim();
    await prune("");
  })());
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith(respond(event));
});
