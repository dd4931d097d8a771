"""Stored payloads are read by pydantic_core's jiter (events/rows.py): every text json reads, as text
or as its UTF-8 bytes (what the stores select), reads to the same value, the ones a faster parser
may refuse or read otherwise (long integers, NaN, repeated keys, a lone surrogate) included."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from events.chain import canonical_payload
from events.rows import events_by_match, loads, match_events

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                      max_leaves=20)


@given(payload=st.dictionaries(st.text(), values, max_size=5))
def test_a_stored_payload_reads_as_json_reads_it(payload):
    text = canonical_payload(payload)
    assert loads(text) == json.loads(text)
    assert canonical_payload(loads(text.encode())) == text  # the same types too: 1, 1.0 and True stay apart


def test_what_fast_parsers_refuse_or_misread_is_still_read_as_json_reads_it():
    big = 2**70
    assert loads(json.dumps({"n": big, "m": -big})) == {"n": big, "m": -big}
    # orjson, the parser before, read these as floats without an error (2**70 is a float exactly; these are not).
    for n in (2**70 + 1, 2**64, -(2**63) - 1, 10**30 + 7):
        for text in (canonical_payload({"n": n, "l": [n, n]}), json.dumps({"n": [1, n]})):
            for stored in (text, text.encode()):
                assert canonical_payload(loads(stored)) == canonical_payload(json.loads(text)), (n, stored)
    # At the edges of 64 bits too.
    for n in (2**64 - 1, -(2**63), 10**18):
        assert loads(canonical_payload({"n": n})) == {"n": n} and type(loads(f"[{n}]")[0]) is int
    assert loads(b'{"id":"discord:1234567890123456789012"}') == {"id": "discord:1234567890123456789012"}
    assert math.isnan(loads('{"x": NaN}')["x"]) and math.isnan(loads(b'{"x":NaN}')["x"])
    assert loads('{"x": Infinity}') == {"x": math.inf}
    assert loads('{"a": 1, "a": 2}') == json.loads('{"a": 1, "a": 2}')
    # jiter refuses an escaped lone surrogate, which json reads.
    assert loads(b'{"s":"\\ud800"}') == json.loads('{"s":"\\ud800"}') == {"s": "\ud800"}


def test_a_log_holding_one_long_integer_reads_every_payload_as_json_does():
    # Each payload of a log is read exactly, whatever the others hold (a parser was once chosen per log).
    texts = [canonical_payload(p) for p in ({"seat": 0, "a": [1, 2]}, {"n": -(2**63) - 1, "t": "確認"},
                                            {"id": "discord:1234567890123456789012"}, {"n": [3, 2**64 + 3]})]
    rows = [(seq, "note", 1, "system", None, "2026-01-01T00:00:00+00:00", t.encode(), None)
            for seq, t in enumerate(texts, start=1)]
    for events in (match_events("m", rows), events_by_match([("m", *r) for r in rows])["m"]):
        assert [canonical_payload(e.payload) for e in events] == texts
    assert [e.payload for e in match_events("m", rows[:1] + rows[2:3])] == [json.loads(t) for t in texts[:1] + texts[2:3]]
