"""TS-27, undo at the Dealer's table: the Dealer takes back the table's last action (its settles, damage
and GRT save with it) by replaying the record without it, so every card flipped goes back on top of its
deck; nothing a hand showed is taken back. TS-28: an enemy from the Dealer's own stat block (the bestiary).
Forced decks as in test_rulings (a character's first five cards are their hand)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge_calls import call, ok
from pygame_core.bridge import Bridge
from pygame_core.games.tombstone.table import TableState
from tombstone.play import HAND_BJ, deck, pc, pc_deck, play, stand

from .test_rulings import table


def kill_silas() -> TableState:
    """Kit's fireman's axe (K♠, then J♠ for damage) kills Silas (STR 0, GRT 1): GRT below 0 (test_rulings)."""
    state = table([pc("Kit", STR=5, items=("fireman_axe",)), pc("Silas", STR=0, GRT=1)],
                  decks=[pc_deck(["KS", "JS"]), pc_deck(["2S"])])
    play(state, 0, type="die")
    play(state, 1, type="attack", weapon=0, target="pc1")
    stand(state, 2)  # Silas lets the cards stand (TS-19); the damage flip no hand card could turn settles itself (TS-15)
    assert state.party[1]["status"] == "dead"
    return state


def undo(b: Bridge, session: str, player: int = 0) -> dict[str, Any]:
    return call(b, {"op": "undo", "session": session, "player": player})


def loaded(state: TableState) -> tuple[Bridge, str]:
    b = Bridge()
    return b, ok(b, {"op": "load", "record": state.record()})["session"]


def test_ts27_the_dealer_takes_back_a_kill_whole_and_the_same_cards_come_again() -> None:
    state = kill_silas()
    assert state.undo_point(0) == 1, "the attack and Silas's standing are one action"
    assert state.undo_point(1) is None and state.undo_point(2) is None, "only the Dealer undoes"
    b, session = loaded(state)
    legal = ok(b, {"op": "legal", "session": session, "player": 0})
    assert legal["can_undo"] is True
    assert "can_undo" not in ok(b, {"op": "legal", "session": session, "player": 1})
    assert ok(b, {"op": "undo", "session": session, "player": 0})["undone"] == 2
    view = ok(b, {"op": "view", "session": session, "player": 0})["view"]
    silas = view["party"][1]["sheet"]
    assert silas["status"] == "up" and silas["abilities"]["GRT"] == 1 and silas["hp"] == 2
    assert view["log"][-1]["kind"] == "die", "the log rewinds with the record"
    ok(b, {"op": "play", "session": session, "player": 1, "move": {"type": "attack", "weapon": 0, "target": "pc1"}})
    pending = ok(b, {"op": "view", "session": session, "player": 0})["view"]["pending"]
    assert pending["sides"][0]["cards"] == ["KS"], "the undone flip's card is back on top: the same card again"


def test_ts27_undo_again_walks_back_action_by_action() -> None:
    state = kill_silas()
    b, session = loaded(state)
    ok(b, {"op": "undo", "session": session, "player": 0})
    assert ok(b, {"op": "undo", "session": session, "player": 0})["undone"] == 1, "the die of fate"
    refusal = undo(b, session)
    assert refusal["error"]["code"] == "nothing_to_undo" and "Nothing has happened" in refusal["error"]["message"]


def test_ts27_a_flip_still_waiting_is_taken_back_with_the_action_it_belongs_to() -> None:
    state = table([pc("Kit", STR=5, items=("fireman_axe",)), pc("Silas", STR=0, GRT=1)],
                  decks=[pc_deck(["KS", "JS"]), pc_deck(["2S"])])
    play(state, 1, type="attack", weapon=0, target="pc1")
    assert state.pending is not None and state.undo_point(0) == 0


def test_ts27_a_player_refused_and_a_hand_card_laid_is_never_taken_back() -> None:
    state = table([pc("Kit", DEX=1), pc("Silas")], decks=[pc_deck(["2C"]), pc_deck([])])
    play(state, 1, type="save", ability="DEX", risk="standard")
    play(state, 1, type="cheat", card="6D", covers="2C")
    assert state.undo_point(0) is None
    b, session = loaded(state)
    assert "can_undo" not in ok(b, {"op": "legal", "session": session, "player": 0})
    refusal = undo(b, session)
    assert refusal["error"]["code"] == "past_reveal" and "hand card" in refusal["error"]["message"]
    assert undo(b, session, 1)["error"]["message"] == "Only the Dealer takes back the table's last action."
    play(state, 0, type="reaction")
    assert state.undo_point(0) == 2, "an action after the cheat may be taken back"


def test_ts27_the_black_joker_seals_too() -> None:
    state = table([pc("Kit", DEX=0), pc("Silas")], dealer=["KD"],
                  decks=[pc_deck(["2C"], hand=HAND_BJ), pc_deck([])])
    play(state, 1, type="contest", ability="DEX", against="dealer")
    play(state, 1, type="force")
    assert state.undo_point(0) is None


@pytest.mark.parametrize(("kind", "sealed"), [("breather", False), ("night", True), ("week", True)])
def test_ts27_a_rest_that_deals_new_hands_is_not_taken_back(kind: str, sealed: bool) -> None:
    state = table([pc("Kit"), pc("Silas")])
    play(state, 0, type="rest", kind=kind)
    assert (state.undo_point(0) is None) is sealed


def test_ts27_taking_over_a_hireling_draws_a_new_hand_and_is_not_taken_back() -> None:
    state = table([pc("Kit"), pc("Ann", GRT=0)])
    play(state, 0, type="hazard", character="pc1", ability="GRT", amount=9)
    play(state, 0, type="hireling", name="Old Pete")
    play(state, 2, type="take_over", npc="npc0")
    assert state.undo_point(0) is None


def test_ts27_the_end_of_the_session_is_not_taken_back() -> None:
    state = table([pc("Kit"), pc("Silas")])
    play(state, 0, type="die")
    play(state, 0, type="end")
    assert state.undo_point(0) is None
    b, session = loaded(state)
    assert undo(b, session)["error"]["code"] == "game_over"


def test_ts28_an_enemy_from_the_dealers_own_stat_block() -> None:
    state = table([pc("Kit"), pc("Silas")])
    play(state, 0, type="enemy", preset="bandit", name="Black Bart", kind="posse", STR=4, DEX=2, WIL=1, hp=6,
         weapon="carbine")
    bart = state.npcs[0]
    assert bart["name"] == "Black Bart" and bart["kind"] == "posse"
    assert bart["abilities"] == {"STR": 4, "DEX": 2, "WIL": 1, "GRT": 5} and bart["hp"] == bart["max_hp"] == 6
    assert bart["weapon"]["name"] == "Carbine"
    play(state, 0, type="enemy", preset="brute", kind="hireling", hp=1)
    brute = state.npcs[1]
    assert brute["kind"] == "hireling" and brute["abilities"]["GRT"] == 0 and brute["weapon"]["name"] == "Club"
    assert state.check(0, {"type": "enemy", "preset": "bandit", "STR": 13})["code"] == "malformed_move"  # type: ignore[index]
    assert state.check(0, {"type": "enemy", "preset": "bandit", "weapon": "cannon"})["code"] == "malformed_move"  # type: ignore[index]
    assert state.check(0, {"type": "enemy", "preset": "bandit", "kind": "dealer"})["code"] == "malformed_move"  # type: ignore[index]


def test_ts27_the_blow_that_wipes_out_the_party_waits_for_the_dealer_and_is_undone() -> None:
    """Jesse alone: the bandit's K♠ and K♦ kill her (HP 2, GRT 1); she lets the cards stand on the attack and
    on the damage flip her Black Joker could force (TS-19, TS-20). The session does not end by itself: the
    Dealer may end it (the first move offered) or take the attack back, with both of her stands."""
    state = table([pc("Jesse", DEX=4, GRT=1)], dealer=["KS", "KD"], decks=[pc_deck(["2C"])])
    play(state, 0, type="enemy", preset="bandit")
    play(state, 0, type="npc_attack", npc="npc0", target="pc0")
    assert state.to_act() == [1], "the attack waits for Jesse, not the Dealer (TS-19)"
    stand(state, 1)
    assert state.party[0]["status"] == "dead" and not state.is_over()
    assert state.to_act() == [0] and state.legal_moves(0)[0] == {"type": "end"}
    assert state.undo_point(0) == 1
    b, session = loaded(state)
    assert ok(b, {"op": "undo", "session": session, "player": 0})["undone"] == 3, "the attack and both stands"
    assert ok(b, {"op": "view", "session": session, "player": 0})["view"]["party"][0]["sheet"]["status"] == "up"
