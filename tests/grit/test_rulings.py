"""Grit house rulings GRIT-1..9 (RULINGS.md), one or more tests per ruling, through the protocol.

Forced deals: ``new_game(seed=0, deal=[12 codes])`` with cards 0-3 player 0's hand, 4-7 player 1's
hand, 8 face up on player 0's pile 0, 9 face up on player 1's pile 0, 10-11 discarded unseen (GRIT-3).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import pygame_core
from pygame_core import IllegalMove, SetupError, State, get_game
from pygame_core.cards import card_label

SPADES: list[str] = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
RANKS: list[str] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HEARTS: list[str] = [r + "H" for r in RANKS]
VALUES: dict[str, int] = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                          "10": 10, "J": 10, "Q": 10, "K": 10}
VIEWERS: tuple[int | None, ...] = (0, 1, None)


# --------------------------------------------------------------------------- helpers
def make_deal(h0: list[str], h1: list[str], up0: str, up1: str, heart: str = "KH") -> list[str]:
    """A full forced deal; the two discards are whatever is left (the given heart if unused)."""
    given = h0 + h1 + [up0, up1]
    assert len(h0) == 4 and len(h1) == 4
    hearts = [c for c in given if c.endswith("H")]
    deck = SPADES + (hearts if hearts else [heart])
    rest = [c for c in deck if c not in given]
    assert len(rest) == 2, (given, rest)
    return given + rest


def new(deal: list[str], **options: str) -> State:
    return get_game("grit").new_game(seed=0, options=options or None, deal=deal)


def mv(card: str, owner: int, index: int, marked: bool = False) -> dict[str, Any]:
    return {"type": "play", "card": card, "pile": [owner, index], "marked": marked}


def act(state: State, card: str, owner: int, index: int, marked: bool = False) -> list[dict[str, Any]]:
    """The player due to act plays ``card``."""
    (p,) = state.to_act()
    return state.play(p, mv(card, owner, index, marked))


def play_own_piles(state: State) -> None:
    """Each player plays hand cards in order onto own piles 1, 2, 1, 2: final tops are the dealt
    card, the third and the fourth hand card."""
    while not state.is_over():
        (p,) = state.to_act()
        hand = state.view(p)["hand"]
        k = 4 - len(hand)
        state.play(p, mv(hand[0], p, 1 + k % 2))


def snapshot(state: State) -> str:
    data = {"record": state.record(), "views": [state.view(v) for v in VIEWERS],
            "to_act": state.to_act(), "legal": [state.legal_moves(p) for p in (0, 1)],
            "outcome": state.outcome()}
    return json.dumps(data, sort_keys=True)


def strings_in(value: Any) -> set[str]:
    """Every string anywhere in a JSON value (keys excluded)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def top(view: dict[str, Any], owner: int, index: int) -> dict[str, Any] | None:
    cards = view["piles"][owner][index]["cards"]
    return cards[-1] if cards else None


# Deal used in many tests: player 0 holds A-4 spades, player 1 holds 5-8, 9S up for player 0,
# 10S up for player 1 (so player 1 is braver and player 0 plays first), JS and KH discarded.
BASIC = make_deal(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], "9S", "10S", heart="KH")


# --------------------------------------------------------------------------- GRIT-1 deck, options, values
def test_grit_1_random_deck_composition_all_hearts() -> None:
    """GRIT-1: spades A..J plus exactly one heart; with heart_ranks='all' every heart shows up."""
    hearts_seen: set[str] = set()
    for seed in range(400):
        deal = get_game("grit").new_game(seed=seed).record()["deal"]
        assert len(deal) == 12 and len(set(deal)) == 12
        hearts = [c for c in deal if c.endswith("H")]
        assert len(hearts) == 1
        assert sorted(c for c in deal if not c.endswith("H")) == sorted(SPADES)
        hearts_seen.add(hearts[0])
    assert hearts_seen == set(HEARTS)


def test_grit_1_random_deck_heart_ranks_a9() -> None:
    """GRIT-1: with heart_ranks='A-9' the random heart is one of A..9 (and each of them occurs)."""
    allowed = {r + "H" for r in RANKS[:9]}
    seen: set[str] = set()
    for seed in range(400):
        state = get_game("grit").new_game(seed=seed, options={"heart_ranks": "A-9"})
        deal = state.record()["deal"]
        (heart,) = [c for c in deal if c.endswith("H")]
        assert heart in allowed
        seen.add(heart)
    assert seen == allowed


def test_grit_1_same_seed_same_deal_and_options_default() -> None:
    """GRIT-1: the deal is a pure function of the seed; the default option is the first value."""
    game = get_game("grit")
    assert game.new_game(seed=123).record()["deal"] == game.new_game(seed=123).record()["deal"]
    assert game.new_game(seed=123).record()["options"] == {"heart_ranks": "all"}
    assert game.new_game(seed=123).view(0)["options"] == {"heart_ranks": "all"}
    spec = {o.name: o for o in game.info.options}["heart_ranks"]
    assert spec.values == ("all", "A-9") and spec.default == "all"


@pytest.mark.parametrize("heart", ["10H", "JH", "QH", "KH"])
def test_grit_1_forced_deal_with_disallowed_heart_rejected(heart: str) -> None:
    """GRIT-1: under heart_ranks='A-9' a forced deal holding 10H..KH is a bad_deal."""
    deal = make_deal(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], "9S", "10S", heart=heart)
    with pytest.raises(SetupError) as info:
        new(deal, heart_ranks="A-9")
    assert info.value.code == "bad_deal" and info.value.message
    assert isinstance(info.value, ValueError)
    new(deal, heart_ranks="all")  # the same deal is fine with every heart allowed


@pytest.mark.parametrize("heart", [r + "H" for r in RANKS[:9]])
def test_grit_1_forced_deal_with_allowed_heart_accepted(heart: str) -> None:
    deal = make_deal(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], "9S", "10S", heart=heart)
    assert new(deal, heart_ranks="A-9").record()["deal"] == deal


