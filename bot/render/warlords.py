"""Text rendering of Warlords views: the public table and a seat's private panel.

Players are written as seat tokens (⟦0⟧); the front ends put each player's name
in their place. Every shorthand a board uses is explained in its last line."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core import seat_ref
from engine.warlords.cards import card, faction_name
from engine.warlords.catalog import TYPES

from . import lang, picture
from . import svg as draw
from .marks import mark

STATES = {
    "camped": ("camped", "野営"), "patrolling": ("patrol", "哨戒"), "campaign": ("campaign", "作戦"),
    "in_port": ("in port", "入港"), "at_sea": ("at sea", "海上"), "besieging": ("siege", "包囲"),
}
DECISIONS = {
    "intercept": ("to choose interceptors", "迎撃の選択"), "obstruct": ("to obstruct the exploration or pass", "探索の妨害"),
    "terrain_response": ("to cancel the terrain or let it stand", "地形の打ち消し"),
    "switch": ("to choose where the calamity switches", "災害の交代先"),
    "redirect": ("to choose the calamity's next target", "災害の次の対象"),
    "losses": ("to assign battle losses", "損失の割り振り"),
}
LEGEND = (
    "Key: castle[revenue d=defence in battle g=garrison armies +n=improvements]; "
    "stack[combat state →player=on campaign against u=armies and allies fly=flying]; c12=card id; "
    "TP=has drawn Time Passes; *=to act",
    "凡例：城砦[収益 守=戦闘時の防御 兵=守備隊の軍隊数 改=城砦改良の数] "
    "スタック[戦力 状態 →プレイヤー=作戦の相手 兵=軍隊・味方の数 飛=飛行]、c12=カードID、"
    "終=ゲーム終了カードを引いた、*=手番",
)
TYPE_ORDER = list(TYPES)


def _who(seat: int, locale: str) -> str:
    return seat_ref(seat)(locale)


def _name(c: dict[str, Any] | None, locale: str) -> str:
    if not c:
        return "-"
    return str(c["name_ja"] if lang.ja(locale) else c["name"])


def _names(cards: list[dict[str, Any]], locale: str) -> str:
    return ("、" if lang.ja(locale) else ", ").join(_name(c, locale) for c in cards)


def _shown(entry: str, cards: dict[str, Any], locale: str) -> str:
    """A first-player check entry 'seat:card id' as '⟦seat⟧ card name check value',
    the card as a match's own set has it (the view's `first_check_cards`), else the sample."""
    seat, _, cid = entry.partition(":")
    if cid in cards:
        return f"{_who(int(seat), locale)} {_name(cards[cid], locale)} {cards[cid]['range']}"
    try:
        d = card(cid)
    except KeyError:
        return f"{_who(int(seat), locale)} {cid}"
    return f"{_who(int(seat), locale)} {d.name.ja if lang.ja(locale) else d.name.en} {d.range}"


def _castle(c: dict[str, Any], locale: str) -> str:
    ja = lang.ja(locale)
    bits = [f"{c.get('income', c['revenue'])}", f"{'守' if ja else 'd'}{c['combat']}",
            f"{'兵' if ja else 'g'}{len(c['garrison'])}"]
    if c["improvements"]:
        bits.append(f"{'改' if ja else '+'}{len(c['improvements'])}")
    if c["port"]:
        bits.append("港" if ja else "port")
    if c["besieged_by"]:
        bits.append("包囲中" if ja else "besieged")
    head = f"{_name(c['castle'], locale)}[{' '.join(bits)} {c['id']}]"
    parts = [_names(c["garrison"], locale)] if c["garrison"] else []
    if c["improvements"]:
        parts.append(("改良 " if ja else "improvements ") + _names(c["improvements"], locale))
    if c["calamities"]:
        parts.append(("災害 " if ja else "calamity ") + _names(c["calamities"], locale))
    return head + (("：" if ja else ": ") + ("／" if ja else "; ").join(parts) if parts else "")


def _stack(st: dict[str, Any], locale: str) -> str:
    ja = lang.ja(locale)
    state = STATES.get(st["state"], (st["state"], st["state"]))[1 if ja else 0]
    if st["target"] is not None:
        state += f"→{_who(st['target'], locale)}"
    units = sum(1 for m in st["members"] if m["type"] in ("army", "ally"))
    bits = [str(st["combat"]), state, f"{'兵' if ja else 'u'}{units}"]
    if st["faction"]:
        bits.append(faction_name(st["faction"])(locale))
    if st["flying"]:
        bits.append("飛" if ja else "fly")
    head = f"{_name(st['hero'], locale)}[{' '.join(bits)} {st['id']}]"
    parts = [_names(st["members"], locale)] if st["members"] else []
    for key, (en, jp) in (("fleet", ("fleet", "艦隊")), ("terrain", ("terrain", "地形")), ("weather", ("weather", "天候"))):
        if st[key]:
            parts.append(f"{jp if ja else en} {_name(st[key], locale)}")
    if st["calamities"]:
        parts.append(("災害 " if ja else "calamity ") + _names(st["calamities"], locale))
    return head + (("：" if ja else ": ") + ("／" if ja else "; ").join(parts) if parts else "")


def _head(view: dict[str, Any], locale: str) -> list[str]:
    ja = lang.ja(locale)
    head = "Warlords：グローリーロード" if ja else "Warlords: Glory Road"
    if view["phase"] == "over":
        winners = ("、" if ja else ", ").join(_who(w, locale) for w in view["winners"])
        return [head + (f" — 終了、勝者 {winners}" if ja else f" — over; winner: {winners}")]
    if view["phase"] in ("direction", "pick"):
        checks = " / ".join(("、" if ja else ", ").join(_shown(x, view.get("first_check_cards", {}), locale) for x in r) for r in view.get("first_check", []))
        first = _who(view["first"], locale)
        line = (f"最初のプレイヤー {first}（判定：{checks}）" if ja else f"First player: {first} (checks: {checks})")
        if view["phase"] == "pick" and view.get("pick_queue"):
            nxt = _who(view["pick_queue"][0], locale)
            line += f"、選択中 {nxt}" if ja else f"; picking now: {nxt}"
        return [head + (" — 準備中" if ja else " — set-up"), line]
    direction = {"cw": "時計回り" if ja else "clockwise", "ccw": "反時計回り" if ja else "counter-clockwise"}
    active = _who(view["active"], locale)
    return [head + (f" — 第{view['turn']}手番 {active}の番（{direction[view['direction']]}）" if ja
                    else f" — turn {view['turn']}, {active} to act ({direction[view['direction']]})")]


def board(view: dict[str, Any], locale: str) -> str:
    ja = lang.ja(locale)
    lines = _head(view, locale)
    d = view.get("decision")
    if d:
        what = DECISIONS.get(d["kind"], (d["kind"], d["kind"]))[1 if ja else 0]
        who = ("、" if ja else ", ").join(_who(x, locale) for x in d["seats"])
        lines.append(f"{who}を待っています（{what}）" if ja else f"Waiting for {who} {what}")
    for p in view["players"]:
        hand = p["hand"]["hidden"] if isinstance(p["hand"], dict) else len(p["hand"])
        turn = "*" if p["seat"] == view["active"] and view["phase"] == "play" else " "
        who = picture.seat_mark(p["seat"]) + _who(p["seat"], locale)
        if ja:
            stats = [f"勝利点{p['glory']}", f"残り収益{p['revenue']}", f"手札{hand}", f"山札{p['deck']['hidden']}"]
        else:
            stats = [f"glory {p['glory']}", f"revenue left {p['revenue']}", f"hand {hand}", f"deck {p['deck']['hidden']}"]
        if p["time_passes"]:
            stats.append("終" if ja else "TP")
        if p["eliminated"]:
            stats.append("脱落" if ja else "out")
        if p["ruins"]:
            stats.append(mark("pw_ruin", "遺跡" if ja else "ruins") + " " + _names(p["ruins"], locale))
        if p["treasures"]:
            stats.append(mark("pw_treasure", "財宝" if ja else "treasure") + " " + _names(p["treasures"], locale))
        lines.append(f"{turn}{who}：{'、'.join(stats)}" if ja else f"{turn}{who}: {', '.join(stats)}")
        lines += [f"  {mark('pw_castle', '城砦' if ja else 'castle')} {_castle(c, locale)}" for c in p["castles"]]
        lines += [f"  {mark('pw_stack', 'スタック' if ja else 'stack')} {_stack(st, locale)}" for st in p["stacks"]]
    lines.append(LEGEND[1 if ja else 0])
    return "\n".join(lines)


def _hand_line(c: dict[str, Any], locale: str) -> str:
    text = c.get("text")
    about = text["ja" if lang.ja(locale) else "en"] if text else TYPES[c["type"]](locale)
    return f" {c['id']} {_name(c, locale)}{'：' if lang.ja(locale) else ': '}{about}"


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = lang.ja(locale)
    p = view["players"][seat]
    hand = p["hand"]
    if isinstance(hand, dict):
        return "手札は見えません。" if ja else "Your hand is hidden from this view."
    who = _who(seat, locale)
    lines = [f"{who}：残り収益{p['revenue']}、勝利点{p['glory']}" if ja else
             f"{who}: revenue left {p['revenue']}, glory {p['glory']}",
             (f"手札（{len(hand)}枚）：" if ja else f"Hand ({len(hand)}):") if hand else ("手札：なし" if ja else "Hand: empty")]
    order = sorted(hand, key=lambda c: (TYPE_ORDER.index(c["type"]) if c["type"] in TYPE_ORDER else 99,
                                        c["name"], c["range"], int(c["id"][1:]) if c["id"][1:].isdigit() else 0))
    lines += [_hand_line(c, locale) for c in order]
    if p["stacks"]:
        lines.append("自分のスタック：" if ja else "Your stacks:")
        lines += [f" {_stack(st, locale)}" for st in p["stacks"]]
    if p["castles"]:
        lines.append("自分の城砦：" if ja else "Your castles:")
        lines += [f" {_castle(c, locale)}" for c in p["castles"]]
    return "\n".join(lines)


# -- the picture ------------------------------------------------------------------------------------
# Drawn from the public view alone (hands and decks are counts): the road (the
# seats in the order of play, its direction, whose turn), then each seat in its
# colour with its castles (revenue, defence, garrison) and stacks (hero, strength,
# armies, what they are doing), ruins and treasure.

WIDTH = 960
TILE_W, TILE_H = 176, 62
LEFT = 214


def _player_name(names: Sequence[str] | None, seat: int, locale: str, for_png: bool) -> str:
    return picture.player(names, seat, locale, for_png=for_png)


def _road(view: dict[str, Any], names: Sequence[str] | None, locale: str, for_png: bool, y: float) -> list[str]:
    """The seats in the order of play, from the first player, arrows in the direction of play."""
    n = len(view["players"])
    step = 1 if view.get("direction", "cw") == "cw" else -1
    order = [(view["first"] + step * i) % n for i in range(n)]
    room = (WIDTH - 20) / max(n, 1)
    out = [draw.rect(6, y, WIDTH - 12, 40, fill="#efe9da", rx=20)]
    for i, seat in enumerate(order):
        p = view["players"][seat]
        x = 12 + i * room
        colour = picture.seat_colour(seat)
        active = seat == view["active"] and view["phase"] == "play"
        out.append(draw.rect(x, y + 6, room - 30, 28, fill=colour if not p["eliminated"] else "#dddddd", rx=14,
                             stroke=picture.INK if active else colour, stroke_width=3 if active else 2))
        label = ("▶ " if active else "") + _player_name(names, seat, locale, for_png)
        out.append(draw.text(x + (room - 30) / 2, y + 25, draw.fit(label, 12, room - 40, over_last=True),
                             fill=picture.ink_on(colour) if not p["eliminated"] else picture.MUTED, font_size=12,
                             font_weight="bold", text_anchor="middle"))
        # the last arrow turns back: play goes round the table
        out.append(draw.text(x + room - 15, y + 26, "→" if i < n - 1 else "↩", fill=picture.MUTED, font_size=16,
                             text_anchor="middle"))
    return out


def _castle_tile(view: dict[str, Any], c: dict[str, Any], x: float, y: float, locale: str) -> str:
    ja = lang.ja(locale)
    bits = [f"収益{c.get('income', c['revenue'])}" if ja else f"revenue {c.get('income', c['revenue'])}",
            f"守{c['combat']}" if ja else f"def {c['combat']}"]
    second = [f"兵{len(c['garrison'])}" if ja else f"garrison {len(c['garrison'])}"]
    if c["improvements"]:
        second.append(f"改{len(c['improvements'])}" if ja else f"+{len(c['improvements'])}")
    if c["port"]:
        second.append("港" if ja else "port")
    if c["calamities"]:
        second.append(f"災害{len(c['calamities'])}" if ja else f"calamity {len(c['calamities'])}")
    out = [draw.rect(x, y, TILE_W, TILE_H, fill="#f4efe4", stroke="#6b5b3e", rx=3),
           # battlements: the tile reads as a castle
           *(draw.rect(x + 6 + k * 14, y - 5, 8, 6, fill="#6b5b3e") for k in range(3)),
           draw.text(x + 6, y + 16, draw.fit(_name(c["castle"], locale), 12, TILE_W - 12, over_last=True),
                     fill=picture.INK, font_size=12, font_weight="bold"),
           draw.text(x + 6, y + 34, ("・" if ja else " · ").join(bits), fill=picture.INK, font_size=11),
           draw.text(x + 6, y + 51, draw.fit(("・" if ja else " · ").join(second), 11, TILE_W - 12, over_last=True),
                     fill=picture.MUTED, font_size=11)]
    if c["besieged_by"] is not None:
        by = c["besieged_by"]
        seat = by if isinstance(by, int) else None
        out.append(draw.rect(x + TILE_W - 52, y + 40, 48, 16, fill=picture.seat_colour(seat) if seat is not None
                             else "#b00020", rx=3))
        out.append(draw.text(x + TILE_W - 28, y + 52, "包囲" if ja else "siege", fill="#ffffff", font_size=10,
                             text_anchor="middle"))
    return "".join(out)


def _stack_tile(view: dict[str, Any], st: dict[str, Any], colour: str, x: float, y: float, names: Sequence[str] | None,
                locale: str, for_png: bool) -> str:
    ja = lang.ja(locale)
    units = sum(1 for m in st["members"] if m["type"] in ("army", "ally"))
    state = STATES.get(st["state"], (st["state"], st["state"]))[1 if ja else 0]
    if st["target"] is not None:
        state += "→" + _player_name(names, st["target"], locale, for_png)
    extra = [f"兵{units}" if ja else f"{units} units"]
    if st["flying"]:
        extra.append("飛" if ja else "flying")
    for key, (en, jp) in (("fleet", ("fleet", "艦隊")), ("terrain", ("terrain", "地形")), ("weather", ("weather", "天候"))):
        if st[key]:
            extra.append(jp if ja else en)
    if st["calamities"]:
        extra.append(f"災害{len(st['calamities'])}" if ja else f"calamity {len(st['calamities'])}")
    # a pennant: the tile reads as a stack on the march, in its owner's colour
    pennant = f"{x},{y} {x + 40},{y} {x + 40},{y + TILE_H} {x + 20},{y + TILE_H - 10} {x},{y + TILE_H}"
    return "".join([
        draw.rect(x, y, TILE_W, TILE_H, fill="#ffffff", stroke=colour, stroke_width=2, rx=3),
        draw.el("polygon", points=pennant, fill=colour),
        draw.text(x + 20, y + 34, str(st["combat"]), fill=picture.ink_on(colour), font_size=18, font_weight="bold",
                  text_anchor="middle"),
        draw.text(x + 46, y + 16, draw.fit(_name(st["hero"], locale), 12, TILE_W - 52, over_last=True),
                  fill=picture.INK, font_size=12, font_weight="bold"),
        draw.text(x + 46, y + 34, draw.fit(state, 11, TILE_W - 52, over_last=True), fill=picture.INK, font_size=11),
        draw.text(x + 46, y + 51, draw.fit(("・" if ja else " · ").join(extra), 11, TILE_W - 52, over_last=True),
                  fill=picture.MUTED, font_size=11),
    ])


def _player_svg(view: dict[str, Any], p: dict[str, Any], y: float, names: Sequence[str] | None, locale: str,
                for_png: bool) -> tuple[str, float]:
    ja = lang.ja(locale)
    seat = p["seat"]
    colour = picture.seat_colour(seat)
    per_line = (WIDTH - LEFT - 6) // (TILE_W + 8)
    tiles = [("castle", c) for c in p["castles"]] + [("stack", st) for st in p["stacks"]]
    body = []
    for i, (kind, item) in enumerate(tiles):
        row, col = divmod(i, per_line)
        tx, ty = LEFT + col * (TILE_W + 8), y + 12 + row * (TILE_H + 12)
        body.append(_castle_tile(view, item, tx, ty, locale) if kind == "castle"
                    else _stack_tile(view, item, colour, tx, ty, names, locale, for_png))
    if not tiles:
        body.append(draw.text(LEFT, y + 30, "城砦もスタックもない" if ja else "no castles, no stacks",
                              fill=picture.MUTED, font_size=12))
    hand = p["hand"]["hidden"] if isinstance(p["hand"], dict) else len(p["hand"])
    lines = [f"勝利点 {p['glory']}" if ja else f"glory {p['glory']}",
             f"残り収益{p['revenue']}" if ja else f"revenue left {p['revenue']}",
             f"手札{hand}・山札{p['deck']['hidden']}" if ja else f"hand {hand} · deck {p['deck']['hidden']}"]
    flags = [("ゲーム終了カード" if ja else "Time Passes drawn")] if p["time_passes"] else []
    if p["eliminated"]:
        flags.append("脱落" if ja else "out")
    if flags:
        lines.append(("・" if ja else " · ").join(flags))
    for label, cards in (("遺跡" if ja else "ruins", p["ruins"]), ("財宝" if ja else "treasure", p["treasures"])):
        if cards:
            lines.append(f"{label} " + ("、" if ja else ", ").join(_name(c, locale) for c in cards))
    rows = max(1, -(-len(tiles) // per_line))
    h = max(rows * (TILE_H + 12) + 14, 34 + 16 * len(lines))
    to_act = seat == view["active"] and view["phase"] == "play"
    head = [draw.rect(4, y, WIDTH - 8, h, fill="#ffffff" if not p["eliminated"] else "#eeeeee", stroke=colour,
                      stroke_width=3 if to_act else 1, rx=8),
            draw.rect(4, y, 10, h, fill=colour, rx=4),
            draw.text(22, y + 20, ("▶ " if to_act else "") + draw.fit(_player_name(names, seat, locale, for_png), 13,
                                                                       LEFT - 30, over_last=True),
                      fill=picture.INK, font_size=13, font_weight="bold")]
    head += [draw.text(22, y + 38 + 16 * i, draw.fit(line, 11, LEFT - 30, over_last=True),
                       fill=picture.INK if i == 0 else picture.MUTED, font_size=11) for i, line in enumerate(lines)]
    return "".join(head + body), h


def _header(view: dict[str, Any], names: Sequence[str] | None, locale: str, for_png: bool) -> list[str]:
    """The board's first line (and what is awaited), with players' names."""
    ja = lang.ja(locale)

    def who(seat: int) -> str:
        return _player_name(names, seat, locale, for_png)
    lines = [re.sub(r"⟦(\d+)⟧", lambda m: who(int(m.group(1))), line) for line in _head(view, locale)]
    d = view.get("decision")
    if d:
        what = DECISIONS.get(d["kind"], (d["kind"], d["kind"]))[1 if ja else 0]
        waiting = ("、" if ja else ", ").join(who(x) for x in d["seats"])
        lines.append(f"{waiting}を待っています（{what}）" if ja else f"Waiting for {waiting} {what}")
    return lines


def _svg(view: dict[str, Any], names: Sequence[str] | None, locale: str, *, for_png: bool) -> str:
    locale = picture.picture_locale(locale, for_png=for_png)
    head = _header(view, names, locale, for_png)
    body = [draw.text(10, 24, draw.fit(head[0], 16, WIDTH - 20, over_last=True), fill=picture.INK, font_size=16,
                      font_weight="bold")]
    body += [draw.text(10, 44 + 16 * i, draw.fit(line, 12, WIDTH - 20, over_last=True), fill=picture.MUTED,
                       font_size=12) for i, line in enumerate(head[1:])]
    y = 34.0 + 16 * len(head)
    body += _road(view, names, locale, for_png, y)
    y += 50
    for p in view["players"]:
        drawn, h = _player_svg(view, p, y, names, locale, for_png)
        body.append(drawn)
        y += h + 6
    return draw.document(WIDTH, int(y + 4), body, title=describe(view, names, locale), background=picture.PAPER)


def svg(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The table as SVG text (for the browser: names and Japanese drawn as they are)."""
    return _svg(view, names, locale, for_png=False)


