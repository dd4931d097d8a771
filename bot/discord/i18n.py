"""What the bot says in many places, in English and Japanese, and the
command-name translator. A text only one command says lives beside that
command (stats.py, summary.py, vacation.py, digest.py, records.py, menus.py,
views.py), in the same bilingual `Text` form: `grep -n "Text(" bot/` lists
every one of them for a translator.

Replies follow the user's Discord locale (`interaction.locale`); public
messages in a thread follow the guild's locale, since several people read them.
"""

from __future__ import annotations

from typing import ClassVar

import discord
from discord import app_commands

from engine.core import Text
from engine.core.text import pick_locale


def locale_of(interaction: discord.Interaction) -> str:
    return pick_locale(str(interaction.locale))


def guild_locale_of(interaction: discord.Interaction) -> str:
    return pick_locale(str(interaction.guild_locale or interaction.locale))


class M:
    """Reply texts. Placeholders are filled with Text.format."""

    apology = Text("Sorry, something went wrong on our side. It has been logged; please try again later.",
                   "申し訳ありません、内部エラーが発生しました。記録済みです。しばらくしてからお試しください。")
    stale = Text("That choice is no longer current: the game has moved on. Look at the board for what is asked now.",
                 "その選択肢はもう有効ではありません（対戦が進みました）。盤面で現在の状況を確認してください。")
    duplicate = Text("That was already done (a repeated click or retry); nothing changed.",
                     "その操作は処理済みです（二重クリックまたは再送）。変更はありません。")
    no_match_here = Text("No match is played in this channel.", "このチャンネルで行われている対戦はありません。")
    no_match_hint = Text("Run this in a match's thread, or give the `match` option.",
                         "対戦のスレッドで実行するか、`match` オプションを指定してください。")
    which_match = Text("You play in several matches here ({ids}): say which.",
                       "ここで複数の対戦に参加しています（{ids}）。どれか指定してください。")
    not_moderator = Text("Only moderators can do that.", "この操作はモデレーターのみ可能です。")
    not_moderator_hint = Text("Moderators have the Manage Server permission or the configured moderator role.",
                              "モデレーターは「サーバー管理」権限または設定されたモデレーターロールを持つ人です。")
    guild_only = Text("Matches are played in a server channel.", "対戦はサーバーのチャンネルで行います。")
    bad_options = Text("Options are `key=value` pairs separated by spaces or commas.",
                       "オプションは `key=value` をスペースまたはカンマで区切って指定します。")
    unknown_game = Text("Unknown game '{game}'.", "ゲーム「{game}」はありません。")
    games_available = Text("Available: {games}.", "利用できるゲーム: {games}。")
    created = Text("Match `{match}` of {game} created: {thread}.", "{game}の対戦 `{match}` を作成しました: {thread}")
    joined = Text("You joined match `{match}`.", "対戦 `{match}` に参加しました。")
    left = Text("You left match `{match}`.", "対戦 `{match}` から退出しました。")
    started = Text("Match `{match}` started.", "対戦 `{match}` を開始しました。")
    bot_added = Text("A bot joined match `{match}`.", "対戦 `{match}` にボットが参加しました。")
    done = Text("Done: {what}", "実行しました: {what}")
    too_many = Text("More than 25 choices: type `/parley act` and pick from the suggestions as you type.",
                    "選択肢が25を超えています。`/parley act` で入力しながら候補から選んでください。")
    your_hand = Text("Your view of match `{match}`", "対戦 `{match}` のあなたの画面")
    spectating = Text("You are not seated in `{match}`; here is the public board.",
                      "あなたは `{match}` の参加者ではありません。公開盤面を表示します。")
    choose = Text("Choose your action", "行動を選んでください")
    lobby_title = Text("{game} · match {match}", "{game} · 対戦 {match}")
    lobby_open = Text("Open for players ({n}/{max}, at least {min}). The creator starts the match.",
                      "参加者募集中（{n}/{max}人、最少{min}人）。作成者が開始します。")
    lobby_started = Text("Started. Play in the thread.", "開始しました。スレッドで対局します。")
    lobby_closed = Text("This match is {status}.", "この対戦は{status}です。")
    seats = Text("Seats", "席順")
    options = Text("Options", "オプション")
    none = Text("none", "なし")
    deadline = Text("Move deadline: {hours} h, then {policy}.", "手番の期限: {hours}時間（超過時は{policy}）。")
    policy_skip = Text("the default move is played", "既定の行動で進行")
    policy_forfeit = Text("the seat forfeits", "その席は投了扱い")
    btn_join = Text("Join", "参加")
    btn_leave = Text("Leave", "退出")
    btn_start = Text("Start", "開始")
    btn_bot = Text("Add bot", "ボット追加")
    btn_bot_level: ClassVar[dict[str, Text]] = {"easy": Text("Add bot: easy", "ボット追加：かんたん"),
                                                 "normal": Text("Add bot: normal", "ボット追加：ふつう"),
                                                 "hard": Text("Add bot: hard", "ボット追加：むずかしい")}
    btn_hand = Text("Show my hand", "手札を見る")
    btn_accept = Text("Accept takeback", "取り消しを承認")
    btn_decline = Text("Decline", "拒否")
    your_turn = Text("{who}: {prompt}", "{who}: {prompt}")
    dm_closed = Text("{who}, I could not send you a direct message (your DMs are closed for this server, "
                     "or we no longer share a server). "
                     "Use `/parley hand` or the button below to see your hand privately.",
                     "{who} さんにDMを送れませんでした（このサーバーからのDMが閉じているか、共通のサーバーがありません）。"
                     "`/parley hand` または下のボタンで手札を非公開で確認できます。")
    dm_header = Text("**{game}** · match `{match}` · {where}", "**{game}** · 対戦 `{match}` · {where}")
    board_header = Text("**{game}** · match `{match}` · {status}", "**{game}** · 対戦 `{match}` · {status}")
    waiting_for = Text("Waiting for {who}.", "{who} の選択待ち。")
    finished = Text("Match over. Winner: {who}. {reason} Check fairness with `/parley log verify`.",
                    "対戦終了。勝者: {who}。{reason} 公正さは `/parley log verify` で確認できます。")
    reminder = Text("Reminder — {who}: the match is waiting for you ({prompt}).",
                    "リマインダー — {who}: あなたの選択を待っています（{prompt}）。")
    ev_joined = Text("{who} joined.", "{who} が参加しました。")
    ev_left = Text("{who} left.", "{who} が退出しました。")
    ev_started = Text("The match begins. Seat order: {seats}.", "対戦開始。席順: {seats}。")
    ev_undo = Text("A moderator ({who}) undid moves back to event {to}. Reason: {reason}",
                   "モデレーター（{who}）がイベント{to}まで巻き戻しました。理由: {reason}")
    ev_redo = Text("A moderator ({who}) restored the moves of the last undo. Reason: {reason}",
                   "モデレーター（{who}）が直前の巻き戻しを取り消しました。理由: {reason}")
    no_permission = Text("I cannot open a match thread in this channel ({what}).",
                         "このチャンネルでは対戦用スレッドを作成できません（{what}）。")
    no_permission_hint = Text("Give me View Channels, Send Messages, Create Public Threads, Send Messages in Threads, "
                              "Manage Threads, Attach Files and Read Message History.",
                              "チャンネルの閲覧、メッセージの送信、公開スレッドの作成、スレッドでのメッセージ送信、"
                              "スレッドの管理、ファイルの添付、メッセージ履歴の閲覧の権限を付与してください。")
    ev_takeback = Text("Takeback accepted: the last move is taken back.", "取り消しが承認され、直前の行動を戻しました。")
    ev_tb_request = Text("{who} asks to take back their last move. The other players answer below.",
                         "{who} が直前の行動の取り消しを求めています。他のプレイヤーは下のボタンで回答してください。")
    ev_tb_answer = Text("{who} {answer} the takeback.", "{who} が取り消しを{answer}。")
    accepts = Text("accepts", "承認しました")
    declines = Text("declines", "拒否しました")
    ev_replaced = Text("A moderator ({mod}) gave seat {seat} to {who}. Reason: {reason}",
                       "モデレーター（{mod}）が{seat}番席を{who}に交代しました。理由: {reason}")
    ev_handed = Text("The player of seat {seat} handed it to {who}.", "{seat}番席のプレイヤーが席を{who}に譲りました。")
    ev_taken_over = Text("A bot ({level}) plays the seat from now on.", "以後はボット（{level}）がこの席を代打ちします。")
    takeover = Text("A seat whose player leaves is played on by a bot ({level}).",
                    "退席したプレイヤーの席はボット（{level}）が代打ちします。")
    level_names: ClassVar[dict[str, Text]] = {"easy": Text("easy", "かんたん"), "normal": Text("normal", "ふつう"),
                                              "hard": Text("hard", "むずかしい")}
    settings_rated = Text("New matches are rated on the server's ladders (a creator may make one casual).",
                          "新しい対戦はサーバーのラダーでレーティング対象です（作成者がカジュアルにできます）。")
    settings_casual = Text("New matches are casual, not rated (a creator may make one rated).",
                           "新しい対戦はカジュアル（レーティング対象外）です（作成者が対象にできます）。")
    casual = Text("Casual match: not rated.", "カジュアル対戦：レーティング対象外です。")
    settings_takeover = Text("A left seat in new matches is played on by: a bot ({level}).",
                             "新しい対戦で退席者の席を代打ちするもの: ボット（{level}）。")
    settings_no_takeover = Text("A left seat in new matches is played on by: nobody (its default move).",
                                "新しい対戦で退席者の席を代打ちするもの: なし（既定の行動）。")
    ev_removed = Text("Seat {seat} ({who}) is out of the game: {reason}.", "{seat}番席（{who}）は脱落しました: {reason}。")
    ev_aborted = Text("A moderator ({who}) aborted the match. Reason: {reason}",
                      "モデレーター（{who}）が対戦を中止しました。理由: {reason}")
    ev_aborted_system = Text("The match was aborted. Reason: {reason}", "対戦は中止されました。理由: {reason}")
    ev_note = Text("Note: {text}", "メモ: {text}")
    history_title = Text("Matches in this server", "このサーバーの対戦")
    history_imported = Text("imported, not counted in records", "取り込み・戦績に数えない")
    history_empty = Text("No matches yet. Start one with `/parley new`.", "まだ対戦はありません。`/parley new` で開始できます。")
    replay_title = Text("Replay of `{match}` — {pos}/{total} (event {seq}, turn {turn})",
                        "`{match}` のリプレイ — {pos}/{total}（イベント{seq}、ターン{turn}）")
    replay_jump = Text("Jump to turn", "ターンへ移動")
    replay_mine = Text("Back to my last move", "自分の前回の手番へ")
    replay_no_move = Text("You have not made a move in this match yet.", "この対戦でのあなたの手はまだありません。")
    replay_no_move_hint = Text("The viewer's other buttons step through the match.",
                               "ほかのボタンで対戦を1手ずつ見られます。")
    replay_turn = Text("Turn number", "ターン番号")
    no_turn = Text("There is no turn {turn} in this match.", "この対戦にターン{turn}はありません。")
    export_ready = Text("The event log of `{match}` (JSON Lines), as you may see it.",
                        "`{match}` のイベントログ（JSON Lines、あなたが閲覧できる範囲）。")
    verify_ok = Text("Fairness check of `{match}`: passed.", "`{match}` の公正性チェック: 合格。")
    verify_bad = Text("Fairness check of `{match}`: FAILED.", "`{match}` の公正性チェック: 不合格。")
    undone = Text("Undone back to event {to}.", "イベント{to}まで戻しました。")
    tb_asked = Text("Takeback requested.", "取り消しを要求しました。")
    answered = Text("Answer recorded.", "回答を記録しました。")
    aborted_ok = Text("Match `{match}` aborted.", "対戦 `{match}` を中止しました。")
    replaced_ok = Text("Seat {seat} now belongs to {who}.", "{seat}番席は{who}になりました。")
    removed_ok = Text("Seat {seat} removed.", "{seat}番席を除外しました。")
    forfeited_ok = Text("You forfeited.", "投了しました。")
    games_list = Text("Installed games: {games}", "インストール済みのゲーム: {games}")
    board_link = Text("Board", "盤面")
    board_moved = Text("↪ The board has grown and moved here: {link}", "↪ 盤面が長くなったため、こちらに移りました: {link}")
    not_your_turn = Text("It is not your turn: the game is waiting for {who}.",
                         "今はあなたの番ではありません。{who} の選択を待っています。")
    not_your_turn_hint = Text("You are mentioned in the thread when it is your turn.",
                              "あなたの番になるとスレッドでメンションされます。")
    choose_group = Text("Choose a card or action", "カードまたは行動を選んでください")
    n_choices = Text("{n} choices", "{n}件の選択肢")
    btn_card_play = Text("Choose", "これにする")  # beside a card with one choice in a hand: plays it
    btn_card_open = Text("Choose…", "選ぶ…")  # beside a card with several: offers them
    in_group = Text("{group}: choose one.", "{group}: 1つ選んでください。")
    card_which_game = Text("Which game's cards?", "どのゲームのカードですか？")
    card_which_game_hint = Text("Run this in a match's thread, or give the `game` option.",
                                "対戦のスレッドで実行するか、`game` オプションを指定してください。")
    card_none_in_game = Text("{game} has no cards to look up.", "{game}には調べられるカードがありません。")
    card_not_found = Text("No card of {game} matches '{query}'.", "{game}に「{query}」に当たるカードはありません。")
    card_not_found_hint = Text("Start typing a name (English or Japanese) and pick from the suggestions.",
                               "名前（日本語または英語）を入力し始めて、候補から選んでください。")
    card_several = Text("Several cards match '{query}': {names}. Pick one from the suggestions.",
                        "「{query}」に当たるカードが複数あります: {names}。候補から1つ選んでください。")
    card_more = Text(" (and {n} more)", "（ほか{n}件）")
    list_sep = Text(", ", "、")
    settings_title = Text("Parley settings of this server", "このサーバーのParley設定")
    settings_role = Text("Moderator role: {role}", "モデレーターロール: {role}")
    settings_role_default = Text("none (Manage Server only)", "なし（「サーバー管理」権限のみ）")
    settings_role_operator = Text("{role} (the bot operator's default)", "{role}（ボット運営者の既定）")
    settings_deadline = Text("Default move deadline for new matches: {hours} h, then {policy}.",
                             "新しい対戦の手番の既定期限: {hours}時間（超過時は{policy}）。")
    settings_no_deadline = Text("Default move deadline for new matches: none.", "新しい対戦の手番の既定期限: なし。")
    settings_language = Text("Language of new match threads: {language}", "新しい対戦スレッドの言語: {language}")
    settings_saved = Text("Saved.", "保存しました。")
    settings_managers_only = Text("Only members with the Manage Server permission can change these settings.",
                                  "この設定を変更できるのは「サーバー管理」権限を持つメンバーだけです。")
    settings_how = Text("Change them with `/parley-mod settings` and its options.",
                        "`/parley-mod settings` のオプションで変更できます。")
    language_names: ClassVar[dict[str, Text]] = {"en": Text("English", "英語"), "ja": Text("Japanese", "日本語"),
                                                 "": Text("the server's Discord language", "サーバーのDiscordの言語")}
    status: ClassVar[dict[str, Text]] = {"lobby": Text("open for players", "募集中"), "running": Text("in play", "進行中"),
              "finished": Text("finished", "終了"), "aborted": Text("aborted", "中止")}
    reasons: ClassVar[dict[str, Text]] = {"forfeit": Text("forfeited", "投了"), "removed": Text("removed by a moderator", "モデレーターが除外"),
               "timeout": Text("missed the deadline", "期限切れ")}
    board_alt = Text("The board of {game}, match {match}, as a picture; the same board in words:",
                     "{game}・対戦 {match} の盤面の画像。同じ盤面の文字による説明:")
    not_your_menu = Text("This menu is {who}'s decision, not yours.", "このメニューは {who} の選択で、あなたのものではありません。")
    not_your_menu_hint = Text("Your own decisions come to your DMs; `/parley hand` shows yours.",
                              "あなたの選択はあなたのDMに届きます。`/parley hand` で自分の手札を確認できます。")


