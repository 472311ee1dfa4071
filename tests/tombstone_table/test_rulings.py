"""The Dealer's table (``tombstone_table``) against every ruling it uses: TOMB-1..15 (shared/RULINGS.md)
and TS-1..3, TS-9..16 (pygame_core/games/tombstone/RULINGS.md), with forced decks.

A deal is ``[dealer 54, pc0 54, pc1 54, ...]``, top first. A character's first five cards become their
hand when the table opens, so their first flip is their sixth card; the Dealer holds no hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_core import SetupError, get_game, replay
from pygame_core.cards import new_rng, shuffle
from pygame_core.games.tombstone.character import check_sheet
from pygame_core.games.tombstone.fate import full_deck, label, roll_die
from pygame_core.games.tombstone.table import TableState
from pygame_core.games.tombstone.tables import BACKGROUNDS
from tombstone.play import HAND, HAND_BJ, deck, pc, pc_deck, play, stand

GAME = "tombstone_table"


def table(party: list[dict[str, Any]], dealer: list[str] = [], decks: list[list[str]] | None = None,
          seed: int = 1) -> TableState:
    decks = decks if decks is not None else [pc_deck([]) for _ in party]
    state = get_game(GAME).new_game(seed=seed, setup={"party": party}, deal=[deck(*dealer), *decks])
    assert isinstance(state, TableState)
    return state


def refused(state: TableState, seat: int, code: str, **move: Any) -> str:
    error = state.check(seat, move)
    assert error is not None and error["code"] == code, (move, error)
    return error["message"]


def waiting(state: TableState) -> dict[str, Any]:
    """The flip waiting to be cheated or settled."""
    assert state.pending is not None
    return state.pending


def code(state: TableState, seat: int, move: Any) -> str:
    error = state.check(seat, move)
    assert error is not None, move
    return error["code"]


def outcome(state: TableState) -> dict[str, Any]:
    result = state.outcome()
    assert result is not None
    return result


def last(state: TableState, kind: str | None = None) -> dict[str, Any]:
    """The last settled result of the last move (of ``kind`` when given)."""
    results = [e for e in state.view(0)["last"] if kind is None or e["kind"] == kind]
    assert results, state.view(0)["last"]
    result: dict[str, Any] = results[-1]
    return result


def sentences(state: TableState) -> list[str]:
    return [entry["sentence"] for entry in state.view(0)["log"]]


def cards_held(state: TableState) -> dict[str, int]:
    """Every deck's cards: draw pile, discards, hand, and what lies in a waiting flip."""
    counts = {ref: len(d.cards()) for ref, d in state.decks.items()}
    for side in (state.pending or {}).get("sides", []):
        counts[side["deck"]] += len(side["cards"]) + (side["cheat"] is not None)
    return counts


def assert_54(state: TableState) -> None:
    for ref, count in cards_held(state).items():
        assert count == 54, (ref, count)
        d = state.decks[ref]
        cards = [*d.cards(), *(c for s in (state.pending or {}).get("sides", []) if s["deck"] == ref
                               for c in [*s["cards"], *([s["cheat"]] if s["cheat"] else [])])]
        assert sorted(cards) == sorted(full_deck()), ref


JESSE = pc("Jesse", STR=0, DEX=4, WIL=2, GRT=1, items=("revolver", "knife"))
SILAS = pc("Silas", STR=3, DEX=1, WIL=1, GRT=2, items=("pitchfork",))


# --------------------------------------------------------------------------- saves (TOMB-4)
@pytest.mark.parametrize("risk,target", [("standard", 9), ("low", 10), ("moderate", 11), ("high", 12),
                                         ("deadly", 13)])
def test_tomb4_saves_reach_the_target_of_each_risk(risk: str, target: int) -> None:
    """TOMB-4: flip + ability >= target; Jesse's DEX 4 with the card just enough and one short."""
    for card, ok in ((target - 4, True), (target - 5, False)):
        code = f"{card}C" if card <= 10 else {11: "JC", 12: "QC", 13: "KC"}[card]
        state = table([JESSE], decks=[pc_deck([code])])
        play(state, 1, type="save", ability="DEX", risk=risk)
        if ok:
            assert state.pending is None, "a save made settles itself: no cheat can better it (TS-15)"
        stand(state, 1)
        result = last(state, "save")["result"]
        assert result["target"] == target and result["success"] is ok
        assert result["flip"]["total"] == card + 4
        assert sentences(state)[-1].startswith(f"Jesse flips {label(code)} + DEX 4 = {card + 4} against {target}")
        assert sentences(state)[-1].endswith("made it." if ok else "short.")
        assert_54(state)


def test_tomb4_a_condition_lowers_the_modifier() -> None:
    """TS-13: each debilitating condition is -1 to flips of its ability."""
    state = table([pc("Kit", STR=2, conditions=["Injured"])], decks=[pc_deck(["7S"], hand=["KD", *HAND[:4]])])
    play(state, 1, type="save", ability="STR", risk="standard")
    assert state.to_act() == [1], "Kit's K♦ would make it: the flip waits for Kit alone, not the Dealer (TS-19)"
    stand(state, 1)
    assert last(state)["result"]["flip"]["total"] == 8 and not last(state)["result"]["success"]


# --------------------------------------------------------------------------- jokers (TOMB-5, TS-1)
def test_tomb5_black_joker_fails_a_save_at_once_and_cannot_be_cheated() -> None:
    state = table([pc("Kit", DEX=7)], decks=[pc_deck(["BJ"])])
    play(state, 1, type="save", ability="DEX", risk="standard")
    assert state.pending is None, "nothing can change a flipped Black Joker in a save: settled at once"
    result = last(state)["result"]
    assert result["success"] is False and result["rule"] == "black_joker"
    assert "the Black Joker, a failure whatever the total" in sentences(state)[-1]


def test_tomb5_red_joker_makes_a_deadly_save() -> None:
    state = table([pc("Kit", DEX=0)], decks=[pc_deck(["RJ"])])
    play(state, 1, type="save", ability="DEX", risk="deadly")
    stand(state, 1)
    result = last(state)["result"]
    assert result["success"] is True and result["rule"] == "red_joker"
    assert "Red Joker" in sentences(state)[-1]


@pytest.mark.parametrize("mode,cards,success,rule", [
    ("enhanced", ["BJ", "KD"], False, "black_joker"),
    ("enhanced", ["RJ", "BJ"], False, "black_joker"),  # TS-1: the Black Joker beats the Red beside it
    ("enhanced", ["RJ", "3C"], True, "red_joker"),
    ("enhanced", ["5C", "4C"], True, "reached"),  # 5 + 4 + DEX 0 = 9
    ("impaired", ["RJ", "4C"], False, "short"),  # TS-1: the Red Joker is the highest card: the 4 counts
    ("impaired", ["BJ", "KC"], False, "black_joker"),  # the Black Joker is the lowest: it counts
    ("impaired", ["KC", "9C"], True, "reached"),
])
def test_ts1_jokers_in_enhanced_and_impaired_saves(mode: str, cards: list[str], success: bool, rule: str) -> None:
    state = table([pc("Kit", DEX=0)], decks=[pc_deck(cards)])
    play(state, 1, type="save", ability="DEX", risk="standard", mode=mode)
    if state.pending is not None:
        stand(state, 1)
    result = last(state)["result"]
    assert (result["success"], result["rule"]) == (success, rule)
    assert result["flip"]["cards"] == cards and result["flip"]["mode"] == mode


@pytest.mark.parametrize("mine,theirs,actor_wins,rule", [
    ("RJ", "KS", True, "red_joker"),
    ("KS", "RJ", False, "red_joker"),
    ("BJ", "AS", False, "black_joker"),
    ("AS", "BJ", True, "black_joker"),
    ("RJ", "RJ", False, "both_red"),  # TS-1: the defender holds
    ("BJ", "BJ", False, "both_black"),
])
def test_tomb5_ts1_jokers_in_contests(mine: str, theirs: str, actor_wins: bool, rule: str) -> None:
    """Jesse's STR contest against Silas (two decks, so both may hold the same joker)."""
    state = table([JESSE, SILAS], decks=[pc_deck([mine]), pc_deck([theirs])])
    play(state, 1, type="contest", ability="STR", against="pc1")
    if state.pending is not None:
        stand(state, 2)
    result = last(state, "contest")["result"]
    assert (result["actor_wins"], result["rule"]) == (actor_wins, rule)
    assert sentences(state)[-1].endswith(("Jesse wins.", "Silas wins."))
    assert sentences(state)[-1].endswith("Jesse wins." if actor_wins else "Silas wins.")


