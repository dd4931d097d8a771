"""What the game asks a seat, in words. A seat in a battle reads the whole
battle as it stands (who attacks with what, each side's value and how it is
made), since that is what it decides on; all of it is public by then."""

from __future__ import annotations

from engine.core import Text

from .battle import battle_line
from .board import square_name
from .state import HAND_SIZE, NaruState
from .units import Defs

PROMPTS: dict[str, Text] = {
    "mulligan": Text("Keep your hand or mulligan.", "手札を確定するかマリガンしてください。"),
    "place_keep": Text("Place your keep in your territory.", "天守閣を自分の領地に配置してください。"),
    "swap": Text("Turn 1: you may pay 1 to swap a hand card for a land from your deck.",
                 "1ターン目：リソース1で手札1枚とデッキの土地を入れ替えられます。"),
    "summon": Text("Summon phase: land, units, equipment, tools, rituals.", "召喚フェイズ：土地・ユニット・装備・どうぐ・儀式。"),
    "action": Text("Action phase: move units, keep effect, tools, rituals.", "行動フェイズ：移動・天守効果・どうぐ・儀式。"),
    "discard": Text(f"Discard down to {HAND_SIZE} cards.", f"手札が{HAND_SIZE}枚になるまで捨ててください。"),
}


def prompt(s: NaruState, defs: Defs, kind: str) -> Text:
    if kind in ("battle_tool", "respond") and s.battle is not None:
        battle = s.battle
        where = square_name(battle.target)
        keep = any(p.keep_sq == battle.target for p in s.players)
        on = Text(f" on {where}" + (" (the keep)" if keep else ""), f"（{where}" + ("・天守閣" if keep else "") + "）")
        line = battle_line(s, defs, battle)
        if kind == "battle_tool":
            return Text(f"You attack{on.en}: {line.en}. Add a battle tool, or none.",
                        f"攻撃中{on.ja}：{line.ja}。戦闘どうぐを使うか選んでください。")
        return Text(f"You are attacked{on.en}: {line.en}. The defender loses ties. Add a battle tool, or none.",
                    f"攻撃を受けています{on.ja}：{line.ja}。同値なら防御側の負けです。戦闘どうぐを使うか選んでください。")
    if kind == "promote" and s.promotion is not None:
        where = square_name(s.promotion)
        return Text(f"Your commoner on {where} may promote (成る!): from your hand, from the deck, or not at all.",
                    f"{where}の平民が「成る!」ことができます。手札から成るか、デッキから成るか、成らないかを選んでください。")
    return PROMPTS[kind]
