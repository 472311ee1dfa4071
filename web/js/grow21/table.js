// grow21 at the table: what its felt draws and its status says, the board's camera (drag, wheel, pinch,
// keys), previews of the cell under the pointer, and canvas taps. A mouse click on a glowing cell plays it;
// on touch the first tap previews and a second tap plays. The turn flow is the table controller's
// (../table/controller.js); every rule question goes to Python: the cells on offer and what they make come
// from `legal`.
//
// Hot seat has no curtain here: grow21 hides no hand (every card is played face up and only the order of
// the decks is secret, which neither player can see), so the device simply passes between turns.
import { Grow21Renderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { Gestures } from "./gestures.js";
import { cellKey } from "./board-painter.js";
import { grow21, cardNumber, caption, tableSummary } from "./texts.js";
import { cardText } from "../cards.js";
import { turnLine, scoreEnding } from "../table/adapter.js";
import { resultTitle } from "../seats.js";

/** @typedef {import("./shapes.js").Grow21View} Grow21View */
/** @typedef {import("../table/adapter.js").TableKit<Grow21View>} TableKit */
/** @typedef {import("../table/adapter.js").Moment<Grow21View>} Moment */
/** @typedef {import("../table/adapter.js").TableAdapter<Grow21View>} TableAdapter */
/** @typedef {import("./shapes.js").Grow21Move} Grow21Move */
/** @typedef {import("./renderer.js").CellOption} CellOption */

const BUTTON_ZOOM = 1.25;
const EDGE_SLIDE = 0.6; // a tap on an edge mark pans this much of the frame that way

/** @implements {TableAdapter} */
class Grow21Table {
  /** @param {TableKit} kit */
  constructor(kit) {
    this.kit = kit;
    const { canvas, painter, signal } = kit;
    this.renderer = new Grow21Renderer(canvas, painter);
    this.stylesheet = new URL("./table.css", import.meta.url).href;
    this.curtain = false;
    /** @type {TableAdapter["viewSeat"]} */
    this.viewSeat = null;
    /** @type {Map<string, CellOption>} "x,y" -> what a cell does, for every cell the person may use now */
    this.options = new Map();
    /** @type {string | null} the cell previewed ("x,y") */
    this.focus = null;
    this.armed = false; // the preview came from a tap: the next tap on it plays
    this.panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), {
      onPlay: (move) => kit.play(move),
      onFocus: (/** @type {Grow21Move | null} */ move) => this.setFocus(move ? cellKey(move.at) : null, false),
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

  seat() {
    return {};
  }

  close() {
    this.renderer.canvas.removeAttribute("tabindex");
    this.renderer.canvas.style.cursor = "";
  }

  /**
   * The cells on offer now, from the moves (a split's keep move offers every cell of its part).
   * @returns {Map<string, CellOption>}
   */
  cells() {
    const { legal, acting } = this.kit.moment();
    /** @type {Map<string, CellOption>} */
    const options = new Map();
    if (!acting) return options;
    const previews = legal.previews ?? [];
    legal.moves.forEach((move, i) => {
      const preview = previews[i] ?? null;
      const cells = move.type === "keep" ? preview?.keeps ?? [move.at] : [move.at];
      for (const cell of cells) options.set(cellKey(cell), { move, preview, kind: move.type });
    });
    return options;
  }

  /** A new view is on the felt: nothing is previewed. */
  shown() {
    this.focus = null;
    this.armed = false;
  }

  /**
   * A click or tap on the canvas: camera buttons, then cells. Drags are not taps.
   * @param {number} clientX
   * @param {number} clientY
   * @param {Moment} moment
   */
  tap(clientX, clientY, moment) {
    if (this.gestures.wasDrag()) return;
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit) return;
    if (hit.kind === "control") return this.control(hit.action);
    if (!moment.acting) return;
    const key = cellKey(hit.at);
    const option = this.options.get(key);
    if (!option) {
      if (moment.view.phase === "keep") this.kit.toast("Tap a card in one of the framed parts: that part stays.");
      return this.setFocus(null, false);
    }
    if (this.gestures.pointerType !== "mouse" && !(this.focus === key && this.armed)) return this.setFocus(key, true);
    return this.kit.play(option.move);
  }

  /** @param {{x: number, y: number} | null} point the mouse over the canvas, or gone */
  hover(point) {
    const hit = point && this.renderer.view ? this.renderer.hitAt(point.x, point.y) : null;
    const key = hit?.kind === "cell" ? cellKey(hit.at) : null;
    const usable = key !== null && this.options.has(key);
    this.renderer.canvas.style.cursor = usable || hit?.kind === "control" ? "pointer" : "";
    if (this.armed) return; // a tapped preview stays until the next tap
    this.setFocus(usable ? key : null, false);
  }

  /**
   * A hint: preview its cell as a tap would (a tap on it then plays it), brought into sight if it is not.
   * @param {Grow21Move} move
   */
  hint(move) {
    this.renderer.camera.reveal(move.at, this.kit.moment().animated);
    this.renderer.cameraMoved();
    this.setFocus(cellKey(move.at), true);
  }

  /**
   * @param {string | null} key
   * @param {boolean} armed
   */
  setFocus(key, armed) {
    const focus = key !== null && this.options.has(key) ? key : null;
    if (focus === this.focus && armed === this.armed) return;
    this.focus = focus;
    this.armed = focus !== null && armed;
    this.kit.redraw();
  }

  /** @param {string} action */
  control(action) {
    const camera = this.renderer.camera;
    const { animated } = this.kit.moment();
    const { w, h } = camera.frame;
    /** @type {Record<string, [number, number]>} */
    const slides = { "pan-left": [w, 0], "pan-right": [-w, 0], "pan-up": [0, h], "pan-down": [0, -h] };
    if (action === "zoom-in") camera.zoomBy(BUTTON_ZOOM);
    else if (action === "zoom-out") camera.zoomBy(1 / BUTTON_ZOOM);
    else if (action in slides) camera.slide(slides[action][0] * EDGE_SLIDE, slides[action][1] * EDGE_SLIDE, animated);
    else camera.recentre(animated);
    this.renderer.cameraMoved();
  }

  /** @param {Moment} moment */
  highlight(moment) {
    this.options = this.cells();
    if (this.focus !== null && !this.options.has(this.focus)) this.focus = null;
    const { view } = moment;
    if (!view) return { cells: new Map(), focus: null, caption: "", gold: false };
    const line = caption(view, {
      acting: moment.acting,
      thinker: moment.stage === "computer" && moment.machine !== null ? moment.names[moment.machine].subject : null,
      focus: this.focus ? this.options.get(this.focus) : null,
      touch: this.armed,
      coarse: this.gestures.pointerType === "touch" || matchMedia("(pointer: coarse)").matches,
    });
    return { cells: this.options, focus: this.focus, caption: line.text, gold: Boolean(line.gold) };
  }

  /** @param {Grow21View} view */
  summary(view) {
    return tableSummary(view, this.kit.moment().names);
  }

  roundOf() {
    return null;
  }

  secret() {
    return false;
  }

  /** @param {Moment} moment */
  lastMove({ view }) {
    const last = view.last;
    if (!last || last.player === view.viewer) return null;
    return { sentence: last.sentence, spots: [{ cell: last.at }] };
  }

  /**
   * "Card 12/52 · Your turn: play the 7♠.", or the split's question; and what the last move did (unless
   * it was the other side's, told already with its light).
   * @param {Moment} moment
   * @returns {[string, string]}
   */
  status(moment) {
    const { view } = moment;
    if (moment.stage === "over") return ["The game is over.", ""];
    const keep = view.phase === "keep";
    const where = keep ? "" : `Card ${cardNumber(view)}/${grow21().total_cards}`;
    const play = `play the ${cardText(view.current)}`;
    const prompt = keep ? "Split! Choose the part that stays" : moment.hotseat ? play : `Your turn: ${play}`;
    const mover = moment.machine !== null ? moment.names[moment.machine].subject : "The computer";
    const waiting = keep ? `Split! ${mover} is choosing a part…` : `${mover} plays the ${cardText(view.current)}…`;
    const news = moment.told ? "" : view.last?.sentence ?? grow21().opening; // the other side's move is told already
    return [turnLine(moment, { where, prompt, waiting }), news];
  }

  /**
   * @param {Grow21View} view
   * @returns {[string, string][]}
   */
  log(view) {
    return view.log.flatMap((entry) => (entry.sentence === null ? [] : [/** @type {[string, string]} */ ([entry.label, entry.sentence])]));
  }

  /**
   * @param {import("../table/adapter.js").ViewAnswer<Grow21View>} answer
   * @param {import("../table/adapter.js").ResultBox} box
   */
  ending(answer, box) {
    const { names, people } = this.kit.moment();
    if (!answer.outcome) return; // the controller ends a table only once its view says the game is over
    box.show(scoreEnding(answer, names, resultTitle(answer.outcome, names, people), { note: answer.view.final?.note }));
  }
}

/** @param {TableKit} kit */
export const makeTable = (kit) => new Grow21Table(kit);
