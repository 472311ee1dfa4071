"""The end of a Showdown told for the record (``State.told_outcome``, issue 13 "Your record"): the
breakdown (the round, the enemies down and fled, who of the party fell) and the verdict each seat
keeps (a field held is won, a party dead is lost, a getaway is drawn; the Dealer keeps none).

Forced fights as in ``test_rulings``: Deacon Vane at noon, with chosen cards on top of each deck.
"""

from __future__ import annotations

from tombstone.play import pc, pc_deck, play, stand
from tombstone_showdown.forced import showdown
from tombstone_showdown.test_rulings import hit_at_noon
from playthrough import told


def test_a_fight_won_is_counted_won_with_the_enemies_down() -> None:
    """Kit's longrifle kills Deacon Vane in round 1 (as in test_tomb9_grt_below_zero_kills_an_npc_without_a_save)."""
    gunner = pc("Kit", DEX=2, items=("longrifle",))
    state = showdown([gunner], dealer=["2S", "3S"], decks=[pc_deck(["KC", "KS", "JH"])])
    stand(state, 1)
    play(state, 1, type="attack", weapon=0, target="npc0")
    stand(state, 1)
    mine = told(state, 1)
    assert mine["breakdown"] == "Over in round 1: 1 of 1 enemy down; nobody of the party fell."
    assert mine["verdict"] == "won"
    assert told(state, 0)["verdict"] is None and told(state, None)["verdict"] is None


def test_a_party_dead_is_counted_lost_and_named() -> None:
    state = hit_at_noon(pc("Kit", DEX=2, GRT=0), "JH", [])
    mine = told(state, 1)
    assert mine["breakdown"] == "Over in round 1: 0 of 1 enemy down; Kit fell."
    assert mine["verdict"] == "lost"
    assert mine["reason"] == "Nobody of the party is left standing."


def test_a_getaway_is_drawn() -> None:
    """As in test_sd7_tomb9_...: Kit goes out, Ann turns tail and gets away, and Kit is carried off."""
    state = showdown([pc("Kit", DEX=2, GRT=2), pc("Ann", DEX=1)], dealer=["KS", "QS", "JH", "2S"],
                     decks=[pc_deck(["2C", "3C", "5H"]), pc_deck(["KS", "KC"])])
    stand(state, 1)
    play(state, 0, type="attack", npcs=["npc0"], target="pc0")
    stand(state, 1)
    stand(state, 1)
    play(state, 0, type="attack", npcs=["npc1"], target="pc1")
    stand(state, 2)
    play(state, 2, type="turn_tail")
    stand(state, 2)
    assert [told(state, seat)["verdict"] for seat in (1, 2)] == ["drawn", "drawn"]
    assert told(state, 1)["breakdown"] == "Over in round 1: 0 of 2 enemies down; nobody of the party fell."
