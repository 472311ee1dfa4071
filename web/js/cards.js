// Card codes ("7S", "10H", "QD", "RJ") split for display. No rules here: only how a card looks and reads.

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** @typedef {keyof typeof SUIT_SYMBOLS} Suit */
/**
 * A card code split: a suited card, or a joker (no suit; its rank is a star).
 * @typedef {{code: string, rank: string, suit: Suit, symbol: string, red: boolean, joker: false}
 *   | {code: string, rank: string, suit: null, symbol: "", red: boolean, joker: true}} Card
 */

/**
 * @param {string} code  a card code as the engines write it
 * @returns {Card}
 */
export function parseCard(code) {
  if (code === "RJ" || code === "BJ") {
    return { code, rank: "★", suit: null, symbol: "", red: code === "RJ", joker: true };
  }
  const rank = code.slice(0, -1);
  const suit = /** @type {Suit} */ (code.slice(-1)); // an engine's card code ends in its suit
  return { code, rank, suit, symbol: SUIT_SYMBOLS[suit], red: suit === "H" || suit === "D", joker: false };
}

/**
 * "7♠", "10♥": how a card is written in text.
 * @param {string | null | undefined} code
 */
export function cardText(code) {
  if (code === null || code === undefined) return "a hidden card";
  const card = parseCard(code);
  return card.joker ? (card.red ? "red joker" : "black joker") : `${card.rank}${card.symbol}`;
}
