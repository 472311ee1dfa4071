// Draws the Knife Fight table from a view (and nothing else) and animates the events that led to it:
// commits sliding into the ring, the reveal flip, cuts flying into a damage pile, discards, dressings,
// draws and the bleeding. It never decides what is legal or what a card does: the table passes
// which hand cards are playable and which wounds may be dressed (from the bridge's `legal`), and every
// card that moves comes from an event.
import { TableRenderer, turningLook } from "../table-renderer.js";
import { layoutTable } from "./layout.js";
import { roundsLeft } from "./texts.js";
import { cardText, parseCard } from "../cards.js";
import {
  BRASS, PARCHMENT, FAINT, clamp01, contains, text, pill, ribbon, glow, dim, dashedOutline, banner,
  roundedRect, setFont,
} from "../canvas-kit.js";

const FLY_MS = 300;
const FLIP_MS = 340;
const REVEAL_HOLD_MS = 1000; // the cards that met stay face up, named over the ring, before anything leaves it
const CALLOUT_MS = 900; // a dressing named over the ring
const BANNER_MS = 1100;

/** @typedef {import("./shapes.js").KnifeView} KnifeView */
/** @typedef {import("./shapes.js").KnifeEvent} KnifeEvent */
/** @typedef {ReturnType<typeof layoutTable>} KnifeLayout */
/** @typedef {import("../canvas-kit.js").Box} Rect */
/** @typedef {import("../card-painter.js").CardLook} CardLook */
/** @typedef {(layout: KnifeLayout) => Rect} Place where something sits, for the layout of the moment */
/** @typedef {"good" | "bad" | "plain"} Tone */
/** @typedef {{from: Place, to: Place, start: number, dur: number, look: CardLook}} Flight */
/**
 * A card resting in the ring while the animation plays: face up from `flipAt` (null: face up from `start`)
 * until `end`.
 * @typedef {{key: string, at: Place, code: string | null, start: number, flipAt: number | null, end: number, back?: CardLook["back"]}} RingCard
 */
/** @typedef {{text: string, start: number}} Banner */
/**
 * @typedef {object} KnifeTimeline
 * @property {number} began
 * @property {Flight[]} flights
 * @property {RingCard[]} ringCards
 * @property {{key: string, until: number}[]} hidden  static cards not drawn until their flight lands
 * @property {Banner | null} banner
 * @property {{text: string, at: Place, start: number, ms: number, tone?: Tone}[]} callouts
 * @property {number} end
 */
/** @typedef {{card: string | null, faceUp: boolean, committed: boolean, faded: boolean}} SlotContent */

/** A number card's value (KNIFE-1: an ace is 1, the others their number): what its cut costs. */
const cutValue = (/** @type {string} */ code) => {
  const { rank } = parseCard(code);
  return rank === "A" ? 1 : Number(rank);
};
const rankOf = (/** @type {string} */ code) => parseCard(code).rank;
/** "J♥", "Red joker": a card opening a callout. */
const named = (/** @type {string | null} */ code) => {
  const words = cardText(code);
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * What the exchange in the ring did, in the few words of a callout over it, and how it went for the viewer
 * (tone: "good" when only the rival was cut, "bad" when only the viewer was, else "plain"); null when there
 * is no exchange. Read from the engine's effects (KnifeExchange.effects: damage, dress, feint,
 * parry_spent, ...) and the cards that met; a card's rank only chooses the verb (a Jack parries).
 * @param {KnifeView} view
 * @returns {{text: string, tone: Tone} | null}
 */
