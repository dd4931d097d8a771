"""Ruins (遺跡) and their exploration: the explorer commits a reward from hand (ally,
artefact or treasure); each other player in turn may obstruct with one terrain,
weather, calamity or spell card and then checks against the reward's search risk."""

from __future__ import annotations

from engine.core import Rng, Text

from .removal import destroy_stack
from .state import Decision, WState, cdef, check, find_stack, name, order_from, seat_text, to_discard

OBSTRUCTION_TYPES = ("terrain", "weather", "calamity", "spell")


def start(s: WState, seat: int, stack_id: str, ruin: str, reward: str, log: list[Text]) -> None:
    p = s.players[seat]
    p.hand.remove(reward)
    found = find_stack(s, stack_id)
    assert found is not None
    found[1].explored = True
    log.append(Text("The stack of ", "") + name(s, stack_id) + Text(" explores ", "のスタックが")
               + name(s, ruin) + Text(" seeking ", "を探索する（報酬：") + name(s, reward) + Text(".", "）。"))
    others = [o for o in order_from(s, seat, include_start=False) if not s.players[o].eliminated]
    s.decision = Decision("obstruct", others, seat, stack=stack_id, ruin=ruin, reward=reward)
    if not others:
        succeed(s, log)


def obstruct(s: WState, rng: Rng, seat: int, iid: str, log: list[Text]) -> None:
    d = s.decision
    assert d is not None
    s.players[seat].hand.remove(iid)
    to_discard(s, iid)
    risk = cdef(s, d.reward).search_risk
    log.append(seat_text(seat) + Text(" obstructs with ", "は") + name(s, iid)
               + Text(f" (search risk {risk}).", f"で妨害する（捜索リスク{risk}）。"))
    value, _ = check(s, seat, rng, log)
    d.seats.remove(seat)
    if value <= risk:
        fail(s, log)
    elif not d.seats:
        succeed(s, log)


def decline(s: WState, seat: int, log: list[Text]) -> None:
    d = s.decision
    assert d is not None
    d.seats.remove(seat)
    log.append(seat_text(seat) + Text(" does not obstruct.", "は妨害しない。"))
    if not d.seats:
        succeed(s, log)


def succeed(s: WState, log: list[Text]) -> None:
    d = s.decision
    assert d is not None
    s.decision = None
    p = s.players[d.actor]
    p.ruins.remove(d.ruin)
    p.ruin_turn.pop(d.ruin, None)
    to_discard(s, d.ruin)
    found = find_stack(s, d.stack)
    kind = cdef(s, d.reward).type
    if kind == "treasure":
        p.treasures.append(d.reward)
    elif found is not None:
        found[1].members.append(d.reward)
    else:
        to_discard(s, d.reward)
    log.append(name(s, d.ruin) + Text(" is explored: ", "の探索に成功：") + name(s, d.reward) + Text(" found.", "を得た。"))


def fail(s: WState, log: list[Text]) -> None:
    d = s.decision
    assert d is not None
    s.decision = None
    log.append(Text("The expedition into ", "") + name(s, d.ruin) + Text(" is lost.", "の探索は失敗し、遭難した。"))
    to_discard(s, d.reward)
    found = find_stack(s, d.stack)
    if found is not None:
        destroy_stack(s, found[0], found[1], log)
