// What a game brings to the table controller (./controller.js): its renderer, its move panel, its words
// and its input, as one plain object (a TableAdapter) made by its table module's `makeTable(kit)`. The
// controller owns the turn flow; the adapter only draws, says and reads taps. Nothing here runs: the
// module declares the shapes both sides agree on (checked by tsc --checkJs), and the helpers that compose
// the words every table says alike.

/**
 * @typedef {"engine" | "animating" | "person" | "computer" | "handover" | "over"} Stage
 *   engine: waiting for the engine's answer; animating: the felt plays a step out; person: a person at
 *   this screen may move; computer: the computer (or the engine's own seat) is about to move; handover:
 *   the curtain is down between two people; over: the game has ended
 */

/** @typedef {{moves: any[], labels: string[], previews?: any[], can_undo?: boolean}} Legal */

/**
 * The bridge's view answer: the one envelope every game's view comes in (bridge-shapes.js, generated from
 * the bridge's TypedDicts), or the error that came instead.
 * @template [V=any] the game's view (its shapes.js)
 * @typedef {import("../bridge-shapes.js").ViewAnswer<V> | (import("../bridge-shapes.js").ErrorAnswer & Partial<import("../bridge-shapes.js").ViewAnswer<V>>)} ViewAnswer
 */

/**
 * What the table shows now, as the adapter reads it to draw, say and take input.
 * @template [V=any] the game's view (its shapes.js)
 * @typedef {object} Moment
 * @property {Stage} stage
 * @property {ViewAnswer<V> | null} answer the view answer on the felt (null while the table is hidden)
 * @property {V} view                     answer.view (null while hidden)
 * @property {number | null} viewer       whose view it is (null: nobody's, the spectator's)
 * @property {Legal} legal                the viewer's moves on offer (none unless stage is "person")
 * @property {Map<number, Legal>} offered every seat's moves on offer (a shared screen offers several)
 * @property {boolean} acting             stage is "person": the moves are live
 * @property {number | null} machine      the seat the computer or the engine moves next, when it is due
 * @property {boolean} hotseat            people pass this device between them
 * @property {import("../seats.js").SeatName[]} names
 * @property {number[]} people            the seats people play here
 * @property {boolean} animated           moves are played out (any speed but instant)
 * @property {string} told                the other side's last move as the table tells it with its light ("": none)
 */

/**
 * A game's move panel (see ../move-panel.js for the shared part).
 * @typedef {object} Panel
 * @property {(legal: Legal, moment: Moment) => void} show  fresh buttons for the moves on offer
 * @property {(hint?: string) => void} clear  no moves on offer; `hint` says who the table waits for
 * @property {() => void} disable            a move is on its way
 * @property {() => void} focus              keyboard players land on the moves
 * @property {(move: any) => void} markHinted ring a hinted move's button
 */

/**
 * The other side's last move, told from the viewer's seat, and the spots the renderer lights for it.
 * @typedef {{sentence: string, spots: any[]} | null} LastMove
 */

/**
 * What the adapter gives the result box (./result-box.js): a headline, the reason, a line per seat or
 * character, a note under them. Each entry is [name, value, {winner?, className?, notes?}].
 * @typedef {object} Ending
 * @property {string} title
 * @property {string} reason
 * @property {[string, string, {winner?: boolean, className?: string, notes?: string, character?: string}][]} entries
 * @property {string} note
 */

/**
 * The result box as an adapter fills it (./result-box.js).
 * @typedef {object} ResultBox
 * @property {(ending: Ending) => void} show  fill and open it (the game is announced over)
 * @property {(text: string) => void} note    change the note under the entries
 * @property {(node: Element) => void} add    a control of the game's own under the note
 * @property {() => void} announce            the game is over (for a game that shows its end elsewhere)
 * @property {() => boolean} closed           the table has been left meanwhile
 */

/**
 * @template [V=any] the game's view (its shapes.js)
 * @typedef {object} TableAdapter
 * @property {import("../table-renderer.js").TableRenderer} renderer
 * @property {Panel} panel
 * @property {string} stylesheet   the game's own table.css
 * @property {boolean} curtain     whether hot-seat turns change behind a curtain (hands are hidden)
 * @property {((answer: ViewAnswer<V> | null) => number) | null} viewSeat  on a screen every seat shares (the
 *   Dealer's table), whose view to draw now (null: each person sees their own seat's view)
 * @property {number} [undoSeat]   on a shared screen, the seat that takes back the table's last action, whoever
 *   made it (the Dealer, TS-27): the table shows Undo for that seat whenever the bridge says it can
 * @property {(probe: ViewAnswer<V>, names: import("../seats.js").SeatName[]) => {people?: number[], names?: import("../seats.js").SeatName[]}} seat
 *   who plays here and how they are called, from the spectator's view as the table opens ({}: as GameInfo says)
 * @property {(moment: Moment<V>) => [string, string]} status  the turn line and the news line (the table puts the
 *   other side's last move, `told`, before the news; the news waits while the felt plays a step out)
 * @property {(moment: Moment<V>) => any} highlight   what the renderer marks (playable cards, targets, caption)
 * @property {(view: V) => string} summary         the canvas in words, for screen readers
 * @property {(view: V) => [string, string][]} log    the move log's [label, sentence] entries
 * @property {(moment: Moment<V>) => LastMove} lastMove the other side's last move, when it is the newest news
 * @property {(view: V) => number | null} roundOf     the round a view belongs to (null: no rounds)
 * @property {(move: any) => boolean} secret      a machine's move as told still hides its card (not saved)
 * @property {(clientX: number, clientY: number, moment: Moment<V>) => void} tap  a click on the canvas
 * @property {(move: any, moment: Moment<V>) => void} hint  show a hinted move on the felt
 * @property {(moment: Moment<V>) => void} shown   a new view is on the felt (the game's own panes follow); a
 *   moment with no view: the table is hidden (a curtain) or left
 * @property {(answer: ViewAnswer<V>, box: ResultBox) => Promise<void> | void} ending  fill the end in
 * @property {() => void} close
 */

