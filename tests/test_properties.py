"""Protocol properties of every registered game, checked over random seeded games (hypothesis).

Written only against the engine protocol (DESIGN.md): ``new_game, to_act, legal_moves, check, play,
view, is_over, outcome, record, replay, clone, redact_events``. A new game is covered by registering
it; the only per-game piece is ``REDEALERS`` (the no-leak test needs to know which cards a player
may see) and a game with hidden information but no redealer is reported as skipped.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pygame_core import IllegalMove, State, all_games, get_game, replay
from pygame_core.cards import JOKERS, is_card, standard_deck

GAME_IDS: list[str] = [game.info.id for game in all_games()]
HIDDEN_GAME_IDS: list[str] = [game.info.id for game in all_games() if game.info.hidden_info]
MAX_STEPS = 400  # a run stops here even if the game is not over
CARDS: list[str] = standard_deck(jokers=True)
JUNK: list[Any] = [None, True, False, 0, 1, -1, 2, 3, 1.0, 0.5, "", "x", "play", "AS", "10H", "RJ",
                   [], {}, [0], [0, 1.0], [0, 0, 0], [[0, 1]], {"a": 1}, {"type": None}, 10**20]
BAD_PLAYERS: list[Any] = [None, -1, True, False, "0", 0.0, 1.0, [0]]

# sized so that the whole file stays well under 10 s on a busy two-core machine
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HEAVY = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------- helpers
def canon(value: Any) -> str:
    """Strict canonical JSON: 1 and 1.0 and True are different moves here, as they are to JS."""
    return json.dumps(value, sort_keys=True, allow_nan=False)


def assert_json(value: Any) -> None:
    """A JSON value that survives a round trip unchanged (no tuples, int keys, NaN, objects)."""
    text = json.dumps(value, allow_nan=False)
    assert json.loads(text) == value, value


def viewers(state: State) -> list[int | None]:
    return [*range(state.info.players), None]


def snapshot(state: State) -> str:
    """Everything the protocol exposes about a position."""
    players = range(state.info.players)
    return canon({"record": state.record(), "views": [state.view(v) for v in viewers(state)],
                  "to_act": state.to_act(), "legal": [state.legal_moves(p) for p in players],
                  "over": state.is_over(), "outcome": state.outcome()})


def position(state: State) -> str:
    """A snapshot without the record (the order of simultaneous commits may differ there)."""
    players = range(state.info.players)
    return canon({"views": [state.view(v) for v in viewers(state)], "to_act": state.to_act(),
                  "legal": [state.legal_moves(p) for p in players], "outcome": state.outcome()})


def card_codes(value: Any) -> set[str]:
    """Card codes anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if is_card(value) else set()
    if isinstance(value, dict):
        return set().union(set(), *(card_codes(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(card_codes(v) for v in value))
    return set()


def flatten(deal: Any) -> list[str]:
    """The card codes of a deal in a fixed order (lists in order, objects by sorted key)."""
    if isinstance(deal, str):
        return [deal]
    if isinstance(deal, list):
        return [c for item in deal for c in flatten(item)]
    if isinstance(deal, dict):
        return [c for key in sorted(deal) for c in flatten(deal[key])]
    return []


def map_cards(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, str):
        return mapping.get(value, value)
    if isinstance(value, list):
        return [map_cards(v, mapping) for v in value]
    if isinstance(value, dict):
        return {k: map_cards(v, mapping) for k, v in value.items()}
    return value


def mutate_value(value: Any, rng: random.Random) -> list[Any]:
    """Near misses of one JSON value."""
    if isinstance(value, bool):
        return [not value, int(value), None, str(value).lower()]
    if isinstance(value, int):
        return [value + 1, value - 1, float(value), -value - 1, str(value), value + 10**6,
                *([bool(value)] if value in (0, 1) else [])]
    if isinstance(value, float):
        return [value + 1, int(value), str(value)]
    if isinstance(value, str):
        near = [value.lower(), value + " ", value[:-1], value[1:], value * 2, None]
        return near + rng.sample(CARDS, 6)
    if isinstance(value, list):
        out: list[Any] = [value[:-1], value + [value[-1] if value else 0], list(reversed(value))]
        for i, item in enumerate(value):
            for alt in mutate_value(item, rng):
                out.append(value[:i] + [alt] + value[i + 1:])
        return out
    if isinstance(value, dict):
        out = [{**value, "extra": 0}]
        for key, item in value.items():
            out.append({k: v for k, v in value.items() if k != key})
            for alt in mutate_value(item, rng):
                out.append({**value, key: alt})
        return out
    return [None]


def candidates(legal: list[Any], rng: random.Random, per_step: int = 1) -> list[Any]:
    """Junk, and mutations of a few legal moves (which may happen to be other legal moves)."""
    out = list(JUNK)
    for move in rng.sample(legal, min(per_step, len(legal))):
        out += [[move], {"move": move}]
        for alt in mutate_value(move, rng):
            out.append(alt)
        if isinstance(move, dict):
            for key in move:
                out.append({**move, key: rng.choice(JUNK)})
    return out


# --------------------------------------------------------------------------- random runs
def options_strategy(game_id: str) -> st.SearchStrategy[dict[str, str]]:
    specs = get_game(game_id).info.options
    return st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in specs})


