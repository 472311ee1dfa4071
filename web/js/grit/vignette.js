// Grit's tile picture: a duelist's three injury piles, one of them closed by a card played sideways
// (marked: hidden until the end), and the 21 the piles must not pass.
import { vignetteOf, card, back, place, pill } from "../vignette-kit.js";

/** @returns {SVGSVGElement} */
export function vignette() {
  return vignetteOf([
    place(60, 60), place(138, 60), place(216, 60),
    card("9D", 56, 56, { turn: -5 }),
    card("5C", 63, 63, { turn: 4 }),
    card("4S", 138, 58),
    back(138, 62, { turn: 90 }),
    card("7H", 212, 56, { turn: -3 }),
    card("JS", 219, 63, { turn: 5 }),
    pill(284, 60, "21"),
  ]);
}
