// Where the grow21 board sits on the canvas: a pan (the board cell at the middle of the board area) and a
// zoom (pixels per cell). Board cells are whole numbers (x to the right, y downwards); a cell is a little
// taller than it is wide, like a card. The camera follows the board on its own ("auto") until the player
// pans or zooms; re-centring (key 0, the ⌖ button) hands it back to the board.
//
// The automatic framing shows the whole board when it fits with cells at least FIT_MIN wide. A bigger board
// stays at that floor (a card a finger can hit and an eye can read) and the framing keeps the cells that
// matter in view, the ones around the anchor (the newest move, or the parts of a split), with the board
// filling the frame up to its own edges; the rest is reached by panning. The player may zoom out further
// by hand.
import { ease } from "../canvas-kit.js";

export const CELL_ASPECT = 1.42; // a cell's height over its width
export const CARD_WIDTH = 0.88; // a card's width, in cell widths
const MIN_SCALE = 16; // the most the player may zoom out, in pixels per cell width
const MAX_SCALE = 170;
const FIT_MIN = 42; // automatic framing never makes cells narrower than this (cards 36.4 px wide, see cardSize) ...
const FIT_MAX = 96; // ... nor bigger than this (a lone first card is not a poster)
const EDGE = 0.6; // cells of air the framing leaves beyond the framed box (the 0.2 of fit's sums, plus the frame's margin)
const TWEEN_MS = 320;

/** @typedef {import("../canvas-kit.js").Box} Rect */
/** @typedef {{cx: number, cy: number, scale: number}} Pan the board cell at the middle of the area, and pixels per cell width */
/** @typedef {{minX: number, maxX: number, minY: number, maxY: number}} CellBox */
/**
 * A glide from one pan to another; `follow` when the board itself moved it (not the player).
 * @typedef {{from: Pan, to: Pan, began: number, follow?: boolean}} Tween
 */

/**
 * Card widths come in steps of about 4% rather than every size a zoom passes through: each size is
 * painted once into the card painter's cache, so a pinch does not paint hundreds of new card sprites.
 * @param {number} width
 */
export function cardSize(width) {
  return Math.round(2 ** (Math.round(Math.log2(Math.max(4, width)) * 16) / 16) * 10) / 10;
}

/**
 * The smallest box of cells holding these cells and a ring of one cell around them (where a card could go
 * next, for the whole board).
 * @param {number[][]} cells
 * @returns {CellBox}
 */
export function framedBox(cells) {
  if (!cells.length) return { minX: -1, maxX: 1, minY: -1, maxY: 1 };
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  return { minX: Math.min(...xs) - 1, maxX: Math.max(...xs) + 1, minY: Math.min(...ys) - 1, maxY: Math.max(...ys) + 1 };
}

/**
 * Where the window of `span` cells goes along one axis of a box from `min` to `max`: the box's middle when it
 * fits; else around `focus`, kept where it already stands (`now`) while `focus` and its neighbours are in
 * sight (the board does not slide under the player after every move), and never past the box's edges (the
 * board fills the frame rather than empty felt).
 * @param {number} min @param {number} max @param {number} span @param {number} focus
 * @param {number | null} now the window's middle now, or null to centre on `focus`
 */
function along(min, max, span, focus, now) {
  if (max - min + 2 * EDGE <= span) return (min + max) / 2;
  const half = span / 2;
  const keeps = now !== null && Math.abs(focus - now) <= half - 1.5;
  return Math.min(max + EDGE - half, Math.max(min - EDGE + half, keeps ? now : focus));
}

export class Camera {
  constructor() {
    /** @type {Rect} */
    this.area = { x: 0, y: 0, w: 1, h: 1 }; // the board's part of the canvas, CSS pixels
    this.frame = this.area;
    this.cx = 0;
    this.cy = 0;
    this.scale = 70;
    this.manual = false; // the player moved the camera: stop following the board
    /** @type {Tween | null} */
    this.tween = null;
    this.box = framedBox([]);
    this.anchor = framedBox([]); // the cells the framing keeps in sight when the whole box does not fit
  }

