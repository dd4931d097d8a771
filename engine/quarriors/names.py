"""How dice, cards and seats are named in labels, log lines and prompts: a
die by its card's name (the variant tells its power), its id (what players
type) and the face it shows; a seat by its token (engine.core.seats), which
the front ends turn into the player's name.

Log lines are written on every replayed action, so names are cached and the
lines are formatted in one step (f-strings over these), not chained Texts."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import seat_ref
from engine.core.text import Text

from .cards import Card, Face
from .faces import face_text
from .state import QState, face_of

NOTHING = Text("", "")

# Each seat's token (it reads the same in both languages), by seat: an index, not a call.
TOK = tuple(seat_ref(p).en for p in range(8))


def _named(name: Text, d: int, face: Face | None, copied: Text | None) -> Text:
    shown = f" [{face_text(face)}]" if face is not None else ""
    if copied is not None:
        return Text(f"{name.en} d{d}{shown} as {copied.en}", f"{name.ja} d{d}{shown}（{copied.ja}の複製）")
    return Text(f"{name.en} d{d}{shown}", f"{name.ja} d{d}{shown}")


# (card's id(), die, face index or -1) -> (the card, its text). The card is kept and
# compared, so an id() reused by another object can never answer.
_NAMED: dict[tuple[int, int, int], tuple[Card, Text]] = {}


def die_text(s: QState, d: int, *, face: bool = True) -> Text:
    card = s.cards[s.dcard[d]]
    if s.copies and d in s.copies:
        return _named(card.name, d, face_of(s, d) if face and s.face[d] >= 0 else None,
                      s.cards[s.copies[d][0]].name)
    fi = s.face[d] if face else -1
    key = (id(card), d, fi)
    hit = _NAMED.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    text = _named(card.name, d, card.faces[fi] if fi >= 0 else None, None)
    if len(_NAMED) > 65536:
        _NAMED.clear()
    _NAMED[key] = (card, text)
    return text


def dice_text(s: QState, dice: Iterable[int], *, face: bool = True) -> Text:
    en: list[str] = []
    ja: list[str] = []
    cards, dcard, faces, named, copies = s.cards, s.dcard, s.face, _NAMED, s.copies
    for d in dice:  # die_text's cache, inline: a turn's roll names every die rolled
        card = cards[dcard[d]]
        hit = named.get((id(card), d, faces[d] if face else -1))
        text = hit[1] if hit is not None and hit[0] is card and not copies else die_text(s, d, face=face)
        en.append(text.en)
        ja.append(text.ja)
    return Text(", ".join(en), "、".join(ja))


def card_name(s: QState, cid: str) -> Text:
    slot = s.slots.get(cid)
    return s.cards[slot].name if slot is not None else Text(cid, cid)


def ids(dice: Iterable[int]) -> Text:
    shown = [f"d{d}" for d in dice]
    return Text(", ".join(shown), "、".join(shown))


def a_die_of(s: QState, cid: str) -> Text:
    """`an Assistant die` / `助手のダイス`."""
    name = card_name(s, cid)
    article = "an" if name.en[:1] in "AEIOU" else "a"
    return Text(f"{article} {name.en} die", f"{name.ja}のダイス")
