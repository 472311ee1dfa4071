// Painting the grow21 board (everything that pans and zooms): group tints with their value badges,
// stacks drawn as stacks, the cells on offer when a person acts, the split parts, and the preview of
// the move under the pointer. Values and previews come from the view and the bridge, never from here.

import { parseCard } from "../cards.js";
import {
  GOLD, CREAM, SANS, CARD_FACE, CARD_EDGE, CARD_RED, CARD_BLACK, pill, halo, roundedRect, text,
} from "../canvas-kit.js";

export const PART_COLOURS = ["#5fd3c7", "#f5a65b", "#b99cf5", "#f78fb3"];
export const MINI = 34; // narrower cards than this are drawn as big rank-and-suit tiles (corner indices get unreadable)
const LADDER = 3; // card sprites come in sizes a third of an octave apart, drawn scaled down to the exact size

/** @typedef {import("./shapes.js").Grow21Group} Grow21Group */
/** @typedef {import("./shapes.js").Grow21PlacePreview} Grow21PlacePreview */
/** @typedef {import("../canvas-kit.js").Box} Rect */

/** The sprite width a card of width `w` is drawn from: zooming reuses a handful of painted sizes. */
export const spriteHeight = (/** @type {number} */ sw, /** @type {number} */ ratio) => Math.round(sw * ratio * 10) / 10;
export const spriteWidth = (/** @type {number} */ w) => Math.round(2 ** (Math.ceil(Math.log2(w) * LADDER - 1e-9) / LADDER) * 10) / 10;
/** @type {Record<string, {fill: string, edge: string, badge: string}>} a group's tint by its colour */
const TINTS = {
  red: { fill: "rgba(214, 54, 54, 0.30)", edge: "rgba(255, 140, 125, 0.85)", badge: "#8e1b20" },
  black: { fill: "rgba(8, 12, 24, 0.42)", edge: "rgba(190, 205, 230, 0.75)", badge: "#1b2130" },
};

/**
 * A cell's key in maps and sets: "x,y".
 * @param {number[]} cell [x, y]
 */
export const cellKey = ([x, y]) => `${x},${y}`;

export class BoardPainter {
  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {import("../card-painter.js").CardPainter} painter
   * @param {import("./camera.js").Camera} camera
   */
  constructor(ctx, painter, camera) {
    this.ctx = ctx;
    this.painter = painter;
    this.camera = camera;
  }

  /**
   * One face-up card; small ones as a plain tile with a big rank and suit.
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {string} code
   */
  card(x, y, w, h, code) {
    const { ctx } = this;
    if (w >= MINI) {
      const sw = spriteWidth(w);
      ctx.save();
      ctx.translate(x, y);
      ctx.scale(w / sw, w / sw);
      this.painter.draw(ctx, 0, 0, sw, spriteHeight(sw, h / w), { code, faceUp: true });
      ctx.restore();
      return;
    }
    const card = parseCard(code);
    ctx.fillStyle = CARD_FACE;
    ctx.strokeStyle = CARD_EDGE;
    ctx.lineWidth = 1;
    roundedRect(ctx, { x, y, w, h }, w * 0.1);
    ctx.fill();
    ctx.stroke();
    const ink = card.red ? CARD_RED : CARD_BLACK;
    text(ctx, card.rank, x + w / 2, y + h * 0.36, { size: Math.min(w * 0.62, h * 0.4), bold: true, color: ink, align: "center", onCard: true });
    text(ctx, card.symbol, x + w / 2, y + h * 0.73, { size: h * 0.34, color: ink, align: "center", family: SANS, onCard: true });
  }

  /**
   * A cell's rectangle grown by the half-gap on the sides where a neighbour of the same group sits.
   * @param {number[]} cell
   * @param {Set<string>} members
   */
  groupShape(cell, members) {
    const { camera } = this;
    const r = camera.cardRect(cell[0], cell[1]);
    const pad = Math.min(camera.cellW - r.w, camera.cellH - r.h) * 0.42;
    const halfX = (camera.cellW - r.w) / 2;
    const halfY = (camera.cellH - r.h) / 2;
    const has = (/** @type {number} */ dx, /** @type {number} */ dy) => members.has(cellKey([cell[0] + dx, cell[1] + dy]));
    const left = has(-1, 0) ? halfX : pad;
    const right = has(1, 0) ? halfX : pad;
    const top = has(0, -1) ? halfY : pad;
    const bottom = has(0, 1) ? halfY : pad;
    return { x: r.x - left, y: r.y - top, w: r.w + left + right, h: r.h + top + bottom, open: { left, right, top, bottom, pad } };
  }

