// Draws playing cards on a 2D canvas: faces with corner indices and pips, drawn court cards and jokers, and a
// sheriff-star back in a deck's colour. Each look is painted once per size into an offscreen canvas (shadow
// included) and then blitted, so a full table redraw costs a few drawImage calls.
//
// A face is laid out first (faceLayout: boxes for the indices, the pips and the figure, none touching another
// or the card's edge) and then painted into exactly those boxes: the rank's glyphs are measured and fitted to
// their box (a "10" gets tighter tracking and narrower glyphs, never a smaller height), and the suit signs,
// figures and backs are canvas paths, so a card looks the same whatever fonts a phone has.
import { parseCard } from "./cards.js";
/** @typedef {import("./cards.js").Card} Card */
/** @typedef {import("./cards.js").Suit} Suit */
import { CARD_FACE as FACE, CARD_EDGE as EDGE, CARD_RED as RED, CARD_BLACK as BLACK, SERIF } from "./canvas-kit.js";

const BRASS = "#c9a04a"; // a shade deeper than the table's brass, on the cream of a card
const BRASS_DARK = "#8a6a24"; // the brass's own outline, where a figure's crown meets the panel
const SKIN = "#f6dcc0";
const HAIR = "#5b3a1c";
/** The backs a deck may have ("red" unless told): the field behind the brass lattice and star. */
/** @type {Record<string, string>} */
const BACKS = { red: "#6e1a1d", black: "#26262d", blue: "#1c3a63" };
const PANEL = { red: "#f7e3d6", black: "#e6e3da" }; // the tint behind a court card's figure
const SHADOW_PAD = 0.14; // of the card width, room around the card for its shadow
const SMALL = 48; // narrower cards (a phone's hand, a pile) show a big index and one emblem instead of pips
const CACHE_LIMIT = 600; // sprites kept; a zooming table would otherwise paint and keep every size

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/**
 * Where a face's parts sit (see faceLayout): each corner index's rank and sign (none: a joker's index is its
 * star alone, in `rank`), the pips, and the figure or emblem; `fit`: the rank fitted to its box (none: a joker).
 * @typedef {{card: Card, sign: SignName, fit: RankFit | null, small: boolean, indices: {rank: Box, sign: Box | null}[],
 *   pips: Box[], figure: Box | null}} FaceLayout
 */
/**
 * How a card is drawn: its code ("7S", "10H", "QD", "RJ"; null for a card nobody at the table may see), face up
 * or down, turned 90° (`sideways`), narrowed by a flip in progress (`squeeze`, 1 = full width) and the colour of
 * its deck's back.
 * @typedef {{code?: string | null, faceUp?: boolean, sideways?: boolean, squeeze?: number, back?: "red" | "black" | "blue"}} CardLook
 */

// --- the rank's glyphs ----------------------------------------------------------------------------------
// Measured once at a large size; a rank is drawn scaled so that its capitals are as tall as its box, glyph by
// glyph with tight tracking, and narrowed only as much as its box needs. The font asks for a condensed face
// (used where the system has one); the measurement says what was really drawn either way.
const RANK_FONT = `bold condensed 100px ${SERIF}`;
const TRACK = 0.05; // of the capital height, between the glyphs of a "10"
const DESCENT = 1.12; // a J's or Q's tail may take the box this far past the capitals' height, then it shrinks
/** @type {CanvasRenderingContext2D | null} */
let measuring = null;
/** @type {Map<string, {left: number, right: number, top: number, bottom: number}>} */
const inks = new Map();

/**
 * The ink box of one glyph in RANK_FONT, from its origin on the alphabetic baseline.
 * @param {string} glyph
 */
function ink(glyph) {
  let box = inks.get(glyph);
  if (!box) {
    // A new canvas always has a 2D context to give.
    measuring ??= /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
    measuring.font = RANK_FONT;
    const m = measuring.measureText(glyph);
    box = { left: -m.actualBoundingBoxLeft, right: m.actualBoundingBoxRight, top: -m.actualBoundingBoxAscent, bottom: m.actualBoundingBoxDescent };
    inks.set(glyph, box);
  }
  return box;
}

/**
 * How a rank is drawn with capitals `cap` px tall in at most `room` px of width: its glyphs' offsets (in font
 * units), the scale, the horizontal narrowing, and the size of its ink.
 * @param {string} rank
 * @param {number} cap
 * @param {number} room
 * @returns {RankFit}
 */
