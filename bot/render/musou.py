"""Text and image rendering of Musou views (engine/musou/view.py). Seats are
written as seat tokens (⟦0⟧) that the front ends turn into players' names."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw, ImageFont

ROLE = {"A": ("ATK", "戦攻"), "S": ("SUP", "補給"), "P": ("SPT", "支援"), "C": ("CMD", "指揮")}
ELEMENT = {"wood": ("Wood", "木"), "fire": ("Fire", "火"), "earth": ("Earth", "土"), "metal": ("Metal", "金"),
           "water": ("Water", "水")}
TYPE = {"general": ("general", "武将"), "item": ("item", "アイテム"), "trap": ("trap", "罠"),
        "stratagem": ("stratagem", "計略")}
STAGE = {
    "commander": ("choosing commanders", "指揮官選択"), "first": ("choosing who goes first", "先攻選択"),
    "mulligan": ("mulligans", "マリガン"), "main1": ("main phase 1", "メインフェイズ1"),
    "battle": ("battle phase", "戦功フェイズ"), "respond": ("battle phase, attack declared", "戦功フェイズ（攻撃宣言中）"),
    "main2": ("main phase 2", "メインフェイズ2"), "side": ("side-deck swaps", "サイドデッキ交換"),
    "over": ("match over", "マッチ終了"),
}
# The board's shorthand, each explained in the legend line when the board uses it.
LEGEND_SQUARES = ("ATK attack square, SUP supply square, SPT support square, CMD commander; P power (武力), "
                  "S strike (戦攻)", "戦攻・補給・支援＝マスの役割、指揮＝指揮官、武＝武力、攻＝戦攻")
LEGEND_FLAGS = {
    "exh": ("exh exhausted", "横＝行動不能"),
    "dmg": ("dmg damage taken this turn", "傷＝このターンに受けたダメージ"),
    "new": ("new placed this turn (cannot attack yet)", "新＝このターンに配置（まだ攻撃できない）"),
    "fd": ("fd face-down card", "伏＝伏せ札"),
}


def _ja(locale: str) -> bool:
    return locale.lower().startswith("ja")


def _pick(pair: tuple[str, str], locale: str) -> str:
    return pair[1] if _ja(locale) else pair[0]


def _name(card: dict[str, Any], locale: str) -> str:
    return str(card["name"]["ja"] if _ja(locale) else card["name"]["en"])


def _seat(seat: int) -> str:
    """The seat token the front ends replace with the player's name."""
    return f"⟦{seat}⟧"


def _count(pile: Any) -> int:
    return int(pile["hidden"]) if isinstance(pile, dict) else len(pile)


def _layout(player: dict[str, Any]) -> str:
    commander = player.get("commander") or {}
    return str(commander.get("layout", "???/?C?/???")).replace("/", "")


def _cell(entry: dict[str, Any] | None, locale: str, commander: str = "") -> str:
    ja = _ja(locale)
    if entry is None:
        return "-"
    if entry.get("commander"):
        return commander or ("指揮官" if ja else "commander")
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
    if not flags:
        return text
    return text + (f"（{'、'.join(flags)}）" if ja else f" ({','.join(flags)})")


def _player(view: dict[str, Any], seat: int, locale: str) -> list[str]:
    ja = _ja(locale)
    p = view["players"][seat]
    commander = p.get("commander")
    if commander is None:
        cname = "（指揮官未選択）" if ja else "(no commander yet)"
    elif "hidden" in commander:
        cname = "（指揮官は選択済み・非公開）" if ja else "(commander chosen, hidden)"
    else:
        cname = _name(commander, locale)
    musou = ("無双使用済" if p["musou_used"] else "無双未使用") if ja else ("musou used" if p["musou_used"] else "musou ready")
    head = (f"{_seat(seat)}：{cname} 兵数{p['troops']} 手札{_count(p['hand'])} デッキ{_count(p['deck'])} "
            f"兵糧{_count(p['provisions'])} 捨て札{len(p['discard'])} {musou}" if ja else
            f"{_seat(seat)}: {cname}, troops {p['troops']}, hand {_count(p['hand'])}, deck {_count(p['deck'])}, "
            f"provisions {_count(p['provisions'])}, discard {len(p['discard'])}, {musou}")
    lines = [head]
    if not any(p["field"]):  # between games: no formation to draw
        return lines
    roles = _layout(p)
    for row in range(3):
        cells = []
        for col in range(3):
            sq = row * 3 + col
            role = ROLE.get(roles[sq], ("?", "?"))
            colon = "：" if ja else ":"
            cells.append(f"{sq + 1}{_pick(role, locale)}{colon}{_cell(p['field'][sq], locale, cname)}")
        lines.append("  " + " | ".join(cells))
    return lines