function exchangeWords(view) {
  const exchange = view.exchange ?? view.last;
  if (!exchange) return null;
  const of = (/** @type {string} */ what) => exchange.effects.filter((effect) => effect[0] === what);
  const plain = (/** @type {string} */ text) => ({ text, tone: /** @type {Tone} */ ("plain") });
  if (view.phase === "feint") {
    const [feint, second] = of("feint").map((effect) => effect[2]);
    const parry = of("parry_spent")[0];
    if (second) return plain(`${named(feint)} and ${cardText(second)} both feint`);
    if (parry) return plain(`${named(parry[2])} parries the ${cardText(feint)} feint`);
    return plain(`${named(feint)} feints`);
  }
  // What met after the feints: a King's follow-up in its place; a Jack spent on a feint meets nothing.
  const spent = new Set(of("parry_spent").map((effect) => effect[1]));
  const met = [0, 1].map((seat) => {
    const card = exchange.cards[seat];
    if (rankOf(card) === "K") return typeof exchange.follow_ups[seat] === "string" ? exchange.follow_ups[seat] : null;
    return spent.has(seat) ? null : card;
  });
  const cuts = of("damage");
  if (cuts.length === 2) return plain(`${named(cuts[0][2])} and ${cardText(cuts[1][2])} both cut: ${cutValue(cuts[0][2])} each`);
  if (cuts.length === 1) {
    const [, victim, card] = cuts[0];
    const cost = `${cutValue(card)} damage`;
    const tone = view.viewer === null ? "plain" : victim === view.viewer ? "bad" : "good";
    const against = met[victim];
    if (against === card) return { text: `${named(met[1 - victim])} reflects ${cardText(card)}: ${cost}`, tone };
    if (against === null) return { text: `${named(card)} meets nothing: ${cost}`, tone };
    if (rankOf(against) === "Q") {
      const dressing = of("dress").length + of("dressed").length > 0;
      return { text: dressing ? `${named(against)} takes ${cardText(card)}, dresses a wound` : `${named(against)} takes ${cardText(card)}: ${cost}`, tone };
    }
    return { text: `${named(card)} cuts ${cardText(against)}: ${cost}`, tone };
  }
  const jacks = met.filter((card) => card !== null && rankOf(card) === "J");
  if (jacks.length === 2) return plain(`${named(jacks[0])} and ${cardText(jacks[1])} both parry`);
  const parried = met.find((card) => card !== null && card !== jacks[0]);
  if (jacks.length === 1) return plain(parried ? `${named(jacks[0])} parries ${cardText(parried)}` : `${named(jacks[0])} parries`);
  return plain("Nothing happens");
}

