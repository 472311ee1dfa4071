"""Grit's sentences come from the engine, written for the viewer (issue 24): each log entry's ``sentence``,
the view's ``last_play`` (the other side's newest play, as the table lights it up) and the end's ``note``.

The seats are named as the page names them to the bridge: against the computer ("Player 1", "the
computer"), at a hot seat ("Player 1", "Player 2"); the viewer is "you" and a spectator (None) sees every
seat by name. A card a viewer may not see (GRIT-5, GRIT-7, GRIT-9) is never named to them.

The deal: Player 1 holds A♠ 2♠ 3♠ 4♠, Player 2 holds 5♠ 6♠ 7♠ 8♠; 9♠ lies on Player 1's pile 1, 10♠ on
Player 2's, J♠ and K♥ are set aside. Player 2 shows the higher total, so Player 1 plays first (GRIT-4).
"""

from __future__ import annotations

import json

from bridge_calls import ok
from pygame_core import get_game
from pygame_core.bridge import Bridge
from pygame_core.engine import AnyState

DEAL = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KH"]
AGAINST_COMPUTER = ("Player 1", "the computer")


def play(state: AnyState, p: int, card: str, pile: tuple[int, int], marked: bool = False) -> None:
    state.play(p, {"type": "play", "card": card, "pile": list(pile), "marked": marked})


def dealt(names: tuple[str, str] = AGAINST_COMPUTER) -> AnyState:
    state = get_game("grit").new_game(seed=0, deal=DEAL)
    state.names = names
    return state


def opening(names: tuple[str, str] = AGAINST_COMPUTER) -> AnyState:
    """Round 1: Player 1's 2♠ on Player 2's pile 2, Player 2's 5♠ marked on Player 1's pile 2; round 2:
    Player 1's 3♠ on their own pile 3, Player 2's 6♠ on their own pile 1 (over the 10♠)."""
    state = dealt(names)
    play(state, 0, "2S", (1, 1))
    play(state, 1, "5S", (0, 1), marked=True)
    play(state, 0, "3S", (0, 2))
    play(state, 1, "6S", (1, 0))
    return state


def lines(state: AnyState, viewer: int | None) -> list[str]:
    return [entry["sentence"] for entry in state.view(viewer)["log"]]


def test_your_play_is_yours_and_a_face_down_card_is_not_named_to_the_other_side() -> None:
    """GRIT-5/9: Player 1 sees their own face-down 2♠; the computer sees a card go face down."""
    state = dealt()
    play(state, 0, "2S", (1, 1))
    assert lines(state, 0) == ["You played 2♠ on the computer's pile 2."]
    assert state.view(0)["last_play"] is None, "the viewer's own play is the newest"
    assert lines(state, 1) == ["Player 1 played a hidden card on your pile 2."]
    assert state.view(1)["last_play"] == ("Player 1 played a card face down on your pile 2: "
                                          "it turns up when the round ends.")


def test_a_marked_card_stays_unnamed_to_the_other_side_until_the_end() -> None:
    """GRIT-7: the computer's marked 5♠ is told as marked, never by its card, until the end."""
    state = dealt()
    play(state, 0, "2S", (1, 1))
    play(state, 1, "5S", (0, 1), marked=True)
    assert state.view(0)["last_play"] == "The computer marked a card on your pile 2: it stays hidden until the end."
    assert lines(state, 0) == ["You played 2♠ on the computer's pile 2.",
                               "The computer played a hidden card on your pile 2, marked."]
    assert lines(state, 1)[-1] == "You played 5♠ on Player 1's pile 2, marked.", "its owner sees it (GRIT-7)"
    assert "5♠" not in json.dumps(state.view(0), ensure_ascii=False)
    assert "5♠" not in json.dumps(state.view(None), ensure_ascii=False)


def test_against_the_computer_its_own_pile_is_its_pile() -> None:
    state = opening()
    assert state.view(0)["last_play"] == "The computer played 6♠ on its pile 1."
    assert lines(state, 0)[2:] == ["You played 3♠ on your pile 3.",
                                   "The computer played 6♠ on the computer's pile 1."]


def test_at_a_hot_seat_each_seat_is_told_by_its_name_and_the_viewer_is_you() -> None:
    state = opening(("Player 1", "Player 2"))
    assert state.view(0)["last_play"] == "Player 2 played 6♠ on their pile 1."
    assert lines(state, 0)[1] == "Player 2 played a hidden card on your pile 2, marked."
    assert lines(state, 1) == ["Player 1 played 2♠ on your pile 2.", "You played 5♠ on Player 1's pile 2, marked.",
                               "Player 1 played 3♠ on Player 1's pile 3.", "You played 6♠ on your pile 1."]
    assert state.view(1)["last_play"] is None


def test_a_spectator_reads_every_seat_by_its_name() -> None:
    """The curtain's view between two people (None): nobody is "you", and no face-down card is named."""
    state = opening(("Player 1", "Player 2"))
    assert lines(state, None) == ["Player 1 played 2♠ on Player 2's pile 2.",
                                  "Player 2 played a hidden card on Player 1's pile 2, marked.",
                                  "Player 1 played 3♠ on Player 1's pile 3.",
                                  "Player 2 played 6♠ on Player 2's pile 1."]
    assert state.view(None)["last_play"] == "Player 2 played 6♠ on their pile 1."


def test_the_end_turns_everything_up_and_notes_the_cards_set_aside() -> None:
    """GRIT-8: the marked card is named at last, nobody's play is news any more, and the note says what was
    set aside unseen (GRIT-3)."""
    state = opening()
    play(state, 1, "7S", (1, 2))  # round 3: Player 1 shows 12 against 8 now, so Player 2 opens
    play(state, 0, "4S", (0, 0))
    play(state, 0, "AS", (1, 2))
    play(state, 1, "8S", (0, 2))
    assert state.is_over()
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert view["last_play"] is None
        assert view["final"]["note"] == "The cards set aside unseen were J♠ and K♥."
    assert lines(state, 0)[1] == "The computer played 5♠ on your pile 2, marked."


def test_the_bridge_tells_the_sentences_with_the_names_it_was_given() -> None:
    bridge = Bridge()
    session = ok(bridge, {"op": "new", "game": "grit", "seed": 0, "deal": DEAL,
                          "names": list(AGAINST_COMPUTER)})["session"]
    ok(bridge, {"op": "play", "session": session, "player": 0,
                "move": {"type": "play", "card": "2S", "pile": [1, 1], "marked": False}})
    ok(bridge, {"op": "bot", "session": session, "player": 1, "level": "easy"})
    answer = ok(bridge, {"op": "view", "session": session, "player": 0})
    assert answer["viewer"] == 0 and answer["view"]["log"][0]["sentence"] == "You played 2♠ on the computer's pile 2."
    assert answer["view"]["last_play"].startswith("The computer ")
