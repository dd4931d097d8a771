"""`/parley-league ...`: leagues and tournaments on Discord, one command group
over the league service (events/league/service.py).

What a league shows is reconciled, never stepped through: after each league
command and each scheduler pass, `refresh` makes Discord match the league's
log: every match of the round has its own thread (the match delivery makes
it, as for `/parley new`), one standings message in the league's channel is
posted once and edited from then on, and each round is announced once as a
server scheduled event (ending at the round's deadline). What was posted is
recorded in the store's kv, so a restart repeats nothing.

The organiser is whoever made the league, and the server's moderators
(recorded as grants, as for matches: events/moderators.py). Answers are
private to the one who asked; the standings message and the match threads
are public.
"""

from __future__ import annotations

import logging
import weakref
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot import leaguetext as lt
from engine.core import Text
from engine.registry import available, get_game
from events.bots import bot_player
from events.errors import Refused
from events.league.fold import FORMATS, LeagueState
from events.league.refusals import no_league
from events.league.service import LeagueService
from events.model import Player

from . import contexts
from .base import Reply, Room, parse_options
from .i18n import M, guild_locale_of, locale_of
from .ops import Ops
from .projection import MESSAGE_LIMIT, clip

log = logging.getLogger("parley.discord")

POSTS = "league_post"  # kv: league id -> {"channel", "message", "text", "synced": match ids shown}
EVENTS = "league_event"  # kv: "<league>/<round>" -> the scheduled event's id
NO_DEADLINE = timedelta(days=7)  # an EXTERNAL event must end: a round without a deadline shows a week
LEAD = timedelta(minutes=1)  # Discord refuses an event that starts in the past

T_CREATED = Text("League `{id}` made. Players join with `/parley-league join`; start it with "
                 "`/parley-league start` once they have.",
                 "リーグ `{id}` を作成しました。参加は `/parley-league join`、全員そろったら "
                 "`/parley-league start` で開始します。")
T_JOINED = Text("{name} joined league `{id}`.", "{name}さんがリーグ `{id}` に参加しました。")
T_DROPPED = Text("{name} left league `{id}`; they are not paired again.",
                 "{name}さんがリーグ `{id}` から抜けました。以後の組み合わせには入りません。")
T_STARTED = Text("League `{id}`: round {n} is paired; each match has its own thread.",
                 "リーグ `{id}`：第{n}回戦を組み合わせました。各対戦にスレッドがあります。")
T_MOVED = Text("League `{id}` is up to date.", "リーグ `{id}` を更新しました。")
T_EVENT = Text("{name}: round {n}", "{name}：第{n}回戦")
T_WHERE = Text("Parley league {id} on Discord", "Discord の Parley リーグ {id}")
T_NO_LEAGUE = Text("No league is being organised on this server.", "このサーバーで開催中のリーグはありません。")
T_WHICH = Text("Several leagues are open here ({ids}): give the `league` option.",
               "ここでは複数のリーグが開催中です（{ids}）。`league` オプションで指定してください。")
LEAGUE = _("League id (default: this server's open league)")


