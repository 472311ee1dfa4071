// Service worker: keeps a copy of the whole site (manifest.json's file list) for offline visits.
// Install: precache every file under a cache named by the build's content version.
// Fetch: cache first, network as the fallback; manifest.json goes to the network first so a new
// build is noticed (the page then registers sw.js?v=<new version>, which installs a fresh cache).
// Activate: delete the caches of older builds and take control of open pages.

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const PREFIX = "saloon-";
const CACHE = PREFIX + (new URL(worker.location.href).searchParams.get("v") || "unversioned");
const scope = new URL(worker.registration.scope);
const manifestUrl = new URL("manifest.json", scope).href;
const indexUrl = new URL("index.html", scope).href;

worker.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch(manifestUrl, { cache: "no-cache" });
    const manifest = await response.clone().json();
    const cache = await caches.open(CACHE);
    const urls = manifest.files.map((file) => new URL(file, scope).href);
    await cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" })));
    await cache.put(manifestUrl, response);
    await worker.skipWaiting();
  })());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
    await worker.clients.claim();
  })());
});

async function fromCache(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  if (request.mode === "navigate") return caches.match(indexUrl);
  return undefined;
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await caches.match(request);
    if (hit) return hit;
    throw error;
  }
}

async function cacheFirst(request) {
  const hit = await fromCache(request);
  if (hit) return hit;
  return fetch(request);
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(scope.origin)) return;
  event.respondWith(request.url.split("?")[0] === manifestUrl ? networkFirst(request) : cacheFirst(request));
});
