// The "deal a game" sheet: opponent, computer level, seat and deal number.
import { randomSeed } from "./router.js";
import { GAMES } from "./games.js";

const dialog = () => document.querySelector("#setup-dialog");
const form = () => document.querySelector("#setup-form");

function syncComputerOnly() {
  const hotseat = form().elements.mode.value === "hotseat";
  for (const fieldset of form().querySelectorAll(".computer-only")) fieldset.hidden = hotseat;
}

/** Open the sheet filled with `settings`; onDeal(settings) runs when the player presses Deal. */
export function openSetup(settings, onDeal) {
  const fields = form().elements;
  document.querySelector("#setup-title").textContent = `Deal a game of ${GAMES[settings.game].title}`;
  fields.mode.value = settings.mode;
  fields.level.value = settings.level;
  fields.side.value = String(settings.side);
  fields.seed.value = String(settings.seed ?? randomSeed());
  syncComputerOnly();
  dialog().onclose = () => {
    if (dialog().returnValue !== "deal") return;
    onDeal({
      game: settings.game,
      mode: fields.mode.value,
      level: fields.level.value,
      side: Number(fields.side.value),
      seed: Number.parseInt(fields.seed.value, 10),
      fast: settings.fast,
    });
  };
  dialog().returnValue = "";
  dialog().showModal();
}

export function wireSetupForm() {
  form().addEventListener("change", syncComputerOnly);
  form().querySelector("#reroll").addEventListener("click", () => {
    form().elements.seed.value = String(randomSeed());
  });
}
