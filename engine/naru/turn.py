"""The turn frame: start (income, draw), end (return from the enemy keep, this
turn's effects end, hand to 7, resources to 10) and the losses that happen there."""

from __future__ import annotations

from engine.core import Text

from .board import square_name
from .names import Log, owns, plural, says, seat_name
from .state import HAND_SIZE, RESOURCE_CAP, NaruState
from .units import Defs, unit_name


def lose(s: NaruState, seat: int, why: Text, log: Log) -> None:
    s.winner = 1 - seat
    s.phase = "over"
    s.battle = None
    s.promotion = None
    s.reason_en, s.reason_ja = why.en, why.ja
    if log is not None:
        log.append(Text(f"{seat_name(1 - seat).en} wins: {why.en}", f"{seat_name(1 - seat).ja}の勝利：{why.ja}"))


def draw(s: NaruState, seat: int, n: int, log: Log) -> None:
    """Draw from the top (index 0). A player who must draw and cannot loses."""
    player = s.players[seat]
    for _ in range(n):
        if not player.deck:
            lose(s, seat, Text(f"{seat_name(seat).en} had to draw from an empty deck.",
                               f"{seat_name(seat).ja}はデッキが尽きてカードを引けなかった。"), log)
            return
        player.hand.append(player.deck.pop(0))
    if log is not None:
        log.append(says(seat, f"draws {plural(n, 'card', 'cards')}.", f"カードを{n}枚引いた。"))


def lose_life(s: NaruState, seat: int, log: Log, amount: int = 1) -> None:
    player = s.players[seat]
    player.life -= amount
    if log is not None:
        log.append(says(seat, f"loses {amount} life ({player.life} left).", f"ライフを{amount}失った（残り{player.life}）。"))
    if player.life <= 0:
        lose(s, seat, Text(f"{seat_name(seat).en}'s keep fell.", f"{seat_name(seat).ja}の天守閣が落城した。"), log)


def income(s: NaruState, seat: int) -> int:
    """1 per turn plus 1 per land (the keep included) one of your units stands on."""
    lands = s.lands
    return 1 + sum(1 for sq, u in enumerate(s.units) if u is not None and u.owner == seat and lands[sq] is not None)


def can_land_swap(s: NaruState, seat: int, defs: Defs) -> bool:
    player = s.players[seat]
    return (player.turns_taken == 1 and player.resources >= 1 and bool(player.hand)
            and any(defs[s.cards[c]].kind == "land" for c in player.deck))


def begin_turn(s: NaruState, seat: int, defs: Defs, log: Log) -> None:
    s.active = seat
    s.turn += 1
    player = s.players[seat]
    player.turns_taken += 1
    player.land_played = False
    player.keep_used = False
    for unit in s.units:
        if unit is not None and unit.owner == seat:
            unit.moved = False
    gained = income(s, seat)
    player.resources += gained
    if log is not None:
        held = gained - 1
        why = Text(f"1 per turn + 1 per land held: {held}" if held else "1 per turn, no land held",
                   f"ターンごとに1＋占領した土地{held}" if held else "ターンごとに1、占領した土地なし")
        log.append(Text(f"Turn {s.turn}: {seat_name(seat).en} gains {plural(gained, 'resource', 'resources')} "
                        f"({why.en}), now {player.resources}.",
                        f"ターン{s.turn}：{seat_name(seat).ja}はリソースを{gained}得た（{why.ja}）。計{player.resources}。"))
    draw(s, seat, 1, log)
    if s.phase == "over":
        return
    s.phase = "swap" if can_land_swap(s, seat, defs) else "summon"


def end_turn(s: NaruState, defs: Defs, log: Log) -> None:
    held = len(s.players[s.active].hand)
    if log is not None:
        over = Text(f" with {held} cards in hand: they discard down to {HAND_SIZE}" if held > HAND_SIZE else "",
                    f"（手札{held}枚のため{HAND_SIZE}枚まで捨てる）" if held > HAND_SIZE else "")
        log.append(says(s.active, f"ends their turn{over.en}.", f"ターンを終えた{over.ja}。"))
    units = s.units
    for sq, unit in enumerate(units):
        if unit is not None and unit.owner == s.active and unit.came_from is not None:
            back = unit.came_from
            unit.came_from = None
            units[sq] = None
            units[back] = unit
            if log is not None:
                name = unit_name(s, defs, unit)
                log.append(owns(unit.owner, f"{name.en} returns from the enemy keep to {square_name(back)}.",
                                f"{name.ja}は相手の天守閣から{square_name(back)}に戻った。"))
    for unit in units:
        if unit is not None:
            unit.buff_attack = unit.buff_defense = 0
            # "Moved" only means something on its owner's turn; clear it so the
            # opponent's turn does not show stale marks.
            unit.moved = False
    if held > HAND_SIZE:
        s.phase = "discard"
        return
    finish_turn(s, defs, log)


def finish_turn(s: NaruState, defs: Defs, log: Log) -> None:
    player = s.players[s.active]
    player.resources = min(player.resources, RESOURCE_CAP)
    begin_turn(s, 1 - s.active, defs, log)
