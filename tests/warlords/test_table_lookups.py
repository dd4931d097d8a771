"""The table look-ups a replay makes at nearly every action take short cuts (a card's
copies, a castle's or stack's owner first): over whole bot matches they answer
exactly what a walk of the whole table answers."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from engine.core import RuleError
from engine.warlords.cards import catalogue
from engine.warlords.stacks import banner, capacity, castle_capacity, load, units
from engine.warlords.state import (
    Castle,
    Stack,
    WState,
    cdef,
    copies,
    copy_state,
    find_castle,
    find_stack,
    in_play,
    on_table,
)
from engine.warlords.view import card_json

from .helpers import Table, act, bot_states


def _walked_castle(s: WState, cid: str) -> tuple[int, Castle] | None:
    return next(((seat, c) for seat, p in enumerate(s.players) for c in p.castles if c.card == cid), None)


def _walked_stack(s: WState, sid: str) -> tuple[int, Stack] | None:
    return next(((seat, st) for seat, p in enumerate(s.players) for st in p.stacks if st.hero == sid), None)


@pytest.mark.slow
@pytest.mark.parametrize("seats,seed", [(2, 11), (4, 12), (6, 13)])
def test_table_look_ups_answer_what_walking_the_table_answers(seats: int, seed: int) -> None:
    captured = in_transit = 0
    for s in bot_states(seats, seed):
        table = {s.cards[i] for i in on_table(s)}
        for card_id in {*s.cards.values(), "no_such_card"}:
            assert in_play(s, card_id) == (card_id in table), card_id
        for iid in [*s.cards, "none", ""]:
            assert find_castle(s, iid) == _walked_castle(s, iid), iid
            assert find_stack(s, iid) == _walked_stack(s, iid), iid
        captured += any(s.owner[c.card] != seat for seat, p in enumerate(s.players) for c in p.castles)
        in_transit += s.decision is not None and bool(s.decision.reward or s.decision.calamity)
    assert captured and in_transit  # the short cuts' hard cases were met


def test_a_card_added_to_the_table_after_a_look_up_is_seen() -> None:
    # A test's table grows the card map after play starts: the copies found
    # before must not hide the card added since.
    t = Table(2)
    t.castle(0, "castle_oakvale")
    assert in_play(t.s, "castle_oakvale") and not in_play(t.s, "castle_dunmoor")
    t.castle(1, "castle_dunmoor")
    assert in_play(t.s, "castle_dunmoor")
    (dup,) = t.hand(0, "castle_dunmoor")
    with pytest.raises(RuleError, match="already in play"):
        act(t.s, 0, kind="deploy", card=dup)


def test_the_copies_index_kept_on_a_state_is_no_part_of_it() -> None:
    # The index rides on the state it describes (and on copy_state's copies, which
    # share its card map), but a pickle, a snapshot or a comparison never sees it.
    s = dataclasses.replace(bot_states(3, 14, steps=4)[-1])  # a state no index was asked of yet
    before = pickle.dumps(s)
    index = copies(s)
    assert copies(s) is index and copies(copy_state(s)) is index
    assert pickle.dumps(s) == before
    assert copies(pickle.loads(before)) == index


def _model_capacity(s: WState, st: Stack) -> int:
    cap = cdef(s, st.hero).capacity
    for m in st.members:
        d = cdef(s, m)
        cap += d.capacity if d.type == "banner" else d.static("capacity")
    return cap


@pytest.mark.slow
@pytest.mark.parametrize("seats,seed", [(4, 21), (6, 22)])
def test_plain_table_sums_answer_what_the_card_models_answer(seats: int, seed: int) -> None:
    # capacity, load, units and banner read the set's plain tables (CardDefs), not the models.
    improved = 0
    for s in bot_states(seats, seed):
        for p in s.players:
            for c in p.castles:
                model = cdef(s, c.card).capacity + sum(cdef(s, i).static("capacity") for i in c.improvements)
                assert castle_capacity(s, c) == model
                improved += bool(c.improvements)
            for st in p.stacks:
                types = [cdef(s, m).type for m in st.members]
                assert capacity(s, st) == _model_capacity(s, st)
                assert load(s, st) == sum(t in ("army", "ally", "artefact") for t in types)
                assert units(s, st) == [m for m, t in zip(st.members, types, strict=True) if t in ("army", "ally")]
                assert banner(s, st) == next((m for m, t in zip(st.members, types, strict=True) if t == "banner"), None)
    assert improved


def test_the_records_hold_the_models_added_totals() -> None:
    defs = catalogue()
    for cid, d in defs.items():
        r = defs.rules[cid]
        assert (r.added_capacity, r.added_revenue) == (d.static("capacity"), d.static("revenue"))
    assert any(r.added_capacity for r in defs.rules.values()) and any(r.added_revenue for r in defs.rules.values())


def test_a_views_card_is_what_its_model_says() -> None:
    # card_json copies a per-definition dict (CardDef.shown) instead of reading the model each time.
    t = Table(2)
    for cid, d in catalogue().items():
        iid = t.card(0, cid)
        shown = card_json(t.s, iid)
        assert shown == {"id": iid, "card": d.id, "type": d.type, "name": d.name.en, "name_ja": d.name.ja, "range": d.range}
        assert list(shown) == ["id", "card", "type", "name", "name_ja", "range"]
        shown["name"] = "changed"  # a view's copy: the definition's own is untouched
        assert card_json(t.s, iid)["name"] == d.name.en
