// The table while its cards are on their way: a deck shuffling on the felt (drawn by css/table.css, still
// for those who ask for less motion), "Shuffling the deck…", and on a first visit how much of the big
// downloads has arrived. A later visit starts from the copy the browser kept, with nothing to download:
// then the deck just shuffles.
import { find } from "./dom.js";
import { onLoadingProgress } from "./loading-indicator.js";
import { byteWords } from "./loading-words.js";

/** Keep the waiting view's byte count in step with the loading stages, from now on. */
export function followDownloads() {
  const downloads = find("#deal-download");
  const bar = find("#deal-progress", HTMLProgressElement);
  const words = find("#deal-bytes");
  onLoadingProgress(({ stage, bytes }) => {
    downloads.hidden = !bytes || stage === "ready" || stage === "failed";
    if (!bytes) return;
    bar.max = bytes.total;
    bar.value = bytes.loaded;
    words.textContent = byteWords(bytes.loaded, bytes.total);
  });
}

/**
 * Show or hide the waiting view.
 * @param {boolean} shown
 */
export function showWaiting(shown) {
  find("#waiting").hidden = !shown;
}
