// The flips of Tombstone on the felt, for every table of the family: a stage shows one flip (the one
// waiting for cheats, or one the engine has settled) as its sides' cards side by side, a cheat card laid
// over the card it covers, each side's judged total, and for a settled flip the verdict, the rule that
// decided it and the engine's sentence. Several stages sit side by side (an attack and its damage). Along
// the bottom, the hand of the player whose view is drawn, its cards glowing where they can cheat. New
// cards turn face up one after another, from the backs of the deck they come from (the Dealer's blue, a
// character's own red); then what the engine settled is named in a callout where the
// verdict will stay ("Hit! 3 damage", "Miss", "Saved", "Black Joker: failed"), held before anyone acts
// again. A table's renderer extends FateRenderer and lays these out with whatever else it shows; nothing
// here judges a flip.
import { TableRenderer } from "../table-renderer.js";
import { BRASS, CREAM, FAINT, GOLD, PILL_TEXT, ease, clamp01, contains, glow, pill, ribbon, text, setFont } from "../canvas-kit.js";
import { nameOf, pendingTitle, saveTitle, totalWords, contestRule, saveRule, damageTier, damageWords } from "./fate-words.js";

const FLIP_MS = 520; // one card turning over
const STAGGER_MS = 180;
const SETTLED_HOLD_MS = 1000; // a settled flip's result named on the felt, once its cards have turned
const CALLOUT_ROW = 32; // the height of a callout's plate (TableRenderer's at its larger size)
const VERDICT_BELOW = 28; // a settled flip's verdict sits this far under its totals
export const VERDICT_FILL = "rgba(70, 48, 10, 0.95)";
/** Settled flips that belong together, named in one callout (an attack and the damage it does). */
const NAMED_TOGETHER = new Set(["attack>damage"]);

/**
 * @typedef {{name: string, back: "blue" | "red", cards: string[], cheat: string | null, covered: string | null, total: string, win?: boolean}} Side
 *   back: the colour of the backs of the deck its cards come from
 * @typedef {{title: string, sides: Side[], target: string, verdict: string, rule: string, sentence: string, waiting: boolean, key?: string}} Stage
 *   key: the settled event it shows (settledKey), so that a callout finds it on the felt
 * @typedef {{x: number, y: number, w: number, h: number}} Rect
 * @typedef {{code: string, rect: Rect, covered: boolean}} PlacedCard
 * @typedef {{side: Side, cx: number, cards: PlacedCard[], cheat: {code: string, rect: Rect} | null, totalY: number, nameY: number}} PlacedSide
 * @typedef {{stage: Stage, rect: Rect, titleY: number, sides: PlacedSide[], room: number}} PlacedStage
 * @typedef {{name: string, label: {x: number, y: number}, top: number, cards: {code: string, rect: Rect}[]}} HandRow
 *   top: where the hand's label begins (the felt above it is the table's)
 * @typedef {{stages: PlacedStage[], area: Rect, handRow: HandRow | null}} FateLayout
 *   what every table of the family lays out (each with more of its own): the flips, the area they share, the hand
 * @typedef {{text: string, tone: string, at: (layout: FateLayout) => Rect, start: number, ms: number}} FateCallout
 * @typedef {{began: number, end: number, fresh: {code: string, start: number}[], callouts: FateCallout[], moments: number[], pendingFrom: number}} FateTimeline
 *   moments: when each event of the step comes (by index); pendingFrom: when the last new flip begins
 * @typedef {import("./fate-words.js").FateView} FateView
 * @typedef {import("./fate-words.js").SettledEvent} SettledEvent
 * @typedef {import("../tombstone_table/shapes.js").TableEvent | import("../tombstone_showdown/shapes.js").ShowdownEvent} FateEvent
 */

/**
 * The backs of a deck's cards: the Dealer's deck of fate blue, every character's own red, apart at a glance.
 * @param {string} deck
 * @returns {"blue" | "red"}
 */
export const deckBack = (deck) => (deck === "dealer" ? "blue" : "red");

/**
 * The backs of the cards `ref` flips: a character's own deck, anyone else's the Dealer's (TOMB-1).
 * @param {FateView} view
 * @param {string | undefined} ref
 */
