"""Rendering of Naru views: a monospace board, a seat's private panel, and a
PNG of the 3 x 4 grid. Works only from the view dict (never the state)."""

from __future__ import annotations

import functools
import io
from typing import Any

ATTR = {"politics": ("Pol", "政"), "force": ("For", "武"), "commerce": ("Com", "農")}
PHASES = {
    "mulligan": ("mulligans", "マリガン"), "keep": ("keep placement", "天守閣の配置"),
    "swap": ("turn-1 land swap", "1ターン目の土地入れ替え"), "summon": ("summon phase", "召喚フェイズ"),
    "action": ("action phase", "行動フェイズ"), "discard": ("discarding to 7", "手札調整"), "over": ("game over", "終了"),
}


def _ja(locale: str) -> bool:
    return locale.lower().startswith("ja")


def _name(card: dict[str, Any] | None, locale: str) -> str:
    if not card:
        return "?"
    return str(card["ja"] if _ja(locale) else card["en"])


def _cell(square: dict[str, Any]) -> str:
    land = square["land"]
    unit = square["unit"]
    if land is None:
        code = " ·"
    else:
        code = ("K" if land.get("keep") else "L") + str(land["owner"] + 1) + ("*" if land.get("faith") else "")
    if unit is not None:
        code += f"[{unit['owner'] + 1}{'?' if unit['facedown'] else ''}]"
    return code.ljust(9)


def _unit_line(square: dict[str, Any], locale: str) -> str:
    unit = square["unit"]
    ja = _ja(locale)
    seat = unit["owner"] + 1
    if "cards" not in unit:
        body = "裏向きの平民" if ja else "face-down commoner"
    else:
        attr = ATTR.get(unit.get("attribute") or "", ("", ""))[1 if ja else 0]
        name = unit["name"]["ja" if ja else "en"]
        stack = len(unit["cards"]) > 1
        body = f"{name} [{attr}] {unit['attack']}/{unit['defense']}"
        if unit.get("faith"):
            body += " ⛩"
        if stack:
            body += " (成)" if ja else " (promoted)"
        if unit.get("equipment"):
            body += f" +{_name(unit['equipment'], locale)}"
        if unit["facedown"]:
            body += " (裏)" if ja else " (face down)"
    flags = []
    if unit["sick"]:
        flags.append("配置直後" if ja else "new")
    if unit["moved"]:
        flags.append("移動済" if ja else "moved")
    tail = f" ({', '.join(flags)})" if flags else ""
    return f" {square['at']} {seat}: {body}{tail}"


def board(view: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))[1 if ja else 0]
    title = "武将隊戦棋 成る!" if ja else "Naru!"
    if view["active"] is None:  # mulligans: the turn order is not chosen yet
        lines = [f"{title} — {phase}"]
    else:
        active = view["active"] + 1
        lines = [f"{title} — " + (f"ターン{view['turn']} {active}番席 {phase}" if ja else
                                  f"turn {view['turn']}, seat {active}: {phase}")]
    for p in view["players"]:
        if p["first"] is None:
            first, rows = ("先後未定", "?") if ja else ("order not chosen yet", "?")
        else:
            rows = "-".join(str(r) for r in p["territory_rows"])
            first = ("先攻" if ja else "first") if p["first"] else ("後攻" if ja else "second")
        if ja:
            lines.append(f"{p['seat'] + 1}番席（{first}・{rows}行）ライフ{p['life']} リソース{p['resources']} "
                         f"手札{p['hand_count']} デッキ{p['deck']['hidden']} 牢屋{len(p['jail'])} 除外{len(p['exile'])}")
        else:
            lines.append(f"Seat {p['seat'] + 1} ({first}, rows {rows}): life {p['life']}, res {p['resources']}, "
                         f"hand {p['hand_count']}, deck {p['deck']['hidden']}, jail {len(p['jail'])}, "
                         f"exile {len(p['exile'])}")
    squares = view["board"]
    lines.append(("    " + "".join(c.ljust(9) for c in "ABC")).rstrip())
    for row in range(3, -1, -1):
        lines.append(f" {row + 1}  " + "".join(_cell(squares[row * 3 + col]) for col in range(3)).rstrip())
    lines.append("K=天守閣 L=土地 *=信仰 [n]=n番席のユニット ?=裏向き" if ja else
                 "K=keep L=land *=faith [n]=seat n's unit ?=face down")
    units = [sq for sq in squares if sq["unit"] is not None]
    if units:
        lines.append("ユニット:" if ja else "Units:")
        lines += [_unit_line(sq, locale) for sq in units]
    battle = view.get("battle")
    if battle:
        wait = {"attacker": ("attacker", "攻撃側"), "defender": ("defender", "防御側")}[battle["stage"]][1 if ja else 0]
        lines.append((f"戦闘 {battle['from']}→{battle['to']}：こうげき{battle['attack']} 対 ぼうぎょ{battle['defense']}"
                      f"（{wait}の戦闘どうぐ待ち）") if ja else
                     (f"Battle {battle['from']}→{battle['to']}: attack {battle['attack']} vs defense "
                      f"{battle['defense']} (waiting for the {wait}'s battle tool)"))
    if view.get("promotion"):
        lines.append(f"{view['promotion']}の平民は成れる!" if ja else f"The commoner on {view['promotion']} may promote!")
    if view["phase"] == "over" and view.get("winner") is not None:
        reason = view["reason"]["ja" if ja else "en"]
        lines.append(f"{view['winner'] + 1}番席の勝利：{reason}" if ja else f"Seat {view['winner'] + 1} wins: {reason}")
    return "\n".join(lines)


