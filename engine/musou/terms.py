"""Terms (ターム) and formation (布陣): the conditions for using a card.

Terms count ready face-up generals of the element on the player's supply
squares at the moment of use; nothing is spent."""

from __future__ import annotations

from collections import Counter

from engine.core import RuleError, Text

from .cards import CardDef
from .cardtext import terms_text
from .state import MusouState, Slot, cdef, generals, square_roles


def supply_generals(s: MusouState, seat: int) -> list[Slot]:
    """The seat's ready face-up generals on its supply squares."""
    roles = square_roles(s, seat)
    return [slot for sq, slot in generals(s, seat) if roles[sq] == "S" and not slot.exhausted]


def supply_elements(s: MusouState, seat: int) -> Counter[str]:
    return Counter(cdef(s, slot.card).element for slot in supply_generals(s, seat))


def supply_count(s: MusouState, seat: int) -> int:
    return len(supply_generals(s, seat))


def terms_met(s: MusouState, seat: int, card: CardDef) -> bool:
    if not card.terms:
        return True
    have = supply_elements(s, seat)
    return all(have[el] >= n for el, n in card.terms.items())


def check_terms(s: MusouState, seat: int, card: CardDef) -> None:
    if not terms_met(s, seat, card):
        raise RuleError(
            Text(f"The terms of {card.name.en} are not met.", f"「{card.name.ja}」のタームを満たしていません。"),
            Text("Needs ready generals of these elements on your supply squares: ",
                 "補給マスに次の属性の臨戦状態の武将が必要です：") + terms_text(card),
        )


def check_formation(s: MusouState, seat: int, card: CardDef, square: int) -> None:
    """布陣: that many face-up generals already on your field (not counting the square being replaced)."""
    if not card.formation:
        return
    have = sum(1 for sq, _ in generals(s, seat) if sq != square)
    if have < card.formation:
        raise RuleError(
            Text(f"{card.name.en} needs a formation of {card.formation} generals; you have {have}.",
                 f"「{card.name.ja}」の布陣は武将{card.formation}体です（現在{have}体）。"),
            Text("Place more generals first.", "先に武将を配置してください。"),
        )
