"""The replay page itself: every stop's board drawn once per perspective by the
same renderers as the terminal and Discord, packed small, in one HTML file.

Size: a board differs from the previous one in a few lines, so texts are stored
as lists of line numbers into one table of distinct lines, identical texts and
images are stored once, and a view seen before (a seat that sees no more than a
spectator) is not drawn again."""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
from typing import Any

from bot import render
from engine.core import ALL_SEEING, SPECTATOR, Text, Viewer, pick_locale, seat_label, with_names

from .collect import Finished
from .script import SCRIPT
from .style import STYLE

LOCALES = ("en", "ja")


class _Packer:
    """Distinct lines, texts and images, each stored once and named by its index."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.texts: list[list[int]] = []
        self.images: list[str] = []
        self._lines: dict[str, int] = {}
        self._texts: dict[tuple[int, ...], int] = {}
        self._images: dict[str, int] = {}

    def text(self, text: str) -> int:
        ids = tuple(self._line(line) for line in text.split("\n"))
        if ids not in self._texts:
            self._texts[ids] = len(self.texts)
            self.texts.append(list(ids))
        return self._texts[ids]

    def _line(self, line: str) -> int:
        if line not in self._lines:
            self._lines[line] = len(self.lines)
            self.lines.append(line)
        return self._lines[line]

    def image(self, png: bytes | None) -> int:
        if png is None:
            return -1
        key = hashlib.sha256(png).hexdigest()
        if key not in self._images:
            self._images[key] = len(self.images)
            self.images.append("data:image/png;base64," + base64.b64encode(_palette(png)).decode())
        return self._images[key]


def _palette(png: bytes) -> bytes:
    """The board image with a 64-colour palette: the boards are flat colours and
    text, and this makes them a third of the size with no visible change."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(out, format="PNG")
    return out.getvalue()


def perspectives(seats: int) -> list[tuple[str, Viewer, Text]]:
    """Spectator, each seat as it saw the game, then everything (the match is over)."""
    out = [("spectator", SPECTATOR, Text("Spectator", "観戦者"))]
    out += [(f"seat{i}", Viewer.of(i), Text(f"As seat {i + 1}", f"{i + 1}番席の視点")) for i in range(seats)]
    out.append(("all", ALL_SEEING, Text("Everything", "すべて公開")))
    return out


def _drawn(game_id: str, view: dict[str, Any], viewer: Viewer, seats: int, names: list[str],
           pack: _Packer) -> list[int]:
    """[board en, board ja, private en, private ja] of one view, as indices (-1: none)."""
    board = [pack.text(with_names(render.board(game_id, view, loc), names, loc)) for loc in LOCALES]
    own = range(seats) if viewer.all_seeing else [viewer.seat] if viewer.seat is not None else []
    private = []
    for loc in LOCALES:
        parts = [with_names(render.private(game_id, view, s, loc), names, loc) for s in own]
        if viewer.all_seeing:
            parts = [f"— {names[s] or seat_label(s)(loc)} —\n{part}" for s, part in zip(own, parts, strict=True)]
        private.append(pack.text("\n\n".join(parts)) if parts else -1)
    return [*board, *private]


def page_data(match: Finished) -> dict[str, Any]:
    final = match.final
    game = final.game
    seats = len(final.seats)
    names = match.names
    pack = _Packer()
    views = perspectives(seats)
    drawn: dict[str, list[int]] = {}
    steps = []
    for stop in match.stops:
        row = []
        public: dict[str, Any] = {}
        for _, viewer, _ in views:
            view = game.view(stop.ms.state, viewer)
            if viewer == SPECTATOR:
                public = view
            key = json.dumps([view, viewer.seat, viewer.all_seeing], sort_keys=True, ensure_ascii=False, default=str)
            if key not in drawn:
                drawn[key] = _drawn(final.game_id, view, viewer, seats, names, pack)
            row.append(drawn[key])
        # The image is the board the channel showed everyone (as on Discord), so one per stop.
        steps.append({"seq": stop.seq, "turn": stop.turn, "kind": stop.kind, "v": row,
                      "img": pack.image(render.image(final.game_id, public, names))})
    outcome = final.outcome
    result: dict[str, str] = {}
    for loc in LOCALES:
        if final.status == "aborted":
            result[loc] = Text("Aborted.", "中止されました。")(loc)
        elif outcome is not None:
            won = ("、" if loc == "ja" else ", ").join(names[w] or seat_label(w)(loc) for w in outcome.winners)
            head = Text(f"Winner: {won}. ", f"勝者: {won}。")(loc) if won else ""
            result[loc] = head + with_names(outcome.reason(loc), names, loc)
    return {
        "match": final.match_id, "game": {loc: game.title(loc) for loc in LOCALES},
        "ruleset": final.ruleset, "players": names, "result": result,
        "perspectives": [{"key": key, "en": label.en, "ja": label.ja} for key, _, label in views],
        "lines": pack.lines, "texts": pack.texts, "images": pack.images, "steps": steps,
        "log": [{"seq": seq, "turn": turn, "en": with_names(line.en, names, "en"), "ja": with_names(line.ja, names, "ja")}
                for seq, turn, line in match.log],
        "proof": {"commitment": final.commitment, "secret": match.secret, "ok": match.verified,
                  "lines": [{"en": with_names(t.en, names, "en"), "ja": with_names(t.ja, names, "ja")}
                            for t in match.proof]},
    }


def _embedded(data: dict[str, Any]) -> str:
    """JSON safe inside a <script> element: no '<' can close it early."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def html_page(match: Finished, locale: str) -> str:
    return page_html(page_data(match), locale)


def page_html(data: dict[str, Any], locale: str) -> str:
    lang = pick_locale(locale)
    title = html.escape(f"Parley — {data['game'][lang]} — {data['match']}")
    return TEMPLATE.format(lang=lang, title=title, style=STYLE, script=SCRIPT, data=_embedded(data))


TEMPLATE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
  <h1 id="title"></h1>
  <p id="players"></p>
  <p id="result"></p>
  <div class="row">
    <span id="lang-label"></span>
    <button type="button" data-lang="en">English</button>
    <button type="button" data-lang="ja">日本語</button>
  </div>
</header>
<nav class="controls">
  <button type="button" id="first" aria-label="first">«</button>
  <button type="button" id="prev" aria-label="previous">◀</button>
  <input type="range" id="slider" min="0" value="0">
  <button type="button" id="next" aria-label="next">▶</button>
  <button type="button" id="last" aria-label="last">»</button>
  <span id="position"></span>
  <label><span id="turn-label"></span> <input type="number" id="turn" min="0" size="4"></label>
  <button type="button" id="jump"></button>
  <span id="jump-error" class="error"></span>
</nav>
<nav class="controls" id="perspectives"><span id="view-label"></span></nav>
<main>
  <section id="board-area">
    <img id="board-image" alt="">
    <pre id="board"></pre>
    <h2 id="private-title"></h2>
    <pre id="private"></pre>
  </section>
  <section id="log-area">
    <h2 id="log-title"></h2>
    <ol id="log"></ol>
  </section>
</main>
<section id="proof">
  <h2 id="proof-title"></h2>
  <p id="proof-explain"></p>
  <dl>
    <dt id="commitment-label"></dt><dd><code id="commitment"></code></dd>
    <dt id="secret-label"></dt><dd><code id="secret"></code></dd>
    <dt id="verify-label"></dt><dd id="verify"></dd>
  </dl>
  <ul id="verify-lines"></ul>
</section>
<footer id="keys"></footer>
<script type="application/json" id="data">{data}</script>
<script>{script}</script>
</body>
</html>
"""
