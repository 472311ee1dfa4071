"""Dueling Suits: rulings, golden playthrough, bots, bridge flow and the page (DUEL-1..8)."""
