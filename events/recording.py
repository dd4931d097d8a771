"""What the log records about an action beyond the action itself: the turn it
was played in, its public log lines, whether it revealed anything, and the
digest of the board everyone saw after it. The live service writes these and
`verify` recomputes them with the same function, so the two cannot drift."""

from __future__ import annotations

from typing import Any

from engine.core import Text, seat_ref
from engine.core.play import Step
from engine.core.reveal import gains_hidden

from .replay import MatchState, public_digest, view_digest

NO_CHOICE = Text("{who} had no choice:", "{who}に選択の余地なし:")
BY_ORDER = Text("{who}, by standing order:", "{who}の事前指示により:")
BY_PREMOVE = Text("{who}, by premove:", "{who}のプレムーブにより:")
WINDOW_CLOSED = Text("The response window closed for {who}:", "{who}の応答の受付時間が終わりました:")
# The automatic moves the log says first, so nobody wonders when the seat moved.
SAID_FIRST = {"forced": NO_CHOICE, "order": BY_ORDER, "premove": BY_PREMOVE, "window": WINDOW_CLOSED}


def action_record(before: MatchState, after: MatchState, step: Step[Any], seat: int,
                  action: dict[str, Any], spectator: dict[str, Any] | None = None,
                  auto: str | None = None) -> dict[str, Any]:
    """`spectator` is the spectator view after the action when the caller has
    it already (the live service keeps it for the board it posts next).
    `auto`: why the system played it; the log says so first when it was the
    seat's only choice, its standing order or premove, or its response window closing."""
    game = before.game
    # The label (which enumerates legal actions) only when the game wrote no
    # log line; `before.state` is the state the action was chosen in.
    log = [x.to_json() for x in step.transition.log] or [game.describe(before.state, seat, action).to_json()]
    said = SAID_FIRST.get(auto or "")
    if said is not None:
        log.insert(0, said.format(who=seat_ref(seat)).to_json())
    # Revealing: it drew randomness, or some seat now sees what was hidden from
    # it (and from the actor) before. Either makes the action final for takeback.
    reveals = step.reveals or gains_hidden(game, before.state, after.state, len(before.seats), seat)
    return {"seat": seat, "action": action, "turn": game.turn(before.state), "reveals": reveals,
            "log": log, "digest": view_digest(spectator) if spectator is not None else public_digest(game, after.state)}