def image(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> bytes:
    """The table as a PNG for Discord (text the rasteriser's fonts cannot draw falls back to English and seat labels)."""
    return draw.png(_svg(view, names, locale, for_png=True))


def describe(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The picture in words (alt text, at most 1,024 characters): the turn and the road,
    then each seat's glory, castles and stacks."""
    ja = lang.ja(locale)
    stop = "。" if ja else "."
    parts = [line + stop for line in _header(view, names, locale, False)]
    for p in view["players"]:
        who = _player_name(names, p["seat"], locale, False)
        castles = ("、" if ja else ", ").join(
            f"{_name(c['castle'], locale)}（収益{c.get('income', c['revenue'])}、守{c['combat']}、兵{len(c['garrison'])}）"
            if ja else f"{_name(c['castle'], locale)} (revenue {c.get('income', c['revenue'])}, defence "
                       f"{c['combat']}, garrison {len(c['garrison'])})" for c in p["castles"])
        stacks = ("、" if ja else ", ").join(
            f"{_name(st['hero'], locale)}（戦力{st['combat']}）" if ja
            else f"{_name(st['hero'], locale)} (strength {st['combat']})" for st in p["stacks"])
        bits = [f"勝利点{p['glory']}" if ja else f"glory {p['glory']}"]
        if p["eliminated"]:
            bits.append("脱落" if ja else "out")
        if castles:
            bits.append(("城砦 " if ja else "castles ") + castles)
        if stacks:
            bits.append(("スタック " if ja else "stacks ") + stacks)
        if p["ruins"]:
            bits.append(("遺跡 " if ja else "ruins ") + _names(p["ruins"], locale))
        parts.append(f"{who}：" + "、".join(bits) + "。" if ja else f"{who}: " + "; ".join(bits) + ".")
    return picture.alt(parts, locale)


def emoji() -> dict[str, str]:
    """The pieces the text board shows inline, as drawings for emoji, by the emoji's name."""
    def icon(*body: str) -> str:
        return draw.document(128, 128, body, background="none")
    return {
        "pw_castle": icon(draw.rect(14, 44, 100, 74, fill="#8a7650", stroke="#4a3d22", stroke_width=4),
                          *(draw.rect(14 + k * 30, 18, 20, 28, fill="#8a7650", stroke="#4a3d22", stroke_width=4)
                            for k in range(4)),
                          draw.rect(50, 78, 28, 40, fill="#4a3d22", rx=12)),
        "pw_stack": icon(draw.rect(24, 8, 8, 116, fill="#4a3d22"),
                         draw.el("polygon", points="32,12 112,12 92,40 112,68 32,68", fill="#c0392b",
                                 stroke="#4a3d22", stroke_width=4)),
        "pw_ruin": icon(draw.rect(14, 100, 100, 18, fill="#9a948a"), draw.rect(22, 40, 18, 60, fill="#b9b2a6"),
                        draw.rect(56, 62, 18, 38, fill="#b9b2a6"), draw.rect(88, 24, 18, 76, fill="#b9b2a6")),
        "pw_treasure": icon(draw.rect(14, 52, 100, 62, fill="#a0522d", stroke="#5a2e0f", stroke_width=4, rx=6),
                            draw.rect(14, 30, 100, 28, fill="#b8632f", stroke="#5a2e0f", stroke_width=4, rx=12),
                            draw.rect(54, 50, 20, 22, fill="#f1c40f", stroke="#5a2e0f", stroke_width=3)),
    }
