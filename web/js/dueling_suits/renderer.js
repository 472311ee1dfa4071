// Draws the Dueling Suits table from a view (and nothing else) and animates the events that led to it:
// leads sliding face down into their slots, the reveal flip (held, each lead's action named beside it), chain
// cards joining a lane one by one, the health bars moving when a turn resolves (its damage and healing named
// over each side's health row), draws from the deck. It never decides what is legal or what
// a card does: the table passes which hand cards are playable and whether passing is on offer (from the
// bridge's `legal`), and every number drawn (powers, chain additions, health) comes from the view.
import { TableRenderer } from "../table-renderer.js";
import { layoutTable, laneContent } from "./layout.js";
import { laneLabel, chainTag, duel } from "./texts.js";
import { paintHealth, paintToken, paintBonus, paintChip, paintPower } from "./pieces.js";
import {
  BRASS, PARCHMENT, FAINT, GOLD, ease, clamp01, contains, text, pill, ribbon, glow, dim, dashedOutline,
  roundedRect, setFont, halo,
} from "../canvas-kit.js";

const FLY_MS = 300;
const FLIP_MS = 340;
const REVEAL_HOLD_MS = 1000; // both leads stay face up, each named by its action, before anyone may chain
const PASS_MS = 300; // a pass is told by its banner, which stays while the turn resolves
const HEALTH_MS = 700;
const CHANGE_MS = 1000; // the damage and healing of a turn, named over each side's health row
const BANNER_MS = 1000;

/** @typedef {import("./shapes.js").DuelView} DuelView */
/** @typedef {import("./shapes.js").DuelEvent} DuelEvent */
/** @typedef {ReturnType<typeof layoutTable>} DuelLayout */
/** @typedef {DuelLayout["lanes"][number]} Lane */
/** @typedef {import("../canvas-kit.js").Box} Rect */
/** @typedef {import("../card-painter.js").CardLook} CardLook */
/** @typedef {(layout: DuelLayout) => Rect} Place where something sits, for the layout of the moment */
/** @typedef {"good" | "bad" | "plain"} Tone */
/**
 * @typedef {object} DuelTimeline
 * @property {number} began
 * @property {{from: Place, to: Place, start: number, dur: number, look: CardLook}[]} flights
 * @property {{key: string, at: Place, code: string, start: number}[]} flips
 * @property {{key: string, until: number}[]} hidden  static cards not drawn until their flight lands
 * @property {{text: string, start: number}[]} banners
 * @property {{text: string, at: Place, start: number, ms: number, tone: Tone}[]} callouts
 * @property {{start: number, before: number[], after: number[]} | null} health  the bars' move as a turn resolves
 * @property {number | null} resolveAt
 * @property {number} end
 */
/** @typedef {{lead: number} | {chain: [number, number]}} Spot a lead, or a chain card (seat, index) */

/** A lead's action as a callout names it: "Block", "All-out", "Cautious", "Heal" (its suit's, DUEL-1). */
const actionName = (/** @type {string} */ code) => {
  const action = duel().short_actions[code.slice(-1)];
  return action.charAt(0).toUpperCase() + action.slice(1);
};

/** The empty felt of a lane right of its lead, where the chain cards will go: a lead's action is named there. */
const besideLead = (/** @type {Lane} */ lane) => {
  const x = lane.lead.x + lane.lead.w;
  return { x, y: lane.lead.y, w: lane.badge.x - x, h: lane.lead.h };
};

/**
 * A side's damage and healing in a turn as a callout over its health row ("−5", "+3", "−4 +6"): red when it lost
 * more than it healed; null when nothing changed.
 * @param {number} damage
 * @param {number} heal
 * @returns {{text: string, tone: Tone} | null}
 */
function healthChange(damage, heal) {
  const parts = [...(damage ? [`−${damage}`] : []), ...(heal ? [`+${heal}`] : [])];
  return parts.length ? { text: parts.join(" "), tone: damage > heal ? "bad" : "good" } : null;
}

