"""What a card says in full: the text a player reads on looking a card up
(`card NAME`, engine.core.cardinfo) and the short requirement shown beside a
card in hand. Written from the card data, so a group's own card file reads as
well as the sample set: a card without printed text gets its ability written
out from its effects."""

from __future__ import annotations

from engine.core import CardInfo, Text
from engine.core.text import join

from .cards import ATTRIBUTE_NAMES, KIND_NAMES, CardDef, CardSet, Effect

# The attribute each one beats (政治 > 武力 > 農商 > 政治) and the one it loses to.
_BEATS = {"politics": "force", "force": "commerce", "commerce": "politics"}
_LOSES = {v: k for k, v in _BEATS.items()}

TARGETS: dict[str, Text] = {
    "own_unit": Text("one of your units", "自分のユニット1体"),
    "enemy_unit": Text("an enemy unit", "相手ユニット1体"),
    "enemy_in_territory": Text("an enemy unit in your territory", "自分の領地内の相手ユニット1体"),
    "any_unit": Text("any unit", "ユニット1体"),
}


def kind_name(card: CardDef) -> Text:
    return KIND_NAMES[card.kind]


def _capital(text: Text) -> Text:
    return Text(text.en[:1].upper() + text.en[1:], text.ja)


def _effect(e: Effect, target: Text) -> Text:
    """One effect in words, for cards whose file gives no text."""
    if e.op == "draw":
        return Text(f"draw {e.n} card{'s' if e.n != 1 else ''}", f"カードを{e.n}枚引く")
    if e.op == "gain":
        return Text(f"gain {e.n} resource{'s' if e.n != 1 else ''}", f"リソースを{e.n}得る")
    if e.op == "heal":
        return Text(f"gain {e.n} life", f"ライフを{e.n}得る")
    if e.op == "pump":
        return Text(f"{target.en} gets {e.attack:+d} attack and {e.defense:+d} defense this turn",
                    f"{target.ja}はこのターン、こうげき{e.attack:+d}・ぼうぎょ{e.defense:+d}")
    if e.op == "ready":
        return Text(f"{target.en} that has moved this turn may move again",
                    f"このターン移動した{target.ja}はもう一度移動できる")
    if e.op == "jail":
        return Text(f"send {target.en} with defense {e.max_defense} or less to jail",
                    f"ぼうぎょ{e.max_defense}以下の{target.ja}を牢屋に送る")
    if e.op == "reveal":
        return Text(f"target {target.en} (a face-down one turns face up)",
                    f"{target.ja}を対象にする（裏向きなら表になる）")
    if e.op == "search_land":
        return Text("put the first land from the top of your deck into your hand, then shuffle your deck",
                    "デッキの上から最初の土地カード1枚を手札に加え、デッキをシャッフルする")
    if e.op == "power":
        return Text(f"+{e.n} to your unit's value in this battle", f"この戦闘の間、自分のユニットの戦闘力+{e.n}")
    return Text("the opponent's attribute advantage does not double its value",
                "相手の属性有利による2倍を無効にする")


def ability(card: CardDef) -> Text:
    """The printed ability text, or one written out from the effects."""
    if card.text_en and card.text_ja:
        return card.text
    if not card.effects:
        return Text("", "")
    target = TARGETS.get(card.target, Text("a unit", "ユニット1体"))
    parts = [_effect(e, target) for e in card.effects]
    return _capital(Text("; ".join(p.en for p in parts) + ".", "、".join(p.ja for p in parts) + "。"))


def needs(card: CardDef) -> Text | None:
    """What a card needs besides its cost, in a few words (shown in hand)."""
    if card.kind == "keep":
        return Text("once in each of your turns, while an enemy unit is in your territory",
                    "自分のターンに1回、相手ユニットが自分の領地内にいるとき")
    if card.kind == "land":
        return Text("one land per turn, next to one of your lands or replacing one",
                    "1ターンに1枚、自分の土地の隣か自分の土地と入れ替え")
    if card.kind == "commoner":
        return Text("placed face down on a land in your territory", "自分の領地内の土地に裏向きで配置")
    if card.kind == "general":
        return Text("placed on a land in your territory", "自分の領地内の土地に配置")
    if card.kind == "equipment":
        return Text("on one of your units without equipment", "装備のない自分のユニットに付ける")
    if card.kind == "battle_tool":
        return Text("only in a battle", "戦闘中のみ")
    if card.kind == "ritual":
        return Text("needs your faith unit on a faith land", "信仰の土地に自分の神職ユニットが必要")
    if card.target != "none":
        return Text(f"target: {TARGETS[card.target].en}", f"対象：{TARGETS[card.target].ja}")
    return None


def _attribute(card: CardDef) -> Text:
    assert card.attribute is not None
    mine = ATTRIBUTE_NAMES[card.attribute]
    beats = ATTRIBUTE_NAMES[_BEATS[card.attribute]]
    loses = ATTRIBUTE_NAMES[_LOSES[card.attribute]]
    return Text(f"{mine.en}: its value doubles in a battle against a {beats.en} unit; a {loses.en} unit's value "
                f"doubles against it.",
                f"{mine.ja}属性：{beats.ja}のユニットとの戦闘では戦闘力が2倍、{loses.ja}のユニットとの戦闘では"
                f"相手の戦闘力が2倍になる。")


