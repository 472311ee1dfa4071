// The animation of one grow21 move, built from its events and the view drawn before it: the card flies
// from the "to play" slot to its cell, a harvested group glows and lifts away under a "21! +10" callout while
// "+10" floats to the scorer's plate, and the parts lost to a split sink and fade, the split named. Cards that
// are no longer in the new view are drawn as ghosts at their board cells (so they follow the camera); every
// time is in ms from the start.

import { cellKey } from "./board-painter.js";
import { ease, clamp01 } from "../canvas-kit.js";

export const FLY_MS = 260;
const GLOW_MS = 320; // a 21 shines before it goes
const LIFT_MS = 560;
const STAGGER_MS = 35;
const FLOAT_MS = 760;
const SINK_MS = 460;
const BUMP_MS = 320;
const CALLOUT_MS = 1000; // "21! +10" over a harvest, or a split named over what it discards

/** @typedef {import("./shapes.js").Grow21View} Grow21View */
/** @typedef {import("./shapes.js").Grow21Event} Grow21Event */
/** @typedef {ReturnType<typeof import("./layout.js").layoutTable>} Grow21Layout */
/** @typedef {import("../canvas-kit.js").Box} Rect */
/** @typedef {{code: string, cell: number[], start: number}} Flight a card flying from the "to play" slot to its cell */
/** @typedef {{key: string, stack: string[], until: number}} Cover a cell still shows what it held before, until a card lands */
/**
 * A stack no longer in the new view, drawn at its cell: `before` (the stack under a card that lands at
 * `landAt`) until then, then lifting (a harvest, glowing from `glowFrom`) or sinking (lost to a split).
 * @typedef {{cell: number[], stack: string[], before: string[] | null, landAt: number, start: number, glowFrom: number, dur: number, kind: "lift" | "sink"}} Ghost
 */
/** @typedef {{player: number, cells: number[][], start: number, text: string}} Floater "+10" on its way to the scorer */
/** @typedef {{text: string, at: (layout: Grow21Layout) => Rect, start: number, ms: number, tone: "good" | "bad" | "plain"}} Callout */
/**
 * @typedef {object} Grow21Timeline
 * @property {number} began
 * @property {number} end
 * @property {Flight[]} flights
 * @property {Cover[]} covers
 * @property {Ghost[]} ghosts
 * @property {Floater[]} floaters
 * @property {Callout[]} callouts
 */

/**
 * @param {Grow21Event[]} events
 * @param {Grow21View} before the view drawn before them
 * @param {(cells: number[][]) => (layout: Grow21Layout) => Rect} over where a callout about these board cells
 *   goes (the renderer's camera knows where they are on the canvas)
 * @returns {Grow21Timeline}
 */
