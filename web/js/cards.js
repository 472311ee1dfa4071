// Card codes ("7S", "10H", "QD", "RJ") split for display. No rules here: only how a card looks and reads.

export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };

export function parseCard(code) {
  if (code === "RJ" || code === "BJ") {
    return { code, rank: "★", suit: null, symbol: "", red: code === "RJ", joker: true };
  }
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return { code, rank, suit, symbol: SUIT_SYMBOLS[suit], red: suit === "H" || suit === "D", joker: false };
}

/** "7♠", "10♥": how a card is written in text. */
export function cardText(code) {
  if (code === null || code === undefined) return "a hidden card";
  const card = parseCard(code);
  return card.joker ? (card.red ? "red joker" : "black joker") : `${card.rank}${card.symbol}`;
}

/** "seven of spades": what a screen reader says. */
export function cardSpoken(code) {
  const card = parseCard(code);
  if (card.joker) return cardText(code);
  const rank = RANK_NAMES[card.rank] ?? card.rank;
  return `${rank} of ${SUIT_NAMES[card.suit]}`;
}
