// The small painted pieces of the Dueling Suits table: a health bar against the cap (the start marked,
// the last change beside it), the initiative token, a pending block bonus and the suit-table chip.
import { BRASS, GOLD, CREAM, FAINT, DARK_WOOD, text, pill, roundedRect, setFont } from "../canvas-kit.js";

const HEALTHY = "#3f9d5c";
const WARY = "#c98f2a";
const LOW = "#b8322c";

/** @typedef {import("../canvas-kit.js").Box} Rect */

/**
 * A health row: the number, the bar (0..max, a tick at the start value) and the last turn's change.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{number: Rect, bar: Rect, delta: Rect}} row
 * @param {{health: number, start: number, max: number, change: {heal: number, damage: number, before: number} | null}} state
 */
export function paintHealth(ctx, row, { health, start, max, change }) {
  const { number, bar, delta } = row;
  const colour = health > start * 0.66 ? HEALTHY : health > start * 0.33 ? WARY : LOW;
  pill(ctx, String(health), number.x + number.w / 2, number.y + number.h / 2, {
    size: 13, minWidth: number.w, fill: health > 0 ? DARK_WOOD : "#5a1010", edge: colour,
  });

  const radius = bar.h / 2;
  ctx.fillStyle = "rgba(0, 0, 0, 0.45)";
  roundedRect(ctx, bar, radius);
  ctx.fill();
  const part = (/** @type {number} */ value) => (Math.max(0, Math.min(max, value)) / max) * bar.w;
  ctx.save();
  roundedRect(ctx, bar, radius);
  ctx.clip();
  if (change && change.before > health) {
    ctx.fillStyle = "rgba(184, 50, 44, 0.45)"; // what the last turn took off
    ctx.fillRect(bar.x, bar.y, part(change.before), bar.h);
  }
  ctx.fillStyle = colour;
  ctx.fillRect(bar.x, bar.y, part(health), bar.h);
  if (change && change.before < health) {
    ctx.fillStyle = "rgba(255, 255, 255, 0.25)"; // what the last turn healed
    ctx.fillRect(bar.x + part(change.before), bar.y, part(health) - part(change.before), bar.h);
  }
  ctx.fillStyle = "rgba(255, 255, 255, 0.12)";
  ctx.fillRect(bar.x, bar.y, bar.w, bar.h * 0.4);
  ctx.restore();
  ctx.strokeStyle = "rgba(217, 178, 95, 0.6)";
  ctx.lineWidth = 1;
  roundedRect(ctx, bar, radius);
  ctx.stroke();
  const tick = bar.x + part(start);
  ctx.strokeStyle = CREAM;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([3, 2]);
  ctx.beginPath();
  ctx.moveTo(tick, bar.y + 1);
  ctx.lineTo(tick, bar.y + bar.h - 1);
  ctx.stroke();
  ctx.setLineDash([]);
  text(ctx, `start ${start}`, tick + 4, bar.y + bar.h / 2 + 1, { size: 9.5, bold: true, color: "rgba(255, 250, 235, 0.85)" });
  text(ctx, `max ${max}`, bar.x + bar.w - 6, bar.y + bar.h / 2 + 1, { size: 9.5, bold: true, color: "rgba(255, 250, 235, 0.7)", align: "right" });

  if (!change) return;
  const parts = [];
  if (change.heal) parts.push(`+${change.heal}`);
  if (change.damage) parts.push(`−${change.damage}`);
  const string = parts.join(" ") || "±0";
  const fill = change.damage > change.heal ? "#6e1a1d" : change.heal ? "#1f5a33" : DARK_WOOD;
  pill(ctx, string, delta.x + delta.w / 2, delta.y + delta.h / 2, { size: 12, fill, minWidth: 30 });
}

/**
 * The initiative token: a brass coin with a star and its name, left edge at x, centred on y.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 */
export function paintToken(ctx, x, y) {
  const r = 9;
  ctx.fillStyle = GOLD;
  ctx.strokeStyle = "#7a5a1c";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(x + r, y, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = "#5a3f0c";
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.28 : r * 0.7;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(x + r + radius * Math.cos(angle), y + radius * Math.sin(angle));
  }
  ctx.closePath();
  ctx.fill();
  text(ctx, "initiative", x + 2 * r + 5, y + 1, { size: 11, bold: true, color: GOLD });
}

/**
 * A block bonus waiting on (or added to) this turn's lead: a shield with "+9".
 * @param {CanvasRenderingContext2D} ctx
 * @param {Rect} rect
 * @param {number} amount
 */
export function paintBonus(ctx, rect, amount) {
  const cx = rect.x + rect.w / 2;
  const top = rect.y + rect.h * 0.2;
  const w = Math.min(rect.w, 30);
  const h = w * 1.15;
  ctx.fillStyle = "#2d4a6b";
  ctx.strokeStyle = BRASS;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(cx - w / 2, top);
  ctx.lineTo(cx + w / 2, top);
  ctx.lineTo(cx + w / 2, top + h * 0.45);
  ctx.quadraticCurveTo(cx + w / 2, top + h * 0.85, cx, top + h);
  ctx.quadraticCurveTo(cx - w / 2, top + h * 0.85, cx - w / 2, top + h * 0.45);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  text(ctx, `+${amount}`, cx, top + h * 0.42, { size: amount > 9 ? 11 : 12, bold: true, color: CREAM, align: "center" });
  text(ctx, "bonus", cx, top + h + 9, { size: 9, bold: true, color: FAINT, align: "center" });
}

/**
 * A tappable chip on the felt (the suit table): a dark tag with a brass rim and a small grid mark.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Rect} rect
 * @param {string} label
 */
export function paintChip(ctx, rect, label) {
  ctx.fillStyle = "rgba(28, 16, 8, 0.85)";
  ctx.strokeStyle = BRASS;
  ctx.lineWidth = 1.2;
  roundedRect(ctx, rect, rect.h / 2);
  ctx.fill();
  ctx.stroke();
  const s = rect.h * 0.42;
  const gx = rect.x + 8;
  const gy = rect.y + (rect.h - s) / 2;
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = 1;
  ctx.strokeRect(gx, gy, s, s);
  ctx.beginPath();
  ctx.moveTo(gx + s / 2, gy);
  ctx.lineTo(gx + s / 2, gy + s);
  ctx.moveTo(gx, gy + s / 2);
  ctx.lineTo(gx + s, gy + s / 2);
  ctx.stroke();
  setFont(ctx, 11, true);
  text(ctx, label, gx + s + 5, rect.y + rect.h / 2 + 1, { size: 11, bold: true, color: GOLD });
}

/**
 * A lane's power total: a big number on a dark tag, "power" under it (lit for the side chaining now).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Rect} rect
 * @param {number | string} total  "?" while the lead lies face down
 * @param {boolean} lit
 */
export function paintPower(ctx, rect, total, lit) {
  ctx.fillStyle = lit ? "rgba(70, 48, 10, 0.94)" : "rgba(28, 16, 8, 0.85)";
  ctx.strokeStyle = lit ? GOLD : BRASS;
  ctx.lineWidth = lit ? 2 : 1.2;
  roundedRect(ctx, rect, 9);
  ctx.fill();
  ctx.stroke();
  text(ctx, String(total), rect.x + rect.w / 2, rect.y + rect.h * 0.4, { size: 22, bold: true, color: lit ? "#fff1c2" : CREAM, align: "center" });
  text(ctx, "power", rect.x + rect.w / 2, rect.y + rect.h * 0.8, { size: 9.5, bold: true, color: FAINT, align: "center" });
}
