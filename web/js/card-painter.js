// Draws playing cards on a 2D canvas: faces with corner indices and pips, and a sheriff-star back.
// Each look is painted once per size into an offscreen canvas (shadow included) and then blitted,
// so a full table redraw costs a few drawImage calls.
import { parseCard } from "./cards.js";
import { CARD_FACE as FACE, CARD_EDGE as EDGE, CARD_RED as RED, CARD_BLACK as BLACK, SERIF, SANS } from "./canvas-kit.js";

const BRASS = "#c9a04a"; // a shade deeper than the table's brass, on the cream of a card
const BACK = "#6e1a1d";
const SHADOW_PAD = 0.14; // of the card width, room around the card for its shadow
const SMALL = 48; // narrower cards (a phone's hand, a pile) show one big pip and larger corner indices
const CACHE_LIMIT = 600; // sprites kept; a zooming table would otherwise paint and keep every size

const L = 0.28, M = 0.5, R = 0.72;
const PIPS = {
  2: [[M, 0], [M, 1]],
  3: [[M, 0], [M, 0.5], [M, 1]],
  4: [[L, 0], [R, 0], [L, 1], [R, 1]],
  5: [[L, 0], [R, 0], [M, 0.5], [L, 1], [R, 1]],
  6: [[L, 0], [R, 0], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  7: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  8: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [M, 0.75], [L, 1], [R, 1]],
  9: [[L, 0], [R, 0], [L, 1 / 3], [R, 1 / 3], [M, 0.5], [L, 2 / 3], [R, 2 / 3], [L, 1], [R, 1]],
  10: [[L, 0], [R, 0], [M, 1 / 6], [L, 1 / 3], [R, 1 / 3], [L, 2 / 3], [R, 2 / 3], [M, 5 / 6], [L, 1], [R, 1]],
};

function roundedRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function paintBlank(ctx, w, h, fill) {
  const pad = w * SHADOW_PAD;
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
  ctx.shadowBlur = pad * 0.8;
  ctx.shadowOffsetY = pad * 0.25;
  roundedRect(ctx, 0, 0, w, h, w * 0.08);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = Math.max(1, w * 0.012);
  ctx.strokeStyle = EDGE;
  ctx.stroke();
}

/**
 * The rank over its suit sign in the top-left corner; in the bottom-right one, where a real card has the
 * index turned upside down, the same two glyphs upright, the sign over the rank (a suit sign upside down
 * reads as another: a spade as a black heart).
 * On a small card the index is larger: it is what identifies the card there.
 * @param {boolean} bottom
 */
function paintIndex(ctx, card, w, h, bottom) {
  const size = h * (w < SMALL ? 0.23 : 0.17);
  const sign = size * 0.82;
  ctx.fillStyle = card.red ? RED : BLACK;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  const cx = bottom ? w * 0.87 : w * 0.13;
  const rankTop = bottom ? h * 0.955 - size : h * 0.045;
  const signTop = bottom ? h * 0.955 - size * 1.02 - sign : h * 0.045 + size * 1.02;
  ctx.font = `bold ${card.rank === "10" ? size * 0.82 : size}px ${SERIF}`;
  ctx.fillText(card.rank, cx, rankTop);
  ctx.font = `${sign}px ${SANS}`;
  ctx.fillText(card.symbol, cx, signTop);
}