MALFORMED_DEALS: list[tuple[str, Any]] = [
    ("not a list", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KH"),
    ("a dict", {"0": BASIC}),
    ("a number", 12),
    ("11 cards", BASIC[:11]),
    ("13 cards", BASIC + ["QH"]),
    ("empty", []),
    ("duplicate card", BASIC[:11] + [BASIC[0]]),
    ("two hearts", BASIC[:10] + ["QH", "KH"]),
    ("eleven spades and a spade twice", BASIC[:11] + ["JS"]),
    ("no heart", BASIC[:11] + ["QS"]),
    ("a diamond instead of the heart", BASIC[:11] + ["KD"]),
    ("a queen of spades", ["QS"] + BASIC[1:]),
    ("a joker", BASIC[:11] + ["RJ"]),
    ("lower-case code", ["as"] + BASIC[1:]),
    ("not a card", ["1S"] + BASIC[1:]),
    ("non-string entry", [1] + BASIC[1:]),
    ("null entry", [None] + BASIC[1:]),
    ("nested list", [BASIC]),
]


@pytest.mark.parametrize("why,deal", MALFORMED_DEALS, ids=[w for w, _ in MALFORMED_DEALS])
def test_grit_1_3_malformed_deal_rejected(why: str, deal: Any) -> None:
    """GRIT-1/3: a forced deal must be exactly the 12 Grit cards; anything else is bad_deal."""
    with pytest.raises(SetupError) as info:
        new(deal)
    assert info.value.code == "bad_deal", why
    assert info.value.message


def test_grit_1_tuple_deal_rejected() -> None:
    """A Python tuple is not a JSON list: rejected rather than coerced."""
    with pytest.raises(SetupError) as info:
        new(tuple(BASIC))  # type: ignore[arg-type]
    assert info.value.code == "bad_deal"


@pytest.mark.parametrize("options", [{"heart_ranks": "1-9"}, {"heart_ranks": None}, {"heart_ranks": 9},
                                     {"hearts": "all"}, {"heart_ranks": "all", "x": 1}, ["all"], "all"])
def test_grit_1_bad_options_rejected(options: Any) -> None:
    with pytest.raises(SetupError) as info:
        get_game("grit").new_game(seed=1, options=options)
    assert info.value.code == "bad_option" and info.value.message


@pytest.mark.parametrize("seed", ["7", 7.0, 7.5, True, False, [7], {"seed": 7}])
def test_grit_bad_seed_rejected(seed: Any) -> None:
    with pytest.raises(SetupError) as info:
        get_game("grit").new_game(seed=seed)
    assert info.value.code == "bad_seed" and info.value.message


def test_grit_seed_none_picks_a_seed() -> None:
    state = get_game("grit").new_game(seed=None)
    seed = state.record()["seed"]
    assert isinstance(seed, int) and not isinstance(seed, bool)
    assert pygame_core.replay(state.record()).record() == state.record()


@pytest.mark.parametrize("card", SPADES + HEARTS)
def test_grit_1_card_values(card: str) -> None:
    """GRIT-1: A=1, 2..10 at face value, J Q K = 10 (seen as the visible total of the face-up card)."""
    heart = card if card.endswith("H") else "KH"
    others = [c for c in SPADES if c != card]
    up1 = others.pop()
    deal = make_deal(others[0:4], others[4:8], card, up1, heart=heart)
    state = new(deal)
    expected = VALUES[card[:-1]]
    for viewer in VIEWERS:
        assert state.view(viewer)["totals"] == [expected, VALUES[up1[:-1]]]


# --------------------------------------------------------------------------- GRIT-2 rank order
def test_grit_2_rank_key_total_order() -> None:
    """GRIT-2: A < 2 < ... < 10 < J < Q < K; on equal rank the heart is higher."""
    from pygame_core.games.grit import rank_key

    expected = [code for rank in RANKS for code in (rank + "S", rank + "H") if code not in ("QS", "KS")]
    assert sorted(SPADES + HEARTS, key=rank_key) == expected


@pytest.mark.parametrize("rank", RANKS[:11])
@pytest.mark.parametrize("heart_owner", [0, 1])
def test_grit_2_4_heart_beats_equal_rank_for_turn_order(rank: str, heart_owner: int) -> None:
    """GRIT-2/4: equal visible totals with equal-rank top cards: the heart holder plays second."""
    heart, spade = rank + "H", rank + "S"
    rest = [c for c in SPADES if c != spade]
    ups = [heart, spade] if heart_owner == 0 else [spade, heart]
    state = new(make_deal(rest[0:4], rest[4:8], ups[0], ups[1]))
    assert state.to_act() == [1 - heart_owner]
    view = state.view(None)
    assert view["first"] == 1 - heart_owner
    brave = pygame_core.engine.player_name(heart_owner)
    label = rank + "\u2665"
    assert view["order_reason"] == (f"Visible totals are level at {VALUES[rank]}; {brave} plays second "
                                    f"with the higher top card ({label}).")


@pytest.mark.parametrize("low,high", [("10S", "JS"), ("JS", "QH"), ("10S", "QH"), ("JS", "KH"),
                                      ("10H", "JS"), ("10S", "KH"), ("10S", "JH")])
def test_grit_2_4_ten_valued_cards_rank_order(low: str, high: str) -> None:
    """GRIT-2/4: 10, J, Q, K all count 10; the higher rank (then the heart) makes its owner braver."""
    for low_owner in (0, 1):
        ups = [low, high] if low_owner == 0 else [high, low]
        rest = [c for c in SPADES if c not in ups]
        state = new(make_deal(rest[0:4], rest[4:8], ups[0], ups[1]))
        assert state.view(None)["totals"] == [10, 10]
        assert state.to_act() == [low_owner], "the owner of the lower card plays first"


def test_grit_2_4_level_totals_low_cards() -> None:
    """GRIT-2/4/7: level visible totals of 9: 7S + 2S against 9S (the marked card counts 0 and is
    not a visible top): the 9 is the higher top card, so its owner plays second."""
    deal = make_deal(["2S", "3S", "4S", "5S"], ["AS", "6S", "8S", "10S"], "7S", "9S")
    state = new(deal)
    assert state.to_act() == [0]
    act(state, "2S", 0, 1)                 # player 0: 7 + 2 = 9
    act(state, "10S", 1, 1, marked=True)   # player 1: 9 + a hidden 10 that counts 0
    view = state.view(None)
    assert view["totals"] == [9, 9]
    assert state.to_act() == [0]
    assert view["order_reason"] == ("Visible totals are level at 9; Player 2 plays second with the "
                                    "higher top card (9\u2660).")


def test_grit_2_4_level_totals_low_cards_other_side() -> None:
    """GRIT-2/4: level at 8: player 1's 3S + 5S against player 0's 8S: player 0 plays second."""
    deal = make_deal(["AS", "2S", "4S", "JS"], ["5S", "6S", "7S", "9S"], "8S", "3S")
    state = new(deal)
    assert state.to_act() == [1]
    act(state, "5S", 1, 1)                 # player 1: 3 + 5 = 8
    act(state, "JS", 0, 2, marked=True)    # player 0: 8 + hidden J
    assert state.view(None)["totals"] == [8, 8]
    assert state.to_act() == [1]
    assert state.view(0)["order_reason"] == ("Visible totals are level at 8; you play second "
                                             "with the higher top card (8\u2660).")
    assert state.view(1)["order_reason"] == ("Visible totals are level at 8; Player 1 plays second "
                                             "with the higher top card (8\u2660).")


# --------------------------------------------------------------------------- GRIT-3 deal positions
def test_grit_3_deal_positions() -> None:
    """GRIT-3: 0-3 player 0's hand, 4-7 player 1's, 8/9 face up on pile 0 of each, 10-11 unseen."""
    deal = make_deal(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], "9S", "JS", heart="QH")
    assert deal[10:] == ["10S", "QH"]
    state = new(deal)
    assert state.view(0)["hand"] == deal[0:4]
    assert state.view(1)["hand"] == deal[4:8]
    assert state.view(None)["hand"] is None
    for viewer in VIEWERS:
        view = state.view(viewer)
        assert view["hand_counts"] == [4, 4]
        assert view["round"] == 1 and view["rounds"] == 4 and view["phase"] == "play"
        for owner in (0, 1):
            piles = view["piles"][owner]
            assert len(piles) == 3
            assert piles[0]["cards"] == [{"card": deal[8 + owner], "face_down": False, "marked": False,
                                          "by": None}]
            assert piles[1]["cards"] == [] and piles[2]["cards"] == []
            assert all(pile["open"] for pile in piles)
        assert not {"10S", "QH"} & strings_in(view), "discards are never seen"
    assert state.record()["deal"] == deal
    play_own_piles(state)
    assert state.view(0)["final"]["discards"] == ["10S", "QH"]


