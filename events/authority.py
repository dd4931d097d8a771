"""Who may append what, enforced on replay.

The live service checks each command before it appends; replay checks the
same things again for every event, so a history edited outside the service
(an inserted forfeit, an action under another player's name, a move after the
end) does not rebuild: it fails with the event and the reason. Moderators are
recorded as such by the service (actor "mod:<id>", written only after
events/moderators.py found them a moderator of the match); a player's id
never counts as one. Who that was is not re-decided here: grants are not in
the log, and older logs, from before the service checked, must still replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.core import Game
from engine.core.forced import forced_action
from engine.core.orders import Order, ordering
from engine.core.ordertags import RESPONSE
from engine.core.search import levels

from .chain import canonical_payload
from .errors import ReplayError
from .model import Event, Player


class MatchState(Protocol):
    """What the checks read of a match as rebuilt so far (events.replay.MatchState has it:
    named here, not imported, because replay calls these checks)."""

    @property
    def game(self) -> Game[Any]: ...
    @property
    def creator(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def lobby(self) -> tuple[Player, ...]: ...
    @property
    def seats(self) -> tuple[Player, ...]: ...
    @property
    def seq(self) -> int: ...
    @property
    def forfeited(self) -> frozenset[int]: ...
    @property
    def takeback(self) -> tuple[int, int] | None: ...
    @property
    def takeback_yes(self) -> frozenset[int]: ...
    @property
    def taken(self) -> dict[int, str]: ...
    @property
    def orders(self) -> Mapping[int, tuple[Order, ...]]: ...

# The statuses in which each event type can be appended.
_WHEN: dict[str, tuple[str, ...]] = {
    "player_joined": ("lobby",),
    "player_left": ("lobby",),
    "match_started": ("lobby",),
    "action": ("running",),
    "revert": ("running",),
    "takeback_requested": ("running",),
    "takeback_answered": ("running",),
    "player_replaced": ("running",),
    "player_removed": ("running",),
    "match_aborted": ("lobby", "running"),
    "note": ("lobby", "running", "finished", "aborted"),
    "standing_orders": ("running",),
}


def is_moderator(actor: str) -> bool:
    return actor.startswith("mod:")


def _refuse(event: Event, why: str) -> ReplayError:
    return ReplayError(f"event {event.seq} ({event.type} by {event.actor}): {why}")


def _seat(ms: MatchState, event: Event) -> int:
    seat = event.payload.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(ms.seats):
        raise _refuse(event, f"there is no seat {seat}")
    return seat


def check_event(ms: MatchState, event: Event) -> None:
    """Raise ReplayError unless the live service could have appended `event`
    to a match in state `ms`. Actions are checked by `check_action`."""
    kind, actor, p = event.type, event.actor, event.payload
    if ms.status not in _WHEN.get(kind, ()):
        raise _refuse(event, f"not possible while the match is {ms.status}")
    if kind == "player_joined":
        pid = p["player"]["id"]
        if actor != pid:
            raise _refuse(event, "a player joins only by themselves")
        if any(x.id == pid for x in ms.lobby) or len(ms.lobby) >= ms.game.max_seats:
            raise _refuse(event, "already joined, or the lobby is full")
    elif kind == "player_left":
        if actor != p["player_id"] or all(x.id != actor for x in ms.lobby):
            raise _refuse(event, "only a player in the lobby leaves it, by themselves")
    elif kind == "match_started":
        if actor != ms.creator and not is_moderator(actor):
            raise _refuse(event, "only the creator or a moderator starts a match")
        if list(p["seats"]) != [x.id for x in ms.lobby]:
            raise _refuse(event, "the seats are not the lobby's players in join order")
        if not ms.game.min_seats <= len(ms.lobby) <= ms.game.max_seats:
            raise _refuse(event, "wrong number of players")
    elif kind == "revert":
        _check_revert(ms, event)
    elif kind == "takeback_requested":
        if actor != ms.seats[_seat(ms, event)].id or not isinstance(p.get("of_seq"), int) or p["of_seq"] > ms.seq:
            raise _refuse(event, "a takeback is asked by the seat's own player, for an action already played")
    elif kind == "takeback_answered":
        seat = _seat(ms, event)
        if ms.takeback is None or seat == ms.takeback[0] or actor != ms.seats[seat].id:
            raise _refuse(event, "only another seated player answers a pending takeback")
    elif kind == "player_replaced":
        _check_replaced(ms, event)
    elif kind == "note":
        if not is_moderator(actor) and actor != "system":
            raise _refuse(event, "only a moderator can do this")
    elif kind == "player_removed":
        seat = _seat(ms, event)
        if seat in ms.forfeited:
            raise _refuse(event, "that seat has already left the game")
        if not (is_moderator(actor) or actor == "system" or (actor == ms.seats[seat].id and p.get("reason") == "forfeit")):
            raise _refuse(event, "a seat is removed by its own player's forfeit, a moderator or a deadline")
        if "takeover" in p and p["takeover"] not in levels(ms.game):
            raise _refuse(event, f"no bot level {p['takeover']!r} takes over a seat in this game")
    elif kind == "standing_orders":
        seat = _seat(ms, event)
        if actor != ms.seats[seat].id or seat in ms.forfeited or not isinstance(p.get("orders"), list):
            raise _refuse(event, "a seat's standing orders are set by its own player only")
    elif kind == "match_aborted" and not (is_moderator(actor) or actor == "system"):
        raise _refuse(event, "only a moderator (or the system) aborts a match")


def _check_replaced(ms: MatchState, event: Event) -> None:
    """A moderator gives any seat to anyone; a player hands their own seat,
    still in play, to a person not seated yet; a left seat comes back only
    when it is marked so (older logs never mark it)."""
    seat, p = _seat(ms, event), event.payload
    incoming = str(p["player"]["id"])
    owner = event.actor == ms.seats[seat].id and seat not in ms.forfeited and not incoming.startswith("bot:") \
        and all(x.id != incoming for x in ms.seats)
    if not (is_moderator(event.actor) or owner):
        raise _refuse(event, "a seat is handed over by a moderator or, to a person not seated, by its own player")
    if p.get("back") and seat not in ms.forfeited:
        raise _refuse(event, "only a seat that has left the game comes back")


def _check_revert(ms: MatchState, event: Event) -> None:
    p = event.payload
    kind = p.get("kind")
    if kind in ("undo", "redo"):
        if not is_moderator(event.actor):
            raise _refuse(event, "only a moderator undoes or redoes")
    elif kind == "takeback":
        if event.actor != "system" or ms.takeback is None:
            raise _refuse(event, "a takeback is carried out by the system after a request")
        asker = ms.takeback[0]
        others = {i for i, x in enumerate(ms.seats) if not x.is_bot and i not in ms.forfeited
                  and x.id != ms.seats[asker].id}
        if not others <= ms.takeback_yes or not p["to_seq"] < ms.takeback[1]:
            raise _refuse(event, "a takeback needs every other player's acceptance and goes back before the action")
    else:
        raise _refuse(event, f"unknown revert kind {kind!r}")
    if not isinstance(p.get("to_seq"), int) or not 1 <= p["to_seq"] <= ms.seq:
        raise _refuse(event, "a revert goes back to an earlier event")


def _ordered(ms: MatchState, state: Any, seat: int) -> tuple[Order, dict[str, Any]] | None:
    mine = ms.orders.get(seat, ())
    pending = next((p for p in ms.game.pending(state) if p.seat == seat), None)
    return ordering(ms.game, state, pending, mine) if mine and pending is not None else None


def _author_passes(ms: MatchState, seat: int, actor: str) -> bool:
    """Whether `check_action` passes `actor`'s action for `seat` on who they are alone:
    the seat's own player while in the game, or the system for a bot's seat or one a
    bot took over. One rule, so that replay's shortcut and the full check agree."""
    player = ms.seats[seat]
    if actor == player.id:
        return seat not in ms.forfeited
    return actor == "system" and ((player.is_bot and seat not in ms.forfeited) or seat in ms.taken)


