// The Showdown: one to three characters against an encounter, the Dealer (seat 0, played by the engine)
// moving the enemies on its own between the party's turns. Two ways to sit down (GameInfo modes):
// "solo", one person plays every character at this screen, the view following whoever acts (every
// character's seat is the person's); "hotseat", a player per character passing one device, a curtain
// between two characters' turns (../screens/two-seats.js), each hand shown to its own seat only. The
// felt shows the flips (./renderer.js); around it the scene, the party's sheets, the enemies and the
// story (./board.js); the panel the moves of the character on screen (./panel.js). When the fight ends
// the party's sheets go back to the roster in place of those that sat down; a stranger forged on the
// spot may be kept. Every rule question goes to Python.
import { TwoSeatScreen } from "../screens/two-seats.js";
import { ShowdownRenderer } from "./renderer.js";
import { ShowdownPanel } from "./panel.js";
import { sceneHeader, boardCards, storyItems } from "./board.js";
import { END_TITLES, roundLabel, promptFor, waitingFor, newsLine, logEntries, tableSummary, seatName, enemyMove } from "./texts.js";
import { make, dollars, ABILITIES } from "../tombstone/sheet-view.js";
import { Roster, writtenBackNote } from "../tombstone/roster.js";
import { partyPicker, notUp } from "../tombstone/party-picker.js";

const MAX_PARTY = 3; // GameInfo: the Dealer and three character seats
const WIDE = "(min-width: 900px)";

/**
 * The party picker of the setup form: one to three characters fit to fight, or a stranger.
 * @param {import("../types.js").SetupContext} context
 */
export function setupFields(context) {
  return partyPicker(context, { max: MAX_PARTY, none: { value: "stranger", label: "A stranger forged on the spot, by the book" }, unfit: notUp });
}

/** @extends {TwoSeatScreen<ShowdownRenderer>} */
export class Table extends TwoSeatScreen {
  static stylesheet = new URL("./table.css", import.meta.url).href;

  /** @param {import("../screens/table-screen.js").TableOptions} options */
  constructor(options) {
    super(options, new ShowdownRenderer(options.canvas, options.painter));
    this.screen = /** @type {HTMLElement} */ (document.querySelector("#table-screen"));
    this.screen.classList.add("tb-fate", "sd-showdown");
    // Every character's seat is a person's (the party is read when the table opens); the Dealer is the engine's.
    this.session.human = options.info.seats.flatMap((seat, index) => (seat.kind === "person" ? [index] : []));
    const signal = this.listeners.signal;
    const moves = /** @type {Element} */ (document.querySelector(".moves"));
    this.panel = new ShowdownPanel(moves, { onPlay: (seat, move) => this.playAs(seat, move), onSwitch: (seat) => this.switchTo(seat), signal });
    const felt = /** @type {HTMLElement} */ (document.querySelector("#felt"));
    this.scene = make("header", { className: "sd-scene", "aria-label": "The scene" });
    this.board = make("section", { className: "tt-board sd-board", "aria-label": "The party and the enemies" });
    this.story = make("section", { className: "sd-story", "aria-label": "The story so far" }, [
      make("h3", { className: "tt-group-title" }, ["The story so far"]), make("ol", { className: "sd-lines" }),
    ]);
    felt.prepend(this.scene);
    felt.append(this.board);
    // The story sits beside the moves on a wide screen, under the board on a phone.
    this.wide = matchMedia(WIDE);
    this.placeStory();
    this.wide.addEventListener("change", () => this.placeStory(), { signal });
    /** @type {HTMLElement | null} the result box's own controls (keep the stranger) */
    this.extra = null;
  }

  placeStory() {
    const home = this.wide.matches ? document.querySelector(".moves") : document.querySelector("#felt");
    home?.append(this.story);
  }

  /** Who plays which seat: every character of the party, read from the table before it opens. */
  async open() {
    const probe = await this.session.view(null);
    if (this.closed) return;
    if (probe.ok) {
      this.session.human = probe.view.party.map((member) => member.seat);
      this.nameSeats(probe.view);
    }
    await super.open();
  }

  /** The seats are called by their characters' names ("Pass the device to Ada"). */
  nameSeats(view) {
    this.names = this.names.map((name, seat) => {
      if (seat === 0) return name;
      const called = seatName(view, seat);
      return { plate: called, subject: called, object: called, owner: `${called}'s`, own: "their" };
    });
  }

