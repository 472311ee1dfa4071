// The Showdown: one to three characters against an encounter, the Dealer (seat 0, played by the engine)
// moving the enemies on its own between the party's turns. Two ways to sit down (GameInfo modes): "solo",
// one person plays every character at this screen, the view following whoever acts; "hotseat", a player per
// character passing one device, a curtain between two characters' turns, each hand shown to its own seat
// only. The felt shows the flips (./renderer.js); around it the scene, the party's sheets, the enemies and
// the story (./board.js); the panel the moves of the character on screen (./panel.js). When the fight ends
// the party's sheets go back to the roster in place of those that sat down; a stranger forged on the spot
// may be kept. The turn flow is the table controller's (../table/controller.js); every rule question goes
// to Python.
import { ShowdownRenderer } from "./renderer.js";
import { ShowdownPanel } from "./panel.js";
import { sceneHeader, boardCards, storyItems } from "./board.js";
import { END_TITLES, roundLabel, promptFor, waitingFor, newsLine, logEntries, tableSummary, seatName, enemyMove } from "./texts.js";
import { make, dollars } from "../tombstone/sheet-view.js";
import { partyStrip } from "../tombstone/compact-sheet.js";
import { keepFeltRoom } from "../tombstone/felt-room.js";
import { abilities, scoreOf } from "../tombstone/rules.js";
import { constantsOf } from "../game-constants.js";
import { Roster, writtenBackNote } from "../tombstone/roster.js";
import { partyPicker, notUp } from "../tombstone/party-picker.js";
import { playableFromFelt } from "../tombstone/seat-moves.js";

/** @typedef {import("./shapes.js").ShowdownView} ShowdownView */
/** @typedef {import("../table/adapter.js").TableKit<ShowdownView>} TableKit */
/** @typedef {import("../table/adapter.js").TableAdapter<ShowdownView>} TableAdapter */

const WIDE = "(min-width: 900px)";

/**
 * The party picker of the setup form: one to three characters fit to fight, or a stranger.
 * @param {import("../types.js").SetupContext} context
 */
export function setupFields(context) {
  /** @type {import("./shapes.js").ShowdownConstants} */
  const { max_party: max } = constantsOf(context.info.id);
  return partyPicker(context, { max, none: { value: "stranger", label: "A stranger forged on the spot, by the book" }, unfit: notUp });
}

/** @typedef {import("../tombstone/roster.js").Sheet} Sheet */

/**
 * One character's line on the result box: HP or death, new scars, abilities below their maximum, dollars earned and spent.
 * @param {import("./shapes.js").ShowdownMember | undefined} member
 * @param {Sheet} sheet
 * @param {Sheet | null} before
 * @param {number} paid
 */
function resultEntry(member, sheet, before, paid) {
  const scars = sheet.scars.slice(before ? before.scars.length : 0).map((s) => s.name);
  const lowered = sheet.status === "dead" ? [] : abilities().filter((a) => scoreOf(sheet.abilities, a.id) < scoreOf(sheet.max, a.id))
    .map((a) => `${a.id} ${scoreOf(sheet.abilities, a.id)}/${scoreOf(sheet.max, a.id)}`);
  const notes = [
    ...(member?.escaped ? ["got away"] : []),
    ...(scars.length ? [`scar: ${scars.join(", ")}`] : []),
    ...lowered,
    ...(before && sheet.money + paid > before.money ? [`earned ${dollars(sheet.money + paid - before.money)}`] : []),
    ...(paid ? [`spent ${dollars(paid)}`] : []),
    `${dollars(sheet.money)} in pocket`,
  ];
  return /** @type {[string, string, {className: string, notes: string, character: string}]} */ ([
    sheet.name, sheet.status === "dead" ? "Dead" : `HP ${sheet.hp}/${sheet.max_hp}`,
    { className: sheet.status === "dead" ? "sd-dead" : "", notes: notes.join(" · "), character: sheet.name },
  ]);
}