/**
 * What the controller hands a game's `makeTable`: the table's context and the ways back into its flow.
 * @template [V=any] the game's view (its shapes.js)
 * @typedef {object} TableKit
 * @property {HTMLCanvasElement} canvas
 * @property {import("../card-painter.js").CardPainter} painter
 * @property {import("../types.js").Engine} engine
 * @property {import("../types.js").GameInfo} info
 * @property {import("../types.js").Settings} settings
 * @property {string} session          the bridge session
 * @property {number[]} away           the seats played on other devices (a game with friends far away)
 * @property {Record<string, unknown> | null} brought  the character this device brought to a Dealer's table
 *   on another device (written back to the roster at the end)
 * @property {AbortSignal} signal      every listener of the table goes when it closes
 * @property {(move: any, seat?: number) => void} play   a person's move (the viewer's seat unless named)
 * @property {(text: string) => void} toast
 * @property {() => void} redraw       the adapter's own choice changed (a card picked): mark and say it again
 * @property {() => void} look         draw the view again (a shared screen's view seat changed)
 * @property {(seat: number) => void} switchTo  let another due person act first (their side of the table)
 * @property {() => Moment<V>} moment
 */

/**
 * The turn line of a table: where the game stands, then who does what now. While the felt plays a move
 * out it names nobody; while a person may move it asks them (by name at a hot seat); while the computer
 * is due it says so.
 * @param {Moment} moment
 * @param {{where: string, prompt: string, waiting?: string}} words  `prompt`: what the person on screen is
 *   asked ("Choose a card to commit"); `waiting`: who the table waits for (default: the machine thinking)
 */
export function turnLine(moment, { where, prompt, waiting }) {
  let doing = "";
  if (moment.stage === "person") {
    const who = moment.hotseat && moment.viewer !== null ? moment.names[moment.viewer].subject : "";
    doing = who ? `${who}, ${prompt.charAt(0).toLowerCase()}${prompt.slice(1)}` : prompt;
  } else if (moment.stage === "computer" && moment.machine !== null) {
    doing = waiting ?? `${moment.names[moment.machine].subject} is thinking…`;
  }
  const line = [where, doing].filter(Boolean).join(" · ");
  return !doing || /[.…!?:]$/.test(line) ? line : `${line}.`;
}

/**
 * The canvas caption of a table that asks by phase: the prompt while the person acts, who the table waits
 * for while the engine or the computer works, nothing while a move plays out.
 * @param {Moment} moment
 * @param {string} prompt
 * @param {string} waiting
 */
export function stageCaption({ stage }, prompt, waiting) {
  if (stage === "person") return prompt;
  return stage === "computer" || stage === "engine" ? waiting : "";
}

/**
 * A move a hint suggested, kept (and lit through the game's highlight) until the next view.
 * @param {TableKit} kit
 */
export function keptHint(kit) {
  /** @type {any} */
  let kept = null;
  return {
    move: () => kept,
    forget: () => {
      kept = null;
    },
    /** @param {any} move */
    keep: (move) => {
      kept = move;
      kit.redraw();
    },
  };
}

/**
 * The result box of a game with a score per seat: the seats' totals (the outcome's scores unless told), the
 * winner's marked.
 * @param {ViewAnswer} answer  a view of the game over
 * @param {import("../seats.js").SeatName[]} names
 * @param {string} title
 * @param {{totals?: number[], note?: string}} details
 * @returns {Ending}
 */
export function scoreEnding(answer, names, title, { totals, note = "" } = {}) {
  const { outcome } = answer;
  if (!outcome) throw new Error("A game's ending needs its outcome.");
  const shown = totals ?? outcome.scores;
  return {
    title,
    reason: outcome.reason,
    entries: names.flatMap((name, seat) => (shown[seat] === undefined ? []
      : [[name.plate, String(shown[seat]), { winner: outcome.winner === seat }]])),
    note,
  };
}
