"""The store's fast Event constructor builds exactly what pydantic would."""

from __future__ import annotations

import pydantic
import pytest

from events.model import Event, stored_event

ROW = ("m-1", 7, "action", 1, "local:a", "cmd-1", "2026-01-01T00:00:00.000+00:00",
       {"seat": 0, "action": {"kind": "roll"}}, "ab" * 32)


def test_stored_event_equals_validated_event() -> None:
    fast = stored_event(*ROW)
    names = ("match_id", "seq", "type", "version", "actor", "command_id", "at", "payload", "hash")
    checked = Event.model_validate(dict(zip(names, ROW, strict=True)))
    assert fast == checked == Event.model_construct(**dict(zip(names, ROW, strict=True)))
    assert fast.model_dump() == checked.model_dump()
    assert fast.model_fields_set == checked.model_fields_set
    assert fast.model_copy(update={"seq": 8}).seq == 8 and fast.seq == 7
    # Stored events share one fields set: a copy, even one with updates, must never edit it.
    assert fast.model_copy(update={"seq": 8}).model_fields_set is not fast.model_fields_set
    assert fast.model_copy().model_fields_set is not fast.model_fields_set
    assert stored_event(*ROW).model_fields_set == set(names)


def test_stored_event_stays_frozen() -> None:
    fast = stored_event(*ROW)
    with pytest.raises(pydantic.ValidationError):
        fast.seq = 9  # type: ignore[misc]
