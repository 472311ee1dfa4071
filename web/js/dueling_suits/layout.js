// Where everything sits on the Dueling Suits table, in CSS pixels, for a canvas of a given size.
// From the top: the rival's plate (name, token, hand backs) and health bar, the rival's lane (label line,
// then lead slot and chain cards), the middle band (deck, discard, the caption, the suit-table chip), the
// viewer's lane (cards, then label line), the viewer's health bar and plate, and the viewer's hand.

const MARGIN = 10;
const PLATE = 22; // a side's name row
const BAR = 18; // a health bar
const LABEL = 18; // a lane's power line
const BAND = 30; // the middle band
const GAP = 6;
const RAISE = 0.08; // playable hand cards lift by this many card heights
const LANE = 0.74; // lead and chain cards, in hand-card heights
const BONUS = 40; // room left of each lead for a pending block bonus
const BADGE = 54; // room right of each lane for its power total
const PILE_TEXT = 40; // room right of a pile's card for its count and name ("discard" in 9 px letters)
const HAND_STEP = 0.62; // the fan of a full hand: card widths between neighbours, at least
const WIDEST = 720; // on a wide canvas everything sits in a centred column this wide

/** @typedef {import("./shapes.js").DuelView} DuelView */
/** @typedef {import("./shapes.js").DuelChainCard} DuelChainCard */
/** @typedef {{w: number, h: number}} Size */
/** @typedef {{x: number, w: number}} Column */
/**
 * @typedef {object} LaneContent
 * @property {string | null} lead  null: no lead, or one the viewer cannot see
 * @property {boolean} faceUp
 * @property {boolean} committed
 * @property {DuelChainCard[]} chains
 * @property {boolean} faded
 */

const FIXED = 2 * MARGIN + 2 * PLATE + 2 * BAR + 2 * LABEL + BAND + 8 * GAP;

/**
 * What a side's lane shows, as far as the viewer knows: {lead, faceUp, committed, chains, faded}. While
 * the leads are chosen, a side that has not led yet still shows the last turn's cards, faded.
 * @param {DuelView} view
 * @param {number} seat
 * @returns {LaneContent}
 */
export function laneContent(view, seat) {
  if (view.phase === "chain") return { lead: view.leads[seat], faceUp: true, committed: true, chains: view.chains[seat], faded: false };
  if (view.committed[seat]) return { lead: view.leads[seat], faceUp: false, committed: true, chains: [], faded: false };
  const last = view.last;
  if (last) return { lead: last.leads[seat], faceUp: true, committed: false, chains: last.chains[seat], faded: view.phase !== "over" };
  return { lead: null, faceUp: false, committed: false, chains: [], faded: false };
}

/**
 * Card sizes for a column `width` wide and a canvas `height` tall (the hand sized for `cards` cards).
 * @param {number} width
 * @param {number} height
 * @param {number} cards
 */
function cardSizes(width, height, cards) {
  const byHeight = (height - FIXED) / (2 * LANE + 1 + RAISE);
  const n = Math.max(8, cards);
  const byWidth = (width / (1 + HAND_STEP * (n - 1))) * 1.4;
  const h = Math.max(48, Math.min(byHeight, byWidth, 170));
  const size = (/** @type {number} */ k) => ({ w: (h * k) / 1.4, h: h * k });
  return { hand: size(1), lane: size(LANE) };
}

/**
 * A lane's card places: the lead slot, then `count` chain cards (and the pass target when `pass`) fanned
 * to the right within the column.
 * @param {Column} column
 * @param {number} y
 * @param {Size} card
 * @param {number} count
 * @param {boolean} pass
 */
function lane(column, y, card, count, pass) {
  const lead = { x: column.x + BONUS, y, ...card };
  const left = lead.x + card.w + GAP * 1.5;
  const places = count + (pass ? 1 : 0);
  const room = column.x + column.w - BADGE - GAP - left;
  const step = places > 1 ? Math.min(card.w + GAP, (room - card.w) / (places - 1)) : 0;
  const chains = Array.from({ length: count }, (_, i) => ({ x: left + i * step, y, ...card }));
  const passRect = pass ? { x: left + count * step, y, ...card } : null;
  const bonus = { x: column.x, y, w: BONUS - GAP, h: card.h };
  const badge = { x: column.x + column.w - BADGE, y: y + card.h / 2 - 24, w: BADGE, h: 48 };
  return { lead, chains, pass: passRect, step: step || card.w + GAP, bonus, badge, box: { x: column.x - 4, y: y - 4, w: column.w + 8, h: card.h + 8 } };
}

