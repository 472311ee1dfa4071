// How the two seats are called on a table, whatever the game.

/**
 * Against the computer the person is "you"; at a hot-seat table both are "Player 1" and "Player 2",
 * as in the engines' own sentences.
 */
export function seatNames(mode, humanSeats) {
  return [0, 1].map((seat) => {
    const number = `Player ${seat + 1}`;
    if (mode === "hotseat") return { plate: number, subject: number, owner: `${number}'s` };
    return humanSeats.includes(seat)
      ? { plate: `You · ${number}`, subject: "You", owner: "your" }
      : { plate: `Computer · ${number}`, subject: "The computer", owner: "the computer's" };
  });
}

export function resultTitle(outcome, names, mode) {
  if (outcome.winner === null) return "A draw";
  if (mode === "computer") return names[outcome.winner].subject === "You" ? "You win!" : "The computer wins";
  return `${names[outcome.winner].subject} wins!`;
}
