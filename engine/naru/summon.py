"""The summon phase's placements: one land (new or swapped), units, equipment."""

from __future__ import annotations

from engine.core import RuleError, Text

from .board import SQUARES, neighbours, square_name
from .cards import CardDef
from .names import Log, listing, says
from .state import Land, NaruState, Unit
from .units import Defs, attack_of, defense_of, reveal, unit_name

_VERB: dict[str, str] = {"land": "land", "commoner": "summon", "general": "summon", "equipment": "equip",
                        "battle_tool": "battle_tool", "tool": "tool", "ritual": "ritual"}
PLAY_HINT = Text("Lands: land; commoners and generals: summon; equipment: equip; tools: tool; rituals: ritual; "
                 "battle tools only in a battle: battle_tool.",
                 "土地は land、平民・武将は summon、装備は equip、どうぐは tool、儀式は ritual、"
                 "戦闘どうぐは戦闘中に battle_tool で使います。")


def hand_card(s: NaruState, seat: int, cid: object, defs: Defs, kinds: tuple[str, ...]) -> CardDef:
    """The card `cid` from `seat`'s hand, checked to be one of `kinds`."""
    if not isinstance(cid, str) or cid not in s.players[seat].hand:
        raise RuleError(Text("That card is not in your hand.", "そのカードは手札にありません。"),
                        Text("Name a card instance from your hand (e.g. card=c12).",
                             "手札のカードを指定してください（例：card=c12）。"))
    card = defs[s.cards[cid]]
    if card.kind not in kinds:
        # Neither the name nor the type: the message may be seen by others.
        raise RuleError(Text(f"That card cannot be played with '{_VERB[kinds[0]]}'.",
                             f"そのカードは「{_VERB[kinds[0]]}」では使えません。"), PLAY_HINT)
    return card


def _squares_hint(squares: list[int], otherwise: Text) -> Text:
    """'Allowed squares now: ...', or `otherwise` when there are none."""
    if not squares:
        return otherwise
    names = listing([square_name(q) for q in squares])
    return Text(f"Allowed squares now: {names.en}.", f"今選べるマス：{names.ja}。")


def pay(s: NaruState, seat: int, cost: int) -> None:
    player = s.players[seat]
    if player.resources < cost:
        # The cost is not named: it would tell others about a card in hand.
        raise RuleError(Text(f"Not enough resources for that: you have {player.resources}.",
                             f"リソースが足りません（現在{player.resources}）。"),
                        Text("Play something cheaper or wait for more resources.",
                             "より安いカードを使うか、リソースが貯まるのを待ってください。"))
    player.resources -= cost


def land_squares(s: NaruState, seat: int) -> list[int]:
    """Empty squares next to a land you own (keep included), plus your own lands to swap."""
    return [sq for sq in range(SQUARES) if takes_land(s, seat, sq)]


def takes_land(s: NaruState, seat: int, sq: int) -> bool:
    """May `seat` place a land on `sq` (one of `land_squares`)?"""
    lands = s.lands
    land = lands[sq]
    if land is None:
        return any((n_land := lands[n]) is not None and n_land.owner == seat for n in neighbours(sq))
    return land.owner == seat and not land.keep


