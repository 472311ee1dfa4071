// Back closes an open dialog first. Opening a dialog adds a history entry with the same address, so the
// browser's Back (or a phone's back gesture) lands on the page's own entry: that closes the dialog and
// leaves the screen as it was, instead of leaving the table with the dialog still over the menu.

/** The address of the entry a dialog added while it is the current one, else null. */
let dialogEntry = null;

function openDialog() {
  return /** @type {HTMLDialogElement | null} */ (document.querySelector("dialog[open]"));
}

function onOpened() {
  if (dialogEntry === location.href && history.state?.saloonDialog) return; // one entry for nested dialogs
  history.pushState({ saloonDialog: true }, "", location.href);
  dialogEntry = location.href;
}

/** @param {PopStateEvent} event */
function onPopState(event) {
  const left = dialogEntry;
  dialogEntry = null;
  const dialog = openDialog();
  if (dialog) {
    dialog.close(); // this Back was the dialog's: the screen stays
    return;
  }
  // An entry whose dialog has closed since (by its own button) stands for the screen under it: skip it,
  // so that one Back still leaves that screen.
  if (event.state?.saloonDialog || left === location.href) history.back();
}

export function wireDialogHistory() {
  const watcher = new MutationObserver((changes) => {
    for (const change of changes) {
      const dialog = /** @type {HTMLDialogElement} */ (change.target);
      if (dialog.open && change.oldValue === null) onOpened();
    }
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    watcher.observe(dialog, { attributes: true, attributeFilter: ["open"], attributeOldValue: true });
  }
  window.addEventListener("popstate", onPopState);
}