# --------------------------------------------------------------------------- contests (TOMB-3, TS-10)
@pytest.mark.parametrize("mine,theirs,actor_wins,rule", [
    ("8D", "10S", True, "tie_suit"),  # only Jesse's card is a Diamond
    ("8S", "10D", False, "tie_suit"),  # only the Dealer's
    ("8D", "10D", False, "tie_defender"),  # both: the defender (the Dealer, TS-10) holds
    ("8S", "10C", False, "tie_defender"),  # neither
    ("9S", "10C", True, "higher"),
    ("7D", "10D", False, "higher"),
])
def test_tomb3_ts10_contest_ties_against_the_dealer(mine: str, theirs: str, actor_wins: bool, rule: str) -> None:
    """Jesse's WIL 2 against the Dealer with no modifier: 8 + 2 = 10 against 10 + 0 is a tie."""
    state = table([JESSE], dealer=[theirs], decks=[pc_deck([mine])])
    play(state, 1, type="contest", ability="WIL", against="dealer")
    stand(state, 1)
    result = last(state)["result"]
    assert (result["actor_wins"], result["rule"]) == (actor_wins, rule)
    said = sentences(state)[-1]
    assert said.startswith("Jesse flips ") and "against the Dealer's " in said
    if rule == "tie_suit" and actor_wins:
        assert said == ("Jesse flips 8♦ + WIL 2 = 10 against the Dealer's 10♠ + WIL 0 = 10: a tie, and "
                        "Diamonds is WIL's suit; Jesse wins.")
    if rule == "tie_defender":
        assert "a tie, with Diamonds on both or neither: the defender holds; the Dealer wins." in said


def test_ts10_the_dealer_names_a_modifier_and_an_npc_adds_its_ability() -> None:
    state = table([JESSE], dealer=["5S", "5C"], decks=[pc_deck(["5H", "5C"])])
    play(state, 1, type="contest", ability="WIL", against="dealer", modifier=3)
    assert state.pending is not None and waiting(state)["sides"][1]["modifier"] == 3
    stand(state, 1)
    assert last(state)["result"]["other"]["total"] == 8 and not last(state)["result"]["actor_wins"]
    play(state, 0, type="enemy", preset="gunslinger")  # WIL 2
    play(state, 1, type="contest", ability="WIL", against="npc0")
    stand(state, 1)
    result = last(state)["result"]
    assert result["other"]["modifier"] == 2 and result["actor"]["total"] == 7 == result["other"]["total"]
    assert not result["actor_wins"] and result["rule"] == "tie_defender", "the gunslinger defends the tie"


def test_ts10_contest_modes_and_the_other_side_mode() -> None:
    state = table([JESSE], dealer=["KS", "2S"], decks=[pc_deck(["9D", "8D"])])
    play(state, 1, type="contest", ability="WIL", against="dealer", mode="enhanced", other_mode="impaired")
    stand(state, 1)
    result = last(state)["result"]
    assert result["actor"]["total"] == 19 and result["other"]["total"] == 2 and result["actor_wins"]
    assert "(enhanced)" in sentences(state)[-1] and "(impaired: 2♠ counts)" in sentences(state)[-1]


# --------------------------------------------------------------------------- cheating fate (TOMB-6, TS-2)
def test_ts2_a_cheat_turns_a_failed_save_into_a_success() -> None:
    state = table([pc("Kit", DEX=1)], decks=[pc_deck(["3C"], hand=["KD", "2D", "3D", "4D", "5D"])])
    play(state, 1, type="save", ability="DEX", risk="high")
    assert state.view(1)["pending"]["sides"][0]["flip"]["total"] == 4
    moves = state.legal_moves(1)
    assert moves[0] == {"type": "cheat", "card": "KD", "covers": "3C"} and moves[-1] == {"type": "settle"}
    assert {"type": "force"} not in moves, "a save has no Dealer's flip to force"
    events = play(state, 1, type="cheat", card="KD", covers="3C")
    assert state.pending is None, "cheated, no Black Joker to spend: nothing left to change"
    result = last(state)["result"]
    assert result["success"] and result["flip"]["cheat"] == "KD" and result["flip"]["total"] == 14
    assert any(e["sentence"] == "Kit cheats fate: K♦ over the 3♣." for e in events)
    assert "3♣ covered with K♦ + DEX 1 = 14 against 12" in sentences(state)[-1]
    assert state.decks["pc0"].hand == ["2D", "3D", "4D", "5D"]
    assert state.decks["pc0"].discard[-2:] == ["3C", "KD"], "TS-2: both cards go to the discards"
    assert_54(state)


def test_ts2_a_cheat_covers_one_card_of_an_enhanced_flip() -> None:
    state = table([pc("Kit", DEX=0)], decks=[pc_deck(["2C", "3C"], hand=["QD", "2D", "3D", "4D", "5D"])])
    play(state, 1, type="save", ability="DEX", risk="deadly", mode="enhanced")
    assert {"type": "cheat", "card": "QD", "covers": "3C"} in state.legal_moves(1)
    assert refused(state, 1, "malformed_move", type="cheat", card="QD") == "A cheat move has the fields card, covers, type."
    refused(state, 1, "malformed_move", type="cheat", card="QD", covers="9C")
    play(state, 1, type="cheat", card="QD", covers="2C")
    result = last(state)["result"]
    assert result["flip"]["counted"] == ["QD", "3C"] and result["flip"]["total"] == 15 and result["success"]


def test_ts2_the_red_joker_from_the_hand_counts_as_flipped() -> None:
    state = table([pc("Kit", DEX=0)], decks=[pc_deck(["2C"], hand=["RJ", "2D", "3D", "4D", "5D"])])
    play(state, 1, type="save", ability="DEX", risk="deadly")
    play(state, 1, type="cheat", card="RJ", covers="2C")
    assert last(state)["result"]["rule"] == "red_joker" and last(state)["result"]["success"]


def test_ts2_cheat_refusals() -> None:
    # impaired: a contest against the Dealer that Jesse's Black Joker could still turn waits for the re-flip
    state = table([JESSE], dealer=["KS", "6S"], decks=[pc_deck(["5C", "6C"], hand=HAND_BJ)])
    play(state, 1, type="contest", ability="DEX", against="dealer", mode="impaired")
    assert refused(state, 1, "cannot_cheat", type="cheat", card="2D", covers="5C") == \
        "An impaired flip cannot be cheated."
    assert state.view(1)["pending"]["sides"][0]["cheat_refusal"] == "An impaired flip cannot be cheated."
    assert state.legal_moves(1) == [{"type": "force"}, {"type": "settle"}]
    # the Dealer and the NPCs hold no hand, and the Dealer does not decide for the players (TS-19)
    assert refused(state, 0, "not_your_turn", type="cheat", card="2D", covers="KS")
    assert state._cheat_error(0, {"type": "cheat", "card": "2D", "covers": "KS"}) is not None
    assert state.view(0)["pending"]["sides"][1]["cheat_refusal"] == "Only player characters cheat."
    stand(state, 1)

    # the Black Joker flipped: no card can turn it, so the flip settles at once (TS-15)
    state = table([JESSE], dealer=["5S"], decks=[pc_deck(["BJ"])])
    play(state, 1, type="contest", ability="DEX", against="dealer")
    assert state.pending is None and last(state)["result"]["rule"] == "black_joker"
    side = {"who": "pc0", "deck": "pc0", "cards": ["BJ"], "mode": "normal", "cheat": None}
    state.pending = {"kind": "contest", "sides": [side], "context": {}}
    assert state._cheat_refusal(side) == "The Black Joker was flipped: it cannot be cheated away."
    state.pending = None

    # already cheated, not in the hand, the Black Joker laid over a flip
    state = table([JESSE], dealer=["KS"], decks=[pc_deck(["2C"], hand=HAND_BJ)])
    play(state, 1, type="contest", ability="DEX", against="dealer")
    assert "not in Jesse's hand" in refused(state, 1, "not_in_hand", type="cheat", card="KD", covers="2C")
    refused(state, 1, "not_in_hand", type="cheat", card=7, covers="2C")
    assert "use it to make the Dealer flip again" in refused(state, 1, "cannot_cheat", type="cheat", card="BJ",
                                                             covers="2C")
    play(state, 1, type="cheat", card="5D", covers="2C")
    assert state.pending is not None, "the Black Joker may still be spent"
    assert refused(state, 1, "cannot_cheat", type="cheat", card="4D", covers="2C") == \
        "Jesse has already cheated this flip: one card per flip."
    stand(state, 1)

    # a hireling (run by the Dealer) has no hand
    state = table([JESSE], dealer=["2S", "3S", "4S", "5S", "6S", "7S"], decks=[pc_deck(["2C"])])
    play(state, 0, type="hireling")
    play(state, 1, type="contest", ability="DEX", against="npc0")
    assert state.view(1)["pending"]["sides"][1]["cheat_refusal"] == "Only player characters cheat."


