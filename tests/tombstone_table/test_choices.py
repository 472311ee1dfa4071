"""Each player's own choices at the Dealer's table (issue 26): TS-15 (a flip nobody could turn settles itself),
TS-19 (each player lets their own cards stand), TS-20 (the Black Joker against the Dealer's damage), TS-21
(what a cheat would give), SD-3 (declared positions weigh with posses and groups) and TS-22 (several
attackers), with forced decks; and a property: a flip settled at once is one no card of any hand could turn.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_calls import ok
from pygame_core.bridge import Bridge
from pygame_core.cards import shuffle
from pygame_core.games.tombstone.fate import ABILITY_SUITS, contest, full_deck, judge_flip, save
from tombstone.play import HAND, HAND_BJ, deck, pc, pc_deck, play, stand
from tombstone_table.test_rulings import JESSE, SILAS, last, refused, table, waiting


# --------------------------------------------------------------------------- TS-19 each player's own choice
def test_ts19_in_a_contest_between_two_characters_each_player_chooses() -> None:
    """Jesse's 5♣ + 4 = 9 loses to Silas's 9♣ + 1 = 10: the flip waits for Jesse alone (Silas is winning);
    her K♣ makes 17, and now it waits for Silas, whose stand (not Jesse's) settles it."""
    state = table([JESSE, SILAS], decks=[pc_deck(["5C"], hand=["KC", *HAND[:4]]), pc_deck(["9C"], hand=["QH", *HAND[:4]])])
    play(state, 1, type="contest", ability="DEX", against="pc1")
    assert state.to_act() == [1] and state.view(0)["pending"]["deciding"] == [1]
    play(state, 1, type="cheat", card="KC", covers="5C")
    assert state.pending is not None and state.to_act() == [2], "Silas decides now: his own side, his own choice"
    refused(state, 1, "not_your_turn", type="settle")
    refused(state, 0, "not_your_turn", type="settle")
    assert state.legal_moves(2)[-1] == {"type": "settle"}
    play(state, 2, type="settle")
    result = last(state, "contest")["result"]
    assert result["actor_wins"] and result["actor"]["cheat"] == "KC"


def test_ts19_a_cheat_reopens_the_other_side() -> None:
    """Silas's pitchfork (STR 3 + 2♠ = 5) loses to Jesse's 0 + 7♠: he decides, and cheats with the K♠ (16);
    now Jesse, losing, decides in turn: her stand, not his, lets the hit through."""
    state = table([JESSE, SILAS], decks=[pc_deck(["7S", "3H"]), pc_deck(["2S", "8H"], hand=["KS", *HAND[:4]])])
    play(state, 2, type="attack", weapon=0, target="pc0")
    assert state.to_act() == [2]
    play(state, 2, type="cheat", card="KS", covers="2S")
    assert state.to_act() == [1] and waiting(state)["stood"] == []
    play(state, 1, type="settle")
    assert any(e["kind"] == "attack" and e["result"]["actor_wins"] for e in state.view(0)["last"])


def test_ts15_a_save_already_made_settles_itself() -> None:
    """The issue's own case: J♥ + GRT 4 = 15 against 9 needs no click; a failed one the hand might turn waits."""
    doc = pc("Doc", GRT=4)
    state = table([doc], decks=[pc_deck(["JH", "2H"])])
    events = play(state, 1, type="save", ability="GRT", risk="standard")
    assert state.pending is None and [e["type"] for e in events] == ["flip", "settled"]
    play(state, 1, type="save", ability="GRT", risk="deadly")  # 2♥ + 4 = 6 against 13: a Red Joker could still turn it
    assert state.pending is not None and state.to_act() == [1]


# --------------------------------------------------------------------------- TS-20 the Black Joker on damage
def test_ts20_the_black_joker_forces_the_dealers_damage_flip() -> None:
    """A bandit's revolver hits Jesse; its damage flip (Q♥, tier 3: 4) waits for her Black Joker; forced, the
    2♥ stands (tier 1: 1); the force is spent and the damage goes on."""
    state = table([JESSE], dealer=["KC", "QH", "2H"], decks=[pc_deck(["2C"], hand=HAND_BJ)])
    play(state, 0, type="enemy", preset="bandit")
    play(state, 0, type="npc_attack", npc="npc0", target="pc0")
    play(state, 1, type="settle")  # K♣ + 1 against 2♣ + 4: a hit
    pending = state.view(1)["pending"]
    assert pending["kind"] == "damage" and pending["damage"] == {"tier": 3, "total": 4, "rule": "tier"}
    assert pending["force"] is None and state.legal_moves(1) == [{"type": "force"}, {"type": "settle"}]
    assert state.view(0)["pending"]["force"] == "Only a character in this action can force the Dealer's flip."
    events = play(state, 1, type="force")
    assert events[0]["sentence"] == "Jesse plays the Black Joker: Bandit flips again, Q♥ out, 2♥ in; that stands."
    assert state.pending is None and last(state, "damage")["result"]["total"] == 1 and state.party[0]["hp"] == 1


def test_ts20_nothing_to_force_when_no_flip_could_do_less() -> None:
    """A tier 1 hit of an improvised weapon (1) could only drop to the Black Joker's 0: once the Dealer's Black
    Joker is in the discards, nothing the re-flip gives would do less, so the damage settles at once."""
    state = table([JESSE], dealer=["KC", "BJ", "AS", "2H"], decks=[pc_deck(["2C", "3C"], hand=HAND_BJ)])
    play(state, 0, type="enemy", preset="brute")  # a club: 1/2/3
    play(state, 0, type="morale", npc="npc0", risk="standard")  # K♣: the Dealer's flips go by
    play(state, 0, type="npc_attack", npc="npc0", target="pc0")  # the Black Joker: a miss, to the discards
    stand(state, 1)
    assert "BJ" in state.decks["dealer"].discard
    play(state, 0, type="npc_attack", npc="npc0", target="pc0")  # A♠ + 3 against 3♣ + 0: a hit
    play(state, 1, type="settle")  # she lets the hit stand; the 2♥'s 1 damage needs nobody (TS-15)
    assert state.pending is None and last(state, "damage")["result"]["total"] == 1


# --------------------------------------------------------------------------- TS-21 previews
def test_ts21_each_cheat_shows_its_total_and_a_worse_one_warns() -> None:
    """Jesse attacks from an advantageous position (enhanced) and hits; its damage flip 7♥ (knife, tier 2: 3) may
    be cheated: the K♦ would make tier 3: 4, the 2♦ tier 1: 1, which warns."""
    state = table([JESSE], dealer=["2C"], decks=[pc_deck(["KS", "QS", "7H"], hand=["KD", "2D", "3D", "4D", "5D"])])
    play(state, 0, type="enemy", preset="lawman")
    play(state, 1, type="attack", weapon=1, target="npc0", mode="enhanced")  # the knife, STR 0: K♠ + Q♠ = 25
    assert waiting(state)["kind"] == "damage" and waiting(state)["context"]["why"] == "an advantageous position"
    moves = state.legal_moves(1)
    king = {"type": "cheat", "card": "KD", "covers": "7H"}
    two = {"type": "cheat", "card": "2D", "covers": "7H"}
    assert state.preview(1, king) == {"total": 4, "verdict": "tier 3: 4 damage", "warning": None}
    assert state.preview(1, two) == {"total": 1, "verdict": "tier 1: 1 damage",
                                     "warning": "This makes the flip worse for Jesse: tier 1: 1 damage."}
    assert state.describe(1, king) == "Cheat fate: K♦ over the 7♥ → tier 3: 4 damage"
    assert state.preview(1, {"type": "settle"}) is None and king in moves and two in moves


def test_ts21_the_bridge_sends_the_previews_with_the_moves() -> None:
    """``legal`` answers one preview a move (null where a move shows none)."""
    b = Bridge()
    ok(b, {"op": "new", "game": "tombstone_table", "seed": 1, "setup": {"party": [JESSE]},
           "deal": [deck(), pc_deck(["5C"], hand=["KC", *HAND[:4]])]})
    ok(b, {"op": "play", "session": "s1", "player": 1, "move": {"type": "save", "ability": "DEX", "risk": "high"}})
    legal = ok(b, {"op": "legal", "session": "s1", "player": 1})
    assert len(legal["previews"]) == len(legal["moves"])
    assert legal["previews"][0] == {"total": 17, "verdict": "17, made", "warning": None}
    assert legal["labels"][0] == "Cheat fate: K♣ over the 5♣ → 17, made"
    assert legal["moves"][-1] == {"type": "settle"} and legal["previews"][-1] is None


# --------------------------------------------------------------------------- SD-3 positions, TS-22 several attackers
def posse_table(mode: str, attackers: int = 1) -> Any:
    state = table([pc("Kit", DEX=0, GRT=7, items=("revolver",))], dealer=["9C", "8C", "7H"],
                  decks=[pc_deck(["2H", "KC", "QC"], hand=HAND_BJ)])
    play(state, 0, type="enemy", preset="posse")
    play(state, 0, type="npc_attack", npc="npc0", target="pc0", mode=mode, attackers=attackers)
    return state


def test_sd3_a_declared_poor_position_cancels_a_posses_advantage() -> None:
    state = posse_table("impaired")
    assert waiting(state)["sides"][0]["mode"] == "normal" and waiting(state)["sides"][0]["cards"] == ["9C"]
    assert waiting(state)["context"]["why"] == "a posse attacks enhanced, but a poor position: the two cancel"
    assert waiting(state)["context"]["bonus"] == 3, "the posse's +3 stays: only the flip's mode cancels"


def test_sd3_reasons_on_one_side_are_one_and_an_enhanced_position_cancels_a_posses_defence() -> None:
    """A declared advantage beside several attackers is one enhanced flip (+1 once); Kit's declared advantage
    against a posse (impaired) cancels into a plain flip."""
    state = posse_table("enhanced", attackers=2)
    assert waiting(state)["sides"][0]["mode"] == "enhanced"
    assert waiting(state)["context"]["why"] == "a posse attacks enhanced, an advantageous position"
    kit = table([pc("Kit", DEX=2, items=("revolver",))], dealer=["2C"], decks=[pc_deck(["9C"], hand=HAND_BJ)])
    play(kit, 0, type="enemy", preset="posse")
    play(kit, 1, type="attack", weapon=0, target="npc0", mode="enhanced")
    attack = last(kit, "attack")
    assert attack["result"]["actor"]["mode"] == "normal"
    assert attack["context"]["why"] == "an advantageous position, but attacks against a posse are impaired: the two cancel"


def test_ts22_several_attackers_add_one_in_all() -> None:
    """TOMB-11 as TS-22 reads it: three bandits attacking together make one enhanced attack, +1 damage in all."""
    state = table([pc("Kit", DEX=0, GRT=7)], dealer=["9C", "8C", "7H"], decks=[pc_deck(["2H"])])
    play(state, 0, type="enemy", preset="bandit")
    play(state, 0, type="npc_attack", npc="npc0", target="pc0", attackers=3)
    assert waiting(state)["sides"][0]["mode"] == "enhanced" and waiting(state)["context"]["bonus"] == 1
    stand(state, 1)
    assert last(state, "damage")["result"]["bonus"] == 1 and last(state, "damage")["result"]["total"] == 3 + 1


# --------------------------------------------------------------------------- the property
def _could_turn(result: dict[str, Any], hand: list[str], me: int) -> bool:
    """Whether a card of ``hand`` laid over side ``me`` of a settled save or contest would have won it."""
    if result["kind"] == "save":
        flip = result["flip"]
        if flip["mode"] == "impaired" or "BJ" in flip["cards"]:
            return False
        return not result["success"] and any(
            save(judge_flip(flip["cards"], flip["mode"], flip["modifier"], ABILITY_SUITS[result["ability"]], c, k),
                 result["ability"], result["target"]).success for c in hand if c != "BJ" for k in flip["cards"])
    mine, other = (result["actor"], result["other"]) if me == 0 else (result["other"], result["actor"])
    if mine["mode"] == "impaired" or "BJ" in mine["cards"] or (result["actor_wins"] == (me == 0)):
        return False
    suit = ABILITY_SUITS[result["ability"]]
    for c in (c for c in hand if c != "BJ"):
        for k in mine["cards"]:
            flip = judge_flip(mine["cards"], mine["mode"], mine["modifier"], suit, c, k)
            theirs = judge_flip(other["cards"], other["mode"], other["modifier"], suit)
            outcome = contest(flip, theirs, result["ability"]) if me == 0 else contest(theirs, flip, result["ability"])
            if outcome.actor_wins == (me == 0):
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), dex=st.integers(0, 6), action=st.sampled_from(["save", "contest", "defend"]),
       mode=st.sampled_from(["normal", "enhanced", "impaired"]), risk=st.sampled_from(["standard", "high", "deadly"]))
