// Entry point: expose window.app, route between the menu and a table (the worker is started by boot.js).
//
// window.app (for the UI itself, tests, the benchmark and the browser console):
//   ready            Promise, resolves once Python and the game engines answer (rejects with a readable message)
//   call(request)    one bridge request -> Promise of its response object
//   current          {game, session, mode, human} while a game is open, else null
//   renders          number of canvas redraws showing a new view; each fires document event "saloon:rendered"
//   hitboxes()       card, pile and cell rectangles in viewport CSS pixels, for clicking the canvas from tests
//   drawnView()      a copy of the view the canvas is drawn from (null when nothing is drawn)
// Address: #game=grit|knife_fight|grow21&mode=computer|hotseat&level=easy|hard&seed=N[&side=1][&speed=fast][&deal=JSON]
//   speed=fast: no computer "thinking" pauses, no animations, no hot-seat hand-over pause (tests, bench).
//   deal: force the shuffled order of a fresh game (tests, puzzles), in the shape the game's engine takes.
import { engine } from "./boot.js";
import { parseHash, formatHash, tableKey, shareLink as linkFor, randomSeed } from "./router.js";
import { savedHash, forgetGame } from "./saved-game.js";
import { toast, showCurtain, hideCurtain, wireDialogs, shareLink, showHelpFor } from "./overlays.js";
import { openSetup, wireSetupForm } from "./setup-form.js";
import { enableOffline } from "./offline.js";
import { CardPainter } from "./card-painter.js";
import { GAMES, isPlayable } from "./games.js";

const canvas = document.querySelector("#table");
const painter = new CardPainter(); // its sprite cache outlives any one table
let table = null;
let opening = null; // the settings of the table being set up, until it is `table`

const app = {
  ready: engine.ready.then(({ version }) => {
    enableOffline(version);
    return true;
  }),
  call: (request) => engine.call(request),
  get current() {
    return table?.session ? table.current : null;
  },
  renders: 0,
  hitboxes: () => table?.renderer.hitboxes() ?? null,
  drawnView: () => structuredClone(table?.renderer.heldView ?? null),
};
app.ready.catch(() => {}); // the loading pill already tells the player what went wrong
window.app = app;

function announceRender() {
  app.renders += 1;
  document.dispatchEvent(new CustomEvent("saloon:rendered", { detail: { renders: app.renders } }));
}

function showScreen(atTable) {
  document.querySelector("#menu").hidden = atTable;
  document.querySelector("#table-screen").hidden = !atTable;
  document.body.classList.toggle("at-table", atTable);
}

function showMenu() {
  const hash = savedHash();
  document.querySelector("#resume").hidden = !hash;
  if (hash) document.querySelector("#resume-link").href = hash;
  showScreen(false);
}

function leaveTable() {
  opening = null;
  table?.close();
  table = null;
  hideCurtain();
}

async function openTable(settings) {
  leaveTable();
  showScreen(true);
  showHelpFor(settings.game);
  opening = settings;
  try {
    const Table = await GAMES[settings.game].table();
    if (opening !== settings) return;
    const opened = new Table({ engine, settings, canvas, painter, onRendered: announceRender, toast, showCurtain });
    table = opened;
    await app.ready;
    if (table === opened) await opened.open();
  } catch (error) {
    if (opening !== settings) return;
    document.querySelector("#turn-line").textContent = "The cards could not be dealt.";
    document.querySelector("#reason-line").textContent = error.message;
  }
}

/** Go to a table; `fresh` throws away any saved game for it first (a new deal with a chosen seed). */
function navigate(settings, { fresh = false } = {}) {
  if (fresh && savedHash() === tableKey(settings)) forgetGame();
  const hash = formatHash(settings);
  if (location.hash === hash) openTable(settings);
  else location.hash = hash;
}

function route() {
  const settings = parseHash(location.hash);
  if (!settings) {
    leaveTable();
    showMenu();
    return;
  }
  if (!isPlayable(settings.game)) {
    toast("That game isn't open yet. Try Grit, Knife Fight or grow21!");
    history.replaceState(null, "", location.pathname);
    leaveTable();
    showMenu();
    return;
  }
  const canonical = formatHash(settings);
  if (location.hash !== canonical) history.replaceState(null, "", canonical);
  const shown = table?.settings ?? opening;
  if (shown && tableKey(shown) === tableKey(settings)) return;
  openTable(settings);
}

function wireControls() {
  const felt = document.querySelector("#table");
  felt.addEventListener("click", (event) => table?.tap(event.clientX, event.clientY));
  document.querySelector("#share").addEventListener("click", () => table && shareLink(linkFor(table.settings)));
  document.querySelector("#new-game").addEventListener("click", () => {
    if (table) openSetup({ ...table.settings, seed: randomSeed(), deal: null }, (settings) => navigate(settings, { fresh: true }));
  });
  document.querySelector("#deal-again").addEventListener("click", () => {
    if (table) navigate({ ...table.settings, seed: randomSeed(), deal: null }, { fresh: true });
  });
  document.querySelector("#see-table").addEventListener("click", () => {
    document.querySelector("#result").hidden = true;
  });
  for (const button of document.querySelectorAll("[data-setup]")) {
    button.addEventListener("click", () => {
      const defaults = { game: button.dataset.setup, mode: "computer", level: "easy", side: 0, seed: randomSeed(), fast: false };
      openSetup(defaults, (settings) => navigate(settings, { fresh: true }));
    });
  }
}

wireDialogs();
wireSetupForm();
wireControls();
window.addEventListener("hashchange", route);
route();
