"""pygame_core: pure-Python rule engines for the card saloon (stdlib only; CPython and Pyodide).

>>> import pygame_core
>>> game = pygame_core.all_games()[0]
>>> state = game.new_game(seed=7)
>>> again = pygame_core.replay(state.record())
>>> again.view(0) == state.view(0)
True
"""

from .engine import (Game, GameInfo, IllegalMove, OptionSpec, SetupError, State, all_games, get_game,
                     replay)

__all__ = ["Game", "GameInfo", "IllegalMove", "OptionSpec", "SetupError", "State", "all_games",
           "get_game", "replay"]
__version__ = "0.1.0"
