"""The full text of each card, written from its data: what a player reads when
looking a card up (`card NAME`, `/parley card`) and beside each card in hand.
Cards are data built from a small effect vocabulary, so their text is too: a
group's own card file gets readable cards without writing any."""

from __future__ import annotations

from engine.core import CardInfo, Text
from engine.core.text import join

from .cards import ELEMENT_TEXT, CardDef, Catalog, CommanderDef, Effect, Static

TYPE_TEXT: dict[str, Text] = {
    "general": Text("General", "武将"), "item": Text("Item", "アイテム"), "trap": Text("Trap", "罠"),
    "stratagem": Text("Stratagem", "計略"), "commander": Text("Commander", "指揮官"),
}
TIMING_TEXT: dict[str, Text] = {
    "main": Text("in a main phase, on your priority (either player's turn)",
                 "メインフェイズの自分の優先権で（どちらのターンでも）"),
    "response": Text("only when an attack is declared against you", "自分が攻撃宣言を受けた時のみ"),
    "any": Text("in a main phase on your priority, or when an attack is declared against you",
                "メインフェイズの自分の優先権か、自分が攻撃宣言を受けた時に"),
}

_ONE = {"enemy_general": Text("an enemy general", "敵武将1体"), "own_general": Text("one of your generals", "自分の武将1体"),
        "all_enemy": Text("every enemy general", "敵武将すべて"), "all_own": Text("all your generals", "自分の武将すべて"),
        "attacker": Text("the attacking general", "攻撃してきた武将")}


def _n(amount: int, one: str, many: str) -> str:
    return f"{amount} {one if amount == 1 else many}"


def effect_text(e: Effect) -> Text:
    """One step, as a clause: `deal 2 damage to an enemy general`."""
    who = _ONE.get(e.target, Text("", ""))
    a = e.amount
    if e.op == "damage":
        return Text(f"deal {a} damage to {who.en}", f"{who.ja}に{a}ダメージ")
    if e.op == "troops":
        return Text(f"your opponent loses {_n(a, 'troop', 'troops')}", f"相手の兵数を{a}減らす")
    if e.op == "heal":
        return Text(f"you gain {_n(a, 'troop', 'troops')}", f"自分の兵数を{a}増やす")
    if e.op == "draw":
        return Text(f"draw {_n(a, 'card', 'cards')}", f"カードを{a}枚引く")
    if e.op == "provision":
        return Text(f"take {_n(a, 'provision', 'provisions')} from your deck top",
                    f"デッキの上から{a}枚を兵糧にする")
    if e.op == "boost":
        return Text(f"{who.en} {'get' if e.target == 'all_own' else 'gets'} +{a} power this turn",
                    f"{who.ja}の武力+{a}（このターン）")
    if e.op == "exhaust":
        return Text(f"exhaust {who.en} (an exhausted one is destroyed)",
                    f"{who.ja}を行動不能にする（既に行動不能なら破壊）")
    if e.op == "ready":
        return Text(f"ready {who.en}", f"{who.ja}を臨戦状態にする")
    if e.op == "cancel":
        return Text("cancel the attack", "その攻撃を無効にする")
    # destroy
    if e.target == "attacker":
        return Text(f"destroy the attacking general if its power is {a} or less",
                    f"攻撃してきた武将の武力が{a}以下なら破壊する")
    return Text(f"destroy an enemy general with power {a} or less", f"武力{a}以下の敵武将1体を破壊する")


def steps_text(effects: list[Effect]) -> Text:
    """The steps in order, as one sentence without its full stop."""
    return join([effect_text(e) for e in effects], Text("; then ", "。その後、"))


def static_text(st: Static) -> Text:
    el = ELEMENT_TEXT[st.element] if st.element else None
    yours = Text(f"your {el.en} generals", f"自分の{el.ja}属性の武将") if el else Text("your generals", "自分の武将")
    if st.op == "aura_power":
        return Text(f"{yours.en} get +{st.amount} power", f"{yours.ja}の武力+{st.amount}")
    if st.op == "aura_strike":
        return Text(f"{yours.en} get +{st.amount} strike", f"{yours.ja}の戦攻+{st.amount}")
    if st.op == "extra_provision":
        return Text(f"you take {_n(st.amount, 'more provision', 'more provisions')} in each provisions phase",
                    f"兵糧フェイズに得る兵糧+{st.amount}")
    return Text(f"an attack on you costs you {_n(st.amount, 'troop', 'troops')} fewer",
                f"自分への攻撃で減る兵数-{st.amount}")


def terms_text(card: CardDef) -> Text:
    """`Wood x1, Fire x1` / `木1、火1`, or none."""
    if not card.terms:
        return Text("none", "なし")
    parts = [Text(f"{ELEMENT_TEXT[el].en} x{n}", f"{ELEMENT_TEXT[el].ja}{n}") for el, n in sorted(card.terms.items())]
    return join(parts)


def _sentence(head: Text, body: Text) -> Text:
    return Text(f"{head.en}: {body.en}.", f"{head.ja}：{body.ja}。")


