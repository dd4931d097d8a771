"""The rules read card definitions from plain records (`cards.Card`, through `state.rec`),
not the pydantic models: each record says exactly what its model says, for the sample
set and for a match's own set."""

from __future__ import annotations

import json

from engine.core.bundled import bundled_text
from engine.warlords.cards import CARD_FILES, STATIC_OPS, Card, CardDef, catalogue, rules
from engine.warlords.state import WState, cdef, rec

from .helpers import Table


def _same(record: Card, model: CardDef) -> None:
    for field in CardDef.model_fields:
        assert getattr(record, field) == getattr(model, field), (model.id, field)
    assert record.text == model.text
    for op in [*sorted(STATIC_OPS), "draw", "none"]:
        assert record.static(op) == model.static(op), (model.id, op)


def test_every_record_of_the_sample_set_is_its_model() -> None:
    defs = catalogue()
    assert set(defs.rules) == set(defs)
    for cid, model in defs.items():
        _same(defs.rules[cid], model)
    t = Table(2)
    for cid in defs:
        iid = t.card(0, cid)
        assert rec(t.s, iid) is defs.rules[cid]
        _same(rec(t.s, iid), cdef(t.s, iid))


def test_a_match_with_its_own_set_reads_that_sets_records() -> None:
    data = json.loads(bundled_text("engine.warlords", "data/cards.json"))
    hero = next(c for c in data["cards"] if c["type"] == "hero")
    hero["combat"] += 7
    text = json.dumps(data)
    own = CARD_FILES.load(text).defs
    s = WState(seats=2, cards={"c1": hero["id"]}, owner={"c1": 0}, players=[], card_set=text)
    assert rec(s, "c1") is own.rules[hero["id"]]
    assert rec(s, "c1").combat == catalogue()[hero["id"]].combat + 7
    _same(rec(s, "c1"), cdef(s, "c1"))


def test_the_oracle_reads_the_row_whose_bounds_hold_the_difference() -> None:
    r = rules()
    rows = sorted(r.oracle, key=lambda row: row.min)
    for diff in range(rows[0].min - 5, rows[-1].max + 6):
        held = [row for row in rows if row.min <= diff <= row.max]
        assert r.oracle_row(diff) == (held[0] if held else rows[0] if diff < rows[0].min else rows[-1]), diff
    assert rules() is r  # read once
