// Where everything sits on the forge's felt, from the canvas size and the view: the caption, the deck, the
// jokers set aside and the discard pile along the top; below them the part being made (the stats cards
// in the columns of their abilities, the name dice, the background card, the eight trait cards under their
// traits, the ten inventory slots) or, once done, every card that made the character.
import { abilities, traits } from "../tombstone/rules.js";

const RATIO = 1.4; // card height / width
const PAD = 12;

/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/** @typedef {Rect & {card: string, key: string, faceUp: boolean, slot: string}} CardRect */
/**
 * @typedef {import("./shapes.js").ForgeView} ForgeView
 * @typedef {{ability: import("./shapes.js").ConstantAbility, header: Rect, cardX: number}} Column  a stats column under its ability
 * @typedef {{trait: import("./shapes.js").ConstantTrait, label: Rect, card: Rect, word: Rect}} TraitPlace
 * @typedef {{columns: Column[], background: Rect, backgroundLabel: Rect, traits: TraitPlace[], cards: CardRect[]}} Finished
 * @typedef {{phone: boolean, caption: Rect, deck: Rect, discard: Rect, aside: Rect[], area: Rect, cards: CardRect[],
 *   asideCards: CardRect[], columns: Column[] | null, traits: TraitPlace[] | null, dice: Rect[] | null, name: Rect | null,
 *   background: {card: Rect, text: Rect} | null, slots: Rect[] | null, done: Finished | null}} ForgeLayout
 *   what the phase on the table shows (null: not in this phase)
 */

const suitOf = (/** @type {string} */ code) => (code === "RJ" || code === "BJ" ? "" : code.slice(-1));

/**
 * Cards of one column, cascaded down from `top` within `height` (each card's top peeks out).
 * @param {string[]} cards
 * @param {number} x
 * @param {number} top
 * @param {number} w
 * @param {number} height
 * @param {string} slot
 * @returns {CardRect[]}
 */
function cascade(cards, x, top, w, height, slot) {
  const h = w * RATIO;
  const step = cards.length > 1 ? Math.min(h * 0.3, (height - h) / (cards.length - 1)) : 0;
  return cards.map((card, i) => ({ card, key: `${slot}:${card}`, faceUp: true, slot, x, y: top + i * step, w, h }));
}

/**
 * The stats draw: four columns, one per ability, each card under its suit's ability (TOMB-2).
 * @param {string[]} cards
 * @param {Rect} area
 * @returns {{columns: Column[], rects: CardRect[], cardW: number}}
 */
function statsColumns(cards, area) {
  const colW = area.w / 4;
  const head = Math.min(54, area.h * 0.16);
  const w = Math.max(30, Math.min(colW * 0.74, 120, (area.h - head - 8) / (RATIO * 2.2)));
  const columns = abilities().map((ability, i) => {
    const x = area.x + i * colW;
    return { ability, header: { x, y: area.y, w: colW, h: head }, cardX: x + (colW - w) / 2 };
  });
  const rects = columns.flatMap(({ ability, cardX }) => cascade(cards.filter((c) => suitOf(c) === ability.suit), cardX,
    area.y + head, w, area.h - head - 4, "stats"));
  return { columns, rects, cardW: w };
}

/**
 * The eight trait places: one row where the felt is wide, else two rows of four.
 * @param {Rect} area
 * @returns {TraitPlace[]}
 */
function traitPlaces(area) {
  const perRow = area.w > area.h * 2.1 ? 8 : 4;
  const rows = 8 / perRow;
  const colW = area.w / perRow;
  const rowH = area.h / rows;
  const label = Math.min(22, rowH * 0.14);
  const w = Math.max(28, Math.min(colW * 0.74, 104, (rowH - 2 * label - 10) / RATIO));
  return traits().map((trait, i) => {
    const col = i % perRow, row = Math.floor(i / perRow);
    const x = area.x + col * colW;
    const top = area.y + row * rowH;
    const cardH = w * RATIO;
    const used = 2 * label + cardH + 8;
    const y0 = top + Math.max(0, (rowH - used) / 2);
    return {
      trait, label: { x, y: y0, w: colW, h: label },
      card: { x: x + (colW - w) / 2, y: y0 + label + 2, w, h: cardH },
      word: { x, y: y0 + label + cardH + 6, w: colW, h: label },
    };
  });
}

/**
 * The inventory slots in rows of five: the character's ten, then what pack beasts carry (TS-25), at most
 * six rows (a bigger train of mules is told in the heading).
 * @param {Rect} area
 * @param {number} total
 * @returns {Rect[]}
 */
function slotGrid(area, total) {
  const cols = 5;
  const gap = 8;
  const count = Math.min(total, 30);
  const rows = Math.ceil(count / cols);
  const top = area.y + Math.min(40, area.h * 0.12);
  const room = (area.h - (top - area.y) - 74) / rows - gap; // the money and the companions line below
  const w = Math.min((area.w - gap * (cols - 1)) / cols, 150);
  const h = Math.max(18, Math.min(area.h * 0.3, 70, w * 0.62, room));
  const left = area.x + (area.w - (w * cols + gap * (cols - 1))) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: left + (i % cols) * (w + gap), y: top + Math.floor(i / cols) * (h + gap), w, h,
  }));
}

/**
 * The finished character: the stats columns and the background card above, the eight trait cards below.
 * @param {ForgeView} view
 * @param {Rect} area
 * @returns {Finished}
 */