const backOf = (view, ref) => deckBack(ref !== undefined && view.party.some((p) => p.ref === ref) ? ref : "dealer");

/**
 * @param {FateView} view
 * @returns {Stage | null} the flip waiting for cheats
 */
export function pendingStage(view) {
  const { pending } = view;
  if (!pending) return null;
  const needs = typeof pending.context.target === "number" ? ` · needs ${pending.context.target}` : "";
  const sides = pending.sides.map((s) => ({
    name: s.name.charAt(0).toUpperCase() + s.name.slice(1), back: deckBack(s.deck), cards: s.cards, cheat: s.cheat, covered: s.covered,
    total: pending.kind === "damage" ? damageWords(pending.damage) : `${totalWords(s.flip, s.ability)}${needs}`,
  }));
  return { title: pendingTitle(view), sides, target: "", verdict: "", rule: pending.context.why ?? "", sentence: "", waiting: true };
}

/**
 * @param {FateView} view
 * @param {SettledEvent} event
 * @returns {Stage} a settled flip (an event of view.last)
 */
export function settledStage(view, event) {
  const { result } = event;
  const who = nameOf(view, event.who);
  const capital = who.charAt(0).toUpperCase() + who.slice(1);
  if (result.kind === "damage") {
    const cards = [result.card, ...(result.extra ? [result.extra] : [])];
    const side = { name: capital, back: backOf(view, event.who), cards, cheat: result.cheat, covered: result.covered, total: damageTier(result), win: result.total > 0 };
    const verdict = result.total > 0 ? `${result.total} damage to ${nameOf(view, event.other)}` : "No damage";
    return { title: `${capital}'s damage against ${nameOf(view, event.other)}`, sides: [side], target: "", verdict, rule: "", sentence: event.sentence, waiting: false, key: settledKey(event) };
  }
  if (result.kind === "save") {
    const f = result.flip;
    const side = { name: capital, back: backOf(view, event.who), cards: f.cards, cheat: f.cheat, covered: f.covered, total: `${totalWords(f, result.ability)} · needs ${result.target}`, win: result.success };
    return { title: saveTitle(capital, event.kind, result.ability, result.target), sides: [side], target: "",
      verdict: result.success ? "Made it" : "Short", rule: result.rule.endsWith("_joker") ? saveRule(result) : "", // a plain total says it all
      sentence: event.sentence, waiting: false, key: settledKey(event) };
  }
  const other = nameOf(view, event.other);
  const otherCapital = other.charAt(0).toUpperCase() + other.slice(1);
  const a = result.actor, o = result.other;
  return {
    title: `${event.kind === "initiative" ? "Initiative: " : ""}${capital} against ${other}: ${result.ability}`,
    sides: [
      { name: capital, back: backOf(view, event.who), cards: a.cards, cheat: a.cheat, covered: a.covered, total: totalWords(a, result.ability), win: result.actor_wins },
      { name: otherCapital, back: backOf(view, event.other), cards: o.cards, cheat: o.cheat, covered: o.covered, total: totalWords(o, result.ability), win: !result.actor_wins },
    ],
    target: "", verdict: `${result.actor_wins ? capital : otherCapital} wins`, rule: contestRule(result), sentence: event.sentence, waiting: false,
    key: settledKey(event),
  };
}

/** What ties a settled event to the stage drawn for it (the same event in a step and in the view's `last`). */
const settledKey = (/** @type {SettledEvent} */ event) => `${event.kind}|${event.who}|${event.sentence}`;

/** Whether a ref is one of the player characters (the party), whose good fortune a callout shows gold. */
const ofParty = (/** @type {string | undefined} */ ref) => String(ref).startsWith("pc");

/** @type {Record<string, string>} */
const JOKER_WORDS = { red_joker: "Red Joker: ", black_joker: "Black Joker: ", both_black: "Two jokers: ", both_red: "Two jokers: " };
/** "Red Joker: ", "Black Joker: ", "Two jokers: ": a joker that decided, before what it decided. */
const jokerWords = (/** @type {string} */ rule) => JOKER_WORDS[rule] ?? "";

