// The felt of the Dealer's table: along the top every deck of fate at the table (the Dealer's, then each
// character's, with what is left in it and the hand held); in the middle the flip that waits for cheats,
// each side's cards side by side (a cheat card laid over the card it covers) with the judged total, or,
// when nothing waits, the last flip settled with the engine's sentence; along the bottom the hand of the
// player who asked to see it. New cards turn face up one after another. Only draws the view it is given.
import { TableRenderer } from "../table-renderer.js";
import {
  BRASS, CREAM, FAINT, GOLD, PILL_TEXT, ease, clamp01, contains, glow, pill, ribbon, text, setFont, dashedOutline,
} from "../canvas-kit.js";
import { nameOf, pendingTitle } from "./texts.js";

const FLIP_MS = 520; // one card turning over
const STAGGER_MS = 180;
const PAD = 12;

/** The cards a batch of events turned face up (flips, cheats, the Black Joker's re-flip, a damage card). */
function freshCards(events) {
  const fresh = [];
  for (const event of events) {
    if (event.type === "flip") for (const side of event.sides) fresh.push(...side.cards);
    if (event.type === "cheat") fresh.push(event.card);
    if (event.type === "force") fresh.push(...(event.cards ?? []));
    if (event.type === "settled" && event.kind === "damage") fresh.push(event.result.cheat ?? event.result.card, ...(event.result.extra ? [event.result.extra] : []));
  }
  return fresh;
}

/** A judged flip's total in a few words: "DEX 4 → 11", "Red Joker", "Black Joker". */
function totalWords(flip, ability) {
  if (flip.auto === "failure") return "Black Joker: fails";
  if (flip.auto === "success") return "Red Joker: succeeds";
  return `${ability} ${flip.modifier} → ${flip.total}`;
}

/**
 * What the middle of the felt shows: the sides (name, cards, cheat over covered, a total line), a title
 * and, for a settled flip, the verdict and the engine's sentence.
 * @typedef {{name: string, cards: string[], cheat: string | null, covered: string | null, total: string, win?: boolean}} Side
 * @typedef {{title: string, sides: Side[], target: string, verdict: string, sentence: string, waiting: boolean, titleY?: number, room?: boolean}} Stage
 */

/** @returns {Stage | null} */
function stageOf(view) {
  if (view.pending) {
    const { pending } = view;
    const sides = pending.sides.map((s) => ({
      name: s.name, cards: s.cards, cheat: s.cheat, covered: s.covered,
      total: pending.kind === "damage" ? `damage ${(pending.context.weapon?.damage ?? []).join("/")} by tier` : totalWords(s.flip, s.ability),
    }));
    const target = pending.context.target !== undefined && typeof pending.context.target === "number" ? `needs ${pending.context.target}` : "";
    return { title: pendingTitle(view), sides, target, verdict: "", sentence: "", waiting: true };
  }
  const last = [...(view.last ?? [])].reverse().find((e) => e.type === "settled");
  if (!last) return null;
  const { result } = last;
  const who = nameOf(view, last.who);
  if (result.kind === "damage") {
    const cards = [result.card, ...(result.extra ? [result.extra] : [])];
    const side = { name: who, cards, cheat: result.cheat, covered: result.covered, total: result.rule === "black_joker" ? "Black Joker" : `tier ${result.tier}${result.bonus ? ` +${result.bonus}` : ""}` };
    const verdict = result.rule === "black_joker" ? "No damage" : `${result.total} damage to ${nameOf(view, last.other)}`;
    return { title: `${who}'s damage against ${nameOf(view, last.other)}`, sides: [side], target: "", verdict, sentence: last.sentence, waiting: false };
  }
  if (result.kind === "save") {
    const f = result.flip;
    const side = { name: who, cards: f.cards, cheat: f.cheat, covered: f.covered, total: totalWords(f, result.ability), win: result.success };
    return { title: `${who}: ${result.ability} against ${result.target}`, sides: [side], target: `needs ${result.target}`,
      verdict: result.success ? "Made it" : "Short", sentence: last.sentence, waiting: false };
  }
  const other = nameOf(view, last.other);
  const a = result.actor, o = result.other;
  return {
    title: `${who} against ${other}: ${result.ability}`,
    sides: [
      { name: who, cards: a.cards, cheat: a.cheat, covered: a.covered, total: totalWords(a, result.ability), win: result.actor_wins },
      { name: other, cards: o.cards, cheat: o.cheat, covered: o.covered, total: totalWords(o, result.ability), win: !result.actor_wins },
    ],
    target: "", verdict: `${result.actor_wins ? who : other} wins`, sentence: last.sentence, waiting: false,
  };
}