@st.composite
def runs(draw: st.DrawFn, game_ids: list[str] | None = None) -> tuple[str, int, dict[str, str], list[int]]:
    game_id = draw(st.sampled_from(game_ids or GAME_IDS))
    seed = draw(st.integers(0, 2**32))
    options = draw(options_strategy(game_id))
    choices = draw(st.lists(st.integers(0, 2**20), max_size=60))
    return game_id, seed, options, choices


def choose(state: State, choice: int) -> tuple[int, Any]:
    actors = state.to_act()
    p = actors[choice % len(actors)]
    moves = state.legal_moves(p)
    return p, moves[(choice // len(actors)) % len(moves)]


def play_out(game_id: str, seed: int, options: dict[str, str],
             choices: list[int]) -> Iterator[tuple[State, int, Any]]:
    """Yield (state before the move, player, move) along one random game; the caller plays it."""
    state = get_game(game_id).new_game(seed=seed, options=options)
    for step in range(MAX_STEPS):
        if state.is_over():
            return
        p, move = choose(state, choices[step] if step < len(choices) else 0)
        yield state, p, move


# --------------------------------------------------------------------------- per-step invariants
def check_position(state: State, rng: random.Random) -> None:
    over = state.is_over()
    to_act = state.to_act()
    outcome = state.outcome()
    assert (outcome is None) == (not over)
    assert (to_act == []) == over
    assert len(set(to_act)) == len(to_act) and all(p in range(state.info.players) for p in to_act)
    if outcome is not None:
        assert_json(outcome)
        assert set(outcome) >= {"winner", "scores", "reason"}
        assert outcome["winner"] is None or outcome["winner"] in range(state.info.players)
        assert isinstance(outcome["reason"], str) and outcome["reason"]
    record = state.record()
    assert_json(record)
    assert set(record) >= {"game", "version", "options", "seed", "deal", "moves"}
    assert record["game"] == state.info.id
    for v in viewers(state):
        assert_json(state.view(v))

    legal: dict[int, set[str]] = {}
    for p in range(state.info.players):
        moves = state.legal_moves(p)
        assert_json(moves)
        legal[p] = {canon(m) for m in moves}
        assert len(legal[p]) == len(moves), "legal_moves has duplicates"
        assert bool(moves) == (p in to_act), (p, to_act)
        for move in moves:
            assert state.check(p, move) is None, (p, move)
            assert isinstance(state.describe(p, move), str) and state.describe(p, move)

    # illegal and malformed moves: check is not None exactly when the move is not legal
    all_legal = [m for p in to_act for m in state.legal_moves(p)]
    pool = candidates(all_legal, rng)
    before = snapshot(state)
    illegal: list[tuple[Any, Any, dict[str, str]]] = []
    for move in pool:
        key = canon(move)
        for p in range(state.info.players):
            error = state.check(p, move)
            assert (error is None) == (key in legal[p]), (p, move, error)
            if error is not None:
                assert set(error) == {"code", "message"}
                assert isinstance(error["code"], str) and error["code"]
                assert isinstance(error["message"], str) and error["message"].strip()
                illegal.append((p, move, error))
    for move in rng.sample(pool, min(3, len(pool))) + all_legal[:1]:
        for bad in BAD_PLAYERS:
            error = state.check(bad, move)
            assert error is not None and error["code"] == "bad_player"
            illegal.append((bad, move, error))
    assert snapshot(state) == before, "check mutated the state"
    for p, move, error in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalMove) as info:
            state.play(p, move)
        assert isinstance(info.value, ValueError)
        assert info.value.code == error["code"]
        assert snapshot(state) == before, "an illegal play changed the state"


@HEAVY
@given(run=runs())
def test_random_games_keep_every_protocol_promise(run: tuple[str, int, dict[str, str], list[int]]) -> None:
    game_id, seed, options, choices = run
    rng = random.Random(f"{game_id}/{seed}")
    seen: dict[int | None, set[str]] | None = None
    final: State | None = None
    for step, (state, p, move) in enumerate(play_out(game_id, seed, options, choices)):
        if seen is None:
            seen = {v: card_codes(state.view(v)) for v in viewers(state)}
        if step <= 60 or step % 5 == 0:  # long games (future engines) stay affordable
            check_position(state, rng)
        if step <= 40 or step % 10 == 0:
            again = replay(json.loads(json.dumps(state.record())))
            assert snapshot(again) == snapshot(state), "replay(record()) rebuilt a different state"

        before = snapshot(state)
        twin = state.clone()
        twin_events = twin.play(p, move)
        assert snapshot(state) == before, "playing on a clone changed the original"
        after_twin = snapshot(twin)
        events = state.play(p, move)
        assert snapshot(twin) == after_twin, "playing on the original changed the clone"
        assert snapshot(state) == after_twin, "the same move from the same state ended differently"
        assert canon(events) == canon(twin_events)

        assert isinstance(events, list)
        assert_json(events)
        for event in events:
            assert isinstance(event, dict) and isinstance(event.get("type"), str)
        for v in viewers(state):
            redacted = state.redact_events(events, v)
            assert_json(redacted)
            assert len(redacted) == len(events)
            seen[v] |= card_codes(state.view(v))
            leaked = card_codes(redacted) - seen[v]
            assert not leaked, f"events show {sorted(leaked)} to viewer {v} that no view of theirs did"
        final = state
    if final is not None:
        check_position(final, rng)
        again = replay(final.record())
        assert snapshot(again) == snapshot(final)


@FAST
@given(run=runs())
def test_simultaneous_commit_order_does_not_matter(run: tuple[str, int, dict[str, str], list[int]]) -> None:
    """DESIGN: when several players commit at once, the order of the commits never changes the result."""
    game_id, seed, options, choices = run
    state = get_game(game_id).new_game(seed=seed, options=options)
    for step in range(MAX_STEPS):
        if state.is_over():
            return
        actors = state.to_act()
        choice = choices[step] if step < len(choices) else 0
        if len(actors) > 1:
            picks = [(p, state.legal_moves(p)[choice % len(state.legal_moves(p))]) for p in actors]
            ends = []
            for order in (picks, list(reversed(picks))):
                trial = state.clone()
                for p, move in order:
                    assert p in trial.to_act(), "a committed player must not block the others"
                    assert trial.check(p, move) is None, "a commit changed what another may commit"
                    trial.play(p, move)
                ends.append(position(trial))
            assert ends[0] == ends[1]
        p, move = choose(state, choice)
        state.play(p, move)


@FAST
@given(run=runs(), cut=st.integers(0, 10**6))
def test_replay_of_any_prefix_is_undo(run: tuple[str, int, dict[str, str], list[int]], cut: int) -> None:
    """record()["moves"][:k] replays to the position after k moves (undo, resume)."""
    game_id, seed, options, choices = run
    positions: list[str] = []
    state: State | None = None
    for state, p, move in play_out(game_id, seed, options, choices):
        positions.append(snapshot(state))
        state.play(p, move)
    assume(state is not None)
    assert state is not None
    positions.append(snapshot(state))
    record = state.record()
    k = cut % (len(record["moves"]) + 1)
    prefix = {**record, "moves": record["moves"][:k]}
    assert snapshot(replay(prefix)) == positions[k]


# --------------------------------------------------------------------------- no leak by redealing
Redealer = Callable[[State, "int | None", random.Random], Any]


def redeal_grit(state: State, p: int | None, rng: random.Random) -> list[str]:
    """GRIT-9 from the record alone: p sees the two face-up cards, p's own hand and plays, every
    card turned up (unmarked plays of a finished round) and, at the end, everything. The rest (the
    opponent's hand and face-down cards, the discards) is permuted in place."""
    record = state.record()
    deal: list[str] = record["deal"]
    moves = record["moves"]
    over = state.is_over()
    seen = {deal[8], deal[9]}
    if p is not None:
        seen |= set(deal[4 * p:4 * p + 4])
    for i, (q, move) in enumerate(moves):
        round_done = len(moves) >= (i // 2) * 2 + 2
        if q == p or over or (round_done and not move["marked"]):
            seen.add(move["card"])
    if over:
        seen |= set(deal)
    hidden = [i for i, card in enumerate(deal) if card not in seen]
    cards = [deal[i] for i in hidden]
    rng.shuffle(cards)
    new = list(deal)
    for i, card in zip(hidden, cards):
        new[i] = card
    return new


def knife_fight_seen(state: State, p: int | None) -> tuple[set[str], set[str]]:
    """KNIFE-2/6/8 from the record: the cards p has been shown by the position of ``state``, and the
    face-down follow-ups of others still waiting for their reveal.

    p sees their own hand: the top 3 of their deck and every later draw (KNIFE-2, KNIFE-8); both
    commits once both are in (KNIFE-2); a lone feint's follow-up at once, both-Kings follow-ups once
    both are in, and every follow-up of a settled exchange (KNIFE-6). Nothing else: the opponent's
    hand and deck, the order of p's own deck, bled cards (they leave face down). Which cards were
    revealed is worked out from the moves and the rules; the engine's events are used only for how
    many cards each draw and bleed took off a deck (public counts), never for what a viewer saw."""
    record = state.record()
    deal: dict[str, list[str]] = record["deal"]
    replayed = get_game(record["game"]).new_game(seed=record["seed"], options=record["options"], deal=deal)
    seen: set[str] = set(deal[str(p)][:3]) if p is not None else set()
    next_card = [3, 3]  # position of the next card on each deck
    commits: dict[int, str] = {}
    follow_ups: dict[int, str] = {}
    for q, move in record["moves"]:
        events = replayed.play(q, move)
        if move["type"] == "play":
            commits[q] = move["card"]
            if len(commits) == 2:
                seen |= set(commits.values())
        elif move["type"] == "follow_up":
            follow_ups[q] = move["card"]
            both_kings = all(card.startswith("K") for card in commits.values())
            if not both_kings or len(follow_ups) == 2:
                seen |= set(follow_ups.values())
        for event in events:
            if event["type"] in ("draw", "bleed"):
                owner, count = event["player"], event["count"]
                if event["type"] == "draw" and owner == p:
                    seen |= set(deal[str(owner)][next_card[owner]:next_card[owner] + count])
                next_card[owner] += count
            elif event["type"] in ("round", "end"):  # the exchange is settled: all of it is public
                seen |= set(follow_ups.values())
                commits, follow_ups = {}, {}
    pending = {card for q, card in follow_ups.items() if q != p and card not in seen}
    return seen, pending


def redeal_knife_fight(state: State, p: int | None, rng: random.Random) -> dict[str, list[str]]:
    """Permute, within each half (KNIFE-1: the colours must stay), the cards p has not been shown.

    Sound because ``knife_fight_seen`` is cumulative over the whole prefix the test compares (moves
    up to the cut): a card visible to p at any step of that prefix (a card p drew, a revealed commit,
    a face-up follow-up) is never moved, so no redealt card becomes visible to p in the compared
    window, and cards p only sees later (their own next draws) may be moved. The opponent's moves
    are remapped through the permutation by the test; a remapped move is still legal because every
    hidden card the opponent played is still in their hand at the same place, except a face-down
    follow-up awaiting its reveal, which is only swapped with a non-King (a King can't follow a
    feint). Two Kings a half mean a King player always keeps a non-King to follow up with."""
    seen, pending = knife_fight_seen(state, p)
    deal: dict[str, list[str]] = state.record()["deal"]
    new: dict[str, list[str]] = {}
    for key in ("0", "1"):
        cards = list(deal[key])
        hidden = [i for i, card in enumerate(cards) if card not in seen]
        moved = [cards[i] for i in hidden]
        rng.shuffle(moved)
        for i, card in zip(hidden, moved):
            cards[i] = card
        for i in hidden:
            if deal[key][i] in pending and cards[i].startswith("K"):
                j = next(j for j in hidden if j != i and not cards[j].startswith("K"))
                cards[i], cards[j] = cards[j], cards[i]
        new[key] = cards
    return new


def grow21_shown(state: State) -> list[int]:
    """GROW-1 from the record: how many cards of each deck (red, black) anyone has been shown.

    Every card is played face up, so the cards played so far are public; the only other card anyone
    sees is the next card of the player due to play one (GROW-1), which is not shown while the mover
    still has to choose which part of a split survives (GROW-6, a keep: no card is played). Nothing
    here depends on the seat: both players and a spectator see the same table."""
    shown = [0, 0]
    for q, move in state.record()["moves"]:
        if move["type"] != "keep":
            shown[q] += 1
    for q in state.to_act():
        if any(m["type"] != "keep" for m in state.legal_moves(q)):
            shown[q] += 1
    return shown


def redeal_grow21(state: State, p: int | None, rng: random.Random) -> dict[str, list[str]]:
    """Permute, within each deck (GROW-1: the colours must stay), the cards below those shown.

    Sound for the same reason as Knife Fight's: the shown prefix is cumulative over the compared
    window (a card shown at any earlier step was the mover's next card then, and has been played by
    the cut), so no permuted card becomes visible before the cut; the moves name cells, never cards,
    so they replay unchanged. Decks run out in order, so what is permuted is each deck's tail."""
    shown = grow21_shown(state)
    deal: dict[str, list[str]] = state.record()["deal"]
    new: dict[str, list[str]] = {}
    for q, key in enumerate(("red", "black")):
        cards = list(deal[key])
        tail = cards[shown[q]:]
        rng.shuffle(tail)
        new[key] = cards[:shown[q]] + tail
    return new


REDEALERS: dict[str, Redealer] = {"grit": redeal_grit, "knife_fight": redeal_knife_fight, "grow21": redeal_grow21}


@pytest.mark.parametrize("game_id", HIDDEN_GAME_IDS)
def test_every_hidden_info_game_has_a_redealer(game_id: str) -> None:
    if game_id not in REDEALERS:
        pytest.skip(f"{game_id}: add a REDEALERS entry in tests/test_properties.py for the no-leak test")


@MEDIUM
@given(run=runs([g for g in HIDDEN_GAME_IDS if g in REDEALERS] or GAME_IDS), cut=st.integers(0, 10**6),
       rng=st.randoms(use_true_random=False))
def test_no_leak_redealing_unseen_cards_changes_nothing_a_player_sees(
        run: tuple[str, int, dict[str, str], list[int]], cut: int, rng: random.Random) -> None:
    """For each viewer: permute the cards they cannot see (per the rules, not per the view), replay
    the same moves (the cards in them mapped through the permutation) and demand identical views,
    legal moves and redacted events at every step up to the cut."""
    game_id, seed, options, choices = run
    assume(game_id in REDEALERS)
    played: list[tuple[int, Any]] = []
    state: State | None = None
    for state, p, move in play_out(game_id, seed, options, choices):
        played.append((p, move))
        state.play(p, move)
    assert state is not None
    k = cut % (len(played) + 1)
    assert_redeal_unseen(game_id, seed, options, state.record()["deal"], played, k, rng)


def assert_redeal_unseen(game_id: str, seed: int, options: dict[str, str], old_deal: Any,
                         played: list[tuple[int, Any]], k: int, rng: random.Random) -> None:
    """The no-leak check at cut ``k`` of a game dealt ``old_deal`` and played ``played``."""
    game = get_game(game_id)
    base = game.new_game(seed=seed, options=options, deal=old_deal)
    for p, move in played[:k]:
        base.play(p, move)
    for v in viewers(base):
        new_deal = REDEALERS[game_id](base, v, rng)
        old_cards, new_cards = flatten(old_deal), flatten(new_deal)
        assert sorted(old_cards) == sorted(new_cards), "a redeal must permute the same cards"
        assert len(set(old_cards)) == len(old_cards), "position mapping needs unique cards"
        mapping = dict(zip(old_cards, new_cards))
        a = game.new_game(seed=seed, options=options, deal=old_deal)
        b = game.new_game(seed=seed, options=options, deal=new_deal)
        for step in range(k + 1):
            assert canon(a.view(v)) == canon(b.view(v)), f"viewer {v} at step {step} sees the redeal"
            if v is not None:
                assert canon(a.legal_moves(v)) == canon(b.legal_moves(v))
            if step == k:
                break
            p, move = played[step]
            mapped = map_cards(move, mapping)
            assert b.check(p, mapped) is None, f"mapped move {mapped} is illegal after the redeal"
            events_a = a.redact_events(a.play(p, move), v)
            events_b = b.redact_events(b.play(p, mapped), v)
            assert canon(events_a) == canon(events_b), f"viewer {v}: events at step {step} leak the redeal"


@st.composite
def knife_fight_deals(draw: st.DrawFn) -> dict[str, list[str]]:
    """Shuffled halves, often with the Kings (and Queens) of both on top: feints, both-Kings
    face-down follow-ups and dressings come up in most games instead of a few."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    lift = draw(st.sampled_from(["", "K", "KQ"]))
    halves = {}
    for p, deck in enumerate((standard_deck()[13:39], standard_deck()[:13] + standard_deck()[39:])):
        cards = list(deck) + [("RJ", "BJ")[p]]
        rng.shuffle(cards)
        top = [c for c in cards if c[0] in lift and c not in JOKERS]
        halves[str(p)] = top + [c for c in cards if c not in top]
    return halves


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(halves=knife_fight_deals(), choices=st.lists(st.integers(0, 2**20), max_size=60),
       rng=st.randoms(use_true_random=False))
def test_no_leak_knife_fight_feints_and_dressings(halves: dict[str, list[str]], choices: list[int],
                                                  rng: random.Random) -> None:
    """The no-leak check in Knife Fight games rich in feints and dressings, cut where something is
    face down or owed: one commit in, a both-Kings follow-up in, a dressing owed; and at the end."""
    state = get_game("knife_fight").new_game(seed=0, deal=halves)
    played: list[tuple[int, Any]] = []
    cuts: list[int] = []
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        p, move = choose(state, choices[step] if step < len(choices) else 0)
        played.append((p, move))
        state.play(p, move)
        view = state.view(None)
        half_way = view["phase"] == "commit" and any(view["committed"])
        if half_way or view["phase"] == "dress" or (view["phase"] == "feint" and len(state.to_act()) == 1
                                                    and len(view["exchange"]["feint_due"]) == 2):
            cuts.append(len(played))
    for k in rng.sample(cuts, min(3, len(cuts))) + [len(played)]:
        assert_redeal_unseen("knife_fight", 0, {}, halves, played, k, rng)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 2**20), max_size=60),
       rng=st.randoms(use_true_random=False))
def test_no_leak_grow21_while_a_split_is_chosen(seed: int, choices: list[int], rng: random.Random) -> None:
    """The no-leak check cut while a tied split waits for its keep (GROW-6; rare in random games, so
    the opening is forced): red's column K, 2 (changed three times) between two black pairs and a
    lone black card; red's 8 makes 21. Then a random game to the end; cuts at the choice, just
    after it, and at the end."""
    rest = random.Random(seed)
    red_top, black_top = ["KH", "2H", "3H", "2D", "3D", "8H"], ["5S", "4S", "3S", "2S", "6S"]
    red = [c for c in standard_deck() if c[-1] in "HD" and c not in red_top]
    black = [c for c in standard_deck() if c[-1] in "SC" and c not in black_top]
    rest.shuffle(red)
    rest.shuffle(black)
    deal = {"red": red_top + red, "black": black_top + black}
    opening: list[tuple[int, Any]] = [
        (0, {"type": "place", "at": [0, 0]}), (1, {"type": "place", "at": [-1, 0]}),
        (0, {"type": "place", "at": [0, -1]}), (1, {"type": "place", "at": [-1, -1]}),
        (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [1, 0]}),
        (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [1, 1]}),
        (0, {"type": "change", "at": [0, -1]}), (1, {"type": "place", "at": [0, -2]}),
        (0, {"type": "place", "at": [0, 1]})]
    state = get_game("grow21").new_game(seed=0, deal=deal)
    played: list[tuple[int, Any]] = []
    for p, move in opening:
        state.play(p, move)
        played.append((p, move))
    assert state.view(None)["phase"] == "keep"
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        p, move = choose(state, choices[step] if step < len(choices) else 0)
        state.play(p, move)
        played.append((p, move))
    for k in (len(opening), len(opening) + 1, len(played)):
        assert_redeal_unseen("grow21", 0, {}, deal, played, k, rng)
