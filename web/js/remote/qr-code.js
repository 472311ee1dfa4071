// A QR code drawn in the page (issue 29): the invite and answer links, for a phone's camera to read, with
// no service asked to draw it. The encoder is @paulmillr/qr, served from the site (build.py's VENDORED).

import { encodeQR } from "../../vendor/qr.js";

const QUIET_MODULES = 4; // the light margin a reader needs around the code (ISO/IEC 18004)

/**
 * Draw `text` as a QR code filling `canvas` (a square of `size` CSS pixels), dark on light whatever the
 * theme, each module a whole number of device pixels so that no edge blurs.
 * @param {HTMLCanvasElement} canvas
 * @param {string} text
 * @param {number} size
 * @returns {number} the code's side in modules (its version is (side - 17) / 4)
 */
export function drawQrCode(canvas, text, size) {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: QUIET_MODULES });
  const count = modules.length;
  const scale = Math.max(1, Math.floor((size * (window.devicePixelRatio || 1)) / count));
  canvas.width = canvas.height = count * scale;
  canvas.style.width = canvas.style.height = `${size}px`;
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  modules.forEach((row, y) => row.forEach((dark, x) => { if (dark) context.fillRect(x * scale, y * scale, scale, scale); }));
  return count - 2 * QUIET_MODULES;
}
