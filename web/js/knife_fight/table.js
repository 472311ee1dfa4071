// One open Knife Fight table: a two-seat screen (../screens/two-seats.js) with what Knife Fight draws and
// says. A tap on a playable hand card commits it (or follows the feint with it); in a field dressing a
// tap on a glowing wound dresses it. Every rule question goes to Python, and every sentence about the
// fight (the story of an exchange, the move log, the outcome) is the engine's, written for the viewer.
import { TwoSeatScreen } from "../screens/two-seats.js";
import { KnifeFightRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { prompt, waitingCaption, storyLine, logEntries, tableSummary } from "./texts.js";

/** @extends {TwoSeatScreen<KnifeFightRenderer>} */
export class Table extends TwoSeatScreen {
  static stylesheet = new URL("./table.css", import.meta.url).href;

  /** @param {import("../screens/table-screen.js").TableOptions} options */
  constructor(options) {
    super(options, new KnifeFightRenderer(options.canvas, options.painter));
    this.panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), {
      onPlay: (move) => this.play(move),
      signal: this.listeners.signal,
    });
  }

  /** The computer's committed card (or both-Kings follow-up) comes back as null: it is still secret. */
  isSecret(move) {
    return move.type !== "dress" && move.card === null;
  }

  /** The computer waits for the exchange to finish playing out before it lays its next card. */
  botPause() {
    return this.settings.fast ? 0 : this.renderer.animationLeft() + 500 + Math.random() * 400;
  }

  tap(clientX, clientY) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit || !this.acting) return;
    const field = hit.kind === "hand" ? "card" : "discard";
    const move = this.legal.moves.find((m) => m[field] === hit.card);
    if (move) return this.play(move);
    if (this.response.view.phase === "dress") this.toast("Choose one of the glowing wounds: they were there before this round.");
    else if (hit.kind === "hand") this.toast("A feint can't be followed by another King.");
  }

  highlight() {
    const hint = this.hinted;
    const moves = (this.acting ? this.legal.moves : [])
      .filter((m) => !hint || (m.type === hint.type && m.card === hint.card && m.discard === hint.discard));
    return {
      playable: new Set(moves.filter((m) => m.card).map((m) => m.card)),
      dressable: new Set(moves.filter((m) => m.discard).map((m) => m.discard)),
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

  /** The rival's card lying face down in its slot while the viewer still chooses (KNIFE-2). */
  roundOf(view) {
    return view.round;
  }

  lastMove(view) {
    const me = view.viewer;
    const rival = 1 - me;
    if (view.phase !== "commit" || !view.committed[rival] || view.committed[me]) return null;
    const sentence = `${this.names[rival].subject} committed a card face down: it turns up when ${this.names[me].object} commit too.`;
    return { sentence, spots: [{ slot: rival }] };
  }

  get overLine() {
    return "The fight is over.";
  }

  roundLabel(view) {
    return `Round ${view.round}`;
  }

  newsLine(view) {
    return storyLine(view);
  }

  updateLog(view) {
    this.showLog(view ? logEntries(view) : []);
  }

  resultDetails({ outcome }) {
    return { totals: outcome.scores, note: "The numbers are each fighter's wound total (the sum of their damage pile)." };
  }
}
