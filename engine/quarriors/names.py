"""How dice, cards and seats are named in labels, log lines and prompts: a
die by its card's name (the variant tells its power), its id (what players
type) and the face it shows; a seat by its token (engine.core.seats), which
the front ends turn into the player's name.

Log lines are written on every replayed action, so names are cached and the
lines are formatted in one step (f-strings over these), not chained Texts."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from engine.core import seat_ref
from engine.core.identity import kept_by_identity
from engine.core.text import Text

from .cards import Face
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


# A die's text by its card's identity (kept_by_identity), the die and its face index or -1:
# (id(card), die, face) -> (the card, its text).
_NAMED: dict[tuple[Hashable, ...], tuple[Any, Any]] = {}


def die_text(s: QState, d: int, *, face: bool = True) -> Text:
    card = s.cards[s.dcard[d]]
    if s.copies and d in s.copies:
        return _named(card.name, d, face_of(s, d) if face and s.face[d] >= 0 else None,
                      s.cards[s.copies[d][0]].name)
    fi = s.face[d] if face else -1
    hit = _NAMED.get((id(card), d, fi))  # the table read inline, as dice_text reads it: most calls find it
    if hit is not None and hit[0] is card:
        found: Text = hit[1]
        return found
    return kept_by_identity(_NAMED, card, lambda c: _named(c.name, d, c.faces[fi] if fi >= 0 else None, None),
                            kept=65536, key=(d, fi))


def dice_text(s: QState, dice: Iterable[int], *, face: bool = True) -> Text:
    en: list[str] = []
    ja: list[str] = []
    cards, dcard, faces, named, copies = s.cards, s.dcard, s.face, _NAMED, s.copies
    for d in dice:  # die_text's table read inline: a turn's roll names every die rolled
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
