"""The table's session, seat names and turn engine (web/js/table/controller.js) for shapes no game has yet: a
solo seat against a Dealer the engine plays (op `auto`, never `bot`), three people at one hot-seat table, the
computer's seat, and the controller's states and transitions. Run in the page against a stand-in engine that
records what it is asked and a stand-in game adapter: no rule and no Python involved."""

from __future__ import annotations

from typing import Any, Callable

from saloon_site import LAPTOP

DRIVE_SESSION = """
async ([seats, settings]) => {
  const { Session } = await import("./js/session.js");
  const { seatNames, resultTitle } = await import("./js/seats.js");
  const asked = [];
  const engine = {
    call: async (request) => { asked.push(request); return { ok: true }; },
    callMany: async (requests) => { asked.push(...requests); return requests.map(() => ({ ok: true, events: [] })); },
  };
  let saves = 0;
  const session = new Session({ engine, info: { seats }, settings, session: "s9", save: async () => { saves += 1; } });
  const dueAll = seats.map((_, seat) => seat);
  const machines = session.machinesDue(dueAll);
  for (const seat of machines) await session.machineMove(seat, session.human[0]);
  await session.save();
  const names = seatNames(seats, settings.mode, session.human);
  return {
    human: session.human, machines, asked, saves,
    names: names.map((n) => n.plate),
    titles: [0, null].map((winner) => resultTitle({ winner }, names, session.human)),
  };
}
"""


def drive(open_page: Callable[..., Any], seats: list[dict[str, str]], settings: dict[str, Any]) -> Any:
    visit = open_page(LAPTOP)
    visit.page.goto(visit.base_url + "index.html")
    return visit.page.evaluate(DRIVE_SESSION, [seats, settings])


def test_a_solo_seat_against_a_dealer_the_engine_plays(open_page: Callable[..., Any]) -> None:
    seats = [{"name": "Rider", "kind": "person"}, {"name": "Dealer", "kind": "engine"}]
    got = drive(open_page, seats, {"game": "g", "mode": "solo", "level": "", "side": 0})
    assert got["human"] == [0]
    assert got["machines"] == [1]  # the engine's seat is nobody's
    assert [r["op"] for r in got["asked"]] == ["auto", "view"]
    assert got["asked"][0] == {"op": "auto", "session": "s9", "player": 1, "viewer": 0}
    assert got["asked"][1] == {"op": "view", "session": "s9", "player": 0}
    assert got["saves"] == 1
    assert got["names"] == ["You", "Dealer"]
    assert got["titles"] == ["You win!", "A draw"]


def test_three_people_at_one_hot_seat_table(open_page: Callable[..., Any]) -> None:
    seats = [{"name": f"Player {n}", "kind": "person"} for n in (1, 2, 3)]
    got = drive(open_page, seats, {"game": "g", "mode": "hotseat", "level": "", "side": 0})
    assert got["human"] == [0, 1, 2]
    assert got["machines"] == []
    assert got["asked"] == []  # nobody for the computer or the engine to move
    assert got["names"] == ["Player 1", "Player 2", "Player 3"]
    assert got["titles"] == ["Player 1 wins!", "A draw"]


def test_the_computer_plays_every_other_person_seat_at_its_level(open_page: Callable[..., Any]) -> None:
    seats = [{"name": "Player 1", "kind": "person"}, {"name": "Player 2", "kind": "person"}]
    got = drive(open_page, seats, {"game": "g", "mode": "computer", "level": "hard", "side": 1})
    assert got["human"] == [1]
    assert got["asked"][0] == {"op": "bot", "session": "s9", "player": 0, "level": "hard", "viewer": 1}
    assert got["names"] == ["Computer · Player 1", "You · Player 2"]
    assert got["titles"] == ["The computer wins", "A draw"]


