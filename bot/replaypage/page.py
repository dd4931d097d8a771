"""The replay page itself: every stop's board drawn once per perspective by the
same renderers as the terminal and Discord, packed small, in one HTML file.

Size: a board differs from the previous one in a few lines, so texts are stored
as lists of line numbers into one table of distinct lines; identical texts and
pictures are stored once; a view equal to the same perspective's at the step
before is not drawn again. The pictures are SVG, drawn by the browser. The
whole is gzipped into the page, which the browser unpacks with its own
DecompressionStream."""

from __future__ import annotations

import base64
import gc
import gzip
import html
import json
import re
from typing import Any

from bot import render
from engine.core import ALL_SEEING, SPECTATOR, Text, Viewer, pick_locale, seat_label, with_names

from .collect import Finished
from .script import SCRIPT
from .style import STYLE

LOCALES = ("en", "ja")
# gzip level 6: on the longest Musou page 12% larger than level 9 at 60% of its CPU (0.10 s against 0.16 s).
LEVEL = 6


class _Packer:
    """Distinct lines, texts and pictures, each stored once and named by its index."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.texts: list[list[int]] = []
        self.pictures: list[str] = []
        self._lines: dict[str, int] = {}
        self._texts: dict[tuple[int, ...], int] = {}
        self._pictures: dict[str, int] = {}

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

    def picture(self, svg: str | None) -> int:
        if svg is None:
            return -1
        if svg not in self._pictures:
            self._pictures[svg] = len(self.pictures)
            self.pictures.append(svg)
        return self._pictures[svg]


def perspectives(seats: int) -> list[tuple[str, Viewer, Text]]:
    """Spectator, each seat as it saw the game, then everything (the match is over)."""
    out = [("spectator", SPECTATOR, Text("Spectator", "観戦者"))]
    out += [(f"seat{i}", Viewer.of(i), Text(f"As seat {i + 1}", f"{i + 1}番席の視点")) for i in range(seats)]
    out.append(("all", ALL_SEEING, Text("Everything", "すべて公開")))
    return out


def _drawn(game_id: str, view: dict[str, Any], viewer: Viewer, seats: int, names: dict[str, list[str]],
           pack: _Packer) -> list[int]:
    """[board en, board ja, private en, private ja] of one view, as indices (-1: none)."""
    board = [pack.text(with_names(render.board(game_id, view, loc), names[loc], loc)) for loc in LOCALES]
    own = range(seats) if viewer.all_seeing else [viewer.seat] if viewer.seat is not None else []
    private = []
    for loc in LOCALES:
        parts = [with_names(render.private(game_id, view, s, loc), names[loc], loc) for s in own]
        if viewer.all_seeing:
            parts = [f"— {names[loc][s] or seat_label(s)(loc)} —\n{part}" for s, part in zip(own, parts, strict=True)]
        private.append(pack.text("\n\n".join(parts)) if parts else -1)
    return [*board, *private]


def page_data(match: Finished) -> dict[str, Any]:
    # Every stop's state is alive until the page is drawn, and drawing makes many small objects: without the
    # freeze, each collection of the oldest generation walks all those states again (7% of the longest Musou page).
    gc.freeze()
    try:
        return _page_data(match)
    finally:
        gc.unfreeze()


def _page_data(match: Finished) -> dict[str, Any]:
    final = match.final
    game = final.game
    seats = len(final.seats)
    names = match.names
    pack = _Packer()
    views = perspectives(seats)
    before: list[tuple[dict[str, Any], list[int]]] = []  # each perspective's view and cell at the step before
    picture: tuple[dict[str, Any] | None, dict[str, list[int]]] = (None, {})
    steps = []
    viewers = [viewer for _, viewer, _ in views]
    for stop in match.stops:
        row: list[tuple[dict[str, Any], list[int]]] = []
        for i, (viewer, view) in enumerate(zip(viewers, game.views(stop.ms.state, viewers), strict=True)):
            # Compared with the step before, not hashed: most views are new, and unequal dicts differ early.
            same = before and before[i][0] == view
            row.append((view, before[i][1] if same else _drawn(final.game_id, view, viewer, seats, names, pack)))
        public = row[0][0]
        if picture[0] != public:
            # The picture is the board the channel showed everyone (as on Discord), so one per stop, in each
            # language (the English one needs no Japanese font), with its words for those who cannot see it.
            svgs = [render.board_svg(final.game_id, public, names[loc], loc) for loc in LOCALES]
            alts = [pack.text(render.describe(final.game_id, public, names[loc], loc) or "") if svg else -1
                    for loc, svg in zip(LOCALES, svgs, strict=True)]
            picture = (public, {"img": [pack.picture(svg) for svg in svgs], "alt": alts})
        # The turn the board shows after the event (the event's own turn is the one it was played in: a move
        # that ends a turn belongs to it, while the board already shows the next).
        turn = public.get("turn") if isinstance(public.get("turn"), int) else stop.turn
        steps.append({"seq": stop.seq, "turn": turn, "kind": stop.kind, "v": [cell for _, cell in row], **picture[1]})
        before = row
    outcome = final.outcome
    result: dict[str, str] = {}
    for loc in LOCALES:
        if final.status == "aborted":
            result[loc] = Text("Aborted.", "中止されました。")(loc)
        elif outcome is not None:
            won = ("、" if loc == "ja" else ", ").join(names[loc][w] or seat_label(w)(loc) for w in outcome.winners)
            head = Text(f"Winner: {won}. ", f"勝者: {won}。")(loc) if won else ""
            result[loc] = head + with_names(outcome.reason(loc), names[loc], loc)
    return {
        "match": final.match_id, "game": {loc: game.title(loc) for loc in LOCALES},
        "ruleset": final.ruleset, "players": names, "result": result,
        "perspectives": [{"key": key, "en": label.en, "ja": label.ja} for key, _, label in views],
        "lines": pack.lines, "texts": pack.texts, "pictures": pack.pictures, "steps": steps,
        "log": [{"seq": seq, "turn": turn, "en": with_names(line.en, names["en"], "en"),
                 "ja": with_names(line.ja, names["ja"], "ja")}
                for seq, turn, line in match.log],
        "proof": {"commitment": final.commitment, "secret": match.secret, "ok": match.verified,
                  "lines": [{"en": with_names(t.en, names["en"], "en"), "ja": with_names(t.ja, names["ja"], "ja")}
                            for t in match.proof]},
    }


def packed(data: dict[str, Any]) -> str:
    """The page's data as base64 of gzipped JSON: small, and safe inside a
    <script> element (base64 has no '<' to close it early)."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.b64encode(gzip.compress(raw, compresslevel=LEVEL, mtime=0)).decode()


