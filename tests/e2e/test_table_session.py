"""The table's session controller and seat names for shapes no game has yet: a solo seat against a Dealer the
engine plays (op `auto`, never `bot`), three people at one hot-seat table. Run in the page against a stand-in
engine that records what it is asked, so no rule and no Python is involved."""

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
