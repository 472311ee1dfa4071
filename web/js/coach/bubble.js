// The coach's speech bubble and the ring it draws around the thing to press, laid over the page in
// viewport pixels (the canvas boxes come from the renderer's hitboxes(), the controls from the DOM).

/** @typedef {{x: number, y: number, w: number, h: number}} Box */

const GAP = 12; // between the ring and the bubble
const MARGIN = 8; // between the bubble and the edge of the window

function element(tag, className, text = "") {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

export class Bubble {
  /** @param {() => void} onStop the player asked to stop the guide */
  constructor(onStop) {
    this.root = element("aside", "coach");
    this.root.setAttribute("role", "status");
    this.root.setAttribute("aria-live", "polite");
    this.root.setAttribute("aria-label", "Coach");
    this.title = element("p", "coach-title");
    this.text = element("p", "coach-say");
    this.stop = element("button", "plain-button coach-stop", "Stop the guide");
    this.stop.setAttribute("type", "button");
    this.stop.addEventListener("click", onStop);
    this.root.append(this.title, this.text, this.stop);
    this.ring = element("div", "coach-ring");
    this.ring.setAttribute("aria-hidden", "true");
    this.root.hidden = true;
    this.ring.hidden = true;
    document.body.append(this.ring, this.root);
  }

  /**
   * Say `text`, next to `target` (a box in viewport pixels) or, without one, at the top of the window.
   * @param {string} title
   * @param {string} text
   * @param {Box | null} target
   * @param {boolean} last  the guide's last words: no "Stop the guide" button
   */
  say(title, text, target, last = false) {
    this.title.textContent = title;
    if (this.text.textContent !== text) this.text.textContent = text;
    this.stop.hidden = last;
    this.root.hidden = false;
    this.place(target);
  }

  /** @param {Box | null} target */
  place(target) {
    const { innerWidth: width, innerHeight: height } = window;
    this.ring.hidden = !target;
    const bubble = this.root.getBoundingClientRect();
    let left = (width - bubble.width) / 2;
    let top = MARGIN + 56; // under the toolbar
    this.root.dataset.side = "none";
    if (target) {
      Object.assign(this.ring.style, {
        left: `${target.x - 4}px`, top: `${target.y - 4}px`, width: `${target.w + 8}px`, height: `${target.h + 8}px`,
      });
      left = target.x + target.w / 2 - bubble.width / 2;
      const below = target.y + target.h + GAP;
      const above = target.y - GAP - bubble.height;
      const roomBelow = below + bubble.height <= height - MARGIN;
      top = roomBelow || above < MARGIN ? below : above;
      if (!roomBelow && above < MARGIN) top = Math.max(MARGIN, height - MARGIN - bubble.height); // no room either side
      this.root.dataset.side = top >= target.y + target.h ? "below" : "above";
    }
    left = Math.min(Math.max(MARGIN, left), Math.max(MARGIN, width - MARGIN - bubble.width));
    this.root.style.left = `${left}px`;
    this.root.style.top = `${top}px`;
  }

  hide() {
    this.root.hidden = true;
    this.ring.hidden = true;
  }

  remove() {
    this.root.remove();
    this.ring.remove();
  }
}
