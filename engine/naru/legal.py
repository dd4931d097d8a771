"""Who is waited on, and every legal action with a bilingual label. The
passive choice (end phase, no tool, decline, keep hand) always comes first."""

from __future__ import annotations

from typing import Any

from engine.core import Choice, Pending, Text

from .board import square_name
from .effects import battle_seat, keep_available, ritual_chanters, target_squares
from .movement import destinations
from .opening import keep_label, keep_squares, mulligan_cost
from .state import HAND_SIZE, NaruState
from .summon import equip_squares, land_squares, summon_squares
from .units import Defs, card_of

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


PROMPTS: dict[str, Text] = {
    "mulligan": Text("Keep your hand or mulligan.", "手札を確定するかマリガンしてください。"),
    "place_keep": Text("Place your keep in your territory.", "天守閣を自分の領地に配置してください。"),
    "battle_tool": Text("Add a battle tool or none.", "戦闘どうぐを使うか選んでください。"),
    "respond": Text("You are attacked: add a battle tool or none.", "攻撃を受けています：戦闘どうぐを使うか選んでください。"),
    "promote": Text("Your commoner may promote (成る!).", "平民が「成る!」ことができます。"),
    "swap": Text("Turn 1: you may pay 1 to swap a hand card for a land from your deck.",
                 "1ターン目：リソース1で手札1枚とデッキの土地を入れ替えられます。"),
    "summon": Text("Summon phase: land, units, equipment, tools, rituals.", "召喚フェイズ：土地・ユニット・装備・どうぐ・儀式。"),
    "action": Text("Action phase: move units, keep effect, tools, rituals.", "行動フェイズ：移動・天守効果・どうぐ・儀式。"),
    "discard": Text(f"Discard down to {HAND_SIZE} cards.", f"手札が{HAND_SIZE}枚になるまで捨ててください。"),
}


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


def pending(s: NaruState) -> tuple[Pending, ...]:
    return tuple(Pending(seat, kind, PROMPTS[kind]) for seat, kind in waiting(s))


def _unique(s: NaruState, cids: list[str]) -> list[str]:
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
    hand = _unique(s, player.hand)

    def name(cid: str) -> Text:
        return card_of(s, defs, cid).name

    out: list[Choice] = []
    if m == "mulligan":
        out.append(Choice({"kind": "keep_hand"}, Text("Keep this hand", "この手札で確定")))
        cost = mulligan_cost(s, seat)
        if player.resources >= cost:
            out.append(Choice({"kind": "mulligan"}, Text(f"Mulligan (costs {cost})", f"マリガン（コスト{cost}）")))
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
                                  Text(f"Use {card.name.en} ({card.cost})", f"{card.name.ja}を使う（{card.cost}）")))
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
        for cid in hand:
            for key in lands:
                land = defs[key].name
                out.append(Choice({"kind": "land_swap", "give": cid, "take": key},
                                  Text(f"Pay 1: {name(cid).en} into the deck, {land.en} into hand",
                                       f"リソース1：{name(cid).ja}をデッキへ、{land.ja}を手札へ")))
    elif m == "discard":
        for cid in hand:
            out.append(Choice({"kind": "discard", "card": cid}, Text(f"Discard {name(cid).en}", f"{name(cid).ja}を捨てる")))
    elif m == "summon":
        out.append(Choice({"kind": "end_summon"}, Text("End the summon phase", "召喚フェイズを終える")))
        out += _summons(s, seat, hand, defs)
        out += _cards_in_play(s, seat, hand, defs)
    elif m == "action":
        out.append(Choice({"kind": "end_turn"}, Text("End the turn", "ターンを終える")))
        for origin in range(len(s.units)):
            for target in destinations(s, seat, origin):
                verb = Text("Attack", "攻撃") if s.units[target] is not None or target == s.enemy_keep(seat) \
                    else Text("Move", "移動")
                out.append(Choice({"kind": "move", "from": square_name(origin), "to": square_name(target)},
                                  Text(f"{verb.en} {square_name(origin)} → {square_name(target)}",
                                       f"{verb.ja} {square_name(origin)} → {square_name(target)}")))
        if keep_available(s, seat):
            keep = card_of(s, defs, player.keep_card)
            for spot in _targets(s, seat, player.keep_card, defs):
                action: dict[str, Any] = {"kind": "keep_effect"}
                where = ""
                if spot is not None:
                    action["at"] = square_name(spot)
                    where = f" → {square_name(spot)}"
                # The card text already opens with "Keep effect:" (天守効果：).
                en = keep.text_en if keep.text_en.startswith("Keep effect") else f"Keep effect: {keep.text_en}"
                ja = keep.text_ja if keep.text_ja.startswith("天守効果") else f"天守効果：{keep.text_ja}"
                out.append(Choice(action, Text(f"{en}{where}", f"{ja}{where}")))
        out += _cards_in_play(s, seat, hand, defs)
    return out


def _targets(s: NaruState, seat: int, cid: str, defs: Defs) -> list[int | None]:
    card = card_of(s, defs, cid)
    if card.target == "none":
        return [None]
    return list(target_squares(s, seat, card))


def _summons(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Choice]:
    player = s.players[seat]
    out: list[Choice] = []
    for cid in hand:
        card = card_of(s, defs, cid)
        if card.kind == "land" and not player.land_played:
            for sq in land_squares(s, seat):
                swap = s.lands[sq] is not None
                verb = Text("Swap in", "入れ替え") if swap else Text("Place", "配置")
                out.append(Choice({"kind": "land", "card": cid, "at": square_name(sq)},
                                  Text(f"{verb.en} land {card.name.en} on {square_name(sq)}",
                                       f"土地「{card.name.ja}」を{square_name(sq)}に{verb.ja}")))
        elif card.kind in ("commoner", "general") and card.cost <= player.resources:
            down = Text(" face down", "（裏向き）") if card.kind == "commoner" else Text("", "")
            for sq in summon_squares(s, seat):
                out.append(Choice({"kind": "summon", "card": cid, "at": square_name(sq)},
                                  Text(f"Summon {card.name.en}{down.en} on {square_name(sq)} ({card.cost})",
                                       f"{card.name.ja}{down.ja}を{square_name(sq)}に配置（{card.cost}）")))
        elif card.kind == "equipment" and card.cost <= player.resources:
            for sq in equip_squares(s, seat):
                out.append(Choice({"kind": "equip", "card": cid, "at": square_name(sq)},
                                  Text(f"Equip {card.name.en} on {square_name(sq)} ({card.cost})",
                                       f"{card.name.ja}を{square_name(sq)}に装備（{card.cost}）")))
    return out


def _cards_in_play(s: NaruState, seat: int, hand: list[str], defs: Defs) -> list[Choice]:
    """Tools and rituals, usable in either phase of your own turn."""
    player = s.players[seat]
    out: list[Choice] = []
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
            for sq in _targets(s, seat, cid, defs):
                action: dict[str, Any] = {"kind": card.kind, "card": cid}
                where = ""
                if sq is not None:
                    action["at"] = square_name(sq)
                    where = f" → {square_name(sq)}"
                voice = Text("", "")
                if by is not None:
                    action["by"] = square_name(by)
                    voice = Text(f", chanted by {square_name(by)} (turns face up)",
                                 f"、{square_name(by)}が唱える（表向きになる）")
                out.append(Choice(action, Text(f"Use {card.name.en}{where} ({card.cost}){voice.en}",
                                               f"{card.name.ja}を使う{where}（{card.cost}）{voice.ja}")))
    return out
