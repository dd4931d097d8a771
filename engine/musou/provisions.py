"""Provisions (兵糧) and costs: provisions come face down from the deck top and,
when spent, go back face down onto the deck top; once per turn a hand card may
be discarded to pay 1 instead. Also drawing, which can empty the deck."""

from __future__ import annotations

from engine.core import RuleError, Text, seat_ref

from .losses import lose_game
from .state import Log, MusouState, card_text


def _deal(s: MusouState, seat: int, n: int, into: list[str]) -> int:
    """Up to `n` cards from the top of `seat`'s deck onto `into`; emptying the deck loses the game."""
    deck = s.decks[seat]
    got = max(0, min(n, len(deck)))
    for _ in range(got):
        into.append(deck.pop())
    if not deck:
        lose_game(s, seat, "deck")
    return got


def draw(s: MusouState, seat: int, n: int, log: Log) -> None:
    got = _deal(s, seat, n, s.hands[seat])
    if got and log is not None:
        log.append(Text(f"{seat_ref(seat).en} draws {got} ({len(s.decks[seat])} left in the deck).",
                        f"{seat_ref(seat).ja}は{got}枚引いた（デッキ残り{len(s.decks[seat])}枚）。"))


def take_provisions(s: MusouState, seat: int, n: int, log: Log) -> None:
    got = _deal(s, seat, n, s.provisions[seat])
    if got and log is not None:
        log.append(Text(f"{seat_ref(seat).en} takes {got} {'provision' if got == 1 else 'provisions'} "
                        f"(now {len(s.provisions[seat])}).",
                        f"{seat_ref(seat).ja}は兵糧を{got}枚得た（計{len(s.provisions[seat])}枚）。"))


def check_payment(s: MusouState, seat: int, cost: int, pay: object, playing: str | None = None) -> None:
    """`pay` names a hand card to discard for 1 of the cost (or is None)."""
    if pay is not None:
        if cost < 1:
            raise RuleError(Text("Nothing to pay.", "支払うコストがありません。"),
                            Text("Leave out pay=.", "pay= を外してください。"))
        if s.tribute_used[seat]:
            raise RuleError(Text("You already discarded a hand card for cost this turn.",
                                 "このターンは既に手札を破棄してコストを支払っています。"),
                            Text("Once per turn only; pay with provisions.", "1ターンに1回のみです。兵糧で支払ってください。"))
        if not isinstance(pay, str) or pay not in s.hands[seat] or pay == playing:
            raise RuleError(Text("pay= must name another card in your hand.", "pay= には手札の別のカードを指定します。"),
                            Text("Discard a hand card other than the one you play, or leave out pay=.",
                                 "使うカード以外の手札を指定するか、pay= を外してください。"))
        cost -= 1
    have = len(s.provisions[seat])
    if have < cost:
        if pay is None and not s.tribute_used[seat] and have == cost - 1:
            allowed = Text("Discard another hand card for the missing 1 (pay=<card id>, once per turn).",
                           "足りない1は手札の別のカード1枚を破棄して払えます（pay=カードID、1ターン1回）。")
        else:
            allowed = Text("Wait for more provisions: each turn brings 1 + your ready generals on supply squares.",
                           "兵糧が増えるのを待ってください：毎ターン 1 + 補給マスの臨戦状態の武将の数だけ得ます。")
        raise RuleError(Text(f"Not enough provisions: the cost is {cost}, you have {have}.",
                             f"兵糧が足りません：コスト{cost}、兵糧{have}枚。"), allowed)


def pay_cost(s: MusouState, seat: int, cost: int, pay: str | None, log: Log) -> None:
    if pay is not None:
        s.hands[seat].remove(pay)
        s.discard[seat].append(pay)
        s.tribute_used[seat] = True
        cost -= 1
        if log is not None:
            name = card_text(s, pay)  # it goes to the discard pile, face up
            log.append(Text(f"{seat_ref(seat).en} discards {name.en} from hand to pay 1.",
                            f"{seat_ref(seat).ja}は手札の{name.ja}を捨ててコスト1を支払った。"))
    for _ in range(cost):
        s.decks[seat].append(s.provisions[seat].pop())
    if cost and log is not None:
        log.append(Text(f"{seat_ref(seat).en} spends {cost} {'provision' if cost == 1 else 'provisions'} "
                        f"({len(s.provisions[seat])} left).",
                        f"{seat_ref(seat).ja}は兵糧を{cost}枚消費した（残り{len(s.provisions[seat])}枚）。"))
