"""The Showdown's share of issue 26's rulings: TS-20 (the Black Joker forces the Dealer's damage flip) and
TS-22 (several attackers are one attack together; an enemy alone later in the round attacks plain)."""

from __future__ import annotations

from tombstone.play import HAND_BJ, pc, pc_deck, play, stand
from tombstone_showdown.forced import ANN, KIT, last, showdown, waiting


def test_ts20_kit_forces_deacons_damage_flip() -> None:
    """Deacon's Q♠ + 3 hits Kit's 3♣ + 2; the damage Q♥ (tier 3: 4, past Kit's 3 HP) waits for his Black
    Joker; forced, the 2♥ does 1."""
    state = showdown([KIT], dealer=["KS", "QS", "QH", "2H"], decks=[pc_deck(["2C", "3C"], hand=HAND_BJ)])
    stand(state, 1)  # the draw: the enemies first
    play(state, 0, type="attack", npcs=["npc0"], target="pc0")
    play(state, 1, type="settle")  # a hit
    pending = state.view(1)["pending"]
    assert pending["kind"] == "damage" and pending["damage"] == {"tier": 3, "total": 4, "rule": "tier"}
    assert state.to_act() == [1] and {"type": "force"} in state.legal_moves(1)
    events = play(state, 1, type="force")
    assert events[0]["sentence"] == "Kit plays the Black Joker: Deacon Vane flips again, Q♥ out, 2♥ in; that stands."
    assert last(state, "damage")["result"]["total"] == 1 and state.party[0]["hp"] == 2


def test_ts22_a_gang_is_one_attack_and_a_lone_attacker_after_it_is_plain() -> None:
    """The gang: Ruby and the second boy shoot together (enhanced, +1); the club boy then attacks Kit alone in the
    same round: a plain flip, no bonus (TOMB-11 read as one attack together)."""
    tough = pc("Kit", DEX=2, STR=2, GRT=6)  # HP 7
    state = showdown([tough, ANN], "gang", dealer=["KS", "9C", "8C", "2H", "5S"],
                     decks=[pc_deck(["2C", "3H", "4S"]), pc_deck([])])
    stand(state, 1)
    play(state, 0, type="attack", npcs=["npc0", "npc2"], target="pc0")
    assert waiting(state)["context"]["bonus"] == 1 and waiting(state)["sides"][0]["mode"] == "enhanced"
    stand(state, 1)
    play(state, 0, type="attack", npcs=["npc1"], target="pc0")
    attack = state.pending if state.pending is not None and state.pending["kind"] == "attack" else None
    context = attack["context"] if attack else last(state, "attack")["context"]
    mode = attack["sides"][0]["mode"] if attack else last(state, "attack")["result"]["actor"]["mode"]
    assert (mode, context["bonus"], context["why"]) == ("normal", 0, "")