/** A pip, always upright, as the indices: in Grit the one heart matters. */
function paintPip(ctx, symbol, x, y, size) {
  ctx.font = `${size}px ${SANS}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(symbol, x, y);
}

function paintCourt(ctx, card, w, h) {
  const x = w * 0.24, y = h * 0.17, iw = w * 0.52, ih = h * 0.66;
  ctx.fillStyle = card.red ? "#f7e3d6" : "#e6e3da";
  roundedRect(ctx, x, y, iw, ih, w * 0.04);
  ctx.fill();
  ctx.lineWidth = Math.max(1, w * 0.018);
  ctx.strokeStyle = BRASS;
  ctx.stroke();
  ctx.fillStyle = card.red ? RED : BLACK;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `bold ${ih * 0.42}px ${SERIF}`;
  ctx.fillText(card.rank, w / 2, y + ih * 0.36);
  ctx.font = `${ih * 0.3}px ${SANS}`;
  ctx.fillText(card.symbol, w / 2, y + ih * 0.74);
}

function paintFace(ctx, code, w, h) {
  const card = parseCard(code);
  paintBlank(ctx, w, h, FACE);
  paintIndex(ctx, card, w, h, false);
  paintIndex(ctx, card, w, h, true);

  ctx.fillStyle = card.red ? RED : BLACK;
  const pips = PIPS[card.rank];
  if (card.rank === "A") {
    paintPip(ctx, card.symbol, w / 2, h / 2, h * 0.42);
  } else if (pips && w >= SMALL) {
    const top = h * 0.2, span = h * 0.6, size = h * 0.17;
    for (const [px, py] of pips) paintPip(ctx, card.symbol, w * px, top + span * py, size);
  } else if (pips) {
    paintPip(ctx, card.symbol, w / 2, h / 2, h * 0.34);
  } else {
    paintCourt(ctx, card, w, h);
  }
}

function star(ctx, cx, cy, outer, inner) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? inner : outer;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
  }
  ctx.closePath();
}

function paintBack(ctx, w, h) {
  paintBlank(ctx, w, h, FACE);
  const inset = w * 0.07;
  const iw = w - 2 * inset, ih = h - 2 * inset;
  ctx.save();
  roundedRect(ctx, inset, inset, iw, ih, w * 0.05);
  ctx.fillStyle = BACK;
  ctx.fill();
  ctx.clip();
  ctx.strokeStyle = "rgba(201, 160, 74, 0.55)";
  ctx.lineWidth = Math.max(0.6, w * 0.01);
  const step = w * 0.16;
  for (let d = -h; d < w + h; d += step) {
    ctx.beginPath();
    ctx.moveTo(inset + d, inset);
    ctx.lineTo(inset + d + ih, inset + ih);
    ctx.moveTo(inset + d, inset);
    ctx.lineTo(inset + d - ih, inset + ih);
    ctx.stroke();
  }
  ctx.restore();
  roundedRect(ctx, inset, inset, iw, ih, w * 0.05);
  ctx.strokeStyle = BRASS;
  ctx.lineWidth = Math.max(1, w * 0.02);
  ctx.stroke();
  const r = w * 0.24;
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, r * 1.08, 0, 2 * Math.PI);
  ctx.fillStyle = BACK;
  ctx.fill();
  ctx.stroke();
  star(ctx, w / 2, h / 2, r * 0.9, r * 0.4);
  ctx.fillStyle = BRASS;
  ctx.fill();
}

/** A small tag on a face-down card whose identity the viewer knows (their own face-down play). */
function paintPeek(ctx, code, w, h) {
  const card = parseCard(code);
  const tw = w * 0.62, th = h * 0.26;
  ctx.fillStyle = FACE;
  roundedRect(ctx, (w - tw) / 2, (h - th) / 2, tw, th, w * 0.05);
  ctx.fill();
  ctx.strokeStyle = BRASS;
  ctx.lineWidth = Math.max(1, w * 0.015);
  ctx.stroke();
  ctx.fillStyle = card.red ? RED : BLACK;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `bold ${th * 0.62}px ${SERIF}`;
  ctx.fillText(`${card.rank}${card.symbol}`, w / 2, h / 2 + th * 0.04);
}

export class CardPainter {
  constructor() {
    this.cache = new Map();
    this.scale = 1;
  }

  /** Call when devicePixelRatio changes: cached bitmaps are made for one pixel density. */
  setScale(scale) {
    if (scale !== this.scale) {
      this.scale = scale;
      this.cache.clear();
    }
  }

  sprite(key, w, h, paint) {
    const cacheKey = `${key}|${w.toFixed(1)}|${h.toFixed(1)}`;
    let sprite = this.cache.get(cacheKey);
    if (sprite) {
      this.cache.delete(cacheKey); // most recently used goes last; the oldest go first when full
      this.cache.set(cacheKey, sprite);
    } else {
      const pad = w * SHADOW_PAD;
      sprite = document.createElement("canvas");
      sprite.width = Math.ceil((w + 2 * pad) * this.scale);
      sprite.height = Math.ceil((h + 2 * pad) * this.scale);
      const ctx = sprite.getContext("2d");
      ctx.scale(this.scale, this.scale);
      ctx.translate(pad, pad);
      paint(ctx, w, h);
      this.cache.set(cacheKey, sprite);
      if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value);
    }
    return sprite;
  }

  /**
   * Draw one card with its top-left corner at (x, y).
   * look: {code: "7S" | null, faceUp: bool, sideways: bool, squeeze: 0..1 (a flip in progress: 1 = full width)}
   * A face-down card with a known code gets a peek tag; sideways cards are turned 90° about their centre.
   */
  draw(ctx, x, y, w, h, { code = null, faceUp = false, sideways = false, squeeze = 1 } = {}) {
    let sprite;
    if (faceUp && code) {
      sprite = this.sprite(code, w, h, (c) => paintFace(c, code, w, h));
    } else if (code) {
      sprite = this.sprite(`peek:${code}`, w, h, (c) => {
        paintBack(c, w, h);
        paintPeek(c, code, w, h);
      });
    } else {
      sprite = this.sprite("back", w, h, (c) => paintBack(c, w, h));
    }
    const pad = w * SHADOW_PAD;
    ctx.save();
    ctx.translate(x + w / 2, y + h / 2);
    if (sideways) ctx.rotate(Math.PI / 2);
    ctx.scale(Math.max(squeeze, 0.02), 1);
    ctx.drawImage(sprite, -w / 2 - pad, -h / 2 - pad, w + 2 * pad, h + 2 * pad);
    ctx.restore();
  }
}
