// The coach's speech bubble and the ring it draws around the thing to press, laid over the page in
// viewport pixels (the canvas boxes come from the renderer's hitboxes(), the controls from the DOM).

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {{side: string, left: number, top: number}} Spot  a place tried for the bubble's top-left corner */

const GAP = 12; // between the ring and the bubble
const MARGIN = 8; // between the bubble and the edge of the window
const GRID = 24; // the step of the free places tried when no place beside the target is clear

/**
 * @param {string} tag
 * @param {string} className
 */
function element(tag, className, text = "") {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

/**
 * The area of `box` under a bubble of size w x h at `spot`.
 * @param {Spot} spot
 * @param {number} w
 * @param {number} h
 * @param {Box} box
 */
function overlap(spot, w, h, box) {
  const across = Math.min(spot.left + w, box.x + box.w) - Math.max(spot.left, box.x);
  const down = Math.min(spot.top + h, box.y + box.h) - Math.max(spot.top, box.y);
  return across > 0 && down > 0 ? across * down : 0;
}

export class Bubble {
  /** @param {() => void} onStop the player pressed "Stop the guide" (or "Close" under the last words) */
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
   * @param {boolean} last  the guide's last words: "Close" instead of "Stop the guide"
   * @param {Box[]} avoid  what the bubble should not hide
   */
  say(title, text, target, last = false, avoid = []) {
    this.title.textContent = title;
    if (this.text.textContent !== text) this.text.textContent = text;
    this.stop.textContent = last ? "Close" : "Stop the guide";
    this.root.hidden = false;
    this.place(target, avoid);
  }

  /**
   * Put the bubble where it hides the least of `target` and `avoid` (the other things on the table and the
   * rest of the step's targets), as near the target as that allows: beside it, along the window's bottom or
   * top, or anywhere in the window.
   * @param {Box | null} target
   * @param {Box[]} avoid
   */
  place(target, avoid = []) {
    const { innerWidth: width, innerHeight: height } = window;
    this.ring.hidden = !target;
    const { width: w, height: h } = this.root.getBoundingClientRect();
    const toolbar = document.querySelector("#table-screen .toolbar")?.getBoundingClientRect();
    const ceiling = Math.max(0, toolbar?.bottom ?? 0) + MARGIN; // the toolbar stays in sight
    const centred = (Math.max(MARGIN, width - w)) / 2;
    const edges = [{ side: "bottom", left: centred, top: height - MARGIN - h }, { side: "top", left: centred, top: ceiling }];
    const spots = [];
    if (target) {
      Object.assign(this.ring.style, {
        left: `${target.x - 4}px`, top: `${target.y - 4}px`, width: `${target.w + 8}px`, height: `${target.h + 8}px`,
      });
      const midX = target.x + target.w / 2 - w / 2;
      const midY = target.y + target.h / 2 - h / 2;
      spots.push(
        { side: "below", left: midX, top: target.y + target.h + GAP },
        { side: "above", left: midX, top: target.y - GAP - h },
        { side: "right", left: target.x + target.w + GAP, top: midY },
        { side: "left", left: target.x - GAP - w, top: midY },
      );
    }
    const inside = (/** @type {Spot} */ spot) => spot.left >= MARGIN && spot.top >= ceiling && spot.left + w <= width - MARGIN && spot.top + h <= height - MARGIN;
    const clamp = (/** @type {Spot} */ spot) => ({
      ...spot,
      left: Math.min(Math.max(MARGIN, spot.left), Math.max(MARGIN, width - MARGIN - w)),
      top: Math.min(Math.max(ceiling, spot.top), Math.max(ceiling, height - MARGIN - h)),
    });
    const grid = [];
    for (let top = ceiling; top + h <= height - MARGIN; top += GRID) {
      for (let left = MARGIN; left + w <= width - MARGIN; left += GRID) grid.push({ side: "free", left, top });
    }
    const candidates = [...spots.map(clamp).filter(inside), ...edges, ...grid];
    const far = (/** @type {Spot} */ spot) => (target ? Math.hypot(spot.left + w / 2 - target.x - target.w / 2, spot.top + h / 2 - target.y - target.h / 2) : 0);
    // What the bubble hides (the target above all), then, a little, how far it sits from the target.
    const cost = (/** @type {Spot} */ spot) => [...(target ? [target] : []), ...avoid]
      .reduce((sum, box, index) => sum + (index === 0 && target ? 100 : 1) * overlap(spot, w, h, box), 0) + far(spot);
    const best = candidates.reduce((a, b) => (cost(b) < cost(a) ? b : a));
    this.root.dataset.side = best.side;
    this.root.style.left = `${best.left}px`;
    this.root.style.top = `${best.top}px`;
  }

  /** Draw the eye back to the bubble (a press somewhere the coach does not point). */
  nudge() {
    this.root.classList.remove("coach-nudge");
    void this.root.offsetWidth; // restart the animation
    this.root.classList.add("coach-nudge");
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
