// Knife Fight's tile picture: the red deck against the black deck (each fighter's backs in their colour, as at
// the table), and a red card and a black card crossing like blades between them (both fighters commit a card
// at once; the lower number cuts).
import { vignetteOf, card, deck, svg, GOLD } from "../vignette-kit.js";

/** @returns {SVGSVGElement} */
export function vignette() {
  return vignetteOf([
    deck(48, 62, { cards: 3 }),
    deck(276, 62, { cards: 3, colour: "black" }),
    card("6H", 141, 66, { turn: 27, w: 46 }),
    card("9S", 179, 66, { turn: -27, w: 46 }),
    // where the two meet, a glint
    svg("path", { d: "M160 8 L160 20 M148 14 L154 18 M172 14 L166 18", stroke: GOLD, "stroke-width": 2.2, "stroke-linecap": "round" }),
  ]);
}
