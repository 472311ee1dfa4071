// Draws the forge's felt from a view (and nothing else) and animates the events that led to it: each card
// of a draw leaving the deck face down and turning face up in its place one after another, jokers landing
// in the "set aside" spot, cards drawn again going to the discard pile, the name dice tumbling and settling.
// Every number shown (scores, HP, the name, the trait words, slots, money) comes from the view.
import { TableRenderer } from "../table-renderer.js";
import { layoutForge } from "./layout.js";
import { keptLine } from "./texts.js";
import { RED_SUITS, SUIT_SYMBOLS, dollars } from "../tombstone/sheet-view.js";
import {
  BRASS, CREAM, FAINT, GOLD, PARCHMENT, clamp01, contains, text, pill, ribbon, dashedOutline,
  roundedRect, setFont, halo,
} from "../canvas-kit.js";

const FLY_MS = 260;
const FLIP_MS = 220;
const STAGGER_MS = 190;
const DICE_MS = 700;
const BANNER_MS = 1100;
const SUIT_RED = "#ff8a80";

/**
 * @typedef {import("./layout.js").ForgeLayout} ForgeLayout
 * @typedef {import("./layout.js").Rect} Rect
 * @typedef {import("./layout.js").TraitPlace} TraitPlace
 * @typedef {import("./shapes.js").ForgeView} ForgeView
 * @typedef {import("./shapes.js").ForgeEvent} ForgeEvent
 * @typedef {import("../card-painter.js").CardLook} CardLook
 * @typedef {{from: (layout: ForgeLayout) => Rect, to: (layout: ForgeLayout) => Rect, start: number, dur: number, look: CardLook}} Flight
 * @typedef {{key: string, at: (layout: ForgeLayout) => Rect, code: string, start: number}} Flip
 */

/**
 * Shrink `string` to fit `width` at most `size` px (down to 9px).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {number} width
 * @param {number} size
 */
function fitted(ctx, string, width, size, bold = true) {
  setFont(ctx, size, bold);
  const natural = ctx.measureText(string).width;
  return natural > width ? Math.max(9, (size * width) / natural) : size;
}

/**
 * A name on one line, or two (split at the space nearest the middle) when one line would be too small.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} string
 * @param {number} width
 * @param {number} size
 */
function twoLines(ctx, string, width, size) {
  setFont(ctx, size, true);
  const spaces = [...string.matchAll(/ /g)].map((m) => m.index);
  if (ctx.measureText(string).width <= width || !spaces.length) return { text: [string], size: fitted(ctx, string, width, size) };
  const cut = spaces.reduce((best, i) => (Math.abs(i - string.length / 2) < Math.abs(best - string.length / 2) ? i : best));
  const parts = [string.slice(0, cut), string.slice(cut + 1)];
  return { text: parts, size: Math.min(...parts.map((part) => fitted(ctx, part, width, size))) };
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Rect} rect
 * @param {number} value
 */