  close() {
    super.close();
    this.scene.remove();
    this.board.remove();
    this.story.remove();
    this.panel.remove();
    this.extra?.remove();
    this.screen.classList.remove("tb-fate", "sd-showdown");
  }

  /** The curtain comes down between two characters' turns only at a hot seat (solo: one person plays them all). */
  get curtain() {
    return this.hotseat;
  }

  /**
   * At a hot seat, when the Dealer is due first (an ambush, a reload during its turn), it moves with the
   * table seen from nobody's side; the device goes to whoever it leaves due.
   */
  async resume() {
    if (!this.hotseat) return super.resume();
    const probe = await this.session.view(null);
    if (this.closed) return;
    if (probe.ok && !probe.over && "machine" in this.session.next(probe)) {
      this.viewer = null;
      this.showView(probe, []);
      return this.carryOn(probe);
    }
    return super.resume();
  }

  /** Players pass the device only at a hot-seat table with more than one character. */
  get hotseat() {
    return this.settings.mode === "hotseat" && this.session.human.length > 1;
  }

  /** The Dealer waits for the cards on the felt to land (and a banner to pass) before it moves. */
  botPause() {
    return this.settings.fast ? 0 : Math.max(super.botPause(), this.renderer.animationLeft() + 250);
  }

  showView(response, events) {
    super.showView(response, events);
    const view = response.view;
    this.scene.replaceChildren(...sceneHeader(view));
    this.board.replaceChildren(...boardCards(view, this.viewer));
    const lines = /** @type {HTMLElement} */ (this.story.querySelector("ol"));
    lines.replaceChildren(...storyItems(view));
    this.storyToEnd();
  }

  /** Beside the moves (a wide screen), the story keeps its newest line in sight as the moves change. */
  storyToEnd() {
    if (this.wide.matches) this.story.scrollTop = this.story.scrollHeight;
  }

  hideTable() {
    super.hideTable();
    this.board.querySelectorAll(".tt-showing").forEach((card) => card.classList.remove("tt-showing"));
  }

  showMoves() {
    this.panel.show(this.legal, { view: this.response.view, seat: /** @type {number} */ (this.viewer), toAct: this.response.to_act, hotseat: this.hotseat });
    this.storyToEnd();
  }

  /** A move from the panel: only the character on screen acts here. */
  playAs(seat, move) {
    if (seat === this.viewer) this.play(move);
  }

  /** Another character due this round acts first: their side of the table (behind the curtain at a hot seat). */
  switchTo(seat) {
    if (this.busy || seat === this.viewer || !this.response?.to_act.includes(seat)) return;
    if (this.hotseat) this.handOver(seat, { pause: false });
    else this.showSeat(seat);
  }

  tap(clientX, clientY) {
    const hit = this.renderer.hitTest(clientX, clientY);
    if (!hit || !this.acting || hit.kind !== "hand") return;
    const moves = this.legal.moves.filter((m) => m.type === "cheat" && m.card === hit.card);
    if (moves.length === 1) this.play(moves[0]);
    else if (moves.length > 1) this.toast("This flip has two cards: pick which one to cover with the buttons.");
  }

  highlight() {
    const view = this.response?.view;
    return {
      cheatable: new Set(this.legal.moves.filter((m) => m.type === "cheat").map((m) => m.card)),
      chosen: null,
      caption: view && !view.end ? roundLabel(view) : "",
    };
  }

  summary(view) {
    return tableSummary(view);
  }

  /** The Dealer's newest flip for an enemy glows on the felt: the enemy's side of it. */
  lastMove(view) {
    const sentence = enemyMove(view);
    return sentence ? { sentence, spots: [{ side: 0 }] } : null;
  }

  get overLine() {
    return "The fight is over.";
  }

  statusLines(view) {
    const turn = this.acting ? `${promptFor(view, /** @type {number} */ (this.viewer), this.legal.moves)}.` : waitingFor(view, this.response?.to_act ?? []);
    const news = this.lastMoveLine && !view.pending ? "" : newsLine(view); // a settled enemy move is told already
    return /** @type {[string, string]} */ ([`${roundLabel(view)} · ${turn}`, news]);
  }

