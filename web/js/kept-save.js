// A saved game that could not be loaded is kept aside by the worker (worker/saves.js), never dropped: this
// says so to the player and offers it as a JSON download, the one time a record reaches the page, on the
// player's own choice.

/** @typedef {import("./types.js").Engine} Engine */
/** @typedef {import("./types.js").KeptExport} KeptExport */

/**
 * Show `message` in a dialog with "Download it" (the kept record `kept` as a .json file) and "Not now".
 * Resolves once the dialog is closed.
 * @param {Engine} engine
 * @param {number} kept  the id the worker gave the kept record
 * @param {string} message  what happened, in plain words
 * @returns {Promise<void>}
 */
export function offerKeptGame(engine, kept, message) {
  const dialog = document.createElement("dialog");
  dialog.className = "sheet kept-save";
  dialog.setAttribute("aria-labelledby", "kept-save-title");
  const form = document.createElement("form");
  form.method = "dialog";
  const title = document.createElement("h2");
  title.id = "kept-save-title";
  title.textContent = "Your saved game is kept aside";
  const text = document.createElement("p");
  text.className = "kept-save-text";
  text.textContent = message;
  const problem = document.createElement("p");
  problem.className = "sheet-note kept-save-problem";
  problem.hidden = true;
  const actions = document.createElement("div");
  actions.className = "sheet-actions";
  const later = Object.assign(document.createElement("button"), { type: "submit", className: "plain-button", textContent: "Not now" });
  const download = Object.assign(document.createElement("button"), {
    type: "button", className: "brass-button kept-save-download", textContent: "Download it",
  });
  download.addEventListener("click", async () => {
    /** @type {import("./types.js").Response} */
    const answer = await engine.call({ op: "export_kept", kept }).catch((error) =>
      ({ ok: false, error: { code: "storage", message: String(error.message) } }));
    if (answer.ok && answer.exported) {
      saveFile(answer.exported, kept);
      dialog.close();
    } else {
      problem.textContent = `It could not be downloaded: ${answer.error?.message ?? "no answer"}`;
      problem.hidden = false;
    }
  });
  actions.append(later, download);
  form.append(title, text, problem, actions);
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve();
    }, { once: true });
  });
}

/**
 * Offer a kept record as a .json download.
 * @param {KeptExport} exported
 * @param {number} kept
 */
function saveFile(exported, kept) {
  const blob = new Blob([`${JSON.stringify(exported, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `saloon-${exported.slot.replace(/[^a-z0-9_]/gi, "") || "game"}-kept-${kept}.json`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
