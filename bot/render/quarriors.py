"""Text rendering of Quarriors views (monospace-friendly, English or Japanese).

Works only from the view dict. Players are written as seat tokens (⟦n⟧) that
the front ends replace with names. Each board ends with a key to every
shorthand it used; a player's own panel says what each die's face does."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from . import lang, picture
from . import svg as draw
from .marks import mark

STEPS = {
    "main": ("main step (use dice, ready, summon)", "メイン（ダイスの効果・準備・召喚）"),
    "attack": ("attack", "攻撃"),
    "capture": ("capture step", "捕獲"),
    "score": ("scoring", "得点化"),
    "over": ("game over", "ゲーム終了"),
}

DECISIONS = {
    "turn": ("turn", "手番"),
    "defend": ("defend", "防御"),
    "respond": ("reaction", "リアクション"),
    "choose": ("choice", "選択"),
}

TIMINGS = {
    "immediate": ("immediate spell", "即時魔法"),
    "ready": ("readied spell", "待機魔法"),
    "attach": ("attach spell", "付加魔法"),
    "reaction": ("reaction spell", "リアクション魔法"),
}

# The board's shorthand: (pattern that shows it was used, English, Japanese).
KEY = (
    (re.compile(r"Q\d"), "Qn = n quiddity", "Qn＝魔力n"),
    (re.compile(r"D\d"), "Dn = draw n dice and roll them (`use`)", "Dn＝ダイスn個を取り出して振る（use）"),
    (re.compile(r"R(?!\+1)"), "R = reroll this die", "R＝このダイスを振り直す"),
    (re.compile(r"R\+1"), "R+1 = reroll this die and one other", "R+1＝このダイスと他の1個を振り直す"),
    (re.compile(r"\d\+[DR]"), "+ = both", "＋でつないだ効果＝両方"),
    (re.compile(r"\d/R"), "/ = one or the other", "／でつないだ効果＝どちらか一方"),
    (re.compile(r"L\d"), "Ln a/d = level n creature (attack a, defense d; summoned for n quiddity)",
     "Ln a/d＝レベルnのモンスター（攻撃力a・防御力d、召喚に魔力n）"),
    (re.compile(r"\?/\?"), "?/? = set by the card", "?/?＝カードの能力で決まる"),
    (re.compile(r"SP"), "SP = spell", "SP＝魔法"),
    (re.compile(r"\*"), "* = burst (** two; the card's * power applies)", "*＝爆発シンボル（**は2つ。カードの＊の能力が働く）"),
)


def _t(obj: Any, locale: str) -> str:
    """A bilingual {"en", "ja"} value in the reader's language."""
    if isinstance(obj, dict):
        return str(obj.get("ja" if lang.ja(locale) else "en", ""))
    return str(obj)


def _seat(seat: int) -> str:
    return f"⟦{seat}⟧"


def _sep(locale: str) -> str:
    return "、" if lang.ja(locale) else ", "


def _die(d: dict[str, Any], locale: str, *, stats: bool = True) -> str:
    """`Quake Dragon d12 [L2 6/6*] 6/6` (the last pair: its attack/defense now), as the log names dice."""
    ja = lang.ja(locale)
    out = f"{_t(d.get('card_name', d['name']), locale)} {d['id']}"
    if d.get("face"):
        out += " " + mark(face_emoji(d["face"]["text"]), f"[{d['face']['text']}]")
    if d.get("copies_name"):
        out += f"（{_t(d['copies_name'], locale)}の複製）" if ja else f" as {_t(d['copies_name'], locale)}"
    if stats and "attack" in d:
        out += f" {d['attack']}/{d['defense']}"
    if d.get("attached"):
        out += (" +" if not ja else " ＋") + "+".join(_die(x, locale) for x in d["attached"])
    return out


def _dice(ds: list[dict[str, Any]], locale: str) -> str:
    return _sep(locale).join(_die(d, locale) for d in ds) or "-"


