"""Every call the bot makes to Discord, and what came of it.

Nothing else in bot/ calls discord.py's send/edit/delete/pin/fetch or the
interaction responses: they are here, so the error handling lives in one
place. Each call answers a `Result` whose `outcome` says what happened in
Discord's terms (delivered, gone, cannot DM, member left, forbidden, refused,
rate limited, transient); callers branch on it and never see a discord.py
exception. `Result.expect` turns an unwanted outcome into `Undelivered`, for
callers whose failure is simply "try again later".

Messages ping nobody unless the call names whom (`pings`), never @everyone,
@here or a role, whatever the text says. Channels and messages are addressed
by id through partial objects: no call fetches a channel or a message just to
act on it. A thread Discord has archived is reopened and the call tried once
more."""

from __future__ import annotations

import enum
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

ARCHIVED = 50083  # "Operation was attempted on an archived thread"
CANNOT_DM = 50007  # "Cannot send messages to this user"
NO_MUTUAL_GUILD = 50278  # "... due to having no mutual guilds" (they left every server the bot is in)
ALREADY_ACKED = 40060  # "Interaction has already been acknowledged"
THREAD_EXISTS = 160004  # "A thread has already been created for this message"
GONE_CODES = frozenset({10003, 10008, 10015, 10062})  # unknown channel, message, webhook, interaction
MISSING_PERMISSIONS = 50013

# The client's default for every message, interaction replies included.
SAFE_MENTIONS = discord.AllowedMentions.none()


class Outcome(enum.StrEnum):
    DELIVERED = "delivered"
    GONE = "gone"  # the channel, message or interaction no longer exists
    CANNOT_DM = "cannot-dm"  # the user's DMs are closed to the bot
    MEMBER_LEFT = "member-left"  # no server in common any more
    FORBIDDEN = "forbidden"  # the bot lacks a permission
    REFUSED = "refused"  # Discord said no to this request (a bad form, already acknowledged, ...)
    RATE_LIMITED = "rate-limited"
    TRANSIENT = "transient"  # Discord or the network down for now: worth retrying


@dataclass(frozen=True)
class Result:
    outcome: Outcome
    id: int | None = None  # the message, thread or channel the call made or found
    data: Any = None  # what a read returned
    code: int = 0  # Discord's error code, when it refused
    status: int = 0  # the HTTP status, when it refused
    text: str = ""

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.DELIVERED

    @property
    def cannot_dm(self) -> bool:
        return self.outcome in (Outcome.CANNOT_DM, Outcome.MEMBER_LEFT)

    def expect(self, *also: Outcome) -> Result:
        """This result if it is delivered (or one of `also`); else `Undelivered`."""
        if self.ok or self.outcome in also:
            return self
        raise Undelivered(self)


class Undelivered(Exception):
    """A Discord call that did not do its work; the caller's step is retried later."""

    def __init__(self, result: Result) -> None:
        super().__init__(f"Discord: {result.outcome} ({result.status} {result.code}: {result.text})")
        self.result = result


def refusal(exc: discord.HTTPException) -> Result:
    """What Discord's error means for the caller."""
    code, status = int(exc.code or 0), int(exc.status or 0)
    if code == CANNOT_DM:
        outcome = Outcome.CANNOT_DM
    elif code == NO_MUTUAL_GUILD:
        outcome = Outcome.MEMBER_LEFT
    elif code in GONE_CODES or status == 404:
        outcome = Outcome.GONE
    elif status == 403 or code == MISSING_PERMISSIONS:
        outcome = Outcome.FORBIDDEN
    elif status == 429:
        outcome = Outcome.RATE_LIMITED
    elif status >= 500 or isinstance(exc, discord.DiscordServerError):
        outcome = Outcome.TRANSIENT
    else:
        outcome = Outcome.REFUSED
    return Result(outcome, code=code, status=status, text=str(exc.text or ""))


async def attempt(work: Callable[[], Awaitable[Any]]) -> tuple[Result, Any]:
    """Run one discord.py call: (its result, what it returned)."""
    try:
        value = await work()
    except discord.HTTPException as exc:
        return refusal(exc), None
    except discord.RateLimited as exc:  # longer than the client is willing to wait
        return Result(Outcome.RATE_LIMITED, status=429, text=f"retry after {exc.retry_after:.1f}s"), None
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        return Result(Outcome.TRANSIENT, text=f"{type(exc).__name__}: {exc}"), None
    return Result(Outcome.DELIVERED), value