def test_grit_3_four_rounds_eight_plays() -> None:
    """GRIT-3/4: four rounds, each player plays each hand card once; the game then ends."""
    state = new(BASIC)
    rounds = []
    while not state.is_over():
        rounds.append(state.view(None)["round"])
        (p,) = state.to_act()
        state.play(p, state.legal_moves(p)[0])
    assert rounds == [1, 1, 2, 2, 3, 3, 4, 4]
    assert state.view(None)["hand_counts"] == [0, 0]
    assert state.view(None)["phase"] == "over"
    assert state.to_act() == []


# --------------------------------------------------------------------------- GRIT-4 turn order
def test_grit_4_higher_visible_total_plays_second() -> None:
    state = new(make_deal(["AS", "2S", "4S", "5S"], ["6S", "7S", "8S", "10S"], "9S", "3S"))
    assert state.to_act() == [1]
    assert state.view(0)["first"] == 1
    assert state.view(0)["order_reason"] == "You play second: higher visible total (9 against 3)."
    assert state.view(None)["order_reason"] == "Player 1 plays second: higher visible total (9 against 3)."
    state = new(make_deal(["AS", "2S", "4S", "5S"], ["6S", "7S", "8S", "10S"], "3S", "9S"))
    assert state.to_act() == [0]
    assert state.view(1)["order_reason"] == "You play second: higher visible total (9 against 3)."
    state.names = ("Player 1", "the computer")
    assert state.view(0)["order_reason"] == "The computer plays second: higher visible total (9 against 3)."


def test_grit_4_equal_totals_higher_top_card_plays_second() -> None:
    state = new(make_deal(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], "JS", "10S"))
    assert state.to_act() == [1]
    assert state.view(None)["order_reason"] == ("Visible totals are level at 10; Player 1 plays second "
                                                "with the higher top card (J\u2660).")


def test_grit_4_round_event_reports_order() -> None:
    """GRIT-4: the order is decided again before every round, and announced in a round event."""
    state = new(BASIC)  # 9 against 10: player 0 first
    assert state.to_act() == [0]
    act(state, "4S", 0, 1)  # player 0: 9 + 4 = 13
    events = act(state, "5S", 1, 1)  # player 1: 10 + 5 = 15
    assert events[-1] == {"type": "round", "round": 2, "first": 0, "order": [0, 1, 15, 13, None],
                          "reason": "Player 2 plays second: higher visible total (15 against 13)."}
    told = {"type": "round", "round": 2, "first": 0}
    assert state.redact_event(events[-1], 1) == {**told, "reason": "You play second: higher visible total (15 against 13)."}
    assert state.redact_event(events[-1], None) == {**told, "reason": events[-1]["reason"]}
    act(state, "3S", 0, 2)  # player 0: 16
    events = act(state, "6S", 0, 0)  # player 1 covers player 0's 9 with 6: player 0 has 6 + 4 + 3 = 13
    assert state.view(None)["totals"] == [13, 15]
    assert events[-1]["first"] == 0
    assert state.to_act() == [0]


