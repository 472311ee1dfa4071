// Asking first (TS-28): a small dialog in the page's style before a step undo cannot take back (ending the
// session, a night's or a week's rest, taking over a hireling) or one the sheet shows will kill (a hazard
// that takes GRT below 0). Two 44 px buttons; Back, Escape or a tap beside it close it and mean "no". The
// questions come from ./texts.js (askFirst); this module only asks.
import { el } from "../move-panel.js";

/**
 * Ask `question`; resolves true only when the person presses the step's own button.
 * @param {{title: string, text: string, yes: string}} question
 * @returns {Promise<boolean>}
 */
export function confirmStep({ title, text, yes }) {
  const dialog = /** @type {HTMLDialogElement} */ (el("dialog", { className: "sheet tt-confirm", "aria-labelledby": "tt-confirm-title" }, [
    el("h2", { id: "tt-confirm-title" }, [title]),
    el("p", {}, [text]),
    el("form", { method: "dialog", className: "sheet-actions" }, [
      el("button", { className: "plain-button", type: "submit", value: "no" }, ["Not now"]),
      el("button", { className: "brass-button tt-danger", type: "submit", value: "yes" }, [yes]),
    ]),
  ]));
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "yes");
      dialog.remove();
    }, { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}
