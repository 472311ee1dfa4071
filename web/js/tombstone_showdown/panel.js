// The Showdown's move panel, beside the felt (under it on a phone): the legal moves of the character on
// screen as real <button class="move" data-seat data-move> buttons, the engine's label as each one's
// accessible name. On a character's turn: an attack per weapon and target, cover, a reload, a swig,
// turning tail (or, at the rattlesnake, its ways out). While a flip waits for them: the sides as the
// engine judged them, a button per card of the hand that may cheat it (and which card it covers), the
// Black Joker's re-flip when offered (a Dealer's damage flip against them too, TS-20), "Let the cards
// stand", and the engine's reason when no card may be laid; a cheat shows the total it gives, and one that
// makes the flip worse asks twice (TS-21). In camp between the fights of a trail (SD-16): the night's rest,
// the shop's shelves (what this character can afford and carry) and moving on. Over the moves, the other
// characters due this round: tap one to let them act first (at a hot-seat table that passes the device).
import { MovePanel, el } from "../move-panel.js";
import { cardText } from "../cards.js";
import { nameOf, flipWords, damageWords } from "../tombstone/fate-words.js";
import { seatButton, seatButtons, group, confirmed, moveOf } from "../tombstone/seat-moves.js";
import { seatName } from "./texts.js";
import { constantsOf } from "../game-constants.js";
import { dollars } from "../tombstone/sheet-view.js";

/**
 * @typedef {{moves: any[], labels: string[]}} Legal
 * @typedef {import("./shapes.js").ShowdownView} ShowdownView
 */

/** @type {Record<string, string>} */
const SWIGS = { bottle: "Swig from the bottle", bar: "Swig at the bar", barrel: "Swig from the barrel" };

/**
 * The shop's shelves by an item's kind (an unknown kind shows as itself).
 * @type {Record<string, string>}
 */
const SHELVES = { weapon: "weapons", tool: "tools", food: "food and drink", luxury: "luxuries", supplies: "supplies" };

/**
 * A card as a cheat button shows it: its rank and suit, red or black.
 * @param {string} code
 */
function cardFace(code) {
  const red = /[HD]$/.test(code) || code === "RJ";
  return el("span", { className: `sd-card${red ? " sd-red" : ""}` }, [cardText(code)]);
}