def test_ts2_damage_is_cheated_only_on_an_enhanced_attack() -> None:
    """A plain attack's damage flip settles at once; several attackers make it enhanced (TOMB-11) and a
    character in it may then cheat, and one card covers the damage card."""
    state = table([JESSE, SILAS], decks=[pc_deck(["KD"]), pc_deck(["2S", "2C"], hand=["KS", *HAND[:4]])])
    play(state, 2, type="attack", weapon=0, target="pc0")  # Silas's pitchfork, STR 3 + 2 against Jesse's 0 + 13
    stand(state, 2)
    assert last(state)["result"]["actor_wins"] is False
    state = table([JESSE, SILAS], decks=[pc_deck(["7S"]), pc_deck(["8S", "2C"], hand=["KS", *HAND[:4]])])
    play(state, 2, type="attack", weapon=0, target="pc0")
    stand(state, 2)
    assert state.pending is None, "the damage flip of a plain attack cannot be cheated: settled at once"
    assert last(state, "damage")["result"]["card"] == "2C" and last(state, "damage")["result"]["total"] == 1
    side = {"who": "pc1", "deck": "pc1", "cards": ["2C"], "mode": "normal", "cheat": None}
    state.pending = {"kind": "damage", "sides": [side], "context": {"enhanced": False}}
    assert state._cheat_refusal(side) == "Damage can be cheated only when the attack was enhanced."
    state.pending = None


# --------------------------------------------------------------------------- the Black Joker's re-flip (TOMB-6)
def test_tomb6_the_black_joker_forces_the_dealer_to_flip_again_once() -> None:
    state = table([JESSE], dealer=["KC", "2S", "3S"], decks=[pc_deck(["5C"], hand=HAND_BJ)])
    play(state, 1, type="contest", ability="DEX", against="dealer")
    assert {"type": "force"} in state.legal_moves(1)
    assert state.view(1)["pending"]["force"] is None
    assert state.view(0)["pending"]["force"] == "Only a character in this action can force the Dealer's flip."
    events = play(state, 1, type="force")
    assert state.pending is None, "5♣ + 4 against 2♠: Jesse wins, nothing left to decide (TS-15)"
    assert "BJ" not in state.decks["pc0"].hand and state.decks["pc0"].discard == ["BJ", "5C"]
    assert state.decks["dealer"].discard == ["KC", "2S"]
    assert any(e["type"] == "force" and e["sentence"] == "Jesse plays the Black Joker: the Dealer flips again, "
               "K♣ out, 2♠ in; that stands." for e in events)
    assert last(state)["result"]["actor_wins"] and last(state)["result"]["other"]["cards"] == ["2S"]
    assert_54(state)


def test_tomb6_the_second_card_is_final() -> None:
    """The re-flip is once per Dealer's flip: even a Black Joker in hand again cannot undo the second card."""
    state = table([JESSE], dealer=["KC", "QC"], decks=[pc_deck(["5C"], hand=["KD", *HAND_BJ[1:]])])
    play(state, 1, type="contest", ability="DEX", against="dealer")
    play(state, 1, type="force")  # Q♣ against 5♣ + 4: the K♦ could still win it, so the flip waits
    assert waiting(state)["sides"][1]["forced"] is True
    state.decks["pc0"].hand.append("BJ")  # as if it were held again: still no second re-flip
    state.decks["pc0"].discard.remove("BJ")
    assert state._force_refusal(1) == "The Dealer already flipped again: the second card is final."
    stand(state, 1)
    assert last(state)["result"]["other"]["cards"] == ["QC"] and not last(state)["result"]["actor_wins"]


def test_tomb6_the_black_joker_never_touches_the_red_joker_and_only_the_dealers_side() -> None:
    state = table([JESSE], dealer=["RJ"], decks=[pc_deck(["5C"], hand=HAND_BJ)])
    play(state, 1, type="contest", ability="DEX", against="dealer")
    assert state.pending is None, "nothing turns the Dealer's Red Joker: settled at once (TS-15)"
    dealer = {"who": "dealer", "deck": "dealer", "cards": ["RJ"], "forced": False}
    state.pending = {"kind": "contest", "context": {}, "sides": [
        {"who": "pc0", "deck": "pc0", "cards": ["5C"], "forced": False}, dealer]}
    state.decks["pc0"].hand.append("BJ")
    assert state._force_refusal(1) == "The Black Joker cannot touch the Red Joker."
    state.pending = None
    # a save: no Dealer's flip to force
    state = table([JESSE], decks=[pc_deck(["5C"], hand=["KD", *HAND_BJ[1:]])])
    play(state, 1, type="save", ability="DEX", risk="deadly")
    assert refused(state, 1, "cannot_force", type="force") == "The Black Joker forces only the Dealer to flip again."
    stand(state, 1)
    # against another character: neither side is the Dealer's
    state = table([JESSE, SILAS], decks=[pc_deck(["5C"], hand=HAND_BJ), pc_deck(["6C"], hand=["KD", *HAND[:4]])])
    play(state, 1, type="contest", ability="DEX", against="pc1")
    assert state.to_act() == [2], "Jesse wins as it stands; Silas's K♦ could turn it"
    assert state._force_refusal(1) == "The Black Joker forces only the Dealer to flip again."
    assert refused(state, 2, "cannot_force", type="force") == "Silas has no Black Joker in hand."
    # an enemy flips from the Dealer's deck: forcing its flip works (TOMB-1)
    state = table([JESSE], dealer=["KC", "2C"], decks=[pc_deck(["5C"], hand=HAND_BJ)])
    play(state, 0, type="enemy", preset="bandit")
    play(state, 1, type="attack", weapon=0, target="npc0")  # the revolver: DEX
    play(state, 1, type="force")
    stand(state, 1)
    assert last(state, "attack")["result"]["actor_wins"] and last(state, "attack")["result"]["other"]["cards"] == ["2C"]


def test_ts15_a_waiting_flip_tells_nobody_what_a_hand_holds() -> None:
    """TS-15: whether a flip waits is read from what the table sees (the discards, the cards on the flip), never
    from the hand: a hand with or without the Black Joker waits alike on an impaired contest it could turn;
    once the Black Joker lies face up in the discards, nobody can force, and the flip settles at once."""
    for hand in (HAND, HAND_BJ):
        state = table([JESSE, SILAS], dealer=["KS"], decks=[pc_deck(["2C", "3C"], hand=hand), pc_deck([])])
        play(state, 1, type="contest", ability="DEX", against="dealer", mode="impaired")
        assert state.pending is not None and state.to_act() == [1]
        assert state.view(2)["pending"]["sides"][0]["cheat_refusal"] == "An impaired flip cannot be cheated."
        assert state.legal_moves(1) == ([{"type": "force"}] if "BJ" in hand else []) + [{"type": "settle"}]
    seen = table([JESSE, SILAS], dealer=["KS"], decks=[pc_deck(["BJ", "2C", "3C"]), pc_deck([])])
    play(seen, 1, type="save", ability="DEX", risk="standard")  # the Black Joker flipped: a failure, discarded
    assert seen.pending is None and "BJ" in seen.decks["pc0"].discard
    play(seen, 1, type="contest", ability="DEX", against="dealer", mode="impaired")
    assert seen.pending is None, "the Black Joker is face up in the discards: nothing could turn the flip"


