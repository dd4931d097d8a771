"""Text and picture (SVG, PNG for Discord) rendering of Musou views (engine/musou/view.py). Seats are
written as seat tokens (⟦0⟧) that the front ends turn into players' names."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from bot.render import lang
from bot.render import svg as svgkit
from engine.core import named_seat, seat_label

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


def _pick(pair: tuple[str, str], locale: str) -> str:
    return pair[1] if lang.ja(locale) else pair[0]


def _name(card: dict[str, Any], locale: str) -> str:
    return str(card["name"]["ja"] if lang.ja(locale) else card["name"]["en"])


def _seat(seat: int) -> str:
    """The seat token the front ends replace with the player's name."""
    return f"⟦{seat}⟧"


def _count(pile: Any) -> int:
    return int(pile["hidden"]) if isinstance(pile, dict) else len(pile)


def _layout(player: dict[str, Any]) -> str:
    commander = player.get("commander") or {}
    return str(commander.get("layout", "???/?C?/???")).replace("/", "")


def _cell(entry: dict[str, Any] | None, locale: str, commander: str = "") -> str:
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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
    return ("凡例：" + "、".join(parts) + "。") if lang.ja(locale) else ("Legend: " + "; ".join(parts) + ".")


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
    ja = lang.ja(locale)
    terms = card.get("terms") or {}
    parts = [(f"{ELEMENT[el][1]}{n}" if ja else f"{ELEMENT[el][0]} x{n}") for el, n in sorted(terms.items())]
    text = ("ターム" + ("、".join(parts) if parts else "なし")) if ja else ("terms " + (", ".join(parts) or "none"))
    if card.get("formation"):
        text += f"、布陣{card['formation']}" if ja else f", formation {card['formation']}"
    return text


def card_line(card: dict[str, Any], locale: str) -> str:
    """` g1s0c4 Guan Yu (general, Wood, cost 4, P5/S2, terms Wood x1) — abilities`:
    what it costs and needs first, then what it does (Naru's hand is the model)."""
    ja = lang.ja(locale)
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
    ja = lang.ja(locale)
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


COLOURS = {"A": "#d67864", "S": "#78b478", "P": "#7896d2", "C": "#c8b45a", "?": "#a0a0a0"}
CELL = 150
ALT_LIMIT = 1024  # Discord's limit on an attachment's description


def _commander(p: dict[str, Any], locale: str) -> str:
    commander = p.get("commander") or {}
    if "hidden" in commander:
        return "非公開" if lang.ja(locale) else "hidden"
    return _name(commander, locale) if "name" in commander else "-"


