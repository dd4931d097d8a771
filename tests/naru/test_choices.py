"""The one enumeration of Naru's actions (choices.actions), which the menu
labels and the search bot takes bare: what it promises at every state of
whole bot matches."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import Rng
from engine.naru.choices import MODE_KINDS, actions, mode, waiting
from engine.naru.game import GAME
from engine.naru.legal import LABELS
from engine.naru.state import NaruState
from tests.contract.matches import bot_turns


def states(seed: int) -> Iterator[NaruState]:
    """Each state of a bot match a seat decides in."""
    return (turn.state for turn in bot_turns(GAME, 2, seed))


def test_every_kind_a_mode_allows_has_a_label() -> None:
    assert set(LABELS) == {kind for kinds in MODE_KINDS.values() for kind in kinds}


def test_only_the_seats_waited_on_have_actions_and_the_default_comes_first() -> None:
    """A seat waited on always has something to choose, and its first action
    is its mode's passive one (the game plays it on a missed deadline)."""
    checked = 0
    for seed in (1, 2, 3):
        for s in states(seed):
            waited = {seat for seat, _ in waiting(s)}
            for seat in (0, 1):
                listed = actions(s, seat, GAME.defs)
                assert bool(listed) == (seat in waited), (seed, seat, s.phase)
                if listed:
                    kinds = MODE_KINDS[mode(s)]
                    assert listed[0]["kind"] == kinds[0]
                    assert {a["kind"] for a in listed} <= set(kinds)
                    checked += 1
    assert checked > 200


def test_every_listed_action_applies_and_reads_in_both_languages() -> None:
    rng = Rng(b"naru-choices" * 3)
    checked = 0
    for seed in (4, 5, 6):
        for s in states(seed):
            for seat, _ in waiting(s):
                menu = GAME.legal_actions(s, seat)
                for choice in menu:
                    assert choice.label.en.strip() and choice.label.ja.strip(), choice.action
                    assert choice.label.en != choice.label.ja, choice.action
                    GAME.apply(s, seat, choice.action, rng)
                    checked += 1
                assert len({c.label.en for c in menu}) == len({c.label.ja for c in menu}) == len(menu)
    assert checked > 500
