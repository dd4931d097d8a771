"""Boards drawn once, as SVG text: the replay page hands the SVG to the browser
(small, drawn there), Discord gets the same drawing rasterised to PNG by resvg.

resvg (the `resvg_py` binary wheel) was chosen over CairoSVG (needs the system
cairo library) and a second Pillow drawing (two drawings of each board would
drift apart): one wheel, no system dependency, and the same picture in both places.
"""

from __future__ import annotations

import functools
import glob
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path
from xml.sax.saxutils import quoteattr

FONT_FAMILY = "DejaVu Sans, IPAGothic, IPAPGothic, Noto Sans CJK JP, sans-serif"

# Japanese glyphs for every PNG whatever the machine has: IPAGothic ships with the code
# (fonts/, IPA Font License v1.0, redistributed unmodified), so a player's Japanese name
# is drawn as written, not replaced by its seat, on a host without fonts-ipafont-gothic.
BUNDLED_FONT = Path(__file__).resolve().parent / "fonts" / "ipag.ttf"
# Where Debian/Ubuntu put the other fonts the drawings name; resvg is told these files
# alone so it does not scan every system font on each call.
_FONT_GLOBS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans*.ttf", "/usr/share/fonts/opentype/ipafont-gothic/*.ttf",
               "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK*",
               "/usr/share/fonts/truetype/ipafont*/*.ttf")


@functools.cache
def font_files() -> tuple[str, ...]:
    found = {path for pattern in _FONT_GLOBS for path in glob.glob(pattern)}
    if BUNDLED_FONT.is_file():
        found.add(str(BUNDLED_FONT))
    return tuple(sorted(found))


@functools.cache
def japanese() -> bool:
    """Whether resvg has a font with Japanese glyphs (always, with the bundled one; a
    packaging that leaves it out gets PNGs with English labels only, never boxes)."""
    return any("dejavu" not in path.lower() for path in font_files())


def drawable(names: Sequence[str] | None) -> list[str] | None:
    """Players' names resvg can draw: without a Japanese font a name that is not
    ASCII would come out as empty boxes, so its seat is named instead ("")."""
    if names is None or japanese():
        return None if names is None else list(names)
    return [name if name.isascii() else "" for name in names]


@functools.cache
def _attr_name(keyword: str) -> str:
    return keyword.rstrip("_").replace("_", "-")


# A replay page draws hundreds of boards of a few hundred attributes each: quoting
# by str.translate, and numbers not at all, is several times quicker than quoteattr.
_QUOTED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\t": "&#9;"})


def attrs(**values: object) -> str:
    """SVG attributes from keywords (`class_` -> class, `font_size` -> font-size); None is left out."""
    return "".join(f' {_attr_name(k)}="{v}"' if isinstance(v, (int, float)) else
                   f' {_attr_name(k)}="{str(v).translate(_QUOTED)}"' for k, v in values.items() if v is not None)


def el(tag: str, body: str | Iterable[str] = "", **values: object) -> str:
    inner = body if isinstance(body, str) else "".join(body)
    return f"<{tag}{attrs(**values)}>{inner}</{tag}>" if inner else f"<{tag}{attrs(**values)}/>"


_ESCAPED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def text(x: float, y: float, content: str, **values: object) -> str:
    return el("text", content.translate(_ESCAPED), x=round(x, 1), y=round(y, 1), **values)


def rect(x: float, y: float, w: float, h: float, **values: object) -> str:
    return el("rect", "", x=round(x, 1), y=round(y, 1), width=round(w, 1), height=round(h, 1), **values)


def line(x1: float, y1: float, x2: float, y2: float, **values: object) -> str:
    return el("line", "", x1=round(x1, 1), y1=round(y1, 1), x2=round(x2, 1), y2=round(y2, 1), **values)


def circle(cx: float, cy: float, r: float, **values: object) -> str:
    return el("circle", "", cx=round(cx, 1), cy=round(cy, 1), r=round(r, 1), **values)


def width(content: str, size: float) -> float:
    """About how wide `content` is drawn at font size `size`: SVG text is laid out
    by whoever draws it, with whatever font it has, so this errs on the wide side
    (a full-width character is one em, any other 0.62 em)."""
    return size * (len(content) * 0.62 + 0.38 * sum(map(wide, content)))


@functools.cache
def wide(ch: str) -> bool:
    """Whether `ch` is drawn full width (one em: kana, kanji, full-width forms)."""
    return unicodedata.east_asian_width(ch) in "WF"


def wrap(content: str, size: float, room: float) -> list[str]:
    """Lines of `content` no wider than `room`: broken at spaces, or anywhere in
    a word too long for a line (Japanese has no spaces)."""
    lines: list[str] = []
    current = ""
    for word in content.split(" "):
        trial = f"{current} {word}".strip()
        if width(trial, size) <= room:
            current = trial
            continue
        if current:
            lines.append(current)
        current = ""
        for ch in word:
            if current and width(current + ch, size) > room:
                lines.append(current)
                current = ""
            current += ch
    if current:
        lines.append(current)
    return lines


def _fitting(content: str, size: float, room: float, after: int = 0) -> int:
    """How many of `content`'s first characters fit `room` with `after` narrow ones (an ellipsis) behind
    them, each prefix measured in the very float operations of `width`, so the cut falls where it says."""
    full = 0
    for i, ch in enumerate(content):
        full += wide(ch)
        if size * ((i + 1 + after) * 0.62 + 0.38 * full) > room:
            return i
    return len(content)


def fit(content: str, size: float, room: float, *, over_last: bool = False) -> str:
    """`content` cut with an ellipsis to fit `room`: the ellipsis measured into the room, or, `over_last`
    (the Quarriors and Warlords pictures' rule), put in place of the last character that fits, which
    keeps one character fewer where a wide one would not fit but the ellipsis would."""
    if width(content, size) <= room:
        return content
    if over_last:
        return content[:max(_fitting(content, size, room) - 1, 0)] + "…"
    return content[:_fitting(content, size, room, after=1)] + "…"


def document(width: int, height: int, body: Iterable[str], *, title: str = "", background: str = "#ffffff") -> str:
    """A whole drawing; `title` is its text alternative (read by screen readers on the replay page)."""
    head = el("title", title.translate(_ESCAPED)) if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family={quoteattr(FONT_FAMILY)}>'
            f"{head}{rect(0, 0, width, height, fill=background)}{''.join(body)}</svg>")


def png(svg: str) -> bytes:
    """The drawing rasterised for Discord, with the fonts named above only."""
    import resvg_py  # imported here: the terminal and the engine never need it

    fonts = list(font_files())
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=bool(fonts), font_files=fonts or None))


__all__ = ["FONT_FAMILY", "attrs", "circle", "document", "drawable", "el", "fit", "font_files", "japanese", "line", "png",
           "rect", "text", "wide", "width", "wrap"]
