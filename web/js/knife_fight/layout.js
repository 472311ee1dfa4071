// Where everything sits on the Knife Fight table, in CSS pixels, for a canvas of a given size.
// The viewer's side is at the bottom (hand, plate, deck and wounds), the rival's mirrored at the top,
// and the ring with the two commit slots in the middle: the rival's slot on the left, the viewer's on the right.
import { indexExtent } from "../card-painter.js";

/** @typedef {import("./shapes.js").KnifeView} KnifeView */
/** @typedef {{w: number, h: number}} Size */
/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {{x: number, w: number}} Column */

const MARGIN = 10;
const PLATE = 24; // a fighter's name row
const LABEL = 15; // the small captions over decks and damage piles
const CAPTION = 32; // the row over the ring: what is asked, the round's banner, or a callout of what happened
const CAPTION_LINE = 24; // the prompt's ribbon, centred in that row
const GAP = 8;
const RAISE = 0.08; // playable hand cards lift by this many card heights
const SMALL = 0.55; // deck and damage cards, in hand-card heights
const RING = 0.8; // commit slots, in hand-card heights
const FOLLOW = 0.42; // a follow-up card sits this many card widths beside its King
const ROW_LIFT = 0.45; // a second row of wounds sits this many card heights under the first (their indices in sight)
const WIDEST = 760; // on a wide canvas everything sits in a centred column this wide

const SIDE_GAP = 12; // between the strips and the ring when they sit side by side

/** Heights taken on a stacked table: fixed pixels, and card heights (in hand-card heights). */
const STACKED = { fixed: 2 * MARGIN + 2 * PLATE + 2 * LABEL + CAPTION + 5 * GAP, cards: 2 * SMALL + RING * 1.1 + 1 + RAISE };
/** The same with the ring beside the two strips (a short, wide canvas: a phone held sideways). */
const SIDE_BY_SIDE = { fixed: 2 * MARGIN + 2 * PLATE + 2 * LABEL + 4 * GAP, cards: 2 * SMALL + 1 + RAISE };

/** The width the commit ring takes for hand cards `h` tall. */
const ringWidth = (/** @type {number} */ h) => 2 * ((RING * h) / 1.4) * (1 + FOLLOW) + 44;
/** The narrowest a strip may be: deck, discard and one wound. */
const stripWidth = (/** @type {number} */ h) => (3 * SMALL * h) / 1.4 + 3 * GAP;

/**
 * Card sizes for a column `width` wide (margins included) and a canvas `height` tall; `beside`: the ring
 * sits beside the strips.
 * @param {number} width
 * @param {number} height
 * @param {boolean} beside
 */
function cardSizes(width, height, beside) {
  const rows = beside ? SIDE_BY_SIDE : STACKED;
  const byHeight = (height - rows.fixed) / rows.cards;
  const byHandWidth = ((width - 2 * MARGIN) / 3.3) * 1.4;
  const room = width - 2 * MARGIN - (beside ? SIDE_GAP : 0);
  // ringWidth(h) (+ stripWidth(h) beside it) must fit in `room`; both grow linearly with h.
  const perHeight = (ringWidth(100) - 44 + (beside ? stripWidth(100) - 3 * GAP : 0)) / 100;
  const byRingWidth = (room - 44 - (beside ? 3 * GAP : 0)) / perHeight;
  const h = Math.max(48, Math.min(byHeight, byHandWidth, byRingWidth, 190));
  const size = (/** @type {number} */ k) => ({ w: (h * k) / 1.4, h: h * k });
  return { hand: size(1), ring: size(RING), small: size(SMALL) };
}

/**
 * Whether the ring goes beside the strips: when that makes the cards bigger.
 * @param {number} width
 * @param {number} height
 */
function ringBeside(width, height) {
  return cardSizes(width, height, true).hand.h > cardSizes(width, height, false).hand.h * 1.15;
}

/**
 * How the wounds fan out in `room` px: the fewest rows that hold them all, each card leaving the next one's
 * index in sight (the painter says how much of a card that is), the rows overlapping by ROW_LIFT and smaller
 * cards the more rows there are, so that the fan stays in the strip's height, clear of the labels over it and
 * the row under it.
 * @param {number} count
 * @param {number} room
 * @param {Size} small
 * @returns {{perRow: number, card: Size}}
 */
function fan(count, room, small) {
  for (let rows = 1; ; rows++) {
    const k = 1 / (1 + ROW_LIFT * (rows - 1));
    const card = { w: small.w * k, h: small.h * k };
    const minStep = indexExtent(card.w, card.h).w + 2;
    const perRow = Math.max(1, Math.floor((room - card.w) / minStep) + 1);
    if (perRow * rows >= count || card.w < 12) return { perRow, card };
  }
}

/**
 * A fighter's strip: deck, discard pile, then the damage pile fanned left to right (wrapping if long).
 * @param {KnifeView} view
 * @param {number} seat
 * @param {number} top
 * @param {Column} column
 * @param {Size} small
 */
