"""A card file named by its path, read by the front end it was given to (the
terminal's `--options '{"cards": "house.json"}'`): the engine reads no file,
so the file's text is what the match's options carry from then on, and a match
never depends on a file that may since have changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import Text
from engine.core.cardfile import MAX_CARD_FILE, OPTION, is_card_text
from engine.deckgames import CARD_SET_GAMES, SET_NAMES

UNREADABLE = Text("The card file cannot be read: it must be a .json file of at most 2 MB.",
                  "カードファイルを読み込めません（2 MB までの .json ファイルにしてください）。")


class UnreadableCardFile(ValueError):
    """A path that is not a readable card file; `what` says so in both languages."""

    what = UNREADABLE


def read_card_file(path: str | Path) -> str:
    """A group's own card file's text: a regular `.json` file of at most
    MAX_CARD_FILE characters' worth of bytes, in UTF-8."""
    p = Path(path)
    try:
        if p.suffix.lower() != ".json" or not p.is_file() or p.stat().st_size > MAX_CARD_FILE:
            raise OSError
        return p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UnreadableCardFile(str(p)) from exc


def with_card_file_read(options: dict[str, Any], game_id: str | None = None) -> dict[str, Any]:
    """`options` with a `cards` path replaced by its file's text, for a game whose
    `cards` option is a card set (`game_id` None: any such game). JSON text, a set
    the game names itself (deckgames.SET_NAMES), anything not a string, and another
    game's own `cards` option (Quarriors': a list of card ids) are the game's to judge."""
    value = options.get(OPTION)
    if game_id is not None and game_id not in CARD_SET_GAMES:
        return options
    if not isinstance(value, str) or not value or value in SET_NAMES or is_card_text(value):
        return options
    return {**options, OPTION: read_card_file(value)}


__all__ = ["UNREADABLE", "UnreadableCardFile", "read_card_file", "with_card_file_read"]
