"""Ratings and ladders as text, the same in the terminal and on Discord: one
line per player, the ordinal shown (openskill's mu - 3 sigma, the rating a
player is at least, nearly surely), with a mark while it is provisional."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Text
from engine.registry import get_game
from events.ratings import PROVISIONAL, Rating, bot_label

PROVISIONAL_MARK = Text(f" (provisional: fewer than {PROVISIONAL} rated matches)",
                        f"（暫定：レーティング対象の対戦が{PROVISIONAL}戦未満）")
ROW = Text("{rank}. {name}  {ordinal}  ({n} rated matches){mark}", "{rank}. {name}  {ordinal}（対戦{n}戦）{mark}")
RATING = Text("{game}: {ordinal}  (μ {mu}, σ {sigma}; {n} rated matches){mark}",
              "{game}: {ordinal}（μ {mu}、σ {sigma}、対戦{n}戦）{mark}")
LADDER = Text("Ladder: {game} on {server}", "ラダー：{game}（{server}）")
SEASON = Text("Season {n} ladder: {game} on {server} (since {since})", "シーズン{n}のラダー：{game}（{server}、{since}から）")
CLOSED = Text("Season {n} final table: {game} on {server} ({since} to {until})",
              "シーズン{n}の最終順位：{game}（{server}、{since}〜{until}）")
EMPTY = Text("No rated match of {game} yet.", "{game}のレーティング対象の対戦はまだありません。")
UNRATED = Text("{who} has no rating on {server} yet.", "{who}は{server}でまだレーティングがありません。")
RATINGS = Text("{who}: ratings on {server}", "{who}のレーティング（{server}）")
LOCAL = Text("this computer", "この端末")


def server_name(server: str, locale: str) -> str:
    return LOCAL(locale) if server == "local" else server


def game_title(game_id: str, locale: str) -> str:
    try:
        return get_game(game_id).title(locale)
    except (KeyError, ImportError):
        return game_id


def player_name(r: Rating, locale: str) -> str:
    label = bot_label(r.player)
    return label(locale) if label else (r.name or r.player)


def date(at: str) -> str:
    return at[:10]


def ladder_rows(table: Sequence[Rating], locale: str) -> list[str]:
    return [ROW.format(rank=i + 1, name=player_name(r, locale), ordinal=f"{r.ordinal:.1f}", n=r.matches,
                       mark=PROVISIONAL_MARK if r.provisional else "")(locale) for i, r in enumerate(table)]


def rating_line(game_id: str, r: Rating, locale: str) -> str:
    return RATING.format(game=game_title(game_id, locale), ordinal=f"{r.ordinal:.1f}", mu=f"{r.mu:.1f}",
                         sigma=f"{r.sigma:.1f}", n=r.matches, mark=PROVISIONAL_MARK if r.provisional else "")(locale)


def rating_lines(found: dict[str, Rating], locale: str) -> list[str]:
    return ["- " + rating_line(g, r, locale) for g, r in sorted(found.items())]
