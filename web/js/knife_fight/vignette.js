// Knife Fight's tile picture: the red deck against the black deck, and a red card and a black card crossing
// like blades between them (both fighters commit a card at once; the lower number cuts).
import { vignetteOf, card, back, svg, CARD_RED, CARD_BLACK, GOLD } from "../vignette-kit.js";

/** A fighter's deck: backs stacked, a band of their colour along its foot. */
function fightersDeck(x, colour) {
  return svg("g", {}, [
    back(x + 3, 61), back(x + 1.5, 59.5), back(x, 58),
    svg("rect", { x: x - 18, y: 94, width: 39, height: 5, rx: 2.5, fill: colour }),
  ]);
}

/** @returns {SVGSVGElement} */
export function vignette() {
  return vignetteOf([
    fightersDeck(46, CARD_RED),
    fightersDeck(274, CARD_BLACK),
    card("6H", 141, 66, { turn: 27, w: 46 }),
    card("9S", 179, 66, { turn: -27, w: 46 }),
    // where the two meet, a glint
    svg("path", { d: "M160 8 L160 20 M148 14 L154 18 M172 14 L166 18", stroke: GOLD, "stroke-width": 2.2, "stroke-linecap": "round" }),
  ]);
}
