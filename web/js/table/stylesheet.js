// A game's own stylesheet, linked while its table is open: one <link> per sheet, made the first time and
// switched off (not fetched again) when the table closes. The table waits for it before it shows anything,
// so its controls never appear unstyled (too small to touch, cut off) while the sheet is on its way.

/** @type {Map<string, {link: HTMLLinkElement, ready: Promise<void>}>} each sheet's link and its first load */
const sheets = new Map();

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
    const ready = new Promise((resolve) => {
      link.addEventListener("load", () => resolve(undefined), { once: true });
      link.addEventListener("error", () => resolve(undefined), { once: true });
    });
    document.head.append(link);
    sheet = { link, ready };
    sheets.set(href, sheet);
  }
  const { link, ready } = sheet;
  link.disabled = false;
  return { detach: () => { link.disabled = true; }, ready };
}