def test_grit_4_all_level_player_0_first() -> None:
    """GRIT-4: with no visible card at all (both pile 0s marked over) player 0 plays first."""
    state = new(make_deal(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], "9S", "JS"))
    assert state.to_act() == [0]
    act(state, "AS", 1, 0, marked=True)   # player 0 marks over player 1's J
    events = act(state, "5S", 0, 0, marked=True)  # player 1 marks over player 0's 9
    view = state.view(None)
    assert view["totals"] == [0, 0]
    assert state.to_act() == [0]
    reason = "Visible totals and top cards are level, so Player 1 plays first."
    assert view["order_reason"] == reason
    assert events[-1] == {"type": "round", "round": 2, "first": 0, "reason": reason, "order": [0, None, 0, 0, None]}
    assert state.view(0)["order_reason"] == "Visible totals and top cards are level, so you play first."
    # and the same all-level rule picks player 0 even when player 1 was first before:
    state = new(make_deal(["AS", "2S", "3S", "4S"], ["5S", "6S", "7S", "8S"], "JS", "9S"))
    assert state.to_act() == [1]
    act(state, "5S", 1, 0, marked=True)
    act(state, "AS", 0, 0, marked=True)
    assert state.to_act() == [0]
    assert state.view(None)["order_reason"] == reason


# --------------------------------------------------------------------------- GRIT-5 plays and reveal
def test_grit_5_first_player_may_use_any_of_six_piles() -> None:
    state = new(BASIC)
    moves = state.legal_moves(0)
    assert len(moves) == 4 * 6 * 2
    assert {tuple(m["pile"]) for m in moves} == {(o, i) for o in (0, 1) for i in range(3)}
    assert state.legal_moves(1) == []


def test_grit_5_second_player_cannot_use_the_pile_just_played() -> None:
    state = new(BASIC)
    act(state, "AS", 1, 2)  # player 0 plays on player 1's empty pile 3
    error = state.check(1, mv("5S", 1, 2))
    assert error is not None and error["code"] == "pile_closed"
    assert "face-down" in error["message"] and "GRIT-5" in error["message"]
    moves = state.legal_moves(1)
    assert len(moves) == 4 * 5 * 2
    assert all(m["pile"] != [1, 2] for m in moves)
    for owner, index in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]:  # incl. empty and opponent's piles
        assert state.check(1, mv("5S", owner, index)) is None
        assert state.check(1, mv("5S", owner, index, True)) is None
    view = state.view(1)
    assert view["piles"][1][2]["open"] is False
    assert [p["open"] for p in view["piles"][0]] == [True, True, True]


def test_grit_5_both_unmarked_cards_turn_up_after_second_play() -> None:
    state = new(BASIC)
    first = act(state, "AS", 0, 1)
    assert first == [{"type": "play", "player": 0, "card": "AS", "pile": [0, 1], "marked": False}]
    t = top(state.view(1), 0, 1)
    assert t == {"card": None, "face_down": True, "marked": False, "by": 0}
    events = act(state, "5S", 0, 2)  # player 1 plays onto player 0's empty pile 3
    assert [e["type"] for e in events] == ["play", "reveal", "round"]
    assert events[1] == {"type": "reveal", "cards": [{"pile": [0, 1], "card": "AS", "player": 0},
                                                     {"pile": [0, 2], "card": "5S", "player": 1}]}
    for viewer in VIEWERS:
        view = state.view(viewer)
        assert top(view, 0, 1) == {"card": "AS", "face_down": False, "marked": False, "by": 0}
        assert top(view, 0, 2) == {"card": "5S", "face_down": False, "marked": False, "by": 1}
        assert all(p["open"] for own in view["piles"] for p in own)
        assert view["round"] == 2


def test_grit_5_turned_up_pile_is_open_again_next_round() -> None:
    state = new(BASIC)
    act(state, "AS", 1, 0)
    act(state, "5S", 0, 0)
    assert state.to_act() == [1]  # player 0: 5 ; player 1: 1
    assert state.check(1, mv("6S", 1, 0)) is None
    assert state.check(1, mv("6S", 0, 0)) is None


# --------------------------------------------------------------------------- GRIT-6 top card counts
def test_grit_6_only_top_card_counts_for_pile_owner_whoever_played_it() -> None:
    state = new(BASIC)  # player 0: 9 up; player 1: 10 up
    act(state, "4S", 1, 1)          # player 0 plays a 4 onto player 1's pile 2
    act(state, "8S", 0, 0)          # player 1 covers player 0's 9 with an 8
    view = state.view(None)
    assert view["totals"] == [8, 14]
    assert [c["card"] for c in view["piles"][0][0]["cards"]] == ["9S", "8S"]
    # next round: player 0 (8 < 14) first again
    assert state.to_act() == [0]
    act(state, "3S", 0, 0)          # player 0 covers the 8 on own pile with a 3
    act(state, "5S", 1, 1)          # player 1 covers the 4 on own pile 2 with a 5
    assert state.view(None)["totals"] == [3, 15]
    play_rest = [("2S", 0, 1), ("6S", 1, 2), ("AS", 1, 0), ("7S", 0, 2)]
    for card, owner, index in play_rest:
        act(state, card, owner, index)
    outcome = state.outcome()
    assert outcome is not None
    # player 0 tops: 3 (pile 1), 2 (pile 2), 7 (pile 3, played by player 1) = 12
    # player 1 tops: A (played by player 0 over the 10), 5, 6 = 12
    assert outcome["scores"] == [12, 12]
    assert state.view(None)["final"]["totals"] == [12, 12]


# --------------------------------------------------------------------------- GRIT-7 marked cards
def test_grit_7_at_most_one_mark_per_player() -> None:
    state = new(BASIC)
    act(state, "AS", 0, 1, marked=True)
    assert state.view(None)["mark_used"] == [True, False]
    assert any(m["marked"] for m in state.legal_moves(1)), "player 1 may still mark"
    act(state, "5S", 1, 1, marked=True)
    assert state.view(None)["mark_used"] == [True, True]
    (p,) = state.to_act()
    moves = state.legal_moves(p)
    assert moves and not any(m["marked"] for m in moves)
    assert len(moves) == 3 * 4  # 3 cards x 4 open piles (two marked piles closed), unmarked only
    hand = state.view(p)["hand"]
    error = state.check(p, mv(hand[0], p, 2, True))
    assert error is not None and error["code"] == "mark_used" and "GRIT-7" in error["message"]


