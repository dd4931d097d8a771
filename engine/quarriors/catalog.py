"""The card lookup: every card of the set a match uses, written out in full
from the card data (kind, capture cost, glory, each die face in shorthand
and in words, when a spell is cast, the ability). A die has no entry of its
own: each card lists its die's faces, and a class's three cards share one die."""

from __future__ import annotations

from engine.core.cardinfo import CardInfo
from engine.core.text import Text, join

from .cards import Card, CardSet, Face
from .faces import face_text, face_words

KINDS = {
    "basic": Text("basic card", "基本カード"),
    "creature": Text("creature card", "モンスターカード"),
    "spell": Text("spell card", "魔法カード"),
}

TIMING = {
    "immediate": Text("Immediate spell: cast it from your active pool right after rolling, before you ready or "
                      "summon anything; otherwise it does nothing this turn.",
                      "即時魔法：ロールの直後、魔法の準備や召喚より前に活動プールから発動する。"
                      "そうしなければこのターンは何もしない。"),
    "ready": Text("Readied spell: ready it for free, then cast it on your own turn, before or after your attack "
                  "(in a later turn too).",
                  "待機魔法：無償で待機エリアに準備し、自分の手番の攻撃の前か後に発動する（後のターンでもよい）。"),
    "attach": Text("Attach spell: ready it, then attach it to one of your creatures on your own turn; it leaves "
                   "play with that creature.",
                   "付加魔法：待機エリアに準備し、自分の手番に自分のモンスター1体に付加する。"
                   "そのモンスターと共に場を離れる。"),
    "reaction": Text("Reaction spell: ready it on your turn; cast it on another player's turn: before you defend, "
                     "while you absorb an attack, or right after a creature of yours is destroyed.",
                     "リアクション魔法：自分の手番に準備し、他のプレイヤーの手番（防御の前、攻撃を受けている間、"
                     "自分のモンスターが打倒された直後）に発動する。"),
}


SPELL_FACE = {
    "immediate": Text("spell: cast it at once (`cast`)", "魔法：すぐに発動する（cast）"),
    "other": Text("spell: ready it for free (`ready`)", "魔法：無償で待機エリアに準備する（ready）"),
}


def _header(card: Card, cs: CardSet) -> Text:
    kind = KINDS[card.kind]
    bits = [Text(f"Capture cost {card.cost} quiddity", f"捕獲コスト：魔力{card.cost}")]
    if any(f.creature for f in card.faces):
        bits.append(Text(f"scores {card.glory} glory", f"得点化で勝利点{card.glory}"))
    if card.dice_on_card:
        bits.append(Text(f"{card.dice_on_card} dice on the card", f"カード上のダイス{card.dice_on_card}個"))
    start = cs.setup.starting_bag.get(card.id)
    if start:
        bits.append(Text(f"{start} in each starting bag", f"各プレイヤーの初期バッグに{start}個"))
    return (card.name + Text(" — ", " — ") + kind + Text("\n", "\n")
            + join(bits, Text("; ", "。")) + Text(".", "。"))


def card_text(card: Card, cs: CardSet) -> Text:
    lines = [_header(card, cs), Text("Die faces (", "ダイスの目（") + card.die_name + Text(" die):", "のダイス）：")]
    counts: dict[Face, int] = {}
    for f in card.faces:  # a face that repeats is written once, with how many the die has
        counts[f] = counts.get(f, 0) + 1
    for f, n in counts.items():
        times = f" ×{n}" if n > 1 else ""
        words = face_words(f)
        if f.spell:  # this card's timing says how its spell face is used
            words = SPELL_FACE["immediate" if card.timing == "immediate" else "other"]
            if f.burst:
                words = words + Text(f"; {'one burst (*)' if f.burst == 1 else 'two bursts (**)'}",
                                     f"。爆発シンボル{f.burst}つ（{'*' * f.burst}）")
        summon = Text(f"; summon for {f.level} quiddity", f"。召喚に魔力{f.level}") if f.creature else Text("", "")
        lines.append(Text(f"  {face_text(f)}{times} — ", f"  {face_text(f)}{times} — ") + words + summon)
    if card.timing in TIMING:
        lines.append(TIMING[card.timing])
    lines.append(Text("Ability: ", "能力：") + card.text)
    return join(lines, Text("\n", "\n"))


def catalog(cs: CardSet, chosen: list[str] | None = None) -> list[CardInfo]:
    """The basic cards and the chosen ones, or, when the wilds are revealed at
    random, every card of the set (any of them may come up)."""
    cards = list(cs.cards.values())
    if chosen:
        wanted = set(cs.setup.basic_cards) | set(chosen)
        cards = [c for c in cards if c.id in wanted]
    return [CardInfo(c.id, c.name, card_text(c, cs)) for c in cards]