# --------------------------------------------------------------------------- attacks (TOMB-8, TOMB-11)
@pytest.mark.parametrize("weapon,ability", [(0, "DEX"), (1, "STR"), (2, "STR")])
def test_tomb8_melee_is_str_and_ranged_dex_by_weapon(weapon: int, ability: str) -> None:
    """Jesse's revolver (ranged), knife and bare hands (melee)."""
    state = table([JESSE], dealer=["2H", "3H", "4H"], decks=[pc_deck(["AH"])])
    play(state, 0, type="enemy", preset="bandit")
    play(state, 1, type="attack", weapon=weapon, target="npc0")
    stand(state, 1)
    result = last(state, "attack")["result"]
    assert result["ability"] == ability
    assert [result["actor"]["modifier"], result["other"]["modifier"]] == [JESSE["abilities"][ability], 1]


@pytest.mark.parametrize("item,card,amount", [
    (None, "3H", 1), (None, "7H", 1), (None, "QH", 2),
    ("pitchfork", "3H", 1), ("pitchfork", "7H", 2), ("pitchfork", "QH", 3),
    ("knife", "3H", 1), ("knife", "7H", 3), ("knife", "QH", 4),
    ("carbine", "3H", 2), ("carbine", "7H", 3), ("carbine", "QH", 5),
    ("longrifle", "3H", 3), ("longrifle", "7H", 6), ("longrifle", "QH", 9),
])
def test_tomb8_damage_by_tier_and_weapon_class(item: str | None, card: str, amount: int) -> None:
    """A hit (KS against the brute's 2C) then the damage card's tier for the weapon's class."""
    items = (item,) if item else ()
    state = table([pc("Kit", STR=1, DEX=1, items=items)], dealer=["2C", "AC", "AD"], decks=[pc_deck(["KS", card])])
    play(state, 0, type="enemy", preset="brute")  # HP 3, GRT 2
    play(state, 1, type="attack", weapon=0, target="npc0")
    stand(state, 1)
    damage = last(state, "damage")["result"]
    assert damage["card"] == card and damage["total"] == amount and damage["bonus"] == 0
    assert any(s.endswith(f": {amount} damage to Brute.") for s in sentences(state))


def test_tomb5_damage_jokers() -> None:
    """Red Joker: tier 3 plus another flip's tier (a joker there adds nothing); Black Joker: no damage."""
    for flips, total, extra in ((["KS", "RJ", "7H"], 4 + 3, "7H"), (["KS", "RJ", "BJ"], 4, "BJ")):
        state = table([JESSE], dealer=["2C", "AC", "AD"], decks=[pc_deck(flips)])
        play(state, 0, type="enemy", preset="lawman")
        play(state, 0, type="fatigue", character="pc0", change=1)
        play(state, 1, type="attack", weapon=1, target="npc0")  # the knife: hand weapon 1/3/4
        stand(state, 1)
        damage = last(state, "damage")["result"]
        assert (damage["rule"], damage["tier"], damage["base"], damage["extra"], damage["total"]) == \
            ("red_joker", 3, 4, extra, total)
        assert_54(state)
    state = table([JESSE], dealer=["2C"], decks=[pc_deck(["KS", "BJ"])])
    play(state, 0, type="enemy", preset="lawman")
    play(state, 1, type="attack", weapon=1, target="npc0")
    stand(state, 1)
    damage = last(state, "damage")["result"]
    assert damage["total"] == 0 and damage["misfortune"] and state.npcs[0]["hp"] == 2
    assert sentences(state)[-1].endswith("the Black Joker, no damage, and the Dealer may add a misfortune.")


def test_tomb11_several_attackers_attack_enhanced_for_one_more_damage() -> None:
    state = table([pc("Kit", STR=0, GRT=5, hp=6, max_hp=6)],
                  dealer=["9S", "8S", "7H"], decks=[pc_deck(["2S"])])
    play(state, 0, type="enemy", preset="brute")  # a club: melee STR 3, hand 1/3/4
    play(state, 0, type="npc_attack", npc="npc0", target="pc0", attackers=2)
    side = waiting(state)["sides"][0]
    assert side["mode"] == "enhanced" and side["cards"] == ["9S", "8S"]
    assert waiting(state)["context"]["why"] == "several attackers: enhanced" and waiting(state)["context"]["bonus"] == 1
    stand(state, 1)
    damage = last(state, "damage")["result"]
    assert damage["total"] == 3 + 1 and damage["bonus"] == 1
    assert state.party[0]["hp"] == 2
    assert "(several attackers: enhanced)" in " ".join(sentences(state))


def test_tomb11_a_posse_attacks_enhanced_for_three_more_and_is_attacked_impaired() -> None:
    state = table([pc("Kit", DEX=0, GRT=7, items=("revolver",))],  # HP 8
                  dealer=["9C", "8C", "7H", "AS", "2S"], decks=[pc_deck(["2H", "KC", "QC"])])
    play(state, 0, type="enemy", preset="posse")
    play(state, 0, type="npc_attack", npc="npc0", target="pc0", attackers=2)
    assert waiting(state)["sides"][0]["mode"] == "enhanced"
    assert waiting(state)["context"]["bonus"] == 3, "a posse's +3, not +1 more"
    assert waiting(state)["context"]["why"] == "a posse attacks enhanced"
    stand(state, 1)
    assert last(state, "damage")["result"]["total"] == 3 + 3 and state.party[0]["hp"] == 2
    play(state, 1, type="attack", weapon=0, target="npc0")  # impaired, already a hit: settled at once (TS-15)
    attack = last(state, "attack")
    assert attack["result"]["actor"]["mode"] == "impaired" and attack["result"]["actor"]["cards"] == ["KC", "QC"]
    assert attack["context"]["why"] == "attacks against a posse are impaired"


# --------------------------------------------------------------------------- damage (TOMB-9, TS-11, TS-16)
def test_tomb9_damage_past_hp_lowers_grt_then_a_grt_save_at_10() -> None:
    """Silas (GRT 2, HP 3) takes 5 from a fireman's axe's J (field 2/3/5): 3 HP, then GRT 2 -> 0; the save at 10."""
    for save_card, status in (("KH", "up"), ("2H", "out")):
        state = table([pc("Kit", STR=5, items=("fireman_axe",)), pc("Silas", STR=0, GRT=2)],
                      decks=[pc_deck(["KS", "JS"]), pc_deck(["2S", save_card])])
        play(state, 1, type="attack", weapon=0, target="pc1")
        stand(state, 1)
        silas = state.party[1]
        assert silas["hp"] == 0 and silas["abilities"]["GRT"] == 0
        stand(state, 2)  # his hand's 2♦..6♦ cannot turn the save: it settled itself (TS-15)
        result = last(state, "critical")["result"]
        assert result["target"] == 10 and result["success"] is (status == "up")
        assert silas["status"] == status
        if status == "out":
            assert "out of the fight" in sentences(state)[-1]
            assert state.legal_moves(2) == [] and state.to_act() == [0, 1]
            refused(state, 2, "not_your_turn", type="save", ability="STR", risk="low")
            assert not [m for m in state.legal_moves(0) if m.get("target") == "pc1"]


def test_tomb9_grt_below_zero_is_death_and_scars_need_exactly_zero() -> None:
    state = table([pc("Kit", STR=5, items=("fireman_axe",)), pc("Silas", STR=0, GRT=1)],
                  decks=[pc_deck(["KS", "JS"]), pc_deck(["2S"])])
    play(state, 1, type="attack", weapon=0, target="pc1")
    stand(state, 1)
    assert state.party[1]["status"] == "dead" and state.party[1]["abilities"]["GRT"] == -2
    assert state.party[1]["scars"] == [], "TS-9: damage past HP draws no scar"
    assert "GRT below 0: Silas is dead." in sentences(state)[-1]
    assert state.pending is None
    play(state, 0, type="end")
    assert written_back(state)[1]["abilities"]["GRT"] == -2, "TS-17: the dead go back to the roster"


def written_back(state: TableState) -> list[dict[str, Any]]:
    """The sheets the session writes back to the roster (its result's party and fallen): each comes through
    JSON and ``check_sheet`` unchanged (TS-17), and so does the whole result through the table's setup."""
    result = outcome(state)["result"]
    sheets: list[dict[str, Any]] = [*result["party"], *result["fallen"]]
    for sheet in sheets:
        assert check_sheet(json.loads(json.dumps(sheet))) == sheet
    assert TableState.check_setup({"party": result["party"]}) == {"party": result["party"]}
    return sheets