def _faces(view: dict[str, Any]) -> str:
    """Every face shorthand the board shows, for its key."""
    texts: list[str] = []

    def walk(d: dict[str, Any]) -> None:
        if d.get("face"):
            texts.append(d["face"]["text"])
        for x in d.get("attached", []):
            walk(x)
    for p in view["players"]:
        for zone in ("pool", "ready"):
            for d in p[zone]:
                walk(d)
    return " ".join(texts)


def key(shown: str, locale: str, *, board: bool, turn: bool = False) -> str:
    """The one-line key to the shorthand in `shown` (and the board's own marks);
    empty when there is nothing to explain."""
    ja = lang.ja(locale)
    parts = [(ja_text if ja else en) for pattern, en, ja_text in KEY if pattern.search(shown)]
    if board:
        parts.append("[ ]の後のa/d＝今の攻撃力・防御力" if ja else "a/d after [ ] = attack/defense now")
    if turn:
        parts.append(">＝手番のプレイヤー" if ja else "> = whose turn")
    if not parts:
        return ""
    return ("記号：" + "。".join(parts) + "。") if ja else ("Key: " + "; ".join(parts) + ".")


def _wild(c: dict[str, Any], locale: str) -> str:
    ja = lang.ja(locale)
    left = len(c["dice"])
    if ja:
        bits = [f"魔力{c['cost']}"] + ([f"勝利点{c['glory']}"] if c["kind"] == "creature" or c["glory"] else [])
        bits.append(f"残り{left}")
        timing = f"（{TIMINGS[c['timing']][1]}）" if c.get("timing") in TIMINGS else ""
        return f"  {_t(c['name'], locale)} — {'・'.join(bits)}{timing}"
    bits = [f"cost {c['cost']}"] + ([f"{c['glory']} glory"] if c["kind"] == "creature" or c["glory"] else [])
    bits.append(f"{left} left")
    timing = f" ({TIMINGS[c['timing']][0]})" if c.get("timing") in TIMINGS else ""
    return f"  {_t(c['name'], locale)} — {', '.join(bits)}{timing}"


def _this_turn(view: dict[str, Any], locale: str) -> str:
    ja = lang.ja(locale)
    t = view.get("this_turn", {})
    who = _seat(view["active"])
    bits = ([f"使える魔力{t.get('available', 0)}（うち蓄え{t.get('quiddity', 0)}）", f"捕獲残り{t.get('captures_left', 0)}"]
            if ja else [f"quiddity to spend {t.get('available', 0)} ({t.get('quiddity', 0)} banked)",
                        f"captures left {t.get('captures_left', 0)}"])
    if t.get("discount"):
        bits.append(f"捕獲値-{t['discount']}" if ja else f"captures cost {t['discount']} less")
    if t.get("attack_bonus"):
        bits.append(f"攻撃力+{t['attack_bonus']}" if ja else f"creatures +{t['attack_bonus']} attack")
    return (f"このターン（{who}）：" + "、".join(bits)) if ja else (f"This turn ({who}): " + ", ".join(bits))


def _attack(a: dict[str, Any], locale: str) -> str:
    ja = lang.ja(locale)
    who = _sep(locale).join(f"{_t(c['card_name'], locale)} {c['id']}（{c['attack']}）" if ja
                            else f"{_t(c['card_name'], locale)} {c['id']} ({c['attack']})" for c in a["creatures"])
    hit = _sep(locale).join(a["absorbed"])
    if ja:
        line = f"攻撃中：{_seat(a['attacker'])}→{_seat(a['defender'])}：{who}"
        if a.get("total_fixed"):
            line += f"。残りの攻撃力{a['remaining']}"
        return line + (f"（攻撃を受けたもの：{hit}）" if hit else "")
    line = f"Attack: {_seat(a['attacker'])} → {_seat(a['defender'])} with {who}"
    if a.get("total_fixed"):
        line += f"; {a['remaining']} left to absorb"
    return line + (f" (already hit: {hit})" if hit else "")


