// "Replay the last round": the steps this viewer saw are kept as the table announces them, and the toolbar's
// Replay button plays the last round again from the view before it, move by move as it was animated (a beat
// per move when the table is instant), then gives the table back as it stands. Nothing is asked of the engine.

/** @typedef {import("./controller.js").TableController} TableController */
/** @typedef {import("./controller.js").Step} Step */

const BEAT_MS = 450; // between the moves of a replayed round (a whole step when nothing is played out)
const KEPT = 16; // steps remembered

export class Replay {
  /**
   * @param {TableController} table
   * @param {HTMLButtonElement} button the toolbar's Replay
   */
  constructor(table, button) {
    this.table = table;
    this.button = button;
    /** @type {Step[]} the steps this viewer saw, newest last */
    this.steps = [];
    this.replaying = false;
    table.on("step", (step) => {
      if ("before" in step) this.steps = [...this.steps, step].slice(-KEPT);
    });
    table.on("reset", () => {
      this.steps = [];
    });
    table.on("stage", () => this.refresh());
    table.on("close", () => {
      button.disabled = true;
    });
    button.addEventListener("click", () => this.play(), { signal: table.listeners.signal });
  }

  /**
   * The steps of the last round: where the game counts rounds, the newest step's round, and the one before
   * too while the viewer has not moved in the new one yet; else everything since the viewer's own last move.
   */
  lastRound() {
    const roundOf = (/** @type {number} */ index) => this.table.adapter.roundOf(this.steps[index].before.view);
    let start = this.steps.length - 1;
    if (start < 0) return [];
    if (roundOf(start) === null) {
      while (start > 0 && !this.steps[start].mine) start -= 1;
      return this.steps.slice(start);
    }
    const roundStart = (/** @type {number} */ from) => {
      const round = roundOf(from);
      while (from > 0 && roundOf(from - 1) === round) from -= 1;
      return from;
    };
    start = roundStart(start);
    if (start > 0 && !this.steps.slice(start).some((step) => step.mine)) start = roundStart(start - 1);
    return this.steps.slice(start);
  }

  /** On offer while the person may move (or the game is over) and there is a round; never in a guided game. */
  refresh() {
    const idle = this.table.stage === "person" || this.table.stage === "over";
    this.button.disabled = this.replaying || !idle || this.lastRound().length === 0 || Boolean(this.table.settings.guided);
  }

  async play() {
    const steps = this.lastRound();
    if (this.replaying || !steps.length || this.button.disabled) return;
    const table = this.table;
    const { renderer } = table;
    this.replaying = true;
    this.refresh();
    const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
    await table.lendFelt(async (stopped) => {
      const show = (/** @type {any} */ view, /** @type {any[]} */ events) => renderer.show(view, {
        events, animate: table.animated, highlight: table.adapter.highlight(table.moment), perspective: table.viewer ?? 0,
      });
      show(steps[0].before.view, []);
      for (const step of steps) {
        table.writeStatus("Replaying the last round…", "");
        await pause(BEAT_MS);
        if (stopped()) return;
        show(step.answer.view, step.events);
        await pause(table.animated ? renderer.animationLeft() : BEAT_MS);
        if (stopped()) return;
      }
      await pause(BEAT_MS);
    });
    this.replaying = false;
    this.refresh();
  }
}
