// The Dealer's table's controls, under the felt (beside it on a wide screen): who acts (the Dealer or a
// character: tabs), the flip's mode and the other free fields the engine allows (view.forms.free), and
// that participant's legal moves as real <button class="move" data-move data-seat> buttons, the engine's
// label as each one's accessible name. A button carries the legal move; the move sent is that move plus
// the free fields set here. While a flip waits: for each player it waits for, their own "Let the cards
// stand" (TS-19) and, once they show their hand, its cheats with the total each gives (TS-21) and the Black
// Joker's re-flip when offered; the reasons a side may not be cheated.
import { MovePanel, el, moveButton } from "../move-panel.js";
import { cardText } from "../cards.js";
import { seatButton, seatButtons, group, confirmed, moveOf } from "../tombstone/seat-moves.js";
import { scoreOf } from "../tombstone/rules.js";
import { cheatWords, damageWords } from "../tombstone/fate-words.js";
import { seatName, nameOf, pendingTitle, flipWords, riskShort, wipedOut } from "./texts.js";
import { constantsOf } from "../game-constants.js";

const MODE_LABELS = { normal: "Normal", enhanced: "Enhanced", impaired: "Impaired" };
/** @type {Record<string, string>} */
const REST_LABELS = { breather: "Breather", night: "Full night's rest", week: "A week in bed" };

/**
 * @typedef {{moves: any[], labels: string[]}} Legal
 * @typedef {import("./shapes.js").TableView} TableView
 * @typedef {{view: TableView, toAct: number[], legal: Map<number, Legal>, handSeat: number | null, people: number[], own: boolean}} Offer
 *   people: the seats played at this device; own: this is a player's own device (their hand always shows)
 * @typedef {(move: any, preview: any) => (Node | string)[]} Shown  what a move's button shows
 */

/**
 * A number field (with its label) bound to a key of the panel's state.
 * @param {string} label
 * @param {string} key
 * @param {number} value
 * @param {string[] | number[] | string} bounds  the engine's `[low, high]` (view.forms.free)
 */
function numberField(label, key, value, [min, max], help = "") {
  return el("label", { className: "tt-field", ...(help ? { title: help } : {}) }, [
    el("span", {}, [label]),
    el("input", { type: "number", min: String(min), max: String(max), step: "1", value: String(value), "data-field": key, inputmode: "numeric" }),
  ]);
}

/**
 * Radio buttons bound to a key of the panel's state.
 * @param {string} legend
 * @param {string} key
 * @param {string[][]} choices  [value, label] each
 * @param {string} checked
 */
function radios(legend, key, choices, checked) {
  return el("fieldset", { className: "tt-radios" }, [
    el("legend", {}, [legend]),
    ...choices.map(([value, label]) => {
      const input = el("input", { type: "radio", name: `tt-${key}`, value, "data-field": key });
      /** @type {HTMLInputElement} */ (input).checked = value === checked;
      return el("label", {}, [input, el("span", {}, [label])]);
    }),
  ]);
}

/** @returns {import("./shapes.js").TableConstants} */
const rules = () => constantsOf("tombstone_table");

/** The fields an action sets, as each action starts: a normal flip, no modifier, one attacker, one point, no name. */
const FRESH_FIELDS = { mode: "normal", other_mode: "normal", modifier: 0, attackers: 1, amount: 1, name: "" };