def test_grit_7_marked_card_stays_down_closes_pile_counts_zero() -> None:
    state = new(BASIC)  # player 0 (9) first, player 1 (10)
    act(state, "4S", 1, 0, marked=True)   # player 0 marks a 4 over player 1's 10
    events = act(state, "5S", 0, 1)      # player 1 plays 5 on player 0's pile 2
    reveal = events[1]
    assert reveal == {"type": "reveal", "cards": [{"pile": [0, 1], "card": "5S", "player": 1}]}
    view = state.view(None)
    assert view["totals"] == [14, 0], "the marked card counts 0 (and hides the 10 below it)"
    assert top(view, 1, 0) == {"card": None, "face_down": True, "marked": True, "by": 0}
    assert view["piles"][1][0]["open"] is False
    assert state.to_act() == [1], "turn order uses 0 for the marked pile"
    # nobody may play on it, in any later round: neither the pile's owner nor the marker
    for rnd in range(3):
        (p,) = state.to_act()
        hand = state.view(p)["hand"]
        error = state.check(p, mv(hand[0], 1, 0))
        assert error is not None and error["code"] == "pile_closed"
        assert "marked" in error["message"] and "GRIT-7" in error["message"]
        assert all(m["pile"] != [1, 0] for m in state.legal_moves(p))
        for q in (0, 1):  # still face down for everybody
            assert top(state.view(q), 1, 0)["face_down"] is True  # type: ignore[index]
        state.play(p, state.legal_moves(p)[0])
        if not state.is_over():
            (p,) = state.to_act()
            state.play(p, state.legal_moves(p)[0])
    assert state.is_over()
    end = state.view(None)
    assert top(end, 1, 0) == {"card": "4S", "face_down": False, "marked": True, "by": 0}
    assert end["final"]["totals"][1] >= 4


def test_grit_7_marked_card_seen_by_the_player_who_played_it() -> None:
    """GRIT-7/9: the marker sees the card (even on the opponent's pile); the others see only who."""
    state = new(BASIC)
    act(state, "3S", 1, 1, marked=True)   # player 0 marks onto player 1's pile 2
    act(state, "6S", 1, 2, marked=True)   # player 1 marks onto own pile 3
    v0, v1, vs = state.view(0), state.view(1), state.view(None)
    assert top(v0, 1, 1) == {"card": "3S", "face_down": True, "marked": True, "by": 0}
    assert top(v1, 1, 1) == {"card": None, "face_down": True, "marked": True, "by": 0}
    assert top(vs, 1, 1) == {"card": None, "face_down": True, "marked": True, "by": 0}
    assert top(v1, 1, 2) == {"card": "6S", "face_down": True, "marked": True, "by": 1}
    assert top(v0, 1, 2) == {"card": None, "face_down": True, "marked": True, "by": 1}
    assert "3S" not in strings_in(v1) and "3S" not in strings_in(vs)
    assert "6S" not in strings_in(v0) and "6S" not in strings_in(vs)
    # log entries follow the same rule
    assert [e["card"] for e in v0["log"]] == ["3S", None]
    assert [e["card"] for e in v1["log"]] == [None, "6S"]
    assert [e["card"] for e in vs["log"]] == [None, None]


def test_grit_7_marked_cards_turn_up_and_count_at_the_end() -> None:
    deal = make_deal(["AS", "2S", "3S", "JS"], ["5S", "6S", "7S", "8S"], "9S", "10S")
    state = new(deal)
    act(state, "JS", 0, 1, marked=True)   # player 0: 9 + J (hidden) ; visible 9
    act(state, "5S", 1, 1)                # player 1: 10 + 5
    assert state.view(None)["totals"] == [9, 15]
    script = [("AS", 1, 2), ("6S", 1, 1), ("2S", 1, 2), ("7S", 1, 1), ("3S", 1, 2)]
    for card, owner, index in script:
        act(state, card, owner, index)
    (p,) = state.to_act()
    events = act(state, "8S", 1, 1)
    end = events[-1]
    assert end["type"] == "end"
    assert {"pile": [0, 1], "card": "JS", "player": 0} in end["cards"]
    # player 0 tops: 9, J = 19; player 1 tops: 10, 8, 3 = 21
    assert end["outcome"]["scores"] == [19, 21]
    assert end["outcome"]["winner"] == 1
    for viewer in VIEWERS:
        view = state.view(viewer)
        assert not any(c["face_down"] for own in view["piles"] for p in own for c in p["cards"])


# --------------------------------------------------------------------------- GRIT-8 end scoring
def finish(h0: list[str], h1: list[str], up0: str, up1: str, heart: str = "KH") -> dict[str, Any]:
    """Play the own-piles script: final tops are (up, hand[2], hand[3]) for each player."""
    state = new(make_deal(h0, h1, up0, up1, heart=heart))
    play_own_piles(state)
    outcome = state.outcome()
    assert outcome is not None
    assert state.view(0)["final"]["outcome"] == outcome
    assert state.view(None)["final"]["totals"] == outcome["scores"]
    return outcome


def test_grit_8_both_at_most_21_higher_wins() -> None:
    # player 0: 9 + 8 + 3 = 20; player 1: 10 + 7 + 2 = 19
    out = finish(["AS", "4S", "8S", "3S"], ["5S", "6S", "7S", "2S"], "9S", "10S")
    assert out == {"winner": 0, "scores": [20, 19], "reason": "Player 1 is closer to 21 (20 against 19)."}


def test_grit_8_twenty_one_beats_twenty() -> None:
    # player 0: 9 + 8 + 3 = 20; player 1: 10 + 7 + 4 = 21
    out = finish(["AS", "2S", "8S", "3S"], ["5S", "6S", "7S", "4S"], "9S", "10S")
    assert out == {"winner": 1, "scores": [20, 21], "reason": "Player 2 is closer to 21 (21 against 20)."}


