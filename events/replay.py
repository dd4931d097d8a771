"""Replay: the pure reducer from events to a match's state, and full rebuilds.

The envelope (`MatchState`) wraps the game's own state with what the
framework owns: seats, status, the Rng counter, forfeits and the outcome.
Envelopes are never mutated; game states are immutable by the game contract,
so consecutive envelopes share them freely. (A rebuild's run of actions edits
in place only states it made itself, before any envelope holds them: `_actions`.)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import Any

from engine.core import ALL_SEEING, SPECTATOR, Game, Outcome, Pending, Rng, RuleError, Text
from engine.core.orders import Order, standing
from engine.core.play import Step, owned_steps, step
from engine.core.premoves import judged
from engine.registry import get_game

from .authority import check_action, check_event, plain_authors
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
    # Each seat's standing orders (engine.core.orders): private to the seat, never in a view.
    orders: Mapping[int, tuple[Order, ...]] = field(default_factory=dict)
    orders_at: int = 0  # the last standing-orders event, and the first of the run of them it ends
    orders_since: int = 0

    @property
    def game(self) -> Game[Any]:
        """The rules this match was recorded under (never simply today's)."""
        return get_game(self.game_id, self.ruleset)

    def seat_of(self, player_id: str) -> list[int]:
        return [i for i, p in enumerate(self.seats) if p.id == player_id]

    @property
    def public_seq(self) -> int:
        """The last event every seat can tell happened: standing-orders events
        after it are one seat's secret, so a button offered at it is still current
        and nobody's messages change for them."""
        return self.orders_since - 1 if self.orders_at == self.seq and self.seq else self.seq


_FIELDS = tuple(f.name for f in fields(MatchState))


def replace(ms: MatchState, **changes: Any) -> MatchState:
    """dataclasses.replace without re-running __init__: replay makes one
    envelope per event, so this sits on the hottest path there is."""
    new = object.__new__(MatchState)
    for name in _FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(ms, name))
    return new


_awaited: tuple[Any, tuple[Pending, ...]] | None = None  # the last state asked, and its answer


def awaiting(ms: MatchState) -> tuple[Pending, ...]:
    """Who the match waits for (`Game.pending`), asked of the rules once per state: a move's
    board, ping, wait key, turn check and each awaited DM's prompt all read it, and each asking
    builds every prompt anew. Kept by the state's identity, as the service keeps its views: a
    state a MatchState holds is never changed (replay changes only states it made itself), so the
    same object has the same answer; the one kept is held, so its identity is not reused."""
    global _awaited
    kept = _awaited  # read once: what another thread keeps in between is never mixed with this one
    if kept is None or kept[0] is not ms.state:
        kept = _awaited = (ms.state, tuple(ms.game.pending(ms.state)))
    return kept[1]


def public_digest(game: Game[Any], state: Any) -> str:
    """SHA-256 of the spectator view: published with each action so a finished
    match's replay can be checked against what everyone saw, without leaking
    anything (it hashes only public information)."""
    return view_digest(game.view(state, SPECTATOR))


