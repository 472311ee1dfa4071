// Back closes an open dialog first. Opening a dialog adds a history entry with the same address, so the
// browser's Back (or a phone's back gesture) lands on the page's own entry: that closes the dialog and
// leaves the screen as it was, instead of leaving the table with the dialog still over the menu.
//
// A dialog closed by its own button leaves its entry behind, standing for the screen under it; one Back
// must still leave that screen, so Back skips such an entry, whether it lands on one or leaves one for
// the same address. To know which entry Back leaves, the page's own address changes go through
// pushAddress/replaceAddress here, and `here` is the state of the entry the page is on.

/** @type {{saloonDialog?: boolean} | null} the state of the current history entry, as this page made it */
let here = history.state;
let hereAddress = location.href;

function openDialog() {
  return /** @type {HTMLDialogElement | null} */ (document.querySelector("dialog[open]"));
}

function onOpened() {
  if (here?.saloonDialog) return; // one entry for nested dialogs
  here = { saloonDialog: true };
  history.pushState(here, "", location.href);
  hereAddress = location.href;
}

/** @param {PopStateEvent} event */
function onPopState(event) {
  const [left, leftAddress] = [here, hereAddress];
  [here, hereAddress] = [event.state, location.href];
  const dialog = openDialog();
  if (dialog) {
    dialog.close(); // this Back was the dialog's: the screen stays
    return;
  }
  // Landing on a closed dialog's entry, or leaving one for the screen it stood for (the same address):
  // one Back more, so that one press still leaves the screen.
  if (here?.saloonDialog || (left?.saloonDialog && leftAddress === location.href)) {
    history.back();
  }
}

/**
 * A new address for the page (a new table), as its own history entry.
 * @param {string} hash
 */
export function pushAddress(hash) {
  here = null;
  history.pushState(here, "", hash);
  hereAddress = location.href;
}

/**
 * Another address for the entry the page is on (the deal taken off a link, the table's settings).
 * @param {string} address a hash, or the path for the menu
 */
export function replaceAddress(address) {
  here = null;
  history.replaceState(here, "", address);
  hereAddress = location.href;
}

/** Every dialog of the page, those a module adds later (the roster's) included. */
export function wireDialogHistory() {
  const watcher = new MutationObserver((changes) => {
    for (const change of changes) {
      const dialog = change.target;
      if (dialog instanceof HTMLDialogElement && dialog.open && change.oldValue === null) onOpened();
    }
  });
  watcher.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"], attributeOldValue: true });
  window.addEventListener("popstate", onPopState);
}