/** Words wrapped to `width` at `size`, at most `lines` lines (the last one cut with an ellipsis). */
function wrap(ctx, words, width, size, lines) {
  if (lines <= 0 || !words) return [];
  setFont(ctx, size);
  const out = [];
  let line = "";
  for (const word of words.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width > width && line) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1].replace(/\s+\S*$/, "")}…`;
  }
  return out;
}

export class TombstoneRenderer extends TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    super(canvas, painter, { cheatable: new Set(), chosen: null, caption: "" });
  }

  /** The participants whose decks are on the felt: the Dealer, then the party in seat order. */
  piles() {
    const view = this.view;
    return [
      { ref: "dealer", name: "Dealer", deck: view.dealer.deck, discard: view.dealer.discard.length, hand: null, status: "up" },
      ...view.party.map((p) => ({ ref: p.ref, name: p.sheet.name, deck: p.deck, discard: p.discard.length, hand: p.holds_hand ? p.hand_count : null, status: p.sheet.status })),
    ];
  }

  layout() {
    const { width: W, height: H } = this.size;
    const view = this.view;
    const piles = this.piles();
    const slot = (W - 2 * PAD) / piles.length;
    const pw = Math.max(26, Math.min(48, slot * 0.42, H * 0.09));
    const ph = pw * 1.4;
    const pileRow = piles.map((p, i) => ({ ...p, rect: { x: PAD + slot * i + (slot - pw) / 2, y: PAD, w: pw, h: ph }, slot: { x: PAD + slot * i, w: slot } }));
    const top = PAD + ph + 34;
    const holder = view.party.find((p) => Array.isArray(p.hand));
    let handRow = null;
    let bottom = H - PAD;
    if (holder) {
      const count = Math.max(1, holder.hand.length);
      const hw = Math.max(34, Math.min(70, (W - 2 * PAD) / (count * 1.12), H * 0.13));
      const hh = hw * 1.4;
      const gap = hw * 0.12;
      const span = count * hw + (count - 1) * gap;
      const y = H - PAD - hh;
      handRow = {
        name: holder.sheet.name, label: { x: W / 2, y: y - 13 },
        cards: holder.hand.map((code, i) => ({ code, rect: { x: (W - span) / 2 + i * (hw + gap), y, w: hw, h: hh } })),
      };
      bottom = y - 28;
    }
    const area = { x: PAD, y: top, w: W - 2 * PAD, h: Math.max(60, bottom - top) };
    const stage = stageOf(view);
    const sides = [];
    if (stage) {
      const n = stage.sides.length;
      const maxCards = Math.max(...stage.sides.map((s) => s.cards.length));
      const colW = area.w / n;
      const head = 50; // the title ribbon and the names
      const below = stage.waiting ? 36 : 62; // the totals, then the target or verdict
      const sentence = !stage.waiting && area.h > 300 ? 40 : 0;
      const ch = Math.max(44, Math.min(168, (area.h - head - below - sentence) / 1.2, ((colW * 0.8) / (maxCards + 0.35)) * 1.4));
      const cw = ch / 1.4;
      const block = head + ch * 1.2 + below + sentence;
      const cardsY = area.y + head + Math.max(0, (area.h - block) / 2);
      stage.sides.forEach((side, i) => {
        const cx = area.x + colW * (i + 0.5);
        const span = side.cards.length * cw + (side.cards.length - 1) * cw * 0.18;
        const cards = side.cards.map((code, k) => {
          const rect = { x: cx - span / 2 + k * cw * 1.18, y: cardsY, w: cw, h: ch };
          return { code, rect, covered: side.cheat && code === side.covered };
        });
        const cheat = side.cheat ? cards.find((c) => c.covered) : null;
        sides.push({ side, cx, cards, cheat: cheat ? { code: side.cheat, rect: { x: cheat.rect.x + cw * 0.22, y: cheat.rect.y + ch * 0.16, w: cw, h: ch } } : null,
          totalY: cardsY + ch * 1.2 + 12, nameY: cardsY - 12 });
      });
      stage.titleY = Math.max(area.y, cardsY - head);
      stage.room = sentence > 0;
    }
    return { W, H, pileRow, area, stage, sides, handRow };
  }

  timeline(events) {
    const fresh = freshCards(events);
    if (!fresh.length) return null;
    return { began: performance.now(), end: FLIP_MS + STAGGER_MS * (fresh.length - 1), fresh };
  }

  /** How far (0..1) a card of the flip area has turned over: 1 when still or not new. */
  turned(code, elapsed) {
    const fresh = this.animation?.fresh;
    if (!fresh || elapsed === Infinity) return 1;
    const index = fresh.indexOf(code);
    if (index < 0) return 1;
    return clamp01((elapsed - index * STAGGER_MS) / FLIP_MS);
  }

  /** A card turning face up: its back narrowing, then its face widening. */
  flipCard(rect, code, t) {
    const { ctx } = this;
    const lift = Math.sin(Math.PI * t) * rect.h * 0.06;
    if (t < 0.5) this.painter.draw(ctx, rect.x, rect.y - lift, rect.w, rect.h, { faceUp: false, squeeze: 1 - ease(t * 2) });
    else this.painter.draw(ctx, rect.x, rect.y - lift, rect.w, rect.h, { code, faceUp: true, squeeze: ease((t - 0.5) * 2) });
  }

  paint(layout, elapsed) {
    const { ctx } = this;
    const { W, pileRow, area, stage, sides, handRow } = layout;
    for (const pile of pileRow) {
      const { rect } = pile;
      if (pile.deck > 0) {
        if (pile.deck > 1) this.painter.draw(ctx, rect.x + 2, rect.y + 2, rect.w, rect.h, { faceUp: false });
        this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { faceUp: false });
      } else dashedOutline(ctx, rect);
      pill(ctx, String(pile.deck), rect.x + rect.w, rect.y + 4, { size: 10 });
      const label = pile.status === "dead" ? `${pile.name} †` : pile.name;
      const size = pile.slot.w < 70 ? 10 : 12;
      ctx.save();
      ctx.beginPath();
      ctx.rect(pile.slot.x, rect.y + rect.h, pile.slot.w, 34);
      ctx.clip();
      text(ctx, label, pile.slot.x + pile.slot.w / 2, rect.y + rect.h + 9, { size, bold: true, color: pile.ref === "dealer" ? GOLD : CREAM, align: "center" });
      const note = pile.hand === null ? `${pile.discard} discarded` : `hand ${pile.hand} · ${pile.discard} disc.`;
      text(ctx, note, pile.slot.x + pile.slot.w / 2, rect.y + rect.h + 22, { size: size - 1, color: FAINT, align: "center" });
      ctx.restore();
    }
    if (!stage) {
      ribbon(ctx, this.highlight.caption || "No flip yet: pick who acts below.", { x: area.x + area.w * 0.1, y: area.y + area.h / 2 - 14, w: area.w * 0.8, h: 28 }, { largest: 14 });
    } else {
      ribbon(ctx, stage.title, { x: area.x, y: stage.titleY, w: area.w, h: 24 }, { largest: 14, gold: stage.waiting });
      sides.forEach(({ side, cx, cards, cheat, totalY, nameY }, i) => {
        text(ctx, side.name, cx, nameY, { size: 13, bold: true, color: side.win ? GOLD : CREAM, align: "center" });
        for (const card of cards) {
          const t = this.turned(card.code, elapsed);
          if (card.covered && cheat) {
            this.painter.draw(ctx, card.rect.x, card.rect.y, card.rect.w, card.rect.h, { code: card.code, faceUp: true });
            ctx.fillStyle = "rgba(10, 30, 20, 0.35)";
            ctx.fillRect(card.rect.x, card.rect.y, card.rect.w, card.rect.h);
          } else this.flipCard(card.rect, card.code, t);
        }
        if (cheat) {
          const t = this.turned(cheat.code, elapsed);
          this.flipCard(cheat.rect, cheat.code, t);
          pill(ctx, "cheat", cheat.rect.x + cheat.rect.w, cheat.rect.y, { size: 10, fill: "rgba(70, 48, 10, 0.95)", edge: GOLD });
        }
        const shown = Math.min(1, ...cards.map((c) => this.turned(c.code, elapsed)));
        if (shown >= 1) pill(ctx, side.total, cx, totalY, { size: 13, fill: side.win ? "rgba(70, 48, 10, 0.95)" : undefined, edge: side.win ? GOLD : BRASS });
        if (i === 0 && sides.length === 2) text(ctx, "against", (cx + sides[1].cx) / 2, cards[0].rect.y + cards[0].rect.h / 2, { size: 13, bold: true, color: FAINT, align: "center" });
      });
      const lastY = Math.max(...sides.map((s) => s.totalY));
      if (stage.target) text(ctx, stage.target, area.x + area.w / 2, lastY + 22, { size: 12, bold: true, color: FAINT, align: "center" });
      const settled = elapsed === Infinity || !this.animation || elapsed >= this.animation.end;
      if (!stage.waiting && settled) {
        const y = lastY + (stage.target ? 40 : 28);
        if (stage.verdict) pill(ctx, stage.verdict, area.x + area.w / 2, y, { size: 14, fill: "rgba(70, 48, 10, 0.95)", edge: GOLD, color: PILL_TEXT });
        const room = stage.room ? area.y + area.h - (y + 14) : 0;
        const lines = wrap(ctx, stage.sentence, Math.min(area.w, 640), 12, Math.max(0, Math.min(3, Math.floor(room / 16))));
        lines.forEach((line, k) => text(ctx, line, area.x + area.w / 2, y + 22 + k * 16, { size: 12, color: CREAM, align: "center" }));
      }
    }
    if (handRow) {
      text(ctx, `${handRow.name}'s hand${this.highlight.cheatable.size ? ": tap a glowing card to cheat fate with it" : ""}`, handRow.label.x, handRow.label.y,
        { size: W < 420 ? 11 : 13, bold: true, color: GOLD, align: "center" });
      for (const card of handRow.cards) {
        const playable = this.highlight.cheatable.has(card.code);
        if (playable) glow(ctx, card.rect, { size: 10 });
        const chosen = this.highlight.chosen === card.code;
        this.painter.draw(ctx, card.rect.x, card.rect.y - (chosen ? 10 : 0), card.rect.w, card.rect.h, { code: card.code, faceUp: true });
      }
    }
  }

  /** What is under a client point: a hand card or a card of the waiting flip. */
  hitTest(clientX, clientY) {
    if (!this.view) return null;
    const { x, y } = this.canvasPoint(clientX, clientY);
    const layout = this.layout();
    for (const card of [...(layout.handRow?.cards ?? [])].reverse()) if (contains(card.rect, x, y)) return { kind: "hand", card: card.code };
    for (const side of layout.sides) for (const card of side.cards) if (contains(card.rect, x, y)) return { kind: "flip", card: card.code };
    return null;
  }

  /** Rectangles in viewport pixels, for tests: the piles, the flip's cards and the hand. */
  hitboxes() {
    if (!this.view) return null;
    const layout = this.layout();
    const toViewport = this.toViewport();
    return {
      piles: layout.pileRow.map((p) => ({ ref: p.ref, ...toViewport(p.rect) })),
      flip: layout.sides.flatMap((s) => s.cards.map((c) => ({ card: c.code, ...toViewport(c.rect) }))),
      hand: (layout.handRow?.cards ?? []).map((c) => ({ card: c.code, playable: this.highlight.cheatable.has(c.code), ...toViewport(c.rect) })),
    };
  }
}
