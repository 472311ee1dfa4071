// Where everything sits on the Grit table, in CSS pixels, for a canvas of a given size.
// The viewer's side is at the bottom; the opponent's hand and piles are at the top. On a short, wide canvas
// (a phone held sideways) the hands go beside the piles, the viewer's as a two-by-two block next to their
// own piles, when that makes the cards clearly bigger than a hand row under the piles would.

const PILE_ROOM = 1.4; // a pile column is this many card heights tall (the top card plus peeking ones)
const PEEK = 0.2; // how much of a covered card shows, in card heights (less when a pile grows tall)
const RAISE = 0.12; // a selected hand card lifts by this many card heights
const BAND = 54; // the strip between the two sides: round and turn
const PLATE = 24; // a player's name and total
const MARGIN = 10;
const ROW_GAP = 14;
const PLATE_GAP = 6; // between the viewer's piles and their name row
const FIXED = 2 * MARGIN + BAND + PLATE + ROW_GAP + PLATE_GAP; // the heights that do not grow with the cards
const STACKED_ROWS = 0.42 + 2 * PILE_ROOM + 1 + RAISE; // card heights: the rival's row, both pile rows, the hand
const SIDE_ROWS = 0.42 + 2 * PILE_ROOM; // the same with the hand beside the piles
const SIDE_WIDTHS = 3 + 2 * 0.5 + 0.5 + 2.15; // card widths: three piles, their gaps, the gap to the hand, the hand
const SIDE_GAIN = 1.15; // the hand goes beside the piles when its cards are this much bigger ...
const SIDE_BELOW = 90; // ... and the cards of a hand row would be lower than this (a laptop keeps its row)
const HAND_GAP = 0.1; // between hand cards, in card widths
const MAX_HEIGHT = 175;
const MIN_HEIGHT = 48; // no narrower than 34 px: the indices stay readable

/** @typedef {import("./shapes.js").GritView} GritView */
/** @typedef {import("./shapes.js").GritPile} GritPile */
/** @typedef {import("./shapes.js").GritPileCard} GritPileCard */
/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {{w: number, h: number}} Size */
/** @typedef {{entry: GritPileCard, depth: number, x: number, y: number}} PlacedCard a pile's card, `depth` from the bottom */
/**
 * A pile on the felt: whose and which, whether it takes a card now, its top card's place, the area a tap
 * hits, and each card's place.
 * @typedef {{owner: number, index: number, open: boolean, slot: Rect, area: Rect, cards: PlacedCard[]}} PlacedPile
 */

/**
 * A card's size, for how many card heights and widths the layout stacks.
 * @param {number} width
 * @param {number} height
 * @param {number} rows
 * @param {number} widths
 * @returns {Size}
 */
function cardSizeFor(width, height, rows, widths) {
  const byHeight = (height - FIXED) / rows;
  const byWidth = ((width - 2 * MARGIN) / widths) * 1.4;
  const h = Math.max(MIN_HEIGHT, Math.min(byHeight, byWidth, MAX_HEIGHT));
  return { w: h / 1.4, h };
}

/**
 * Whether the hand goes beside the piles, and the cards' size.
 * @param {number} width
 * @param {number} height
 */
function arrangement(width, height) {
  const stacked = cardSizeFor(width, height, STACKED_ROWS, 4.3);
  const side = cardSizeFor(width, height, SIDE_ROWS, SIDE_WIDTHS);
  const beside = stacked.h < SIDE_BELOW && side.h >= stacked.h * SIDE_GAIN;
  return { beside, card: beside ? side : stacked };
}

/**
 * @param {GritPile} pile
 * @param {number} x
 * @param {number} top
 * @param {Size} card
 * @returns {PlacedCard[]}
 */
function pileCards(pile, x, top, card) {
  const n = pile.cards.length;
  const step = n > 1 ? Math.min(PEEK * card.h, ((PILE_ROOM - 1) * card.h) / (n - 1)) : 0;
  return pile.cards.map((entry, depth) => ({ entry, depth, x, y: top + depth * step }));
}

/**
 * view: a Grit view; selected: the code of the selected hand card (or null); perspective: whose side is
 * at the bottom when the view is a spectator's (hot seat between turns), whose hand is then drawn as backs.
 * Returns rectangles {x, y, w, h} for hand cards, the opponent's card backs, the six piles
 * (with each card's position), the two name plates and the middle band.
 * @param {number} width
 * @param {number} height
 * @param {GritView} view
 * @param {string | null} selected
 */