/**
 * A stranger forged on the spot joins the roster only if the player wants them.
 * @param {TableKit} kit
 * @param {import("../table/adapter.js").ResultBox} box
 * @param {Sheet} sheet
 */
function offerStranger(kit, box, sheet) {
  if (sheet.status === "dead") {
    box.note(`${sheet.name} was a stranger forged for this fight; nobody will miss them on your roster.`);
    return;
  }
  box.note(`${sheet.name} was a stranger forged for this fight.`);
  const keep = make("button", { type: "button", className: "brass-button sd-keep", "data-keep": "" }, ["Keep this stranger on your roster"]);
  keep.addEventListener("click", async () => {
    keep.setAttribute("disabled", "");
    const added = await new Roster(kit.engine).add(sheet);
    if (box.closed()) return;
    box.note(added.ok === false ? `${sheet.name} could not be kept: ${added.message}` : `${sheet.name} is on your roster now, as the fight left them.`);
    keep.remove();
  });
  box.add(make("p", { className: "sd-keep-line" }, [keep]));
}

/**
 * The party's sheets as the fight left them go back to the roster in place of the sheets that sat down, each
 * with a history line named after the fight (a trail names every encounter it rode through).
 * @param {TableKit} kit
 * @param {Sheet[]} seated
 * @param {Sheet[]} party
 * @param {string} fought the encounter's title, or the trail's titles joined
 */
async function writeBack(kit, seated, party, fought) {
  const roster = new Roster(kit.engine);
  const written = [];
  const problems = [];
  for (const [i, before] of seated.entries()) {
    const replaced = await roster.replace(before, party[i], { cause: "fight", title: `Showdown: ${fought}` });
    if (replaced.ok === false) problems.push(replaced.message);
    else written.push(party[i].name);
  }
  return writtenBackNote(written, problems);
}

/**
 * @param {TableKit} kit
 * @returns {TableAdapter}
 */
