// Register the service worker once the game engine is up, so its precaching never slows the first load.
// The content version is part of the script URL: a new build means a new worker, a new cache, old ones dropped.

export function enableOffline(version) {
  if (!("serviceWorker" in navigator)) return;
  const script = new URL(`../sw.js?v=${encodeURIComponent(version)}`, import.meta.url);
  navigator.serviceWorker.register(script, { scope: new URL("../", import.meta.url).pathname }).catch(() => {
    // No offline copy this time (private mode, unsupported host); the site works online regardless.
  });
}