export class DuelingSuitsRenderer extends TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    super(canvas, painter, { playable: new Set(), pass: false, caption: "" });
    this.resize();
  }

  layout() {
    return layoutTable(this.size.width, this.size.height, this.view, this.perspective, this.highlight.pass);
  }

  /**
   * What is under a point given in client (viewport) coordinates: a hand card, the pass target or the chart chip.
   * @param {number} clientX
   * @param {number} clientY
   * @returns {{kind: "hand", card: string | null} | {kind: "pass"} | {kind: "chart"} | null}
   */
  hitTest(clientX, clientY) {
    if (!this.view) return null;
    const { x, y } = this.canvasPoint(clientX, clientY);
    const layout = this.layout();
    const card = [...layout.myHand].reverse().find((rect) => contains(this.lifted(rect), x, y));
    if (card) return { kind: "hand", card: card.card };
    const pass = layout.lanes[layout.me].pass;
    if (pass && contains(pass, x, y)) return { kind: "pass" };
    if (contains(layout.chart, x, y)) return { kind: "chart" };
    return null;
  }

  /**
   * The spotlight's spots are a lead ({lead: seat}) or a chain card ({chain: [seat, index]}).
   * @param {DuelLayout} layout
   * @param {Spot[]} spots
   */
  spotRects(layout, spots) {
    return spots.map((spot) => ("lead" in spot ? layout.lanes[spot.lead].lead : layout.lanes[spot.chain[0]].chains[spot.chain[1]]));
  }

  /**
   * Rectangles in viewport CSS pixels: the viewer's hand, every card drawn as a back in a hand, both lead
   * slots and chain cards with what lies there as far as the viewer knows, the pass target (null unless
   * on offer) and the suit-table chip.
   */
  hitboxes() {
    if (!this.view) return { hand: [], backs: [], slots: [], chains: [], pass: null, chart: null };
    const at = this.toViewport();
    const layout = this.layout();
    const { playable } = this.highlight;
    const pass = layout.lanes[layout.me].pass;
    return {
      hand: layout.myHand.map((r) => ({ card: r.card, playable: playable.has(r.card), ...at(this.lifted(r)) })),
      backs: [
        ...layout.opponentHand.map((r) => ({ owner: layout.opp, card: null, faceUp: false, ...at(r) })),
        ...layout.myBacks.map((r) => ({ owner: layout.me, card: null, faceUp: false, ...at(r) })),
      ],
      slots: [layout.opp, layout.me].map((owner) => {
        const { lead, faceUp, committed, faded } = laneContent(this.view, owner);
        return { owner, card: lead, faceUp, committed, faded, ...at(layout.lanes[owner].lead) };
      }),
      chains: [layout.opp, layout.me].flatMap((owner) => laneContent(this.view, owner).chains.map((entry, i) => ({
        owner, ...entry, ...at(layout.lanes[owner].chains[i]),
      }))),
      pass: pass ? at(pass) : null,
      chart: at(layout.chart),
    };
  }

  /**
   * A playable hand card is drawn lifted.
   * @param {Rect & {card: string | null}} rect
   */
  lifted(rect) {
    return this.highlight.playable.has(rect.card) ? { ...rect, y: rect.y - this.layout().raise } : rect;
  }

  // --- animation ----------------------------------------------------------------------------
  /**
   * The animation of `events`; targets are functions of the layout (the canvas may resize meanwhile).
   * @param {DuelEvent[]} events
   * @param {{view: DuelView, layout: DuelLayout} | null} previous
   * @returns {DuelTimeline}
   */
  timeline(events, previous) {
    const before = previous?.layout ?? this.layout();
    /** @type {DuelTimeline["flights"]} */
    const flights = [];
    /** @type {DuelTimeline["flips"]} */
    const flips = [];
    /** @type {DuelTimeline["hidden"]} */
    const hidden = [];
    /** @type {DuelTimeline["banners"]} */
    const banners = [];
    /** @type {DuelTimeline["callouts"]} */
    const callouts = []; // the leads' actions, the turn's damage and healing
    /** @type {DuelTimeline["health"]} */
    let health = null;
    /** @type {number | null} */
    let resolveAt = null;
    let t = 0;
    /** @type {(rect: Rect) => Place} */
    const fixed = (rect) => () => rect;
    /** @type {(seat: number, code: string | null) => Rect} */
    const handRect = (seat, code) => {
      if (seat === before.me) {
        const own = before.myHand.length ? before.myHand : before.myBacks;
        return own.find((r) => r.card === code) ?? own[Math.floor(own.length / 2)] ?? before.plates[seat];
      }
      return before.opponentHand.at(-1) ?? before.plates[seat];
    };
    /** @type {(from: Place, to: Place, look: CardLook) => void} */
    const fly = (from, to, look) => flights.push({ from, to, start: t, dur: FLY_MS, look });
    for (const event of events) {
      if (event.type === "lead") {
        const seat = event.player;
        fly(fixed(handRect(seat, event.card)), (L) => L.lanes[seat].lead, { code: event.card, faceUp: false });
        hidden.push({ key: `lead:${seat}`, until: t + FLY_MS });
        t += FLY_MS;
      } else if (event.type === "reveal") {
        event.cards.forEach((code, q) => {
          hidden.push({ key: `lead:${q}`, until: t + FLIP_MS });
          if (!code) return; // both leads are in when they turn up (DUEL-4)
          flips.push({ key: `lead:${q}`, at: (L) => L.lanes[q].lead, code, start: t });
          callouts.push({ text: actionName(code), at: (L) => besideLead(L.lanes[q]), start: t + FLIP_MS, ms: REVEAL_HOLD_MS, tone: "plain" });
        });
        t += FLIP_MS + REVEAL_HOLD_MS;
      } else if (event.type === "chain") {
        const seat = event.player;
        /** @type {Place} */
        const to = (L) => {
          const index = laneContent(this.view, seat).chains.findIndex((c) => c.card === event.card);
          return L.lanes[seat].chains[index] ?? L.lanes[seat].lead;
        };
        fly(fixed(handRect(seat, event.card)), to, { code: event.card, faceUp: true });
        hidden.push({ key: `chain:${event.card}`, until: t + FLY_MS });
        t += FLY_MS + 120;
      } else if (event.type === "pass") {
        const seat = event.player;
        banners.push({ text: `${this.names[seat]?.[1] ?? ""} ${seat === this.view.viewer ? "pass" : "passes"}`, start: t });
        t += PASS_MS;
      } else if (event.type === "resolve") {
        resolveAt = t;
        health = { start: t, before: event.health_before, after: event.health_after };
        for (const q of [0, 1]) {
          const said = healthChange(event.damage[q], event.heal[q]);
          if (said) callouts.push({ ...said, at: (L) => L.health[q].delta, start: t, ms: CHANGE_MS });
        }
        t += HEALTH_MS;
      } else if (event.type === "reshuffle") {
        banners.push({ text: "The discards are shuffled into a new deck", start: t });
        t += 600;
      } else if (event.type === "turn") {
        banners.push({ text: `Turn ${event.turn}`, start: t });
      } else if (event.type === "draw") {
        const seat = event.player;
        for (let i = 0; i < event.count; i++) {
          const code = event.cards?.[i] ?? null;
          /** @type {Place} */
          const to = (L) => {
            const hand = seat === L.me ? [...L.myHand, ...L.myBacks] : L.opponentHand;
            return hand.find((r) => code && "card" in r && r.card === code) ?? hand.at(-1 - i) ?? L.deck;
          };
          flights.push({ from: (L) => L.deck, to, start: t + i * 90, dur: FLY_MS, look: { code: null, faceUp: false } });
          if (code && seat === before.me) hidden.push({ key: `hand:${code}`, until: t + i * 90 + FLY_MS });
        }
        t += FLY_MS * 0.5 + event.count * 90;
      }
    }
    const end = Math.max(t, ...banners.map((b) => b.start + BANNER_MS), ...callouts.map((c) => c.start + c.ms));
    return { began: performance.now(), flights, flips, hidden, banners, callouts, health, resolveAt, end };
  }

  /** The animation under way, as timeline() made it (null when still). */
  played() {
    return /** @type {DuelTimeline | null} */ (this.animation);
  }

  /**
   * @param {string} key
   * @param {number} elapsed
   */
  isHidden(key, elapsed) {
    return this.played()?.hidden.some((h) => h.key === key && elapsed < h.until) ?? false;
  }

  /**
   * The health shown for `seat` now: the view's, or on its way there while a turn resolves.
   * @param {number} seat
   * @param {number} elapsed
   */
  shownHealth(seat, elapsed) {
    const tween = this.played()?.health;
    if (!tween) return this.view.health[seat];
    const p = ease(clamp01((elapsed - tween.start) / HEALTH_MS));
    return Math.round(tween.before[seat] + (tween.after[seat] - tween.before[seat]) * p);
  }

  // --- drawing ------------------------------------------------------------------------------
  /**
   * @param {DuelLayout} layout
   * @param {number} elapsed
   */
  paint(layout, elapsed) {
    const { ctx } = this;
    for (const seat of [layout.opp, layout.me]) {
      this.drawPlate(layout, seat);
      this.drawHealth(layout, seat, elapsed);
      this.drawLane(layout, seat, elapsed);
    }
    this.drawBand(layout, elapsed);
    for (const rect of [...layout.opponentHand, ...layout.myBacks]) this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h);
    if (layout.opponentHand.length) {
      pill(ctx, String(layout.opponentHand.length), layout.handCount.x + layout.handCount.w / 2, layout.handCount.y + layout.handCount.h / 2, { size: 11 });
    }
    this.drawHand(layout, elapsed);
    if (this.animation) this.drawAnimation(layout, elapsed);
  }

  /**
   * @param {DuelLayout} layout
   * @param {number} seat
   */
  drawPlate(layout, seat) {
    const { ctx, view } = this;
    const plate = layout.plates[seat];
    const mid = plate.y + plate.h / 2;
    const acting = view.to_act.includes(seat);
    const token = view.initiative === seat && view.phase !== "over";
    const tokenWidth = token ? 92 : 0;
    const [full, short] = this.names[seat] ?? ["", ""];
    const font = layout.font + 3;
    setFont(ctx, font, true);
    let name = `${acting ? "▸ " : ""}${full}`;
    if (ctx.measureText(name).width > plate.w - tokenWidth) name = `${acting ? "▸ " : ""}${short}`;
    const width = text(ctx, name, plate.x, mid, { size: font, bold: true, color: acting ? BRASS : PARCHMENT });
    if (token) paintToken(ctx, plate.x + width + 10, mid);
  }

  /**
   * @param {DuelLayout} layout
   * @param {number} seat
   * @param {number} elapsed
   */
  drawHealth(layout, seat, elapsed) {
    const { view } = this;
    const last = view.last;
    const tween = this.played()?.health;
    const settled = !tween || elapsed >= tween.start + CHANGE_MS; // the callout names it first
    const change = last && settled ? { heal: last.heal[seat], damage: last.damage[seat], before: last.health_before[seat] } : null;
    paintHealth(this.ctx, layout.health[seat], {
      health: this.shownHealth(seat, elapsed), start: view.start_health, max: view.max_health, change,
    });
  }

  /**
   * @param {DuelLayout} layout
   * @param {number} seat
   * @param {number} elapsed
   */
  drawLane(layout, seat, elapsed) {
    const { ctx, view } = this;
    const lane = layout.lanes[seat];
    const content = laneContent(view, seat);
    const resolveAt = this.played()?.resolveAt;
    const resolving = resolveAt !== null && resolveAt !== undefined && elapsed < resolveAt;
    const faded = content.faded && !resolving;
    const chaining = view.phase === "chain" && view.chain_turn === seat;
    if (chaining) {
      ctx.fillStyle = "rgba(217, 178, 95, 0.12)";
      roundedRect(ctx, lane.box, 10);
      ctx.fill();
      halo(ctx, lane.box, 10, GOLD, 6);
    }
    if (view.bonus[seat]) paintBonus(ctx, lane.bonus, view.bonus[seat]);

    dashedOutline(ctx, lane.lead);
    /** @type {(key: string, rect: Rect, look: CardLook) => void} */
    const draw = (key, rect, look) => {
      if (this.isHidden(key, elapsed)) return;
      ctx.save();
      if (faded) ctx.globalAlpha = 0.5;
      this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, look);
      ctx.restore();
    };
    if (content.lead || content.committed) draw(`lead:${seat}`, lane.lead, { code: content.lead, faceUp: content.faceUp });
    const roomy = lane.step >= 50;
    content.chains.forEach((entry, i) => {
      const rect = lane.chains[i];
      if (this.isHidden(`chain:${entry.card}`, elapsed)) return;
      draw(`chain:${entry.card}`, rect, { code: entry.card, faceUp: true });
      ctx.save();
      if (faded) ctx.globalAlpha = 0.6;
      const tag = chainTag(entry, roomy);
      setFont(ctx, 11, true);
      const w = ctx.measureText(tag).width + 10;
      pill(ctx, tag, rect.x + Math.min(w, lane.step) / 2 + 2, rect.y + rect.h - 10, {
        size: 11, minWidth: 0, fill: entry.full ? "#5a3f0c" : "#2a2a2a", edge: entry.full ? GOLD : "rgba(243, 234, 211, 0.5)",
      });
      ctx.restore();
    });
    if (lane.pass) {
      glow(ctx, lane.pass, { size: 10 });
      ctx.fillStyle = "#2a1a0e";
      roundedRect(ctx, lane.pass, lane.pass.w * 0.08);
      ctx.fill();
      text(ctx, "Pass", lane.pass.x + lane.pass.w / 2, lane.pass.y + lane.pass.h / 2, { size: Math.min(16, lane.pass.w * 0.3), bold: true, color: GOLD, align: "center" });
    }

    const total = view.phase === "chain" ? view.power[seat]?.total : content.lead && content.faceUp ? view.last?.powers[seat] : null;
    if (total !== null && total !== undefined) {
      ctx.save();
      if (faded) ctx.globalAlpha = 0.6;
      paintPower(ctx, lane.badge, total, chaining);
      ctx.restore();
    } else if (content.committed) paintPower(ctx, lane.badge, "?", false);

    const label = layout.labels[seat];
    const { text: line, last } = laneLabel(view, seat, this.names.map(([plate, subject]) => ({ plate, subject })));
    const size = layout.font;
    setFont(ctx, size, true);
    const fit = ctx.measureText(line).width > label.w ? Math.max(9, (size * label.w) / ctx.measureText(line).width) : size;
    text(ctx, line, label.x, label.y + label.h / 2, { size: fit, bold: true, color: last && !resolving ? FAINT : chaining ? GOLD : PARCHMENT });
  }

  /**
   * @param {DuelLayout} layout
   * @param {number} elapsed
   */
  drawBand(layout, elapsed) {
    const { ctx, view } = this;
    const { deck, discard } = layout;
    // An empty pile's place in fine dashes: in the usual ones a card this small is only a stray outline.
    const empty = { width: 1, dash: [3, 3] };
    if (view.deck > 0) this.painter.draw(ctx, deck.x, deck.y, deck.w, deck.h);
    else dashedOutline(ctx, deck, empty);
    text(ctx, String(view.deck), deck.x + deck.w + 4, deck.y + deck.h * 0.35, { size: 12, bold: true });
    text(ctx, "deck", deck.x + deck.w + 4, deck.y + deck.h * 0.8, { size: 9, color: FAINT });
    if (view.discard > 0) {
      ctx.save();
      ctx.globalAlpha = 0.5;
      this.painter.draw(ctx, discard.x, discard.y, discard.w, discard.h);
      ctx.restore();
    } else dashedOutline(ctx, discard, empty);
    text(ctx, String(view.discard), discard.x + discard.w + 4, discard.y + discard.h * 0.35, { size: 12, bold: true });
    text(ctx, "discard", discard.x + discard.w + 4, discard.y + discard.h * 0.8, { size: 9, color: FAINT });
    const prompt = this.highlight.caption ?? "";
    const animation = this.played();
    const crossed = animation && this.bannerAt(animation.banners, elapsed, BANNER_MS); // the caption waits
    if (prompt && !crossed) ribbon(ctx, prompt, layout.caption, { largest: 14, gold: this.highlight.playable.size > 0 });
    else if (!crossed) {
      const head = view.phase === "over" ? "THE DUEL IS OVER" : `TURN ${view.turn}`;
      text(ctx, head, layout.caption.x + layout.caption.w / 2, layout.caption.y + layout.caption.h / 2, { size: 12, bold: true, color: BRASS, align: "center" });
    }
    paintChip(ctx, layout.chart, "Suit table");
  }

  /**
   * @param {DuelLayout} layout
   * @param {number} elapsed
   */
  drawHand(layout, elapsed) {
    const { ctx } = this;
    const { playable } = this.highlight;
    for (const rect of layout.myHand) {
      if (this.isHidden(`hand:${rect.card}`, elapsed)) continue;
      const r = this.lifted(rect);
      if (playable.has(rect.card)) glow(ctx, r);
      this.painter.draw(ctx, r.x, r.y, r.w, r.h, { code: rect.card, faceUp: true });
      if (playable.size && !playable.has(rect.card)) dim(ctx, r);
    }
  }

  /**
   * @param {DuelLayout} layout
   * @param {number} elapsed
   */
  drawAnimation(layout, elapsed) {
    const animation = this.played();
    if (!animation) return;
    this.drawFlips(animation.flips, layout, elapsed, FLIP_MS);
    this.drawFlights(animation.flights, layout, elapsed);
    this.drawBanners(animation.banners, layout.caption, elapsed, BANNER_MS, 18);
  }
}
