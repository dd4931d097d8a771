"""The effective line of play through a log with reverts in it.

Game state changes only through actions, so the game state at any point is
the state after the last effective action there (its "tip"). Tracking tips
from event metadata alone answers "undo the last N actions", "redo" and
"may this action be taken back" without replaying any rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .model import Event


@dataclass
class Lineage:
    started: int | None = None  # seq of match_started
    tip: dict[int, int | None] = field(default_factory=dict)  # seq -> last effective action
    parent: dict[int, int | None] = field(default_factory=dict)  # action seq -> previous effective action
    actions: dict[int, Event] = field(default_factory=dict)
    # Undos (and takebacks) a redo may still take back, latest last: a redo
    # takes one off, a new action clears them (it would be lost otherwise).
    redoable: list[int] = field(default_factory=list)
    last: int = 0

    def effective(self, at: int | None = None) -> list[Event]:
        """Effective actions up to `at` (default: now), most recent first."""
        out: list[Event] = []
        cursor = self.tip.get(self.last if at is None else at)
        while cursor is not None:
            out.append(self.actions[cursor])
            cursor = self.parent[cursor]
        return out

    def undo_target(self, count: int) -> int | None:
        """The seq whose state comes back when the last `count` actions are
        undone, or None when fewer than `count` actions stand."""
        line = self.effective()
        if count < 1 or count > len(line):
            return None
        if count == len(line):
            return self.started
        return line[count].seq

    def redo_target(self) -> int | None:
        """Undoing the latest undo not yet redone, when no action was played
        since: the state just before it. None when there is nothing to redo."""
        return self.redoable[-1] - 1 if self.redoable else None

    def reverted(self, seq: int) -> tuple[list[Event], list[Event]]:
        """What the revert at `seq` changed: the actions it took back and the
        ones it brought back (a redo), each in the order they were played."""
        before, after = self.effective(seq - 1), self.effective(seq)
        both = {e.seq for e in before} & {e.seq for e in after}
        return ([e for e in reversed(before) if e.seq not in both],
                [e for e in reversed(after) if e.seq not in both])


def lineage(events: Sequence[Event]) -> Lineage:
    lin = Lineage()
    previous: int | None = None
    for e in events:
        if e.type == "match_started":
            lin.started = e.seq
        elif e.type == "action":
            lin.actions[e.seq] = e
            lin.parent[e.seq] = previous
            previous = e.seq
            lin.redoable.clear()
        elif e.type == "revert":
            if e.payload.get("kind") != "redo":
                lin.redoable.append(e.seq)
            elif lin.redoable:
                lin.redoable.pop()
            previous = lin.tip.get(e.payload["to_seq"])
        lin.tip[e.seq] = previous
        lin.last = e.seq
    return lin