function fitRank(rank, cap, room) {
  const capital = -ink("K").top;
  const track = TRACK * capital;
  let x = 0, top = 0, bottom = 0;
  const glyphs = [...rank].map((glyph) => {
    const box = ink(glyph);
    const at = { glyph, dx: x - box.left };
    x += box.right - box.left + track;
    top = Math.min(top, box.top);
    bottom = Math.max(bottom, box.bottom);
    return at;
  });
  const natural = x - track;
  const scale = Math.min(cap / capital, (cap * DESCENT) / (bottom - top));
  const narrow = Math.min(1, room / (natural * scale));
  return { glyphs, top, scale, narrow, w: natural * scale * narrow, h: (bottom - top) * scale };
}

/**
 * A fitted rank's glyphs (each `dx` font units from the first's origin), its ink's top in font units, the
 * scale, the horizontal narrowing, and the ink's size in px.
 * @typedef {{glyphs: {glyph: string, dx: number}[], top: number, scale: number, narrow: number, w: number, h: number}} RankFit
 */

/**
 * A fitted rank with its ink's top-left corner at (x, y).
 * @param {CanvasRenderingContext2D} ctx
 * @param {RankFit} fit
 * @param {number} x
 * @param {number} y
 */
function paintRank(ctx, fit, x, y) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(fit.scale * fit.narrow, fit.scale);
  ctx.translate(0, -fit.top);
  ctx.font = RANK_FONT;
  ctx.textRendering = "geometricPrecision"; // outlines as measured, not snapped to the pixel grid
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  for (const { glyph, dx } of fit.glyphs) ctx.fillText(glyph, dx, 0);
  ctx.restore();
}

// --- suit signs -----------------------------------------------------------------------------------------
// Paths in a unit box (x across -aspect/2..aspect/2, y down -0.5..0.5): the same on every device, and upright
// wherever they stand (a spade upside down reads as a black heart, and in Grit the one heart matters).
/** @typedef {Suit | "star"} SignName */
/** @type {Record<SignName, {aspect: number, shape: (ctx: CanvasRenderingContext2D) => void}>} */
const SIGNS = {
  H: {
    aspect: 1,
    shape(ctx) {
      ctx.moveTo(0, 0.5);
      ctx.bezierCurveTo(-0.2, 0.3, -0.5, 0.1, -0.5, -0.22);
      ctx.arc(-0.25, -0.22, 0.25, Math.PI, 0);
      ctx.arc(0.25, -0.22, 0.25, Math.PI, 0);
      ctx.bezierCurveTo(0.5, 0.1, 0.2, 0.3, 0, 0.5);
    },
  },
  D: {
    aspect: 0.76,
    shape(ctx) {
      ctx.moveTo(0, -0.5);
      ctx.quadraticCurveTo(0.14, -0.18, 0.38, 0);
      ctx.quadraticCurveTo(0.14, 0.18, 0, 0.5);
      ctx.quadraticCurveTo(-0.14, 0.18, -0.38, 0);
      ctx.quadraticCurveTo(-0.14, -0.18, 0, -0.5);
    },
  },
  S: {
    aspect: 0.92,
    shape(ctx) {
      ctx.moveTo(0, -0.5);
      ctx.bezierCurveTo(-0.15, -0.3, -0.46, -0.14, -0.46, 0.1);
      ctx.arc(-0.23, 0.1, 0.23, Math.PI, 0, true);
      ctx.arc(0.23, 0.1, 0.23, Math.PI, 0, true);
      ctx.bezierCurveTo(0.46, -0.14, 0.15, -0.3, 0, -0.5);
      stem(ctx);
    },
  },
  C: {
    aspect: 1,
    shape(ctx) {
      for (const [cx, cy] of [[0, -0.26], [-0.26, 0.06], [0.26, 0.06]]) {
        ctx.moveTo(cx + 0.24, cy);
        ctx.arc(cx, cy, 0.24, 0, 2 * Math.PI);
      }
      ctx.moveTo(-0.1, -0.12);
      ctx.lineTo(0.1, -0.12);
      ctx.lineTo(0.1, 0.12);
      ctx.lineTo(-0.1, 0.12);
      stem(ctx);
    },
  },
  // A joker's sign in its corners, where a suit card has its suit.
  star: {
    aspect: 0.95,
    shape(ctx) {
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 ? 0.21 : 0.52;
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        ctx.lineTo(radius * Math.cos(angle), 0.06 + radius * Math.sin(angle));
      }
    },
  },
};

/**
 * The flared foot of a spade or a club.
 * @param {CanvasRenderingContext2D} ctx
 */