def play_land(s: NaruState, seat: int, cid: object, sq: int | None, defs: Defs, log: Log) -> None:
    card = hand_card(s, seat, cid, defs, ("land",))
    player = s.players[seat]
    if player.land_played:
        raise RuleError(Text("You have already placed a land this turn.", "このターンはすでに土地を配置しました。"),
                        Text("At most one land per turn.", "土地は1ターンに1枚までです。"))
    if sq is None or not takes_land(s, seat, sq):
        raise RuleError(Text("A land goes on an empty square next to one of your lands, or replaces one of your lands.",
                             "土地は自分の土地に縦横で隣接する空きマスに置くか、自分の土地と入れ替えます。"),
                        _squares_hint(land_squares(s, seat), Text("The keep cannot be replaced.", "天守閣は入れ替えられません。")))
    assert isinstance(cid, str)
    player.hand.remove(cid)
    player.land_played = True
    old = s.lands[sq]
    s.lands[sq] = Land(cid, seat)
    if old is not None:
        s.players[old.owner].exile.append(old.card)
    if log is None:
        return
    if old is not None:
        old_name = defs[s.cards[old.card]].name
        log.append(says(seat, f"replaces {old_name.en} on {square_name(sq)} with {card.name.en} (old land exiled).",
                        f"{square_name(sq)}の{old_name.ja}を{card.name.ja}に入れ替えた（元の土地は除外）。"))
        return
    log.append(says(seat, f"places {card.name.en} on {square_name(sq)}.", f"{square_name(sq)}に{card.name.ja}を配置した。"))


def summon_squares(s: NaruState, seat: int) -> list[int]:
    """Lands (the keep included) in your territory with no unit on them."""
    return [sq for sq in range(SQUARES) if takes_unit(s, seat, sq)]


def takes_unit(s: NaruState, seat: int, sq: int) -> bool:
    """May `seat` place a unit on `sq` (one of `summon_squares`)?"""
    return s.lands[sq] is not None and s.units[sq] is None and s.territory(seat, sq)


def summon(s: NaruState, seat: int, cid: object, sq: int | None, defs: Defs, log: Log) -> None:
    card = hand_card(s, seat, cid, defs, ("commoner", "general"))
    if sq is None or not takes_unit(s, seat, sq):
        raise RuleError(Text("Units are placed on a land in your territory with no unit on it.",
                             "ユニットは自分の領地内の、ユニットのいない土地に配置します。"),
                        _squares_hint(summon_squares(s, seat), Text("Place a land in your territory first.",
                                                                    "先に自分の領地に土地を置いてください。")))
    pay(s, seat, card.cost)
    assert isinstance(cid, str)
    s.players[seat].hand.remove(cid)
    commoner = card.kind == "commoner"
    s.units[sq] = Unit(seat, [cid], facedown=commoner, summoned_turn=s.turn)
    if log is None:
        return
    if commoner:
        log.append(says(seat, f"places a face-down commoner on {square_name(sq)}.",
                        f"{square_name(sq)}に平民を裏向きで配置した。"))
        return
    log.append(says(seat, f"summons {card.name.en} on {square_name(sq)}.", f"{square_name(sq)}に{card.name.ja}を配置した。"))


def equip_squares(s: NaruState, seat: int) -> list[int]:
    return [sq for sq, u in enumerate(s.units) if u is not None and u.owner == seat and u.equipment is None]


def equip(s: NaruState, seat: int, cid: object, sq: int | None, defs: Defs, log: Log) -> None:
    card = hand_card(s, seat, cid, defs, ("equipment",))
    if sq is None or sq not in equip_squares(s, seat):
        raise RuleError(Text("Equipment goes on one of your units that has none yet.",
                             "装備どうぐは、まだ装備のない自分のユニットに付けます。"),
                        _squares_hint(equip_squares(s, seat), Text("One equipment per unit.", "装備は1体につき1枚までです。")))
    pay(s, seat, card.cost)
    assert isinstance(cid, str)
    s.players[seat].hand.remove(cid)
    reveal(s, defs, sq, log)
    unit = s.units[sq]
    assert unit is not None
    unit.equipment = cid
    if log is None:
        return
    name = unit_name(s, defs, unit)
    log.append(says(seat, f"equips {name.en} on {square_name(sq)} with {card.name.en} (now attack "
                          f"{attack_of(s, defs, unit)}, defense {defense_of(s, defs, unit)}).",
                    f"{square_name(sq)}の{name.ja}に{card.name.ja}を装備した（こうげき{attack_of(s, defs, unit)}・"
                    f"ぼうぎょ{defense_of(s, defs, unit)}）。"))
