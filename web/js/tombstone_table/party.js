// The party for a session at the Dealer's table: this game's part of the setup form (games.js
// `setupFields`). It lists the characters of the roster kept in this browser (../tombstone/roster.js, every
// sheet checked by the engine) as check boxes, one to six of them, or the sample party the engine seats
// when it is given none. An empty roster says so and offers the character forge.
import { FORGE, Roster, sheetId } from "../tombstone/roster.js";
import { make, ABILITIES } from "../tombstone/sheet-view.js";
import { attachStylesheet } from "../screens/stylesheet.js";

const MAX_PARTY = 6;

/** The forge's address. */
export function forgeHash() {
  return `#game=${FORGE}&mode=solo`;
}

/** "DEX 4 · WIL 2 · HP 2/2 · $2" */
function characterLine(sheet) {
  const scores = ABILITIES.map((a) => `${a.id} ${sheet.abilities[a.id]}`).join(" · ");
  return `${scores} · HP ${sheet.hp}/${sheet.max_hp}${sheet.background ? ` · ${sheet.background}` : ""}`;
}

/**
 * The party picker for the setup form.
 * @param {import("../types.js").SetupContext} context
 * @returns {Promise<import("../types.js").SetupFields>}
 */
export async function setupFields({ engine, close }) {
  attachStylesheet(new URL("./table.css", import.meta.url).href); // the picker's looks (scoped to its classes)
  const { characters, problems } = await new Roster(engine).load();
  const usable = characters.filter((c) => c.sheet.status !== "dead");
  const fieldset = make("fieldset", { className: "tt-party-pick" }, [make("legend", {}, ["The party"])]);
  const sample = make("input", { type: "radio", name: "tt-party", value: "sample" });
  const roster = make("input", { type: "radio", name: "tt-party", value: "roster" });
  const useRoster = /** @type {HTMLInputElement} */ (roster);
  const useSample = /** @type {HTMLInputElement} */ (sample);
  useRoster.checked = usable.length > 0;
  useSample.checked = usable.length === 0;
  useRoster.disabled = usable.length === 0;

  const boxes = characters.map((character, index) => {
    const dead = character.sheet.status === "dead";
    const box = /** @type {HTMLInputElement} */ (make("input", {
      type: "checkbox", name: "tt-member", value: character.id, "data-character": sheetId(character.sheet),
    }));
    box.checked = !dead && index < MAX_PARTY;
    box.disabled = dead;
    const label = make("label", { className: `tt-member${dead ? " tt-dead" : ""}` }, [box,
      make("span", { className: "tt-member-text" }, [
        make("strong", {}, [character.sheet.name || "Nameless", dead ? " (dead)" : ""]),
        make("span", { className: "tt-member-line" }, [characterLine(character.sheet)]),
      ])]);
    return { box, label, character };
  });
  const list = make("div", { className: "tt-member-list" }, boxes.map((b) => b.label));
  const syncList = () => {
    for (const { box, character } of boxes) box.disabled = !useRoster.checked || character.sheet.status === "dead";
    list.classList.toggle("tt-off", !useRoster.checked);
  };
  fieldset.addEventListener("change", syncList);

  const rosterLine = make("label", {}, [roster, ` Characters from your roster (one to ${MAX_PARTY})`]);
  fieldset.append(rosterLine);
  if (characters.length) fieldset.append(list);
  else {
    const forge = make("button", { type: "button", className: "plain-button tt-to-forge", "data-forge": "" }, ["Forge a character"]);
    forge.addEventListener("click", () => {
      close();
      location.hash = forgeHash();
    });
    fieldset.append(make("div", { className: "tt-empty" }, [
      make("p", { className: "sheet-note" }, ["Your roster is empty: nobody has been forged in this browser yet. Forge a character "
        + "(a minute, by the book), or import one there from a file, then come back to seat the party."]),
      forge,
    ]));
  }
  if (problems.length) {
    fieldset.append(make("p", { className: "sheet-note" }, [`${problems.length === 1 ? "One roster entry" : `${problems.length} roster entries`} `
      + "could not be read and are left out (the forge's Roster shows which)."]));
  }
  fieldset.append(make("label", {}, [sample, " The sample party: Jesse the gambler and Silas the blacksmith"]));
  syncList();

  return {
    element: fieldset,
    read() {
      if (useSample.checked) return { setup: null };
      const chosen = boxes.filter((b) => b.box.checked && !b.box.disabled).map((b) => b.character.sheet);
      if (chosen.length === 0) return { problem: "Tick at least one character for the party, or play with the sample party." };
      if (chosen.length > MAX_PARTY) return { problem: `A party is at most ${MAX_PARTY} characters: you ticked ${chosen.length}.` };
      return { setup: { party: chosen } };
    },
  };
}