function stem(ctx) {
  ctx.moveTo(0, 0.05);
  ctx.quadraticCurveTo(0.04, 0.38, 0.2, 0.5);
  ctx.lineTo(-0.2, 0.5);
  ctx.quadraticCurveTo(-0.04, 0.38, 0, 0.05);
}

/**
 * The box of a sign `size` tall centred at (cx, cy).
 * @param {SignName} sign
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @returns {Box}
 */
function signBox(sign, cx, cy, size) {
  const w = size * SIGNS[sign].aspect;
  return { x: cx - w / 2, y: cy - size / 2, w, h: size };
}

/**
 * A sign filling `box` (made by signBox), in the current fill colour.
 * @param {CanvasRenderingContext2D} ctx
 * @param {SignName} sign
 * @param {Box} box
 */
function paintSign(ctx, sign, box) {
  ctx.save();
  ctx.translate(box.x + box.w / 2, box.y + box.h / 2);
  ctx.scale(box.h, box.h);
  // Each part alone: their windings differ, and one nonzero fill of all of them would leave holes.
  ctx.beginPath();
  SIGNS[sign].shape(ctx);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

// --- layout -----------------------------------------------------------------------------------------------
const L = 0, M = 0.5, R = 1; // pip columns across the pip field
/** @type {Record<string, [number, number][]>} where the pips of each rank sit: [column, 0..1 down the field] */
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

/**
 * The sizes an index takes on a card `w` x `h`: the margin it keeps from the edge, its capitals' height, the
 * room for the rank's width, the gap between rank and sign, and the sign's height. A full-size card has its
 * index in a narrow column, the sign under the rank, beside the pips; a small card has a big one in a row,
 * the sign beside the rank ("10♥", as the card is written), over one big emblem: there it is what identifies
 * the card.
 * @param {number} w
 * @param {number} h
 */
function indexSizes(w, h) {
  if (w < SMALL) {
    const margin = Math.max(2, w * 0.06);
    const cap = Math.min(h * 0.27, (w - 2 * margin) / (1.15 + 0.12 + 0.8));
    return { small: true, margin, cap, room: cap * 1.15, gap: cap * 0.12, sign: cap * 0.8 };
  }
  const margin = Math.max(2.5, w * 0.045); // clear of the rounded corner too
  // Capitals a tenth of the card tall, and at least 9 px while that leaves the pips room.
  const cap = Math.max(h * 0.095, Math.min(9, h * 0.13));
  // Rank and sign under a fifth of a large card in all: a pile that peeks a fifth of each card shows both.
  return { small: false, margin, cap, room: cap * 1.1, gap: cap * 0.1, sign: cap * 0.64 };
}

/**
 * How much of a card `w` x `h` must show, from its top-left corner, for its index to be read, whatever the
 * card: `w` across shows the rank, `h` down the rank and its suit. What a fan or a pile leaves in sight of a
 * covered card.
 * @param {number} w
 * @param {number} h
 */
export function indexExtent(w, h) {
  const { small, margin, cap, room, gap, sign } = indexSizes(w, h);
  return { w: margin + room, h: margin + (small ? cap * DESCENT : cap * DESCENT + gap + sign) };
}

/**
 * Where the parts of a face sit on a card `w` x `h` CSS px (its top-left corner at 0, 0): the corner indices
 * (`rank` and `sign` boxes: the rank's ink and the suit sign's, top left and, on a card of SMALL width or
 * more, bottom right), the pips, and a court card's or joker's `figure` (its framed panel). Nothing of a face
 * is painted outside these boxes, and no two of them meet: an index never touches a pip, the figure or the
 * card's edge. On a small card there is one index and `figure` is the emblem under it (a big pip, a bust).
 * @param {string} code
 * @param {number} w
 * @param {number} h
 * @returns {FaceLayout}
 */
export function faceLayout(code, w, h) {
  const card = parseCard(code);
  const sign = card.joker ? "star" : card.suit;
  const { small, margin, cap, room, gap, sign: signSize } = indexSizes(w, h);
  const fit = card.joker ? null : fitRank(card.rank, cap, room);
  const rankSize = fit ?? { w: cap * SIGNS.star.aspect, h: cap }; // a joker's index is its star alone
  if (small) {
    const top = {
      rank: { x: margin, y: margin, w: rankSize.w, h: rankSize.h },
      sign: card.joker ? null : signBox(sign, margin + rankSize.w + gap + (signSize * SIGNS[sign].aspect) / 2, margin + cap / 2, signSize),
    };
    const below = margin + Math.max(rankSize.h, cap / 2 + signSize / 2) + Math.max(1.5, gap);
    const size = Math.min(h - margin - below, w - 2 * margin);
    const figure = { x: (w - size) / 2, y: h - margin - size, w: size, h: size };
    return { card, sign, fit, small, indices: [top], pips: [], figure };
  }
  const column = margin + room / 2; // the index column's centre
  const top = {
    rank: { x: column - rankSize.w / 2, y: margin, w: rankSize.w, h: rankSize.h },
    sign: card.joker ? null : signBox(sign, column, margin + rankSize.h + gap + signSize / 2, signSize),
  };
  // The bottom index: the same glyphs upright, the sign over the rank (see paintFace).
  const bottom = {
    rank: { ...top.rank, x: w - top.rank.x - top.rank.w, y: h - margin - top.rank.h },
    sign: top.sign && { ...top.sign, x: w - top.sign.x - top.sign.w, y: h - margin - top.rank.h - gap - top.sign.h },
  };
  const left = margin + room + Math.max(1.5, w * 0.025);
  const field = { x: left, y: margin, w: w - 2 * left, h: h - 2 * margin };
  const pips = [];
  let figure = null;
  if (card.joker || ["J", "Q", "K"].includes(card.rank)) {
    const y = Math.max(margin, h * 0.07);
    figure = { x: field.x, y, w: field.w, h: h - 2 * y };
  } else if (card.rank === "A") {
    const size = Math.min(field.w * 0.8 / SIGNS[sign].aspect, h * 0.4);
    pips.push(signBox(sign, w / 2, h / 2, size));
  } else {
    const size = Math.min(w * 0.17, (field.w * 0.3) / SIGNS[sign].aspect);
    const across = field.w - size * SIGNS[sign].aspect;
    for (const [px, py] of PIPS[card.rank]) {
      pips.push(signBox(sign, field.x + (size * SIGNS[sign].aspect) / 2 + across * px, h * (0.2 + 0.6 * py), size));
    }
  }
  return { card, sign, fit, small, indices: [top, bottom], pips, figure };
}

// --- court cards and jokers -------------------------------------------------------------------------------
// One bust per rank, in the suit's colour with brass: a King crowned and bearded, a Queen with a coronet and long
// hair, a Jack in a feathered cap, a joker in a three-horned jester's cap with bells. The bust is drawn in units
// of half its width, upward from the base of its shoulders; a full-size card shows it twice, mirrored about the
// middle of a framed panel as on a real court card, a small one once in its emblem box.
const BUST_HEIGHT = 2.05; // units from the shoulders' base to the top of the tallest headgear
const SHOULDERS = 0.5; // units of the shoulders a small card's tile leaves out, to show the head larger

/**
 * A path of points [u, v] in bust units (v up), closed.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number[][]} points
 */
function polygon(ctx, points) {
  ctx.beginPath();
  points.forEach(([u, v], i) => (i ? ctx.lineTo(u, -v) : ctx.moveTo(u, -v)));
  ctx.closePath();
}

/**
 * An ellipse's path centred at [u, v] in bust units (v up).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} u
 * @param {number} v
 * @param {number} rx
 * @param {number} ry
 */
function ellipse(ctx, u, v, rx, ry) {
  ctx.beginPath();
  ctx.ellipse(u, -v, rx, ry, 0, 0, 2 * Math.PI);
}

/**
 * Fill the current path, and outline it with the figure's ink.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} fill
 * @param {string} line
 */
function shade(ctx, fill, line) {
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = line;
  ctx.stroke();
}

/**
 * A bust's crown, coronet, cap or jester's cap (see paintBust).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} rank
 * @param {string} ink
 */
function paintHeadgear(ctx, rank, ink) {
  if (rank === "K") {
    polygon(ctx, [[-0.36, 1.42], [-0.4, 1.9], [-0.19, 1.66], [0, 1.98], [0.19, 1.66], [0.4, 1.9], [0.36, 1.42]]);
    shade(ctx, BRASS, BRASS_DARK);
    ctx.fillStyle = ink;
    for (const u of [-0.2, 0, 0.2]) {
      ellipse(ctx, u, 1.52, 0.055, 0.055);
      ctx.fill();
    }
  } else if (rank === "Q") {
    polygon(ctx, [[-0.33, 1.4], [-0.3, 1.62], [-0.15, 1.55], [0, 1.72], [0.15, 1.55], [0.3, 1.62], [0.33, 1.4]]);
    shade(ctx, BRASS, BRASS_DARK);
    ctx.fillStyle = ink;
    ellipse(ctx, 0, 1.5, 0.06, 0.06);
    ctx.fill();
    ctx.fillStyle = BRASS;
    for (const [u, v] of [[-0.3, 1.67], [0, 1.8], [0.3, 1.67]]) {
      ellipse(ctx, u, v, 0.065, 0.065);
      ctx.fill();
    }
  } else if (rank === "J") {
    ctx.beginPath();
    ctx.moveTo(0.12, -1.62);
    ctx.bezierCurveTo(0.45, -1.9, 0.75, -1.95, 0.9, -1.78);
    ctx.bezierCurveTo(0.7, -1.78, 0.45, -1.7, 0.2, -1.52);
    shade(ctx, BRASS, BRASS_DARK);
    ctx.beginPath();
    ctx.moveTo(-0.46, -1.38);
    ctx.bezierCurveTo(-0.5, -1.72, -0.2, -1.86, 0.1, -1.8);
    ctx.bezierCurveTo(0.38, -1.74, 0.5, -1.56, 0.44, -1.4);
    ctx.closePath();
    shade(ctx, ink, ink);
    polygon(ctx, [[-0.47, 1.34], [0.46, 1.36], [0.44, 1.44], [-0.46, 1.44]]);
    shade(ctx, BRASS, BRASS_DARK);
  } else {
    // A jester's cap: three horns, the middle one brass, each with a bell at its tip.
    /** @type {(tipU: number, tipV: number, fill: string) => void} */
    const horn = (tipU, tipV, fill) => {
      ctx.beginPath();
      ctx.moveTo(-0.3, -1.36);
      ctx.bezierCurveTo(tipU * 0.4 - 0.1, -1.6, tipU * 0.8, -(tipV - 0.05), tipU, -tipV);
      ctx.bezierCurveTo(tipU * 0.7, -(tipV - 0.28), tipU * 0.3 + 0.1, -1.5, 0.3, -1.36);
      ctx.closePath();
      shade(ctx, fill, ink);
    };
    horn(-0.86, 1.5, ink);
    horn(0.86, 1.5, ink);
    horn(0.05, 1.92, BRASS);
    for (const [u, v] of [[-0.86, 1.5], [0.86, 1.5], [0.05, 1.92]]) {
      ellipse(ctx, u, v, 0.09, 0.09);
      shade(ctx, BRASS, BRASS_DARK);
    }
    polygon(ctx, [[-0.34, 1.32], [0.34, 1.32], [0.32, 1.42], [-0.32, 1.42]]);
    shade(ctx, BRASS, BRASS_DARK);
  }
}

/**
 * One bust, its shoulders' base centred at (0, 0) of the current transform, `unit` px to a unit.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} rank
 * @param {string} ink
 * @param {number} unit
 */
function paintBust(ctx, rank, ink, unit) {
  ctx.save();
  ctx.scale(unit, unit);
  ctx.lineWidth = Math.max(0.5, unit * 0.035) / unit;
  ctx.lineJoin = "round";
  const joker = rank !== "J" && rank !== "Q" && rank !== "K";
  // What a King and a Queen hold, behind the robe: a sceptre, a flower.
  if (rank === "K") {
    polygon(ctx, [[0.5, 0], [0.58, 0], [0.7, 1.2], [0.63, 1.2]]);
    shade(ctx, BRASS, BRASS_DARK);
    ellipse(ctx, 0.665, 1.28, 0.11, 0.11);
    shade(ctx, BRASS, BRASS_DARK);
  } else if (rank === "Q") {
    ctx.beginPath();
    ctx.moveTo(-0.5, 0);
    ctx.quadraticCurveTo(-0.72, -0.5, -0.66, -1.02);
    ctx.strokeStyle = BRASS_DARK;
    ctx.stroke();
    for (let i = 0; i < 5; i++) {
      const angle = (i * 2 * Math.PI) / 5;
      ellipse(ctx, -0.66 + 0.1 * Math.sin(angle), 1.06 + 0.1 * Math.cos(angle), 0.08, 0.08);
      shade(ctx, ink, ink);
    }
    ellipse(ctx, -0.66, 1.06, 0.055, 0.055);
    shade(ctx, BRASS, BRASS_DARK);
    // Long hair falls behind her shoulders.
    polygon(ctx, [[-0.44, 0.5], [-0.42, 1.3], [-0.2, 1.5], [0.2, 1.5], [0.42, 1.3], [0.44, 0.5], [0.2, 0.68], [-0.2, 0.68]]);
    shade(ctx, HAIR, HAIR);
  }
  // The robe: in the suit's colour (a jester's is motley, half brass), cut off where the panel's halves meet.
  const robe = () => {
    ctx.beginPath();
    ctx.moveTo(-0.8, 0);
    ctx.lineTo(-0.8, -0.4);
    ctx.bezierCurveTo(-0.8, -0.62, -0.6, -0.7, -0.3, -0.74);
    ctx.lineTo(0.3, -0.74);
    ctx.bezierCurveTo(0.6, -0.7, 0.8, -0.62, 0.8, -0.4);
    ctx.lineTo(0.8, 0);
    ctx.closePath();
  };
  robe();
  shade(ctx, ink, ink);
  if (joker) {
    ctx.save();
    robe();
    ctx.clip();
    polygon(ctx, [[0, 0], [0, 0.8], [0.9, 0.8], [0.9, 0]]);
    shade(ctx, BRASS, BRASS_DARK);
    ctx.restore();
    const points = [];
    for (let i = 0; i <= 8; i++) points.push([-0.48 + i * 0.12, i % 2 ? 0.5 : 0.74]);
    polygon(ctx, [[-0.5, 0.8], ...points, [0.5, 0.8]]);
    shade(ctx, FACE, ink);
  } else if (rank === "K") {
    // An ermine stole and a brass front.
    polygon(ctx, [[-0.09, 0], [0.09, 0], [0.09, 0.6], [-0.09, 0.6]]);
    shade(ctx, BRASS, BRASS_DARK);
    polygon(ctx, [[-0.74, 0.42], [-0.3, 0.78], [0.3, 0.78], [0.74, 0.42], [0.6, 0.3], [0.14, 0.56], [-0.14, 0.56], [-0.6, 0.3]]);
    shade(ctx, FACE, ink);
    ctx.fillStyle = BLACK;
    for (const [u, v] of [[-0.5, 0.48], [-0.3, 0.62], [0.3, 0.62], [0.5, 0.48]]) {
      ellipse(ctx, u, v, 0.035, 0.05);
      ctx.fill();
    }
  } else if (rank === "Q") {
    // A cream bodice under a brass necklace.
    polygon(ctx, [[-0.3, 0.74], [0, 0.2], [0.3, 0.74]]);
    shade(ctx, FACE, ink);
    ctx.fillStyle = BRASS;
    for (let i = 0; i < 5; i++) {
      ellipse(ctx, -0.2 + i * 0.1, 0.62 - (i === 2 ? 0.08 : i % 2 ? 0.05 : 0), 0.045, 0.045);
      ctx.fill();
    }
  } else {
    // A Jack's wide cream collar and brass buttons.
    polygon(ctx, [[-0.5, 0.74], [-0.34, 0.5], [0, 0.58], [0.34, 0.5], [0.5, 0.74]]);
    shade(ctx, FACE, ink);
    ctx.fillStyle = BRASS;
    for (const v of [0.12, 0.3]) {
      ellipse(ctx, 0, v, 0.06, 0.06);
      ctx.fill();
    }
  }
  polygon(ctx, [[-0.12, 0.7], [0.12, 0.7], [0.12, 0.86], [-0.12, 0.86]]);
  shade(ctx, SKIN, SKIN);
  ellipse(ctx, 0, 1.12, 0.3, 0.36);
  shade(ctx, SKIN, ink);
  // Hair over the brow and at the temples; a King's beard.
  if (rank === "K") {
    ctx.beginPath();
    ctx.moveTo(-0.3, -1.08);
    ctx.bezierCurveTo(-0.31, -0.8, -0.12, -0.64, 0, -0.62);
    ctx.bezierCurveTo(0.12, -0.64, 0.31, -0.8, 0.3, -1.08);
    ctx.bezierCurveTo(0.18, -0.98, 0.1, -1.02, 0, -1.02);
    ctx.bezierCurveTo(-0.1, -1.02, -0.18, -0.98, -0.3, -1.08);
    shade(ctx, HAIR, HAIR);
  }
  if (rank !== "Q") {
    polygon(ctx, [[-0.32, 1.06], [-0.31, 1.38], [0.31, 1.38], [0.32, 1.06], [0.25, 1.26], [-0.25, 1.26]]);
    shade(ctx, HAIR, HAIR);
  }
  ctx.fillStyle = BLACK;
  for (const u of [-0.11, 0.11]) {
    ellipse(ctx, u, 1.16, 0.035, 0.04);
    ctx.fill();
  }
  ctx.strokeStyle = rank === "K" ? FACE : ink;
  ctx.beginPath();
  ctx.moveTo(-0.08, -0.97);
  ctx.quadraticCurveTo(0, joker ? -0.9 : -0.95, 0.08, -0.97);
  ctx.stroke();
  paintHeadgear(ctx, rank, ink);
  ctx.restore();
}

/**
 * A court card's or joker's figure in `box`: on a full-size card a framed panel with the bust twice, mirrored
 * about its middle, and the suit sign upright in two corners; on a small card one bust on a framed tile.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Card} card
 * @param {SignName} sign
 * @param {Box} box
 * @param {boolean} small
 */
function paintFigure(ctx, card, sign, box, small) {
  const ink = card.red ? RED : BLACK;
  const radius = box.w * 0.08;
  ctx.save();
  roundedRect(ctx, box.x, box.y, box.w, box.h, radius);
  ctx.fillStyle = card.red ? PANEL.red : PANEL.black;
  ctx.fill();
  ctx.clip();
  const line = Math.max(0.8, box.w * 0.03);
  const cx = box.x + box.w / 2;
  if (small) {
    // The head and headgear, large; the shoulders run out under the tile's lower edge.
    const unit = Math.min(box.w * 0.7, (box.h - line) / (BUST_HEIGHT - SHOULDERS));
    ctx.translate(cx, box.y + box.h + SHOULDERS * unit);
    paintBust(ctx, card.rank, ink, unit);
  } else {
    const half = box.h / 2;
    const unit = Math.min(box.w * 0.44, (half - line * 2) / BUST_HEIGHT);
    for (const turn of [0, Math.PI]) {
      ctx.save();
      ctx.translate(cx, box.y + half);
      ctx.rotate(turn);
      paintBust(ctx, card.rank, ink, unit);
      ctx.restore();
    }
    ctx.strokeStyle = BRASS;
    ctx.lineWidth = line * 0.6;
    ctx.beginPath();
    ctx.moveTo(box.x, box.y + half);
    ctx.lineTo(box.x + box.w, box.y + half);
    ctx.stroke();
    if (!card.joker) {
      const size = Math.min(box.w * 0.2, half * 0.22);
      const inset = line + size * 0.2;
      ctx.fillStyle = ink;
      paintSign(ctx, sign, signBox(sign, box.x + inset + size / 2, box.y + inset + size / 2, size));
      paintSign(ctx, sign, signBox(sign, box.x + box.w - inset - size / 2, box.y + box.h - inset - size / 2, size));
    }
  }
  ctx.restore();
  roundedRect(ctx, box.x + line / 2, box.y + line / 2, box.w - line, box.h - line, radius);
  ctx.lineWidth = line;
  ctx.strokeStyle = BRASS;
  ctx.stroke();
}

// --- whole cards --------------------------------------------------------------------------------------------
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
function roundedRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** The card's edge line: as wide as the painter strokes it (tests keep an index clear of it). */
export const edgeWidth = (/** @type {number} */ w) => Math.max(1, w * 0.012);

/**
 * A card's blank with its shadow and edge.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {number} h
 * @param {string} fill
 */
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
  ctx.lineWidth = edgeWidth(w);
  ctx.strokeStyle = EDGE;
  ctx.stroke();
}

