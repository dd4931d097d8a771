"""Pausing the cyclic garbage collector around bulk, allocation-heavy work.

Reading or replaying a long log allocates many short-lived, acyclic objects;
the collector only rescans them (measured: about 40% of a 10,000-event
rebuild). The work inside never awaits, so on the event loop pausing
touches no other task; the stores also pause while decoding on their
database thread, and the collector is process-wide, so the loop may then run
a few milliseconds with it off (harmless: it only defers finding cycles). Two
pauses overlapping across threads still leave it on: each re-enables only
what it found on.
A long-running service also settles the collector once warmed up (`settle`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


YOUNG = 5_000  # allocations between collections of the youngest generation, once settled
_threshold = gc.get_threshold()  # what `unsettle` restores


def _refreeze(phase: str, info: dict[str, int]) -> None:
    if phase == "stop" and info["generation"] >= 1:
        gc.freeze()


def settle() -> None:
    """Keep full collections short however many matches are cached (issue 12).

    A full collection scans every tracked object in the oldest generation:
    with a thousand cached matches and the view cache that is hundreds of
    thousands of objects and a pause of 100-250 ms (bench/bench_gc.py). So:
    collect once, freeze what is alive (modules, codecs, the matches loaded so
    far), and after each collection of the middle generation freeze its
    survivors too (what outlives two collections is long-lived here: cached
    states and views). The oldest generation then stays empty and its
    collections cost next to nothing. Frozen objects are still freed by
    reference counting, which is how states and views die; only garbage
    *cycles* among survivors stay until `unsettle`.

    The youngest generation is collected every YOUNG allocations, not 700:
    a move allocates thousands of objects that reference counting frees
    within the move, and a collection every 700 rescans the live ones of them
    again and again (bench_discord: 0.25 ms of a move's CPU at 700, 0.13 at
    5,000). Idempotent."""
    global _threshold
    gc.collect()
    gc.freeze()
    if _refreeze not in gc.callbacks:
        _threshold = gc.get_threshold()
        gc.set_threshold(YOUNG, *_threshold[1:])
        gc.callbacks.append(_refreeze)


def unsettle() -> int:
    """Undo `settle` and collect everything once (one long pause): returns how
    many unreachable objects the frozen survivors held."""
    if _refreeze in gc.callbacks:
        gc.callbacks.remove(_refreeze)
        gc.set_threshold(*_threshold)
    gc.unfreeze()
    return gc.collect()