function strip(view, seat, top, column, small) {
  const deck = { x: column.x, y: top, ...small };
  const discard = { x: column.x + small.w + GAP, y: top, ...small };
  const left = discard.x + small.w + GAP * 2;
  const room = column.x + column.w - left;
  const cards = view.damage[seat];
  const { perRow, card } = fan(cards.length, room, small);
  const inRow = Math.min(cards.length, perRow);
  const step = inRow > 1 ? Math.min(card.w * 0.8, (room - card.w) / (inRow - 1)) : 0;
  const damage = cards.map((code, i) => ({
    card: code,
    x: left + (i % perRow) * step,
    y: top + Math.floor(i / perRow) * card.h * ROW_LIFT,
    ...card,
  }));
  const area = { x: left - 4, y: top - 4, w: room + 8, h: small.h + 8 };
  return { deck, discard, damage, area, labelY: top - LABEL + 2 };
}

/**
 * view: a Knife Fight view; perspective: the seat at the bottom when the view is a spectator's.
 * Returns rectangles {x, y, w, h} for both plates and strips, the two commit slots and follow-up spots,
 * the viewer's hand (or backs, for a spectator), the rival's hand backs, the ring's caption row (tall enough for
 * a callout's plate, so that one over it covers no card) and the prompt's line inside it.
 * @param {number} width
 * @param {number} height
 * @param {KnifeView} view
 */
export function layoutTable(width, height, view, perspective = 0) {
  const me = view.viewer ?? perspective;
  const opp = 1 - me;
  const inner = Math.min(width - 2 * MARGIN, WIDEST);
  const column = { x: (width - inner) / 2, w: inner };
  const beside = ringBeside(inner + 2 * MARGIN, height);
  const size = cardSizes(inner + 2 * MARGIN, height, beside);
  const { hand: card, ring, small } = size;
  const rows = beside ? SIDE_BY_SIDE : STACKED;
  const used = rows.fixed + rows.cards * card.h;
  let y = MARGIN + Math.max(0, (height - used) / 2);

  const back = { h: PLATE + 6, w: (PLATE + 6) / 1.4 };
  const oppCount = view.hand_counts[opp];
  const backStep = back.w * 0.6;
  const opponentHand = Array.from({ length: oppCount }, (_, i) => ({
    x: column.x + column.w - back.w - (oppCount - 1 - i) * backStep, y: y - 3, w: back.w, h: back.h,
  }));
  const plates = { [opp]: { x: column.x, y, w: column.w - oppCount * backStep - back.w, h: PLATE } };
  y += PLATE + GAP + LABEL;
  const pair = ringWidth(card.h);
  // Beside: the strips on the left, one over the other, the ring centred in the rest of the column.
  const stripW = beside ? Math.min(column.w - pair - SIDE_GAP, Math.max(stripWidth(card.h), (column.w - SIDE_GAP) / 2)) : column.w;
  const stripColumn = { x: column.x, w: stripW };
  const ringColumn = beside ? { x: column.x + stripW + SIDE_GAP, w: column.w - stripW - SIDE_GAP } : column;
  const middleTop = y - LABEL;
  const strips = { [opp]: strip(view, opp, y, stripColumn, small) };
  y += small.h + GAP;

  const middle = 2 * LABEL + GAP + 2 * small.h; // the height of the strips beside the ring
  if (beside) y = middleTop + Math.max(0, (middle - CAPTION - ring.h * 1.1) / 2);
  const caption = { x: ringColumn.x, y, w: ringColumn.w, h: CAPTION };
  const captionLine = { ...caption, y: y + (CAPTION - CAPTION_LINE) / 2, h: CAPTION_LINE };
  y += CAPTION;
  const ringLeft = ringColumn.x + (ringColumn.w - pair) / 2;
  const slots = {
    [opp]: { x: ringLeft + ring.w * FOLLOW, y, ...ring },
    [me]: { x: ringLeft + pair - ring.w * (1 + FOLLOW), y, ...ring },
  };
  const follows = {
    [opp]: { x: slots[opp].x - ring.w * FOLLOW, y: y + ring.h * 0.1, ...ring },
    [me]: { x: slots[me].x + ring.w * FOLLOW, y: y + ring.h * 0.1, ...ring },
  };
  const ringBox = { x: ringLeft - 6, y: caption.y - 2, w: pair + 12, h: CAPTION + ring.h * 1.1 + 6 };
  y = beside ? middleTop + LABEL + small.h + GAP + LABEL : y + ring.h * 1.1 + GAP + LABEL;
  strips[me] = strip(view, me, y, stripColumn, small);
  y += small.h + GAP;
  plates[me] = { x: column.x, y, w: column.w, h: PLATE };
  y += PLATE + GAP + RAISE * card.h;

  /** @type {(string | null)[]} */
  const codes = view.hand ?? Array(view.hand_counts[me]).fill(null);
  const handGap = card.w * 0.12;
  const handLeft = (width - (codes.length * card.w + (codes.length - 1) * handGap)) / 2;
  const handSlots = codes.map((code, i) => ({ card: code, x: handLeft + i * (card.w + handGap), y, w: card.w, h: card.h }));

  return {
    me, opp, size, plates, strips, slots, follows, caption, captionLine, ringBox, opponentHand, back,
    myHand: view.hand ? handSlots : [],
    myBacks: view.hand ? [] : handSlots,
    raise: RAISE * card.h,
  };
}