def plain_authors(ms: MatchState) -> frozenset[tuple[int, str]]:
    """The (seat, actor) pairs whose actions `check_action` passes on who they
    are alone, in a match as it stands (`_author_passes`). A replay's run of
    actions leaves these unchanged, so it asks once per run and checks only the
    rest (a deadline's default, a forced move, an order) action by action."""
    if ms.status != "running":
        return frozenset()
    return frozenset((seat, actor) for seat, player in enumerate(ms.seats) for actor in (player.id, "system")
                     if _author_passes(ms, seat, actor))


def check_action(ms: MatchState, event: Event, state: Any) -> None:
    """An action's author: the seat's own player (still in the game), or the
    system playing a bot, a forfeited seat, or a missed deadline. The system
    may only play the game's default action for a human seat (a deadline
    cannot be used to choose a move for someone) unless a bot took the seat
    over when its player left (recorded in the log), a forced one: the seat's
    only legal action, where public facts fix it (engine.core.forced), or the
    one the seat's own standing order or premove gives (engine.core.orders). A response
    window (events/window.py) closes only a response, with the default action."""
    if ms.status != "running":
        raise _refuse(event, f"not possible while the match is {ms.status}")
    seat = event.payload.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(ms.seats):
        raise _refuse(event, f"there is no seat {seat}")
    actor = event.actor
    if _author_passes(ms, seat, actor):
        return
    if actor == ms.seats[seat].id:
        raise _refuse(event, "that seat has left the game")
    if actor != "system":
        raise _refuse(event, f"seat {seat + 1} is not this actor's")
    played = canonical_payload(dict(event.payload["action"]))
    if event.payload.get("auto") in ("order", "premove"):
        ordered = _ordered(ms, state, seat)
        if ordered is None or ordered[0].auto != event.payload["auto"] or played != canonical_payload(ordered[1]):
            raise _refuse(event, "no standing order or premove of the seat gives this action for this decision")
        return
    default = played == canonical_payload(dict(ms.game.default_action(state, seat)))
    if event.payload.get("auto") == "window":
        pending = next((p for p in ms.game.pending(state) if p.seat == seat), None)
        if not default or pending is None or RESPONSE not in ms.game.order_tags(state, pending):
            raise _refuse(event, "a response window closes only a response, with the default action")
        return
    if default:
        return
    forced = forced_action(ms.game, state, seat) if event.payload.get("auto") == "forced" else None
    if forced is None or played != canonical_payload(forced):
        raise _refuse(event, "the system played something other than the default or the only action for a person")
