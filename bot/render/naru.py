"""Rendering of Naru views: a monospace board, a seat's private panel, and a
picture of the 3 x 4 grid (SVG, rasterised to PNG for Discord). Works only
from the view dict (never the state).

Players are written as seat tokens (engine.core.seats), which the front ends
replace with names; the grid marks owners with 1 and 2, and the lines above
it say who is [1] and who is [2]."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from bot.render import lang
from bot.render import svg as svgkit
from engine.core import named_seat, seat_label, seat_ref

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


def _who(seat: int) -> str:
    return seat_ref(seat).en


def _name(card: dict[str, Any] | None, locale: str) -> str:
    if not card:
        return "?"
    return str(card["ja"] if lang.ja(locale) else card["en"])


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
    ja = lang.ja(locale)
    if unit is None or "cards" not in unit:
        return "裏向きの平民" if ja else "face-down commoner"
    return str(unit["name"]["ja" if ja else "en"])


def _unit_line(square: dict[str, Any], locale: str) -> str:
    unit = square["unit"]
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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


SEAT_COLOURS = ("#466ec8", "#c84646")
LAND_COLOURS = ("#cddcf5", "#f5d2cd")
ALT_LIMIT = 1024  # Discord's limit on an attachment's description


def _named(seat: int, names: Sequence[str] | None, locale: str) -> str:
    return named_seat(seat, names or (), locale)


def _square_alt(square: dict[str, Any], names: Sequence[str] | None, locale: str) -> str:
    """One square in words: its land, then its unit (a face-down one unnamed)."""
    ja = lang.ja(locale)
    land, unit = square["land"], square["unit"]
    bits = []
    if land is not None:
        owner = _named(land["owner"], names, locale)
        kind = ("天守閣" if land.get("keep") else "土地") if ja else ("keep" if land.get("keep") else "land")
        faith = ("・信仰" if ja else ", faith") if land.get("faith") else ""
        bits.append(f"{owner}の{kind}「{land['ja']}」{faith}" if ja else f"{owner}'s {kind} {land['en']}{faith}")
    if unit is not None:
        owner = _named(unit["owner"], names, locale)
        if "cards" in unit:
            name = _unit_name(unit, locale)
            bits.append(f"{owner}の{name} {unit['attack']}/{unit['defense']}" if ja else
                        f"{owner}'s {name} {unit['attack']}/{unit['defense']}")
        else:
            bits.append(f"{owner}の裏向きのユニット" if ja else f"{owner}'s face-down unit")
    return f"{square['at']}：" + "、".join(bits) if ja else f"{square['at']}: " + ", ".join(bits)


def describe(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The picture in words (its alt text): turn, each player's life and
    resources, then every occupied square, top row first; at most 1,024 characters."""
    ja = lang.ja(locale)
    phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))[1 if ja else 0]
    head = (f"成る!の盤面、ターン{view['turn']}（{phase}）。" if ja else
            f"Naru! board, turn {view['turn']} ({phase}). ")
    players = ("".join(f"{_named(p['seat'], names, locale)}：ライフ{p['life']}・リソース{p['resources']}。"
                       for p in view["players"]) if ja else
               "".join(f"{_named(p['seat'], names, locale)}: life {p['life']}, resources {p['resources']}. "
                       for p in view["players"]))
    rows = [view["board"][row * 3 + col] for row in range(3, -1, -1) for col in range(3)]
    squares = [_square_alt(sq, names, locale) for sq in rows if sq["land"] is not None or sq["unit"] is not None]
    body = ("。".join(squares) + "。" if squares else "") if ja else ("; ".join(squares) + "." if squares else "")
    whole = (head + players + body).strip()
    return whole if len(whole) <= ALT_LIMIT else whole[: ALT_LIMIT - 1] + "…"


