"""Small bilingual phrases shared by log lines, labels and errors.

A seat is written as its token (engine.core.seats): the front ends put the
player's name there, so every line a person reads names a person."""

from __future__ import annotations

from engine.core import Text, seat_ref

# Where a rule writes its log lines: a list it appends to, or None when nobody
# reads them (a replay folding its log through Game.apply_owned), so that none
# is built. Every line is written under `if log is not None`.
Log = list[Text] | None


def seat_name(seat: int) -> Text:
    return seat_ref(seat)


def says(seat: int, en: str, ja: str) -> Text:
    """A log line about `seat`: '{player} ...' / '{player}は...'."""
    name = seat_name(seat)
    return Text(f"{name.en} {en}", f"{name.ja}は{ja}")


def owns(seat: int, en: str, ja: str) -> Text:
    """A log line about something of `seat`'s: "{player}'s ..." / "{player}の..."."""
    name = seat_name(seat)
    return Text(f"{name.en}'s {en}", f"{name.ja}の{ja}")


def whose(seat: int, thing: Text) -> Text:
    """`thing` of `seat`'s as a phrase: "{player}'s Farmer" / "{player}の百姓"."""
    name = seat_name(seat)
    return Text(f"{name.en}'s {thing.en}", f"{name.ja}の{thing.ja}")


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def tally(names: list[Text]) -> Text:
    """Names in order of first appearance, repeats counted: "Rice Paddy ×3, Farmer"."""
    counts: dict[Text, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    parts = [(n, c) for n, c in counts.items()]
    return Text(", ".join(n.en + (f" ×{c}" if c > 1 else "") for n, c in parts),
                "、".join(n.ja + (f"×{c}" if c > 1 else "") for n, c in parts))


NONE = Text("none", "なし")


def listing(items: list[str], none: Text = NONE) -> Text:
    """Squares or keys as a list in each language's own way, or `none`."""
    if not items:
        return none
    return Text(", ".join(items), "、".join(items))
