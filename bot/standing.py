"""Standing orders in words, for both front ends: the help (which says what an
order lets the table learn), and a seat's orders as its player reads them."""

from __future__ import annotations

from typing import Any

from engine.core import Game, Text
from engine.core.orders import GENERIC, Order
from engine.core.text import join

ORDER_HELP = Text(
    "Standing orders answer some of your decisions for you while you are away. `order responses` passes every "
    "decision you get in another player's turn, until your next turn; `order all` passes every decision you get, "
    "until this phase ends; `order decline KIND` always declines decisions of that kind. Add `with ACTION` to answer "
    "with that action instead of the passive one, and `until turn`, `until phase` or `until match` to say how long "
    "it lasts. `orders` lists yours; `cancel` drops them, and so does any other command you send. Only you see your "
    "orders, but every move one makes is played at once and shown as made 'by standing order': the table learns "
    "what you chose to let it learn (that you pass, or decline that kind), nothing about your hidden cards. An "
    "order with an action plays it only when it is legal; when it is not, you are asked as usual, and the table "
    "sees that you were asked.",
    "事前指示は、あなたが不在の間、判断の一部を代わりに行います。`order responses` 次の自分の手番まで、他のプレイヤーの手番中に"
    "来る判断をすべてパス。`order all` このフェイズの終わりまで、来る判断をすべてパス。`order decline 種類` その種類の判断を"
    "常に断る。`with 行動` を付けるとパスの代わりにその行動で応じ、`until turn`・`until phase`・`until match` で期限を変えられます。"
    "`orders` で一覧、`cancel` で取り消し。ほかのコマンドを送っても取り消されます。指示の内容はあなたにしか見えませんが、"
    "指示による手はその場で打たれ「事前指示により」と表示されます。卓に伝わるのはあなたが伝えると選んだこと（パスする、その種類を"
    "断る）だけで、伏せた札のことは伝わりません。行動を指定した指示は、それが合法なときだけ打たれます。合法でなければ"
    "いつもどおりあなたに判断が回り、回ったことは卓にも分かります。")


def order_help(game: Game[Any]) -> Text:
    """The help, with the orders this game names besides the generic ones."""
    presets = {name: p for name, p in game.order_presets.items() if name not in GENERIC}
    if not presets:
        return ORDER_HELP
    listed = join([Text(f"`order {name}`: {p.help.en}", f"`order {name}`: {p.help.ja}") for name, p in presets.items()],
                  Text("; ", "、"))
    return ORDER_HELP + Text(f" In {game.title.en}: ", f" {game.title.ja}では: ") + listed + Text(".", "。")


def orders_lines(orders: list[Order]) -> list[Text]:
    if not orders:
        return [Text("You have no standing orders.", "事前指示はありません。")]
    return [Text("Your standing orders (only you see them):", "あなたの事前指示（あなたにだけ見えます）:"),
            *(Text("  · ", "  · ") + o.describe() for o in orders)]


ORDER_SET = Text("Standing order set: ", "事前指示を設定しました: ")
ORDERS_CANCELLED = Text("Your standing orders are cancelled.", "事前指示を取り消しました。")
