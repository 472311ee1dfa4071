// The Showdown around the felt, as page elements built from the engine's view only: the scene (the
// encounter's title, the round and whose turn, this round's complications, what the place
// offers), the party's compact sheets (HP bar, abilities with GRT, cover, done this round, got away, out
// or dead, weapons and whether they are loaded, deck and hand counts, money, scars), the enemies with
// their wounds (HP bars, leader, posse, cover, fled or dead), and the story: the engine's own sentences.
import { make, dollars } from "../tombstone/sheet-view.js";
import { abilityList, statusPill, sheetMarks } from "../tombstone/compact-sheet.js";
import { roundLabel } from "./texts.js";

/**
 * @typedef {import("./shapes.js").ShowdownView} ShowdownView
 * @typedef {import("./shapes.js").ShowdownMember} ShowdownMember
 */

/**
 * An HP bar with its numbers.
 * @param {number} hp
 * @param {number} max
 */
function hpBar(hp, max, label = "HP") {
  const share = max > 0 ? Math.max(0, Math.min(1, hp / max)) : 0;
  const fill = make("span", { className: "sd-fill" });
  // Through the style object, not a style="" attribute: the page's policy refuses inline style attributes.
  fill.style.width = `${Math.round(share * 100)}%`;
  return make("div", { className: "sd-hp", "data-hp": `${hp}/${max}` }, [
    make("span", { className: "sd-hp-words" }, [`${label} ${hp}/${max}`]),
    make("span", { className: `sd-bar${share <= 0.34 ? " sd-low" : ""}`, "aria-hidden": "true" }, [fill]),
  ]);
}

/**
 * A small mark on a card: "in cover", "done this round", "leader".
 * @param {string} words
 */
function chip(words, className = "") {
  return make("span", { className: `sd-chip${className ? ` ${className}` : ""}` }, [words]);
}

/**
 * "Round 2" and, apart (a phone leaves it to the status line), " · the party's turn".
 * @param {ShowdownView} view
 */
function roundWords(view) {
  const [round, ...phase] = roundLabel(view).split(" · ");
  return [round, ...(phase.length ? [make("span", { className: "sd-phase" }, [` · ${phase.join(" · ")}`])] : [])];
}

/**
 * The scene: the encounter, where the fight stands, and this round's complications.
 * @param {ShowdownView} view
 */
export function sceneHeader(view) {
  const { encounter } = view;
  const place = [
    encounter.hazard ? "no guns: get rid of it" : encounter.cover ? "cover to be had" : "no cover",
    ...(encounter.dark ? ["dark: every attack impaired"] : []),
    ...(encounter.bar ? [`a swig at the bar ${dollars(encounter.bar)}`] : []),
    ...(encounter.purse ? [`purse ${dollars(encounter.purse)}`] : []),
  ];
  return [
    make("div", { className: "sd-scene-head" }, [
      make("h2", {}, [encounter.title]),
      make("span", { className: "sd-round", "data-round": String(view.round) }, view.end ? ["The fight is over"] : roundWords(view)),
    ]),
    make("p", { className: "sd-place" }, place.map((words) => chip(words))),
    ...view.effects.map(([id, sentence]) => make("p", { className: "sd-effect", "data-effect": id }, [sentence])),
  ];
}

/**
 * How a character stands: got away, dead, out, in cover, or standing.
 * @param {ShowdownMember} member
 */
function memberStatus(member) {
  if (member.escaped) return statusPill("fled", "got away");
  if (member.sheet.status !== "up") return statusPill(member.sheet.status);
  return member.cover ? statusPill("cover", "in cover") : statusPill("up");
}

/**
 * One character's compact sheet; `shown`: this is the character on screen.
 * @param {ShowdownView} view
 * @param {ShowdownMember} member
 * @param {boolean} shown
 */