def ability_lines(card: CardDef) -> list[Text]:
    """What the card does and when, one line per ability."""
    lines: list[Text] = []
    if card.move:
        lines.append(Text("Move (移動): once per turn in your main phase, it may move to an empty square of your "
                          "formation.", "移動：自分のメインフェイズに1ターン1回、自陣の空いているマスへ移動できる。"))
    if card.support:
        lines.append(_sentence(Text("Support (支援): on a support square, exhaust it, on your priority in a main "
                                    "phase or when attacked", "支援：支援マスでこの武将を行動不能にして、"
                                    "メインフェイズの自分の優先権か攻撃を受けた時に使う"), steps_text(card.support)))
    if card.ambush:
        when = (Text(" (the steps naming the attacker only when attacked)", "（攻撃してきた武将への効果は攻撃を受けた時のみ）")
                if any(e.target == "attacker" or e.op == "cancel" for e in card.on_reveal) else Text("", ""))
        head = Text("Ambush (伏兵): set face down, it may be turned face up by paying its cost, in a main phase on "
                    "your priority or when attacked", "伏兵：伏せ札から、コストを払ってメインフェイズの自分の優先権か"
                    "攻撃を受けた時に表向きにできる")
        if card.on_reveal:
            lines.append(_sentence(head + Text("; when it is", "。表向きにした時") + when,
                                   steps_text(card.on_reveal)))
        else:
            lines.append(head + Text(".", "。"))
    if card.on_place:
        lines.append(_sentence(Text("When placed", "配置した時"), steps_text(card.on_place)))
    for st in card.static:
        text = static_text(st)
        lines.append(Text(f"While face up: {text.en}.", f"表向きの間：{text.ja}。"))
    if card.type == "trap":
        lines.append(_sentence(Text("Set it face down; turn it face up (paying its cost) when an attack is declared "
                                    "against you, then discard it", "伏せ札として置き、攻撃宣言を受けた時に"
                                    "コストを払って表向きにして使い、捨て札にする"), steps_text(card.effects)))
    if card.type == "stratagem":
        lines.append(_sentence(Text(f"Use it {TIMING_TEXT[card.timing].en}, then discard it",
                                    f"{TIMING_TEXT[card.timing].ja}使い、捨て札にする"), steps_text(card.effects)))
    if card.text is not None:
        lines.append(card.text.text())
    return lines


def summary(card: CardDef) -> Text:
    """The first line: type, element, cost, stats; what the hand shows."""
    kind, el = TYPE_TEXT[card.type], ELEMENT_TEXT[card.element]
    out = Text(f"{kind.en}, {el.en}, cost {card.cost}", f"{kind.ja}・{el.ja}・コスト{card.cost}")
    if card.type == "general":
        out += Text(f", power {card.power}, strike {card.strike}", f"・武力{card.power}・戦攻{card.strike}")
    return out


def needs(card: CardDef) -> Text:
    """What playing it needs besides the cost: terms (ターム) and formation (布陣)."""
    out = Text(f"Terms: {terms_text(card).en}", f"ターム：{terms_text(card).ja}")
    if card.formation:
        out += Text(f"; formation: {card.formation} generals", f"、布陣：武将{card.formation}体")
    return out


NEEDS_NOTE = Text("Terms count your ready face-up generals of that element on supply squares; formation counts your "
                  "face-up generals already on the field.",
                  "ターム＝補給マスにいる、その属性の臨戦状態の表向きの武将の数。布陣＝自分の場に既にいる表向きの武将の数。")


def card_text(card: CardDef) -> Text:
    """The whole card, several lines."""
    lines = [summary(card) + Text(".", "。"), needs(card) + Text(".", "。"), *ability_lines(card)]
    if not ability_lines(card):
        lines.append(Text("No abilities.", "能力なし。"))
    return join(lines, Text("\n", "\n"))


def short_text(card: CardDef) -> Text:
    """The abilities on one line, for the hand (empty for a vanilla general)."""
    return join(ability_lines(card), Text(" ", ""))


# The board's shorthand for the squares of a formation (bot/render/musou.py uses the same).
ROLE_SHORT = {"A": Text("ATK", "戦攻"), "S": Text("SUP", "補給"), "P": Text("SPT", "支援"), "C": Text("CMD", "指揮")}


def layout_grid(m: CommanderDef) -> Text:
    rows = m.layout.split("/")
    return Text("\n".join("  " + " ".join(ROLE_SHORT[r].en for r in row) for row in rows),
                "\n".join("  " + " ".join(ROLE_SHORT[r].ja for r in row) for row in rows))


def commander_text(m: CommanderDef) -> Text:
    lines = [Text(f"Commander: troops {m.troops}, opening hand {m.hand}.", f"指揮官・兵数{m.troops}・初期手札{m.hand}枚。"),
             Text(f"Formation {m.layout} (rows top to bottom; ATK attack, SUP supply, SPT support square, "
                  "CMD the commander):", f"陣営 {m.layout}（上の行から。戦攻・補給・支援はマスの役割、中央が指揮官）："),
             layout_grid(m)]
    if m.musou is not None:
        lines.append(_sentence(Text(f"無双 {m.musou.name.en} (once per game, in your own main phase)",
                                    f"無双「{m.musou.name.ja}」（1ゲーム1回、自分のメインフェイズ）"),
                               steps_text(m.musou.effects)))
    return join(lines, Text("\n", "\n"))


def catalog_info(cat: Catalog) -> list[CardInfo]:
    """Every card and commander of the set, in the set's order."""
    out = [CardInfo(c.key, c.title(), card_text(c)) for c in cat.data.cards]
    return out + [CardInfo(m.key, m.title(), commander_text(m)) for m in cat.data.commanders]