  /**
   * `area`: the board's part of the canvas; `frame`: the part of it the automatic framing fills.
   * @param {Rect} area
   * @param {Rect} [frame]
   */
  setArea(area, frame = area) {
    this.area = area;
    this.frame = frame;
  }

  /**
   * Follow a new board: frame it (smoothly when `animate`) unless the player has taken the camera.
   * @param {number[][]} cells every cell with a card
   * @param {number[][]} anchor the cells that matter most now (the newest move, a split's parts)
   * @param {boolean} animate
   */
  follow(cells, anchor, animate) {
    this.box = framedBox(cells);
    this.anchor = framedBox(anchor.length ? anchor : cells);
    if (this.manual) return;
    this.moveTo(this.fit(true), animate);
    if (this.tween) this.tween.follow = true;
  }

  /** Milliseconds left of a glide that follows the board (0: none; a glide the player asked for is theirs). */
  followLeft(now = performance.now()) {
    return this.tween?.follow ? Math.max(0, TWEEN_MS - (now - this.tween.began)) : 0;
  }

  /**
   * Give the camera back to the board (key 0, the re-centre button).
   * @param {boolean} animate
   */
  recentre(animate) {
    this.manual = false;
    this.moveTo(this.fit(), animate);
  }

  /**
   * The pan and zoom that show the framed box as large as allowed, centred; at the floor, the part of it
   * around the anchor.
   * @param {boolean} [stay] keep the window where it stands while the anchor is in sight in it
   * @returns {Pan}
   */
  fit(stay = false) {
    const { box, anchor, area, frame } = this;
    const room = { w: frame.w - 16, h: frame.h - 16 };
    const cols = box.maxX - box.minX + 1;
    const rows = box.maxY - box.minY + 1;
    const byWidth = room.w / (cols + 0.2);
    const byHeight = room.h / ((rows + 0.2) * CELL_ASPECT);
    const scale = Math.max(FIT_MIN, Math.min(FIT_MAX, byWidth, byHeight));
    // The pan is about the middle of `area`: shift it so the window sits in the middle of `frame`.
    const dx = (frame.x + frame.w / 2 - (area.x + area.w / 2)) / scale;
    const dy = (frame.y + frame.h / 2 - (area.y + area.h / 2)) / (scale * CELL_ASPECT);
    const now = this.tween?.to ?? this;
    const same = stay && Math.abs(now.scale - scale) < 0.01;
    const cx = along(box.minX, box.maxX, room.w / scale, (anchor.minX + anchor.maxX) / 2, same ? now.cx + dx : null);
    const cy = along(box.minY, box.maxY, room.h / (scale * CELL_ASPECT), (anchor.minY + anchor.maxY) / 2, same ? now.cy + dy : null);
    return { cx: cx - dx, cy: cy - dy, scale };
  }

  /**
   * Bring a cell into sight (a hinted move off screen): the least pan that shows it with a cell of air, the
   * zoom unchanged. The camera stays the board's if it was.
   * @param {number[]} cell
   * @param {boolean} animate
   */
  reveal([x, y], animate) {
    const { frame } = this;
    const target = this.tween?.to ?? { cx: this.cx, cy: this.cy, scale: this.scale };
    /** @type {(cx: number, cy: number) => {x: number, y: number}} */
    const at = (cx, cy) => this.toCanvasAt(target.scale, cx, cy, x, y);
    const p = at(target.cx, target.cy);
    const marginX = 1.2 * target.scale;
    const marginY = 1.2 * target.scale * CELL_ASPECT;
    /** @type {(pos: number, low: number, high: number, margin: number) => number} */
    const shift = (pos, low, high, margin) => Math.min(0, pos - margin - low) + Math.max(0, pos + margin - high);
    const sx = shift(p.x, frame.x, frame.x + frame.w, marginX) / target.scale;
    const sy = shift(p.y, frame.y, frame.y + frame.h, marginY) / (target.scale * CELL_ASPECT);
    if (!sx && !sy) return;
    this.moveTo({ ...target, cx: target.cx + sx, cy: target.cy + sy }, animate);
  }

