// Card codes ("7S", "10H", "QD", "RJ") split for display. No rules here: only how a card looks and reads.

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

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
