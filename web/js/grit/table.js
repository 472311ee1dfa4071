// One open Grit table: a two-seat screen (../screens/two-seats.js) with what Grit draws and says, plus
// choosing a card, then a pile, and the "mark it" toggle. Every rule question goes to Python.
import { TwoSeatScreen } from "../screens/two-seats.js";
import { GritRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { pileKey } from "./layout.js";
import { logLine, discardsLine, lastPlay, tableSummary } from "./texts.js";

/** The "Mark it" toggle: while pressed, the card played next goes down marked (GRIT-7). */
function markToggle() {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "mark-toggle";
  button.className = "mark-toggle";
  button.disabled = true;
  button.setAttribute("aria-pressed", "false");
  button.title = "When pressed, a card played from the table goes down marked (sideways, hidden until the end)";
  button.textContent = "Mark it";
  return button;
}

/** @extends {TwoSeatScreen<GritRenderer>} */
export class Table extends TwoSeatScreen {
  static stylesheet = new URL("./table.css", import.meta.url).href;

  /** @param {import("../screens/table-screen.js").TableOptions} options */
  constructor(options) {
    super(options, new GritRenderer(options.canvas, options.painter));
    /** @type {string | null} the hand card chosen, before a pile */
    this.selected = null;
    this.markIt = false;
    /** @type {string | null} the pile a hint suggests for the chosen card (pileKey) */
    this.hinted = null;
    /** @type {string | null} the pile pointed at (hovered, or tapped once on touch): its totals are previewed */
    this.pointed = null;
    this.pointerType = "mouse";
    this.panel = new MovePanel(document.querySelector(".moves"), {
      onSelect: (card) => this.select(card),
      onPlay: (move) => this.play(move),
      signal: this.listeners.signal,
    });
    this.markToggle = markToggle();
    document.querySelector(".moves-head").append(this.markToggle);
    this.markToggle.addEventListener("click", () => this.toggleMark(), { signal: this.listeners.signal });
    const { canvas } = options;
    const signal = this.listeners.signal;
    canvas.addEventListener("pointerdown", (event) => { this.pointerType = event.pointerType; }, { signal });
    canvas.addEventListener("pointermove", (event) => this.hover(event), { signal });
    // a finger "leaves" after every tap: only a mouse leaving ends the preview
    canvas.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse") this.pointAt(null);
    }, { signal });
  }

  close() {
    super.close();
    this.markToggle.remove();
  }

  showMoves() {
    this.panel.show(this.legal, this.viewer, this.selected);
  }

  movesChanged() {
    if (!this.acting || !this.response?.view.hand?.includes(this.selected)) this.selected = null;
    if (!this.acting) this.hinted = this.pointed = null;
    this.refreshMarkToggle();
  }

  moveMade() {
    this.selected = null;
    this.markIt = false;
    this.hinted = this.pointed = null;
  }

  /** A hint: choose its card (and mark) as a person would, and narrow the glowing piles to its pile. */
  hintMove(move) {
    this.selected = move.card;
    this.markIt = move.marked;
    this.panel.select(this.selected);
    this.refreshMarkToggle();
    this.hinted = pileKey(move.pile);
    this.renderer.setHighlight(this.highlight());
  }

  /** A mouse over the table: pointing at a glowing pile previews both totals. */
  hover(event) {
    if (event.pointerType !== "mouse") return;
    const hit = this.renderer.hitTest(event.clientX, event.clientY);
    this.pointAt(hit?.kind === "pile" ? pileKey(hit.pile) : null);
  }

  /** @param {string | null} key the pile pointed at (only a pile the chosen card may go on counts) */
  pointAt(key) {
    const pointed = key !== null && this.playAt(key) ? key : null;
    if (pointed === this.pointed) return;
    this.pointed = pointed;
    this.renderer.setHighlight(this.highlight());
  }

  /** The legal move that plays the chosen card (marked or not) on the pile `key`, if any. */
  playAt(key) {
    return this.legal.moves.find((m) => m.card === this.selected && m.marked === this.markIt && pileKey(m.pile) === key);
  }

  select(card) {
    if (!this.acting) return;
    if (card !== this.selected) this.hinted = this.pointed = null;
    this.selected = this.selected === card ? null : card;
    if (!this.markAllowed()) this.markIt = false;
    this.panel.select(this.selected);
    this.refreshMarkToggle();
    this.renderer.setHighlight(this.highlight());
  }

  toggleMark() {
    if (!this.acting || !this.markAllowed()) return;
    this.markIt = !this.markIt;
    this.hinted = this.pointed = null;
    this.refreshMarkToggle();
    this.renderer.setHighlight(this.highlight());
  }

  /** A click on the canvas: a hand card selects, a glowing pile plays the selected card there. */
  tap(clientX, clientY) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit || !this.acting) return;
    if (hit.kind === "hand") return this.select(hit.card);
    if (!this.selected) {
      this.toast("Choose a card from your hand first.");
      return;
    }
    const key = pileKey(hit.pile);
    const move = this.playAt(key);
    if (move && this.pointerType !== "mouse" && this.pointed !== key) return this.pointAt(key); // touch: see, then play
    if (move) return this.play(move);
    this.toast(this.markIt ? "A marked card can't go on that pile." : "That pile can't take a card right now.");
  }

  markAllowed() {
    return this.legal.moves.some((m) => m.marked && (this.selected === null || m.card === this.selected));
  }

  refreshMarkToggle() {
    const allowed = this.acting && this.markAllowed();
    if (!allowed) this.markIt = false;
    this.markToggle.disabled = !allowed;
    this.markToggle.setAttribute("aria-pressed", String(this.markIt));
  }

  highlight() {
    const playable = new Set(this.acting ? this.legal.moves.map((m) => m.card) : []);
    const targets = new Set(this.legal.moves
      .filter((m) => this.acting && m.card === this.selected && m.marked === this.markIt)
      .map((m) => pileKey(m.pile))
      .filter((key) => this.hinted === null || key === this.hinted));
    const at = this.acting ? this.pointed ?? this.hinted : null;
    const previewed = at === null ? -1 : this.legal.moves.indexOf(this.playAt(at));
    const preview = previewed < 0 ? null : this.legal.previews?.[previewed] ?? null;
    return { selected: this.selected, playable, targets, preview, caption: this.caption() };
  }

  caption() {
    const response = this.response;
    if (!response) return "";
    if (response.over) return "The duel is over";
    const actor = response.view.to_act[0];
    if (this.acting && this.pointed && this.pointerType !== "mouse") return "Tap the pile again to play there";
    if (this.acting) return this.selected ? "Now choose a glowing pile" : "Your turn: choose a card";
    if (this.machineNext(response.view)) return `${this.names[actor].subject} is thinking…`;
    return `${this.names[actor].subject} is next`;
  }

  summary(view) {
    return tableSummary(view, this.names);
  }

  roundOf(view) {
    return view.round;
  }

  lastMove(view) {
    const sentence = lastPlay(view, this.names);
    return sentence ? { sentence, spots: [{ pile: view.log.at(-1).pile }] } : null;
  }

  get overLine() {
    return "The duel is over.";
  }

  statusLines(view) {
    const actor = view.to_act[0];
    let turn;
    if (this.acting) turn = this.hotseat ? `${this.names[actor].subject}, your turn.` : "Your turn.";
    else turn = this.machineNext(view) ? `${this.names[actor].subject} is thinking…` : `${this.names[actor].subject} is next.`;
    return /** @type {[string, string]} */ ([`Round ${view.round} of ${view.rounds} · ${turn}`, view.order_reason]);
  }

  updateLog(view) {
    this.showLog((view?.log ?? []).map((entry) => [`Round ${entry.round}`, logLine(entry, this.names)]));
  }

  resultDetails({ outcome, view }) {
    const final = view.final ?? { totals: outcome.scores, discards: [] };
    return { totals: final.totals, note: discardsLine(final.discards) };
  }
}