def board(view: dict[str, Any], locale: str) -> str:
    ja = lang.ja(locale)
    step = STEPS.get(view["step"], (view["step"], view["step"]))[1 if ja else 0]
    active = _seat(view["active"])
    if view["step"] == "over":
        head = f"クォーリアーズ — ターン{view['turn']}、{step}" if ja else f"Quarriors — turn {view['turn']}, {step}"
    else:
        head = (f"クォーリアーズ — ターン{view['turn']}：{active}の手番、{step}。勝利点{view['goal']}で勝利"
                if ja else f"Quarriors — turn {view['turn']}: {active}'s turn, {step}. {view['goal']} glory wins")
    lines = [head]
    waiting = [f"{_seat(w['seat'])}（{DECISIONS.get(w['kind'], (w['kind'], w['kind']))[1]}）" if ja
               else f"{_seat(w['seat'])} ({DECISIONS.get(w['kind'], (w['kind'], w['kind']))[0]})"
               for w in view.get("waiting", [])]
    if waiting:
        lines.append(("待っている相手：" if ja else "Waiting for: ") + _sep(locale).join(waiting))
    lines.append("狩場（捕獲コスト・勝利点・残りのダイス）：" if ja else "Wilds (capture cost, glory, dice left):")
    lines += [_wild(c, locale) for c in view["wilds"]]
    if view["step"] != "over":
        lines.append(_this_turn(view, locale))
    if view.get("attack"):
        lines.append(_attack(view["attack"], locale))
    for p in view["players"]:
        turn = ">" if p["seat"] == view["active"] and view["step"] != "over" else " "
        who = _seat(p["seat"])
        who = picture.seat_mark(p["seat"]) + who
        lines.append(f"{turn}{who}：勝利点{p['glory']}、バッグ{p['bag_count']}個、休眠パイル{len(p['used'])}個" if ja
                     else f"{turn}{who}: {p['glory']} glory, bag {p['bag_count']}, used pile {len(p['used'])}")
        lines.append(("   待機エリア：" if ja else "   ready: ") + _dice(p["ready"], locale))
        if p["pool"]:
            lines.append(("   活動プール：" if ja else "   pool: ") + _dice(p["pool"], locale))
        if p["aside"]:
            lines.append(("   脇：" if ja else "   aside: ") + _dice(p["aside"], locale))
    if view.get("winners"):
        names = _sep(locale).join(_seat(w) for w in view["winners"])
        lines.append(f"勝者：{names}" if ja else f"Winner: {names}" if len(view["winners"]) == 1 else f"Winners: {names}")
    lines.append(key(_faces(view), locale, board=True, turn=view["step"] != "over"))
    return "\n".join(lines)


def _counts(ds: list[dict[str, Any]], locale: str) -> str:
    counts: dict[str, int] = {}
    for d in ds:
        name = _t(d.get("card_name", d["name"]), locale)
        counts[name] = counts.get(name, 0) + 1
    times = "×" if lang.ja(locale) else " ×"
    return _sep(locale).join(f"{k}{times}{v}" for k, v in counts.items()) or "-"


# What a spell die can do, by its card's timing: (in the pool, in the ready area), each (English, Japanese).
SPELL_USE = {
    "immediate": (("immediate spell: cast it now, before you ready or summon (`cast`)",
                   "即時魔法：準備や召喚の前に今発動する（cast）"), ("", "")),
    "ready": (("spell: ready it for free (`ready`), cast it later on your turn",
               "魔法：無償で準備し（ready）、後で自分の手番に発動する"),
              ("cast it on your turn, before or after your attack (`cast`)", "自分の手番の攻撃の前後に発動する（cast）")),
    "attach": (("spell: ready it for free (`ready`), then attach it to a creature",
                "魔法：無償で準備し（ready）、自分のモンスターに付加する"),
               ("attach it to one of your creatures on your turn (`attach`)", "自分の手番に自分のモンスターに付加する（attach）")),
    "reaction": (("spell: ready it for free (`ready`); cast it on another player's turn",
                  "魔法：無償で準備し（ready）、他のプレイヤーの手番に発動する"),
                 ("cast it on another player's turn: before you defend, while absorbing, or when a creature of "
                  "yours is destroyed", "他のプレイヤーの手番（防御の前・攻撃を受けている間・モンスターが打倒された直後）に発動する")),
}


