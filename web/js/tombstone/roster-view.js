// The roster dialog: the characters kept in this browser (roster.js) as a list, each with View, Print,
// Export and Delete (asked twice), an Import from a .json file, and a line for every entry that could not
// be read (kept as it was, with a button to remove it). "View" shows the sheet in the same dialog, with its
// history (TS-24) and an "Edit" that opens the sheet editor there (./sheet-editor.js). A row says what the
// tables wrote back: the dead (dimmed, with a cross), those out of the fight, scars and conditions. Any
// Tombstone page can open it; the tables' party pickers refuse the dead on their own.
import { Roster, exportSheet } from "./roster.js";
import { sheetView, make, PROVENANCE_WORDS } from "./sheet-view.js";
import { abilities, statuses, scoreOf } from "./rules.js";
import { printSheet } from "./print.js";
import { historyView } from "./sheet-history.js";
import { SheetEditor } from "./sheet-editor.js";

/**
 * "STR 2 · DEX 1 · WIL 3 · GRT 1 · HP 2/2"
 * @param {import("./roster.js").Sheet} sheet
 */
export function statLine(sheet) {
  return [...abilities().map((a) => `${a.id} ${scoreOf(sheet.abilities, a.id)}`), `HP ${sheet.hp}/${sheet.max_hp}`].join(" · ");
}

/**
 * What a row should say of a character: where the sheet comes from (TS-18), and what the tables wrote on it:
 * out of the fight or dead, scars, conditions.
 * @param {import("./roster.js").Character} character
 */
function rosterMarks({ sheet, provenance }) {
  const marks = [];
  if (provenance) marks.push(make("span", { className: `tb-roster-mark tb-roster-${provenance.word}`, title: provenance.reason }, [PROVENANCE_WORDS[provenance.word]]));
  if (sheet.status !== "up") marks.push(make("span", { className: `tb-roster-state tb-roster-${sheet.status}` }, [statuses()[sheet.status] ?? sheet.status]));
  if (sheet.scars.length) marks.push(make("span", { className: "tb-roster-mark" }, [sheet.scars.length === 1 ? "1 scar" : `${sheet.scars.length} scars`]));
  if (sheet.conditions.length) marks.push(make("span", { className: "tb-roster-mark" }, [sheet.conditions.join(", ")]));
  return marks;
}

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

export class RosterView {
  /** @param {{bridge: import("./roster.js").Bridge, toast: (text: string) => void}} options */
  constructor({ bridge, toast }) {
    this.roster = new Roster(bridge);
    this.toast = toast;
    this.dialog = /** @type {HTMLDialogElement} */ (make("dialog", { className: "sheet reading tb-roster", id: "tb-roster", "aria-labelledby": "tb-roster-title" }));
    this.dialog.addEventListener("click", (event) => {
      if (event.target === this.dialog) this.dialog.close();
    });
    document.body.append(this.dialog);
    /** @type {string} a message over the list (an import refused) */
    this.error = "";
    /** @type {string | null} the key whose Delete is being asked about */
    this.confirming = null;
  }

