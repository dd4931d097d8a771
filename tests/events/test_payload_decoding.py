"""Stored payloads are read by orjson (events/rows.py): every text json reads,
they read to the same value, the ones orjson refuses included."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from events.chain import canonical_payload
from events.rows import loads

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                      max_leaves=20)


@given(payload=st.dictionaries(st.text(), values, max_size=5))
def test_a_stored_payload_reads_as_json_reads_it(payload):
    text = canonical_payload(payload)
    assert loads(text) == json.loads(text)


def test_what_orjson_refuses_is_still_read_as_json_reads_it():
    big = 2**70
    assert loads(json.dumps({"n": big, "m": -big})) == {"n": big, "m": -big}
    assert math.isnan(loads('{"x": NaN}')["x"])
    assert loads('{"x": Infinity}') == {"x": math.inf}
    assert loads('{"a": 1, "a": 2}') == json.loads('{"a": 1, "a": 2}')
