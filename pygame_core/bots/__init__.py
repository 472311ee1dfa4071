"""Computer opponents: three levels per two-player game, each deciding from its player's view only.

``easy`` is a plausible but careless player, ``normal`` the game's heuristic, ``hard`` an
information-set tree search (``ismcts``) over the game's own rules where searching helps (in Knife
Fight, a guess made face down each round, it measured worth nothing: its hard level solves each
round as a small matrix game, ``matrix_game``, and draws its card from the mixed strategy). Each
game's bot module lists its levels in ``LEVELS``; this registry gathers them, one line per game.
"""

from __future__ import annotations

from typing import Callable

from . import dueling_suits_bot, grit_bot, grow21_bot, knife_fight_bot, tombstone_showdown_bot
from .common import Bot, Move, RandomBot

LEVELS: dict[str, dict[str, Callable[[int], Bot]]] = {
    "dueling_suits": dueling_suits_bot.LEVELS,
    "grit": grit_bot.LEVELS,
    "grow21": grow21_bot.LEVELS,
    "knife_fight": knife_fight_bot.LEVELS,
}

# scripted players of games without computer levels (people play them), for the designers' simulations
SCRIPTED: dict[str, Callable[[int], Bot]] = {
    "tombstone_showdown": tombstone_showdown_bot.PartyBot,
}


def make_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    """The bot of ``level`` (a level id of the game) for ``game_id``, seeded: same seed, same play."""
    levels = LEVELS.get(game_id, {})
    if level not in levels:
        raise ValueError(f"There is no {level!r} bot for {game_id!r}; levels: {', '.join(levels) or 'none'}.")
    return levels[level](seed)


__all__ = ["LEVELS", "SCRIPTED", "Bot", "Move", "RandomBot", "make_bot"]