def svg(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The 3 x 4 grid, row 4 at the top, as SVG. In Japanese the labels are
    Japanese with the English beneath; players are named where names are given."""
    ja = lang.ja(locale)
    cell, margin, header = 130, 28, 44
    width, height = margin * 2 + cell * 3, header + margin + cell * 4 + 10
    phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))

    def who(seat: int) -> str:
        return names[seat] if names and seat < len(names) and names[seat] else seat_label(seat)(locale)

    if ja:
        title = f"武将隊戦棋 成る!  ターン{view['turn']}（{phase[1]}）"
        lives = " ・ ".join(f"{who(p['seat'])}: ライフ{p['life']} リソース{p['resources']}" for p in view["players"])
    else:
        title = f"Naru! turn {view['turn']}  ({phase[0]})"
        lives = " · ".join(f"{who(p['seat'])}: life {p['life']} res {p['resources']}" for p in view["players"])
    out = [svgkit.text(margin, 22, title, font_size=16, font_weight="bold"),
           svgkit.text(margin, 40, svgkit.fit(lives, 13, width - margin * 2), font_size=13, fill="#282828")]
    for index, square in enumerate(view["board"]):
        row, col = divmod(index, 3)
        x0, y0 = margin + col * cell, header + (3 - row) * cell
        out.append(_square(square["at"], *_square_of(square, ja), x0, y0, cell - 4, ja))
    return svgkit.document(width, height, out, title=describe(view, names, locale), background="#faf8f0")


# A square is drawn from these few values alone, and a long replay shows the same square many times over.
@functools.lru_cache(maxsize=4096)
def _square(at: str, land: tuple[int, bool, bool, str, str] | None, unit: tuple[int, str, str] | None,
            x0: float, y0: float, size: float, ja: bool) -> str:
    """`land`: (owner, keep, faith, English name, Japanese name); `unit`: (owner, face, name)."""
    out = []
    if land is None:
        out.append(svgkit.rect(x0, y0, size, size, fill="none", stroke="#bebebe"))
    else:
        owner, keep, faith, en, jp = land
        out.append(svgkit.rect(x0 + (2 if keep else 0), y0 + (2 if keep else 0), size - (4 if keep else 0),
                               size - (4 if keep else 0), fill=LAND_COLOURS[owner],
                               stroke="#be9614" if keep else "#787878", stroke_width=4 if keep else 1))
        english = ("KEEP " if keep else "") + en.split(": ")[-1]
        if ja:
            label = ("天守 " if keep else "") + jp.split("・")[-1]
            out.append(svgkit.text(x0 + 6, y0 + 17, svgkit.fit(label, 13, size - 30), font_size=13, fill="#1e1e1e"))
            out.append(svgkit.text(x0 + 6, y0 + 31, svgkit.fit(english, 10, size - 12), font_size=10, fill="#505050"))
        else:
            out.append(svgkit.text(x0 + 6, y0 + 17, svgkit.fit(english, 13, size - 30), font_size=13, fill="#1e1e1e"))
        if faith:
            out.append(svgkit.text(x0 + size - 18, y0 + 20, "信" if ja else "*", font_size=16, fill="#960096"))
    out.append(svgkit.text(x0 + 6, y0 + size - 6, at, font_size=13, fill="#6e6e6e"))
    if unit is not None:
        owner, face, name = unit
        cx, cy = x0 + size / 2, y0 + size / 2 + 4
        out.append(svgkit.circle(cx, cy, 26, fill=SEAT_COLOURS[owner], stroke="#000000"))
        out.append(svgkit.text(cx, cy + 6, face, font_size=16, font_weight="bold", fill="#ffffff", text_anchor="middle"))
        if name:
            out.append(svgkit.text(x0 + 6, y0 + size - 24, svgkit.fit(name, 13, size - 12), font_size=13))
    return "".join(out)


def _square_of(square: dict[str, Any], ja: bool) -> tuple[Any, Any]:
    """What `_square` draws of a square of the view: its land and its unit (a face-down one unnamed)."""
    land, unit = square["land"], square["unit"]
    drawn_land = None if land is None else (land["owner"], bool(land.get("keep")), bool(land.get("faith")),
                                            str(land["en"]), str(land["ja"]))
    if unit is None:
        return drawn_land, None
    if "cards" not in unit:
        return drawn_land, (unit["owner"], "?", "")
    return drawn_land, (unit["owner"], f"{unit['attack']}/{unit['defense']}", str(unit["name"]["ja" if ja else "en"]))


def image(view: dict[str, Any], locale: str | None = None, names: Sequence[str] | None = None) -> bytes:
    """The grid as a PNG for Discord: in Japanese (with English beneath) when
    resvg has a Japanese font, else in English; `locale` "en" forces English."""
    japanese = svgkit.japanese() and (locale is None or lang.ja(locale))
    return svgkit.png(svg(view, svgkit.drawable(names), "ja" if japanese else "en"))
