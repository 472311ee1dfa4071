// A game's rules and house rulings: HTML fragments in its folder (web/js/<id>/rules.html, rulings.html),
// fetched the first time they are asked for (the service worker keeps them for offline visits) and shown
// in one dialog, always from the top of the text.
import { find } from "./dom.js";
import { hasTable } from "./games.js";

/** @type {Map<string, Promise<string>>} each fragment's text by address, fetched or on its way */
const pages = new Map();

/**
 * The fragment's HTML; our own file from our own site, so it is trusted markup.
 * @param {string} game
 * @param {"rules" | "rulings"} kind
 * @returns {Promise<string>}
 */
async function fragment(game, kind) {
  const url = new URL(`./${game}/${kind}.html`, import.meta.url);
  let page = pages.get(url.href);
  if (!page) {
    page = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    });
    pages.set(url.href, page);
  }
  try {
    return await page;
  } catch (error) {
    pages.delete(url.href);
    throw error;
  }
}

/**
 * Show the rules ("rules") or the house rulings ("rulings") of `game` (none: nothing is shown).
 * @param {string | undefined} game
 * @param {"rules" | "rulings"} kind
 * @param {(text: string) => void} toast  how to tell the player when they could not be loaded
 */
export async function openHelp(game, kind, toast) {
  if (!hasTable(game)) return;
  let html;
  try {
    html = await fragment(game, kind);
  } catch {
    toast(`The ${kind} could not be loaded. Check the connection and try again.`);
    return;
  }
  const dialog = find("#help-dialog", HTMLDialogElement);
  const text = find("#help-text", HTMLElement, dialog);
  text.innerHTML = html;
  const heading = text.querySelector("h2");
  dialog.setAttribute("aria-label", heading?.textContent ?? kind);
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0;
  text.scrollTop = 0;
}
