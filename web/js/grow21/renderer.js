// Draws the grow21 table from a view (and nothing else) and animates the events that led to it. The
// board pans and zooms under a fixed band with the plates and the card to play. It never decides what
// is legal: the table passes the cells on offer and their previews (from the bridge's `legal`) in
// `highlight` = {cells: Map "x,y" -> {move, preview, kind}, focus: "x,y" | null, caption, gold}.
import { TableRenderer } from "../table-renderer.js";
import { Camera } from "./camera.js";
import { layoutTable } from "./layout.js";
import { BoardPainter, cellKey, MINI, spriteWidth, spriteHeight } from "./board-painter.js";
import { HudPainter, FLOATER_HALF_HEIGHT } from "./hud.js";
import { timeline, ghostLook, flightProgress, floaterProgress, scoreBump, coverOf } from "./animation.js";
import { contains, overlaps, glow, lerpRect } from "../canvas-kit.js";

const CALLOUT_ROW = 34; // a callout's plate with a little air: the row it takes beside the cells it names
const CALLOUT_CLEARANCE = 180; // about as wide as a callout's plate: the room kept clear of other cards for it
const EDGE_MARK_REACH = 44; // the square a tap on an edge mark may land in
const FLOATER_MELT_PX = 24; // the "+10" fades over its last stretch below the plate it flies into

/** @typedef {import("./shapes.js").Grow21View} Grow21View */
/** @typedef {import("./shapes.js").Grow21Event} Grow21Event */
/** @typedef {import("./animation.js").Grow21Timeline} Grow21Timeline */
/** @typedef {ReturnType<typeof layoutTable>} Grow21Layout */
/**
 * What a cell on offer does: a card placed or changed there, or (after a tied split) the part it belongs to
 * kept; with the bridge's preview of it.
 * @typedef {{kind: "place" | "change", move: import("./shapes.js").Grow21CardMove, preview: import("./shapes.js").Grow21PlacePreview | null}
 *   | {kind: "keep", move: import("./shapes.js").Grow21KeepMove, preview: import("./shapes.js").Grow21KeepPreview | null}} CellOption
 */
/**
 * @typedef {object} Grow21Highlight
 * @property {Map<string, CellOption>} cells  "x,y" -> what the cell does, for every cell the person may use now
 * @property {string | null} focus  the cell previewed ("x,y")
 * @property {string} caption
 * @property {boolean} gold  the caption tells a 21
 */
/** @typedef {{side: string, count: number, scores: boolean, x: number, y: number, text: string, reach: import("../canvas-kit.js").Box}} EdgeMark */

/** @type {Grow21Highlight} */
const NO_HIGHLIGHT = { cells: new Map(), focus: null, caption: "", gold: false };
const ALL_CARDS = ["H", "D", "S", "C"].flatMap((suit) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].map((rank) => rank + suit));
/** @param {(deadline?: IdleDeadline) => void} work */
const idle = (work) => ("requestIdleCallback" in window ? requestIdleCallback(work, { timeout: 500 }) : setTimeout(work, 50));

/**
 * Two views show the same position (a second drawing of it must not cut its animation short).
 * @param {Grow21View | null | undefined} a
 * @param {Grow21View | null | undefined} b
 */
const samePosition = (a, b) => !!a && !!b && JSON.stringify([a.board, a.decks, a.phase, a.scores])
  === JSON.stringify([b.board, b.decks, b.phase, b.scores]);

/** Whether a cell on offer makes 21 (a keep never does). */
const scoresAt = (/** @type {CellOption | undefined} */ option) => (option?.kind === "keep" ? undefined : option?.preview?.scores);

