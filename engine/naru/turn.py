"""The turn frame: start (income, draw), end (return from the enemy keep, this
turn's effects end, hand to 7, resources to 10) and the losses that happen there."""

from __future__ import annotations

from engine.core import Text

from .board import square_name
from .names import owns, plural, says, seat_name
from .state import HAND_SIZE, RESOURCE_CAP, NaruState
from .units import Defs, unit_name


def lose(s: NaruState, seat: int, why: Text) -> Text:
    s.winner = 1 - seat
    s.phase = "over"
    s.battle = None
    s.promotion = None
    s.reason_en, s.reason_ja = why.en, why.ja
    return Text(f"{seat_name(1 - seat).en} wins: {why.en}", f"{seat_name(1 - seat).ja}の勝利：{why.ja}")


def draw(s: NaruState, seat: int, n: int) -> list[Text]:
    """Draw from the top (index 0). A player who must draw and cannot loses."""
    player = s.players[seat]
    for _ in range(n):
        if not player.deck:
            return [lose(s, seat, Text(f"{seat_name(seat).en} had to draw from an empty deck.",
                                       f"{seat_name(seat).ja}はデッキが尽きてカードを引けなかった。"))]
        player.hand.append(player.deck.pop(0))
    return [says(seat, f"draws {plural(n, 'card', 'cards')}.", f"カードを{n}枚引いた。")]


def lose_life(s: NaruState, seat: int, amount: int = 1) -> list[Text]:
    player = s.players[seat]
    player.life -= amount
    logs = [says(seat, f"loses {amount} life ({player.life} left).", f"ライフを{amount}失った（残り{player.life}）。")]
    if player.life <= 0:
        logs.append(lose(s, seat, Text(f"{seat_name(seat).en}'s keep fell.", f"{seat_name(seat).ja}の天守閣が落城した。")))
    return logs


def income(s: NaruState, seat: int) -> int:
    """1 per turn plus 1 per land (the keep included) one of your units stands on."""
    occupied = sum(1 for sq, u in enumerate(s.units) if u is not None and u.owner == seat and s.lands[sq] is not None)
    return 1 + occupied


def can_land_swap(s: NaruState, seat: int, defs: Defs) -> bool:
    player = s.players[seat]
    return (player.turns_taken == 1 and player.resources >= 1 and bool(player.hand)
            and any(defs[s.cards[c]].kind == "land" for c in player.deck))


def begin_turn(s: NaruState, seat: int, defs: Defs) -> list[Text]:
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
    held = gained - 1
    why = Text(f"1 per turn + 1 per land held: {held}" if held else "1 per turn, no land held",
               f"ターンごとに1＋占領した土地{held}" if held else "ターンごとに1、占領した土地なし")
    logs = [Text(f"Turn {s.turn}: {seat_name(seat).en} gains {plural(gained, 'resource', 'resources')} ({why.en}), "
                 f"now {player.resources}.",
                 f"ターン{s.turn}：{seat_name(seat).ja}はリソースを{gained}得た（{why.ja}）。計{player.resources}。")]
    logs += draw(s, seat, 1)
    if s.phase == "over":
        return logs
    s.phase = "swap" if can_land_swap(s, seat, defs) else "summon"
    return logs


def end_turn(s: NaruState, defs: Defs) -> list[Text]:
    held = len(s.players[s.active].hand)
    over = Text(f" with {held} cards in hand: they discard down to {HAND_SIZE}" if held > HAND_SIZE else "",
                f"（手札{held}枚のため{HAND_SIZE}枚まで捨てる）" if held > HAND_SIZE else "")
    logs = [says(s.active, f"ends their turn{over.en}.", f"ターンを終えた{over.ja}。")]
    for sq, unit in enumerate(s.units):
        if unit is not None and unit.owner == s.active and unit.came_from is not None:
            back = unit.came_from
            unit.came_from = None
            s.units[sq] = None
            s.units[back] = unit
            name = unit_name(s, defs, unit)
            logs.append(owns(unit.owner, f"{name.en} returns from the enemy keep to {square_name(back)}.",
                             f"{name.ja}は相手の天守閣から{square_name(back)}に戻った。"))
    for unit in s.units:
        if unit is not None:
            unit.buff_attack = unit.buff_defense = 0
            # "Moved" only means something on its owner's turn; clear it so the
            # opponent's turn does not show stale marks.
            unit.moved = False
    if len(s.players[s.active].hand) > HAND_SIZE:
        s.phase = "discard"
        return logs
    return logs + finish_turn(s, defs)


def finish_turn(s: NaruState, defs: Defs) -> list[Text]:
    player = s.players[s.active]
    player.resources = min(player.resources, RESOURCE_CAP)
    return begin_turn(s, 1 - s.active, defs)