function finished(view, area) {
  const made = view.sheet.made ?? {};
  const split = area.w < 520 ? 0.44 : 0.56;
  const upper = { x: area.x, y: area.y, w: area.w, h: area.h * split };
  const lower = { x: area.x, y: area.y + area.h * (split + 0.02), w: area.w, h: area.h * (0.98 - split) };
  const statsArea = { ...upper, w: upper.w * 0.78 };
  const stats = statsColumns(made.stats ?? [], statsArea);
  const bgW = Math.min(stats.cardW, upper.w * 0.16);
  const bgCard = made.background?.card;
  const background = { x: upper.x + upper.w * 0.78 + (upper.w * 0.22 - bgW) / 2, y: stats.columns[0].header.y + stats.columns[0].header.h, w: bgW, h: bgW * RATIO };
  const perRow = area.w < 520 ? 4 : 8;
  const rows = 8 / perRow;
  const colW = lower.w / perRow;
  const rowH = lower.h / rows;
  const label = Math.min(18, Math.max(13, rowH * 0.14));
  const tw = Math.max(22, Math.min(colW * 0.7, (rowH - 2 * label - 10) / RATIO));
  const traitRects = traits().map((trait, i) => {
    const x = lower.x + (i % perRow) * colW;
    const y = lower.y + Math.floor(i / perRow) * rowH;
    return {
      trait, label: { x, y, w: colW, h: label },
      card: { x: x + (colW - tw) / 2, y: y + label + 2, w: tw, h: tw * RATIO },
      word: { x, y: y + label + tw * RATIO + 4, w: colW, h: label },
    };
  });
  const cards = [...stats.rects];
  if (bgCard) cards.push({ card: bgCard, key: `background:${bgCard}`, faceUp: true, slot: "background", ...background });
  for (const place of traitRects) {
    const code = made.traits?.[place.trait.id];
    if (code) cards.push({ card: code, key: `trait:${place.trait.id}`, faceUp: true, slot: `trait:${place.trait.id}`, ...place.card });
  }
  return { columns: stats.columns, background, backgroundLabel: { x: background.x - 20, y: stats.columns[0].header.y, w: bgW + 40, h: stats.columns[0].header.h }, traits: traitRects, cards };
}

/**
 * @param {number} width
 * @param {number} height
 * @param {ForgeView | null} view the forge's view
 * @returns {ForgeLayout}
 */
export function layoutForge(width, height, view) {
  const phone = width < 520;
  const caption = { x: PAD, y: 8, w: width - 2 * PAD, h: phone ? 26 : 30 };
  const pileW = Math.max(34, Math.min(width * 0.075, height * 0.09, 58));
  const pileH = pileW * RATIO;
  const bandY = caption.y + caption.h + 10;
  const deck = { x: PAD + 4, y: bandY, w: pileW, h: pileH };
  const discard = { x: width - PAD - 4 - pileW - (phone ? 40 : 56), y: bandY, w: pileW, h: pileH };
  const asideW = pileW;
  const aside = [0, 1].map((i) => ({ x: width / 2 - asideW - 4 + i * (asideW + 8), y: bandY + (pileH - asideW * RATIO) / 2, w: asideW, h: asideW * RATIO }));
  const area = { x: PAD, y: bandY + pileH + (phone ? 10 : 18), w: width - 2 * PAD, h: 0 };
  area.h = Math.max(60, height - area.y - PAD);
  /** @type {CardRect[]} */
  let cards = [];
  const asideCards = (view?.aside ?? []).map((card, i) => ({ card, key: `aside:${card}`, faceUp: true, slot: "aside", ...aside[Math.min(i, 1)] }));
  /** @type {ForgeLayout} */
  const layout = { phone, caption, deck, discard, aside, area, cards, asideCards, columns: null, traits: null, dice: null, name: null, background: null, slots: null, done: null };
  if (!view) return layout;
  const offer = view.offer;
  if (view.phase === "stats") {
    const stats = statsColumns(offer?.cards ?? [], area);
    cards = stats.rects;
    layout.columns = stats.columns;
  } else if (view.phase === "name") {
    const size = Math.min(area.w * 0.16, area.h * 0.24, 72);
    const mid = area.x + area.w / 2;
    const top = area.y + area.h * 0.18;
    layout.dice = [{ x: mid - size - 8, y: top, w: size, h: size }, { x: mid + 8, y: top, w: size, h: size }];
    layout.name = { x: area.x, y: top + size + 18, w: area.w, h: Math.min(area.h * 0.3, 90) };
  } else if (view.phase === "background") {
    const w = Math.min(area.w * 0.3, (area.h * 0.66) / RATIO, 130);
    const card = { x: area.x + (area.w - w) / 2, y: area.y + area.h * 0.04, w, h: w * RATIO };
    layout.background = { card, text: { x: area.x, y: card.y + card.h + 12, w: area.w, h: Math.min(40, area.h * 0.14) } };
    if (offer?.cards?.length) cards = [{ card: offer.cards[0], key: `background:${offer.cards[0]}`, faceUp: true, slot: "background", ...card }];
  } else if (view.phase === "traits") {
    layout.traits = traitPlaces(area);
    const byTrait = offer?.by_trait;
    if (byTrait) {
      cards = layout.traits.map((place) => {
        const code = byTrait[place.trait.id];
        return { card: code, key: `trait:${place.trait.id}`, faceUp: true, slot: `trait:${place.trait.id}`, ...place.card };
      });
    }
  } else if (view.phase === "gear") {
    layout.slots = slotGrid(area, view.slots.total);
  } else if (view.phase === "done") {
    layout.done = finished(view, area);
    cards = layout.done.cards;
  }
  layout.cards = cards;
  return layout;
}
