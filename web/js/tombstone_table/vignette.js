// The Dealer's table's tile picture: the party's flips laid around the Dealer's deck of fate (blue backs, as
// at the table) in the middle of a real table.
import { vignetteOf, card, deck } from "../vignette-kit.js";

const W = 30;
/** The party's cards on either side of the deck, each turned a little towards it. */
const PARTY = [
  { code: "7C", x: 58, y: 36, turn: -10 }, { code: "AS", x: 30, y: 84, turn: 6 }, { code: "10D", x: 98, y: 90, turn: 12 },
  { code: "4H", x: 262, y: 36, turn: 10 }, { code: "JC", x: 290, y: 84, turn: -6 }, { code: "9H", x: 222, y: 90, turn: -12 },
];

/** @returns {SVGSVGElement} */
export function vignette() {
  return vignetteOf([
    ...PARTY.map(({ code, x, y, turn }) => card(code, x, y, { turn, w: W })),
    deck(162, 62, { cards: 5, colour: "blue" }),
  ]);
}