function characterCard(view, member, shown) {
  const { sheet } = member;
  const weapons = member.weapons.filter((w) => w.id !== "unarmed").map((w) => make("li", { className: w.loaded ? "" : "sd-empty" }, [
    `${w.name} ${w.damage.join("/")} · ${w.ranged ? "DEX" : "STR"}${w.loaded ? "" : " · empty"}`,
  ]));
  const marks = sheetMarks(member);
  const turn = !view.end && view.phase === "party" && !view.pending && !member.escaped && sheet.status === "up";
  return make("article", {
    className: `tt-card tt-pc tt-pc-${sheet.status} sd-pc${shown ? " tt-showing" : ""}${member.escaped ? " sd-gone" : ""}`,
    "data-seat": String(member.seat), "data-ref": member.ref, "aria-label": `${sheet.name}'s sheet`,
  }, [
    make("header", { className: "tt-card-head" }, [make("h3", {}, [sheet.name || "Nameless"]), memberStatus(member)]),
    hpBar(member.effective_hp, sheet.max_hp),
    abilityList(sheet.abilities, sheet.max),
    make("p", { className: "sd-marks" }, [
      ...(turn ? [chip(member.acted ? "done this round" : "to act", member.acted ? "sd-done" : "sd-due")] : []),
      chip(dollars(sheet.money), "sd-money"),
      ...(member.paid ? [chip(`spent ${dollars(member.paid)}`)] : []),
    ]),
    ...(weapons.length ? [make("ul", { className: "sd-weapons" }, weapons)] : []),
    ...(marks.length ? [make("ul", { className: "tt-extras" }, marks)] : []),
    make("p", { className: "tt-deckline" }, [`deck ${member.deck} · hand ${member.hand_count} · ${member.discard.length} discarded`]),
  ]);
}

/**
 * One enemy (or the hazard) with its wounds.
 * @param {ShowdownView} view
 * @param {import("./shapes.js").ShowdownNpc} npc
 */
function foeEntry(view, npc) {
  const hazard = npc.kind === "hazard";
  const danger = view.encounter.hazard;
  const owner = hazard && danger ? view.party.find((p) => p.ref === danger.owner) : null;
  const chips = [
    ...(npc.leader ? [chip("leader", "sd-leader")] : []),
    ...(npc.kind === "posse" ? [chip("posse: many as one", "sd-posse")] : []),
    ...(npc.cover && npc.status === "up" ? [chip("in cover")] : []),
    ...(!view.end && view.phase === "enemies" && npc.acted && npc.status === "up" ? [chip("done this round", "sd-done")] : []),
    ...(hazard && owner ? [chip(`in ${owner.sheet.name}'s boot`)] : []),
  ];
  const weapon = npc.weapon ? `${npc.weapon.name} ${npc.weapon.damage.join("/")} · ${npc.weapon.ranged ? "DEX" : "STR"}${npc.loaded ? "" : " · empty"}` : "";
  return make("li", { className: `tt-npc sd-foe${npc.status === "up" ? "" : " tt-gone"}`, "data-npc": npc.ref }, [
    make("div", { className: "tt-npc-head" }, [make("strong", {}, [npc.name]), statusPill(npc.status)]),
    ...(hazard ? [] : [hpBar(npc.hp, npc.max_hp)]),
    ...(chips.length ? [make("p", { className: "sd-marks" }, chips)] : []),
    make("p", { className: "tt-npc-line" }, [
      hazard ? `bites with its ${weapon.toLowerCase()}` : `STR ${npc.abilities.STR} DEX ${npc.abilities.DEX} WIL ${npc.abilities.WIL} GRT ${npc.abilities.GRT} · ${weapon}`,
    ]),
  ]);
}

/**
 * The enemies' side: the Dealer's deck and every enemy.
 * @param {ShowdownView} view
 */
function foesCard(view) {
  return make("article", { className: "tt-card tt-dealer sd-foes", "aria-label": "The enemies" }, [
    make("header", { className: "tt-card-head" }, [make("h3", {}, [view.encounter.hazard ? "The danger" : "The enemies"]),
      make("span", { className: "tt-deckline" }, [`Dealer's deck ${view.dealer.deck}`])]),
    make("ul", { className: "tt-npcs" }, view.npcs.map((npc) => foeEntry(view, npc))),
  ]);
}

/**
 * The party's sheets and the enemies, as the board's cards.
 * @param {ShowdownView} view
 * @param {number | null} seat the character on screen
 */
export function boardCards(view, seat) {
  return [...view.party.map((member) => characterCard(view, member, member.seat === seat)), foesCard(view)];
}

/**
 * The story so far: the engine's newest sentences (the first is the scene's blurb), a round's start set apart.
 * @param {ShowdownView} view
 */
export function storyItems(view, count = 14) {
  return view.log.slice(-count).map((entry) => make("li", { className: `sd-line sd-k-${entry.kind}` }, [entry.sentence]));
}
