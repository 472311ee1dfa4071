// Who sits where and how each seat is called on a table, from the game's seats (GameInfo) and the mode.

/**
 * @typedef {import("./types.js").Seat} Seat
 * @typedef {{plate: string, subject: string, object: string, owner: string, own: string}} SeatName
 *   plate: the name on the table ("You · Player 1"); subject: who acts, opening a sentence ("You",
 *   "The computer"); object: the same inside a sentence ("you", "the computer"); owner: whose pile
 *   ("your", "Player 2's"); own: whose, when the seat itself is the sentence's subject ("your", "its", "their")
 */

/**
 * The seats people play at this table: every person seat at a hot-seat table, the chosen side against
 * the computer or a friend on another device, the one person seat in a solo game. The others are played by
 * a bot, the engine or the friend.
 * @param {Seat[]} seats
 * @param {{mode: string, side: number}} settings
 * @returns {number[]}
 */
export function humanSeats(seats, { mode, side }) {
  const people = seats.flatMap((seat, index) => (seat.kind === "person" ? [index] : []));
  if (mode === "computer" || mode === "remote") return people.includes(side) ? [side] : people.slice(0, 1);
  if (mode === "solo") return people.slice(0, 1);
  return people;
}

/**
 * Against the computer the person is "you" and the other person seats are "the computer" ("your friend"
 * on another device); at a hot-seat table every seat keeps its own name, as in the engines' sentences; a
 * seat the engine plays (a Dealer) is always called by its name.
 * @param {Seat[]} seats
 * @param {string} mode
 * @param {number[]} human
 * @returns {SeatName[]}
 */
export function seatNames(seats, mode, human) {
  return seats.map(({ name, kind }, index) => {
    if (kind === "engine" || mode === "hotseat") return { plate: name, subject: name, object: name, owner: `${name}'s`, own: "their" };
    if (human.includes(index)) return { plate: mode === "solo" ? "You" : `You · ${name}`, subject: "You", object: "you", owner: "your", own: "your" };
    return mode === "remote"
      ? { plate: `Friend · ${name}`, subject: "Your friend", object: "your friend", owner: "your friend's", own: "their" }
      : { plate: `Computer · ${name}`, subject: "The computer", object: "the computer", owner: "the computer's", own: "its" };
  });
}

/**
 * The headline of the result box.
 * @param {{winner: number | null}} outcome
 * @param {SeatName[]} names
 * @param {number[]} human
 */
export function resultTitle(outcome, names, human) {
  if (outcome.winner === null || outcome.winner === undefined) return "A draw";
  const winner = names[outcome.winner];
  if (human.length === 1) return human.includes(outcome.winner) ? "You win!" : `${winner.subject} wins`;
  return `${winner.subject} wins!`;
}
