"""Rule errors: what was wrong and what is allowed instead, in both languages.

A message must never name hidden information (a card in a hand, a deck order):
it is shown to the player who erred and may be logged.
"""

from __future__ import annotations

from .text import Text


class RuleError(Exception):
    """An action the rules refuse. The state is untouched when this is raised."""

    def __init__(self, what: Text, allowed: Text | None = None) -> None:
        super().__init__(what.en)
        self.what = what
        self.allowed = allowed

    def message(self, locale: str | None = "en") -> str:
        if self.allowed is None:
            return self.what(locale)
        what = self.what(locale)
        # Japanese sentences run on after 。 with no space; English ones take one.
        sep = "" if what.endswith(("。", "！", "？", "）", "」")) else " "
        return f"{what}{sep}{self.allowed(locale)}"


class NotYourDecision(RuleError):
    """The seat acted while the game waits on someone else."""


class UnknownAction(RuleError):
    """The action's kind or arguments are not part of this game's vocabulary."""


class BadOptions(RuleError):
    """Match options that the game cannot start with."""
