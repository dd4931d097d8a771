"""The small core every game builds on."""

from .actions import Action, first_of_each, format_action, normalise, parse_action
from .cardinfo import CardInfo, find_cards
from .contract import (
    ALL_SEEING,
    SPECTATOR,
    Choice,
    Game,
    Outcome,
    Pending,
    Transition,
    Viewer,
    clone,
)
from .errors import BadOptions, NotYourDecision, RuleError, UnknownAction
from .reveal import gains_hidden, hidden_gains
from .rng import Rng, commitment
from .seats import named_seat, seat_label, seat_ref, with_names
from .text import Text, pick_locale

__all__ = [
    "ALL_SEEING", "SPECTATOR", "Action", "BadOptions", "CardInfo", "Choice", "Game", "NotYourDecision",
    "Outcome", "Pending", "Rng", "RuleError", "Text", "Transition", "UnknownAction", "Viewer",
    "clone", "commitment", "find_cards", "first_of_each", "format_action", "gains_hidden", "hidden_gains", "named_seat", "normalise", "parse_action",
    "pick_locale", "seat_label", "seat_ref", "with_names",
]