/**
 * A settled flip in the few words of a callout, and its tone from the party's side ("good" when it went the
 * party's way): "Hit!", "Miss", "3 damage", "Saved", "Failed", "Party acts first", "Jesse wins", a joker first.
 * @param {FateView} view
 * @param {SettledEvent} event
 * @returns {{text: string, tone: string}}
 */
function settledWords(view, event) {
  const { result } = event;
  if (result.kind === "damage") {
    const tone = ofParty(event.other) === (result.total > 0) ? "bad" : "good";
    if (result.rule === "black_joker") return { text: "Black Joker: no damage", tone };
    return { text: `${jokerWords(result.rule)}${result.total > 0 ? `${result.total} damage` : "No damage"}`, tone };
  }
  if (result.kind === "save") {
    const kept = event.kind === "morale" ? (result.success ? "Holds" : "Flees") : result.success ? "Saved" : "Failed";
    return { text: `${jokerWords(result.rule)}${kept}`, tone: ofParty(event.who) === result.success ? "good" : "bad" };
  }
  const won = result.actor_wins ? event.who : event.other;
  const tone = ofParty(won) ? "good" : "bad";
  if (event.kind === "attack") return { text: `${jokerWords(result.rule)}${result.actor_wins ? "Hit!" : "Miss"}`, tone };
  if (event.kind === "initiative") return { text: `${jokerWords(result.rule)}${ofParty(won) ? "Party acts" : "Enemies act"} first`, tone };
  const name = nameOf(view, won);
  return { text: `${jokerWords(result.rule)}${name.charAt(0).toUpperCase()}${name.slice(1)} wins`, tone };
}

/**
 * Words wrapped to `width` at `size`, at most `lines` lines (the last one cut with an ellipsis).
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} words
 * @param {number} width
 * @param {number} size
 * @param {number} lines
 * @returns {string[]}
 */