export class KnifeFightRenderer extends TableRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(canvas, painter) {
    super(canvas, painter, { playable: new Set(), dressable: new Set(), caption: "" });
    this.resize();
  }

  layout() {
    return layoutTable(this.size.width, this.size.height, this.view, this.perspective);
  }

  /**
   * What is under a point given in client (viewport) coordinates: a hand card or a wound.
   * @param {number} clientX
   * @param {number} clientY
   * @returns {{kind: "hand" | "damage", card: string | null} | null}
   */
  hitTest(clientX, clientY) {
    if (!this.view) return null;
    const { x, y } = this.canvasPoint(clientX, clientY);
    const layout = this.layout();
    const card = [...layout.myHand].reverse().find((rect) => contains(this.lifted(rect), x, y));
    if (card) return { kind: "hand", card: card.card };
    const wound = [...layout.strips[layout.me].damage].reverse().find((rect) => contains(rect, x, y));
    if (wound) return { kind: "damage", card: wound.card };
    return null;
  }

  /**
   * The spotlight's spots are commit slots ({slot: seat}).
   * @param {KnifeLayout} layout
   * @param {{slot: number}[]} spots
   */
  spotRects(layout, spots) {
    return spots.map(({ slot }) => layout.slots[slot]);
  }

  /**
   * Rectangles in viewport CSS pixels: the viewer's hand, every card drawn as a back in a hand, both
   * damage piles card by card, and the two commit slots with what lies in them as far as the viewer knows.
   */
  hitboxes() {
    if (!this.view) return { hand: [], backs: [], damage: [], slots: [] };
    const at = this.toViewport();
    const layout = this.layout();
    const { playable, dressable } = this.highlight;
    return {
      hand: layout.myHand.map((r) => ({ card: r.card, playable: playable.has(r.card), ...at(this.lifted(r)) })),
      backs: [
        ...layout.opponentHand.map((r) => ({ owner: layout.opp, card: null, faceUp: false, ...at(r) })),
        ...layout.myBacks.map((r) => ({ owner: layout.me, card: null, faceUp: false, ...at(r) })),
      ],
      damage: [layout.opp, layout.me].flatMap((owner) => layout.strips[owner].damage.map((r) => ({
        owner, card: r.card, dressable: owner === layout.me && dressable.has(r.card), ...at(r),
      }))),
      slots: [layout.opp, layout.me].map((owner) => ({ owner, ...this.slotContent(owner), ...at(layout.slots[owner]) })),
    };
  }

  /**
   * A playable hand card is drawn lifted.
   * @param {Rect & {card: string | null}} rect
   */
  lifted(rect) {
    return this.highlight.playable.has(rect.card) ? { ...rect, y: rect.y - this.layout().raise } : rect;
  }

  /**
   * What a commit slot shows: {card, faceUp, committed, faded}; card is null when the viewer can't know it.
   * @param {number} seat
   * @returns {SlotContent}
   */
  slotContent(seat) {
    const view = this.view;
    if (view.exchange) return { card: view.exchange.cards[seat], faceUp: true, committed: true, faded: false };
    if (view.committed[seat]) {
      const own = seat === view.viewer ? view.my_commit : null;
      return { card: own, faceUp: false, committed: true, faded: false };
    }
    const last = view.last?.cards?.[seat] ?? null;
    return { card: last, faceUp: last !== null, committed: false, faded: last !== null };
  }

  // --- animation ----------------------------------------------------------------------------
  /**
   * The animation of `events`. Where a card goes is kept as a function of the layout, not as a rectangle,
   * because the canvas may change size while it plays (the move panel filling up); where it comes from
   * may be a rectangle of the layout before the move (a hand card that is gone now). The cards that meet
   * stay face up in the ring for REVEAL_HOLD_MS once turned, with what they did named over the ring; then
   * what leaves the ring goes at once, both fighters draw at once and both bleed at once, under the round's
   * banner.
   * @param {KnifeEvent[]} events
   * @param {{view: KnifeView, layout: KnifeLayout} | null} previous
   * @returns {KnifeTimeline}
   */
  timeline(events, previous) {
    const before = previous?.layout ?? this.layout();
    /** @type {Flight[]} */
    const flights = [];
    /** @type {RingCard[]} */
    const ringCards = []; // cards resting in the ring meanwhile
    /** @type {KnifeTimeline["hidden"]} */
    const hidden = [];
    /** @type {KnifeTimeline["callouts"]} */
    const callouts = []; // what the exchange did, over the ring
    let t = 0;
    /** @type {Banner | null} */
    let banner = null;
    /** @type {number | null} */
    let roundFrom = null; // when the round's end (draws, bleeds) began: the banner crosses meanwhile
    /** @type {string | null} */
    let wave = null; // cards of one kind in a row (damage and discards, draws, bleeds) move together
    let waveStart = 0;
    let waveEnd = 0;
    const together = (/** @type {string} */ kind) => {
      if (wave !== kind) {
        t = Math.max(t, waveEnd);
        wave = kind;
        waveStart = t;
      }
      return waveStart;
    };
    const alone = () => {
      t = Math.max(t, waveEnd);
      wave = null;
    };
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
    /** @type {(key: string, at: Place, code: string | null, flipAt: number | null, back: CardLook["back"]) => void} */
    const rest = (key, at, code, flipAt, back) => ringCards.push({ key, at, code, start: flipAt ?? t, flipAt, end: Infinity, back });
    /** @type {(code: string, at: number) => Place | undefined} */
    const takeFromRing = (code, at) => {
      const card = ringCards.find((c) => c.code === code && c.end === Infinity);
      if (card) card.end = at;
      return card?.at;
    };
    /** @type {(from: Place, to: Place, start: number, dur: number, look: CardLook) => void} */
    const fly = (from, to, start, dur, look) => flights.push({ from, to, start, dur, look });
    /** The cards that met, held face up and named over the ring, before anything leaves it. */
    const hold = () => {
      const said = exchangeWords(this.view);
      if (said) callouts.push({ ...said, at: (L) => L.caption, start: t, ms: REVEAL_HOLD_MS });
      t += REVEAL_HOLD_MS;
    };
    for (const event of events) {
      if (event.type === "commit") {
        const seat = event.player;
        alone();
        fly(fixed(handRect(seat, event.card)), (L) => L.slots[seat], t, FLY_MS, { code: event.card, faceUp: false, back: this.view.colours[seat] });
        hidden.push({ key: `slot:${seat}`, until: t + FLY_MS });
        t += FLY_MS;
      } else if (event.type === "reveal") {
        alone();
        event.cards.forEach((code, q) => {
          hidden.push({ key: `slot:${q}`, until: t }); // no face-up leftovers in the slot before the flip
          rest(`slot:${q}`, (L) => L.slots[q], code, t, this.view.colours[q]);
        });
        t += FLIP_MS;
        hold();
      } else if (event.type === "follow_up") {
        const seat = event.player;
        alone();
        const faceUp = !event.hidden && event.card !== null;
        fly(fixed(handRect(seat, event.card)), (L) => L.follows[seat], t, FLY_MS, { code: event.card, faceUp, back: this.view.colours[seat] });
        hidden.push({ key: `follow:${seat}`, until: t + FLY_MS });
        t += FLY_MS;
        if (faceUp) {
          ringCards.push({ key: `follow:${seat}`, at: (L) => L.follows[seat], code: event.card, start: t, flipAt: null, end: Infinity });
          hold();
        }
      } else if (event.type === "reveal_follow_ups") {
        alone();
        event.cards.forEach((code, q) => {
          hidden.push({ key: `follow:${q}`, until: t });
          rest(`follow:${q}`, (L) => L.follows[q], code, t, this.view.colours[q]);
        });
        t += FLIP_MS;
        hold();
      } else if (event.type === "damage") {
        const seat = event.player;
        const start = together("out");
        /** @type {Place} */
        const to = (L) => L.strips[seat].damage.filter((r) => r.card === event.card).at(-1) ?? L.strips[seat].deck;
        fly(takeFromRing(event.card, start) ?? ((L) => L.caption), to, start, FLY_MS * 1.4, { code: event.card, faceUp: true });
        hidden.push({ key: `damage:${seat}:${event.card}`, until: start + FLY_MS * 1.4 });
        waveEnd = Math.max(waveEnd, start + FLY_MS);
      } else if (event.type === "discard") {
        const seat = event.player;
        const start = together("out");
        const from = takeFromRing(event.card, start) ?? fixed(handRect(seat, event.card));
        fly(from, (L) => L.strips[seat].discard, start, FLY_MS, { code: event.card, faceUp: true });
        waveEnd = Math.max(waveEnd, start + FLY_MS * 0.6);
      } else if (event.type === "dress") {
        const seat = event.player;
        alone();
        const wound = before.strips[seat].damage.find((r) => r.card === event.card) ?? before.strips[seat].discard;
        fly(fixed(wound), (L) => L.strips[seat].discard, t, FLY_MS * 1.3, { code: event.card, faceUp: true });
        const mine = this.view.viewer === null ? null : seat === this.view.viewer;
        callouts.push({
          text: `${cardText(event.card)} wound dressed`, at: (L) => L.caption, start: t, ms: CALLOUT_MS,
          tone: mine === null ? "plain" : mine ? "good" : "bad",
        });
        t += FLY_MS * 1.3;
      } else if (event.type === "draw" || event.type === "bleed") {
        const seat = event.player;
        const start = together(event.type);
        roundFrom ??= start;
        for (let i = 0; i < event.count; i++) {
          /** @type {Place} */
          const to = (L) => {
            if (event.type === "bleed") return L.strips[seat].discard;
            const hand = seat === L.me ? [...L.myHand, ...L.myBacks] : L.opponentHand;
            return hand.at(-1 - i) ?? L.strips[seat].deck;
          };
          flights.push({ from: (L) => L.strips[seat].deck, to, start: start + i * 90, dur: FLY_MS, look: { code: null, faceUp: false, back: this.view.colours[seat] } });
        }
        waveEnd = Math.max(waveEnd, start + FLY_MS * 0.5 + event.count * 90);
      } else if (event.type === "round") {
        alone();
        // The banner takes the caption row once the last callout there has gone.
        const free = Math.max(0, ...callouts.map((c) => c.start + c.ms));
        banner = { text: `Round ${event.round}`, start: Math.max(roundFrom ?? t, free) };
      }
    }
    alone();
    for (const card of ringCards) if (card.end === Infinity) card.end = t;
    const end = Math.max(t, banner ? banner.start + BANNER_MS : 0, ...callouts.map((c) => c.start + c.ms));
    return { began: performance.now(), flights, ringCards, hidden, banner, callouts, end };
  }

  /** The animation under way, as timeline() made it (null when still). */
  played() {
    return /** @type {KnifeTimeline | null} */ (this.animation);
  }

  /**
   * @param {string} key
   * @param {number} elapsed
   */
  isHidden(key, elapsed) {
    return this.played()?.hidden.some((h) => h.key === key && elapsed < h.until) ?? false;
  }

  // --- drawing ------------------------------------------------------------------------------
  /**
   * @param {KnifeLayout} layout
   * @param {number} elapsed
   */
  paint(layout, elapsed) {
    const { ctx } = this;
    for (const seat of [layout.opp, layout.me]) {
      this.drawPlate(layout, seat);
      this.drawStrip(layout, seat, elapsed);
    }
    this.drawRing(layout, elapsed);
    for (const rect of layout.opponentHand) this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { back: this.view.colours[layout.opp] });
    for (const rect of layout.myBacks) this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { back: this.view.colours[layout.me] });
    this.drawHand(layout);
    if (this.animation) this.drawAnimation(layout, elapsed);
  }

  /**
   * @param {KnifeLayout} layout
   * @param {number} seat
   */
  drawPlate(layout, seat) {
    const { ctx, view } = this;
    const plate = layout.plates[seat];
    const mid = plate.y + plate.h / 2;
    const acting = view.to_act.includes(seat);
    const left = roundsLeft(view, seat);
    const other = roundsLeft(view, 1 - seat);
    const first = view.phase !== "over" && left < other;
    const race = view.phase === "over" ? "" : `≈${left} round${left === 1 ? "" : "s"} left`;
    setFont(ctx, 13, true);
    const raceWidth = ctx.measureText(race).width;
    const [full, short] = this.names[seat];
    const room = plate.w - raceWidth - 30;
    setFont(ctx, 15, true);
    let name = `${acting ? "▸ " : ""}${full}`;
    if (ctx.measureText(name).width > room) name = `${acting ? "▸ " : ""}${short}`;
    text(ctx, name, plate.x, mid, { size: 15, bold: true, color: acting ? BRASS : PARCHMENT });
    if (race) {
      const x = plate.x + plate.w;
      if (first) {
        ctx.fillStyle = "rgba(120, 20, 22, 0.85)";
        roundedRect(ctx, { x: x - raceWidth - 26, y: mid - 10, w: raceWidth + 26, h: 20 }, 10);
        ctx.fill();
      }
      this.drop(x - raceWidth - 14, mid, first ? "#ffb4a8" : "#c9554e");
      text(ctx, race, x - 5, mid + 1, { size: 13, bold: true, color: first ? "#ffe3dc" : "rgba(243, 234, 211, 0.8)", align: "right" });
    }
  }

  /**
   * @param {KnifeLayout} layout
   * @param {number} seat
   * @param {number} elapsed
   */
  drawStrip(layout, seat, elapsed) {
    const { ctx, view } = this;
    const strip = layout.strips[seat];
    const { deck, discard } = strip;
    const small = { fontSize: Math.max(10, Math.min(12, deck.w * 0.3)) };
    /** @type {(string: string, x: number, color?: string, width?: number) => void} */
    const label = (string, x, color, width = Infinity) => text(ctx, string, x, strip.labelY + 6, { size: small.fontSize, color, width });

    // The deck, with how many cards it holds and how many the next bleed takes.
    const back = view.colours[seat]; // each fighter's half of the deck has its own colour's backs
    if (view.decks[seat] > 0) this.painter.draw(ctx, deck.x, deck.y, deck.w, deck.h, { back });
    else dashedOutline(ctx, deck);
    pill(ctx, String(view.decks[seat]), deck.x + deck.w / 2, deck.y + deck.h - 9);
    label("deck", deck.x);
    // Over the deck's top edge, centred like its count under it: at its corner it covered the discard pile.
    if (view.bleed[seat] > 0) pill(ctx, `−${view.bleed[seat]}`, deck.x + deck.w / 2, deck.y + 9, { fill: "#8d1d20" });

    // The discard pile: only its size is public information worth drawing.
    if (view.discards[seat] > 0) {
      ctx.save();
      ctx.globalAlpha = 0.55;
      this.painter.draw(ctx, discard.x, discard.y, discard.w, discard.h, { back });
      ctx.restore();
    } else dashedOutline(ctx, discard);
    pill(ctx, String(view.discards[seat]), discard.x + discard.w / 2, discard.y + discard.h - 9);
    label("discard", discard.x);

    // Wounds, fanned so that every card's corner can be read, with their sum and the bleed it causes.
    const sum = view.damage_sums[seat];
    const woundText = view.damage[seat].length
      ? `wounds ${sum} · bleeds ${view.bleed[seat]} a round`
      : "no wounds yet";
    label(woundText, strip.area.x + 4, sum ? "#ffb4a8" : FAINT, strip.area.w - 8);
    if (!view.damage[seat].length) dashedOutline(ctx, { ...strip.area, x: strip.area.x + 4, y: deck.y, w: deck.w, h: deck.h });
    for (const rect of strip.damage) {
      if (this.isHidden(`damage:${seat}:${rect.card}`, elapsed)) continue;
      const lit = seat === layout.me && this.highlight.dressable.has(rect.card);
      if (lit) glow(ctx, rect);
      this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { code: rect.card, faceUp: true });
    }
  }

  /**
   * @param {KnifeLayout} layout
   * @param {number} elapsed
   */
  drawRing(layout, elapsed) {
    const { ctx, view } = this;
    const box = layout.ringBox;
    ctx.fillStyle = "rgba(0, 0, 0, 0.16)";
    roundedRect(ctx, box, 14);
    ctx.fill();
    const { caption } = layout;
    const banner = this.roundBanner(elapsed); // it takes the caption's place while it crosses the ring
    const prompt = banner ? "" : (this.highlight.caption ?? "");
    const head = view.phase === "over" ? "THE FIGHT IS OVER" : `ROUND ${view.round}`;
    if (!prompt && !banner) text(ctx, head, caption.x + caption.w / 2, caption.y + caption.h / 2, { size: 12, bold: true, color: BRASS, align: "center" });
    const { slots, follows } = layout;
    const mid = (slots[layout.opp].x + slots[layout.opp].w + slots[layout.me].x) / 2;
    text(ctx, "vs", mid, slots[layout.me].y + slots[layout.me].h / 2, { size: 16, bold: true, color: "rgba(243, 234, 211, 0.55)", align: "center" });
    // A follow-up sits on the outer side of its King: the rival's under it, the viewer's over it, so
    // both cards' corner indices stay readable.
    /** @type {(key: string, rect: Rect, content: SlotContent | null, seat: number) => void} */
    const drawCard = (key, rect, content, seat) => {
      if (!content || this.isHidden(key, elapsed) || this.ringCovers(key, elapsed)) return;
      if (!content.card && !content.committed) return;
      ctx.save();
      if (content.faded) ctx.globalAlpha = 0.38;
      this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { code: content.card, faceUp: content.faceUp, back: view.colours[seat] });
      ctx.restore();
    };
    for (const seat of [layout.opp, layout.me]) {
      dashedOutline(ctx, slots[seat]);
      const slot = () => drawCard(`slot:${seat}`, slots[seat], this.slotContent(seat), seat);
      const follow = () => drawCard(`follow:${seat}`, follows[seat], this.followContent(seat), seat);
      if (seat === layout.opp) [follow, slot].forEach((paint) => paint());
      else [slot, follow].forEach((paint) => paint());
    }
    for (const seat of [layout.opp, layout.me]) {
      const slot = slots[seat];
      text(ctx, this.names[seat][1], slot.x + slot.w / 2, slot.y + slot.h * 1.1 - 2, { size: 11, color: FAINT, align: "center" });
    }
    ribbon(ctx, prompt, layout.captionLine, { largest: 14 });
  }

  /**
   * The "Round N" banner while it crosses the caption line (the caption waits meanwhile), or null.
   * @param {number} elapsed
   */
  roundBanner(elapsed) {
    const round = this.played()?.banner;
    return round ? this.bannerAt([round], elapsed, BANNER_MS) : null;
  }

  /**
   * A follow-up beside a King: {card, faceUp, faded} or null.
   * @param {number} seat
   * @returns {SlotContent | null}
   */
  followContent(seat) {
    const view = this.view;
    const source = view.exchange ?? (view.committed.some(Boolean) ? null : view.last);
    const follow = source?.follow_ups?.[seat];
    if (!follow) return null;
    const faded = !view.exchange;
    if (typeof follow === "object") return { card: null, faceUp: false, faded, committed: true };
    return { card: follow, faceUp: true, faded, committed: true };
  }

  /**
   * Whether an animated ring card sits on this spot right now (the static card waits under it).
   * @param {string} key
   * @param {number} elapsed
   */
  ringCovers(key, elapsed) {
    return this.played()?.ringCards.some((c) => c.key === key && elapsed >= c.start && elapsed < c.end) ?? false;
  }

  /** @param {KnifeLayout} layout */
  drawHand(layout) {
    const { ctx } = this;
    const { playable } = this.highlight;
    for (const rect of layout.myHand) {
      const r = this.lifted(rect);
      if (playable.has(rect.card)) glow(ctx, r);
      this.painter.draw(ctx, r.x, r.y, r.w, r.h, { code: rect.card, faceUp: true });
      if (playable.size && !playable.has(rect.card)) dim(ctx, r);
    }
  }

  /**
   * @param {KnifeLayout} layout
   * @param {number} elapsed
   */
  drawAnimation(layout, elapsed) {
    const { ctx } = this;
    const animation = this.played();
    if (!animation) return;
    for (const card of animation.ringCards) {
      if (elapsed < card.start || elapsed >= card.end) continue;
      const rect = card.at(layout);
      let look = { code: card.code, faceUp: true };
      if (card.flipAt !== null && elapsed < card.flipAt + FLIP_MS) {
        look = turningLook(card.code, clamp01((elapsed - card.flipAt) / FLIP_MS));
      }
      this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { ...look, back: card.back });
    }
    this.drawFlights(animation.flights, layout, elapsed);
    const round = this.roundBanner(elapsed);
    if (round) {
      banner(ctx, round.text, layout.caption, (elapsed - round.start) / BANNER_MS, 22);
    }
  }

  // --- small pieces -------------------------------------------------------------------------
  /**
   * A drop of blood: the "rounds left" mark.
   * @param {number} cx
   * @param {number} cy
   * @param {string} color
   */
  drop(cx, cy, color) {
    const { ctx } = this;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(cx, cy - 7);
    ctx.bezierCurveTo(cx + 2, cy - 3, cx + 5, cy, cx + 5, cy + 2.5);
    ctx.arc(cx, cy + 2.5, 5, 0, Math.PI);
    ctx.bezierCurveTo(cx - 5, cy, cx - 2, cy - 3, cx, cy - 7);
    ctx.fill();
  }
}
