"""Who is waited on, and every legal action with a bilingual label. The
passive choice (end phase, no tool, decline, keep hand) always comes first."""

from __future__ import annotations

from typing import Any

from engine.core import Choice, Pending, Text

from .battle import battle_values
from .board import square_name
from .cards import CardDef
from .catalog import ability
from .effects import battle_seat, keep_available, ritual_chanters, target_squares
from .movement import destinations
from .opening import keep_label, keep_squares, mulligan_cost
from .prompts import prompt
from .state import Battle, NaruState
from .summon import equip_squares, land_squares, summon_squares
from .units import Defs, card_of, defense_of, unit_name

MODE_KINDS: dict[str, tuple[str, ...]] = {
    "mulligan": ("keep_hand", "mulligan"),
    "keep": ("place_keep",),
    "battle": ("no_tool", "battle_tool"),
    "promote": ("decline", "promote", "promote_deck"),
    "swap": ("no_swap", "land_swap"),
    "summon": ("end_summon", "land", "summon", "equip", "tool", "ritual"),
    "action": ("end_turn", "move", "keep_effect", "tool", "ritual"),
    "discard": ("discard",),
}


MODE_NAMES: dict[str, Text] = {
    "mulligan": Text("mulligans", "マリガン"), "keep": Text("keep placement", "天守閣の配置"),
    "battle": Text("a battle", "戦闘中"), "promote": Text("a promotion choice", "「成る!」の選択"),
    "swap": Text("the turn-1 land swap", "1ターン目の土地入れ替え"), "summon": Text("the summon phase", "召喚フェイズ"),
    "action": Text("the action phase", "行動フェイズ"), "discard": Text("discarding", "手札調整"),
    "over": Text("the end of the game", "ゲーム終了後"),
}


def mode(s: NaruState) -> str:
    if s.phase == "over":
        return "over"
    if s.battle is not None:
        return "battle"
    if s.promotion is not None:
        return "promote"
    return s.phase


def waiting(s: NaruState) -> list[tuple[int, str]]:
    """(seat, kind of decision) for every seat the game waits on; empty when over."""
    m = mode(s)
    if m == "over":
        return []
    if m == "mulligan":
        return [(i, "mulligan") for i, p in enumerate(s.players) if not p.hand_kept]
    if m == "keep":
        return [(i, "place_keep") for i, p in enumerate(s.players) if p.keep_sq is None]
    if m == "battle":
        assert s.battle is not None
        return [(battle_seat(s), "battle_tool" if s.battle.stage == "attacker" else "respond")]
    return [(s.active, m)]


def pending(s: NaruState, defs: Defs) -> tuple[Pending, ...]:
    return tuple(Pending(seat, kind, prompt(s, defs, kind)) for seat, kind in waiting(s))


def unique_cards(s: NaruState, cids: list[str]) -> list[str]:
    """One instance per card name: the same card in hand twice is one choice."""
    seen: set[str] = set()
    out = []
    for cid in cids:
        if s.cards[cid] not in seen:
            seen.add(s.cards[cid])
            out.append(cid)
    return out


