// One open grow21 table: a two-seat screen (../screens/two-seats.js) with what grow21 draws and says, plus
// the board's camera (drag, wheel, pinch, keys), previews of the cell under the pointer, and canvas taps.
// A mouse click on a glowing cell plays it; on touch the first tap previews and a second tap plays.
// Every rule question goes to Python: the cells on offer and what they make come from `legal`.
//
// Hot seat has no curtain here: grow21 hides no hand (every card is played face up and only the order
// of the decks is secret, which neither player can see), so the device simply passes between turns.
//
// The move log comes from the view's log of public events (every card is played face up).
import { TwoSeatScreen } from "../screens/two-seats.js";
import { Grow21Renderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { Gestures } from "./gestures.js";
import { cellKey } from "./board-painter.js";
import { turnLine, lastMoveLine, caption, logEntries, bonusNote, tableSummary } from "./texts.js";

const BUTTON_ZOOM = 1.25;

/** @extends {TwoSeatScreen<Grow21Renderer>} */
export class Table extends TwoSeatScreen {
  static stylesheet = new URL("./table.css", import.meta.url).href;

  /** @param {import("../screens/table-screen.js").TableOptions} options */
  constructor(options) {
    const { canvas, painter } = options;
    super(options, new Grow21Renderer(canvas, painter));
    this.options = new Map(); // "x,y" -> {move, preview, kind} for every cell the person may use now
    this.focus = null; // the cell previewed ("x,y")
    this.armed = false; // the preview came from a tap: the next tap on it plays
    const { signal } = this.listeners;
    this.panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), {
      onPlay: (move) => this.play(move),
      onFocus: (move) => this.setFocus(move ? cellKey(move.at) : null, false),
      signal,
    });
    this.gestures = new Gestures(canvas, this.renderer.camera, {
      onCamera: () => this.renderer.cameraMoved(),
      onHover: (point) => this.hover(point),
      onRecentre: () => this.control("recentre"),
      signal,
    });
    canvas.tabIndex = 0;
  }

  close() {
    super.close();
    this.renderer.canvas.removeAttribute("tabindex");
    this.renderer.canvas.style.cursor = "";
  }

  /** Hot seat without a curtain: nothing is hidden, so the device simply passes. */
  get curtain() {
    return false;
  }

  botPause() {
    return this.settings.fast ? 0 : this.renderer.animationLeft() + 350 + Math.random() * 350;
  }

  // --- the person's hands -------------------------------------------------------------------------
  movesChanged() {
    this.options = new Map();
    if (this.acting) {
      const previews = this.legal.previews ?? [];
      this.legal.moves.forEach((move, i) => {
        const preview = previews[i] ?? null;
        const cells = move.type === "keep" ? preview?.keeps ?? [move.at] : [move.at];
        for (const cell of cells) this.options.set(cellKey(cell), { move, preview, kind: move.type });
      });
    }
    if (!this.options.has(this.focus)) this.focus = null;
  }

  showMoves() {
    this.panel.show(this.legal, this.response.view.current);
  }

  moveMade() {
    this.focus = null;
    this.armed = false;
  }

  /** A click or tap on the canvas (app.js): camera buttons, then cells. Drags are not taps. */
  tap(clientX, clientY) {
    if (this.gestures.wasDrag()) return;
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit) return;
    if (hit.kind === "control") return this.control(hit.action);
    if (!this.acting) return;
    const key = cellKey(hit.at);
    const option = this.options.get(key);
    if (!option) {
      if (this.response.view.phase === "keep") this.toast("Tap a card in one of the framed parts: that part stays.");
      return this.setFocus(null, false);
    }
    if (this.gestures.pointerType !== "mouse" && !(this.focus === key && this.armed)) return this.setFocus(key, true);
    return this.play(option.move);
  }

  hover(point) {
    const hit = point && this.renderer.view ? this.renderer.hitAt(point.x, point.y) : null;
    const key = hit?.kind === "cell" ? cellKey(hit.at) : null;
    const usable = this.acting && key !== null && this.options.has(key);
    this.renderer.canvas.style.cursor = usable || hit?.kind === "control" ? "pointer" : "";
    if (this.armed) return; // a tapped preview stays until the next tap
    this.setFocus(usable ? key : null, false);
  }

  /** A hint: preview its cell as a tap would (a tap on it then plays it). */
  hintMove(move) {
    this.setFocus(cellKey(move.at), true);
  }

  setFocus(key, armed) {
    const focus = this.acting && this.options.has(key) ? key : null;
    if (focus === this.focus && armed === this.armed) return;
    this.focus = focus;
    this.armed = focus !== null && armed;
    this.renderer.setHighlight(this.highlight());
  }

  control(action) {
    const camera = this.renderer.camera;
    if (action === "zoom-in") camera.zoomBy(BUTTON_ZOOM);
    else if (action === "zoom-out") camera.zoomBy(1 / BUTTON_ZOOM);
    else camera.recentre(this.animated);
    this.renderer.cameraMoved();
  }

  // --- what the screen asks -----------------------------------------------------------------------
  highlight() {
    const view = this.response?.view;
    if (!view) return { cells: new Map(), focus: null, caption: "", gold: false };
    const cells = this.acting ? this.options : new Map();
    const focus = this.acting ? this.focus : null;
    const line = caption(view, {
      acting: this.acting,
      computerDue: this.machineNext(view),
      focus: focus ? cells.get(focus) : null,
      touch: this.armed,
      coarse: this.gestures.pointerType === "touch" || matchMedia("(pointer: coarse)").matches,
    });
    return { cells, focus, caption: line.text, gold: Boolean(line.gold) };
  }

  summary(view) {
    return tableSummary(view, this.names);
  }

  lastMove(view) {
    const last = view.last;
    if (!last || last.player === view.viewer) return null;
    return { sentence: lastMoveLine(view, this.names), spots: [{ cell: last.at }] };
  }

  statusLines(view) {
    const context = { acting: this.acting, hotseat: this.hotseat, computerDue: this.machineNext(view) };
    const news = this.lastMoveLine ? "" : lastMoveLine(view, this.names); // the other side's move is told already
    return /** @type {[string, string]} */ ([turnLine(view, this.names, context), news]);
  }

  updateLog(view) {
    this.showLog(view ? logEntries(view.log, this.names) : []);
  }

  resultDetails({ outcome, view }) {
    return { totals: outcome.scores, note: bonusNote(view, this.names) };
  }
}
