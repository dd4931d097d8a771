"""The turn: provisions -> recovery -> draw -> main 1 -> battle -> main 2 ->
end. Main phases alternate single actions starting with the turn player and
end after two passes in a row."""

from __future__ import annotations

from engine.core import Text, seat_ref

from .battle import attackers
from .provisions import draw, take_provisions
from .state import Log, MusouState
from .stats import extra_provisions
from .terms import supply_count


def acted(s: MusouState, seat: int) -> None:
    """A non-pass action in a main phase hands the priority over."""
    if s.stage in ("main1", "main2"):
        s.passes = 0
        s.priority = 1 - seat


def main_pass(s: MusouState, seat: int, log: Log) -> None:
    s.passes += 1
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} passes.", f"{seat_ref(seat).ja}はパスした。"))
    if s.passes < 2:
        s.priority = 1 - seat
    elif s.stage == "main1":
        enter_battle(s, log)
    else:
        end_turn(s, log)


def open_main(s: MusouState, stage: str) -> None:
    s.stage, s.priority, s.passes = stage, s.active, 0


def enter_battle(s: MusouState, log: Log) -> None:
    s.stage = "battle"
    if s.game_winner is None and not attackers(s, s.active):
        open_main(s, "main2")
        if log is not None:
            who = seat_ref(s.active)
            log.append(Text(f"{who.en} has no general able to attack: {who.en}'s main phase 2.",
                            f"{who.ja}には攻撃できる武将がいない：{who.ja}のメインフェイズ2。"))
        return
    if log is not None:
        log.append(Text(f"{seat_ref(s.active).en}'s battle phase.", f"{seat_ref(s.active).ja}の戦功フェイズ。"))


def after_attack(s: MusouState, log: Log) -> None:
    """With nobody left able to attack, the battle phase ends by itself."""
    if s.game_winner is None and not attackers(s, s.active):
        end_battle(s, log)


def end_battle(s: MusouState, log: Log) -> None:
    open_main(s, "main2")
    if log is not None:
        log.append(Text(f"{seat_ref(s.active).en}'s main phase 2.", f"{seat_ref(s.active).ja}のメインフェイズ2。"))


def end_turn(s: MusouState, log: Log) -> None:
    for row in s.field:
        for slot in row:
            if slot is not None:
                slot.damage = slot.boost = 0
                slot.attacked = slot.moved = False
    s.tribute_used = [False, False]
    start_turn(s, 1 - s.active, log)


def start_turn(s: MusouState, seat: int, log: Log) -> None:
    s.active = seat
    s.turn += 1
    s.game_turn += 1
    if log is not None:
        log.append(Text(f"Turn {s.game_turn}: {seat_ref(seat).en}.", f"第{s.game_turn}ターン：{seat_ref(seat).ja}。"))
    if s.game_turn > 1:  # the first player takes no provisions on the first turn
        take_provisions(s, seat, 1 + supply_count(s, seat) + extra_provisions(s, seat), log)
    for slot in s.field[seat]:
        if slot is not None:
            slot.exhausted = False
    if s.game_winner is None:
        draw(s, seat, 1, log)
    open_main(s, "main1")
