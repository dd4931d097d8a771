"""Standing orders: a seat's private instruction to answer some of its decisions
for it, like XMage's pass-until keys and MTGO's stops.

An order says which decisions it answers (by their public tags: the pending
kind, "response" for a decision taken in another seat's turn, "any"), with
which action (the decision's default, passive action, or one the seat named),
and until when (the seat's next turn, the end of the phase it was set in, or
until cancelled). Everything that decides whether an order fires is public
(the tags, the turn, the phase) except the order itself and the legality of a
named action: so an automatic move tells the table only what the seat chose
to let it tell, and the front ends' help says so.

Pure data and pure functions: the log stores orders as `to_json`, the replay
keeps them in the match envelope, and the service and the replay's authority
check both ask `ordered_action`, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action, format_action, normalise
from .errors import RuleError
from .ordertags import ANY, RESPONSE, Preset
from .text import Text

if TYPE_CHECKING:
    from .contract import Game, Pending

LIMITS = ("turn", "phase", "match")
ONCE = "once"  # a premove's limit (engine.core.premoves): its seat's next decision
LIMIT_TEXT = {"turn": Text("until your next turn", "次の自分の手番まで"),
              "phase": Text("until the end of this phase", "このフェイズの終わりまで"),
              "match": Text("until you cancel it", "取り消すまで")}
# What every game offers; a game adds its own in `Game.order_presets`.
GENERIC: dict[str, Preset] = {
    "responses": Preset((RESPONSE,), "turn", Text("pass every decision you get in another player's turn",
                                                  "他のプレイヤーの手番中に来る判断をすべてパスする")),
    "all": Preset((ANY,), "phase", Text("pass every decision you get", "自分に来る判断をすべてパスする")),
}


@dataclass(frozen=True, slots=True)
class Order:
    name: str  # how the seat named it (a preset, or "decline <kind>")
    tags: tuple[str, ...]  # the decisions it answers (`Game.order_tags`)
    action: str | None  # None: the decision's default action; else an action in its text form
    until: str  # one of LIMITS
    turn: int  # the turn and active seat when it was set ("until my next turn")
    active: int
    phase: str  # the phase when it was set ("until the end of this phase")
    # A premove's condition ({"if": another seat's action} or {"on": a decision tag}),
    # whether it is met (a ready premove answers its seat's decision), and whether
    # it still waits for another seat's move before any decision counts (engine.core.premoves).
    when: Mapping[str, Any] | None = None
    ready: bool = False
    wait: bool = True

    def to_json(self) -> dict[str, Any]:
        data = {"name": self.name, "tags": list(self.tags), "action": self.action, "until": self.until,
                "turn": self.turn, "active": self.active, "phase": self.phase}
        return data if self.when is None else {**data, "when": dict(self.when), "ready": self.ready,
                                               "wait": self.wait}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Order:
        when = data.get("when")
        return Order(str(data["name"]), tuple(str(t) for t in data["tags"]), data.get("action"), str(data["until"]),
                     int(data["turn"]), int(data["active"]), str(data["phase"]),
                     None if when is None else dict(when), bool(data.get("ready", False)),
                     bool(data.get("wait", True)))

    @property
    def auto(self) -> str:
        """How the log marks a move this order made."""
        return "premove" if self.until == ONCE else "order"

    def describe(self) -> Text:
        if self.when is not None:
            return _premove_text(self.when, str(self.action))
        what = Text(self.name, self.name) if self.action is None else \
            Text(f"{self.name}, answering `{self.action}`", f"{self.name}（`{self.action}`で応答）")
        limit = LIMIT_TEXT[self.until]
        return Text(f"{what.en} {limit.en}", f"{what.ja}：{limit.ja}")


def _premove_text(when: Mapping[str, Any], answer: str) -> Text:
    if "on" in when:
        return Text(f"premove: when you are asked `{when['on']}`, `{answer}`",
                    f"プレムーブ: `{when['on']}`を問われたら`{answer}`")
    said = format_action(when["if"])
    return Text(f"premove: if they play `{said}`, `{answer}`", f"プレムーブ: 相手が`{said}`なら`{answer}`")


def _refuse(en: str, ja: str, hint: Text) -> RuleError:
    return RuleError(Text(en, ja), hint)


def usage(game: Game[Any]) -> Text:
    names = ", ".join([*GENERIC, *game.order_presets])
    return Text(f"order <{names} | decline KIND> [with ACTION] [until turn|phase|match]",
                f"order <{names} | decline 種類> [with 行動] [until turn|phase|match]")


def make_order(game: Game[Any], state: Any, words: str) -> Order:
    """The order a seat typed (`responses until phase`, `decline obstruct`,
    `decline battle_tool with no_tool`), marked with the turn and phase now.
    A premove, which builds on orders, is read by engine.core.premoves.typed."""
    tokens: list[str] = []
    parts: dict[str, list[str]] = {"with": [], "until": []}
    into = tokens
    for word in words.split():
        into = parts.get(word, into)
        if word not in parts:
            into.append(word)
    named, limit = " ".join(parts["with"]), " ".join(parts["until"])
    presets = {**GENERIC, **game.order_presets}
    tags: tuple[str, ...]
    if len(tokens) == 2 and tokens[0] == "decline":
        name, tags, until = f"decline {tokens[1]}", (tokens[1],), "match"
    elif len(tokens) == 1 and tokens[0] in presets:
        preset = presets[tokens[0]]
        name, tags, until = tokens[0], preset.tags, preset.until
    else:
        raise _refuse(f"'{words.strip()}' is not a standing order.", f"「{words.strip()}」は事前指示ではありません。",
                      usage(game))
    until = limit or until
    if until not in LIMITS:
        raise _refuse(f"'{until}' is not a limit for an order.", f"「{until}」は指示の期限ではありません。",
                      Text("Use until turn, until phase or until match.",
                           "until turn・until phase・until match のいずれかを指定してください。"))
    action = format_action(game.parse_action(named)) if named else None
    return Order(name, tags, action, until, game.turn(state), _active(game, state), game.phase(state))


def _active(game: Game[Any], state: Any) -> int:
    active = game.active_seat(state)
    return -1 if active is None else active


def lapsed(game: Game[Any], state: Any, seat: int, order: Order) -> bool:
    """Has the order's limit passed? Checked after every action, so a limit once
    passed stays passed even if the phase or turn marker came round again."""
    if order.until == "phase":
        return game.phase(state) != order.phase
    if order.until == "turn":
        now = (game.turn(state), _active(game, state))
        return now != (order.turn, order.active) and now[1] == seat
    return False


def standing(game: Game[Any], state: Any, orders: Mapping[int, tuple[Order, ...]]
             ) -> Mapping[int, tuple[Order, ...]]:
    """`orders` without those whose limit has passed (the same mapping when none has)."""
    kept = {seat: tuple(o for o in mine if not lapsed(game, state, seat, o)) for seat, mine in orders.items()}
    if all(len(kept[s]) == len(orders[s]) for s in orders):
        return orders
    return {seat: mine for seat, mine in kept.items() if mine}


def ordered_action(game: Game[Any], state: Any, pending: Pending, orders: tuple[Order, ...]) -> Action | None:
    """The action the seat's standing orders give for this decision, if one
    covers it and its action is legal now; else None (the seat decides)."""
    found = ordering(game, state, pending, orders)
    return None if found is None else found[1]


def ordering(game: Game[Any], state: Any, pending: Pending, orders: tuple[Order, ...]
             ) -> tuple[Order, Action] | None:
    """`ordered_action`, with the order that gives it. A premove answers only
    once it is ready (its condition met when the decision came)."""
    tags = game.order_tags(state, pending)
    for order in orders:
        if not (order.ready if order.when is not None else tags.intersection(order.tags)):
            continue
        legal = [normalise(c.action) for c in game.legal_actions(state, pending.seat)]
        if order.action is None:
            wanted = normalise(game.default_action(state, pending.seat))
        else:
            wanted = normalise(game.parse_action(order.action))
        if wanted in legal:
            return order, wanted
    return None
