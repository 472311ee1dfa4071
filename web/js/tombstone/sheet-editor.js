// The roster's sheet editor: a kept character's sheet after the forge, changed between sessions (money,
// items, conditions and Fatigue, rests and a scar's recovery, advancement, notes). Each button makes one
// change (./sheet-edits.js) and hands it to `commit`, which has the engine check the whole sheet before it is
// kept (Roster.replace: character.check_sheet) and writes it in the sheet's history (TS-24). A refused change
// shows the engine's reason and leaves the sheet as it was. The dead keep only their notes (TS-23).
import { make, dollars, slotsUsed, slotTotal } from "./sheet-view.js";
import { abilities, scoreOf } from "./rules.js";
import * as edits from "./sheet-edits.js";

/**
 * @typedef {(after: import("./roster.js").Sheet, change: import("./sheet-history.js").Change) => Promise<{ok: boolean, message?: string, character?: import("./roster.js").Character}>} Commit
 */

/**
 * @param {string} label
 * @param {string} className
 * @param {() => void} onClick
 * @param {Record<string, string>} [attributes]
 */
const button = (label, className, onClick, attributes = {}) => {
  const node = make("button", { type: "button", className, ...attributes }, [label]);
  node.addEventListener("click", onClick);
  return node;
};

/**
 * A labelled field: the label above, the control under it (full width on a phone).
 * @param {string} text
 * @param {HTMLElement} control
 */
const field = (text, control) => make("label", { className: "tb-edit-field" }, [make("span", {}, [text]), control]);

/**
 * @param {string} name
 * @param {string} title
 * @param {(Node | string)[]} children
 */
const section = (name, title, children) => make("section", { className: "tb-edit-part", "data-edit": name }, [make("h3", {}, [title]), ...children]);

export class SheetEditor {
  /**
   * @param {{character: import("./roster.js").Character, commit: Commit,
   *   done: (character: import("./roster.js").Character) => void}} options
   *   commit: keep a change (the engine checks it); done: back to the sheet, as it now stands
   */
  constructor({ character, commit, done }) {
    this.character = character;
    this.commit = commit;
    this.done = done;
    /** @type {string | null} a step asked about before it is made ("condition:STR": it kills) */
    this.asking = null;
    this.message = make("p", { className: "tb-edit-message", role: "status", "aria-live": "polite", "data-edit-message": "" });
    this.element = make("div", { className: "tb-editor" });
    this.render();
  }

  /**
   * Say something in the bar that stays in sight: "Kept: …" or the reason a change was refused.
   * @param {string} text
   */
  say(text, refused = false) {
    this.message.textContent = text;
    this.message.classList.toggle("tb-edit-refused", refused);
    this.message.toggleAttribute("data-refused", refused);
  }

  /**
   * Make one change: a form not filled in is told at once; the rest goes to the engine. Only a kept change
   * draws the editor again: after a refusal what the Dealer typed stays, to be put right.
   * @param {edits.EditOrWhy} result
   */
  async apply(result) {
    const asked = this.asking !== null;
    this.asking = null;
    if ("why" in result) {
      this.say(result.why, true);
      return;
    }
    const answer = await this.commit(result.after, result.change);
    if (answer.ok && answer.character) {
      this.character = answer.character;
      this.say(`Kept: ${result.change.what}`);
      this.render();
      return;
    }
    this.say(`Not kept: ${answer.message ?? "the sheet was refused."}`, true);
    if (asked) this.render();
  }

  render() {
    const sheet = this.character.sheet;
    const scroll = this.element.parentElement?.scrollTop ?? 0;
    const alive = sheet.status !== "dead";
    const parts = alive ? [this.moneyPart(), this.itemsPart(), this.conditionsPart(), this.recoveryPart(), this.advancePart(), this.notesPart()]
      : [make("p", { className: "sheet-note" }, [`${sheet.name} is dead: the dead do not heal or advance (TS-23). Their notes can still be written.`]), this.notesPart()];
    const bar = make("div", { className: "sheet-actions tb-roster-actions tb-edit-bar" }, [
      this.message,
      button("Done", "brass-button", () => this.done(this.character), { "data-edit-done": "" }),
    ]);
    this.element.replaceChildren(
      make("h2", { id: "tb-roster-title" }, [`Edit ${sheet.name}`]),
      make("p", { className: "sheet-note" }, ["Each change is checked against the rules before it is kept, and written in the sheet's history."]),
      make("p", { className: "tb-edit-now", "data-edit-now": "" }, [this.summary()]),
      ...parts, bar);
    if (this.element.parentElement) this.element.parentElement.scrollTop = scroll;
  }

