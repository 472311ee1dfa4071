// A game's own stylesheet, linked while its table is open: one <link> per sheet, made the first time and
// switched off when the table closes. The table waits for it before it shows anything, so its controls
// never appear unstyled (too small to touch, cut off) while the sheet is on its way.
//
// A sheet is switched through its CSSOM `disabled`, never the <link>'s: re-enabling a <link> makes the
// browser parse the sheet again, and while its @import is pending none of it applies, so a table opened
// a second time (a guided game replacing a game, a rematch after the menu) showed its first moves unstyled
// and moved its buttons from under the player's finger once the sheet came back.

/** @type {Map<string, {link: HTMLLinkElement, ready: Promise<void>, on: boolean}>} each sheet's link, its first load, and whether a table wants it now */
const sheets = new Map();

/**
 * @param {{link: HTMLLinkElement, on: boolean}} sheet
 */
function apply({ link, on }) {
  if (link.sheet) link.sheet.disabled = !on;
}

/**
 * @param {string | undefined} href the sheet's address (a game's `static stylesheet`), or none
 * @returns {{detach: () => void, ready: Promise<void>}} detach switches the sheet off again; ready settles
 *   once the sheet applies (or failed to load: the table is still playable without it)
 */
export function attachStylesheet(href) {
  if (!href) return { detach: () => {}, ready: Promise.resolve() };
  let sheet = sheets.get(href);
  if (!sheet) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.tableSheet = "";
    /** @type {{link: HTMLLinkElement, ready: Promise<void>, on: boolean}} */
    const made = { link, ready: Promise.resolve(), on: true };
    made.ready = new Promise((resolve) => {
      link.addEventListener("error", () => resolve(undefined), { once: true });
      link.addEventListener("load", () => {
        apply(made); // a table that closed before the sheet came switches it off now
        resolve(undefined);
      }, { once: true });
    });
    document.head.append(link);
    sheet = made;
    sheets.set(href, sheet);
  }
  const attached = sheet;
  attached.on = true;
  apply(attached);
  return {
    detach: () => {
      attached.on = false;
      apply(attached);
    },
    ready: attached.ready,
  };
}
