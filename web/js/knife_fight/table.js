// Knife Fight at the table: what its felt draws and its status says. A tap on a playable hand card commits
// it (or follows the feint with it); in a field dressing a tap on a glowing wound dresses it. The turn flow
// is the table controller's (../table/controller.js); every rule question goes to Python, and every
// sentence about the fight (the story of an exchange, the move log, the outcome) is the engine's, written
// for the viewer.
import { KnifeFightRenderer } from "./renderer.js";
import { MovePanel } from "./move-panel.js";
import { prompt, waitingCaption, storyLine, logEntries, tableSummary } from "./texts.js";
import { turnLine, scoreEnding, stageCaption, keptHint } from "../table/adapter.js";
import { resultTitle } from "../seats.js";

/** @typedef {import("./shapes.js").KnifeView} KnifeView */
/** @typedef {import("../table/adapter.js").TableKit<KnifeView>} TableKit */
/** @typedef {import("../table/adapter.js").Moment<KnifeView>} Moment */
/** @typedef {import("../table/adapter.js").TableAdapter<KnifeView>} TableAdapter */

/**
 * @param {TableKit} kit
 * @returns {TableAdapter}
 */
export function makeTable(kit) {
  const renderer = new KnifeFightRenderer(kit.canvas, kit.painter);
  const hinted = keptHint(kit);
  const panel = new MovePanel(/** @type {Element} */ (document.querySelector(".moves")), { onPlay: (move) => kit.play(move), signal: kit.signal });
  /** @param {Moment} moment */
  const caption = (moment) => stageCaption(moment, prompt(moment.view.phase), waitingCaption(moment.view, moment.names, moment.machine));
  return {
    renderer,
    panel,
    stylesheet: new URL("./table.css", import.meta.url).href,
    curtain: true,
    viewSeat: null,
    seat: () => ({}),
    shown: hinted.forget,
    hint: hinted.keep,
    tap: (clientX, clientY, moment) => {
      const hit = renderer.hitTest(clientX, clientY);
      if (!hit || !moment.acting) return;
      const field = hit.kind === "hand" ? "card" : "discard";
      const move = moment.legal.moves.find((m) => m[field] === hit.card);
      if (move) kit.play(move);
      else if (moment.view.phase === "dress") kit.toast("Choose one of the glowing wounds: they were there before this round.");
      else if (hit.kind === "hand") kit.toast("A feint can't be followed by another King.");
    },
    highlight: (moment) => {
      const hint = hinted.move();
      const moves = moment.legal.moves.filter((m) => !hint || (m.type === hint.type && m.card === hint.card && m.discard === hint.discard));
      return {
        playable: new Set(moves.filter((m) => m.card).map((m) => m.card)),
        dressable: new Set(moves.filter((m) => m.discard).map((m) => m.discard)),
        caption: moment.view ? caption(moment) : "",
      };
    },
    status: (moment) => {
      const { view, names, machine } = moment;
      if (moment.stage === "over") return ["The fight is over.", ""];
      const waiting = waitingCaption(view, names, machine);
      return [turnLine(moment, { where: `Round ${view.round}`, prompt: prompt(view.phase), waiting }), storyLine(view)];
    },
    summary: (view) => tableSummary(view, kit.moment().names),
    log: (view) => logEntries(view),
    roundOf: (view) => view.round,
    /** The computer's committed card (or both-Kings follow-up) comes back as null: it is still secret. */
    secret: (move) => move.type !== "dress" && move.card === null,
    /** The rival's card lying face down in its slot while the viewer still chooses (KNIFE-2), as the engine tells it. */
    lastMove: ({ view }) => (view.last_play && view.viewer !== null ? { sentence: view.last_play, spots: [{ slot: 1 - view.viewer }] } : null),
    ending: (answer, box) => {
      const { names, people } = kit.moment();
      if (!answer.outcome) return; // the controller ends a table only once its view says the game is over
      box.show(scoreEnding(answer, names, resultTitle(answer.outcome, names, people),
        { note: "The numbers are each fighter's wound total (the sum of their damage pile)." }));
    },
    close: () => {},
  };
}
