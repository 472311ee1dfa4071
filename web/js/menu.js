// The menu's game tiles, built from GameInfo: a picture of the game (its folder's vignette.js, loaded once the
// tiles are up), title, blurb, who plays, length, credit, and per game a "Continue" link when a game of it is
// in progress, "Play" (or "New game") and "Rules", the player's record, and the first time, for a game with a
// guided first game, "Learn to play" (until it is taken or turned down, coach/progress.js). After the games
// come the entries a family of games declares (games.js MENU_ENTRIES: Tombstone's roster of characters).
import { find, cloneTemplate } from "./dom.js";
import { vignetteModule, MENU_ENTRIES } from "./games.js";
import { formatHash, settingsFor } from "./router.js";
import { readBook, played, tallyLine, levelsPlayed, levelLabel } from "./record-book.js";
import { offerOpen } from "./coach/progress.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").SaveMeta} SaveMeta */

/**
 * An entry on the menu that is not a game: a tile with a picture, a title, a line and one button.
 * @typedef {object} MenuEntry
 * @property {string} id        its tile's and its button's `data-entry`
 * @property {string} title
 * @property {string} summary
 * @property {string} action    the button's words
 * @property {() => Element} vignette  its picture
 * @property {(kit: EntryKit) => Promise<void>} open
 */

/**
 * What an entry's `open` is given.
 * @typedef {object} EntryKit
 * @property {import("./types.js").Engine} engine
 * @property {(text: string) => void} toast
 * @property {() => boolean} wanted  whether the menu is still on screen (an entry that had to wait opens
 *   over nothing else)
 */

/** @type {Set<string>} the games whose tile pictures were asked for */
const picturesAsked = new Set();
/** @type {Map<string, () => Element>} the tile pictures in, by game id: a repaint of the tiles shows them at once */
const pictures = new Map();
/** @type {MenuEntry[] | null} the menu's other entries once their modules are in (null: not asked yet) */
let entries = null;

const count = (/** @type {number} */ n) => `${n} ${n === 1 ? "player" : "players"}`;
const withArticle = (/** @type {string} */ name) => `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;

/**
 * Who plays, from the seats: the engine's own seats (a Dealer the computer plays) are nobody's, a person's
 * seat that may stay empty (a party seat) makes a range from the fewest people the game takes, and a
 * person's seat that may not, beside those, is named: "2 players", "1–3 players", "a Dealer and 1–6 players".
 * @param {GameInfo} info
 */
function playersLine(info) {
  const people = info.seats.filter((seat) => seat.kind === "person");
  const fixed = people.filter((seat) => !seat.optional);
  const open = people.length - fixed.length;
  if (!open) return count(people.length);
  const fewest = Math.max(0, info.min_people - fixed.length);
  const range = fewest === open ? count(open) : `${fewest}–${open} players`;
  return fixed.length ? `${fixed.map((seat) => withArticle(seat.name)).join(", ")} and ${range}` : range;
}

/**
 * "2 players · about 5 minutes · by Zach Gage"
 * @param {GameInfo} info
 */
function metaLine(info) {
  const parts = [playersLine(info), `about ${info.minutes} minutes`];
  if (info.credit) parts.push(info.credit);
  return parts.join(" · ");
}

/**
 * Put game `id`'s picture on its tile, if it is in.
 * @param {Element} node
 * @param {string} id
 */
function showPicture(node, id) {
  const draw = pictures.get(id);
  if (draw) find(".game-art", HTMLElement, node).replaceChildren(draw());
}

/**
 * Fetch the pictures of `games` not asked for yet, each onto its tile as it arrives. A picture that cannot
 * be fetched (offline before it ever was) leaves its tile without one, and is asked for again next time.
 * @param {GameInfo[]} games
 */
function fetchPictures(games) {
  for (const { id } of games) {
    if (picturesAsked.has(id)) continue;
    picturesAsked.add(id);
    vignetteModule(id).then(({ vignette }) => {
      pictures.set(id, vignette);
      const tile = document.querySelector(`#game-list .game-tile[data-game="${CSS.escape(id)}"]`);
      if (tile) showPicture(/** @type {HTMLElement} */ (tile), id);
    }, () => {
      picturesAsked.delete(id);
    });
  }
}

/** Fetch the menu's other entries (once), then add their tiles after the games. */
function fetchEntries() {
  if (entries) return;
  entries = [];
  Promise.all(MENU_ENTRIES.map((load) => load().then(({ menuEntry }) => [menuEntry], () => []))).then((loaded) => {
    entries = loaded.flat();
    find("#game-list").append(...entries.map(entryTile));
  });
}

/**
 * @param {MenuEntry} entry
 */
