"""Tombstone family tests: the deck of fate and the character sheet shared by the forge and the table."""
