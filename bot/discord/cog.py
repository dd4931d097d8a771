"""The `/parley` slash commands, and the moderators' `/parley-mod`: thin typed
handlers over the command classes of `core.Parley`, each group given only the
classes its commands route to.

Names and descriptions are `locale_str`s so `ParleyTranslator` can give
their Japanese forms when the tree is synced (`parley sync-commands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from engine.registry import available, get_game
from events.window import LONGEST

from . import contexts
from .deckgroup import DeckGroup
from .i18n import locale_of

if TYPE_CHECKING:
    from .cards import Cards
    from .clocks import Clocks
    from .decks import Decks
    from .moderation import Moderation
    from .newform import NewForm
    from .orders import Orders
    from .play import Play
    from .profile import Profiles
    from .ratings import Ratings
    from .records import Records
    from .stats import Stats
    from .subs import Subs
    from .vacation import Vacation

MATCH = _("Match id (default: this thread's match)")
# The same minutes for every hand and seat, so when a window closes tells nobody what a seat holds.
WINDOW_HELP = "Minutes until an unanswered response passes in new matches, same for every hand (0: none)"
TAKEOVERS = [app_commands.Choice(name=_("off"), value="off"), app_commands.Choice(name=_("easy"), value="easy"),
             app_commands.Choice(name=_("normal"), value="normal"), app_commands.Choice(name=_("hard"), value="hard")]


class ParleyGroup(app_commands.Group):
    def __init__(self, *, play: Play, form: NewForm, orders: Orders, clocks: Clocks, subs: Subs, records: Records,
                 stats: Stats, ratings: Ratings, profiles: Profiles, vacation: Vacation, cards: Cards,
                 decks: Decks) -> None:
        where, installs = contexts.everywhere()
        super().__init__(name=_("parley"), description=_("Play tabletop games by message"),
                         allowed_contexts=where, allowed_installs=installs)
        # Underscored: a Group's commands are its attributes too (`stats`, `vacation`).
        self._play, self._form, self._orders, self._clocks, self._subs = play, form, orders, clocks, subs
        self._records, self._stats, self._ratings, self._profiles = records, stats, ratings, profiles
        self._vacation, self._cards = vacation, cards
        self.add_command(DeckGroup(decks))

    def to_dict(self, tree: app_commands.CommandTree[Any]) -> dict[str, Any]:
        return contexts.without_dm_permission(super().to_dict(tree))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return contexts.allowed(interaction)

    # -- autocomplete shared by several commands -----------------------------------------------

    async def _match(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._play.complete_match(interaction, current)

    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = locale_of(interaction)
        return [app_commands.Choice(name=f"{get_game(g).title(locale)} ({g})", value=g)
                for g in available() if current.casefold() in g.casefold()][:25]

    async def _action(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        match = getattr(interaction.namespace, "match", None)
        return await self._play.complete_action(interaction, current, match)

    # -- lobby -------------------------------------------------------------------------------

    @app_commands.command(name=_("games"), description=_("List the installed games"))
    async def games(self, interaction: discord.Interaction) -> None:
        await self._play.games(interaction)

    @app_commands.command(name=_("new"), description=_("Create a match in this channel (a thread opens for it)"))
    @app_commands.describe(game=_("Which game"), options=_("Game options as key=value pairs"),
                           deadline_hours=_("Hours a player has for each decision (0: none; default: the server's)"),
                           deadline_action=_("What happens when the deadline passes"),
                           reminder_hours=_("Hours before a waiting player is reminded"),
                           takeover=_("Who plays a seat whose player leaves (default: the server's)"),
                           rated=_("Rated on the ladder, or casual (default: the server's)"))
    @app_commands.rename(game=_("game"), options=_("options"), deadline_hours=_("deadline_hours"),
                         deadline_action=_("deadline_action"), reminder_hours=_("reminder_hours"),
                         takeover=_("takeover"), rated=_("rated"))
    @app_commands.choices(deadline_action=[app_commands.Choice(name=_("skip"), value="skip"),
                                           app_commands.Choice(name=_("forfeit the seat"), value="forfeit")],
                          takeover=TAKEOVERS)
    async def new(self, interaction: discord.Interaction, game: str | None = None, options: str | None = None,
                  deadline_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
                  deadline_action: app_commands.Choice[str] | None = None,
                  reminder_hours: app_commands.Range[float, 0.1, 720.0] | None = None,
                  takeover: app_commands.Choice[str] | None = None, rated: bool | None = None) -> None:
        if game is None or (options, deadline_hours, deadline_action, reminder_hours, takeover, rated) == (None,) * 6:
            await self._form.new_form(interaction, game)  # nothing typed but the game: the form (newform.py)
            return
        await self._play.create(interaction, game, options, deadline_hours,
                                 deadline_action.value if deadline_action else None, reminder_hours,
                                 takeover.value if takeover else None, rated)

    new.autocomplete("game")(_game)

    @app_commands.command(name=_("join"), description=_("Join the match"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def join(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._play.lobby(interaction, match, "join")

    @app_commands.command(name=_("leave"), description=_("Leave the match's lobby"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def leave(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._play.lobby(interaction, match, "leave")

    @app_commands.command(name=_("start"), description=_("Start the match (its creator)"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def start(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._play.lobby(interaction, match, "start")

    @app_commands.command(name=_("addbot"), description=_("Add a bot player to the lobby"))
    @app_commands.describe(match=MATCH, level=_("How well the bot plays (default: easy)"))
    @app_commands.rename(match=_("match"), level=_("level"))
    @app_commands.choices(level=[app_commands.Choice(name=_("easy"), value="easy"),
                                 app_commands.Choice(name=_("normal"), value="normal"),
                                 app_commands.Choice(name=_("hard"), value="hard")])
    async def addbot(self, interaction: discord.Interaction, match: str | None = None,
                     level: app_commands.Choice[str] | None = None) -> None:
        await self._play.lobby(interaction, match, "bot", level.value if level else "easy")

    # -- play ---------------------------------------------------------------------------------

    @app_commands.command(name=_("act"), description=_("Make your move"))
    @app_commands.describe(action=_("Your action: start typing to see the legal ones"), match=MATCH)
    @app_commands.rename(action=_("action"), match=_("match"))
    async def act(self, interaction: discord.Interaction, action: str, match: str | None = None) -> None:
        await self._play.act(interaction, match, action)

    act.autocomplete("action")(_action)

    @app_commands.command(name=_("hand"), description=_("Show your hand privately"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def hand(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._play.hand(interaction, match)

    @app_commands.command(name=_("thinking"), description=_("Ask for more time, once per match"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def thinking(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._clocks.thinking(interaction, match)

    @app_commands.command(name=_("board"), description=_("Show the board privately"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def board(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._play.board(interaction, match)

    @app_commands.command(name=_("takeback"), description=_("Ask to take back your last move"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def takeback(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._play.takeback(interaction, match)

    @app_commands.command(name=_("order"), description=_("Standing orders: answer some of your decisions while away"))
    @app_commands.describe(order=_("e.g. responses, all, decline KIND, premove if KIND then ACTION; empty: yours and the help"),
                           cancel=_("Cancel your standing orders"), match=MATCH)
    @app_commands.rename(order=_("order"), cancel=_("cancel"), match=_("match"))
    async def order(self, interaction: discord.Interaction, order: str | None = None, cancel: bool = False,
                    match: str | None = None) -> None:
        await self._orders.order(interaction, match, order, cancel)

    @app_commands.command(name=_("forfeit"), description=_("Forfeit the match"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def forfeit(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._play.forfeit(interaction, match)

    @app_commands.command(name=_("sub"),
                          description=_("Substitutes: list, join or leave this server's pool, or hand your seat over"))
    @app_commands.describe(action=_("What to do"), user=_("Who takes the seat (from the pool)"),
                           seat=_("Seat to hand over (moderators: any seat; default: yours)"), match=MATCH)
    @app_commands.rename(action=_("action"), user=_("user"), seat=_("seat"), match=_("match"))
    @app_commands.choices(action=[app_commands.Choice(name=_("list"), value="list"),
                                  app_commands.Choice(name=_("join the pool"), value="join"),
                                  app_commands.Choice(name=_("leave the pool"), value="leave"),
                                  app_commands.Choice(name=_("hand a seat over"), value="give")])
    async def sub(self, interaction: discord.Interaction, action: app_commands.Choice[str] | None = None,
                  user: discord.User | None = None, seat: app_commands.Range[int, 1, 16] | None = None,
                  match: str | None = None) -> None:
        await self._subs.sub(interaction, action.value if action else "list", user, seat, match)

    # -- replays and records ------------------------------------------------------------------------

    @app_commands.command(name=_("history"), description=_("List this server's matches"))
    async def history(self, interaction: discord.Interaction) -> None:
        await self._records.history(interaction)

    # Discord allows 25 commands or groups in /parley: a match's record and a player's own
    # settings are groups of three, which leaves room for more groups.
    log = app_commands.Group(name=_("log"), description=_("A match's record: replay, export, fairness check"))

    @log.command(name=_("replay"), description=_("Watch a replay"))
    @app_commands.describe(match=MATCH, turn=_("Turn to open the replay at"))
    @app_commands.rename(match=_("match"), turn=_("turn"))
    async def replay(self, interaction: discord.Interaction, match: str | None = None,
                     turn: app_commands.Range[int, 0] | None = None) -> None:
        await self._records.replay(interaction, match, turn)

    @log.command(name=_("export"), description=_("Download the event log (JSON Lines)"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def export(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._records.export(interaction, match)

    @log.command(name=_("verify"), description=_("Check a finished match's fairness"))
    @app_commands.describe(match=MATCH)
    @app_commands.rename(match=_("match"))
    async def verify(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._records.verify(interaction, match)

    # -- player records, reminders and vacations (bot/discord/stats.py, vacation.py) ---------------

    @app_commands.command(name=_("stats"), description=_("Records: matches, wins by game, time to move (with a chart)"))
    @app_commands.describe(user=_("Whose records (default: yours)"), server=_("This server's records instead"))
    @app_commands.rename(user=_("user"), server=_("server"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    server: bool = False) -> None:
        await self._stats.stats(interaction, user, server)

    @app_commands.command(name=_("ladder"), description=_("A game's ladder on this server (with a chart)"))
    @app_commands.describe(game=_("Which game"), user=_("Also show this player's rating and place"),
                           season=_("A closed season's final table"))
    @app_commands.rename(game=_("game"), user=_("user"), season=_("season"))
    async def ladder(self, interaction: discord.Interaction, game: str, user: discord.User | None = None,
                     season: app_commands.Range[int, 1] | None = None) -> None:
        await self._ratings.ladder(interaction, game, season, user)

    ladder.autocomplete("game")(_game)

    @app_commands.command(name=_("rating"), description=_("A player's rating in each game, or in one"))
    @app_commands.describe(user=_("Whose rating (default: yours)"), game=_("Only this game"))
    @app_commands.rename(user=_("user"), game=_("game"))
    async def rating(self, interaction: discord.Interaction, user: discord.User | None = None,
                     game: str | None = None) -> None:
        await self._ratings.rating(interaction, user, game)

    rating.autocomplete("game")(_game)

    @app_commands.command(name=_("profile"),
                          description=_("A player's card: ratings, recent results, reliability, current matches"))
    @app_commands.describe(user=_("Whose card (default: yours)"))
    @app_commands.rename(user=_("user"))
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await self._profiles.profile(interaction, user)

    @app_commands.command(name=_("mine"), description=_("The matches waiting for your move"))
    async def mine(self, interaction: discord.Interaction) -> None:
        await self._stats.mine(interaction)

    me = app_commands.Group(name=_("me"), description=_("Your own settings: vacation, quiet hours, daily digest"))

    @me.command(name=_("vacation"), description=_("Pause your deadlines and reminders for some days"))
    @app_commands.describe(days=_("Days away (0: back now)"))
    @app_commands.rename(days=_("days"))
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 60]) -> None:
        await self._vacation.vacation(interaction, days)

    @me.command(name=_("hours"), description=_("Your quiet hours: your clocks stop and nobody pings you"))
    @app_commands.describe(quiet=_("Like 23:00-07:00, or none"),
                           zone=_("Your time zone, like Asia/Tokyo (default: the one you set before, or UTC)"))
    @app_commands.rename(quiet=_("quiet"), zone=_("zone"))
    async def hours(self, interaction: discord.Interaction, quiet: str, zone: str | None = None) -> None:
        await self._vacation.hours(interaction, quiet, zone)

    @me.command(name=_("digest"), description=_("One daily DM of waiting matches instead of reminders"))
    @app_commands.describe(enabled=_("On (default) or off"))
    @app_commands.rename(enabled=_("enabled"))
    async def digest(self, interaction: discord.Interaction, enabled: bool) -> None:
        await self._vacation.digest(interaction, enabled)

    # -- cards ----------------------------------------------------------------------------------

    @app_commands.command(name=_("card"), description=_("Show a card's full text privately"))
    @app_commands.describe(name=_("The card's name (English or Japanese) or id"),
                           game=_("Which game's cards (default: this thread's match)"))
    @app_commands.rename(name=_("name"), game=_("game"))
    async def card(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        await self._cards.card(interaction, name, game)

    async def _card(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._cards.complete_card(interaction, current, getattr(interaction.namespace, "game", None))

    card.autocomplete("name")(_card)
    card.autocomplete("game")(_game)

    for _cmd in (join, leave, start, addbot, act, hand, board, thinking, takeback, order, forfeit, sub, replay,
                 export, verify):
        _cmd.autocomplete("match")(_match)
    del _cmd


@app_commands.default_permissions(manage_guild=True)
class ModGroup(app_commands.Group):
    """Moderators' commands, apart so that Discord shows them only to members with
    Manage Server (a server may grant them to a role in its Integrations settings);
    each command checks again itself, since those settings are the server's to change."""

    def __init__(self, *, play: Play, moderation: Moderation, ratings: Ratings) -> None:
        where, installs = contexts.servers_only()
        super().__init__(name=_("parley-mod"), allowed_contexts=where, allowed_installs=installs,
                         description=_("Parley moderators: undo, abort, replace, remove, settings"))
        self._play, self._moderation, self._ratings = play, moderation, ratings  # play: which matches to complete

    def to_dict(self, tree: app_commands.CommandTree[Any]) -> dict[str, Any]:
        return contexts.without_dm_permission(super().to_dict(tree))

    async def _match(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._play.complete_match(interaction, current)

    @app_commands.command(name=_("undo"), description=_("Moderator: undo moves"))
    @app_commands.describe(count=_("How many actions to undo"), to_event=_("Undo back to this event number instead"),
                           reason=_("Why (shown publicly)"), match=MATCH)
    @app_commands.rename(count=_("count"), to_event=_("to_event"), reason=_("reason"), match=_("match"))
    async def undo(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 500] | None = None,
                   to_event: app_commands.Range[int, 1] | None = None, reason: str | None = None,
                   match: str | None = None) -> None:
        await self._moderation.undo(interaction, match, count, to_event, reason)

    @app_commands.command(name=_("redo"), description=_("Moderator: undo the last undo"))
    @app_commands.describe(reason=_("Why (shown publicly)"), match=MATCH)
    @app_commands.rename(reason=_("reason"), match=_("match"))
    async def redo(self, interaction: discord.Interaction, reason: str | None = None,
                   match: str | None = None) -> None:
        await self._moderation.undo(interaction, match, None, None, reason, redo=True)

    @app_commands.command(name=_("abort"), description=_("Moderator: abort the match"))
    @app_commands.describe(reason=_("Why (shown publicly)"), match=MATCH)
    @app_commands.rename(reason=_("reason"), match=_("match"))
    async def abort(self, interaction: discord.Interaction, reason: str | None = None,
                    match: str | None = None) -> None:
        await self._moderation.abort(interaction, match, reason)

    @app_commands.command(name=_("replace"), description=_("Moderator: give a seat to another user"))
    @app_commands.describe(seat=_("Seat number (1 = first)"), user=_("The user who takes the seat"),
                           reason=_("Why (shown publicly)"), match=MATCH)
    @app_commands.rename(seat=_("seat"), user=_("user"), reason=_("reason"), match=_("match"))
    async def replace(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 16],
                      user: discord.User, reason: str | None = None, match: str | None = None) -> None:
        await self._moderation.replace(interaction, match, seat, user, reason)

    @app_commands.command(name=_("remove"), description=_("Moderator: remove a player"))
    @app_commands.describe(seat=_("Seat number (1 = first)"), reason=_("Why (shown publicly)"), match=MATCH)
    @app_commands.rename(seat=_("seat"), reason=_("reason"), match=_("match"))
    async def remove(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 16],
                     reason: str | None = None, match: str | None = None) -> None:
        await self._moderation.remove(interaction, match, seat, reason)

    @app_commands.command(name=_("settings"),
                          description=_("Server settings (Manage Server): moderator role, default deadline, language"))
    @app_commands.describe(moderator_role=_("Role whose members may moderate matches"),
                           clear_moderator_role=_("Remove the moderator role"),
                           deadline_hours=_("Default hours per decision for new matches (0: none)"),
                           deadline_action=_("What happens when a default deadline passes"),
                           language=_("Language of new match threads"),
                           clock=_("Default clock for new matches, like bank:3d+6h grace=2h (none: the deadline)"),
                           window=_(WINDOW_HELP), takeover=_("Who plays a left seat in new matches"),
                           rated=_("Whether new matches are rated by default"),
                           lobby_days=_("Days before a lobby nobody joins closes"))
    @app_commands.rename(moderator_role=_("moderator_role"), clear_moderator_role=_("clear_moderator_role"),
                         deadline_hours=_("deadline_hours"), deadline_action=_("deadline_action"),
                         language=_("language"), clock=_("clock"), window=_("window"),
                         takeover=_("takeover"), rated=_("rated"), lobby_days=_("lobby_days"))
    @app_commands.choices(deadline_action=[app_commands.Choice(name=_("skip"), value="skip"),
                                           app_commands.Choice(name=_("forfeit the seat"), value="forfeit")],
                          language=[app_commands.Choice(name=_("English"), value="en"),
                                    app_commands.Choice(name=_("Japanese"), value="ja"),
                                    app_commands.Choice(name=_("the server's Discord language"), value="server")],
                          takeover=TAKEOVERS)
    async def settings(self, interaction: discord.Interaction, moderator_role: discord.Role | None = None,
                       clear_moderator_role: bool = False,
                       deadline_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
                       deadline_action: app_commands.Choice[str] | None = None,
                       language: app_commands.Choice[str] | None = None, clock: str | None = None,
                       window: app_commands.Range[int, 0, LONGEST] | None = None,
                       takeover: app_commands.Choice[str] | None = None, rated: bool | None = None,
                       lobby_days: app_commands.Range[int, 1, 90] | None = None) -> None:
        await self._moderation.settings(interaction, role=moderator_role, clear_role=clear_moderator_role,
                                   deadline_hours=deadline_hours,
                                   deadline_action=deadline_action.value if deadline_action else None,
                                   language=language.value if language else None, clock=clock, window=window,
                                   takeover=takeover.value if takeover else None, rated=rated,
                                   lobby_days=lobby_days)

    @app_commands.command(name=_("season"), description=_("Moderator: start or end this server's ladder season"))
    @app_commands.describe(action=_("Start a new season (ending the running one) or end it"))
    @app_commands.rename(action=_("action"))
    @app_commands.choices(action=[app_commands.Choice(name=_("start"), value="start"),
                                  app_commands.Choice(name=_("end"), value="end")])
    async def season(self, interaction: discord.Interaction, action: app_commands.Choice[str]) -> None:
        await self._ratings.season(interaction, action.value)

    for _cmd in (undo, redo, abort, replace, remove):
        _cmd.autocomplete("match")(_match)
    del _cmd
