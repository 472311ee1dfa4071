// What every table canvas draws with: the saloon's palette and fonts, easing, and the small pieces each
// renderer needs (a line of text, a pill, a ribbon, a glow, a dimmed or dashed card place, hit tests).
// Everything takes the 2D context and CSS-pixel rectangles {x, y, w, h}.

export const BRASS = "#d9b25f";
export const GOLD = "#ffd678";
export const CREAM = "#f3ead3";
export const PARCHMENT = "#e9dfc6"; // a name that is not acting
export const PILL_TEXT = "#fff4d8";
export const DARK_WOOD = "#2a1a0e";
export const RIBBON = "rgba(28, 16, 8, 0.92)";
export const FAINT = "rgba(243, 234, 211, 0.7)";
export const CARD_FACE = "#fffaf0";
export const CARD_EDGE = "#cbbd9c";
export const CARD_RED = "#b3121d";
export const CARD_BLACK = "#17171c";

export const SERIF = '"Rockwell", "Roboto Slab", "DejaVu Serif", Georgia, serif';
export const SANS = '"DejaVu Sans", "Segoe UI Symbol", system-ui, sans-serif';

/** Fast start, soft landing: t in 0..1. */
export const ease = (/** @type {number} */ t) => 1 - (1 - t) ** 3;
export const clamp01 = (/** @type {number} */ t) => Math.min(1, Math.max(0, t));
/**
 * @param {number} a
 * @param {number} b
 * @param {number} t
 */
export const lerp = (a, b, t) => a + (b - a) * t;

/**
 * The rectangle a fraction `t` of the way from `from` to `to`.
 * @param {Box} from
 * @param {Box} to
 * @param {number} t
 * @returns {Box}
 */
export function lerpRect(from, to, t) {
  return { x: lerp(from.x, to.x, t), y: lerp(from.y, to.y, t), w: lerp(from.w, to.w, t), h: lerp(from.h, to.h, t) };
}

/**
 * @param {Box} rect
 * @param {number} x
 * @param {number} y
 */
export function contains(rect, x, y) {
  return x >= rect.x && x <= rect.x + rect.w && y >= rect.y && y <= rect.y + rect.h;
}

/**
 * @param {Box} a
 * @param {Box} b
 */
export function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} size
 */
export function setFont(ctx, size, bold = false) {
  ctx.font = `${bold ? "bold " : ""}${size}px ${SERIF}`;
}

/**
 * The texts drawn on each table canvas in its last frame, for tests that look for labels that collide or
 * leave the canvas: canvas -> [{text, x, y, w, h, onCard, alpha}], boxes of ink in canvas CSS pixels.
 * `onCard`: a glyph printed on a card (the rank and suit of a card drawn as a small tile), which belongs to that card
 * and may sit under the next card of a fan by design; card faces painted by the card painter never
 * come through here at all, for the same reason. `covers`: where a banner crosses the table in this
 * frame; the texts under it wait (they are not drawn) until it has gone.
 * @type {WeakMap<HTMLCanvasElement, {scale: number, boxes: TextBox[], covers: Box[]}>}
 */
const framesDrawn = new WeakMap();

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {Box & {text: string, onCard: boolean, alpha: number}} TextBox */
/**
 * How text() draws a line (see there).
 * @typedef {object} TextOptions
 * @property {number} [size]
 * @property {boolean} [bold]
 * @property {string} [color]
 * @property {CanvasTextAlign} [align]
 * @property {string} [family]
 * @property {Box | null} [clip]
 * @property {boolean} [onCard]
 * @property {boolean} [onTop]
 * @property {number} [width]
 */

/**
 * A new frame on this canvas (`scale`: device pixels per CSS pixel): forget the texts of the last one.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} scale
 */
export function beginFrame(ctx, scale) {
  framesDrawn.set(ctx.canvas, { scale, boxes: [], covers: [] });
}

/**
 * The texts drawn on `canvas` in its last frame.
 * @param {HTMLCanvasElement} canvas
 * @returns {TextBox[]}
 */
