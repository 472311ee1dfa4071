// Draws the Grit table from a view (and nothing else) and animates the events that led to it.
// It never decides what is legal: the table passes which cards are playable, which piles are targets and
// what each would make (the bridge's previews), all taken from the bridge's `legal` answer.
import { TableRenderer } from "../table-renderer.js";
import { layoutTable, pileKey } from "./layout.js";
import { PREVIEW_SIDES, markWords } from "./texts.js";
import {
  BRASS, GOLD, CREAM, PARCHMENT, FAINT, ease, clamp01, lerpRect, contains, text, pill, glow, halo, dim, dashedOutline,
  banner, roundedRect, setFont,
} from "../canvas-kit.js";

const MOVE_MS = 280;
const FLIP_MS = 320;
const REVEAL_HOLD_MS = 1000; // the round's turned-up cards stay in sight (the next round's banner crosses meanwhile)
const BANNER_MS = 1300;
const MARK_SIZE = 12; // the letters of a side's mark on its plate

/**
 * What the table marks: the hand cards that may be played and the chosen one, the piles the chosen card may go
 * on with each one's preview of both totals, the pile pointed at (lit, its preview on the plates too) and the
 * band's caption.
 * @typedef {object} GritHighlight
 * @property {string | null} selected
 * @property {Set<string>} playable
 * @property {Map<string, import("./shapes.js").GritPreview | null>} targets  pileKey -> its preview
 * @property {string | null} pointed
 * @property {import("./shapes.js").GritPreview | null} preview  the pointed pile's
 * @property {string} caption
 */

/** @typedef {import("./shapes.js").GritView} GritView */
/** @typedef {import("./shapes.js").GritEvent} GritEvent */
/** @typedef {import("./shapes.js").GritPlayEvent} GritPlayEvent */
/** @typedef {import("./shapes.js").GritPreview} GritPreview */
/** @typedef {ReturnType<typeof layoutTable>} GritLayout */
/** @typedef {import("./layout.js").PlacedPile} PlacedPile */
/** @typedef {import("../canvas-kit.js").Box} Rect */
/** @typedef {import("../card-painter.js").CardLook} CardLook */
/**
 * A step of the animation: a played card moving onto its pile (`key`), or the piles `keys` turning up.
 * @typedef {{kind: "move", key: string, from: Rect, to: Rect, start: number} | {kind: "flip", keys: Set<string>, start: number}} Step
 */
/**
 * @typedef {object} GritTimeline
 * @property {number} began
 * @property {Step[]} steps
 * @property {{text: string, start: number} | null} banner
 * @property {{text: string, at: (layout: GritLayout) => Rect, start: number, ms: number, tone: "bad"}[]} callouts
 * @property {number} end
 */