  /** "HP 3/4 · $12 · 6 of 10 slots · up" */
  summary() {
    const sheet = this.character.sheet;
    return [`HP ${sheet.hp}/${sheet.max_hp}`, ...abilities().map((a) => `${a.id} ${scoreOf(sheet.abilities, a.id)}/${scoreOf(sheet.max, a.id)}`),
      dollars(sheet.money), `${slotsUsed(sheet)} of ${slotTotal(sheet)} slots`].join(" · ");
  }

  moneyPart() {
    const sheet = this.character.sheet;
    const amount = /** @type {HTMLInputElement} */ (make("input", { type: "text", inputmode: "decimal", className: "tb-edit-input", "data-edit-amount": "", placeholder: "5 or 2.50", autocomplete: "off" }));
    return section("money", `Money: ${dollars(sheet.money)}`, [
      field("Amount in dollars", amount),
      make("div", { className: "tb-edit-row" }, [
        button("Receive", "plain-button tb-small", () => this.apply(edits.money(sheet, amount.value, 1)), { "data-edit-receive": "" }),
        button("Spend", "plain-button tb-small", () => this.apply(edits.money(sheet, amount.value, -1)), { "data-edit-spend": "" }),
      ]),
    ]);
  }

  itemsPart() {
    const sheet = this.character.sheet;
    const used = slotsUsed(sheet);
    const full = used >= slotTotal(sheet); // a pack beast's slots count too (TS-25)
    const list = make("ul", { className: "tb-edit-list" }, sheet.inventory.map((item, i) => make("li", { "data-edit-item": item.name }, [
      make("span", {}, [item.name, make("small", {}, [` ${item.slots === 2 ? "bulky, 2 slots" : item.slots === 1 ? "1 slot" : "no slot"}`])]),
      button("Drop", "plain-button tb-small", () => this.apply(edits.dropItem(sheet, i)), { "aria-label": `Drop ${item.name}`, "data-edit-drop": "" }),
    ])));
    const name = /** @type {HTMLInputElement} */ (make("input", { type: "text", className: "tb-edit-input", maxlength: "80", "data-edit-item-name": "", autocomplete: "off" }));
    const slots = /** @type {HTMLSelectElement} */ (make("select", { className: "tb-edit-input", "data-edit-item-slots": "" }, [
      make("option", { value: "1" }, ["1 slot"]), make("option", { value: "2" }, ["Bulky: 2 slots"]), make("option", { value: "0" }, ["Small: no slot"])]));
    return section("items", `Items: ${used} of ${slotTotal(sheet)} slots`, [
      ...(full ? [make("p", { className: "tb-edit-warn", "data-edit-full": "" }, [`All ${slotTotal(sheet)} slots are full: ${sheet.name} is at 0 HP while it stays so (TOMB-2).`])]
        : used + 2 > slotTotal(sheet) ? [make("p", { className: "tb-edit-warn" }, ["One slot left: filling it brings the character to 0 HP (TOMB-2)."])] : []),
      list,
      make("div", { className: "tb-edit-row" }, [field("New item", name), field("Size", slots)]),
      button("Add the item", "plain-button tb-small", () => this.apply(edits.addItem(sheet, name.value, Number(slots.value))), { "data-edit-add-item": "" }),
    ]);
  }

  conditionsPart() {
    const sheet = this.character.sheet;
    const list = make("ul", { className: "tb-edit-list" }, sheet.conditions.map((condition, i) => make("li", {}, [
      make("span", {}, [condition]),
      button("Heal", "plain-button tb-small", () => this.apply(edits.clearCondition(sheet, i)), { "aria-label": `Heal ${condition}` }),
    ])));
    const adders = Object.keys(edits.CONDITION_OF).map((ability) => {
      const condition = edits.CONDITION_OF[ability];
      const key = `condition:${ability}`;
      const kills = edits.killsWith(sheet, ability);
      if (kills && this.asking === key) {
        return button(`${condition} kills ${sheet.name}: add it`, "brass-button tb-small tb-danger", () => this.apply(edits.addCondition(sheet, ability)), { "data-edit-kills": "" });
      }
      return button(`+ ${condition}`, "plain-button tb-small", () => {
        if (!kills) {
          this.apply(edits.addCondition(sheet, ability));
          return;
        }
        this.asking = key;
        this.say(`More ${condition} than ${ability}'s maximum ${scoreOf(sheet.max, ability)} kills (TS-13). Tap again to add it.`, true);
        this.render();
      }, { "data-edit-condition": ability });
    });
    return section("conditions", "Conditions and Fatigue", [
      sheet.conditions.length ? list : make("p", { className: "sheet-note" }, ["No conditions."]),
      make("div", { className: "tb-edit-row" }, adders),
      make("div", { className: "tb-edit-row" }, [
        make("span", { className: "tb-edit-count" }, [`Fatigue ${sheet.fatigue}`]),
        button("+ Fatigue", "plain-button tb-small", () => this.apply(edits.fatigue(sheet, 1))),
        ...(sheet.fatigue ? [button("− Fatigue", "plain-button tb-small", () => this.apply(edits.fatigue(sheet, -1)))] : []),
      ]),
    ]);
  }

