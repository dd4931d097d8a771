"""An in-process stand-in for Discord, driving the real discord.py client.

Raw INTERACTION_CREATE payloads (slash commands with options, autocomplete,
button and select clicks, modal submits) go into the real
`ConnectionState.parse_interaction_create`, so the real command tree, option
transformers and dynamic-item dispatch run. Every REST call
(`HTTPClient.request`) and every interaction-webhook call
(`AsyncWebhookAdapter.request`) lands in `FakeDiscord`, which records it,
keeps channels and messages like Discord would, answers with Discord-shaped
JSON, and checks Discord's limits: message and embed sizes, components and
custom ids, 25 autocomplete choices, the 3-second first response, one
acknowledgement per interaction. A broken limit is recorded as a violation
and answered with Discord's error, and the test fixture fails on any
violation. Every message the bot sends or edits must say whom it may ping
(`allowed_mentions`, never @everyone/@here or roles); who a message would
really notify is worked out like Discord does and kept on it (`_pings`).
No socket may connect anywhere but loopback while it runs.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord.app import ParleyBot
from bot.discord.config import Config
from bot.discord.repair import repair
from tests.discord.spec import spec

API = "/api/v10"
EPHEMERAL = 64
REQUIRE_TAG = 1 << 4  # a forum's flag
PINNED = 1 << 1  # a forum post's flag
TAG_REQUIRED = 40067  # "A tag is required to create a forum post in this channel"
COMPONENTS_V2 = 1 << 15  # IS_COMPONENTS_V2: a layout message
MANAGE_GUILD = 1 << 5
FIRST_RESPONSE_SECONDS = 3.0

# -- no network -------------------------------------------------------------------------------

_LOOPBACK = ("127.", "::1", "localhost")


def _is_loopback(address: Any) -> bool:
    if isinstance(address, str | bytes):  # AF_UNIX path
        return True
    host = str(address[0]) if isinstance(address, tuple) and address else str(address)
    return host.startswith(_LOOPBACK)


@contextlib.contextmanager
def loopback_only() -> Iterator[list[str]]:
    """Refuse (and record) any socket connection that is not to this machine."""
    attempts: list[str] = []
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex

    def connect(self: socket.socket, address: Any) -> Any:
        if not _is_loopback(address):
            attempts.append(repr(address))
            raise ConnectionRefusedError(f"test harness: no network (tried {address!r})")
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> Any:
        if not _is_loopback(address):
            attempts.append(repr(address))
            raise ConnectionRefusedError(f"test harness: no network (tried {address!r})")
        return real_connect_ex(self, address)

    real_getaddrinfo = socket.getaddrinfo

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host is not None and not _is_loopback((host,)):
            attempts.append(f"resolve {host!r}")
            raise socket.gaierror(f"test harness: no network (tried to resolve {host!r})")
        return real_getaddrinfo(host, *args, **kwargs)

    socket.socket.connect = connect  # type: ignore[method-assign]
    socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]
    socket.getaddrinfo = getaddrinfo
    try:
        yield attempts
    finally:
        socket.socket.connect = real_connect  # type: ignore[method-assign]
        socket.socket.connect_ex = real_connect_ex  # type: ignore[method-assign]
        socket.getaddrinfo = real_getaddrinfo


# -- the fake server ------------------------------------------------------------------------------


class FakeHTTPError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _error(status: int, code: int, message: str) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason=message)
    body = {"code": code, "message": message}
    if status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


@dataclass
class User:
    id: int
    name: str
    locale: str = "en-US"
    permissions: int = 0
    roles: tuple[int, ...] = ()

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def json(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                "avatar": None, "bot": False}

    def member(self) -> dict[str, Any]:
        return {"user": self.json(), "roles": [str(r) for r in self.roles], "permissions": str(self.permissions),
                "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0, "nick": None}


@dataclass
class Role:
    id: int
    name: str

    def json(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
                "position": 1, "permissions": "0", "managed": False, "mentionable": False, "flags": 0}


@dataclass
class Call:
    method: str
    path: str
    payload: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 200


@dataclass
class Exchange:
    """One interaction as its user experienced it."""

    id: int
    token: str
    user: User
    kind: int
    component_message: int | None = None
    created: float = 0.0
    acked_at: float | None = None
    ack_type: int | None = None
    original: int | None = None  # message id of the response
    loading: bool = False
    messages: list[int] = field(default_factory=list)  # every message this interaction produced
    choices: list[dict[str, Any]] | None = None  # autocomplete answer
    modal: dict[str, Any] | None = None


class FakeDiscord:
    def __init__(self) -> None:
        self._ids = itertools.count(1_300_000_000_000_000_000)
        self.app_id = self.new_id()
        self.bot = User(self.new_id(), "Parley")
        self.guild_id = self.new_id()
        self.channel_id = self.new_id()
        self.channels: dict[int, dict[str, Any]] = {
            self.channel_id: {"id": self.channel_id, "type": 0, "guild_id": self.guild_id, "name": "games",
                              "archived": False}}
        self.messages: dict[int, dict[str, Any]] = {}
        self.exchanges: dict[int, Exchange] = {}
        self.by_token: dict[str, Exchange] = {}
        self.calls: list[Call] = []
        self.violations: list[str] = []
        self.dm_closed: set[int] = set()
        self.dm_gone: set[int] = set()  # users who left every server the bot is in (error 50278)
        self.commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}  # published to one server (PARLEY_DEV_GUILD)
        self.fail_next: list[tuple[str, FakeHTTPError]] = []  # (path fragment, error) to inject once
        self.pins_refused = False  # the bot lacks Pin Messages (error 50013)
        self.emojis: dict[str, dict[str, Any]] = {}  # the application's emoji, by name
        self.emoji_limit = 2000  # Discord's limit per application
        self.manage_channels_refused = False  # the bot lacks Manage Channels: a forum's tags are not its to add
        self.cdn: dict[str, bytes] = {}  # files users uploaded in modals, by their attachment URL
        self.scheduled_events: list[dict[str, Any]] = []  # POST /guilds/{id}/scheduled-events, as created
        self.conform = True  # check each request against Discord's OpenAPI spec (benches measuring CPU turn it off)

    def new_id(self) -> int:
        return next(self._ids)

    def delete(self, message_id: int | str) -> None:
        """Someone (a moderator, the user) deleted a message."""
        del self.messages[int(message_id)]

    def add_forum(self, name: str = "matches", *, require_tag: bool = False, tags: tuple[str, ...] = ()) -> int:
        """A forum channel in the server; `require_tag`: Discord's REQUIRE_TAG flag (every post needs a tag)."""
        fid = self.new_id()
        self.channels[fid] = {"id": fid, "type": 15, "guild_id": self.guild_id, "name": name, "archived": False,
                              "flags": REQUIRE_TAG if require_tag else 0,
                              "available_tags": [self._new_tag(t) for t in tags]}
        return fid

    def _new_tag(self, name: str) -> dict[str, Any]:
        return {"id": str(self.new_id()), "name": name, "moderated": False, "emoji_id": None, "emoji_name": None}

    def tag_names(self, thread_id: int) -> list[str]:
        """The names of the tags a forum post wears."""
        thread = self.channels[thread_id]
        names = {t["id"]: t["name"] for t in self.channels[thread["parent_id"]]["available_tags"]}
        return [names[t] for t in thread.get("applied_tags") or []]

    def dm_channel(self, user_id: int) -> int:
        """The bot's DM channel with a user (opened if it was not)."""
        existing = next((c for c in self.channels.values() if c.get("recipient") == user_id), None)
        if existing is None:
            existing = {"id": self.new_id(), "type": 1, "recipient": user_id, "archived": False}
            self.channels[existing["id"]] = existing
        return int(existing["id"])

    def violation(self, text: str) -> None:
        self.violations.append(text)

    # -- limits ---------------------------------------------------------------------------------

    def check_message(self, where: str, payload: dict[str, Any], files: list[tuple[str, bytes]],
                      create: bool = False) -> list[str]:
        """What Discord refuses in a message sent (`create`) or edited."""
        bad: list[str] = self.check_not_empty(where, {**payload, "attachments": files}) if create else []
        content = payload.get("content") or ""
        if len(content) > 2000:
            bad.append(f"{where}: content is {len(content)} characters (limit 2000)")
        embeds = payload.get("embeds") or []
        if len(embeds) > 10:
            bad.append(f"{where}: {len(embeds)} embeds (limit 10)")
        total = 0
        for e in embeds:
            for key, limit in (("title", 256), ("description", 4096)):
                n = len(e.get(key) or "")
                total += n
                if n > limit:
                    bad.append(f"{where}: embed {key} is {n} characters (limit {limit})")
            fields = e.get("fields") or []
            if len(fields) > 25:
                bad.append(f"{where}: {len(fields)} embed fields (limit 25)")
            for f in fields:
                total += len(f.get("name", "")) + len(f.get("value", ""))
                if len(f.get("name", "")) > 256 or len(f.get("value", "")) > 1024:
                    bad.append(f"{where}: embed field too long")
            total += len((e.get("footer") or {}).get("text", "")) + len((e.get("author") or {}).get("name", ""))
        if total > 6000:
            bad.append(f"{where}: embeds total {total} characters (limit 6000)")
        bad += self.check_components(where, payload.get("components") or [], layout=is_layout(payload))
        if is_layout(payload) and (content or embeds):
            bad.append(f"{where}: a layout message (IS_COMPONENTS_V2) cannot have content or embeds")
        if len(files) > 10:
            bad.append(f"{where}: {len(files)} files (limit 10)")
        for name, data in files:
            if len(data) > 10 * 1024 * 1024:
                bad.append(f"{where}: file {name} is {len(data)} bytes (limit 10 MiB)")
        for a in payload.get("attachments") or []:
            if len(a.get("description") or "") > 1024:
                bad.append(f"{where}: attachment description is {len(a['description'])} characters (limit 1024)")
        return bad

    @staticmethod
    def check_not_empty(where: str, msg: dict[str, Any]) -> list[str]:
        """Discord refuses a message with nothing to show (error 50006)."""
        if msg.get("content") or msg.get("embeds") or msg.get("components") or msg.get("attachments") \
                or msg.get("sticker_ids") or msg.get("poll"):
            return []
        return [f"{where}: an empty message (no content, embeds, components or files)"]

    @staticmethod
    def check_mentions(where: str, payload: dict[str, Any]) -> list[str]:
        """A message with text must carry allowed_mentions that exclude @everyone/@here and
        roles: without it Discord parses every mention in the text, a player's name included."""
        if not (payload.get("content") or payload.get("embeds") or payload.get("components")):
            return []
        allowed = payload.get("allowed_mentions")
        if allowed is None:
            return [f"{where}: no allowed_mentions (Discord would ping every @everyone, role and user in it)"]
        parse = allowed.get("parse") or []
        bad = [f"{where}: allowed_mentions lets '{p}' ping" for p in ("everyone", "roles") if p in parse]
        if allowed.get("roles"):
            bad.append(f"{where}: allowed_mentions names roles {allowed['roles']}")
        return bad

    @staticmethod
    def pings(payload: dict[str, Any]) -> dict[str, Any]:
        """Whom Discord would notify for this message: its text's mentions, as allowed_mentions permits
        (absent, it permits everything)."""
        text = " ".join([payload.get("content") or "",
                         *(str(e.get("description") or "") + " " + str(e.get("title") or "")
                           for e in payload.get("embeds") or []),
                         *(c.get("content") or "" for c in walk(payload.get("components") or [])
                           if c.get("type") == 10)])
        allowed = payload.get("allowed_mentions")
        parse = set(allowed.get("parse") or []) if allowed is not None else {"everyone", "users", "roles"}
        listed_users = {str(u) for u in (allowed or {}).get("users") or []}
        listed_roles = {str(r) for r in (allowed or {}).get("roles") or []}
        users = [u for u in re.findall(r"<@!?(\d+)>", text) if "users" in parse or u in listed_users]
        roles = [r for r in re.findall(r"<@&(\d+)>", text) if "roles" in parse or r in listed_roles]
        return {"everyone": "everyone" in parse and bool(re.search(r"@(everyone|here)\b", text)),
                "users": sorted(set(users)), "roles": sorted(set(roles))}

    def check_components(self, where: str, rows: list[dict[str, Any]], layout: bool = False) -> list[str]:
        """Discord's component rules beyond the spec's schema: custom ids unique in the
        message, buttons with a label or emoji, select values unique, a layout message's
        40 components and 4,000 characters of text, a classic message's 5 rows only."""
        bad: list[str] = []
        every = walk(rows)
        if layout:
            count = len(every)
            if count > 40:
                bad.append(f"{where}: {count} components in a layout message (limit 40)")
            text = sum(len(c.get("content") or "") for c in every if c.get("type") == 10)
            if text > 4000:
                bad.append(f"{where}: layout text totals {text} characters (limit 4000)")
        else:
            if len(rows) > 5:
                bad.append(f"{where}: {len(rows)} action rows (limit 5)")
            if any(row.get("type") != 1 for row in rows):
                bad.append(f"{where}: layout components in a message without the IS_COMPONENTS_V2 flag")
        seen: set[str] = set()
        for item in every:
            kind = item.get("type")
            if kind == 1:
                items = item.get("components") or []
                if len(items) > 5:
                    bad.append(f"{where}: {len(items)} components in a row (limit 5)")
                if any(i.get("type") != 2 for i in items) and len(items) > 1:
                    bad.append(f"{where}: a select menu must be alone in its row")
            cid = item.get("custom_id")
            if cid is not None:
                if len(cid) > 100:
                    bad.append(f"{where}: custom_id {cid!r} is {len(cid)} characters (limit 100)")
                if cid in seen:
                    bad.append(f"{where}: duplicate custom_id {cid!r}")
                seen.add(cid)
            if kind == 2:
                if len(item.get("label") or "") > 80:
                    bad.append(f"{where}: button label longer than 80")
                if not item.get("label") and not item.get("emoji") and item.get("style") != 6:
                    bad.append(f"{where}: a button with neither label nor emoji")
                if item.get("style") not in (5, 6) and not cid:
                    bad.append(f"{where}: a button without a custom_id")
            if kind == 3:
                options = item.get("options") or []
                if not 1 <= len(options) <= 25:
                    bad.append(f"{where}: select has {len(options)} options (1-25)")
                values = [o.get("value") for o in options]
                if len(set(values)) != len(values):
                    bad.append(f"{where}: select {cid!r} offers a value twice")
                for o in options:
                    if len(o.get("label", "")) > 100 or len(o.get("value", "")) > 100 or \
                            len(o.get("description") or "") > 100:
                        bad.append(f"{where}: select option text longer than 100")
                if len(item.get("placeholder") or "") > 150:
                    bad.append(f"{where}: placeholder longer than 150")
            if kind == 12:
                for media in item.get("items") or []:
                    if not media.get("description"):
                        bad.append(f"{where}: an image without alt text (description)")
        return bad

    def check_modal(self, where: str, modal: dict[str, Any]) -> list[str]:
        """A modal's text inputs go in a Label (an action row around one is deprecated),
        custom ids unique, the title 45 characters."""
        bad: list[str] = []
        if len(modal.get("title", "")) > 45 or len(modal.get("custom_id", "")) > 100:
            bad.append(f"{where}: modal title or custom id too long")
        ids = [c["custom_id"] for c in walk(modal.get("components") or []) if c.get("custom_id")]
        if len(set(ids)) != len(ids):
            bad.append(f"{where}: a modal with a custom id twice")
        for row in modal.get("components") or []:
            if row.get("type") == 1:
                bad.append(f"{where}: a text input in an action row (deprecated: wrap it in a Label)")
        return bad

    # -- messages ---------------------------------------------------------------------------------

    def _message(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]], *,
                 visible_to: int | None = None, interaction: int | None = None) -> dict[str, Any]:
        mid = self.new_id()
        msg = {
            "id": str(mid), "channel_id": str(channel_id), "author": self.bot.json(),
            "content": payload.get("content") or "", "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "attachments": [self._attachment(n, d) for n, d in files],
            "timestamp": datetime.now(UTC).isoformat(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False, "type": 0,
            "flags": int(payload.get("flags") or 0),
            "allowed_mentions": payload.get("allowed_mentions"),
        }
        channel = self.channels.get(channel_id, {})
        if channel.get("guild_id"):
            msg["guild_id"] = str(channel["guild_id"])
        msg["_visible_to"] = visible_to  # None: everyone who can read the channel
        msg["_interaction"] = interaction
        msg["_files"] = files
        msg["_alt"] = self._alt(payload)
        msg["_pings"] = self.pings(payload)
        self.violations.extend(self.check_mentions(f"message {mid} in {channel_id}", payload))
        self.messages[mid] = msg
        return msg

    @staticmethod
    def _alt(payload: dict[str, Any]) -> dict[str, Any]:
        """Each file's alt text (its attachment's description), by file name."""
        return {a.get("filename"): a.get("description") for a in payload.get("attachments") or []}

    def _attachment(self, name: str, data: bytes) -> dict[str, Any]:
        return {"id": str(self.new_id()), "filename": name, "size": len(data), "url": f"https://cdn.invalid/{name}",
                "proxy_url": f"https://cdn.invalid/{name}"}

    def _edit(self, msg: dict[str, Any], payload: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        self.violations.extend(self.check_mentions(f"edit of message {msg['id']}", payload))
        if "content" in payload or "embeds" in payload:
            # An edit pings no one new on Discord, but what it would allow is what a post would.
            pings = self.pings(payload)
            msg["_pings"] = {k: v or msg["_pings"][k] for k, v in pings.items()}
        for key in ("content", "embeds", "components"):
            if key in payload:
                msg[key] = payload[key] or ("" if key == "content" else [])
        if "attachments" in payload or files:
            kept = {str(a.get("id")) for a in payload.get("attachments") or []}
            msg["attachments"] = [a for a in msg["attachments"] if a["id"] in kept] + \
                [self._attachment(n, d) for n, d in files]
            msg["_files"] = files
            msg["_alt"] = self._alt(payload)
        if "flags" in payload and msg["flags"] & COMPONENTS_V2 and not int(payload["flags"] or 0) & COMPONENTS_V2:
            self.violation(f"edit of message {msg['id']}: the IS_COMPONENTS_V2 flag cannot be taken off")
        msg["flags"] |= int(payload.get("flags") or 0) & COMPONENTS_V2
        if msg["flags"] & COMPONENTS_V2 and (msg["content"] or msg["embeds"]):
            self.violation(f"edit of message {msg['id']}: a layout message kept content or embeds")
        self.violations.extend(self.check_not_empty(f"edit of message {msg['id']}", msg))
        msg["edited_timestamp"] = datetime.now(UTC).isoformat()

    @staticmethod
    def public(msg: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in msg.items() if not k.startswith("_")}

    # -- REST ------------------------------------------------------------------------------------------

    def rest(self, method: str, url: str, payload: Any, files: list[tuple[str, bytes]]) -> Any:
        path, query_text = _path_and_query(url)
        path = path.removeprefix(API)
        query = parse_qs(query_text) if query_text else {}
        self.calls.append(Call(method, path, payload, files))
        self._conform(method, path, payload)
        for i, (fragment, err) in enumerate(self.fail_next):
            if fragment in f"{method} {path}":
                del self.fail_next[i]
                self.calls[-1].status = err.status
                raise err
        seg = path.strip("/").split("/")
        try:
            return self._route(method, seg, payload or {}, files, query)
        except FakeHTTPError as err:
            self.calls[-1].status = err.status
            raise

    def _conform(self, method: str, path: str, payload: Any) -> None:
        """Refuse, as Discord would (400, Invalid Form Body), a request its published
        specification refuses; the test then fails on the violation."""
        bad = spec().check(method, path, payload) if self.conform else []
        if bad:
            self.violations.extend(bad)
            self.calls[-1].status = 400
            raise FakeHTTPError(400, 50035, "Invalid Form Body")

    def _channel(self, cid: str) -> dict[str, Any]:
        channel = self.channels.get(int(cid))
        if channel is None:
            raise FakeHTTPError(404, 10003, "Unknown Channel")
        return channel

    def _route(self, method: str, seg: list[str], payload: dict[str, Any], files: list[tuple[str, bytes]],
               query: dict[str, list[str]]) -> Any:
        if method == "GET" and seg == ["users", "@me"]:
            return self.bot.json() | {"bot": True, "verified": True, "mfa_enabled": False, "flags": 0}
        if method == "GET" and seg == ["oauth2", "applications", "@me"]:
            return {"id": str(self.app_id), "name": "Parley", "description": "", "icon": None, "bot_public": True,
                    "bot_require_code_grant": False, "owner": self.bot.json(), "verify_key": "0" * 64, "flags": 0,
                    "summary": ""}
        if seg[:1] == ["applications"] and (
                seg[2:3] == ["commands"] or (seg[2:3] == ["guilds"] and seg[4:5] == ["commands"])):
            # /applications/{app}/commands, or /applications/{app}/guilds/{guild}/commands for one server
            guild = int(seg[3]) if seg[2] == "guilds" else None
            if method == "PUT":
                published = [dict(c, id=str(self.new_id()), application_id=str(self.app_id), version="1")
                             for c in payload]
                self._check_commands(published)
                if guild is None:
                    self.commands = published
                else:
                    self.guild_commands[guild] = published
            return self.commands if guild is None else self.guild_commands.get(guild, [])
        if seg[:1] == ["applications"] and seg[2:3] == ["emojis"]:
            return self._app_emoji(method, seg, payload)
        if method == "POST" and seg == ["users", "@me", "channels"]:
            uid = int(payload["recipient_id"])
            existing = self.channels[self.dm_channel(uid)]
            return {"id": str(existing["id"]), "type": 1, "recipients": [{"id": str(uid), "username": "u",
                                                                              "discriminator": "0", "avatar": None}]}
        if method == "GET" and seg[0] == "guilds" and seg[2:] == ["threads", "active"]:
            active = [self._channel_json(c) for c in self.channels.values()
                      if c["type"] == 11 and str(c.get("guild_id")) == seg[1] and not c["archived"]]
            return {"threads": active, "members": []}
        if seg[0] == "channels":
            channel = self._channel(seg[1])
            rest = seg[2:]
            if method == "GET" and not rest:
                return self._channel_json(channel)
            if method == "PATCH" and not rest:
                if channel.get("archived") and set(payload) - {"archived", "locked"}:
                    raise FakeHTTPError(400, 50083, "Operation was attempted on an archived thread")
                if "available_tags" in payload:
                    self._set_available_tags(channel, payload["available_tags"])
                if "applied_tags" in payload:
                    self._apply_tags(channel, payload["applied_tags"])
                if "flags" in payload:
                    self._set_flags(channel, int(payload["flags"]))
                if "archived" in payload:
                    channel["archived"] = bool(payload["archived"])
                return self._channel_json(channel)
            if rest == ["threads"] and method == "POST" and channel["type"] == 15:
                return self._forum_post(channel, payload, files)
            if rest == ["messages"] and method == "POST":
                if channel["type"] == 15:
                    self.violation(f"message posted in forum {channel['id']}: only posts (threads) go there")
                    raise FakeHTTPError(400, 50008, "Cannot send messages in a non-text channel")
                bad = self.check_message(f"POST message in {channel['id']}", payload, files, create=True)
                if bad:
                    self.violations.extend(bad)
                    raise FakeHTTPError(400, 50035, "Invalid Form Body")
                if channel["type"] == 1 and channel["recipient"] in self.dm_closed:
                    raise FakeHTTPError(403, 50007, "Cannot send messages to this user")
                if channel["type"] == 1 and channel["recipient"] in self.dm_gone:
                    raise FakeHTTPError(400, 50278, "Cannot send messages to this user due to having no mutual guilds")
                if channel.get("locked"):
                    raise FakeHTTPError(403, 50083, "Thread is locked")
                channel["archived"] = False  # posting reopens an archived thread
                return self.public(self._message(channel["id"], payload, files))
            if rest == ["messages"] and method == "GET":
                limit = int(query.get("limit", ["50"])[0])
                mine = [m for m in self.messages.values() if int(m["channel_id"]) == channel["id"]
                        and m["_visible_to"] is None and m["_interaction"] is None]
                return [self.public(m) for m in sorted(mine, key=lambda m: int(m["id"]), reverse=True)[:limit]]
            if len(rest) == 2 and rest[0] == "messages":
                msg_id = int(rest[1])
                msg = self.messages.get(msg_id)
                if msg is None or int(msg["channel_id"]) != channel["id"]:
                    raise FakeHTTPError(404, 10008, "Unknown Message")
                if method == "GET":
                    return self.public(msg)
                if method == "DELETE":
                    del self.messages[msg_id]
                    return None
                if method == "PATCH":
                    if channel.get("archived"):
                        raise FakeHTTPError(400, 50083, "Operation was attempted on an archived thread")
                    bad = self.check_message(f"PATCH message {rest[1]}", payload, files)
                    if bad:
                        self.violations.extend(bad)
                        raise FakeHTTPError(400, 50035, "Invalid Form Body")
                    self._edit(msg, payload, files)
                    return self.public(msg)
            if len(rest) == 3 and rest[:2] == ["messages", "pins"] and method in ("PUT", "DELETE"):
                msg = self.messages.get(int(rest[2]))
                if msg is None or int(msg["channel_id"]) != channel["id"]:
                    raise FakeHTTPError(404, 10008, "Unknown Message")
                if self.pins_refused:
                    raise FakeHTTPError(403, 50013, "Missing Permissions")
                if channel.get("archived"):
                    raise FakeHTTPError(400, 50083, "Operation was attempted on an archived thread")
                if method == "PUT" and not msg["pinned"]:
                    # Discord notes a pin with a system message in the channel.
                    note = self._message(channel["id"], {"content": "", "allowed_mentions": {"parse": []}}, [])
                    note["type"] = 6
                msg["pinned"] = method == "PUT"
                return None
            if len(rest) == 3 and rest[0] == "messages" and rest[2] == "threads" and method == "POST":
                starter = self.messages.get(int(rest[1]))
                if starter is None:
                    raise FakeHTTPError(404, 10008, "Unknown Message")
                if starter.get("thread"):
                    raise FakeHTTPError(400, 160004, "A thread has already been created for this message")
                tid = self.new_id()
                name = payload.get("name", "")
                if not 1 <= len(name) <= 100:
                    self.violation(f"thread name {name!r} must be 1-100 characters")
                self.channels[tid] = {"id": tid, "type": 11, "guild_id": channel["guild_id"],
                                      "parent_id": channel["id"], "name": name, "archived": False}
                starter["thread"] = self._channel_json(self.channels[tid])
                return self._channel_json(self.channels[tid])
        if method == "POST" and len(seg) == 3 and seg[0] == "guilds" and seg[2] == "scheduled-events":
            return self._scheduled_event(int(seg[1]), payload)
        self.violation(f"unexpected REST call {method} /{'/'.join(seg)}")
        raise FakeHTTPError(404, 0, "Unknown route in the fake")

    def _app_emoji(self, method: str, seg: list[str], payload: dict[str, Any]) -> Any:
        """/applications/{app}/emojis: list them, or upload one (a name of 2-32 letters, digits and
        underscores, not taken; a PNG, JPEG or GIF as a data URI of at most 256 KiB)."""
        if seg[1] != str(self.app_id):
            raise FakeHTTPError(403, 50001, "Missing Access")
        if method == "GET" and len(seg) == 3:
            return {"items": [{k: v for k, v in e.items() if not k.startswith("_")} for e in self.emojis.values()]}
        if method == "POST" and len(seg) == 3:
            name, image = str(payload.get("name", "")), str(payload.get("image", ""))
            m = re.fullmatch(r"data:image/(png|jpeg|gif);base64,([A-Za-z0-9+/=]+)", image)
            if not re.fullmatch(r"\w{2,32}", name, re.ASCII) or m is None or \
                    len(base64.b64decode(m.group(2))) > 256 * 1024:
                self.violation(f"application emoji {name!r}: bad name or image")
                raise FakeHTTPError(400, 50035, "Invalid Form Body")
            if name in self.emojis:
                raise FakeHTTPError(400, 50035, "Invalid Form Body (name already taken)")
            if len(self.emojis) >= self.emoji_limit:
                raise FakeHTTPError(400, 30018, "Maximum number of emojis reached")
            self.emojis[name] = {"id": str(self.new_id()), "name": name, "roles": [], "user": self.bot.json(),
                                 "require_colons": True, "managed": False, "animated": False, "available": True,
                                 "_png": base64.b64decode(m.group(2))}
            return {k: v for k, v in self.emojis[name].items() if not k.startswith("_")}
        self.violation(f"unexpected REST call {method} /{'/'.join(seg)}")
        raise FakeHTTPError(404, 0, "Unknown route in the fake")

    # -- forums ---------------------------------------------------------------------------------------

    def _set_available_tags(self, channel: dict[str, Any], tags: list[dict[str, Any]]) -> None:
        if channel["type"] != 15:
            raise FakeHTTPError(400, 50024, "Cannot execute action on this channel type")
        if self.manage_channels_refused:
            raise FakeHTTPError(403, 50013, "Missing Permissions")
        if len(tags) > 20 or any(not 1 <= len(t.get("name") or "") <= 20 for t in tags):
            self.violation(f"forum {channel['id']}: tags {tags!r} break the limits (20 tags of 1-20 characters)")
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        known = {t["id"]: t for t in channel["available_tags"]}
        if any(t.get("id") and str(t["id"]) not in known for t in tags):
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        # The list replaces the forum's: a tag left out is deleted, so is every post's use of it.
        channel["available_tags"] = [dict(known[str(t["id"])], name=t["name"]) if t.get("id")
                                     else self._new_tag(t["name"]) for t in tags]

    def _check_tags(self, forum: dict[str, Any], applied: list[Any]) -> list[str]:
        ids = [str(t) for t in applied]
        known = {t["id"] for t in forum["available_tags"]}
        if len(ids) > 5:
            self.violation(f"applied tags {ids}: more than 5")
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        if any(t not in known for t in ids):  # a tag someone deleted from the forum meanwhile
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        if forum["flags"] & REQUIRE_TAG and not ids:
            raise FakeHTTPError(400, TAG_REQUIRED, "A tag is required to create a forum post in this channel")
        return ids

    def _apply_tags(self, channel: dict[str, Any], applied: list[Any]) -> None:
        forum = self.channels.get(int(channel.get("parent_id") or 0), {})
        if channel["type"] != 11 or forum.get("type") != 15:
            raise FakeHTTPError(400, 50024, "Cannot execute action on this channel type")
        channel["applied_tags"] = self._check_tags(forum, applied)

    def _set_flags(self, channel: dict[str, Any], flags: int) -> None:
        """A forum post may be pinned (flag 2), one per forum; a forum's own flags are its settings."""
        if channel["type"] == 11 and flags & PINNED:
            others = [c for c in self.channels.values() if c.get("parent_id") == channel.get("parent_id")
                      and c is not channel and c.get("flags", 0) & PINNED]
            if others:
                raise FakeHTTPError(400, 50035, "Invalid Form Body")
        channel["flags"] = flags

    def _forum_post(self, forum: dict[str, Any], payload: dict[str, Any], files: list[tuple[str, bytes]]) -> Any:
        """POST /channels/{forum}/threads: a post, whose first message has the post's id."""
        name, message = payload.get("name") or "", payload.get("message")
        if not 1 <= len(name) <= 100 or not isinstance(message, dict):
            self.violation(f"forum post {payload!r}: a name of 1-100 characters and a message are required")
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        tags = self._check_tags(forum, payload.get("applied_tags") or [])
        bad = self.check_message(f"forum post in {forum['id']}", message, files)
        if bad or not (message.get("content") or message.get("embeds") or message.get("components") or files):
            self.violations.extend(bad or [f"forum post in {forum['id']}: an empty message"])
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        tid = self.new_id()
        self.channels[tid] = {"id": tid, "type": 11, "guild_id": forum["guild_id"], "parent_id": forum["id"],
                              "name": name, "archived": False, "applied_tags": tags, "flags": 0}
        msg = self._message(tid, message, files)
        del self.messages[int(msg["id"])]
        msg["id"] = str(tid)
        self.messages[tid] = msg
        return self._channel_json(self.channels[tid]) | {"message": self.public(msg)}

    def _scheduled_event(self, guild_id: int, payload: dict[str, Any]) -> dict[str, Any]:
        """POST /guilds/{id}/scheduled-events as Discord's API spec has it
        (tests/discord/data/discord-openapi.json.gz, ExternalScheduledEventCreateRequest and
        its siblings): an EXTERNAL event (3) needs entity_metadata.location and an end."""
        allowed = {"name", "description", "image", "scheduled_start_time", "scheduled_end_time", "privacy_level",
                   "entity_type", "channel_id", "recurrence_rule", "entity_metadata"}
        bad = [f"unknown field {k}" for k in payload if k not in allowed]
        if not 1 <= len(payload.get("name") or "") <= 100:
            bad.append("name must be 1-100 characters")
        if len(payload.get("description") or "") > 1000:
            bad.append("description is longer than 1000 characters")
        if payload.get("privacy_level") != 2:
            bad.append("privacy_level must be 2 (GUILD_ONLY)")
        start = datetime.fromisoformat(payload.get("scheduled_start_time") or "1970-01-01T00:00:00+00:00")
        if start <= datetime.now(UTC):
            bad.append("scheduled_start_time must be in the future")
        if payload.get("entity_type") == 3:
            location = (payload.get("entity_metadata") or {}).get("location") or ""
            if not 1 <= len(location) <= 100:
                bad.append("an EXTERNAL event needs entity_metadata.location of 1-100 characters")
            end = payload.get("scheduled_end_time")
            if not end or datetime.fromisoformat(end) <= start:
                bad.append("an EXTERNAL event needs a scheduled_end_time after its start")
            if payload.get("channel_id") is not None:
                bad.append("an EXTERNAL event has no channel_id")
        else:
            bad.append(f"entity_type {payload.get('entity_type')} is not EXTERNAL (3)")
        if bad:
            self.violations.extend(f"scheduled event: {b}" for b in bad)
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        event = {"id": str(self.new_id()), "guild_id": str(guild_id), "channel_id": None,
                 "creator_id": str(self.bot.id), "status": 1, "entity_id": None, "user_count": 0, **payload}
        self.scheduled_events.append(event)
        return event

    def _channel_json(self, channel: dict[str, Any]) -> dict[str, Any]:
        data = {"id": str(channel["id"]), "type": channel["type"], "name": channel.get("name", ""),
                "guild_id": str(channel.get("guild_id")) if channel.get("guild_id") else None}
        if channel["type"] == 15:
            data |= {"available_tags": channel["available_tags"], "flags": channel["flags"], "position": 0,
                     "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
                     "rate_limit_per_user": 0, "default_reaction_emoji": None, "default_sort_order": None,
                     "default_forum_layout": 0, "default_thread_rate_limit_per_user": 0}
        if channel.get("parent_id") and channel["type"] == 11:
            data |= {"applied_tags": channel.get("applied_tags") or [], "flags": channel.get("flags", 0)}
        if channel["type"] == 11:
            data |= {"parent_id": str(channel["parent_id"]), "owner_id": str(self.bot.id), "message_count": 0,
                     "member_count": 1, "rate_limit_per_user": 0,
                     "thread_metadata": {"archived": channel["archived"], "auto_archive_duration": 10080,
                                         "archive_timestamp": datetime.now(UTC).isoformat(), "locked": False}}
        return data

    def _check_commands(self, commands: list[dict[str, Any]]) -> None:
        def walk(cmd: dict[str, Any], depth: int) -> None:
            for key, limit in (("name", 32), ("description", 100)):
                values = [cmd.get(key, ""), *list((cmd.get(f"{key}_localizations") or {}).values())]
                for v in values:
                    if not 1 <= len(v) <= limit:
                        self.violation(f"command {key} {v!r} must be 1-{limit} characters")
                    if key == "name" and (not re.fullmatch(r"[-_'\w]{1,32}", v) or v != v.lower()):
                        self.violation(f"command name {v!r} is not a valid lowercase Discord name")
            options = cmd.get("options") or []
            if len(options) > 25:
                self.violation(f"command {cmd.get('name')} has {len(options)} options (limit 25)")
            for o in options:
                if o.get("type") in (1, 2):
                    walk(o, depth + 1)
                elif len(o.get("choices") or []) > 25:
                    self.violation(f"option {o.get('name')} has more than 25 choices")
        for c in commands:
            walk(c, 0)
            for locale, size in _command_sizes(c).items():
                if size > COMMAND_CHARACTERS:
                    self.violation(f"command {c.get('name')} has {size} characters of names, descriptions and "
                                   f"values in {locale} (limit {COMMAND_CHARACTERS})")
        chat = [c for c in commands if c.get("type", 1) == 1]
        if len(chat) > 100:
            self.violation(f"{len(chat)} top-level slash commands (limit 100)")

    # -- interaction webhooks ---------------------------------------------------------------------------

    def webhook(self, method: str, url: str, payload: Any, files: list[tuple[str, bytes]], now: float) -> Any:
        seg = _path_and_query(url)[0].removeprefix(API).strip("/").split("/")
        self.calls.append(Call(method, "/" + "/".join(seg), payload, files))
        self._conform(method, "/" + "/".join(seg), payload)
        if seg[0] == "interactions":
            return self._callback(int(seg[1]), seg[2], payload or {}, files, now)
        if seg[0] == "webhooks":
            ex = self.by_token.get(seg[2])
            if ex is None:
                raise FakeHTTPError(404, 10015, "Unknown Webhook")
            if ex.acked_at is None:
                self.violation(f"interaction {ex.id}: followup before any response")
                raise FakeHTTPError(404, 10015, "Unknown Webhook")
            rest = seg[3:]
            if method == "POST" and not rest:
                return self._followup(ex, payload or {}, files)
            if rest[:2] == ["messages", "@original"]:
                if ex.original is None:
                    raise FakeHTTPError(404, 10008, "Unknown Message")
                msg = self.messages[ex.original]
                if method == "PATCH":
                    bad = self.check_message(f"interaction {ex.id} edit original", payload or {}, files)
                    if bad:
                        self.violations.extend(bad)
                        raise FakeHTTPError(400, 50035, "Invalid Form Body")
                    self._edit(msg, payload or {}, files)
                    ex.loading = False
                    if ex.original not in ex.messages:
                        ex.messages.append(ex.original)
                return self.public(msg)
        self.violation(f"unexpected webhook call {method} /{'/'.join(seg)}")
        raise FakeHTTPError(404, 0, "Unknown route in the fake")

    def _followup(self, ex: Exchange, payload: dict[str, Any], files: list[tuple[str, bytes]]) -> Any:
        bad = self.check_message(f"interaction {ex.id} followup", payload, files, create=True)
        if bad:
            self.violations.extend(bad)
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        if ex.loading and ex.original is not None:
            # The first followup after a "thinking" defer replaces the loading message.
            msg = self.messages[ex.original]
            self._edit(msg, payload, files)
            ex.loading = False
            ex.messages.append(ex.original)
            return self.public(msg)
        channel = self._exchange_channel(ex)
        visible = ex.user.id if int(payload.get("flags") or 0) & EPHEMERAL else None
        msg = self._message(channel, payload, files, visible_to=visible, interaction=ex.id)
        ex.messages.append(int(msg["id"]))
        return self.public(msg)

    def _exchange_channel(self, ex: Exchange) -> int:
        return ex.__dict__.get("channel_id", self.channel_id)

    def _callback(self, iid: int, token: str, payload: dict[str, Any], files: list[tuple[str, bytes]],
                  now: float) -> Any:
        ex = self.exchanges.get(iid)
        if ex is None or ex.token != token:
            raise FakeHTTPError(404, 10062, "Unknown interaction")
        if ex.acked_at is not None:
            raise FakeHTTPError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - ex.created
        if elapsed > FIRST_RESPONSE_SECONDS:
            self.violation(f"interaction {iid}: first response after {elapsed:.2f}s (limit 3s)")
            raise FakeHTTPError(404, 10062, "Unknown interaction")
        kind = payload.get("type")
        data = payload.get("data") or {}
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[ex.kind]
        if kind not in allowed:
            self.violation(f"interaction {iid}: response type {kind} is not valid for interaction type {ex.kind}")
            raise FakeHTTPError(400, 50035, "Invalid Form Body")
        ex.acked_at, ex.ack_type = now, kind
        resource: dict[str, Any] = {"type": kind}
        if kind == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                self.violation(f"interaction {iid}: {len(choices)} autocomplete choices (limit 25)")
            for c in choices:
                if not 1 <= len(c.get("name", "")) <= 100 or len(str(c.get("value", ""))) > 100:
                    self.violation(f"interaction {iid}: autocomplete choice {c!r} breaks the 1-100 character limits")
            ex.choices = choices
        elif kind == 9:
            bad = self.check_modal(f"interaction {iid} modal", data)
            if bad:
                self.violations.extend(bad)
                raise FakeHTTPError(400, 50035, "Invalid Form Body")
            ex.modal = data
        elif kind in (4, 5):
            bad = self.check_message(f"interaction {iid} response", data, files, create=kind == 4)
            if bad:
                self.violations.extend(bad)
                raise FakeHTTPError(400, 50035, "Invalid Form Body")
            visible = ex.user.id if int(data.get("flags") or 0) & EPHEMERAL else None
            msg = self._message(self._exchange_channel(ex), data, files, visible_to=visible, interaction=iid)
            ex.original = int(msg["id"])
            ex.loading = kind == 5
            if kind == 4:
                ex.messages.append(ex.original)
            resource["message"] = self.public(msg)
        elif kind in (6, 7):
            ex.original = ex.component_message
            if kind == 7 and ex.original is not None:
                bad = self.check_message(f"interaction {iid} update", data, files)
                if bad:
                    self.violations.extend(bad)
                    raise FakeHTTPError(400, 50035, "Invalid Form Body")
                self._edit(self.messages[ex.original], data, files)
                resource["message"] = self.public(self.messages[ex.original])
        return {"interaction": {"id": str(iid), "type": ex.kind, "response_message_id": str(ex.original or 0),
                                "response_message_loading": kind == 5,
                                "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL)},
                "resource": resource}

    # -- what people see ---------------------------------------------------------------------------------

    def is_public(self, msg: dict[str, Any]) -> bool:
        channel = self.channels.get(int(msg["channel_id"]), {})
        return channel.get("type") != 1 and msg["_visible_to"] is None

    def public_messages(self) -> list[dict[str, Any]]:
        return [m for m in self.messages.values() if self.is_public(m)]

    def thread_messages(self, thread_id: int) -> list[dict[str, Any]]:
        return sorted((m for m in self.messages.values() if int(m["channel_id"]) == thread_id and self.is_public(m)),
                      key=lambda m: int(m["id"]))

    def dms(self, user_id: int) -> list[dict[str, Any]]:
        chans = self._dm_channels(user_id)
        return [self.messages[k] for k in sorted(k for k, m in self.messages.items() if m["channel_id"] in chans)]

    def newest_dms(self, user_id: int) -> Iterator[dict[str, Any]]:
        """`dms` newest first, read as asked: a search for a recent one stops there, where `dms`
        reads every message of the run (a bench looks for the menu on each move). `messages`
        holds them in the order they were made, which is their ids' (each id is larger than
        all before it; a forum post's first message takes the post's, the newest)."""
        chans = self._dm_channels(user_id)
        return (m for m in reversed(self.messages.values()) if m["channel_id"] in chans)

    def _dm_channels(self, user_id: int) -> set[str]:
        """The user's DM channels, as messages name theirs (nothing parsed per message)."""
        return {str(c["id"]) for c in self.channels.values() if c.get("recipient") == user_id}

    @staticmethod
    def text(msg: dict[str, Any]) -> str:
        parts = [msg.get("content") or ""]
        for e in msg.get("embeds") or []:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [f"{f.get('name')} {f.get('value')}" for f in e.get("fields") or []]
        for c in walk(msg.get("components") or []):
            parts.append(c.get("content") or c.get("label") or "")
            parts += [o.get("label", "") + " " + (o.get("description") or "") for o in c.get("options") or []]
        for name, data in msg.get("_files") or []:
            if name.endswith((".txt", ".jsonl", ".json")):
                parts.append(data.decode(errors="replace"))
        return "\n".join(p for p in parts if p)


COMMAND_CHARACTERS = 8000  # a command's names, descriptions and choice values, per locale


def _command_sizes(command: dict[str, Any]) -> dict[str, int]:
    """A command's characters (names, descriptions, choice values of it and everything
    under it) per locale, a locale falling back to the default text where it has none."""
    def texts(node: dict[str, Any], key: str) -> dict[str, str]:
        return {"": str(node.get(key) or ""), **(node.get(f"{key}_localizations") or {})}
    nodes = [command]
    sizes: dict[str, int] = {}
    locales: set[str] = {""}
    while nodes:
        node = nodes.pop()
        for key in ("name", "description"):
            locales |= set(texts(node, key))
        nodes += node.get("options") or []
    def size(node: dict[str, Any], locale: str) -> int:
        n = sum(len(texts(node, k).get(locale, node.get(k) or "")) for k in ("name", "description"))
        n += sum(len(texts(c, "name").get(locale, c.get("name") or "")) + len(str(c.get("value", "")))
                 for c in node.get("choices") or [])
        return n + sum(size(o, locale) for o in node.get("options") or [])
    for locale in locales:
        sizes[locale or "default"] = size(command, locale)
    return sizes


def _path_and_query(url: str) -> tuple[str, str]:
    """`urlsplit(url)`'s path and query, for the URLs discord.py asks (an absolute one, or a path;
    no fragment): the fake reads one per request, and urlsplit's generality costs more than its answer."""
    if url.startswith(("https://", "http://")):
        url = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else ""
    path, _, query = url.partition("?")
    return path, query


def custom_ids(msg: dict[str, Any]) -> list[str]:
    return _ids(walk(msg.get("components") or []))


def _ids(components: list[dict[str, Any]]) -> list[str]:
    return [c["custom_id"] for c in components if c.get("custom_id")]


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, nested ones too (rows, containers, sections and their accessory,
    labels), in the order a reader meets them: each one's own components, then its accessory,
    then its label's component. A list made with one stack, not nested generators: the fake
    walks every message sent, and that was most of the harness's share of a move's CPU. Keys
    are tested with `in` before they are read: most components have none of the three, and a
    test costs under half a `get` call."""
    out: list[dict[str, Any]] = []
    stack = components[::-1]
    while stack:
        c = stack.pop()
        out.append(c)
        # Pushed in reverse, so popped in the reader's order.
        if "component" in c and (inner := c["component"]):
            stack.append(inner)
        if "accessory" in c and (inner := c["accessory"]):
            stack.append(inner)
        if "components" in c and (nested := c["components"]):
            stack += nested[::-1]
    return out


def is_layout(payload: dict[str, Any]) -> bool:
    return bool(int(payload.get("flags") or 0) & COMPONENTS_V2)


def _file_parts(files: Any, multipart: Any) -> tuple[dict[str, Any] | None, list[tuple[str, bytes]]]:
    payload: dict[str, Any] | None = None
    out: list[tuple[str, bytes]] = []
    for part in multipart or []:
        if part.get("name") == "payload_json":
            payload = json.loads(part["value"])
    for f in files or []:
        fp = f.fp
        pos = fp.tell()
        fp.seek(0)
        out.append((f.filename, fp.read()))
        fp.seek(pos)
    return payload, out


# -- the harness ----------------------------------------------------------------------------------------


class Harness:
    """The real bot against FakeDiscord, with a real SQLite store in a temp file."""

    def __init__(self, db: Path, *, emoji: bool = False, settle_gc: bool = False, **config: Any) -> None:
        self.fake = FakeDiscord()
        self.emoji = emoji  # the start-up upload of the application's emoji (off: one call per picture)
        self.db = db
        self.config = Config(token="test-token", db=db, **config)
        self.settle_gc = settle_gc  # the bot's collector settling (off: a full collection of the test process a start)
        self.bot: ParleyBot | None = None
        self._patches: contextlib.ExitStack | None = None
        self.clock: float | None = None  # when set, the loop time the fake sees (to simulate slow responses)
        self.background: tuple[str, ...] = ()  # names of tasks `settle()` leaves running (see there)
        self._unsettled: list[Exchange] = []  # interactions made since the last `settle()` (see there)

    # -- lifecycle -----------------------------------------------------------------------------------

    async def __aenter__(self) -> Harness:
        self._patches = contextlib.ExitStack()
        self.network_attempts = self._patches.enter_context(loopback_only())
        fake = self.fake
        harness = self

        async def request(http: HTTPClient, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
            payload = kwargs.get("json")
            found, data = _file_parts(files, form)
            if found is not None:
                payload = found
            try:
                return fake.rest(route.method, route.url + _query(kwargs.get("params")), payload, data)
            except FakeHTTPError as err:
                raise _error(err.status, err.code, err.message) from None

        async def wh_request(adapter: AsyncWebhookAdapter, route: Any, session: Any = None, *, payload: Any = None,
                             multipart: Any = None, files: Any = None, **kwargs: Any) -> Any:
            found, data = _file_parts(files, multipart)
            if found is not None:
                payload = found
            try:
                return fake.webhook(route.method, route.url, payload, data, harness.now())
            except FakeHTTPError as err:
                raise _error(err.status, err.code, err.message) from None

        async def get_from_cdn(http: HTTPClient, url: str) -> bytes:
            if url not in fake.cdn:
                raise _error(404, 0, "asset not found")
            return fake.cdn[url]

        from unittest import mock
        self._patches.enter_context(mock.patch.object(HTTPClient, "request", request))
        self._patches.enter_context(mock.patch.object(HTTPClient, "get_from_cdn", get_from_cdn))
        self._patches.enter_context(mock.patch.object(AsyncWebhookAdapter, "request", wh_request))
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()
        assert self._patches is not None
        self._patches.close()

    def now(self) -> float:
        return self.clock if self.clock is not None else asyncio.get_running_loop().time()

    async def start(self) -> ParleyBot:
        self.bot = ParleyBot(self.config, background=False, emoji=self.emoji, settle_gc=self.settle_gc)
        await self.bot.login(self.config.token)  # the real login path, against the fake
        return self.bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.settle(ignore=())
            await self.bot.close()
            self.bot = None

    async def restart(self) -> ParleyBot:
        """A new process on the same database and the same Discord: views re-registered, boards repaired."""
        await self.stop()
        bot = await self.start()
        assert bot.room is not None
        await repair(bot.room.service, bot.room.delivery)
        return bot

    @property
    def parley(self) -> Any:
        """The bot's room (bot/discord/base.Room): its services, and the plumbing every command goes through."""
        assert self.bot is not None and self.bot.room is not None
        return self.bot.room

    async def settle(self, timeout: float = 10.0, ignore: tuple[str, ...] | None = None) -> None:
        """Wait until every task the bot started (command handlers, view callbacks) is done,
        but those whose name starts with one of `ignore` (e.g. a replay page drawn in the
        background; by default `self.background`, what a bench leaves running)."""
        ignore = self.background if ignore is None else ignore
        current = asyncio.current_task()
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            pending = [t for t in asyncio.all_tasks() if t is not current and not t.done()
                       and not t.get_name().startswith(("parley-scheduler", *ignore))
                       and "pytest" not in repr(t.get_coro())]
            if not pending:
                break
            if loop.time() > end:
                raise AssertionError(f"tasks still running: {pending}")
            # Until these are done (or the time is up): a task they start meanwhile is met by the next
            # look. Not a poll every 50 ms, each an extra turn of the loop while a move waits on its picture.
            await asyncio.wait(pending, timeout=max(0.0, end - loop.time()))
        # Each interaction is checked at the first settle after it: past that it stays acknowledged
        # (or reported, or redelivered), and a long run would rescan them all on every settle.
        for ex in self._unsettled:
            if ex.acked_at is None and not getattr(ex, "redelivered", False):
                self.fake.violation(f"interaction {ex.id} was never acknowledged")
                ex.acked_at = -1
        self._unsettled.clear()

    # -- sending interactions -----------------------------------------------------------------------------

    def _base(self, kind: int, user: User, channel_id: int | None, *, dm: bool = False,
              guild_locale: str = "en-US", guest: bool = False) -> tuple[dict[str, Any], Exchange]:
        iid = self.fake.new_id()
        token = f"tok{iid}"
        channel_id = channel_id or self.fake.channel_id
        ex = Exchange(iid, token, user, kind, created=self.now())
        ex.__dict__["channel_id"] = channel_id
        self.fake.exchanges[iid] = ex
        self._unsettled.append(ex)
        self.fake.by_token[token] = ex
        channel = self.fake.channels.get(channel_id, {"type": 0})
        raw_channel: dict[str, Any] = {"id": str(channel_id), "type": channel["type"]}
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(self.fake.app_id), "type": kind, "token": token, "version": 1,
            "locale": user.locale, "channel_id": str(channel_id), "channel": raw_channel,
            "app_permissions": str((1 << 41) - 1), "entitlements": [], "authorizing_integration_owners": {},
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if dm or channel["type"] == 1:
            payload["user"] = user.json()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"1": str(user.id)}  # only a user installs in DMs
        else:
            # Installed by the server, or (`guest`) by the user alone, in a server without Parley.
            payload["authorizing_integration_owners"] = {"1": str(user.id)} if guest else \
                {"0": str(self.fake.guild_id)}
            raw_channel |= {"guild_id": str(self.fake.guild_id), "name": channel.get("name", "x"), "position": 0,
                            "nsfw": False, "topic": None, "rate_limit_per_user": 0, "flags": 0,
                            "permissions": str((1 << 41) - 1)}
            if channel["type"] == 11:
                raw_channel |= self.fake._channel_json(channel)
            payload |= {"guild_id": str(self.fake.guild_id), "guild_locale": guild_locale, "member": user.member(),
                        "context": 0}
        return payload, ex

    def _path(self, sub: str) -> list[str]:
        """`/parley`'s or `/parley-mod`'s command `sub` as its full path: `["parley", "log", "replay"]`.
        `sub` is a whole path ("parley-league new"), a path under the top-level command ("log replay") or a
        name found once in the tree ("replay")."""
        assert self.bot is not None
        found: list[list[str]] = []

        def walk(group: discord.app_commands.Group, path: list[str]) -> None:
            for child in group.commands:
                here = [*path, child.name]
                if isinstance(child, discord.app_commands.Group):
                    walk(child, here)
                elif sub in (" ".join(here), " ".join(here[1:]), child.name):
                    found.append(here)

        for top in self.bot.tree.get_commands():
            if isinstance(top, discord.app_commands.Group):
                walk(top, [top.name])
        exact = [p for p in found if sub in (" ".join(p), " ".join(p[1:]))]
        # A bare path is /parley's ("new"); another top-level command's is named whole ("parley-league new").
        exact = [p for p in exact if p[0] == "parley" or " ".join(p) == sub] or exact
        assert len(exact or found) == 1, f"/parley {sub}: {'ambiguous' if found else 'no such command'} ({found})"
        return (exact or found)[0]

    def _group_of(self, sub: str) -> str:
        """The top-level command (`parley` or `parley-mod`) that holds `sub`."""
        return self._path(sub)[0]

    def _data(self, sub: str, opts: list[dict[str, Any]]) -> dict[str, Any]:
        """An interaction's `data` naming the command `sub` (nested in its group, if it is in one)."""
        path = self._path(sub)
        inner: dict[str, Any] = {"type": 1, "name": path[-1], "options": opts}
        if len(path) == 3:
            inner = {"type": 2, "name": path[1], "options": [inner]}
        return {"id": str(self.fake.app_id + 1), "name": path[0], "type": 1, "options": [inner]}

    def _command(self, sub: str) -> discord.app_commands.Command[Any, ..., Any]:
        assert self.bot is not None
        path = self._path(sub)
        found: Any = self.bot.tree.get_command(path[0])
        for name in path[1:]:
            found = found.get_command(name)
        assert isinstance(found, discord.app_commands.Command), f"no command /{' '.join(path)}"
        return found

    def _options(self, sub: str, options: dict[str, Any], focused: str | None) -> tuple[list[dict[str, Any]],
                                                                                           dict[str, Any]]:
        command = self._command(sub)
        params = {p.name: p for p in command.parameters}
        out: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for name, value in options.items():
            if value is None:
                continue
            param = params.get(name)
            assert param is not None, f"/parley {sub} has no option {name!r}"
            opt: dict[str, Any] = {"name": name, "type": param.type.value}
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = value.json()
                member = value.member()
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
                opt["value"] = str(value.id)
            elif isinstance(value, Role):
                resolved.setdefault("roles", {})[str(value.id)] = value.json()
                opt["value"] = str(value.id)
            else:
                opt["value"] = value
            if name == focused:
                opt["focused"] = True
            out.append(opt)
        return out, resolved

    def _know_roles(self, role_ids: list[str]) -> None:
        """The server and its roles in the client's cache, as the gateway's GUILD_CREATE
        puts them there (the `guilds` intent) before any interaction from the server."""
        assert self.bot is not None
        state = self.bot._connection
        guild = self.bot.get_guild(self.fake.guild_id)
        if guild is None:
            everyone = Role(self.fake.guild_id, "@everyone").json()
            guild = discord.Guild(data={"id": str(self.fake.guild_id), "name": "Parley test server",  # type: ignore[typeddict-item]
                                        "roles": [everyone], "emojis": [], "stickers": [], "features": []},
                                  state=state)
            state._add_guild(guild)
        for rid in role_ids:
            if guild.get_role(int(rid)) is None:
                guild._add_role(discord.Role(guild=guild, state=state, data=Role(int(rid), f"role {rid}").json()))  # type: ignore[arg-type]

    async def _dispatch(self, payload: dict[str, Any], ex: Exchange, wait: bool = True) -> Exchange:
        assert self.bot is not None
        ex.created = self.now()
        ex.__dict__["payload"] = payload
        if "member" in payload:
            self._know_roles(payload["member"]["roles"])
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        if wait:
            await self.settle()
        return ex

    async def slash(self, user: User, sub: str, /, *, channel: int | None = None, guild_locale: str = "en-US",
                    wait: bool = True, dm: bool = False, guest: bool = False, **options: Any) -> Exchange:
        """Run `/parley sub` (`sub` may be "log replay", or just "replay"); `wait=False` returns at once (then
        call `settle()`). `dm`: in the user's DM with the bot; `guest`: in this server as the user's own app,
        the server not having installed Parley."""
        if dm:
            channel = self.fake.dm_channel(user.id)
        payload, ex = self._base(2, user, channel, guild_locale=guild_locale, dm=dm, guest=guest)
        opts, resolved = self._options(sub, options, None)
        payload["data"] = self._data(sub, opts) | {"resolved": resolved}
        return await self._dispatch(payload, ex, wait)

    async def redeliver(self, ex: Exchange, *, wait: bool = True) -> Exchange:
        """The same interaction delivered again (a gateway retry): it must not act twice.
        `wait=False` delivers it while the first delivery may still be running."""
        assert self.bot is not None
        ex.__dict__["redelivered"] = True
        self.bot._connection.parse_interaction_create(ex.__dict__["payload"])
        if wait:
            await self.settle()
        return ex

    async def autocomplete(self, user: User, sub: str, focused: str, /, *, channel: int | None = None,
                           **options: Any) -> list[dict[str, Any]]:
        payload, ex = self._base(4, user, channel)
        opts, _ = self._options(sub, options, focused)
        payload["data"] = self._data(sub, opts)
        await self._dispatch(payload, ex)
        assert ex.choices is not None, "autocomplete was not answered"
        return ex.choices

    async def click(self, user: User, message: dict[str, Any] | int, custom_id: str | None = None, *,
                    values: list[str] | None = None, index: int | None = None, wait: bool = True) -> Exchange:
        """Click a button (or pick select `values`) on a message the user can see (or saw: pass a copy).
        `wait=False` returns at once, so several clicks can race; then call `settle()`."""
        # A dict that is not the stored message is the user's (possibly outdated)
        # copy: what their client showed when they clicked.
        msg = self.fake.messages[int(message)] if isinstance(message, int) else message
        every = walk(msg.get("components") or [])  # once, for the ids and the component clicked
        ids = _ids(every)
        if custom_id is None:
            assert index is not None
            custom_id = ids[index]
        assert custom_id in ids, f"{custom_id!r} is not on message {msg['id']} ({ids})"
        if msg["_visible_to"] is not None:
            assert msg["_visible_to"] == user.id, "clicking someone else's ephemeral message"
        component = next(c for c in every if c.get("custom_id") == custom_id)
        assert not component.get("disabled"), f"{custom_id} is disabled"
        channel_id = int(msg["channel_id"])
        dm = self.fake.channels.get(channel_id, {}).get("type") == 1
        payload, ex = self._base(3, user, channel_id, dm=dm)
        ex.component_message = int(msg["id"])
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] == 3:
            data["values"] = values or []
        payload["data"] = data
        payload["message"] = self.fake.public(msg)
        if msg["_visible_to"] is not None:
            payload["message"]["flags"] = int(msg["flags"]) | EPHEMERAL  # a layout one keeps its flag
        return await self._dispatch(payload, ex, wait)

    async def submit(self, user: User, opened: Exchange, /, files: dict[str, tuple[str, bytes]] | None = None,
                     **values: Any) -> Exchange:
        """Submit the modal an interaction opened as Discord sends it, filling each input by its
        label: text inputs and radio groups take a string, selects and checkbox groups a list,
        a checkbox a bool; `files` puts (file name, bytes) in a file upload, served on the CDN."""
        assert opened.modal is not None, "no modal was opened"
        modal = opened.modal
        rows = []
        resolved: dict[str, Any] = {}
        for row in modal.get("components", []):
            inner = row.get("components") or ([row["component"]] if "component" in row else [])
            filled = []
            for c in inner:
                label = c.get("label") or row.get("label") or ""
                given = values.get(label)
                item: dict[str, Any] = {"type": c["type"], "custom_id": c["custom_id"]}
                if c["type"] == 4:
                    item["value"] = given or ""
                elif c["type"] in (3, 22):
                    picked = [given] if isinstance(given, str) else list(given or [])
                    offered = {o["value"] for o in c.get("options") or []}
                    assert set(picked) <= offered, f"{picked} are not all offered in {label!r} ({offered})"
                    item["values"] = picked
                elif c["type"] == 21:
                    item["value"] = given
                elif c["type"] == 23:
                    item["value"] = bool(given)
                elif c["type"] == 19:
                    item["values"] = []
                    if files and label in files:
                        name, data = files[label]
                        attachment = self.fake._attachment(name, data)
                        self.fake.cdn[attachment["url"]] = data
                        resolved.setdefault("attachments", {})[attachment["id"]] = attachment
                        item["values"].append(attachment["id"])
                filled.append(item)
            if "component" in row:
                rows.append({"type": row["type"], "component": filled[0], **({"id": row["id"]} if "id" in row else {})})
            else:
                rows.append({"type": 1, "components": filled})
        payload, ex = self._base(5, user, opened.__dict__.get("channel_id"))
        ex.component_message = opened.component_message
        payload["data"] = {"custom_id": modal["custom_id"], "components": rows,
                           **({"resolved": resolved} if resolved else {})}
        if opened.component_message is not None:  # a modal opened from a button: Discord sends its message
            msg = self.fake.messages[opened.component_message]
            payload["message"] = self.fake.public(msg)
            if msg["_visible_to"] is not None:
                payload["message"]["flags"] = int(msg["flags"]) | EPHEMERAL  # a layout one keeps its flag
        return await self._dispatch(payload, ex)

    # -- what a user saw --------------------------------------------------------------------------------

    def replies(self, ex: Exchange) -> list[dict[str, Any]]:
        return [self.fake.messages[m] for m in ex.messages]

    def reply_text(self, ex: Exchange) -> str:
        """What the interaction's user was told (the response and followups)."""
        return "\n".join(FakeDiscord.text(m) for m in self.replies(ex))

    def last_reply(self, ex: Exchange) -> dict[str, Any]:
        assert ex.messages, f"interaction {ex.id} produced no message"
        return self.fake.messages[ex.messages[-1]]


def _query(params: Any) -> str:
    if not params:
        return ""
    return "?" + "&".join(f"{k}={v}" for k, v in params.items())
