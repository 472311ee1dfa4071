// What every card-table renderer does the same way: a crisp canvas that follows its size, the view
// it draws (and nothing else), the highlight the table passes in, an animation played out frame by
// frame at the table's pace (its speed setting), callouts that name what happened on the felt, and the
// conversions between viewport and canvas points for hit tests. A game's renderer extends this with
// layout(), timeline(events, before) and paint(layout, elapsed).
//
// A timeline is {began, end, callouts?, ...what the game keeps}: `end` and every start in it are in the
// timeline's own milliseconds (normal speed); `callouts` are {text, at(layout) -> box, start, ms, tone?}.

import { banner, beginFrame, callout, calloutBox, clamp01, coverTexts, ease, lerpRect, overlaps, spotRing, textsDrawn } from "./canvas-kit.js";

/** @typedef {import("./canvas-kit.js").Box} Box */
/**
 * A game's own layout (its renderer's layout(): where each thing sits); the base class only hands it on.
 * @typedef {any} GameLayout
 */

const SPOTLIGHT_MS = 2600; // how long the other side's last move glows once it has landed
const SPOTLIGHT_FADE_MS = 700;

/**
 * How bright the spotlight is `age` ms after it came on: up quickly, two soft pulses, then out.
 * @param {number} age
 */
function spotlightStrength(age) {
  const rise = Math.min(1, age / 180);
  const fall = Math.min(1, (SPOTLIGHT_MS - age) / SPOTLIGHT_FADE_MS);
  return rise * fall * (0.78 + 0.22 * Math.cos(age / 190));
}

/**
 * A card turning over, `p` of the way (0..1): its back narrows to an edge, then its face widens.
 * @param {string | null} code
 * @param {number} p
 */
export function turningLook(code, p) {
  return p < 0.5 ? { code: null, faceUp: false, squeeze: 1 - 2 * p } : { code, faceUp: true, squeeze: 2 * p - 1 };
}