function paintDie(ctx, rect, value, tilt = 0) {
  ctx.save();
  ctx.translate(rect.x + rect.w / 2, rect.y + rect.h / 2);
  ctx.rotate(tilt);
  const half = rect.w / 2;
  ctx.fillStyle = "#fffaf0";
  ctx.strokeStyle = "#cbbd9c";
  ctx.lineWidth = 2;
  ctx.shadowColor = "rgba(0, 0, 0, 0.45)";
  ctx.shadowBlur = 8;
  ctx.shadowOffsetY = 3;
  ctx.beginPath();
  ctx.roundRect(-half, -half, rect.w, rect.h, rect.w * 0.16);
  ctx.fill();
  ctx.shadowColor = "transparent";
  ctx.stroke();
  /** @type {Record<number, number[][]>} */
  const faces = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
  const spots = faces[value] ?? [];
  ctx.fillStyle = value === 1 ? "#b3121d" : "#17171c";
  for (const [dx, dy] of spots) {
    ctx.beginPath();
    ctx.arc(dx * half * 0.5, dy * half * 0.5, rect.w * 0.09, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.restore();
}

export class ForgeRenderer extends TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    super(canvas, painter, { caption: "", draw: false, traits: false });
    this.resize();
  }

  /** @returns {ForgeLayout} */
  layout() {
    return layoutForge(this.size.width, this.size.height, this.view);
  }

  /**
   * What is under a client point: the deck (when a draw is on offer) or a trait card (one trait again).
   * @param {number} clientX
   * @param {number} clientY
   */
  hitTest(clientX, clientY) {
    if (!this.view) return null;
    const { x, y } = this.canvasPoint(clientX, clientY);
    const layout = this.layout();
    if (contains(layout.deck, x, y)) return { kind: "deck" };
    const card = layout.cards.find((r) => contains(r, x, y));
    if (card?.slot.startsWith("trait:") && this.view.phase === "traits") return { kind: "trait", trait: card.slot.slice(6) };
    return null;
  }

  /** Rectangles in viewport pixels: the deck, the discard pile, the jokers set aside and every card face up. */
  hitboxes() {
    if (!this.view) return { deck: null, discard: null, aside: [], cards: [] };
    const at = this.toViewport();
    const layout = this.layout();
    return {
      deck: { count: this.view.deck, drawable: this.highlight.draw, ...at(layout.deck) },
      discard: { count: this.view.discard.length, ...at(layout.discard) },
      aside: layout.asideCards.map((r) => ({ card: r.card, ...at(r) })),
      cards: layout.cards.map((r) => ({ card: r.card, slot: r.slot, faceUp: r.faceUp, ...at(r) })),
    };
  }

  // --- animation ----------------------------------------------------------------------------
  /**
   * @param {ForgeEvent[]} events
   * @param {{view: ForgeView, layout: ForgeLayout} | null} before
   */
  timeline(events, before) {
    /** @type {Flight[]} */
    const flights = [];
    /** @type {Flip[]} */
    const flips = [];
    /** @type {{key: string, until: number}[]} */
    const hidden = [];
    /** @type {{text: string, start: number}[]} */
    const banners = [];
    /** @type {{start: number, values: number[]} | null} */
    let dice = null;
    let t = 0;
    const samePart = before && before.view.phase === this.view.phase;
    /**
     * @param {string} key
     * @param {(layout: ForgeLayout) => Rect} to
     * @param {string} code
     * @param {number} start
     */
    const land = (key, to, code, start) => {
      flights.push({ from: (L) => L.deck, to, start, dur: FLY_MS, look: { code: null, faceUp: false } });
      flips.push({ key, at: to, code, start: start + FLY_MS });
      hidden.push({ key, until: start + FLY_MS + FLIP_MS });
    };
    const toDiscard = (/** @type {Rect} */ rect, /** @type {string | undefined} */ code) => {
      flights.push({ from: () => rect, to: (L) => L.discard, start: t, dur: FLY_MS, look: { code, faceUp: true } });
    };
    for (const event of events) {
      if (event.type === "reshuffle") {
        banners.push({ text: "The deck ran out: the discards are shuffled back in", start: t });
        t += 600;
      } else if (event.type === "aside") {
        const key = `aside:${event.card}`;
        land(key, (L) => L.asideCards.find((r) => r.card === event.card) ?? L.aside[0], event.card, t);
        banners.push({ text: "A joker: set aside, draw on", start: t + FLY_MS });
        t += FLY_MS + FLIP_MS + 200;
      } else if (event.type === "drew") {
        if (event.trait && samePart) {
          const old = before.layout.cards.find((r) => r.slot === `trait:${event.trait}`);
          if (old) toDiscard(old, event.replaced);
          t += FLY_MS * 0.6;
        } else if (samePart && before.view.offer?.cards?.length) {
          for (const old of before.layout.cards) toDiscard(old, old.card);
          for (const old of before.layout.asideCards) toDiscard(old, old.card);
          t += FLY_MS + 60;
        }
        event.cards.forEach((code) => {
          const slotFor = (/** @type {ForgeLayout} */ L) => {
            if (event.trait) return L.cards.find((r) => r.slot === `trait:${event.trait}`);
            return L.cards.find((r) => r.card === code);
          };
          const key = event.trait ? `trait:${event.trait}` : this.keyOf(code);
          land(key, (L) => slotFor(L) ?? L.deck, code, t);
          t += STAGGER_MS;
        });
        t += FLY_MS + FLIP_MS;
      } else if (event.type === "rolled") {
        dice = { start: t, values: event.dice };
        t += DICE_MS;
      } else if (event.type === "accepted" && event.part !== "gear" && before && !samePart) {
        // The kept cards go off toward the sheet (beside the felt, or under it on a phone); jokers to the discards.
        const { width, height } = this.size;
        before.layout.cards.forEach((old, i) => {
          const away = before.layout.phone ? { ...old, y: height + 20 } : { ...old, x: width + 20 };
          flights.push({ from: () => old, to: () => away, start: t + i * 40, dur: FLY_MS + 120, look: { code: old.card, faceUp: true } });
        });
        for (const old of before.layout.asideCards) toDiscard(old, old.card);
      } else if (event.type === "bought" && event.full) {
        banners.push({ text: "Every slot full: 0 HP while it stays full", start: t });
      }
    }
    const end = Math.max(t, ...banners.map((b) => b.start + BANNER_MS), ...flights.map((f) => f.start + f.dur));
    return { began: performance.now(), flights, flips, hidden, banners, dice, end };
  }

  /**
   * The animation key of a card of the current draw.
   * @param {string} code
   */
  keyOf(code) {
    return this.layout().cards.find((r) => r.card === code)?.key ?? `card:${code}`;
  }

  /**
   * @param {string} key
   * @param {number} elapsed
   */
  isHidden(key, elapsed) {
    return this.animation?.hidden.some((/** @type {{key: string, until: number}} */ h) => h.key === key && elapsed < h.until) ?? false;
  }

  // --- drawing ------------------------------------------------------------------------------
  /**
   * @param {ForgeLayout} layout
   * @param {number} elapsed
   */
  paint(layout, elapsed) {
    const { ctx, view } = this;
    this.drawBand(layout, elapsed);
    if (view.phase === "stats") this.drawStats(layout);
    else if (view.phase === "name") this.drawName(layout, elapsed);
    else if (view.phase === "background") this.drawBackground(layout, elapsed);
    else if (view.phase === "traits") this.drawTraits(layout.traits, view.offer?.traits ?? {});
    else if (view.phase === "gear") this.drawGear(layout);
    else if (view.phase === "done") this.drawDone(layout);
    for (const rect of [...layout.asideCards, ...layout.cards]) {
      if (this.isHidden(rect.key, elapsed)) continue;
      this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { code: rect.card, faceUp: true });
    }
    if (layout.asideCards.length) {
      const first = layout.aside[0];
      text(ctx, "set aside", first.x + first.w + 4, first.y + first.h + 10, { size: 10, color: FAINT, align: "center" });
    }
    if (this.animation) this.drawAnimation(layout, elapsed);
  }

  /**
   * @param {ForgeLayout} layout
   * @param {number} elapsed
   */
  drawBand(layout, elapsed) {
    const { ctx, view } = this;
    const { deck, discard } = layout;
    if (this.highlight.draw) halo(ctx, { x: deck.x - 3, y: deck.y - 3, w: deck.w + 6, h: deck.h + 6 }, deck.w * 0.1, GOLD, 10);
    if (view.deck > 0) {
      if (view.deck > 1) this.painter.draw(ctx, deck.x + 2, deck.y - 2, deck.w, deck.h);
      this.painter.draw(ctx, deck.x, deck.y, deck.w, deck.h);
    } else dashedOutline(ctx, deck);
    text(ctx, String(view.deck), deck.x + deck.w + 7, deck.y + deck.h * 0.38, { size: 14, bold: true });
    text(ctx, "deck", deck.x + deck.w + 7, deck.y + deck.h * 0.7, { size: 10, color: FAINT });
    const top = view.discard.at(-1);
    if (top) {
      ctx.save();
      ctx.globalAlpha = 0.75;
      this.painter.draw(ctx, discard.x, discard.y, discard.w, discard.h, { code: top, faceUp: true });
      ctx.restore();
    } else dashedOutline(ctx, discard);
    text(ctx, String(view.discard.length), discard.x + discard.w + 7, discard.y + discard.h * 0.38, { size: 14, bold: true });
    text(ctx, "discard", discard.x + discard.w + 7, discard.y + discard.h * 0.7, { size: 10, color: FAINT });
    if (!layout.asideCards.length && view.phase === "stats") {
      for (const place of layout.aside) dashedOutline(ctx, place, { colour: "rgba(243, 234, 211, 0.14)" });
      const first = layout.aside[0];
      text(ctx, "jokers go here", first.x + first.w + 4, first.y + first.h + 10, { size: 10, color: "rgba(243, 234, 211, 0.45)", align: "center" });
    }
    const caption = this.highlight.caption ?? "";
    const crossed = this.animation && this.bannerAt(this.animation.banners, elapsed, BANNER_MS); // the caption waits
    if (caption && !crossed) ribbon(ctx, caption, layout.caption, { largest: layout.phone ? 13 : 15, gold: this.highlight.draw || this.highlight.traits });
  }

  /**
   * Four ability columns: the suit, the ability, its score and HP under GRT, the cards below.
   * @param {ForgeLayout} layout
   */
  drawStats(layout) {
    const { ctx, view } = this;
    const scores = view.offer?.abilities ?? null;
    for (const { ability, header, cardX } of layout.columns ?? []) {
      const red = RED_SUITS.has(ability.suit);
      const mid = header.x + header.w / 2;
      const size = Math.min(18, header.h * 0.36);
      text(ctx, `${ability.symbol} ${ability.id}`, mid, header.y + header.h * 0.3, { size, bold: true, color: red ? SUIT_RED : CREAM, align: "center" });
      if (scores) {
        const line = ability.id === "GRT" ? `${scores.GRT}  ·  HP ${view.offer.max_hp}` : String(scores[ability.id]);
        text(ctx, line, mid, header.y + header.h * 0.72, { size: size * 0.95, bold: true, color: GOLD, align: "center" });
      } else {
        text(ctx, ability.name, mid, header.y + header.h * 0.72, { size: size * 0.7, color: FAINT, align: "center" });
        const w = Math.min(header.w * 0.74, 120);
        dashedOutline(ctx, { x: cardX, y: header.y + header.h, w, h: Math.min(w * 1.4, layout.area.h - header.h - 6) });
      }
    }
  }

  /**
   * @param {ForgeLayout} layout
   * @param {number} elapsed
   */
  drawName(layout, elapsed) {
    const { ctx, view } = this;
    const { dice, name: box } = layout;
    if (!dice || !box) return; // not the name's part
    const offer = view.offer;
    const rolling = this.animation?.dice && elapsed < this.animation.dice.start + DICE_MS;
    /** @type {number[] | null} */
    const values = offer?.dice ?? null;
    dice.forEach((rect, i) => {
      if (rolling) {
        const p = clamp01((elapsed - this.animation.dice.start) / DICE_MS);
        const face = 1 + (Math.floor(elapsed / 70) + i * 3) % 6;
        const bounce = Math.abs(Math.sin(p * Math.PI * 3)) * (1 - p) * rect.h * 0.5;
        paintDie(ctx, { ...rect, y: rect.y - bounce }, p > 0.85 && values ? values[i] : face, (1 - p) * (i ? -1.2 : 1.4));
      } else if (values) paintDie(ctx, rect, values[i]);
      else dashedOutline(ctx, rect);
    });
    const mid = box.x + box.w / 2;
    if (offer?.name && !rolling) {
      const size = fitted(ctx, offer.name, box.w, Math.min(44, box.h * 0.55));
      text(ctx, offer.name, mid, box.y + box.h * 0.35, { size, bold: true, color: GOLD, align: "center" });
      const sum = values ? `${values[0]} + ${values[1]} = ${values[0] + values[1]} on ${view.name_columns[offer.column] ?? offer.column}` : "";
      text(ctx, sum, mid, box.y + box.h * 0.8, { size: Math.min(14, box.h * 0.18), color: FAINT, align: "center" });
    } else if (!offer) {
      text(ctx, "2d6 on a column of names", mid, box.y + box.h * 0.35, { size: Math.min(16, box.h * 0.22), color: FAINT, align: "center" });
    }
  }

  /**
   * @param {ForgeLayout} layout
   * @param {number} elapsed
   */
  drawBackground(layout, elapsed) {
    const { ctx, view } = this;
    if (!layout.background) return; // not the background's part
    const { card, text: line } = layout.background;
    if (!view.offer) dashedOutline(ctx, card);
    const shown = view.offer?.background;
    const landing = layout.cards[0] && this.isHidden(layout.cards[0].key, elapsed);
    if (shown && !landing) {
      const size = fitted(ctx, shown, line.w, Math.min(30, line.h * 0.9));
      text(ctx, shown, line.x + line.w / 2, line.y + line.h / 2, { size, bold: true, color: GOLD, align: "center" });
    }
  }

  /**
   * The eight traits: the trait and its suit over its card, the word it gives under it.
   * @param {TraitPlace[] | null} places
   * @param {Record<string, string>} words
   */
  drawTraits(places, words) {
    const { ctx, view } = this;
    for (const place of places ?? []) {
      const { trait, label, card, word } = place;
      const red = RED_SUITS.has(trait.suit);
      const size = fitted(ctx, `${SUIT_SYMBOLS[trait.suit]} ${trait.label}`, label.w - 4, Math.min(14, label.h * 0.8));
      text(ctx, `${SUIT_SYMBOLS[trait.suit]} ${trait.label}`, label.x + label.w / 2, label.y + label.h / 2, { size, bold: true, color: red ? SUIT_RED : CREAM, align: "center" });
      if (!view.offer) {
        dashedOutline(ctx, card);
        continue;
      }
      if (this.highlight.traits) halo(ctx, { x: card.x - 2, y: card.y - 2, w: card.w + 4, h: card.h + 4 }, card.w * 0.1, GOLD, 6);
      const value = words[trait.id] ?? "";
      const wsize = fitted(ctx, value, word.w - 4, Math.min(14, word.h * 0.85));
      text(ctx, value, word.x + word.w / 2, word.y + word.h / 2, { size: wsize, bold: true, color: GOLD, align: "center" });
    }
  }

  /**
   * The slots (bulky items over two; a pack beast's after the character's ten, outlined in gold: TS-25), the
   * money, the package taken and what is kept beside the inventory (beasts, hirelings, board).
   * @param {ForgeLayout} layout
   */
  drawGear(layout) {
    const { ctx, view } = this;
    const slots = layout.slots;
    if (!slots) return; // not the gear's part
    const first = slots[0];
    const headY = first.y - Math.min(22, layout.area.h * 0.07);
    const used = view.slots.used;
    const head = `Inventory: ${used} of ${view.slots.total} slots${view.slots.full ? " (full: 0 HP)" : ""}`;
    text(ctx, head, layout.area.x + layout.area.w / 2, headY, { size: Math.min(16, first.h * 0.3), bold: true, color: view.slots.full ? "#ff9f80" : BRASS, align: "center" });
    let index = 0;
    const items = view.sheet.inventory;
    slots.forEach((rect, n) => dashedOutline(ctx, rect, { colour: n < 10 ? "rgba(243, 234, 211, 0.25)" : "rgba(217, 164, 65, 0.6)" }));
    items.forEach((/** @type {import("./shapes.js").Item} */ item) => {
      for (let k = 0; k < item.slots && index < slots.length; k++, index++) {
        const rect = slots[index];
        ctx.fillStyle = item.kind === "weapon" ? "rgba(110, 26, 29, 0.9)" : "rgba(42, 26, 14, 0.92)";
        roundedRect(ctx, rect, 8);
        ctx.fill();
        ctx.strokeStyle = BRASS;
        ctx.lineWidth = 1.2;
        ctx.stroke();
        const name = k === 0 ? item.name : "(bulky)";
        const lines = twoLines(ctx, name, rect.w - 10, Math.min(13, rect.h * 0.26));
        lines.text.forEach((line, n) => {
          const y = rect.y + rect.h * (lines.text.length === 1 ? 0.4 : 0.28 + n * 0.24);
          text(ctx, line, rect.x + rect.w / 2, y, { size: lines.size, bold: true, color: PARCHMENT, align: "center" });
        });
        if (k === 0 && item.kind === "weapon") {
          text(ctx, (item.damage ?? []).join("/"), rect.x + rect.w / 2, rect.y + rect.h * 0.72, { size: Math.min(11, rect.h * 0.22), color: GOLD, align: "center" });
        }
      }
    });
    for (; index < used && index < slots.length; index++) {
      const rect = slots[index];
      ctx.fillStyle = "rgba(0, 0, 0, 0.4)";
      roundedRect(ctx, rect, 8);
      ctx.fill();
    }
    const last = slots[slots.length - 1];
    const below = last.y + last.h + Math.min(34, layout.area.h * 0.12);
    const package_ = view.gear === "standard" ? "Starting gear and the shop" : (view.packages.find((/** @type {import("./shapes.js").ForgePackage} */ p) => p.id === view.gear)?.name ?? view.gear);
    pill(ctx, `Money ${dollars(view.sheet.money)}`, layout.area.x + layout.area.w / 2, below, { size: 15 });
    text(ctx, package_, layout.area.x + layout.area.w / 2, below + 28, { size: 12, color: FAINT, align: "center" });
    const kept = keptLine(view.sheet);
    if (kept) text(ctx, kept, layout.area.x + layout.area.w / 2, below + 46, { size: 12, color: GOLD, align: "center", width: layout.area.w });
  }

  /**
   * Done: the cards that made the character, with the name over them.
   * @param {ForgeLayout} layout
   */
  drawDone(layout) {
    const { ctx, view } = this;
    const done = layout.done;
    if (!done) return; // not done yet
    for (const { ability, header } of done.columns) {
      const red = RED_SUITS.has(ability.suit);
      const size = fitted(ctx, `${ability.symbol} ${ability.id} 0`, header.w - 4, 15);
      text(ctx, `${ability.symbol} ${ability.id} ${view.sheet.abilities[ability.id]}`, header.x + header.w / 2, header.y + header.h * 0.5, { size, bold: true, color: red ? SUIT_RED : CREAM, align: "center" });
    }
    const bg = done.backgroundLabel;
    text(ctx, "Background", bg.x + bg.w / 2, bg.y + bg.h * 0.5, { size: fitted(ctx, "Background", bg.w, 13), bold: true, color: CREAM, align: "center" });
    if (!view.sheet.made?.background?.card) {
      const place = done.background;
      dashedOutline(ctx, place);
      text(ctx, "written", place.x + place.w / 2, place.y + place.h * 0.45, { size: Math.min(12, place.w * 0.2), color: FAINT, align: "center" });
      text(ctx, "in", place.x + place.w / 2, place.y + place.h * 0.58, { size: Math.min(12, place.w * 0.2), color: FAINT, align: "center" });
    }
    for (const { trait, label, word } of done.traits) {
      const size = fitted(ctx, trait.label, label.w - 2, 12);
      text(ctx, trait.label, label.x + label.w / 2, label.y + label.h / 2, { size, bold: true, color: RED_SUITS.has(trait.suit) ? SUIT_RED : CREAM, align: "center" });
      const value = view.sheet.traits[trait.id];
      text(ctx, value, word.x + word.w / 2, word.y + word.h / 2, { size: fitted(ctx, value, word.w - 2, 13), bold: true, color: GOLD, align: "center" });
    }
  }

  /**
   * @param {ForgeLayout} layout
   * @param {number} elapsed
   */
  drawAnimation(layout, elapsed) {
    this.drawFlips(this.animation.flips, layout, elapsed, FLIP_MS);
    this.drawFlights(this.animation.flights, layout, elapsed);
    this.drawBanners(this.animation.banners, layout.caption, elapsed, BANNER_MS, layout.phone ? 13 : 16);
  }
}
