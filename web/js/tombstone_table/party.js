// The party for a session at the Dealer's table: this game's part of the setup form (games.js
// `setupFields`), the family's party picker (../tombstone/party-picker.js) with up to six characters, or
// the sample party the engine seats when it is given none (nobody, when the players join from their own
// devices and bring their characters: remote/remote-sheet.js).
import { partyPicker } from "../tombstone/party-picker.js";

/**
 * @param {import("../types.js").SetupContext} context
 * @returns {Promise<import("../types.js").SetupFields>}
 */
export function setupFields(context) {
  return partyPicker(context, {
    max: 6,
    none: { value: "sample", label: "The sample party: Jesse the gambler and Silas the blacksmith", remote: "Nobody from this roster: the players bring their own" },
  });
}
