"""Lobby, moves, hands and takebacks: what players do."""

from __future__ import annotations

import logging
from typing import Any

import discord

from engine.core import Choice, RuleError, Text
from engine.registry import available, get_game
from events.clockconfig import clock_place
from events.errors import Refused
from events.replay import MatchState, awaiting
from events.takeover import offered_or_easy
from events.window import parse_window, window_place

from . import hall, handlayout, projection
from .base import PICKED, Reply, Room, match_id_for, parse_options
from .i18n import M, guild_locale_of, status_text
from .matchdecks import deck_offer, with_card_set
from .menus import entry_for, unique_labels
from .names import named, seat_names
from .ops import Outcome, Undelivered
from .projection import clip, name
from .views import BACK, choice_view, group_rows, group_view

log = logging.getLogger("parley.discord")


class Play:
    """The lobby, moves, hands and takebacks, from commands and from the buttons posted for them."""

    def __init__(self, room: Room) -> None:
        self.room = room

    # -- lobby ------------------------------------------------------------------------------

    async def create(self, interaction: discord.Interaction, game_id: str, options: str | None,
                     deadline_hours: float | None, deadline_action: str | None,
                     reminder_hours: float | None, takeover: str | None = None, rated: bool | None = None,
                     bots: int = 0) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            if interaction.guild_id is None or interaction.channel_id is None:
                raise Refused(M.guild_only)
            if game_id not in available():
                games = ", ".join(f"`{g}`" for g in available())
                raise Refused(M.unknown_game.format(game=game_id), M.games_available.format(games=games))
            opts = await with_card_set(self.room.service.store, interaction.guild_id, game_id, parse_options(options))
            channel = interaction.channel
            channel_id = interaction.channel_id
            if isinstance(channel, discord.Thread) and channel.parent_id:
                channel_id = channel.parent_id  # a new match gets its own thread, not one inside a thread
            forum = await hall.forum_of(self.room.delivery.ops, interaction)  # the match hall: a post in the forum
            cid = str(interaction.id)
            # The server's settings fill what the creator left out; a deadline of 0 is "none" even then.
            defaults = await self.room.server_settings(interaction)
            place: dict[str, Any] = {"via": "discord", "guild": str(interaction.guild_id), "channel": str(channel_id),
                                     "locale": defaults.language or guild_locale_of(interaction), "interaction": cid}
            if forum is not None:
                place.update(channel=str(forum), forum=str(forum))
            hours = defaults.deadline_hours if deadline_hours is None else deadline_hours
            # A clock in the options (or the server's default one) replaces the per-move deadline.
            clock = clock_place(opts) or ({"clock": defaults.clock} if defaults.clock and deadline_hours is None else {})
            if clock:
                place.update(clock, deadline_action=deadline_action or defaults.deadline_action)
            elif hours:
                place.update(deadline_hours=hours, deadline_action=deadline_action or defaults.deadline_action)
            # A window in the options (`window=off` too) wins over the server's.
            place.update(window_place(parse_window(opts), defaults.window))
            if reminder_hours:
                place["reminder_hours"] = reminder_hours
            # Chosen for this match (the service refuses a level the game lacks), else the
            # server's default, eased to the game's own bot where it has no search.
            place["takeover"] = takeover or offered_or_easy(get_game(game_id), defaults.takeover)
            # Written into the log either way, so a later change of the server's
            # default never re-rates a match (events/ratings.py reads only this).
            place["rated"] = defaults.rated if rated is None else rated
            # The match id comes from the interaction id, so the same interaction
            # delivered twice finds the match its first delivery made.
            match_id = match_id_for(interaction.id)
            me = self.room.player(interaction)
            ms = await self._made_by(match_id, cid)
            if ms is None:
                try:
                    ms = await self.room.service.create(game_id, me, opts, place=place, match_id=match_id, join=False)
                except Exception:
                    ms = await self._made_by(match_id, cid)  # the twin delivery won the race
                    if ms is None:
                        raise
            # Joining carries the interaction id too: done once, however often it is delivered.
            await self.room.service.join(match_id, me, command_id=cid)
            for n in range(bots):  # the form's bot seats, each once however often it is delivered
                await self.room.service.add_bot(match_id, me.id, command_id=f"{cid}:bot{n}")
            try:
                await self.room.delivery.sync(match_id)
            except Undelivered as exc:
                refused = exc.result
                if refused.outcome not in (Outcome.FORBIDDEN, Outcome.REFUSED):
                    raise  # Discord trouble, not this channel's: the next sync retries
                # No thread here (a permission, or a channel kind without threads): the
                # match must not linger as an open lobby nobody can play.
                await self.room.service.abort(match_id, None, f"cannot open a thread: {refused.text}")
                await self.room.sync(match_id)  # the lobby message, if it was posted, says so
                raise Refused(M.no_permission.format(what=refused.text or refused.code),
                              M.no_permission_hint) from exc
            rec = await self.room.delivery.record(match_id)
            offer, view = await deck_offer(self.room.service.store, ms, me.id, locale)
            return Reply("\n".join(filter(None, [M.created.format(match=match_id, game=get_game(ms.game_id).title,
                                                                   thread=f"<#{rec.get('thread')}>")(locale), offer])),
                         view=view)
        await self.room.run(interaction, work)

    async def _made_by(self, match_id: str, interaction_id: str) -> MatchState | None:
        """The match this interaction created, if an earlier delivery of it already did."""
        if await self.room.service.store.match(match_id) is None:
            return None
        ms = await self.room.service.get(match_id)
        if ms.place.get("interaction") != interaction_id:
            # 40 bits of a hash of two different interaction ids agreeing: never, in practice.
            raise RuntimeError(f"match id {match_id} is taken by another interaction")
        return ms

    async def lobby(self, interaction: discord.Interaction, match: str | None, op: str, level: str = "easy") -> None:
        async def work() -> Reply:
            return await self._lobby_op(interaction, await self.room.resolve(interaction, match), op, level)
        await self.room.run(interaction, work, match_id=match)

    async def lobby_click(self, interaction: discord.Interaction, match_id: str, op: str,
                          level: str = "easy") -> None:
        async def work() -> Reply:
            return await self._lobby_op(interaction, await self.room.service.get(match_id), op, level)
        await self.room.run(interaction, work, match_id=match_id)

    async def _lobby_op(self, interaction: discord.Interaction, ms: MatchState, op: str,
                        level: str = "easy") -> Reply:
        locale = self.room.locale(interaction)
        me = self.room.player(interaction)
        cid = str(interaction.id)
        mid = ms.match_id
        if op == "join":
            if ms.status == "lobby" and any(p.id == me.id for p in ms.lobby):  # Join again: pick another deck
                offer, view = await deck_offer(self.room.service.store, ms, me.id, locale)
                if view is not None:
                    return Reply(offer, view=view)
            result = await self.room.service.join(mid, me, command_id=cid)
            text = M.joined
        elif op == "leave":
            result = await self.room.service.leave(mid, me.id, command_id=cid)
            text = M.left
        elif op == "bot":
            if me.id != ms.creator and not await self.room.is_mod(interaction):
                raise Refused(Text("Only the match's creator can add bots.", "ボットを追加できるのは作成者だけです。"))
            result = await self.room.service.add_bot(mid, me.id, command_id=cid, level=level)
            text = M.bot_added
        else:
            if me.id != ms.creator:
                await self.room.check_mod(interaction)  # records the grant the service checks
            result = await self.room.service.start(mid, me.id, command_id=cid)
            text = M.started
        content = M.duplicate(locale) if result.duplicate else text.format(match=mid)(locale)
        if op == "join" and not result.duplicate:
            offer, view = await deck_offer(self.room.service.store, ms, me.id, locale)
            return Reply("\n".join(filter(None, [content, offer])), view=view, sync=mid)
        return Reply(content, sync=mid)

    async def act(self, interaction: discord.Interaction, match: str | None, action: str) -> None:
        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            picked = PICKED.match(action.strip())
            if picked:
                return await self._choose(interaction, ms.match_id, int(picked[1]), None, int(picked[2]))
            locale = self.room.locale(interaction)
            me, cid = self.room.player(interaction).id, str(interaction.id)
            try:
                # The service answers a retry of a move that was made ("already done", not "not your
                # turn") from the same read that checks the match is fresh: no lookup of its own first.
                result = await self.room.service.act(ms.match_id, me, action, command_id=cid)
            except RuleError:
                self._check_turn(await self.room.service.get(ms.match_id), me)  # not this player's turn: say who is awaited
                raise
            return Reply(self.room.done(result, locale, Text(action, action), ms), sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)

    @staticmethod
    def _check_menu(ms: MatchState, player_id: str, seat: int) -> None:
        """A seated player on another seat's menu (a DM shown to them, a forwarded
        message) is told whose it is, not that they are not seated."""
        mine = ms.seat_of(player_id)
        if mine and seat not in mine and 0 <= seat < len(ms.seats):
            raise Refused(M.not_your_menu.format(who=Text(name(ms.seats[seat], "en"), name(ms.seats[seat], "ja"))),
                          M.not_your_menu_hint)

    @staticmethod
    def _check_turn(ms: MatchState, player_id: str, seat: int | None = None) -> None:
        """Refuse a seated player's move while the game waits on someone else, naming whom.
        (Anything else wrong, the service says: not seated, the match over, a bad action.)"""
        mine = [seat] if seat is not None else ms.seat_of(player_id)
        if ms.status != "running" or ms.state is None or not mine:
            return
        pending = awaiting(ms)
        if not pending or any(p.seat in mine for p in pending):
            return
        awaited = Text(*(", ".join(name(ms.seats[p.seat], lang) for p in pending) for lang in ("en", "ja")))
        raise Refused(M.not_your_turn.format(who=awaited), M.not_your_turn_hint)

    async def choose(self, interaction: discord.Interaction, match_id: str, seq: int, seat: int, idx: int) -> None:
        async def work() -> Reply:
            reply = await self._choose(interaction, match_id, seq, seat, idx)
            message = interaction.message
            if message is not None and message.flags.ephemeral and reply.sync:
                # Clicked on a "Show my hand" reply: refresh it in place, so its
                # buttons are the new position's rather than stale ones.
                fresh = self._hand(interaction, await self.room.service.get(match_id), note=reply.content)
                fresh.replace, fresh.sync = True, reply.sync
                return fresh
            return reply
        await self.room.run(interaction, work, match_id=match_id)

    async def _choose(self, interaction: discord.Interaction, match_id: str, seq: int, seat: int | None,
                      idx: int) -> Reply:
        """A choice offered at event `seq`: played only if the match is still there.

        No lock here: `expected_seq` makes the service re-check currency under its
        own per-match lock (safe with several bot processes on one database too).
        A retried interaction whose move was made finds the match moved on, and
        its command id is looked up then (`_stale`), so it reads "already done"
        rather than "no longer current"; one the cache has not seen move on yet
        is answered so by the service."""
        locale = self.room.locale(interaction)
        me = self.room.player(interaction).id
        cid = str(interaction.id)
        ms = await self.room.service.get(match_id)
        if ms.status != "running" or not _current(ms, seq):
            return await self._stale(match_id, cid, locale)
        if seat is not None:
            self._check_menu(ms, me, seat)
        s = self.room.service.resolve_seat(ms, me, seat)  # refuses anyone not seated there
        self._check_turn(ms, me, s)
        choices = self.room.service.choices_of(ms, s)
        if not 0 <= idx < len(choices):
            return Reply(M.stale(locale))
        try:
            result = await self.room.service.act(match_id, me, dict(choices[idx].action), seat=s, command_id=cid,
                                            expected_seq=seq)
        except RuleError:
            if not _current(await self.room.service.get(match_id), seq):
                return await self._stale(match_id, cid, locale)  # something landed first
            raise
        return Reply(self.room.done(result, locale, choices[idx].label, ms), sync=match_id)

    async def open_group(self, interaction: discord.Interaction, match_id: str, seq: int, seat: int,
                         value: str) -> None:
        """The second stage of a long menu: the choices of the group picked (`BACK`: the
        groups again). On the DM's own menu they take the groups' place, with a way
        back, so the move made there refreshes that very message through its answer
        (no call of its own); elsewhere they come in a private reply."""
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            ms = await self.room.service.get(match_id)
            if ms.status != "running" or not _current(ms, seq):
                return Reply(M.stale(locale))
            self._check_menu(ms, self.room.player(interaction).id, seat)
            s = self.room.service.resolve_seat(ms, self.room.player(interaction).id, seat)
            choices = self.room.service.choices_of(ms, s)
            message = interaction.message
            in_place = interaction.guild_id is None and message is not None and not message.flags.ephemeral
            names = seat_names(ms, "plain", locale)
            # The DM kept as a layout message (bot/discord/handlayout.py): only its menu rows change.
            laid_out = in_place and message is not None and message.flags.components_v2
            if value == BACK and in_place and message is not None:
                if laid_out:
                    decision = handlayout.Decision(match_id, seq, s, tuple(choices), locale, tuple(names))
                    rows = handlayout.menu_rows(decision, handlayout.sectioned(message))
                    return Reply(view=handlayout.reopened(message, rows), replace=True)
                return Reply(message.content, view=choice_view(match_id, seq, s, choices, locale, names), replace=True)
            entry = entry_for(choices, value)
            if entry is None:
                return Reply(M.stale(locale))
            if laid_out and message is not None:
                rows = group_rows(match_id, seq, s, choices, entry, locale, names, back=True)
                return Reply(view=handlayout.reopened(message, rows), replace=True)
            view = group_view(match_id, seq, s, choices, entry, locale, names, back=in_place)
            if in_place and message is not None:
                return Reply(message.content, view=view, replace=True)
            return Reply(M.in_group.format(group=named(entry.label(locale), ms, locale))(locale), view=view)
        await self.room.run(interaction, work, match_id=match_id)

    async def _stale(self, match_id: str, cid: str, locale: str) -> Reply:
        # The match moved on; perhaps by this very interaction, delivered twice at once.
        if await self.room.service.store.find_command(match_id, cid) is not None:
            return Reply(M.duplicate(locale))
        return Reply(M.stale(locale))

    async def hand(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            return self._hand(interaction, ms)
        await self.room.run(interaction, work, match_id=match)

    async def show_hand(self, interaction: discord.Interaction, match_id: str) -> None:
        async def work() -> Reply:
            return self._hand(interaction, await self.room.service.get(match_id))
        await self.room.run(interaction, work, match_id=match_id)

    def _hand(self, interaction: discord.Interaction, ms: MatchState, note: str = "") -> Reply:
        """The seat's hand, privately, as its DM shows it; `note` (what a move did) on top."""
        locale = self.room.locale(interaction)
        me = self.room.player(interaction).id
        if ms.state is None:
            raise Refused(Text("The match has not started yet.", "対戦はまだ開始していません。"))
        seats = ms.seat_of(me)
        if not seats:
            return Reply(M.spectating.format(match=ms.match_id)(locale) + "\n" + self.room.delivery.board_text(ms, locale))
        pending = {p.seat: p for p in awaiting(ms)} if ms.status == "running" else {}
        seat = next((s for s in seats if s in pending), seats[0])
        text = self.room.delivery.dms.private_text(ms, seat, locale)
        decision = None
        tail = ""
        if seat in pending:
            decision, tail = projection.awaited(ms, seat, self.room.service.choices_of(ms, seat), locale)
        elif pending:
            tail = "\n" + M.waiting_for.format(who=", ".join(name(ms.seats[s], locale) for s in pending))(locale)
        header = f"**{M.your_hand.format(match=ms.match_id)(locale)}**\n"
        # The same layout as the seat's DM (its colour, a button beside each card), privately.
        return Reply(layouts=handlayout.views(handlayout.Hand(seat, header + text + tail, decision), note))

    async def board(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            if ms.state is None:
                raise Refused(Text("The match has not started yet.", "対戦はまだ開始していません。"))
            locale = self.room.locale(interaction)
            clock = await self.room.delivery.clock_lines(ms, locale)
            return Reply(self.room.delivery.board_text(ms, locale, clock), sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)

    async def takeback(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            result = await self.room.service.request_takeback(ms.match_id, self.room.player(interaction).id,
                                                         command_id=str(interaction.id))
            locale = self.room.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.tb_asked(locale), sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)

    async def answer_takeback(self, interaction: discord.Interaction, match_id: str, of_seq: int,
                              accept: bool) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            ms = await self.room.service.get(match_id)
            if ms.takeback is None or ms.takeback[1] != of_seq:
                return Reply(M.stale(locale))
            result = await self.room.service.answer_takeback(match_id, self.room.player(interaction).id, accept,
                                                        command_id=str(interaction.id))
            return Reply(M.duplicate(locale) if result.duplicate else M.answered(locale), sync=match_id)
        await self.room.run(interaction, work, match_id=match_id)

    async def forfeit(self, interaction: discord.Interaction, match: str | None) -> None:
        async def work() -> Reply:
            ms = await self.room.resolve(interaction, match)
            seats = ms.seat_of(self.room.player(interaction).id)
            if not seats:
                raise Refused(Text("You are not seated in this match.", "あなたはこの対戦の参加者ではありません。"))
            result = await self.room.service.remove_player(ms.match_id, self.room.player(interaction).id, seats[0], "forfeit",
                                                      command_id=str(interaction.id))
            locale = self.room.locale(interaction)
            return Reply(M.duplicate(locale) if result.duplicate else M.forfeited_ok(locale), sync=ms.match_id)
        await self.room.run(interaction, work, match_id=match)

    async def games(self, interaction: discord.Interaction) -> None:
        async def work() -> Reply:
            locale = self.room.locale(interaction)
            names = ", ".join(f"`{g}` ({get_game(g).title(locale)})" for g in available())
            return Reply(M.games_list.format(games=names)(locale))
        await self.room.run(interaction, work)

    # -- autocomplete -------------------------------------------------------------------------

    async def complete_action(self, interaction: discord.Interaction, current: str,
                              match: str | None) -> list[discord.app_commands.Choice[str]]:
        """The player's legal actions, filtered by what they typed; at most 25. The value
        names the sequence and index, so picking a stale suggestion cannot misplay."""
        try:
            return await self._complete_action(interaction, current, match)
        except Exception:
            log.exception("autocomplete failed, match %s", match or interaction.channel_id)
            return []

    async def _complete_action(self, interaction: discord.Interaction, current: str,
                               match: str | None) -> list[discord.app_commands.Choice[str]]:
        try:
            ms = await self.room.resolve(interaction, match)
        except RuleError:
            return []
        if ms.status != "running":
            return []
        me = self.room.player(interaction).id
        locale = self.room.locale(interaction)
        try:
            seat = self.room.service.resolve_seat(ms, me)
        except RuleError:
            return []
        pending = awaiting(ms)
        if pending and all(p.seat != seat for p in pending):  # one suggestion that says why there are none
            awaited = ", ".join(ms.seats[p.seat].name for p in pending)
            return [discord.app_commands.Choice(name=clip(M.not_your_turn.format(who=awaited)(locale), 100),
                                                value="-")]
        choices = self.room.service.choices_of(ms, seat)
        labels = unique_labels([self._suggestion(c, ms, locale) for c in choices], [[c.code] for c in choices], 100)
        needle = current.strip().casefold()
        out = []
        for i, (c, label) in enumerate(zip(choices, labels, strict=True)):
            if needle and needle not in label.casefold() and needle not in c.code.casefold():
                continue
            out.append(discord.app_commands.Choice(name=label, value=f"#{ms.public_seq}:{i}"))
            if len(out) == 25:
                break
        return out

    @staticmethod
    def _suggestion(choice: Choice, ms: MatchState, locale: str) -> str:
        """A choice as a suggestion: its group in front (typing a card's name finds
        everything it can do), players' names for seat tokens."""
        label = named(choice.label(locale), ms, locale, "plain")
        if choice.group is None:
            return label
        group = named(choice.group(locale), ms, locale, "plain")
        return label if group in label else f"{group} · {label}"

    async def complete_match(self, interaction: discord.Interaction,
                             current: str) -> list[discord.app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        rows = await self.room.service.store.matches(guild=str(interaction.guild_id), limit=200)
        me = f"discord:{interaction.user.id}"
        locale = self.room.locale(interaction)
        needle = current.strip().casefold()
        out = []
        for r in rows:
            mine = me in r.players
            if needle and needle not in r.id.casefold() and needle not in r.game.casefold():
                continue
            label = f"{r.id} · {r.game} · {status_text(r.status)(locale)}" + (" ★" if mine else "")
            out.append((not mine, discord.app_commands.Choice(name=clip(label, 100), value=r.id)))
        out.sort(key=lambda x: x[0])
        return [c for _, c in out[:25]]


def _current(ms: MatchState, seq: int) -> bool:
    """Is a menu offered at event `seq` still good? Standing orders set since by
    another seat change nothing in it (and must not be told by a refusal)."""
    return seq in (ms.seq, ms.public_seq)