export function layoutTable(width, height, view, selected, perspective = 0) {
  const me = view.viewer ?? perspective;
  const opp = 1 - me;
  const { beside, card } = arrangement(width, height);
  const handGap = card.w * HAND_GAP;
  const handWidth = beside ? 2 * card.w + handGap : 0;
  const spare = width - 2 * MARGIN - 3 * card.w - handWidth;
  const gap = Math.min(card.w, Math.max(card.w * 0.5, spare / (beside ? 3.5 : 6))); // beside: three gaps, and some air
  const columnsWidth = 3 * card.w + 2 * gap;
  const blockWidth = columnsWidth + (beside ? gap + handWidth : 0);
  const left = (width - blockWidth) / 2;
  const used = FIXED + (beside ? SIDE_ROWS : STACKED_ROWS) * card.h;
  let y = MARGIN + Math.max(0, (height - used) / 2);

  const rowHeight = Math.max(PLATE, 0.42 * card.h);
  const back = { h: rowHeight, w: rowHeight / 1.4 };
  const opponentCount = view.hand_counts[opp];
  const backStep = back.w * 0.55;
  // The rival's backs: over the viewer's hand block beside the piles, else at the end of the rival's row.
  const backsRight = beside ? left + blockWidth : Math.min(width - MARGIN, left + columnsWidth + gap);
  const opponentHand = Array.from({ length: opponentCount }, (_, i) => ({
    x: backsRight - back.w - (opponentCount - 1 - i) * backStep,
    y,
    w: back.w,
    h: back.h,
  }));
  const plateEnd = beside ? left + columnsWidth : backsRight - (opponentCount - 1) * backStep - back.w - 8;
  const plates = {
    [opp]: { x: left, y, w: plateEnd - left, h: rowHeight },
  };
  y += rowHeight + ROW_GAP;

  /** @type {PlacedPile[]} */
  const piles = [];
  /** @type {(owner: number, top: number) => void} */
  const pileRow = (owner, top) => {
    for (let index = 0; index < 3; index++) {
      const x = left + index * (card.w + gap);
      const pile = view.piles[owner][index];
      piles.push({
        owner,
        index,
        open: pile.open,
        slot: { x, y: top, w: card.w, h: card.h },
        area: { x: x - gap / 2, y: top - 4, w: card.w + gap, h: PILE_ROOM * card.h + 6 },
        cards: pileCards(pile, x, top, card),
      });
    }
  };
  pileRow(opp, y);
  y += PILE_ROOM * card.h;
  // inside the felt's brass rail; beside the piles only, when the hand block reaches up past it
  const band = beside ? { x: 7, y, w: left + columnsWidth + gap / 2 - 7, h: BAND } : { x: 7, y, w: width - 14, h: BAND };
  y += BAND;
  pileRow(me, y);
  y += PILE_ROOM * card.h + PLATE_GAP;
  plates[me] = { x: left, y, w: columnsWidth, h: PLATE };
  y += PLATE;

  /** @type {(string | null)[]} */
  const hand = view.hand ?? Array(view.hand_counts[me]).fill(null);
  const lift = (/** @type {string | null} */ code) => (code !== null && code === selected ? RAISE * card.h : 0);
  const slots = beside
    ? hand.map((code, i) => { // two by two, its foot level with the viewer's name row
      const x = left + columnsWidth + gap + (i % 2) * (card.w + handGap);
      const row = Math.floor(i / 2) - (hand.length > 2 ? 1 : 0);
      return { card: code, x, y: y - card.h + row * (card.h + handGap) - lift(code), w: card.w, h: card.h };
    })
    : hand.map((code, i) => {
      const handLeft = (width - (hand.length * card.w + (hand.length - 1) * handGap)) / 2;
      return { card: code, x: handLeft + i * (card.w + handGap), y: y + RAISE * card.h - lift(code), w: card.w, h: card.h };
    });
  const myHand = view.hand ? slots : [];
  const myBacks = view.hand ? [] : slots;

  return { me, opp, card, band, plates, piles, myHand, myBacks, opponentHand, back, beside };
}

/**
 * A pile's key in sets of targets: "owner,index".
 * @param {number[]} pile [owner, index]
 */
export const pileKey = ([owner, index]) => `${owner},${index}`;
