"""Replay: the pure reducer from events to a match's state, and full rebuilds.

The envelope (`MatchState`) wraps the game's own state with what the
framework owns: seats, status, the Rng counter, forfeits and the outcome.
Envelopes are never mutated; game states are immutable by the game contract,
so consecutive envelopes share them freely.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import ALL_SEEING, SPECTATOR, Game, Outcome, Rng, Text
from engine.core.play import Step, step
from engine.registry import get_game

from .authority import check_action, check_event
from .errors import ReplayError
from .gcpause import gc_paused
from .model import Event, Player


@dataclass(frozen=True, slots=True)
class MatchState:
    match_id: str
    game_id: str
    ruleset: str
    options: dict[str, Any]
    commitment: str
    creator: str
    status: str = "lobby"  # lobby | running | finished | aborted
    lobby: tuple[Player, ...] = ()  # joined players, in join order
    seats: tuple[Player, ...] = ()  # seated players, by seat, once started
    state: Any = None
    counter: int = 0  # Rng counter after the last draw
    seq: int = 0  # last applied event
    forfeited: frozenset[int] = frozenset()
    outcome: Outcome | None = None
    takeback: tuple[int, int] | None = None  # (requesting seat, seq of the action)
    takeback_yes: frozenset[int] = frozenset()
    # Forfeited seats a search bot plays on, with its level (from the log's
    # player_removed); a forfeited seat not here plays the default move, as
    # every forfeit did before take-overs existed.
    taken: dict[int, str] = field(default_factory=dict)
    place: dict[str, Any] = field(default_factory=dict)  # where it is played (guild, channel, thread)

    @property
    def game(self) -> Game[Any]:
        return get_game(self.game_id)

    def seat_of(self, player_id: str) -> list[int]:
        return [i for i, p in enumerate(self.seats) if p.id == player_id]


_FIELDS = tuple(f.name for f in fields(MatchState))


def replace(ms: MatchState, **changes: Any) -> MatchState:
    """dataclasses.replace without re-running __init__: replay makes one
    envelope per event, so this sits on the hottest path there is."""
    new = object.__new__(MatchState)
    for name in _FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(ms, name))
    return new


def public_digest(game: Game[Any], state: Any) -> str:
    """SHA-256 of the spectator view: published with each action so a finished
    match's replay can be checked against what everyone saw, without leaking
    anything (it hashes only public information)."""
    return view_digest(game.view(state, SPECTATOR))


def view_digest(view: dict[str, Any]) -> str:
    """The digest of a view already computed (so a command computes each view once)."""
    return hashlib.sha256(json.dumps(view, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def final_outcome(game: Game[Any], state: Any, forfeited: frozenset[int], seats: int,
                  taken: Collection[int] = ()) -> Outcome | None:
    """The game's outcome, with forfeited seats unable to win. A seat a bot
    took over still stands in the game (it keeps it alive for the others) but
    cannot win; last one standing wins, and the match ends when no player is left."""
    people = [s for s in range(seats) if s not in forfeited]
    standing = sorted({*people, *taken})
    if seats > 1 and len(standing) == 1 and people:
        return Outcome((people[0],), Text("Last player remaining.", "最後に残ったプレイヤー。"))
    if seats > 1 and not people:
        return Outcome((), Text("Every player has left.", "全員が退席しました。"))
    outcome = game.outcome(state)
    if outcome is None:
        return None
    winners = tuple(w for w in outcome.winners if w not in forfeited)
    return Outcome(winners, outcome.reason, outcome.scores)


def apply_action(ms: MatchState, seat: int, action: dict[str, Any], secret: bytes,
                 seq: int) -> tuple[MatchState, Step[Any]]:
    """A game action onto an envelope; the live service and replay share it."""
    game = ms.game
    result = step(game, ms.state, seat, action, secret, ms.counter)
    state = result.transition.state
    outcome = final_outcome(game, state, ms.forfeited, len(ms.seats), ms.taken)
    return replace(ms, seq=seq, state=state, counter=result.counter, outcome=outcome,
                   status="finished" if outcome else ms.status, takeback=None, takeback_yes=frozenset()), result


def apply_event(ms: MatchState, event: Event, secret: bytes) -> MatchState:
    """One event onto an envelope. `revert` needs the target envelope and is
    handled by `restore`; every other event type is handled here."""
    if event.seq != ms.seq + 1:
        raise ReplayError(f"{ms.match_id}: expected event {ms.seq + 1}, got {event.seq}")
    p = event.payload
    kind = event.type
    if kind == "action":
        check_action(ms, event, ms.state)
        return apply_action(ms, p["seat"], p["action"], secret, event.seq)[0]
    check_event(ms, event)
    if kind == "player_joined":
        return replace(ms, seq=event.seq, lobby=(*ms.lobby, Player(**p["player"])))
    if kind == "player_left":
        return replace(ms, seq=event.seq, lobby=tuple(x for x in ms.lobby if x.id != p["player_id"]))
    if kind == "match_started":
        game = ms.game
        by_id = {x.id: x for x in ms.lobby}
        seats = tuple(by_id[pid] for pid in p["seats"])
        rng = Rng(secret, 0)
        state = game.setup(len(seats), p["options"], rng)
        return replace(ms, seq=event.seq, status="running", seats=seats, options=p["options"],
                       state=state, counter=rng.counter)
    if kind == "takeback_requested":
        return replace(ms, seq=event.seq, takeback=(p["seat"], p["of_seq"]), takeback_yes=frozenset())
    if kind == "takeback_answered":
        if not p["accept"]:
            return replace(ms, seq=event.seq, takeback=None, takeback_yes=frozenset())
        return replace(ms, seq=event.seq, takeback_yes=ms.takeback_yes | {p["seat"]})
    if kind == "player_replaced":
        seated = list(ms.seats)
        seated[p["seat"]] = Player(**p["player"])
        if not p.get("back"):
            return replace(ms, seq=event.seq, seats=tuple(seated))
        # A substitute brings a left seat back into play (older logs never say
        # so: a replaced forfeited seat there went on playing by default).
        return replace(ms, seq=event.seq, seats=tuple(seated), forfeited=ms.forfeited - {p["seat"]},
                       taken={s: v for s, v in ms.taken.items() if s != p["seat"]})
    if kind == "player_removed":
        forfeited = ms.forfeited | {p["seat"]}
        taken = {**ms.taken, p["seat"]: p["takeover"]} if p.get("takeover") else ms.taken
        outcome = final_outcome(ms.game, ms.state, forfeited, len(ms.seats), taken)
        return replace(ms, seq=event.seq, forfeited=forfeited, taken=taken, outcome=outcome,
                       status="finished" if outcome else ms.status)
    if kind == "match_aborted":
        return replace(ms, seq=event.seq, status="aborted")
    if kind == "note":
        return replace(ms, seq=event.seq)
    raise ReplayError(f"{ms.match_id}: cannot apply event type {kind!r} here")


def restore(current: MatchState, target: MatchState, seq: int) -> MatchState:
    """A revert: the game as it was at `target`, but who sits where (replaced
    players, forfeits) stays as it is now, since undo corrects moves, not seating."""
    outcome = final_outcome(current.game, target.state, current.forfeited, len(current.seats), current.taken)
    return replace(current, seq=seq, state=target.state, counter=target.counter, outcome=outcome,
                   status="finished" if outcome else "running", takeback=None, takeback_yes=frozenset())


def created(event: Event) -> MatchState:
    p = event.payload
    return MatchState(match_id=event.match_id, game_id=p["game"], ruleset=p["ruleset"], options=p["options"],
                      commitment=p["commitment"], creator=event.actor, seq=event.seq, place=p.get("place", {}))


# Verification's view of each event: (event, before, after, step of an action).
Check = Callable[[Event, MatchState, MatchState, Step[Any] | None], None]


def rebuild(events: Sequence[Event], secret: bytes, start: MatchState | None = None,
            keep: Iterable[int] = (),
            check: Check | None = None) -> tuple[MatchState, dict[int, MatchState]]:
    """Replay `events` (after `start`, or from match creation). Envelopes at the
    seqs named by reverts, and at those in `keep`, are returned for reuse;
    `check` sees every event after the first with the envelopes before and
    after it and, for an action, its step (verification)."""
    with gc_paused():
        return _rebuild(events, secret, start, keep, check)


def _rebuild(events: Sequence[Event], secret: bytes, start: MatchState | None, keep: Iterable[int],
             check: Check | None) -> tuple[MatchState, dict[int, MatchState]]:
    wanted = set(keep) | {e.payload["to_seq"] for e in events if e.type == "revert"}
    kept: dict[int, MatchState] = {}
    ms = start
    if start is not None and start.seq in wanted:
        kept[start.seq] = start
    i, n = 0, len(events)
    while i < n:
        event = events[i]
        if ms is not None and check is None and event.type == "action":
            ms, i = _actions(ms, events, i, secret, wanted)
        else:
            i += 1
            before, stepped = ms, None
            if ms is None:
                if event.type != "match_created":
                    raise ReplayError("a log must start with match_created")
                ms = created(event)
            elif event.type == "action" and check is not None:
                # Verification also sees the step (its log lines and reveal flag).
                if event.seq != ms.seq + 1:
                    raise ReplayError(f"{ms.match_id}: expected event {ms.seq + 1}, got {event.seq}")
                check_action(ms, event, ms.state)
                ms, stepped = apply_action(ms, event.payload["seat"], event.payload["action"], secret, event.seq)
            elif event.type == "revert":
                check_event(ms, event)
                target = kept.get(event.payload["to_seq"])
                if target is None:
                    raise ReplayError(f"revert at {event.seq} targets {event.payload['to_seq']}, not in this replay")
                ms = restore(ms, target, event.seq)
            else:
                ms = apply_event(ms, event, secret)
            if check is not None and before is not None:
                check(event, before, ms, stepped)
        if ms.seq in wanted:
            kept[ms.seq] = ms
    if ms is None:
        raise ReplayError("empty log")
    return ms, kept


def _actions(ms: MatchState, events: Sequence[Event], i: int, secret: bytes,
             wanted: set[int]) -> tuple[MatchState, int]:
    """A run of consecutive actions from events[i], with the game state kept in
    locals and one envelope built at the end (or at a seq a revert needs).
    Equal to applying them one by one with `apply_event`: between actions only
    the game state, the counter and the seq change, and once the game is over
    no further action is accepted, so the outcome is computed once."""
    game, state, counter, seq = ms.game, ms.state, ms.counter, ms.seq
    n = len(events)
    while i < n and events[i].type == "action":
        event = events[i]
        if event.seq != seq + 1:
            raise ReplayError(f"{ms.match_id}: expected event {seq + 1}, got {event.seq}")
        p = event.payload
        check_action(ms, event, state)
        result = step(game, state, p["seat"], p["action"], secret, counter)
        state, counter, seq = result.transition.state, result.counter, event.seq
        i += 1
        if seq in wanted:
            break
    outcome = final_outcome(game, state, ms.forfeited, len(ms.seats), ms.taken)
    return replace(ms, seq=seq, state=state, counter=counter, outcome=outcome,
                   status="finished" if outcome else ms.status, takeback=None, takeback_yes=frozenset()), i


def all_seeing_digest(ms: MatchState) -> str:
    view = ms.game.view(ms.state, ALL_SEEING) if ms.state is not None else {}
    return hashlib.sha256(json.dumps(view, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def outcome_json(ms: MatchState) -> dict[str, Any]:
    o = ms.outcome
    if o is None:
        return {}
    out: dict[str, Any] = {"winners": list(o.winners), "reason": o.reason.to_json(),
                           "scores": {str(k): v for k, v in o.scores.items()}}
    if ms.taken:
        # The result says which seats a bot finished for a player who left:
        # their player still counts as having left (events/stats.py).
        out["taken_over"] = {str(s): level for s, level in sorted(ms.taken.items())}
    return out