export class Grow21Renderer extends TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    super(canvas, painter, NO_HIGHLIGHT);
    this.camera = new Camera();
    this.board = new BoardPainter(this.ctx, painter, this.camera);
    this.hud = new HudPainter(this.ctx, painter);
    /** @type {string | null} the card sizes painted ahead (see prewarm) */
    this.warmed = null;
    /** @type {CanvasRenderingContext2D | null} where they are painted */
    this.scratch = null;
    this.resize();
  }

  resized() {
    this.setCameraArea(this.layout());
    if (!this.camera.manual) this.camera.moveTo(this.camera.fit(), false);
  }

  layout() {
    return layoutTable(this.size.width, this.size.height);
  }

  /**
   * A second drawing of the same position (no events) must not cut its animation short.
   * @param {Grow21View | undefined} before
   * @param {Grow21Event[]} events
   */
  keepsAnimation(before, events) {
    return !events.length && this.animation !== null && samePosition(before, this.view);
  }

  /**
   * @param {Grow21Event[]} events
   * @param {{view: Grow21View, layout: Grow21Layout} | null} before
   * @returns {Grow21Timeline | null}
   */
  timeline(events, before) {
    return before ? timeline(events, before.view, (cells) => (layout) => this.besideCells(cells, layout)) : null;
  }

  /**
   * Where a callout about these board cells goes: a row just above them, or just below them when the row
   * above would cover other cards of the board (or leave the board) and the one below would not, so that the
   * cards it names stay in sight; kept over the board, clear of the band and of the caption ribbon when it has
   * words (while a move plays out it has none).
   * @param {number[][]} cells
   * @param {Grow21Layout} layout
   */
  besideCells(cells, layout) {
    const rects = cells.map(([x, y]) => this.camera.cardRect(x, y));
    const left = Math.max(layout.board.x, Math.min(...rects.map((r) => r.x)));
    const right = Math.min(layout.board.x + layout.board.w, Math.max(...rects.map((r) => r.x + r.w)));
    const highest = layout.board.y + 4;
    const lowest = (this.highlight.caption ? layout.frame.y + layout.frame.h : layout.caption.y + layout.caption.h) - CALLOUT_ROW;
    const row = (/** @type {number} */ y) => ({ x: left, y: Math.min(Math.max(y, highest), lowest), w: Math.max(0, right - left), h: CALLOUT_ROW });
    const rows = [Math.min(...rects.map((r) => r.y)) - CALLOUT_ROW - 2, Math.max(...rects.map((r) => r.y + r.h)) + 2];
    const named = new Set(cells.map(cellKey));
    const view = /** @type {Grow21View} */ (this.view); // a callout is placed while its view is drawn
    const others = view.board.filter((c) => !named.has(cellKey(c.at))).map((c) => this.camera.cardRect(c.at[0], c.at[1]));
    const clear = (/** @type {number} */ y) => {
      const box = row(y);
      const w = Math.max(box.w, CALLOUT_CLEARANCE); // the plate is often wider than the cells it names
      return y >= highest && y <= lowest && !others.some((r) => overlaps(r, { ...box, x: box.x + (box.w - w) / 2, w }));
    };
    return row(rows.find(clear) ?? rows.find((y) => y >= highest && y <= lowest) ?? rows[0]);
  }

  /** @param {boolean} animate */
  shown(animate) {
    const { board, phase, split, last } = /** @type {Grow21View} */ (this.view); // the new view, in place
    const anchor = phase === "keep" ? split.flat() : last ? [last.at] : [];
    this.camera.follow(board.map((c) => c.at), anchor, animate);
    this.prewarm();
  }

  /**
   * Paint, while the page is idle, every card at the sizes the table draws it now (the "to play" slot and
   * the board at this zoom): a card's first appearance then costs a copy, not a paint, in the move's redraw.
   */
  prewarm() {
    const layout = this.layout();
    const sizes = [[layout.current.w, layout.current.h]];
    const board = this.camera.settledCardWidth();
    if (board >= MINI) {
      const w = spriteWidth(board);
      sizes.push([w, spriteHeight(w, 1.4)]);
    }
    const key = JSON.stringify(sizes);
    if (key === this.warmed) return;
    this.warmed = key;
    const scratch = (this.scratch ??= document.createElement("canvas").getContext("2d"));
    if (!scratch) return; // no 2D context to paint ahead in: each card is painted when first drawn
    const queue = sizes.flatMap(([w, h]) => ALL_CARDS.map((code) => /** @type {[string, number, number]} */ ([code, w, h])));
    /** @param {IdleDeadline} [deadline] */
    const step = (deadline) => {
      if (this.warmed !== key || !this.view) return;
      for (let n = 0; queue.length && n < 4 && (deadline?.timeRemaining?.() ?? 10) > 4; n++) {
        const next = queue.shift();
        if (!next) break;
        const [code, w, h] = next;
        this.painter.draw(scratch, 0, 0, w, h, { code, faceUp: true });
      }
      if (queue.length) idle(step);
    };
    idle(step);
  }

  /** The camera moved (drag, pinch, wheel, keys): redraw on the next frame. */
  cameraMoved() {
    this.scheduleFrame(true);
    this.prewarm();
  }

  inMotion() {
    return this.camera.tween !== null;
  }

  /** The board re-framed after a move is part of the move: cells do not go live while they still glide. */
  glideLeft() {
    return this.camera.followLeft();
  }

  settleGlide() {
    if (this.camera.followLeft() > 0) this.camera.step(Infinity);
  }

  stepMotion() {
    return this.camera.step();
  }

  // --- hits -------------------------------------------------------------------------------------
  /**
   * What is under a client (viewport) point: a camera button, or a board cell {kind: "cell", at}.
   * @param {number} clientX
   * @param {number} clientY
   */
  hitTest(clientX, clientY) {
    if (!this.view) return null;
    const { x, y } = this.canvasPoint(clientX, clientY);
    return this.hitAt(x, y);
  }

  /**
   * The same for a canvas point.
   * @param {number} x
   * @param {number} y
   * @returns {{kind: "control", action: string} | {kind: "cell", at: number[]} | null}
   */
  hitAt(x, y) {
    const layout = this.layout();
    const button = layout.controls.find((b) => contains(b, x, y));
    if (button) return { kind: "control", action: button.action };
    const edge = this.edgeMarks(layout).find((mark) => contains(mark.reach, x, y));
    if (edge) return { kind: "control", action: `pan-${edge.side}` };
    if (!contains(layout.board, x, y)) return null;
    return { kind: "cell", at: this.camera.cellAt(x, y) };
  }

  /**
   * The cells on offer out of sight, by the edge of the frame they lie past: a mark on that edge counts them
   * (gold when one of them makes 21), and a tap on it (anywhere in `reach`, a fingertip wide) pans that way.
   * A cell more than half in sight is not counted: it can be tapped where it is.
   * @param {Grow21Layout} layout
   * @returns {EdgeMark[]}
   */
  edgeMarks(layout) {
    const { frame } = layout;
    /** @type {Map<string, {count: number, scores: boolean}>} */
    const sides = new Map();
    for (const [key, option] of this.marked().cells) {
      const [x, y] = key.split(",").map(Number);
      const r = this.camera.cardRect(x, y);
      const past = [
        ["left", (frame.x - r.x) / r.w], ["right", (r.x + r.w - frame.x - frame.w) / r.w],
        ["up", (frame.y - r.y) / r.h], ["down", (r.y + r.h - frame.y - frame.h) / r.h],
      ].sort((a, b) => Number(b[1]) - Number(a[1]))[0];
      if (Number(past[1]) <= 0.5) continue;
      const side = sides.get(String(past[0])) ?? { count: 0, scores: false };
      sides.set(String(past[0]), { count: side.count + 1, scores: side.scores || Boolean(scoresAt(option)) });
    }
    const middle = { x: frame.x + frame.w / 2, y: frame.y + frame.h / 2 };
    const inset = EDGE_MARK_REACH / 2 + 2;
    /** @type {Record<string, {x: number, y: number, arrow: string}>} */
    const spots = {
      left: { x: frame.x + inset, y: middle.y, arrow: "◂" },
      right: { x: frame.x + frame.w - inset, y: middle.y, arrow: "▸" },
      up: { x: middle.x, y: frame.y + inset, arrow: "▴" },
      down: { x: middle.x, y: frame.y + frame.h - inset, arrow: "▾" },
    };
    return [...sides].map(([side, { count, scores }]) => {
      const spot = spots[side];
      const half = EDGE_MARK_REACH / 2;
      return {
        side, count, scores, x: spot.x, y: spot.y,
        text: side === "right" ? `${count} ${spot.arrow}` : `${spot.arrow} ${count}`,
        reach: { x: spot.x - half, y: spot.y - half, w: EDGE_MARK_REACH, h: EDGE_MARK_REACH },
      };
    });
  }

  /**
   * The spotlight's spots are cells ({cell: [x, y]}), where the camera shows them now.
   * @param {Grow21Layout} layout
   * @param {{cell: number[]}[]} spots
   */
  spotRects(layout, spots) {
    return spots.map(({ cell }) => this.camera.cardRect(cell[0], cell[1]));
  }

  /**
   * For tests: every card on the board and every cell on offer, in viewport CSS pixels, with its cell
   * [x, y], its top card, stack size, what a person may do there (place, change, keep), whether that
   * scores and whether it is in plain view (inside the board, clear of the caption and buttons); plus the "to play" card, the camera buttons, the marks on the
   * board's edges counting the cells on offer out of sight, the previewed cell ("x,y") and the camera.
   */
  hitboxes() {
    if (!this.view) return { cells: [], current: null, camera: null };
    const at = this.toViewport();
    const layout = this.layout();
    const area = layout.board;
    const view = /** @type {Grow21View} */ (this.view);
    const { cells: offered } = this.marked();
    /** @type {Map<string, {at: number[], card: string | null, stack: number}>} */
    const seen = new Map(view.board.map((c) => [cellKey(c.at), { at: c.at, card: c.top, stack: c.stack.length }]));
    for (const [key, option] of offered) {
      if (!seen.has(key)) seen.set(key, { at: option.move.at, card: null, stack: 0 });
    }
    const part = (/** @type {string} */ key) => view.split.findIndex((cells) => cells.some((c) => cellKey(c) === key));
    const cells = [...seen].map(([key, cell]) => {
      const r = this.camera.cardRect(cell.at[0], cell.at[1]);
      const option = offered.get(key);
      const inside = r.x >= area.x && r.y >= area.y && r.x + r.w <= area.x + area.w && r.y + r.h <= area.y + area.h;
      const visible = inside && ![layout.caption, ...layout.controls].some((o) => overlaps(o, r));
      return {
        ...cell, legal: option?.kind ?? null, scores: scoresAt(option) ?? false,
        part: part(key) >= 0 ? part(key) : null, visible, ...at(r),
      };
    });
    const { cx, cy, scale, manual } = this.camera;
    return {
      cells,
      current: { card: this.view.current, ...at(layout.current) },
      controls: layout.controls.map((b) => ({ action: b.action, ...at(b) })),
      edges: this.edgeMarks(layout).map(({ side, count, scores, reach }) => ({ side, count, scores, ...at(reach) })),
      focus: this.highlight.focus,
      camera: { cx, cy, scale, manual },
    };
  }

  // --- drawing ----------------------------------------------------------------------------------
  /** What the table marks now (Grow21Highlight), as the table gave it. */
  marked() {
    return /** @type {Grow21Highlight} */ (this.highlight);
  }

  /** The animation under way, as timeline() made it (null when still). */
  played() {
    return /** @type {Grow21Timeline | null} */ (this.animation);
  }

  /**
   * @param {Grow21Layout} layout
   * @param {number} elapsed
   */
  paint(layout, elapsed) {
    const { ctx } = this;
    this.setCameraArea(layout);

    ctx.save();
    ctx.beginPath();
    ctx.rect(layout.board.x, layout.board.y, layout.board.w, layout.board.h);
    ctx.clip();
    this.drawBoard(elapsed);
    ctx.restore();

    this.hud.band(layout);
    const floaters = this.played()?.floaters ?? [];
    for (const seat of [0, 1]) this.hud.plate(layout, this.view, seat, this.names, scoreBump(floaters, seat, elapsed));
    this.hud.current(layout, this.view);

    this.hud.controls(layout, this.camera.manual);
    this.hud.edgeMarks(this.edgeMarks(layout));
    this.hud.caption(layout, this.highlight.caption, { gold: this.highlight.gold });
    if (this.animation) this.drawFlying(layout, elapsed);
  }

  /**
   * The camera pans the whole board area but frames the board clear of the caption ribbon (and buttons).
   * @param {Grow21Layout} layout
   */
  setCameraArea(layout) {
    this.camera.setArea(layout.board, layout.frame);
  }

  focusOption() {
    const { focus, cells } = this.marked();
    return focus ? cells.get(focus) ?? null : null;
  }

  /** @param {number} elapsed */
  drawBoard(elapsed) {
    const { board } = this;
    const view = /** @type {Grow21View} */ (this.view);
    const highlight = this.marked();
    const animation = this.played();
    /** @type {Set<string>} */
    const hidden = new Set();
    if (animation) for (const c of animation.covers) if (elapsed < c.until) hidden.add(c.key);
    board.groups(view.groups, hidden);
    for (const cell of view.board) {
      const key = cellKey(cell.at);
      const stack = hidden.has(key) ? coverOf(animation, key, elapsed) : cell.stack;
      if (stack?.length) board.stack(cell.at, stack);
    }
    if (animation) this.drawGhosts(elapsed);

    const focus = this.focusOption();
    if (view.phase !== "play") for (const group of view.groups) board.groupBadge(group, hidden);
    if (view.phase === "keep") {
      const focusKeeps = focus?.kind === "keep" && focus.preview ? new Set(focus.preview.keeps.map(cellKey)) : null;
      view.split.forEach((cells, i) => {
        const kept = focusKeeps && cells.some((c) => focusKeeps.has(cellKey(c)));
        board.part(cells, i, { strong: Boolean(kept), dim: Boolean(focusKeeps) && !kept });
      });
      if (focusKeeps) {
        const inParts = new Set(view.split.flat().map(cellKey));
        const lost = view.board.filter((c) => !focusKeeps.has(cellKey(c.at)) && !inParts.has(cellKey(c.at))).map((c) => c.at);
        if (lost.length) board.part(lost, 0, { dim: true });
      }
      return;
    }
    for (const [key, option] of highlight.cells) {
      if (key === highlight.focus) continue;
      if (option.kind === "place") board.openCell(option.move.at, option.preview?.scores);
      else if (option.kind === "change") board.changeCell(option.move.at, option.preview?.scores);
    }
    for (const group of view.groups) board.groupBadge(group, hidden);
    if (focus && focus.kind !== "keep" && focus.preview && view.current) board.preview(focus.move.at, view.current, focus.preview);
  }

  /** @param {number} elapsed */
  drawGhosts(elapsed) {
    const { ctx, board, camera } = this;
    for (const ghost of this.played()?.ghosts ?? []) {
      const look = ghostLook(ghost, elapsed);
      if (!look || !look.stack.length) continue;
      if (look.glow) {
        const r = camera.cardRect(ghost.cell[0], ghost.cell[1]);
        ctx.save();
        ctx.globalAlpha = look.alpha;
        glow(ctx, { ...r, y: r.y - look.lift * camera.cellH }, { size: 16 });
        ctx.restore();
      }
      board.stack(ghost.cell, look.stack, { alpha: look.alpha, lift: look.lift * camera.cellH, scale: look.scale });
      if (look.dark) {
        const r = camera.cardRect(ghost.cell[0], ghost.cell[1]);
        ctx.fillStyle = `rgba(6, 20, 12, ${look.dark})`;
        ctx.fillRect(r.x, r.y, r.w, r.h);
      }
    }
  }

  /**
   * Cards flying from the "to play" slot to their cell, and "+10" on its way to the scorer.
   * @param {Grow21Layout} layout
   * @param {number} elapsed
   */
  drawFlying(layout, elapsed) {
    const { ctx, camera } = this;
    const animation = this.played();
    if (!animation) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, this.size.width, this.size.height);
    ctx.clip();
    for (const flight of animation.flights) {
      const k = flightProgress(flight, elapsed);
      if (k === null) continue;
      const r = lerpRect(layout.current, camera.cardRect(flight.cell[0], flight.cell[1]), k);
      this.board.card(r.x, r.y, r.w, r.h, flight.code);
    }
    for (const floater of animation.floaters) {
      const p = floaterProgress(floater, elapsed);
      if (p === null) continue;
      const centres = floater.cells.map((c) => camera.toCanvas(c[0], c[1]));
      const sx = centres.reduce((s, c) => s + c.x, 0) / centres.length;
      const sy = centres.reduce((s, c) => s + c.y, 0) / centres.length;
      const plate = layout.plates[floater.player];
      const tx = plate.x + plate.w / 2;
      const ty = plate.y + plate.h / 2;
      const k = p < 0.25 ? 0 : (p - 0.25) / 0.75;
      const e = 1 - (1 - k) ** 2;
      const x = sx + (tx - sx) * e;
      const y = sy - 18 * Math.min(1, p * 4) + (ty - sy + 18) * e;
      // It melts into the plate (whose score then takes the points): gone before it would cover the plate's
      // name, score or cards left.
      const clearance = y - FLOATER_HALF_HEIGHT - (plate.y + plate.h);
      const alpha = Math.min(p > 0.85 ? (1 - p) / 0.15 : 1, clearance / FLOATER_MELT_PX);
      if (alpha > 0) this.hud.floater(floater.text, x, y, alpha);
    }
    ctx.restore();
  }
}
