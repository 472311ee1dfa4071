// The sheet's words every Tombstone page shares (the abilities and their suits, the traits, the statuses, the
// inventory's slots), as the engines declare them in GameInfo.constants: the three Tombstone games declare
// the same sheet, so the forge's stand for all of them.
import { constantsOf } from "../game-constants.js";

/** @returns {import("../tombstone_forge/shapes.js").ForgeConstants} */
const sheet = () => constantsOf("tombstone_forge");

/** The abilities in sheet order: id, name, suit and its symbol (TOMB-2: Spades STR, Clubs DEX, Diamonds WIL, Hearts GRT). */
export const abilities = () => sheet().abilities;

/** The eight traits in sheet order, each with the suit whose pile it is drawn from (TS-6). */
export const traits = () => sheet().traits;

/** What each status is called on a sheet ("out of the fight"). */
export const statuses = () => sheet().statuses;

/** The inventory's slots (TOMB-2). */
export const inventorySlots = () => sheet().inventory_slots;

/** @typedef {import("../tombstone_forge/shapes.js").Abilities} Abilities */

/**
 * A score of `scores` (a sheet's abilities or maxima, an NPC's) by an ability's id, as the engine's constants
 * and forms name it (a string).
 * @param {Abilities} scores
 * @param {string} id
 * @returns {number}
 */
export function scoreOf(scores, id) {
  /** @type {Record<string, number>} */
  const byId = scores;
  return byId[id];
}

/**
 * A trait drawn (a sheet's or an offer's) by its id, as the engine's constants name it (a string).
 * @param {import("../tombstone_forge/shapes.js").Traits} drawn
 * @param {string} id
 * @returns {string}
 */
export function traitOf(drawn, id) {
  /** @type {Record<string, string>} */
  const byId = drawn;
  return byId[id];
}
