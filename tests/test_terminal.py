"""``python -m pygame_core play``: every game can be played from a terminal by typing numbers.

Games with computer levels seat the person at seat 0 against a bot; games run only by people (the
forge, a table session) give the person every seat, asking who acts when several may.
"""

from __future__ import annotations

import io

import pytest

from pygame_core import all_games
from pygame_core.__main__ import play_terminal

GAME_IDS: list[str] = [game.info.id for game in all_games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_always_typing_1_plays_a_game_to_its_end(game_id: str) -> None:
    out = io.StringIO()
    play_terminal(game_id, 5, "easy", io.StringIO("1\n" * 3000), out)
    text = out.getvalue()
    assert "Your move (number): " in text
    last = text.rstrip().splitlines()[-1]
    assert last and last != "None", "the game reached its end and said why"


def test_wrong_input_is_asked_again_and_the_end_of_input_stops_cleanly() -> None:
    solo = next(g.info.id for g in all_games() if not g.info.levels and g.info.players == 1)
    out = io.StringIO()
    play_terminal(solo, 5, "", io.StringIO("0\nx\n99\n"), out)
    assert out.getvalue().count("Type a number from 1 to") == 3


def test_a_people_only_table_asks_who_acts() -> None:
    table = next(g.info.id for g in all_games() if not g.info.levels and len(g.new_game(seed=5).to_act()) > 1)
    out = io.StringIO()
    play_terminal(table, 5, "", io.StringIO("2\n"), out)
    text = out.getvalue()
    assert "Who acts (number): " in text and "Your move (number): " in text
