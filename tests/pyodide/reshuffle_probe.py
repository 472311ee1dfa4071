"""Mid-game reshuffles from one seeded RNG, run the same in CPython and in Pyodide.

Both line runners (``run_bridge.py``, ``run_bridge.mjs``) answer a line ``{"probe": "reshuffles",
"seed": s, "draws": n}`` with ``reshuffles(line)`` instead of the bridge: a deck of 54 is dealt,
then ``n`` times a few cards (a count drawn from the same RNG) go to the discard pile, and
whenever the deck runs out the discards are reshuffled into it (``cards.reshuffle``). The answer
lists the deck after every reshuffle, so any difference between the interpreters shows.
"""

from __future__ import annotations

import json

from pygame_core.cards import new_rng, reshuffle, shuffle, standard_deck


def reshuffles(line: str) -> str:
    request = json.loads(line)
    rng = new_rng(request["seed"])
    deck = shuffle(standard_deck(jokers=True), rng)
    discards: list[str] = []
    decks: list[list[str]] = []
    for _ in range(request["draws"]):
        for _ in range(1 + int(rng.random() * 7)):
            if not deck:
                reshuffle(deck, discards, rng)
                decks.append(list(deck))
            discards.append(deck.pop(0))
    return json.dumps({"ok": True, "decks": decks, "next": rng.random()})
