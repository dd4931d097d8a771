"""成る!: a commoner that reaches the enemy home row, or damages the enemy
keep, may become a general, from hand or from the deck. Promotion is free."""

from __future__ import annotations

from engine.core import Rng, RuleError, Text

from .board import row_of, square_name
from .names import says
from .state import NaruState
from .units import Defs, card_of, is_commoner


def offer_promotion(s: NaruState, defs: Defs, sq: int, damaged_keep: bool) -> list[Text]:
    unit = s.units[sq]
    if unit is None or not is_commoner(s, defs, unit):
        return []
    if damaged_keep or row_of(sq) == s.enemy_home(unit.owner):
        s.promotion = sq
        return [Text(f"The commoner on {square_name(sq)} may promote (成る!).",
                     f"{square_name(sq)}の平民は「成る!」ことができる。")]
    return []


def promote_from_hand(s: NaruState, seat: int, cid: object, defs: Defs) -> list[Text]:
    player = s.players[seat]
    if not isinstance(cid, str) or cid not in player.hand or card_of(s, defs, cid).kind != "general":
        raise RuleError(Text("Promotion from hand needs a general card in your hand.",
                             "手札からの「成る!」には手札の武将カードが必要です。"),
                        Text("Choose a general from your hand, promote from the deck, or decline.",
                             "手札の武将を選ぶか、デッキから成るか、見送ってください。"))
    sq = s.promotion
    assert sq is not None
    unit = s.units[sq]
    assert unit is not None
    player.hand.remove(cid)
    unit.cards.append(cid)
    unit.facedown = False
    s.promotion = None
    name = card_of(s, defs, cid).name
    return [says(seat, f"promotes the commoner on {square_name(sq)} to {name.en} from hand. 成る!",
                 f"{square_name(sq)}の平民を手札の{name.ja}に成らせた。成る!")]


def promote_from_deck(s: NaruState, seat: int, defs: Defs, rng: Rng) -> list[Text]:
    player = s.players[seat]
    sq = s.promotion
    assert sq is not None
    unit = s.units[sq]
    assert unit is not None
    s.promotion = None
    for i, cid in enumerate(player.deck):
        if card_of(s, defs, cid).kind == "general":
            revealed = player.deck[:i]
            rest = player.deck[i + 1:]
            # The revealed cards go back and the deck is shuffled (ruling: the whole deck).
            player.deck = rng.shuffled(revealed + rest)
            unit.cards.append(cid)
            unit.facedown = False
            name = card_of(s, defs, cid).name
            # Revealed cards are seen by both players, so the log names them.
            shown = [card_of(s, defs, c).name for c in revealed]
            also = Text(" (before it: " + ", ".join(n.en for n in shown) + ")" if shown else "",
                        "（先にめくれたカード: " + "、".join(n.ja for n in shown) + "）" if shown else "")
            return [says(seat, f"reveals {i + 1} card(s) from the deck{also.en}; {name.en} promotes the unit on "
                               f"{square_name(sq)}. 成る!",
                         f"デッキから{i + 1}枚めくり{also.ja}、{square_name(sq)}の平民は{name.ja}に成った。成る!")]
    player.deck = rng.shuffled(player.deck)
    return [says(seat, "reveals the whole deck: no general, so no promotion. The deck is shuffled.",
                 "デッキをすべてめくったが武将がなく、成れなかった。デッキをシャッフルした。")]


def decline(s: NaruState, seat: int) -> list[Text]:
    s.promotion = None
    return [says(seat, "does not promote.", "成らなかった。")]