  /**
   * @param {Pan} target
   * @param {boolean} animate
   */
  moveTo(target, animate) {
    if (animate) {
      this.tween = { from: { cx: this.cx, cy: this.cy, scale: this.scale }, to: target, began: performance.now() };
    } else {
      this.tween = null;
      Object.assign(this, target);
    }
  }

  /** Advance a running tween; true while one is still under way (the renderer keeps drawing). */
  step(now = performance.now()) {
    if (!this.tween) return false;
    const t = Math.min(1, (now - this.tween.began) / TWEEN_MS);
    const { from, to } = this.tween;
    const k = ease(t);
    this.cx = from.cx + (to.cx - from.cx) * k;
    this.cy = from.cy + (to.cy - from.cy) * k;
    this.scale = from.scale + (to.scale - from.scale) * k;
    if (t >= 1) this.tween = null;
    return this.tween !== null;
  }

  // --- the player's hands on the camera ---------------------------------------------------
  /**
   * Drag by (dx, dy) CSS pixels.
   * @param {number} dx
   * @param {number} dy
   */
  panBy(dx, dy) {
    this.take();
    this.cx -= dx / this.scale;
    this.cy -= dy / (this.scale * CELL_ASPECT);
  }

  /**
   * Zoom by `factor`, keeping the board point under canvas point (px, py) where it is.
   * @param {number} factor
   */
  zoomBy(factor, px = this.area.x + this.area.w / 2, py = this.area.y + this.area.h / 2) {
    this.take();
    const before = this.toBoard(px, py);
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    const after = this.toBoard(px, py);
    this.cx += before.x - after.x;
    this.cy += before.y - after.y;
  }

  /**
   * Glide by (dx, dy) CSS pixels (an edge mark tapped): the player's own move of the camera.
   * @param {number} dx
   * @param {number} dy
   * @param {boolean} animate
   */
  slide(dx, dy, animate) {
    const from = this.tween?.to ?? this;
    this.take();
    this.moveTo({ cx: from.cx - dx / from.scale, cy: from.cy - dy / (from.scale * CELL_ASPECT), scale: from.scale }, animate);
  }

  take() {
    this.manual = true;
    this.tween = null;
  }

  // --- conversions ----------------------------------------------------------------------------
  get cellW() {
    return this.scale;
  }

  get cellH() {
    return this.scale * CELL_ASPECT;
  }

  /**
   * The canvas point (CSS pixels) of the centre of board cell (x, y); fractional cells allowed.
   * @param {number} x
   * @param {number} y
   */
  toCanvas(x, y) {
    return this.toCanvasAt(this.scale, this.cx, this.cy, x, y);
  }

  /**
   * The same for another pan and zoom.
   * @param {number} scale
   * @param {number} cx
   * @param {number} cy
   * @param {number} x
   * @param {number} y
   */
  toCanvasAt(scale, cx, cy, x, y) {
    const { area } = this;
    return { x: area.x + area.w / 2 + (x - cx) * scale, y: area.y + area.h / 2 + (y - cy) * scale * CELL_ASPECT };
  }

  /**
   * The board point (fractional cells) under a canvas point.
   * @param {number} px
   * @param {number} py
   */
  toBoard(px, py) {
    const { area } = this;
    return { x: this.cx + (px - area.x - area.w / 2) / this.cellW, y: this.cy + (py - area.y - area.h / 2) / this.cellH };
  }

  /**
   * The cell under a canvas point.
   * @param {number} px
   * @param {number} py
   */
  cellAt(px, py) {
    const p = this.toBoard(px, py);
    return [Math.round(p.x), Math.round(p.y)];
  }

  /** The width cards will have once a running tween has ended (what to paint ahead for). */
  settledCardWidth() {
    return cardSize((this.tween?.to.scale ?? this.scale) * CARD_WIDTH);
  }

  /**
   * The card rectangle of cell (x, y) in canvas CSS pixels.
   * @param {number} x
   * @param {number} y
   * @returns {Rect}
   */
  cardRect(x, y) {
    const centre = this.toCanvas(x, y);
    const w = cardSize(this.cellW * CARD_WIDTH);
    const h = w * 1.4;
    return { x: centre.x - w / 2, y: centre.y - h / 2, w, h };
  }
}
