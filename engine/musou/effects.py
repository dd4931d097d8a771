"""The effect vocabulary: choosing a target and resolving an ability's steps."""

from __future__ import annotations

from engine.core import RuleError, Text, seat_ref

from .cards import CHOSEN, Effect, needs_attack
from .losses import damage, destroy, exhaust, lose_troops
from .provisions import draw, take_provisions
from .state import Log, MusouState, card_text, find, generals, owned
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


def has_effect(s: MusouState, seat: int, effects: list[Effect], target: str | None) -> bool:
    """Whether using the ability now would change anything besides paying for
    it: the menu leaves out the uses that would not (the referee accepts them)."""
    for e in effects:
        if e.op in ("troops", "heal", "draw", "provision") or (e.op == "cancel" and s.attack is not None):
            return True
        if e.target == "attacker":
            spots = [p for p in [find(s, s.attack.attacker)] if p is not None] if s.attack else []
        elif e.target in CHOSEN:
            spots = [p for p in [find(s, target)] if p is not None] if target else []
        elif e.target in ("all_enemy", "all_own"):
            side = 1 - seat if e.target == "all_enemy" else seat
            spots = [(side, sq) for sq, _ in generals(s, side)]
        else:
            spots = []
        for side, sq in spots:
            slot = s.field[side][sq]
            if slot is None or slot.face_down:
                continue
            if e.op in ("damage", "exhaust", "boost") or (e.op == "ready" and slot.exhausted):
                return True
            if e.op == "destroy" and power(s, side, slot) <= e.amount:
                return True
    return False


NO_TARGET = Text("There is no general to target: that step does nothing.",
                 "対象の武将がいないため、その効果は何も起こらない。")


def resolve(s: MusouState, seat: int, effects: list[Effect], target: str | None, log: Log) -> None:
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
        if e.target != "none" and not spots and log is not None:
            log.append(NO_TARGET)
        if e.op == "damage":
            for side, sq in spots:
                damage(s, side, sq, e.amount, log)
        elif e.op == "exhaust":
            for side, sq in spots:
                exhaust(s, side, sq, log)
        elif e.op == "destroy":
            for side, sq in spots:
                slot = s.field[side][sq]
                if slot is None:
                    continue
                if power(s, side, slot) <= e.amount:
                    destroy(s, side, sq, log)
                elif log is not None:
                    name = owned(s, side, slot.card)
                    log.append(Text(f"{name.en} survives: its power {power(s, side, slot)} is over {e.amount}.",
                                    f"{name.ja}は武力{power(s, side, slot)}で{e.amount}を超えるため、破壊されない。"))
        elif e.op == "boost":
            for side, sq in spots:
                slot = s.field[side][sq]
                if slot is not None:
                    slot.boost += e.amount
                    if log is not None:
                        name = owned(s, side, slot.card)
                        log.append(Text(f"{name.en} gains {e.amount} power this turn ({power(s, side, slot)}).",
                                        f"{name.ja}の武力+{e.amount}（このターン、武力{power(s, side, slot)}）。"))
        elif e.op == "ready":
            for side, sq in spots:
                slot = s.field[side][sq]
                if slot is not None and slot.exhausted:
                    slot.exhausted = False
                    if log is not None:
                        name = owned(s, side, slot.card)
                        log.append(Text(f"{name.en} becomes ready.", f"{name.ja}は臨戦状態になった。"))
                elif slot is not None and log is not None:
                    name = owned(s, side, slot.card)
                    log.append(Text(f"{name.en} is ready already.", f"{name.ja}は既に臨戦状態。"))
        elif e.op == "troops":
            lose_troops(s, foe, e.amount, log)
        elif e.op == "heal":
            s.troops[seat] += e.amount
            if log is not None:
                log.append(Text(f"{seat_ref(seat).en} gains {e.amount} {'troop' if e.amount == 1 else 'troops'} "
                                f"({s.troops[seat]}).", f"{seat_ref(seat).ja}の兵数+{e.amount}（{s.troops[seat]}）。"))
        elif e.op == "draw":
            draw(s, seat, e.amount, log)
        elif e.op == "provision":
            take_provisions(s, seat, e.amount, log)
        elif e.op == "cancel" and s.attack is not None:
            s.attack.cancelled = True
            if log is not None:
                log.append(Text(f"{seat_ref(s.attack.seat).en}'s attack is cancelled.",
                                f"{seat_ref(s.attack.seat).ja}の攻撃は無効になった。"))