def view_digest(view: dict[str, Any]) -> str:
    """The digest of a view already computed (so a command computes each view once)."""
    return hashlib.sha256(json.dumps(view, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def final_outcome(game: Game[Any], state: Any, forfeited: frozenset[int], seats: int) -> Outcome | None:
    """The game's outcome, with forfeited seats (taken over by a bot or not)
    unable to win: last one standing wins, and the match ends when no player is
    left. A seat a bot took over plays on while two or more others do
    (events/takeover.py), but keeps no match alive for one player alone."""
    people = [s for s in range(seats) if s not in forfeited]
    if seats > 1 and len(people) == 1:
        return Outcome((people[0],), Text("Last player remaining.", "最後に残ったプレイヤー。"))
    if seats > 1 and not people:
        return Outcome((), Text("Every player has left.", "全員が退席しました。"))
    outcome = game.outcome(state)
    if outcome is None:
        return None
    winners = tuple(w for w in outcome.winners if w not in forfeited)
    return Outcome(winners, outcome.reason, outcome.scores)


def apply_action(ms: MatchState, seat: int, action: dict[str, Any], secret: bytes,
                 seq: int, actor: str = "system") -> tuple[MatchState, Step[Any]]:
    """A game action onto an envelope; the live service and replay share it.
    The action ends the standing orders whose limit it passes, and all of its
    player's own when the player played it; it settles the premoves whose seat
    it brings a decision, and ends its own seat's."""
    game = ms.game
    result = step(game, ms.state, seat, action, secret, ms.counter)
    state = result.transition.state
    outcome = final_outcome(game, state, ms.forfeited, len(ms.seats))
    orders = judged(game, state, seat, action, standing(game, state, _cleared_by(ms, actor, moving=True))) \
        if ms.orders else ms.orders
    return replace(ms, seq=seq, state=state, counter=result.counter, outcome=outcome, orders=orders,
                   status="finished" if outcome else ms.status, takeback=None, takeback_yes=frozenset()), result


def _cleared_by(ms: MatchState, actor: str, moving: bool = False) -> Mapping[int, tuple[Order, ...]]:
    """Any command a seat's player sends, other than setting orders, cancels that
    seat's orders; but a move keeps a premove set for the reply to it (one still
    waiting for another seat's move, engine.core.premoves)."""
    mine = ms.seat_of(actor) if ms.orders and actor != "system" else []
    if not any(seat in ms.orders for seat in mine):
        return ms.orders
    kept = {seat: orders if seat not in mine else tuple(o for o in orders if moving and o.wait and o.when)
            for seat, orders in ms.orders.items()}
    return {seat: orders for seat, orders in kept.items() if orders}


def apply_event(ms: MatchState, event: Event, secret: bytes) -> MatchState:
    """One event onto an envelope. `revert` needs the target envelope and is
    handled by `restore`; every other event type is handled here."""
    if event.seq != ms.seq + 1:
        raise ReplayError(f"{ms.match_id}: expected event {ms.seq + 1}, got {event.seq}")
    p = event.payload
    kind = event.type
    if kind == "action":
        check_action(ms, event, ms.state)
        return apply_action(ms, p["seat"], p["action"], secret, event.seq, event.actor)[0]
    check_event(ms, event)
    if kind == "standing_orders":
        orders = {**ms.orders, p["seat"]: tuple(Order.from_json(o) for o in p["orders"])}
        since = ms.orders_since if ms.orders_at == ms.seq else event.seq
        return replace(ms, seq=event.seq, orders={seat: mine for seat, mine in orders.items() if mine},
                       orders_at=event.seq, orders_since=since)
    ms = replace(ms, orders=_cleared_by(ms, event.actor))
    if kind == "player_joined":
        return replace(ms, seq=event.seq, lobby=(*ms.lobby, Player(**p["player"])))
    if kind == "player_left":
        return replace(ms, seq=event.seq, lobby=tuple(x for x in ms.lobby if x.id != p["player_id"]))
    if kind == "match_started":
        game = ms.game
        by_id = {x.id: x for x in ms.lobby}
        seats = tuple(by_id[pid] for pid in p["seats"])
        rng = Rng(secret, 0)
        # The decks picked in the lobby are the start's sealed part (events/decks.py).
        state = game.setup(len(seats), {**p["options"], **p.get("decks", {})}, rng)
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
        outcome = final_outcome(ms.game, ms.state, forfeited, len(ms.seats))
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
    outcome = final_outcome(current.game, target.state, current.forfeited, len(current.seats))
    # Standing orders end too: they were set for a position that is gone.
    return replace(current, seq=seq, state=target.state, counter=target.counter, outcome=outcome, orders={},
                   status="finished" if outcome else "running", takeback=None, takeback_yes=frozenset())


def game_for(game_id: str, ruleset: str, pinned: str | None = None) -> Game[Any]:
    """The game that replays a match of `ruleset` whose data digest was `pinned`
    (matches recorded before pinning have none), or ReplayError: a match is never
    rebuilt by rules or data other than its own."""
    try:
        game = get_game(game_id, ruleset)
    except KeyError as exc:
        raise ReplayError(f"{game_id} ruleset {ruleset} is not kept by this version of Parley",
                          Text(f"{game_id} ruleset {ruleset} is not kept by this version of Parley.",
                               f"この版の Parley には {game_id} のルールセット {ruleset} がありません。")) from exc
    if pinned is not None and pinned != game.data_digest():
        now = game.data_digest()
        raise ReplayError(f"{game_id} ruleset {ruleset} was recorded with data {pinned[:12]}, "
                          f"and this version has {now[:12]} under that ruleset",
                          Text(f"{game_id} ruleset {ruleset} was recorded with card data {pinned[:12]}, "
                               f"and this version has {now[:12]}.",
                               f"{game_id} のルールセット {ruleset} はカードデータ {pinned[:12]} で記録されましたが、"
                               f"この版のデータは {now[:12]} です。"))
    return game


def created(event: Event) -> MatchState:
    p = event.payload
    game_for(p["game"], p["ruleset"], p.get("data"))
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
        if start is None:
            events = resolve_unpinned(events, secret)
        return _rebuild(events, secret, start, keep, check)


def resolve_unpinned(events: Sequence[Event], secret: bytes) -> Sequence[Event]:
    """A log whose ruleset was shipped with more than one set of data before
    matches pinned theirs (`Game.unpinned`), with its ruleset made the one it
    was dealt under: the candidate under which it replays furthest and, of
    those, reproduces the most boards its actions recorded (each action carries
    the spectator digest everyone saw). Any other log is returned as it is."""
    first = events[0] if events else None
    if first is None or first.type != "match_created" or "data" in first.payload:
        return events
    try:
        candidates = get_game(first.payload["game"]).unpinned.get(first.payload["ruleset"], ())
    except KeyError:
        return events
    tried: list[tuple[tuple[int, int], str, Sequence[Event]]] = []
    for ruleset, shipped in candidates:
        trial = [first.model_copy(update={"payload": {**first.payload, "ruleset": ruleset}}), *events[1:]]
        replayed = shown = 0

        def compare(event: Event, before: MatchState, after: MatchState, stepped: Step[Any] | None) -> None:
            nonlocal replayed, shown
            replayed += 1
            recorded = event.payload.get("digest") if event.type == "action" else None
            if recorded is not None and recorded == public_digest(after.game, after.state):
                shown += 1  # boards drawn by another version of the views never match: a hint, not a verdict

        # A wrong deal usually makes a recorded move illegal: `replayed` says how far each got.
        with contextlib.suppress(ReplayError, RuleError, KeyError, ValueError, TypeError):
            _rebuild(trial, secret, None, (), compare)
        tried.append(((replayed, shown), shipped, trial))
    if not tried:
        return events
    # The deal under which the log replays furthest, matching the most boards, decides;
    # when none is told apart (a short match), the newest data shipped before it was created.
    top = max(score for score, _, _ in tried)
    tied = [t for t in tried if t[0] == top]
    in_use = [t for t in tied if t[1] <= _utc(first.at)]
    return max(in_use, key=lambda t: t[1])[2] if in_use else tied[0][2]


def _utc(at: str) -> str:
    """An event's time in the form `Game.unpinned` dates are written in, for comparing as text."""
    return datetime.fromisoformat(at).astimezone(UTC).isoformat(timespec="seconds")


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
        # Orders are pruned action by action, so a match with some standing takes the slow path.
        if ms is not None and check is None and event.type == "action" and not ms.orders:
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
                ms, stepped = apply_action(ms, event.payload["seat"], event.payload["action"], secret, event.seq,
                                           event.actor)
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
             wanted: set[int], owning: bool = True) -> tuple[MatchState, int]:
    """A run of consecutive actions from events[i], with the game state kept in
    locals and one envelope built at the end (or at a seq a revert needs).
    Equal to applying them one by one with `apply_event`: between actions only
    the game state, the counter and the seq change, and once the game is over
    no further action is accepted, so the outcome is computed once.
    The first action's input is the envelope's, which others may hold, so it is
    applied purely; every later state is this loop's own, so the game may edit
    it in place (`Game.apply_owned`) instead of copying it per action. A state
    spoilt by a refused action is never seen: the run is played again purely,
    which raises what a pure replay raises."""
    game, state, counter, seq = ms.game, ms.state, ms.counter, ms.seq
    start, n = i, len(events)
    plain = plain_authors(ms)
    # Once the first action is applied: the owned step, and the Rng cursor its run shares.
    owned: Callable[[Any, int, Mapping[str, Any]], Any] | None = None
    rng: Rng | None = None
    try:
        while i < n:
            event = events[i]
            if event.type != "action":
                break
            if event.seq != seq + 1:
                raise ReplayError(f"{ms.match_id}: expected event {seq + 1}, got {event.seq}")
            p = event.payload
            seat: Any = p.get("seat")  # an int when checked below
            if seat.__class__ is not int or (seat, event.actor) not in plain:
                check_action(ms, event, state)
            if owned is not None:
                state = owned(state, seat, p["action"])
            else:
                result = step(game, state, seat, p["action"], secret, counter)
                state, counter = result.transition.state, result.counter
                if owning:
                    owned, rng = owned_steps(game, secret, counter)
            seq = event.seq
            i += 1
            if seq in wanted:
                break
    except Exception:
        if owned is None:
            raise
        return _actions(ms, events, start, secret, wanted, owning=False)
    if rng is not None:
        counter = rng.counter
    outcome = final_outcome(game, state, ms.forfeited, len(ms.seats))
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
