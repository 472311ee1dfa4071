"""Computer opponents. A bot sees exactly what its player sees: ``choose(view, legal_moves)``.

Giving bots the view and the legal moves (never the state) makes cheating impossible by
construction: the hidden cards are not in anything a bot receives.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from ..cards import new_rng, pick
from . import dueling_suits_bot, grit_bot, grow21_bot, knife_fight_bot, tombstone_showdown_bot

Move = dict[str, Any]


class Bot(Protocol):
    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move: ...


class RandomBot:
    """Picks uniformly among the legal moves: the "easy" level and the yardstick for others."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = new_rng(seed)

    def choose(self, view: dict[str, Any], moves: list[Move]) -> Move:
        if not moves:
            raise ValueError("The bot has no legal move to choose from.")
        return pick(moves, self.rng)


# the "hard" level of each game: one line per game
HARD_BOTS: dict[str, Callable[[int], Bot]] = {
    "dueling_suits": dueling_suits_bot.DuelingSuitsBot,
    "grit": grit_bot.GritBot,
    "grow21": grow21_bot.Grow21Bot,
    "knife_fight": knife_fight_bot.KnifeFightBot,
}

# scripted players of games without computer levels (people play them), for the designers' simulations
SCRIPTED: dict[str, Callable[[int], Bot]] = {
    "tombstone_showdown": tombstone_showdown_bot.PartyBot,
}


def make_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    """``easy`` is the random bot; ``hard`` the game's heuristic bot."""
    if level == "easy":
        return RandomBot(seed)
    if level == "hard" and game_id in HARD_BOTS:
        return HARD_BOTS[game_id](seed)
    raise ValueError(f"There is no {level!r} bot for {game_id!r}.")


__all__ = ["HARD_BOTS", "SCRIPTED", "Bot", "RandomBot", "make_bot"]
