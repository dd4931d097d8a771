"""Damage, exhaustion and destruction of cards, troop losses, and the two
ways to lose a game (troops 0, deck empty) at the instant they happen."""

from __future__ import annotations

from engine.core import Text

from .state import SQUARES, MusouState, card_text, cdef, seat_text, square_text
from .stats import power


def lose_game(s: MusouState, seat: int, reason: str) -> None:
    if s.game_winner is None:
        s.game_winner = 1 - seat
        s.loss_reason = reason


def destroy(s: MusouState, seat: int, square: int) -> list[Text]:
    slot = s.field[seat][square]
    if slot is None:
        return []
    s.field[seat][square] = None
    s.discard[seat].append(slot.card)
    if slot.face_down:
        return [Text(f"{seat_text(seat).en}'s face-down card on {square_text(square).en} is destroyed.",
                     f"{seat_text(seat).ja}の{square_text(square).ja}の伏せ札が破棄された。")]
    name = card_text(s, slot.card)
    return [Text(f"{name.en} ({seat_text(seat).en}) is destroyed.", f"{name.ja}（{seat_text(seat).ja}）は撃破された。")]


def exhaust(s: MusouState, seat: int, square: int) -> list[Text]:
    """Exhausting an exhausted card destroys it."""
    slot = s.field[seat][square]
    if slot is None:
        return []
    if slot.exhausted:
        return destroy(s, seat, square)
    slot.exhausted = True
    name = card_text(s, slot.card)
    return [Text(f"{name.en} is exhausted.", f"{name.ja}は行動不能になった。")]


def damage(s: MusouState, seat: int, square: int, amount: int) -> list[Text]:
    """Damage accumulates until end of turn. Reaching 武力 exhausts a ready
    general and uses that much damage up; an exhausted general reaching 武力
    again is destroyed (ruling: excess carries over)."""
    slot = s.field[seat][square]
    if slot is None or amount <= 0:
        return []
    slot.damage += amount
    name = card_text(s, slot.card)
    log = [Text(f"{name.en} takes {amount} damage.", f"{name.ja}に{amount}ダメージ。")]
    limit = max(1, power(s, seat, slot))
    if not slot.exhausted and slot.damage >= limit:
        slot.damage -= limit
        log += exhaust(s, seat, square)
    if slot.exhausted and slot.damage >= limit and s.field[seat][square] is slot:
        log += destroy(s, seat, square)
    return log


def lose_troops(s: MusouState, seat: int, amount: int) -> list[Text]:
    if amount <= 0:
        return []
    s.troops[seat] -= amount
    log = [Text(f"{seat_text(seat).en} loses {amount} troops ({max(0, s.troops[seat])} left).",
                f"{seat_text(seat).ja}の兵数が{amount}減った（残り{max(0, s.troops[seat])}）。")]
    if s.troops[seat] <= 0:
        lose_game(s, seat, "troops")
    return log


def same_name(s: MusouState) -> list[Text]:
    """Same-name generals on both sides are both destroyed."""
    log: list[Text] = []
    mine = {cdef(s, slot.card).key: sq for sq in SQUARES
            if (slot := s.field[0][sq]) is not None and not slot.face_down and cdef(s, slot.card).type == "general"}
    for sq in SQUARES:
        slot = s.field[1][sq]
        if slot is None or slot.face_down:
            continue
        key = cdef(s, slot.card).key
        if key in mine and cdef(s, slot.card).type == "general":
            name = card_text(s, slot.card)
            log.append(Text(f"Both sides field {name.en}: both are destroyed.", f"両軍に「{name.ja}」：双方破壊。"))
            log += destroy(s, 0, mine.pop(key))
            log += destroy(s, 1, sq)
    return log
