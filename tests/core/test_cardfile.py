"""A group's card file (engine.core.cardfile): each problem named by the line
it is on and the field it is about, in English and Japanese, without echoing
the file's values; each text read once; the option takes text, never a path."""

from __future__ import annotations

import json
import re
import typing
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel

from engine.core import BadOptions
from engine.core.bundled import bundled_text
from engine.core.cardfile import CardFileError, CardFiles, line_of, option_text, problems
from engine.naru.cards import CardSet as NaruSet
from engine.warlords.cards import CardSet as WarlordsSet

NESTED = '{\n  "a": [\n    1,\n    {"b": "x, y",\n     "c": [true, {"d": 2}]}\n  ],\n  "e": {}\n}'


def naru_sample() -> str:
    return bundled_text("engine.naru", "data/sample_cards.json")


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
    raw = json.loads(bundled_text("engine.warlords", "data/cards.json"))
    army = next(i for i, c in enumerate(raw["cards"]) if c["type"] == "army")
    raw["cards"][army]["combat"] = 0
    del raw["cards"][0]["name"]
    text = json.dumps(raw, indent=1, ensure_ascii=False)
    missing, rule = problems(text, WarlordsSet)
    assert missing.en.startswith(f"Line {line_with(text, raw['cards'][0]['id']) - 1} (cards[0].name): Field required")
    assert "必須の項目がありません" in missing.ja
    assert f"(cards[{army}])" in rule.en and "an army needs combat" in rule.en
    assert rule.ja.endswith(f"（cards[{army}]）：軍隊には戦力（combat）が必要です。")


def test_json_that_does_not_parse_says_where() -> None:
    [problem] = problems('{\n "set_id": "x",\n "cards": [\n}', NaruSet)
    assert "not valid JSON (line 4, column 1)" in problem.en and "4行1文字目" in problem.ja


def test_each_text_is_read_once_and_a_bad_one_raises_every_problem() -> None:
    files: CardFiles[NaruSet, dict[str, object]] = CardFiles(NaruSet, NaruSet.by_key)
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


def identifiers(model: type[BaseModel]) -> set[str]:
    """The words a card file itself is written in: its field names and the values its literals allow."""
    found: set[str] = {"true", "false"}
    todo: list[Any] = [model]
    while todo:
        kind = todo.pop()
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            found |= set(kind.model_fields)
            todo += [f.annotation for f in kind.model_fields.values()]
        elif typing.get_origin(kind) is Literal:
            found |= {str(v) for v in typing.get_args(kind)}
        else:
            todo += typing.get_args(kind)
    return found


def broken_sets(sample: str, key: str, cases: list[dict[str, Any]]) -> list[str]:
    """The sample set once per case: the case's card added (a dict without a key copies the first card's)."""
    data = json.loads(sample)
    out = []
    for case in cases:
        card = dict(data["cards"][0]) if key not in case else {}
        card.update(case)
        out.append(json.dumps({**data, "cards": [*data["cards"], card]}, indent=1, ensure_ascii=False))
    return out


NARU_CARD = {"name_en": "Broken", "name_ja": "壊れた札"}
NARU_BROKEN = [
    {"kind": "general", "cost": 4, "attack": 3, "defense": 3},
    {"kind": "land", "cost": 1, "attack": 2, "effects": [{"op": "draw", "n": 1}]},
    {"kind": "commoner", "cost": 3, "attribute": "force", "attack": 1, "defense": 1},
    {"kind": "equipment", "attribute": "force", "faith": True},
    {"kind": "battle_tool", "effects": [{"op": "draw", "n": 1}]},
    {"kind": "tool", "target": "enemy_unit", "effects": [{"op": "power", "n": 1}, {"op": "pump", "attack": 1}]},
    {"kind": "ritual", "target": "own_unit"},
    {"kind": "tool", "target": "own_unit", "effects": [{"op": "jail", "max_defense": 3}]},
]


def warlords_broken() -> list[str]:
    sample = bundled_text("engine.warlords", "data/cards.json")
    cards = json.loads(sample)["cards"]
    first = {t: next(c for c in cards if c["type"] == t) for t in {c["type"] for c in cards}}
    changes = [("time_passes", {"range": 3}), ("castle", {"revenue": 0}), ("hero", {"combat": 0}),
               ("army", {"combat": 0}), ("banner", {"faction": None}), ("ally", {"search_risk": 0}),
               ("calamity", {"calamity": None}), ("spell", {"spell": []}), ("castle", {"unique": False}),
               ("improvement", {"effects": [{"op": "draw"}]}), ("army", {})]
    broken = broken_sets(sample, "id", [{**first[t], "id": "zz-broken" if change else first[t]["id"], **change}
                                        for t, change in changes])
    no_end = json.loads(sample)
    no_end["cards"] = [c for c in no_end["cards"] if c["type"] != "time_passes"]
    return [*broken, json.dumps(no_end, indent=1)]


@pytest.mark.parametrize("game", ["naru", "warlords"])
def test_a_card_files_rules_read_in_japanese_without_english_words(game: str) -> None:
    """Naru's and Warlords' own rules for a card file say themselves in both
    languages: the Japanese names fields and values as the file spells them, and
    uses no other word of the English message."""
    if game == "naru":
        model: type[BaseModel] = NaruSet
        texts = broken_sets(naru_sample(), "key", [{**NARU_CARD, "key": f"zz-{i}", **c} for i, c in enumerate(NARU_BROKEN)])
        texts.append(broken_sets(naru_sample(), "key", [{}])[0])  # a card whose key and names are an earlier one's
    else:
        model, texts = WarlordsSet, warlords_broken()
    allowed = identifiers(model)
    seen: set[str] = set()
    for text in texts:
        found = problems(text, model)
        assert found, text[-400:]
        for problem in found:
            en = re.sub(r"^Line \d+ \([^)]*\): ", "", problem.en)
            ja = re.sub(r"^\d+行目（[^）]*）：", "", problem.ja)
            assert ja != problem.ja and re.search(r"[ぁ-んァ-ン一-龥]", ja), problem.ja
            english = set(re.findall(r"[A-Za-z_]+", ja)) - allowed
            assert not english, (problem.ja, english)
            seen.add(en)
    assert len(seen) >= len(texts) - 1  # each broken file broke a rule of its own