def _head(card: CardDef) -> Text:
    """The first line: type, cost, attribute, values, icons."""
    kind = _capital(kind_name(card))
    en = [kind.en]
    ja = [kind.ja]
    if card.kind in ("keep", "land"):
        en.append("no cost")
        ja.append("コスト不要")
    else:
        en.append(f"cost {card.cost}")
        ja.append(f"コスト{card.cost}")
    if card.attribute is not None:
        name = ATTRIBUTE_NAMES[card.attribute]
        en.append(name.en)
        ja.append(name.ja)
    if card.kind in ("commoner", "general"):
        en.append(f"attack {card.attack}, defense {card.defense}")
        ja.append(f"こうげき{card.attack}／ぼうぎょ{card.defense}")
    elif card.kind == "equipment":
        en.append(f"attack {card.attack:+d}, defense {card.defense:+d}")
        ja.append(f"こうげき{card.attack:+d}／ぼうぎょ{card.defense:+d}")
    if card.faith:
        unit = card.kind in ("commoner", "general")
        en.append("faith icon (a faith unit)" if unit else "faith icon (a faith land)")
        ja.append("信仰アイコン（神職ユニット）" if unit else "信仰アイコン（信仰の土地）")
    return Text(" — ".join(en[:2]) + (", " + ", ".join(en[2:]) if en[2:] else "") + ".",
                "・".join(ja) + "。")


_RULES: dict[str, Text] = {
    "keep": Text("Placed at set-up on a square of your territory. A land for every purpose (units stand on it, it "
                 "yields income), but never removed or swapped. Each time an enemy unit takes it, you lose 1 life.",
                 "開始時に自分の領地内のマスに配置する。土地として扱う（ユニットが乗れる・年貢を生む）が、取り除いたり"
                 "入れ替えたりはできない。相手ユニットに攻め込まれるたびにライフを1失う。"),
    "land": Text("Summon phase, at most one land per turn: on an empty square next to one of your lands (the keep "
                 "counts), anywhere on the board, or replacing one of your lands (the old one is exiled). Units stand "
                 "and move only on lands; each land one of your units stands on gives 1 resource at the start of your "
                 "turn.",
                 "召喚フェイズに1ターン1枚まで：自分の土地（天守閣を含む）に縦横で隣接する空きマス（盤上どこでも）に置くか、"
                 "自分の土地と入れ替える（元の土地は除外）。ユニットは土地の上にだけ立ち、移動する。自分のユニットがいる"
                 "土地1枚ごとに、ターン開始時にリソースを1得る。"),
    "commoner": Text("Summon phase: placed face down on a land in your territory with no unit on it; it turns face "
                     "up the moment it acts or is targeted, and cannot move, attack or chant the turn it is placed. "
                     "成る! (promotion): when it reaches the enemy home row, or damages the enemy keep, it may become "
                     "a general, free: one from your hand, or the first general of your deck.",
                     "召喚フェイズに、自分の領地内のユニットのいない土地に裏向きで配置する。行動したり対象になった瞬間に"
                     "表向きになる。配置したターンは移動・攻撃・儀式ができない。成る!：相手の本陣ラインに到達するか、"
                     "相手の天守閣に攻め込んでライフを減らすと、無料で武将に成れる（手札の武将か、デッキの最初の武将）。"),
    "general": Text("Summon phase: placed face up on a land in your territory with no unit on it; it cannot act the "
                    "turn it is placed. A commoner that promotes (成る!) becomes a general too.",
                    "召喚フェイズに、自分の領地内のユニットのいない土地に表向きで配置する。配置したターンは行動できない。"
                    "平民が「成る!」ときにも重ねて武将になる。"),
    "equipment": Text("Summon phase of your turn: on one of your units without equipment (one per unit). It stays "
                      "and goes to jail with the unit.",
                      "自分のターンの召喚フェイズに、装備のない自分のユニットに付ける（1体に1枚まで）。場に残り、"
                      "ユニットと一緒に牢屋に送られる。"),
    "battle_tool": Text("In a battle, yours or your opponent's: each side may use one, the attacker first. It goes to "
                        "jail after use.",
                        "戦闘中に使う（自分のターンでも相手のターンでも）。1回の戦闘につき各自1枚まで、攻撃側から。"
                        "使用後は牢屋へ。"),
    "tool": Text("Your turn, summon or action phase. It goes to jail after use.",
                 "自分のターンの召喚フェイズか行動フェイズに使う。使用後は牢屋へ。"),
    "ritual": Text("Needs your faith unit, not placed this turn, standing on a faith land: it chants the ritual (a "
                   "face-down one turns face up). Your turn, summon or action phase. It is exiled after use.",
                   "信仰の土地にいる自分の神職ユニット（このターンに配置したものを除く）が唱える（裏向きなら表になる）。"
                   "自分のターンの召喚フェイズか行動フェイズに使う。使用後は除外。"),
}

_KEEP_WHEN = Text("When: once in each of your turns (action phase), while an enemy unit is in your territory.",
                  "使えるとき：自分のターンの行動フェイズに1回、相手ユニットが自分の領地内にいるとき。")


def card_text(card: CardDef) -> Text:
    """The full card, one line per part: type and values, ability, timing and needs."""
    lines = [_head(card)]
    text = ability(card)
    if text.en:
        lines.append(text)
    if card.target != "none":
        target = TARGETS[card.target]
        lines.append(Text(f"Target: {target.en}.", f"対象：{target.ja}。"))
    if card.kind == "keep":
        lines.append(_KEEP_WHEN)
    lines.append(_RULES[card.kind])
    if card.attribute is not None:
        lines.append(_attribute(card))
    return join(lines, Text("\n", "\n"))


def catalog(cards: CardSet) -> list[CardInfo]:
    """Every card of the set, in file order, looked up by its key or either name."""
    return [CardInfo(card.key, card.name, card_text(card)) for card in cards.cards]
