"""The Showdown's players that are not people: it has no computer levels (people play the party; the
Dealer is the game's own seat, SD-12), so the bridge refuses a ``bot`` request; the scripted party
(``bots/tombstone_showdown_bot.py``) that the balance tables use plays legal moves from its own view,
cheats fate only when a card turns the flip its way (TOMB-6), and ``simulate`` reports how fights end
with 95% intervals, where no encounter is a certain win or a certain death for a fresh character
(issue 10's balance point)."""

from __future__ import annotations

import copy
import json

import pytest

from bridge_calls import fails, ok
from pygame_core import get_game
from pygame_core.__main__ import ends_table, main, simulate_ends
from pygame_core.bots import LEVELS, SCRIPTED, make_bot
from pygame_core.bots.tombstone_showdown_bot import PartyBot
from pygame_core.bridge import Bridge
from pygame_core.games.tombstone.character import item_json, new_sheet
from pygame_core.games.tombstone.encounters import ENCOUNTERS
from pygame_core.games.tombstone.fate import full_deck
from pygame_core.games.tombstone.tables import ARCHETYPES

GAME_ID = "tombstone_showdown"
GAME = get_game(GAME_ID)


def deck(*top: str) -> list[str]:
    """A forced deck: ``top`` first (a character's first five are its hand), then the rest in order."""
    return [*top, *(card for card in full_deck() if card not in top)]


def gunhand(dex: int = 2) -> dict[str, object]:
    sheet = new_sheet({"STR": 1, "DEX": dex, "WIL": 1, "GRT": 2})
    sheet.update(name="Kit", inventory=[item_json(i) for i in ARCHETYPES["outlaw"].items])
    return sheet


def test_no_levels_no_hard_bot_and_the_bridge_refuses_bot_requests() -> None:
    assert GAME.info.levels == () and GAME_ID not in LEVELS and GAME_ID in SCRIPTED
    with pytest.raises(ValueError):
        make_bot(GAME_ID, "hard", 1)
    b = Bridge()
    ok(b, {"op": "new", "game": GAME_ID, "seed": 1})
    fails(b, {"op": "bot", "session": "s1", "player": 1, "level": "hard"}, "bad_request")


@pytest.mark.parametrize("encounter", list(ENCOUNTERS))
def test_the_scripted_party_plays_legal_moves_from_its_own_view(encounter: str) -> None:
    """Over a few fights per encounter: every choice is legal, and the bot leaves its inputs alone."""
    for seed in range(6):
        state = GAME.new_game(seed=seed, options={"encounter": encounter})
        bot = PartyBot(seed)
        for _ in range(2000):
            if state.is_over():
                break
            p = state.to_act()[0]
            if p == 0:
                state.play(0, state.auto_move(0))
                continue
            view, moves = state.view(p), state.legal_moves(p)
            given = copy.deepcopy((view, moves))
            move = bot.choose(view, moves)
            assert (view, moves) == given and move in moves
            state.play(p, move)
        assert state.is_over()


def test_the_party_cheats_a_lost_initiative_into_a_win_with_its_smallest_card() -> None:
    """Kit flips 2♦ + DEX 2 = 4 against the Dealer's 9♠ + DEX 3 = 12 (TOMB-6, SD-1). The 10♥ in hand would
    make 12, a tie in which neither card is a Club, so the Dealer holds it (TS-10); the K♣ makes 15 and
    wins, so the K♣ is laid."""
    deal = [deck("9S"), deck("10H", "KC", "3S", "4S", "5S", "2D")]
    state = GAME.new_game(seed=1, options={"encounter": "noon"}, deal=deal, setup={"party": [gunhand()]})
    assert state.view(1)["pending"]["kind"] == "initiative"
    move = PartyBot(1).choose(state.view(1), state.legal_moves(1))
    assert move == {"type": "cheat", "card": "KC", "covers": "2D"}


def test_a_won_flip_never_waits_for_the_party() -> None:
    """9♦ + 2 against 2♠ + 3: the draw is won as it stands, so it settles itself (TS-15) and the bot's turn comes."""
    deal = [deck("2S"), deck("10H", "KC", "3S", "4S", "5S", "9D")]
    state = GAME.new_game(seed=1, options={"encounter": "noon"}, deal=deal, setup={"party": [gunhand()]})
    assert state.pending is None and state.to_act() == [1]
    assert PartyBot(1).choose(state.view(1), state.legal_moves(1))["type"] == "attack"


def test_the_party_forces_a_dealers_damage_flip_that_would_drop_it() -> None:
    """TS-20: Deacon's Q♠ hits Kit (HP 3); a Q♥ for damage would take 4: the bot spends the Black Joker; a 2♥
    (1 damage) it lets stand."""
    for card, choice in (("QH", "force"), ("2H", "settle")):
        deal = [deck("KS", "QS", card), deck("10H", "BJ", "3S", "4S", "5S", "2C", "3C")]
        state = GAME.new_game(seed=1, options={"encounter": "noon"}, deal=deal, setup={"party": [gunhand()]})
        state.play(1, {"type": "settle"})  # the draw: 2♣ + 2 against K♠ + 3
        state.play(0, state.auto_move(0))
        state.play(1, {"type": "settle"})  # Q♠ + 3 against 3♣ + 2: a hit
        assert state.pending is not None and state.pending["kind"] == "damage"
        assert PartyBot(1).choose(state.view(1), state.legal_moves(1))["type"] == choice


def test_simulate_reports_every_encounter_with_intervals_and_none_is_certain() -> None:
    report = simulate_ends(GAME_ID, 60, party=1, seed=0)
    assert [row["value"] for row in report["rows"]] == [*ENCOUNTERS, "trail"]
    for row in report["rows"]:
        assert sum(cell["count"] for cell in row["ends"].values()) == 60
        for cell in row["ends"].values():
            low, high = cell["rate_95"]
            assert 0 <= low <= cell["rate"] <= high <= 1
        fights = sum(row["rounds"].values())  # a trail counts each of its fights (SD-15)
        assert (fights == 60 if row["value"] != "trail" else 60 <= fights <= 180) and all(int(r) >= 1 for r in row["rounds"])
        assert row["mean_rounds"] == sum(int(r) * n for r, n in row["rounds"].items()) / fights
        dead = row["ends"].get("dead", {"count": 0})["count"]
        assert 0 < dead < 60, f"{row['label']}: a fresh character always {'dies' if dead else 'lives'}"
    table = ends_table(report)
    assert "A lone gunslinger at noon" in table and "[" in table and "rounds per fight" in table


def test_simulate_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", GAME_ID, "--games", "4", "--party", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["party"] == 2 and len(report["rows"]) == len(ENCOUNTERS) + 1  # and the trail
