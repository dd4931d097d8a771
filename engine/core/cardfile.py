"""A card file a group brings (a server's card set), read by the game's own
pydantic model: every problem is named by the line it is on and the field it
is about, in both languages, since whoever uploads a file fixes it in an
editor; each text is parsed once, and a match's state refers to its set by
that text (as the options carry it), so any process rebuilds the same set.

Messages never echo a value from the file, only where it is and what kind of
value is wanted (the file may reach players through match options)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from .errors import BadOptions
from .text import Text, join
from .userjson import BadJson, load_json

MAX_CARD_FILE = 2_000_000  # characters
MAX_PROBLEMS = 5  # enough to fix a file in a few rounds, few enough to read
M = TypeVar("M", bound=BaseModel)
D = TypeVar("D")

_SPACE = re.compile(r"\s*")
_DECODER = json.JSONDecoder()


class CardFileError(ValueError):
    def __init__(self, problems: list[Text]) -> None:
        super().__init__(problems[0].en)
        self.problems = problems

    def bad_options(self) -> BadOptions:
        return BadOptions(Text("The card set does not read: ", "カードセットを読み込めません：") + self.problems[0],
                          join(self.problems[1:], Text(" ", "")) if self.problems[1:] else None)


def _skip(text: str, at: int) -> int:
    found = _SPACE.match(text, at)
    assert found is not None  # \s* matches anywhere
    return found.end()


def _member(text: str, at: int, step: str | int) -> int | None:
    """Where the member `step` of the object or array starting at `at` starts."""
    opener = text[at:at + 1]
    if opener not in ("{", "[") or (opener == "{") != isinstance(step, str):
        return None
    at, index = _skip(text, at + 1), 0
    while text[at] not in "]}":
        key: Any = index
        if opener == "{":
            key, at = _DECODER.raw_decode(text, at)
            at = _skip(text, _skip(text, at) + 1)  # past the colon
        if key == step:
            return at
        at = _skip(text, _DECODER.raw_decode(text, at)[1])
        if text[at] == ",":
            at = _skip(text, at + 1)
        index += 1
    return None


def line_of(text: str, path: Sequence[str | int]) -> int:
    """The line where the value at `path` starts in JSON `text` (which parses),
    following the path as far as it leads (a missing field: its object's line)."""
    at = _skip(text, 0)
    for step in path:
        found = _member(text, at, step)
        if found is None:
            break
        at = found
    return text.count("\n", 0, at) + 1


def _choices(ctx: dict[str, Any]) -> str:
    return str(ctx.get("expected", "")).replace(" or ", ", ")


# Pydantic's words for the problems a card file has, in Japanese (its English is pydantic's own).
_JA: dict[str, Callable[[dict[str, Any]], str]] = {
    "missing": lambda c: "必須の項目がありません",
    "extra_forbidden": lambda c: "この項目は使えません",
    "literal_error": lambda c: f"{_choices(c)} のいずれかにしてください",
    "enum": lambda c: f"{_choices(c)} のいずれかにしてください",
    "less_than_equal": lambda c: f"{c.get('le')}以下にしてください",
    "greater_than_equal": lambda c: f"{c.get('ge')}以上にしてください",
    "greater_than": lambda c: f"{c.get('gt')}より大きくしてください",
    "string_too_short": lambda c: "空にはできません",
    "string_pattern_mismatch": lambda c: f"形式が違います（{c.get('pattern', '')}）",
    "int_type": lambda c: "整数にしてください", "int_parsing": lambda c: "整数にしてください",
    "int_from_float": lambda c: "整数にしてください",
    "string_type": lambda c: "文字列にしてください",
    "bool_type": lambda c: "true か false にしてください", "bool_parsing": lambda c: "true か false にしてください",
    "list_type": lambda c: "リスト（[...]）にしてください", "tuple_type": lambda c: "リスト（[...]）にしてください",
    "dict_type": lambda c: "オブジェクト（{...}）にしてください",
    "model_type": lambda c: "オブジェクト（{...}）にしてください",
    "model_attributes_type": lambda c: "オブジェクト（{...}）にしてください",
    "value_error": lambda c: f"内容が規則に合いません（{c.get('error', '')}）",
    # A game's own rule, which says itself in both languages (broken_rule).
    "card_rule": lambda c: str(c.get("ja", "")),
}


def broken_rule(what: Text) -> PydanticCustomError:
    """A rule of a game's card file that a model validator finds broken, to be
    raised there: pydantic keeps both languages, so `problems` says it in the
    reader's, where a plain ValueError would reach Japanese readers in English."""
    return PydanticCustomError("card_rule", "{en}", {"en": what.en, "ja": what.ja})


def located(text: str, path: Sequence[str | int], what: Text) -> Text:
    """A problem named by the line of `text` it is on and its field: how every card-file
    problem reads, whether the schema or a game's own rules found it."""
    field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "file"
    line = line_of(text, path)
    return Text(f"Line {line} ({field}): {what.en}.", f"{line}行目（{field}）：{what.ja}。")


def _problem(text: str, error: ErrorDetails) -> Text:
    path = [p for p in error["loc"] if isinstance(p, (str, int))]
    words = _JA.get(error["type"])
    ja = words(dict(error.get("ctx") or {})) if words is not None else error["msg"]
    return located(text, path, Text(error["msg"], ja))


def problems(text: str, model: type[BaseModel]) -> list[Text]:
    """Every problem (the first MAX_PROBLEMS) of `text` as a card file of `model`: empty when it reads."""
    try:
        model.model_validate(load_json(text, MAX_CARD_FILE))
    except BadJson as exc:
        return [Text("The card file", "カードファイル") + exc.what + Text(".", "。")]
    except ValidationError as exc:
        return [_problem(text, e) for e in exc.errors(include_input=False, include_url=False)[:MAX_PROBLEMS]]
    return []


@dataclass(frozen=True)
class Loaded(Generic[M, D]):
    """A card set and its cards by id, as the rules look them up, and the text
    it was read from ("" for a game's own set) as the one object a state keeps:
    a dict finds a key by identity at once, an equal copy only by comparing it
    whole, on every look-up of a card."""

    cards: M
    defs: dict[str, D]
    text: str = ""


class CardFiles(Generic[M, D]):
    """A game's card sets by their text, each read by `model` and indexed by
    `index` once per process."""

    def __init__(self, model: type[M], index: Callable[[M], dict[str, D]]) -> None:
        self.model = model
        self.index = index
        self.loaded: dict[str, Loaded[M, D]] = {}  # a dict hashes the text: equal content, one entry

    def load(self, text: str) -> Loaded[M, D]:
        """The set `text` holds, or CardFileError naming every problem."""
        found = self.loaded.get(text)
        if found is None:
            try:
                cards = self.model.model_validate(load_json(text, MAX_CARD_FILE))
            except (BadJson, ValidationError) as exc:
                raise CardFileError(problems(text, self.model)) from exc
            found = self.loaded[text] = Loaded(cards, self.index(cards), text)
        return found


OPTION = "cards"
TAKES = Text("a card set as JSON text, or a card file's path (.json)",
             "JSON 形式のカードセット、またはカードファイル（.json）のパス")


# The engine reads no file: a card file's path is read by the front end it was
# given to (bot/cardfile.py), which hands on the file's text.
NOT_TEXT = Text(f"Option '{OPTION}' takes a card set as JSON text; a card file's path is read by the front end "
                "it was given to, never by the rules.",
                f"オプション {OPTION} には JSON 形式のカードセットを指定します。カードファイルのパスは、"
                "それを受け取った側（端末など）で読み込むもので、ルール側では読みません。")


def is_card_text(value: str) -> bool:
    """Whether an option's value is a card set's JSON text (not a path, nor a set's name)."""
    return value.lstrip().startswith("{")


def option_text(raw: Mapping[str, Any]) -> str:
    """The `cards` option as the text the options carry from then on ("" when
    not given): JSON text only, so that setting up or replaying a match never
    depends on a file that may since have changed."""
    value = raw.get(OPTION, "")
    if not isinstance(value, str):
        raise BadOptions(Text(f"Option '{OPTION}' takes {TAKES.en}.", f"オプション {OPTION} には{TAKES.ja}を指定します。"))
    if value and not is_card_text(value):
        raise BadOptions(NOT_TEXT)
    return value


__all__ = ["MAX_CARD_FILE", "NOT_TEXT", "OPTION", "TAKES", "CardFileError", "CardFiles", "Loaded", "broken_rule",
           "is_card_text", "line_of", "option_text", "problems"]