/**
 * A face as faceLayout places it. In the bottom-right corner, where a real card has the index turned upside
 * down, the same two glyphs stand upright, the sign over the rank (a suit sign upside down reads as another).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} code
 * @param {number} w
 * @param {number} h
 */
function paintFace(ctx, code, w, h) {
  const layout = faceLayout(code, w, h);
  const { card, sign, fit } = layout;
  paintBlank(ctx, w, h, FACE);
  ctx.fillStyle = card.red ? RED : BLACK;
  for (const index of layout.indices) {
    if (fit) paintRank(ctx, fit, index.rank.x, index.rank.y);
    else paintSign(ctx, "star", index.rank);
    if (index.sign) paintSign(ctx, sign, index.sign);
  }
  for (const pip of layout.pips) paintSign(ctx, sign, pip);
  const { figure } = layout;
  if (!figure) return;
  if (card.joker || ["J", "Q", "K"].includes(card.rank)) paintFigure(ctx, card, sign, figure, layout.small);
  else paintSign(ctx, sign, signBox(sign, figure.x + figure.w / 2, figure.y + figure.h / 2, Math.min(figure.h, figure.w / SIGNS[sign].aspect)));
}

/**
 * A five-pointed star's path centred at (cx, cy).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} outer
 * @param {number} inner
 */