/**
 * A health row: the number on the left, the bar, the last change on the right.
 * @param {Column} column
 * @param {number} y
 */
function healthRow(column, y) {
  const number = { x: column.x, y, w: 34, h: BAR };
  const delta = { x: column.x + column.w - 64, y, w: 64, h: BAR };
  const bar = { x: number.x + number.w + GAP, y, w: delta.x - number.x - number.w - 2 * GAP, h: BAR };
  return { number, bar, delta };
}

/**
 * view: a Dueling Suits view; perspective: the seat at the bottom when the view is a spectator's;
 * `passing`: whether the viewer may pass now (the pass target takes a place in their lane).
 * @param {number} width
 * @param {number} height
 * @param {DuelView} view
 */
export function layoutTable(width, height, view, perspective = 0, passing = false) {
  const me = view.viewer ?? perspective;
  const opp = 1 - me;
  const inner = Math.min(width - 2 * MARGIN, WIDEST);
  const column = { x: (width - inner) / 2, w: inner };
  /** @type {(string | null)[]} */
  const codes = view.hand ?? Array(view.hand_counts[me]).fill(null);
  const size = cardSizes(inner, height, codes.length);
  const { hand: card, lane: small } = size;
  const used = FIXED + (2 * LANE + 1 + RAISE) * card.h;
  let y = MARGIN + Math.max(0, (height - used) / 2);

  // The rival's plate, its hand as small backs on the right.
  const back = { h: PLATE + 4, w: (PLATE + 4) / 1.4 };
  const oppCount = view.hand_counts[opp];
  const backStep = back.w * 0.45;
  const backsLeft = column.x + column.w - back.w - Math.max(0, oppCount - 1) * backStep;
  const opponentHand = Array.from({ length: oppCount }, (_, i) => ({ x: backsLeft + i * backStep, y: y - 2, w: back.w, h: back.h }));
  const plates = { [opp]: { x: column.x, y, w: backsLeft - column.x - 34, h: PLATE } };
  const handCount = { x: backsLeft - 30, y, w: 26, h: PLATE };
  y += PLATE + GAP;
  const health = { [opp]: healthRow(column, y) };
  y += BAR + GAP;
  const labels = { [opp]: { x: column.x, y, w: column.w, h: LABEL } };
  y += LABEL + GAP / 2;
  const lanes = { [opp]: lane(column, y, small, laneContent(view, opp).chains.length, false) };
  y += small.h + GAP;

  // The middle band: the suit-table chip, the caption, then the deck and the discard pile, each card with its
  // count and name beside it, at the right end: there they sit over the lanes' power badges, never over a
  // lead slot (on a phone the lead slots fill the left of the column, and piles over one read as its cards).
  const band = { x: column.x, y, w: column.w, h: BAND };
  const pileCard = { h: BAND - 2, w: (BAND - 2) / 1.4 };
  const discard = { x: column.x + column.w - PILE_TEXT - pileCard.w, y: y + 1, ...pileCard };
  const deck = { x: discard.x - GAP - PILE_TEXT - pileCard.w, y: y + 1, ...pileCard };
  const chart = { x: column.x, y: y + 3, w: 88, h: BAND - 6 };
  const captionLeft = chart.x + chart.w + GAP;
  const caption = { x: captionLeft, y: y + 3, w: deck.x - GAP - captionLeft, h: BAND - 6 };
  y += BAND + GAP;

  lanes[me] = lane(column, y, small, laneContent(view, me).chains.length, passing);
  y += small.h + GAP / 2;
  labels[me] = { x: column.x, y, w: column.w, h: LABEL };
  y += LABEL + GAP;
  health[me] = healthRow(column, y);
  y += BAR + GAP;
  plates[me] = { x: column.x, y, w: column.w, h: PLATE };
  y += PLATE + GAP + RAISE * card.h;

  const n = codes.length;
  const step = n > 1 ? Math.min(card.w * 1.08, (inner - card.w) / (n - 1)) : 0;
  const handLeft = (width - (card.w + (n - 1) * step)) / 2;
  const handSlots = codes.map((code, i) => ({ card: code, x: handLeft + i * step, y, w: card.w, h: card.h }));

  return {
    me, opp, size, column, plates, health, labels, lanes, band, deck, discard, chart, caption, opponentHand,
    handCount, back, font: Math.max(11, Math.min(15, card.h * 0.085)),
    myHand: view.hand ? handSlots : [],
    myBacks: view.hand ? [] : handSlots,
    raise: RAISE * card.h,
  };
}
