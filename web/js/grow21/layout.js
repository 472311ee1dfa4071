// The fixed parts of the grow21 canvas, in CSS pixels: a band across the top with both players' plates
// (name, score, deck) and the card to play in the middle, the board area under it (panned and zoomed
// by the camera), the caption ribbon at the bottom of the board and the three camera buttons beside it.

const MARGIN = 12; // stays clear of the felt's brass rim
const GAP = 10;
const BUTTON = 34;
const CAPTION = 26;

export function layoutTable(width, height) {
  const narrow = width < 560;
  const cardW = narrow ? 48 : Math.min(72, Math.max(56, height * 0.085));
  const card = { w: cardW, h: cardW * 1.4 };
  const band = { x: 0, y: 0, w: width, h: MARGIN + card.h + 16 };
  const current = { x: (width - card.w) / 2, y: MARGIN, ...card };
  const plateW = Math.min(260, current.x - GAP - MARGIN);
  const plates = [
    { x: current.x - GAP - plateW, y: MARGIN - 2, w: plateW, h: card.h + 4 },
    { x: current.x + card.w + GAP, y: MARGIN - 2, w: plateW, h: card.h + 4 },
  ];
  const board = { x: 0, y: band.h, w: width, h: Math.max(40, height - band.h) };
  const bottom = board.y + board.h - MARGIN;
  const controls = ["zoom-in", "zoom-out", "recentre"].map((action, i) => ({
    action, x: width - MARGIN - BUTTON, y: bottom - (3 - i) * (BUTTON + 6) + 6, w: BUTTON, h: BUTTON,
  }));
  const caption = { x: MARGIN + BUTTON + 6, y: bottom - CAPTION, w: width - 2 * (MARGIN + BUTTON + 6), h: CAPTION };
  return { narrow, band, current, plates, board, controls, caption };
}
