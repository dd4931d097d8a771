"""The bot's behaviour, assembled: `Parley` is what the slash commands, buttons and the
scheduler call. See `base.ParleyBase.run` for how every interaction is answered."""

from __future__ import annotations

from .base import Reply, parse_options
from .cards import Cards
from .clocks import Clocks
from .decks import Decks
from .moderation import Moderation
from .newform import NewForm
from .orders import Orders
from .profile import Profiles
from .ratings import Ratings
from .records import Records
from .stats import Stats
from .subs import Subs
from .vacation import Vacation


class Parley(NewForm, Orders, Cards, Clocks, Moderation, Records, Stats, Ratings, Vacation, Subs, Profiles, Decks):
    """Players' commands (NewForm is Play with the match form in front), standing orders, clocks, card lookup,
    moderators' commands, records, ratings, the substitute pool, players' cards and decks, over one match service."""


__all__ = ["Parley", "Reply", "parse_options"]