def test_tomb9_ts17_a_character_shot_far_below_zero_goes_back_to_the_roster_dead() -> None:
    """TOMB-5, TOMB-9, TS-17: Kit's elephant gun hits Silas (HP 1, GRT 0) with the Red Joker and a K♠ after it,
    9 + 9 = 18: 1 HP and 17 GRT, GRT -17. Silas's sheet, written back, is a sheet: dead, as the table left it."""
    state = table([pc("Kit", DEX=7, items=("elephant_gun",)), pc("Silas", DEX=0, GRT=0)],
                  decks=[pc_deck(["KC", "RJ", "KS"]), pc_deck(["2C"])])
    play(state, 1, type="attack", weapon=0, target="pc1")
    stand(state, 1)  # the hit; the damage flip is not enhanced, so nobody can cheat it
    assert last(state, "damage")["result"]["total"] == 18
    assert state.party[1]["status"] == "dead" and state.party[1]["abilities"]["GRT"] == -17
    assert "Silas loses 1 HP and 17 GRT (GRT -17). GRT below 0: Silas is dead." in sentences(state)[-1]
    play(state, 0, type="end")
    kit, silas = written_back(state)
    assert silas["status"] == "dead" and silas["abilities"]["GRT"] == -17 and silas == state.party[1]
    assert kit["status"] == "up"


def test_ts13_ts17_a_hazard_kills_at_grt_minus_nine_and_a_hireling_takes_over() -> None:
    """TS-13: a hazard of 9 on GRT 0 leaves GRT -9 (dead); TS-12: Ann's player takes over a hireling. Both
    the hireling's sheet and the fallen Ann are written back and pass ``check_sheet`` unchanged (TS-17)."""
    state = table([pc("Kit"), pc("Ann", GRT=0)])
    play(state, 0, type="hazard", character="pc1", ability="GRT", amount=9)
    ann = state.party[1]
    assert ann["status"] == "dead" and ann["abilities"]["GRT"] == -9
    play(state, 0, type="hireling", name="Old Pete")
    play(state, 2, type="take_over", npc="npc0")
    play(state, 0, type="end")
    kit, pete, fallen = written_back(state)
    assert pete["name"] == "Old Pete" and pete["made"]["hireling"] is True and pete["status"] == "up"
    assert fallen["name"] == "Ann" and fallen["status"] == "dead" and fallen["abilities"]["GRT"] == -9


@pytest.mark.parametrize("save_card,status", [("KH", "up"), ("2H", "dead")])
def test_tomb9_ts16_critical_damage_kills_an_npc(save_card: str, status: str) -> None:
    state = table([pc("Kit", STR=5, items=("fireman_axe",))], dealer=["2S", save_card],
                  decks=[pc_deck(["KS", "JS"])])
    play(state, 0, type="enemy", preset="brute")  # HP 3, GRT 2
    play(state, 1, type="attack", weapon=0, target="npc0")
    stand(state, 1)
    brute = state.npcs[0]
    assert brute["hp"] == 0 and brute["abilities"]["GRT"] == 0 and brute["status"] == status
    assert state.pending is None, "nobody may cheat an NPC's save: settled at once"
    if status == "dead":
        assert sentences(state)[-1].endswith("Critical damage: Brute dies.")
        assert not [m for m in state.legal_moves(1) if m.get("target") == "npc0"]


def test_ts16_a_lone_enemy_at_zero_hp_is_flagged_for_morale() -> None:
    state = table([pc("Kit", STR=5, items=("knife",))], dealer=["2S"], decks=[pc_deck(["KS", "2H"])])
    play(state, 0, type="enemy", preset="bandit")  # HP 2
    play(state, 1, type="attack", weapon=0, target="npc0")
    stand(state, 1)
    play(state, 0, type="enemy", preset="bandit")
    assert state.npcs[1]["name"] == "Bandit 2"
    kit = table([pc("Kit", STR=5, items=("knife",))], dealer=["2S"], decks=[pc_deck(["KS", "7H"])])
    play(kit, 0, type="enemy", preset="bandit")
    play(kit, 1, type="attack", weapon=0, target="npc0")  # 3 damage: 2 HP and 1 GRT
    stand(kit, 1)
    state = table([pc("Kit", STR=5, items=("pitchfork",))], dealer=["2S"], decks=[pc_deck(["KS", "7H"])])
    play(state, 0, type="enemy", preset="bandit")
    play(state, 1, type="attack", weapon=0, target="npc0")  # improvised tier 2: 2 = its HP
    stand(state, 1)
    assert state.npcs[0]["hp"] == 0 and state.npcs[0]["status"] == "up"
    assert "a lone enemy now makes a morale save (TOMB-13)" in sentences(state)[-1]


def test_ts11_a_posse_loses_str_routs_and_is_destroyed() -> None:
    # routed: 5 damage past its 3 HP lowers STR 3 -> 1, then a failed GRT save at 10
    state = table([pc("Kit", DEX=7, items=("carbine",))], dealer=["AC", "2C", "2H"],
                  decks=[pc_deck(["KC", "QC", "JS"])])
    play(state, 0, type="enemy", preset="posse")
    play(state, 1, type="attack", weapon=0, target="npc0")  # impaired: no cheat, but a Black Joker might be held
    stand(state, 1)
    posse = state.npcs[0]
    assert posse["hp"] == 0 and posse["abilities"]["STR"] == 1 and posse["abilities"]["GRT"] == 2
    assert posse["status"] == "routed" and "Posse of bandits is routed." in sentences(state)[-1]
    # destroyed: STR 0
    state = table([pc("Kit", DEX=7, items=("longrifle",))], dealer=["AC", "2C"],
                  decks=[pc_deck(["KC", "QC", "JS"])])
    play(state, 0, type="enemy", preset="posse")
    play(state, 1, type="attack", weapon=0, target="npc0")
    stand(state, 1)
    assert state.npcs[0]["status"] == "destroyed" and state.npcs[0]["abilities"]["STR"] == 0
    assert sentences(state)[-1].endswith("The posse is destroyed.")


# --------------------------------------------------------------------------- scars (TOMB-10, TS-9)
# Ann's earlier scars when she needs more HP than GRT 7 + 1 (TS-17): two lasting scars add 2..6 to max HP
OLD_SCARS = [{"roll": 1, "name": "Lasting Scar", "detail": "A lasting scar on the arm (9\u2663)."},
             {"roll": 1, "name": "Lasting Scar", "detail": "A lasting scar on the leg (2\u2663)."}]


def scarred(hp: int, weapon: str, damage_flips: list[str], target_flips: list[str],
            items: tuple[str, ...] = (), grt: int = 3, max_hp: int | None = None,
            scars: list[dict[str, Any]] = []) -> TableState:
    """Kit (STR 7) hits Ann (STR 0, GRT ``grt``, HP ``hp`` of ``max_hp``: GRT + 1 unless her ``scars`` add to it)
    with ``weapon``; Ann defends with 2S, then ``target_flips``."""
    ann = pc("Ann", STR=0, GRT=grt, hp=hp, max_hp=max_hp or grt + 1, items=items, scars=[dict(s) for s in scars])
    state = table([pc("Kit", STR=7, items=(weapon,)), ann],
                  decks=[pc_deck(["KS", *damage_flips]), pc_deck(["2S", *target_flips])])
    play(state, 1, type="attack", weapon=0, target="pc1")
    stand(state, 1)
    return state


def test_tomb10_scar_1_lasting_scar() -> None:
    state = scarred(1, "pitchfork", ["2C"], ["8C", "QH"])  # improvised tier 1: 1 = Ann's HP
    ann = state.party[1]
    assert ann["hp"] == 0 and ann["scars"][0]["roll"] == 1 and ann["scars"][0]["name"] == "Lasting Scar"
    assert ann["scars"][0]["detail"] == "A lasting scar on the eye (8♣)."
    assert ann["max_hp"] == 4 + 3, "Q♥ is tier 3"
    assert "drops to exactly 0 HP, losing 1: scar 1, Lasting Scar." in " ".join(sentences(state))


def test_tomb10_scar_3_walloped_exhausts_and_a_breather_does_not_heal() -> None:
    state = scarred(3, "knife", ["7C"], ["BJ"])  # hand tier 2: 3; a joker counts tier 1 (TS-9)
    ann = state.party[1]
    assert ann["scars"][0]["name"] == "Walloped" and ann["exhausted"] and ann["max_hp"] == 4 + 1
    play(state, 0, type="rest", kind="breather")
    assert ann["hp"] == 0, "TS-14: no HP back while exhausted"
    play(state, 0, type="rest", kind="night")
    assert not ann["exhausted"] and ann["hp"] == 5