  /**
   * Every group as one tinted shape with an outline around it (not between its own cards).
   * @param {Grow21Group[]} groups
   * @param {Set<string>} skip the cells not drawn now
   */
  groups(groups, skip) {
    const { ctx } = this;
    for (const group of groups) {
      const cells = group.cells.filter((c) => !skip.has(cellKey(c)));
      if (!cells.length) continue;
      const members = new Set(cells.map(cellKey));
      const tint = TINTS[group.colour];
      const shapes = cells.map((c) => this.groupShape(c, members));
      const path = new Path2D();
      for (const s of shapes) path.rect(s.x, s.y, s.w, s.h);
      ctx.fillStyle = tint.fill;
      ctx.fill(path);
      ctx.strokeStyle = tint.edge;
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (const s of shapes) {
        const { left, right, top, bottom, pad } = s.open;
        if (left === pad) this.segment(s.x, s.y, s.x, s.y + s.h);
        if (right === pad) this.segment(s.x + s.w, s.y, s.x + s.w, s.y + s.h);
        if (top === pad) this.segment(s.x, s.y, s.x + s.w, s.y);
        if (bottom === pad) this.segment(s.x, s.y + s.h, s.x + s.w, s.y + s.h);
      }
      ctx.stroke();
    }
  }

  /**
   * @param {number} x0
   * @param {number} y0
   * @param {number} x1
   * @param {number} y1
   */
  segment(x0, y0, x1, y1) {
    this.ctx.moveTo(x0, y0);
    this.ctx.lineTo(x1, y1);
  }

  /**
   * A stack: up to three card edges peeking out under the top card, and a count when it holds more than one.
   * @param {number[]} cell
   * @param {string[]} cards bottom first
   */
  stack(cell, cards, { alpha = 1, lift = 0, scale = 1 } = {}) {
    const { ctx } = this;
    const top = cards.at(-1);
    if (top === undefined) return; // an empty cell has no stack to draw
    const base = this.camera.cardRect(cell[0], cell[1]);
    const w = base.w * scale;
    const h = base.h * scale;
    const r = { x: base.x + (base.w - w) / 2, y: base.y + (base.h - h) / 2 - lift, w, h };
    ctx.save();
    ctx.globalAlpha = alpha;
    const under = Math.min(cards.length - 1, 3);
    const step = Math.max(1.5, w * 0.045);
    for (let k = under; k >= 1; k--) {
      ctx.fillStyle = "#efe4c8";
      ctx.strokeStyle = "#9c8c68";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.roundRect(r.x + k * step, r.y + k * step, w, h, w * 0.08);
      ctx.fill();
      ctx.stroke();
    }
    this.card(r.x, r.y, w, h, top);
    if (cards.length > 1) {
      const size = Math.max(9, Math.min(13, w * 0.2));
      pill(ctx, `×${cards.length}`, r.x + size * 0.9, r.y + h - size * 0.7, { size, fill: "#3a2614" });
    }
    ctx.restore();
  }

  /**
   * A group's value ("17", or "7/17" with an ace) on the top edge of its top-left card. A lone number
   * card or picture card reads for itself and gets none.
   * @param {Grow21Group} group
   * @param {Set<string>} skip the cells not drawn now
   */
  groupBadge(group, skip) {
    const cells = group.cells.filter((c) => !skip.has(cellKey(c)));
    if (!cells.length || cells.length !== group.cells.length) return;
    if (cells.length === 1 && group.values.length === 1) return;
    const anchor = [...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0];
    const r = this.camera.cardRect(anchor[0], anchor[1]);
    const size = Math.max(10, Math.min(14, r.w * 0.22));
    const tint = TINTS[group.colour];
    pill(this.ctx, group.values.join("/"), r.x + r.w * 0.62, r.y, { size, fill: tint.badge, edge: tint.edge });
  }

  /**
   * An empty cell on offer: a dashed frame, gold and marked "21" when the card would score there.
   * @param {number[]} cell
   * @param {boolean} [scores]
   */
  openCell(cell, scores) {
    const { ctx } = this;
    const r = this.camera.cardRect(cell[0], cell[1]);
    ctx.save();
    ctx.fillStyle = scores ? "rgba(255, 214, 120, 0.26)" : "rgba(255, 236, 190, 0.09)";
    ctx.strokeStyle = scores ? GOLD : "rgba(243, 222, 170, 0.7)";
    ctx.lineWidth = scores ? 2.2 : 1.5;
    if (!scores) ctx.setLineDash([5, 4]);
    ctx.beginPath();
    ctx.roundRect(r.x, r.y, r.w, r.h, r.w * 0.08);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
    if (scores) this.scoreMark(r);
  }