export function timeline(events, before, over) {
  const board = new Map((before?.board ?? []).map((c) => [cellKey(c.at), [...c.stack]]));
  /** @type {Flight[]} */
  const flights = [];
  /** @type {Cover[]} */
  const covers = [];
  /** @type {Ghost[]} */
  const ghosts = [];
  /** @type {Floater[]} */
  const floaters = [];
  /** @type {Callout[]} */
  const callouts = []; // a harvest, a split
  /** The next callout starts once the last one has gone (they are about neighbouring cells). */
  const free = () => Math.max(0, ...callouts.map((c) => c.start + c.ms));
  let t = 0;
  /** @type {{key: string, was: string[], landAt: number} | null} the card just played */
  let landed = null;
  for (const event of events) {
    if (event.type === "place" || event.type === "change") {
      const key = cellKey(event.at);
      const was = board.get(key) ?? [];
      flights.push({ code: event.card, cell: event.at, start: t });
      covers.push({ key, stack: was, until: t + FLY_MS });
      board.set(key, [...was, event.card]);
      landed = { key, was, landAt: t + FLY_MS };
      t += FLY_MS;
    } else if (event.type === "remove") {
      event.cells.forEach((cell, i) => {
        const key = cellKey(cell);
        const own = landed?.key === key ? landed : null;
        ghosts.push({
          cell, stack: board.get(key) ?? [], before: own ? own.was : null, landAt: own ? own.landAt : 0,
          start: t + GLOW_MS + i * STAGGER_MS, glowFrom: t, dur: LIFT_MS, kind: "lift",
        });
        board.delete(key);
      });
      floaters.push({ player: event.player, cells: event.cells, start: t + GLOW_MS, text: `+${event.points}` });
      callouts.push({ text: `21! +${event.points}`, at: over(event.cells), start: t, ms: CALLOUT_MS, tone: "good" });
      t += GLOW_MS + LIFT_MS + event.cells.length * STAGGER_MS * 0.5;
    } else if (event.type === "split") {
      callouts.push({ text: `Split into ${event.parts.length} equal parts`, at: over(event.parts.flat()), start: free(), ms: CALLOUT_MS, tone: "plain" });
    } else if (event.type === "keep") {
      let lost = 0;
      for (const cell of event.discarded) {
        const key = cellKey(cell);
        lost += board.get(key)?.length ?? 0;
        ghosts.push({ cell, stack: board.get(key) ?? [], before: null, landAt: 0, start: t, glowFrom: t, dur: SINK_MS, kind: "sink" });
        board.delete(key);
      }
      if (lost) {
        callouts.push({ text: `Split: ${lost} card${lost === 1 ? "" : "s"} discarded`, at: over(event.discarded), start: free(), ms: CALLOUT_MS, tone: "bad" });
      }
      t += event.discarded.length ? SINK_MS : 0;
    }
  }
  const floatEnd = Math.max(0, ...floaters.map((f) => f.start + FLOAT_MS + BUMP_MS));
  return { began: performance.now(), end: Math.max(t, floatEnd, free()), flights, covers, ghosts, floaters, callouts };
}

/**
 * What a ghost looks like at `elapsed`: null once gone, else {stack, alpha, lift (in cell heights), scale, glow, dark}.
 * @param {Ghost} ghost
 * @param {number} elapsed
 */
export function ghostLook(ghost, elapsed) {
  if (elapsed < ghost.landAt) return ghost.before?.length ? { stack: ghost.before, alpha: 1, lift: 0, scale: 1, glow: 0, dark: 0 } : null;
  const p = clamp01((elapsed - ghost.start) / ghost.dur);
  if (p >= 1) return null;
  if (ghost.kind === "lift") {
    const glow = elapsed >= ghost.glowFrom ? 1 : 0;
    const k = ease(p);
    return { stack: ghost.stack, alpha: 1 - k, lift: 0.55 * k, scale: 1 + 0.18 * k, glow, dark: 0 };
  }
  return { stack: ghost.stack, alpha: 1 - p, lift: -0.12 * p, scale: 1 - 0.12 * p, glow: 0, dark: 0.5 * p };
}

/**
 * Where a flying card is at `elapsed`, as a fraction 0..1 of its flight (null before or after).
 * @param {Flight} flight
 * @param {number} elapsed
 */
export function flightProgress(flight, elapsed) {
  const p = (elapsed - flight.start) / FLY_MS;
  return p < 0 || p >= 1 ? null : ease(p);
}

/**
 * A floater's progress 0..1 (null before or after) and the score bump of its plate (0..1).
 * @param {Floater} floater
 * @param {number} elapsed
 */
export function floaterProgress(floater, elapsed) {
  const p = (elapsed - floater.start) / FLOAT_MS;
  return p < 0 || p >= 1 ? null : p;
}

/**
 * @param {Floater[]} floaters
 * @param {number} player
 * @param {number} elapsed
 */
export function scoreBump(floaters, player, elapsed) {
  let bump = 0;
  for (const f of floaters) {
    if (f.player !== player) continue;
    const q = (elapsed - f.start - FLOAT_MS) / BUMP_MS;
    if (q >= 0 && q < 1) bump = Math.max(bump, Math.sin(Math.PI * q));
  }
  return bump;
}

/**
 * Whether a cell's static card waits for a flight to land; returns the stack to show meanwhile.
 * @param {Grow21Timeline | null} animation
 * @param {string} key
 * @param {number} elapsed
 */
export function coverOf(animation, key, elapsed) {
  const cover = animation?.covers.find((c) => c.key === key && elapsed < c.until);
  return cover ? cover.stack : null;
}
