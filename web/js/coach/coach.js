// The coach of a guided game: at each turn of the person it says the step's words and points at what to
// press (a card, a pile, a control), one thing after another as they are pressed; it offers only the
// step's move, so the game and the script never part ways; the computer's replies are the ones the
// script expects (a fixed seed and level). It draws nothing itself but its bubble: the table screen
// calls it as views and moves come (table-screen.js), and it knows nothing of any one game.
import { Bubble } from "./bubble.js";
import { sameMove } from "./guides.js";
import { rememberStep } from "./progress.js";

/** @typedef {import("./guides.js").Guide} Guide */
/** @typedef {import("./guides.js").Target} Target */
/** @typedef {import("./bubble.js").Box} Box */
/** @typedef {{moves: any[], labels: string[], previews?: any[]}} Legal */

const GAVE_UP = "The game went another way than the guide's. From here on it is yours to play.";

export class Coach {
  /**
   * @param {{guide: Guide, game: string, step: number, hitboxes: () => any, stopped: () => void}} options
   *   step: the coach mark to start at (a reload resumes the guide where it was); hitboxes(): the canvas
   *   boxes in viewport pixels (the renderer's); stopped(): the player stopped the guide (offer every move)
   */
  constructor({ guide, game, step, hitboxes, stopped }) {
    this.guide = guide;
    this.game = game;
    this.step = step;
    this.hitboxes = hitboxes;
    this.stopped = stopped;
    this.pointing = 0; // which of the step's targets is pointed at now
    this.asking = false;
    this.retired = false;
    this.ended = false;
    this.listeners = new AbortController();
    this.bubble = new Bubble(() => this.stop());
    const { signal } = this.listeners;
    const replace = () => this.asking && this.point();
    document.addEventListener("click", (event) => this.pressed(event), { capture: true, signal });
    document.addEventListener("saloon:rendered", replace, { signal });
    document.addEventListener("saloon:felt-moved", replace, { signal }); // a camera glide or a drag moves the target
    document.addEventListener("saloon:over", () => this.finish(), { signal }); // every table says so at its end
    window.addEventListener("resize", replace, { signal });
  }

  get current() {
    return this.retired ? undefined : this.guide.steps[this.step];
  }

  /**
   * Only the step's move among the legal ones. A position the script does not know (it cannot happen
   * with the fixed seed, but a stale save might bring one): the coach bows out and every move is offered.
   * @param {Legal} legal
   * @returns {Legal}
   */
  narrow(legal) {
    const step = this.current;
    if (!step) return legal;
    const index = legal.moves.findIndex((move) => sameMove(move, step.move));
    if (index < 0) {
      this.retire(GAVE_UP);
      return legal;
    }
    const narrowed = { ...legal, moves: [legal.moves[index]], labels: [legal.labels[index]] };
    if (legal.previews) narrowed.previews = [legal.previews[index]];
    return narrowed;
  }

  /** The person may move now: say the step's words and point at the first thing to press. */
  ask() {
    if (!this.current) return;
    this.asking = true;
    this.pointing = 0;
    this.point();
  }

  /** Nothing for the person to do (the computer's turn, a move on its way): the bubble waits. */
  wait() {
    this.asking = false;
    if (!this.ended && !this.retired) this.bubble.hide();
  }

  /**
   * The person's move went through: on to the next coach mark (remembered for a reload).
   * @param {unknown} move
   */
  played(move) {
    const step = this.current;
    if (!step || !sameMove(move, step.move)) return;
    this.step += 1;
    rememberStep(this.game, this.step);
    this.wait();
  }

  /** The game is over: the guide's last words, beside the result box or the game's own ending. */
  finish() {
    if (this.retired) return;
    this.ended = true;
    this.asking = false;
    rememberStep(this.game, 0);
    // Beside the result box, never over its buttons (Deal again, Menu).
    const buttons = [...document.querySelectorAll("#result:not([hidden]) :is(button, a)")].map((node) => {
      const r = node.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    });
    this.bubble.say(this.title, this.guide.finish, null, true, buttons);
  }

  /** The player stopped the guide: the game goes on without it, with every move on offer. After its last words: they go. */
  stop() {
    if (this.ended || this.retired) {
      this.bubble.hide();
      return;
    }
    this.retire("");
    this.stopped();
  }

