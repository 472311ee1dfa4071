"""One module per game, named by the game's id: this set's own reading of that game's rules
(``players.Rules`` says what each provides). A module finds its game by its own name, so no game id
is written out anywhere in this package."""
