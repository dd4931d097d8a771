"""The effect vocabulary: choosing a target and resolving an ability's steps."""

from __future__ import annotations

from engine.core import RuleError, Text

from .cards import CHOSEN, Effect, needs_attack
from .losses import damage, destroy, exhaust, lose_troops
from .provisions import draw, take_provisions
from .state import MusouState, card_text, find, generals, seat_text
from .stats import power


def target_kind(effects: list[Effect]) -> str | None:
    for e in effects:
        if e.target in CHOSEN:
            return e.target
    return None


def valid_targets(s: MusouState, seat: int, effects: list[Effect]) -> list[str]:
    kind = target_kind(effects)
    if kind is None:
        return []
    side = 1 - seat if kind == "enemy_general" else seat
    return [slot.card for _, slot in generals(s, side)]


def check_target(s: MusouState, seat: int, effects: list[Effect], target: object) -> None:
    """A target is required when the ability chooses one and one exists; with
    no possible target the choosing steps do nothing (ruling)."""
    if needs_attack(effects) and (s.attack is None or s.stage != "respond"):
        raise RuleError(Text("That works only against a declared attack.", "それは攻撃宣言に対してのみ使えます。"),
                        Text("Use it when an attack is declared against you.", "攻撃宣言を受けたときに使ってください。"))
    options = valid_targets(s, seat, effects)
    if target is None:
        if options:
            raise RuleError(Text("Choose a target (target=<card id>).", "対象を選んでください（target=カードID）。"),
                            targets_text(s, options))
        return
    if target not in options:
        raise RuleError(Text("That is not a valid target.", "それは有効な対象ではありません。"), targets_text(s, options))


def targets_text(s: MusouState, options: list[str]) -> Text:
    """The valid targets: face-up generals, so naming them reveals nothing."""
    if not options:
        return Text("Leave out target=: there is no target now.", "今は対象がないので target= を外してください。")
    return (Text("Targets: ", "対象：")
            + Text(", ".join(f"{c} {card_text(s, c).en}" for c in options),
                   "、".join(f"{c} {card_text(s, c).ja}" for c in options)))


def resolve(s: MusouState, seat: int, effects: list[Effect], target: str | None) -> list[Text]:
    log: list[Text] = []
    foe = 1 - seat
    for e in effects:
        if s.game_winner is not None:
            break
        if e.target == "attacker":
            at = s.attack
            spots = [p for p in [find(s, at.attacker)] if p is not None] if at else []
        elif e.target in CHOSEN:
            spots = [p for p in [find(s, target)] if p is not None] if target else []
        elif e.target == "all_enemy":
            spots = [(foe, sq) for sq, _ in generals(s, foe)]
        elif e.target == "all_own":
            spots = [(seat, sq) for sq, _ in generals(s, seat)]
        else:
            spots = []
        if e.op == "damage":
            for side, sq in spots:
                log += damage(s, side, sq, e.amount)
        elif e.op == "exhaust":
            for side, sq in spots:
                log += exhaust(s, side, sq)
        elif e.op == "destroy":
            for side, sq in spots:
                slot = s.field[side][sq]
                if slot is not None and power(s, side, slot) <= e.amount:
                    log += destroy(s, side, sq)
        elif e.op == "boost":
            for side, sq in spots:
                slot = s.field[side][sq]
                if slot is not None:
                    slot.boost += e.amount
                    log.append(Text(f"{card_text(s, slot.card).en} gains {e.amount} power this turn.",
                                    f"{card_text(s, slot.card).ja}の武力+{e.amount}（このターン）。"))
        elif e.op == "ready":
            for side, sq in spots:
                slot = s.field[side][sq]
                if slot is not None and slot.exhausted:
                    slot.exhausted = False
                    log.append(Text(f"{card_text(s, slot.card).en} becomes ready.",
                                    f"{card_text(s, slot.card).ja}は臨戦状態になった。"))
        elif e.op == "troops":
            log += lose_troops(s, foe, e.amount)
        elif e.op == "heal":
            s.troops[seat] += e.amount
            log.append(Text(f"{seat_text(seat).en} gains {e.amount} troops ({s.troops[seat]}).",
                            f"{seat_text(seat).ja}の兵数+{e.amount}（{s.troops[seat]}）。"))
        elif e.op == "draw":
            log += draw(s, seat, e.amount)
        elif e.op == "provision":
            log += take_provisions(s, seat, e.amount)
        elif e.op == "cancel" and s.attack is not None:
            s.attack.cancelled = True
            log.append(Text("The attack is cancelled.", "攻撃は無効になった。"))
    return log