def test_grit_8_exactly_one_over_loses() -> None:
    # player 0: J + 10 + 9 = 29 (over); player 1: 2 + 3 + 4 = 9
    out = finish(["AS", "5S", "10S", "9S"], ["6S", "7S", "3S", "4S"], "JS", "2S")
    assert out == {"winner": 1, "scores": [29, 9], "reason": "Player 1 went over 21 (29)."}
    # and the other way round: player 1 over
    out = finish(["6S", "7S", "3S", "4S"], ["AS", "5S", "10S", "9S"], "2S", "JS")
    assert out == {"winner": 0, "scores": [9, 29], "reason": "Player 2 went over 21 (29)."}


def test_grit_8_both_over_lower_wins() -> None:
    # player 0: J + 10 + 9 = 29; player 1: KH + 8 + 7 = 25
    out = finish(["AS", "2S", "10S", "9S"], ["3S", "4S", "8S", "7S"], "JS", "KH")
    assert out == {"winner": 1, "scores": [29, 25],
                   "reason": "Both went over 21; Player 2 is less dead (25 against 29)."}


def test_grit_8_equal_totals_higher_top_card_wins() -> None:
    # player 0: 10 + 9 + 2 = 21; player 1: J + 8 + 3 = 21 -> J beats 10
    out = finish(["AS", "4S", "9S", "2S"], ["5S", "6S", "8S", "3S"], "10S", "JS")
    assert out == {"winner": 1, "scores": [21, 21],
                   "reason": "Totals are level at 21; Player 2 wins with the higher top card "
                             "(J\u2660 against 10\u2660)."}


def test_grit_8_equal_totals_heart_breaks_equal_rank() -> None:
    # player 0: 10H + 5 + 4 = 19; player 1: 10S + 6 + 3 = 19 -> the heart wins
    out = finish(["AS", "2S", "5S", "4S"], ["7S", "8S", "6S", "3S"], "10H", "10S")
    assert out == {"winner": 0, "scores": [19, 19],
                   "reason": "Totals are level at 19; Player 1 wins with the higher top card "
                             "(10\u2665 against 10\u2660)."}
    # and mirrored
    out = finish(["7S", "8S", "6S", "3S"], ["AS", "2S", "5S", "4S"], "10S", "10H")
    assert out["winner"] == 1 and out["scores"] == [19, 19]


def test_grit_8_equal_totals_over_21_still_decided_by_top_card() -> None:
    # player 0: J + 10 + 6 = 26; player 1: KH + 9 + 7 = 26 -> K beats J even though both are dead
    out = finish(["AS", "2S", "10S", "6S"], ["3S", "4S", "9S", "7S"], "JS", "KH")
    assert out == {"winner": 1, "scores": [26, 26],
                   "reason": "Totals are level at 26; Player 2 wins with the higher top card "
                             "(K\u2665 against J\u2660)."}


def test_grit_8_draw_branch_is_unreachable() -> None:
    """GRIT-8's draw needs equal totals and equal top cards; every Grit card is unique and pile 0 is
    never empty, so no game ends in a draw (checked over many random games)."""
    from pygame_core.bots import RandomBot

    for seed in range(300):
        state = get_game("grit").new_game(seed=seed)
        bot = RandomBot(seed)
        while not state.is_over():
            (p,) = state.to_act()
            state.play(p, bot.choose(state.view(p), state.legal_moves(p)))
        outcome = state.outcome()
        assert outcome is not None and outcome["winner"] in (0, 1)


def test_grit_8_end_event_and_final_view() -> None:
    state = new(BASIC)
    while len(state.record()["moves"]) < 7:
        (p,) = state.to_act()
        state.play(p, state.legal_moves(p)[0])
    assert state.outcome() is None and not state.is_over()
    assert state.view(None)["final"] is None
    (p,) = state.to_act()
    events = state.play(p, state.legal_moves(p)[0])
    assert [e["type"] for e in events] == ["play", "reveal", "end"]
    outcome = state.outcome()
    assert outcome is not None and events[-1]["outcome"] == outcome
    assert set(outcome) == {"winner", "scores", "reason"} and outcome["reason"]
    assert state.is_over() and state.to_act() == []
    for viewer in VIEWERS:
        final = state.view(viewer)["final"]
        note = f"The cards set aside unseen were {card_label(BASIC[10])} and {card_label(BASIC[11])}."
        assert final == {"totals": outcome["scores"], "discards": BASIC[10:], "outcome": outcome, "note": note}
        assert state.view(viewer)["phase"] == "over"


# --------------------------------------------------------------------------- GRIT-9 visibility
@pytest.mark.parametrize("bot_seed", range(12))
def test_grit_9_visibility_through_a_whole_game(bot_seed: int) -> None:
    """GRIT-9: own hand, face-up cards, who topped each pile face down and the identity of one's own
    face-down card; never the discards, nor the opponent's unrevealed cards, before the end."""
    from pygame_core.bots import RandomBot

    state = new(BASIC)
    bot = RandomBot(bot_seed)
    hands = {0: set(BASIC[0:4]), 1: set(BASIC[4:8])}
    discards = set(BASIC[10:])
    public: set[str] = {BASIC[8], BASIC[9]}
    played: dict[int, set[str]] = {0: set(), 1: set()}
    while not state.is_over():
        for viewer in VIEWERS:
            view = state.view(viewer)
            seen = strings_in(view)
            assert not seen & discards
            assert public <= seen
            for q in (0, 1):
                if viewer != q:
                    assert not seen & (hands[q] - public), (viewer, q)
            if viewer is not None:
                assert set(view["hand"]) == hands[viewer] - played[viewer]
                assert played[viewer] <= seen, "one's own face-down cards stay known"
            for owner in (0, 1):
                for pile in view["piles"][owner]:
                    for entry in pile["cards"]:
                        if entry["face_down"]:
                            assert entry["by"] in (0, 1)
                            assert (entry["card"] is not None) == (entry["by"] == viewer)
        (p,) = state.to_act()
        move = bot.choose(state.view(p), state.legal_moves(p))
        events = state.play(p, move)
        played[p].add(move["card"])
        for event in events:
            if event["type"] in ("reveal", "end"):
                public |= {c["card"] for c in event["cards"]}
    assert public == set(BASIC[:10])
    for viewer in VIEWERS:
        view = state.view(viewer)
        assert view["final"]["discards"] == BASIC[10:]
        assert set(BASIC) <= strings_in(view), "everything is visible at the end"


