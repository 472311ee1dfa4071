// How fast the tables play moves out: slow, normal, fast or instant, chosen at the table and remembered
// in this browser (localStorage holds the word only). Under prefers-reduced-motion every table is instant:
// no card flies, nothing pulses, the computer answers at once. An address may carry `speed=` for one
// table (tests and the benchmark ask for instant); that is not remembered.

const KEY = "saloon.speed";
const REDUCED = "(prefers-reduced-motion: reduce)";

/** @typedef {import("../types.js").Speed} Speed */

/** Timeline milliseconds per real millisecond at each speed; instant plays nothing out at all. */
export const PACES = { slow: 0.6, normal: 1, fast: 2.2, instant: Infinity };

export const SPEED_LABELS = { slow: "Slow", normal: "Normal", fast: "Fast", instant: "Instant" };

/** @param {unknown} word @returns {word is Speed} */
export const isSpeed = (word) => typeof word === "string" && Object.hasOwn(PACES, word);

export const reducedMotion = () => matchMedia(REDUCED).matches;

/** The speed remembered in this browser (normal when none, or when storage cannot be read). */
export function rememberedSpeed() {
  try {
    const word = localStorage.getItem(KEY);
    return isSpeed(word) ? word : "normal";
  } catch {
    return "normal";
  }
}

/**
 * The speed a table plays at: instant under reduced motion, else the address's (one table) or the
 * remembered one.
 * @param {Speed | undefined} asked the address's `speed=`, if any
 * @returns {Speed}
 */
export function tableSpeed(asked) {
  if (reducedMotion()) return "instant";
  return asked ?? rememberedSpeed();
}

/**
 * The toolbar's speed control: shows the speed in force, remembers a choice and reports it.
 * @param {HTMLSelectElement} select
 * @param {(speed: Speed) => void} changed
 */
export function wireSpeedControl(select, changed) {
  select.replaceChildren(...Object.entries(SPEED_LABELS).map(([value, label]) => new Option(label, value)));
  const reduced = matchMedia(REDUCED);
  const sync = () => {
    select.disabled = reduced.matches;
    select.title = reduced.matches ? "Your device asks for reduced motion: moves are shown at once" : "How fast moves play out on the table";
  };
  sync();
  reduced.addEventListener("change", sync);
  select.addEventListener("change", () => {
    const word = select.value;
    if (!isSpeed(word)) return;
    try {
      localStorage.setItem(KEY, word);
    } catch {
      // Storage is off: the choice holds for this visit only.
    }
    changed(word);
  });
}

/**
 * Show a table's speed in the control.
 * @param {HTMLSelectElement} select
 * @param {Speed} speed
 */
export function showSpeed(select, speed) {
  select.value = speed;
}