export class TablePanel extends MovePanel {
  /**
   * @param {Element} root
   * @param {{onPlay: (seat: number, move: any) => void, onHand: (seat: number | null) => void, approve: (move: any, view: TableView | undefined) => Promise<boolean>, beasts: () => {move: any, name: string, line: string}[], signal: AbortSignal}} options
   *   approve: whether to send `move` (TS-28: asks first before a step undo cannot take back);
   *   beasts: the Dealer's bestiary, each entry's enemy move, name and stat line (./bestiary.js)
   */
  constructor(root, { onPlay, onHand, approve, beasts, signal }) {
    super(root, { onPlay: () => {}, signal });
    this.onPlayAs = onPlay;
    this.approve = approve;
    this.beasts = beasts;
    this.onHand = onHand;
    this.state = { actor: 0, ability: "DEX", ...FRESH_FIELDS };
    /** @type {Record<string, boolean>} which Dealer's folds are open */
    this.folds = {};
    /** @type {Offer | null} */
    this.offer = null;
    this.tabs = el("div", { className: "tt-actors", role: "group", "aria-label": "Who acts" });
    root.querySelector(".moves-head")?.prepend(this.tabs);
    const click = (/** @type {Event} */ event) => {
      const target = /** @type {Element} */ (event.target);
      const button = /** @type {HTMLButtonElement | null} */ (target.closest("button"));
      if (!button || button.disabled) return;
      if (button.classList.contains("move")) {
        if (!confirmed(button)) return; // a cheat that makes the flip worse asks twice (TS-21)
        const move = this.withFields(JSON.parse(button.dataset.move ?? "null"));
        const seat = Number(button.dataset.seat);
        this.list.inert = true; // nothing else is pressed while the step is asked about, or once it is on its way
        this.approve(move, this.offer?.view).then((yes) => {
          if (!yes) {
            this.list.inert = false;
            return;
          }
          Object.assign(this.state, FRESH_FIELDS); // the next action starts plain: no setting carries over unseen
          this.onPlayAs(seat, move);
        });
      } else if (button.dataset.actor !== undefined) {
        this.state.actor = Number(button.dataset.actor);
        this.rerender(`actor:${this.state.actor}`);
      } else if (button.dataset.hand !== undefined) {
        this.onHand(button.dataset.hand === "" ? null : Number(button.dataset.hand));
      }
    };
    this.list.addEventListener("click", click, { signal });
    this.tabs.addEventListener("click", click, { signal });
    this.list.addEventListener("change", (event) => {
      const input = /** @type {HTMLInputElement} */ (event.target);
      const key = input.dataset?.field;
      if (!key) return;
      /** @type {Record<string, string | number>} the fields by the names the controls carry (data-field) */
      const fields = this.state;
      if (input.type === "number") {
        const n = Number.parseInt(input.value, 10);
        const min = Number(input.min), max = Number(input.max);
        fields[key] = Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
        input.value = String(fields[key]);
      } else fields[key] = input.value;
      if (key === "ability") this.rerender(`field:${key}`);
    }, { signal });
    this.list.addEventListener("toggle", (event) => {
      const details = /** @type {HTMLDetailsElement} */ (event.target);
      if (details.dataset?.fold) this.folds[details.dataset.fold] = details.open;
    }, { capture: true, signal });
  }

  /**
   * The legal move with the free fields the engine allows for its type, where they differ from the default.
   * @param {{type: string, against?: string}} move
   */
  withFields(move) {
    const free = this.offer?.view.forms.free[move.type] ?? {};
    const s = this.state;
    /** @type {Record<string, unknown>} */
    const out = { ...move };
    if ("mode" in free && s.mode !== "normal") out.mode = s.mode;
    if ("other_mode" in free && s.other_mode !== "normal") out.other_mode = s.other_mode;
    if ("modifier" in free && s.modifier > 0 && (move.type !== "contest" || move.against === "dealer")) out.modifier = s.modifier;
    if ("attackers" in free && s.attackers > 1) out.attackers = s.attackers;
    if ("amount" in free && s.amount > 1) out.amount = s.amount;
    if ("name" in free && s.name.trim()) out.name = s.name.trim().slice(0, 40);
    return out;
  }

  /**
   * Every due seat's moves (a shared screen: the whole table acts from here).
   * @param {Legal} _legal the moves of the seat on screen (all of them are in the moment's `offered`)
   * @param {import("../table/adapter.js").Moment} moment
   */
  show(_legal, moment) {
    this.offer = {
      view: moment.view, toAct: moment.answer?.to_act ?? [], legal: moment.offered, handSeat: moment.viewer || null,
      people: moment.people, own: !moment.people.includes(0),
    };
    this.list.inert = false;
    this.rerender(null);
  }

  clear(hint = "") {
    super.clear(hint);
    this.tabs.replaceChildren();
  }

  remove() {
    this.tabs.remove();
  }

