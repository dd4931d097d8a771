"""A card file a group brings (a server's card set), read by the game's own
pydantic model: every problem is named by the line it is on and the field it
is about, in both languages, since whoever uploads a file fixes it in an
editor; a text is parsed once while its set is kept (the few dozen used
last), and a match's state refers to its set by that text (as the options
carry it), so any process rebuilds the same set.

Messages never echo a value from the file, only where it is and what kind of
value is wanted (the file may reach players through match options)."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from .errors import BadOptions
from .text import Text, join
from .userjson import BadJson, load_json

MAX_CARD_FILE = 2_000_000  # characters
MAX_PROBLEMS = 5  # enough to fix a file in a few rounds, few enough to read
MAX_SETS = 32  # custom sets kept read per game: a few dozen groups' at once, each up to MAX_CARD_FILE
OBJECTS_PER_SET = 4
M = TypeVar("M", bound=BaseModel)
D = TypeVar("D")  # what a set is indexed into (its cards by id, say)

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
    """A card set, its index (cards by id, as the rules look them up), and the
    text it was read from ("" for a game's own set)."""

    cards: M
    defs: D
    text: str = ""


Rules = Callable[[M], Iterable[tuple[Sequence[str | int], Text]]]


def digest(text: str) -> bytes:
    """What a set is kept by: a look-up by an equal copy of a text (a cloned or
    thawed state's) compares 32 bytes, not the whole file. `surrogatepass`: any
    str encodes (JSON may carry a lone surrogate), each to its own bytes."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


class CardFiles(Generic[M, D]):
    """A game's custom card sets, each read by `model`, checked by `rules` (what
    the model leaves to the game, each problem by its path) and indexed by
    `index` once while it is kept: the `size` sets looked up most recently by a
    new copy of their text, so a bot that sees many groups' files stays bounded.

    Every state of a match keeps one text object (a copy of a state shares it),
    so the hot look-up is by that object's identity; an object not seen yet (a
    snapshot's, a pickled clone's) is found by its digest and then known too."""

    def __init__(self, model: type[M], index: Callable[[M], D], rules: Rules[M] | None = None,
                 size: int = MAX_SETS) -> None:
        self.model = model
        self.index = index
        self.rules = rules
        self.size = size
        self._sets: OrderedDict[bytes, Loaded[M, D]] = OrderedDict()  # least recently found first
        # By id(text), each with its text: while kept, no other object has that id.
        self._objects: dict[int, tuple[str, Loaded[M, D]]] = {}
        self._lock = threading.Lock()  # a bot's search thread looks sets up too

    def __len__(self) -> int:
        return len(self._sets)

    def load(self, text: str) -> Loaded[M, D]:
        """The set `text` holds, or CardFileError naming its problems."""
        seen = self._objects.get(id(text))
        if seen is not None:
            return seen[1]
        with self._lock:
            return self._find(text)

    def _find(self, text: str) -> Loaded[M, D]:
        key = digest(text)
        found = self._sets.pop(key, None)
        if found is None:
            cards = self.read(text)
            found = Loaded(cards, self.index(cards), text)
        self._sets[key] = found
        if len(self._sets) > self.size:
            _, gone = self._sets.popitem(last=False)
            self._objects = {k: v for k, v in self._objects.items() if v[1] is not gone}
        # Few objects per set (its first text, one per snapshot thawed): more
        # means copies come and go, and the oldest is the likeliest gone.
        while len(self._objects) >= OBJECTS_PER_SET * self.size:
            del self._objects[next(iter(self._objects))]
        self._objects[id(text)] = (text, found)
        return found

    def read(self, text: str) -> M:
        """The set `text` holds, read afresh (nothing kept), or CardFileError
        naming its first few problems, by line and field in both languages."""
        try:
            cards = self.model.model_validate(load_json(text, MAX_CARD_FILE))
        except (BadJson, ValidationError) as exc:
            raise CardFileError(problems(text, self.model)) from exc
        if self.rules is not None:
            broken = [located(text, path, what) for path, what in islice(self.rules(cards), MAX_PROBLEMS)]
            if broken:
                raise CardFileError(broken)
        return cards

    def problems(self, text: str) -> list[Text]:
        """Every problem of a card file (empty: usable), as a server's upload is checked."""
        try:
            self.read(text)
        except CardFileError as exc:
            return exc.problems
        return []

    def clear(self) -> None:
        """Forget every set, as a process that never read one."""
        with self._lock:
            self._sets.clear()
            self._objects.clear()


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


__all__ = ["MAX_CARD_FILE", "MAX_SETS", "NOT_TEXT", "OPTION", "TAKES", "CardFileError", "CardFiles", "Loaded",
           "broken_rule", "digest", "is_card_text", "line_of", "option_text", "problems"]
