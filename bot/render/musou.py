"""Text and image rendering of Musou views (engine/musou/view.py)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw, ImageFont

ROLE = {"A": ("ATK", "戦攻"), "S": ("SUP", "補給"), "P": ("SPT", "支援"), "C": ("CMD", "指揮")}
ELEMENT = {"wood": ("Wood", "木"), "fire": ("Fire", "火"), "earth": ("Earth", "土"), "metal": ("Metal", "金"),
           "water": ("Water", "水")}
STAGE = {
    "commander": ("choosing commanders", "指揮官選択"), "first": ("choosing who goes first", "先攻選択"),
    "mulligan": ("mulligans", "マリガン"), "main1": ("main phase 1", "メインフェイズ1"),
    "battle": ("battle phase", "戦功フェイズ"), "respond": ("response to an attack", "攻撃への対応"),
    "main2": ("main phase 2", "メインフェイズ2"), "side": ("side-deck swaps", "サイドデッキ交換"),
    "over": ("match over", "マッチ終了"),
}


def _ja(locale: str) -> bool:
    return locale.lower().startswith("ja")


def _pick(pair: tuple[str, str], locale: str) -> str:
    return pair[1] if _ja(locale) else pair[0]


def _name(card: dict[str, Any], locale: str) -> str:
    return str(card["name"]["ja"] if _ja(locale) else card["name"]["en"])


def _count(pile: Any) -> int:
    return int(pile["hidden"]) if isinstance(pile, dict) else len(pile)


def _layout(player: dict[str, Any]) -> str:
    commander = player.get("commander") or {}
    return str(commander.get("layout", "???/?C?/???")).replace("/", "")


def _cell(entry: dict[str, Any] | None, locale: str) -> str:
    ja = _ja(locale)
    if entry is None:
        return "-"
    if entry.get("commander"):
        return "指揮官" if ja else "CMDR"
    if entry.get("face_down") and "card" not in entry:
        return "伏せ札" if ja else "face-down"
    card = entry["card"]
    text = _name(card, locale)
    if entry.get("face_down"):
        text = ("伏:" if ja else "fd:") + text
    if "power" in entry:
        text += f" {'武' if ja else 'P'}{entry['power']}/{'攻' if ja else 'S'}{entry['strike']}"
    flags = []
    if entry.get("exhausted"):
        flags.append("横" if ja else "exh")
    if entry.get("damage"):
        flags.append(f"{'傷' if ja else 'dmg'}{entry['damage']}")
    if entry.get("sick") and card.get("type") == "general" and not entry.get("face_down"):
        flags.append("新" if ja else "new")
    return text + (f" ({','.join(flags)})" if flags else "")


def _player(view: dict[str, Any], seat: int, locale: str) -> list[str]:
    ja = _ja(locale)
    p = view["players"][seat]
    commander = p.get("commander")
    if commander is None:
        cname = "—"
    elif "hidden" in commander:
        cname = "（選択済み・非公開）" if ja else "(chosen, hidden)"
    else:
        cname = _name(commander, locale)
    musou = ("無双済" if p["musou_used"] else "無双可") if ja else ("musou used" if p["musou_used"] else "musou ready")
    head = (f"{seat + 1}番席 {cname} 兵数{p['troops']} 手札{_count(p['hand'])} 山札{_count(p['deck'])} "
            f"兵糧{_count(p['provisions'])} 捨札{len(p['discard'])} {musou}" if ja else
            f"Seat {seat + 1} {cname} troops {p['troops']} hand {_count(p['hand'])} deck {_count(p['deck'])} "
            f"prov {_count(p['provisions'])} discard {len(p['discard'])} {musou}")
    lines = [head]
    roles = _layout(p)
    for row in range(3):
        cells = []
        for col in range(3):
            sq = row * 3 + col
            role = ROLE.get(roles[sq], ("?", "?"))
            cells.append(f"{sq + 1}{_pick(role, locale)}:{_cell(p['field'][sq], locale)}")
        lines.append("  " + " | ".join(cells))
    return lines


def _field_name(view: dict[str, Any], cid: str, locale: str) -> str:
    """The name of a face-up card on either field (attackers and their targets are)."""
    for p in view["players"]:
        for entry in p.get("field", []):
            if entry and "card" in entry and entry["card"]["id"] == cid:
                return _name(entry["card"], locale)
    return cid


def board(view: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    stage = _pick(STAGE.get(view["stage"], (view["stage"], view["stage"])), locale)
    wins = view["wins"]
    head = (f"真・三國無双4 TCG（サンプルカード）第{view['game_no']}ゲーム 勝敗{wins[0]}-{wins[1]} "
            f"第{view['game_turn']}ターン {view['active'] + 1}番席の手番・{stage}" if ja else
            f"Musou TCG (sample cards) game {view['game_no']}, games {wins[0]}-{wins[1]}, "
            f"turn {view['game_turn']}: seat {view['active'] + 1}, {stage}")
    lines = [head]
    if view["stage"] in ("main1", "main2"):
        lines.append(f"優先権：{view['priority'] + 1}番席" if ja else f"Priority: seat {view['priority'] + 1}")
    at = view.get("attack")
    if at:
        target = ("プレイヤー" if ja else "the player") if at["target"] == "player" else _field_name(view, at["target"], locale)
        attacker = _field_name(view, at["attacker"], locale)
        lines.append(f"攻撃宣言：{attacker}（{at['from']}番マス）→ {target}" if ja
                     else f"Attack: {attacker} (square {at['from']}) -> {target}")
    for seat in (1, 0):
        lines += _player(view, seat, locale)
    text = "\n".join(lines)
    return text if len(text) <= 1900 else text[:1899] + "…"


def _tally(keys: list[str], names: dict[str, dict[str, str]] | None = None, ja: bool = False) -> str:
    """`2 Guan Yu (guan_yu)`: the name to read, the key to type in a swap."""
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    names = names or {}

    def label(key: str) -> str:
        name = names.get(key)
        return f"{name['ja' if ja else 'en']} ({key})" if name else key
    return ", ".join(f"{n} {label(key)}" for key, n in sorted(counts.items()))


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = _ja(locale)
    p = view["players"][seat]
    lines = [f"{seat + 1}番席の非公開情報" if ja else f"Seat {seat + 1}, private"]
    hand = p.get("hand")
    if isinstance(hand, list):
        lines.append("手札：" if ja else "Hand:")
        for card in hand:
            stats = f" 武{card['power']}/攻{card['strike']}" if ja and "power" in card else (
                f" P{card['power']}/S{card['strike']}" if "power" in card else "")
            el = _pick(ELEMENT[card["element"]], locale)
            lines.append(f"  {card['id']}: {_name(card, locale)} [{card['type']} {el} "
                         f"{'コスト' if ja else 'cost'}{card['cost']}{stats}]")
    if "deck_list" in p:
        lines.append(("デッキ：" if ja else "Deck: ") + _tally(p["deck_list"], p.get("names"), ja))
        lines.append(("サイド：" if ja else "Side: ") + _tally(p["side_list"], p.get("names"), ja))
    unused = p.get("commanders_unused")
    if isinstance(unused, list) and unused:
        lines.append(("未使用の指揮官：" if ja else "Unused commanders: ")
                     + ", ".join(f"{c['id']} {_name(c, locale)} ({c['layout']})" for c in unused))
    downs = [(i + 1, e) for i, e in enumerate(p.get("field", [])) if e and e.get("face_down") and "card" in e]
    for sq, e in downs:
        lines.append((f"{sq}番マスの伏せ札：" if ja else f"Face-down on {sq}: ") + _name(e["card"], locale))
    text = "\n".join(lines)
    return text if len(text) <= 1900 else text[:1899] + "…"


COLOURS = {"A": (214, 120, 100), "S": (120, 180, 120), "P": (120, 150, 210), "C": (200, 180, 90), "?": (160, 160, 160)}
CELL = 150

# Fonts with Japanese glyphs, tried in order (Debian/Ubuntu packages
# fonts-ipafont-gothic, fonts-noto-cjk, fonts-takao-gothic, fonts-vlgothic). Without
# one the image falls back to English names in a Latin font.
CJK_FONTS = (
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf",
    "/usr/share/fonts/truetype/takao-gothic/TakaoPGothic.ttf",
    "/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf",
)
LATIN_FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVuSans.ttf")
_FONTS: dict[tuple[int, bool], tuple[Any, bool]] = {}


def _font(size: int, cjk: bool = True) -> tuple[Any, bool]:
    """(font, has Japanese glyphs); cached, as probing files is slow."""
    key = (size, cjk)
    if key not in _FONTS:
        found: tuple[Any, bool] | None = None
        for path, japanese in [*((p, True) for p in CJK_FONTS if cjk), *((p, False) for p in LATIN_FONTS)]:
            try:
                found = (ImageFont.truetype(path, size), japanese)
                break
            except OSError:
                continue
        _FONTS[key] = found or (ImageFont.load_default(), False)
    return _FONTS[key]


def _ascii(text: str) -> str:
    # Without a Japanese font the image uses the English names only.
    return "".join(ch if ord(ch) < 128 else "?" for ch in text)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> list[str]:
    """Lines fitting `width` pixels: break at spaces, or anywhere in Japanese."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}".strip()
        if draw.textlength(trial, font=font) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = ""
        for ch in word:
            if draw.textlength(current + ch, font=font) > width and current:
                lines.append(current)
                current = ""
            current += ch
    if current:
        lines.append(current)
    return lines


