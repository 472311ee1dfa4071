// The menu's game tiles, built from GameInfo: title, blurb, players, length, credit, and per game a
// "Continue" link when a game of it is in progress, "Deal" and "Rules", the player's record, and the first
// time, for a game with a guided first game, "Learn to play" (until it is taken or turned down,
// coach/progress.js).
import { find } from "./dom.js";
import { formatHash, settingsFor, personSeats } from "./router.js";
import { readBook, played, tallyLine, levelsPlayed, levelLabel } from "./record-book.js";
import { offerOpen } from "./coach/progress.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").SaveMeta} SaveMeta */

/** "2 players · about 5 minutes · by Zach Gage" */
function metaLine(info) {
  const people = personSeats(info).length;
  const parts = [`${people} ${people === 1 ? "player" : "players"}`, `about ${info.minutes} minutes`];
  if (info.credit) parts.push(info.credit);
  return parts.join(" · ");
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
  const template = find("#game-tile", HTMLTemplateElement);
  const node = /** @type {HTMLElement} */ (template.content.firstElementChild.cloneNode(true));
  node.dataset.game = info.id;
  find(".game-title", HTMLElement, node).textContent = info.title;
  find(".game-blurb", HTMLElement, node).textContent = info.summary;
  find(".game-meta", HTMLElement, node).textContent = metaLine(info);
  const play = find(".game-play", HTMLButtonElement, node);
  play.dataset.setup = info.id;
  play.textContent = `Play ${info.title}`;
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
    no.setAttribute("aria-label", `No guided game of ${info.title}`);
  }
  if (saved && !saved.over) {
    const resume = find(".game-continue", HTMLAnchorElement, node);
    resume.hidden = false;
    resume.href = formatHash(settingsFor(info, saved));
    resume.setAttribute("aria-label", `Continue your game of ${info.title}`);
    const note = find(".game-saved", HTMLElement, node);
    note.hidden = false;
    note.textContent = saved.moves ? `A game in progress, ${saved.moves} ${saved.moves === 1 ? "move" : "moves"} in.` : "A game in progress.";
    play.className = "plain-button game-play";
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
  list.replaceChildren(...games.map((info) => tile(info, saved[info.id], book[info.id], guided.has(info.id))));
  list.removeAttribute("aria-busy");
}