export function wrap(ctx, words, width, size, lines) {
  if (lines <= 0 || !words) return [];
  setFont(ctx, size);
  /** @type {string[]} */
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

export class FateRenderer extends TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    super(canvas, painter, { cheatable: new Set(), chosen: null, caption: "" });
  }

  /**
   * Stages side by side in `area`, each as wide as its share of the sides, all with cards of one size.
   * @param {Stage[]} stages
   * @param {Rect} area
   * @returns {PlacedStage[]}
   */
  placeStages(stages, area) {
    if (!stages.length) return [];
    const columns = stages.reduce((sum, s) => sum + s.sides.length, 0);
    const colW = area.w / columns;
    const head = 50; // the title ribbon and the names
    const settledBelow = stages.some((s) => !s.waiting) ? 62 : 36;
    const below = settledBelow + (stages.some((s) => s.rule) ? 16 : 0); // totals, then the target or verdict and rule
    const sentence = stages.every((s) => !s.waiting) && area.h > 300 ? 40 : 0;
    const maxCards = Math.max(...stages.flatMap((s) => s.sides.map((side) => side.cards.length)));
    const ch = Math.max(44, Math.min(168, (area.h - head - below - sentence) / 1.2, ((colW * 0.8) / (maxCards + 0.35)) * 1.4));
    const cw = ch / 1.4;
    const block = head + ch * 1.2 + below + sentence;
    const cardsY = area.y + head + Math.max(0, (area.h - block) / 2);
    let x = area.x;
    return stages.map((stage) => {
      const rect = { x, y: area.y, w: colW * stage.sides.length, h: area.h };
      x += rect.w;
      const sides = stage.sides.map((side, i) => {
        const cx = rect.x + colW * (i + 0.5);
        const span = side.cards.length * cw + (side.cards.length - 1) * cw * 0.18;
        const cards = side.cards.map((code, k) => ({
          code, rect: { x: cx - span / 2 + k * cw * 1.18, y: cardsY, w: cw, h: ch }, covered: Boolean(side.cheat) && code === side.covered,
        }));
        const under = side.cheat ? cards.find((c) => c.covered) : null;
        const cheat = under ? { code: /** @type {string} */ (side.cheat), rect: { x: under.rect.x + cw * 0.22, y: under.rect.y + ch * 0.16, w: cw, h: ch } } : null;
        return { side, cx, cards, cheat, totalY: cardsY + ch * 1.2 + 12, nameY: cardsY - 12 };
      });
      return { stage, rect, titleY: Math.max(area.y, cardsY - head), sides, room: sentence ? area.y + area.h : 0 };
    });
  }

  /**
   * The hand of the player whose view is drawn, along the bottom; null when the view holds none.
   * @param {FateView} view
   * @returns {HandRow | null}
   */
  placeHand(view) {
    const { width: W, height: H } = this.size;
    const pad = 12;
    const holder = view.party.find((p) => Array.isArray(p.hand));
    const hand = holder?.hand;
    if (!holder || !hand) return null;
    const count = Math.max(1, hand.length);
    const hw = Math.max(34, Math.min(70, (W - 2 * pad) / (count * 1.12), H * 0.13));
    const hh = hw * 1.4;
    const gap = hw * 0.12;
    const span = count * hw + (count - 1) * gap;
    const y = H - pad - hh;
    return {
      name: holder.sheet.name, label: { x: W / 2, y: y - 13 }, top: y - 28,
      cards: hand.map((code, i) => ({ code, rect: { x: (W - span) / 2 + i * (hw + gap), y, w: hw, h: hh } })),
    };
  }

  /**
   * The step's flips in the order they happened: new cards turn face up one after another; once the cards of
   * a settled flip (an attack with its damage) have turned, it is named where its verdict will stay for
   * SETTLED_HOLD_MS, and only then do the cards of a flip after it turn (a new flip that waits for cheats).
   * Returns {began, end, fresh: [{code, start}], callouts, moments: when each event comes (by index),
   * pendingFrom: when the last new flip begins (the settled ones stay on the felt until then)}.
   * @param {FateEvent[]} events
   * @returns {FateTimeline | null}
   */
  timeline(events) {
    /** @type {{code: string, start: number}[]} */
    const fresh = [];
    /** @type {FateCallout[]} */
    const callouts = [];
    /** @type {number[]} */
    const moments = [];
    let t = 0; // when the next card may start turning
    let turned = 0; // when every card so far has turned
    let free = 0; // when the last callout has gone
    let pendingFrom = 0;
    /** @type {SettledEvent[] | null} settled flips named together, not called out yet */
    let open = null;
    const follows = (/** @type {{kind: string}} */ event) => open !== null && NAMED_TOGETHER.has(`${open.at(-1)?.kind}>${event.kind}`);
    const close = () => {
      if (!open) return;
      const said = open.map((event) => settledWords(this.view, event));
      const keys = open.map(settledKey);
      const start = Math.max(turned, free);
      callouts.push({
        text: said.map((words) => words.text).join(" "), tone: said.at(-1)?.tone ?? "plain",
        at: (/** @type {FateLayout} */ layout) => this.verdictSpot(layout, keys), start, ms: SETTLED_HOLD_MS,
      });
      free = start + SETTLED_HOLD_MS;
      t = Math.max(t, free);
      open = null;
    };
    const turn = (/** @type {string} */ code) => {
      fresh.push({ code, start: t });
      turned = Math.max(turned, t + FLIP_MS);
      t += STAGGER_MS;
    };
    for (const event of events) {
      if (event.type === "flip") {
        if (!follows(event)) close();
        pendingFrom = t;
        for (const side of event.sides) side.cards.forEach(turn);
      } else if (event.type === "cheat" || event.type === "force") {
        close();
        (event.type === "cheat" ? [event.card] : event.cards ?? []).forEach(turn);
      } else if (event.type === "settled") {
        if (!follows(event)) close();
        if (event.result.kind === "damage") { // the settled event of kind "damage" (combat.py)
          const cards = [event.result.cheat ?? event.result.card, ...(event.result.extra ? [event.result.extra] : [])];
          cards.filter((code) => !fresh.some((card) => card.code === code)).forEach(turn); // its flip may have come first
        }
        (open ??= []).push(event);
      } else close(); // what follows a settled flip (a wound, a new round) comes once it has been named
      moments.push(t);
    }
    close();
    if (!fresh.length && !callouts.length) return null;
    return { began: performance.now(), end: Math.max(turned, free), fresh, callouts, moments, pendingFrom };
  }

  /** Whether the settled flips stay on the felt for now: a new flip waits, but its cards have not begun to turn. */
  holdingSettled() {
    return this.animation !== null && this.elapsed() < this.animation.pendingFrom;
  }

  /**
   * Where a callout naming the settled flips `keys` goes: where their verdict stays once the felt is still
   * (under their totals), or, when they are not the flip on the felt (a table shows only the last settled
   * one, and a step may settle two that do not belong together), over the top of the flip area.
   * @param {FateLayout} layout
   * @param {string[]} keys
   * @returns {Rect}
   */
  verdictSpot(layout, keys) {
    const placed = layout.stages.filter((p) => keys.includes(p.stage.key ?? ""));
    if (!placed.length) return { x: layout.area.x, y: layout.area.y, w: layout.area.w, h: CALLOUT_ROW };
    const left = Math.min(...placed.map((p) => p.rect.x));
    const right = Math.max(...placed.map((p) => p.rect.x + p.rect.w));
    const totals = Math.max(...placed.flatMap((p) => p.sides.map((side) => side.totalY)));
    return { x: left, y: totals + VERDICT_BELOW - CALLOUT_ROW / 2, w: right - left, h: CALLOUT_ROW };
  }

  /**
   * How far (0..1) a card of the flip area has turned over: 1 when still or not new.
   * @param {string} code
   * @param {number} elapsed
   */
  turned(code, elapsed) {
    const fresh = this.animation?.fresh;
    if (!fresh || elapsed === Infinity) return 1;
    const card = fresh.find((/** @type {{code: string, start: number}} */ c) => c.code === code);
    return card ? clamp01((elapsed - card.start) / FLIP_MS) : 1;
  }

  /**
   * A card turning face up: its back (in the colour `back`) narrowing, then its face widening.
   * @param {Rect} rect
   * @param {string} code
   * @param {number} t
   * @param {"blue" | "red"} back
   */
  flipCard(rect, code, t, back) {
    const { ctx } = this;
    const lift = Math.sin(Math.PI * t) * rect.h * 0.06;
    if (t < 0.5) this.painter.draw(ctx, rect.x, rect.y - lift, rect.w, rect.h, { faceUp: false, back, squeeze: 1 - ease(t * 2) });
    else this.painter.draw(ctx, rect.x, rect.y - lift, rect.w, rect.h, { code, faceUp: true, squeeze: ease((t - 0.5) * 2) });
  }

  /**
   * @param {PlacedStage[]} placed
   * @param {number} elapsed
   */
  paintStages(placed, elapsed) {
    const { ctx } = this;
    const settled = elapsed === Infinity || !this.animation || elapsed >= this.animation.end;
    for (const { stage, rect, titleY, sides, room } of placed) {
      const size = 13;
      ribbon(ctx, stage.title, { x: rect.x + 3, y: titleY, w: rect.w - 6, h: 24 }, { largest: 14, gold: stage.waiting });
      sides.forEach(({ side, cx, cards, cheat, totalY, nameY }, i) => {
        text(ctx, side.name, cx, nameY, { size, bold: true, color: side.win ? GOLD : CREAM, align: "center" });
        for (const card of cards) {
          if (card.covered && cheat) {
            this.painter.draw(ctx, card.rect.x, card.rect.y, card.rect.w, card.rect.h, { code: card.code, faceUp: true });
            ctx.fillStyle = "rgba(10, 30, 20, 0.35)";
            ctx.fillRect(card.rect.x, card.rect.y, card.rect.w, card.rect.h);
          } else this.flipCard(card.rect, card.code, this.turned(card.code, elapsed), side.back);
        }
        if (cheat) {
          this.flipCard(cheat.rect, cheat.code, this.turned(cheat.code, elapsed), side.back);
          pill(ctx, "cheat", cheat.rect.x + cheat.rect.w, cheat.rect.y, { size: 10, fill: VERDICT_FILL, edge: GOLD });
        }
        const shown = Math.min(1, ...cards.map((c) => this.turned(c.code, elapsed)));
        if (shown >= 1) pill(ctx, side.total, cx, totalY, { size: 13, fill: side.win ? VERDICT_FILL : undefined, edge: side.win ? GOLD : BRASS });
        const last = cards.at(-1);
        const next = i === 0 && sides.length === 2 ? sides[1].cards[0] : undefined;
        if (last && next) {
          const edge = last.rect.x + last.rect.w;
          const gap = next.rect.x - edge;
          if (gap > 72) text(ctx, "against", edge + gap / 2, cards[0].rect.y + cards[0].rect.h / 2, { size, bold: true, color: FAINT, align: "center" });
        }
      });
      const cx = rect.x + rect.w / 2;
      const lastY = Math.max(...sides.map((s) => s.totalY));
      let y = lastY;
      if (stage.target) text(ctx, stage.target, cx, (y += 22), { size: 12, bold: true, color: FAINT, align: "center" });
      if (stage.waiting) {
        if (stage.rule) text(ctx, stage.rule, cx, (y += 18), { size: 11, color: FAINT, align: "center" });
        continue;
      }
      if (!settled) continue;
      if (stage.verdict) pill(ctx, stage.verdict, cx, (y += stage.target ? 18 : VERDICT_BELOW), { size: 14, fill: VERDICT_FILL, edge: GOLD, color: PILL_TEXT });
      if (stage.rule) text(ctx, stage.rule, cx, (y += 20), { size: 11, bold: true, color: FAINT, align: "center" });
      const lines = wrap(ctx, stage.sentence, Math.min(rect.w - 12, 640), 12, Math.max(0, Math.min(3, Math.floor((room - (y + 14)) / 16))));
      lines.forEach((line, k) => text(ctx, line, cx, y + 20 + k * 16, { size: 12, color: CREAM, align: "center" }));
    }
  }

  /** @param {HandRow | null} row */
  paintHand(row) {
    if (!row) return;
    const { ctx } = this;
    const playable = this.highlight.cheatable;
    text(ctx, `${row.name}'s hand${playable.size ? ": tap a glowing card to cheat fate with it" : ""}`, row.label.x, row.label.y,
      { size: this.size.width < 420 ? 11 : 13, bold: true, color: GOLD, align: "center" });
    for (const card of row.cards) {
      if (playable.has(card.code)) glow(ctx, card.rect, { size: 10 });
      const lifted = this.highlight.chosen === card.code ? 10 : 0;
      this.painter.draw(ctx, card.rect.x, card.rect.y - lifted, card.rect.w, card.rect.h, { code: card.code, faceUp: true });
    }
  }

  /**
   * What is under a client point: a hand card or a card of a flip on the felt.
   * @param {number} clientX
   * @param {number} clientY
   */
  hitTest(clientX, clientY) {
    if (!this.view) return null;
    const { x, y } = this.canvasPoint(clientX, clientY);
    const layout = /** @type {FateLayout} */ (this.layout()); // every table of the family lays its flips and hand out so
    for (const card of [...(layout.handRow?.cards ?? [])].reverse()) if (contains(card.rect, x, y)) return { kind: "hand", card: card.code };
    for (const stage of layout.stages) for (const side of stage.sides) for (const card of side.cards) if (contains(card.rect, x, y)) return { kind: "flip", card: card.code };
    return null;
  }

  /** Rectangles in viewport pixels, for tests: the cards of the flips on the felt and the hand. */
  hitboxes() {
    if (!this.view) return null;
    const layout = /** @type {FateLayout} */ (this.layout()); // every table of the family lays its flips and hand out so
    const toViewport = this.toViewport();
    return {
      flip: layout.stages.flatMap((stage) => stage.sides.flatMap((s) => s.cards.map((c) => ({ card: c.code, ...toViewport(c.rect) })))),
      hand: (layout.handRow?.cards ?? []).map((c) => ({ card: c.code, playable: this.highlight.cheatable.has(c.code), ...toViewport(c.rect) })),
    };
  }
}
