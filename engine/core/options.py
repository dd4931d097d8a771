"""The checks every game's options share, before its own: options arrive as
JSON from a command line or as key=value pairs from Discord, and whatever
they hold, a wrong one is refused in one line that names the option and what
it takes, naming only options the game has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import BadOptions
from .text import Text, echo
from .userjson import BadJson, check_value

# Options are recorded in the log: room for one Musou card file carried inline
# (at most 2 MB) and the deck lists, and no more.
MAX_OPTIONS = 2_200_000


def _listing(title: Text, known: Mapping[str, Text]) -> Text:
    en = "; ".join(f"{name}: {what.en}" for name, what in known.items())
    ja = "。".join(f"{name}：{what.ja}" for name, what in known.items())
    return Text(f"{title.en}'s options are {en}.", f"{title.ja}のオプションは {ja}。")


def check_options(raw: object, title: Text, known: Mapping[str, Text]) -> Mapping[str, Any]:
    """`raw` as options: an object within the log's bounds, naming only
    options in `known` (name -> what it takes), none of them null (an option
    left out takes its default; null is not a way to say so)."""
    if not isinstance(raw, Mapping):
        raise BadOptions(Text("Options are an object of names and values, like {\"decks\": [...]}.",
                              "オプションは名前と値のオブジェクトです（例：{\"decks\": [...]}）。"), _listing(title, known))
    try:
        check_value(dict(raw), MAX_OPTIONS)
    except BadJson as exc:
        raise BadOptions(Text("The options object", "オプション") + exc.what + Text(".", "。")) from exc
    unknown = [str(k) for k in raw if k not in known]
    if unknown:
        raise BadOptions(Text(f"{title.en} has no option '{echo(unknown[0])}'.",
                              f"{title.ja}にオプション「{echo(unknown[0])}」はありません。"), _listing(title, known))
    for name, value in raw.items():
        if value is None:
            raise wrong_option(name, known[name])
    return raw


def wrong_option(name: str, takes: Text) -> BadOptions:
    return BadOptions(Text(f"Option '{name}' takes {takes.en}.", f"オプション {name} には{takes.ja}を指定します。"))