  /**
   * Build everything again from the offer, giving the focus back to the control that had it.
   * @param {string | null} focusKey
   */
  rerender(focusKey) {
    const offer = this.offer;
    if (!offer) return;
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const key = focusKey ?? ((this.list.contains(active) || this.tabs.contains(active)) ? active?.dataset.key ?? null : null);
    const { view } = offer;
    if (view.pending) {
      this.tabs.replaceChildren();
      this.list.replaceChildren(...this.pendingControls(offer));
    } else {
      const seats = [0, ...view.party.map((p) => p.seat)].filter((seat) => offer.people.includes(seat));
      if (!seats.includes(this.state.actor)) this.state.actor = seats[0] ?? 0;
      this.tabs.replaceChildren(...seats.map((seat) => el("button", {
        type: "button", className: "tt-actor", "data-actor": String(seat), "data-key": `actor:${seat}`,
        "aria-pressed": String(seat === this.state.actor),
      }, [seat === 0 ? "Dealer" : seatName(view, seat)])));
      this.list.replaceChildren(...(this.state.actor === 0 ? this.dealerControls(offer) : this.playerControls(offer, this.state.actor)));
    }
    this.hint.textContent = view.pending ? pendingTitle(view) : this.state.actor === 0 ? "The Dealer's tools" : `${seatName(view, this.state.actor)}'s moves`;
    if (key) /** @type {HTMLElement | null} */ ([...this.list.querySelectorAll("[data-key]"), ...this.tabs.querySelectorAll("[data-key]")]
      .find((node) => /** @type {HTMLElement} */ (node).dataset.key === key))?.focus({ preventScroll: true });
  }

  modeRadios(legend = "The flip") {
    return radios(legend, "mode", Object.entries(MODE_LABELS), this.state.mode);
  }

  /** @param {Offer} offer @param {number} seat */
  playerControls({ view, legal: all, own }, seat) {
    const legal = all.get(seat) ?? { moves: [], labels: [] };
    const member = view.party.find((p) => p.seat === seat);
    if (!member) return []; // a tab is a seat of the party
    const name = member.sheet.name;
    const hand = el("button", { type: "button", className: "plain-button tt-hand-toggle", "data-hand": String(seat), "data-key": `hand:${seat}` },
      [`Show ${name}'s hand`]);
    if (!legal.moves.length) {
      return [el("p", { className: "tt-quiet" }, [member.sheet.status === "out" ? `${name} is out of the fight: a full night's rest brings them round.`
        : member.sheet.status === "dead" ? `${name} is dead. With a hireling in the party, their player may take it over.` : `${name} has nothing to do now.`])];
    }
    const controls = [];
    if (member.sheet.status === "dead") {
      controls.push(group("Take over a hireling", [el("div", { className: "tt-row" }, seatButtons(seat, legal, "take_over", (m) => [nameOf(view, m.npc)]))]));
      return controls;
    }
    controls.push(el("div", { className: "tt-row tt-top" }, [this.modeRadios(), ...(own ? [] : [hand])]));
    const risks = Object.entries(view.forms.risks);
    const grid = el("div", { className: "tt-save-grid", role: "group", "aria-label": "Saves" }, [
      el("span", { className: "tt-corner" }, ["risk →"]),
      ...risks.map(([risk, [target]]) => el("span", { className: "tt-colhead" }, [riskShort(risk), el("small", {}, [` ${target}`])])),
      ...view.forms.abilities.flatMap((ability) => [
        el("span", { className: "tt-rowhead" }, [`${ability} `, el("small", {}, [String(scoreOf(member.sheet.abilities, ability))])]),
        ...risks.map(([risk, [target]]) => seatButton(seat, legal, { type: "save", ability, risk }, [String(target)], "tt-cell")
          ?? el("span", {}, [])),
      ]),
    ]);
    controls.push(group("Save: ability against the risk", [grid]));
    const weapons = member.weapons.map((weapon, index) => {
      const targets = seatButtons(seat, legal, "attack", (m) => [nameOf(view, m.target)]).filter((b) => moveOf(b).weapon === index);
      return el("div", { className: "tt-weapon" }, [
        el("p", { className: "tt-weapon-name" }, [`${weapon.name} `, el("small", {}, [`${weapon.damage.join("/")} · ${weapon.ranged ? "DEX" : "STR"}`])]),
        el("div", { className: "tt-row" }, targets.length ? targets : [el("span", { className: "tt-quiet" }, ["nobody to attack"])]),
      ]);
    });
    controls.push(group("Attack", weapons.length ? weapons : [el("p", { className: "tt-quiet" }, ["No weapon on the sheet."])]));
    const against = legal.moves.filter((m) => m.type === "contest" && m.ability === this.state.ability);
    controls.push(group("Contest", [
      radios("Ability", "ability", view.forms.abilities.map((a) => [a, a]), this.state.ability),
      el("div", { className: "tt-row" }, [
        radios("The other side flips", "other_mode", Object.entries(MODE_LABELS), this.state.other_mode),
        numberField("Dealer's modifier", "modifier", this.state.modifier, view.forms.free.contest.modifier, rules().free_help.contest.modifier),
      ]),
      el("div", { className: "tt-row" }, against.flatMap((m) => seatButton(seat, legal, m, [`vs ${nameOf(view, m.against)}`]) ?? [])),
    ]));
    controls.push(group("Run", [el("div", { className: "tt-row" }, seatButtons(seat, legal, "turn_tail", () => [`Turn tail (DEX ${rules().turn_tail_target})`]))]));
    return controls;
  }