def legal_actions(s: NaruState, seat: int, defs: Defs) -> list[Choice]:
    if all(waiter != seat for waiter, _ in waiting(s)):
        return []
    m = mode(s)
    player = s.players[seat]
    hand = unique_cards(s, player.hand)

    def name(cid: str) -> Text:
        return card_of(s, defs, cid).name

    out: list[Choice] = []
    if m == "mulligan":
        out.append(Choice({"kind": "keep_hand"}, Text("Keep this hand", "この手札で確定")))
        cost = mulligan_cost(s, seat)
        if player.resources >= cost:
            paid = Text(f"costs {cost}", f"コスト{cost}") if cost else Text("free", "無料")
            out.append(Choice({"kind": "mulligan"}, Text(f"Mulligan ({paid.en})", f"マリガン（{paid.ja}）")))
    elif m == "keep":
        for sq in keep_squares(s, seat):
            place = keep_label(sq) if not s.order_known else Text(square_name(sq), square_name(sq))
            out.append(Choice({"kind": "place_keep", "at": square_name(sq)},
                              Text(f"Place your keep on {place.en}", f"天守閣を{place.ja}に配置")))
    elif m == "battle":
        out.append(Choice({"kind": "no_tool"}, Text("No battle tool", "戦闘どうぐを使わない")))
        for cid in hand:
            card = card_of(s, defs, cid)
            if card.kind == "battle_tool" and card.cost <= player.resources:
                out.append(Choice({"kind": "battle_tool", "card": cid},
                                  Text(f"Use {card.name.en} (cost {card.cost}): {_with_tool(s, defs, cid).en}",
                                       f"{card.name.ja}を使う（コスト{card.cost}）：{_with_tool(s, defs, cid).ja}")))
    elif m == "promote":
        out.append(Choice({"kind": "decline"}, Text("Do not promote", "成らない")))
        for cid in hand:
            if card_of(s, defs, cid).kind == "general":
                out.append(Choice({"kind": "promote", "card": cid},
                                  Text(f"Promote to {name(cid).en} from hand", f"手札の{name(cid).ja}に成る")))
        out.append(Choice({"kind": "promote_deck"}, Text("Promote from the deck (first general)", "デッキから成る（最初の武将）")))
    elif m == "swap":
        out.append(Choice({"kind": "no_swap"}, Text("No land swap", "土地を入れ替えない")))
        lands = sorted({s.cards[c] for c in player.deck if card_of(s, defs, c).kind == "land"})
        # By the land taken, then the card given: the menu is staged that way.
        for key in lands:
            land = defs[key].name
            for cid in hand:
                if s.cards[cid] == key:
                    continue  # the same land back: nothing would change but the resource spent
                out.append(Choice({"kind": "land_swap", "give": cid, "take": key},
                                  Text(f"Pay 1: {name(cid).en} into the deck, {land.en} into hand",
                                       f"リソース1：{name(cid).ja}をデッキへ、{land.ja}を手札へ"),
                                  group=Text(f"Take {land.en}", f"{land.ja}を手札へ")))
    elif m == "discard":
        for cid in hand:
            out.append(Choice({"kind": "discard", "card": cid}, Text(f"Discard {name(cid).en}", f"{name(cid).ja}を捨てる")))
    elif m == "summon":
        out.append(Choice({"kind": "end_summon"}, Text("End the summon phase", "召喚フェイズを終える")))
        out += _summons(s, seat, hand, defs)
        out += _cards_in_play(s, seat, hand, defs)
    elif m == "action":
        out.append(Choice({"kind": "end_turn"}, Text("End the turn", "ターンを終える")))
        out += _moves(s, seat, defs)
        if keep_available(s, seat):
            keep = card_of(s, defs, player.keep_card)
            text = ability(keep)
            # The card text already opens with "Keep effect:" (天守効果：) in the sample set.
            en = text.en.removeprefix("Keep effect:").strip()
            ja = text.ja.removeprefix("天守効果：").strip()
            for spot in card_targets(s, seat, player.keep_card, defs):
                action: dict[str, Any] = {"kind": "keep_effect"}
                label = Text(f"Keep effect: {en}", f"天守効果：{ja}")
                if spot is not None:
                    action["at"] = square_name(spot)
                    on = _on(s, defs, seat, spot)
                    label = Text(f"Keep effect on {on.en}: {en}", f"天守効果を{on.ja}に使う：{ja}")
                out.append(Choice(action, label, group=keep.name))
        out += _cards_in_play(s, seat, hand, defs)
    return out


def _with_tool(s: NaruState, defs: Defs, cid: str) -> Text:
    """The battle as it would stand with this tool added."""
    battle = s.battle
    assert battle is not None
    attacking = battle.stage == "attacker"
    trial = Battle(battle.origin, battle.target, battle.stage,
                   cid if attacking else battle.attacker_tool, battle.defender_tool if attacking else cid)
    values = battle_values(s, defs, trial)
    if attacking:
        return Text(f"attack {values.attack} against defense {values.defense}",
                    f"こうげき{values.attack} 対 ぼうぎょ{values.defense}")
    return Text(f"defense {values.defense} against attack {values.attack}",
                f"ぼうぎょ{values.defense} 対 こうげき{values.attack}")


def _seen(s: NaruState, defs: Defs, seat: int, sq: int) -> Text:
    """The unit on `sq` as `seat` may see it: its name, or only that it is a face-down commoner."""
    unit = s.units[sq]
    assert unit is not None
    if unit.facedown and unit.owner != seat:
        return Text("a face-down commoner", "裏向きの平民")
    return unit_name(s, defs, unit)


def _on(s: NaruState, defs: Defs, seat: int, sq: int) -> Text:
    """A target square with what stands on it: "B3 (Farmer)"."""
    where = square_name(sq)
    if s.units[sq] is None:
        return Text(where, where)
    unit = _seen(s, defs, seat, sq)
    return Text(f"{where} ({unit.en})", f"{where}（{unit.ja}）")


def _moves(s: NaruState, seat: int, defs: Defs) -> list[Choice]:
    out: list[Choice] = []
    for origin in range(len(s.units)):
        targets = destinations(s, seat, origin)
        if not targets:
            continue
        unit = s.units[origin]
        assert unit is not None
        mover = unit_name(s, defs, unit)
        here = square_name(origin)
        group = Text(f"{mover.en} on {here}", f"{here}の{mover.ja}")
        for target in targets:
            there = square_name(target)
            other = s.units[target]
            against = Text("", "")
            if other is not None:
                them = _seen(s, defs, seat, target)
                against = Text(f" against {them.en}", f" 対 {them.ja}")
            if target == s.enemy_keep(seat):
                label = Text(f"Attack the enemy keep {here} → {there}: {mover.en}{against.en}",
                             f"相手の天守閣を攻撃 {here}→{there}：{mover.ja}{against.ja}")
            elif other is not None:
                label = Text(f"Attack {here} → {there}: {mover.en}{against.en}",
                             f"攻撃 {here}→{there}：{mover.ja}{against.ja}")
            else:
                label = Text(f"Move {mover.en} {here} → {there}", f"{mover.ja}を移動 {here}→{there}")
            out.append(Choice({"kind": "move", "from": here, "to": there}, label, group=group))
    return out


