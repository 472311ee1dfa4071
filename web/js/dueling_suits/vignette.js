// Dueling Suits' tile picture: the four suit signs facing off in pairs, each an action (♠ block, ♥ heal,
// ♣ cautious attack, ♦ all-out attack), with the health both duelists start from between them.
import { vignetteOf, svg, text, placed, BRASS, GOLD, CREAM, CARD_RED, CARD_BLACK } from "../vignette-kit.js";

/**
 * A suit sign on a brass-rimmed medallion.
 * @param {number} x
 * @param {number} y
 * @param {string} sign
 * @param {boolean} red
 */
function medallion(x, y, sign, red) {
  return placed(x, y, 0, [
    svg("circle", { cx: 1.5, cy: 2.5, r: 24, fill: "rgba(0, 0, 0, 0.35)" }),
    svg("circle", { r: 24, fill: "#fffaf0", stroke: BRASS, "stroke-width": 3 }),
    text(0, 11, sign, { size: 32, fill: red ? CARD_RED : CARD_BLACK, sans: true }),
  ]);
}

/** @returns {SVGSVGElement} */
export function vignette() {
  return vignetteOf([
    medallion(52, 34, "♠", false),
    medallion(52, 88, "♣", false),
    medallion(268, 34, "♥", true),
    medallion(268, 88, "♦", true),
    svg("path", { d: "M92 34 L138 54 M92 88 L138 68 M228 34 L182 54 M228 88 L182 68", stroke: "rgba(217, 178, 95, 0.6)",
      "stroke-width": 2, "stroke-dasharray": "5 4", fill: "none" }),
    svg("circle", { cx: 160, cy: 61, r: 20, fill: "rgba(28, 16, 8, 0.92)", stroke: GOLD, "stroke-width": 1.5 }),
    text(160, 67, "15", { size: 17, fill: GOLD, bold: true }),
    text(160, 100, "health", { size: 11, fill: CREAM }),
  ]);
}