  /** @param {Offer} offer */
  dealerControls({ view, legal: all }) {
    const legal = all.get(0) ?? { moves: [], labels: [] };
    const b = (/** @type {string} */ type, /** @type {Shown} */ shown, className = "") => seatButtons(0, legal, type, shown, className);
    const fold = (/** @type {string} */ title, /** @type {(Node | string)[]} */ children, open = false) => group(title, children, { fold: true, open: this.folds[title] ?? open });
    const row = (/** @type {(Node | string)[]} */ children) => el("div", { className: "tt-row" }, children);
    const controls = [];
    controls.push(fold("Fate", [row([...b("reaction", () => ["Reaction"]), ...b("die", () => ["Die of fate"])])], true));
    controls.push(fold("Bring someone in", [
      el("label", { className: "tt-field tt-name" }, [el("span", {}, ["Name (optional)"]),
        el("input", { type: "text", maxlength: "40", value: this.state.name, "data-field": "name", placeholder: "e.g. Black Bart" })]),
      row([...b("enemy", (m) => [view.forms.presets[m.preset]]), ...b("hireling", () => ["Hireling"], "tt-alt")]),
      ...this.bestiaryRow(legal),
    ], true));
    const attacks = view.npcs.filter((n) => n.status === "up").flatMap((npc) => {
      const buttons = b("npc_attack", (m) => [`→ ${nameOf(view, m.target)}`]).filter((x) => moveOf(x).npc === npc.ref);
      const morale = b("morale", (m) => [`Morale ${view.forms.morale[m.risk]}`], "tt-alt").filter((x) => moveOf(x).npc === npc.ref);
      if (!buttons.length && !morale.length) return [];
      return [el("div", { className: "tt-weapon" }, [el("p", { className: "tt-weapon-name" }, [npc.name, el("small", {}, [` HP ${npc.hp}/${npc.max_hp}`])]), row([...buttons, ...morale])])];
    });
    controls.push(fold("Fight", [
      el("div", { className: "tt-row tt-top" }, [this.modeRadios("Their flip"),
        numberField("Attackers", "attackers", this.state.attackers, view.forms.free.npc_attack.attackers, rules().free_help.npc_attack.attackers)]),
      ...(attacks.length ? attacks : [el("p", { className: "tt-quiet" }, ["Nobody in the scene to attack with yet."])]),
      el("div", { className: "tt-weapon" }, [el("p", { className: "tt-weapon-name" }, ["Initiative ", el("small", {}, ["the character's DEX against the Dealer"])]),
        row([numberField("Dealer's modifier", "modifier", this.state.modifier, view.forms.free.initiative.modifier), ...b("initiative", (m) => [nameOf(view, m.character)])])]),
    ], true));
    const hazards = view.party.filter((p) => legal.moves.some((m) => m.type === "hazard" && m.character === p.ref)).map((p) => el("div", { className: "tt-weapon" }, [
      el("p", { className: "tt-weapon-name" }, [p.sheet.name]),
      row(b("hazard", (m) => [m.ability]).filter((x) => moveOf(x).character === p.ref)),
    ]));
    controls.push(fold("Hazards", [numberField("Points lost", "amount", this.state.amount, view.forms.free.hazard.amount), ...hazards]));
    const fatigue = view.party.flatMap((p) => {
      const own = b("fatigue", (m) => [m.change > 0 ? "+1" : "−1"]).filter((x) => moveOf(x).character === p.ref);
      return own.length ? [el("div", { className: "tt-inline" }, [el("span", {}, [`${p.sheet.name} (${p.sheet.fatigue})`]), ...own])] : [];
    });
    controls.push(fold("Fatigue and rest", [
      ...(fatigue.length ? [el("div", { className: "tt-row" }, fatigue)] : []),
      row(b("rest", (m) => [REST_LABELS[m.kind] ?? m.kind])),
      ...(legal.moves.some((m) => m.type === "recover") ? [row(b("recover", (m) => [`${nameOf(view, m.character)}: recover`]))] : []),
    ]));
    const removals = b("remove", (m) => [`Remove ${nameOf(view, m.npc)}`], "tt-alt");
    if (removals.length) controls.push(fold("Clear the scene", [row(removals)]));
    controls.push(fold("End the session", [
      el("p", { className: "tt-quiet" }, ["The party's sheets go back to their rosters as they stand now: HP, scars, money and deaths."]),
      row(b("end", () => ["End the session"], "tt-danger")),
    ], wipedOut(view)));
    return controls;
  }

