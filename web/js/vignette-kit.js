// What a menu tile's vignette (web/js/<id>/vignette.js) is drawn with: inline SVG in the saloon's palette
// (canvas-kit.js), cards that look like the card painter's, a deck, a glow, a star. A vignette is a small
// picture of its game on the tile's felt strip, made in the page: nothing is downloaded for it.
import { BRASS, GOLD, CREAM, CARD_FACE, CARD_EDGE, CARD_RED, CARD_BLACK, SERIF, SANS } from "./canvas-kit.js";
import { parseCard } from "./cards.js";

export { BRASS, GOLD, CREAM, CARD_RED, CARD_BLACK };

const NS = "http://www.w3.org/2000/svg";
/** The card painter's backs (card-painter.js BACKS): a deck's colour behind a brass frame and the star. */
const BACKS = { red: "#6e1a1d", black: "#26262d", blue: "#1c3a63" };
const BACK_BRASS = "#c9a04a";
/** Every vignette's drawing box: a strip as wide as a tile, in its own units. */
const WIDTH = 320;
const HEIGHT = 120;
/** The card size vignettes use unless told (a playing card's proportions). */
export const CARD_W = 40;
export const CARD_H = 58;

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {(SVGElement | string)[]} [children]
 * @returns {SVGElement}
 */