def _field_entry(view: dict[str, Any], cid: str) -> dict[str, Any] | None:
    """A face-up card on either field (attackers and their targets are)."""
    for p in view["players"]:
        for entry in p.get("field", []):
            if entry and "card" in entry and entry["card"]["id"] == cid:
                found: dict[str, Any] = entry
                return found
    return None


def _attack(view: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    at = view["attack"]
    attacker = _field_entry(view, at["attacker"])
    name = _name(attacker["card"], locale) if attacker else at["attacker"]
    who, foe = _seat(at["seat"]), _seat(1 - at["seat"])
    if at["target"] == "player":
        hit = attacker.get("strike", 0) if attacker else 0
        total = max(0, hit - at.get("ward", 0))
        absorbed = (f"、{min(hit, at['ward'])}を防ぐ" if ja else f", {min(hit, at['ward'])} absorbed") if at.get("ward") else ""
        return (f"攻撃宣言：{who}の{name}（{at['from']}番マス）→ {foe}（戦攻{hit}{absorbed}、兵数{total}減）" if ja else
                f"Attack: {who}'s {name} (square {at['from']}) -> {foe} (strike {hit}{absorbed}, {total} troops)")
    target = _field_entry(view, at["target"])
    tname = _name(target["card"], locale) if target else at["target"]
    mine = attacker.get("power", 0) if attacker else 0
    theirs = target.get("power", 0) if target else 0
    return (f"攻撃宣言：{who}の{name}（{at['from']}番マス・武力{mine}）→ {foe}の{tname}（武力{theirs}）" if ja else
            f"Attack: {who}'s {name} (square {at['from']}, power {mine}) -> {foe}'s {tname} (power {theirs})")


def _waiting(view: dict[str, Any], locale: str) -> str | None:
    ja = _ja(locale)
    stage = view["stage"]
    if stage in ("main1", "main2"):
        return f"優先権：{_seat(view['priority'])}" if ja else f"Priority: {_seat(view['priority'])}"
    if stage == "respond" and view.get("attack"):
        return (f"{_seat(1 - view['attack']['seat'])}の対応待ち" if ja else
                f"Waiting for {_seat(1 - view['attack']['seat'])} to respond")
    if stage in ("commander", "mulligan", "side"):
        seats = [_seat(p["seat"]) for p in view["players"] if p["waiting"]]
        if seats:
            return f"待っている席：{'、'.join(seats)}" if ja else f"Waiting for: {', '.join(seats)}"
    if stage == "first" and view.get("chooser") is not None:
        return f"{_seat(view['chooser'])}が先攻を選ぶ" if ja else f"{_seat(view['chooser'])} chooses who goes first"
    return None


def board(view: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    stage = _pick(STAGE.get(view["stage"], (view["stage"], view["stage"])), locale)
    wins = view["wins"]
    sample = ("（サンプルカード）" if ja else " (sample cards)") if view.get("sample_set", True) else ""
    score = (f"勝ち数 {_seat(0)} {wins[0]}、{_seat(1)} {wins[1]}" if ja else
             f"games won: {_seat(0)} {wins[0]}, {_seat(1)} {wins[1]}")
    if view["stage"] in ("main1", "battle", "respond", "main2"):
        turn = (f"第{view['game_turn']}ターン・{_seat(view['active'])}の{stage}" if ja else
                f"turn {view['game_turn']}, {_seat(view['active'])}'s {stage}")
    else:
        turn = stage
    head = (f"真・三國無双4 TCG{sample} 第{view['game_no']}ゲーム（{score}）{turn}" if ja else
            f"Musou TCG{sample}, game {view['game_no']} ({score}): {turn}")
    lines = [head]
    waiting = _waiting(view, locale)
    if waiting:
        lines.append(waiting)
    if view.get("attack"):
        lines.append(_attack(view, locale))
    for seat in (1, 0):
        lines += _player(view, seat, locale)
    legend = _legend(view, locale)
    if legend:
        lines.append(legend)
    return "\n".join(lines)


def _flags(entry: dict[str, Any] | None) -> set[str]:
    if not entry or "card" not in entry:
        return set()
    used = {"exh"} if entry.get("exhausted") else set()
    if entry.get("damage"):
        used.add("dmg")
    if entry.get("face_down"):
        used.add("fd")
    elif entry.get("sick") and entry["card"].get("type") == "general":
        used.add("new")
    return used


def _legend(view: dict[str, Any], locale: str) -> str:
    """One line explaining every shorthand the board uses (none when no formation is drawn)."""
    if not any(any(p["field"]) for p in view["players"]):
        return ""
    used = set().union(*(_flags(e) for p in view["players"] for e in p["field"]))
    parts = [_pick(LEGEND_SQUARES, locale)] + [_pick(LEGEND_FLAGS[f], locale) for f in LEGEND_FLAGS if f in used]
    if any(e is None for p in view["players"] for e in p["field"]):
        parts.append(_pick(("- empty", "-＝空き"), locale))
    return ("凡例：" + "、".join(parts) + "。") if _ja(locale) else ("Legend: " + "; ".join(parts) + ".")


def _tally(keys: list[str], names: dict[str, dict[str, str]] | None = None, ja: bool = False) -> str:
    """`2 Guan Yu (guan_yu)`: the name to read, the key to type in a swap."""
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    names = names or {}

    def label(key: str) -> str:
        name = names.get(key)
        return f"{name['ja' if ja else 'en']} ({key})" if name else key
    return ("、" if ja else ", ").join(f"{n} {label(key)}" for key, n in sorted(counts.items()))


def _terms(card: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    terms = card.get("terms") or {}
    parts = [(f"{ELEMENT[el][1]}{n}" if ja else f"{ELEMENT[el][0]} x{n}") for el, n in sorted(terms.items())]
    text = ("ターム" + ("、".join(parts) if parts else "なし")) if ja else ("terms " + (", ".join(parts) or "none"))
    if card.get("formation"):
        text += f"、布陣{card['formation']}" if ja else f", formation {card['formation']}"
    return text


def card_line(card: dict[str, Any], locale: str) -> str:
    """` g1s0c4 Guan Yu (general, Wood, cost 4, P5/S2, terms Wood x1) — abilities`:
    what it costs and needs first, then what it does (Naru's hand is the model)."""
    ja = _ja(locale)
    bits = [_pick(TYPE.get(card["type"], (card["type"], card["type"])), locale),
            _pick(ELEMENT[card["element"]], locale), f"{'コスト' if ja else 'cost '}{card['cost']}"]
    if "power" in card:
        bits.append(f"武{card['power']}/攻{card['strike']}" if ja else f"P{card['power']}/S{card['strike']}")
    bits.append(_terms(card, locale))
    text = card.get("text") or {}
    body = text.get("ja" if ja else "en", "")
    return f" {card['id']} {_name(card, locale)}" + (f"（{'・'.join(bits)}）" if ja else f" ({', '.join(bits)})") + (
        f" — {body}" if body else "")


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = _ja(locale)
    p = view["players"][seat]
    lines = [f"{_seat(seat)}の非公開情報" if ja else f"{_seat(seat)}, private"]
    hand = p.get("hand")
    if isinstance(hand, list):
        lines.append(f"手札（{len(hand)}枚、兵糧{_count(p['provisions'])}枚）：" if ja else
                     f"Hand ({len(hand)}; provisions {_count(p['provisions'])}):")
        lines += [card_line(card, locale) for card in hand]
    downs = [(i + 1, e) for i, e in enumerate(p.get("field", [])) if e and e.get("face_down") and "card" in e]
    if downs:
        lines.append("自分の伏せ札：" if ja else "Your face-down cards:")
        lines += [(f" {sq}番マス：" if ja else f" square {sq}: ") + card_line(e["card"], locale).lstrip() for sq, e in downs]
    if isinstance(hand, list) and (hand or downs):
        lines.append("ターム＝補給マスにいる、その属性の臨戦状態の表向きの武将の数。布陣＝自分の場に既にいる表向きの武将の数。"
                     if ja else "Terms: your ready face-up generals of that element on supply squares. "
                     "Formation: your face-up generals already on the field.")
    if "deck_list" in p:
        lines.append(("デッキ：" if ja else "Deck: ") + _tally(p["deck_list"], p.get("names"), ja))
        lines.append(("サイド：" if ja else "Side: ") + _tally(p["side_list"], p.get("names"), ja))
    unused = p.get("commanders_unused")
    if isinstance(unused, list) and unused:
        sep = "、" if ja else ", "
        lines.append(("未使用の指揮官：" if ja else "Unused commanders: ")
                     + sep.join(f"{c['id']} {_name(c, locale)}" + (f"（{c['layout']}）" if ja else f" ({c['layout']})")
                                for c in unused))
    return "\n".join(lines)


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


def image(view: dict[str, Any], names: Sequence[str] | None = None) -> bytes:
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
        name = names[seat] if names and seat < len(names) and names[seat] else ""
        if name and (japanese or name.isascii()):
            head = f"{name}: {title}"
        else:
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
