"""The match hall: `/parley new` in a forum channel (or in a post of one).

Each match is one forum post: the post is the match's thread and its first
message is the lobby, with its Join button. Posts are tagged with the game and
the match's status (looking for players, running, finished); the tags are
created in the forum when missing (Manage Channels), and a status tag is
swapped as the match moves on. A forum that requires a tag on every post
(flag REQUIRE_TAG) gets the tags or, if Parley may not create them, a clear
refusal naming what to give it. One more post per server, "looking for
players", lists the server's open lobbies (every channel's, not only the
forum's) and is edited whenever one opens, fills, starts or closes (its text
is a surface of each match, projection.Listing, that the reconciler compares
with the server's record here, `HALL`).

Every Discord call is in ops.py; this module decides what the forum should show.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from engine.core import Text
from engine.registry import available, get_game
from events.replay import MatchState

from .ops import Ops, Outcome, Result, Undelivered
from .projection import Listing, status_of, thread_locale
from .reconciler import post_tags

log = logging.getLogger("parley.discord")

FORUMS = (discord.ChannelType.forum.value, discord.ChannelType.media.value)
REQUIRE_TAG = 1 << 4  # a forum's flag: every post needs a tag
PINNED = 1 << 1  # a forum post's flag: shown first
TAG_NAME = 20  # characters Discord allows in a tag's name
TAGS_PER_FORUM = 20
HALL = "discord:hall"  # kv, per server: where its looking-for-players post is

STATUS = {"lobby": Text("Looking for players", "参加者募集中"), "running": Text("Running", "対戦中"),
          "over": Text("Finished", "終了")}
NEEDS_TAGS = Text("this forum requires a tag on every post and I may not add mine: give me Manage Channels here, "
                  "or create the tags {tags}",
                  "このフォーラムは投稿にタグが必須ですが、タグを追加できません。このチャンネルの管理権限を付与するか、"
                  "タグ {tags} を作成してください")
LISTING_TITLE = Text("Looking for players", "参加者募集中")
LISTING_LINE = Text("- {game} `{match}` · {n}/{max} · {where}", "- {game} `{match}` · {n}/{max}人 · {where}")
LISTING_NONE = Text("No open lobby right now: `/parley new` in this forum opens one.",
                    "いま募集中の対戦はありません。このフォーラムで `/parley new` を実行すると募集できます。")
LISTING_FOOT = Text("-# Kept up to date by Parley. A lobby nobody joins closes after a while (`/parley-mod settings`).",
                    "-# Parley が自動で更新します。誰も参加しない募集はしばらくすると締め切られます（`/parley-mod settings`）。")


def tag_names(game_id: str, locale: str) -> dict[str, str]:
    """The tags a match's post wears, by role: its game, and each status."""
    title = get_game(game_id).title(locale) if game_id in available() else game_id
    return {"game": title[:TAG_NAME], **{k: t(locale)[:TAG_NAME] for k, t in STATUS.items()}}


async def forum_of(ops: Ops, interaction: discord.Interaction) -> int | None:
    """The forum a `/parley new` should post in: the channel itself, or the forum a post
    it was run in belongs to; None for any other channel."""
    channel = interaction.channel
    if channel is None:
        return None
    if channel.type.value in FORUMS:
        return int(channel.id)
    parent = getattr(channel, "parent_id", None)
    if not isinstance(channel, discord.Thread) or parent is None:
        return None
    cached = interaction.guild.get_channel(parent) if interaction.guild is not None else None
    if cached is not None:
        return int(parent) if cached.type.value in FORUMS else None
    found = await ops.channel(parent)  # not in the cache (a start still filling it): ask once
    return int(parent) if found.ok and int((found.data or {}).get("type", 0)) in FORUMS else None


def _tag(t: Mapping[str, Any]) -> dict[str, Any]:
    """A tag as a PATCH keeps it (Discord replaces the whole list)."""
    return {k: t.get(k) for k in ("id", "name", "moderated", "emoji_id", "emoji_name")}


async def ensure_tags(ops: Ops, forum: int, names: list[str]) -> tuple[dict[str, str], int]:
    """(tag id by name, for those of `names` the forum has or was given now; the forum's flags).
    Missing tags are added while the forum has room; without Manage Channels they stay missing."""
    found = (await ops.channel(forum)).expect()
    data = found.data or {}
    tags = list(data.get("available_tags") or [])
    have = {str(t["name"]): str(t["id"]) for t in tags}
    missing = [n for n in dict.fromkeys(names) if n not in have][:max(0, TAGS_PER_FORUM - len(tags))]
    if missing:
        edited = await ops.edit_channel(forum, available_tags=[*map(_tag, tags), *({"name": n} for n in missing)])
        if edited.ok:
            have = {str(t["name"]): str(t["id"]) for t in (edited.data or {}).get("available_tags") or []}
        else:
            log.info("forum %s: could not add the tags %s (%s)", forum, missing, edited.outcome)
    return {n: have[n] for n in names if n in have}, int(data.get("flags") or 0)


