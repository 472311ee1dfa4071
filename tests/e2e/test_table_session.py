"""The table's session controller, seat names and solo screen, for shapes no game has yet: a solo seat against
a Dealer the engine plays (op `auto`, never `bot`), three people at one hot-seat table, the computer's seat.
Run in the page against a stand-in engine that records what it is asked: no rule and no Python involved."""

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
  const next = session.next({ over: false, to_act: dueAll });
  for (const seat of session.machinesDue(dueAll)) await session.machineMove(seat, session.human[0]);
  await session.save();
  const names = seatNames(seats, settings.mode, session.human);
  return {
    human: session.human, next, asked, saves,
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
    got = drive(open_page, seats, {"game": "g", "mode": "solo", "level": "", "side": 0, "fast": True})
    assert got["human"] == [0]
    assert got["next"] == {"machine": 1}  # the engine's seat moves before the person when both are due
    assert [r["op"] for r in got["asked"]] == ["auto", "view"]
    assert got["asked"][0] == {"op": "auto", "session": "s9", "player": 1, "viewer": 0}
    assert got["asked"][1] == {"op": "view", "session": "s9", "player": 0}
    assert got["saves"] == 1
    assert got["names"] == ["You", "Dealer"]
    assert got["titles"] == ["You win!", "A draw"]


def test_three_people_at_one_hot_seat_table(open_page: Callable[..., Any]) -> None:
    seats = [{"name": f"Player {n}", "kind": "person"} for n in (1, 2, 3)]
    got = drive(open_page, seats, {"game": "g", "mode": "hotseat", "level": "", "side": 0, "fast": True})
    assert got["human"] == [0, 1, 2]
    assert got["next"] == {"person": 0}
    assert got["asked"] == []  # nobody for the computer or the engine to move
    assert got["names"] == ["Player 1", "Player 2", "Player 3"]
    assert got["titles"] == ["Player 1 wins!", "A draw"]


def test_the_computer_plays_every_other_person_seat_at_its_level(open_page: Callable[..., Any]) -> None:
    seats = [{"name": "Player 1", "kind": "person"}, {"name": "Player 2", "kind": "person"}]
    got = drive(open_page, seats, {"game": "g", "mode": "computer", "level": "hard", "side": 1, "fast": True})
    assert got["human"] == [1]
    assert got["asked"][0] == {"op": "bot", "session": "s9", "player": 0, "level": "hard", "viewer": 1}
    assert got["names"] == ["Computer · Player 1", "You · Player 2"]
    assert got["titles"] == ["The computer wins", "A draw"]


SOLO_TABLE = """
async () => {
  const { SoloScreen } = await import("./js/screens/solo.js");
  const { TableRenderer } = await import("./js/table-renderer.js");
  const { MovePanel } = await import("./js/move-panel.js");
  const { CardPainter } = await import("./js/card-painter.js");
  // A stand-in game: the Dealer (seat 1) moves, then the Rider (seat 0), then the Dealer again, and the Rider wins.
  const turns = [[1], [0], [1], []];
  let turn = 0;
  const asked = [];
  const answer = (request) => {
    asked.push(request.op);
    const over = turn === turns.length - 1;
    if (request.op === "view") {
      return { ok: true, view: { viewer: request.player, to_act: turns[turn] }, to_act: turns[turn], over,
               outcome: over ? { winner: 0, scores: [21, 17], reason: "The Rider stands on 21." } : null };
    }
    if (request.op === "legal") return { ok: true, moves: [{ type: "draw" }], labels: ["Draw a card"] };
    if (request.op === "auto" || request.op === "play") {
      turn += 1;
      return { ok: true, move: { type: "deal" }, events: [] };
    }
    return { ok: true };
  };
  const engine = { call: async (r) => answer(r), callMany: async (rs) => rs.map(answer) };
  class SoloTable extends SoloScreen {
    constructor(options) {
      super(options, new TableRenderer(options.canvas, options.painter, {}));
      this.panel = new MovePanel(document.querySelector(".moves"), { onPlay: (move) => this.play(move), signal: this.listeners.signal });
    }
  }
  let curtains = 0;
  let saves = 0;
  let over = null;
  document.addEventListener("saloon:over", (event) => { over = event.detail; });
  const table = new SoloTable({
    engine, info: { seats: [{ name: "Rider", kind: "person" }, { name: "Dealer", kind: "engine" }] },
    settings: { game: "g", mode: "solo", level: "", side: 0, fast: true }, session: "s5",
    canvas: document.querySelector("#table"), painter: new CardPainter(), onRendered: () => {}, toast: () => {},
    showCurtain: async () => { curtains += 1; }, save: async () => { saves += 1; },
  });
  await table.open();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const acting = table.acting;
  await table.play({ type: "draw" });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const result = {
    acting, asked, curtains, saves, over, current: table.current,
    title: document.querySelector("#result-title").textContent,
    totals: [...document.querySelectorAll("#result-totals div")].map((d) => `${d.querySelector("dt").textContent} ${d.querySelector("dd").textContent}`),
    shown: !document.querySelector("#result").hidden,
  };
  table.close();
  return result;
}
"""


def test_a_solo_table_never_draws_a_curtain_and_lets_the_engine_deal(open_page: Callable[..., Any]) -> None:
    visit = open_page(LAPTOP)
    visit.page.goto(visit.base_url + "index.html")
    got = visit.page.evaluate(SOLO_TABLE)
    assert got["acting"] is True  # after the Dealer's opening move the Rider is offered their move
    assert "bot" not in got["asked"] and got["asked"].count("auto") == 2 and got["asked"].count("play") == 1
    assert got["curtains"] == 0
    assert got["saves"] == 3  # after each of the three moves
    assert got["current"] == {"game": "g", "session": "s5", "mode": "solo", "human": [0]}
    assert got["shown"] and got["title"] == "You win!"
    assert got["totals"] == ["You 21", "Dealer 17"]
    assert got["over"] == {"session": "s5"}
