// The "deal a game" sheet, built from the game's GameInfo: who to play (the modes it offers), the
// computer's level, the person's seat, every table option, the game's own setup fields if its table module
// has them (games.js: a party to seat, say), and an optional deal number.
import { find } from "./dom.js";
import { personSeats, tableOfSeveral } from "./router.js";

/** @typedef {import("./types.js").GameInfo} GameInfo */
/** @typedef {import("./types.js").Settings} Settings */
/** @typedef {import("./types.js").DealRequest} DealRequest */
/** @typedef {import("./types.js").SetupFields} SetupFields */
/** @typedef {import("./types.js").Mode} Mode */

/** @type {Record<Mode, string>} the opponents a game offers, and a friend on another device for two people's seats */
const MODE_LABELS = { computer: "The computer", hotseat: "A friend on this device", solo: "On my own", remote: "A friend on another device" };
/** @type {Partial<Record<Mode, string>>} the same at a table of several (the Dealer's) */
const SEVERAL_LABELS = { solo: "Everyone at this device", remote: "Players on their own devices" };

const dialog = () => find("#setup-dialog", HTMLDialogElement);
const form = () => find("#setup-form", HTMLFormElement);

/**
 * A fieldset of radio buttons: choices are [value, label, help?].
 * @param {string} legend
 * @param {string} name
 * @param {string[][]} choices
 * @param {string} checked  the value checked at first
 */
function radioGroup(legend, name, choices, checked, className = "") {
  const fieldset = document.createElement("fieldset");
  if (className) fieldset.className = className;
  const title = document.createElement("legend");
  title.textContent = legend;
  fieldset.append(title);
  for (const [value, label, help] of choices) {
    const input = Object.assign(document.createElement("input"), { type: "radio", name, value, checked: value === checked });
    const line = document.createElement("label");
    line.append(input, ` ${label}`);
    if (help) {
      const note = document.createElement("span");
      note.className = "choice-help";
      note.textContent = help;
      line.append(note);
    }
    fieldset.append(line);
  }
  return fieldset;
}

/**
 * @param {GameInfo} info
 * @param {Settings} settings
 * @param {Record<string, string>} options
 */
function fieldsFor(info, settings, options) {
  const fields = [];
  const modes = remoteChoice ? [...info.modes, "remote"] : info.modes;
  const several = tableOfSeveral(info);
  const labels = several ? { ...MODE_LABELS, ...SEVERAL_LABELS } : MODE_LABELS;
  if (modes.length > 1) {
    fields.push(radioGroup(several ? "Who plays where" : "Opponent", "mode", modes.map((mode) => [mode, labels[/** @type {Mode} */ (mode)] ?? mode]), settings.mode));
  } else {
    fields.push(Object.assign(document.createElement("input"), { type: "hidden", name: "mode", value: info.modes[0] }));
  }
  if (info.modes.includes("computer") && info.levels.length) {
    fields.push(radioGroup("Computer's skill", "level",
      info.levels.map((level) => [level.id, level.label, level.help]), settings.level || info.levels[0].id, "computer-only"));
  }
  if (remoteChoice && several) {
    const most = info.players - 1;
    fields.push(radioGroup("Players joining from their own devices", "guests",
      Array.from({ length: most }, (_, n) => [String(n + 1), String(n + 1)]), "1", "remote-only count-choice"));
  }
  const people = personSeats(info);
  if ((info.modes.includes("computer") || (remoteChoice && !several)) && people.length > 1) {
    fields.push(radioGroup("Your seat", "side",
      people.map((seat) => [String(seat), info.seats[seat].name]), String(settings.side), "one-seat"));
  }
  for (const option of info.options) {
    const group = radioGroup(option.label, `option:${option.name}`,
      option.values.map((value, index) => [value, option.labels[index] ?? value]), options[option.name] ?? option.default);
    const help = document.createElement("p");
    help.className = "sheet-note";
    help.textContent = option.help;
    group.append(help);
    fields.push(group);
  }
  return fields;
}

/** The fields of the chosen opponent only: the computer's skill, the seat of the one person here; Deal says
 * what it does (against a friend on another device it makes an invite). */
function syncComputerOnly() {
  const mode = /** @type {HTMLInputElement | RadioNodeList} */ (form().elements.namedItem("mode"));
  const playsComputer = mode?.value === "computer";
  const remote = mode?.value === "remote";
  for (const fieldset of form().querySelectorAll(".computer-only")) /** @type {HTMLElement} */ (fieldset).hidden = !playsComputer;
  for (const fieldset of form().querySelectorAll(".one-seat")) /** @type {HTMLElement} */ (fieldset).hidden = !playsComputer && !remote;
  for (const part of form().querySelectorAll(".remote-only")) /** @type {HTMLElement} */ (part).hidden = !remote;
  for (const part of form().querySelectorAll(".local-only")) /** @type {HTMLElement} */ (part).hidden = remote;
  for (const part of form().querySelectorAll(".seed-field, .seed-field + .sheet-note")) {
    /** @type {HTMLElement} */ (part).hidden = remote; // a fair deal comes from both devices' randomness, never from a number
  }
  find("#setup-deal").textContent = remote ? (form().querySelector(".count-choice") ? "Make the invites" : "Make an invite") : "Deal";
}

