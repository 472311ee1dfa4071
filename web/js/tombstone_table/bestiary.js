// The Dealer's bestiary (TS-28): stat blocks the Dealer makes (a name, enemy, posse or hireling, STR, DEX,
// WIL, HP and a weapon of the enemies'), kept in this browser and brought in again and again from the
// Dealer's "Bring someone in" (panel.js asks `moveOf` for the enemy move an entry makes). This module keeps
// the list (reading what is stored with care: an entry that is not a stat block is left out and said so,
// text that is not a list starts an empty one) and draws the form that adds, edits and deletes entries.
import { el } from "../move-panel.js";

const KEY = "saloon.tombstone_table.bestiary";
/** @type {Record<string, string>} */
export const KINDS = { enemy: "Enemy", posse: "Posse", hireling: "Hireling" };
/** @type {NumberKey[]} */
const ABILITIES = ["STR", "DEX", "WIL"];
const BASE_PRESET = "bandit"; // the enemy move's preset: every number of an entry is given over it

/**
 * @typedef {{name: string, kind: string, STR: number, DEX: number, WIL: number, hp: number, weapon: string}} Beast
 * @typedef {{name: string, kind: string[], STR: number[], DEX: number[], WIL: number[], hp: number[], weapon: string[]}} Limits
 * @typedef {"STR" | "DEX" | "WIL" | "hp"} NumberKey  the numbers of a stat block
 */

/** A weapon's key in words: "buffalo_gun" -> "Buffalo gun". */
export const weaponWords = (/** @type {string} */ key) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");

/**
 * `raw` as a stat block within `limits` (the engine's free fields of the enemy move), or null.
 * @param {any} raw
 * @param {Limits} limits
 * @returns {Beast | null}
 */
export function checkBeast(raw, limits) {
  if (!raw || typeof raw !== "object") return null;
  const name = typeof raw.name === "string" ? raw.name.trim() : "";
  if (!name || name.length > 40 || [...name].some((c) => c.charCodeAt(0) < 32)) return null;
  if (!limits.kind.includes(raw.kind) || !limits.weapon.includes(raw.weapon)) return null;
  /** @type {NumberKey[]} */
  const numbers = [...ABILITIES, "hp"];
  for (const key of numbers) {
    const [low, high] = limits[key];
    if (!Number.isInteger(raw[key]) || raw[key] < low || raw[key] > high) return null;
  }
  return { name, kind: raw.kind, STR: raw.STR, DEX: raw.DEX, WIL: raw.WIL, hp: raw.hp, weapon: raw.weapon };
}

/** One line for an entry: "Posse · STR 4, DEX 2, WIL 1 · HP 6 · Carbine". */
export const beastLine = (/** @type {Beast} */ beast) => `${KINDS[beast.kind] ?? beast.kind} · STR ${beast.STR}, DEX ${beast.DEX}, WIL ${beast.WIL} · HP ${beast.hp} · ${weaponWords(beast.weapon)}`;