def _cell_lines(entry: dict[str, Any] | None, japanese: bool) -> list[str]:
    """A square's text: the Japanese name above the English when the font allows."""
    if entry is None:
        return []
    if not japanese:
        return [_ascii(_cell(entry, "en"))]
    return [_cell(entry, "ja"), _cell(entry, "en")]


def image(view: dict[str, Any]) -> bytes:
    """Both 3x3 formations side by side (seat 1 left, seat 2 right); Japanese and
    English names when a Japanese font is installed, English otherwise."""
    font, japanese = _font(12)
    big, _ = _font(14)
    width, height = CELL * 6 + 60, CELL * 3 + 70
    img = Image.new("RGB", (width, height), (245, 240, 228))
    draw = ImageDraw.Draw(img)
    for seat in (0, 1):
        p = view["players"][seat]
        x0 = 20 + seat * (CELL * 3 + 20)
        cname = p.get("commander") or {}
        if "hidden" in cname:
            title = "非公開 hidden" if japanese else "hidden"
        elif "name" in cname:
            title = f"{cname['name']['ja']} {cname['name']['en']}" if japanese else cname["name"]["en"]
        else:
            title = "-"
        head = f"{seat + 1}番席 Seat {seat + 1}: {title}" if japanese else f"Seat {seat + 1}: {title}"
        draw.text((x0, 6), head if japanese else _ascii(head), fill=(0, 0, 0), font=big)
        counts = (f"troops {p['troops']}  hand {_count(p['hand'])}  deck {_count(p['deck'])}  "
                  f"provisions {_count(p['provisions'])}")
        draw.text((x0, 26), counts, fill=(0, 0, 0), font=font)
        roles = _layout(p)
        for sq in range(9):
            x, y = x0 + (sq % 3) * CELL, 45 + (sq // 3) * CELL
            role = roles[sq] if roles[sq] in COLOURS else "?"
            draw.rectangle([x, y, x + CELL - 4, y + CELL - 4], fill=COLOURS[role], outline=(60, 60, 60), width=2)
            role_name = ROLE.get(role, ("?", "?"))
            draw.text((x + 6, y + 4), f"{sq + 1} {role_name[0]}" + (f" {role_name[1]}" if japanese else ""),
                      fill=(0, 0, 0), font=font)
            entry = p["field"][sq] if sq < len(p["field"]) else None
            texts = _cell_lines(entry, japanese)
            if entry is not None and entry.get("commander"):
                musou = "musou used" if p["musou_used"] else "musou ready"
                texts = [title, f"troops {p['troops']}", (("無双済 " if p["musou_used"] else "無双可 ") if japanese
                                                          else "") + musou]
            if entry and entry.get("exhausted"):
                draw.line([x, y + CELL - 4, x + CELL - 4, y], fill=(90, 30, 30), width=2)
            lines = [line for text in texts if text for line in _wrap(draw, text, font, CELL - 16)]
            for i, line in enumerate(lines[:7]):
                draw.text((x + 6, y + 22 + i * 16), line, fill=(0, 0, 0), font=font)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()
