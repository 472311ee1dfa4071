// What the browser remembers about the guided games (localStorage; nothing secret: the guides' deals are
// part of the site): which games' "Learn to play" offer was taken or turned down, and how far the coach
// got in a guided game in progress, so that a reload picks the guide up at the same step.

const OFFERS = "saloon:guide-offers";
const STEP = "saloon:guide-step:";
const STOPPED = -1;

/**
 * The offers answered, by game id ("taken" or "dismissed"; anything else stored counts as answered too).
 * @returns {Record<string, unknown>}
 */
function readOffers() {
  try {
    const value = JSON.parse(localStorage.getItem(OFFERS) ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/**
 * @param {string} key
 * @param {string} value
 */
function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage off: the offer shows again next time, and a reload starts the guide's words over.
  }
}

/**
 * Whether the menu still offers a guided game of `game` (neither taken nor turned down yet).
 * @param {string} game
 */
export function offerOpen(game) {
  return !readOffers()[game];
}

/**
 * The offer of `game` is answered: "taken" or "dismissed"; the menu does not show it again.
 * @param {string} game
 * @param {"taken" | "dismissed"} answer
 */
export function closeOffer(game, answer) {
  write(OFFERS, JSON.stringify({ ...readOffers(), [game]: answer }));
}

/**
 * The coach mark reached in the guided game of `game` in progress: 0 when none is remembered, null when
 * the player stopped the guide (the game goes on without it, after a reload too).
 * @param {string} game
 * @returns {number | null}
 */
export function stepReached(game) {
  let value = Number.NaN;
  try {
    value = Number.parseInt(localStorage.getItem(STEP + game) ?? "", 10);
  } catch {
    // Storage off: from the top.
  }
  if (value === STOPPED) return null;
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/**
 * Remember that the guided game of `game` is at coach mark `step` (null: the guide was stopped).
 * @param {string} game
 * @param {number | null} step
 */
export function rememberStep(game, step) {
  write(STEP + game, String(step ?? STOPPED));
}
