"""Rendering of Naru views: a monospace board, a seat's private panel, and a
PNG of the 3 x 4 grid. Works only from the view dict (never the state).

Players are written as seat tokens (engine.core.seats), which the front ends
replace with names; the grid marks owners with 1 and 2, and the lines above
it say who is [1] and who is [2]."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from typing import Any

from engine.core import seat_ref

ATTR = {"politics": ("Pol", "政"), "force": ("For", "武"), "commerce": ("Com", "農")}
ATTR_NAMES = {"politics": ("Politics", "政治"), "force": ("Force", "武力"), "commerce": ("Commerce", "農商")}
KINDS = {"keep": ("keep", "天守閣"), "land": ("land", "土地"), "commoner": ("commoner", "平民"),
         "general": ("general", "武将"), "equipment": ("equipment", "装備どうぐ"),
         "battle_tool": ("battle tool", "戦闘どうぐ"), "tool": ("tool", "どうぐ"), "ritual": ("ritual", "儀式")}
PHASES = {
    "mulligan": ("mulligans", "マリガン"), "keep": ("keep placement", "天守閣の配置"),
    "swap": ("turn-1 land swap", "1ターン目の土地入れ替え"), "summon": ("summon phase", "召喚フェイズ"),
    "action": ("action phase", "行動フェイズ"), "discard": ("discarding to 7", "手札調整"), "over": ("game over", "終了"),
}
LEGEND = (
    "Key: K keep, L land, the digit after it its owner ([1] or [2] above), * faith land, · no land, "
    "[n] a unit of player n, ? face down; units: attack/defense, Pol > For > Com > Pol (the advantage doubles "
    "in battle), ⛩ faith unit",
    "凡例：K＝天守閣、L＝土地、直後の数字＝持ち主（上の[1]・[2]）、*＝信仰の土地、·＝土地なし、"
    "[n]＝プレイヤーnのユニット、?＝裏向き／ユニット：こうげき/ぼうぎょ、政＞武＞農＞政（有利なら戦闘で2倍）、⛩＝神職ユニット",
)


def _ja(locale: str) -> bool:
    return locale.lower().startswith("ja")


def _who(seat: int) -> str:
    return seat_ref(seat).en


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


def _unit_name(unit: dict[str, Any] | None, locale: str) -> str:
    ja = _ja(locale)
    if unit is None or "cards" not in unit:
        return "裏向きの平民" if ja else "face-down commoner"
    return str(unit["name"]["ja" if ja else "en"])


def _unit_line(square: dict[str, Any], locale: str) -> str:
    unit = square["unit"]
    ja = _ja(locale)
    body = _unit_name(unit, locale)
    if "cards" in unit:
        attr = ATTR.get(unit.get("attribute") or "", ("", ""))[1 if ja else 0]
        body += f"［{attr}］" if ja else f" [{attr}]"
        body += f"{unit['attack']}/{unit['defense']}" if ja else f" {unit['attack']}/{unit['defense']}"
        if unit.get("faith"):
            body += " ⛩"
    flags = []
    if "cards" in unit:
        if len(unit["cards"]) > 1:
            flags.append("成り" if ja else "promoted")
        if unit.get("equipment"):
            gear = _name(unit["equipment"], locale)
            if ja:
                flags.append(f"装備：{gear}")
            else:
                body += f" with {gear}"
        if unit["facedown"]:
            flags.append("裏向き" if ja else "face down")
    if unit.get("returns_to"):
        flags.append(f"ターン終了時に{unit['returns_to']}に戻る" if ja else f"returns to {unit['returns_to']} at end of turn")
    if unit["sick"]:
        flags.append("配置直後" if ja else "placed this turn")
    if unit["moved"]:
        flags.append("移動済" if ja else "moved")
    if flags:
        body += f"（{'・'.join(flags)}）" if ja else f" ({', '.join(flags)})"
    who = _who(unit["owner"])
    return f" {square['at']} {who}：{body}" if ja else f" {square['at']} {who}: {body}"


def _player_line(p: dict[str, Any], ja: bool) -> str:
    who = f"[{p['seat'] + 1}] {_who(p['seat'])}"
    if p["first"] is None:
        order = "先後未定" if ja else "order not chosen yet"
    else:
        rows = "-".join(str(r) for r in p["territory_rows"])
        order = (f"{'先攻' if p['first'] else '後攻'}・{rows}行目が領地" if ja else
                 f"{'first' if p['first'] else 'second'}, territory rows {rows}")
    if ja:
        return (f"{who}（{order}）ライフ{p['life']}・リソース{p['resources']}・手札{p['hand_count']}・"
                f"デッキ{p['deck']['hidden']}・牢屋{len(p['jail'])}・除外{len(p['exile'])}")
    return (f"{who} ({order}): life {p['life']}, resources {p['resources']}, hand {p['hand_count']}, "
            f"deck {p['deck']['hidden']}, jail {len(p['jail'])}, exile {len(p['exile'])}")


def _battle_line(view: dict[str, Any], battle: dict[str, Any], ja: bool) -> str:
    squares = {sq["at"]: sq["unit"] for sq in view["board"]}
    locale = "ja" if ja else "en"
    attacker = squares.get(battle["from"])
    defender = squares.get(battle["to"])
    a_seat = battle["attacker"]
    d_seat = 1 - a_seat
    waiting = a_seat if battle["stage"] == "attacker" else d_seat
    a_name, d_name = _unit_name(attacker, locale), _unit_name(defender, locale)
    if ja:
        a_x2 = "（属性有利で2倍）" if battle["attacker_doubled"] else ""
        d_x2 = "（属性有利で2倍）" if battle["defender_doubled"] else ""
        return (f"戦闘（{battle['to']}）：{_who(a_seat)}の{a_name}（{battle['from']}から）こうげき{battle['attack']}{a_x2}"
                f" 対 {_who(d_seat)}の{d_name} ぼうぎょ{battle['defense']}{d_x2}。{_who(waiting)}の戦闘どうぐ待ち。")
    a_x2 = " (doubled by attribute)" if battle["attacker_doubled"] else ""
    d_x2 = " (doubled by attribute)" if battle["defender_doubled"] else ""
    return (f"Battle on {battle['to']}: {_who(a_seat)}'s {a_name} (from {battle['from']}) attack {battle['attack']}{a_x2} "
            f"against {_who(d_seat)}'s {d_name} defense {battle['defense']}{d_x2}; waiting for {_who(waiting)}'s "
            "battle tool.")


def board(view: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))[1 if ja else 0]
    title = "武将隊戦棋 成る!" if ja else "Naru!"
    if view["active"] is None:  # mulligans: the turn order is not chosen yet
        lines = [f"{title} — {phase}"]
    elif view["phase"] == "over":
        lines = [f"{title} — ターン{view['turn']}・{phase}" if ja else f"{title} — turn {view['turn']}, {phase}"]
    else:
        active = _who(view["active"])
        lines = [f"{title} — ターン{view['turn']}・{active}の{phase}" if ja else
                 f"{title} — turn {view['turn']}: {active}'s {phase}"]
    lines += [_player_line(p, ja) for p in view["players"]]
    squares = view["board"]
    lines.append(("    " + "".join(c.ljust(9) for c in "ABC")).rstrip())
    for row in range(3, -1, -1):
        lines.append(f" {row + 1}  " + "".join(_cell(squares[row * 3 + col]) for col in range(3)).rstrip())
    lines.append(LEGEND[1 if ja else 0])
    units = [sq for sq in squares if sq["unit"] is not None]
    if units:
        lines.append("ユニット：" if ja else "Units:")
        lines += [_unit_line(sq, locale) for sq in units]
    battle = view.get("battle")
    if battle:
        lines.append(_battle_line(view, battle, ja))
    if view.get("promotion"):
        at = view["promotion"]
        owner = next(sq["unit"]["owner"] for sq in squares if sq["at"] == at and sq["unit"] is not None)
        lines.append(f"{_who(owner)}の{at}の平民は「成る!」ことができる。" if ja else
                     f"{_who(owner)}'s commoner on {at} may promote (成る!).")
    if view["phase"] == "over" and view.get("winner") is not None:
        reason = view["reason"]["ja" if ja else "en"]
        lines.append(f"{_who(view['winner'])}の勝利：{reason}" if ja else f"{_who(view['winner'])} wins: {reason}")
    return "\n".join(lines)


def _card_line(card: dict[str, Any], locale: str) -> str:
    """One hand card: its id to type, name, type, cost, values and what it needs, then its text."""
    ja = _ja(locale)
    bits = [KINDS[card["kind"]][1 if ja else 0]]
    if "cost" in card:
        bits.append(f"コスト{card['cost']}" if ja else f"cost {card['cost']}")
    else:
        bits.append("コスト不要" if ja else "free")
    if card.get("attribute"):
        bits.append(ATTR_NAMES[card["attribute"]][1 if ja else 0])
    if card["kind"] in ("commoner", "general"):
        bits.append(f"こうげき{card['attack']}／ぼうぎょ{card['defense']}" if ja else
                    f"attack {card['attack']}, defense {card['defense']}")
    elif card["kind"] == "equipment":
        bits.append(f"こうげき{card['attack']:+d}／ぼうぎょ{card['defense']:+d}" if ja else
                    f"attack {card['attack']:+d}, defense {card['defense']:+d}")
    if card.get("faith"):
        unit = card["kind"] in ("commoner", "general")
        bits.append(("神職" if unit else "信仰の土地") if ja else ("faith unit" if unit else "faith land"))
    need = card.get("needs")
    if ja:
        head = "・".join(bits) + (f"・{need['ja']}" if need else "")
        text = f"「{card['text']['ja']}」" if card.get("text") else ""
        return f" {card['id']} {_name(card, locale)}（{head}）{text}"
    head = ", ".join(bits) + (f"; {need['en']}" if need else "")
    text = f" — {card['text']['en']}" if card.get("text") else ""
    return f" {card['id']} {_name(card, locale)} ({head}){text}"


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = _ja(locale)
    me = view["players"][seat]
    hand = me["hand"]
    who = _who(seat)
    lines = [f"{who}：ライフ{me['life']}・リソース{me['resources']}" if ja else
             f"{who}: life {me['life']}, resources {me['resources']}"]
    if me.get("keep"):
        keep = me["keep"]
        choice = me.get("keep_choice")
        at = me.get("keep_at") or (choice["ja" if ja else "en"] if choice else ("未配置" if ja else "not placed yet"))
        need = keep.get("needs")
        used = me.get("keep_used")
        if ja:
            when = f"{need['ja']}に使える{'（このターンは使用済み）' if used else ''}。" if need else ""
            lines.append(f"天守閣（{at}）：{_name(keep, locale)}「{keep['text']['ja']}」{when}")
        else:
            when = f" Usable {need['en']}{'; used this turn' if used else ''}." if need else ""
            lines.append(f"Keep ({at}): {_name(keep, locale)} — {keep['text']['en']}{when}")
    if isinstance(hand, list):
        lines.append(f"手札（{len(hand)}枚）：" if ja else f"Hand ({len(hand)}):")
        lines += [_card_line(c, locale) for c in hand]
    hidden = [sq for sq in view["board"] if sq["unit"] and sq["unit"]["owner"] == seat and sq["unit"]["facedown"]
              and "cards" in sq["unit"]]
    if hidden:
        lines.append("自分の裏向きの平民：" if ja else "Your face-down commoners:")
        for sq in hidden:
            unit = sq["unit"]
            attr = ATTR_NAMES.get(unit.get("attribute") or "", ("", ""))[1 if ja else 0]
            lines.append(f" {sq['at']} {_name(unit['cards'][0], locale)}（{attr}・こうげき{unit['attack']}／"
                         f"ぼうぎょ{unit['defense']}）" if ja else
                         f" {sq['at']} {_name(unit['cards'][0], locale)} ({attr}, attack {unit['attack']}, "
                         f"defense {unit['defense']})")
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


def image(view: dict[str, Any], locale: str | None = None, names: Sequence[str] | None = None) -> bytes:
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
    def who(seat: int, fallback: str) -> str:
        # A player's name where the font can draw it, else the seat.
        name = names[seat] if names and seat < len(names) else ""
        return name if name and (cjk or name.isascii()) else fallback

    if ja:
        title = f"武将隊戦棋 成る!  ターン{view['turn']}（{phase[1]}）"
        lives = "  ".join(f"{who(p['seat'], str(p['seat'] + 1) + '番席')}: ライフ{p['life']} リソース{p['resources']}"
                          for p in view["players"])
    else:
        title = f"Naru! turn {view['turn']}  ({phase[0]})"
        lives = "  ".join(f"{who(p['seat'], 'S' + str(p['seat'] + 1))}: life {p['life']} res {p['resources']}"
                          for p in view["players"])
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
