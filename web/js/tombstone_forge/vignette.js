// The forge's tile picture: a character sheet filling in beside the deck of fate, the card just drawn for
// it turned face up between them.
import { vignetteOf, card, deck } from "../vignette-kit.js";
import { characterSheet } from "../tombstone/vignette-parts.js";

/** @returns {SVGSVGElement} */
export function vignette() {
  return vignetteOf([
    characterSheet(46, 10, { turn: -3 }),
    card("QD", 196, 62, { turn: 8 }),
    deck(258, 62),
  ]);
}
