"""Tests of the Tombstone character forge (tombstone_forge)."""
