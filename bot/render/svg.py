"""Boards drawn once, as SVG text: the replay page hands the SVG to the browser
(small, drawn there), Discord gets the same drawing rasterised to PNG by resvg.

resvg (the `resvg_py` binary wheel) was chosen over CairoSVG (needs the system
cairo library) and a second Pillow drawing (two drawings of each board would
drift apart): one wheel, no system dependency, and the same picture in both places.
"""

from __future__ import annotations

import functools
import glob
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

FONT_FAMILY = "DejaVu Sans, IPAGothic, IPAPGothic, Noto Sans CJK JP, sans-serif"

# Where Debian/Ubuntu put the fonts the drawings name; resvg is told these files
# alone so it does not scan every system font on each call.
_FONT_GLOBS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans*.ttf", "/usr/share/fonts/opentype/ipafont-gothic/*.ttf",
               "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK*",
               "/usr/share/fonts/truetype/ipafont*/*.ttf")


@functools.cache
def font_files() -> tuple[str, ...]:
    return tuple(sorted({path for pattern in _FONT_GLOBS for path in glob.glob(pattern)}))


def attrs(**values: object) -> str:
    """SVG attributes from keywords (`class_` -> class, `font_size` -> font-size); None is left out."""
    return "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in values.items()
                   if v is not None)


def el(tag: str, body: str | Iterable[str] = "", **values: object) -> str:
    inner = body if isinstance(body, str) else "".join(body)
    return f"<{tag}{attrs(**values)}>{inner}</{tag}>" if inner else f"<{tag}{attrs(**values)}/>"


def text(x: float, y: float, content: str, **values: object) -> str:
    return el("text", escape(content), x=round(x, 1), y=round(y, 1), **values)


def rect(x: float, y: float, w: float, h: float, **values: object) -> str:
    return el("rect", x=round(x, 1), y=round(y, 1), width=round(w, 1), height=round(h, 1), **values)


def document(width: int, height: int, body: Iterable[str], *, title: str = "", background: str = "#ffffff") -> str:
    """A whole drawing; `title` is its text alternative (read by screen readers on the replay page)."""
    head = el("title", escape(title)) if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family={quoteattr(FONT_FAMILY)}>'
            f"{head}{rect(0, 0, width, height, fill=background)}{''.join(body)}</svg>")


def png(svg: str) -> bytes:
    """The drawing rasterised for Discord, with the fonts named above only."""
    import resvg_py  # imported here: the terminal and the engine never need it

    fonts = list(font_files())
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=bool(fonts), font_files=fonts or None))


__all__ = ["FONT_FAMILY", "attrs", "document", "el", "font_files", "png", "rect", "text"]
