"""The match of up to three games in one state: choosing a commander (a
different one each game), who goes first (random in game 1, then the loser's
choice), the mulligan, the first provisions, and between games the side-deck
swaps. The match ends when someone has won two games."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core import Rng, RuleError, Text, seat_ref

from .decks import MAX_COPIES, DeckList
from .phases import start_turn
from .provisions import draw, take_provisions
from .state import SQUARES, Log, MusouState, Names, mdef


def new_match(card_set: str, decks: list[DeckList]) -> MusouState:
    names = Names()
    pools: list[list[str]] = []
    for seat, deck in enumerate(decks):
        pool = []
        for k, key in enumerate(deck.commanders):
            cid = f"m{seat}{k}"
            names[cid] = key
            pool.append(cid)
        pools.append(pool)
    s = MusouState(card_set, names, [[], []], [[], []], [[], []], [[], []], [[], []],
                   [[None] * 9, [None] * 9], [None, None], pools, [[], []])
    # Between games a deck is a list of card keys; ids are handed out per game.
    s.decks = [list(d.deck) for d in decks]
    s.side = [list(d.side) for d in decks]
    s.stage, s.waiting = "commander", [True, True]
    return s


def deal_ids(s: MusouState, rng: Rng) -> None:
    """Fresh random instance ids each game, so an id seen in an earlier game
    says nothing about a hidden card now, and ids never encode deck order."""
    names = {c: k for c, k in s.names.items() if c.startswith("m")}
    for seat in (0, 1):
        keys = sorted(s.decks[seat]) + sorted(s.side[seat])
        numbers = rng.shuffled(range(len(keys)))
        ids = [f"g{s.game_no}s{seat}c{n}" for n in numbers]
        names.update(zip(ids, keys, strict=True))
        n_deck = len(s.decks[seat])
        s.decks[seat] = rng.shuffled(ids[:n_deck])
        s.side[seat] = sorted(ids[n_deck:])
    s.names = Names(names)


def check_commander(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    if s.stage != "commander" or not s.waiting[seat]:
        raise RuleError(Text("You are not choosing a commander now.", "今は指揮官を選ぶ時ではありません。"),
                        Text("Commanders are chosen before each game, once each.", "指揮官は各ゲームの前に1回選びます。"))
    if a.get("card") not in s.pool[seat]:
        raise RuleError(Text("Choose one of your unused commanders.", "未使用の自分の指揮官から選んでください。"),
                        Text("Each game needs a different commander.", "ゲームごとに別の指揮官を使います。"))


def do_commander(s: MusouState, seat: int, a: dict[str, Any], rng: Rng, log: Log) -> None:
    s.commander[seat] = a["card"]
    s.waiting[seat] = False
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} chooses a commander face down.",
                        f"{seat_ref(seat).ja}は指揮官を裏向きで選んだ。"))
    if any(s.waiting):
        return
    for side in (0, 1):
        cid = s.commander[side]
        assert cid is not None
        s.pool[side].remove(cid)
    if s.chooser is None:
        s.first = rng.below(2)
        if log is not None:
            log.append(Text(f"{seat_ref(s.first).en} goes first (at random).", f"先攻は{seat_ref(s.first).ja}（無作為）。"))
        start_game(s, rng, log)
        return
    s.stage = "first"


def check_first(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    if s.stage != "first" or s.chooser != seat:
        raise RuleError(Text("You are not choosing who goes first.", "先攻・後攻を選ぶのはあなたではありません。"),
                        Text("The loser of the last game chooses.", "前のゲームの敗者が選びます。"))
    if isinstance(a.get("seat"), bool) or a.get("seat") not in (1, 2):
        raise RuleError(Text("seat= must be 1 or 2.", "seat= は1か2です。"),
                        Text("Seats count from 1: first seat=1 or first seat=2.",
                             "席は1から数えます：first seat=1 か first seat=2。"))


def do_first(s: MusouState, seat: int, a: dict[str, Any], rng: Rng, log: Log) -> None:
    s.first = a["seat"] - 1
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} chooses: {seat_ref(s.first).en} goes first.",
                        f"{seat_ref(seat).ja}の選択：先攻は{seat_ref(s.first).ja}。"))
    start_game(s, rng, log)


def start_game(s: MusouState, rng: Rng, log: Log) -> None:
    deal_ids(s, rng)
    for seat in (0, 1):
        m = mdef(s, seat)
        s.troops[seat] = m.troops
        cid = s.commander[seat]
        assert cid is not None
        if log is not None:
            log.append(Text(f"{seat_ref(seat).en}'s commander: {m.name.en} ({m.troops} troops, hand {m.hand}, "
                            f"formation {m.layout}).",
                            f"{seat_ref(seat).ja}の指揮官：{m.name.ja}（兵数{m.troops}、手札{m.hand}枚、陣営{m.layout}）。"))
        draw(s, seat, m.hand, None)  # the commander's line says the hand size
    s.musou_used = [False, False]
    s.tribute_used = [False, False]
    s.turn += 1
    s.game_turn = 0
    s.stage, s.waiting = "mulligan", [True, True]


def check_mulligan(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    if s.stage != "mulligan" or not s.waiting[seat]:
        raise RuleError(Text("There is no mulligan decision for you now.", "今はマリガンの判断はありません。"),
                        Text("One mulligan or keep per game, right after the opening draw.",
                             "マリガンか確定は各ゲームの最初の手札で1回です。"))


def do_mulligan(s: MusouState, seat: int, a: dict[str, Any], rng: Rng, log: Log) -> None:
    s.waiting[seat] = False
    if a["kind"] == "mulligan":
        n = len(s.hands[seat])
        s.decks[seat] = rng.shuffled(s.decks[seat] + s.hands[seat])
        s.hands[seat] = []
        draw(s, seat, n, None)  # the mulligan's line says how many
        if log is not None:
            log.append(Text(f"{seat_ref(seat).en} mulligans ({n} cards).", f"{seat_ref(seat).ja}はマリガンした（{n}枚）。"))
    elif log is not None:
        log.append(Text(f"{seat_ref(seat).en} keeps the hand.", f"{seat_ref(seat).ja}は手札を確定した。"))
    if any(s.waiting):
        return
    for side in (0, 1):
        take_provisions(s, side, 1, log)
    start_turn(s, s.first, log)


def finish_game(s: MusouState, keep_final_board: bool = True) -> list[Text]:
    """Record the result; start the between-games steps or end the match.
    `keep_final_board`: the match's end leaves the deciding game's position
    (musou-4); musou-3 and older cleared the table first, and replay keeps that."""
    winner = s.game_winner
    assert winner is not None
    loser = 1 - winner
    reason = (Text("troops reached 0", "兵数が0になった") if s.loss_reason == "troops"
              else Text("deck ran out", "デッキが尽きた"))
    s.wins[winner] += 1
    s.results.append(winner)
    s.reasons.append(s.loss_reason)
    w, lo = seat_ref(winner), seat_ref(loser)
    log = [Text(f"Game {s.game_no}: {w.en} wins ({lo.en}'s {reason.en}). "
                f"Games won: {seat_ref(0).en} {s.wins[0]}, {seat_ref(1).en} {s.wins[1]}.",
                f"第{s.game_no}ゲーム：{w.ja}の勝利（{lo.ja}の{reason.ja}）。"
                f"勝ち数：{seat_ref(0).ja} {s.wins[0]}、{seat_ref(1).ja} {s.wins[1]}。")]
    s.attack, s.game_winner, s.loss_reason = None, None, ""
    s.passes, s.priority = 0, 0
    over = s.wins[winner] >= 2
    if over and keep_final_board:
        # The deciding game's final position stays on the board: the match-over
        # screen shows how it ended, not a table cleared for a game never played.
        s.stage, s.waiting = "over", [False, False]
        return [*log, Text(f"{w.en} wins the match.", f"{w.ja}がマッチに勝利した。")]
    for seat in (0, 1):
        gathered = s.decks[seat] + s.hands[seat] + s.provisions[seat] + s.discard[seat]
        gathered += [slot.card for sq in SQUARES if (slot := s.field[seat][sq]) is not None]
        s.decks[seat] = sorted(s.names[c] for c in gathered)
        s.side[seat] = sorted(s.names[c] for c in s.side[seat])
        s.hands[seat], s.provisions[seat], s.discard[seat] = [], [], []
        s.field[seat] = [None] * 9
        cid = s.commander[seat]
        if cid is not None:
            s.used[seat].append(cid)
        s.commander[seat] = None
    s.names = Names({c: k for c, k in s.names.items() if c.startswith("m")})
    if over:
        s.stage, s.waiting = "over", [False, False]
        return [*log, Text(f"{w.en} wins the match.", f"{w.ja}がマッチに勝利した。")]
    s.game_no += 1
    s.chooser = loser
    s.stage, s.waiting = "side", [True, True]
    return log


def check_swap(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    if s.stage != "side" or not s.waiting[seat]:
        raise RuleError(Text("Side-deck swaps happen only between games.", "サイドデッキの交換はゲーム間にのみ行えます。"),
                        Text("Swap before you confirm with keep, after game 1 or 2.",
                             "第1・第2ゲームの後、keep で確定する前に交換できます。"))
    out, into = a.get("out"), a.get("in")
    if out not in s.decks[seat] or into not in s.side[seat]:
        raise RuleError(Text("Swap a card of your deck (out=) for one of your side deck (in=).",
                             "デッキのカード（out=）とサイドデッキのカード（in=）を指定してください。"),
                        Text("Cards are named by card key, e.g. out=guan_ping in=huang_gai.",
                             "カードキーで指定します（例：out=guan_ping in=huang_gai）。"))
    if out != into and s.decks[seat].count(into) >= MAX_COPIES:
        raise RuleError(Text(f"The deck would hold more than {MAX_COPIES} copies of that card.",
                             f"デッキの同名カードが{MAX_COPIES}枚を超えます。"),
                        Text(f"Keep at most {MAX_COPIES} of a name in the deck.", f"デッキの同名カードは{MAX_COPIES}枚までです。"))
    if out != into and s.side[seat].count(out) >= MAX_COPIES:
        raise RuleError(Text(f"The side deck would hold more than {MAX_COPIES} copies of that card.",
                             f"サイドデッキの同名カードが{MAX_COPIES}枚を超えます。"),
                        Text(f"Keep at most {MAX_COPIES} of a name in the side deck too.",
                             f"サイドデッキも同名カードは{MAX_COPIES}枚までです。"))


def swaps(s: MusouState, seat: int) -> list[dict[str, Any]]:
    """The swaps `check_swap` accepts, each deck card (by key) with each side
    card: a between-games menu lists a few hundred, and checking each one
    scanned the deck twice. Their limits, read off counts taken once: a name
    goes into a list only while it holds fewer than MAX_COPIES of it."""
    if s.stage != "side" or not s.waiting[seat]:
        return []
    deck, side = Counter(s.decks[seat]), Counter(s.side[seat])
    ins = [i for i in sorted(side) if deck[i] < MAX_COPIES]
    return [{"kind": "swap", "out": o, "in": i}
            for o in sorted(deck) if side[o] < MAX_COPIES for i in ins if o != i]


def do_swap(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    s.decks[seat].remove(a["out"])
    s.side[seat].remove(a["in"])
    s.decks[seat] = sorted([*s.decks[seat], a["in"]])
    s.side[seat] = sorted([*s.side[seat], a["out"]])
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} swaps a card with the side deck.",
                        f"{seat_ref(seat).ja}はサイドデッキと1枚交換した。"))


def check_ready(s: MusouState, seat: int, a: dict[str, Any]) -> None:
    if s.stage != "side" or not s.waiting[seat]:
        raise RuleError(Text("Nothing to confirm now.", "今は確定するものがありません。"),
                        Text("keep confirms the deck between games or the opening hand.",
                             "keep はゲーム間のデッキか最初の手札を確定します。"))


def do_ready(s: MusouState, seat: int, a: dict[str, Any], log: Log) -> None:
    s.waiting[seat] = False
    if log is not None:
        log.append(Text(f"{seat_ref(seat).en} is ready for game {s.game_no}.",
                        f"{seat_ref(seat).ja}は第{s.game_no}ゲームの準備を終えた。"))
    if not any(s.waiting):
        s.stage, s.waiting = "commander", [True, True]
        if log is not None:
            log.append(Text(f"Game {s.game_no}: {seat_ref(0).en} and {seat_ref(1).en} each choose a commander "
                            "not used yet.",
                            f"第{s.game_no}ゲーム：{seat_ref(0).ja}と{seat_ref(1).ja}は未使用の指揮官を選ぶ。"))