class Leagues:
    """The league commands' work and what they show, over one league service."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.service = LeagueService(room.service)
        self.ops = Ops(room.client)
        room.after_sync.append(self.match_shown)

    async def match_shown(self, match_id: str) -> None:
        """A league's match was brought up to date: if it has ended, its league may move on
        now rather than at the scheduler's next pass. (Moving on shows the league again,
        which brings its matches up to date again: that only comes back here for matches
        that ended, whose league then has nothing more to do, so it stops.)"""
        ms = await self.room.service.get(match_id)
        league_id = ms.place.get("league")
        if league_id is None or ms.status not in ("finished", "aborted"):
            return
        before = (await self.service.get(str(league_id))).seq
        if (await self.service.advance(str(league_id), datetime.now(UTC).isoformat())).seq != before:
            await self.refresh(str(league_id))

    # -- which league -------------------------------------------------------------------------

    async def _league(self, interaction: discord.Interaction, given: str | None) -> LeagueState:
        """The league named (enough of its id), else the one open league of this server."""
        if interaction.guild_id is None:
            raise Refused(M.guild_only)
        guild = str(interaction.guild_id)
        rows = [r for r in await self.service.leagues(guild) if r.guild == guild]
        typed = (given or "").strip()
        if typed:
            found = [r.id for r in rows if r.id.startswith(typed)]
        else:
            found = [r.id for r in rows if r.status != "finished"]
            if len(found) > 1:
                raise Refused(T_WHICH.format(ids=", ".join(f"`{f}`" for f in found[:10])))
        if len(found) != 1:
            raise Refused(T_NO_LEAGUE) if not typed else no_league(typed)
        return await self.service.get(found[0])

    async def complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        locale = locale_of(interaction)
        out = []
        for row in await self.service.leagues(str(interaction.guild_id)):
            if row.id.startswith(current.strip()):
                state = await self.service.get(row.id)
                out.append(app_commands.Choice(name=clip(lt.heading(state, locale)[0], 100), value=row.id))
        return out[:25]

    async def _organiser(self, interaction: discord.Interaction) -> str:
        """The user, with their moderator grant of this server recorded (or withdrawn)
        so the service can judge them: the league's creator organises it either way."""
        await self.room.check_mod(interaction)
        return self.room.player(interaction).id

    # -- commands -----------------------------------------------------------------------------

    async def new(self, interaction: discord.Interaction, game: str, fmt: str, options: str | None,
                  rounds: int | None, pod: int | None, deadline_days: float | None, rated: bool | None,
                  name: str | None) -> None:
        async def work() -> Reply:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise Refused(M.guild_only)
            if game not in available():
                games = ", ".join(f"`{g}`" for g in available())
                raise Refused(M.unknown_game.format(game=game), M.games_available.format(games=games))
            channel = interaction.channel
            channel_id = interaction.channel_id
            if isinstance(channel, discord.Thread) and channel.parent_id:
                channel_id = channel.parent_id  # the league's matches open threads of the channel
            defaults = await self.room.server_settings(interaction)
            place = {"via": "discord", "guild": str(interaction.guild_id), "channel": str(channel_id),
                     "locale": defaults.language or guild_locale_of(interaction)}
            deadline = f"{deadline_days * 24:g}h" if deadline_days else None
            state = await self.service.create(game, self.room.player(interaction), fmt,
                                              options=parse_options(options), rated=defaults.rated if rated is None
                                              else rated, pod=pod, rounds=rounds, deadline=deadline, place=place,
                                              name=name or "")
            await self.refresh(state.league_id)
            return Reply(T_CREATED.format(id=state.league_id)(locale_of(interaction)))
        await self.room.run(interaction, work)

    async def join(self, interaction: discord.Interaction, league: str | None) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            me = self.room.player(interaction)
            await self.service.add(state.league_id, me.id, me)
            await self.refresh(state.league_id)
            return Reply(T_JOINED.format(name=me.name, id=state.league_id)(locale_of(interaction)))
        await self.room.run(interaction, work)

    async def add(self, interaction: discord.Interaction, league: str | None, user: discord.User | None,
                  bots: int, level: str) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            actor = await self._organiser(interaction)
            n = sum(1 for p in state.players if p.is_bot)
            players = [Player(id=f"discord:{user.id}", name=user.display_name)] if user is not None else []
            players += [bot_player(n + k, level) for k in range(1, bots + 1)]
            for p in players:
                state = await self.service.add(state.league_id, actor, p)
            await self.refresh(state.league_id)
            locale = locale_of(interaction)
            names = ("、" if locale == "ja" else ", ").join(lt.name_of(state, p.id, locale) for p in players)
            return Reply(T_JOINED.format(name=names or "-", id=state.league_id)(locale))
        await self.room.run(interaction, work)

    async def drop(self, interaction: discord.Interaction, league: str | None, user: discord.User | None,
                   reason: str | None) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            me = self.room.player(interaction).id
            who = f"discord:{user.id}" if user is not None else me
            actor = me if who == me else await self._organiser(interaction)
            state = await self.service.drop(state.league_id, actor, who, reason or "")
            await self.refresh(state.league_id)
            return Reply(T_DROPPED.format(name=lt.name_of(state, who, locale_of(interaction)),
                                          id=state.league_id)(locale_of(interaction)))
        await self.room.run(interaction, work)

    async def start(self, interaction: discord.Interaction, league: str | None) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            state = await self.service.start(state.league_id, await self._organiser(interaction))
            await self.refresh(state.league_id)
            return Reply(self._where(state, locale_of(interaction)))
        await self.room.run(interaction, work)

    async def advance(self, interaction: discord.Interaction, league: str | None) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            state = await self.service.advance(state.league_id, datetime.now(UTC).isoformat(),
                                               await self._organiser(interaction))
            await self.refresh(state.league_id)
            return Reply(self._where(state, locale_of(interaction)))
        await self.room.run(interaction, work)

    async def end(self, interaction: discord.Interaction, league: str | None, match: str,
                  winner: discord.User | None, reason: str | None) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            rnd = state.current
            found = [t.match for t in (rnd.tables if rnd else ()) if t.match.startswith(match.strip())]
            state = await self.service.end_match(state.league_id, await self._organiser(interaction),
                                                 found[0] if len(found) == 1 else match.strip(),
                                                 f"discord:{winner.id}" if winner else None, reason or "")
            await self.refresh(state.league_id)
            return Reply(self._where(state, locale_of(interaction)))
        await self.room.run(interaction, work)

    async def override(self, interaction: discord.Interaction, league: str | None,
                       users: list[discord.User]) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            state = await self.service.override(state.league_id, await self._organiser(interaction),
                                                [f"discord:{u.id}" for u in users])
            await self.refresh(state.league_id)
            return Reply(self._where(state, locale_of(interaction)))
        await self.room.run(interaction, work)

    async def show(self, interaction: discord.Interaction, league: str | None) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            return Reply(await self._text(state, locale_of(interaction)))
        await self.room.run(interaction, work)

    async def explain(self, interaction: discord.Interaction, league: str | None) -> None:
        async def work() -> Reply:
            state = await self._league(interaction, league)
            why = await self.service.explain(state.league_id)
            return Reply("\n".join(lt.explain_lines(state, why, locale_of(interaction))))
        await self.room.run(interaction, work)

    # -- what the league shows ------------------------------------------------------------------

    def _where(self, state: LeagueState, locale: str) -> str:
        if state.status == "running" and state.current is not None:
            return T_STARTED.format(id=state.league_id, n=state.current.number)(locale)
        return T_MOVED.format(id=state.league_id)(locale)

    async def _text(self, state: LeagueState, locale: str) -> str:
        results = await self.service.results(state)
        lines = lt.heading(state, locale)
        if state.rounds:
            lines += lt.standing_lines(state, await self.service.standings(state.league_id), locale)
        if state.status == "running":
            lines += lt.round_lines(state, state.current, results, locale)
        return clip("\n".join(lines), MESSAGE_LIMIT)

    async def refresh(self, league_id: str) -> None:
        """Make Discord show the league as its log says (idempotent: a second call does nothing)."""
        state = await self.service.get(league_id)
        store = self.room.service.store
        posted = await store.get_kv(POSTS, league_id) or {}
        # Each match's thread, made once like /parley new's: every match never shown yet (a
        # round of bots may have been played out in one command), and the last two rounds'
        # again, whose matches the league may have ended (a deadline, an organiser).
        shown = set(posted.get("synced", []))
        recent = {t.match for r in state.rounds[-2:] for t in r.tables}
        for match in [t.match for r in state.rounds for t in r.tables]:
            if match not in shown or match in recent:
                await self.room.sync(match)
                shown.add(match)
        if shown != set(posted.get("synced", [])):
            posted = {**posted, "synced": sorted(shown)}
            await store.set_kv(POSTS, league_id, posted)
        channel = state.place.get("channel")
        if channel is None:
            return
        locale = str(state.place.get("locale") or "en")
        text = await self._text(state, locale)
        if not posted.get("message"):
            result = await self.ops.post(channel, text)
            if result.ok:
                await store.set_kv(POSTS, league_id, {**posted, "channel": channel, "message": result.id,
                                                      "text": text})
        elif posted.get("text") != text:
            result = await self.ops.edit(channel, posted["message"], content=text)
            if result.ok:
                await store.set_kv(POSTS, league_id, {**posted, "text": text})
        await self._announce(state, locale)

    async def _announce(self, state: LeagueState, locale: str) -> None:
        rnd, guild = state.current, state.place.get("guild")
        if rnd is None or rnd.ended or guild is None or state.status != "running":
            return
        key = f"{state.league_id}/{rnd.number}"
        if await self.room.service.store.get_kv(EVENTS, key):
            return
        start = datetime.now(UTC) + LEAD
        end = datetime.fromisoformat(rnd.deadline) if rnd.deadline else start + NO_DEADLINE
        results = await self.service.results(state)
        result = await self.ops.schedule_event(
            guild, name=T_EVENT.format(name=state.name or state.league_id, n=rnd.number)(locale),
            start=start.isoformat(), end=max(end, start + LEAD).isoformat(),
            location=T_WHERE.format(id=state.league_id)(locale),
            description="\n".join(lt.round_lines(state, rnd, results, locale)))
        if result.ok:
            await self.room.service.store.set_kv(EVENTS, key, result.id)
        else:
            log.warning("league %s: round %d not announced: %s %s", state.league_id, rnd.number, result.outcome,
                        result.text)

    async def tick(self, now: datetime) -> None:
        """The scheduler's pass: each running league of this process's servers moves
        on when its round's matches ended or its deadline passed."""
        for row in await self.room.service.store.matches(status=("running",), leagues=True, limit=1_000_000):
            if row.guild is None or not self.room.config.owns(row.guild):
                continue
            try:
                state = await self.service.advance(row.id, now.isoformat())
                # Shown again when it moved, or when its standings were never posted (Discord was down).
                if state.seq != row.last_seq or not await self.room.service.store.get_kv(POSTS, row.id):
                    await self.refresh(row.id)
            except Exception:
                log.exception("league %s: the scheduler could not move it on", row.id)


