// A game's own stylesheet, linked while its table is open: one <link> per sheet, made the first time and
// switched off (not fetched again) when the table closes.

/**
 * @param {string | undefined} href the sheet's address (a game's `static stylesheet`), or none
 * @returns {() => void} switches the sheet off again
 */
export function attachStylesheet(href) {
  if (!href) return () => {};
  let link = /** @type {HTMLLinkElement | undefined} */ ([...document.querySelectorAll("link[data-table-sheet]")]
    .find((node) => node.getAttribute("href") === href));
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.tableSheet = "";
    document.head.append(link);
  }
  link.disabled = false;
  const sheet = link;
  return () => {
    sheet.disabled = true;
  };
}
