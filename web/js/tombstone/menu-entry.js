// The roster on the saloon's menu: the Tombstone characters kept in this browser, open from the menu without
// sitting down at a table (games.js lists this module among the menu's entries, menu.js paints it). The
// roster's dialog and its stylesheet load only when it is opened, and it opens once both are in.
import { vignetteOf } from "../vignette-kit.js";
import { characterSheet } from "./vignette-parts.js";
import { attachStylesheet } from "../table/stylesheet.js";

/** @type {import("../menu.js").MenuEntry} */
export const menuEntry = {
  id: "roster",
  title: "Your characters",
  summary: "The Tombstone characters kept in this browser: read their sheets, print them, export them to keep "
    + "safe, or bring one in from a file.",
  action: "Open your roster",
  vignette: () => vignetteOf([
    characterSheet(22, 14, { turn: -6, name: "Ada" }),
    characterSheet(204, 8, { turn: 6, name: "Calamity" }),
    characterSheet(112, 10, { name: "Jesse" }),
  ]),
  async open({ engine, toast, wanted }) {
    // Every sheet is checked by the rules before it is listed, so the roster waits for them on a first visit.
    const started = await Promise.race([engine.ready.then(() => true, () => true), new Promise((done) => setTimeout(done, 0, false))]);
    if (!started) toast("Your roster opens as soon as the saloon is set up.");
    try {
      await engine.ready;
    } catch {
      return; // the loading pill says what went wrong, with "Try again"
    }
    if (!wanted()) return; // the player sat down at a table meanwhile
    const sheet = attachStylesheet(new URL("./sheet.css", import.meta.url).href);
    const [{ RosterView }] = await Promise.all([import("./roster-view.js"), sheet.ready]); // never shown unstyled
    const view = new RosterView({ bridge: engine, toast });
    view.dialog.addEventListener("close", () => {
      view.remove();
      sheet.detach();
    }, { once: true });
    await view.open();
  },
};
