"""pygame_core: pure-Python rule engines for the card saloon (stdlib only; CPython and Pyodide).

>>> import pygame_core
>>> state = pygame_core.get_game("grit").new_game(seed=7)
>>> again = pygame_core.replay(state.record())
>>> again.view(0) == state.view(0)
True
"""

from .engine import (Game, GameInfo, IllegalMove, OptionSpec, SetupError, State, all_games, get_game,
                     replay)

__all__ = ["Game", "GameInfo", "IllegalMove", "OptionSpec", "SetupError", "State", "all_games",
           "get_game", "replay"]
__version__ = "0.1.0"
