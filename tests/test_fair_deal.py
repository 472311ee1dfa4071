"""The deal both sides of a remote game can trust (pygame_core.fair_deal, issue 29): an honest host's game
passes the guest's audit, and each way a host could cheat is found at the move where it happened."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import pytest

from bridge_calls import Unchanged, ok, refusal
from pygame_core import all_games, get_game
from pygame_core.bots import RandomBot
from pygame_core.bridge import MAX_PLEDGES, Bridge
from pygame_core.fair_deal import audit, commitment, digest, new_nonce, new_secret, nonce_commitment, seed_from

TWO_SEAT = [g.info.id for g in all_games() if g.info.players == 2
            and all(seat.kind != "engine" for seat in g.info.seats)]
GUEST = 1
GAME, OTHER_GAME = TWO_SEAT[0], TWO_SEAT[1]


def remote_game(game_id: str, secret: str, nonce: str, *, seed: int | None = None) -> tuple[Any, dict[str, Any]]:
    """A whole game as the host's engine plays it, random players in both seats, and the guest's
    bookkeeping: a digest of its view after every move, and the moves it sent, each with its ply."""
    state = get_game(game_id).new_game(seed_from(secret, nonce) if seed is None else seed)
    bots = [RandomBot(seed=11), RandomBot(seed=12)]
    seen: list[list[Any]] = [[0, digest(state.view(GUEST))]]
    mine: list[list[Any]] = []
    while not state.is_over():
        player = state.to_act()[0]
        move = bots[player].choose(state.view(player), state.legal_moves(player))
        if player == GUEST:
            mine.append([len(state.moves), move])
        state.play(player, move)
        seen.append([len(state.moves), digest(state.view(GUEST))])
    return state, {"game": game_id, "seat": GUEST, "commitment_sent": commitment(secret), "nonce": nonce,
                   "seen": seen, "mine": mine}


@pytest.fixture(params=range(3))
def keys(request: pytest.FixtureRequest) -> tuple[str, str]:
    """A host's secret and a guest's nonce, fixed so that every run plays the same games."""
    n = int(request.param)
    return hashlib.sha256(b"host %d" % n).hexdigest(), hashlib.sha256(b"guest %d" % n).hexdigest()[:32]


@pytest.mark.parametrize("game_id", TWO_SEAT)
def test_an_honest_hosts_game_passes_the_audit(game_id: str, keys: tuple[str, str]) -> None:
    secret, nonce = keys
    state, guest = remote_game(game_id, secret, nonce)
    assert audit(**guest, secret=secret, record=state.record()) == {"fair": True, "findings": []}


def test_the_seed_is_fixed_by_both_sides_and_fits_the_page() -> None:
    assert len(new_secret()) == 64 and len(new_nonce()) == 32 and new_secret() != new_secret()
    secret, nonce = "11" * 32, "22" * 16
    assert seed_from(secret, nonce) == seed_from(secret, nonce) < 2**52
    assert seed_from(secret, "23" + "22" * 15) != seed_from(secret, nonce)
    assert seed_from("12" + "11" * 31, nonce) != seed_from(secret, nonce)
    assert commitment(secret) != commitment("12" + "11" * 31)
    with pytest.raises(ValueError, match="64 hex digits"):
        commitment("abc")
    with pytest.raises(ValueError, match="32 hex digits"):
        seed_from(secret, "zz" * 16)


def test_a_host_that_deals_from_a_seed_of_its_choosing_is_caught(keys: tuple[str, str]) -> None:
    secret, nonce = keys
    state, guest = remote_game(GAME, secret, nonce, seed=7)
    report = audit(**guest, secret=secret, record=state.record())
    assert not report["fair"]
    assert "host chose the deck" in report["findings"][0]["message"]


def test_a_host_that_reveals_another_secret_is_caught(keys: tuple[str, str]) -> None:
    secret, nonce = keys
    other = "ee" * 32
    state, guest = remote_game(GAME, other, nonce)  # dealt from another secret than the one promised
    guest["commitment_sent"] = commitment(secret)
    report = audit(**guest, secret=other, record=state.record())
    assert not report["fair"]
    assert report["findings"][0]["message"].startswith("The secret the host revealed is not the one")
    assert audit(**guest, secret="no hex", record=state.record())["findings"][0]["message"].startswith(
        "The host revealed no usable secret")


@pytest.mark.parametrize("game_id", TWO_SEAT)
def test_a_host_that_rewrites_its_own_move_is_caught_once_the_move_shows(game_id: str, keys: tuple[str, str]) -> None:
    """The host plays one move while the guest watches, then records another legal one in its place: the
    audit finds it at the first view of the guest's that differs (at once for a move played face up, at the
    reveal for one played face down), or where the rest of the record no longer fits."""
    secret, nonce = keys
    state, guest = remote_game(game_id, secret, nonce)
    record = state.record()
    replayed = get_game(game_id).new_game(record["seed"])
    for ply, (player, move) in enumerate(record["moves"]):
        others = [m for m in replayed.legal_moves(player) if m != move] if player != GUEST else []
        if others:
            break
        replayed.play(player, move)
    else:
        pytest.skip("no host move had another legal choice")
    forged = copy.deepcopy(record)
    forged["moves"][ply] = [player, others[0]]
    report = audit(**guest, secret=secret, record=forged)
    assert not report["fair"]
    first = report["findings"][0]
    assert first["ply"] > ply
    assert first["message"].startswith(f"After move {first['ply']} (") or "cannot be played" in first["message"]


def test_a_host_that_changes_the_guests_move_is_caught(keys: tuple[str, str]) -> None:
    secret, nonce = keys
    state, guest = remote_game(GAME, secret, nonce)
    record = state.record()
    ply, sent = guest["mine"][0]
    forged = copy.deepcopy(record)
    forged["moves"][ply][1] = {"type": "no such move"}
    report = audit(**guest, secret=secret, record=forged)
    assert report["findings"][0] == {"ply": ply, "message": f"Move {ply + 1} was yours, and the record has another move there."}
    assert any("cannot be played" in f["message"] for f in report["findings"])


def test_a_record_cut_short_or_with_a_move_the_guest_never_sent_is_caught(keys: tuple[str, str]) -> None:
    secret, nonce = keys
    state, guest = remote_game(GAME, secret, nonce)
    record = state.record()
    short = {**record, "moves": record["moves"][:3]}
    findings = [f["message"] for f in audit(**guest, secret=secret, record=short)["findings"]]
    assert any("missing from the record" in m for m in findings)
    assert findings[-1] == "The record stops before the end of the game."
    guest["mine"] = guest["mine"][1:]
    first_mine = next(ply for ply, (player, _) in enumerate(record["moves"]) if player == GUEST)
    report = audit(**guest, secret=secret, record=record)
    assert {"ply": first_mine, "message": f"Move {first_mine + 1} is played in your seat, and you never sent it."} \
        in report["findings"]


def test_a_forced_deal_other_options_or_another_game_are_caught(keys: tuple[str, str]) -> None:
    secret, nonce = keys
    state, guest = remote_game(GAME, secret, nonce)
    record = state.record()
    assert audit(**{**guest, "game": OTHER_GAME}, secret=secret, record=record)["findings"][-1]["message"] \
        == f"The record is of the game {GAME!r}, not {OTHER_GAME!r} as announced."
    dealt = {**record, "deal": list(reversed(record["deal"]))}
    assert any(f["message"].endswith("the host set the deck by hand.")
               for f in audit(**guest, secret=secret, record=dealt)["findings"])
    other = audit(**{**guest, "options": {"no_such_option": "x"}}, secret=secret, record=record)["findings"]
    assert other


def test_the_guests_own_bookkeeping_must_be_well_formed(keys: tuple[str, str]) -> None:
    secret, nonce = keys
    state, guest = remote_game(GAME, secret, nonce)
    with pytest.raises(ValueError, match="\\[ply, digest\\]"):
        audit(**{**guest, "seen": [["0", "x"]]}, secret=secret, record=state.record())
    with pytest.raises(ValueError, match="\\[ply, move\\]"):
        audit(**{**guest, "mine": [{"ply": 0}]}, secret=secret, record=state.record())


def test_digests_do_not_depend_on_key_order_and_tell_views_apart() -> None:
    assert digest({"a": 1, "b": [1, {"c": "é"}]}) == digest({"b": [1, {"c": "é"}], "a": 1})
    assert digest({"a": 1}) != digest({"a": 2})
    state = get_game(GAME).new_game(seed=3)
    assert digest(state.view(0)) != digest(state.view(1))


# --- a table of several guests (the Dealer's table, docs/remote-play.md) ----------------------------------
def test_several_guests_nonces_make_the_seed_in_seat_order_and_one_is_the_same_as_a_list_of_one() -> None:
    secret, a, b = "11" * 32, "22" * 16, "33" * 16
    assert seed_from(secret, [a]) == seed_from(secret, a)
    assert len({seed_from(secret, [a, b]), seed_from(secret, [b, a]), seed_from(secret, a)}) == 3
    assert nonce_commitment(a) != nonce_commitment(b) and len(nonce_commitment(a)) == 64
    for bad in ([], [a, "zz"]):
        with pytest.raises(ValueError):
            seed_from(secret, bad)


def several_guests_game(keys: tuple[str, str], nonces: list[str]) -> tuple[Any, dict[str, Any]]:
    """A whole game dealt from the secret and `nonces` (the guest's own is keys[1]), and the guest's bookkeeping."""
    secret, nonce = keys
    state, guest = remote_game(GAME, secret, nonce, seed=seed_from(secret, nonces))
    return state, {**guest, "nonces": nonces}


def test_at_a_table_of_several_guests_an_honest_deal_passes_and_a_nonce_left_out_or_swapped_is_found(
        keys: tuple[str, str]) -> None:
    secret, nonce = keys
    other, swapped = "44" * 16, "55" * 16
    announced = [nonce_commitment(other), nonce_commitment(nonce)]
    state, guest = several_guests_game(keys, [other, nonce])
    assert audit(**guest, secret=secret, record=state.record(), nonce_commitments=announced) == {"fair": True, "findings": []}

    state, guest = several_guests_game(keys, [other, swapped])  # this guest's randomness left out of the deal
    report = audit(**guest, secret=secret, record=state.record(), nonce_commitments=announced)
    assert not report["fair"] and report["findings"][0]["message"].startswith("Your randomness is not among")

    state, guest = several_guests_game(keys, [swapped, nonce])  # another guest's nonce is not the one it committed to
    report = audit(**guest, secret=secret, record=state.record(), nonce_commitments=announced)
    assert not report["fair"] and report["findings"][0]["message"].startswith("The guests' nonces are not the ones")

    state, guest = several_guests_game(keys, [other, nonce])  # nonces told that are not the ones the deal was made from
    report = audit(**{**guest, "nonces": [nonce, other]}, secret=secret, record=state.record(),
                   nonce_commitments=[nonce_commitment(nonce), nonce_commitment(other)])
    assert not report["fair"] and "not dealt from the seed" in report["findings"][0]["message"]


def test_the_bridge_deals_from_several_nonces_keeps_them_in_the_record_and_checks_the_shapes() -> None:
    bridge = Bridge()
    session, _ = fair_session(bridge, GAME, ["42" * 16])
    record = ok(bridge, {"op": "record", "session": session})["record"]
    assert record["fair"]["nonce"] == ["42" * 16] and record["seed"] == seed_from(record["fair"]["secret"], "42" * 16)
    assert ok(bridge, {"op": "load", "record": record})["session"]
    for nonce in ([], ["42" * 16] * 2, [7], {"a": "42" * 16}):  # a two-seat game has one guest
        pledged = ok(bridge, {"op": "pledge"})
        assert refusal(bridge, op="new", game=GAME, fair={"pledge": pledged["pledge"], "nonce": nonce}) == "bad_request"
    for fair in ({**record["fair"], "nonce": ["42" * 16] * 2}, {**record["fair"], "nonce": ["43" * 16]}):
        assert refusal(bridge, op="load", record={**record, "fair": fair}) == "bad_record"
    assert ok(bridge, {"op": "nonce_commitment", "nonce": "42" * 16})["commitment"] == nonce_commitment("42" * 16)
    assert refusal(bridge, op="nonce_commitment", nonce="42") == "bad_request"
    assert refusal(bridge, op="audit", game=GAME, seat=GUEST, commitment="00", nonce="42" * 16, secret="00", record=record,
                   seen=[], mine=[], nonces="42" * 16) == "bad_request"


# --- the bridge's ops: what the host's and the guest's pages ask ------------------------------------------
def fair_session(bridge: Bridge, game_id: str = GAME, nonce: str | list[str] = "42" * 16) -> tuple[str, str]:
    """A fair session dealt through the bridge: its id and the commitment the guest was sent."""
    pledged = ok(bridge, {"op": "pledge"})
    session = ok(bridge, {"op": "new", "game": game_id, "fair": {"pledge": pledged["pledge"], "nonce": nonce}})["session"]
    return session, pledged["commitment"]


def test_a_fair_game_through_the_bridge_is_revealed_at_its_end_and_passes_the_guests_audit() -> None:
    host, guest_page = Bridge(), Bridge()
    nonce = "42" * 16
    session, promised = fair_session(host, GAME, nonce)
    assert refusal(host, op="reveal", session=session) == "not_over"
    seen: list[list[Any]] = []
    mine: list[list[Any]] = []
    bots = [RandomBot(seed=1), RandomBot(seed=2)]

    def look() -> None:
        answer = ok(host, {"op": "view", "session": session, "player": GUEST})
        seen.append([len(host.sessions[session].moves), ok(guest_page, {"op": "digest", "value": answer["view"]})["digest"]])

    look()
    while not (view := ok(host, {"op": "view", "session": session}))["over"]:
        player = view["to_act"][0]
        moves = ok(host, {"op": "legal", "session": session, "player": player})["moves"]
        move = bots[player].choose(ok(host, {"op": "view", "session": session, "player": player})["view"], moves)
        if player == GUEST:
            mine.append([len(host.sessions[session].moves), move])
            assert refusal(host, op="undo", session=session, player=player) in ("no_undo_in_fair_game", "not_your_turn")
        ok(host, {"op": "play", "session": session, "player": player, "move": move})
        look()
    revealed = ok(host, {"op": "reveal", "session": session})
    assert revealed["reveal"]["commitment"] == promised and "fair" not in revealed["record"]
    report = ok(guest_page, {"op": "audit", "game": GAME, "seat": GUEST, "commitment": promised, "nonce": nonce,
                             "secret": revealed["reveal"]["secret"], "record": revealed["record"], "seen": seen, "mine": mine})
    assert report["fair"] is True and report["findings"] == []
    forged = copy.deepcopy(revealed["record"])
    forged["seed"] += 1
    report = ok(guest_page, {"op": "audit", "game": GAME, "seat": GUEST, "commitment": promised, "nonce": nonce,
                             "secret": revealed["reveal"]["secret"], "record": forged, "seen": seen, "mine": mine})
    assert report["fair"] is False


def test_a_fair_session_refuses_undo_and_its_save_keeps_the_secret_only_if_it_fits() -> None:
    bridge = Bridge()
    session, _ = fair_session(bridge)
    player = ok(bridge, {"op": "view", "session": session})["to_act"][0]
    with Unchanged(bridge, session):
        assert refusal(bridge, op="undo", session=session, player=player) == "no_undo_in_fair_game"
    record = ok(bridge, {"op": "record", "session": session})["record"]
    assert record["fair"]["commitment"] == commitment(record["fair"]["secret"])
    loaded = ok(bridge, {"op": "load", "record": record})["session"]
    assert bridge.fair[loaded] == record["fair"]
    assert refusal(bridge, op="undo", session=loaded, player=player) == "no_undo_in_fair_game"
    for broken in ({**record["fair"], "nonce": "00" * 16}, {**record["fair"], "commitment": "0" * 64}, {"secret": 1}):
        assert refusal(bridge, **{"op": "load", "record": {**record, "fair": broken}}) == "bad_record"
    plain = ok(bridge, {"op": "new", "game": GAME, "seed": 7})["session"]
    assert "fair" not in ok(bridge, {"op": "record", "session": plain})["record"]
    assert refusal(bridge, op="reveal", session=plain) == "not_fair"


def test_a_pledge_deals_once_and_a_fair_deal_takes_no_seed_of_the_hosts() -> None:
    bridge = Bridge()
    pledged = ok(bridge, {"op": "pledge"})
    fair = {"pledge": pledged["pledge"], "nonce": "42" * 16}
    assert refusal(bridge, op="new", game=GAME, seed=7, fair=fair) == "bad_request"
    assert refusal(bridge, **{"op": "new", "game": GAME, "fair": {**fair, "nonce": "short"}}) == "bad_request"
    assert refusal(bridge, op="new", game=GAME, fair="yes") == "bad_request"
    ok(bridge, {"op": "new", "game": GAME, "fair": fair})  # the refusals above left the pledge
    assert refusal(bridge, op="new", game=GAME, fair=fair) == "unknown_pledge"
    pledges = [ok(bridge, {"op": "pledge"})["pledge"] for _ in range(MAX_PLEDGES + 1)]
    assert refusal(bridge, **{"op": "new", "game": GAME, "fair": {**fair, "pledge": pledges[0]}}) == "unknown_pledge"
    ok(bridge, {"op": "new", "game": GAME, "fair": {**fair, "pledge": pledges[-1]}})


def test_the_guests_requests_are_checked_like_any_other() -> None:
    bridge = Bridge()
    good = {"op": "audit", "game": GAME, "seat": 1, "commitment": "0" * 64, "nonce": "42" * 16, "secret": "1" * 64,
            "record": {}, "seen": [], "mine": []}
    assert ok(bridge, good)["fair"] is False
    assert refusal(bridge, **{**good, "seat": 2}) == "bad_request"
    assert refusal(bridge, **{**good, "game": "poker"}) == "unknown_game"
    assert refusal(bridge, **{**good, "seen": [[0]]}) == "bad_request"
    assert refusal(bridge, **{**good, "record": {"moves": [[0, {}]] * 3001}}) == "bad_record"
    assert refusal(bridge, op="digest") == "bad_request"
    assert ok(bridge, {"op": "digest", "value": {"b": 1, "a": 2}})["digest"] == digest({"a": 2, "b": 1})
