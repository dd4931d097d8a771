"""The bot's command groups, each over one shared `Room` (bot/discord/base.py): what the
slash commands (cog.py, deckgroup.py), buttons (views.py) and forms (app.py) route to.
None inherits from another or from a common base; what they share is the room they are given."""

from __future__ import annotations

from .base import Room
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


class Parley:
    """Players' commands and buttons, the new-match form, standing orders, clocks, card lookup,
    moderators' commands, records, ratings, the substitute pool, players' cards and decks."""

    def __init__(self, room: Room) -> None:
        self.play = Play(room)
        self.form = NewForm(room, self.play)
        self.orders = Orders(room)
        self.cards = Cards(room)
        self.clocks = Clocks(room)
        self.moderation = Moderation(room)
        self.records = Records(room)
        self.stats = Stats(room)
        self.ratings = Ratings(room)
        self.vacation = Vacation(room)
        self.subs = Subs(room)
        self.profiles = Profiles(room)
        self.decks = Decks(room)