def _hand_die(d: dict[str, Any], locale: str, *, ready: bool, timings: dict[str, str]) -> str:
    """One die in a player's own panel: what its face does, for a creature in
    the pool what summoning it costs, for a spell how it is used."""
    ja = lang.ja(locale)
    line = " " + _die(d, locale, stats=False)
    face = d.get("face")
    if face is None:
        return line + ("（未ロール）" if ja else " (not rolled)")
    does = _t(face["does"], locale)
    if "summon_cost" in d:
        does += f"。召喚に魔力{d['summon_cost']}" if ja else f"; summon for {d['summon_cost']} quiddity"
    spell = SPELL_USE.get(timings.get(d.get("card", ""), "")) if face["text"].startswith("SP") else None
    if ready and "attack" in d:
        does = (f"今の攻撃力{d['attack']}・防御力{d['defense']}" if ja else f"attack {d['attack']}, defense {d['defense']} now")
    elif spell is not None and spell[1 if ready else 0][0]:
        does = spell[1 if ready else 0][1 if ja else 0]
    return line + " — " + does


def private(view: dict[str, Any], seat: int, locale: str) -> str:
    ja = lang.ja(locale)
    p = view["players"][seat]
    who = _seat(seat)
    timings = {c["card"]: c.get("timing") or "" for c in view["wilds"]}
    lines = [f"{who}の手元 — 勝利点{p['glory']}／{view['goal']}" if ja else f"{who}'s dice — {p['glory']} of {view['goal']} glory"]
    if p["pool"]:
        if view["active"] == seat and view["step"] != "over":
            t = view.get("this_turn", {})
            lines.append(f"活動プール（使える魔力{t.get('available', 0)}、うち蓄え{t.get('quiddity', 0)}）：" if ja
                         else f"Active pool (quiddity to spend {t.get('available', 0)}, {t.get('quiddity', 0)} banked):")
        else:
            lines.append("活動プール：" if ja else "Active pool:")
        lines += [_hand_die(d, locale, ready=False, timings=timings) for d in p["pool"]]
    lines.append("待機エリア：" if ja else "Ready area:")
    lines += [_hand_die(d, locale, ready=True, timings=timings) for d in p["ready"]] or [" -"]
    if p["aside"]:
        lines.append(("脇：" if ja else "Set aside: ") + _dice(p["aside"], locale))
    bag = p["bag"]
    inside = (f"{bag.get('hidden', 0)}個" if ja else f"{bag.get('hidden', 0)} dice") if isinstance(bag, dict) \
        else _counts(bag, locale)
    lines.append((f"バッグ（{p['bag_count']}個）：" if ja else f"Bag ({p['bag_count']}): ") + inside)
    lines.append((f"休眠パイル（{len(p['used'])}個）：" if ja else f"Used pile ({len(p['used'])}): ") + _counts(p["used"], locale))
    abilities = _abilities(view, p, locale)
    if abilities:
        lines.append("能力：" if ja else "Abilities:")
        lines += abilities
    legend = key(_faces({"players": [p]}), locale, board=False)
    return "\n".join([*lines, legend] if legend else lines)