def test_tomb10_ts9_scar_4_broken_limb_waits_for_the_dealers_recover() -> None:
    hearts = ["AH", "2H", "3H", "4H", "5C", "6C", "7C"]  # 4 Hearts against max GRT 3
    state = scarred(4, "knife", ["JC"], ["9C", *hearts])
    ann = state.party[1]
    assert ann["scars"][0]["name"] == "Broken Limb" and ann["scars"][0]["pending"] == "count_GRT_7"
    assert ann["scars"][0]["detail"] == "Broken rib (9♣)."
    assert {"type": "recover", "character": "pc1", "scar": 0} in state.legal_moves(0)
    play(state, 0, type="recover", character="pc1", scar=0)
    assert "pending" not in ann["scars"][0]
    assert ann["max"]["GRT"] == 4 and ann["abilities"]["GRT"] == 4
    assert sentences(state)[-1] == "A♥, 2♥, 3♥, 4♥, 5♣, 6♣, 7♣: 4 Hearts against GRT 3: GRT rises to 4."
    assert not [m for m in state.legal_moves(0) if m["type"] == "recover"]
    assert_54(state)


def test_tomb10_scar_8_deafened_is_a_cheatable_grt_save() -> None:
    state = scarred(8, "knife", ["RJ", "QC"], ["6H"], grt=7)  # the Red Joker: 4 + 4 = Ann's HP 8
    ann = state.party[1]
    assert ann["scars"][0]["name"] == "Deafened"
    stand(state, 2)  # 6♥ + GRT 7 is made: it settles itself (TS-15)
    assert last(state)["result"]["target"] == 9 and last(state)["result"]["success"]  # 6 + GRT 7
    assert ann["max"]["GRT"] == 8 and "Max GRT rises to 8." in sentences(state)[-1]


def test_tomb10_ts9_scar_11_mortal_wound_then_recover() -> None:
    state = table([pc("Kit"), pc("Ann", STR=0, GRT=7, hp=11, max_hp=11, scars=[dict(s) for s in OLD_SCARS])],
                  dealer=["KC", "QC", "RJ", "JC"], decks=[pc_deck([]), pc_deck(["2C", "8H"])])
    play(state, 0, type="enemy", preset="posse")  # enhanced revolver: DEX; the Red Joker 4 + J 4 + 3 = 11
    play(state, 0, type="npc_attack", npc="npc0", target="pc1")
    stand(state, 2)
    ann = state.party[1]
    assert last(state, "damage")["result"]["total"] == 11
    assert ann["scars"][2]["name"] == "Mortal Wound" and ann["status"] == "out" and ann["exhausted"]
    assert ann["scars"][2]["pending"] == "max_hp_tier"
    play(state, 0, type="recover", character="pc1", scar=2)
    assert ann["max_hp"] == 13 and sentences(state)[-1] == "8♥: max HP +2 (13)."
    play(state, 0, type="rest", kind="night")
    assert ann["status"] == "up" and ann["hp"] == 13


def test_tomb10_scar_12_doomed_then_the_next_failed_critical_save_kills() -> None:
    state = scarred(12, "longrifle", ["RJ", "AC", "KC", "2C"], ["3S", "2H"], grt=7, max_hp=12,
                    scars=OLD_SCARS)  # heavy: 9 + 3
    ann = state.party[1]
    assert ann["scars"][2]["roll"] == 12 and ann["doomed"] and ann["hp"] == 0
    # a second hit goes past HP: the save against critical damage fails and Ann dies horribly
    play(state, 1, type="attack", weapon=0, target="pc1")
    stand(state, 1)
    stand(state, 2)
    assert ann["status"] == "dead" and not ann["doomed"]
    assert sentences(state)[-1].endswith("Doomed: Ann dies horribly.")


def test_tomb10_scars_cap_at_12_and_a_full_inventory_fights_at_0_hp() -> None:
    """TS-15: a full inventory is 0 HP, so any hit goes past it (no scar, the GRT save)."""
    heavy = ("longrifle", "elephant_gun", "carbine", "shotgun")  # 8 slots + rations and torch
    state = scarred(4, "knife", ["3C"], ["KH"], items=heavy)
    ann = state.party[1]
    assert state.view(0)["party"][1]["effective_hp"] == 0
    assert ann["scars"] == [] and ann["abilities"]["GRT"] == 2
    assert any(e["kind"] == "critical" for e in state.view(0)["last"]), "past 0 HP: the save against critical damage"


# --------------------------------------------------------------------------- the empty deck (TOMB-6, TS-3)
def test_ts3_an_empty_deck_is_reshuffled_with_the_hand_and_a_new_hand_is_drawn() -> None:
    state = table([JESSE, SILAS], decks=[pc_deck([]), pc_deck([])])
    old_hand = list(state.decks["pc0"].hand)
    for _ in range(49):
        play(state, 1, type="save", ability="DEX", risk="standard")
        if state.pending is not None:
            stand(state, 1)
    assert state.decks["pc0"].draw == [] and state.decks["pc0"].hand == old_hand
    events = play(state, 1, type="save", ability="DEX", risk="standard")
    renewed = [e for e in events if e["type"] == "renewed"]
    assert len(renewed) == 1 and renewed[0]["deck"] == "pc0"
    assert renewed[0]["sentence"] == ("Jesse's deck ran out: the discards are shuffled back and a new hand of "
                                      "5 is drawn.")
    d = state.decks["pc0"]
    assert len(d.hand) == 5 and d.discard == [] and len(d.draw) == 54 - 5 - 1
    assert state.redact_events(events, 1)[0]["hand"] == d.hand
    assert state.redact_events(events, 2)[0]["hand"] == 5 and state.redact_events(events, 0)[0]["hand"] == 5
    assert state.view(2)["party"][0]["hand"] is None and state.view(2)["party"][0]["hand_count"] == 5
    assert_54(state)


def test_ts3_the_dealers_deck_reshuffles_without_a_hand() -> None:
    state = table([JESSE])
    for _ in range(54):
        play(state, 0, type="reaction")
    assert state.decks["dealer"].draw == [] and len(state.decks["dealer"].discard) == 54
    events = play(state, 0, type="reaction")
    assert events[0]["type"] == "renewed" and events[0]["hand"] == []
    assert events[0]["sentence"] == "the Dealer's deck ran out: the discards are shuffled back."
    assert state.decks["dealer"].hand == [] and len(state.decks["dealer"].draw) == 53


# --------------------------------------------------------------------------- rests (TS-14)
def test_ts14_rests() -> None:
    kit = pc("Kit", STR=2, DEX=2, GRT=3, hp=1, max_hp=4, fatigue=2, exhausted=False)
    state = table([kit, pc("Ann")], dealer=["5S"], decks=[pc_deck([]), pc_deck([])])
    kit = state.party[0]
    play(state, 0, type="hazard", character="pc0", ability="STR", amount=3)  # STR 2 -> 0 and one Injured
    play(state, 0, type="reaction")
    play(state, 0, type="rest", kind="breather")
    assert kit["hp"] == 4 and kit["fatigue"] == 2 and kit["conditions"] == ["Injured"]
    hands = {ref: list(d.hand) for ref, d in state.decks.items()}
    events = play(state, 0, type="rest", kind="night")
    assert kit["fatigue"] == 0 and kit["conditions"] == ["Injured"] and kit["abilities"]["STR"] == 0
    assert all(len(d.draw) == 54 - len(d.hand) and not d.discard for d in state.decks.values())
    assert state.decks["dealer"].hand == [] and [len(state.decks[r].hand) for r in ("pc0", "pc1")] == [5, 5]
    assert hands != {ref: list(d.hand) for ref, d in state.decks.items()}
    assert events[0]["sentence"] == ("The party takes a full night's rest. Every deck is shuffled and new hands "
                                     "are dealt.")
    for viewer, shown in ((1, "pc0"), (2, "pc1")):
        hands_seen = state.redact_events(events, viewer)[0]["hands"]
        assert hands_seen[shown] == state.decks[shown].hand
        assert [v for k, v in hands_seen.items() if k != shown] == [5]
    assert state.redact_events(events, 0)[0]["hands"] == {"pc0": 5, "pc1": 5}
    play(state, 0, type="rest", kind="week")
    assert kit["abilities"]["STR"] == 2 and kit["conditions"] == []
    assert_54(state)


