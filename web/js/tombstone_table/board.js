// The people at the table as compact sheets under the felt's cards: the Dealer's column (deck, the
// non-player characters in the scene with their HP and status) and one card per character (abilities,
// HP, status, conditions, Fatigue, slots, money, scars, deck, discards and hand count), each with the
// button its player taps to see their own hand when they sit at this device. Shows the engine's view only.
import { make, dollars, slotTotal } from "../tombstone/sheet-view.js";
import { abilityList, statusPill as status, sheetMarks } from "../tombstone/compact-sheet.js";
import { abilities, statuses, scoreOf } from "../tombstone/rules.js";

/**
 * @typedef {import("./shapes.js").TableView} TableView
 * @typedef {import("./shapes.js").TableMember} TableMember
 */

/**
 * The Dealer's column.
 * @param {TableView} view
 */
function dealerCard(view) {
  const npcs = view.npcs.map((npc) => make("li", { className: `tt-npc${npc.status === "up" ? "" : " tt-gone"}`, "data-npc": npc.ref }, [
    make("div", { className: "tt-npc-head" }, [
      make("strong", {}, [npc.name]),
      make("span", { className: "tt-hp-small" }, [`HP ${npc.hp}/${npc.max_hp}`]),
      status(npc.status),
    ]),
    make("p", { className: "tt-npc-line" }, [
      `${npc.kind === "enemy" ? "" : `${npc.kind} · `}${abilities().map((a) => `${a.id} ${scoreOf(npc.abilities, a.id)}`).join(" ")}`,
      npc.weapon ? ` · ${npc.weapon.name} ${npc.weapon.damage.join("/")}` : "",
    ]),
  ]));
  return make("article", { className: "tt-card tt-dealer", "aria-label": "The Dealer" }, [
    make("header", { className: "tt-card-head" }, [make("h3", {}, ["The Dealer"]),
      make("span", { className: "tt-deckline" }, [`deck ${view.dealer.deck} · ${view.dealer.discard.length} discarded`])]),
    npcs.length ? make("ul", { className: "tt-npcs" }, npcs)
      : make("p", { className: "tt-quiet" }, ["Nobody else in the scene yet: the Dealer's tools bring in enemies and hirelings."]),
  ]);
}

/**
 * One character's compact sheet; `shown`: this player's hand is on the felt now; `toggled`: their player is
 * at this device, and taps the sheet's button to see their hand.
 * @param {TableMember} member
 * @param {boolean} shown
 * @param {boolean} toggled
 */
function characterCard(member, shown, toggled) {
  const { sheet } = member;
  const extras = sheetMarks(member);
  const handButton = make("button", {
    type: "button", className: "plain-button tt-hand-toggle", "data-hand": String(member.seat), "aria-pressed": String(shown),
    title: shown ? "Put the hand away again" : `Show ${sheet.name}'s hand on the felt (only ${sheet.name}'s player should look)`,
  }, [shown ? "Hide my hand" : "Show my hand"]);
  return make("article", { className: `tt-card tt-pc tt-pc-${sheet.status}${shown ? " tt-showing" : ""}`, "data-seat": String(member.seat), "aria-label": `${sheet.name}'s sheet` }, [
    make("header", { className: "tt-card-head" }, [make("h3", {}, [sheet.name]), status(sheet.status)]),
    abilityList(sheet.abilities, sheet.max),
    make("p", { className: "tt-vitals" }, [
      make("span", { className: "tt-hp", "data-hp": "" }, [`HP ${member.effective_hp}/${sheet.max_hp}`]),
      make("span", {}, [`slots ${member.slots}/${slotTotal(sheet)}`]),
      make("span", { "data-money": "" }, [dollars(sheet.money)]),
    ]),
    ...(extras.length ? [make("ul", { className: "tt-extras" }, extras)] : []),
    make("p", { className: "tt-deckline" }, [`deck ${member.deck} · discard ${member.discard.length} · hand ${member.hand_count}`]),
    ...(toggled && member.holds_hand && sheet.status !== "dead" ? [handButton] : []),
  ]);
}

/**
 * The board as an element.
 * @param {TableView} view the Dealer's view (or a player's, when their hand is shown)
 * @param {number | null} handSeat the seat whose hand is on the felt
 * @param {number[]} here the players' seats at this device (a player on another device sees their hand there)
 */
export function board(view, handSeat, here) {
  const cards = [dealerCard(view), ...view.party.map((m) => characterCard(m, m.seat === handSeat, here.includes(m.seat)))];
  if (view.fallen.length) {
    cards.push(make("article", { className: "tt-card tt-fallen", "aria-label": "The fallen" }, [
      make("header", { className: "tt-card-head" }, [make("h3", {}, ["The fallen"])]),
      make("ul", { className: "tt-extras" }, view.fallen.map((s) => make("li", {}, [`${s.name} (${statuses()[s.status] ?? s.status})`]))),
    ]));
  }
  return cards;
}