export function textsDrawn(canvas) {
  return framesDrawn.get(canvas)?.boxes.map((box) => ({ ...box })) ?? [];
}

/**
 * A rectangle through the context's transform, in canvas CSS pixels.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} scale
 * @param {Box} rect
 * @returns {Box}
 */
function onCanvas(ctx, scale, { x, y, w, h }) {
  const matrix = ctx.getTransform();
  const corners = [[x, y], [x + w, y], [x, y + h], [x + w, y + h]].map(([px, py]) => matrix.transformPoint({ x: px, y: py }));
  const xs = corners.map((p) => p.x / scale), ys = corners.map((p) => p.y / scale);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  return { x: x0, y: y0, w: Math.max(...xs) - x0, h: Math.max(...ys) - y0 };
}

/**
 * A banner crosses `rect` in this frame: texts drawn after this under it wait (see framesDrawn).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} rect
 */
export function coverTexts(ctx, rect) {
  const frame = framesDrawn.get(ctx.canvas);
  if (frame) frame.covers.push(onCanvas(ctx, frame.scale, rect));
}

/**
 * The ink box of a text about to be drawn, in canvas CSS pixels (cut by `clip`); null when none shows.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{scale: number}} frame
 * @param {number} x
 * @param {number} y
 * @param {TextMetrics} metrics
 * @param {Box | null} clip
 * @returns {Box | null}
 */
function inkBox(ctx, frame, x, y, metrics, clip) {
  let left = x - metrics.actualBoundingBoxLeft, right = x + metrics.actualBoundingBoxRight;
  let top = y - metrics.actualBoundingBoxAscent, bottom = y + metrics.actualBoundingBoxDescent;
  if (clip) {
    left = Math.max(left, clip.x);
    right = Math.min(right, clip.x + clip.w);
    top = Math.max(top, clip.y);
    bottom = Math.min(bottom, clip.y + clip.h);
  }
  if (right <= left || bottom <= top) return null;
  return onCanvas(ctx, frame.scale, { x: left, y: top, w: right - left, h: bottom - top });
}

/**
 * One line of text, vertically centred on y; returns its width. Every text on a table canvas is drawn
 * here, so that the frame's text boxes are known (`clip`: the rectangle the caller clips it to;
 * `onCard`: a glyph printed on a card, see framesDrawn; `onTop`: a banner's own words, never covered).
 * `width`: the room it has, its letters shrink (down to 8px) to fit it.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {number} x
 * @param {number} y
 * @param {TextOptions} [options]
 */
export function text(ctx, string, x, y, {
  size = 13, bold = false, color = CREAM, align = "left", family = SERIF, clip = null, onCard = false, onTop = false, width = Infinity,
} = {}) {
  ctx.font = `${bold ? "bold " : ""}${size}px ${family}`;
  const natural = ctx.measureText(string).width;
  if (natural > width) ctx.font = `${bold ? "bold " : ""}${Math.max(8, (size * width) / natural)}px ${family}`;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = "middle";
  const metrics = ctx.measureText(string);
  const frame = framesDrawn.get(ctx.canvas);
  const box = frame && string.trim() ? inkBox(ctx, frame, x, y, metrics, clip) : null;
  if (box && !onTop && frame?.covers.some((cover) => overlaps(cover, box))) return metrics.width;
  ctx.fillText(string, x, y);
  if (box) frame?.boxes.push({ text: string, ...box, onCard, alpha: ctx.globalAlpha });
  return metrics.width;
}

/**
 * A rounded rectangle path, ready to fill or stroke.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} rect
 * @param {number} radius
 */
export function roundedRect(ctx, rect, radius) {
  ctx.beginPath();
  ctx.roundRect(rect.x, rect.y, rect.w, rect.h, radius);
}

