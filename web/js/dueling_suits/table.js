// One open Dueling Suits table: a two-seat screen (../screens/two-seats.js) with what Dueling Suits draws
// and says. A tap on a playable hand card leads it face down or adds it to the chain, a tap on the glowing
// "Pass" place passes, and the suit table (a help overlay with the last turn's cell lit) opens from its
// chip on the felt or the button over the moves. Every rule question goes to Python, and every sentence
// about a turn (what happened, the log, the outcome) is the engine's, written for the viewer.
import { TwoSeatScreen } from "../screens/two-seats.js";
import { DuelingSuitsRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { SuitChart } from "./chart.js";
import { prompt, waitingCaption, newsLine, logEntries, tableSummary } from "./texts.js";
import { cardText } from "../cards.js";

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

/** @extends {TwoSeatScreen<DuelingSuitsRenderer>} */
export class Table extends TwoSeatScreen {
  static stylesheet = new URL("./table.css", import.meta.url).href;

  /** @param {import("../screens/table-screen.js").TableOptions} options */
  constructor(options) {
    super(options, new DuelingSuitsRenderer(options.canvas, options.painter));
    this.panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), {
      onPlay: (move) => this.play(move),
      signal: this.listeners.signal,
    });
    this.chart = new SuitChart();
    this.chartButton = chartButton();
    document.querySelector(".moves-head").append(this.chartButton);
    this.chartButton.addEventListener("click", () => this.openChart(), { signal: this.listeners.signal });
  }

  close() {
    super.close();
    this.chart.remove();
    this.chartButton.remove();
  }

  /** The suit table, the last turn's cell lit (from the view on screen, whoever's side it is). */
  openChart() {
    this.chart.open(this.renderer.heldView?.last ?? null, this.names);
  }

  /** The computer's lead comes back as null: it is still face down. */
  isSecret(move) {
    return move.type === "lead" && move.card === null;
  }

  /** The computer waits for the cards on the table to land before it plays the next. */
  botPause() {
    return this.settings.fast ? 0 : this.renderer.animationLeft() + 450 + Math.random() * 400;
  }

  tap(clientX, clientY) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit) return;
    if (hit.kind === "chart") return this.openChart();
    if (!this.acting) {
      if (hit.kind === "hand") this.toast("Wait for your turn: the glowing cards are the ones you can play.");
      return;
    }
    const move = hit.kind === "pass"
      ? this.legal.moves.find((m) => m.type === "pass")
      : this.legal.moves.find((m) => m.card === hit.card);
    if (move) return this.play(move);
  }

  highlight() {
    const hint = this.hinted;
    const moves = (this.acting ? this.legal.moves : [])
      .filter((m) => !hint || (m.type === hint.type && m.card === hint.card));
    return {
      playable: new Set(moves.filter((m) => m.card).map((m) => m.card)),
      pass: moves.some((m) => m.type === "pass"),
      caption: this.caption(),
    };
  }

  promptText(view) {
    return prompt(view.phase);
  }

  waitingText(view) {
    return waitingCaption(view, this.names, this.machineNext(view));
  }

  summary(view) {
    return tableSummary(view, this.names);
  }

  /**
   * The rival's lead lying face down while the viewer still chooses theirs (DUEL-4), or the chain card it
   * just added: chains alternate, so when the viewer is to chain, the rival's newest chain card is the
   * newest move on the table (DUEL-5).
   */
  roundOf(view) {
    return view.turn;
  }

  lastMove(view) {
    const me = view.viewer;
    const rival = 1 - me;
    const { subject, own } = this.names[rival];
    if (view.phase === "lead" && view.committed[rival] && !view.committed[me]) {
      return { sentence: `${subject} led a card face down: both leads turn up once ${this.names[me].object} lead too.`, spots: [{ lead: rival }] };
    }
    const chain = view.chains[rival];
    if (view.phase !== "chain" || view.chain_turn !== me || !chain.length) return null;
    const { card, added, full } = chain.at(-1);
    const how = full ? `the lead's suit: full value` : `not the lead's suit: half value`;
    const sentence = `${subject} chained ${cardText(card)}: +${added} to ${own} power (${how}).`;
    return { sentence, spots: [{ chain: [rival, chain.length - 1] }] };
  }

  get overLine() {
    return "The duel is over.";
  }

  roundLabel(view) {
    return `Turn ${view.turn}`;
  }

  newsLine(view) {
    return newsLine(view, this.names);
  }

  updateLog(view) {
    this.showLog(view ? logEntries(view) : []);
  }

  resultDetails({ outcome }) {
    return { totals: outcome.scores, note: "The numbers are each side's health at the end (it may be below 0)." };
  }
}
