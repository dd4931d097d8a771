"""Conditional premoves, like Lichess's: "if they play X, I play Y".

A premove is a standing order (engine.core.orders) that answers one decision,
the seat's next one after another seat has moved (so, as in correspondence
chess, a seat may set it at its own decision, for the reply to the move it is
about to make: its own moves before the others' keep it), and only when its
condition holds as that decision comes:
either another seat played a matching action since the premove was set (`if
KIND [ARGS]`: "if they end their turn", however many of their own decisions
follow it), or the decision carries a tag (`on KIND`). Its answer must be legal
then; otherwise the premove lapses and the seat is asked as usual. Whatever
happens at that decision, the premove is gone after it: it fires at most once.

What it waits on is public. An `if` names only action kinds the game declares
seen whole by every seat (`Game.premove_kinds`), so whether it matched tells
its seat nothing the table did not see; an `on` names a decision's public tags
(`Game.order_tags`). Only the answer's legality hangs on the seat's own cards,
and the move it makes is the seat's own choice, shown as made by premove.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .actions import Action, format_action, normalise
from .errors import RuleError
from .orders import ONCE, Order, make_order
from .text import Text

if TYPE_CHECKING:
    from .contract import Game

USAGE = Text("premove if KIND [ARGS] then ACTION | premove on DECISION then ACTION",
             "premove if 種類 [引数] then 行動 | premove on 判断 then 行動")


def _refuse(en: str, ja: str, hint: Text = USAGE) -> RuleError:
    return RuleError(Text(en, ja), hint)


def make_premove(game: Game[Any], state: Any, words: str) -> Order:
    """The premove a seat typed, e.g. `premove if end_turn then pass`."""
    if not game.premove_kinds:
        raise _refuse(f"{game.title.en} does not allow premoves.", f"{game.title.ja}ではプレムーブは使えません。",
                      Text("Standing orders (`order`) still work.", "事前指示（`order`）は使えます。"))
    head, _, answer = " ".join(words.split()[1:]).partition(" then ")
    mode, _, condition = head.partition(" ")
    if mode not in ("if", "on") or not condition.strip() or not answer.strip():
        raise _refuse(f"'{words.strip()}' is not a premove.", f"「{words.strip()}」はプレムーブではありません。")
    when: dict[str, Any]
    if mode == "on":
        when = {"on": condition.strip()}
    else:
        trigger = game.parse_action(condition)
        if trigger["kind"] not in game.premove_kinds:
            kinds = ", ".join(sorted(game.premove_kinds))
            raise _refuse(f"A premove cannot wait for '{trigger['kind']}': the table does not see it whole.",
                          f"「{trigger['kind']}」はプレムーブの条件にできません。卓に全部は見えない行動です。",
                          Text(f"In {game.title.en} a premove may wait for: {kinds}.",
                               f"{game.title.ja}でプレムーブの条件にできる行動: {kinds}。"))
        when = {"if": normalise(trigger)}
    active = game.active_seat(state)
    return Order("premove", (), format_action(game.parse_action(answer)), ONCE, game.turn(state),
                 -1 if active is None else active, game.phase(state), when)


def _matches(trigger: Mapping[str, Any], action: Mapping[str, Any]) -> bool:
    played = normalise(action)
    return all(played.get(k) == v for k, v in trigger.items())


def _judge(game: Game[Any], state: Any, owner: int, seat: int, action: Action, order: Order) -> Order | None:
    """The premove after `seat` played `action`: kept through its own seat's
    moves until another seat has moved, marked ready once another seat played
    what it waits for, kept while its seat waits for nothing, and when the
    seat's decision comes, kept (to fire) only if ready and its answer is
    legal, else gone. Its seat's move after that is its firing, or the answer
    the seat gave when it lapsed: either way it ends."""
    assert order.when is not None
    if seat == owner:
        return order if order.wait else None
    ready = order.ready or ("if" in order.when and _matches(order.when["if"], action))
    pending = next((p for p in game.pending(state) if p.seat == owner), None)
    if pending is None:
        return replace(order, ready=ready, wait=False)
    if "on" in order.when:
        ready = order.when["on"] in game.order_tags(state, pending)
    legal = [normalise(c.action) for c in game.legal_actions(state, owner)]
    wanted = normalise(game.parse_action(str(order.action)))
    return replace(order, ready=True, wait=False) if ready and wanted in legal else None


def judged(game: Game[Any], state: Any, seat: int, action: Action,
           orders: Mapping[int, tuple[Order, ...]]) -> Mapping[int, tuple[Order, ...]]:
    """`orders` after `seat` played `action` (into `state`), every premove judged."""
    if not any(o.when is not None for mine in orders.values() for o in mine):
        return orders
    kept: dict[int, tuple[Order, ...]] = {}
    for owner, mine in orders.items():
        after = [o if o.when is None else _judge(game, state, owner, seat, action, o) for o in mine]
        if left := tuple(o for o in after if o is not None):
            kept[owner] = left
    return kept


def typed(game: Game[Any], state: Any, words: str) -> Order:
    """A standing order or a premove, as a seat typed it after `order`."""
    return make_premove(game, state, words) if words.split()[:1] == ["premove"] else make_order(game, state, words)
