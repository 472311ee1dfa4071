// grow21's tile picture: a ragged patch of face-up cards on the shared table, red and black, and one row
// of touching red cards glowing: 10 + 5 + 6 makes 21 and is harvested.
import { vignetteOf, card, glow, pill, CARD_W, CARD_H } from "../vignette-kit.js";

const W = 30; // small cards: the patch is the picture
const STEP_X = 36, STEP_Y = 48;
const PATCH = [
  [null, "9C", "10H", "5D", "6H"],
  ["7D", "QC", "2S", "4C", "8S"],
];
const GROUP = { row: 0, from: 2, to: 4 };

/** @returns {SVGSVGElement} */
export function vignette() {
  const x = (/** @type {number} */ column) => 58 + column * STEP_X;
  const y = (/** @type {number} */ row) => 36 + row * STEP_Y;
  const cards = PATCH.flatMap((row, r) => row.flatMap((code, c) => (code ? [card(code, x(c), y(r), { w: W })] : [])));
  const h = W * (CARD_H / CARD_W);
  return vignetteOf([
    glow(x(GROUP.from) - W / 2, y(GROUP.row) - h / 2, (GROUP.to - GROUP.from) * STEP_X + W, h),
    ...cards,
    pill(274, 36, "21"),
  ]);
}
