"""Set-up decisions: mulligans, keep placement and the turn-1 land swap."""

from __future__ import annotations

from engine.core import Rng, RuleError, Text

from .board import COL_LETTERS, COLS, ROWS, row_of, square_name
from .names import Log, listing, owns, says
from .state import FREE_MULLIGANS, HAND_SIZE, Land, NaruState
from .turn import begin_turn
from .units import Defs


def mulligan_cost(s: NaruState, seat: int) -> int:
    """Two mulligans are free; each one after that costs 1 resource."""
    return 0 if s.players[seat].mulligans < FREE_MULLIGANS else 1


def mulligan(s: NaruState, seat: int, rng: Rng, log: Log) -> None:
    player = s.players[seat]
    cost = mulligan_cost(s, seat)
    if player.resources < cost:
        raise RuleError(Text("You cannot pay 1 resource for another mulligan.",
                             "これ以上のマリガンに払うリソースがありません。"),
                        Text("Keep your hand.", "手札を確定してください。"))
    player.resources -= cost
    player.mulligans += 1
    count = len(player.hand)
    player.deck = rng.shuffled(player.deck + player.hand)
    player.hand = player.deck[:count]
    player.deck = player.deck[count:]
    if log is not None:
        paid = f", paying {cost} resource" if cost else ", free"
        paid_ja = f"、リソース{cost}を支払った" if cost else "、無料"
        log.append(says(seat, f"mulligans (mulligan {player.mulligans}{paid}) and draws a new hand of {count}.",
                        f"マリガンした（{player.mulligans}回目{paid_ja}）。手札{count}枚を引き直した。"))


def keep_hand(s: NaruState, seat: int, log: Log) -> None:
    s.players[seat].hand_kept = True
    if log is not None:
        log.append(says(seat, f"keeps their hand of {HAND_SIZE}.", "手札を確定した。"))
    if all(p.hand_kept for p in s.players):
        s.phase = "keep"


def keep_squares(s: NaruState, seat: int) -> list[int]:
    """Before the turn order is known (always, in a real match) the keep is
    placed seat-relative: rows 0-1 are your home row and the row in front."""
    if not s.order_known:
        return list(range(2 * COLS))
    return [sq for sq in range(len(s.lands)) if s.territory(seat, sq)]


def keep_label(sq: int) -> Text:
    """A seat-relative keep square in words: 'column B, your home row'."""
    col = COL_LETTERS[sq % COLS]
    if row_of(sq) == 0:
        return Text(f"column {col}, your home row", f"{col}列・本陣ライン（手前の行）")
    return Text(f"column {col}, the row in front of it", f"{col}列・本陣ラインの一つ前の行")


def _flip(sq: int) -> int:
    """A seat-relative square seen from the first player's side (row 1 at the bottom)."""
    return (ROWS - 1 - row_of(sq)) * COLS + sq % COLS


def place_keep(s: NaruState, seat: int, sq: int | None, defs: Defs, rng: Rng, log: Log) -> None:
    player = s.players[seat]
    if player.keep_sq is not None:
        raise RuleError(Text("Your keep is already placed.", "天守閣はすでに配置済みです。"),
                        Text("Wait for your opponent to place theirs.", "相手の配置を待ってください。"))
    if sq is None or sq not in keep_squares(s, seat):
        names = listing([square_name(q) for q in keep_squares(s, seat)])
        raise RuleError(Text("The keep goes on a square of your own territory (at=B1: column B, your home row; "
                             "at=B2: the row in front of it).",
                             "天守閣は自分の領地内のマスに配置します（at=B1 はB列の本陣ライン、at=B2 はその一つ前の行）。"),
                        Text(f"Choose one of: {names.en}.", f"候補：{names.ja}。"))
    player.keep_sq = sq
    if log is not None:
        log.append(says(seat, "places their keep (hidden until both are placed).", "天守閣を配置した（両者がそろうまで非公開）。"))
    if all(p.keep_sq is not None for p in s.players) and not s.order_known:
        # Then the turn order, last as in the seed (ruling): a fair coin. The
        # first player's rows are 1-2, so the second player's choice is turned round.
        s.first = s.active = rng.below(2)
        s.order_known = True
        second = s.players[1 - s.first]
        assert second.keep_sq is not None
        second.keep_sq = _flip(second.keep_sq)
        if log is not None:
            log.append(says(s.first, "goes first (chosen at random); rows 1-2 are their territory, rows 3-4 the other's.",
                            "先攻になった（ランダムに決定）。1-2行目が先攻、3-4行目が後攻の領地。"))
    if all(p.keep_sq is not None for p in s.players):
        # Both choices are made blind, then turned up together.
        for owner, p in enumerate(s.players):
            assert p.keep_sq is not None
            s.lands[p.keep_sq] = Land(p.keep_card, owner, keep=True)
            if log is not None:
                name = defs[s.cards[p.keep_card]].name
                log.append(owns(owner, f"keep {name.en} stands on {square_name(p.keep_sq)}.",
                                f"天守閣「{name.ja}」は{square_name(p.keep_sq)}にある。"))
        begin_turn(s, s.first, defs, log)


def land_swap(s: NaruState, seat: int, give: object, take: object, defs: Defs, rng: Rng, log: Log) -> None:
    """Turn 1 only: pay 1 resource, put a hand card into the deck and take a land from it."""
    player = s.players[seat]
    if give not in player.hand:
        raise RuleError(Text("That card is not in your hand.", "そのカードは手札にありません。"),
                        Text("Give one of your hand cards.", "手札のカードを1枚選んでください。"))
    found = next((c for c in player.deck if s.cards[c] == take and defs[s.cards[c]].kind == "land"), None)
    if found is None:
        raise RuleError(Text("There is no such land in your deck.", "デッキにその土地はありません。"),
                        Text("Choose a land name from the list of actions.", "行動一覧から土地を選んでください。"))
    if player.resources < 1:
        raise RuleError(Text("The land swap costs 1 resource.", "土地の入れ替えにはリソース1が必要です。"),
                        Text("Choose no_swap.", "no_swap を選んでください。"))
    player.resources -= 1
    assert isinstance(give, str)
    player.hand.remove(give)
    player.deck.remove(found)
    player.hand.append(found)
    player.deck = rng.shuffled([*player.deck, give])
    s.phase = "summon"
    if log is not None:
        name = defs[s.cards[found]].name
        log.append(says(seat, f"pays 1 to swap a hand card for {name.en} from the deck; the deck is shuffled.",
                        f"リソース1を払い、手札1枚とデッキの{name.ja}を入れ替えた。デッキをシャッフルした。"))


def no_swap(s: NaruState, seat: int, log: Log) -> None:
    s.phase = "summon"
    if log is not None:
        log.append(says(seat, "swaps no land.", "土地を入れ替えなかった。"))