def test_grit_9_face_down_tops_show_who_played_them() -> None:
    state = new(BASIC)
    act(state, "2S", 1, 1)
    for viewer in VIEWERS:
        t = top(state.view(viewer), 1, 1)
        assert t is not None and t["face_down"] and t["by"] == 0 and not t["marked"]
        assert t["card"] == ("2S" if viewer == 0 else None)
        assert state.view(viewer)["hand_counts"] == [3, 4]
    assert state.view(1)["hand"] == BASIC[4:8]
    assert "hand" in state.view(None) and state.view(None)["hand"] is None


def test_grit_9_redacted_events() -> None:
    state = new(BASIC)
    events = act(state, "2S", 1, 1)
    assert state.redact_events(events, 0) == events
    hidden = [{"type": "play", "player": 0, "card": None, "pile": [1, 1], "marked": False}]
    assert state.redact_events(events, 1) == hidden
    assert state.redact_events(events, None) == hidden
    events = act(state, "7S", 0, 0, marked=True)
    for viewer in VIEWERS:
        redacted = state.redact_events(events, viewer)
        assert redacted[0]["card"] == ("7S" if viewer == 1 else None)
        assert redacted[1] == events[1], "the reveal is public"
        assert redacted[2] == state.redact_event(events[2], None) | {"reason": redacted[2]["reason"]}, \
            "the round order is public, told from each viewer's seat"
        assert "7S" not in strings_in(redacted[1:])
    assert state.redact_move(1, mv("7S", 0, 0, True), 0) == {**mv("7S", 0, 0, True), "card": None}
    assert state.redact_move(1, mv("7S", 0, 0, True), 1) == mv("7S", 0, 0, True)


# --------------------------------------------------------------------------- illegal and malformed moves
def finished_state() -> State:
    state = new(BASIC)
    play_own_piles(state)
    return state


def closed_state() -> State:
    """Round 1, player 0 played face down on player 1's pile 2; player 1 to act."""
    state = new(BASIC)
    act(state, "AS", 1, 1)
    return state


def marked_state() -> State:
    """Round 2, player 0 marked onto player 0's pile 3, player 1 used the mark on player 1's pile 2."""
    state = new(BASIC)
    act(state, "AS", 0, 2, marked=True)
    act(state, "5S", 1, 1, marked=True)
    assert state.to_act() == [0]
    return state


GOOD = mv("AS", 0, 1)  # a legal move for player 0 at the start of BASIC

MALFORMED_MOVES: list[tuple[str, Any]] = [
    ("not a dict: list", [GOOD]),
    ("not a dict: string", "AS"),
    ("not a dict: None", None),
    ("not a dict: int", 0),
    ("empty dict", {}),
    ("missing type", {k: v for k, v in GOOD.items() if k != "type"}),
    ("missing card", {k: v for k, v in GOOD.items() if k != "card"}),
    ("missing pile", {k: v for k, v in GOOD.items() if k != "pile"}),
    ("missing marked", {k: v for k, v in GOOD.items() if k != "marked"}),
    ("extra key", {**GOOD, "face": "down"}),
    ("wrong type value", {**GOOD, "type": "pass"}),
    ("type null", {**GOOD, "type": None}),
    ("card int", {**GOOD, "card": 1}),
    ("card null", {**GOOD, "card": None}),
    ("card list", {**GOOD, "card": ["AS"]}),
    ("card unknown code", {**GOOD, "card": "1S"}),
    ("card lower case", {**GOOD, "card": "as"}),
    ("card lower suit", {**GOOD, "card": "10h"}),
    ("card empty", {**GOOD, "card": ""}),
    ("card junk", {**GOOD, "card": "ZZ"}),
    ("card padded", {**GOOD, "card": " AS"}),
    ("pile int", {**GOOD, "pile": 1}),
    ("pile string", {**GOOD, "pile": "0,1"}),
    ("pile null", {**GOOD, "pile": None}),
    ("pile dict", {**GOOD, "pile": {"owner": 0, "index": 1}}),
    ("pile tuple", {**GOOD, "pile": (0, 1)}),
    ("pile short", {**GOOD, "pile": [0]}),
    ("pile long", {**GOOD, "pile": [0, 1, 0]}),
    ("pile empty", {**GOOD, "pile": []}),
    ("pile float index", {**GOOD, "pile": [0, 1.0]}),
    ("pile float owner", {**GOOD, "pile": [0.0, 1]}),
    ("pile bool index", {**GOOD, "pile": [0, True]}),
    ("pile bool owner", {**GOOD, "pile": [False, 1]}),
    ("pile string index", {**GOOD, "pile": [0, "1"]}),
    ("pile owner 2", {**GOOD, "pile": [2, 1]}),
    ("pile owner -1", {**GOOD, "pile": [-1, 1]}),
    ("pile index 3", {**GOOD, "pile": [0, 3]}),
    ("pile index -1", {**GOOD, "pile": [0, -1]}),
    ("pile big", {**GOOD, "pile": [0, 10**30]}),
    ("marked int", {**GOOD, "marked": 0}),
    ("marked one", {**GOOD, "marked": 1}),
    ("marked string", {**GOOD, "marked": "false"}),
    ("marked null", {**GOOD, "marked": None}),
]


