// The Showdown's felt: the flip waiting for a cheat in the middle (each side's cards side by side with
// its total, and why the flip is enhanced or impaired), or, when nothing waits, the last flips the engine
// settled: an attack and its damage side by side, each with its verdict, the rule that decided it and the
// engine's sentence. While a flip waits and there is room, the last settled flips stay on a slim strip
// above it (and while the flips settled before it are named, they keep the middle: the new flip's cards turn
// after). Along the bottom, the hand of the character on screen. A new round, a complication and the end
// cross the felt as banners, once what was settled before them has been named. Draws the views it is given
// (../tombstone/fate-felt.js does the flips and names them).
import { FateRenderer, pendingStage, settledStage, VERDICT_FILL } from "../tombstone/fate-felt.js";
import { BRASS, CREAM, GOLD, coverTexts, pill, ribbon, setFont, text } from "../canvas-kit.js";
import { END_TITLES } from "./texts.js";

const PAD = 12;
const BANNER_MS = 1300;
const RECAP_H = 96; // the strip of the last settled flips above a waiting one
const CHAINS = new Set(["attack>damage", "damage>critical", "damage>scar_save", "hazard_save>damage", "damage>venom"]);

/**
 * @typedef {import("./shapes.js").ShowdownEvent} ShowdownEvent
 * @typedef {import("../tombstone/fate-felt.js").Rect} Rect
 */

/**
 * The last settled flips of a move that belong together (an attack and its damage), oldest first.
 * @param {import("./shapes.js").SettledEvent[] | undefined} last
 */
function settledGroup(last) {
  const settled = (last ?? []).filter((e) => e.type === "settled");
  const tail = settled.at(-1);
  if (!tail) return [];
  const before = settled.at(-2);
  return before && CHAINS.has(`${before.kind}>${tail.kind}`) ? [before, tail] : [tail];
}

/**
 * The words of a banner for an event, or "" when it brings none.
 * @param {ShowdownEvent} event
 */
function bannerText(event) {
  if (event.type === "round") return `Round ${event.round}`;
  if (event.type === "complication") return "A complication!";
  if (event.type === "end") return END_TITLES[event.end] ?? "";
  return "";
}