def _abilities(view: dict[str, Any], p: dict[str, Any], locale: str) -> list[str]:
    """The ability of each creature and spell card among the dice in play, once each."""
    ja = lang.ja(locale)
    cards = {c["card"]: c for c in view["wilds"]}
    seen: list[str] = []
    for d in p["pool"] + p["ready"] + [x for r in p["ready"] for x in r.get("attached", [])]:
        for cid in (d.get("card"), d.get("copies")):  # a copying ooze works as what it copies
            if cid in cards and cards[cid]["kind"] != "basic" and cid not in seen:
                seen.append(cid)
    out = []
    for cid in seen:
        c = cards[cid]
        timing = c.get("timing")
        kind = f"（{TIMINGS[timing][1]}）" if ja and timing in TIMINGS else f" ({TIMINGS[timing][0]})" if timing in TIMINGS else ""
        out.append(f" {_t(c['name'], locale)}{kind} — {_t(c['text'], locale)}")
    return out


# -- the picture ------------------------------------------------------------------------------------
# Drawn from the public view alone (the spectator's: bags are counts): the wilds
# as cards in their die's colour, then each player's glory, bag and used pile, and
# their ready area and active pool as dice showing their faces. Each die has the
# colour of its card's pile in the wilds, so a die is matched to its card at a glance.

DIE_FILLS = ("#efe8d4", "#a6cee3", "#7b5ea7", "#e15759", "#f28e2b", "#59a14f", "#b07aa1", "#9c755f", "#ff9da7",
             "#4e79a7", "#edc948", "#76b7b2", "#8cd17d", "#bab0ac", "#d4a6c8", "#86bcb6")
WIDTH = 960
COLUMNS = 7
CARD_W, CARD_H = 132, 66
DIE = 46
_CREATURE = re.compile(r"L(\d) (\S+)/(\S+?)(\*{0,2})$")


_EMOJI_NAME = str.maketrans({" ": "_", "/": "_", "+": "p", "*": "s", "?": "x"})
# A face's own colour in its emoji (the text has no die to colour it by): what kind of face it is.
_KIND_FILLS = {"L": "#e15759", "S": "#7b5ea7", "Q": "#edc948"}


def face_emoji(text: str) -> str:
    """The name of the emoji showing face `text` (`L2 6/6*` -> `pq_L2_6_6s`)."""
    return "pq_" + text.translate(_EMOJI_NAME)


def emoji() -> dict[str, str]:
    """Every face of the base set's dice as a drawing for an emoji, by the emoji's name."""
    from engine.quarriors.cards import base_set
    from engine.quarriors.faces import face_text

    texts = sorted({face_text(f) for c in base_set().cards.values() for f in c.faces})
    return {face_emoji(t): draw.document(128, 128, [face_svg(4, 4, 120, t, _KIND_FILLS.get(t[0], "#76b7b2"))],
                                         title=t, background="none") for t in texts}


def _fill(view: dict[str, Any], card: str) -> str:
    slots = [c["card"] for c in view["wilds"]]
    return DIE_FILLS[slots.index(card) % len(DIE_FILLS)] if card in slots else DIE_FILLS[-1]


def face_svg(x: float, y: float, size: float, text: str | None, fill: str) -> str:
    """A die at (x, y) showing face `text` (None: not rolled, a blank die): a creature
    face as its level and attack/defense, any other as its shorthand; bursts as stars."""
    ink = picture.ink_on(fill)
    out = [draw.rect(x, y, size, size, fill=fill, stroke="#333333", stroke_width=max(1, size / 30), rx=size / 6)]
    if text is None:
        return "".join(out)
    m = _CREATURE.match(text)
    stars = text[len(text.rstrip("*")):]
    if stars:
        out.append(draw.text(x + size - size * 0.08, y + size * 0.3, "★" * len(stars), fill=ink,
                            font_size=round(size * 0.24, 1), text_anchor="end"))
    if m:
        out.append(draw.text(x + size * 0.1, y + size * 0.3, f"L{m.group(1)}", fill=ink, font_size=round(size * 0.24, 1),
                            font_weight="bold"))
        main = f"{m.group(2)}/{m.group(3)}"
    else:
        main = text.rstrip("*")
    big = size * (0.42 if len(main) <= 3 else 0.34 if len(main) <= 4 else 0.27)
    out.append(draw.text(x + size / 2, y + size * 0.62 + big * 0.35, main, fill=ink, font_size=round(big, 1),
                        font_weight="bold", text_anchor="middle"))
    return "".join(out)


