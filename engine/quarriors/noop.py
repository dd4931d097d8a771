"""Choices that would change nothing in play, left out of menus (the rules
still accept them, so a recorded log holding one replays as before)."""

from __future__ import annotations

from typing import Any

from .state import QState, own_card


def changes_nothing(s: QState, a: dict[str, Any]) -> bool:
    k = a["kind"]
    if k == "switch":
        # the ooze would copy what it already copies (or stay plain)
        d, t = a["die"], a["target"]
        slot, fi = s.copies.get(t, (s.dcard[t], s.face[t]))
        return d not in s.copies if slot == s.dcard[d] else s.copies.get(d) == (slot, fi)
    if k == "trade":
        # culling a die to capture one from its own card takes the same die back
        return bool(own_card(s, a["die"]).id == a["card"])
    return False
