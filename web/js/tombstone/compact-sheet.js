// Pieces of a character's compact sheet on a Tombstone table's board (the Dealer's table, the Showdown):
// the four abilities with their maxima, a status pill, and the marks a sheet carries into a fight
// (conditions, Fatigue, scars); and the party at a glance over the felt (name, HP and status of each). Styled by ./compact-sheet.css, which each table's sheet imports.
import { make } from "./sheet-view.js";
import { abilities as sheetAbilities, statuses, scoreOf } from "./rules.js";

/**
 * @typedef {import("./rules.js").Abilities} Abilities
 * @typedef {import("../tombstone_table/shapes.js").Sheet} Sheet
 */

/**
 * "DEX 3/4": the current score, and the maximum when it is lower.
 * @param {Abilities} abilities
 * @param {Abilities} max
 */
export function abilityList(abilities, max) {
  return make("dl", { className: "tt-abilities" }, sheetAbilities().map((a) => make("div", { className: `tt-ab tt-ab-${a.id}` }, [
    make("dt", {}, [a.id]),
    make("dd", {}, [String(scoreOf(abilities, a.id)), ...(max && scoreOf(max, a.id) !== scoreOf(abilities, a.id) ? [make("small", {}, [`/${scoreOf(max, a.id)}`])] : [])]),
  ])));
}

/**
 * A status pill; `words` replaces the status's own ("in cover").
 * @param {string} kind
 * @param {string} [words]
 */
export function statusPill(kind, words = statuses()[kind] ?? kind) {
  return make("span", { className: `tt-status tt-${kind}` }, [words]);
}

/**
 * The marks on a character's sheet that matter at the table, as list items (an empty list: none).
 * @param {{sheet: Sheet, debilitated: boolean}} member
 */
export function sheetMarks(member) {
  const { sheet } = member;
  const marks = [];
  if (sheet.conditions.length) marks.push(make("li", { className: "tt-bad" }, [sheet.conditions.join(", ")]));
  if (sheet.fatigue) marks.push(make("li", { className: "tt-bad" }, [`Fatigue ×${sheet.fatigue}`]));
  if (sheet.exhausted) marks.push(make("li", { className: "tt-bad" }, ["exhausted"]));
  if (sheet.doomed) marks.push(make("li", { className: "tt-bad" }, ["doomed"]));
  if (member.debilitated) marks.push(make("li", { className: "tt-bad" }, ["too broken to adventure on"]));
  for (const scar of sheet.scars) marks.push(make("li", { title: scar.detail }, [`Scar: ${scar.name}${scar.pending ? " (healing)" : ""}`]));
  return marks;
}

/**
 * The party at a glance: a chip per character with their name, HP and status, kept in sight over the felt
 * (the full sheets are on the board under the cards; on a phone that may be out of sight).
 * @param {{sheet: Sheet, effective_hp: number, seat: number}[]} party
 */
export function partyStrip(party) {
  return party.map((member) => make("li", { className: `tt-chip tt-chip-${member.sheet.status}`, "data-member": member.sheet.name }, [
    make("strong", {}, [member.sheet.name]),
    make("span", { className: "tt-chip-hp" }, [`HP ${member.effective_hp}/${member.sheet.max_hp}`]),
    statusPill(member.sheet.status),
  ]));
}
