"""Text rendering of Quarriors views (monospace-friendly, English or Japanese)."""

from __future__ import annotations

from typing import Any

LIMIT = 1900

STEPS = {
    "main": ("main (dice, ready, summon)", "メイン（ダイス・準備・召喚）"),
    "attack": ("attack", "攻撃"),
    "capture": ("capture", "捕獲"),
    "score": ("scoring", "得点化"),
    "over": ("game over", "ゲーム終了"),
}


def _ja(locale: str) -> bool:
    return locale.lower().startswith("ja")


def _name(obj: dict[str, Any], locale: str) -> str:
    name = obj.get("name", {})
    return str(name.get("ja" if _ja(locale) else "en", ""))


def _die(d: dict[str, Any], locale: str) -> str:
    face = d.get("face")
    shown = f"[{face['text']}]" if face else ""
    extra = ""
    if "attack" in d:
        extra = f" {d['attack']}/{d['defense']}"
    if d.get("attached"):
        extra += "+" + "+".join(_name(x, locale) for x in d["attached"])
    if d.get("copies"):
        extra += f"={d['copies']}"
    return f"{_name(d, locale)}:{d['id']}{shown}{extra}"


def _dice(ds: list[dict[str, Any]], locale: str) -> str:
    return " ".join(_die(d, locale) for d in ds) or "-"


def board(view: dict[str, Any], locale: str) -> str:
    ja = _ja(locale)
    step = STEPS.get(view["step"], (view["step"], view["step"]))[1 if ja else 0]
    waiting = ", ".join(f"{w['seat'] + 1}:{w['kind']}" for w in view.get("waiting", []))
    lines = [
        (f"クォーリアーズ 手番{view['turn']} 手番プレイヤー{view['active'] + 1} {step} 勝利点{view['goal']}で勝利"
         if ja else f"Quarriors turn {view['turn']} active seat {view['active'] + 1} {step}, {view['goal']} glory wins"),
        ("待ち: " if ja else "waiting: ") + (waiting or "-"),
        "狩場:" if ja else "Wilds:",
    ]
    row = []
    for c in view["wilds"]:
        row.append(f"{_name(c, locale)} {c['cost']}{'魔' if ja else 'Q'}/{c['glory']}{'点' if ja else 'G'} x{len(c['dice'])}")
    for i in range(0, len(row), 3):
        lines.append("  " + " | ".join(row[i:i + 3]))
    t = view.get("this_turn", {})
    lines.append(f"このターン: 魔力{t.get('quiddity', 0)} 捕獲残り{t.get('captures_left', 0)}"
                  if ja else f"this turn: quiddity {t.get('quiddity', 0)}, captures left {t.get('captures_left', 0)}")
    if view.get("attack"):
        a = view["attack"]
        lines.append(f"攻撃中: 防御側{a['defender'] + 1} 残り攻撃力{a['remaining']}" if ja
                      else f"attacking seat {a['defender'] + 1}, attack left {a['remaining']}")
    for p in view["players"]:
        bag = p["bag_count"]
        mark = ">" if p["seat"] == view["active"] else " "
        lines.append(f"{mark}{p['seat'] + 1}: " + (f"勝利点{p['glory']} バッグ{bag} 休眠{len(p['used'])}" if ja
                                                  else f"glory {p['glory']} bag {bag} used {len(p['used'])}"))
        lines.append(("   待機: " if ja else "   ready: ") + _dice(p["ready"], locale))
        if p["pool"]:
            lines.append(("   活動: " if ja else "   pool: ") + _dice(p["pool"], locale))
        if p["aside"]:
            lines.append(("   脇: " if ja else "   aside: ") + _dice(p["aside"], locale))
    if view.get("winners"):
        lines.append(("勝者: " if ja else "winners: ") + ", ".join(str(w + 1) for w in view["winners"]))
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[:LIMIT - 1] + "…"


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = _ja(locale)
    p = view["players"][seat]
    bag = p["bag"]
    if isinstance(bag, dict):
        inside = ("{}個" if ja else "{} dice").format(bag.get("hidden", 0))
    else:
        counts: dict[str, int] = {}
        for d in bag:
            counts[_name(d, locale)] = counts.get(_name(d, locale), 0) + 1
        inside = ", ".join(f"{k} x{v}" for k, v in sorted(counts.items())) or "-"
    lines = [
        (f"{seat + 1}番席 バッグ: " if ja else f"Seat {seat + 1} bag: ") + inside,
        ("活動プール: " if ja else "pool: ") + _dice(p["pool"], locale),
        ("待機エリア: " if ja else "ready: ") + _dice(p["ready"], locale),
        ("休眠パイル: " if ja else "used: ") + (" ".join(_name(d, locale) for d in p["used"]) or "-"),
    ]
    text = "\n".join(lines)
    return text if len(text) <= LIMIT else text[:LIMIT - 1] + "…"