def expect_illegal(state: State, p: Any, move: Any, code: str) -> None:
    """check answers ``code`` without mutating; play raises IllegalMove(code) and changes nothing."""
    before = snapshot(state)
    move_before = copy.deepcopy(move)
    error = state.check(p, move)
    assert error is not None and set(error) == {"code", "message"}
    assert error["code"] == code, error
    assert isinstance(error["message"], str) and error["message"].strip()
    assert snapshot(state) == before
    with pytest.raises(IllegalMove) as info:
        state.play(p, move)
    assert isinstance(info.value, ValueError)
    assert info.value.code == code
    assert info.value.message == error["message"] == str(info.value)
    assert info.value.as_dict() == error
    assert snapshot(state) == before
    assert move == move_before or move != move  # the move itself is not touched (NaN-safe)


@pytest.mark.parametrize("why,move", MALFORMED_MOVES, ids=[w for w, _ in MALFORMED_MOVES])
def test_malformed_move(why: str, move: Any) -> None:
    expect_illegal(new(BASIC), 0, move, "malformed_move")


@pytest.mark.parametrize("player", [2, -1, True, False, "0", 0.0, None, [0]])
def test_bad_player(player: Any) -> None:
    expect_illegal(new(BASIC), player, GOOD, "bad_player")
    assert new(BASIC).legal_moves(2) == []


def test_game_over() -> None:
    state = finished_state()
    expect_illegal(state, 0, GOOD, "game_over")
    expect_illegal(state, 1, mv("5S", 1, 1), "game_over")
    assert state.legal_moves(0) == [] and state.legal_moves(1) == []


def test_not_your_turn() -> None:
    state = new(BASIC)
    expect_illegal(state, 1, mv("5S", 1, 1), "not_your_turn")
    error = state.check(1, mv("5S", 1, 1))
    assert error is not None and "Player 1" in error["message"]
    expect_illegal(state, 1, {"junk": True}, "not_your_turn")  # the turn is checked first


@pytest.mark.parametrize("card", ["5S", "9S", "10S", "JS", "KH", "QD", "RJ", "QS"])
def test_not_in_hand(card: str) -> None:
    """Opponent's cards, face-up cards, discards and cards not in Grit are all not_in_hand."""
    expect_illegal(new(BASIC), 0, mv(card, 0, 1), "not_in_hand")


def test_pile_closed_face_down() -> None:
    expect_illegal(closed_state(), 1, mv("5S", 1, 1), "pile_closed")
    expect_illegal(closed_state(), 1, mv("5S", 1, 1, True), "pile_closed")


def test_pile_closed_marked() -> None:
    expect_illegal(marked_state(), 0, mv("2S", 0, 2), "pile_closed")
    expect_illegal(marked_state(), 0, mv("2S", 1, 1), "pile_closed")


def test_mark_used() -> None:
    expect_illegal(marked_state(), 0, mv("2S", 0, 1, True), "mark_used")


def test_pile_closed_reasons_have_distinct_messages() -> None:
    face_down = closed_state().check(1, mv("5S", 1, 1))
    marked = marked_state().check(0, mv("2S", 0, 2))
    assert face_down and marked and face_down["message"] != marked["message"]


def test_play_deep_copies_the_move() -> None:
    state = new(BASIC)
    move = mv("AS", 0, 1)
    state.play(0, move)
    move["pile"][1] = 2
    move["card"] = "2S"
    assert state.record()["moves"] == [[0, mv("AS", 0, 1)]]


# --------------------------------------------------------------------------- legal_moves and describe
def test_legal_moves_order_and_count() -> None:
    """Order: hand order, then owner 0 before 1, pile 0..2, unmarked before marked."""
    state = new(BASIC)
    expected = [mv(card, o, i, marked) for card in BASIC[0:4] for o in (0, 1) for i in range(3)
                for marked in (False, True)]
    assert state.legal_moves(0) == expected
    act(state, "AS", 1, 1, marked=True)
    hand1 = BASIC[4:8]
    expected = [mv(card, o, i, marked) for card in hand1 for o in (0, 1) for i in range(3)
                if (o, i) != (1, 1) for marked in (False, True)]
    assert state.legal_moves(1) == expected
    act(state, "5S", 0, 0)
    # round 2: player 0 may not mark any more; pile [1, 1] is closed by the marked ace
    (p,) = state.to_act()
    hand = state.view(p)["hand"]
    mark_options = (False,) if p == 0 else (False, True)
    expected = [mv(card, o, i, marked) for card in hand for o in (0, 1) for i in range(3)
                if (o, i) != (1, 1) for marked in mark_options]
    assert state.legal_moves(p) == expected
    assert state.legal_moves(1 - p) == []


def test_legal_moves_are_fresh_objects() -> None:
    state = new(BASIC)
    moves = state.legal_moves(0)
    moves[0]["card"] = "KH"
    moves[0]["pile"].append(9)
    assert state.legal_moves(0)[0] == mv("AS", 0, 0)


def test_describe_labels() -> None:
    state = new(BASIC)
    assert state.describe(0, mv("AS", 0, 0)) == "Play A\u2660 face down on your pile 1"
    assert state.describe(0, mv("AS", 1, 2)) == "Play A\u2660 face down on Player 2's pile 3"
    state.names = ("Player 1", "the computer")
    assert state.describe(0, mv("AS", 1, 2)) == "Play A\u2660 face down on the computer's pile 3"
    assert state.describe(0, mv("4S", 0, 1, True)) == ("Mark 4\u2660: play it sideways on your pile 2 "
                                                       "(hidden until the end)")
    assert state.describe(1, mv("10H", 1, 0)) == "Play 10\u2665 face down on your pile 1"
    assert state.describe(1, mv("10H", 0, 2, True)) == ("Mark 10\u2665: play it sideways on Player 1's "
                                                        "pile 3 (hidden until the end)")
    labels = [state.describe(0, m) for m in state.legal_moves(0)]
    assert len(set(labels)) == len(labels), "every legal move has its own label"


# --------------------------------------------------------------------------- the golden playthrough
GOLDEN = Path(__file__).with_name("golden_seed7.txt")  # kept byte for byte by tests/test_golden.py


def test_grit_golden_game_is_complete() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert "\n== over\n" in text and "\noutcome: " in text
    assert text.count("\n== step ") == 8, "a Grit game is eight plays"