export function svg(tag, attributes = {}, children = []) {
  const node = /** @type {SVGElement} */ (document.createElementNS(NS, tag));
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/**
 * A group placed at (x, y) (its centre, for cards) and turned by `turn` degrees.
 * @param {number} x
 * @param {number} y
 * @param {number} turn
 * @param {SVGElement[]} children
 */
export function placed(x, y, turn, children) {
  return svg("g", { transform: `translate(${x} ${y}) rotate(${turn})` }, children);
}

/**
 * Text in the saloon's slab serif (or the sans the suit signs read best in).
 * @param {number} x
 * @param {number} y   the baseline
 * @param {string} words
 * @param {{size?: number, fill?: string, bold?: boolean, anchor?: "start" | "middle" | "end", sans?: boolean}} [style]
 */
export function text(x, y, words, { size = 14, fill = CREAM, bold = false, anchor = "middle", sans = false } = {}) {
  return svg("text", {
    x, y, fill, "font-size": size, "font-family": sans ? SANS : SERIF, "font-weight": bold ? 700 : 400, "text-anchor": anchor,
  }, [words]);
}

/**
 * A card's shape centred on (0, 0), with the soft shadow the painter gives it.
 * @param {number} w
 * @param {number} h
 * @param {string} fill
 */
function blank(w, h, fill) {
  return [
    svg("rect", { x: -w / 2 + 1.5, y: -h / 2 + 2.5, width: w, height: h, rx: w * 0.09, fill: "rgba(0, 0, 0, 0.35)" }),
    svg("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: w * 0.09, fill, stroke: CARD_EDGE, "stroke-width": 1 }),
  ];
}

/**
 * A face-up card ("7H", "QS") centred at (x, y): its index in the corner and one big sign (or the rank of a
 * court card) in the middle, the way the card painter draws a small card.
 * @param {string} code
 * @param {number} x
 * @param {number} y
 * @param {{turn?: number, w?: number}} [place]
 */
export function card(code, x, y, { turn = 0, w = CARD_W } = {}) {
  const h = w * (CARD_H / CARD_W);
  const face = parseCard(code);
  const ink = face.red ? CARD_RED : CARD_BLACK;
  const court = "JQK".includes(face.rank);
  return placed(x, y, turn, [
    ...blank(w, h, CARD_FACE),
    text(-w / 2 + w * 0.2, -h / 2 + h * 0.22, face.rank, { size: h * 0.2, fill: ink, bold: true }),
    text(-w / 2 + w * 0.2, -h / 2 + h * 0.38, face.symbol, { size: h * 0.16, fill: ink, sans: true }),
    court
      ? text(w * 0.08, h * 0.22, face.rank, { size: h * 0.42, fill: ink, bold: true })
      : text(w * 0.08, h * 0.2, face.symbol, { size: h * 0.42, fill: ink, sans: true }),
  ]);
}

/**
 * The sheriff's star centred on (0, 0).
 * @param {number} r
 */
function star(r, fill = BRASS) {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 ? r * 0.42 : r;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`;
  });
  return svg("polygon", { points: points.join(" "), fill });
}

/**
 * A face-down card centred at (x, y): its deck's back (red unless told) with the brass star.
 * @param {number} x
 * @param {number} y
 * @param {{turn?: number, w?: number, colour?: "red" | "black" | "blue"}} [place]
 */
export function back(x, y, { turn = 0, w = CARD_W, colour = "red" } = {}) {
  const h = w * (CARD_H / CARD_W);
  const inset = w * 0.08;
  return placed(x, y, turn, [
    ...blank(w, h, CARD_FACE),
    svg("rect", { x: -w / 2 + inset, y: -h / 2 + inset, width: w - 2 * inset, height: h - 2 * inset, rx: w * 0.05,
      fill: BACKS[colour], stroke: BACK_BRASS, "stroke-width": 1.2 }),
    star(w * 0.2, BACK_BRASS),
  ]);
}

/**
 * A deck face down centred at (x, y): a few backs stepped up and to the side, so it reads as a stack.
 * @param {number} x
 * @param {number} y
 * @param {{w?: number, cards?: number, colour?: "red" | "black" | "blue"}} [look]
 */
export function deck(x, y, { w = CARD_W, cards = 4, colour = "red" } = {}) {
  return svg("g", {}, Array.from({ length: cards }, (_, i) => back(x - i * 1.6, y - i * 1.6, { w, colour })));
}

/**
 * A golden glow around a box (cards that count together, a card in play).
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 */
export function glow(x, y, w, h) {
  return svg("g", {}, [
    svg("rect", { x: x - 5, y: y - 5, width: w + 10, height: h + 10, rx: 9, fill: "rgba(255, 214, 120, 0.16)", stroke: "rgba(255, 214, 120, 0.35)", "stroke-width": 6 }),
    svg("rect", { x: x - 3, y: y - 3, width: w + 6, height: h + 6, rx: 7, fill: "none", stroke: GOLD, "stroke-width": 2 }),
  ]);
}

/**
 * A brass pill with a word or number on it ("21").
 * @param {number} x  its centre
 * @param {number} y  its centre
 * @param {string} words
 */
export function pill(x, y, words) {
  const w = 12 + words.length * 10;
  return svg("g", {}, [
    svg("rect", { x: x - w / 2, y: y - 11, width: w, height: 22, rx: 11, fill: "rgba(28, 16, 8, 0.92)", stroke: GOLD, "stroke-width": 1.5 }),
    text(x, y + 6, words, { size: 16, fill: GOLD, bold: true }),
  ]);
}

/**
 * The vignette itself: an SVG the width of its tile's strip, decoration only (the tile's title and blurb
 * say what it shows).
 * @param {SVGElement[]} children
 * @returns {SVGSVGElement}
 */
export function vignetteOf(children) {
  return /** @type {SVGSVGElement} */ (svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "vignette", "aria-hidden": "true", focusable: "false",
  }, children));
}

/**
 * An empty card place centred at (x, y): a dashed outline on the felt (a pile, a seat).
 * @param {number} x
 * @param {number} y
 * @param {{w?: number}} [size]
 */
export function place(x, y, { w = CARD_W } = {}) {
  const h = w * (CARD_H / CARD_W);
  return svg("rect", { x: x - w / 2 - 4, y: y - h / 2 - 4, width: w + 8, height: h + 8, rx: w * 0.14, fill: "rgba(0, 0, 0, 0.16)",
    stroke: "rgba(217, 178, 95, 0.45)", "stroke-width": 1.2, "stroke-dasharray": "4 3" });
}
