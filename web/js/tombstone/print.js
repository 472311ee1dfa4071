// Printing a character sheet: the sheet to print sits in its own element at the end of the page, shown
// only by the print stylesheet (sheet.css), which hides everything else. Printing gives one page with the
// sheet alone, whatever is open on screen.
import { sheetView } from "./sheet-view.js";

/** @type {HTMLElement | null} */
let holder = null;

/**
 * Make `sheet` the one the printer gets (the screen does not show this copy).
 * @param {any} sheet
 * @param {Parameters<typeof sheetView>[1]} [options]
 */
export function setPrintSheet(sheet, options = {}) {
  if (!holder) {
    holder = document.createElement("div");
    holder.className = "tb-print";
    holder.setAttribute("aria-hidden", "true");
    document.body.append(holder);
  }
  holder.replaceChildren(sheetView(sheet, options));
}

/**
 * Print `sheet` now (the browser's print dialog); the sheet that was set to print before comes back after.
 * @param {any} sheet
 * @param {Parameters<typeof sheetView>[1]} [options]
 */
export function printSheet(sheet, options = {}) {
  const before = holder?.firstElementChild ?? null;
  setPrintSheet(sheet, options);
  window.addEventListener("afterprint", () => {
    if (before && holder) holder.replaceChildren(before);
  }, { once: true });
  window.print();
}

/** Nothing to print any more (the table closed). */
export function clearPrintSheet() {
  holder?.remove();
  holder = null;
}