export class TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("./card-painter.js").CardPainter} painter
   * @param {any} highlight what the table marks on the canvas before it has said anything
   */
  constructor(canvas, painter, highlight) {
    this.canvas = canvas;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    this.painter = painter;
    /** @type {any} the view drawn, null when the table is hidden */
    this.view = null;
    this.perspective = 0;
    /** @type {string[][]} names[seat] = [full name, short name] */
    this.names = [];
    this.highlight = highlight;
    /** @type {any} {began, end, callouts?, ...what the game's timeline() keeps}, null when still */
    this.animation = null;
    /** timeline milliseconds per real millisecond: 1 at normal speed, more when the player asks for fast */
    this.pace = 1;
    this.frameRequest = 0;
    /** @type {{spots: any[], from: number, animate: boolean} | null} the other side's last move, lit up */
    this.spot = null;
    this.spotTimer = 0;
    this.size = { width: 0, height: 0 };
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(canvas);
  }

  /** Stop watching the canvas (the table closed; the next table brings its own renderer). */
  dispose() {
    this.observer.disconnect();
    clearTimeout(this.spotTimer);
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
  }

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const scale = window.devicePixelRatio || 1;
    this.size = { width: rect.width, height: rect.height };
    this.canvas.width = Math.max(1, Math.round(rect.width * scale));
    this.canvas.height = Math.max(1, Math.round(rect.height * scale));
    this.painter.setScale(scale);
    this.resized();
    this.draw();
    this.feltMoved();
  }

  /** The canvas changed size (a game with a camera reframes here). */
  resized() {}

  /** Catch up with a size change the ResizeObserver has not reported yet (hits must match the screen). */
  syncSize() {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width !== this.size.width || rect.height !== this.size.height) this.resize();
  }

  /** @param {string[][]} names names[seat] = [full name, short name]: the short one where the full one doesn't fit */
  setNames(names) {
    this.names = names;
  }

  /** The view currently drawn (null when the table is hidden). Exposed for tests. */
  get heldView() {
    return this.view;
  }

  /**
   * Draw a new view at once; `events` (from play/bot) are then animated on top of it.
   * `perspective` is the seat at the bottom when the view is a spectator's.
   * @param {any} view
   * @param {{events?: any[], animate?: boolean, highlight?: any, perspective?: number}} options
   */
  show(view, { events = [], animate = true, highlight = this.highlight, perspective = view.viewer ?? 0 }) {
    const before = this.view ? { view: this.view, layout: this.layout() } : null;
    this.view = view;
    this.perspective = perspective;
    this.highlight = highlight;
    if (!this.keepsAnimation(before?.view, events)) {
      this.animation = animate && events.length ? this.timeline(events, before) : null;
    }
    this.shown(animate && before !== null);
    this.draw();
    this.scheduleFrame();
  }

  /**
   * Whether the animation under way goes on although a new view came (a game decides).
   * @type {(before: any, events: any[]) => boolean}
   */
  keepsAnimation() {
    return false;
  }

  /**
   * A new view is in place, about to be drawn (`animate`: it follows another view, in motion).
   * @type {(animate: boolean) => void}
   */
  shown() {}

  /**
   * Redraw with another highlight; same view, so not a new render.
   * @param {any} highlight what the game's adapter marks (its own shape)
   */
  setHighlight(highlight) {
    this.highlight = highlight;
    this.draw();
  }

  /** Hide the table (hot-seat curtain, menu): the renderer then holds no cards at all. */
  clear() {
    this.view = null;
    this.animation = null;
    this.spot = null;
    this.draw();
  }

  /** @param {number} pace timeline milliseconds per real millisecond (the speed setting) */
  setPace(pace) {
    this.pace = pace;
  }

  /** How far the animation under way is, in timeline milliseconds (Infinity when still). */
  elapsed() {
    return this.animation ? (performance.now() - this.animation.began) * this.pace : Infinity;
  }

  /**
   * Real milliseconds until the current animation has played out, the felt's own glide included (0 when
   * still).
   */
  animationLeft() {
    const glide = this.glideLeft();
    if (!this.animation) return glide;
    return Math.max(glide, (this.animation.end - this.elapsed()) / this.pace);
  }

  /** Play the animation under way to its end at once (a click while it plays: the table catches up). */
  finish() {
    this.settleGlide();
    this.animation = null;
    if (this.spot && this.spot.from > performance.now()) this.spot.from = performance.now();
    this.draw();
    this.scheduleFrame();
  }

  /**
   * Real milliseconds left of a glide the felt makes on its own after a new view (a camera re-framing the
   * board): part of playing a move out. 0 by default.
   */
  glideLeft() {
    return 0;
  }

  /** Bring that glide to its end at once. */
  settleGlide() {}

  /** Whether something besides the animation moves (a camera gliding), so frames must keep coming. */
  inMotion() {
    return false;
  }

  /** Advance that motion by a frame; returns whether it goes on. */
  stepMotion() {
    return false;
  }

  /**
   * Ask for the next frame while something moves; `force`: one frame anyway (the camera was moved). A frame
   * that moved the view (a camera glide, a drag) tells the page: what points at the felt follows it.
   */
  scheduleFrame(force = false) {
    if (this.frameRequest || !(force || this.animation || this.inMotion() || this.spotPulsing())) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      const gliding = this.inMotion();
      const moving = this.stepMotion();
      if (this.animation && this.elapsed() >= this.animation.end) this.animation = null;
      this.draw();
      if (force || gliding) this.feltMoved();
      if (moving || this.animation || this.spotPulsing()) this.scheduleFrame();
    });
  }

  /** The felt's contents moved on screen (a camera, a new size): "saloon:felt-moved" on the document. */
  feltMoved() {
    document.dispatchEvent(new CustomEvent("saloon:felt-moved"));
  }

  /**
   * Light up where the other side's last move landed, once the animation bringing it has played out.
   * @param {any[]} spots what the game's spotRects() places; [] puts the light out
   * @param {boolean} animate pulse and fade (false, for reduced motion: a steady light, off after as long)
   */
  spotlight(spots, animate) {
    clearTimeout(this.spotTimer);
    const from = performance.now() + this.animationLeft();
    this.spot = spots.length ? { spots, from, animate } : null;
    if (this.spot && !animate) {
      this.spotTimer = window.setTimeout(() => {
        this.spot = null;
        this.draw();
      }, from + SPOTLIGHT_MS - performance.now());
    }
    this.draw();
    this.scheduleFrame();
  }

  /** The spotlight's rectangles in viewport CSS pixels, whether lit yet or not ([] when off). For tests. */
  spotHitboxes() {
    if (!this.spot || !this.view) return [];
    const at = this.toViewport();
    return this.spotRects(this.layout(), this.spot.spots).map(at);
  }

  /** Whether a pulsing spotlight still needs frames. */
  spotPulsing() {
    return this.spot !== null && this.spot.animate && performance.now() - this.spot.from < SPOTLIGHT_MS;
  }

  /**
   * The spotlight's rings, over everything the game painted.
   * @param {GameLayout} layout
   */
  paintSpotlight(layout) {
    if (!this.spot) return;
    const age = performance.now() - this.spot.from;
    if (age < 0) return;
    if (age >= SPOTLIGHT_MS && this.spot.animate) {
      this.spot = null;
      return;
    }
    const { ctx } = this;
    ctx.save();
    ctx.globalAlpha = this.spot.animate ? spotlightStrength(age) : 1;
    for (const rect of this.spotRects(layout, this.spot.spots)) spotRing(ctx, rect);
    ctx.restore();
  }

  draw() {
    const { ctx, size } = this;
    const scale = this.canvas.width / Math.max(1, size.width);
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    beginFrame(ctx, scale);
    ctx.clearRect(0, 0, size.width, size.height);
    if (!this.view || size.width < 10 || size.height < 10) return;
    const elapsed = this.elapsed();
    const layout = this.layout();
    const callouts = this.calloutsAt(layout, elapsed);
    for (const shown of callouts) coverTexts(ctx, shown.box);
    this.paint(layout, elapsed);
    this.paintSpotlight(layout);
    for (const shown of callouts) callout(ctx, shown.text, shown.box, shown.p, shown.tone, shown.size);
  }

  /**
   * The callouts up at `elapsed` (timeline ms), placed: where each sits and how far through its life.
   * Two that would overlap: the later one waits its turn (it is not drawn until the earlier has gone).
   * @param {GameLayout} layout
   * @param {number} elapsed
   */
  calloutsAt(layout, elapsed) {
    const listed = this.animation?.callouts ?? [];
    const bounds = { x: 4, y: 4, w: this.size.width - 8, h: this.size.height - 8 };
    const size = this.size.width < 500 ? 15 : 18;
    /** @type {{text: string, box: Box, p: number, tone: import("./canvas-kit.js").Tone, size: number}[]} */
    const shown = [];
    for (const item of listed) {
      if (elapsed < item.start || elapsed >= item.start + item.ms) continue;
      const box = calloutBox(this.ctx, item.text, item.at(layout), bounds, size);
      if (shown.some((other) => overlaps(other.box, box))) continue;
      shown.push({ text: item.text, box, p: (elapsed - item.start) / item.ms, tone: item.tone ?? "plain", size });
    }
    return shown;
  }

  /** The callouts of the animation under way, for tests: [{text, start, ms}] in timeline ms. */
  calloutList() {
    return (this.animation?.callouts ?? []).map((/** @type {any} */ c) => ({ text: c.text, start: c.start, ms: c.ms }));
  }

  /** The texts drawn in the last frame, boxes in canvas CSS pixels (see canvas-kit's framesDrawn). Exposed for tests. */
  textBoxes() {
    return { width: this.size.width, height: this.size.height, boxes: textsDrawn(this.canvas) };
  }

  /**
   * A client (viewport) point in canvas CSS pixels.
   * @param {number} clientX
   * @param {number} clientY
   */
  canvasPoint(clientX, clientY) {
    this.syncSize();
    const bounds = this.canvas.getBoundingClientRect();
    return { x: clientX - bounds.left, y: clientY - bounds.top };
  }

  /** A function turning canvas rectangles into viewport ones (for hitboxes()). */
  toViewport() {
    this.syncSize();
    const bounds = this.canvas.getBoundingClientRect();
    return (/** @type {{x: number, y: number, w: number, h: number}} */ r) => ({ x: bounds.left + r.x, y: bounds.top + r.y, w: r.w, h: r.h });
  }

  // --- what each game fills in --------------------------------------------------------------
  /**
   * The rectangles of what a person can click (cards, piles, cells), in viewport CSS pixels, grouped as
   * the game likes (null: a game's renderer with nothing drawn to click); for the coach and the tests.
   * @returns {Record<string, any> | null}
   */
  hitboxes() {
    return {};
  }

  /** Where everything sits for the view drawn now. */
  layout() {
    return {};
  }

  /**
   * The animation of `events`; `before` = {view, layout} drawn until now, or null.
   * @type {(events: any[], before: {view: any, layout: any} | null) => any}
   */
  timeline() {
    return null;
  }

  /**
   * Where the spotlight's spots are, as canvas rectangles (the game's own kind of spot: a pile, a cell).
   * @type {(layout: any, spots: any[]) => {x: number, y: number, w: number, h: number}[]}
   */
  spotRects() {
    return [];
  }

  /**
   * Draw the view; `elapsed`: ms into the animation (Infinity when still).
   * @type {(layout: any, elapsed: number) => void}
   */
  paint() {}

  /**
   * The cards turning face up at `elapsed` ms: each flip `{at(layout), code, start}` takes `ms`.
   * @param {{at: (layout: any) => {x: number, y: number, w: number, h: number}, code: string, start: number}[]} flips
   * @param {GameLayout} layout
   * @param {number} elapsed
   * @param {number} ms
   */
  drawFlips(flips, layout, elapsed, ms) {
    for (const flip of flips) {
      if (elapsed < flip.start || elapsed >= flip.start + ms) continue;
      const rect = flip.at(layout);
      this.painter.draw(this.ctx, rect.x, rect.y, rect.w, rect.h, turningLook(flip.code, clamp01((elapsed - flip.start) / ms)));
    }
  }

  /**
   * The cards in flight at `elapsed` ms: each `{from(layout), to(layout), start, dur, look}` eases across.
   * @param {{from: (layout: any) => any, to: (layout: any) => any, start: number, dur: number, look: any}[]} flights
   * @param {GameLayout} layout
   * @param {number} elapsed
   */
  drawFlights(flights, layout, elapsed) {
    for (const flight of flights) {
      if (elapsed < flight.start || elapsed >= flight.start + flight.dur) continue;
      const r = lerpRect(flight.from(layout), flight.to(layout), ease((elapsed - flight.start) / flight.dur));
      this.painter.draw(this.ctx, r.x, r.y, r.w, r.h, flight.look);
    }
  }

  /**
   * The banner up at `elapsed` ms, each `{text, start}` lasting `ms`: the latest begun (a later banner takes
   * an earlier one's place, they never lie on top of each other), or null. What a banner crosses is not
   * drawn under it meanwhile: the renderer asks here first.
   * @param {{text: string, start: number}[]} banners
   * @param {number} elapsed
   * @param {number} ms
   */
  bannerAt(banners, elapsed, ms) {
    return [...banners].reverse().find((shown) => elapsed >= shown.start && elapsed < shown.start + ms) ?? null;
  }

  /**
   * The banner crossing `place` at `elapsed` ms (see bannerAt), in letters of `size`.
   * @param {{text: string, start: number}[]} banners
   * @param {Box} place
   * @param {number} elapsed
   * @param {number} ms
   * @param {number} [size]
   */
  drawBanners(banners, place, elapsed, ms, size) {
    const shown = this.bannerAt(banners, elapsed, ms);
    if (shown) banner(this.ctx, shown.text, place, (elapsed - shown.start) / ms, size);
  }
}
