// The games the page can seat people at: one line per game, its id and its table module (which exports
// `makeTable(kit)`, the game's adapter for the table controller: table/adapter.js). A table module loads only when someone sits down, so the menu never waits for it. Everything
// else about a game (title, modes, levels, options, seats) comes from the engine's GameInfo. A game whose
// `new` takes a structured setup (GameInfo.setup) may also export `setupFields(context)`: its part of the
// setup form (types.js SetupFields).

/** @type {Record<string, () => Promise<{makeTable: (kit: import("./table/adapter.js").TableKit) => import("./table/adapter.js").TableAdapter, setupFields?: (context: import("./types.js").SetupContext) => Promise<import("./types.js").SetupFields>}>>} */
export const TABLES = {
  grit: () => import("./grit/table.js"),
  knife_fight: () => import("./knife_fight/table.js"),
  grow21: () => import("./grow21/table.js"),
  dueling_suits: () => import("./dueling_suits/table.js"),
  tombstone_forge: () => import("./tombstone_forge/table.js"),
  tombstone_table: () => import("./tombstone_table/table.js"),
  tombstone_showdown: () => import("./tombstone_showdown/table.js"),
};

/**
 * Whether the page has a table for game `id` (ids come from addresses, so anything may arrive).
 * @param {string | undefined} id
 * @returns {id is string}
 */
export const hasTable = (id) => id !== undefined && Object.hasOwn(TABLES, id);

/**
 * The picture on game `id`'s menu tile: its folder's vignette.js, found by convention like its table and
 * loaded once the tiles are up. It exports `vignette()`, which returns the picture's element.
 * @param {string} id  a game with a table
 * @returns {Promise<{vignette: () => Element}>}
 */
export const vignetteModule = (id) => import(`./${id}/vignette.js`);

/**
 * Entries on the menu beside the games, each declared by a family of games in a module of its own that
 * exports `menuEntry` (menu.js MenuEntry), loaded once the tiles are up: Tombstone's roster of characters.
 * @type {(() => Promise<{menuEntry: import("./menu.js").MenuEntry}>)[]}
 */
export const MENU_ENTRIES = [() => import("./tombstone/menu-entry.js")];
