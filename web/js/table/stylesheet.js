// A game's own stylesheet, linked while its table is open: one <link> per sheet, made the first time and
// switched off (not fetched again) when the table closes. The table waits for it before it shows anything,
// so its controls never appear unstyled (too small to touch, cut off) while the sheet is on its way.

/**
 * @param {string | undefined} href the sheet's address (a game's `static stylesheet`), or none
 * @returns {{detach: () => void, ready: Promise<void>}} detach switches the sheet off again; ready settles
 *   once the sheet applies (or failed to load: the table is still playable without it)
 */
export function attachStylesheet(href) {
  if (!href) return { detach: () => {}, ready: Promise.resolve() };
  let link = /** @type {HTMLLinkElement | undefined} */ ([...document.querySelectorAll("link[data-table-sheet]")]
    .find((node) => node.getAttribute("href") === href));
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.tableSheet = "";
    const made = link;
    made.addEventListener("load", () => { made.dataset.loaded = ""; }, { once: true });
    made.addEventListener("error", () => { made.dataset.loaded = ""; }, { once: true });
    document.head.append(made);
  }
  link.disabled = false;
  const sheet = link;
  const ready = sheet.dataset.loaded !== undefined ? Promise.resolve() : new Promise((resolve) => {
    sheet.addEventListener("load", () => resolve(undefined), { once: true });
    sheet.addEventListener("error", () => resolve(undefined), { once: true });
  });
  return {
    detach: () => { sheet.disabled = true; },
    ready,
  };
}
