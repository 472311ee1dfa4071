// The player's hands on the grow21 camera: drag to pan (mouse or one finger), wheel or pinch to zoom,
// and the keyboard (arrows pan, + and - zoom, 0 re-centres). A press that travelled is a drag, and the
// click the browser sends after it is swallowed (see wasDrag). Mouse movement without a press is
// reported as hovering, for move previews.

/** @type {Record<string, number>} */
const SLOP = { mouse: 5, pen: 8, touch: 10 }; // CSS pixels a press may wander and still be a tap
const KEY_PAN = 60; // CSS pixels an arrow key pans
const KEY_ZOOM = 1.2;

/** @typedef {{x: number, y: number}} Point */
/** @typedef {{x: number, y: number, startX: number, startY: number, type: string}} Held a pointer pressed on the canvas */

const typing = (/** @type {EventTarget | null} */ target) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export class Gestures {
  /**
   * canvas: the board's canvas; camera: its Camera; onCamera(): the camera moved (redraw);
   * onHover(point | null): the mouse is over canvas point {x, y}, or left; onRecentre(): key 0;
   * signal: removes every listener when the table closes.
   * @param {HTMLCanvasElement} canvas
   * @param {import("./camera.js").Camera} camera
   * @param {{onCamera: () => void, onHover: (point: Point | null) => void, onRecentre: () => void, signal: AbortSignal}} options
   */
  constructor(canvas, camera, { onCamera, onHover, onRecentre, signal }) {
    this.canvas = canvas;
    this.camera = camera;
    this.onCamera = onCamera;
    this.onHover = onHover;
    this.onRecentre = onRecentre;
    /** @type {Map<number, Held>} pointerId -> where it is and where it was pressed */
    this.pointers = new Map();
    this.travelled = false; // the current (or last) press was a drag or a pinch
    this.pointerType = "mouse";
    const options = { signal };
    canvas.addEventListener("pointerdown", (e) => this.down(e), options);
    canvas.addEventListener("pointermove", (e) => this.move(e), options);
    canvas.addEventListener("pointerup", (e) => this.up(e), options);
    canvas.addEventListener("pointercancel", (e) => this.up(e), options);
    canvas.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && !this.pointers.size && this.onHover(null), options);
    canvas.addEventListener("wheel", (e) => this.wheel(e), { signal, passive: false });
    document.addEventListener("keydown", (e) => this.key(e), options);
  }

  /** Whether the click being handled ends a drag (then it is not a tap). */
  wasDrag() {
    return this.travelled;
  }

  /**
   * @param {MouseEvent} event
   * @returns {Point}
   */
  point(event) {
    const bounds = this.canvas.getBoundingClientRect();
    return { x: event.clientX - bounds.left, y: event.clientY - bounds.top };
  }

  /** @param {PointerEvent} event */
  down(event) {
    if (event.button !== 0 && event.pointerType === "mouse") return;
    const { x, y } = this.point(event);
    if (!this.pointers.size) this.travelled = false;
    this.pointerType = event.pointerType || "mouse";
    this.pointers.set(event.pointerId, { x, y, startX: x, startY: y, type: this.pointerType });
    try {
      this.canvas.setPointerCapture(event.pointerId);
    } catch {
      // Synthetic events may not be capturable; panning still works while over the canvas.
    }
    if (this.pointers.size > 1) this.travelled = true; // a pinch is never a tap
  }

  /** @param {PointerEvent} event */
  move(event) {
    const p = this.point(event);
    const held = this.pointers.get(event.pointerId);
    if (!held) {
      if (event.pointerType === "mouse") this.onHover(p);
      return;
    }
    if (this.pointers.size === 1) {
      const slop = SLOP[held.type] ?? SLOP.mouse;
      if (!this.travelled && Math.hypot(p.x - held.startX, p.y - held.startY) < slop) return;
      if (!this.travelled) this.canvas.classList.add("dragging");
      this.travelled = true;
      this.camera.panBy(p.x - held.x, p.y - held.y);
      held.x = p.x;
      held.y = p.y;
      this.onCamera();
      return;
    }
    // Two fingers: zoom by how far apart they moved, about their midpoint, and pan with the midpoint.
    const others = [...this.pointers.entries()].filter(([id]) => id !== event.pointerId).map(([, q]) => q);
    const other = others[0];
    const before = { d: Math.hypot(held.x - other.x, held.y - other.y), mx: (held.x + other.x) / 2, my: (held.y + other.y) / 2 };
    held.x = p.x;
    held.y = p.y;
    const after = { d: Math.hypot(held.x - other.x, held.y - other.y), mx: (held.x + other.x) / 2, my: (held.y + other.y) / 2 };
    if (before.d > 4 && after.d > 4) this.camera.zoomBy(after.d / before.d, after.mx, after.my);
    this.camera.panBy(after.mx - before.mx, after.my - before.my);
    this.onCamera();
  }

  /** @param {PointerEvent} event */
  up(event) {
    this.pointers.delete(event.pointerId);
    if (!this.pointers.size) this.canvas.classList.remove("dragging");
  }

  /** @param {WheelEvent} event */
  wheel(event) {
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    const delta = Math.max(-300, Math.min(300, event.deltaY * unit));
    const { x, y } = this.point(event);
    this.camera.zoomBy(Math.exp(-delta * 0.0018), x, y);
    this.onCamera();
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
    if (document.querySelector("dialog[open]") || !/** @type {HTMLElement} */ (document.querySelector("#curtain")).hidden) return;
    /** @type {Record<string, [number, number]>} */
    const pans = { ArrowLeft: [KEY_PAN, 0], ArrowRight: [-KEY_PAN, 0], ArrowUp: [0, KEY_PAN], ArrowDown: [0, -KEY_PAN] };
    if (pans[event.key]) this.camera.panBy(...pans[event.key]);
    else if (event.key === "+" || event.key === "=") this.camera.zoomBy(KEY_ZOOM);
    else if (event.key === "-" || event.key === "_") this.camera.zoomBy(1 / KEY_ZOOM);
    else if (event.key === "0") return this.recentre(event);
    else return;
    event.preventDefault();
    this.onCamera();
  }

  /** @param {Event} event */
  recentre(event) {
    event.preventDefault();
    this.onRecentre();
  }
}