# --------------------------------------------------------------------------- hazards and conditions (TS-13)
def test_ts13_hazards_conditions_and_death() -> None:
    state = table([pc("Kit", STR=1, DEX=1, WIL=1, GRT=1), pc("Ann", GRT=1)])
    kit = state.party[0]
    assert state.legal_moves(0)[0] == {"type": "hazard", "character": "pc0", "ability": "STR"}
    play(state, 0, type="hazard", character="pc0", ability="STR", amount=2)
    assert kit["abilities"]["STR"] == 0 and kit["conditions"] == ["Injured"]
    assert sentences(state)[-1] == "A hazard strikes Kit's STR: 1 to 0. 1 x Injured (STR was at 0)."
    assert state.view(0)["party"][0]["slots"] == 3
    play(state, 0, type="hazard", character="pc0", ability="DEX", amount=2)
    play(state, 0, type="hazard", character="pc0", ability="WIL", amount=2)
    assert state.view(0)["party"][0]["debilitated"] is True and kit["status"] == "up"
    assert "too broken to go on adventuring" in sentences(state)[-1]
    play(state, 0, type="hazard", character="pc0", ability="STR")
    assert kit["status"] == "dead" and "More Injured than STR 1: Kit dies." in sentences(state)[-1]
    play(state, 0, type="hazard", character="pc1", ability="GRT", amount=2)
    assert state.party[1]["status"] == "dead" and sentences(state)[-1].endswith("GRT below 0: Ann is dead.")
    assert not state.is_over() and state.to_act() == [0], "TS-27: a wiped-out party waits for the Dealer"
    assert state.legal_moves(0)[0] == {"type": "end"}
    play(state, 0, type="end")
    assert state.is_over() and outcome(state)["reason"] == "The whole party is dead: the session is over."


def test_fatigue_takes_slots_until_the_inventory_is_full() -> None:
    state = table([pc("Kit", items=("carbine", "shotgun"))])  # 6 slots
    for _ in range(4):
        play(state, 0, type="fatigue", character="pc0", change=1)
    assert state.party[0]["fatigue"] == 4 and state.view(0)["party"][0]["slots"] == 10
    assert state.view(0)["party"][0]["effective_hp"] == 0
    assert {"type": "fatigue", "character": "pc0", "change": 1} not in state.legal_moves(0)
    refused(state, 0, "not_possible", type="fatigue", character="pc0", change=1)
    play(state, 0, type="fatigue", character="pc0", change=-1)
    assert sentences(state)[-1] == "Kit sheds a Fatigue (3 now, 9 of 10 slots)."
    fresh = table([pc("Kit")])
    assert {"type": "fatigue", "character": "pc0", "change": -1} not in fresh.legal_moves(0)


# --------------------------------------------------------------------------- the Dealer's tools
@pytest.mark.parametrize("dealer,pc_card,party_first,complication", [
    ("5S", "9C", True, False), ("KS", "2C", False, False), ("BJ", "2C", True, True), ("5S", "BJ", False, True)])
def test_tomb12_initiative_and_a_complication_on_a_black_joker(dealer: str, pc_card: str, party_first: bool,
                                                              complication: bool) -> None:
    state = table([JESSE], dealer=[dealer], decks=[pc_deck([pc_card])])
    play(state, 0, type="initiative", character="pc0", modifier=2)
    stand(state, 1)
    event = last(state, "initiative")
    assert event["result"]["other"]["modifier"] == 2
    assert event["result"]["actor_wins"] is party_first and event["complication"] is complication
    said = sentences(state)[-1]
    assert ("the party acts first" if party_first else "the enemies act first") in said
    assert said.endswith("A Black Joker: the Dealer adds a complication.") is complication


@pytest.mark.parametrize("risk,card,holds", [("standard", "9D", True), ("standard", "8D", False),
                                             ("high", "QD", True), ("high", "JD", False)])
def test_tomb13_ts16_morale(risk: str, card: str, holds: bool) -> None:
    state = table([JESSE], dealer=[card])
    play(state, 0, type="enemy", preset="bandit")  # WIL 0
    play(state, 0, type="morale", npc="npc0", risk=risk)
    assert state.pending is None, "the Dealer's flip for an enemy settles at once"
    assert state.npcs[0]["status"] == ("up" if holds else "fled")
    assert sentences(state)[-1].endswith("Bandit holds." if holds else "Bandit flees.")
    if not holds:
        assert not [m for m in state.legal_moves(0) if m.get("npc") == "npc0" and m["type"] != "remove"]


@pytest.mark.parametrize("card,escapes", [("7C", True), ("6C", False)])
def test_tomb14_turning_tail_is_a_dex_save_at_11(card: str, escapes: bool) -> None:
    state = table([JESSE], decks=[pc_deck([card])])
    play(state, 1, type="turn_tail")
    stand(state, 1)
    assert last(state)["result"]["target"] == 11 and last(state)["result"]["success"] is escapes
    assert sentences(state)[-1].endswith("clean away." if escapes else
                                         "away, but every enemy gets one free attack first.")


@pytest.mark.parametrize("card,reaction", [
    ("AS", "Wary"), ("5H", "Curious"), ("3D", "Kind"), ("2C", "Helpful"),
    ("6S", "Curious"), ("9H", "Kind"), ("7D", "Helpful"), ("8C", "Wary"),
    ("10S", "Kind"), ("JH", "Helpful"), ("QD", "Wary"), ("JC", "Curious"),
    ("KS", "Helpful"), ("KH", "Wary"), ("KD", "Curious"), ("KC", "Kind"),
    ("BJ", "Hostile"), ("RJ", "Ally")])
def test_tomb15_reactions(card: str, reaction: str) -> None:
    state = table([JESSE], dealer=[card])
    events = play(state, 0, type="reaction")
    assert events[0]["reaction"] == reaction and state.decks["dealer"].discard == [card]
    assert events[0]["sentence"].endswith(f"for a reaction: {reaction}.")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_tomb15_the_die_of_fate_comes_from_the_seed(seed: int) -> None:
    state = table([JESSE], seed=seed)
    rng = new_rng(seed)
    for _ in range(2):
        shuffle(full_deck(), rng)  # the constructor shuffles every deck even for a forced deal
    roll = roll_die(rng)
    event = play(state, 0, type="die")[0]
    assert event["roll"] == roll and event["favours"] is (roll >= 4)
    assert event["sentence"] == f"The die of fate shows {roll}: " + (
        "favours the players." if roll >= 4 else "bad luck for the players.")


def test_tomb15_a_hireling_by_the_book() -> None:
    state = table([JESSE], dealer=["2S", "RJ", "3H", "4H", "BJ", "5C", "8D"])
    events = play(state, 0, type="hireling", name="Old Pete")
    hireling = state.npcs[0]
    assert events[0]["cards"] == ["2S", "3H", "4H", "5C"] and events[0]["background_card"] == "8D"
    assert hireling["abilities"] == {"STR": 1, "DEX": 1, "WIL": 0, "GRT": 2} and hireling["hp"] == 3
    assert hireling["max_hp"] == 3 and hireling["kind"] == "hireling" and hireling["name"] == "Old Pete"
    assert hireling["weapon"]["weapon"] == "improvised" and hireling["weapon"]["damage"] == [1, 2, 3]
    assert hireling["background"] == BACKGROUNDS["D"][8] == "Cat Burglar"
    assert sorted(state.decks["dealer"].discard) == sorted(["2S", "RJ", "3H", "4H", "BJ", "5C", "8D"])
    assert events[0]["sentence"] == ("A hireling signs on: Old Pete, cat burglar, from 2♠, 3♥, 4♥, 5♣ "
                                     "(STR 1, DEX 1, WIL 0, GRT 2; HP 3).")
    play(state, 0, type="hireling")
    assert state.npcs[1]["name"] and state.npcs[1]["ref"] == "npc1"