export function makeTable(kit) {
  const { signal } = kit;
  const renderer = new ShowdownRenderer(kit.canvas, kit.painter);
  const screen = /** @type {HTMLElement} */ (document.querySelector("#table-screen"));
  screen.classList.add("tb-fate", "sd-showdown");
  const moves = /** @type {Element} */ (document.querySelector(".moves"));
  const panel = new ShowdownPanel(moves, {
    onPlay: (seat, move) => {
      if (seat === kit.moment().viewer) kit.play(move); // only the character on screen acts here
    },
    onSwitch: (seat) => kit.switchTo(seat),
    signal,
  });
  const felt = /** @type {HTMLElement} */ (document.querySelector("#felt"));
  const scene = make("header", { className: "sd-scene", "aria-label": "The scene" });
  const board = make("section", { className: "tt-board sd-board", "aria-label": "The party and the enemies" });
  const story = make("section", { className: "sd-story", "aria-label": "The story so far" }, [
    make("h3", { className: "tt-group-title" }, ["The story so far"]), make("ol", { className: "sd-lines" }),
  ]);
  const strip = make("ul", { className: "tt-strip", "aria-label": "The party at a glance" });
  felt.prepend(scene, strip);
  felt.append(board);
  keepFeltRoom(felt, kit.canvas, signal);
  // The story sits beside the moves on a wide screen, under the board on a phone.
  const wide = matchMedia(WIDE);
  const placeStory = () => (wide.matches ? moves : felt).append(story);
  placeStory();
  wide.addEventListener("change", placeStory, { signal });
  /** Beside the moves (a wide screen), the story keeps its newest line in sight as the moves change. */
  const storyToEnd = () => {
    if (wide.matches) story.scrollTop = story.scrollHeight;
  };

  return {
    renderer,
    panel: {
      show: (legal, moment) => {
        panel.show(legal, moment);
        storyToEnd();
      },
      clear: (hint) => panel.clear(hint),
      disable: () => panel.disable(),
      focus: () => panel.focus(),
      markHinted: (move) => panel.markHinted(move),
    },
    stylesheet: new URL("./table.css", import.meta.url).href,
    curtain: true,
    viewSeat: null,
    /** Every character of the party is a person's seat, called by the character's name ("Pass the device to Ada"). */
    seat: (probe, names) => ({
      people: probe.view.party.map((member) => member.seat),
      names: names.map((name, seat) => {
        if (seat === 0) return name;
        const called = seatName(probe.view, seat);
        return { plate: called, subject: called, object: called, owner: `${called}'s`, own: "their" };
      }),
    }),
    shown: ({ view, viewer }) => {
      if (!view) {
        board.querySelectorAll(".tt-showing").forEach((card) => card.classList.remove("tt-showing")); // behind the curtain
        return;
      }
      scene.replaceChildren(...sceneHeader(view));
      strip.replaceChildren(...partyStrip(view.party));
      board.replaceChildren(...boardCards(view, viewer));
      /** @type {HTMLElement} */ (story.querySelector("ol")).replaceChildren(...storyItems(view));
      storyToEnd();
    },
    hint: () => {},
    tap: (clientX, clientY, moment) => {
      const hit = renderer.hitTest(clientX, clientY);
      if (!hit || !moment.acting || hit.kind !== "hand") return;
      const cheats = moment.legal.moves.filter((m) => m.type === "cheat" && m.card === hit.card);
      if (cheats.length === 1) { if (playableFromFelt(moment.legal, cheats[0], panel.list)) kit.play(cheats[0]); }
      else if (cheats.length > 1) kit.toast("This flip has two cards: pick which one to cover with the buttons.");
    },
    highlight: ({ view, legal }) => ({
      cheatable: new Set(legal.moves.filter((m) => m.type === "cheat").map((m) => m.card)),
      chosen: null,
      caption: view && !view.end ? roundLabel(view) : "",
    }),
    status: (moment) => {
      const { view, answer, stage, legal, viewer } = moment;
      if (stage === "over") return ["The fight is over.", ""];
      const toAct = answer?.to_act ?? [];
      const turn = stage === "person" ? `${promptFor(view, /** @type {number} */ (viewer), legal.moves)}.` : stage === "animating" ? "" : waitingFor(view, toAct);
      return [[roundLabel(view), turn].filter(Boolean).join(" · "), moment.told && !view.pending ? "" : newsLine(view)]; // a settled enemy move is told with its light
    },
    summary: (view) => tableSummary(view),
    log: (view) => logEntries(view),
    roundOf: () => null,
    secret: () => false,
    /** The Dealer's newest flip for an enemy glows on the felt: the enemy's side of it. */
    lastMove: ({ view }) => {
      const sentence = enemyMove(view);
      return sentence ? { sentence, spots: [{ side: 0 }] } : null;
    },
    /** The end: how each character came out of it, and their sheets back to the roster (once). */
    ending: async ({ outcome, view }, box) => {
      if (!outcome || !view) return; // a fight ends with its view and outcome
      const result = outcome.result;
      const shared = await kit.engine.call({ op: "share", session: kit.session });
      if (box.closed()) return;
      const seated = shared.ok ? shared.share?.setup?.party ?? null : null;
      /** @type {Sheet[]} the party's sheets as the fight left them */
      const party = result?.party ?? [];
      box.show({
        title: END_TITLES[result?.end] ?? "The fight is over",
        reason: view.log.at(-1)?.sentence ?? outcome.reason,
        entries: party.map((sheet, i) => resultEntry(view.party[i], sheet, seated?.[i] ?? null, result.paid?.[`pc${i}`] ?? 0)),
        note: seated ? "Writing the sheets back to your roster…" : "",
      });
      if (seated) box.note(await writeBack(kit, seated, party, view.trail ? view.trail.titles.join(", ") : view.encounter.title));
      else if (party[0]) offerStranger(kit, box, party[0]);
    },
    close: () => {
      scene.remove();
      strip.remove();
      board.remove();
      story.remove();
      panel.remove();
      screen.classList.remove("tb-fate", "sd-showdown");
    },
  };
}
