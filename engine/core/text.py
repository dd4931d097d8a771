"""Bilingual text: every player-facing string carries English and Japanese."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LOCALES = ("en", "ja")
ECHO_LIMIT = 40


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """What a user typed, quoted back in a message: on one line (a refusal is
    one line), cut short (a 5,000-character paste is not worth repeating) and
    printable (a lone surrogate from a mis-decoded terminal cannot be written out)."""
    text = " ".join(str(value).split())
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= limit else text[:limit - 1] + "…"


def pick_locale(locale: str | None) -> str:
    """Map a Discord/POSIX locale ('ja', 'ja_JP.UTF-8', 'en-US') to 'ja' or 'en'."""
    return "ja" if locale and locale.lower().startswith("ja") else "en"


@dataclass(frozen=True, slots=True)
class Text:
    en: str
    ja: str

    def __init__(self, en: str, ja: str) -> None:
        # The generated frozen __init__ looks each field up through object.__setattr__;
        # setting the slots directly is over twice as fast, and a replay builds
        # several log lines per action.
        _set_en(self, en)
        _set_ja(self, ja)

    def __call__(self, locale: str | None = "en") -> str:
        return self.ja if pick_locale(locale) == "ja" else self.en

    def format(self, **kwargs: Any) -> Text:
        """Fill placeholders; Text arguments are rendered in the matching language."""
        en = {k: (v.en if isinstance(v, Text) else v) for k, v in kwargs.items()}
        ja = {k: (v.ja if isinstance(v, Text) else v) for k, v in kwargs.items()}
        return Text(self.en.format(**en), self.ja.format(**ja))

    def __add__(self, other: Text) -> Text:
        return Text(self.en + other.en, self.ja + other.ja)

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "ja": self.ja}

    @staticmethod
    def from_json(data: dict[str, str]) -> Text:
        return Text(data["en"], data["ja"])


_set_en = Text.__dict__["en"].__set__
_set_ja = Text.__dict__["ja"].__set__


def join(parts: list[Text], sep: Text | None = None) -> Text:
    sep = sep or Text(", ", "、")
    return Text(sep.en.join(p.en for p in parts), sep.ja.join(p.ja for p in parts))
