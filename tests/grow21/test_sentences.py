"""grow21's sentences come from the engine, written for the viewer (issue 24): each log entry's ``label``
("Card 3", "End") and ``sentence``, the ``sentence`` of ``last`` (the status line) and the end's ``note``.

The seats are named as the page names them to the bridge: against the computer ("Player 1", "the
computer"), at a hot seat ("Player 1", "Player 2"); the viewer is "you" and a spectator (None) sees every
seat by name. Every card in grow21 is played face up (GROW-1), so the sentences name them all.
"""

from __future__ import annotations

from grow21.test_rulings import change, line_game, new, place, run
from grow21.tied_split import TIE_OPENING, tie_deal
from pygame_core import get_game
from pygame_core.engine import AnyState

AGAINST_COMPUTER = ("Player 1", "the computer")


def told(state: AnyState, viewer: int | None) -> list[tuple[str, str | None]]:
    return [(entry["label"], entry["sentence"]) for entry in state.view(viewer)["log"]]


def test_places_and_changes_are_told_from_each_seat() -> None:
    """GROW-2/3: a place and a change, labelled by the card of the 52 they are."""
    state = new(["5H", "6H"], ["9S"])
    state.names = AGAINST_COMPUTER
    run(state, [place(0, 0), place(1, 0)])
    assert state.view(0)["last"]["sentence"] == "The computer placed 9♠."
    run(state, [change(0, 0)])
    assert told(state, 0) == [("Card 1", "You place 5♥."), ("Card 2", "The computer places 9♠."),
                              ("Card 3", "You put 6♥ on the 5♥.")]
    assert state.view(0)["last"]["sentence"] == "You put 6♥ on the 5♥."
    assert told(state, 1)[2] == ("Card 3", "Player 1 puts 6♥ on the 5♥.")
    assert state.view(1)["last"]["sentence"] == "Player 1 put 6♥ on the 5♥."


def test_a_harvest_says_what_it_took_and_for_whom() -> None:
    """GROW-5: the 21 goes whole stacks and all, and scores 10 for the mover."""
    state = new(["5H", "6H", "KH", "5D"], ["9S", "2S", "3S", "4S"])
    state.names = AGAINST_COMPUTER
    run(state, [place(0, 0), place(1, 0), change(0, 0), place(1, 1), place(0, 1), place(1, -1), place(0, -1)])
    assert state.view(0)["last"]["sentence"] == "You placed 5♦. 21! 3 cells harvested, +10."
    assert told(state, 0)[-2:] == [("Card 7", "You place 5♦."),
                                   ("Card 7", "21! 3 cells (4 cards) harvested: +10 for you. Scores 10–0.")]
    assert told(state, 1)[-1] == ("Card 7", "21! 3 cells (4 cards) harvested: +10 for Player 1. Scores 10–0.")


def test_a_tied_split_asks_the_mover_and_tells_the_keep() -> None:
    """GROW-6: the harvest leaves two tied parts; red chooses, and the keep is told with what it cost."""
    state = get_game("grow21").new_game(seed=0, deal=tie_deal())
    state.names = AGAINST_COMPUTER
    for p, move in TIE_OPENING:
        state.play(p, move)
    assert state.view(0)["last"]["sentence"] == ("You placed 8♥. 21! 3 cells harvested, +10. "
                                                 "The board fell into equal parts.")
    split = "The board fell into 2 parts of the same size; {} which stays."
    assert told(state, 0)[-1] == ("Card 11", split.format("you choose"))
    assert told(state, 1)[-1] == ("Card 11", split.format("Player 1 chooses"))
    state.play(0, state.legal_moves(0)[0])
    assert told(state, 0)[-1] == ("Card 11", "You keep a part of 2 cells; 3 cells are discarded.")
    assert told(state, None)[-1] == ("Card 11", "Player 1 keeps a part of 2 cells; 3 cells are discarded.")
    assert state.view(0)["last"]["sentence"] == ("You placed 8♥. 21! 3 cells harvested, +10. "
                                                 "The split cost the board 3 cells.")


def test_the_largest_part_survives_without_a_choice() -> None:
    """GROW-6: black's last card harvests and cuts (0, 0) off: one part is larger, so nobody chooses."""
    state, _ = line_game({}, {0: "AS", 25: "KS"}, [], [(1, 1)])
    log = told(state, None)
    assert log[-2] == ("Card 52", "Only the largest part of the board survives: 1 cell is discarded.")
    assert log[-1] == ("End", "Player 2 harvested more (10 against 0).")


def test_the_end_and_the_bonus_note_at_a_hot_seat() -> None:
    """GROW-7: the end's line is the outcome told to the seat; the note says whether the near-21 groups
    counted (here black's 10 + J = 20 is worth 5, but red harvested more)."""
    state, _ = line_game({0: "KH", 25: "AH"}, {0: "10S", 25: "JS"}, [(0, 1)], [(1, 1)])
    assert told(state, 0)[-1] == ("End", "You harvested more (10 against 0).")
    assert told(state, 1)[-1] == ("End", "Player 1 harvested more (10 against 0).")
    near = "Near-21 bonus (it only counts on level harvests): {}. The totals are the harvest points."
    assert state.view(0)["final"]["note"] == near.format("You +0, Player 2 +5")
    assert state.view(1)["final"]["note"] == near.format("Player 1 +0, you +5")
    assert state.view(None)["final"]["note"] == near.format("Player 1 +0, Player 2 +5")


def test_level_harvests_say_the_near_21_groups_decided() -> None:
    state, _ = line_game({}, {}, [], [])
    state.names = AGAINST_COMPUTER
    assert state.view(0)["final"]["note"] == ("Harvests were level, so the near-21 groups left on the table decided "
                                              "it (You +0, the computer +0); the totals include them.")
    assert state.view(1)["final"]["note"].startswith("Harvests were level, so the near-21 groups left on the table "
                                                     "decided it (Player 1 +0, you +0)")