  /**
   * An own card that the card to play may go on: a ring and a small round tab with ▲▼ (it goes up or down).
   * @param {number[]} cell
   * @param {boolean} [scores]
   */
  changeCell(cell, scores) {
    const { ctx } = this;
    const r = this.camera.cardRect(cell[0], cell[1]);
    const colour = scores ? GOLD : "#9fe3ff";
    ctx.save();
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2.2;
    if (!scores) ctx.setLineDash([6, 3]);
    ctx.beginPath();
    ctx.roundRect(r.x - 3, r.y - 3, r.w + 6, r.h + 6, r.w * 0.1);
    ctx.stroke();
    ctx.restore();
    const radius = Math.max(6, Math.min(9, r.w * 0.15));
    const cx = r.x + r.w - radius * 0.6;
    const cy = r.y + radius * 0.6;
    ctx.fillStyle = scores ? "#6b4c12" : "#163a4a";
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    const a = radius * 0.5;
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(cx - a, cy - a * 0.25);
    ctx.lineTo(cx + a, cy - a * 0.25);
    ctx.lineTo(cx, cy - a * 1.3);
    ctx.closePath();
    ctx.moveTo(cx - a, cy + a * 0.25);
    ctx.lineTo(cx + a, cy + a * 0.25);
    ctx.lineTo(cx, cy + a * 1.3);
    ctx.closePath();
    ctx.fill();
  }

  /** @param {Rect} r */
  scoreMark(r) {
    const size = Math.max(10, Math.min(16, r.w * 0.28));
    text(this.ctx, "21", r.x + r.w / 2, r.y + r.h / 2, { size, bold: true, color: GOLD, align: "center" });
  }

  /**
   * The tied parts of a split, each framed in its own colour; `dim` darkens the cells that would go.
   * @param {number[][]} cells
   * @param {number} index
   */
  part(cells, index, { strong = false, dim = false } = {}) {
    const { ctx } = this;
    const colour = PART_COLOURS[index % PART_COLOURS.length];
    for (const cell of cells) {
      const r = this.camera.cardRect(cell[0], cell[1]);
      if (dim) {
        ctx.fillStyle = "rgba(6, 20, 12, 0.62)";
        ctx.beginPath();
        ctx.roundRect(r.x, r.y, r.w, r.h, r.w * 0.08);
        ctx.fill();
        continue;
      }
      if (strong) halo(ctx, { x: r.x - 4, y: r.y - 4, w: r.w + 8, h: r.h + 8 }, r.w * 0.1, colour, 12);
      ctx.save();
      ctx.strokeStyle = colour;
      ctx.lineWidth = strong ? 3.5 : 2.2;
      ctx.beginPath();
      ctx.roundRect(r.x - 4, r.y - 4, r.w + 8, r.h + 8, r.w * 0.1);
      ctx.stroke();
      ctx.restore();
    }
    const first = cells[0];
    const r = this.camera.cardRect(first[0], first[1]);
    if (!dim) pill(ctx, `keep ${String.fromCharCode(65 + index)}`, r.x + r.w / 2, r.y + r.h + 2, { fill: "#102a26", edge: colour, color: colour, size: 11 });
  }

  /**
   * What the move under the pointer would do: the card ghosted in, its group framed, the value it makes.
   * @param {number[]} cell
   * @param {string} code
   * @param {Grow21PlacePreview} preview
   */
  preview(cell, code, preview) {
    const { ctx } = this;
    const r = this.camera.cardRect(cell[0], cell[1]);
    ctx.save();
    ctx.strokeStyle = preview.scores ? GOLD : CREAM;
    ctx.lineWidth = 2;
    for (const c of preview.cells) {
      const g = this.camera.cardRect(c[0], c[1]);
      if (preview.scores) halo(ctx, { x: g.x - 2, y: g.y - 2, w: g.w + 4, h: g.h + 4 }, g.w * 0.09, GOLD, 12);
      ctx.beginPath();
      ctx.roundRect(g.x - 2, g.y - 2, g.w + 4, g.h + 4, g.w * 0.09);
      ctx.stroke();
    }
    ctx.restore();
    ctx.save();
    ctx.globalAlpha = 0.88;
    this.card(r.x, r.y, r.w, r.h, code);
    ctx.restore();
    const text = preview.scores ? "21! +10" : `→ ${preview.values.join("/")}`;
    const size = Math.max(12, Math.min(16, r.w * 0.26));
    pill(ctx, text, r.x + r.w / 2, r.y - size * 0.3, preview.scores
      ? { size, fill: "#6b4c12", edge: GOLD, color: "#fff1c2" }
      : { size, fill: "#2a1a0e" });
  }
}
