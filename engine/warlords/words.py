"""How log lines, prompts and labels name what is on the table: always with
whose it is, as a seat token that the front ends turn into the player's name,
and a battle total with what it is made of (all of it public)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Text, seat_ref

from .stacks import castle_parts, stack_parts
from .state import WState, find_castle, find_stack, name, rec

NOTHING = Text("", "")


def stack_of(s: WState, sid: str, seat: int | None = None) -> Text:
    """'⟦0⟧'s stack of Aerin the Bold' / '⟦0⟧の勇者エアリンのスタック'."""
    if seat is None:
        found = find_stack(s, sid)
        seat = found[0] if found is not None else None
    if seat is None:
        return Text("the stack of ", "") + name(s, sid) + Text("", "のスタック")
    return seat_ref(seat) + Text("'s stack of ", "の") + name(s, sid) + Text("", "のスタック")


def their(s: WState, iid: str) -> Text:
    """The actor's own stack or castle, in a line that has just named the actor."""
    if find_stack(s, iid) is not None:
        return Text("their stack of ", "") + name(s, iid) + Text("", "のスタック")
    return Text("their ", "") + name(s, iid)


def your_stack(s: WState, sid: str, ja: str = "自分の") -> Text:
    return Text("your stack of ", ja) + name(s, sid) + Text("", "のスタック")


def castle_of(s: WState, cid: str, seat: int | None = None) -> Text:
    """'⟦1⟧'s Port Kessa' / '⟦1⟧のケッサ港'."""
    if seat is None:
        found = find_castle(s, cid)
        seat = found[0] if found is not None else None
    if seat is None:
        return name(s, cid)
    return seat_ref(seat) + Text("'s ", "の") + name(s, cid)


def piece(s: WState, iid: str) -> Text:
    """A stack, a castle, a player ('p<seat>') or any other card, with its owner."""
    if iid.startswith("p") and iid[1:].isdigit():
        return seat_ref(int(iid[1:]))
    if find_stack(s, iid) is not None:
        return stack_of(s, iid)
    if find_castle(s, iid) is not None:
        return castle_of(s, iid)
    return name(s, iid) if iid in s.cards else Text(iid, iid)


def yours(s: WState, iid: str, ja: str = "自分の") -> Text:
    """One of the reader's own stacks or castles ("自分の" in a menu, "あなたの" in a prompt)."""
    if find_stack(s, iid) is not None:
        return your_stack(s, iid, ja)
    return Text("your ", ja) + name(s, iid)


def holder(s: WState, iid: str) -> str | None:
    """The stack or castle a terrain, weather or calamity card is attached to."""
    for p in s.players:
        for st in p.stacks:
            if iid in (st.terrain, st.weather) or iid in st.calamities:
                return st.hero
        for c in p.castles:
            if iid in c.calamities:
                return c.card
    return None


def seats_and(seats: Sequence[int]) -> Text:
    """'⟦0⟧, ⟦1⟧ and ⟦2⟧' / '⟦0⟧、⟦1⟧と⟦2⟧'."""
    refs = [seat_ref(x) for x in seats]
    if not refs:
        return NOTHING
    if len(refs) == 1:
        return refs[0]
    head = Text(", ".join(r.en for r in refs[:-1]), "、".join(r.ja for r in refs[:-1]))
    return head + Text(" and ", "と") + refs[-1]


def names_and(items: Sequence[Text]) -> Text:
    """'A, B and C' / 'A、B、C'."""
    if not items:
        return NOTHING
    if len(items) == 1:
        return items[0]
    en = ", ".join(t.en for t in items[:-1]) + " and " + items[-1].en
    return Text(en, "、".join(t.ja for t in items))


def _signed(n: int) -> str:
    return f"{n:+d}"


def breakdown(s: WState, parts: Sequence[tuple[str, int, bool]], bonus: int = 0) -> Text:
    """'Aerin the Bold 11 + Militia 4 + Hills +2 + Battle card +3': each card and
    what it adds (a modifier is written with its sign)."""
    out: list[Text] = []
    for iid, value, modifier in parts:
        v = _signed(value) if modifier else str(value)
        out.append(name(s, iid) + Text(f" {v}", v))
    if bonus:
        out.append(Text(f"Battle card {_signed(bonus)}", f"戦闘カード{_signed(bonus)}"))
    return Text(" + ".join(t.en for t in out), "＋".join(t.ja for t in out))


def stack_total(s: WState, sid: str, bonus: int = 0) -> Text:
    """'24 (Aerin the Bold 11 + Militia 4 + ...)' for a stack in battle."""
    found = find_stack(s, sid)
    if found is None:
        return Text("-", "-")
    parts, total = stack_parts(s, found[1])
    return Text(f"{total + bonus} (", f"{total + bonus}（") + breakdown(s, parts, bonus) + Text(")", "）")


def castle_total(s: WState, cid: str) -> Text:
    found = find_castle(s, cid)
    if found is None:
        return Text("-", "-")
    parts, total = castle_parts(s, found[1])
    if not found[1].garrison:
        return Text(f"{total} (no garrison army: it falls without a battle)",
                    f"{total}（守備隊の軍隊がいないため、戦わずに陥落する）")
    return Text(f"{total} (", f"{total}（") + breakdown(s, parts) + Text(")", "）")


def total_of(s: WState, iid: str) -> Text:
    return castle_total(s, iid) if find_castle(s, iid) is not None else stack_total(s, iid)


def card_with(s: WState, iid: str, extra: Sequence[Text]) -> Text:
    """'Griffins (cost 22, combat 7)' / 'グリフォン（コスト22、戦力7）'."""
    if not extra:
        return name(s, iid)
    return (name(s, iid) + Text(" (", "（") + Text(", ".join(t.en for t in extra), "、".join(t.ja for t in extra))
            + Text(")", "）"))


def is_card(s: WState, iid: str, card_type: str) -> bool:
    return iid in s.cards and rec(s, iid).type == card_type