export class GritRenderer extends TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    /** @type {GritHighlight} */
    const none = { selected: null, playable: new Set(), targets: new Map(), pointed: null, preview: null, caption: "" };
    super(canvas, painter, none);
    this.resize();
  }

  layout() {
    return layoutTable(this.size.width, this.size.height, this.view, this.highlight.selected, this.perspective);
  }

  /**
   * What is under a point given in client (viewport) coordinates.
   * @param {number} clientX
   * @param {number} clientY
   * @returns {{kind: "hand", card: string | null} | {kind: "pile", pile: [number, number]} | null}
   */
  hitTest(clientX, clientY) {
    if (!this.view) return null;
    const { x, y } = this.canvasPoint(clientX, clientY);
    const layout = this.layout();
    const card = [...layout.myHand].reverse().find((rect) => contains(rect, x, y));
    if (card) return { kind: "hand", card: card.card };
    const pile = layout.piles.find((p) => contains(p.area, x, y));
    if (pile) return { kind: "pile", pile: [pile.owner, pile.index] };
    return null;
  }

  /**
   * The spotlight's spots are piles ({pile: [owner, index]}): the top card, turned about its centre if marked.
   * @param {GritLayout} layout
   * @param {{pile: number[]}[]} spots
   */
  spotRects(layout, spots) {
    return spots.flatMap(({ pile: [owner, index] }) => {
      const top = layout.piles.find((p) => p.owner === owner && p.index === index)?.cards.at(-1);
      if (!top) return [];
      const { w, h } = layout.card;
      const [across, down] = top.entry.marked ? [h, w] : [w, h];
      return [{ x: top.x + (w - across) / 2, y: top.y + (h - down) / 2, w: across, h: down }];
    });
  }

  /**
   * Rectangles in viewport CSS pixels: the viewer's face-up hand cards, every hand card drawn as a back
   * (the opponent's; both hands in a spectator view) and the six piles.
   */
  hitboxes() {
    if (!this.view) return { hand: [], backs: [], piles: [] };
    const at = this.toViewport();
    const layout = this.layout();
    return {
      hand: layout.myHand.map((r) => ({ card: r.card, ...at(r) })),
      backs: [
        ...layout.opponentHand.map((r) => ({ owner: layout.opp, card: null, faceUp: false, ...at(r) })),
        ...layout.myBacks.map((r) => ({ owner: layout.me, card: null, faceUp: false, ...at(r) })),
      ],
      piles: layout.piles.map((p) => {
        const key = pileKey([p.owner, p.index]);
        return {
          owner: p.owner,
          index: p.index,
          open: p.open,
          target: this.highlight.targets.has(key),
          pointed: this.highlight.pointed === key,
          preview: this.highlight.targets.get(key) ?? null, // labelled on the pile
          ...at(p.area),
        };
      }),
      preview: this.highlight.preview ?? null,
    };
  }

  /**
   * The animation of `events`: played cards fly face down to their piles, the round's cards turn up and stay
   * in sight for REVEAL_HOLD_MS while the next round's banner crosses the band, and a side whose total passes
   * 21 as they turn up (or ends over it) gets "Bust!" over its total.
   * @param {GritEvent[]} events
   * @param {{view: GritView, layout: GritLayout} | null} before
   * @returns {GritTimeline}
   */
  timeline(events, before) {
    const previous = before?.layout ?? null;
    const layout = this.layout();
    /** @type {Step[]} */
    const steps = [];
    /** @type {GritTimeline["callouts"]} */
    const callouts = [];
    let t = 0;
    /** @type {number | null} when the last cards turned up: they stay in sight from then on */
    let shown = null;
    /** @type {GritTimeline["banner"]} */
    let banner = null;
    for (const event of events) {
      if (event.type === "play") {
        const pile = layout.piles.find((p) => p.owner === event.pile[0] && p.index === event.pile[1]);
        const top = pile?.cards.at(-1);
        if (!top) continue;
        const from = this.sourceOf(event, previous, layout) ?? { x: top.x, y: -layout.card.h, ...layout.card };
        steps.push({ kind: "move", key: pileKey(event.pile), from, to: { x: top.x, y: top.y, ...layout.card }, start: t });
        t += MOVE_MS;
      } else if (event.type === "reveal" || event.type === "end") {
        steps.push({ kind: "flip", keys: new Set(event.cards.map((c) => pileKey(c.pile))), start: t });
        t += FLIP_MS;
        shown = t; // the last duel's end turns its marked cards right after its round's
      } else if (event.type === "round") {
        banner = { text: `Round ${event.round}`, start: t };
      }
    }
    const ended = events.some((event) => event.type === "end");
    for (const seat of [0, 1]) {
      const total = this.view.totals[seat];
      if (shown === null || total <= 21 || (!ended && (before?.view.totals[seat] ?? 0) > 21)) continue; // not over, or over already
      const words = `Bust! ${total}`;
      callouts.push({ text: words, at: (L) => this.overTotal(L, seat, words), start: shown, ms: REVEAL_HOLD_MS, tone: "bad" });
    }
    const end = Math.max(t, shown === null ? 0 : shown + REVEAL_HOLD_MS, banner ? banner.start + BANNER_MS : 0);
    return { began: performance.now(), steps, banner, callouts, end };
  }

  /**
   * Where a callout of `words` about a side's total goes: its plate starting at the total's tag, over the tag
   * and what follows it on the plate (the name before it stays in sight). The plate's size is the one the
   * table's callouts take (TableRenderer.calloutsAt: 15px letters on a narrow canvas, else 18px).
   * @param {GritLayout} layout
   * @param {number} seat
   * @param {string} words
   * @returns {Rect}
   */
  overTotal(layout, seat, words) {
    const tag = this.plateParts(layout, seat).total;
    const size = this.size.width < 500 ? 15 : 18;
    setFont(this.ctx, size, true);
    return { x: tag.x - 4, y: tag.y, w: this.ctx.measureText(words).width + size * 1.4, h: tag.h };
  }

  /**
   * Where a played card flies from: its slot in the mover's hand as it was drawn before the move.
   * @param {GritPlayEvent} event
   * @param {GritLayout | null} previous
   * @param {GritLayout} layout
   * @returns {Rect | null | undefined}
   */
  sourceOf(event, previous, layout) {
    if (!previous) return null;
    if (event.player !== layout.me) return previous.opponentHand.at(-1);
    const own = previous.myHand.length ? previous.myHand : previous.myBacks;
    return own.find((r) => r.card === event.card) ?? own[Math.floor(own.length / 2)];
  }

  /** The animation under way, as timeline() made it (null when still). */
  played() {
    return /** @type {GritTimeline | null} */ (this.animation);
  }

  /**
   * How the animation changes a pile's top card right now: hidden, shown as a back, or mid-flip.
   * @param {string} key
   * @param {number} elapsed
   * @returns {{hidden: true, flip?: undefined} | {flip: number, hidden?: undefined} | null}
   */
  topOverride(key, elapsed) {
    const animation = this.played();
    if (!animation) return null;
    for (const step of animation.steps) {
      if (step.kind === "move" && step.key === key && elapsed < step.start + MOVE_MS) return { hidden: true };
    }
    for (const step of animation.steps) {
      if (step.kind === "flip" && step.keys.has(key) && elapsed < step.start + FLIP_MS) {
        return { flip: clamp01((elapsed - step.start) / FLIP_MS) };
      }
    }
    return null;
  }

  /**
   * @param {GritLayout} layout
   * @param {number} elapsed
   */
  paint(layout, elapsed) {
    const { ctx } = this;
    this.drawBand(layout, elapsed);
    for (const seat of [layout.opp, layout.me]) this.drawPlate(layout, seat);
    for (const pile of layout.piles) this.drawPile(layout, pile, elapsed);
    for (const rect of [...layout.opponentHand, ...layout.myBacks]) this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h);
    this.drawHand(layout);
    if (this.animation) this.drawAnimation(layout, elapsed);
  }

  /**
   * The round's banner while it crosses the band (it takes the place of the band's two lines).
   * @param {number} elapsed
   */
  roundBanner(elapsed) {
    const round = this.played()?.banner;
    return round ? this.bannerAt([round], elapsed, BANNER_MS) : null;
  }

  /**
   * @param {GritLayout} layout
   * @param {number} elapsed
   */
  drawBand(layout, elapsed) {
    const { ctx, view } = this;
    const { band } = layout;
    ctx.fillStyle = "rgba(0, 0, 0, 0.18)";
    ctx.fillRect(band.x, band.y + 4, band.w, band.h - 8);
    ctx.strokeStyle = "rgba(217, 178, 95, 0.45)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(band.x, band.y + 4.5);
    ctx.lineTo(band.x + band.w, band.y + 4.5);
    ctx.moveTo(band.x, band.y + band.h - 4.5);
    ctx.lineTo(band.x + band.w, band.y + band.h - 4.5);
    ctx.stroke();

    if (this.roundBanner(elapsed)) return;
    const over = view.phase === "over";
    const roundText = over ? "THE DUEL IS OVER" : `ROUND ${view.round} OF ${view.rounds}`;
    const middle = band.x + band.w / 2;
    text(ctx, roundText, middle, band.y + 19, { size: 12, bold: true, color: BRASS, align: "center" });
    text(ctx, this.highlight.caption ?? "", middle, band.y + 37, { size: 15, align: "center" });
  }

  /**
   * Whether the marks are told in short words: when either plate has no room for the long ones (both read alike).
   * @param {GritLayout} layout
   */
  briefMarks(layout) {
    return [0, 1].some((seat) => this.plateParts(layout, seat, false).mark.brief);
  }

  /**
   * A plate's parts as they fit: the name (the short one when the full one leaves no room), its total's tag,
   * and at the plate's end the side's mark, ready or used (in short words on a narrow plate: it always shows).
   * @param {GritLayout} layout
   * @param {number} seat
   * @param {boolean} [brief] the marks in short words (by default, as the narrower plate needs)
   */
  plateParts(layout, seat, brief = this.briefMarks(layout)) {
    const { ctx, view } = this;
    const plate = layout.plates[seat];
    const mid = plate.y + plate.h / 2;
    const acting = view.to_act.includes(seat);
    const total = String(view.totals[seat]);
    setFont(ctx, 13, true);
    const badge = Math.max(26, ctx.measureText(total).width + 14);
    setFont(ctx, MARK_SIZE, true);
    const marks = markWords(view.mark_used[seat]).map((words) => ({ words, w: ctx.measureText(words).width + MARK_SIZE * 0.9 }));
    setFont(ctx, 15, true);
    const names = this.names[seat].map((n) => `${acting ? "▸ " : ""}${n}`);
    /** @type {[string, {words: string, w: number}][]} the longest words first */
    const every = [[names[0], marks[0]], [names[1], marks[0]], [names[0], marks[1]], [names[1], marks[1]]];
    const choices = every.slice(brief ? 2 : 0);
    const room = (/** @type {{w: number}} */ m) => plate.w - 10 - badge - 10 - m.w;
    const [name, mark] = choices.find(([n, m]) => ctx.measureText(n).width <= room(m)) ?? choices[choices.length - 1];
    const nameWidth = Math.min(ctx.measureText(name).width, room(mark)); // a name with no room left shrinks to fit
    const x = plate.x + nameWidth + 10;
    return {
      name, nameWidth, acting, mid, badge,
      total: { x, y: mid - 9.5, w: badge, h: 19, text: total },
      mark: { ...mark, brief: mark === marks[1], used: view.mark_used[seat], x: plate.x + plate.w - mark.w },
    };
  }

  /**
   * @param {GritLayout} layout
   * @param {number} seat
   */
  drawPlate(layout, seat) {
    const { ctx } = this;
    const { name, nameWidth, acting, mid, badge, total, mark } = this.plateParts(layout, seat);
    text(ctx, name, layout.plates[seat].x, mid, { size: 15, bold: true, color: acting ? BRASS : PARCHMENT, width: nameWidth });
    let x = total.x;
    pill(ctx, total.text, x + badge / 2, mid, { size: 13, minWidth: badge });
    x += badge + 8;
    const preview = this.highlight.preview;
    if (preview) { // what the total would become with the chosen card on the pile pointed at ("+?": unseen tops)
      const next = `→ ${preview.totals[seat]}${preview.hidden[seat] ? " +?" : ""}`;
      setFont(ctx, 13, true);
      if (x + ctx.measureText(next).width + 6 <= mark.x) {
        text(ctx, next, x, mid, { size: 13, bold: true, color: preview.owner === seat ? GOLD : PARCHMENT });
      }
    }
    pill(ctx, mark.words, mark.x + mark.w / 2, mid, mark.used
      ? { size: MARK_SIZE, fill: "rgba(0, 0, 0, 0.25)", edge: "rgba(217, 178, 95, 0.35)", color: FAINT, minWidth: mark.w }
      : { size: MARK_SIZE, fill: "#3b2614", edge: BRASS, color: CREAM, minWidth: mark.w });
  }

  /**
   * @param {GritLayout} layout
   * @param {PlacedPile} pile
   * @param {number} elapsed
   */
  drawPile(layout, pile, elapsed) {
    const { ctx } = this;
    const { slot } = pile;
    const key = pileKey([pile.owner, pile.index]);
    const target = this.highlight.targets.has(key);
    const lit = target && this.highlight.pointed === key;
    if (target) {
      const place = { ...pile.area, x: pile.area.x + 3, w: pile.area.w - 6 };
      if (lit) halo(ctx, place, 10, GOLD, 16);
      ctx.fillStyle = lit ? "rgba(255, 214, 120, 0.34)" : "rgba(255, 214, 120, 0.16)";
      roundedRect(ctx, place, 10);
      ctx.fill();
      if (lit) {
        ctx.strokeStyle = GOLD;
        ctx.lineWidth = 2.5;
        ctx.stroke();
      }
    }
    dashedOutline(ctx, slot, target ? { colour: GOLD, width: 2.5 } : {});

    const override = this.topOverride(key, elapsed);
    pile.cards.forEach(({ entry, x, y }, depth) => {
      const isTop = depth === pile.cards.length - 1;
      /** @type {CardLook} */
      let look = { code: entry.card, faceUp: !entry.face_down, sideways: entry.marked };
      if (isTop && override?.hidden) return;
      if (isTop && override?.flip !== undefined) {
        const p = override.flip;
        look = p < 0.5 ? { ...look, code: null, faceUp: false, squeeze: 1 - 2 * p } : { ...look, squeeze: 2 * p - 1 };
      }
      this.painter.draw(ctx, x, y, slot.w, slot.h, look);
    });
    this.drawPileNumber(slot, pile.index, target);
    const preview = this.highlight.targets.get(key);
    if (preview && !override) this.drawPreview(layout, pile, preview, lit);
  }

  /**
   * What the chosen card would make on this pile: both totals after it, the rival's over the viewer's as the
   * sides sit, the one that changes in gold with its arrow ("+?": tops the viewer cannot see), on a tag over
   * the foot of the pile's top card.
   * @param {GritLayout} layout
   * @param {PlacedPile} pile
   * @param {GritPreview} preview
   * @param {boolean} lit
   */
  drawPreview(layout, pile, preview, lit) {
    const { ctx } = this;
    /** @type {[number, string][]} */
    const sides = [[layout.opp, PREVIEW_SIDES.rival], [layout.me, PREVIEW_SIDES.mine]];
    const lines = sides.map(([seat, side]) => {
      const total = `${preview.totals[seat]}${preview.hidden[seat] ? " +?" : ""}`;
      const changes = preview.owner === seat;
      return { words: changes ? `${side} → ${total}` : `${side} ${total}`, changes };
    });
    const room = pile.area.w - 8;
    const largest = Math.min(15, Math.max(12, pile.slot.w * 0.12)); // in step with the cards
    setFont(ctx, largest, true);
    const widest = Math.max(...lines.map((line) => ctx.measureText(line.words).width));
    const size = widest + 10 > room ? Math.max(9, (largest * (room - 10)) / widest) : largest;
    const w = Math.min(room, (widest * size) / largest + 10);
    const lineH = size + 4;
    const h = 2 * lineH + 4;
    const top = pile.cards.at(-1) ?? pile.slot;
    const cx = pile.slot.x + pile.slot.w / 2;
    const tag = { x: cx - w / 2, y: top.y + pile.slot.h - h * 0.6, w, h };
    ctx.fillStyle = "rgba(24, 14, 6, 0.9)";
    ctx.strokeStyle = lit ? GOLD : BRASS;
    ctx.lineWidth = lit ? 2 : 1.2;
    roundedRect(ctx, tag, 6);
    ctx.fill();
    ctx.stroke();
    lines.forEach((line, i) => {
      text(ctx, line.words, cx, tag.y + 2 + lineH * (i + 0.5), { size, bold: true, color: line.changes ? GOLD : CREAM, align: "center" });
    });
  }

  /**
   * @param {Rect} slot
   * @param {number} index
   * @param {boolean} target
   */
  drawPileNumber(slot, index, target) {
    const { ctx } = this;
    const r = Math.max(8, slot.w * 0.11);
    const cx = slot.x + slot.w + r * 0.2;
    const cy = slot.y - r * 0.2;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    ctx.fillStyle = target ? GOLD : "#3b2614";
    ctx.fill();
    ctx.strokeStyle = BRASS;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    text(ctx, String(index + 1), cx, cy + 1, { size: Math.round(r * 1.15), bold: true, color: target ? "#2a1a0e" : CREAM, align: "center" });
  }

  /** @param {GritLayout} layout */
  drawHand(layout) {
    const { ctx } = this;
    const { selected, playable } = this.highlight;
    for (const rect of layout.myHand) {
      if (rect.card === selected) glow(ctx, rect, { size: 22 });
      this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { code: rect.card, faceUp: true });
      if (playable.size && !playable.has(rect.card)) dim(ctx, rect);
      else if (selected !== null && rect.card !== selected) dim(ctx, rect, 0.2); // the chosen card stands out
    }
  }

  /**
   * @param {GritLayout} layout
   * @param {number} elapsed
   */
  drawAnimation(layout, elapsed) {
    const { ctx, view } = this;
    for (const step of this.played()?.steps ?? []) {
      if (step.kind !== "move" || elapsed < step.start || elapsed >= step.start + MOVE_MS) continue;
      const t = ease((elapsed - step.start) / MOVE_MS);
      const [owner, index] = step.key.split(",").map(Number);
      const entry = view.piles[owner][index].cards.at(-1);
      const known = entry.face_down ? entry.card : null;
      const r = lerpRect(step.from, step.to, t);
      this.painter.draw(ctx, r.x, r.y, r.w, r.h, { code: known, faceUp: false, sideways: entry.marked && t > 0.5 });
    }
    const round = this.roundBanner(elapsed);
    if (round) {
      const { band } = layout;
      banner(ctx, round.text, { x: band.x + 6, y: band.y + 6, w: band.w - 12, h: band.h - 12 }, (elapsed - round.start) / BANNER_MS);
    }
  }
}