/** Whether the open sheet offers friends on other devices (a game of two people's seats, or the Dealer's table). */
let remoteChoice = false;

/** The game's own fields on the open sheet (null: none), asked for their setup when Deal is pressed. */
/** @type {SetupFields | null} */
let extra = null;

/**
 * The line under the fields that says why Deal did not deal (the game's fields are not ready).
 * @param {string} problem
 */
function showProblem(problem) {
  const line = find("#setup-problem");
  line.textContent = problem;
  line.hidden = !problem;
}

/**
 * The choices on the sheet, read back as settings and a deal request.
 * @param {GameInfo} info
 * @param {Settings} settings
 * @param {{setup?: unknown}} chosen  the game's own setup, when it has setup fields
 * @returns {{settings: Settings, dealt: DealRequest}}
 */
function readForm(info, settings, chosen) {
  const data = new FormData(form());
  const seed = Number.parseInt(String(data.get("seed") ?? ""), 10);
  const options = Object.fromEntries(info.options.map((option) => [option.name, String(data.get(`option:${option.name}`))]));
  const guests = data.get("guests") === null ? {} : { guests: Number(data.get("guests")) };
  return {
    settings: {
      ...settings,
      mode: /** @type {Mode} */ (data.get("mode")), // a radio button's or the hidden field's value: a mode offered
      level: String(data.get("level") ?? settings.level),
      side: Number(data.get("side") ?? settings.side),
    },
    dealt: { seed: Number.isSafeInteger(seed) && seed >= 0 ? seed : null, deal: null, options, ...chosen, ...guests },
  };
}

/**
 * Open the sheet for `info`, filled from `settings` and `options`; onDeal({settings, dealt}) runs when the
 * player presses Deal.
 * @param {GameInfo} info
 * @param {Settings} settings
 * @param {Record<string, string>} options
 * @param {(choice: {settings: Settings, dealt: DealRequest}) => void} onDeal
 * @param {SetupFields | null} [fields] the game's own part of the form (its setup), if it has one
 * @param {((choice: {settings: Settings, dealt: DealRequest}) => void) | null} [onRemote] a game of two
 *   people's seats: the opponent "A friend on another device" makes an invite (remote/remote-sheet.js)
 */
export function openSetup(info, settings, options, onDeal, fields = null, onRemote = null) {
  extra = fields;
  remoteChoice = onRemote !== null;
  find("#setup-title").textContent = `Deal a game of ${info.title}`;
  find("#setup-fields").replaceChildren(...fieldsFor(info, settings, options), ...(fields ? [fields.element] : []));
  find("input[name='seed']", HTMLInputElement).value = "";
  showProblem("");
  syncComputerOnly();
  /** @type {unknown} the setup the game's fields gave when Deal was pressed */
  let setup = null;
  dialog().onclose = () => {
    const chosen = extra ? { setup } : {};
    extra = null;
    if (dialog().returnValue !== "deal") return;
    const choice = readForm(info, settings, chosen);
    if (choice.settings.mode === "remote") onRemote?.(choice);
    else onDeal(choice);
  };
  form().onsubmit = (event) => {
    if (!extra || /** @type {HTMLButtonElement | null} */ (event.submitter)?.value !== "deal") return;
    const answer = extra.read();
    const crowded = "problem" in answer ? "" : overCrowded(info, answer.setup);
    if ("problem" in answer || crowded) {
      event.preventDefault(); // the sheet stays open and says what is missing
      showProblem("problem" in answer ? answer.problem : crowded);
      return;
    }
    showProblem("");
    setup = answer.setup;
  };
  dialog().returnValue = "";
  dialog().showModal();
}

/**
 * Why the party seated here and the players invited from other devices do not fit the table ("": they do).
 * @param {GameInfo} info
 * @param {unknown} setup the party picked here
 */
function overCrowded(info, setup) {
  const data = new FormData(form());
  if (data.get("mode") !== "remote" || data.get("guests") === null) return "";
  const here = /** @type {{party?: unknown[]} | null} */ (setup)?.party?.length ?? 0;
  const seats = info.players - 1;
  const guests = Number(data.get("guests"));
  return here + guests > seats ? `The table seats ${seats} characters: ${here} from your roster and ${guests} joining make ${here + guests}.` : "";
}

export function wireSetupForm() {
  form().addEventListener("change", syncComputerOnly);
}
