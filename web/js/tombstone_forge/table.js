// The character forge: a one-person screen (../screens/solo.js). The felt shows the deck of fate and the
// cards of the part being drawn turning face up in their places; beside it (under it on a phone) the
// character sheet fills in, pencilled until a part is kept. The move panel offers the engine's legal
// moves and, for the name and the background, a field to write your own. When the character is done it
// joins the roster kept in this browser (../tombstone/roster.js) and the sheet offers Print, Export and
// another forge. Every rule question goes to Python; the sheet on screen is the engine's.
import { SoloScreen } from "../screens/solo.js";
import { ForgeRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { prompt, stepLabel, newsLine, logEntries, tableSummary } from "./texts.js";
import { sheetView, make } from "../tombstone/sheet-view.js";
import { RosterView } from "../tombstone/roster-view.js";
import { Roster, exportSheet } from "../tombstone/roster.js";
import { setPrintSheet, clearPrintSheet, printSheet } from "../tombstone/print.js";

/** Per part of the sheet, how sure it is in this view: kept (""), drawn but not kept, or not drawn yet. */
function marks(view) {
  const now = view.phase === "done" ? view.parts.length : view.parts.indexOf(view.phase);
  return Object.fromEntries(view.parts.map((part, i) => {
    if (i < now) return [part, ""];
    if (i > now) return [part, "blank"];
    return [part, part === "gear" || view.offer ? "pencilled" : "blank"];
  }));
}

/** @extends {SoloScreen<ForgeRenderer>} */
export class Table extends SoloScreen {
  static stylesheet = new URL("./table.css", import.meta.url).href;

  /** @param {import("../screens/table-screen.js").TableOptions} options */
  constructor(options) {
    super(options, new ForgeRenderer(options.canvas, options.painter));
    const signal = this.listeners.signal;
    this.panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), {
      onPlay: (move) => this.play(move),
      onWrite: (text) => this.write(text),
      signal,
    });
    this.screen = /** @type {HTMLElement} */ (document.querySelector("#table-screen"));
    this.screen.classList.add("tf-forge");
    this.pane = make("aside", { className: "tf-pane", "aria-label": "Your character sheet", "aria-live": "polite" });
    /** @type {HTMLElement} */ (document.querySelector("#felt")).append(this.pane);
    this.rosterButton = make("button", { type: "button", id: "tf-roster-open", className: "head-pill tf-roster-open", "aria-haspopup": "dialog",
      title: "The characters kept in this browser: view, print, export, delete, import" }, ["Roster"]);
    document.querySelector(".moves-head").append(this.rosterButton);
    this.rosterButton.addEventListener("click", () => this.rosterView.open(), { signal });
    this.rosterView = new RosterView({ bridge: this.engine, toast: this.toast });
    this.sheetTimer = 0;
    /** @type {any} the finished sheet once the forge is done and kept */
    this.finished = null;
  }

  async open() {
    await super.open();
    const { problems } = await new Roster(this.engine).load();
    if (problems.length && !this.closed) {
      this.toast(`${problems.length === 1 ? "One character" : `${problems.length} characters`} in your roster could not be read; the rest are fine. Open the roster to see which.`);
    }
  }

  close() {
    clearTimeout(this.sheetTimer);
    super.close();
    this.pane.remove();
    this.rosterButton.remove();
    this.rosterView.remove();
    this.screen.classList.remove("tf-forge", "tf-finished");
    clearPrintSheet();
  }

  /** The view is drawn at once; the sheet catches up when the cards have landed. */
  showView(response, events) {
    super.showView(response, events);
    clearTimeout(this.sheetTimer);
    const view = response.view;
    this.sheetTimer = window.setTimeout(() => {
      if (!this.closed && !response.over) this.showSheet(view);
    }, this.renderer.animationLeft());
  }

  /** The sheet as the engine has it now, each part marked kept, pencilled or still to come. */
  showSheet(view) {
    const sheet = sheetView(view.sheet, { marks: marks(view) });
    sheet.dataset.log = String(view.log.length);
    sheet.dataset.phase = view.phase;
    this.pane.replaceChildren(sheet);
    this.screen.classList.remove("tf-finished");
    setPrintSheet(view.sheet, { marks: marks(view) });
  }

  showMoves() {
    this.panel.show(this.legal, this.response.view);
  }

  /** A name or background of your own (the engine's `write` move; it says when the text will not do). */
  write(text) {
    if (!text.trim()) {
      this.toast("Write something first, or use the dice and the cards.");
      return;
    }
    this.play({ type: "write", text });
  }

  tap(clientX, clientY) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit || !this.acting) return;
    const move = hit.kind === "deck"
      ? this.legal.moves.find((m) => m.type === "draw" && !("trait" in m))
      : this.legal.moves.find((m) => m.type === "draw" && m.trait === hit.trait);
    if (move) this.play(move);
  }

  highlight() {
    const view = this.response?.view;
    const moves = this.acting ? this.legal.moves : [];
    return {
      caption: view && !this.response.over ? prompt(view) : "",
      draw: moves.some((m) => m.type === "draw" && !("trait" in m)) && !view?.offer,
      traits: moves.some((m) => m.type === "draw" && "trait" in m),
    };
  }

  summary(view) {
    return tableSummary(view);
  }

  get overLine() {
    return "The character is done.";
  }

  statusLines(view) {
    return /** @type {[string, string]} */ ([`${stepLabel(view)} · ${prompt(view)}.`, newsLine(view)]);
  }

  updateLog(view) {
    this.showLog(view ? logEntries(view) : []);
  }

  /** Done: keep the character on the roster (once) and show its sheet with Print, Export and another forge. */
  async showResult(response) {
    clearTimeout(this.sheetTimer);
    const sheet = response.outcome.result;
    const kept = await this.rosterView.roster.add(sheet);
    if (this.closed) return;
    this.finished = kept.ok ? kept.character.sheet : sheet;
    if (!kept.ok) this.toast(kept.message);
    else if (kept.fresh) this.toast(`${this.finished.name} joined your roster.`);
    const view = sheetView(this.finished, { caption: kept.ok ? "Kept on your roster in this browser." : "" });
    view.dataset.phase = "done";
    view.dataset.log = String(response.view.log.length);
    const button = (label, className, action, data) => {
      const node = make("button", { type: "button", className, [`data-${data}`]: "" }, [label]);
      node.addEventListener("click", action);
      return node;
    };
    const actions = make("div", { className: "tf-done-actions" }, [
      button("Print", "brass-button", () => printSheet(this.finished), "print"),
      button("Export", "plain-button", () => exportSheet(this.finished), "export"),
      button("Roster", "plain-button", () => this.rosterView.open(), "roster"),
      button("Forge another", "brass-button", () => /** @type {HTMLButtonElement} */ (document.querySelector("#deal-again")).click(), "again"),
    ]);
    this.pane.replaceChildren(make("div", { className: "tf-done" }, [actions, view]));
    this.screen.classList.add("tf-finished");
    this.pane.scrollTop = 0;
    setPrintSheet(this.finished);
    document.dispatchEvent(new CustomEvent("saloon:over", { detail: { session: this.session.id } }));
  }
}