  /** The bestiary's entries as enemy moves of the Dealer (TS-28), while an enemy may come in. @param {Legal} legal */
  bestiaryRow(legal) {
    if (!legal.moves.some((m) => m.type === "enemy")) return [];
    const beasts = this.beasts();
    if (!beasts.length) return [];
    return [el("div", { className: "tt-row tt-bestiary-row", role: "group", "aria-label": "From your bestiary" }, beasts.map(({ move, name, line }) => {
      const node = moveButton(move, `Bring in ${name} (${line})`, "move tt-move tt-alt", [el("span", { "aria-hidden": "true" }, [name])]);
      node.dataset.seat = "0";
      node.dataset.key = `beast:${name}`;
      return node;
    }))];
  }

  /**
   * The waiting flip: each side as judged, then every player it still waits for (TS-19), each with their own
   * "Let the cards stand" and a way to show their hand; the hand on show offers its cheats, each with the
   * total it would give (TS-21), and the Black Joker's re-flip. Those who let their cards stand are named.
   * @param {Offer} offer
   */
  pendingControls({ view, toAct, legal, handSeat, people, own }) {
    const { pending } = view;
    if (!pending) return []; // asked for while a flip waits
    const controls = [];
    const sides = pending.sides.map((side) => el("li", {}, [
      el("strong", {}, [side.name.charAt(0).toUpperCase() + side.name.slice(1)]), ` ${pending.kind === "damage" ? side.cards.map(cardText).join(" and ") : flipWords(side.flip, side.ability)}`,
      ...(side.who.startsWith("pc") && side.cheat_refusal ? [el("span", { className: "tt-refusal" }, [`No cheat: ${side.cheat_refusal}`])] : []),
    ]));
    controls.push(el("ul", { className: "tt-sides" }, sides));
    if (pending.damage) controls.push(el("p", { className: "tt-quiet" }, [`As it stands: ${damageWords(pending.damage)}.`]));
    const stood = pending.stood.filter((seat) => !toAct.includes(seat)).map((seat) => seatName(view, seat));
    if (stood.length) controls.push(el("p", { className: "tt-quiet" }, [`${stood.join(" and ")} let${stood.length > 1 ? "" : "s"} the cards stand.`]));
    const away = toAct.filter((s) => s > 0 && !people.includes(s)).map((seat) => seatName(view, seat));
    if (away.length) controls.push(el("p", { className: "tt-quiet", "data-away": "" }, [`${away.join(" and ")} decide${away.length > 1 ? "" : "s"} on their own device.`]));
    for (const seat of toAct.filter((s) => s > 0 && people.includes(s))) {
      const name = seatName(view, seat);
      const mine = legal.get(seat) ?? { moves: [], labels: [] };
      const stand = seatButton(seat, mine, { type: "settle" }, [`${name}: let the cards stand`], "tt-primary");
      if (handSeat !== seat) {
        controls.push(el("div", { className: "tt-row" }, [el("button", {
          type: "button", className: "brass-button tt-hand-toggle", "data-hand": String(seat), "data-key": `hand:${seat}`,
        }, [`${name}: show my hand to cheat fate`]), ...(stand ? [stand] : [])]));
        continue;
      }
      const cheats = seatButtons(seat, mine, "cheat", (m, preview) => [cheatWords(m, preview)], "tt-cheat");
      const force = seatButtons(seat, mine, "force", () => ["Play the Black Joker: the Dealer flips again"], "tt-alt");
      controls.push(group(`${name}'s hand`, [
        el("div", { className: "tt-row" }, cheats.length ? cheats : [el("p", { className: "tt-quiet" }, ["No card of this hand can be laid on this flip."])]),
        ...(force.length ? [el("div", { className: "tt-row" }, force)] : pending.force ? [el("p", { className: "tt-quiet" }, [`Black Joker: ${pending.force}`])] : []),
        el("div", { className: "tt-row" }, [...(stand ? [stand] : []), ...(own ? [] : [
          el("button", { type: "button", className: "plain-button tt-hand-toggle", "data-hand": "", "data-key": "hand:none" }, ["Hide my hand"])])]),
      ]));
    }
    return controls;
  }
}
