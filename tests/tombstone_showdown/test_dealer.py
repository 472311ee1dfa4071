"""The Showdown's Dealer (``dealer.py``, SD-12): the computer's moves for the enemies are legal in every
phase of every encounter, deterministic, change nothing, and come from the Dealer's own view (TS-15: no
hand, no deck's order); and they make the sense SD-12 promises: reload an empty heavy gun, take cover when
wounded or outnumbered (never a posse), go for the weakest character, a posse presses on, gang up (SD-5)
when the target would otherwise hold them off, else the best hand shoots.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from playthrough import snapshot
from pygame_core import IllegalMove, get_game, replay
from pygame_core.games.tombstone.character import item_json
from pygame_core.games.tombstone.encounters import ENCOUNTERS, ENEMY_WEAPONS
from pygame_core.games.tombstone.showdown import ShowdownState
from tombstone.play import pc, pc_deck, play, stand
from tombstone.redeal import redeal
from tombstone_showdown.forced import KIT, clone_of, random_party, showdown

GAME = "tombstone_showdown"


def scrambled(state: ShowdownState, rng: random.Random) -> ShowdownState:
    """A clone whose hidden cards are shuffled: each character's hand with their draw pile (the hand keeps
    its size) and the order of the Dealer's own draw pile. Only the hands' owners could tell."""
    twin = clone_of(state)
    for ref, deck in twin.decks.items():
        if ref == "dealer":
            rng.shuffle(deck.draw)
            continue
        hidden = [*deck.hand, *deck.draw]
        rng.shuffle(hidden)
        deck.hand, deck.draw = hidden[:len(deck.hand)], hidden[len(deck.hand):]
    return twin


def redealt(state: ShowdownState, rng: random.Random) -> ShowdownState:
    """The same game replayed on a deal that moves every card the Dealer has not seen (the no-leak redealer)."""
    record = state.record()
    other = get_game(GAME).new_game(seed=record["seed"], options=record["options"], setup=record["setup"],
                                    deal=redeal(state, 0, rng))
    for p, move in record["moves"]:
        other.play(p, move)
    assert isinstance(other, ShowdownState)
    return other


def dealer_checks(state: ShowdownState, rng: random.Random, deep: bool) -> dict[str, Any]:
    """The Dealer's move here: legal, the same twice, nothing changed, and the same behind other hidden cards."""
    before = snapshot(state)
    move = state.auto_move(0)
    assert move in state.legal_moves(0) and state.check(0, move) is None
    assert state.auto_move(0) == move and snapshot(state) == before
    assert scrambled(state, rng).auto_move(0) == move, "the Dealer's choice changed with cards nobody sees"
    if deep:
        other = redealt(state, rng)
        assert other.view(0) == state.view(0) and other.auto_move(0) == move
    return move


@pytest.mark.parametrize("encounter", list(ENCOUNTERS))
@pytest.mark.parametrize("size", [1, 2, 3])
def test_the_dealers_moves_are_legal_deterministic_and_blind(encounter: str, size: int) -> None:
    """SD-12, TS-15: random parties and random player moves, every Dealer decision checked; every third game's first
    decisions are also replayed on a redeal of the cards the Dealer has not seen."""
    decisions = 0
    for game in range(6):
        rng = random.Random(f"{encounter}/{size}/{game}")
        state = get_game(GAME).new_game(seed=rng.randrange(10**6), options={"encounter": encounter},
                                        setup=random_party(rng, size))
        assert isinstance(state, ShowdownState)
        for _ in range(400):
            if state.is_over():
                break
            p = state.to_act()[0]
            if p == 0:
                move = dealer_checks(state, rng, deep=game % 3 == 0 and decisions % 4 == 0)
                decisions += 1
            else:
                move = rng.choice(state.legal_moves(p))
            state.play(p, move)
        assert state.is_over()
        assert replay(state.record()).outcome() == state.outcome()
    assert decisions > 0, "every encounter gives the Dealer turns (the snake once it is flung out loose, SD-10)"


def test_auto_move_is_only_the_dealers() -> None:
    """SD-2: only seat 0 is played by the engine, and only when the enemies are due."""
    state = showdown([KIT], dealer=["2S"], decks=[pc_deck(["KC"])])
    with pytest.raises(IllegalMove) as info:
        state.auto_move(0)
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as info:
        state.auto_move(1)
    assert info.value.code == "not_engine_seat"


# --------------------------------------------------------------------------- SD-12 the Dealer's sense
def test_sd12_an_empty_heavy_gun_is_reloaded_first() -> None:
    """No encounter arms an enemy with a heavy gun: Ruby is handed a buffalo gun for this test (SD-4). She
    fires it in round 1 (and misses); in round 2 the enemies go first and she reloads."""
    tough = pc("Kit", DEX=2, GRT=5)
    state = showdown([tough], "gang", dealer=["KS", "2S", "3S", "KH"], decks=[pc_deck(["2C", "KC", "QC", "2H"])])
    state.npcs[0]["weapon"] = item_json(ENEMY_WEAPONS["buffalo_gun"])
    stand(state, 1)
    assert state.auto_move(0) == {"type": "attack", "npcs": ["npc0"], "target": "pc0"}, "the best hand shoots"
    play(state, 0, **state.auto_move(0))
    stand(state, 1)  # 2♠ + 2 against K♣ + 2: a miss
    assert state.view(0)["npcs"][0]["loaded"] is False
    assert state.auto_move(0) == {"type": "attack", "npcs": ["npc1"], "target": "pc0"}
    play(state, 0, **state.auto_move(0))
    stand(state, 1)  # 3♠ + 1 against Q♣ + 1
    play(state, 1, type="take_cover")
    stand(state, 1)  # round 2: K♥ + 2 against 2♥ + 2, the enemies first
    assert state.to_act() == [0] and state.auto_move(0) == {"type": "reload", "npc": "npc0"}
    play(state, 0, type="reload", npc="npc0")
    assert state.view(0)["npcs"][0]["loaded"] is True