def pinging(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Mentions that notify exactly these users: never @everyone/@here or a role."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in user_ids],
                                   replied_user=False)


def _mentions(pings: Sequence[int]) -> discord.AllowedMentions:
    return pinging(pings) if pings else SAFE_MENTIONS


def _id(value: Any) -> int | None:
    found = getattr(value, "id", None)
    return int(found) if found is not None else None


class Ops:
    """The bot's Discord calls, by channel and message id."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    def _channel(self, channel_id: int | str, kind: discord.ChannelType) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(int(channel_id), type=kind)

    def _message(self, channel_id: int | str, message_id: int | str,
                 kind: discord.ChannelType) -> discord.PartialMessage:
        return self._channel(channel_id, kind).get_partial_message(int(message_id))

    async def _reopening(self, channel_id: int | str, work: Callable[[], Awaitable[Any]]) -> tuple[Result, Any]:
        """A call in a thread: Discord reopens an archived (unlocked) thread when the bot
        posts; when it refuses, reopen explicitly and try once more."""
        result, value = await attempt(work)
        if result.code == ARCHIVED:
            reopened = await self.set_archived(channel_id, False)
            if not reopened.ok:
                return reopened, None
            result, value = await attempt(work)
        return result, value

    # -- messages ------------------------------------------------------------------------

    async def post(self, channel_id: int | str, content: str, *, view: discord.ui.View | None = None,
                   files: Sequence[discord.File] = (), pings: Sequence[int] = ()) -> Result:
        """Post a message; `Result.id` is its id."""
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if files:
            extra["files"] = list(files)
        result, data = await self._reopening(channel_id, lambda: self._send(
            channel_id, content=content, allowed_mentions=_mentions(pings), **extra))
        return Result(result.outcome, id=int(data["id"]) if result.ok else None, code=result.code,
                      status=result.status, text=result.text)

    async def _send(self, channel_id: int | str, **fields: Any) -> Any:
        """discord.py's send without the Message object it would build of the answer (and
        cache): the bot needs only its id. No view is kept listening: every item dispatches
        by its custom id (views.py)."""
        with handle_message_parameters(nonce=secrets.randbits(64),
                                       previous_allowed_mentions=self.client.allowed_mentions, **fields) as params:
            return await self.client.http.send_message(int(channel_id), params=params)

    async def _edit(self, channel_id: int | str, message_id: int | str, **fields: Any) -> Any:
        """discord.py's message edit without the Message object it would build of the answer."""
        if "content" in fields:
            fields["previous_allowed_mentions"] = self.client.allowed_mentions
        with handle_message_parameters(**fields) as params:
            return await self.client.http.edit_message(int(channel_id), int(message_id), params=params)

    async def dm(self, channel_id: int | str, content: str, *, view: discord.ui.View | None = None) -> Result:
        return await self.post(channel_id, content, view=view)

    async def edit(self, channel_id: int | str, message_id: int | str, **fields: Any) -> Result:
        """Edit a message in place: any of content, view, attachments."""
        fields.setdefault("allowed_mentions", SAFE_MENTIONS)
        result, _ = await self._reopening(channel_id, lambda: self._edit(channel_id, message_id, **fields))
        return result

    async def edit_dm(self, channel_id: int | str, message_id: int | str, **fields: Any) -> Result:
        return await self.edit(channel_id, message_id, **fields)

    async def delete(self, channel_id: int | str, message_id: int | str,
                     kind: discord.ChannelType = discord.ChannelType.public_thread) -> Result:
        """Delete a message; already gone counts as done."""
        result, _ = await attempt(self._message(channel_id, message_id, kind).delete)
        return Result(Outcome.DELIVERED) if result.outcome is Outcome.GONE else result

    async def pin(self, thread_id: int | str, message_id: int | str) -> Result:
        message = self._message(thread_id, message_id, discord.ChannelType.public_thread)
        result, _ = await self._reopening(thread_id, message.pin)
        return result

    async def unpin(self, thread_id: int | str, message_id: int | str) -> Result:
        result, _ = await attempt(self._message(thread_id, message_id, discord.ChannelType.public_thread).unpin)
        return result

    async def recent(self, channel_id: int | str, limit: int) -> Result:
        """The bot's own latest messages in a channel, newest first, as Discord's JSON
        (`Result.data`, empty when unreadable): read back after a crash."""
        result, raw = await attempt(lambda: self.client.http.logs_from(int(channel_id), limit))
        me = self.client.user.id if self.client.user else None
        mine = [dict(m) for m in raw or [] if me is None or int(m["author"]["id"]) == me]
        return Result(result.outcome, data=mine, code=result.code, status=result.status, text=result.text)

    # -- threads and DM channels -----------------------------------------------------------

    async def open_thread(self, channel_id: int | str, message_id: int | str, name: str) -> Result:
        """The thread hanging from a message: made now, or found when an earlier attempt
        made it (a crash lost its id). `Result.id` is the thread."""
        # A week: the longest auto-archive; longer matches are reopened by `_reopening`.
        result, data = await attempt(lambda: self.client.http.start_thread_with_message(
            int(channel_id), int(message_id), name=name, auto_archive_duration=10080))
        if result.code == THREAD_EXISTS:
            result, message = await attempt(lambda: self.client.http.get_message(int(channel_id), int(message_id)))
            data = (message or {}).get("thread")
            if result.ok and not data:
                return Result(Outcome.GONE, text="the message's thread is gone")
        return Result(result.outcome, id=int(data["id"]) if result.ok else None, code=result.code,
                      status=result.status, text=result.text)

    async def set_archived(self, thread_id: int | str, archived: bool) -> Result:
        result, _ = await attempt(lambda: self.client.http.edit_channel(int(thread_id), archived=archived))
        return result

    # -- forum channels (bot/discord/hall.py) ------------------------------------------------

    async def channel(self, channel_id: int | str) -> Result:
        """A channel as Discord's JSON (`Result.data`): its type, a forum's tags and flags."""
        result, data = await attempt(lambda: self.client.http.get_channel(int(channel_id)))
        return Result(result.outcome, id=int(channel_id), data=data, code=result.code, status=result.status,
                      text=result.text)

    async def edit_channel(self, channel_id: int | str, **fields: Any) -> Result:
        """Change a channel: a forum's `available_tags`, a forum post's `applied_tags`; the
        channel as Discord's JSON afterwards (`Result.data`, new tags with their ids)."""
        result, data = await self._reopening(
            channel_id, lambda: self.client.http.edit_channel(int(channel_id), **fields))
        return Result(result.outcome, id=int(channel_id), data=data, code=result.code, status=result.status,
                      text=result.text)

    async def forum_post(self, forum_id: int | str, name: str, content: str, *, view: discord.ui.View | None,
                         tags: Sequence[str]) -> Result:
        """A post in a forum: a thread whose first message is `content` (its id is the
        thread's); `Result.id` is the thread."""
        # A week, as for threads; applied_tags only when there are some (Discord allows 5).
        payload: dict[str, Any] = {"name": name, "auto_archive_duration": 10080}
        if tags:
            payload["applied_tags"] = list(tags)[:5]

        async def send() -> Any:
            with handle_message_parameters(content=content, view=view if view is not None else discord.utils.MISSING,
                                           allowed_mentions=SAFE_MENTIONS, channel_payload=payload) as params:
                return await self.client.http.start_thread_in_forum(int(forum_id), params=params)
        result, data = await attempt(send)
        return Result(result.outcome, id=int(data["id"]) if result.ok else None, data=data, code=result.code,
                      status=result.status, text=result.text)

    async def active_threads(self, guild_id: int | str) -> Result:
        """The server's active threads and forum posts, as Discord's JSON (`Result.data`, a list)."""
        result, data = await attempt(lambda: self.client.http.get_active_threads(int(guild_id)))
        return Result(result.outcome, data=list((data or {}).get("threads") or []), code=result.code,
                      status=result.status, text=result.text)

    async def open_dm(self, user_id: int) -> Result:
        """The DM channel with a user (Discord answers the same one every time); `Result.id`."""
        result, data = await attempt(lambda: self.client.http.start_private_message(user_id))
        return Result(result.outcome, id=int(data["id"]) if result.ok else None, code=result.code,
                      status=result.status, text=result.text)

    # -- interactions ----------------------------------------------------------------------

    @staticmethod
    async def defer(interaction: discord.Interaction, *, update: bool) -> Result:
        """Acknowledge: `update` for a click (the answer may edit the clicked message),
        else a private "thinking…"."""
        if update:
            result, _ = await attempt(lambda: interaction.response.defer())
        else:
            result, _ = await attempt(lambda: interaction.response.defer(ephemeral=True, thinking=True))
        return result

    @staticmethod
    async def edit_response(interaction: discord.Interaction, **fields: Any) -> Result:
        """Edit the deferred response (for a click: the clicked message): discord.py's
        edit_original_response without the message object it would build of the answer
        (nor the view it would keep listening: every item dispatches by its custom id)."""
        fields.setdefault("allowed_mentions", SAFE_MENTIONS)

        async def edit() -> Any:
            hook = interaction.followup  # the interaction's webhook: the session and proxy its calls use
            with handle_message_parameters(previous_allowed_mentions=interaction.client.allowed_mentions,
                                           **fields) as params:
                return await async_context.get().edit_original_interaction_response(
                    interaction.application_id, interaction.token, session=hook.session, proxy=hook.proxy,
                    proxy_auth=hook.proxy_auth, payload=params.payload, multipart=params.multipart,
                    files=params.files)
        result, _ = await attempt(edit)
        return result

    @staticmethod
    async def followup(interaction: discord.Interaction, **fields: Any) -> Result:
        """A further private message answering the interaction."""
        fields.setdefault("allowed_mentions", SAFE_MENTIONS)
        result, msg = await attempt(lambda: interaction.followup.send(ephemeral=True, **fields))
        return Result(result.outcome, id=_id(msg), code=result.code, status=result.status, text=result.text)

    @staticmethod
    async def reply(interaction: discord.Interaction, content: str) -> Result:
        """A private answer, whether or not the interaction was acknowledged yet."""
        if interaction.response.is_done():
            result, _ = await attempt(lambda: interaction.followup.send(content, ephemeral=True,
                                                                        allowed_mentions=SAFE_MENTIONS))
        else:
            result, _ = await attempt(lambda: interaction.response.send_message(
                content, ephemeral=True, allowed_mentions=SAFE_MENTIONS))
        return result

    @staticmethod
    async def modal(interaction: discord.Interaction, modal: discord.ui.Modal) -> Result:
        result, _ = await attempt(lambda: interaction.response.send_modal(modal))
        return result

    # -- the application's emoji -------------------------------------------------------------

    async def app_emojis(self) -> Result:
        """The application's own emoji (usable in every server and DM): `Result.data` maps name to id."""
        if self.client.application_id is None:
            return Result(Outcome.REFUSED, data={}, text="the application id is not known yet")
        result, found = await attempt(self.client.fetch_application_emojis)
        return Result(result.outcome, data={e.name: e.id for e in found or []}, code=result.code,
                      status=result.status, text=result.text)

    async def add_app_emoji(self, name: str, png: bytes) -> Result:
        """Upload an emoji for the application; `Result.id` is the emoji's."""
        if self.client.application_id is None:
            return Result(Outcome.REFUSED, text="the application id is not known yet")
        result, made = await attempt(lambda: self.client.create_application_emoji(name=name, image=png))
        return Result(result.outcome, id=_id(made), code=result.code, status=result.status, text=result.text)

    @staticmethod
    async def download(interaction: discord.Interaction, url: str) -> Result:
        """A file a user uploaded in a form (its attachment URL): its bytes as `data`."""
        result, data = await attempt(lambda: interaction.client.http.get_from_cdn(url))
        return Result(result.outcome, data=data, code=result.code, status=result.status, text=result.text)

    # -- server events -----------------------------------------------------------------------

    async def schedule_event(self, guild_id: int | str, *, name: str, start: str, end: str, location: str,
                             description: str) -> Result:
        """A guild scheduled event somewhere else than a voice channel (entity type 3,
        EXTERNAL: Discord then requires `entity_metadata.location` and an end time),
        seen by the server's members only (privacy level 2). `Result.id` is the event."""
        result, data = await attempt(lambda: self.client.http.create_guild_scheduled_event(
            int(guild_id), name=name[:100], privacy_level=2, entity_type=3, scheduled_start_time=start,
            scheduled_end_time=end, entity_metadata={"location": location[:100]}, description=description[:1000]))
        return Result(result.outcome, id=int(data["id"]) if result.ok else None, code=result.code,
                      status=result.status, text=result.text)

    # -- layout messages (components v2) -------------------------------------------------------

    async def post_layout(self, channel_id: int | str, view: discord.ui.LayoutView, *,
                          files: Sequence[discord.File] = (), pings: Sequence[int] = ()) -> Result:
        """Post a layout message (its text is in its components: no content); `Result.id` is its id."""
        extra: dict[str, Any] = {"files": list(files)} if files else {}
        result, data = await self._reopening(channel_id, lambda: self._send(
            channel_id, view=view, allowed_mentions=_mentions(pings), **extra))
        return Result(result.outcome, id=int(data["id"]) if result.ok else None, code=result.code,
                      status=result.status, text=result.text)
