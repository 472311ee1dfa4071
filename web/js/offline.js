// Register the service worker once the game engine is up, so its first copy of the site never slows the
// first load. Its script URL never changes: each build stamps its version into sw.js, and the browser's
// own update check (sw.js fetched on each visit, compared byte for byte) installs the next build, which
// downloads only the files whose content changed (sw.js says how).

export function enableOffline() {
  if (!("serviceWorker" in navigator)) return;
  const script = new URL("../sw.js", import.meta.url);
  navigator.serviceWorker.register(script, { scope: new URL("../", import.meta.url).pathname }).catch(() => {
    // No offline copy this time (private mode, unsupported host); the site works online regardless.
  });
}
