"""The engine protocol proved on toy games that live only here (never in ``all_games()`` elsewhere)."""
