// What the player reads while the saloon opens. The engine worker's own stage labels name its parts (the
// runtime, the engines); a player only needs to know the cards are on their way, so the page says each
// stage in its own plain words and never shows the worker's labels.

/** @type {Record<string, string>} */
const STAGE_WORDS = {
  manifest: "Opening the saloon…",
  download: "Fetching the cards…",
  start: "Setting up the table…",
  engines: "Reading the house rules…",
  ready: "Ready",
};

/**
 * The words for a loading stage (a stage this page does not know yet gets general ones).
 * @param {string} stage
 */
export function stageWords(stage) {
  return STAGE_WORDS[stage] ?? "Getting the table ready…";
}

/**
 * Why the saloon could not open, from the last stage that was reached: before the big files were all in,
 * it is most likely the connection; after, this browser.
 * @param {string | null} lastStage
 */
export function failureWords(lastStage) {
  if (lastStage === null || lastStage === "manifest" || lastStage === "download") {
    return "The cards could not be fetched. Check the connection, then try again.";
  }
  return "The table could not be set up in this browser. Try again, or open the saloon in another browser.";
}

/**
 * "3.1 of 12.3 MB" (decimal megabytes, as download sizes are usually given).
 * @param {number} loaded
 * @param {number} total
 */
export function byteWords(loaded, total) {
  const megabytes = (/** @type {number} */ bytes) => (bytes / 1e6).toFixed(1);
  return `${megabytes(loaded)} of ${megabytes(total)} MB`;
}
