"""The collector tuning: survivors leave the scanned generations, garbage
cycles among them are found again by `unsettle`."""

from __future__ import annotations

import gc

import pytest

from events.gcpause import gc_paused, settle, unsettle


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


@pytest.mark.slow
def test_settle_freezes_survivors_and_unsettle_finds_their_cycles() -> None:
    try:
        settle()
        assert gc.get_count()[2] == 0 and gc.get_freeze_count() > 0
        cached = [Node() for _ in range(100)]
        before = gc.get_freeze_count()
        gc.collect(1)  # what outlives a middle collection is frozen with it
        assert gc.get_freeze_count() >= before + 100
        assert not any(gc.is_tracked(n) and n in gc.get_objects(2) for n in cached[:3])
        del cached  # cycles: reference counting cannot free them, and frozen they are not scanned
        gc.collect()
        assert unsettle() >= 100
        assert gc.get_freeze_count() == 0
    finally:
        unsettle()
    gc.collect(1)
    assert gc.get_freeze_count() == 0  # no callback left behind


def test_gc_paused_restores_the_collector() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
