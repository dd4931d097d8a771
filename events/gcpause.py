"""Pausing the cyclic garbage collector around bulk, allocation-heavy work.

Reading or replaying a long log allocates many short-lived, acyclic objects;
the collector only rescans them (measured: about 40% of a 10,000-event
rebuild). The work inside never awaits, so pausing touches no other task.
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
    *cycles* among survivors stay until `unsettle`. Idempotent."""
    gc.collect()
    gc.freeze()
    if _refreeze not in gc.callbacks:
        gc.callbacks.append(_refreeze)


def unsettle() -> int:
    """Undo `settle` and collect everything once (one long pause): returns how
    many unreachable objects the frozen survivors held."""
    if _refreeze in gc.callbacks:
        gc.callbacks.remove(_refreeze)
    gc.unfreeze()
    return gc.collect()
