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


PREMOVE_HELP = Text(
    " A premove answers your next decision only, and only if its condition holds when that decision comes: "
    "`premove if KIND [ARGS] then ACTION` plays ACTION if another player has played KIND (with those arguments) "
    "since you set it, e.g. `premove if end_turn then pass`; `premove on DECISION then ACTION` plays it if that "
    "decision is of that kind (or `response`). It waits only for moves everyone sees whole ({kinds}), so it tells "
    "you nothing the table did not see. If ACTION is not legal then, or the condition does not hold, the premove "
    "lapses and you are asked as usual. It fires at most once, only you see it, and its move is shown as made "
    "'by premove': the table learns that you had answered in advance, and that answer.",
    " プレムーブは次の1回の判断にだけ、その判断が来たときに条件を満たしていれば応じます。"
    "`premove if 種類 [引数] then 行動` 設定後にほかのプレイヤーがその行動（その引数で）をしていれば行動を打ちます"
    "（例: `premove if end_turn then pass`）。`premove on 判断 then 行動` その種類（または `response`）の判断なら打ちます。"
    "条件にできるのは全員に丸ごと見える行動（{kinds}）だけなので、卓に見えなかったことは何も分かりません。"
    "そのとき行動が合法でないか条件を満たさなければ、プレムーブは消え、いつもどおりあなたに判断が回ります。"
    "打たれるのは最大1回、見えるのはあなただけで、その手は「プレムーブにより」と表示されます。卓に伝わるのは、"
    "前もって応じていたことと、その応手です。")


def order_help(game: Game[Any]) -> Text:
    """The help, with the orders this game names besides the generic ones, and
    its premoves where it allows them."""
    presets = {name: p for name, p in game.order_presets.items() if name not in GENERIC}
    text = ORDER_HELP
    if presets:
        listed = join([Text(f"`order {name}`: {p.help.en}", f"`order {name}`: {p.help.ja}")
                       for name, p in presets.items()], Text("; ", "、"))
        text = text + Text(f" In {game.title.en}: ", f" {game.title.ja}では: ") + listed + Text(".", "。")
    if not game.premove_kinds:
        return text
    kinds = ", ".join(f"`{k}`" for k in sorted(game.premove_kinds))
    return text + PREMOVE_HELP.format(kinds=kinds)


def orders_lines(orders: list[Order]) -> list[Text]:
    if not orders:
        return [Text("You have no standing orders.", "事前指示はありません。")]
    return [Text("Your standing orders (only you see them):", "あなたの事前指示（あなたにだけ見えます）:"),
            *(Text("  · ", "  · ") + o.describe() for o in orders)]


ORDER_SET = Text("Standing order set: ", "事前指示を設定しました: ")
ORDERS_CANCELLED = Text("Your standing orders are cancelled.", "事前指示を取り消しました。")