def data_in(page: str) -> dict[str, Any]:
    """The data a page carries (for tests and tools that read pages)."""
    found = re.search(r'<script type="application/octet-stream" id="data" data-encoding="gzip\+base64">(.*?)</script>',
                      page, re.S)
    if found is None:
        raise ValueError("no replay data in this page")
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(found.group(1))))
    return data


def html_page(match: Finished, locale: str) -> str:
    return page_html(page_data(match), locale)


def page_html(data: dict[str, Any], locale: str) -> str:
    lang = pick_locale(locale)
    title = html.escape(f"Parley — {data['game'][lang]} — {data['match']}")
    return TEMPLATE.format(lang=lang, title=title, style=STYLE, script=SCRIPT, data=packed(data))


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
<p id="unsupported" hidden>This browser cannot unpack the replay (it lacks DecompressionStream): open the page in a
current Chrome, Edge, Firefox or Safari. / このブラウザではリプレイを展開できません（DecompressionStream がありません）。
最新の Chrome、Edge、Firefox、Safari で開いてください。</p>
<noscript><p>The replay needs JavaScript. / リプレイの表示には JavaScript が必要です。</p></noscript>
<script type="application/octet-stream" id="data" data-encoding="gzip+base64">{data}</script>
<script>{script}</script>
</body>
</html>
"""