  /** Open the list (reading the roster again). */
  async open() {
    this.error = "";
    this.confirming = null;
    await this.showList();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /**
   * Open straight on one character's sheet.
   * @param {import("./roster.js").Character} character
   */
  openSheet(character) {
    this.showSheet(character);
    if (!this.dialog.open) this.dialog.showModal();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
  }

  remove() {
    this.close();
    this.dialog.remove();
  }

  /** Read the roster; damaged entries are told once as a toast as well. */
  async load() {
    const loaded = await this.roster.load();
    return loaded;
  }

  async showList() {
    const { characters, problems } = await this.load();
    const title = make("h2", { id: "tb-roster-title" }, ["Your roster"]);
    const intro = make("p", { className: "sheet-note" }, [characters.length
      ? "The characters kept in this browser. Export one to keep it safe or take it to another device."
      : "No characters kept here yet. Forge one, or import a character file."]);
    const error = make("p", { className: "tb-roster-error", role: "alert" }, [this.error]);
    error.hidden = !this.error;
    const broken = problems.map((problem) => make("li", { className: "tb-roster-problem" }, [
      make("span", {}, [`A character could not be read: ${problem.message}. It was left as it is.`]),
      ...(problem.key ? [button("Remove it", "plain-button tb-small", () => {
        this.roster.remove(problem.key);
        this.showList();
      })] : []),
    ]));
    const rows = characters.map((character) => this.row(character));
    const list = make("ul", { className: "tb-roster-list" }, [...broken, ...rows]);
    const file = /** @type {HTMLInputElement} */ (make("input", { type: "file", accept: ".json,application/json", className: "tb-file", "aria-label": "Character file to import" }));
    file.addEventListener("change", () => this.importFile(file));
    const importer = make("label", { className: "plain-button tb-import" }, ["Import a character…", file]);
    const close = button("Close", "brass-button", () => this.close());
    this.dialog.replaceChildren(title, intro, error, list, make("div", { className: "sheet-actions tb-roster-actions" }, [importer, close]));
  }

  /** @param {import("./roster.js").Character} character */
  row(character) {
    const { sheet, key } = character;
    const asking = this.confirming === key;
    const actions = asking
      ? [make("span", { className: "tb-confirm" }, [`Delete ${sheet.name} for good?`]),
        button("Delete", "brass-button tb-small tb-danger", () => {
          this.roster.remove(key);
          this.confirming = null;
          this.toast(`${sheet.name} is off the roster.`);
          this.showList();
        }, { "data-confirm-delete": "" }),
        button("Keep", "plain-button tb-small", () => {
          this.confirming = null;
          this.showList();
        })]
      : [
        button("View", "plain-button tb-small", () => this.showSheet(character), { "data-view": "" }),
        button("Print", "plain-button tb-small", () => printSheet(sheet, { provenance: character.provenance }), { "data-print": "" }),
        button("Export", "plain-button tb-small", () => exportSheet(sheet), { "data-export": "" }),
        button("Delete", "plain-button tb-small", () => {
          this.confirming = key;
          this.showList();
        }, { "data-delete": "" }),
      ];
    const marks = rosterMarks(character);
    return make("li", { className: `tb-roster-entry${sheet.status === "dead" ? " tb-roster-fallen" : ""}`, "data-key": key, "data-status": sheet.status }, [
      make("div", { className: "tb-roster-who" }, [
        make("strong", { className: "tb-roster-name" }, [sheet.status === "dead" ? `${sheet.name} †` : sheet.name]),
        make("span", { className: "tb-roster-background" }, [sheet.background]),
        make("span", { className: "tb-roster-stats" }, [statLine(sheet)]),
        ...(marks.length ? [make("span", { className: "tb-roster-marks" }, marks)] : []),
      ]),
      make("div", { className: "tb-roster-buttons" }, actions),
    ]);
  }

  /** @param {import("./roster.js").Character} character */
  showSheet(character) {
    const { sheet, provenance } = character;
    const actions = make("div", { className: "sheet-actions tb-roster-actions" }, [
      button("← All characters", "plain-button", () => this.open(), { "data-back": "" }),
      button("Edit", "plain-button", () => this.showEditor(character), { "data-edit": "" }),
      button("Print", "plain-button", () => printSheet(sheet, { provenance }), { "data-print": "" }),
      button("Export", "plain-button", () => exportSheet(sheet)),
      button("Close", "brass-button", () => this.close()),
    ]);
    const history = historyView(sheet);
    this.dialog.replaceChildren(make("h2", { id: "tb-roster-title", className: "tb-visually-hidden" }, [sheet.name]),
      sheetView(sheet, { provenance }), ...(history ? [history] : []), actions);
    this.dialog.scrollTop = 0;
  }

  /**
   * The sheet editor in the dialog: each change is checked by the engine and kept at once (TS-24).
   * @param {import("./roster.js").Character} character
   */
  showEditor(character) {
    let before = character.sheet;
    const editor = new SheetEditor({
      character,
      commit: async (after, change) => {
        const answer = await this.roster.replace(before, after, change);
        if (answer.ok && answer.character) before = answer.character.sheet;
        return answer;
      },
      done: (now) => this.showSheet(now),
    });
    this.dialog.replaceChildren(editor.element);
    this.dialog.scrollTop = 0;
  }

  /** Import the chosen file: a good sheet joins the roster, anything else is refused with the reason. */
  /** @param {HTMLInputElement} input */
  async importFile(input) {
    const file = input.files?.[0];
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch {
      text = "";
    }
    const answer = await this.roster.importText(text);
    if (answer.ok === false) {
      this.error = answer.message;
    } else {
      this.error = "";
      this.toast(answer.fresh ? `${answer.character.sheet.name} joined your roster.` : `${answer.character.sheet.name} was already on your roster.`);
    }
    await this.showList();
  }
}
