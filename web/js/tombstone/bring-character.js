// A player invited to a Dealer's table on another device picks the character they sit down with, from the
// roster kept in this browser (./roster.js, every sheet checked by the engine), in the remote sheet's form
// (remote/remote-sheet.js). The Dealer's engine checks the sheet again when it arrives (TS-18); at the end of
// the session the sheet as the table left it comes back to this roster.
import { Roster, sheetId } from "./roster.js";
import { make } from "./sheet-view.js";
import { characterLine, memberMarks } from "./party-picker.js";
import { attachStylesheet } from "../table/stylesheet.js";

/**
 * Offer the roster's characters as one choice in `form` (its fieldset `list`); resolves with the sheet
 * picked when the form is sent. A roster with nobody who may sit down throws, with what to do.
 * @param {import("../types.js").Engine} engine
 * @param {HTMLFormElement} form
 * @param {HTMLFieldSetElement} list
 * @returns {Promise<import("./roster.js").Sheet>}
 */
export async function bringCharacter(engine, form, list) {
  const stylesheet = attachStylesheet(new URL("./party-picker.css", import.meta.url).href);
  const [{ characters }] = await Promise.all([new Roster(engine).load(), stylesheet.ready]);
  const fit = characters.filter((character) => character.sheet.status !== "dead");
  if (!fit.length) {
    throw new Error("Nobody on your roster can sit down (it is empty, or everyone on it is dead). Forge a character "
      + "(the menu's Tombstone: forge a character), then open the invite again.");
  }
  const choices = fit.map((character, index) => {
    const radio = /** @type {HTMLInputElement} */ (make("input", { type: "radio", name: "remote-character", value: String(index), "data-character": sheetId(character.sheet) }));
    radio.checked = index === 0;
    return make("label", { className: "tt-member", "data-status": character.sheet.status }, [radio,
      make("span", { className: "tt-member-text" }, [
        make("strong", {}, [character.sheet.name || "Nameless"]),
        make("span", { className: "tt-member-line" }, [characterLine(character.sheet)]),
        ...memberMarks(character, null),
      ])]);
  });
  list.replaceChildren(list.querySelector("legend") ?? "", make("div", { className: "tt-member-list" }, choices));
  form.hidden = false;
  return new Promise((resolve) => {
    form.onsubmit = (event) => {
      event.preventDefault();
      const picked = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name='remote-character']:checked"));
      form.hidden = true;
      resolve(fit[Number(picked?.value ?? 0)].sheet);
    };
  });
}
