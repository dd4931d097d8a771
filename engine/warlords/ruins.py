"""Ruins (遺跡) and their exploration: the explorer commits a reward from hand (ally,
artefact or treasure); each other player in turn may obstruct with one terrain,
weather, calamity or spell card and then checks against the reward's search risk."""

from __future__ import annotations

from engine.core import Rng, Text, seat_ref

from .removal import destroy_stack
from .state import Decision, WState, check, find_stack, name, order_from, rec, to_discard
from .words import stack_of

OBSTRUCTION_TYPES = ("terrain", "weather", "calamity", "spell")


def start(s: WState, seat: int, stack_id: str, ruin: str, reward: str, log: list[Text] | None) -> None:
    p = s.players[seat]
    p.hand.remove(reward)
    found = find_stack(s, stack_id)
    assert found is not None
    found[1].explored = True
    risk = rec(s, reward).search_risk
    if log is not None:
        log.append(stack_of(s, stack_id, seat) + Text(" explores ", "が") + name(s, ruin) + Text(", seeking ", "を探索する（報酬：")
                   + name(s, reward) + Text(f" (search risk {risk}); each other player may obstruct.",
                                            f"、捜索リスク{risk}）。他のプレイヤーは妨害できる。"))
    others = [o for o in order_from(s, seat, include_start=False) if not s.players[o].eliminated]
    s.decision = Decision("obstruct", others, seat, stack=stack_id, ruin=ruin, reward=reward)
    if not others:
        succeed(s, log)


def obstruct(s: WState, rng: Rng, seat: int, iid: str, log: list[Text] | None) -> None:
    d = s.decision
    assert d is not None
    s.players[seat].hand.remove(iid)
    to_discard(s, iid)
    risk = rec(s, d.reward).search_risk
    if log is not None:
        log.append(seat_ref(seat) + Text(" obstructs with ", "は") + name(s, iid)
                   + Text(f": a check of {risk} or less loses the expedition.", f"で妨害する：判定が{risk}以下なら探索は失敗する。"))
    value, _ = check(s, seat, rng, log, Text("the obstruction", "妨害"))
    d.seats.remove(seat)
    if value <= risk:
        fail(s, log)
    else:
        if log is not None:
            log.append(Text(f"The check {value} is above the search risk {risk}: the expedition goes on.",
                            f"判定{value}は捜索リスク{risk}を上回った：探索は続く。"))
        if not d.seats:
            succeed(s, log)


def decline(s: WState, seat: int, log: list[Text] | None) -> None:
    d = s.decision
    assert d is not None
    d.seats.remove(seat)
    if log is not None:
        log.append(seat_ref(seat) + Text(" does not obstruct.", "は妨害しない。"))
    if not d.seats:
        succeed(s, log)


def succeed(s: WState, log: list[Text] | None) -> None:
    d = s.decision
    assert d is not None
    s.decision = None
    p = s.players[d.actor]
    p.ruins.remove(d.ruin)
    p.ruin_turn.pop(d.ruin, None)
    to_discard(s, d.ruin)
    found = find_stack(s, d.stack)
    kind = rec(s, d.reward).type
    if kind == "treasure":
        p.treasures.append(d.reward)
    elif found is not None:
        found[1].members.append(d.reward)
    else:
        to_discard(s, d.reward)
    if log is None:
        return
    head = seat_ref(d.actor) + Text(" explores ", "は") + name(s, d.ruin) + Text(": ", "の探索に成功した：") + name(s, d.reward)
    if kind == "treasure":
        log.append(head + Text(" goes to their treasury.", "を財宝として得た。"))
    elif found is not None:
        log.append(head + Text(" joins ", "が") + stack_of(s, d.stack, d.actor) + Text(".", "に加わった。"))
    else:
        log.append(head + Text(" is discarded: the stack is gone.", "は捨て札になった（スタックがない）。"))


def fail(s: WState, log: list[Text] | None) -> None:
    d = s.decision
    assert d is not None
    s.decision = None
    if log is not None:
        log.append(Text("The expedition into ", "") + name(s, d.ruin)
                   + Text(f" is lost: {rec(s, d.reward).name.en} is discarded with the stack.",
                          f"の探索は失敗し、遭難した：{rec(s, d.reward).name.ja}はスタックとともに捨て札になる。"))
    to_discard(s, d.reward)
    found = find_stack(s, d.stack)
    if found is not None:
        destroy_stack(s, found[0], found[1], log)