function star(ctx, cx, cy, outer, inner) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? inner : outer;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
  }
  ctx.closePath();
}

/**
 * The sheriff-star back on a field of the deck's colour (see BACKS).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {number} h
 * @param {string} field
 */
function paintBack(ctx, w, h, field) {
  paintBlank(ctx, w, h, FACE);
  const inset = w * 0.07;
  const iw = w - 2 * inset, ih = h - 2 * inset;
  ctx.save();
  roundedRect(ctx, inset, inset, iw, ih, w * 0.05);
  ctx.fillStyle = field;
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
  ctx.fillStyle = field;
  ctx.fill();
  ctx.stroke();
  star(ctx, w / 2, h / 2, r * 0.9, r * 0.4);
  ctx.fillStyle = BRASS;
  ctx.fill();
}

/**
 * A small tag on a face-down card whose identity the viewer knows (their own face-down play): rank and sign.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} code
 * @param {number} w
 * @param {number} h
 */
function paintPeek(ctx, code, w, h) {
  const card = parseCard(code);
  const sign = card.joker ? "star" : card.suit;
  const tw = w * 0.66, th = Math.max(h * 0.24, Math.min(16, h * 0.4));
  const tag = { x: (w - tw) / 2, y: (h - th) / 2, w: tw, h: th };
  ctx.fillStyle = FACE;
  roundedRect(ctx, tag.x, tag.y, tag.w, tag.h, w * 0.05);
  ctx.fill();
  ctx.strokeStyle = BRASS;
  ctx.lineWidth = Math.max(1, w * 0.015);
  ctx.stroke();
  ctx.fillStyle = card.red ? RED : BLACK;
  const cap = th * 0.56;
  const signSize = card.joker ? cap * 1.1 : cap * 0.9;
  const fit = card.joker ? null : fitRank(card.rank, cap, tw * 0.9 - signSize * SIGNS[sign].aspect - cap * 0.15);
  const rankW = fit ? fit.w + cap * 0.15 : 0;
  const left = w / 2 - (rankW + signSize * SIGNS[sign].aspect) / 2;
  if (fit) paintRank(ctx, fit, left, h / 2 - cap / 2);
  paintSign(ctx, sign, signBox(sign, left + rankW + (signSize * SIGNS[sign].aspect) / 2, h / 2, signSize));
}