def test_ts12_taking_over_a_hireling_after_death() -> None:
    state = table([JESSE, SILAS], dealer=["2S", "3S", "3H", "4H", "5C", "8D"])
    play(state, 0, type="hireling")
    play(state, 0, type="hazard", character="pc0", ability="GRT", amount=2)
    assert state.party[0]["status"] == "dead"
    assert state.legal_moves(1) == [{"type": "take_over", "npc": "npc0"}]
    refused(state, 2, "not_possible", type="take_over", npc="npc0")
    events = play(state, 1, type="take_over", npc="npc0")
    cards = events[-1]["cards"]
    assert len(cards) == 3 and not set(cards) & {"RJ", "BJ"}
    kit = state.party[0]
    gained = {a: sum(1 for c in cards if c[-1] == s) for a, s in (("STR", "S"), ("DEX", "C"), ("WIL", "D"),
                                                                   ("GRT", "H"))}
    assert kit["abilities"] == {a: {"STR": 2, "DEX": 0, "WIL": 0, "GRT": 2}[a] + gained[a] for a in gained}
    assert kit["name"] == state.fallen[0]["name"] or kit["name"]
    assert kit["status"] == "up" and kit["money"] == 0 and kit["made"]["hireling"] is True
    assert kit["inventory"][0]["weapon"] == "improvised" and kit["hp"] == kit["abilities"]["GRT"] + 1
    assert state.fallen[0]["name"] == "Jesse" and state.npcs == []
    assert len(state.decks["pc0"].hand) == 5 and state.redact_events(events, 2)[-1]["hand"] == 5
    assert state.redact_events(events, 1)[-1]["hand"] == state.decks["pc0"].hand
    assert_54(state)
    play(state, 0, type="end")
    ended = outcome(state)
    assert ended["result"]["fallen"][0]["name"] == "Jesse" and len(ended["result"]["party"]) == 2


def test_the_session_ends_with_its_result() -> None:
    state = table([JESSE, SILAS])
    assert state.legal_moves(0)[-1] == {"type": "end"}
    play(state, 0, type="hazard", character="pc1", ability="GRT", amount=3)
    play(state, 0, type="end")
    assert state.is_over() and state.to_act() == [] and state.view(0)["ended"]
    ended = outcome(state)
    assert ended["winner"] is None and ended["scores"] == [0] * 7
    assert ended["reason"] == "The session is over: 1 of 2 still standing."
    assert [s["name"] for s in ended["result"]["party"]] == ["Jesse", "Silas"]
    assert ended["result"]["party"][1]["status"] == "dead" and ended["result"]["fallen"] == []
    assert replay(state.record()).outcome() == ended


def test_remove_and_the_npc_limit() -> None:
    state = table([JESSE])
    for _ in range(24):
        play(state, 0, type="enemy", preset="bandit")
    assert {"type": "enemy", "preset": "bandit"} not in state.legal_moves(0)
    assert {"type": "hireling"} not in state.legal_moves(0)
    play(state, 0, type="remove", npc="npc3")
    assert "npc3" not in [n["ref"] for n in state.npcs]
    play(state, 0, type="enemy", preset="bandit", name="Black Bart")
    assert state.npcs[-1]["ref"] == "npc24" and state.npcs[-1]["name"] == "Black Bart", "refs are never reused"


# --------------------------------------------------------------------------- refusals
def test_malformed_moves() -> None:
    state = table([JESSE])
    for seat, move in [
        (1, {"type": "shoot"}), (1, {"type": 3}), (1, []), (1, "save"), (1, {}),
        (1, {"type": "save", "ability": "DEX"}),
        (1, {"type": "save", "ability": "DEX", "risk": "low", "extra": 1}),
        (1, {"type": "save", "ability": "DEX", "risk": "low", "mode": "super"}),
        (1, {"type": "save", "ability": "DEX", "risk": "low", "modifier": 1}),
        (1, {"type": "contest", "ability": "DEX", "against": "dealer", "modifier": 21}),
        (1, {"type": "contest", "ability": "DEX", "against": "dealer", "modifier": -1}),
        (1, {"type": "contest", "ability": "DEX", "against": "dealer", "modifier": True}),
        (1, {"type": "contest", "ability": "DEX", "against": "dealer", "modifier": 1.0}),
        (0, {"type": "npc_attack", "npc": "npc0", "target": "pc0", "attackers": 10}),
        (0, {"type": "hazard", "character": "pc0", "ability": "STR", "amount": 0}),
        (0, {"type": "hireling", "name": ""}), (0, {"type": "hireling", "name": "   "}),
        (0, {"type": "hireling", "name": "x" * 41}), (0, {"type": "hireling", "name": "a\nb"}),
        (0, {"type": "hireling", "name": 5}), (0, {"type": "enemy", "preset": "bandit", "name": None}),
    ]:
        assert code(state, seat, move) == "malformed_move", move
    assert code(state, 1, {"type": "save", "ability": "LUCK", "risk": "low"}) == "not_possible"
    assert code(state, 1, {"type": "attack", "weapon": 9, "target": "dealer"}) == "not_possible"
    assert code(state, 0, {"type": "recover", "character": "pc0", "scar": 0}) == "not_possible"


def test_flip_waiting_no_flip_and_not_your_tool() -> None:
    state = table([JESSE, SILAS])
    assert refused(state, 1, "no_flip", type="settle")
    assert refused(state, 1, "not_your_tool", type="reaction") == "That is the Dealer's move."
    assert refused(state, 2, "not_your_tool", type="end") == "That is the Dealer's move."
    assert refused(state, 0, "not_your_tool", type="save", ability="STR", risk="low") == "That is a player's move."
    refused(state, 3, "not_your_turn", type="save", ability="STR", risk="low")
    assert state.legal_moves(3) == [] and state.to_act() == [0, 1, 2]
    play(state, 1, type="save", ability="DEX", risk="low")  # A♠ + DEX 4 against 10: the 6♦ would make it
    assert state.to_act() == [1], "the flip waits for Jesse alone (TS-19)"
    for seat, move in ((1, {"type": "save", "ability": "DEX", "risk": "low"}), (0, {"type": "reaction"}),
                       (2, {"type": "turn_tail"})):
        assert code(state, seat, move) in ("flip_waiting", "not_your_turn"), move
    assert refused(state, 1, "flip_waiting", type="turn_tail").startswith("A flip is waiting")
    assert code(state, 0, {"type": "end"}) == "not_your_turn", "the Dealer waits for Jesse's choice (TS-19)"
    assert code(state, 2, {"type": "settle"}) == "not_your_turn"


@pytest.mark.parametrize("setup,needle", [
    (None, None), ({}, "needs"), ({"party": {}}, "needs"), ({"party": []}, "not 0"),
    ({"party": [JESSE] * 7}, "not 7"), ({"party": [JESSE], "x": 1}, "needs"), ([JESSE], "needs"),
    ({"party": [JESSE, {**SILAS, "name": ""}]}, "Character 2: The character needs a name."),
    ({"party": [{**JESSE, "hp": 9}]}, "Character 1: hp cannot be above max_hp."),
])
def test_bad_setups(setup: Any, needle: str | None) -> None:
    if needle is None:
        state = get_game(GAME).new_game(seed=1, setup=setup)
        assert [s["sheet"]["name"] for s in state.view(None)["party"]] == ["Jesse", "Silas"], "no party: the sample party"
        return
    with pytest.raises(SetupError) as info:
        get_game(GAME).new_game(seed=1, setup=setup)
    assert info.value.code == "bad_setup" and needle in info.value.message


def test_bad_deals() -> None:
    good = [deck(), deck()]
    for bad in ([deck()], [*good, deck()], "AS", [deck()[:-1], deck()], [deck(), [*deck()[:-1], "AS"]],
                {"dealer": deck(), "pc0": deck()}, [deck(), [*deck()[:53], "XJ"]]):
        with pytest.raises(SetupError) as info:
            get_game(GAME).new_game(seed=1, setup={"party": [JESSE]}, deal=bad)
        assert info.value.code == "bad_deal"
    assert get_game(GAME).new_game(seed=1, setup={"party": [JESSE]}, deal=good).record()["deal"] == good


def test_six_characters_sit_at_seats_one_to_six() -> None:
    party = [pc(f"Kid {n}") for n in range(6)]
    state = get_game(GAME).new_game(seed=2, setup={"party": party})
    assert isinstance(state, TableState)
    assert state.to_act() == [0, 1, 2, 3, 4, 5, 6]
    assert [p["seat"] for p in state.view(None)["party"]] == [1, 2, 3, 4, 5, 6]
    for seat in range(1, 7):
        view = state.view(seat)
        assert [p["hand"] is not None for p in view["party"]] == [n == seat - 1 for n in range(6)]
    assert_54(state)