def _card(view: dict[str, Any], c: dict[str, Any], x: float, y: float, locale: str) -> str:
    ja = lang.ja(locale)
    fill = _fill(view, c["card"])
    left = len(c["dice"])
    stats = [f"魔力{c['cost']}" if ja else f"cost {c['cost']}"]
    if c["kind"] == "creature" or c["glory"]:
        stats.append(f"勝利点{c['glory']}" if ja else f"{c['glory']} glory")
    timing = TIMINGS[c["timing"]][1 if ja else 0] if c.get("timing") in TIMINGS else ""
    return "".join([
        draw.rect(x, y, CARD_W, CARD_H, fill="#ffffff", stroke=picture.LINE, rx=6),
        draw.rect(x, y, CARD_W, 20, fill=fill, rx=6),
        draw.text(x + 5, y + 14, draw.fit(_t(c["name"], locale), 11, CARD_W - 10, over_last=True),
                 fill=picture.ink_on(fill), font_size=11, font_weight="bold"),
        draw.text(x + 5, y + 35, ("・" if ja else " · ").join(stats), fill=picture.INK, font_size=11),
        draw.text(x + 5, y + 50, draw.fit(timing, 10, CARD_W - 10, over_last=True), fill=picture.MUTED,
                 font_size=10) if timing else "",
        draw.text(x + CARD_W - 6, y + 60, f"残り{left}" if ja else f"{left} left", fill=picture.INK if left else "#b00020",
                 font_size=11, text_anchor="end"),
    ])


def _die_svg(view: dict[str, Any], d: dict[str, Any], x: float, y: float, *, ready: bool) -> str:
    """A die, under it a creature's attack/defense now (ready area), beside it what is attached."""
    face = d.get("face")
    out = [face_svg(x, y, DIE, face["text"] if face else None, _fill(view, d.get("copies") or d["card"]))]
    if ready and "attack" in d:
        out.append(draw.text(x + DIE / 2, y + DIE + 13, f"{d['attack']}/{d['defense']}", fill=picture.INK,
                            font_size=12, text_anchor="middle"))
    for i, spell in enumerate(d.get("attached", [])):
        s = spell.get("face")
        out.append(face_svg(x + DIE - 10 + i * 6, y + DIE - 14 + i * 6, 18, s["text"] if s else None,
                            _fill(view, spell["card"])))
    return "".join(out)


