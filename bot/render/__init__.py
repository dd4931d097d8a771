"""Rendering of game views for people: text (terminal and Discord) and images.

Each game may provide `bot/render/<game_id>.py` with:
    board(view: dict, locale: str) -> str          # public board
    private(view: dict, seat: int, locale: str) -> str   # that seat's hand etc.
    image(view: dict) -> bytes | None              # optional PNG for grid games
    picture_view(view) -> Any                      # optional: what of the view image() draws
    svg(view, names=None, locale="en") -> str      # the board picture (image() is it rasterised); board_svg here
    describe(view, names=None, locale="en") -> str # that picture in words, its alt text (<= 1,024 chars)
A game without a module falls back to a compact generic text.

Texts come back whole: a terminal shows every line, and Discord, whose
messages are limited, splits or clips them itself (`clip` is here for it).
"""

from __future__ import annotations

import difflib
import hashlib
import importlib
import json
import pickle
import unicodedata
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from engine.core import CardInfo, Text, find_cards

from . import lang

DISCORD_LIMIT = 2000


def _module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"bot.render.{game_id}")
    except ModuleNotFoundError:
        return None


def _generic(view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False, separators=(",", ":"))


def clip(text: str, limit: int = DISCORD_LIMIT - 100) -> str:
    """`text` cut to `limit` characters with an ellipsis (for size-limited messages)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def board(game_id: str, view: dict[str, Any], locale: str) -> str:
    mod = _module(game_id)
    return mod.board(view, locale) if mod and hasattr(mod, "board") else _generic(view)


def private(game_id: str, view: dict[str, Any], seat: int, locale: str) -> str:
    mod = _module(game_id)
    return mod.private(view, seat, locale) if mod and hasattr(mod, "private") else _generic(view)


_IMAGES: dict[bytes, bytes | None] = {}
_IMAGE_CACHE = 256


def picture_key(game_id: str, view: dict[str, Any], names: Sequence[str] | None, locale: str) -> bytes:
    """What a board picture is kept by, here and in the bot's own cache (bot.discord.drawing) alike:
    what it draws of the view (`picture_view`, else the whole view), the names and the language.
    Pickled, not JSON: quicker, and what JSON writes alike (a tuple and a list, 1 and "1" as keys) stays apart."""
    drawn = picture_view(game_id, view)
    return hashlib.sha256(pickle.dumps((game_id, view if drawn is None else drawn, list(names or ()),
                                        locale))).digest()


def image(game_id: str, view: dict[str, Any], names: Sequence[str] | None = None,
          locale: str = "en") -> bytes | None:
    """The board as a PNG, players named, in `locale` where a font can draw it. Cached by
    `picture_key`: a board that draws as before is never drawn twice. Pure CPU: callers on an
    event loop run it in a thread (asyncio.to_thread)."""
    mod = _module(game_id)
    if not (mod and hasattr(mod, "image")):
        return None
    key = picture_key(game_id, view, names, locale)
    if key not in _IMAGES:
        data: bytes | None = mod.image(view, names=names, locale=locale)
        _IMAGES[key] = data
        if len(_IMAGES) > _IMAGE_CACHE:
            del _IMAGES[next(iter(_IMAGES))]
    return _IMAGES[key]


def _viewing(game_id: str) -> ModuleType | None:
    """The game's picture module where it says what its picture draws of a view (`picture_view`)."""
    mod = _module(game_id)
    return mod if mod is not None and hasattr(mod, "picture_view") else None


def has_picture_view(game_id: str) -> bool:
    return _viewing(game_id) is not None


def picture_view(game_id: str, view: dict[str, Any]) -> Any | None:
    """What the game's picture draws of `view`, where its module says (None where it does not):
    two views with the same picture view have the same picture."""
    mod = _viewing(game_id)
    return mod.picture_view(view) if mod is not None else None


# Not `svg`: that is the drawing kit's submodule, and importing it would replace a function of that name here.
def board_svg(game_id: str, view: dict[str, Any], names: Sequence[str] | None = None,
              locale: str = "en") -> str | None:
    """The board picture as SVG text (None for a game without one)."""
    mod = _module(game_id)
    return mod.svg(view, names, locale) if mod and hasattr(mod, "svg") else None


def describe(game_id: str, view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str | None:
    """What the board picture shows, in words: the alt text (Discord's attachment
    `description`, at most 1,024 characters) of `image` and `svg`."""
    mod = _module(game_id)
    return mod.describe(view, names, locale) if mod and hasattr(mod, "describe") else None


def card(info: CardInfo, locale: str) -> str:
    """One card in full: its name and key, then its text."""
    return f"{info.name(locale)}  [{info.id}]\n{info.text(locale)}"


def _fold(s: str) -> str:
    return unicodedata.normalize("NFKC", s).casefold().replace(" ", "")


def close_names(catalog: Sequence[CardInfo], query: str, locale: str, n: int = 5) -> list[str]:
    """Card names that look like `query` (a typo, a near miss), in `locale`."""
    by_fold: dict[str, CardInfo] = {}
    for c in catalog:
        for key in (c.name.en, c.name.ja, c.id):
            by_fold.setdefault(_fold(key), c)
    near = difflib.get_close_matches(_fold(query), list(by_fold), n=n * 2, cutoff=0.5)
    names: list[str] = []
    for key in near:
        name = by_fold[key].name(locale)
        if name not in names:
            names.append(name)
    return names[:n]


def card_lookup(catalog: Sequence[CardInfo], query: str, locale: str) -> tuple[bool, str]:
    """What `card QUERY` answers: the card in full, the matches with their
    keys when several fit, or that none does with close names. The flag says
    whether anything matched."""
    if not catalog:
        return False, Text("This game has no cards to look up.", "このゲームには調べられるカードがありません。")(locale)
    found = find_cards(catalog, query)
    # The same card listed under several keys (copies in a deck) reads as one.
    distinct = {(c.name, c.text) for c in found}
    if len(distinct) == 1:
        return True, card(found[0], locale)
    if found:
        head = Text(f"{len(found)} cards match “{query}”; type `card KEY` for one:",
                    f"「{query}」に当てはまるカードが{len(found)}枚あります。1枚を見るには `card キー`:")(locale)
        width = max(len(c.id) for c in found)
        return True, "\n".join([head, *(f"  {c.id:<{width}}  {c.name(locale)}" for c in found)])
    near = close_names(catalog, query, locale)
    none = Text(f"No card matches “{query}”.", f"「{query}」に当てはまるカードはありません。")(locale)
    if near:
        ja = lang.ja(locale)
        none += ("もしかして: " + "、".join(near) + "？") if ja else (" Did you mean: " + ", ".join(near) + "?")
    return False, none
