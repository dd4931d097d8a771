"""How menu entries read: each legal action as a sentence a player can choose
from (the card, where it goes, what it costs and does), the stage it belongs to
in a long menu (`Choice.group`), and the code a player types for it, seats
counted from 1 as people count them."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.core import Text, UnknownAction, format_action, seat_ref
from engine.core.actions import typed_number
from engine.core.identity import kept_by_identity

from .catalog import numbers, static_effect, type_name, use
from .stacks import STATE_TEXT, castle_combat, stack_combat, stack_state
from .state import WState, cdef, find_castle, find_stack, name
from .words import NOTHING, card_with, holder, piece, yours

Action = dict[str, Any]
GROUPS = {
    "march": Text("March a stack", "スタックを行軍させる"),
    "recall": Text("Recall a stack", "スタックを帰還させる"),
    "clear": Text("Remove a card with a March card", "行軍カードで取り除く"),
    "sell": Text("Sell a treasure", "財宝を売る"),
}
HAND_KINDS = ("deploy", "play", "calamity", "cast", "terrain", "weather", "explore")


# What a card reads as in a label and as its menu group, once per definition (engine/core/identity.py): a turn's
# menu names each card of the hand once per place it may go.
_CARDS: dict[tuple[Hashable, ...], tuple[Any, Any]] = {}
_GROUPS: dict[tuple[Hashable, ...], tuple[Any, Any]] = {}


def _numbers(s: WState, iid: str, limit: int = 3) -> list[Text]:
    return [t for t in numbers(cdef(s, iid)) if t.en != "no cost"][:limit]


def _card(s: WState, iid: str) -> Text:
    # card_with and _numbers read nothing of the card but its definition.
    return kept_by_identity(_CARDS, cdef(s, iid), lambda _: card_with(s, iid, _numbers(s, iid)))


def hand_group(s: WState, iid: str) -> Text:
    """The first stage of a long menu: the card from hand ('Griffins (army)')."""
    return kept_by_identity(_GROUPS, cdef(s, iid), lambda d: name(s, iid) + Text(" (", "（") + type_name(d.type) + Text(")", "）"))


def group(s: WState, a: Action) -> Text | None:
    kind = a["kind"]
    if kind in HAND_KINDS:
        return hand_group(s, a["reward"] if kind == "explore" else a["card"])
    if kind == "attack":
        return Text("Attack with ", "攻撃：") + yours(s, a["stack"])
    return GROUPS.get(kind)


def _deploy(s: WState, a: Action) -> Text:
    iid, to = a["card"], a.get("to", "none")
    d = cdef(s, iid)
    if to == "none":
        what = type_name(d.type)
        extra = Text(" as a new stack", "して新しいスタックに") if d.type == "hero" else NOTHING
        return Text(f"Deploy the {what.en} ", f"{what.ja}「") + _card(s, iid) + Text("", "」を配置") + extra
    if find_castle(s, to) is not None and d.type == "army":
        where = Text("the garrison of ", "") + yours(s, to) + Text("", "の守備隊")
    else:
        where = yours(s, to)
    on = " on " if d.type == "improvement" else " to "
    return Text("Deploy ", "") + _card(s, iid) + Text(on, "を") + where + Text("", "に配置")


def _march(s: WState, a: Action) -> Text:
    found = find_stack(s, a["stack"])
    assert found is not None
    now = stack_state(found[1])
    nxt = {"camped": "patrolling", "patrolling": "campaign", "in_port": "at_sea"}.get(now, now)
    head = Text("March ", "") + yours(s, a["stack"]) + Text(": ", "を行軍：")
    if "target" in a:
        return head + Text("on campaign against ", "") + seat_ref(int(a["target"])) + Text("", "に対して作戦中に")
    return head + STATE_TEXT[now] + Text(" → ", "→") + STATE_TEXT[nxt]


def _attack(s: WState, a: Action) -> Text:
    found = find_stack(s, a["stack"])
    assert found is not None
    cards = a["cards"]
    bonus = sum(cdef(s, c).battle or 0 for c in cards)
    card = name(s, cards[0]) + (Text(f" ×{len(cards)}", f"×{len(cards)}") if len(cards) > 1 else NOTHING)
    total = stack_combat(s, found[1]) + bonus
    mine = Text(f"{total}, ", f"{total}、") + card + Text(f" {bonus:+d}", f"{bonus:+d}")
    castle = find_castle(s, a["target"])
    other = find_stack(s, a["target"])
    theirs = (castle_combat(s, castle[1]) if castle is not None else
              stack_combat(s, other[1]) if other is not None else 0)
    target, own = piece(s, a["target"]), yours(s, a["stack"])
    # The two languages put the target and the attacker in opposite order.
    return Text(f"Attack {target.en} ({theirs}) with {own.en} ({mine.en})",
                f"{own.ja}（{mine.ja}）で{target.ja}（{theirs}）を攻撃")


def _play(s: WState, a: Action) -> Text:
    iid = a["card"]
    d = cdef(s, iid)
    cost = Text(f" (cost {d.cost})", f"（コスト{d.cost}）") if d.cost else NOTHING
    target = a.get("target")
    if isinstance(target, str) and target not in ("", "none"):
        return Text("Play ", "") + name(s, iid) + cost + Text(" on ", "を") + piece(s, target) + Text("", "に使う")
    return Text("Play ", "") + name(s, iid) + cost + Text(": ", "を使う：") + use(d)


def _terrain(s: WState, seat: int, a: Action) -> Text:
    iid, sid = a["card"], a["stack"]
    effects = [static_effect(e) for e in cdef(s, iid).effects]
    found = find_stack(s, sid)
    where = yours(s, sid) if found is not None and found[0] == seat else piece(s, sid)
    verb = Text("Put ", "") if a["kind"] == "terrain" else Text("Bring ", "")
    return verb + card_with(s, iid, effects) + Text(" on ", "を") + where + Text("", "に付ける")


def label(s: WState, seat: int, a: Action) -> Text:
    kind = a["kind"]
    if kind == "end":
        return Text("End your turn", "手番を終える")
    if kind == "deploy":
        return _deploy(s, a)
    if kind == "march":
        return _march(s, a)
    if kind == "recall":
        return Text("Recall ", "") + yours(s, a["stack"]) + Text(" (its March cards are discarded)",
                                                                 "を帰還させる（行軍カードは捨て札）")
    if kind == "clear":
        on, where = name(s, a["on"]), holder(s, a["on"])
        if where is None:
            return Text(f"Remove {on.en} with a March card", f"行軍カードで{on.ja}を取り除く")
        src = yours(s, where)
        return Text(f"Remove {on.en} from {src.en} with a March card", f"行軍カードで{src.ja}から{on.ja}を取り除く")
    if kind == "attack":
        return _attack(s, a)
    if kind == "explore":
        risk = cdef(s, a["reward"]).search_risk
        return (Text("Explore ", "") + name(s, a["ruin"]) + Text(" with ", "を") + yours(s, a["stack"])
                + Text(", offering ", "で探索（報酬：") + name(s, a["reward"])
                + Text(f" (search risk {risk})", f"、捜索リスク{risk}）"))
    if kind == "play":
        return _play(s, a)
    if kind == "calamity":
        return Text("Bring ", "") + name(s, a["card"]) + Text(" upon ", "を") + piece(s, a["target"]) + Text("", "にもたらす")
    if kind == "cast":
        return (Text("Cast ", "") + name(s, a["card"]) + Text(" from ", "を") + yours(s, a["stack"])
                + Text(" at ", "から") + piece(s, a["target"]) + Text("", "に唱える"))
    if kind in ("terrain", "weather"):
        return _terrain(s, seat, a)
    if kind == "sell":
        return Text("Sell ", "") + name(s, a["card"]) + Text(f" for {cdef(s, a['card']).revenue} revenue",
                                                             f"を売却（収益+{cdef(s, a['card']).revenue}）")
    return Text(format_action(a), format_action(a))


def shown(a: Action) -> str | None:
    """The code a player types, when it names a seat: 1-based, as people count."""
    t = a.get("target")
    if isinstance(t, int) and not isinstance(t, bool):
        return format_action({**a, "target": t + 1})
    if isinstance(t, str) and t.startswith("p") and t[1:].isdigit():
        return format_action({**a, "target": f"p{int(t[1:]) + 1}"})
    return None


def _seat(n: int, prefix: str) -> int:
    if n < 1:
        raise UnknownAction(Text(f"Seats are counted from 1: target={prefix}{n} names no seat.",
                                 f"席は1から数えます。target={prefix}{n} の席はありません。"),
                            Text(f"Write target={prefix}1 for the first seat.", f"最初の席は target={prefix}1 です。"))
    return n - 1


def read_typed(a: Action) -> Action:
    """A typed action, its seats read as people count them (from 1) into the
    engine's count (from 0); the action recorded is the engine's, as before."""
    t = a.get("target")
    if isinstance(t, bool):
        return a
    if isinstance(t, int):
        seat = _seat(t, "")
        # A player aimed at by a card is written p<seat>; a bare number is read as one too.
        return {**a, "target": f"p{seat}" if a.get("kind") in ("play", "cast") else seat}
    number = typed_number(t[1:], signed=False) if isinstance(t, str) and t.startswith("p") else None
    if number is not None:
        return {**a, "target": f"p{_seat(number, 'p')}"}
    return a