async def open_post(ops: Ops, ms: MatchState, rec: dict[str, Any], locale: str, content: str,
                    view: discord.ui.View | None, repair: bool = False) -> None:
    """The match's post in its forum, tagged; fills `rec` (thread, lobby message, tags).
    `repair`: after a start, a post made just before a crash lost its note is found, not made again."""
    forum = int(ms.place["forum"])
    names = tag_names(ms.game_id, locale)
    ids, flags = await ensure_tags(ops, forum, list(names.values()))
    rec["tags"] = {role: ids[name] for role, name in names.items() if name in ids}
    applied = post_tags(rec, status_of(ms))
    title = f"{ms.game.title(locale)} · {ms.match_id}"[:100]
    found = await _posted(ops, ms, forum) if repair else None
    if found is not None:
        post, applied = int(found["id"]), [str(t) for t in found.get("applied_tags") or []]
    else:
        if flags & REQUIRE_TAG and not applied:
            wanted = ", ".join(f"“{names[r]}”" for r in ("game", status_of(ms)))
            raise Undelivered(Result(Outcome.REFUSED, text=NEEDS_TAGS.format(tags=wanted)(locale)))
        post = int((await ops.forum_post(forum, title, content, view=view, tags=applied)).expect().id or 0)
    # A forum post's first message has the post's own id.
    rec.update(channel=str(post), lobby_msg=str(post), thread=str(post), forum=str(forum), applied=applied)


async def _posted(ops: Ops, ms: MatchState, forum: int) -> dict[str, Any] | None:
    """The match's post, if the forum has one already (its name ends with the match id)."""
    threads = (await ops.active_threads(ms.place["guild"])).expect().data
    return next((t for t in threads if str(t.get("parent_id")) == str(forum)
                 and str(t.get("name", "")).endswith(f" {ms.match_id}")), None)


async def retag(ops: Ops, ms: MatchState, rec: dict[str, Any], status: str) -> Result:
    """Put the tag of `status` on the match's post (reconciler.Retag, noted whatever Discord answers).
    A tag someone deleted from the forum is made again (`rec` notes its id); if Discord still refuses
    (a permission taken away), the post keeps its tags and the match goes on: tags never hold a match up."""
    done = await ops.edit_channel(rec["thread"], applied_tags=post_tags(rec, status))
    if done.outcome is Outcome.REFUSED:
        names = tag_names(ms.game_id, thread_locale(ms))
        ids, _ = await ensure_tags(ops, int(rec["forum"]), list(names.values()))
        rec["tags"] = {role: ids[name] for role, name in names.items() if name in ids}
        done = await ops.edit_channel(rec["thread"], applied_tags=post_tags(rec, status))
    if done.outcome in (Outcome.FORBIDDEN, Outcome.REFUSED):
        log.warning("match %s: its post's tags could not be changed (%s)", ms.match_id, done.text or done.outcome)
        return done
    return done.expect(Outcome.GONE)  # Discord trouble: tried again on the next sync


# -- the looking-for-players post ----------------------------------------------------------------

Records = Callable[[str], Awaitable[dict[str, Any]]]  # a match's delivery record (delivery.Delivery.record)


async def listing_text(store: Any, records: Records, guild: str, locale: str) -> str:
    """The server's open lobbies, oldest first, each with its thread."""
    rows = [r for r in await store.matches(guild=guild, status=("lobby",), limit=1000) if not r.imported]
    lines = [f"## {LISTING_TITLE(locale)}"]
    for row in reversed(rows):
        rec = await records(row.id)
        game = get_game(row.game) if row.game in available() else None
        lines.append(LISTING_LINE.format(game=game.title if game else row.game, match=row.id, n=len(row.players),
                                         max=game.max_seats if game else "?",
                                         where=f"<#{rec['thread']}>" if rec.get("thread") else "—")(locale))
    if len(lines) == 1:
        lines.append(LISTING_NONE(locale))
    return "\n".join([*lines[:40], LISTING_FOOT(locale)])  # 40 lobbies fit in a message


async def post_listing(ops: Ops, listing: Listing) -> Result:
    """The server's looking-for-players post made in its forum and pinned there (reconciler.PostListing);
    `Result.id` is the post. Refused when the forum requires a tag Parley may not add."""
    ids, flags = await ensure_tags(ops, listing.forum, [STATUS["lobby"](listing.locale)[:TAG_NAME]])
    if flags & REQUIRE_TAG and not ids:
        log.info("server %s: no looking-for-players post (the forum requires tags I cannot add)", listing.guild)
        return Result(Outcome.REFUSED, text="the forum requires tags")
    posted = (await ops.forum_post(listing.forum, LISTING_TITLE(listing.locale), listing.text, view=None,
                                   tags=list(ids.values()))).expect()
    # Pinned, it stays at the top of the forum; a forum pins one post, so another one pinned keeps its place.
    pinned = await ops.edit_channel(posted.id or 0, flags=PINNED)
    if not pinned.ok:
        log.info("server %s: the looking-for-players post is not pinned (%s)", listing.guild,
                 pinned.text or pinned.outcome)
    return posted
