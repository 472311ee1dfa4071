// The character forge at the table: one person draws a character. The felt shows the deck of fate and the
// cards of the part being drawn turning face up in their places; beside it (under it on a phone) the
// character sheet fills in, pencilled until a part is kept. The move panel offers the engine's legal moves
// and, for the name and the background, a field to write your own. When the character is done it joins the
// roster kept in this browser (../tombstone/roster.js) and the sheet offers Print, Export and another
// forge. The turn flow is the table controller's (../table/controller.js); every rule question goes to
// Python; the sheet on screen is the engine's.
import { ForgeRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { prompt, stepLabel, newsLine, logEntries, tableSummary } from "./texts.js";
import { sheetView, make } from "../tombstone/sheet-view.js";
import { RosterView } from "../tombstone/roster-view.js";
import { Roster, exportSheet } from "../tombstone/roster.js";
import { setPrintSheet, clearPrintSheet, printSheet } from "../tombstone/print.js";

/** @typedef {import("./shapes.js").ForgeView} ForgeView */
/** @typedef {import("../table/adapter.js").TableKit<ForgeView>} TableKit */
/** @typedef {import("../table/adapter.js").Moment<ForgeView>} Moment */
/** @typedef {import("../table/adapter.js").TableAdapter<ForgeView>} TableAdapter */

/** @typedef {"" | "pencilled" | "blank"} Mark */

/**
 * Per part of the sheet, how sure it is in this view: kept (""), drawn but not kept, or not drawn yet.
 * @param {ForgeView} view
 * @returns {Record<string, Mark>}
 */
function marks(view) {
  const now = view.phase === "done" ? view.parts.length : view.parts.indexOf(view.phase);
  return Object.fromEntries(view.parts.map(/** @returns {[string, Mark]} */ (part, i) => {
    if (i < now) return [part, ""];
    if (i > now) return [part, "blank"];
    return [part, part === "gear" || view.offer ? "pencilled" : "blank"];
  }));
}

/**
 * @param {TableKit} kit
 * @returns {TableAdapter}
 */
export function makeTable(kit) {
  const { signal } = kit;
  const renderer = new ForgeRenderer(kit.canvas, kit.painter);
  const panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), {
    onPlay: (move) => kit.play(move),
    onWrite: (text) => {
      if (text.trim()) kit.play({ type: "write", text });
      else kit.toast("Write something first, or use the dice and the cards.");
    },
    signal,
  });
  const screen = /** @type {HTMLElement} */ (document.querySelector("#table-screen"));
  screen.classList.add("tf-forge");
  const pane = make("aside", { className: "tf-pane", "aria-label": "Your character sheet", "aria-live": "polite" });
  document.querySelector("#felt")?.append(pane);
  const rosterView = new RosterView({ bridge: kit.engine, toast: kit.toast });
  const rosterButton = make("button", { type: "button", id: "tf-roster-open", className: "head-pill tf-roster-open", "aria-haspopup": "dialog",
    title: "The characters kept in this browser: view, print, export, delete, import" }, ["Roster"]);
  document.querySelector(".moves-head")?.append(rosterButton);
  rosterButton.addEventListener("click", () => rosterView.open(), { signal });
  new Roster(kit.engine).load().then(({ problems }) => {
    if (problems.length && !signal.aborted) {
      kit.toast(`${problems.length === 1 ? "One character" : `${problems.length} characters`} in your roster could not be read; the rest are fine. Open the roster to see which.`);
    }
  });
  let sheetTimer = 0;

  /** The sheet as the engine has it now, each part marked kept, pencilled or still to come. */
  const showSheet = (/** @type {ForgeView} */ view) => {
    const sheet = sheetView(view.sheet, { marks: marks(view) });
    sheet.dataset.log = String(view.log.length);
    sheet.dataset.phase = view.phase;
    pane.replaceChildren(sheet);
    screen.classList.remove("tf-finished");
    setPrintSheet(view.sheet, { marks: marks(view) });
  };

  /**
   * Done: keep the character on the roster (once) and show its sheet with Print, Export and another forge.
   * @param {import("../table/adapter.js").ViewAnswer<ForgeView>} answer
   * @param {import("../table/adapter.js").ResultBox} box
   */
  const finish = async (answer, box) => {
    clearTimeout(sheetTimer);
    const { outcome, view: last } = answer;
    if (!outcome || !last) return; // the forge ends with its view and the sheet as its result
    /** @type {import("./shapes.js").ForgeSheet} */
    const drawn = outcome.result;
    const kept = await rosterView.roster.add(drawn);
    if (box.closed()) return;
    const finished = kept.ok ? kept.character.sheet : drawn;
    if (kept.ok === false) kit.toast(kept.message);
    else if (kept.fresh) kit.toast(`${finished.name} joined your roster.`);
    const view = sheetView(finished, { caption: kept.ok ? "Kept on your roster in this browser." : "" });
    view.dataset.phase = "done";
    view.dataset.log = String(last.log.length);
    /**
     * @param {string} label
     * @param {string} className
     * @param {() => void} action
     * @param {string} data
     */
    const button = (label, className, action, data) => {
      const node = make("button", { type: "button", className, [`data-${data}`]: "" }, [label]);
      node.addEventListener("click", action);
      return node;
    };
    const actions = make("div", { className: "tf-done-actions" }, [
      button("Print", "brass-button", () => printSheet(finished), "print"),
      button("Export", "plain-button", () => exportSheet(finished), "export"),
      button("Roster", "plain-button", () => rosterView.open(), "roster"),
      button("Forge another", "brass-button", () => /** @type {HTMLButtonElement} */ (document.querySelector("#deal-again")).click(), "again"),
    ]);
    pane.replaceChildren(make("div", { className: "tf-done" }, [actions, view]));
    screen.classList.add("tf-finished");
    pane.scrollTop = 0;
    setPrintSheet(finished);
    box.announce();
  };

  return {
    renderer,
    panel,
    stylesheet: new URL("./table.css", import.meta.url).href,
    curtain: false,
    viewSeat: null,
    seat: () => ({}),
    /** The view is drawn at once; the sheet catches up when the cards have landed. */
    shown: ({ view, answer }) => {
      clearTimeout(sheetTimer);
      sheetTimer = window.setTimeout(() => {
        if (!signal.aborted && !answer?.over) showSheet(view);
      }, renderer.animationLeft());
    },
    hint: () => {},
    tap: (clientX, clientY, moment) => {
      const hit = renderer.hitTest(clientX, clientY);
      if (!hit || !moment.acting) return;
      const move = hit.kind === "deck"
        ? moment.legal.moves.find((m) => m.type === "draw" && !("trait" in m))
        : moment.legal.moves.find((m) => m.type === "draw" && m.trait === hit.trait);
      if (move) kit.play(move);
    },
    highlight: ({ view, legal, stage }) => ({
      caption: view && stage !== "over" ? prompt(view) : "",
      draw: legal.moves.some((m) => m.type === "draw" && !("trait" in m)) && !view?.offer,
      traits: legal.moves.some((m) => m.type === "draw" && "trait" in m),
    }),
    status: ({ view, stage }) => (stage === "over" ? ["The character is done.", ""]
      : [stage === "person" ? `${stepLabel(view)} · ${prompt(view)}.` : `${stepLabel(view)}.`, newsLine(view)]),
    summary: (view) => tableSummary(view),
    log: (view) => logEntries(view),
    roundOf: () => null,
    secret: () => false,
    lastMove: () => null,
    ending: finish,
    close: () => {
      clearTimeout(sheetTimer);
      pane.remove();
      rosterButton.remove();
      rosterView.remove();
      screen.classList.remove("tf-forge", "tf-finished");
      clearPrintSheet();
    },
  };
}