def describe(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The picture in words (its alt text): the game and score, then each seat's
    commander, counts and occupied squares; at most 1,024 characters."""
    ja = lang.ja(locale)
    stage = _pick(STAGE.get(view["stage"], (view["stage"], view["stage"])), locale)
    wins = view["wins"]
    seat = [named_seat(s, names or (), locale) for s in (0, 1)]
    parts = [f"真・三國無双の盤面、第{view['game_no']}ゲーム（勝ち数 {seat[0]} {wins[0]}、{seat[1]} {wins[1]}）、{stage}。"
             if ja else f"Musou board, game {view['game_no']} (games won: {seat[0]} {wins[0]}, {seat[1]} {wins[1]}), "
             f"{stage}."]
    parts += [_side_words(view["players"][s], seat[s], locale) for s in (0, 1)]
    whole = ("" if ja else " ").join(parts)
    return whole if len(whole) <= ALT_LIMIT else whole[: ALT_LIMIT - 1] + "…"


def _side_words(p: dict[str, Any], who: str, locale: str) -> str:
    ja = lang.ja(locale)
    cname = _commander(p, locale)
    roles = _layout(p)
    squares = [f"{sq + 1}{_pick(ROLE.get(roles[sq], ('?', '?')), locale)}："
               f"{_cell(entry, locale, cname)}" if ja else
               f"{sq + 1} {_pick(ROLE.get(roles[sq], ('?', '?')), locale)}: {_cell(entry, locale, cname)}"
               for sq, entry in enumerate(p["field"]) if entry is not None]
    if ja:
        field = "、".join(squares)
        return (f"{who}：指揮官{cname}、兵数{p['troops']}、手札{_count(p['hand'])}、デッキ{_count(p['deck'])}、"
                f"兵糧{_count(p['provisions'])}" + (f"。布陣：{field}" if field else "") + "。")
    field = "; ".join(squares)
    return (f"{who}: commander {cname}, troops {p['troops']}, hand {_count(p['hand'])}, "
            f"deck {_count(p['deck'])}, provisions {_count(p['provisions'])}" + (f". Field: {field}" if field else "")
            + ".")


def _cell_lines(entry: dict[str, Any] | None, ja: bool) -> tuple[str, ...]:
    """A square's text: the Japanese name above the English in Japanese."""
    if entry is None:
        return ()
    return (_cell(entry, "ja"), _cell(entry, "en")) if ja else (_cell(entry, "en"),)


def svg(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """Both 3x3 formations side by side (seat 1 left, seat 2 right), as SVG; in
    Japanese the names are Japanese with the English beneath."""
    ja = lang.ja(locale)
    width, height = CELL * 6 + 60, CELL * 3 + 70
    out = []
    for seat in (0, 1):
        p = view["players"][seat]
        x0 = 20 + seat * (CELL * 3 + 20)
        commander = p.get("commander") or {}
        if "hidden" in commander:
            title = "非公開 hidden" if ja else "hidden"
        elif "name" in commander:
            title = f"{commander['name']['ja']} {commander['name']['en']}" if ja else commander["name"]["en"]
        else:
            title = "-"
        who = names[seat] if names and seat < len(names) and names[seat] else seat_label(seat)(locale)
        out.append(svgkit.text(x0, 20, svgkit.fit(f"{who}: {title}", 14, CELL * 3), font_size=14, font_weight="bold"))
        counts = (f"兵数{p['troops']}  手札{_count(p['hand'])}  デッキ{_count(p['deck'])}  兵糧{_count(p['provisions'])}"
                  if ja else f"troops {p['troops']} · hand {_count(p['hand'])} · deck {_count(p['deck'])} · "
                  f"provisions {_count(p['provisions'])}")
        out.append(svgkit.text(x0, 38, counts, font_size=12))
        roles = _layout(p)
        for sq in range(9):
            entry = p["field"][sq] if sq < len(p["field"]) else None
            texts = _cell_lines(entry, ja)
            if entry is not None and entry.get("commander"):
                musou = "musou used" if p["musou_used"] else "musou ready"
                texts = (title, (f"兵数{p['troops']}" if ja else f"troops {p['troops']}"),
                         (("無双済 " if p["musou_used"] else "無双可 ") if ja else "") + musou)
            out.append(_square(roles[sq] if roles[sq] in COLOURS else "?", sq, texts,
                               bool(entry and entry.get("exhausted")), x0 + (sq % 3) * CELL, 45 + (sq // 3) * CELL, ja))
    return svgkit.document(width, height, out, title=describe(view, names, locale), background="#f5f0e4")


# A square is drawn from these few values alone, and a long replay shows the same square many times over.
@functools.lru_cache(maxsize=4096)
def _square(role: str, sq: int, texts: tuple[str, ...], exhausted: bool, x: float, y: float, ja: bool) -> str:
    size = CELL - 4
    out = [svgkit.rect(x + 1, y + 1, size - 2, size - 2, fill=COLOURS[role], stroke="#3c3c3c", stroke_width=2)]
    role_name = ROLE.get(role, ("?", "?"))
    out.append(svgkit.text(x + 6, y + 16, f"{sq + 1} {role_name[0]}" + (f" {role_name[1]}" if ja else ""), font_size=12))
    if exhausted:
        out.append(svgkit.line(x, y + size, x + size, y, stroke="#5a1e1e", stroke_width=2))
    lines = [line for text in texts if text for line in svgkit.wrap(text, 12, CELL - 16)]
    out += [svgkit.text(x + 6, y + 34 + i * 16, line, font_size=12) for i, line in enumerate(lines[:7])]
    return "".join(out)


def picture_view(view: dict[str, Any]) -> list[dict[str, Any]]:
    """What of a view `svg` draws (its title aside, which the PNG leaves out): a move that changes
    only the stage, priority or passes leaves the picture as it was."""
    return [{"commander": p.get("commander"), "troops": p["troops"], "musou_used": p["musou_used"],
             "field": p["field"], "counts": [_count(p[pile]) for pile in ("hand", "deck", "provisions")]}
            for p in view["players"][:2]]


def image(view: dict[str, Any], names: Sequence[str] | None = None, locale: str | None = None) -> bytes:
    """The board as a PNG for Discord: Japanese and English names when resvg has
    a Japanese font, English otherwise (`locale` "en" forces English)."""
    japanese = svgkit.japanese() and (locale is None or lang.ja(locale))
    return svgkit.png(svg(view, svgkit.drawable(names), "ja" if japanese else "en"))