def status_text(status: str) -> Text:
    return M.status.get(status, Text(status, status))


# Command, parameter and choice names in Japanese. Discord wants names
# lowercase with no spaces; Japanese script has no case, so these are valid.
_JA: dict[str, str] = {
    # names
    "games": "ゲーム一覧", "new": "新規", "join": "参加", "leave": "退出", "start": "開始", "addbot": "ボット追加",
    "act": "行動", "hand": "手札", "board": "盤面", "takeback": "待った", "forfeit": "投了", "undo": "巻き戻し",
    "redo": "やり直し", "abort": "中止", "replace": "交代", "remove": "除外", "replay": "リプレイ", "history": "履歴",
    "export": "エクスポート", "verify": "検証", "card": "カード", "settings": "設定", "parley-mod": "parley-管理",
    "name": "名前", "moderator_role": "モデレーターロール", "clear_moderator_role": "モデレーターロール解除",
    "language": "言語", "English": "英語", "Japanese": "日本語", "the server's Discord language": "サーバーの言語",
    "game": "ゲーム", "options": "オプション", "deadline_hours": "期限時間", "deadline_action": "期限切れ処理",
    "reminder_hours": "リマインド時間", "match": "対戦", "action": "行動内容", "count": "回数", "to_event": "イベント番号",
    "reason": "理由", "seat": "席", "user": "ユーザー", "turn": "ターン",
    "skip": "既定の行動", "forfeit the seat": "投了扱い",
    "level": "強さ", "easy": "かんたん", "normal": "ふつう", "hard": "むずかしい",
    "takeover": "代打ち", "off": "なし", "sub": "代打ち募集",
    "Who plays a seat whose player leaves (default: the server's)": "退席者の席を誰が代打ちするか（省略時: サーバーの設定）",
    "Who plays a left seat in new matches": "新しい対戦で退席者の席を誰が代打ちするか",
    "Substitutes: list, join or leave this server's pool, or hand your seat over":
        "代打ち: このサーバーの候補の一覧・登録・解除、または自分の席を譲る",
    "What to do": "操作", "list": "一覧", "join the pool": "候補に登録", "leave the pool": "候補から外れる",
    "hand a seat over": "席を譲る", "Who takes the seat (from the pool)": "席を引き継ぐ人（候補から）",
    "Seat to hand over (moderators: any seat; default: yours)": "譲る席（モデレーターは任意の席、省略時: 自分の席）",
    "How well the bot plays (default: easy)": "ボットの強さ（省略時: かんたん）",
    # descriptions
    "Play tabletop games by message": "メッセージで遊ぶボードゲーム",
    "List the installed games": "インストール済みのゲームを表示",
    "Create a match in this channel (a thread opens for it)": "このチャンネルで対戦を作成（専用スレッドを開きます）",
    "Join the match": "対戦に参加", "Leave the match's lobby": "対戦の募集から退出",
    "Start the match (its creator)": "対戦を開始（作成者）", "Add a bot player to the lobby": "ボットを参加させる",
    "Make your move": "行動する", "Show your hand privately": "自分の手札を非公開で表示",
    "Show the board privately": "盤面を非公開で表示",
    "Ask to take back your last move": "直前の行動の取り消しを求める", "Forfeit the match": "投了する",
    "Moderator: undo moves": "モデレーター: 行動を巻き戻す", "Moderator: undo the last undo": "モデレーター: 巻き戻しを取り消す",
    "Moderator: abort the match": "モデレーター: 対戦を中止", "Moderator: give a seat to another user": "モデレーター: 席を交代",
    "Moderator: remove a player": "モデレーター: プレイヤーを除外", "Watch a replay": "リプレイを見る",
    "List this server's matches": "このサーバーの対戦一覧", "Download the event log (JSON Lines)": "イベントログをダウンロード",
    "Check a finished match's fairness": "終了した対戦の公正性を確認",
    "Which game": "ゲームの種類", "Game options as key=value pairs": "ゲームのオプション（key=value）",
    "Hours a player has for each decision (0: none; default: the server's)":
        "各選択の制限時間（時間、0で無制限、省略時はサーバーの設定）",
    "Parley moderators: undo, abort, replace, remove, settings": "Parleyモデレーター: 巻き戻し・中止・交代・除外・設定",
    "Show a card's full text privately": "カードの全文を非公開で表示",
    "The card's name (English or Japanese) or id": "カード名（日本語または英語）またはID",
    "Which game's cards (default: this thread's match)": "どのゲームのカードか（省略時: このスレッドの対戦）",
    "Server settings (Manage Server): moderator role, default deadline, language":
        "サーバー設定（サーバー管理権限）: モデレーターロール・既定の期限・言語",
    "Role whose members may moderate matches": "対戦をモデレートできるロール",
    "Remove the moderator role": "モデレーターロールを解除する",
    "Default hours per decision for new matches (0: none)": "新しい対戦の各選択の既定の制限時間（0で無制限）",
    "What happens when a default deadline passes": "既定の期限を過ぎたときの処理",
    "Language of new match threads": "新しい対戦スレッドの言語",
    "What happens when the deadline passes": "期限を過ぎたときの処理",
    "Hours before a waiting player is reminded": "待機中のプレイヤーへのリマインドまでの時間",
    "Match id (default: this thread's match)": "対戦ID（省略時: このスレッドの対戦）",
    "Your action: start typing to see the legal ones": "行動: 入力すると可能な行動が表示されます",
    "How many actions to undo": "巻き戻す行動の数", "Undo back to this event number instead": "このイベント番号まで巻き戻す",
    "Why (shown publicly)": "理由（公開されます）", "Seat number (1 = first)": "席番号（1が最初）",
    "The user who takes the seat": "席に着くユーザー", "Turn to open the replay at": "開始するターン",
    # player records, reminders and vacations (bot/discord/stats.py, vacation.py)
    "stats": "戦績", "mine": "自分の手番", "vacation": "休暇", "digest": "まとめ通知", "server": "サーバー",
    "days": "日数", "enabled": "有効",
    "Records: matches, wins by game, time to move (with a chart)": "戦績: 対戦数・ゲーム別の勝利数・手番時間（グラフ付き）",
    "Whose records (default: yours)": "誰の戦績か（省略時: 自分）", "This server's records instead": "代わりにサーバー全体の記録",
    "The matches waiting for your move": "あなたの手番を待っている対戦",
    "Pause your deadlines and reminders for some days": "期限とリマインダーを数日止める",
    "Days away (0: back now)": "休む日数（0で今すぐ復帰）",
    "One daily DM of waiting matches instead of reminders": "リマインダーの代わりに待機中の対戦を1日1回DMで受け取る",
    "On (default) or off": "有効（既定）または無効",
    # standing orders (bot/discord/orders.py)
    "order": "事前指示", "cancel": "取り消し",
    "Standing orders: answer some of your decisions while away": "事前指示: 不在の間、判断の一部を代わりに行う",
    "e.g. responses, all, decline KIND, premove if KIND then ACTION; empty: yours and the help": "例: responses・all・decline 種類・premove if 種類 then 行動（空欄: 一覧と説明）",
    "Cancel your standing orders": "事前指示を取り消す",
    # clocks (events/clock.py): quiet hours, the server's default clock
    "thinking": "延長", "Ask for more time, once per match": "持ち時間の延長を求める（1対戦に1回）",
    "hours": "静かな時間", "quiet": "時間帯", "zone": "タイムゾーン", "clock": "持ち時間",
    "Your quiet hours: your clocks stop and nobody pings you": "静かな時間: 持ち時間が止まり、通知も届きません",
    "Like 23:00-07:00, or none": "23:00-07:00 のように指定（なしは none）",
    "Your time zone, like Asia/Tokyo (default: the one you set before, or UTC)":
        "タイムゾーン（Asia/Tokyo など。省略時: 前回の設定かUTC）",
    "Default clock for new matches, like bank:3d+6h grace=2h (none: the deadline)":
        "新しい対戦の既定の持ち時間（bank:3d+6h grace=2h など。none で期限のみ）",
    # response windows (events/window.py)
    "window": "応答受付時間",
    "Minutes until an unanswered response passes in new matches, same for every hand (0: none)":
        "新しい対戦で、答えのない応答がパスになるまでの分数。手札に関わらず同じ（0: なし）",
    # ratings and ladders (bot/discord/ratings.py)
    "ladder": "ラダー", "season": "シーズン", "rated": "レーティング対象", "end": "終了",
    "Also show this player's rating and place": "このプレイヤーのレーティングと順位も表示",
    "A game's ladder on this server (with a chart)": "このサーバーでのゲームのラダー（グラフ付き）",
    "A closed season's final table": "終了したシーズンの最終順位",
    "Rated on the ladder, or casual (default: the server's)": "ラダーのレーティング対象か、カジュアルか（省略時: サーバーの設定）",
    "Whether new matches are rated by default": "新しい対戦を既定でレーティング対象にするか",
    "Moderator: start or end this server's ladder season": "モデレーター: このサーバーのラダーのシーズンを開始・終了",
    "Start a new season (ending the running one) or end it": "新しいシーズンを開始（進行中のものは終了）、または終了",
    # the command groups, a player's rating and card (bot/discord/cog.py, profile.py)
    "log": "記録", "me": "自分",
    "A match's record: replay, export, fairness check": "対戦の記録: リプレイ・エクスポート・公正性の確認",
    "Your own settings: vacation, quiet hours, daily digest": "自分の設定: 休暇・静かな時間・まとめ通知",
    "rating": "レーティング", "profile": "プロフィール",
    "A player's rating in each game, or in one": "プレイヤーのゲームごとのレーティング（1ゲームだけも可）",
    "Whose rating (default: yours)": "誰のレーティングか（省略時: 自分）", "Only this game": "このゲームだけ",
    "A player's card: ratings, recent results, reliability, current matches":
        "プレイヤーのカード: レーティング・最近の結果・信頼度・進行中の対戦",
    "Whose card (default: yours)": "誰のカードか（省略時: 自分）",
    # the match hall (bot/discord/hall.py, expiry.py)
    "lobby_days": "募集日数", "Days before a lobby nobody joins closes": "誰も参加しない募集を締め切るまでの日数",
    # decks and card sets (bot/discord/deckgroup.py)
    "deck": "デッキ", "save": "保存", "show": "表示", "delete": "削除", "cardset": "カードセット",
    "Your decks, and this server's card sets": "自分のデッキと、このサーバーのカードセット",
    "Save a deck: paste its list or upload its file in a form": "デッキを保存: フォームにリストを貼り付けるかファイルをアップロード",
    "List your decks and this server's card sets": "自分のデッキとこのサーバーのカードセットの一覧",
    "Only this game's": "このゲームのものだけ", "The deck's name": "デッキの名前",
    "Show one of your decks privately": "自分のデッキを自分だけに表示", "Delete one of your decks": "自分のデッキを削除",
    "Manage Server: upload a card file this server's matches may choose":
        "サーバー管理: このサーバーの対戦で選べるカードファイルをアップロード",
    "One word; matches choose it with cardset=NAME": "1語で。対戦では cardset=名前 で選びます",
    # /parley-league (bot/discord/league.py)
    "league": "リーグ", "parley-league": "parley-リーグ",
    "Leagues and tournaments: Swiss, round robin, elimination": "リーグと大会：スイス式・総当たり・エリミネーション",
    "League id (default: this server's open league)": "リーグ ID（省略時: このサーバーで開催中のリーグ）",
    "Make a league here; its matches open threads of this channel": "ここでリーグを作成（対戦はこのチャンネルのスレッドで）",
    "format": "形式",
    "Swiss (default), round robin or single elimination": "スイス式（既定）、総当たり、シングルエリミネーション",
    "Swiss": "スイス式",
    "round robin": "総当たり",
    "single elimination": "シングルエリミネーション",
    "Each match's options as key=value pairs (a clock among them)": "各対戦のオプション（key=value。持ち時間も指定可）",
    "rounds": "回戦数",
    "How many rounds (default: the format's own)": "回戦数（省略時: 形式の標準）",
    "pod": "卓人数",
    "Players per table: 2, or 3-8 for the multi-seat games": "1卓の人数：2、多人数ゲームなら3〜8",
    "deadline_days": "回戦の期限日数",
    "Days a round may take (default: no deadline)": "1回戦にかけられる日数（省略時: 期限なし）",
    "Rated on the ladder (default: the server's)": "ラダーのレーティング対象にするか（省略時: サーバーの設定）",
    "A name for the league": "リーグの名前",
    "Join a league": "リーグに参加",
    "add": "追加",
    "Organiser: add a player or bots to a league": "運営者: リーグにプレイヤーかボットを追加",
    "The player to add": "追加するプレイヤー",
    "bots": "ボット数",
    "How many bots to add": "追加するボットの数",
    "drop": "棄権",
    "Leave a league, or (organiser) take a player out": "リーグから抜ける（運営者はプレイヤーを外す）",
    "Who (default: you)": "誰を（省略時: あなた）",
    "Organiser: pair round 1 and open its matches": "運営者: 第1回戦を組み合わせて対戦を開く",
    "A league's standings and the round being played": "リーグの順位表と進行中の回戦",
    "explain": "説明",
    "Why the round is paired as it is": "この回戦がなぜこの組み合わせなのか",
    "advance": "進行",
    "Organiser: end the round if its matches are over or its deadline passed": "運営者: 対戦が終わったか期限を過ぎた回戦を終える",
    "override": "組み替え",
    "Organiser: seat these players together this round": "運営者: この回戦でこのプレイヤーたちを同じ卓に",
    "first": "1人目",
    "A player": "プレイヤー",
    "second": "2人目",
    "Another player": "別のプレイヤー",
    "third": "3人目",
    "A third (pods)": "3人目（多人数の卓）",
    "fourth": "4人目",
    "A fourth (pods)": "4人目（多人数の卓）",
    "Organiser: end a stalled match, awarded or with no winner": "運営者: 止まった対戦を勝者指定か勝者なしで終える",
    "The match's id": "対戦 ID",
    "winner": "勝者",
    "Who it is awarded to (default: nobody)": "勝ちとする人（省略時: なし）",
    "How well the bots play (default: easy)": "ボットの強さ（省略時: かんたん）",
}


class ParleyTranslator(app_commands.Translator):
    """Japanese names and descriptions for Discord's command localisations."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is not discord.Locale.japanese:
            return None
        return _JA.get(string.message)
