// Where everything sits on the Grit table, in CSS pixels, for a canvas of a given size.
// The viewer's side is at the bottom; the opponent's hand and piles are at the top.

const PILE_ROOM = 1.4; // a pile column is this many card heights tall (the top card plus peeking ones)
const PEEK = 0.2; // how much of a covered card shows, in card heights (less when a pile grows tall)
const RAISE = 0.12; // a selected hand card lifts by this many card heights
const BAND = 54; // the strip between the two sides: round and turn
const PLATE = 24; // a player's name and total
const MARGIN = 10;
const ROW_GAP = 14;
const PLATE_GAP = 6; // between the viewer's piles and their name row

function cardSizeFor(width, height) {
  const byHeight = (height - 2 * MARGIN - BAND - PLATE - ROW_GAP - PLATE_GAP) / (0.42 + 2 * PILE_ROOM + 1 + RAISE);
  const byWidth = ((width - 2 * MARGIN) / 4.3) * 1.4;
  const h = Math.max(48, Math.min(byHeight, byWidth, 175)); // no narrower than 34 px: the indices stay readable
  return { w: h / 1.4, h };
}

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
 */
export function layoutTable(width, height, view, selected, perspective = 0) {
  const me = view.viewer ?? perspective;
  const opp = 1 - me;
  const card = cardSizeFor(width, height);
  const gap = Math.min(card.w, Math.max(card.w * 0.5, (width - 2 * MARGIN - 3 * card.w) / 6));
  const columnsWidth = 3 * card.w + 2 * gap;
  const left = (width - columnsWidth) / 2;
  const used = 2 * MARGIN + BAND + PLATE + ROW_GAP + PLATE_GAP + (0.42 + 2 * PILE_ROOM + 1 + RAISE) * card.h;
  let y = MARGIN + Math.max(0, (height - used) / 2);

  const rowHeight = Math.max(PLATE, 0.42 * card.h);
  const back = { h: rowHeight, w: rowHeight / 1.4 };
  const opponentCount = view.hand_counts[opp];
  const backStep = back.w * 0.55;
  const backsRight = Math.min(width - MARGIN, left + columnsWidth + gap);
  const opponentHand = Array.from({ length: opponentCount }, (_, i) => ({
    x: backsRight - back.w - (opponentCount - 1 - i) * backStep,
    y,
    w: back.w,
    h: back.h,
  }));
  const plates = {
    [opp]: { x: left, y, w: backsRight - left - (opponentCount - 1) * backStep - back.w - 8, h: rowHeight },
  };
  y += rowHeight + ROW_GAP;

  const piles = [];
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
  const band = { x: 7, y, w: width - 14, h: BAND }; // inside the felt's brass rail
  y += BAND;
  pileRow(me, y);
  y += PILE_ROOM * card.h + PLATE_GAP;
  plates[me] = { x: left, y, w: columnsWidth, h: PLATE };
  y += PLATE + RAISE * card.h;

  const hand = view.hand ?? Array(view.hand_counts[me]).fill(null);
  const handGap = card.w * 0.1;
  const handLeft = (width - (hand.length * card.w + (hand.length - 1) * handGap)) / 2;
  const slots = hand.map((code, i) => ({
    card: code,
    x: handLeft + i * (card.w + handGap),
    y: code !== null && code === selected ? y - RAISE * card.h : y,
    w: card.w,
    h: card.h,
  }));
  const myHand = view.hand ? slots : [];
  const myBacks = view.hand ? [] : slots;

  return { me, opp, card, band, plates, piles, myHand, myBacks, opponentHand, back };
}

/**
 * A pile's key in sets of targets: "owner,index".
 * @param {number[]} pile [owner, index]
 */
export const pileKey = ([owner, index]) => `${owner},${index}`;
