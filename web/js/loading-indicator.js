// The brass pill at the bottom of the screen that tells how far the saloon has got opening. The engine
// worker's loading stages arrive here (boot.js hands each one over); other views follow them through
// onLoadingProgress (the waiting table shows the same byte count).
import { stageWords, failureWords, byteWords } from "./loading-words.js";
import { find } from "./dom.js";

/**
 * How far the saloon has got opening.
 * @typedef {object} LoadingProgress
 * @property {string | null} stage  the last stage told ("ready" or "failed" at the end), null before any
 * @property {{loaded: number, total: number} | null} bytes  the big downloads so far; null when there were
 *   none (a later visit starts from the copy the browser kept)
 */

/** @type {LoadingProgress} */
let progress = { stage: null, bytes: null };
/** @type {Set<(progress: LoadingProgress) => void>} */
const listeners = new Set();

/** @type {Record<string, number>} how far the pill's bar stands at each stage after the downloads, in % */
const STAGE_PERCENT = { manifest: 3, start: 82, engines: 92, ready: 100 };

/**
 * The pill's bar: the downloads are most of the wait on a first visit, so they fill most of it.
 * @param {LoadingProgress} progress
 */
function percent({ stage, bytes }) {
  if (stage === "download" && bytes) return 3 + (77 * bytes.loaded) / Math.max(1, bytes.total);
  return (stage === null ? undefined : STAGE_PERCENT[stage]) ?? 3;
}

/**
 * The big downloads so far, after one more stage message (the worker thins its counts out, but always
 * sends the last one, loaded === total, before the "start" stage).
 * @param {LoadingProgress["bytes"]} bytes
 * @param {{stage: string, loaded?: number, total?: number}} message
 */
function downloaded(bytes, { stage, loaded, total }) {
  if (stage === "download" && Number.isFinite(loaded) && Number(total) > 0) {
    return { loaded: Math.min(Number(total), Math.max(bytes?.loaded ?? 0, Number(loaded))), total: Number(total) };
  }
  return bytes;
}

/**
 * Tell `listener` how far the saloon has got, now and after every stage.
 * @param {(progress: LoadingProgress) => void} listener
 */
export function onLoadingProgress(listener) {
  listeners.add(listener);
  listener(progress);
}

/**
 * Once the pill has faded out (at once when the player asks for reduced motion), it leaves the page: on the
 * menu it no longer keeps its strip under the tiles.
 * @param {HTMLElement} root
 */
function leaveAfterFading(root) {
  Promise.all(root.getAnimations().map((fade) => fade.finished)).then(() => {
    root.hidden = true;
  }, () => {}); // a fade cancelled is not done
}

/**
 * Show one stage message of the worker in the page's own words (loading-words.js); a failure's technical label is
 * left to app.ready's rejection.
 * @param {HTMLElement} root  the pill
 * @param {{stage: string, label?: string, loaded?: number, total?: number}} message
 */
export function showLoadingStage(root, { stage, loaded, total }) {
  const lastStage = progress.stage;
  if (lastStage === "failed") return; // downloads still under way when a step failed change nothing now
  const bytes = downloaded(progress.bytes, { stage, loaded, total });
  progress = { stage, bytes };

  const label = find("#loading-label", HTMLElement, root);
  const bar = find("#loading-bar", HTMLProgressElement, root);
  if (stage === "failed") {
    label.textContent = failureWords(lastStage);
    root.classList.add("failed");
    const retry = find("#loading-retry", HTMLButtonElement, root);
    retry.hidden = false;
    retry.onclick = () => location.reload();
  } else {
    label.textContent = stage === "download" && bytes ? `${stageWords(stage)} ${byteWords(bytes.loaded, bytes.total)}` : stageWords(stage);
    bar.value = percent(progress);
    root.classList.toggle("done", stage === "ready");
    if (stage === "ready") leaveAfterFading(root);
  }
  for (const listener of listeners) listener(progress);
}
