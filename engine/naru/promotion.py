"""成る!: a commoner that reaches the enemy home row, or damages the enemy
keep, may become a general, from hand or from the deck. Promotion is free."""

from __future__ import annotations

from engine.core import Rng, RuleError, Text

from .board import row_of, square_name
from .names import Log, owns, plural, says, tally
from .state import NaruState
from .units import Defs, card_of, is_commoner


def offer_promotion(s: NaruState, defs: Defs, sq: int, damaged_keep: bool, log: Log) -> None:
    unit = s.units[sq]
    if unit is None or not is_commoner(s, defs, unit):
        return
    if damaged_keep or row_of(sq) == s.enemy_home(unit.owner):
        s.promotion = sq
        if log is not None:
            log.append(owns(unit.owner, f"commoner on {square_name(sq)} may promote (成る!).",
                            f"{square_name(sq)}の平民は「成る!」ことができる。"))


def promote_from_hand(s: NaruState, seat: int, cid: object, defs: Defs, log: Log) -> None:
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
    if log is not None:
        name = card_of(s, defs, cid).name
        log.append(says(seat, f"promotes the commoner on {square_name(sq)} to {name.en} from hand (成る!).",
                        f"{square_name(sq)}の平民を手札の{name.ja}に成らせた（成る!）。"))


def promote_from_deck(s: NaruState, seat: int, defs: Defs, rng: Rng, log: Log) -> None:
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
            if log is None:
                return
            name = card_of(s, defs, cid).name
            # Revealed cards are seen by both players, so the log names them.
            shown = [card_of(s, defs, c).name for c in revealed]
            before = Text(", ".join(n.en for n in shown), "、".join(n.ja for n in shown))
            also = Text(f" ({before.en}, then {name.en})" if shown else "",
                        f"（{before.ja}、そして{name.ja}）" if shown else "")
            back = Text(" The other revealed cards go back and the deck is shuffled." if shown else
                        " The deck is shuffled.",
                        "ほかのめくったカードはデッキに戻してシャッフルした。" if shown else "デッキをシャッフルした。")
            log.append(says(seat, f"reveals {plural(i + 1, 'card', 'cards')} from the deck{also.en}: {name.en} "
                                  f"promotes the commoner on {square_name(sq)} (成る!).{back.en}",
                            f"デッキから{i + 1}枚めくり{also.ja}、{square_name(sq)}の平民は{name.ja}に成った"
                            f"（成る!）。{back.ja}"))
            return
    # Nothing is hidden here any more: every card of the deck was turned up.
    deck = player.deck
    player.deck = rng.shuffled(deck)
    if log is None:
        return
    if not deck:
        log.append(says(seat, "has no cards in the deck: no general, so no promotion.",
                        "デッキにカードがなく、成れなかった。"))
        return
    turned = tally([card_of(s, defs, c).name for c in deck])
    log.append(says(seat, f"reveals the whole deck ({plural(len(deck), 'card', 'cards')}: {turned.en}): no general, "
                          "so no promotion. The deck is shuffled.",
                    f"デッキをすべてめくった（{len(deck)}枚：{turned.ja}）が武将がなく、成れなかった。デッキをシャッフルした。"))


def decline(s: NaruState, seat: int, log: Log) -> None:
    s.promotion = None
    if log is not None:
        log.append(says(seat, "does not promote.", "成らなかった。"))
