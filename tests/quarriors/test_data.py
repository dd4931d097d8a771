"""The card data: validated by pydantic, complete, and a group may load its own file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.core.bundled import bundled_text
from engine.quarriors.cards import DATA, base_set, load_set


def test_data_has_18_dice_53_cards_and_130_dice_in_the_box() -> None:
    raw = json.loads(bundled_text("engine.quarriors", DATA))
    assert len(raw["dice"]) == 18 and len(raw["cards"]) == 53
    cs = base_set()
    on_cards = sum(c.dice_on_card for c in cs.cards.values() if c.kind != "spell" and c.kind != "creature")
    per_class = {c.die: c.dice_on_card for c in cs.cards.values() if c.kind in ("creature", "spell")}
    assert 4 * 12 + on_cards + sum(per_class.values()) == 130
    assert all(c.name.ja and c.text.ja and c.text.en for c in cs.cards.values())


def test_data_every_card_has_a_test_named_for_it() -> None:
    here = Path(__file__).parent
    names = set()
    for f in here.glob("test_cards_*.py"):
        names |= set(re.findall(r"def test_card_(\w+)", f.read_text(encoding="utf-8")))
    for cid in base_set().cards:
        assert any(n.startswith(cid + "_") for n in names), cid


def test_data_loader_accepts_a_groups_own_file_and_rejects_unknown_effects() -> None:
    raw = json.loads(bundled_text("engine.quarriors", DATA))
    assert len(load_set(json.dumps(raw)).cards) == 53
    raw["cards"][0]["powers"] = [{"effect": "teleport"}]
    with pytest.raises(ValidationError):
        load_set(json.dumps(raw))