_shared: weakref.WeakKeyDictionary[object, Leagues] = weakref.WeakKeyDictionary()


def leagues_of(room: Room) -> Leagues:
    """One league service per bot, shared by the commands and the scheduler (one lock per league)."""
    found = _shared.get(room)
    if found is None:
        found = _shared[room] = Leagues(room)
    return found


FORMAT_CHOICES = [app_commands.Choice(name=_("Swiss"), value="swiss"),
                  app_commands.Choice(name=_("round robin"), value="round-robin"),
                  app_commands.Choice(name=_("single elimination"), value="elimination")]
assert [c.value for c in FORMAT_CHOICES] == list(FORMATS)


class LeagueGroup(app_commands.Group):
    """`/parley-league ...`: a command of its own, as `/parley-mod` is. Discord counts a command's
    whole tree against one size limit (4,000 characters, the longest translation of each field),
    and /parley with the league inside came to 5,629; in servers only."""

    def __init__(self, room: Room) -> None:
        where, installs = contexts.servers_only()
        super().__init__(name=_("parley-league"), allowed_contexts=where, allowed_installs=installs,
                         description=_("Leagues and tournaments: Swiss, round robin, elimination"))
        self.leagues = leagues_of(room)

    def to_dict(self, tree: app_commands.CommandTree[Any]) -> dict[str, Any]:
        return contexts.without_dm_permission(super().to_dict(tree))

    async def _league(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self.leagues.complete(interaction, current)

    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = locale_of(interaction)
        return [app_commands.Choice(name=f"{get_game(g).title(locale)} ({g})", value=g)
                for g in available() if current.casefold() in g.casefold()][:25]

    @app_commands.command(name=_("new"), description=_("Make a league here; its matches open threads of this channel"))
    @app_commands.describe(game=_("Which game"), format=_("Swiss (default), round robin or single elimination"),
                           options=_("Each match's options as key=value pairs (a clock among them)"),
                           rounds=_("How many rounds (default: the format's own)"),
                           pod=_("Players per table: 2, or 3-8 for the multi-seat games"),
                           deadline_days=_("Days a round may take (default: no deadline)"),
                           rated=_("Rated on the ladder (default: the server's)"), name=_("A name for the league"))
    @app_commands.rename(game=_("game"), format=_("format"), options=_("options"), rounds=_("rounds"), pod=_("pod"),
                         deadline_days=_("deadline_days"), rated=_("rated"), name=_("name"))
    @app_commands.choices(format=FORMAT_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str,
                  format: app_commands.Choice[str] | None = None, options: str | None = None,
                  rounds: app_commands.Range[int, 1, 50] | None = None, pod: app_commands.Range[int, 2, 8] | None = None,
                  deadline_days: app_commands.Range[float, 0.1, 60.0] | None = None, rated: bool | None = None,
                  name: app_commands.Range[str, 1, 60] | None = None) -> None:
        await self.leagues.new(interaction, game, format.value if format else "swiss", options, rounds, pod,
                               deadline_days, rated, name)

    new.autocomplete("game")(_game)

    @app_commands.command(name=_("join"), description=_("Join a league"))
    @app_commands.describe(league=LEAGUE)
    @app_commands.rename(league=_("league"))
    async def join(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await self.leagues.join(interaction, league)

    @app_commands.command(name=_("add"), description=_("Organiser: add a player or bots to a league"))
    @app_commands.describe(user=_("The player to add"), bots=_("How many bots to add"),
                           level=_("How well the bots play (default: easy)"), league=LEAGUE)
    @app_commands.rename(user=_("user"), bots=_("bots"), level=_("level"), league=_("league"))
    @app_commands.choices(level=[app_commands.Choice(name=_("easy"), value="easy"),
                                 app_commands.Choice(name=_("normal"), value="normal"),
                                 app_commands.Choice(name=_("hard"), value="hard")])
    async def add(self, interaction: discord.Interaction, user: discord.User | None = None,
                  bots: app_commands.Range[int, 0, 64] = 0, level: app_commands.Choice[str] | None = None,
                  league: str | None = None) -> None:
        await self.leagues.add(interaction, league, user, bots, level.value if level else "easy")

    @app_commands.command(name=_("drop"), description=_("Leave a league, or (organiser) take a player out"))
    @app_commands.describe(user=_("Who (default: you)"), reason=_("Why (shown publicly)"), league=LEAGUE)
    @app_commands.rename(user=_("user"), reason=_("reason"), league=_("league"))
    async def drop(self, interaction: discord.Interaction, user: discord.User | None = None,
                   reason: str | None = None, league: str | None = None) -> None:
        await self.leagues.drop(interaction, league, user, reason)

    @app_commands.command(name=_("start"), description=_("Organiser: pair round 1 and open its matches"))
    @app_commands.describe(league=LEAGUE)
    @app_commands.rename(league=_("league"))
    async def start(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await self.leagues.start(interaction, league)

    @app_commands.command(name=_("show"), description=_("A league's standings and the round being played"))
    @app_commands.describe(league=LEAGUE)
    @app_commands.rename(league=_("league"))
    async def show(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await self.leagues.show(interaction, league)

    @app_commands.command(name=_("explain"), description=_("Why the round is paired as it is"))
    @app_commands.describe(league=LEAGUE)
    @app_commands.rename(league=_("league"))
    async def explain(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await self.leagues.explain(interaction, league)

    @app_commands.command(name=_("advance"),
                          description=_("Organiser: end the round if its matches are over or its deadline passed"))
    @app_commands.describe(league=LEAGUE)
    @app_commands.rename(league=_("league"))
    async def advance(self, interaction: discord.Interaction, league: str | None = None) -> None:
        await self.leagues.advance(interaction, league)

    @app_commands.command(name=_("override"), description=_("Organiser: seat these players together this round"))
    @app_commands.describe(first=_("A player"), second=_("Another player"), third=_("A third (pods)"),
                           fourth=_("A fourth (pods)"), league=LEAGUE)
    @app_commands.rename(first=_("first"), second=_("second"), third=_("third"), fourth=_("fourth"),
                         league=_("league"))
    async def override(self, interaction: discord.Interaction, first: discord.User, second: discord.User,
                       third: discord.User | None = None, fourth: discord.User | None = None,
                       league: str | None = None) -> None:
        await self.leagues.override(interaction, league, [u for u in (first, second, third, fourth) if u])

    @app_commands.command(name=_("end"), description=_("Organiser: end a stalled match, awarded or with no winner"))
    @app_commands.describe(match=_("The match's id"), winner=_("Who it is awarded to (default: nobody)"),
                           reason=_("Why (shown publicly)"), league=LEAGUE)
    @app_commands.rename(match=_("match"), winner=_("winner"), reason=_("reason"), league=_("league"))
    async def end(self, interaction: discord.Interaction, match: str, winner: discord.User | None = None,
                  reason: str | None = None, league: str | None = None) -> None:
        await self.leagues.end(interaction, league, match, winner, reason)

    for _cmd in (join, add, drop, start, show, explain, advance, override, end):
        _cmd.autocomplete("league")(_league)
    del _cmd


__all__ = ["LeagueGroup", "Leagues", "leagues_of"]
