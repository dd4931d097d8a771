"""Menus of choices that fit Discord: unique labels, and long lists in two stages.

A select menu holds at most 25 options. When a decision offers more and the
game groups its choices (`Choice.group`, e.g. the card played), the first menu
lists the groups (and any choice outside a group), the second the choices of
the group picked. The stages are worked out from the choices alone, so the
same choices always give the same stages: a click that names "group 3" at
event 41 means the same group when it is answered, or is stale.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Choice, Text

SELECT_LIMIT = 25
OTHER = Text("Other actions", "その他の行動")


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def unique_labels(labels: Sequence[str], hints: Sequence[Sequence[str]], limit: int) -> list[str]:
    """`labels` clipped to `limit`, none twice: a label shared with another gets the
    first of its hints (its group, its code) that tells them apart, else a number."""
    out = [clip(label, limit) for label in labels]
    for level in range(max((len(h) for h in hints), default=0)):
        counts = Counter(out)
        for i, label in enumerate(labels):
            if counts[out[i]] > 1 and level < len(hints[i]) and hints[i][level]:
                hint = f" ({hints[i][level]})"
                out[i] = clip(label, limit - len(hint)) + hint if len(hint) < limit // 2 else out[i]
    seen: set[str] = set()
    for i, label in enumerate(out):
        n = 2
        while out[i] in seen:
            tag = f" #{n}"
            out[i] = clip(label, limit - len(tag)) + tag
            n += 1
        seen.add(out[i])
    return out


@dataclass(frozen=True)
class Entry:
    """One option of a staging menu: a single choice, or a group of them
    (`depth` 1: a subgroup within a group)."""

    label: Text
    indices: tuple[int, ...]  # positions in the decision's choices
    group: bool
    depth: int = 0
    card: bool = False  # a card of a hand's sections (bot/discord/handlayout.py), not a menu's option

    @property
    def value(self) -> str:
        if not self.group:
            return str(self.indices[0])
        return f"{'c' if self.card else 's' if self.depth else 'g'}:{self.indices[0]}"


def _paged(label: Text, indices: list[int]) -> list[Entry]:
    pages = [indices[i:i + SELECT_LIMIT] for i in range(0, len(indices), SELECT_LIMIT)]
    if len(pages) == 1:
        return [Entry(label, tuple(indices), True)]
    return [Entry(label + Text(f" ({n}/{len(pages)})", f"（{n}/{len(pages)}）"), tuple(page), True)
            for n, page in enumerate(pages, 1)]


def grouped(choices: Sequence[Choice]) -> tuple[dict[Text, list[int]], list[int]]:
    """The choices' positions by group, in the order the choices first name each, and those in none."""
    groups: dict[Text, list[int]] = {}
    loose: list[int] = []
    for i, c in enumerate(choices):
        if c.group is None:
            loose.append(i)
        else:
            groups.setdefault(c.group, []).append(i)
    return groups, loose


def stages(choices: Sequence[Choice]) -> list[Entry] | None:
    """The first menu for more than 25 grouped choices, or None when the choices
    carry no groups or even their groups are too many for one menu."""
    if len(choices) <= SELECT_LIMIT or not any(c.group is not None for c in choices):
        return None
    groups, loose = grouped(choices)
    # A group its subgroups stage again is one entry; any other long group is paged.
    staged = [e for label, idx in groups.items()
              for e in ([Entry(label, tuple(idx), True)] if substages(choices, idx) else _paged(label, idx))]
    singles = [Entry(choices[i].label, (i,), False) for i in loose]
    entries = singles + staged
    if len(entries) > SELECT_LIMIT:  # the loose choices share one entry instead
        entries = (_paged(OTHER, loose) if loose else []) + staged
    return entries if len(entries) <= SELECT_LIMIT else None


def listable(choices: Sequence[Choice]) -> bool:
    """Whether a menu can offer every choice: one menu for up to 25, else their groups first
    (`stages`). Asked of the choices alone, so whether to point to `/parley act` costs no menu built."""
    return bool(choices) and (len(choices) <= SELECT_LIMIT or stages(choices) is not None)


def substages(choices: Sequence[Choice], indices: Sequence[int]) -> list[Entry] | None:
    """The menu within a group too long for one menu whose choices carry
    subgroups (e.g. the square, then what pays): one option per subgroup (a
    subgroup of one is its choice); None when the group fits one menu as it is,
    has no subgroups, or they are too many too."""
    if len(indices) <= SELECT_LIMIT or all(choices[i].subgroup is None for i in indices):
        return None
    members: dict[Text | int, list[int]] = {}
    for i in indices:
        members.setdefault(choices[i].subgroup or i, []).append(i)
    out = [Entry(key, tuple(idx), True, depth=1) if len(idx) > 1 and isinstance(key, Text)
           else Entry(choices[idx[0]].label, (idx[0],), False, depth=1) for key, idx in members.items()]
    return out if len(out) <= SELECT_LIMIT else None


def cards(choices: Sequence[Choice]) -> list[Entry]:
    """The decision's cards: one entry per group, in the order the choices first name it, each
    opening its choices as a staged menu's group does (so only groups such a menu can show)."""
    return [Entry(label, tuple(idx), True, card=True) for label, idx in grouped(choices)[0].items()
            if len(idx) <= SELECT_LIMIT or substages(choices, idx) is not None]


def entry_for(choices: Sequence[Choice], value: str) -> Entry | None:
    """The group (or subgroup, or card) a menu value names, if these choices still stage the same way."""
    if value.startswith("c:"):
        return next((e for e in cards(choices) if e.value == value), None)
    top = [e for e in stages(choices) or [] if e.group]
    within = [e for g in top for e in substages(choices, g.indices) or [] if e.group]
    return next((e for e in top + within if e.value == value), None)
