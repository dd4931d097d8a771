"""What the command line tells a new user (issue 21): its help in the language
asked for, and a hint for --options that names only the game's own options."""

import argparse
import json
import re

import pytest

from bot.cli import main, parser
from engine.registry import get_game

GAMES = ["quarriors", "naru", "musou", "warlords"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def helps(p: argparse.ArgumentParser) -> list[str]:
    """Every help text of the parser and its subcommands."""
    out = [p.description or ""]
    for action in p._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            out.append(action.help)
        if isinstance(action, argparse._SubParsersAction):
            out += [shown.help or "" for shown in action._choices_actions]
            for sub in action.choices.values():
                out += helps(sub)
    return [h for h in out if h]


def test_issue_21_every_help_text_is_japanese_under_ja_and_english_otherwise() -> None:
    japanese, english = helps(parser("ja")), helps(parser("en"))
    assert len(japanese) == len(english) > 30
    assert [h for h in japanese if not JAPANESE.search(h)] == []
    assert [h for h in english if JAPANESE.search(h)] == []


def test_issue_21_lang_ja_help_prints_japanese(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "ja", "play", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("使い方: parley play") and "オプション:" in out and "保存された対戦を再開します" in out
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang=en"])
    assert capsys.readouterr().out.startswith("usage: parley play")


@pytest.mark.parametrize("game", GAMES)
def test_issue_21_the_options_hint_names_only_the_games_own_options(capsys, tmp_path, game) -> None:
    code = main(["--db", str(tmp_path / "o.sqlite"), "play", game, "--options", "{bad"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    example = json.loads(re.search(r"--options '(\{.*\})'", err).group(1))
    own = get_game(game).options_example
    assert example == own and set(example) <= {"cards", "decks"}
    get_game(game).options(example, get_game(game).min_seats)  # the example is one the game accepts