export class ShowdownPanel extends MovePanel {
  /**
   * @param {Element} root
   * @param {{onPlay: (seat: number, move: any) => void, onSwitch: (seat: number) => void, signal: AbortSignal}} options
   */
  constructor(root, { onPlay, onSwitch, signal }) {
    super(root, { onPlay: () => {}, signal });
    this.onPlayAs = onPlay;
    this.tabs = el("div", { className: "tt-actors", role: "group", "aria-label": "Who acts" });
    root.querySelector(".moves-head")?.prepend(this.tabs);
    const click = (/** @type {Event} */ event) => {
      const button = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("button"));
      if (!button || button.disabled) return;
      if (button.classList.contains("move")) {
        if (confirmed(button)) this.onPlayAs(Number(button.dataset.seat), JSON.parse(button.dataset.move ?? "null")); // a worse cheat asks twice (TS-21)
      } else if (button.dataset.switch) onSwitch(Number(button.dataset.switch));
    };
    this.list.addEventListener("click", click, { signal });
    this.tabs.addEventListener("click", click, { signal });
  }

  /**
   * @param {Legal} legal the moves of the character on screen
   * @param {import("../table/adapter.js").Moment<ShowdownView>} moment
   */
  show(legal, moment) {
    const { view, hotseat } = moment;
    const seat = /** @type {number} */ (moment.viewer);
    const toAct = moment.answer?.to_act ?? [];
    const due = view.pending ? [] : toAct.filter((s) => s > 0);
    this.tabs.replaceChildren(...(due.length > 1 ? due.map((s) => el("button", {
      type: "button", className: "tt-actor", "data-switch": String(s), "aria-pressed": String(s === seat),
      title: s === seat ? "Acting now" : hotseat ? `Pass the device to ${seatName(view, s)}` : `Let ${seatName(view, s)} act first`,
    }, [s === seat || !hotseat ? seatName(view, s) : `Pass to ${seatName(view, s)}`])) : []));
    const camp = Boolean(view.trail?.camp);
    this.list.replaceChildren(...(view.pending ? this.flipControls(view, seat, legal)
      : camp ? this.campControls(view, seat, legal) : this.turnControls(view, seat, legal)));
    const money = view.party.find((p) => p.seat === seat)?.sheet.money ?? 0;
    this.hint.textContent = view.pending ? `${seatName(view, seat)}: the flip waits for you`
      : camp ? `${seatName(view, seat)} in camp: ${dollars(money)} to spend` : `${seatName(view, seat)}'s turn`;
  }

  clear(hint = "") {
    super.clear(hint);
    this.tabs.replaceChildren();
  }

  remove() {
    this.tabs.remove();
  }

  /**
   * A character's turn.
   * @param {ShowdownView} view
   * @param {number} seat
   * @param {Legal} legal
   */
  turnControls(view, seat, legal) {
    const member = view.party.find((p) => p.seat === seat);
    const { hazard } = view.encounter;
    if (hazard) {
      return [group(hazard.name, [el("div", { className: "tt-row sd-column" }, seatButtons(seat, legal, "hazard", (m) => [
        hazard.actions.find((a) => a.id === m.action)?.label ?? m.action,
      ]))])];
    }
    if (!member) return []; // the character on screen is one of the party
    const controls = [];
    const weapons = member.weapons.flatMap((weapon, index) => {
      const targets = legal.moves.filter((m) => m.type === "attack" && m.weapon === index).flatMap((m) => {
        const npc = view.npcs.find((n) => n.ref === m.target);
        return seatButton(seat, legal, m, [nameOf(view, m.target), el("small", {}, [` HP ${npc?.hp}/${npc?.max_hp}${npc?.cover ? " · cover" : ""}`])]) ?? [];
      });
      const reload = seatButtons(seat, legal, "reload", () => ["Reload"], "tt-alt").filter((b) => moveOf(b).weapon === index);
      if (!targets.length && !reload.length) return [];
      return [el("div", { className: "tt-weapon" }, [
        el("p", { className: "tt-weapon-name" }, [`${weapon.name} `, el("small", {}, [`${weapon.damage.join("/")} · ${weapon.ranged ? "ranged, DEX" : "close, STR"}${weapon.loaded ? "" : " · empty"}`])]),
        el("div", { className: "tt-row" }, [...targets, ...reload]),
      ])];
    });
    if (weapons.length) controls.push(group("Attack", weapons));
    const other = [
      ...seatButtons(seat, legal, "take_cover", () => ["Take cover"], "tt-alt"),
      ...seatButtons(seat, legal, "drink", (m) => [SWIGS[m.source] ?? m.source], "tt-alt"),
    ];
    if (other.length) controls.push(group("Or", [el("div", { className: "tt-row" }, other)]));
    controls.push(group("Run", [el("div", { className: "tt-row" }, seatButtons(seat, legal, "turn_tail", () => [`Turn tail (DEX ${constantsOf("tombstone_showdown").turn_tail_target})`], "tt-danger"))]));
    return controls;
  }

  /**
   * The camp between two fights of a trail (SD-16): rest, shop, move on.
   * @param {ShowdownView} view
   * @param {number} seat
   * @param {Legal} legal
   */
  campControls(view, seat, legal) {
    const trail = view.trail;
    if (!trail) return []; // a camp is on a trail
    const next = trail.titles[trail.done.length] ?? "";
    const controls = [group("Camp", [el("div", { className: "tt-row" }, [
      ...seatButtons(seat, legal, "rest", () => ["Rest for the night"], "tt-alt"),
      ...seatButtons(seat, legal, "move_on", () => [`Move on: ${next}`], "tt-primary"),
    ]), ...(trail.rested ? [el("p", { className: "tt-quiet" }, ["The party has rested here: HP back, new hands."])] : [])])];
    const kinds = [...new Set(trail.shop.map((item) => item.kind))];
    for (const kind of kinds) {
      const buttons = trail.shop.filter((item) => item.kind === kind).flatMap((item) => seatButton(seat, legal, { type: "buy", item: item.id },
        [item.name, el("small", {}, [` ${dollars(item.price)}${item.slots > 1 ? ` · ${item.slots} slots` : ""}`])]) ?? []);
      if (buttons.length) controls.push(group(`Shop: ${SHELVES[kind] ?? kind}`, [el("div", { className: "tt-row" }, buttons)], { fold: true, open: false, key: `shop-${kind}` }));
    }
    if (kinds.length && controls.length === 1) controls.push(el("p", { className: "tt-quiet" }, ["Nothing in the shop is within this purse and pack."]));
    return controls;
  }

  /**
   * A flip waiting for the character on screen: their side's cheats with what each gives (TS-21), or for a
   * Dealer's damage flip against them the Black Joker's re-flip (TS-20), and their own "Let the cards stand".
   * @param {ShowdownView} view
   * @param {number} seat
   * @param {Legal} legal
   */
  flipControls(view, seat, legal) {
    const { pending } = view;
    if (!pending) return []; // asked for while a flip waits
    const controls = [el("ul", { className: "tt-sides" }, pending.sides.map((side) => el("li", {}, [
      el("strong", {}, [side.name.charAt(0).toUpperCase() + side.name.slice(1)]), ` ${pending.kind === "damage" ? side.cards.map(cardText).join(" and ") : flipWords(side.flip, side.ability)}`,
    ])))];
    if (pending.context.why) controls.push(el("p", { className: "tt-refusal" }, [`This flip: ${pending.context.why}.`]));
    if (pending.damage) controls.push(el("p", { className: "tt-quiet" }, [`As it stands: ${damageWords(pending.damage)}.`]));
    const mine = pending.sides.find((side) => side.who === `pc${seat - 1}`);
    const single = mine && mine.cards.length === 1;
    const cheats = seatButtons(seat, legal, "cheat", (m, preview) => [cardFace(m.card), el("small", {}, [
      `${single ? "" : ` over ${cardText(m.covers)}`}${preview ? ` → ${preview.verdict}` : ""}`])], "tt-cheat");
    const force = seatButtons(seat, legal, "force", () => ["Black Joker: the Dealer flips again"], "tt-alt");
    const refusal = mine?.cheat_refusal;
    if (mine) {
      controls.push(group(single && cheats.length ? `Cheat fate: lay a card over the ${cardText(mine.cards[0])}` : "Cheat fate", [
        el("div", { className: "tt-row sd-cheats" }, cheats.length ? cheats : [el("p", { className: "tt-quiet" }, [refusal ? `No cheating here: ${refusal}` : "No card of the hand can be laid on this flip."])]),
        ...(force.length ? [el("div", { className: "tt-row" }, force)] : []),
      ]));
    } else if (force.length) controls.push(group("The Dealer's flip against you", [el("div", { className: "tt-row" }, force)]));
    const settle = seatButton(seat, legal, { type: "settle" }, ["Let the cards stand"], "tt-primary");
    if (settle) controls.push(el("div", { className: "tt-row" }, [settle]));
    return controls;
  }
}
