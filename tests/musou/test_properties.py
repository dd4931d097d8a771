"""Properties of random matches: determinism, purity, conservation, secrecy."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import ALL_SEEING, SPECTATOR, Rng, Viewer, clone
from engine.core.play import step
from engine.core.redaction import leaked
from engine.core.selfplay import derive_secret, play_bots, replay_moves
from engine.musou.game import GAME, hidden_ids
from engine.musou.state import SQUARES, MusouState, Names, copied
from tests.contract.matches import bot_turns

seeds = st.integers(min_value=0, max_value=10**9)


def zones(s: MusouState, seat: int) -> list[str]:
    field = [slot.card for sq in SQUARES if (slot := s.field[seat][sq]) is not None]
    return s.decks[seat] + s.hands[seat] + s.provisions[seat] + s.discard[seat] + field


def names(s: MusouState, ids: list[str]) -> list[str]:
    return [s.names.get(c, c) for c in ids]  # between games decks hold keys already


def check_conserved(s: MusouState, totals: list[Counter[str]]) -> None:
    for seat in (0, 1):
        main, side = zones(s, seat), list(s.side[seat])
        assert len(main) == 50 and len(side) == 15
        all_ids = main + side
        if all_ids[0] in s.names:  # dealt: every physical card has its own id
            assert len(set(all_ids)) == len(all_ids)
        assert Counter(names(s, all_ids)) == totals[seat]
        commanders = s.pool[seat] + s.used[seat] + [c for c in [s.commander[seat]] if c and c not in s.pool[seat]]
        assert sorted(commanders) == [f"m{seat}{k}" for k in range(3)]


@pytest.mark.slow
@given(seeds)
def test_property_replay_is_deterministic(seed: int) -> None:
    played = play_bots(GAME, 2, seed)
    assert played.outcome is not None
    again = replay_moves(GAME, 2, seed, played.moves)
    assert again == played.state


@pytest.mark.slow
@given(seeds)
def test_property_conservation_purity_and_secrecy(seed: int) -> None:
    """Walk a random match: apply never mutates its input, every card is in
    exactly one zone, and no viewer sees an id it may not."""
    secret = derive_secret(seed)
    rng = Rng(secret, 0)
    state = GAME.setup(2, GAME.options({}, 2), rng)
    counter = rng.counter
    bot_rng = Rng(derive_secret(seed, "bots"))
    totals: list[Counter[str]] = []
    for seat in (0, 1):
        totals.append(Counter(state.decks[seat] + state.side[seat]))
    for n in range(20_000):
        pending = GAME.pending(state)
        if not pending:
            break
        if n % 7 == 0:
            for viewer in (SPECTATOR, Viewer.of(0), Viewer.of(1)):
                v = GAME.view(state, viewer)
                assert leaked(v, hidden_ids(state, viewer)) == set()
                for seat in (0, 1):
                    if not viewer.sees_seat(seat):
                        assert "deck_list" not in v["players"][seat]
            check_conserved(state, totals)
            for p in pending:  # the menu and the referee agree
                choices = GAME.legal_actions(state, p.seat)
                assert choices, "a pending seat always has an action"
                for choice in choices[:: max(1, len(choices) // 12)]:
                    GAME.apply(state, p.seat, choice.action, Rng(secret, counter))
        seat = min(pending, key=lambda p: (p.order, p.seat)).seat
        action = GAME.bot_action(state, seat, bot_rng)
        before = clone(state)
        result = step(GAME, state, seat, action, secret, counter)
        assert state == before
        state, counter = result.transition.state, result.counter
    assert GAME.outcome(state) is not None
    check_conserved(state, totals)
    assert GAME.view(state, ALL_SEEING)["stage"] == "over"


def _mutables(obj: object, path: str = "s") -> list[tuple[str, object]]:
    """Every list, dict and dataclass reachable from `obj` (by path), for aliasing checks."""
    if dataclasses.is_dataclass(obj):
        out: list[tuple[str, object]] = [(path, obj)]
        for f in dataclasses.fields(obj):
            out += _mutables(getattr(obj, f.name), f"{path}.{f.name}")
        return out
    if isinstance(obj, list):
        return [(path, obj)] + [m for k, x in enumerate(obj) for m in _mutables(x, f"{path}[{k}]")]
    return [(path, obj)] if isinstance(obj, dict) else []


def test_copied_equals_a_clone_and_shares_nothing_mutable() -> None:
    # `apply` edits `copied(state)`, a copy by hand: a field it forgot to copy would be shared.
    seen = Counter[str]()
    for turn in bot_turns(GAME, 2, 5, limit=250):
        s = turn.state
        copy = copied(s)
        # The names keep their cached string (a clone pickles `s`, which caches it there).
        assert type(copy.names) is Names and copy.names._blob == s.names._blob
        assert copy == clone(s)
        assert copy.card_set is s.card_set  # the one text object, never copied
        shared = [p for (p, a), (_, b) in zip(_mutables(s), _mutables(copy), strict=True) if a is b]
        assert shared == [], shared
        seen.update(k for k in ("attack", "slot") if (s.attack if k == "attack" else any(s.field[0])))
    assert seen["attack"] and seen["slot"]
