// The Hint and Undo controls of a table against the computer (issue 13). Hint asks the bridge what the
// computer at its strongest would play in the person's seat and shows it here in one sentence (the table
// rings the move's button and lights it on the canvas); Undo takes back the person's last move when the
// bridge says it may (`can_undo`: never once a card was shown to them or drawn since). A hot-seat table has
// neither: a hint there would be a third player whispering, and an undo would take back a move the other
// person has seen. This module only draws the controls and the sentence; the table screen asks the bridge.

/**
 * @param {string} id
 * @param {string} text
 * @param {string} title what it does, for the tooltip and the accessible description
 */
function aidButton(id, text, title) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "head-pill aid-button";
  button.disabled = true;
  button.title = title;
  button.textContent = text;
  return button;
}

export class TableAids {
  /**
   * @param {Element} head the move panel's head (.moves-head): the buttons go into it, the sentence under it
   * @param {{onHint: () => void, onUndo: () => void, signal: AbortSignal}} options
   */
  constructor(head, { onHint, onUndo, signal }) {
    this.hintButton = aidButton("hint-button", "Hint",
      "What would the computer do? Its strongest level's move in your seat, and why");
    this.undoButton = aidButton("undo-button", "Undo",
      "Take back your last move (not once a card has been shown or drawn since)");
    this.line = document.createElement("p");
    this.line.id = "hint-line";
    this.line.className = "hint-line";
    this.line.setAttribute("role", "status");
    this.line.hidden = true;
    head.append(this.hintButton, this.undoButton);
    head.after(this.line);
    this.hintButton.addEventListener("click", onHint, { signal });
    this.undoButton.addEventListener("click", onUndo, { signal });
  }

  /**
   * Enable what the person may use now.
   * @param {boolean} acting the person may move
   * @param {boolean} canUndo the bridge would take their last move back
   */
  offer(acting, canUndo) {
    this.hintButton.disabled = !acting;
    this.undoButton.disabled = !acting || !canUndo;
  }

  /** While the computer works the hint out: no second question, and say so. */
  asking() {
    this.hintButton.disabled = true;
    this.say("The computer is thinking about your move…");
  }

  /** @param {string} text the hint's sentence ("" hides the line) */
  say(text) {
    this.line.textContent = text;
    this.line.hidden = !text;
  }

  /** Leave the table: the controls go with it. */
  remove() {
    this.hintButton.remove();
    this.undoButton.remove();
    this.line.remove();
  }
}
