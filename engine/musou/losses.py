"""Damage, exhaustion and destruction of cards, troop losses, and the two
ways to lose a game (troops 0, deck empty) at the instant they happen."""

from __future__ import annotations

from engine.core import Text, seat_ref

from .state import Log, MusouState, Slot, card_text, generals, owned, square_text
from .stats import power


def lose_game(s: MusouState, seat: int, reason: str) -> None:
    if s.game_winner is None:
        s.game_winner = 1 - seat
        s.loss_reason = reason


def _remove(s: MusouState, seat: int, square: int) -> Slot | None:
    slot = s.field[seat][square]
    if slot is not None:
        s.field[seat][square] = None
        s.discard[seat].append(slot.card)
    return slot


def destroy(s: MusouState, seat: int, square: int, log: Log) -> None:
    if log is None:
        _remove(s, seat, square)
        return
    slot = s.field[seat][square]
    if slot is None:
        return
    name = owned(s, seat, slot.card) if not slot.face_down else None
    _remove(s, seat, square)
    if name is None:
        who = seat_ref(seat)
        log.append(Text(f"{who.en}'s face-down card on {square_text(square).en} is destroyed.",
                        f"{who.ja}の{square_text(square).ja}の伏せ札は破壊された。"))
    else:
        log.append(Text(f"{name.en} is destroyed.", f"{name.ja}は破壊された。"))


def exhaust(s: MusouState, seat: int, square: int, log: Log) -> None:
    """Exhausting an exhausted card destroys it."""
    slot = s.field[seat][square]
    if slot is None:
        return
    name = owned(s, seat, slot.card) if log is not None else None
    if slot.exhausted:
        _remove(s, seat, square)
        if log is not None and name is not None:
            log.append(Text(f"{name.en}, already exhausted, is destroyed.", f"既に行動不能の{name.ja}は破壊された。"))
        return
    slot.exhausted = True
    if log is not None and name is not None:
        log.append(Text(f"{name.en} is exhausted.", f"{name.ja}は行動不能になった。"))


def damage(s: MusouState, seat: int, square: int, amount: int, log: Log) -> None:
    """Damage accumulates until end of turn. Reaching 武力 exhausts a ready
    general and uses that much damage up; an exhausted general reaching 武力
    again is destroyed (ruling: excess carries over). One line says the
    damage and what came of it."""
    slot = s.field[seat][square]
    if slot is None or amount <= 0:
        return
    slot.damage += amount
    name = owned(s, seat, slot.card) if log is not None else None
    limit = max(1, power(s, seat, slot))
    exhausted = False
    if not slot.exhausted and slot.damage >= limit:
        slot.damage -= limit
        slot.exhausted = exhausted = True
    destroyed = slot.exhausted and slot.damage >= limit
    if destroyed:
        _remove(s, seat, square)
    if log is None or name is None:
        return
    if destroyed:
        result = (Text("is exhausted and destroyed", "行動不能になり、破壊された") if exhausted
                  else Text("is destroyed", "破壊された"))
    elif exhausted:
        result = Text(f"is exhausted ({slot.damage} damage remains; power {limit})",
                      f"行動不能になった（残りダメージ{slot.damage}、武力{limit}）")
    else:
        state = Text(", already exhausted", "・行動不能のまま") if slot.exhausted else Text("", "")
        result = Text(f"survives (damage {slot.damage} of power {limit}{state.en})",
                      f"持ちこたえた（ダメージ{slot.damage}／武力{limit}{state.ja}）")
    log.append(Text(f"{name.en} takes {amount} damage and {result.en}.", f"{name.ja}に{amount}ダメージ：{result.ja}。"))


def lose_troops(s: MusouState, seat: int, amount: int, log: Log) -> None:
    if amount <= 0:
        return
    s.troops[seat] -= amount
    if log is not None:
        who = seat_ref(seat)
        log.append(Text(f"{who.en} loses {amount} {'troop' if amount == 1 else 'troops'} ({max(0, s.troops[seat])} left).",
                        f"{who.ja}の兵数が{amount}減った（残り{max(0, s.troops[seat])}）。"))
    if s.troops[seat] <= 0:
        lose_game(s, seat, "troops")


def same_name(s: MusouState, log: Log) -> None:
    """Same-name generals on both sides are both destroyed."""
    names = s.names  # a card's key, as its id names it
    mine = {names[slot.card]: sq for sq, slot in generals(s, 0)}
    if not mine:
        return
    for sq, slot in generals(s, 1):
        key = names[slot.card]
        if key in mine:
            if log is not None:
                name = card_text(s, slot.card)
                log.append(Text(f"{seat_ref(0).en} and {seat_ref(1).en} both field {name.en}: both are destroyed.",
                                f"{seat_ref(0).ja}と{seat_ref(1).ja}の両方に{name.ja}：双方破壊。"))
            destroy(s, 0, mine.pop(key), log)
            destroy(s, 1, sq, log)
