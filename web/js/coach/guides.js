// The guided first games: each game with one keeps its script as data in its own folder
// (web/js/<id>/guide.json), read here the first time it is asked for. A script is a fixed deal and seed
// against a level of the computer whose replies are the same every time (tests/test_guides.py plays each
// script through the bridge and checks them), and one coach mark per move of the person.

/**
 * Where a coach mark points: a box of the canvas (`in` names the list in the renderer's hitboxes(), the
 * other keys must match that box's fields) or a control of the page (`dom`: a CSS selector).
 * @typedef {{in: string} & Record<string, unknown> | {dom: string}} Target
 */

/**
 * One coach mark: what to say, the move it asks for, and the things to press for it, in order (none: the
 * move's button in the move panel).
 * @typedef {object} Step
 * @property {string} say
 * @property {Record<string, unknown>} move
 * @property {Target[]} [point]
 */

/**
 * A guided game.
 * @typedef {object} Guide
 * @property {string} title    the coach's heading ("Your first game of Grit")
 * @property {number} seed     fixes every shuffle the deal leaves to chance and the computer's choices
 * @property {unknown} deal    the forced order of the cards (the shape is the game's, see RULINGS.md)
 * @property {Record<string, string>} options
 * @property {string} level    the computer's level (its replies are checked by the tests)
 * @property {number} side     the person's seat
 * @property {Step[]} steps
 * @property {unknown[]} computer  the computer's moves as the person sees them, in order (for the tests)
 * @property {string} finish   said over the result box
 */

/** @type {Map<string, Promise<Guide>>} each guide by address, fetched or on its way */
const loaded = new Map();
const MANIFEST = new URL("../../manifest.json", import.meta.url);
const GUIDE_FILE = /^js\/([a-z0-9_]+)\/guide\.json$/;
/** @type {Promise<Set<string>> | null} */
let guided = null;

/**
 * The ids of the games with a guided first game: those whose folder ships a guide.json. The site's
 * manifest (written by the build) lists every file, so no list of games is kept here; when it cannot be
 * read, no guide is offered.
 * @returns {Promise<Set<string>>}
 */
export function guidedGames() {
  guided ??= fetch(MANIFEST)
    .then((response) => (response.ok ? response.json() : { files: [] }))
    .then((/** @type {{files?: string[]}} */ manifest) => new Set((manifest.files ?? []).flatMap((file) => GUIDE_FILE.exec(file)?.slice(1) ?? [])))
    .catch(() => new Set());
  return guided;
}

/**
 * The guide of `game` (its folder's guide.json).
 * @param {string} game a game id from GUIDED (games.js)
 * @returns {Promise<Guide>}
 */
export function loadGuide(game) {
  const url = new URL(`../${game}/guide.json`, import.meta.url).href;
  let guide = loaded.get(url);
  if (!guide) {
    guide = fetch(url).then((response) => {
      if (!response.ok) throw new Error("The guided game could not be loaded. Check the connection and try again.");
      return response.json();
    });
    loaded.set(url, guide);
    guide.catch(() => loaded.delete(url)); // try again next time
  }
  return guide;
}

/**
 * Two moves alike whatever the order of their keys.
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameMove(a, b) {
  return canonical(a) === canonical(b);
}

/**
 * JSON text of `value` with every object's keys in order.
 * @param {unknown} value
 * @returns {string}
 */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const fields = /** @type {Record<string, unknown>} */ (value);
    return `{${Object.keys(fields).sort().map((key) => `${JSON.stringify(key)}:${canonical(fields[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
