"""Text rendering of Warlords views: the public table and a seat's private panel.

Players are written as seat tokens (⟦0⟧); the front ends put each player's name
in their place. Every shorthand a board uses is explained in its last line."""

from __future__ import annotations

from typing import Any

from engine.core import pick_locale, seat_ref
from engine.warlords.cards import card, faction_name
from engine.warlords.catalog import TYPES

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


def _ja(locale: str) -> bool:
    return pick_locale(locale) == "ja"


def _who(seat: int, locale: str) -> str:
    return seat_ref(seat)(locale)


def _name(c: dict[str, Any] | None, locale: str) -> str:
    if not c:
        return "-"
    return str(c["name_ja"] if _ja(locale) else c["name"])


def _names(cards: list[dict[str, Any]], locale: str) -> str:
    return ("、" if _ja(locale) else ", ").join(_name(c, locale) for c in cards)


def _shown(entry: str, locale: str) -> str:
    """A first-player check entry 'seat:card id' as '⟦seat⟧ card name check value'."""
    seat, _, cid = entry.partition(":")
    try:
        d = card(cid)
    except KeyError:
        return f"{_who(int(seat), locale)} {cid}"
    return f"{_who(int(seat), locale)} {d.name.ja if _ja(locale) else d.name.en} {d.range}"


def _castle(c: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
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
    ja = _ja(locale)
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
    ja = _ja(locale)
    head = "Warlords：グローリーロード" if ja else "Warlords: Glory Road"
    if view["phase"] == "over":
        winners = ("、" if ja else ", ").join(_who(w, locale) for w in view["winners"])
        return [head + (f" — 終了、勝者 {winners}" if ja else f" — over; winner: {winners}")]
    if view["phase"] in ("direction", "pick"):
        checks = " / ".join(("、" if ja else ", ").join(_shown(x, locale) for x in r) for r in view.get("first_check", []))
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
    ja = _ja(locale)
    lines = _head(view, locale)
    d = view.get("decision")
    if d:
        what = DECISIONS.get(d["kind"], (d["kind"], d["kind"]))[1 if ja else 0]
        who = ("、" if ja else ", ").join(_who(x, locale) for x in d["seats"])
        lines.append(f"{who}を待っています（{what}）" if ja else f"Waiting for {who} {what}")
    for p in view["players"]:
        hand = p["hand"]["hidden"] if isinstance(p["hand"], dict) else len(p["hand"])
        mark = "*" if p["seat"] == view["active"] and view["phase"] == "play" else " "
        who = _who(p["seat"], locale)
        if ja:
            stats = [f"勝利点{p['glory']}", f"残り収益{p['revenue']}", f"手札{hand}", f"山札{p['deck']['hidden']}"]
        else:
            stats = [f"glory {p['glory']}", f"revenue left {p['revenue']}", f"hand {hand}", f"deck {p['deck']['hidden']}"]
        if p["time_passes"]:
            stats.append("終" if ja else "TP")
        if p["eliminated"]:
            stats.append("脱落" if ja else "out")
        if p["ruins"]:
            stats.append(("遺跡 " if ja else "ruins ") + _names(p["ruins"], locale))
        if p["treasures"]:
            stats.append(("財宝 " if ja else "treasure ") + _names(p["treasures"], locale))
        lines.append(f"{mark}{who}：{'、'.join(stats)}" if ja else f"{mark}{who}: {', '.join(stats)}")
        lines += [f"  {'城砦' if ja else 'castle'} {_castle(c, locale)}" for c in p["castles"]]
        lines += [f"  {'スタック' if ja else 'stack'} {_stack(st, locale)}" for st in p["stacks"]]
    lines.append(LEGEND[1 if ja else 0])
    return "\n".join(lines)


def _hand_line(c: dict[str, Any], locale: str) -> str:
    text = c.get("text")
    about = text["ja" if _ja(locale) else "en"] if text else TYPES[c["type"]](locale)
    return f" {c['id']} {_name(c, locale)}{'：' if _ja(locale) else ': '}{about}"


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = _ja(locale)
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
