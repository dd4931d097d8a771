"""Checking a typed action's words before the rules see it.

A typo in an argument name (`traget=2`) or an argument the action does not
take must be refused, saying which ones it takes, rather than silently
ignored (the game would then pick a default the player did not mean). The
legal choices name the arguments each kind of action takes; a game lists in
`optional_args` those a player may add that no listed choice spells out
(e.g. which dice pay)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .contract import Choice
from .errors import UnknownAction
from .text import Text, echo, join


def check_arguments(choices: Sequence[Choice], action: Mapping[str, Any],
                    optional: Mapping[str, frozenset[str]]) -> None:
    kind = action.get("kind")
    kinds = list(dict.fromkeys(str(c.action["kind"]) for c in choices))
    if kind not in kinds:
        allowed = join([Text(k, k) for k in kinds])
        raise UnknownAction(Text(f"You cannot '{echo(kind)}' now.", f"今は「{echo(kind)}」はできません。"),
                            Text("Allowed now: ", "今できること: ") + allowed + Text(".", "。"))
    takes = set(optional.get(str(kind), frozenset()))
    for c in choices:
        if c.action["kind"] == kind:
            takes |= set(c.action) - {"kind"}
    extra = sorted(set(action) - takes - {"kind"})
    if extra:
        names = [f"{echo(x)}=" for x in extra]
        takes_names = [f"{x}=" for x in sorted(takes)] or ["-"]
        raise UnknownAction(Text(f"'{kind}' does not take {', '.join(names)}.",
                                 f"「{kind}」に{'、'.join(names)}は指定できません。"),
                            Text(f"It takes: {', '.join(takes_names)}.", f"指定できるもの: {'、'.join(takes_names)}。"))