  updateLog(view) {
    this.showLog(view ? logEntries(view) : []);
  }

  /** The end: how each character came out of it, and their sheets back to the roster (once). */
  async showResult(response) {
    const { outcome, view } = response;
    const result = outcome.result;
    const box = this.dom.result;
    const part = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (box.querySelector(selector));
    part("#result-title").textContent = END_TITLES[result?.end] ?? "The fight is over";
    part("#result-reason").textContent = view.log.at(-1)?.sentence ?? outcome.reason;
    const shared = await this.engine.call({ op: "share", session: this.session.id });
    if (this.closed) return;
    const seated = shared.ok ? shared.share?.setup?.party ?? null : null;
    const party = result?.party ?? [];
    part("#result-totals").replaceChildren(...party.map((sheet, i) => this.resultEntry(view.party[i], sheet, seated?.[i] ?? null, result.paid?.[`pc${i}`] ?? 0)));
    part("#result-discards").textContent = seated ? "Writing the sheets back to your roster…" : "";
    this.extra?.remove();
    this.extra = null;
    box.hidden = false;
    document.dispatchEvent(new CustomEvent("saloon:over", { detail: { session: this.session.id } }));
    if (seated) {
      const note = await this.writeBack(seated, party);
      if (!this.closed) part("#result-discards").textContent = note;
    } else if (party[0]) this.offerStranger(party[0]);
  }

  /** One character's line on the result box: HP or death, new scars, abilities below their maximum, dollars earned and spent. */
  resultEntry(member, sheet, before, paid) {
    const scars = sheet.scars.slice(before ? before.scars.length : 0).map((s) => s.name);
    const lowered = sheet.status === "dead" ? [] : ABILITIES.filter((a) => sheet.abilities[a.id] < sheet.max[a.id]).map((a) => `${a.id} ${sheet.abilities[a.id]}/${sheet.max[a.id]}`);
    const notes = [
      ...(member?.escaped ? ["got away"] : []),
      ...(scars.length ? [`scar: ${scars.join(", ")}`] : []),
      ...lowered,
      ...(before && sheet.money + paid > before.money ? [`earned ${dollars(sheet.money + paid - before.money)}`] : []),
      ...(paid ? [`spent ${dollars(paid)}`] : []),
      `${dollars(sheet.money)} in pocket`,
    ];
    return make("div", { className: sheet.status === "dead" ? "sd-dead" : "", "data-character": sheet.name }, [
      make("dt", {}, [sheet.name]),
      make("dd", {}, [sheet.status === "dead" ? "Dead" : `HP ${sheet.hp}/${sheet.max_hp}`]),
      make("dd", { className: "sd-result-notes" }, [notes.join(" · ")]),
    ]);
  }

  /** The party's sheets as the fight left them go back to the roster in place of the sheets that sat down. */
  async writeBack(seated, party) {
    const roster = new Roster(this.engine);
    const written = [];
    const problems = [];
    for (const [i, before] of seated.entries()) {
      const replaced = await roster.replace(before, party[i]);
      if (replaced.ok) written.push(party[i].name);
      else problems.push(replaced.message);
    }
    return this.closed ? "" : writtenBackNote(written, problems);
  }

  /** A stranger forged on the spot joins the roster only if the player wants them. */
  offerStranger(sheet) {
    const note = /** @type {HTMLElement} */ (this.dom.result.querySelector("#result-discards"));
    if (sheet.status === "dead") {
      note.textContent = `${sheet.name} was a stranger forged for this fight; nobody will miss them on your roster.`;
      return;
    }
    note.textContent = `${sheet.name} was a stranger forged for this fight.`;
    const keep = make("button", { type: "button", className: "brass-button sd-keep", "data-keep": "" }, ["Keep this stranger on your roster"]);
    keep.addEventListener("click", async () => {
      keep.setAttribute("disabled", "");
      const added = await new Roster(this.engine).add(sheet);
      if (this.closed) return;
      note.textContent = added.ok ? `${sheet.name} is on your roster now, as the fight left them.` : `${sheet.name} could not be kept: ${added.message}`;
      keep.remove();
    });
    this.extra = make("p", { className: "sd-keep-line" }, [keep]);
    note.after(this.extra);
  }
}
