// Grit at the table: what its felt draws and its status says, and how a person plays a card in two taps or
// clicks: a hand card (it lifts, and every pile it may go on is labelled with both totals after the play, from
// the bridge's previews), then one of those piles, which plays it; a mouse pointing at a pile lights it and
// previews both totals on the plates too. The "Mark it" toggle plays the card marked (GRIT-7). The turn flow
// is the table controller's (../table/controller.js); every rule question goes to Python.
import { GritRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { pileKey } from "./layout.js";
import { tableSummary } from "./texts.js";
import { turnLine, scoreEnding } from "../table/adapter.js";
import { resultTitle } from "../seats.js";

/** @typedef {import("./shapes.js").GritView} GritView */
/** @typedef {import("../table/adapter.js").TableKit<GritView>} TableKit */
/** @typedef {import("../table/adapter.js").Moment<GritView>} Moment */
/** @typedef {import("../table/adapter.js").TableAdapter<GritView>} TableAdapter */
/** @typedef {import("./shapes.js").GritMove} GritMove */

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

/** @implements {TableAdapter} */
class GritTable {
  /** @param {TableKit} kit */
  constructor(kit) {
    this.kit = kit;
    this.renderer = new GritRenderer(kit.canvas, kit.painter);
    this.stylesheet = new URL("./table.css", import.meta.url).href;
    this.curtain = true;
    /** @type {TableAdapter["viewSeat"]} */
    this.viewSeat = null;
    /** @type {string | null} the hand card chosen, before a pile */
    this.selected = null;
    this.markIt = false;
    /** @type {string | null} the pile a hint suggests for the chosen card (pileKey) */
    this.hinted = null;
    /** @type {string | null} the pile pointed at (a mouse over it, or the pile tapped to play): lit, its totals previewed */
    this.pointed = null;
    const { signal, canvas } = kit;
    this.panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), {
      onSelect: (card) => this.select(card),
      onPlay: (move) => kit.play(move),
      signal,
    });
    this.markToggle = markToggle();
    document.querySelector(".moves-head")?.append(this.markToggle);
    this.markToggle.addEventListener("click", () => this.toggleMark(), { signal });
    canvas.addEventListener("pointermove", (event) => this.hover(event), { signal });
    // a finger "leaves" after every tap: only a mouse leaving ends the preview
    canvas.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse") this.pointAt(null);
    }, { signal });
  }

  seat() {
    return {};
  }

  close() {
    this.markToggle.remove();
  }

  /** @param {Moment} moment a new view is on the felt: a choice half made belongs to the one before */
  shown(moment) {
    if (this.selected !== null && !moment.view?.hand?.includes(this.selected)) this.selected = null;
    this.markIt = false;
    this.hinted = this.pointed = null;
    this.refreshMarkToggle();
  }

  /**
   * A hint: choose its card (and mark) as a person would, and narrow the glowing piles to its pile.
   * @param {GritMove} move
   */
  hint(move) {
    this.selected = move.card;
    this.markIt = move.marked;
    this.hinted = pileKey(move.pile);
    this.kit.redraw();
  }

  /**
   * A mouse over the table: pointing at a glowing pile previews both totals.
   * @param {PointerEvent} event
   */
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
    this.kit.redraw();
  }

  /**
   * The legal move that plays the chosen card (marked or not) on the pile `key`, if any.
   * @param {string} key
   * @returns {GritMove | undefined}
   */
  playAt(key) {
    return this.kit.moment().legal.moves.find((m) => m.card === this.selected && m.marked === this.markIt && pileKey(m.pile) === key);
  }

  /** @param {string | null} card */
  select(card) {
    if (!this.kit.moment().acting) return;
    if (card !== this.selected) this.hinted = this.pointed = null;
    this.selected = this.selected === card ? null : card;
    if (!this.markAllowed()) this.markIt = false;
    this.kit.redraw();
  }

  toggleMark() {
    if (!this.kit.moment().acting || !this.markAllowed()) return;
    this.markIt = !this.markIt;
    this.hinted = this.pointed = null;
    this.kit.redraw();
  }

  /**
   * A click or tap on the canvas: a hand card is chosen, a glowing pile takes the chosen card at once (its
   * totals were on it since the card was chosen), lit while the move goes.
   * @param {number} clientX
   * @param {number} clientY
   * @param {Moment} moment
   */
  tap(clientX, clientY, moment) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit || !moment.acting) return;
    if (hit.kind === "hand") return this.select(hit.card);
    if (!this.selected) {
      this.kit.toast("Choose a card from your hand first.");
      return;
    }
    const key = pileKey(hit.pile);
    const move = this.playAt(key);
    if (!move) {
      this.kit.toast(this.markIt ? "A marked card can't go on that pile." : "That pile can't take a card right now.");
      return;
    }
    this.pointAt(key);
    this.kit.play(move);
  }

  markAllowed() {
    return this.kit.moment().legal.moves.some((m) => m.marked && (this.selected === null || m.card === this.selected));
  }

  refreshMarkToggle(acting = false) {
    const allowed = acting && this.markAllowed();
    if (!allowed) this.markIt = false;
    this.markToggle.disabled = !allowed;
    this.markToggle.setAttribute("aria-pressed", String(this.markIt));
  }

  /**
   * What the felt marks: the playable hand cards and the chosen one, the piles it may go on (the hinted one
   * alone after a hint), each with its preview of both totals, and the pile pointed at (or hinted) lit, its
   * preview also on the plates. The panel lights the same card.
   * @param {Moment} moment
   */
  highlight(moment) {
    this.refreshMarkToggle(moment.acting);
    this.panel.select(this.selected, this.markIt);
    const { moves, previews = [] } = moment.legal;
    const playable = new Set(moves.map((m) => m.card));
    /** @type {Map<string, import("./shapes.js").GritPreview | null>} */
    const targets = new Map(moves.flatMap((m, i) => {
      const key = pileKey(m.pile);
      const offered = m.card === this.selected && m.marked === this.markIt && (this.hinted === null || key === this.hinted);
      return offered ? [[key, previews[i] ?? null]] : [];
    }));
    const pointed = moment.acting ? this.pointed ?? this.hinted : null;
    const preview = pointed === null ? null : targets.get(pointed) ?? null;
    return {
      selected: moment.acting ? this.selected : null, playable, targets, pointed, preview, caption: this.caption(moment),
    };
  }

  /** @param {Moment} moment */
  caption(moment) {
    const { view } = moment;
    if (!view) return "";
    if (moment.stage === "over") return "The duel is over";
    if (moment.acting) return this.selected ? "Now choose a glowing pile" : "Your turn: choose a card";
    if (moment.machine !== null) return `${moment.names[moment.machine].subject} is thinking…`;
    return "";
  }

  /** @param {GritView} view */
  summary(view) {
    return tableSummary(view, this.kit.moment().names);
  }

  /** @param {GritView} view */
  roundOf(view) {
    return view.round;
  }

  secret() {
    return false;
  }

  /** @param {Moment} moment */
  lastMove({ view }) {
    const newest = view.log.at(-1); // the play last_play tells
    return view.last_play && newest ? { sentence: view.last_play, spots: [{ pile: newest.pile }] } : null;
  }

  /**
   * Where the duel stands, who does what, and the news: the order of the round while nobody has played in
   * it yet (the totals it names are then the ones on the badges), else the newest play (unless it is the
   * other side's, told already with its light).
   * @param {Moment} moment
   * @returns {[string, string]}
   */
  status(moment) {
    const { view, told } = moment;
    if (moment.stage === "over") return ["The duel is over.", ""];
    const where = `Round ${view.round} of ${view.rounds}`;
    const turn = turnLine(moment, { where, prompt: "Your turn" });
    const newest = view.log.at(-1);
    if (!newest || newest.round !== view.round) return [turn, view.order_reason];
    return [turn, told ? "" : newest.sentence];
  }

  /**
   * @param {GritView} view
   * @returns {[string, string][]}
   */
  log(view) {
    return view.log.map((entry) => [`Round ${entry.round}`, entry.sentence]);
  }

  /**
   * @param {import("../table/adapter.js").ViewAnswer<GritView>} answer
   * @param {import("../table/adapter.js").ResultBox} box
   */
  ending(answer, box) {
    const { names, people } = this.kit.moment();
    const final = answer.view.final;
    if (!answer.outcome) return; // the controller ends a table only once its view says the game is over
    box.show(scoreEnding(answer, names, resultTitle(answer.outcome, names, people), { totals: final?.totals, note: final?.note }));
  }
}

/** @param {TableKit} kit */
export const makeTable = (kit) => new GritTable(kit);
