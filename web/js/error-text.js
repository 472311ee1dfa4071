// What a caught error says, for a message to the player: a thrown value need not be an Error.

/**
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}
