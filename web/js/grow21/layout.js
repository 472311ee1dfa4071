// The fixed parts of the grow21 canvas, in CSS pixels: a band across the top with both players' plates
// (name, score, deck) and the card to play in the middle, the board area under it (panned and zoomed
// by the camera), the caption ribbon at the bottom of the board and the three camera buttons beside it.
// A short canvas (a phone held sideways) gets a slimmer band and the buttons in a row beside the caption,
// so that the board keeps as many rows as it can; a phone's buttons are a fingertip wide.

const MARGIN = 12; // stays clear of the felt's brass rim (its wood and brass are 7 px)
const SHORT_MARGIN = 8;
const GAP = 10;
const BUTTON = 34;
const TOUCH_BUTTON = 44; // on a phone-sized canvas
const CAPTION = 26;
const SHORT = 420; // a canvas lower than this is short

/**
 * @param {number} width
 * @param {number} height
 */
export function layoutTable(width, height) {
  const narrow = width < 560;
  const short = height < SHORT;
  const button = narrow || short ? TOUCH_BUTTON : BUTTON;
  const top = short ? 6 : MARGIN;
  const cardW = short ? 40 : narrow ? 48 : Math.min(72, Math.max(56, height * 0.085));
  const card = { w: cardW, h: cardW * 1.4 };
  const band = { x: 0, y: 0, w: width, h: top + card.h + (short ? 8 : 16) };
  const current = { x: (width - card.w) / 2, y: top, ...card };
  const plateW = Math.min(260, current.x - GAP - MARGIN);
  const plates = [
    { x: current.x - GAP - plateW, y: top - 2, w: plateW, h: card.h + 4 },
    { x: current.x + card.w + GAP, y: top - 2, w: plateW, h: card.h + 4 },
  ];
  const board = { x: 0, y: band.h, w: width, h: Math.max(40, height - band.h) };
  const bottom = board.y + board.h - (short ? SHORT_MARGIN : MARGIN);
  const actions = ["zoom-in", "zoom-out", "recentre"];
  // A column up the right edge; a row along the bottom on a short canvas, where the column would cover the
  // board's middle rows.
  const controls = actions.map((action, i) => (short
    ? { action, x: width - MARGIN - (3 - i) * (button + 6) + 6, y: bottom - button, w: button, h: button }
    : { action, x: width - MARGIN - button, y: bottom - (3 - i) * (button + 6) + 6, w: button, h: button }));
  const beside = short ? 3 * (button + 6) : button + 6;
  const caption = short
    ? { x: MARGIN, y: bottom - (button + CAPTION) / 2, w: width - 2 * MARGIN - beside, h: CAPTION }
    : { x: MARGIN + beside, y: bottom - CAPTION, w: width - 2 * (MARGIN + beside), h: CAPTION };
  // The part of the board the automatic framing fills: clear of the caption, and of the buttons' row.
  const strip = short ? Math.min(caption.y, bottom - button) : caption.y;
  const frame = { ...board, h: strip - 4 - board.y };
  return { narrow, short, band, current, plates, board, frame, controls, caption };
}