export class ShowdownRenderer extends FateRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    super(canvas, painter);
    /** @type {import("../tombstone/fate-felt.js").Stage[]} the last settled flips seen, kept while later views settle none */
    this.recent = [];
  }

  shown() {
    const group = settledGroup(this.view.last);
    if (group.length) this.recent = group.map((event) => settledStage(this.view, event));
  }

  layout() {
    const { width: W, height: H } = this.size;
    const handRow = this.placeHand(this.view);
    const bottom = handRow ? handRow.top : H - PAD;
    const waiting = this.holdingSettled() ? null : pendingStage(this.view);
    let top = PAD;
    /** @type {ReturnType<ShowdownRenderer["placeRecap"]>} */
    let recap = [];
    if (waiting && this.recent.length && bottom - top > 290) {
      recap = this.placeRecap(this.recent, { x: PAD, y: top, w: W - 2 * PAD, h: RECAP_H });
      top += RECAP_H + 8;
    }
    const area = { x: PAD, y: top, w: W - 2 * PAD, h: Math.max(60, bottom - top) };
    return { W, H, area, recap, stages: this.placeStages(waiting ? [waiting] : this.recent, area), handRow };
  }

  /**
   * The last settled flips on a slim strip: the title and verdict on a ribbon, each side's cards with its
   * name and total beside them (outside, away from the other side).
   * @param {import("../tombstone/fate-felt.js").Stage[]} stages
   * @param {Rect} area
   */
  placeRecap(stages, area) {
    const columns = stages.reduce((sum, s) => sum + s.sides.length, 0);
    const colW = area.w / columns;
    const ch = area.h - 28;
    const cw = ch / 1.4;
    const y = area.y + 24;
    let column = 0;
    return stages.map((stage) => {
      const rect = { x: area.x + colW * column, y: area.y, w: colW * stage.sides.length, h: area.h };
      const sides = stage.sides.map((side, i) => {
        const cx = area.x + colW * (column + i + 0.5);
        const span = side.cards.length * cw + (side.cards.length - 1) * cw * 0.12;
        const left = stage.sides.length === 2 && i === 0;
        const cards = side.cards.map((code, k) => ({ code, rect: { x: cx - span / 2 + k * cw * 1.12, y, w: cw, h: ch } }));
        /** @type {"right" | "left"} the side of the label that faces its cards */
        const align = left ? "right" : "left";
        return { side, cards, labelX: left ? cx - span / 2 - 10 : cx + span / 2 + 10, align, y };
      });
      column += stage.sides.length;
      return { stage, rect, sides, ch };
    });
  }

  /** @param {ReturnType<ShowdownRenderer["placeRecap"]>} recap */
  paintRecap(recap) {
    const { ctx } = this;
    for (const { stage, rect, sides, ch } of recap) {
      ribbon(ctx, `${stage.title} · ${stage.verdict}${stage.rule ? ` (${stage.rule})` : ""}`, { x: rect.x + 3, y: rect.y, w: rect.w - 6, h: 18 }, { largest: 11 });
      for (const { side, cards, labelX, align, y } of sides) {
        for (const card of cards) {
          const shown = side.cheat && card.code === side.covered ? side.cheat : card.code;
          this.painter.draw(ctx, card.rect.x, card.rect.y, card.rect.w, card.rect.h, { code: shown, faceUp: true });
        }
        text(ctx, `${side.name}${side.cheat ? " (cheated)" : ""}`, labelX, y + ch * 0.28, { size: 11, bold: true, color: side.win ? GOLD : CREAM, align });
        setFont(ctx, 10, true);
        const half = (ctx.measureText(side.total).width + 9) / 2;
        pill(ctx, side.total, align === "right" ? labelX - half : labelX + half, y + ch * 0.7, { size: 10, fill: side.win ? VERDICT_FILL : undefined, edge: side.win ? GOLD : BRASS });
      }
    }
  }

  /**
   * The spotlight's spots are sides ({side: index}) of the newest flip on the felt: its cards.
   * @param {ReturnType<ShowdownRenderer["layout"]>} layout
   * @param {{side: number}[]} spots
   */
  spotRects(layout, spots) {
    const stage = layout.stages.at(-1);
    return stage ? spots.flatMap(({ side }) => (stage.sides[side]?.cards ?? []).map((card) => card.rect)) : [];
  }

  /**
   * The flips as the fate felt plays them out, and a banner for each event that brings one, when it comes.
   * @param {ShowdownEvent[]} events
   */
  timeline(events) {
    const flips = super.timeline(events);
    /** @type {{text: string, start: number}[]} */
    const banners = [];
    events.forEach((event, i) => {
      const words = bannerText(event);
      const latest = banners.at(-1);
      const after = latest ? latest.start + BANNER_MS * 0.6 : 0;
      if (words) banners.push({ text: words, start: Math.max(flips?.moments[i] ?? 0, after) });
    });
    if (!flips && !banners.length) return null;
    const latest = banners.at(-1);
    const end = Math.max(flips?.end ?? 0, latest ? latest.start + BANNER_MS : 0);
    return { ...(flips ?? { fresh: [], callouts: [], moments: [], pendingFrom: 0 }), began: performance.now(), end, banners };
  }

  /**
   * @param {ReturnType<ShowdownRenderer["layout"]>} layout
   * @param {number} elapsed
   */
  paint(layout, elapsed) {
    const { area, recap, stages, handRow } = layout;
    const bannerPlace = { x: area.x, y: area.y + area.h * 0.42, w: area.w, h: 44 };
    const crossing = this.animation?.banners.length && elapsed !== Infinity && this.bannerAt(this.animation.banners, elapsed, BANNER_MS);
    if (crossing) coverTexts(this.ctx, bannerPlace); // the words under the banner wait for it to go
    if (recap.length) {
      this.ctx.fillStyle = "rgba(0, 0, 0, 0.18)";
      this.ctx.fillRect(area.x, recap[0].rect.y - 4, area.w, RECAP_H + 6);
      this.paintRecap(recap);
    }
    if (stages.length) this.paintStages(stages, elapsed);
    else if (this.highlight.caption) {
      ribbon(this.ctx, this.highlight.caption, { x: area.x + area.w * 0.08, y: area.y + area.h / 2 - 14, w: area.w * 0.84, h: 28 }, { largest: 14 });
    }
    this.paintHand(handRow);
    if (crossing) this.drawBanners(this.animation.banners, bannerPlace, elapsed, BANNER_MS, 26);
  }
}
