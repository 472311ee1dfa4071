// Pieces the Tombstone tiles' pictures share (web/js/<id>/vignette.js of the forge, the Dealer's table and
// the Showdown, and the roster's menu entry): a character sheet on parchment.
import { svg, text, placed, CARD_RED, CARD_BLACK } from "../vignette-kit.js";

const PAPER = "#efe3c4";
const PAPER_INK = "#3b2a17";
const RULE = "rgba(59, 42, 23, 0.35)";
/** A sheet's four abilities as suit signs with a score each, the way a sheet lists them. */
const ABILITY_ROWS = [["♠", false, 2], ["♣", false, 4], ["♦", true, 1], ["♥", true, 3]];

/**
 * A character sheet, its top-left corner at (x, y): a name, the four abilities with their scores, a few
 * ruled lines of traits.
 * @param {number} x
 * @param {number} y
 * @param {{turn?: number, name?: string}} [look]
 */
export function characterSheet(x, y, { turn = 0, name = "Jesse" } = {}) {
  const w = 96, h = 100;
  const rows = ABILITY_ROWS.map(([sign, red, score], i) => svg("g", {}, [
    text(12 + (i % 2) * 42, 44 + Math.floor(i / 2) * 20, String(sign), { size: 13, fill: red ? CARD_RED : CARD_BLACK, sans: true }),
    text(26 + (i % 2) * 42, 44 + Math.floor(i / 2) * 20, String(score), { size: 13, fill: PAPER_INK, bold: true }),
  ]));
  const lines = [70, 80, 90].map((ly) => svg("line", { x1: 8, x2: w - 8 - (ly === 90 ? 30 : 0), y1: ly, y2: ly, stroke: RULE, "stroke-width": 1.2 }));
  return placed(x, y, turn, [
    svg("rect", { x: 2, y: 3, width: w, height: h, rx: 3, fill: "rgba(0, 0, 0, 0.35)" }),
    svg("rect", { width: w, height: h, rx: 3, fill: PAPER, stroke: "#b59a63", "stroke-width": 1 }),
    text(w / 2, 20, name, { size: 14, fill: PAPER_INK, bold: true }),
    svg("line", { x1: 8, x2: w - 8, y1: 26, y2: 26, stroke: PAPER_INK, "stroke-width": 1 }),
    ...rows,
    ...lines,
  ]);
}