  /**
   * The game goes on without the coach (also after a reload); `words` say why, if anything needs saying.
   * @param {string} words
   */
  retire(words) {
    this.retired = true;
    this.asking = false;
    rememberStep(this.game, null);
    if (words) this.bubble.say(this.title, words, null, true);
    else this.bubble.hide();
  }

  close() {
    this.listeners.abort();
    this.bubble.remove();
  }

  get title() {
    return this.guide.title;
  }

  /** What the coach shows now, for tests: the step, its words, and the box pointed at (or null). */
  state() {
    return {
      step: this.step,
      steps: this.guide.steps.length,
      asking: this.asking,
      pointing: this.pointing,
      retired: this.retired,
      ended: this.ended,
      text: this.bubble.root.hidden ? "" : this.bubble.text.textContent,
      target: this.asking ? this.targetBox() : null,
    };
  }

  point() {
    const step = this.current;
    if (!step) return;
    this.targetElement()?.scrollIntoView({ block: "nearest", inline: "nearest" }); // a move button down a long list
    const title = `${this.title} · ${this.step + 1} of ${this.guide.steps.length}`;
    this.bubble.say(title, step.say, this.targetBox(), false, [...this.laterBoxes(), ...this.tableBoxes()]);
  }

  /** The boxes of the step's targets after the one pointed at now (the bubble keeps off them). */
  laterBoxes() {
    const count = this.current?.point?.length ?? 0;
    return Array.from({ length: Math.max(0, count - this.pointing - 1) }, (_, i) => this.targetBox(this.pointing + 1 + i))
      .filter((box) => box !== null);
  }

  /** Every card, pile and cell the canvas shows (the renderer's hitboxes, whatever their grouping). */
  tableBoxes() {
    /** @type {Box[]} */
    const boxes = [];
    /** @param {unknown} value */
    const collect = (value) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object") {
        const fields = /** @type {Record<string, unknown>} */ (value);
        if (["x", "y", "w", "h"].every((key) => typeof fields[key] === "number")) boxes.push(/** @type {Box} */ (fields));
        else Object.values(fields).forEach(collect);
      }
    };
    collect(this.hitboxes());
    return boxes;
  }

  /** @returns {Target | null} the `index`th thing to press (null: the step's move button) */
  target(index = this.pointing) {
    return this.current?.point?.[index] ?? null;
  }

  /** @returns {Box | null} where the `index`th thing to press is on screen, if it is */
  targetBox(index = this.pointing) {
    const element = this.targetElement(index);
    if (element) {
      const r = element.getBoundingClientRect();
      return r.width > 0 ? { x: r.left, y: r.top, w: r.width, h: r.height } : null;
    }
    const target = this.target(index);
    if (!target || "dom" in target) return null;
    const found = this.hitboxes()?.[target.in];
    const boxes = Array.isArray(found) ? found : [found];
    const box = boxes.find((b) => b && Object.entries(target).every(([key, value]) => key === "in" || sameMove(b[key], value)));
    return box ? { x: box.x, y: box.y, w: box.w, h: box.h } : null;
  }

  /** @returns {Element | null} the control of the `index`th thing to press, when it is one */
  targetElement(index = this.pointing) {
    const target = this.target(index);
    if (target && "dom" in target) return document.querySelector(/** @type {string} */ (target.dom));
    if (target) return null;
    const step = this.current;
    return [...document.querySelectorAll("#move-list button.move")]
      .find((button) => sameMove(JSON.parse(/** @type {HTMLElement} */ (button).dataset.move ?? "null"), step?.move)) ?? null;
  }

  /**
   * A press on what the coach points at moves the pointer on to the next thing to press; a press on the
   * table anywhere else nudges the bubble (only the coached move is on offer).
   * @param {MouseEvent} event
   */
  pressed(event) {
    if (!this.asking) return;
    const element = this.targetElement();
    const box = this.targetBox();
    const inBox = box && event.clientX >= box.x && event.clientX <= box.x + box.w && event.clientY >= box.y && event.clientY <= box.y + box.h;
    if (!inBox && !(element && event.target instanceof Node && element.contains(event.target))) {
      if (event.target instanceof HTMLCanvasElement) this.bubble.nudge();
      return;
    }
    if (this.pointing >= (this.current?.point?.length ?? 0) - 1) return;
    this.pointing += 1;
    requestAnimationFrame(() => this.asking && this.point());
  }
}
