// The Showdown's tile picture: two gunfighters' cards face to face on the street at high noon, the sun
// straight overhead and their shadows short under them.
import { vignetteOf, card, svg, GOLD } from "../vignette-kit.js";

/**
 * The noon sun: a disc with short rays.
 * @param {number} x
 * @param {number} y
 */
function sun(x, y) {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    return `M${(x + 17 * c).toFixed(1)} ${(y + 17 * s).toFixed(1)} L${(x + 24 * c).toFixed(1)} ${(y + 24 * s).toFixed(1)}`;
  });
  return svg("g", {}, [
    svg("path", { d: rays.join(" "), stroke: GOLD, "stroke-width": 2.2, "stroke-linecap": "round" }),
    svg("circle", { cx: x, cy: y, r: 12, fill: GOLD }),
  ]);
}

/** @returns {SVGSVGElement} */
export function vignette() {
  return vignetteOf([
    sun(160, 30),
    svg("line", { x1: 16, x2: 304, y1: 102, y2: 102, stroke: "rgba(217, 178, 95, 0.55)", "stroke-width": 1.5 }),
    svg("ellipse", { cx: 74, cy: 103, rx: 24, ry: 4, fill: "rgba(0, 0, 0, 0.35)" }),
    svg("ellipse", { cx: 246, cy: 103, rx: 24, ry: 4, fill: "rgba(0, 0, 0, 0.35)" }),
    card("JS", 74, 68, { turn: 6, w: 44 }),
    card("KD", 246, 68, { turn: -6, w: 44 }),
  ]);
}
