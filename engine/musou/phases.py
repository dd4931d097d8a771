"""The turn: provisions -> recovery -> draw -> main 1 -> battle -> main 2 ->
end. Main phases alternate single actions starting with the turn player and
end after two passes in a row."""

from __future__ import annotations

from engine.core import Text, seat_ref

from .battle import attackers
from .provisions import draw, take_provisions
from .state import SQUARES, MusouState
from .stats import extra_provisions
from .terms import supply_count


def acted(s: MusouState, seat: int) -> None:
    """A non-pass action in a main phase hands the priority over."""
    if s.stage in ("main1", "main2"):
        s.passes = 0
        s.priority = 1 - seat


def main_pass(s: MusouState, seat: int) -> list[Text]:
    s.passes += 1
    log = [Text(f"{seat_ref(seat).en} passes.", f"{seat_ref(seat).ja}はパスした。")]
    if s.passes < 2:
        s.priority = 1 - seat
        return log
    if s.stage == "main1":
        return log + enter_battle(s)
    return log + end_turn(s)


def open_main(s: MusouState, stage: str) -> None:
    s.stage, s.priority, s.passes = stage, s.active, 0


def enter_battle(s: MusouState) -> list[Text]:
    s.stage = "battle"
    if s.game_winner is None and not attackers(s, s.active):
        who = seat_ref(s.active)
        open_main(s, "main2")
        return [Text(f"{who.en} has no general able to attack: {who.en}'s main phase 2.",
                     f"{who.ja}には攻撃できる武将がいない：{who.ja}のメインフェイズ2。")]
    return [Text(f"{seat_ref(s.active).en}'s battle phase.", f"{seat_ref(s.active).ja}の戦功フェイズ。")]


def after_attack(s: MusouState) -> list[Text]:
    """With nobody left able to attack, the battle phase ends by itself."""
    if s.game_winner is None and not attackers(s, s.active):
        return end_battle(s)
    return []


def end_battle(s: MusouState) -> list[Text]:
    open_main(s, "main2")
    return [Text(f"{seat_ref(s.active).en}'s main phase 2.", f"{seat_ref(s.active).ja}のメインフェイズ2。")]


def end_turn(s: MusouState) -> list[Text]:
    for side in (0, 1):
        for sq in SQUARES:
            slot = s.field[side][sq]
            if slot is not None:
                slot.damage = slot.boost = 0
                slot.attacked = slot.moved = False
    s.tribute_used = [False, False]
    return start_turn(s, 1 - s.active)


def start_turn(s: MusouState, seat: int) -> list[Text]:
    s.active = seat
    s.turn += 1
    s.game_turn += 1
    log = [Text(f"Turn {s.game_turn}: {seat_ref(seat).en}.", f"第{s.game_turn}ターン：{seat_ref(seat).ja}。")]
    if s.game_turn > 1:  # the first player takes no provisions on the first turn
        log += take_provisions(s, seat, 1 + supply_count(s, seat) + extra_provisions(s, seat))
    for sq in SQUARES:
        slot = s.field[seat][sq]
        if slot is not None:
            slot.exhausted = False
    if s.game_winner is None:
        log += draw(s, seat, 1)
    open_main(s, "main1")
    return log