function entryTile(entry) {
  const node = cloneTemplate("#entry-tile");
  node.dataset.entry = entry.id;
  find(".game-art", HTMLElement, node).append(entry.vignette());
  find(".entry-title", HTMLElement, node).textContent = entry.title;
  find(".game-blurb", HTMLElement, node).textContent = entry.summary;
  const open = find(".entry-open", HTMLButtonElement, node);
  open.dataset.entry = entry.id;
  open.textContent = entry.action;
  return node;
}

/**
 * Open the menu's entry `id` (its button was pressed).
 * @param {string} id
 * @param {{engine: import("./types.js").Engine, toast: (text: string) => void}} kit
 */
export function openEntry(id, kit) {
  return entries?.find((entry) => entry.id === id)?.open({ ...kit, wanted: () => !find("#menu").hidden });
}

/**
 * The player's record on a tile: "7 won · 3 lost · streak 2", and a row per level played in the details.
 * @param {HTMLElement} node
 * @param {GameInfo} info
 * @param {import("./record-book.js").GameRecord | undefined} record
 */
function showRecord(node, info, record) {
  if (!record || !played(record.all)) return;
  const line = find(".game-record", HTMLElement, node);
  line.hidden = false;
  line.textContent = `Your record: ${tallyLine(record.all)}`;
  const levels = find(".game-levels", HTMLDetailsElement, node);
  levels.hidden = false;
  find("tbody", HTMLElement, levels).replaceChildren(...levelsPlayed(info, record).map(([level, tally]) => {
    const row = document.createElement("tr");
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = levelLabel(info, level);
    row.append(name, ...[tally.won, tally.lost, tally.drawn, tally.best].map((count) => {
      const cell = document.createElement("td");
      cell.textContent = String(count);
      return cell;
    }));
    return row;
  }));
}

/**
 * @param {GameInfo} info
 * @param {SaveMeta | undefined} saved
 * @param {import("./record-book.js").GameRecord | undefined} record
 * @param {boolean} guided  whether the game has a guided first game
 */
function tile(info, saved, record, guided) {
  const node = cloneTemplate("#game-tile");
  node.dataset.game = info.id;
  showPicture(node, info.id);
  find(".game-title", HTMLElement, node).textContent = info.title;
  find(".game-blurb", HTMLElement, node).textContent = info.summary;
  find(".game-meta", HTMLElement, node).textContent = metaLine(info);
  const play = find(".game-play", HTMLButtonElement, node);
  play.dataset.setup = info.id;
  play.textContent = "Play"; // the title is just above; the label says it for those who hear the button alone
  play.setAttribute("aria-label", `Play ${info.title}`);
  const rules = find(".game-rules", HTMLButtonElement, node);
  rules.dataset.rules = info.id;
  rules.setAttribute("aria-label", `Rules of ${info.title}`);
  if (guided && offerOpen(info.id)) {
    find(".game-learn", HTMLElement, node).hidden = false;
    const guide = find(".game-guide", HTMLButtonElement, node);
    guide.dataset.guide = info.id;
    guide.setAttribute("aria-label", `Learn to play ${info.title}: a guided first game`);
    const no = find(".game-no-guide", HTMLButtonElement, node);
    no.dataset.noGuide = info.id;
    no.setAttribute("aria-label", `No thanks: no guided game of ${info.title}`);
  }
  if (saved && !saved.over) {
    const resume = find(".game-continue", HTMLAnchorElement, node);
    resume.hidden = false;
    resume.href = formatHash(settingsFor(info, saved));
    resume.setAttribute("aria-label", `Continue your game of ${info.title}`);
    const note = find(".game-saved", HTMLElement, node);
    note.hidden = false;
    const game = saved.mode === "remote" ? "A game with a friend on another device" : "A game in progress";
    note.textContent = saved.moves ? `${game}, ${saved.moves} ${saved.moves === 1 ? "move" : "moves"} in.` : `${game}.`;
    play.className = "plain-button game-play";
    play.textContent = "New game";
    play.setAttribute("aria-label", `New game of ${info.title}`);
  }
  showRecord(node, info, record);
  return node;
}

/**
 * Show a tile for every game (replacing the placeholders the page starts with).
 * @param {GameInfo[]} games
 * @param {Record<string, SaveMeta>} saved  the meta of saved games, by game id
 * @param {Set<string>} guided  the ids of the games with a guided first game
 */
export function showGames(games, saved, guided) {
  const list = find("#game-list");
  const book = readBook();
  const tiles = games.map((info) => tile(info, saved[info.id], book[info.id], guided.has(info.id)));
  list.replaceChildren(...tiles, ...(entries ?? []).map(entryTile));
  list.removeAttribute("aria-busy");
  // The pictures and the other entries come once these tiles are painted: they never hold up the first paint.
  requestAnimationFrame(() => setTimeout(() => {
    fetchPictures(games);
    fetchEntries();
  }));
}