def _dice_row(view: dict[str, Any], label: str, dice: list[dict[str, Any]], y: float, *, ready: bool) -> tuple[str, float]:
    """A labelled row of dice, wrapped; (its drawing, its height)."""
    left, step = 250, DIE + 16
    per_line = max(1, (WIDTH - left - 10) // step)
    out = [draw.text(left - 8, y + 28, label, fill=picture.MUTED, font_size=12, text_anchor="end")]
    if not dice:
        out.append(draw.text(left, y + 28, "—", fill=picture.MUTED, font_size=12))
    for i, d in enumerate(dice):
        row, col = divmod(i, per_line)
        out.append(_die_svg(view, d, left + col * step, y + 4 + row * (DIE + 20), ready=ready))
    lines = max(1, -(-len(dice) // per_line))
    return "".join(out), lines * (DIE + 20) + 4


def _player_svg(view: dict[str, Any], p: dict[str, Any], y: float, names: Sequence[str] | None, locale: str,
                for_png: bool) -> tuple[str, float]:
    ja = lang.ja(locale)
    seat = p["seat"]
    colour = picture.seat_colour(seat)
    to_act = seat == view["active"] and view["step"] != "over"
    rows: list[tuple[str, list[dict[str, Any]], bool]] = [("待機エリア" if ja else "ready", p["ready"], True)]
    if p["pool"]:
        rows.append(("活動プール" if ja else "pool", p["pool"], False))
    if p["aside"]:
        rows.append(("脇" if ja else "aside", p["aside"], False))
    body: list[str] = []
    h = 6.0
    for label, dice, ready in rows:
        drawn, height = _dice_row(view, label, dice, y + h, ready=ready)
        body.append(drawn)
        h += height
    h = max(h + 4, 92)
    name = picture.player(names, seat, locale, for_png=for_png)
    goal = max(view["goal"], 1)
    bar = 150 * min(p["glory"], goal) / goal
    head = [
        draw.rect(4, y, WIDTH - 8, h, fill="#ffffff", stroke=colour, stroke_width=3 if to_act else 1, rx=8),
        draw.rect(4, y, 10, h, fill=colour, rx=4),
        draw.text(22, y + 20, ("▶ " if to_act else "") + draw.fit(name, 13, 150, over_last=True), fill=picture.INK,
                 font_size=13, font_weight="bold"),
        draw.rect(22, y + 30, 150, 10, fill="#e6e1d3", rx=3),
        draw.rect(22, y + 30, bar, 10, fill=colour, rx=3),
        draw.text(22, y + 55, f"勝利点 {p['glory']}／{view['goal']}" if ja else f"glory {p['glory']} of {view['goal']}",
                 fill=picture.INK, font_size=12),
        draw.text(22, y + 72, f"バッグ{p['bag_count']}・休眠{len(p['used'])}" if ja
                 else f"bag {p['bag_count']} · used {len(p['used'])}", fill=picture.MUTED, font_size=11),
    ]
    return "".join(head + body), h


def _header(view: dict[str, Any], names: Sequence[str] | None, locale: str, for_png: bool) -> list[str]:
    ja = lang.ja(locale)

    def who(seat: int) -> str:
        return picture.player(names, seat, locale, for_png=for_png)
    step = STEPS.get(view["step"], (view["step"], view["step"]))[1 if ja else 0]
    if view["step"] == "over":
        winners = _sep(locale).join(who(w) for w in view.get("winners") or [])
        first = (f"クォーリアーズ — ターン{view['turn']}、ゲーム終了" if ja
                 else f"Quarriors — turn {view['turn']}, game over")
        return [first, (f"勝者：{winners}" if ja else f"Winner: {winners}") if winners else ""]
    t = view.get("this_turn", {})
    first = (f"クォーリアーズ — ターン{view['turn']}：{who(view['active'])}の手番（{step}）" if ja
             else f"Quarriors — turn {view['turn']}: {who(view['active'])} to play ({step})")
    bits = ([f"使える魔力{t.get('available', 0)}（蓄え{t.get('quiddity', 0)}）", f"捕獲残り{t.get('captures_left', 0)}",
             f"勝利点{view['goal']}で勝利"] if ja else
            [f"quiddity {t.get('available', 0)} ({t.get('quiddity', 0)} banked)",
             f"captures left {t.get('captures_left', 0)}", f"{view['goal']} glory wins"])
    if t.get("discount"):
        bits.append(f"捕獲値-{t['discount']}" if ja else f"captures cost {t['discount']} less")
    if t.get("attack_bonus"):
        bits.append(f"攻撃力+{t['attack_bonus']}" if ja else f"creatures +{t['attack_bonus']} attack")
    waiting = [w for w in view.get("waiting", []) if w["seat"] != view["active"] or w["kind"] != "turn"]
    if waiting:
        kinds = [DECISIONS.get(w["kind"], (w["kind"], w["kind"]))[1 if ja else 0] for w in waiting]
        bits.append(("待っている相手：" if ja else "waiting for ") +
                    _sep(locale).join(f"{who(w['seat'])}（{k}）" if ja else f"{who(w['seat'])} ({k})"
                                      for w, k in zip(waiting, kinds, strict=True)))
    a = view.get("attack")
    if a:
        bits.append(f"攻撃中 {who(a['attacker'])}→{who(a['defender'])}、残り{a['remaining']}" if ja
                     else f"attacking {who(a['defender'])}, {a['remaining']} to absorb")
    return [first, ("・" if ja else " · ").join(bits)]


def _svg(view: dict[str, Any], names: Sequence[str] | None, locale: str, *, for_png: bool) -> str:
    locale = picture.picture_locale(locale, for_png=for_png)
    ja = lang.ja(locale)
    first, second = _header(view, names, locale, for_png)
    body = [draw.text(10, 24, first, fill=picture.INK, font_size=16, font_weight="bold"),
            draw.text(10, 44, second, fill=picture.MUTED, font_size=12)]
    y = 56.0
    body.append(draw.text(10, y + 12, "狩場" if ja else "Wilds", fill=picture.INK, font_size=12, font_weight="bold"))
    y += 18
    for i, c in enumerate(view["wilds"]):
        row, col = divmod(i, COLUMNS)
        body.append(_card(view, c, 6 + col * (CARD_W + 4), y + row * (CARD_H + 4), locale))
    y += -(-len(view["wilds"]) // COLUMNS) * (CARD_H + 4) + 6
    for p in view["players"]:
        drawn, h = _player_svg(view, p, y, names, locale, for_png)
        body.append(drawn)
        y += h + 6
    return draw.document(WIDTH, int(y + 4), body, title=describe(view, names, locale), background=picture.PAPER)


def svg(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The board as SVG text (for the browser: names and Japanese drawn as they are)."""
    return _svg(view, names, locale, for_png=False)


def image(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> bytes:
    """The board as a PNG for Discord (text the rasteriser's fonts cannot draw falls back to English and seat labels)."""
    return draw.png(_svg(view, names, locale, for_png=True))


def _alt_die(d: dict[str, Any], locale: str) -> str:
    face = d.get("face")
    out = _t(d.get("card_name", d["name"]), locale) + (f" {face['text']}" if face else "")
    if "attack" in d:
        out += f"（{d['attack']}/{d['defense']}）" if lang.ja(locale) else f" ({d['attack']}/{d['defense']})"
    return out


def describe(view: dict[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The picture in words (alt text, at most 1,024 characters): the turn, each player's
    glory and dice in play, then the wilds."""
    ja = lang.ja(locale)
    first, second = _header(view, names, locale, False)
    parts = [first + ("。" if ja else "."), (second + ("。" if ja else ".")) if second else ""]
    for p in view["players"]:
        who = picture.player(names, p["seat"], locale)
        sep = _sep(locale)
        bits = [f"勝利点{p['glory']}", f"バッグ{p['bag_count']}個", f"休眠パイル{len(p['used'])}個"] if ja else \
            [f"{p['glory']} glory", f"bag {p['bag_count']}", f"used pile {len(p['used'])}"]
        bits.append(("待機エリア：" if ja else "ready: ") + (sep.join(_alt_die(d, locale) for d in p["ready"]) or "-"))
        if p["pool"]:
            bits.append(("活動プール：" if ja else "pool: ") + sep.join(_alt_die(d, locale) for d in p["pool"]))
        parts.append(f"{who}：" + "、".join(bits) + "。" if ja else f"{who}: " + "; ".join(bits) + ".")
    wilds = _sep(locale).join(f"{_t(c['name'], locale)}（魔力{c['cost']}、残り{len(c['dice'])}）" if ja
                              else f"{_t(c['name'], locale)} (cost {c['cost']}, {len(c['dice'])} left)"
                              for c in view["wilds"])
    parts.append(f"狩場：{wilds}。" if ja else f"Wilds: {wilds}.")
    return picture.alt([x for x in parts if x], locale)
