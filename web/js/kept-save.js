// A saved game that could not be loaded is kept aside by the worker (worker/saves.js), never dropped: this
// says so to the player and offers it as a JSON download, the one time a record reaches the page, on the
// player's own choice. "Not now" leaves it kept, and it is offered again on the next visit until it is
// downloaded or discarded.

/** @typedef {import("./types.js").Engine} Engine */
/** @typedef {import("./types.js").KeptExport} KeptExport */

/**
 * Offer the first kept record not downloaded yet (one a visit), if there is one.
 * @param {Engine} engine
 * @returns {Promise<void>}
 */
export async function offerKeptGames(engine) {
  const answer = await engine.call({ op: "kept" }).catch(() => null);
  const first = answer?.kept_games?.[0];
  if (!first) return;
  await offerKeptGame(engine, first.kept, `Your saved game of ${first.title} could not be loaded (${first.why}). `
    + "It is kept aside, unchanged, so you can download it.");
}

/**
 * Show `message` in a dialog with "Download" (the kept record `kept` as a .json file), "Not now" and
 * "Discard".
 * Resolves once the dialog is closed.
 * @param {Engine} engine
 * @param {number} kept  the id the worker gave the kept record
 * @param {string} message  what happened, in plain words
 * @returns {Promise<void>}
 */
export async function offerKeptGame(engine, kept, message) {
  if (document.querySelector(`.kept-save[data-kept="${kept}"]`)) return; // on offer already
  const dialog = document.createElement("dialog");
  dialog.className = "sheet kept-save";
  dialog.dataset.kept = String(kept);
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
    type: "button", className: "brass-button kept-save-download", textContent: "Download",
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
  const discard = Object.assign(document.createElement("button"), {
    type: "button", className: "plain-button kept-save-discard", textContent: "Discard",
  });
  discard.addEventListener("click", async () => {
    await engine.call({ op: "discard_kept", kept }).catch(() => null);
    dialog.close();
  });
  actions.append(discard, later, download);
  form.append(title, text, problem, actions);
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  download.focus(); // not the first button, Discard: a stray Enter must not drop the game
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
