// Dueling Suits at the table: what its felt draws and its status says. A tap on a playable hand card leads it
// face down or adds it to the chain, a tap on the glowing "Pass" place passes, and the suit table (a help
// overlay with the last turn's cell lit) opens from its chip on the felt or the button over the moves. The
// turn flow is the table controller's (../table/controller.js); every rule question goes to Python, and
// every sentence about a turn (what happened, the log, the outcome) is the engine's, written for the viewer.
import { DuelingSuitsRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { SuitChart } from "./chart.js";
import { prompt, waitingCaption, newsLine, logEntries, tableSummary } from "./texts.js";
import { turnLine, scoreEnding, stageCaption, keptHint } from "../table/adapter.js";
import { resultTitle } from "../seats.js";

/** @typedef {import("./shapes.js").DuelView} DuelView */
/** @typedef {import("../table/adapter.js").TableKit<DuelView>} TableKit */
/** @typedef {import("../table/adapter.js").Moment<DuelView>} Moment */
/** @typedef {import("../table/adapter.js").TableAdapter<DuelView>} TableAdapter */

/** The button over the moves that opens the suit table. */
function chartButton() {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "ds-chart-open";
  button.className = "head-pill ds-chart-open";
  button.setAttribute("aria-haspopup", "dialog");
  button.title = "Which suit does what against which: the table of the sixteen match-ups, with the last turn's lit";
  button.textContent = "Suit table";
  return button;
}

/**
 * @param {TableKit} kit
 * @returns {TableAdapter}
 */
export function makeTable(kit) {
  const renderer = new DuelingSuitsRenderer(kit.canvas, kit.painter);
  const panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), { onPlay: (move) => kit.play(move), signal: kit.signal });
  const chart = new SuitChart();
  const button = chartButton();
  document.querySelector(".moves-head")?.append(button);
  /** The suit table, the last turn's cell lit (from the view on the felt, whoever's side it is). */
  const openChart = () => chart.open(renderer.heldView?.last ?? null, kit.moment().names);
  button.addEventListener("click", openChart, { signal: kit.signal });
  const hinted = keptHint(kit);
  /** @param {Moment} moment */
  const caption = (moment) => stageCaption(moment, prompt(moment.view.phase), waitingCaption(moment.view, moment.names, moment.machine));
  return {
    renderer,
    panel,
    stylesheet: new URL("./table.css", import.meta.url).href,
    curtain: true,
    viewSeat: null,
    seat: () => ({}),
    shown: hinted.forget,
    hint: hinted.keep,
    tap: (clientX, clientY, moment) => {
      const hit = renderer.hitTest(clientX, clientY);
      if (!hit) return;
      if (hit.kind === "chart") return openChart();
      if (!moment.acting) {
        if (hit.kind === "hand") kit.toast("Wait for your turn: the glowing cards are the ones you can play.");
        return;
      }
      const move = hit.kind === "pass"
        ? moment.legal.moves.find((m) => m.type === "pass")
        : moment.legal.moves.find((m) => m.card === hit.card);
      if (move) kit.play(move);
    },
    highlight: (moment) => {
      const hint = hinted.move();
      const moves = moment.legal.moves.filter((m) => !hint || (m.type === hint.type && m.card === hint.card));
      return {
        playable: new Set(moves.filter((m) => m.card).map((m) => m.card)),
        pass: moves.some((m) => m.type === "pass"),
        caption: moment.view ? caption(moment) : "",
      };
    },
    status: (moment) => {
      const { view, names, machine } = moment;
      if (moment.stage === "over") return ["The duel is over.", ""];
      const waiting = waitingCaption(view, names, machine);
      return [turnLine(moment, { where: `Turn ${view.turn}`, prompt: prompt(view.phase), waiting }), newsLine(view, names)];
    },
    summary: (view) => tableSummary(view, kit.moment().names),
    log: (view) => logEntries(view),
    roundOf: (view) => view.turn,
    /** The computer's lead comes back as null: it is still face down. */
    secret: (move) => move.type === "lead" && move.card === null,
    /**
     * The rival's lead lying face down while the viewer still chooses theirs (DUEL-4), or the chain card it
     * just added (DUEL-5), as the engine tells it; lit where it lies.
     */
    lastMove: ({ view }) => {
      if (!view.last_play || view.viewer === null) return null; // a spectator is told no last play
      const rival = 1 - view.viewer;
      const chained = view.phase === "chain" ? view.chains[rival].length : 0;
      return { sentence: view.last_play, spots: [chained ? { chain: [rival, chained - 1] } : { lead: rival }] };
    },
    ending: (answer, box) => {
      const { names, people } = kit.moment();
      if (!answer.outcome) return; // the controller ends a table only once its view says the game is over
      box.show(scoreEnding(answer, names, resultTitle(answer.outcome, names, people),
        { note: "The numbers are each side's health at the end (it may be below 0)." }));
    },
    close: () => {
      chart.remove();
      button.remove();
    },
  };
}
