// The parts of the grow21 canvas that never pan: the top band with both players' plates (name, score,
// cards left) and the card to play, the caption ribbon over the bottom of the board and the camera
// buttons. Drawn from the view and the names the table gives; nothing here knows a rule.

import { BRASS, CREAM, GOLD, PARCHMENT, setFont, text, pill, halo, ribbon, roundedRect, dashedOutline } from "../canvas-kit.js";

/** @typedef {import("./shapes.js").Grow21View} Grow21View */
/** @typedef {ReturnType<typeof import("./layout.js").layoutTable>} Grow21Layout */

const FLOATER_SIZE = 16;
/** Half the height of the "+10" pill (canvas-kit's pill is its text size + 6 high). */
export const FLOATER_HALF_HEIGHT = (FLOATER_SIZE + 6) / 2;

/** @type {Record<string, string>} the stripe of the colour a player plays */
const SWATCH = { red: "#c8202b", black: "#101016" };

export class HudPainter {
  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {import("../card-painter.js").CardPainter} painter
   */
  constructor(ctx, painter) {
    this.ctx = ctx;
    this.painter = painter;
  }

  /**
   * @param {string} string
   * @param {number} x
   * @param {number} y
   * @param {Parameters<typeof text>[4]} options
   */
  text(string, x, y, options) {
    return text(this.ctx, string, x, y, options);
  }

  /** @param {Grow21Layout} layout */
  band(layout) {
    const { ctx } = this;
    const { band } = layout;
    const shade = ctx.createLinearGradient(0, band.y, 0, band.y + band.h);
    shade.addColorStop(0, "rgba(10, 24, 16, 0.72)");
    shade.addColorStop(1, "rgba(10, 24, 16, 0.38)");
    ctx.fillStyle = shade;
    ctx.fillRect(band.x, band.y, band.w, band.h);
    ctx.strokeStyle = "rgba(217, 178, 95, 0.35)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(0, band.y + band.h - 0.5);
    ctx.lineTo(band.w, band.y + band.h - 0.5);
    ctx.stroke();
  }

  /**
   * names[seat] = [full, short]; `bump` (0..1) makes the score swell as a harvest lands.
   * @param {Grow21Layout} layout
   * @param {Grow21View} view
   * @param {number} seat
   * @param {string[][]} names
   */
  plate(layout, view, seat, names, bump = 0) {
    const { ctx } = this;
    const r = layout.plates[seat];
    const acting = view.phase !== "over" && view.to_act.includes(seat);
    const colour = view.colours[seat];
    const mirror = seat === 1; // the right-hand plate reads towards the card in the middle
    if (acting) halo(ctx, r, 10, GOLD, 10);
    ctx.save();
    ctx.fillStyle = acting ? "rgba(60, 40, 14, 0.85)" : "rgba(0, 0, 0, 0.28)";
    ctx.strokeStyle = acting ? GOLD : "rgba(217, 178, 95, 0.35)";
    ctx.lineWidth = acting ? 2 : 1;
    roundedRect(ctx, r, 10);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
    // The colour this player plays, as a stripe on the outer edge.
    ctx.fillStyle = SWATCH[colour];
    ctx.strokeStyle = "rgba(243, 234, 211, 0.6)";
    ctx.beginPath();
    ctx.roundRect(mirror ? r.x + r.w - 9 : r.x + 4, r.y + 6, 5, r.h - 12, 3);
    ctx.fill();
    ctx.stroke();

    const pad = 14;
    const left = mirror ? r.x + 8 : r.x + pad;
    const right = mirror ? r.x + r.w - pad : r.x + r.w - 8;
    const align = mirror ? "right" : "left";
    const x = mirror ? right : left;
    const room = right - left;
    const small = layout.narrow || layout.short;
    const nameSize = small ? 12 : 14;
    setFont(ctx, nameSize, true);
    const [full, short] = names[seat];
    const name = ctx.measureText(full).width <= room ? full : short;
    const rowH = r.h / 3;
    this.text(name, x, r.y + rowH * 0.55, { size: nameSize, bold: true, color: acting ? GOLD : PARCHMENT, align });

    const scoreSize = (layout.short ? 19 : layout.narrow ? 22 : 28) * (1 + 0.35 * bump);
    const scoreY = r.y + rowH * 1.55;
    const w = this.text(String(view.scores[seat]), x, scoreY, { size: scoreSize, bold: true, color: bump ? GOLD : CREAM, align });
    this.text("pts", mirror ? x - w - 5 : x + w + 5, scoreY + 3, { size: 11, color: "rgba(243, 234, 211, 0.7)", align });

    const deckY = r.y + rowH * 2.45;
    const back = { w: 10, h: 14 };
    const bx = mirror ? right - back.w : left;
    this.painter.draw(ctx, bx, deckY - back.h / 2, back.w, back.h);
    const left21 = `${view.decks[seat]} card${view.decks[seat] === 1 ? "" : "s"} left`;
    this.text(left21, mirror ? bx - 5 : bx + back.w + 5, deckY, { size: 11, color: "rgba(243, 234, 211, 0.8)", align });
    if (acting && r.w > 150) {
      const tag = mirror ? "◂ to play" : "to play ▸";
      this.text(tag, mirror ? left : right, deckY, { size: 11, bold: true, color: GOLD, align: mirror ? "left" : "right" });
    }
  }

