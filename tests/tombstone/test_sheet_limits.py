"""The bridge's limits on Tombstone's sheets and parties (docs/bridge-limits.md, issue 27): a ``made`` field
nested past its depth or past its size is refused at every door (a new table or Showdown, an imported
result, a loaded record), and a party far past its size is refused before it is copied.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge_calls import deep, fails, ok, refused_quickly, timed
from pygame_core import get_game, limits
from pygame_core.bridge import Bridge
from pygame_core.engine import SetupError
from pygame_core.games.tombstone.character import MADE_CHARS, MADE_DEPTH, check_sheet

DOC = Path(__file__).resolve().parents[2] / "docs" / "bridge-limits.md"




def sheet() -> dict[str, Any]:
    """A character forged by the book (its ``made`` holds the forge's record)."""
    party = get_game("tombstone_showdown").state_class.sample_setup(1, 3)
    assert isinstance(party, dict)
    return dict(party["party"][0])






def test_the_document_states_the_made_limits() -> None:
    text = DOC.read_text()
    assert f"{MADE_DEPTH} deep" in text and f"{MADE_CHARS:,} characters" in text


def test_a_sheets_refusal_quotes_a_cut_piece() -> None:
    big = "q" * limits.MAX_STRING
    for field in ("version", "money"):
        message = refused_quickly(Bridge(), {"op": "check_result", "game": "tombstone_forge",
                                             "result": {**sheet(), field: big}}, "bad_sheet")
        assert big[:limits.QUOTE_CHARS + 1] not in message


@pytest.mark.parametrize("levels", [MADE_DEPTH + 1, 490, 500])
def test_a_deep_made_field_is_refused_at_every_door(levels: int) -> None:
    bridge = Bridge()
    bad = {**sheet(), "made": deep(levels)}
    for request, code in [({"op": "new", "game": "tombstone_table", "setup": {"party": [bad]}}, "bad_setup"),
                          ({"op": "new", "game": "tombstone_showdown", "setup": {"party": [bad]}}, "bad_setup"),
                          ({"op": "check_result", "game": "tombstone_forge", "result": bad},
                           "bad_sheet" if levels < limits.MAX_DEPTH else "bad_result")]:
        message = refused_quickly(bridge, request, code)
        assert "made" in message and "deep" in message
    record = ok(bridge, {"op": "record", "session": ok(bridge, {"op": "new", "game": "tombstone_showdown",
                                                               "seed": 2, "setup": {"party": [sheet()]}})["session"]})
    damaged = {**record["record"], "setup": {"party": [bad]}}
    assert "made" in refused_quickly(bridge, {"op": "load", "record": damaged}, "bad_record")


def test_check_sheet_bounds_made_in_depth_and_size() -> None:
    good = sheet()
    assert check_sheet(good)["made"] == good["made"]
    with pytest.raises(SetupError, match="nested"):
        check_sheet({**good, "made": deep(MADE_DEPTH)})
    with pytest.raises(SetupError, match="larger than"):
        check_sheet({**good, "made": {"notes": ["n" * 70] * (MADE_CHARS // 70)}})
    with pytest.raises(SetupError, match="text of"):
        check_sheet({**good, "made": {"note": "n" * 81}})
    with pytest.raises(SetupError, match="conditions"):
        check_sheet({**good, "conditions": ["Injured"] * 41})


@pytest.mark.parametrize("game_id, op", [("tombstone_table", "new"), ("tombstone_showdown", "new"),
                                         ("tombstone_showdown", "check_result")])
def test_a_party_of_ten_thousand_sheets_is_refused_quickly(game_id: str, op: str) -> None:
    party = {"party": [sheet()] * 10_000}
    request = {"op": op, "game": game_id, "setup" if op == "new" else "result": party}
    assert "characters long" in refused_quickly(Bridge(), request, "bad_request")


@pytest.mark.parametrize("game_id", ["tombstone_table", "tombstone_showdown"])
def test_a_party_within_the_request_size_is_refused_by_its_size_before_a_copy(game_id: str) -> None:
    bridge = Bridge()
    party = {"party": [sheet()] * 300}
    answer, seconds = timed(bridge, {"op": "new", "game": game_id, "setup": party})
    assert answer["error"] == {"code": "bad_setup", "message": answer["error"]["message"]}
    assert "not 300" in answer["error"]["message"] and seconds < 2.0
    session = ok(bridge, {"op": "new", "game": game_id, "seed": 1, "setup": {"party": [sheet()]}})["session"]
    record = ok(bridge, {"op": "record", "session": session})["record"]
    answer, seconds = timed(bridge, {"op": "load", "record": {**record, "setup": party}})
    assert answer["error"]["code"] == "bad_record" and "cannot be set up" in answer["error"]["message"]
    assert seconds < 2.0


def test_a_showdown_result_holds_at_most_its_party() -> None:
    fails(Bridge(), {"op": "check_result", "game": "tombstone_showdown", "result": {"party": [sheet()] * 4}},
          "bad_result")
    answer = ok(Bridge(), {"op": "check_result", "game": "tombstone_showdown", "result": {"party": [sheet()] * 3}})
    assert len(answer["result"]["party"]) == 3