  recoveryPart() {
    const sheet = this.character.sheet;
    const scars = sheet.scars.flatMap((scar, i) => (scar.pending ? [{ scar, i, pending: scar.pending }] : [])).map(({ scar, i, pending }) => {
      const tier = pending === "max_hp_tier";
      const value = /** @type {HTMLInputElement} */ (make("input", { type: "number", min: tier ? "1" : "0", max: tier ? "3" : "7", step: "1", className: "tb-edit-input", inputmode: "numeric", "data-edit-scar-value": String(i) }));
      const ability = tier ? "" : pending.split("_")[1];
      return make("div", { className: "tb-edit-scar", "data-edit-scar": scar.name }, [
        make("p", {}, [make("strong", {}, [scar.name]), tier ? ": once healed, flip a card; its tier is added to max HP." : `: once recovered, flip seven cards and count the ${ability} suit.`]),
        make("div", { className: "tb-edit-row" }, [
          field(tier ? "Tier (1–3)" : "Cards of the suit (0–7)", value),
          button("Settle", "plain-button tb-small", () => this.apply(edits.settleScar(sheet, i, Number(value.value === "" ? NaN : value.value)))),
        ]),
      ]);
    });
    return section("recovery", "Rest and recovery", [
      make("div", { className: "tb-edit-row" }, [
        button("A breather: HP back", "plain-button tb-small", () => this.apply(edits.rest(sheet, "breather")), { "data-edit-rest": "breather" }),
        button("A night's rest", "plain-button tb-small", () => this.apply(edits.rest(sheet, "night")), { "data-edit-rest": "night" }),
        button("A week in a dry bed", "plain-button tb-small", () => this.apply(edits.rest(sheet, "week")), { "data-edit-rest": "week" }),
      ]),
      make("p", { className: "sheet-note" }, ["A night clears Fatigue and exhaustion and brings round one out of the fight; a week also restores the abilities and heals the conditions (TS-14)."]),
      ...scars,
    ]);
  }

  advancePart() {
    const sheet = this.character.sheet;
    const kind = /** @type {HTMLSelectElement} */ (make("select", { className: "tb-edit-input", "data-edit-advance-kind": "" }, [
      ...abilities().map((a) => make("option", { value: a.id }, [`+1 to ${a.id}'s maximum (now ${scoreOf(sheet.max, a.id)})`])),
      make("option", { value: "skill" }, ["A skill, in words"])]));
    const skill = /** @type {HTMLInputElement} */ (make("input", { type: "text", className: "tb-edit-input", maxlength: "80", "data-edit-skill": "", autocomplete: "off" }));
    const skillField = field("The skill", skill);
    const reason = /** @type {HTMLInputElement} */ (make("input", { type: "text", className: "tb-edit-input", maxlength: "200", "data-edit-reason": "", autocomplete: "off", placeholder: "A month with a gunsmith in Tucson" }));
    const sync = () => {
      skillField.hidden = kind.value !== "skill";
    };
    kind.addEventListener("change", sync);
    sync();
    return section("advance", "Advancement", [
      make("p", { className: "sheet-note" }, ["Granted by the Dealer for danger overcome: a trainer, a personal quest, a harrowing ride (TS-23). The reason is required."]),
      field("What grows", kind), skillField, field("What they overcame", reason),
      button("Grant the advancement", "plain-button tb-small", () => this.apply(edits.advance(sheet, kind.value, skill.value, reason.value)), { "data-edit-grant": "" }),
    ]);
  }

  notesPart() {
    const sheet = this.character.sheet;
    const text = /** @type {HTMLTextAreaElement} */ (make("textarea", { className: "tb-edit-input tb-edit-notes", rows: "4", maxlength: "2000", "data-edit-notes": "" }));
    text.value = sheet.notes;
    return section("notes", "Notes", [
      field("Debts, friends, enemies, plans", text),
      button("Keep the notes", "plain-button tb-small", () => this.apply(edits.notes(sheet, text.value)), { "data-edit-keep-notes": "" }),
    ]);
  }
}