def test_ts15_a_flip_settled_at_once_is_one_no_card_of_the_hand_could_turn(seed: int, dex: int, action: str, mode: str,
                                                                          risk: str) -> None:
    """Random decks: whenever a save, a contest or a defence settles in the move that flipped it, no card of
    the hand (the real one, which the engine never read for it) would have turned it (TS-15)."""
    rng = random.Random(seed)
    state = table([pc("Kid", DEX=dex, items=("revolver",))], dealer=shuffle(full_deck(), rng),
                  decks=[shuffle(full_deck(), rng)])
    hand = list(state.decks["pc0"].hand)
    if action == "save":
        play(state, 1, type="save", ability="DEX", risk=risk, mode=mode)
    elif action == "contest":
        play(state, 1, type="contest", ability="DEX", against="dealer", mode=mode, modifier=rng.randint(0, 6))
    else:
        play(state, 0, type="enemy", preset="gunslinger")
        play(state, 0, type="npc_attack", npc="npc0", target="pc0", mode=mode)
    if state.pending is None or state.pending["kind"] == "damage":
        settled = [e for e in state.view(0)["last"] if e["kind"] in ("save", "contest", "attack")]
        assert settled and not _could_turn(settled[0]["result"], hand, 1 if action == "defend" else 0)


def test_ts21_covering_a_counted_red_joker_warns_and_is_never_offered_in_play() -> None:
    """A Red Joker flipped is a sure success: the save settles at once (TS-15), so no cheat over it is ever
    offered; were one asked for (a flip set up by hand), its preview warns."""
    state = table([JESSE], decks=[pc_deck(["RJ"], hand=["KD", *HAND[:4]])])
    play(state, 1, type="save", ability="DEX", risk="deadly")
    assert state.pending is None and last(state, "save")["result"]["rule"] == "red_joker"
    side = {"who": "pc0", "deck": "pc0", "ability": "DEX", "modifier": 4, "mode": "normal", "cards": ["RJ"],
            "cheat": None, "covered": None, "forced": False}
    state.pending = {"kind": "save", "sides": [side], "context": {"ability": "DEX", "target": 13}, "stood": [],
                     "deciding": [1]}
    assert state.preview(1, {"type": "cheat", "card": "KD", "covers": "RJ"}) == {
        "total": 17, "verdict": "17, made", "warning": "The Red Joker is a sure success: covering it throws that away."}
    state.pending = None
