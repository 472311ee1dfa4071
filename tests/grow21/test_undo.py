"""grow21's points of no return for undo (issue 13, point 3): every turn turns the next mover's card up
(GROW-1), so no move outlives its turn; only a removal that leaves tied parts to choose from (GROW-6)
shows nothing new until the mover keeps one."""

from __future__ import annotations

from pygame_core import get_game

# seed 48: black's fourth card makes 21 and the harvest leaves two tied parts (GROW-5, GROW-6)
TIED_SPLIT = [(0, [0, 0]), (1, [-1, 0]), (0, [-2, 0]), (1, [-1, -1])]


def test_every_turn_turns_a_card_up() -> None:
    state = get_game("grow21").new_game(seed=48)
    state.play(0, {"type": "place", "at": [0, 0]})
    assert state.undo_point(0) is None and state.undo_point(1) is None


def test_a_split_to_choose_shows_nothing_yet() -> None:
    state = get_game("grow21").new_game(seed=48)
    for p, at in TIED_SPLIT:
        state.play(p, {"type": "place", "at": at})
    assert state.view(1)["phase"] == "keep"
    assert state.undo_point(1) == 3
    assert state.undo_point(0) is None
    state.play(1, state.legal_moves(1)[0])
    assert state.undo_point(1) is None


def test_the_hint_reason_names_the_group() -> None:
    state = get_game("grow21").new_game(seed=48)
    assert state.explain(0, {"type": "place", "at": [0, 0]}) is not None
    for p, at in TIED_SPLIT[:3]:
        state.play(p, {"type": "place", "at": at})
    move = state.legal_moves(1)[0]
    shown = state.preview(1, move)
    assert shown is not None
    words = state.explain(1, move)
    assert words is not None and (("21" in words) == shown["scores"])
