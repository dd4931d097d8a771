"""Text rendering of Warlords views: the public table and a seat's hand."""

from __future__ import annotations

from typing import Any

from engine.core import pick_locale
from engine.warlords.cards import card

STATES = {
    "camped": ("camped", "野営"), "patrolling": ("patrol", "哨戒"), "campaign": ("campaign", "作戦"),
    "in_port": ("in port", "入港"), "at_sea": ("at sea", "海上"), "besieging": ("siege", "包囲"),
}
DECISIONS = {
    "intercept": ("intercept?", "迎撃選択"), "obstruct": ("obstruct?", "探索妨害"),
    "terrain_response": ("cancel terrain?", "地形打消"), "switch": ("switch calamity", "災害交代"),
    "redirect": ("move calamity", "災害移動"), "losses": ("assign losses", "損失割り振り"),
}
LIMIT = 1900


def _ja(locale: str) -> bool:
    return pick_locale(locale) == "ja"


def _name(card: dict[str, Any] | None, locale: str) -> str:
    if not card:
        return "-"
    return str(card["name_ja"] if _ja(locale) else card["name"])


def _shown(entry: str, locale: str) -> str:
    """A first-player check entry 'seat:card id' as 'seat name(range)'."""
    seat, _, cid = entry.partition(":")
    try:
        d = card(cid)
    except KeyError:
        return f"{int(seat) + 1}:{cid}"
    return f"{int(seat) + 1}:{d.name.ja if _ja(locale) else d.name.en}({d.range})"


def _castle(c: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    bits = [f"{c['revenue']}", f"{'守' if ja else 'd'}{c['combat']}", f"{'兵' if ja else 'g'}{len(c['garrison'])}"]
    if c["improvements"]:
        bits.append(f"{'改' if ja else '+'}{len(c['improvements'])}")
    if c["port"]:
        bits.append("港" if ja else "port")
    if c["besieged_by"]:
        bits.append("包囲中" if ja else "besieged")
    if c["calamities"]:
        bits.append("災" if ja else "calamity")
    return f"{_name(c['castle'], locale)}[{' '.join(bits)} {c['id']}]"


def _stack(st: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    state = STATES.get(st["state"], (st["state"], st["state"]))[1 if ja else 0]
    if st["target"] is not None:
        state += f"→{st['target'] + 1}"
    extra = []
    if st["flying"]:
        extra.append("飛" if ja else "fly")
    if st["faction"]:
        extra.append(st["faction"][:4])
    for key, (en, jp) in (("terrain", ("terrain", "地形")), ("weather", ("weather", "天候"))):
        if st[key]:
            extra.append(f"{jp if ja else en}:{_name(st[key], locale)}")
    if st["calamities"]:
        extra.append("災" if ja else "calamity")
    units = sum(1 for m in st["members"] if m["type"] in ("army", "ally"))
    tail = f" {' '.join(extra)}" if extra else ""
    return f"{_name(st['hero'], locale)} {st['combat']} {state} ({units}){tail} [{st['id']}]"


def board(view: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    head = ("Warlords：グローリーロード" if ja else "Warlords: Glory Road")
    if view["phase"] == "over":
        winners = ", ".join(str(w + 1) for w in view["winners"])
        head += f" — {'終了、勝者' if ja else 'over, winner(s)'} {winners}"
    elif view["phase"] in ("direction", "pick"):
        head += f" — {'準備中' if ja else 'set-up'}"
        first = view["first"] + 1
        checks = " / ".join(", ".join(_shown(x, locale) for x in r) for r in view.get("first_check", []))
        head += (f"\n最初のプレイヤー {first}番席（判定 {checks}）" if ja else f"\nFirst player: seat {first} (checks {checks})")
        if view["phase"] == "pick" and view.get("pick_queue"):
            nxt = view["pick_queue"][0] + 1
            head += f"、配置中 {nxt}番席" if ja else f"; picking: seat {nxt}"
    else:
        direction = {"cw": "時計回り" if ja else "clockwise", "ccw": "反時計回り" if ja else "counter-clockwise"}
        head += (f" — 第{view['turn']}手番 {view['active'] + 1}番席（{direction[view['direction']]}）" if ja
                 else f" — turn {view['turn']}, seat {view['active'] + 1} ({direction[view['direction']]})")
    lines = [head]
    d = view.get("decision")
    if d:
        what = DECISIONS.get(d["kind"], (d["kind"], d["kind"]))[1 if ja else 0]
        who = ", ".join(str(x + 1) for x in d["seats"])
        lines.append(f"{'待機' if ja else 'Waiting'}: {who} ({what})")
    players = view["players"]
    budget = max(120, (LIMIT - len("\n".join(lines))) // max(1, len(players)) - 2)
    for p in players:
        hand = p["hand"]["hidden"] if isinstance(p["hand"], dict) else len(p["hand"])
        mark = "*" if p["seat"] == view["active"] and view["phase"] == "play" else " "
        tp = (" 終了札✓" if ja else " TP✓") if p["time_passes"] else ""
        out = ("脱落" if ja else "OUT") if p["eliminated"] else ""
        if ja:
            row = [f"{mark}{p['seat'] + 1}番 収益{p['glory']} 残{p['revenue']} 手札{hand} 山札{p['deck']['hidden']}{tp} {out}"]
        else:
            row = [f"{mark}S{p['seat'] + 1} glory {p['glory']} rev {p['revenue']} hand {hand} deck {p['deck']['hidden']}{tp} {out}"]
        if p["castles"]:
            row.append("  " + ("城" if ja else "C") + ": " + " ".join(_castle(c, locale) for c in p["castles"]))
        if p["stacks"]:
            row.append("  " + ("軍" if ja else "S") + ": " + "; ".join(_stack(s, locale) for s in p["stacks"]))
        extra = []
        if p["ruins"]:
            extra.append(("遺跡" if ja else "ruins") + f" {len(p['ruins'])}")
        if p["treasures"]:
            extra.append(("財宝" if ja else "treasure") + f" {len(p['treasures'])}")
        if extra:
            row[0] += " " + " ".join(extra)
        block = "\n".join(r.rstrip() for r in row)
        if len(block) > budget:
            block = block[: budget - 1] + "…"
        lines.append(block)
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = _ja(locale)
    p = view["players"][seat]
    hand = p["hand"]
    if isinstance(hand, dict):
        return ("手札は見えません。" if ja else "Your hand is hidden from this view.")
    lines = [f"{'手札' if ja else 'Hand'} ({len(hand)}), {'今手番の収益' if ja else 'revenue left'} {p['revenue']}:"]
    for c in sorted(hand, key=lambda c: (c["type"], c["card"], c["id"])):
        lines.append(f"  [{c['id']}] {_name(c, locale)} ({c['type']}, {'判定' if ja else 'range'} {c['range']})")
    for st in p["stacks"]:
        members = ", ".join(_name(m, locale) for m in st["members"]) or "-"
        lines.append(f"{_stack(st, locale)}: {members}")
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"
