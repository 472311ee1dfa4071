// What each game's engine declares for the page (GameInfo.constants: the suit table, the sheet's abilities, a
// party's size, the deck's size...), kept here once the catalog is read, so that no module of the page keeps
// a copy of a rule's numbers or words. Tables, setup forms and rosters only open after the catalog.

/** @typedef {import("./types.js").GameInfo} GameInfo */

/** @type {Map<string, Record<string, any>>} */
const known = new Map();

/** @param {GameInfo[]} games */
export function keepConstants(games) {
  for (const info of games) known.set(info.id, info.constants ?? {});
}

/**
 * The constants of game `id`, as its engine declares them (the game's shapes.js types them).
 * @param {string} id
 * @returns {any}
 */
export function constantsOf(id) {
  const constants = known.get(id);
  if (!constants) throw new Error(`The rules of ${id} are not known yet: the list of games has not been read.`);
  return constants;
}