export class Bestiary {
  /** @param {{signal: AbortSignal, onChange: () => void}} options */
  constructor({ signal, onChange }) {
    this.onChange = onChange;
    /** @type {Beast[]} */
    this.entries = [];
    /** @type {Limits | null} */
    this.limits = null;
    /** @type {number | null} the entry the form edits (null: a new one) */
    this.editing = null;
    this.list = el("ul", { className: "tt-beasts" });
    this.form = /** @type {HTMLFormElement} */ (el("form", { className: "tt-beast-form" }));
    this.message = el("p", { className: "tt-quiet", role: "status" });
    this.message.hidden = true;
    this.root = el("details", { className: "tt-fold", "data-fold": "Bestiary" }, [
      el("summary", {}, ["Bestiary: your own stat blocks"]), this.message, this.list, this.form,
    ]);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.saveForm();
    }, { signal });
    this.root.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-beast]"));
      if (!button) return;
      const index = Number(button.dataset.index);
      if (button.dataset.beast === "edit") {
        this.editing = index;
        this.drawForm(this.entries[index]);
      } else if (button.dataset.beast === "delete") {
        this.entries.splice(index, 1);
        this.editing = null;
        this.store();
        this.draw();
      } else if (button.dataset.beast === "cancel") {
        this.editing = null;
        this.drawForm(null);
      }
    }, { signal });
  }

  /** The engine's limits arrive with the first view: read what is stored against them, then draw. */
  setLimits(/** @type {any} */ free) {
    if (this.limits) return;
    this.limits = { name: "text", kind: free.kind, STR: free.STR, DEX: free.DEX, WIL: free.WIL, hp: free.hp, weapon: free.weapon };
    this.load();
    this.draw();
  }

  load() {
    const limits = /** @type {Limits} */ (this.limits);
    let text;
    try {
      text = localStorage.getItem(KEY);
    } catch {
      this.say("This browser keeps nothing for this page: the bestiary lasts until you leave.");
      return;
    }
    if (text === null) return;
    let stored = null;
    try {
      stored = JSON.parse(text);
    } catch {
      // said below
    }
    if (!Array.isArray(stored)) {
      this.say("The bestiary kept in this browser could not be read: it starts empty, and saving a stat block replaces it.");
      return;
    }
    this.entries = stored.map((raw) => checkBeast(raw, limits)).filter((beast) => beast !== null);
    const left = stored.length - this.entries.length;
    if (left) this.say(`${left} stat ${left === 1 ? "block" : "blocks"} kept in this browser could not be read and ${left === 1 ? "was" : "were"} left out.`);
  }

  /** @param {string} text */
  say(text) {
    this.message.textContent = text;
    this.message.hidden = !text;
  }

  store() {
    try {
      localStorage.setItem(KEY, JSON.stringify(this.entries));
    } catch {
      this.say("This browser would not keep the bestiary: it lasts until you leave.");
    }
    this.onChange();
  }

  /**
   * The Dealer's enemy move that brings `beast` in.
   * @param {Beast} beast
   */
  moveOf(beast) {
    const { name, kind, STR, DEX, WIL, hp, weapon } = beast;
    return { type: "enemy", preset: BASE_PRESET, name, kind, STR, DEX, WIL, hp, weapon };
  }

  draw() {
    this.list.replaceChildren(...this.entries.map((beast, index) => el("li", { className: "tt-beast" }, [
      el("span", {}, [el("strong", {}, [beast.name]), " ", el("small", {}, [beastLine(beast)])]),
      el("span", { className: "tt-row" }, [
        el("button", { type: "button", className: "plain-button tt-desk-button", "data-beast": "edit", "data-index": String(index) }, ["Edit"]),
        el("button", { type: "button", className: "plain-button tt-desk-button", "data-beast": "delete", "data-index": String(index), "aria-label": `Delete ${beast.name}` }, ["Delete"]),
      ]),
    ])));
    if (!this.entries.length) this.list.replaceChildren(el("li", { className: "tt-quiet" }, ["No stat blocks yet: make one below, then bring it in from “Bring someone in”."]));
    this.drawForm(this.editing === null ? null : this.entries[this.editing]);
  }

  /** The form, empty or filled with the entry being edited. @param {Beast | null} beast */
  drawForm(beast) {
    const limits = this.limits;
    if (!limits) return;
    /** @type {Beast} */
    const value = beast ?? { name: "", kind: "enemy", STR: 1, DEX: 1, WIL: 1, hp: 3, weapon: limits.weapon[0] };
    const number = (/** @type {NumberKey} */ key, /** @type {string} */ label) => el("label", { className: "tt-field" }, [el("span", {}, [label]),
      el("input", { type: "number", name: key, min: String(limits[key][0]), max: String(limits[key][1]), step: "1", value: String(value[key]), inputmode: "numeric", required: "" })]);
    /**
     * @param {"kind" | "weapon"} key
     * @param {string} label
     * @param {string[][]} choices  [value, words] each
     */
    const select = (key, label, choices) => {
      const field = /** @type {HTMLSelectElement} */ (el("select", { name: key }, choices.map(([v, words]) => el("option", { value: v }, [words]))));
      field.value = value[key];
      return el("label", { className: "tt-field" }, [el("span", {}, [label]), field]);
    };
    this.form.replaceChildren(
      el("p", { className: "tt-weapon-name" }, [beast ? `Edit ${beast.name}` : "A new stat block"]),
      el("label", { className: "tt-field tt-name" }, [el("span", {}, ["Name"]),
        el("input", { type: "text", name: "name", maxlength: "40", required: "", value: value.name, placeholder: "e.g. Black Bart" })]),
      el("div", { className: "tt-row" }, [
        select("kind", "Kind", limits.kind.map((k) => [k, KINDS[k] ?? k])),
        select("weapon", "Weapon", limits.weapon.map((w) => [w, weaponWords(w)])),
      ]),
      el("div", { className: "tt-row" }, [number("STR", "STR"), number("DEX", "DEX"), number("WIL", "WIL"), number("hp", "HP")]),
      el("div", { className: "tt-row" }, [
        el("button", { type: "submit", className: "brass-button tt-desk-button" }, [beast ? "Save the changes" : "Add to the bestiary"]),
        ...(beast ? [el("button", { type: "button", className: "plain-button tt-desk-button", "data-beast": "cancel" }, ["Cancel"])] : []),
      ]),
    );
  }

  saveForm() {
    const data = new FormData(this.form);
    const raw = Object.fromEntries([...data.entries()].map(([key, v]) => [key, ["name", "kind", "weapon"].includes(key) ? String(v) : Number(v)]));
    const beast = checkBeast(raw, /** @type {Limits} */ (this.limits));
    if (!beast) {
      this.say("That stat block is not complete: a name of up to 40 characters and every number within its bounds.");
      return;
    }
    if (this.editing === null) this.entries.push(beast);
    else this.entries[this.editing] = beast;
    this.say(`${beast.name} is in the bestiary.`);
    this.editing = null;
    this.store();
    this.draw();
  }
}
