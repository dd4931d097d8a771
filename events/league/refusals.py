"""What a league command refuses, in one bilingual line and what to do instead."""

from __future__ import annotations

from engine.core import Text

from ..errors import Refused


def no_league(league_id: str) -> Refused:
    return Refused(Text(f"There is no league {league_id}.", f"リーグ {league_id} はありません。"),
                   Text("List leagues with `league list`.", "`league list` でリーグの一覧を表示できます。"))


def not_organiser() -> Refused:
    return Refused(Text("Only an organiser of this league can do that.", "このリーグの運営者だけが実行できます。"),
                   Text("The league's creator and the server's moderators organise it; the command line acts as "
                        "the database's operator.",
                        "リーグの作成者とサーバーのモデレーターが運営者です。コマンドラインはデータベースの運営者として"
                        "実行します。"))


def unknown_game(game_id: str) -> Refused:
    return Refused(Text(f"There is no game '{game_id}' to hold a league of.", f"ゲーム「{game_id}」はありません。"),
                   Text("Use `list-games` to see the games.", "`list-games` でゲーム一覧を表示します。"))


def bad_format(fmt: str) -> Refused:
    return Refused(Text(f"'{fmt}' is not a league format.", f"「{fmt}」というリーグ形式はありません。"),
                   Text("Choose swiss, round-robin or elimination.", "swiss、round-robin、elimination から選んでください。"))


def bad_pod(pod: int, least: int, most: int) -> Refused:
    return Refused(Text(f"A table of {pod} does not fit this game.", f"このゲームは{pod}人の卓では遊べません。"),
                   Text(f"Choose a pod size from {least} to {most}.", f"卓の人数は{least}〜{most}人から選んでください。"))


def elimination_pods() -> Refused:
    return Refused(Text("Single elimination is played two by two.", "シングルエリミネーションは1対1で行います。"),
                   Text("Use pod 2, or Swiss or round robin for pods.",
                        "卓の人数を2にするか、複数人の卓にはスイス式か総当たりを使ってください。"))


def bad_rounds(rounds: object) -> Refused:
    return Refused(Text(f"'{rounds}' is not a number of rounds.", f"「{rounds}」は回戦数として読めません。"),
                   Text("Give a whole number from 1 to 50, or leave it out for the format's own.",
                        "1〜50の整数を指定するか、省略して形式の標準にしてください。"))


def wrong_stage(status: str) -> Refused:
    names = {"lobby": Text("still taking players", "参加者の募集中"), "running": Text("under way", "進行中"),
             "finished": Text("over", "終了済み")}
    now = names.get(status, Text(status, status))
    return Refused(Text(f"The league is {now.en}.", f"このリーグは{now.ja}です。"),
                   Text("See where it stands with `league show`.", "`league show` で状況を確認できます。"))


def already_in(name: str) -> Refused:
    return Refused(Text(f"{name} is already in the league.", f"{name}さんはすでにリーグに参加しています。"))


def not_in(player_id: str) -> Refused:
    return Refused(Text(f"{player_id} is not playing in this league.", f"{player_id} はこのリーグに参加していません。"),
                   Text("See the players with `league show`.", "`league show` で参加者を確認できます。"))


def closed_entry() -> Refused:
    return Refused(Text("Only a Swiss league takes players once it has started.",
                        "開始後に参加者を受け付けるのはスイス式のリーグだけです。"),
                   Text("Join before the organiser starts it.", "運営者が開始する前に参加してください。"))


def too_few(count: int, least: int) -> Refused:
    return Refused(Text(f"The league has {count} players; it needs at least {least}.",
                        f"参加者は{count}人です。少なくとも{least}人必要です。"),
                   Text("Add players (or bots) first.", "先に参加者（またはボット）を追加してください。"))


def not_this_round(match_id: str) -> Refused:
    return Refused(Text(f"Match {match_id} is not being played in this league's current round.",
                        f"対戦 {match_id} はこのリーグの現在の回戦で行われていません。"),
                   Text("See the round's matches with `league pairings`.", "`league pairings` で回戦の対戦を確認できます。"))


def has_result(match_id: str) -> Refused:
    return Refused(Text(f"Match {match_id} already has a result.", f"対戦 {match_id} はすでに結果が出ています。"),
                   Text("Only a match still being played can be ended or re-paired.",
                        "終了させたり組み直したりできるのは進行中の対戦だけです。"))


def bad_table(count: int, most: int) -> Refused:
    return Refused(Text(f"A table of {count} players cannot be made here.", f"{count}人の卓は組めません。"),
                   Text(f"Name 2 to {most} players of this round, each still playing.",
                        f"この回戦の参加者（ドロップしていない人）を2〜{most}人指定してください。"))


def not_at_table(player_id: str) -> Refused:
    return Refused(Text(f"{player_id} is not at that table.", f"{player_id} はその卓にいません。"),
                   Text("Award the match to one of its players, or end it without a winner.",
                        "その対戦の参加者を勝者にするか、勝者なしで終了してください。"))


__all__ = ["already_in", "bad_format", "bad_pod", "bad_rounds", "bad_table", "closed_entry", "elimination_pods",
           "has_result", "no_league", "not_at_table", "not_in", "not_organiser", "not_this_round", "too_few",
           "unknown_game", "wrong_stage"]
