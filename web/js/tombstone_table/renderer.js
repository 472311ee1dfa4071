// The felt of the Dealer's table: along the top every deck of fate at the table (the Dealer's, then each
// character's, with what is left in it and the hand held); in the middle the flip that waits for cheats
// or, when nothing waits, the last flip settled with the engine's sentence (../tombstone/fate-felt.js
// draws both); along the bottom the hand of the player who asked to see it. Only draws the view it is given.
import { FateRenderer, pendingStage, settledStage, deckBack } from "../tombstone/fate-felt.js";
import { CREAM, FAINT, GOLD, pill, ribbon, text, dashedOutline } from "../canvas-kit.js";

const PAD = 12;

/** @typedef {import("./shapes.js").TableView} TableView */

/**
 * The flip the felt shows: the one waiting, else the last one settled (also while it is named, before the cards
 * of a flip after it turn: `holding`).
 * @param {TableView} view
 * @param {boolean} holding
 */
function stagesOf(view, holding) {
  const waiting = holding ? null : pendingStage(view);
  if (waiting) return [waiting];
  const last = [...(view.last ?? [])].reverse().find((e) => e.type === "settled");
  return last ? [settledStage(view, last)] : [];
}

export class TombstoneRenderer extends FateRenderer {
  /** The participants whose decks are on the felt: the Dealer, then the party in seat order. */
  piles() {
    /** @type {TableView} */
    const view = this.view;
    return [
      { ref: "dealer", name: "Dealer", deck: view.dealer.deck, discard: view.dealer.discard.length, hand: null, status: "up" },
      ...view.party.map((p) => ({ ref: p.ref, name: p.sheet.name, deck: p.deck, discard: p.discard.length, hand: p.holds_hand ? p.hand_count : null, status: p.sheet.status })),
    ];
  }

  layout() {
    const { width: W, height: H } = this.size;
    const piles = this.piles();
    const slot = (W - 2 * PAD) / piles.length;
    const pw = Math.max(26, Math.min(48, slot * 0.42, H * 0.09));
    const ph = pw * 1.4;
    const pileRow = piles.map((p, i) => ({ ...p, rect: { x: PAD + slot * i + (slot - pw) / 2, y: PAD, w: pw, h: ph }, slot: { x: PAD + slot * i, w: slot } }));
    const top = PAD + ph + 34;
    const handRow = this.placeHand(this.view);
    const bottom = handRow ? handRow.top : H - PAD;
    const area = { x: PAD, y: top, w: W - 2 * PAD, h: Math.max(60, bottom - top) };
    return { W, H, pileRow, area, stages: this.placeStages(stagesOf(this.view, this.holdingSettled()), area), handRow };
  }

  /**
   * @param {ReturnType<TombstoneRenderer["layout"]>} layout
   * @param {number} elapsed
   */
  paint(layout, elapsed) {
    const { ctx } = this;
    const { pileRow, area, stages, handRow } = layout;
    for (const pile of pileRow) {
      const { rect } = pile;
      if (pile.deck > 0) {
        const back = deckBack(pile.ref);
        if (pile.deck > 1) this.painter.draw(ctx, rect.x + 2, rect.y + 2, rect.w, rect.h, { faceUp: false, back });
        this.painter.draw(ctx, rect.x, rect.y, rect.w, rect.h, { faceUp: false, back });
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
    if (!stages.length) {
      ribbon(ctx, this.highlight.caption || "No flip yet: pick who acts below.", { x: area.x + area.w * 0.1, y: area.y + area.h / 2 - 14, w: area.w * 0.8, h: 28 }, { largest: 14 });
    } else this.paintStages(stages, elapsed);
    this.paintHand(handRow);
  }

  /** Rectangles in viewport pixels, for tests: the piles, the flip's cards and the hand. */
  hitboxes() {
    const boxes = super.hitboxes();
    if (!boxes) return null;
    const toViewport = this.toViewport();
    return { piles: this.layout().pileRow.map((p) => ({ ref: p.ref, ...toViewport(p.rect) })), ...boxes };
  }
}
