"""The legal-action menu: complete in kind, collapsed where choices are the
same (a formation's squares are roles, not places), with short labels that are
distinct within one menu (Discord shows 25 and filters by what is typed)."""

from __future__ import annotations

import pytest

from engine.musou.actions import legal
from engine.musou.game import GAME
from engine.musou.state import Attack
from tests.contract.matches import bot_turns

from .helpers import Position, act


def menu(p: Position, seat: int = 0) -> list[dict[str, object]]:
    return [c.action for c in GAME.legal_actions(p.s, seat)]


def test_menu_lists_one_empty_square_per_role_and_every_occupied_square() -> None:
    p = Position()  # Liu Bei's Army: ASA/SCS/PAP
    (guan_ping,) = p.hand(0, "guan_ping")
    p.put(0, 1, "zhang_fei")
    squares = sorted(a["square"] for a in menu(p) if a["kind"] == "place" and a["card"] == guan_ping)
    # empty: first attack (3), first supply (2), first support (7); occupied: 1
    assert squares == [1, 2, 3, 7]
    # the referee still accepts the other empty square of a listed role
    s2 = act(p.s, 0, f"place card={guan_ping} square=9")
    assert s2.field[0][8] is not None and s2.field[0][8].card == guan_ping


def test_menu_move_lists_each_other_role_once() -> None:
    p = Position()
    p.put(0, 1, "zhao_yun")  # 移動, on an attack square
    moves = [a for a in menu(p) if a["kind"] == "move"]
    assert sorted(a["to"] for a in moves) == [2, 7]  # first supply, first support; not the other attack square
    act(p.s, 0, "move from=1 to=3")  # same role elsewhere: legal though not listed


def test_menu_reveal_labels_name_the_square() -> None:
    p = Position(stage="respond", active=1)
    p.s.priority = 1
    p.put(0, 1, "falling_rocks", face_down=True)
    p.put(0, 3, "falling_rocks", face_down=True)
    attacker = p.put(1, 1, "zhang_fei")
    p.s.attack = Attack(1, 0, attacker, "player")
    labels = [c.label("en") for c in GAME.legal_actions(p.s, 0) if c.action["kind"] == "reveal"]
    assert len(labels) == 2 and len(set(labels)) == 2


@pytest.mark.slow
def test_menu_labels_are_distinct_and_fit_discord() -> None:
    """Random matches: within every menu, labels differ in both languages and
    stay within Discord's 100 characters; the passive choice comes first."""
    for seed in range(2):
        for turn in bot_turns(GAME, 2, seed):
            for p in turn.pending:
                choices = GAME.legal_actions(turn.state, p.seat)
                for locale in ("en", "ja"):
                    labels = [c.label(locale) for c in choices]
                    assert len(set(labels)) == len(labels), labels
                    assert max(len(x) for x in labels) <= 100
                assert choices[0].action["kind"] in ("pass", "endbattle", "keep", "commander", "first")


def test_issue_21_a_general_is_staged_card_then_square_then_discard() -> None:
    """Provisions short of a general's cost: each square comes with each card
    that may be discarded to pay, 21 choices in the general's group. Within it,
    the square (face up or down) is a subgroup and the discard the last stage;
    the actions are the ones the rules list, unchanged."""
    p = Position(provisions=(2, 5))
    fei, *_ = p.hand(0, "zhang_fei", "guan_ping", "zhao_yun", "huang_gai")
    for square in (1, 2, 3):
        p.put(0, square, "guan_ping")
    choices = GAME.legal_actions(p.s, 0)
    assert [c.action for c in choices] == legal(p.s, 0)
    general = [c for c in choices if c.group is not None and c.group.en == "Zhang Fei"]
    assert len(general) == 21 and all(c.action["card"] == fei for c in general)
    stages: dict[str, list[dict[str, object]]] = {}
    for c in general:
        assert c.subgroup is not None and c.subgroup.ja
        stages.setdefault(c.subgroup.en, []).append(c.action)
    assert "Place on 4 (supply)" in stages and "Face down on 1 (attack, replacing)" in stages
    for actions in stages.values():  # one square and one way of placing per stage; only what pays differs
        assert len({(a["kind"], a["square"]) for a in actions}) == 1
        assert len({a.get("pay") for a in actions}) == len(actions)
    assert max(len(a) for a in stages.values()) == 3 and len(stages) == 9
