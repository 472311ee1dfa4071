// What every card-table renderer does the same way: a crisp canvas that follows its size, the view
// it draws (and nothing else), the highlight the controller passes in, and an animation played out
// frame by frame. A game's renderer extends this with layout(), timeline(events, previous) and draw().

export class TableRenderer {
  constructor(canvas, painter, highlight) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.painter = painter;
    this.view = null;
    this.perspective = 0;
    this.names = [["Player 1", "Player 1"], ["Player 2", "Player 2"]];
    this.highlight = highlight;
    this.animation = null;
    this.frameRequest = 0;
    this.size = { width: 0, height: 0 };
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(canvas);
    this.resize();
  }

  /** Stop watching the canvas (the table closed; the next table brings its own renderer). */
  dispose() {
    this.observer.disconnect();
    cancelAnimationFrame(this.frameRequest);
  }

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const scale = window.devicePixelRatio || 1;
    this.size = { width: rect.width, height: rect.height };
    this.canvas.width = Math.max(1, Math.round(rect.width * scale));
    this.canvas.height = Math.max(1, Math.round(rect.height * scale));
    this.painter.setScale(scale);
    this.draw();
  }

  /** names[seat] = [full name, short name]: the short one is used where the full one doesn't fit. */
  setNames(names) {
    this.names = names;
  }

  /** The view currently drawn (null when the table is hidden). Exposed for tests. */
  get heldView() {
    return this.view;
  }

  /**
   * Draw a new view at once; `events` (from play/bot) are then animated on top of it.
   * `perspective` is the seat at the bottom when the view is a spectator's.
   */
  show(view, { events = [], animate = true, highlight, perspective = view.viewer ?? 0 }) {
    const previous = this.view ? this.layout() : null;
    this.view = view;
    this.perspective = perspective;
    this.highlight = highlight;
    this.animation = animate && events.length ? this.timeline(events, previous) : null;
    this.draw();
    if (this.animation) this.scheduleFrame();
  }

  /** Redraw with another highlight; same view, so not a new render. */
  setHighlight(highlight) {
    this.highlight = highlight;
    this.draw();
  }

  /** Hide the table (hot-seat curtain, menu): the renderer then holds no cards at all. */
  clear() {
    this.view = null;
    this.animation = null;
    this.draw();
  }

  /** Milliseconds until the current animation has played out (0 when still). */
  animationLeft() {
    if (!this.animation) return 0;
    return Math.max(0, this.animation.end - (performance.now() - this.animation.began));
  }

  scheduleFrame() {
    cancelAnimationFrame(this.frameRequest);
    this.frameRequest = requestAnimationFrame(() => {
      if (this.animation && performance.now() - this.animation.began < this.animation.end) {
        this.draw();
        this.scheduleFrame();
      } else {
        this.animation = null;
        this.draw();
      }
    });
  }
}
