"""A group's card file (engine.core.cardfile): each problem named by the line
it is on and the field it is about, in English and Japanese, without echoing
the file's values; each text read once; the option takes text, never a path."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from engine.core import BadOptions
from engine.core.cardfile import CardFileError, CardFiles, line_of, option_text, problems
from engine.naru.cards import CardSet as NaruSet
from engine.warlords.cards import CardSet as WarlordsSet

NESTED = '{\n  "a": [\n    1,\n    {"b": "x, y",\n     "c": [true, {"d": 2}]}\n  ],\n  "e": {}\n}'


def naru_sample() -> str:
    return resources.files("engine.naru").joinpath("data/sample_cards.json").read_text(encoding="utf-8")


def line_with(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


def test_a_path_into_json_is_found_on_its_line() -> None:
    assert line_of(NESTED, []) == 1
    assert line_of(NESTED, ["a", 0]) == 3
    assert line_of(NESTED, ["a", 1, "b"]) == 4
    assert line_of(NESTED, ["a", 1, "c", 1, "d"]) == 5
    assert line_of(NESTED, ["e"]) == 7
    # As far as the path leads: a missing member is placed at what holds it.
    assert line_of(NESTED, ["a", 1, "zz"]) == 4
    assert line_of(NESTED, ["a", 7]) == 2


def test_each_problem_names_its_line_and_field_in_both_languages() -> None:
    sample = naru_sample()
    assert problems(sample, NaruSet) == []
    broken = sample.replace('"kind": "land"', '"kind": "secret-lnd"', 1).replace('"attack": 3,', '"attack": 30,', 1)
    found = problems(broken, NaruSet)
    assert len(found) == 2
    kind, attack = found
    at = line_with(broken, '"secret-lnd"')
    assert kind.en.startswith(f"Line {at} (cards[") and ".kind)" in kind.en and "'ritual'" in kind.en
    assert kind.ja.startswith(f"{at}行目（cards[") and "のいずれか" in kind.ja
    assert "secret-lnd" not in kind.en + kind.ja  # the value is never echoed
    at = line_with(broken, '"attack": 30')
    assert attack.en.startswith(f"Line {at} (") and "less than or equal to 20" in attack.en
    assert attack.ja.startswith(f"{at}行目（") and "20以下" in attack.ja


def test_a_rule_of_the_model_and_a_missing_field_are_placed_at_their_card() -> None:
    raw = json.loads(resources.files("engine.warlords").joinpath("data/cards.json").read_text(encoding="utf-8"))
    army = next(i for i, c in enumerate(raw["cards"]) if c["type"] == "army")
    raw["cards"][army]["combat"] = 0
    del raw["cards"][0]["name"]
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    missing, rule = problems(text, WarlordsSet)
    assert missing.en.startswith(f"Line {line_with(text, raw['cards'][0]['id']) - 1} (cards[0].name): Field required")
    assert "必須の項目がありません" in missing.ja
    assert f"(cards[{army}])" in rule.en and "an army needs combat" in rule.en and "規則に合いません" in rule.ja


def test_json_that_does_not_parse_says_where() -> None:
    [problem] = problems('{\n "set_id": "x",\n "cards": [\n}', NaruSet)
    assert "not valid JSON (line 4, column 1)" in problem.en and "4行1文字目" in problem.ja


def test_each_text_is_read_once_and_a_bad_one_raises_every_problem() -> None:
    files: CardFiles[NaruSet, object] = CardFiles(NaruSet, NaruSet.by_key)
    text = naru_sample()
    first = files.load(text)
    assert files.load(str(text)) is first and "land-paddy" in first.defs
    with pytest.raises(CardFileError) as caught:
        files.load(text.replace('"kind": "land"', '"kind": "x"', 1).replace('"attack": 3,', '"attack": 30,', 1))
    assert len(caught.value.problems) == 2
    refused = caught.value.bad_options()
    assert refused.message("en").startswith("The card set does not read: Line ")
    assert refused.message("ja").startswith("カードセットを読み込めません：")


def test_the_option_carries_text_and_refuses_a_path_unread(tmp_path: Path) -> None:
    assert option_text({}) == ""
    assert option_text({"cards": '{"a": 1}'}) == '{"a": 1}'
    path = tmp_path / "house.json"
    path.write_text(naru_sample(), encoding="utf-8")
    for wrong in ({"cards": 3}, {"cards": str(path)}, {"cards": str(tmp_path)}):
        with pytest.raises(BadOptions):
            option_text(wrong)
    with pytest.raises(BadOptions) as refused:
        option_text({"cards": str(path)})
    assert "JSON text" in refused.value.message("en") and "JSON 形式" in refused.value.message("ja")
