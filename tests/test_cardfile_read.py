"""A card file named by its path is read by the terminal (bot/cardfile.py), not
by the rules: only a regular .json file of at most 2 MB in UTF-8, its text
carried in the match's options; anything else is one bilingual line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cardfile import UNREADABLE, UnreadableCardFile, read_card_file, with_card_file_read
from engine.core.bundled import bundled_text
from engine.core.cardfile import MAX_CARD_FILE
from engine.deckgames import SET_NAMES
from engine.musou.cards import SAMPLE as MUSOU_SAMPLE
from engine.registry import get_game
from tests.test_cli import one_line_error, run


def house_set() -> str:
    data = json.loads(bundled_text("engine.naru", "data/sample_cards.json"))
    data["cards"].append({"key": "gen-ours", "name_en": "Our Hero", "name_ja": "我らの英雄", "kind": "general",
                          "cost": 6, "attribute": "force", "attack": 6, "defense": 6})
    return json.dumps(data, ensure_ascii=False, indent=1)


def test_a_json_file_is_read_into_the_options_and_text_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "House.JSON"
    path.write_text(house_set(), encoding="utf-8")
    assert read_card_file(path) == house_set()
    assert with_card_file_read({"cards": str(path), "decks": ["spring"]}) == {"cards": house_set(), "decks": ["spring"]}
    for kept in ({}, {"cards": house_set()}, {"cards": "sample"}, {"cards": 3}, {"cards": ""}):
        assert with_card_file_read(kept) == kept


def test_a_set_a_game_names_itself_is_handed_on_unread() -> None:
    """Musou's options name its sample set (the engine's SET_NAMES, not a front end's
    own list): the game judges the name, whichever game the options are for."""
    assert frozenset({MUSOU_SAMPLE}) == SET_NAMES
    for game_id in (None, "musou", "naru", "warlords"):
        assert with_card_file_read({"cards": MUSOU_SAMPLE}, game_id) == {"cards": MUSOU_SAMPLE}


def test_anything_but_a_small_utf8_json_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("{}", encoding="utf-8")
    (tmp_path / "latin.json").write_bytes('{"name": "caf\u00e9"}'.encode("latin-1"))
    (tmp_path / "big.json").write_bytes(b" " * (MAX_CARD_FILE + 1))
    (tmp_path / "dir.json").mkdir()
    for name in ("notes.txt", "latin.json", "big.json", "dir.json", "missing.json"):
        with pytest.raises(UnreadableCardFile):
            read_card_file(tmp_path / name)
    with pytest.raises(UnreadableCardFile):
        read_card_file("/dev/zero")


def test_the_terminal_plays_a_card_file_by_its_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_text(house_set(), encoding="utf-8")
    code, out, _ = run(capsys, "card", "naru", "Our", "Hero", "--options", json.dumps({"cards": str(path)}))
    assert code == 0 and out.startswith("Our Hero")
    code, _, err = run(capsys, "card", "naru", "Our", "Hero", "--options", json.dumps({"cards": str(tmp_path / "x.json")}))
    one_line_error(code, err, UNREADABLE.en)
    code, _, err = run(capsys, "--lang", "ja", "card", "naru", "Our", "Hero", "--options",
                       json.dumps({"cards": str(tmp_path)}))
    one_line_error(code, err, UNREADABLE.ja)


def test_a_game_whose_cards_option_is_not_a_card_set_keeps_it(capsys: pytest.CaptureFixture[str]) -> None:
    """Quarriors' `cards` names the match's cards by id: no file to read."""
    chosen = dict(get_game("quarriors").options_example)
    assert with_card_file_read(chosen, "quarriors") == chosen
    with pytest.raises(UnreadableCardFile):
        with_card_file_read(chosen, "naru")
    code, out, _ = run(capsys, "card", "quarriors", "deathdealer", "--options", json.dumps(chosen))
    assert code == 0 and "Deathdealer" in out
