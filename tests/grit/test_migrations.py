"""Records of older rules versions: brought up to date step by step (``State.migrations``), or refused
as ``bad_record`` without loading anything when no step leads from their version.

How a game adds a step (see ``State`` in pygame_core/engine.py): raise the class's ``version`` from n to
n + 1 and add ``migrations = {n: step}``, where ``step(record)`` returns the record as version n + 1 writes
it (``migrate`` sets its ``version``); keep the older steps, so a record of any earlier version still loads.
The mechanism is the engine's, for every game; its test lives with Grit, whose rules the toy borrows: Grit
under a new id whose version 1 called the option ``hidden`` and whose version 2 wrote each move as
``{"player": p, "move": m}``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pygame_core import SetupError, get_game, replay
from pygame_core.bots import RandomBot
from pygame_core.engine import Json, migrate, registered

GRIT = get_game("grit").state_class


def option_renamed(record: dict[str, Json]) -> dict[str, Json]:
    """Version 1 -> 2: the option ``hidden`` became ``heart_ranks``."""
    options = dict(record["options"])
    options["heart_ranks"] = options.pop("hidden")
    return {**record, "options": options}


def moves_as_pairs(record: dict[str, Json]) -> dict[str, Json]:
    """Version 2 -> 3: a move was {"player": p, "move": m}, now it is [p, m]."""
    return {**record, "moves": [[item["player"], item["move"]] for item in record["moves"]]}


class VersionedGrit(GRIT):  # type: ignore[valid-type, misc]
    info = dataclasses.replace(GRIT.info, id="versioned_grit")
    version = 3
    migrations = {1: option_renamed, 2: moves_as_pairs}


def played(moves: int = 6) -> dict[str, Any]:
    """A record of today's version (3) with some moves, as the toy writes it."""
    state = VersionedGrit(5, {"heart_ranks": "A-9"}, None)
    bot = RandomBot(5)
    for _ in range(moves):
        p = state.to_act()[0]
        state.play(p, bot.choose(state.view(p), state.legal_moves(p)))
    return dict(state.record())


def as_version(record: dict[str, Any], version: int) -> dict[str, Any]:
    """The same game as an older version wrote it (the steps above, undone)."""
    older = {**record, "version": version}
    if version <= 2:
        older["moves"] = [{"player": p, "move": m} for p, m in record["moves"]]
    if version == 1:
        older["options"] = {"hidden": record["options"]["heart_ranks"]}
    return older


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_record_of_any_earlier_version_loads_as_today(version: int) -> None:
    today = played()
    with registered(VersionedGrit):
        old = as_version(today, version)
        before = repr(old)
        state = replay(old)
        assert state.record() == today, "the migrated game is the same game, saved as version 3"
        assert repr(old) == before, "the caller's record is left as it was"


def test_a_version_with_no_step_or_from_the_future_is_refused() -> None:
    today = played()

    class Gap(VersionedGrit):
        info = dataclasses.replace(GRIT.info, id="grit_with_a_gap")
        migrations = {2: moves_as_pairs}  # nothing leads from version 1

    with registered(Gap):
        with pytest.raises(SetupError, match="version 1 cannot be brought up to version 3") as refused:
            replay(as_version({**today, "game": "grit_with_a_gap"}, 1))
        assert refused.value.code == "bad_record"
        assert replay(as_version({**today, "game": "grit_with_a_gap"}, 2)).record()["moves"] == today["moves"]
    with registered(VersionedGrit):
        for version, said in [(4, "version 4"), (0, "an unknown version"), ("3", "an unknown version"),
                              (10**5000, "an unknown version"), (True, "an unknown version")]:
            with pytest.raises(SetupError, match=said):
                replay({**today, "version": version})


def test_a_step_that_fails_on_a_damaged_record_is_a_bad_record() -> None:
    damaged = {**as_version(played(), 2), "moves": [{"who": 0}]}
    with registered(VersionedGrit):
        with pytest.raises(SetupError, match=r"could not be brought up to version 3 \(KeyError in step 2\)") as refused:
            replay(damaged)
    assert refused.value.code == "bad_record"


def test_migrate_leaves_a_current_record_alone() -> None:
    today = played(0)
    assert migrate(today, VersionedGrit) is today
    assert migrate(as_version(today, 1), VersionedGrit) == today