def test_sd12_a_wounded_enemy_takes_cover_and_the_others_attack() -> None:
    """SD-12: Kit's revolver takes 1 HP off Ruby (A♥: tier 1); in the enemies' turn she dives for cover."""
    state = showdown([KIT], "gang", dealer=["2S", "3S"], decks=[pc_deck(["KC", "KS", "AH"])])
    stand(state, 1)
    play(state, 1, type="attack", weapon=0, target="npc0")
    stand(state, 1)
    assert state.view(0)["npcs"][0]["hp"] == 1 and state.to_act() == [0]
    assert state.auto_move(0) == {"type": "take_cover", "npc": "npc0"}
    play(state, 0, type="take_cover", npc="npc0")
    assert state.auto_move(0) == {"type": "attack", "npcs": ["npc1"], "target": "pc0"}


def test_sd12_an_outnumbered_enemy_takes_cover() -> None:
    """SD-12, SD-8: both boys die in round 1 (their morale holds: K♠ + 2 at 9, Q♠ + 2 at 12): Ruby alone
    against two."""
    party = [pc("Kit", STR=2, DEX=2, items=("knife",)), pc("Ann", STR=2, items=("knife",))]
    state = showdown(party, "gang", dealer=["2S", "3S", "KS", "4S", "QS"],
                     decks=[pc_deck(["KC", "KH", "7H"]), pc_deck(["KD", "8H"])])
    stand(state, 1)
    play(state, 1, type="attack", weapon=0, target="npc1")
    stand(state, 1)
    play(state, 2, type="attack", weapon=0, target="npc2")
    stand(state, 2)
    assert [n["status"] for n in state.view(0)["npcs"]] == ["up", "dead", "dead"] and state.to_act() == [0]
    assert state.view(0)["npcs"][0]["hp"] == state.view(0)["npcs"][0]["max_hp"]
    assert state.auto_move(0) == {"type": "take_cover", "npc": "npc0"}


@pytest.mark.parametrize("kit_grt,ann_grt,target", [(2, 3, "pc0"), (3, 1, "pc1"), (2, 2, "pc0")])
def test_sd12_the_dealer_goes_for_the_weakest(kit_grt: int, ann_grt: int, target: str) -> None:
    """SD-12: least HP and GRT together (GRT 2: HP 3, 5 in all); on a tie, the first seat."""
    party = [pc("Kit", DEX=2, GRT=kit_grt), pc("Ann", DEX=1, GRT=ann_grt)]
    state = showdown(party, dealer=["KS"], decks=[pc_deck(["2C"]), pc_deck([])])
    stand(state, 1)
    assert state.to_act() == [0] and state.auto_move(0)["target"] == target


def test_sd12_out_of_cover_is_weaker() -> None:
    """SD-12: equal HP and GRT: Kit took cover, Ann went for the boy with her knife (and missed), so Ann in the open
    draws the fire."""
    party = [pc("Kit", DEX=2), pc("Ann", DEX=1, items=("knife",))]
    state = showdown(party, "gang", dealer=["2S", "KS"], decks=[pc_deck(["KC"]), pc_deck(["2C"])])
    stand(state, 1)
    play(state, 1, type="take_cover")
    play(state, 2, type="attack", weapon=0, target="npc1")
    stand(state, 2)
    assert state.to_act() == [0] and state.auto_move(0)["target"] == "pc1"


def test_sd12_a_posse_presses_on_and_never_hides() -> None:
    """SD-12, TOMB-11: the deputies go first, though the marshal has the better DEX."""
    state = showdown([KIT], "posse", dealer=["KS"], decks=[pc_deck(["2C"])])
    stand(state, 1)
    assert state.auto_move(0) == {"type": "attack", "npcs": ["npc1"], "target": "pc0"}, \
        "the posse first, though the marshal has the better DEX"
    assert not [m for m in state.legal_moves(0) if m["type"] == "take_cover" and m["npc"] == "npc1"]


@pytest.mark.parametrize("dex,cover,gang", [(1, False, False), (2, False, True), (1, True, True)])
def test_sd12_they_gang_up_when_the_target_would_hold_them_off(dex: int, cover: bool, gang: bool) -> None:
    """SD-12, SD-5: Ruby (DEX 2) and the second boy shoot at Kit: together when Kit is in cover or as quick as Ruby;
    else Ruby, the best hand, shoots alone."""
    party = [pc("Kit", DEX=dex, GRT=0), pc("Ann", DEX=dex, GRT=3)]
    state = showdown(party, "gang", dealer=["2S" if cover else "KS"], decks=[pc_deck(["KC" if cover else "2C"]),
                                                                            pc_deck([])])
    stand(state, 1)
    if cover:
        play(state, 1, type="take_cover")
        play(state, 2, type="take_cover")
    assert state.to_act() == [0]
    expected = ["npc0", "npc2"] if gang else ["npc0"]
    assert state.auto_move(0) == {"type": "attack", "npcs": expected, "target": "pc0"}