/**
 * Bold text on a rounded tag centred at (cx, cy); returns the tag's rectangle.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {number} cx
 * @param {number} cy
 * @param {{fill?: string, edge?: string, color?: string, size?: number, minWidth?: number}} [options]
 * @returns {Box}
 */
export function pill(ctx, string, cx, cy, { fill = DARK_WOOD, edge = BRASS, color = PILL_TEXT, size = 12, minWidth = size * 1.7 } = {}) {
  setFont(ctx, size, true);
  const w = Math.max(minWidth, ctx.measureText(string).width + size * 0.9);
  const h = size + 6;
  const rect = { x: cx - w / 2, y: cy - h / 2, w, h };
  ctx.fillStyle = fill;
  ctx.strokeStyle = edge;
  ctx.lineWidth = 1.2;
  roundedRect(ctx, rect, h / 2);
  ctx.fill();
  ctx.stroke();
  text(ctx, string, cx, cy + 1, { size, bold: true, color, align: "center" });
  return rect;
}

/**
 * A line of text on a dark rounded ribbon centred in `row`, shrunk (down to 10px) to fit its width.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {Box} row
 * @param {{largest?: number, gold?: boolean, onTop?: boolean}} [options]
 */
export function ribbon(ctx, string, row, { largest = 15, gold = false, onTop = false } = {}) {
  if (!string) return;
  setFont(ctx, largest, true);
  const natural = ctx.measureText(string).width;
  const size = natural + 28 > row.w ? Math.max(10, (largest * (row.w - 28)) / natural) : largest;
  setFont(ctx, size, true);
  const w = Math.min(row.w, ctx.measureText(string).width + 28);
  const x = row.x + (row.w - w) / 2;
  ctx.fillStyle = gold ? "rgba(70, 48, 10, 0.94)" : RIBBON;
  ctx.strokeStyle = gold ? GOLD : BRASS;
  ctx.lineWidth = 1.5;
  roundedRect(ctx, { x, y: row.y, w, h: row.h }, row.h / 2);
  ctx.fill();
  ctx.stroke();
  const clip = { x: x + 8, y: row.y, w: w - 16, h: row.h };
  ctx.save();
  ctx.beginPath();
  ctx.rect(clip.x, clip.y, clip.w, clip.h);
  ctx.clip();
  text(ctx, string, row.x + row.w / 2, row.y + row.h / 2 + 1, { size, bold: true, color: gold ? "#fff1c2" : BRASS, align: "center", clip, onTop });
  ctx.restore();
}

/**
 * A soft glow around a rounded rectangle, as a few widening translucent strokes: canvas shadows are
 * blurred on the CPU when there is no GPU, and would cost a millisecond or more on every redraw.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} rect
 * @param {number} radius
 */