def _card_line(card: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    kind = {"keep": "天守閣", "land": "土地", "commoner": "平民", "general": "武将", "equipment": "装備",
            "battle_tool": "戦闘どうぐ", "tool": "どうぐ", "ritual": "儀式"}[card["kind"]] if ja else card["kind"]
    bits = [kind]
    if "cost" in card:
        bits.append(f"{'コスト' if ja else 'cost '}{card['cost']}")
    if card.get("attribute"):
        bits.append(ATTR[card["attribute"]][1 if ja else 0])
    if card["kind"] in ("commoner", "general", "equipment"):
        bits.append(f"{card['attack']}/{card['defense']}")
    if card.get("faith"):
        bits.append("⛩")
    text = f" — {card['text']['ja' if ja else 'en']}" if card.get("text") and card["kind"] not in ("keep",) else ""
    return f" {card['id']} {_name(card, locale)} ({', '.join(bits)}){text}"


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = _ja(locale)
    me = view["players"][seat]
    hand = me["hand"]
    lines = [f"{seat + 1}番席 ライフ{me['life']} リソース{me['resources']}" if ja else
             f"Seat {seat + 1}: life {me['life']}, resources {me['resources']}"]
    if me.get("keep"):
        keep = me["keep"]
        choice = me.get("keep_choice")
        at = me.get("keep_at") or (choice["ja" if ja else "en"] if choice else ("未配置" if ja else "(not placed)"))
        lines.append(f"天守閣 {at}: {_name(keep, locale)} — {keep['text']['ja']}" if ja else
                     f"Keep {at}: {_name(keep, locale)} — {keep['text']['en']}")
    if isinstance(hand, list):
        lines.append(f"手札（{len(hand)}枚）:" if ja else f"Hand ({len(hand)}):")
        lines += [_card_line(c, locale) for c in hand]
    hidden = [sq for sq in view["board"] if sq["unit"] and sq["unit"]["owner"] == seat and sq["unit"]["facedown"]
              and "cards" in sq["unit"]]
    if hidden:
        lines.append("自分の裏向きの平民:" if ja else "Your face-down commoners:")
        lines += [f" {sq['at']} {_name(sq['unit']['cards'][0], locale)}" for sq in hidden]
    return "\n".join(lines)


SEAT_COLOURS = [(70, 110, 200), (200, 70, 70)]
LAND_COLOURS = [(205, 220, 245), (245, 210, 205)]


# Japanese-capable fonts, by file name (Pillow searches the system font
# directories): Debian's fonts-ipafont-gothic, then fonts-noto-cjk. Without one
# of them the image falls back to English only.
CJK_FONTS = ("ipag.ttf", "fonts-japanese-gothic.ttf", "NotoSansCJK-Regular.ttc", "NotoSansCJKjp-Regular.otf")
LATIN_FONTS = (("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),)


@functools.lru_cache(maxsize=1)
def _fonts() -> tuple[Any, Any, Any, bool]:
    """(text font, small font, big font, Japanese-capable): looked up once."""
    from PIL import ImageFont

    for name in CJK_FONTS:
        try:
            return (ImageFont.truetype(name, 13), ImageFont.truetype(name, 10), ImageFont.truetype(name, 16), True)
        except OSError:
            continue
    for regular, bold in LATIN_FONTS:
        try:
            return (ImageFont.truetype(regular, 13), ImageFont.truetype(regular, 10),
                    ImageFont.truetype(bold, 16), False)
        except OSError:
            continue
    default = ImageFont.load_default()
    return default, default, default, False


def image(view: dict[str, Any], locale: str | None = None) -> bytes:
    """A PNG of the grid, row 4 at the top. Names in Japanese with English
    beneath when a Japanese font is installed (or locale "en" forces English)."""
    from PIL import Image, ImageDraw

    font, small, big, cjk = _fonts()
    ja = cjk and (locale is None or _ja(locale))
    cell, margin, header = 130, 28, 44
    width, height = margin * 2 + cell * 3, header + margin + cell * 4 + 10
    img = Image.new("RGB", (width, height), (250, 248, 240))
    draw = ImageDraw.Draw(img)
    phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))
    if ja:
        title = f"武将隊戦棋 成る!  ターン{view['turn']}（{phase[1]}）"
        lives = "  ".join(f"{p['seat'] + 1}番席: ライフ{p['life']} リソース{p['resources']}" for p in view["players"])
    else:
        title = f"Naru! turn {view['turn']}  ({phase[0]})"
        lives = "  ".join(f"S{p['seat'] + 1}: life {p['life']} res {p['resources']}" for p in view["players"])
    draw.text((margin, 6), title, fill=(0, 0, 0), font=big)
    draw.text((margin, 26), lives, fill=(40, 40, 40), font=font)
    for sq_index, square in enumerate(view["board"]):
        row, col = divmod(sq_index, 3)
        x0 = margin + col * cell
        y0 = header + (3 - row) * cell
        box = (x0, y0, x0 + cell - 4, y0 + cell - 4)
        land = square["land"]
        if land is None:
            draw.rectangle(box, outline=(190, 190, 190))
        else:
            draw.rectangle(box, fill=LAND_COLOURS[land["owner"]],
                           outline=(190, 150, 20) if land.get("keep") else (120, 120, 120),
                           width=4 if land.get("keep") else 1)
            english = ("KEEP " if land.get("keep") else "") + str(land["en"]).split(": ")[-1]
            if ja:
                label = ("天守 " if land.get("keep") else "") + str(land["ja"]).split("・")[-1]
                draw.text((x0 + 5, y0 + 4), label[:9], fill=(30, 30, 30), font=font)
                draw.text((x0 + 5, y0 + 20), english[:22], fill=(80, 80, 80), font=small)
            else:
                draw.text((x0 + 5, y0 + 4), english[:18], fill=(30, 30, 30), font=font)
            if land.get("faith"):
                draw.text((x0 + cell - 20, y0 + 4), "信" if ja else "*", fill=(150, 0, 150), font=big)
        draw.text((x0 + 5, y0 + cell - 20), square["at"], fill=(110, 110, 110), font=font)
        unit = square["unit"]
        if unit is not None:
            cx, cy, r = x0 + cell // 2 - 2, y0 + cell // 2 + 2, 26
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SEAT_COLOURS[unit["owner"]], outline=(0, 0, 0))
            if "cards" in unit:
                text = f"{unit['attack']}/{unit['defense']}"
                draw.text((cx - 14, cy - 8), text, fill=(255, 255, 255), font=big)
                name = str(unit["name"]["ja"])[:9] if ja else str(unit["name"]["en"])[:16]
                draw.text((x0 + 5, y0 + cell - 38), name, fill=(0, 0, 0), font=font)
            else:
                draw.text((cx - 5, cy - 9), "?", fill=(255, 255, 255), font=big)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()
