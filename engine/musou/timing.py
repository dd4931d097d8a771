"""Who may act when: the turn player or either player in a main phase (on
their priority), or the defender in the response window of an attack."""

from __future__ import annotations

from engine.core import RuleError, Text

from .state import MusouState

MAINS = frozenset({"main1", "main2"})


def in_main(s: MusouState, seat: int) -> bool:
    return s.stage in MAINS and s.priority == seat


def in_response(s: MusouState, seat: int) -> bool:
    return s.stage == "respond" and s.attack is not None and s.attack.seat != seat


def require_turn_main(s: MusouState, seat: int) -> None:
    if not (in_main(s, seat) and s.active == seat):
        raise RuleError(Text("Only the turn player may do that, in a main phase.",
                             "それはメインフェイズにターンプレイヤーだけが行えます。"),
                        Text("The other player may use stratagems, abilities and reveal face-down cards, or pass.",
                             "相手ターンには計略・能力・伏せ札の公開、またはパスができます。"))


def require_main_or_response(s: MusouState, seat: int) -> None:
    if not (in_main(s, seat) or in_response(s, seat)):
        raise RuleError(Text("You cannot do that now.", "今はそれを行えません。"),
                        Text("It is allowed on your priority in a main phase or when responding to an attack.",
                             "メインフェイズの自分の番か、攻撃宣言への対応時に行えます。"))


def square_arg(raw: object, name: str = "square") -> int:
    """Squares are numbered 1-9 row by row; 5 is the commander."""
    if not isinstance(raw, int) or isinstance(raw, bool) or not 1 <= raw <= 9 or raw == 5:
        raise RuleError(Text(f"{name}= must be a square 1-9 other than 5 (the commander).",
                             f"{name}= は5（指揮官）以外の1〜9のマス番号です。"),
                        Text("Squares go row by row: 1 2 3 / 4 5 6 / 7 8 9.", "マスは行ごとに 1 2 3 / 4 5 6 / 7 8 9 です。"))
    return raw - 1


def opt_str(a: dict[str, object], key: str) -> str | None:
    v = a.get(key)
    if v is None:
        return None
    if not isinstance(v, str):
        raise RuleError(Text(f"{key}= must be a card id.", f"{key}= はカードIDです。"),
                        Text("Card ids are shown in your hand and on the board, e.g. g1s0c12.",
                             "カードIDは手札と盤面に表示されます（例：g1s0c12）。"))
    return v