# A stand-in game at a real TableController: the Dealer (seat 1, the engine's) moves, then the Rider (seat 0),
# then the Dealer again, and the Rider wins. Each move comes with one event, which the stand-in renderer plays
# out for `ANIMATION_MS` of timeline; the controller's stages are recorded as they change.
SOLO_TABLE = """
async ([speed, probe]) => {
  const { TableController } = await import("./js/table/controller.js");
  const { TableRenderer } = await import("./js/table-renderer.js");
  const { MovePanel } = await import("./js/move-panel.js");
  const { CardPainter } = await import("./js/card-painter.js");
  const { turnLine, scoreEnding } = await import("./js/table/adapter.js");
  const turns = [[1], [0], [1], []];
  let turn = 0;
  const asked = [];
  const answer = (request) => {
    asked.push(request.op);
    const over = turn === turns.length - 1;
    if (request.op === "view") {
      return { ok: true, view: { turn }, viewer: request.player, to_act: turns[turn], over,
               outcome: over ? { winner: 0, scores: [21, 17], reason: "The Rider stands on 21." } : null };
    }
    if (request.op === "legal") return { ok: true, moves: [{ type: "draw" }], labels: ["Draw a card"] };
    if (request.op === "auto" || request.op === "play") {
      turn += 1;
      return { ok: true, move: { type: "deal" }, events: [{ type: "card" }] };
    }
    return { ok: true };
  };
  const engine = { call: async (r) => answer(r), callMany: async (rs) => rs.map(answer) };
  class StandInRenderer extends TableRenderer {
    timeline() { return { began: performance.now(), end: 300 }; }
  }
  const stages = [];
  const lines = [];
  const makeTable = (kit) => {
    const panel = new MovePanel(document.querySelector(".moves"), { onPlay: (move) => kit.play(move), signal: kit.signal });
    panel.show = (legal) => panel.list.replaceChildren(...legal.moves.map((move) => {
      const button = document.createElement("button");
      button.className = "move";
      button.dataset.move = JSON.stringify(move);
      return button;
    }));
    return {
      renderer: new StandInRenderer(kit.canvas, kit.painter, {}), panel, stylesheet: "", curtain: false, viewSeat: null,
      seat: () => ({}), shown: () => {}, hint: () => {}, tap: () => {}, highlight: () => ({}),
      status: (moment) => {
        const line = turnLine(moment, { where: `Turn ${moment.view.turn}`, prompt: "Draw a card", waiting: "The Dealer deals…" });
        lines.push([moment.stage, line]);
        return [line, "news"];
      },
      summary: () => "", log: () => [], lastMove: () => null, roundOf: () => null, secret: () => false,
      ending: (done, box) => box.show(scoreEnding(done, kit.moment().names, "You win!")),
      close: () => {},
    };
  };
  let curtains = 0;
  let saves = 0;
  let over = null;
  document.addEventListener("saloon:over", (event) => { over = event.detail; }, { once: true });
  const table = new TableController({
    engine, info: { seats: [{ name: "Rider", kind: "person" }, { name: "Dealer", kind: "engine" }] },
    settings: { game: "g", mode: "solo", level: "", side: 0, speed }, session: "s5",
    canvas: document.querySelector("#table"), painter: new CardPainter(), onRendered: () => {}, toast: () => {},
    showCurtain: async () => { curtains += 1; }, save: async () => { saves += 1; }, makeTable,
  });
  table.on("stage", (stage) => stages.push(stage));
  const opened = table.open();
  const seen = { liveWhileAnimating: 0, pressedEarly: null };
  if (probe) {
    // While the Dealer's move plays out nothing is live and a press does nothing; a click on the felt finishes it.
    await new Promise((resolve) => { const wait = () => (table.stage === "animating" ? resolve() : setTimeout(wait, 5)); wait(); });
    seen.liveWhileAnimating = document.querySelectorAll("button.move:not([disabled])").length;
    table.play({ type: "draw" });
    seen.pressedEarly = turn;
    table.tapped(0, 0);
    seen.leftAfterTap = table.renderer.animationLeft();
  }
  await opened;
  await new Promise((resolve) => { const wait = () => (table.stage === "person" ? resolve() : setTimeout(wait, 5)); wait(); });
  const acting = table.moment.acting;
  await table.play({ type: "draw" });
  await new Promise((resolve) => { const wait = () => (table.stage === "over" && over ? resolve() : setTimeout(wait, 5)); wait(); });
  const result = {
    acting, asked, curtains, saves, over, current: table.current, stages, lines, seen,
    title: document.querySelector("#result-title").textContent,
    totals: [...document.querySelectorAll("#result-totals div")].map((d) => `${d.querySelector("dt").textContent} ${d.querySelector("dd").textContent}`),
    shown: !document.querySelector("#result").hidden,
  };
  table.close();
  return result;
}
"""


def solo_table(open_page: Callable[..., Any], speed: str, probe: bool) -> Any:
    visit = open_page(LAPTOP)
    visit.page.goto(visit.base_url + "index.html")
    return visit.page.evaluate(SOLO_TABLE, [speed, probe])


def test_a_solo_table_never_draws_a_curtain_and_lets_the_engine_deal(open_page: Callable[..., Any]) -> None:
    got = solo_table(open_page, "instant", False)
    assert got["acting"] is True  # after the Dealer's opening move the Rider is offered their move
    assert "bot" not in got["asked"] and got["asked"].count("auto") == 2 and got["asked"].count("play") == 1
    assert got["curtains"] == 0
    assert got["saves"] == 3  # after each of the three moves
    assert got["current"] == {"game": "g", "session": "s5", "mode": "solo", "human": [0]}
    assert got["shown"] and got["title"] == "You win!"
    assert got["totals"] == ["You 21", "Dealer 17"]
    assert got["over"] == {"session": "s5"}
    assert "animating" not in got["stages"]  # instant: nothing is played out


def test_the_turn_engine_goes_through_its_states_in_order(open_page: Callable[..., Any]) -> None:
    """Normal speed: every step is played out before anyone may act; the computer's turn comes between."""
    got = solo_table(open_page, "normal", False)
    stages = [s for i, s in enumerate(got["stages"]) if i == 0 or got["stages"][i - 1] != s]
    assert stages == [
        "engine", "computer", "engine", "animating",  # the Dealer's opening move, played out
        "engine", "person",  # the Rider's moves are fetched, then live
        "engine", "animating",  # the Rider's move, played out
        "computer", "engine", "animating",  # the Dealer's last move
        "over",
    ], stages
    said = dict(got["lines"])
    assert said["person"] == "Turn 1 · Draw a card."
    assert said["computer"] in ("Turn 0 · The Dealer deals…", "Turn 2 · The Dealer deals…")
    assert said["animating"] in ("Turn 1", "Turn 2", "Turn 3")  # nobody is named while the felt plays a move out
    assert all(line != "Turn 1 · Draw a card." for stage, line in got["lines"] if stage != "person")


def test_nothing_is_live_while_the_felt_plays_a_move_out(open_page: Callable[..., Any]) -> None:
    got = solo_table(open_page, "normal", True)
    assert got["seen"]["liveWhileAnimating"] == 0
    assert got["seen"]["pressedEarly"] == 1, "a move pressed while the Dealer's card was moving was not sent"
    assert got["seen"]["leftAfterTap"] == 0, "a click on the felt finishes the animation"
    assert got["shown"] and got["asked"].count("play") == 1
