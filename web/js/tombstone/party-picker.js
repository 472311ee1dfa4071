// The party for a Tombstone table: a game's part of the setup form (games.js `setupFields`). It lists the
// characters of the roster kept in this browser (./roster.js, every sheet checked by the engine) as check
// boxes, one up to the table's limit, or the table's own choice when it is given none (the Dealer's
// table seats a sample party, the Showdown forges a stranger). A character who cannot sit down (dead, or
// still out of the fight) is listed but not offered, with the reason; one out of the fight who may sit down
// (the Dealer's table brings them round) is marked so. A sheet the engine found edited or imported (TS-18)
// says so, with what on it the rules never give. An empty roster says so and offers the forge.
import { FORGE, Roster, sheetId } from "./roster.js";
import { make, PROVENANCE_WORDS } from "./sheet-view.js";
import { abilities, scoreOf } from "./rules.js";
import { attachStylesheet } from "../table/stylesheet.js";

/** The forge's address. */
export function forgeHash() {
  return `#game=${FORGE}&mode=solo`;
}

/**
 * "DEX 4 · WIL 2 · HP 2/2 · Gambler"
 * @param {import("./roster.js").Sheet} sheet
 */
export function characterLine(sheet) {
  const scores = abilities().map((a) => `${a.id} ${scoreOf(sheet.abilities, a.id)}`).join(" · ");
  return `${scores} · HP ${sheet.hp}/${sheet.max_hp}${sheet.background ? ` · ${sheet.background}` : ""}`;
}

/**
 * What the picker says of a character beside their line: why they may not sit down, that they are out of the
 * fight (and may sit down here), and where the sheet comes from when it is not this forge's (TS-18).
 * @param {import("./roster.js").Character} character
 * @param {string | null} why
 */
export function memberMarks({ sheet, provenance }, why) {
  const marks = [];
  if (why) marks.push(make("span", { className: "tt-member-refused", "data-refused": "" }, [`Cannot sit down: ${why}.`]));
  else if (sheet.status === "out") marks.push(make("span", { className: "tt-member-warn", "data-out": "" }, ["Out of the fight: sits down hurt, and comes round with a night's rest (TS-14)."]));
  if (provenance && (provenance.word === "edited" || provenance.word === "imported")) {
    marks.push(make("span", { className: "tt-member-warn", "data-provenance": provenance.word, title: provenance.reason },
      [`${PROVENANCE_WORDS[provenance.word]}${provenance.problems.length ? `: ${provenance.problems.join(" ")}` : ""}`]));
  }
  return marks;
}

/**
 * Why a character may not sit down at a table that needs every character up (null: they may).
 * @param {import("./roster.js").Sheet} sheet
 * @returns {string | null}
 */
export function notUp(sheet) {
  return sheet.status === "dead" ? "dead" : sheet.status === "out" ? "out of the fight" : null;
}

/**
 * The party picker for the setup form.
 * @param {import("../types.js").SetupContext} context
 * @param {{max: number, none: {value: string, label: string, remote?: string}, unfit?: (sheet: import("./roster.js").Sheet) => string | null}} table
 *   max: the most characters the table seats; none: the choice that seats nobody from the roster (the
 *   table's setup is then null), in other words (`remote`) when the players join from their own devices;
 *   unfit: why a character may not sit down (default: only the dead)
 * @returns {Promise<import("../types.js").SetupFields>}
 */
export async function partyPicker({ engine, close }, { max, none, unfit = (sheet) => (sheet.status === "dead" ? "dead" : null) }) {
  const sheet = attachStylesheet(new URL("./party-picker.css", import.meta.url).href);
  const [{ characters, problems }] = await Promise.all([new Roster(engine).load(), sheet.ready]); // never shown unstyled
  const usable = characters.filter((c) => unfit(c.sheet) === null);
  const fieldset = make("fieldset", { className: "tt-party-pick" }, [make("legend", {}, ["The party"])]);
  const other = make("input", { type: "radio", name: "tt-party", value: none.value });
  const roster = make("input", { type: "radio", name: "tt-party", value: "roster" });
  const useRoster = /** @type {HTMLInputElement} */ (roster);
  const useOther = /** @type {HTMLInputElement} */ (other);
  useRoster.checked = usable.length > 0;
  useOther.checked = usable.length === 0;
  useRoster.disabled = usable.length === 0;

  let ticked = 0;
  const boxes = characters.map((character) => {
    const why = unfit(character.sheet);
    const box = /** @type {HTMLInputElement} */ (make("input", {
      type: "checkbox", name: "tt-member", value: character.id, "data-character": sheetId(character.sheet),
    }));
    box.checked = why === null && ticked < max;
    if (box.checked) ticked += 1;
    box.disabled = why !== null;
    const label = make("label", { className: `tt-member${why ? " tt-dead" : ""}`, "data-status": character.sheet.status }, [box,
      make("span", { className: "tt-member-text" }, [
        make("strong", {}, [character.sheet.name || "Nameless", character.sheet.status === "dead" ? " †" : ""]),
        make("span", { className: "tt-member-line" }, [characterLine(character.sheet)]),
        ...memberMarks(character, why),
      ])]);
    return { box, label, character, why };
  });
  const list = make("div", { className: "tt-member-list" }, boxes.map((b) => b.label));
  const syncList = () => {
    for (const { box, why } of boxes) box.disabled = !useRoster.checked || why !== null;
    list.classList.toggle("tt-off", !useRoster.checked);
  };
  fieldset.addEventListener("change", syncList);

  const rosterLine = make("label", {}, [roster, max === 1 ? " A character from your roster" : ` Characters from your roster (one to ${max})`]);
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
  fieldset.append(make("label", {}, [other, none.remote
    ? make("span", {}, [make("span", { className: "local-only" }, [` ${none.label}`]), make("span", { className: "remote-only", hidden: "" }, [` ${none.remote}`])])
    : ` ${none.label}`]));
  syncList();

  return {
    element: fieldset,
    read() {
      if (useOther.checked) return { setup: null };
      const chosen = boxes.filter((b) => b.box.checked && !b.box.disabled).map((b) => b.character.sheet);
      if (chosen.length === 0) return { problem: `Tick at least one character for the party, or choose: ${none.label.toLowerCase()}.` };
      if (chosen.length > max) return { problem: `A party here is at most ${max} characters: you ticked ${chosen.length}.` };
      return { setup: { party: chosen } };
    },
  };
}