export class CardPainter {
  constructor() {
    /** @type {Map<string, HTMLCanvasElement>} painted sprites by look and size, the least recently used first */
    this.cache = new Map();
    this.scale = 1;
  }

  /**
   * Call when devicePixelRatio changes: cached bitmaps are made for one pixel density.
   * @param {number} scale
   */
  setScale(scale) {
    if (scale !== this.scale) {
      this.scale = scale;
      this.cache.clear();
    }
  }

  /**
   * The look `key` at w x h, painted by `paint` the first time (with room for its shadow), then from the cache.
   * @param {string} key
   * @param {number} w
   * @param {number} h
   * @param {(ctx: CanvasRenderingContext2D, w: number, h: number) => void} paint
   */
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
      const ctx = /** @type {CanvasRenderingContext2D} */ (sprite.getContext("2d")); // a new canvas always has one
      ctx.scale(this.scale, this.scale);
      ctx.translate(pad, pad);
      paint(ctx, w, h);
      this.cache.set(cacheKey, sprite);
      if (this.cache.size > CACHE_LIMIT) {
        const oldest = this.cache.keys().next();
        if (!oldest.done) this.cache.delete(oldest.value);
      }
    }
    return sprite;
  }

  /**
   * Draw one card with its top-left corner at (x, y). A face-down card with a known code gets a peek tag;
   * sideways cards are turned 90° about their centre.
   * @param {CanvasRenderingContext2D} ctx
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {CardLook} [look]
   */
  draw(ctx, x, y, w, h, { code = null, faceUp = false, sideways = false, squeeze = 1, back = "red" } = {}) {
    const field = BACKS[back] ?? BACKS.red;
    let sprite;
    if (faceUp && code) {
      sprite = this.sprite(code, w, h, (c) => paintFace(c, code, w, h));
    } else if (code) {
      sprite = this.sprite(`peek:${back}:${code}`, w, h, (c) => {
        paintBack(c, w, h, field);
        paintPeek(c, code, w, h);
      });
    } else {
      sprite = this.sprite(`back:${back}`, w, h, (c) => paintBack(c, w, h, field));
    }
    const pad = w * SHADOW_PAD;
    ctx.save();
    ctx.translate(x + w / 2, y + h / 2);
    if (sideways) ctx.rotate(Math.PI / 2);
    ctx.scale(Math.max(squeeze, 0.02), 1);
    // At the sprite's own size (its canvas is whole device pixels): stretched to w + 2 pad it would be resampled.
    ctx.drawImage(sprite, -w / 2 - pad, -h / 2 - pad, sprite.width / this.scale, sprite.height / this.scale);
    ctx.restore();
  }
}