def does_nothing(s: NaruState, defs: Defs, card: CardDef, sq: int | None) -> bool:
    """A card whose only effect is jail, aimed at a face-up unit too sturdy for
    it: it would change nothing but what is spent, so it is not offered."""
    if sq is None or not card.effects or any(e.op != "jail" for e in card.effects):
        return False
    unit = s.units[sq]
    if unit is None or unit.facedown:
        return False  # turning a face-down unit up is an effect of its own
    return all(defense_of(s, defs, unit) > e.max_defense for e in card.effects)


def card_targets(s: NaruState, seat: int, cid: str, defs: Defs) -> list[int | None]:
    card = card_of(s, defs, cid)
    if card.target == "none":
        return [None]
    return [sq for sq in target_squares(s, seat, card) if not does_nothing(s, defs, card, sq)]


def _summons(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Choice]:
    player = s.players[seat]
    out: list[Choice] = []
    for cid in hand:
        card = card_of(s, defs, cid)
        if card.kind == "land" and not player.land_played:
            for sq in land_squares(s, seat):
                old = s.lands[sq]
                where = square_name(sq)
                if old is not None:
                    replaced = card_of(s, defs, old.card).name
                    label = Text(f"Swap in land {card.name.en} on {where} (replacing {replaced.en})",
                                 f"{where}の{replaced.ja}を土地「{card.name.ja}」に入れ替え")
                else:
                    label = Text(f"Place land {card.name.en} on {where}", f"土地「{card.name.ja}」を{where}に配置")
                out.append(Choice({"kind": "land", "card": cid, "at": where}, label, group=card.name))
        elif card.kind in ("commoner", "general") and card.cost <= player.resources:
            down = Text(" face down", "裏向きで") if card.kind == "commoner" else Text("", "")
            for sq in summon_squares(s, seat):
                out.append(Choice({"kind": "summon", "card": cid, "at": square_name(sq)},
                                  Text(f"Summon {card.name.en}{down.en} on {square_name(sq)} (cost {card.cost})",
                                       f"{card.name.ja}を{square_name(sq)}に{down.ja}配置（コスト{card.cost}）"),
                                  group=card.name))
        elif card.kind == "equipment" and card.cost <= player.resources:
            for sq in equip_squares(s, seat):
                on = _on(s, defs, seat, sq)
                out.append(Choice({"kind": "equip", "card": cid, "at": square_name(sq)},
                                  Text(f"Equip {card.name.en} on {on.en}, cost {card.cost}",
                                       f"{card.name.ja}を{on.ja}に装備（コスト{card.cost}）"),
                                  group=card.name))
    return out


def cards_in_play(s: NaruState, seat: int, hand: list[str],
                  defs: Defs) -> list[tuple[dict[str, Any], CardDef, int | None, int | None]]:
    """Tools and rituals usable now, as (action, card, target square, chanter):
    the one enumeration behind the menu and the search's label-free list."""
    player = s.players[seat]
    out: list[tuple[dict[str, Any], CardDef, int | None, int | None]] = []
    chanters: list[int | None] | None = None
    for cid in hand:
        card = card_of(s, defs, cid)
        if card.kind not in ("tool", "ritual") or card.cost > player.resources:
            continue
        voices: list[int | None] = [None]
        if card.kind == "ritual":
            if chanters is None:
                chanters = ritual_chanters(s, seat, defs)
            voices = chanters
        for by in voices:
            for sq in card_targets(s, seat, cid, defs):
                action: dict[str, Any] = {"kind": card.kind, "card": cid}
                if sq is not None:
                    action["at"] = square_name(sq)
                if by is not None:
                    action["by"] = square_name(by)
                out.append((action, card, sq, by))
    return out


def _cards_in_play(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Choice]:
    """Tools and rituals, usable in either phase of your own turn."""
    out: list[Choice] = []
    for action, card, sq, by in cards_in_play(s, seat, hand, defs):
        where = Text("", "")
        if sq is not None:
            on = _on(s, defs, seat, sq)
            where = Text(f" on {on.en}", f"{on.ja}に")
        voice = Text("", "")
        if by is not None:
            voice = Text(f", chanted by {square_name(by)} (turns face up)",
                         f"、{square_name(by)}が唱える（表向きになる）")
        out.append(Choice(action, Text(f"Use {card.name.en}{where.en}, cost {card.cost}{voice.en}",
                                       f"{where.ja}{card.name.ja}を使う（コスト{card.cost}）{voice.ja}"),
                          group=card.name))
    return out