export function halo(ctx, rect, radius, colour = GOLD, size = 10) {
  const base = ctx.globalAlpha;
  ctx.save();
  ctx.strokeStyle = colour;
  for (let k = 3; k >= 1; k--) {
    ctx.globalAlpha = base * 0.16 * (4 - k);
    ctx.lineWidth = (size * k) / 3;
    roundedRect(ctx, rect, radius);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * A card (or any place) lit up: a gold rim with a halo, drawn under the card.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} rect
 */
export function glow(ctx, rect, { size = 14 } = {}) {
  const rim = { x: rect.x - 3, y: rect.y - 3, w: rect.w + 6, h: rect.h + 6 };
  halo(ctx, rim, rect.w * 0.1, GOLD, size);
  ctx.fillStyle = GOLD;
  roundedRect(ctx, rim, rect.w * 0.1);
  ctx.fill();
}

/**
 * A ring drawn over a card or place to say "this just happened here": a wide halo and a bright rim.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} rect
 */
export function spotRing(ctx, rect) {
  const radius = Math.max(4, rect.w * 0.1);
  const rim = { x: rect.x - 4, y: rect.y - 4, w: rect.w + 8, h: rect.h + 8 };
  halo(ctx, rim, radius, GOLD, 18);
  ctx.save();
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = 2.5;
  roundedRect(ctx, rim, radius);
  ctx.stroke();
  ctx.restore();
}

/**
 * A card that can't be used now, shaded over.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} rect
 */
export function dim(ctx, rect, alpha = 0.45) {
  ctx.fillStyle = `rgba(10, 30, 20, ${alpha})`;
  roundedRect(ctx, rect, rect.w * 0.08);
  ctx.fill();
}

/**
 * The dashed outline of an empty card place.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} rect
 * @param {{colour?: string, width?: number, dash?: number[]}} [options]
 */
export function dashedOutline(ctx, rect, { colour = "rgba(243, 234, 211, 0.28)", width = 1.5, dash = [6, 5] } = {}) {
  ctx.save();
  ctx.setLineDash(dash);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  roundedRect(ctx, rect, rect.w * 0.08);
  ctx.stroke();
  ctx.restore();
}

/**
 * A line of text on a dark band across `rect`, fading in and out over `p` (0..1): "Round 2". What it
 * crosses should wait meanwhile: a renderer calls coverTexts() with the same place before it paints.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {Box} rect
 * @param {number} p
 */
export function banner(ctx, string, rect, p, size = 24) {
  ctx.save();
  ctx.globalAlpha = Math.min(1, p * 6, (1 - p) * 4);
  ribbon(ctx, string, rect, { largest: size, onTop: true });
  ctx.restore();
}

/** @typedef {keyof typeof CALLOUT_TONES} Tone  how a callout feels: good, bad or plain */
export const CALLOUT_TONES = {
  good: { fill: "rgba(70, 48, 10, 0.96)", edge: GOLD, color: "#fff1c2" },
  bad: { fill: "rgba(92, 16, 16, 0.96)", edge: "#f07a6a", color: "#ffe3dc" },
  plain: { fill: RIBBON, edge: BRASS, color: PILL_TEXT },
};

/**
 * Where a callout naming what happened at `target` sits: a plate of `size`px letters centred on the
 * target, kept inside `bounds` (the canvas). Measured before the frame is painted, so that the texts it
 * covers wait under it (coverTexts), as under a banner.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {Box} target
 * @param {Box} bounds
 * @returns {Box}
 */
export function calloutBox(ctx, string, target, bounds, size = 18) {
  setFont(ctx, size, true);
  const w = Math.min(bounds.w, ctx.measureText(string).width + size * 1.4);
  const h = size + 14;
  const x = Math.min(Math.max(bounds.x, target.x + target.w / 2 - w / 2), bounds.x + bounds.w - w);
  const y = Math.min(Math.max(bounds.y, target.y + target.h / 2 - h / 2), bounds.y + bounds.h - h);
  return { x, y, w, h };
}

/**
 * A callout: bold words on a plate ("Parry!", "21! +10", "−4"), `p` of the way through its life (0..1):
 * it pops in, holds, and fades at the end. `tone`: good, bad or plain (see CALLOUT_TONES).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {Box} box where calloutBox() placed it
 * @param {number} p
 * @param {Tone} tone
 */
export function callout(ctx, string, box, p, tone = "plain", size = 18) {
  const { fill, edge, color } = CALLOUT_TONES[tone];
  const grow = 0.86 + 0.14 * ease(clamp01(p * 8));
  const plate = { x: box.x + (box.w * (1 - grow)) / 2, y: box.y + (box.h * (1 - grow)) / 2, w: box.w * grow, h: box.h * grow };
  ctx.save();
  ctx.globalAlpha = Math.min(1, p * 10, (1 - p) * 6);
  ctx.fillStyle = fill;
  ctx.strokeStyle = edge;
  ctx.lineWidth = 2;
  roundedRect(ctx, plate, plate.h / 2);
  ctx.fill();
  ctx.stroke();
  text(ctx, string, plate.x + plate.w / 2, plate.y + plate.h / 2 + 1, { size: size * grow, bold: true, color, align: "center", onTop: true, width: plate.w - 12 });
  ctx.restore();
}
