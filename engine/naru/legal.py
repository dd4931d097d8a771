"""What a seat is asked and offered, in words: the prompt of every seat the
game waits on, and the menu, which is `choices.actions` with a bilingual
label (and a menu group) on each action. Each label is worked out from the
action and the state alone, so the menu can never offer other actions, or
in another order, than the search bot considers."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, Choice, Pending, Text

from .battle import battle_values
from .board import parse_square, square_name
from .catalog import ability
from .choices import actions, waiting
from .opening import keep_label, mulligan_cost
from .prompts import prompt
from .state import Battle, NaruState
from .units import Defs, card_of, unit_name

MODE_NAMES: dict[str, Text] = {
    "mulligan": Text("mulligans", "マリガン"), "keep": Text("keep placement", "天守閣の配置"),
    "battle": Text("a battle", "戦闘中"), "promote": Text("a promotion choice", "「成る!」の選択"),
    "swap": Text("the turn-1 land swap", "1ターン目の土地入れ替え"), "summon": Text("the summon phase", "召喚フェイズ"),
    "action": Text("the action phase", "行動フェイズ"), "discard": Text("discarding", "手札調整"),
    "over": Text("the end of the game", "ゲーム終了後"),
}


def pending(s: NaruState, defs: Defs) -> tuple[Pending, ...]:
    return tuple(Pending(seat, kind, prompt(s, defs, kind)) for seat, kind in waiting(s))


def legal_actions(s: NaruState, seat: int, defs: Defs) -> list[Choice]:
    out = []
    for action in actions(s, seat, defs):
        label, group = LABELS[action["kind"]](s, seat, action, defs)
        out.append(Choice(action, label, group=group))
    return out


# A label and the menu group the choice is staged under (None: not staged).
Labelled = tuple[Text, Text | None]
Labeller = Callable[[NaruState, int, Action, Defs], Labelled]


def _fixed(en: str, ja: str) -> Labeller:
    """The label of an action that says all there is to say by its kind."""
    def label(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
        return Text(en, ja), None
    return label


def _square(action: Action, key: str = "at") -> int:
    sq = parse_square(action[key])
    assert sq is not None, action  # the enumeration writes only squares of the board
    return sq


def _name(s: NaruState, defs: Defs, action: Action, key: str = "card") -> Text:
    return card_of(s, defs, action[key]).name


def _mulligan(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    cost = mulligan_cost(s, seat)
    paid = Text(f"costs {cost}", f"コスト{cost}") if cost else Text("free", "無料")
    return Text(f"Mulligan ({paid.en})", f"マリガン（{paid.ja}）"), None


def _place_keep(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    # Before the turn order is known the squares are named from the seat's own side.
    place = Text(action["at"], action["at"]) if s.order_known else keep_label(_square(action))
    return Text(f"Place your keep on {place.en}", f"天守閣を{place.ja}に配置"), None


def _battle_tool(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    card = card_of(s, defs, action["card"])
    result = _with_tool(s, defs, action["card"])
    return Text(f"Use {card.name.en} (cost {card.cost}): {result.en}",
                f"{card.name.ja}を使う（コスト{card.cost}）：{result.ja}"), None


def _promote(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    name = _name(s, defs, action)
    return Text(f"Promote to {name.en} from hand", f"手札の{name.ja}に成る"), None


def _land_swap(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    given = _name(s, defs, action, "give")
    land = defs[action["take"]].name
    return (Text(f"Pay 1: {given.en} into the deck, {land.en} into hand",
                 f"リソース1：{given.ja}をデッキへ、{land.ja}を手札へ"),
            Text(f"Take {land.en}", f"{land.ja}を手札へ"))


def _discard(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    name = _name(s, defs, action)
    return Text(f"Discard {name.en}", f"{name.ja}を捨てる"), None


def _move(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    here, there = action["from"], action["to"]
    unit = s.units[_square(action, "from")]
    assert unit is not None
    mover = unit_name(s, defs, unit)
    target = _square(action, "to")
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
    return label, Text(f"{mover.en} on {here}", f"{here}の{mover.ja}")


def _keep_effect(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    keep = card_of(s, defs, s.players[seat].keep_card)
    text = ability(keep)
    # The card text already opens with "Keep effect:" (天守効果：) in the sample set.
    en = text.en.removeprefix("Keep effect:").strip()
    ja = text.ja.removeprefix("天守効果：").strip()
    if "at" not in action:
        return Text(f"Keep effect: {en}", f"天守効果：{ja}"), keep.name
    on = _on(s, defs, seat, _square(action))
    return Text(f"Keep effect on {on.en}: {en}", f"天守効果を{on.ja}に使う：{ja}"), keep.name


def _land(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    card = card_of(s, defs, action["card"])
    where = action["at"]
    old = s.lands[_square(action)]
    if old is None:
        return Text(f"Place land {card.name.en} on {where}", f"土地「{card.name.ja}」を{where}に配置"), card.name
    replaced = card_of(s, defs, old.card).name
    return (Text(f"Swap in land {card.name.en} on {where} (replacing {replaced.en})",
                 f"{where}の{replaced.ja}を土地「{card.name.ja}」に入れ替え"), card.name)


def _summon(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    card = card_of(s, defs, action["card"])
    where = action["at"]
    down = Text(" face down", "裏向きで") if card.kind == "commoner" else Text("", "")
    return (Text(f"Summon {card.name.en}{down.en} on {where} (cost {card.cost})",
                 f"{card.name.ja}を{where}に{down.ja}配置（コスト{card.cost}）"), card.name)


def _equip(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    card = card_of(s, defs, action["card"])
    on = _on(s, defs, seat, _square(action))
    return (Text(f"Equip {card.name.en} on {on.en}, cost {card.cost}",
                 f"{card.name.ja}を{on.ja}に装備（コスト{card.cost}）"), card.name)


def _card_in_play(s: NaruState, seat: int, action: Action, defs: Defs) -> Labelled:
    """A tool or a ritual: aimed at a square or not, a ritual perhaps chanted
    by a face-down unit that the chant reveals."""
    card = card_of(s, defs, action["card"])
    where = Text("", "")
    if "at" in action:
        on = _on(s, defs, seat, _square(action))
        where = Text(f" on {on.en}", f"{on.ja}に")
    voice = Text("", "")
    if "by" in action:
        by = action["by"]
        voice = Text(f", chanted by {by} (turns face up)", f"、{by}が唱える（表向きになる）")
    return (Text(f"Use {card.name.en}{where.en}, cost {card.cost}{voice.en}",
                 f"{where.ja}{card.name.ja}を使う（コスト{card.cost}）{voice.ja}"), card.name)


LABELS: dict[str, Labeller] = {
    "keep_hand": _fixed("Keep this hand", "この手札で確定"),
    "mulligan": _mulligan,
    "place_keep": _place_keep,
    "no_tool": _fixed("No battle tool", "戦闘どうぐを使わない"),
    "battle_tool": _battle_tool,
    "decline": _fixed("Do not promote", "成らない"),
    "promote": _promote,
    "promote_deck": _fixed("Promote from the deck (first general)", "デッキから成る（最初の武将）"),
    "no_swap": _fixed("No land swap", "土地を入れ替えない"),
    "land_swap": _land_swap,
    "discard": _discard,
    "end_summon": _fixed("End the summon phase", "召喚フェイズを終える"),
    "land": _land,
    "summon": _summon,
    "equip": _equip,
    "tool": _card_in_play,
    "ritual": _card_in_play,
    "end_turn": _fixed("End the turn", "ターンを終える"),
    "move": _move,
    "keep_effect": _keep_effect,
}


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
