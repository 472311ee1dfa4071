// Things that sit over the screens: the toast, the hot-seat curtain, the "replace your game?" question,
// the share link and the dialogs' backdrops.
import { find } from "./dom.js";

let toastTimer = 0;

/** @param {string} text */
export function toast(text) {
  const node = find("#toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    node.hidden = true;
  }, 4500);
}

/**
 * Cover the whole screen until someone taps; resolves then.
 * @param {string} title
 * @returns {Promise<void>}
 */
export function showCurtain(title) {
  const curtain = find("#curtain");
  const button = find("#curtain-ready", HTMLButtonElement, curtain);
  find("#curtain-title", HTMLElement, curtain).textContent = title;
  curtain.hidden = false;
  setScreensInert(true);
  button.focus();
  return new Promise((resolve) => {
    button.addEventListener("click", () => {
      hideCurtain();
      resolve();
    }, { once: true });
  });
}

export function hideCurtain() {
  find("#curtain").hidden = true;
  setScreensInert(false);
}

/**
 * While the curtain is up nothing behind it can be reached: no Tab stop, no click, nothing read aloud.
 * @param {boolean} inert
 */
function setScreensInert(inert) {
  for (const screen of document.querySelectorAll("body > main")) /** @type {HTMLElement} */ (screen).inert = inert;
}

/** Buttons with data-dialog="id" open that <dialog>; a click on a dialog's backdrop closes it. */
export function wireDialogs() {
  document.addEventListener("click", (event) => {
    const opener = event.target instanceof Element ? event.target.closest("[data-dialog]") : null;
    if (opener instanceof HTMLElement) find(`#${opener.dataset.dialog}`, HTMLDialogElement).showModal();
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close();
    });
  }
}

/**
 * Ask before a new deal replaces the game in progress; resolves true for "deal the new one".
 * @param {string} title  the game's title
 * @param {string} [asked] what the new deal is, when it differs from the game in progress in more than its
 *   cards ("You have a hot-seat game… This link asks for one against the Gunslinger.")
 * @returns {Promise<boolean>}
 */
export function askToReplace(title, asked = "") {
  const dialog = find("#replace-dialog", HTMLDialogElement);
  find("#replace-text", HTMLElement, dialog).textContent = asked
    ? `${asked} A new deal takes its place, and it cannot be brought back.`
    : `You have a game of ${title} in progress. A new deal takes its place, and it cannot be brought back.`;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "replace"), { once: true });
  });
}

/**
 * Copy a link to the clipboard; where that is not allowed, show it ready to copy by hand.
 * @param {string} link
 */
export async function shareLink(link) {
  try {
    await navigator.clipboard.writeText(link);
    toast("Link copied. Anyone who opens it gets this same deal.");
  } catch {
    const dialog = find("#share-dialog", HTMLDialogElement);
    const field = find("#share-link", HTMLInputElement, dialog);
    field.value = link;
    dialog.showModal();
    field.select();
  }
}