  /**
   * The card to play, big, between the plates; a dashed slot while a split is decided or after the end.
   * @param {Grow21Layout} layout
   * @param {Grow21View} view
   */
  current(layout, view, { hidden = false } = {}) {
    const { ctx } = this;
    const r = layout.current;
    const below = r.y + r.h + 8;
    if (view.current && !hidden) {
      const rim = { x: r.x - 2, y: r.y - 2, w: r.w + 4, h: r.h + 4 };
      halo(ctx, rim, r.w * 0.1, GOLD, 12);
      ctx.fillStyle = GOLD;
      roundedRect(ctx, rim, r.w * 0.1);
      ctx.fill();
      this.painter.draw(ctx, r.x, r.y, r.w, r.h, { code: view.current, faceUp: true });
    } else {
      dashedOutline(ctx, r, { colour: "rgba(243, 234, 211, 0.4)", dash: [5, 4] });
      if (view.phase === "keep") this.text("✂", r.x + r.w / 2, r.y + r.h / 2, { size: 24, color: BRASS, align: "center" });
    }
    if (layout.short) return; // no room under the card in a slim band: its gold rim says it is the one to play
    const caption = view.phase === "over" ? "game over" : view.phase === "keep" ? "split!" : "to play";
    this.text(caption, r.x + r.w / 2, below, { size: 11, bold: true, color: "rgba(243, 234, 211, 0.8)", align: "center" });
  }

  /**
   * A line of text on a dark ribbon at the bottom of the board: what is asked, or what a move would do.
   * @param {Grow21Layout} layout
   * @param {string} string
   */
  caption(layout, string, { gold = false } = {}) {
    ribbon(this.ctx, string, layout.caption, { largest: layout.narrow || layout.short ? 13 : 15, gold });
  }

  /**
   * The camera buttons: zoom in, zoom out, re-centre (lit when the player has moved the camera).
   * @param {Grow21Layout} layout
   * @param {boolean} manual
   */
  controls(layout, manual) {
    const { ctx } = this;
    /** @type {Record<string, string>} */
    const glyphs = { "zoom-in": "+", "zoom-out": "−" };
    for (const button of layout.controls) {
      const lit = button.action === "recentre" && manual;
      ctx.fillStyle = lit ? "rgba(90, 62, 18, 0.92)" : "rgba(20, 14, 8, 0.7)";
      ctx.strokeStyle = lit ? GOLD : "rgba(217, 178, 95, 0.55)";
      ctx.lineWidth = 1.2;
      ctx.beginPath();
      ctx.roundRect(button.x, button.y, button.w, button.h, button.w / 2);
      ctx.fill();
      ctx.stroke();
      const cx = button.x + button.w / 2;
      const cy = button.y + button.h / 2;
      if (glyphs[button.action]) this.text(glyphs[button.action], cx, cy + 1, { size: 20, bold: true, color: CREAM, align: "center" });
      else this.crosshair(cx, cy, lit ? GOLD : CREAM);
    }
  }

  /**
   * The marks on the board's edges that count the cells on offer out of sight that way ("◂ 3"), gold when
   * one of them makes 21.
   * @param {{text: string, scores: boolean, x: number, y: number}[]} marks
   */
  edgeMarks(marks) {
    for (const mark of marks) {
      pill(this.ctx, mark.text, mark.x, mark.y, mark.scores
        ? { size: 13, fill: "#6b4c12", edge: GOLD, color: "#fff1c2" }
        : { size: 13, fill: "rgba(20, 14, 8, 0.85)" });
    }
  }

  /**
   * The re-centre mark: a ring with four ticks.
   * @param {number} cx
   * @param {number} cy
   * @param {string} color
   */
  crosshair(cx, cy, color) {
    const { ctx } = this;
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.8;
    ctx.beginPath();
    ctx.arc(cx, cy, 6, 0, 2 * Math.PI);
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      ctx.moveTo(cx + dx * 3, cy + dy * 3);
      ctx.lineTo(cx + dx * 10, cy + dy * 10);
    }
    ctx.stroke();
  }

  /**
   * "+10" on its way from a harvested group to the scorer's plate.
   * @param {string} text
   * @param {number} x
   * @param {number} y
   * @param {number} alpha
   */
  floater(text, x, y, alpha) {
    const { ctx } = this;
    ctx.save();
    ctx.globalAlpha = alpha;
    pill(ctx, text, x, y, { size: FLOATER_SIZE, fill: "#6b4c12", edge: GOLD, color: "#fff1c2" });
    ctx.restore();
  }
}
