"""Computer opponents: three levels per two-player game, each deciding from its player's view only.

``easy`` is a plausible but careless player, ``normal`` the game's heuristic, ``hard`` a search over the
worlds its view leaves possible, shaped by the game: Grit's is an information-set tree search
(``ismcts``) over worlds weighted by what the rival chose to hide; in the game played face up it
compares its candidates on the same sampled shuffles of the cards left; where both players commit face
down at once (Knife Fight's cards, Dueling Suits' leads) it solves the round as a small zero-sum game
(``matrix_game``) and draws its choice from the mixed strategy, so it cannot be read. Each game's bot
module lists its levels in ``LEVELS``; this registry gathers them, one line per game.
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
