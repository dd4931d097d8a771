"""The game contract. A game is data plus pure functions; the framework owns
flow around it: the log, seats, secrets, randomness, undo and the front ends.

Every method is pure: it never mutates its arguments, never reads the clock,
never does I/O, and draws randomness only from the `Rng` it is handed. The one
exception, `apply_owned`, edits a state its caller hands over for good.
"""

from __future__ import annotations

import pickle
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action, format_action, parse_action
from .cardinfo import CardInfo
from .ordertags import ANY, RESPONSE, Preset
from .rng import Rng
from .statecodec import Kind, StateCodec, codec_for
from .text import Text

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: one seat, a spectator (seat None), or all-seeing."""

    seat: int | None = None
    all_seeing: bool = False

    @staticmethod
    def of(seat: int) -> Viewer:
        return Viewer(seat=seat)

    def sees_seat(self, seat: int) -> bool:
        """May this viewer see `seat`'s private things (hand, own face-down cards)?"""
        return self.all_seeing or self.seat == seat


SPECTATOR = Viewer()
ALL_SEEING = Viewer(all_seeing=True)


@dataclass(frozen=True, slots=True)
class Pending:
    """The game waits for `seat` to make a decision of `kind` (e.g. 'turn',
    'defend', 'respond', 'mulligan'). Several may be pending at once
    (simultaneous choices); `order` ranks them when they must come in turn."""

    seat: int
    kind: str
    prompt: Text
    order: int = 0


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action and its label for menus and autocomplete.

    `group` puts long menus in stages: front ends first offer the groups (e.g.
    the card), then the choices within one (e.g. where it goes); the action is
    still one action, so staging menus never changes what a log replays.
    `subgroup` stages a long group once more (e.g. the square, then what is
    discarded to pay), the same way.
    `shown` is the text a player types for it when the generic form would read
    wrong (e.g. a seat argument shown 1-based; the game's parse_action reads it)."""

    action: Action
    label: Text
    group: Text | None = None
    shown: str | None = None
    subgroup: Text | None = None

    def stage(self, depth: int) -> Text | None:
        """The menu stage this choice falls under at `depth` (0: its group, 1: its subgroup)."""
        return self.group if depth == 0 else self.subgroup if depth == 1 else None

    @property
    def code(self) -> str:
        return self.shown if self.shown is not None else format_action(self.action)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a match. `winners` may hold several seats (a shared win)."""

    winners: tuple[int, ...]
    reason: Text
    scores: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """What `apply` returns: the new state, public log lines, and whether the
    action revealed information (a draw, a roll, a face-down card turned up),
    which makes it ineligible for a player's takeback. Randomness drawn from
    the Rng counts as revealing without the game saying so."""

    state: S
    log: tuple[Text, ...] = ()
    reveals: bool = False


def clone(obj: S) -> S:
    """A fast deep copy for game states built of plain data (pickle is ~10x
    faster than copy.deepcopy). Reducers clone, then edit the copy."""
    return pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))  # type: ignore[no-any-return]


class Game(ABC, Generic[S]):
    """Implemented once per game; stateless itself (all state lives in S)."""

    id: ClassVar[str]
    title: ClassVar[Text]
    # A match is replayed by the rules it was recorded under: its match_created
    # names this id and pins `data_digest()`. Any change that alters play (rules
    # or data) takes a new id and keeps the old game reachable (`previous`).
    ruleset: ClassVar[str]
    # Older ids whose matches today's rules replay move for move, deal for deal:
    # they differed only in wording or layout.
    rewordings: ClassVar[frozenset[str]] = frozenset()
    # Older ids shipped with more than one set of data before data was pinned
    # (so a match's log does not say which it was dealt): the rulesets it may
    # have been played under, each with the time (ISO 8601 UTC) it was first
    # shipped. Replay picks the one that reproduces the most boards its log
    # recorded, and between equals the newest shipped before the match was
    # created (events.replay.resolve_unpinned).
    unpinned: ClassVar[Mapping[str, tuple[tuple[str, str], ...]]] = {}
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    # Action argument names that always hold lists, for the text codec.
    list_args: ClassVar[frozenset[str]] = frozenset()
    # Per action kind, arguments a player may add that no listed choice spells
    # out (engine.core.arguments refuses any other unknown argument).
    optional_args: ClassVar[Mapping[str, frozenset[str]]] = {}
    # The classes a state is built of besides plain data and Text: decoding a
    # snapshot builds these and nothing else (engine.core.statecodec).
    state_types: ClassVar[tuple[Kind, ...]] = ()
    # Match options this game accepts, as an example a front end shows when
    # options are mistyped (so a hint never names another game's option); None: no options.
    options_example: ClassVar[Mapping[str, Any] | None] = None
    # Standing orders this game names besides the generic ones (engine.core.orders).
    order_presets: ClassVar[Mapping[str, Preset]] = {}
    # Conditional premoves (engine.core.premoves): the action kinds another seat
    # sees whole (kind and every argument) when played, which a premove may wait
    # for. Empty: the game allows no premoves.
    premove_kinds: ClassVar[frozenset[str]] = frozenset()

    def state_codec(self) -> StateCodec:
        """How a state is written to a snapshot and read back. Overridden
        only when the codec depends on the game object (e.g. its card set)."""
        return codec_for(self.state_types)

    def previous(self) -> Sequence[Game[Any]]:
        """The games that play older rulesets whose play differs from this
        one's (each keeps its own rewordings and previous), newest first."""
        return ()

    def for_ruleset(self, ruleset: str) -> Game[Any] | None:
        """The game that replays a match recorded under `ruleset`, or None
        when no version of it is kept."""
        if ruleset == self.ruleset or ruleset in self.rewordings:
            return self
        for older in self.previous():
            found = older.for_ruleset(ruleset)
            if found is not None:
                return found
        return None

    def data_digest(self) -> str:
        """A content digest of the data the rules read (card sets, starter
        decks), pinned in each new match so a rebuild with other data is
        refused instead of dealing other cards. Empty: the game reads none."""
        return ""

    def options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        """Validate and complete match options; raise BadOptions when wrong."""
        return dict(raw)

    @abstractmethod
    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> S:
        """The initial state for `seats` players."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action, rng: Rng) -> Transition[S]:
        """Apply one action by `seat`, or raise RuleError. `seat` is always
        one the game is waiting on (the framework checks `pending` first)."""

    def apply_owned(self, state: S, seat: int, action: Action, rng: Rng) -> S:
        """The state `apply` would return, for a caller that owns `state` and
        never reads it again (a replay folding its log): the one exception to
        purity, it may edit `state` in place and return it, and it skips what only
        the Transition carries (log lines, the reveal flag). It draws the same
        randomness as `apply`. When it raises, `state` is spoilt: the caller
        falls back to `apply` on a state it kept. By default it is `apply`."""
        return self.apply(state, seat, action, rng).state

    @abstractmethod
    def pending(self, state: S) -> tuple[Pending, ...]:
        """Who the game waits for now, and with what kind of decision.
        Empty exactly when the game is over."""

    def waiting(self, state: S) -> Collection[int]:
        """The seats `pending` names, without building its prompts: what the
        framework checks before every action (a replay, thousands of times).
        By default from `pending`; a game whose prompts cost text overrides it
        (the contract suite checks the two agree)."""
        return [p.seat for p in self.pending(state)]

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Choice]:
        """Every legal action for `seat` now (empty if not pending).
        Parameterised actions may be enumerated over their useful values."""

    @abstractmethod
    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """JSON-safe view with nothing `viewer` may not see."""

    def views(self, state: S, viewers: Sequence[Viewer]) -> list[dict[str, Any]]:
        """`view` for each of `viewers` (a replay page draws every perspective of each board): a game
        whose views share most of their work overrides it to do that work once."""
        return [self.view(state, viewer) for viewer in viewers]

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    def turn(self, state: S) -> int:
        """A turn counter for replay stepping and takeback limits."""
        return 0

    def active_seat(self, state: S) -> int | None:
        """Whose turn it is (None: nobody's, e.g. during setup); standing orders
        last "until my next turn" by it. By default the state's `active`."""
        active = getattr(state, "active", None)
        return active if isinstance(active, int) and not isinstance(active, bool) else None

    def phase(self, state: S) -> str:
        """A public marker that changes when a phase ends (standing orders last
        "until the end of this phase" by it). By default each turn is one phase."""
        return str(self.turn(state))

    def order_tags(self, state: S, pending: Pending) -> frozenset[str]:
        """The public names standing orders may answer this decision by: its kind,
        "any", and "response" when it is taken in another seat's turn. A game adds
        its own from public facts only: the tags decide when an order fires, and
        that timing is seen by everyone."""
        active = self.active_seat(state)
        tags = {pending.kind, ANY}
        if active is not None and active != pending.seat:
            tags.add(RESPONSE)
        return frozenset(tags)

    def hidden_ids(self, state: S, viewer: Viewer) -> frozenset[str] | set[str]:
        """Ids of things hidden from `viewer`: every id of a card, die or piece
        that `view(state, viewer)` must not show. The framework compares them
        before and after an action to tell whether it revealed anything
        (`engine.core.reveal`), so a game that hides something must list it;
        one that hides nothing needs no code."""
        return frozenset()

    def inventory(self, state: S) -> Counter[str] | None:
        """Every card, die or piece in the match, counted once wherever it is:
        the multiset no action may change (the contract suite checks it after
        every action of random matches). None: the game conserves nothing."""
        return None

    def card_catalog(self, options: Mapping[str, Any] | None = None) -> Sequence[CardInfo]:
        """Every card (or die) a player may look up in a match with these
        options, with its full text (engine.core.cardinfo). A game without
        cards returns none."""
        return ()

    def default_action(self, state: S, seat: int) -> Action:
        """What happens when `seat` misses a deadline, is skipped or has
        forfeited: by default its first legal action (games put the passive
        choice, e.g. pass, first)."""
        return self.legal_actions(state, seat)[0].action

    def decides_in_secret(self, state: S, seat: int) -> bool:
        """May `seat`'s legal actions now depend on something another seat cannot
        see (its hand, its face-down cards)? When not, a single legal action is
        forced by what every seat can see, and the framework plays it at once
        (engine.core.forced). When so, it must wait like any decision: playing
        it at once would tell the table the seat holds nothing that could act.
        By default: whenever the seat can see any id that another seat cannot
        (`hidden_ids`); a game whose choices hang on hidden things that are not
        ids overrides this."""
        private = set(self.hidden_ids(state, Viewer.of(seat)))
        return any(set(self.hidden_ids(state, Viewer.of(other))) - private
                   for other in range(self.seat_count(state)) if other != seat)

    def seat_count(self, state: S) -> int:
        """How many seats the match has (the framework knows; rules about
        other seats ask here). By default from the state's `players` or `seats`."""
        for name in ("players", "seats", "hands"):
            value = getattr(state, name, None)
            if isinstance(value, (list, tuple)):
                return len(value)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        raise NotImplementedError(f"{self.id}: say how many seats a state has (Game.seat_count)")

    def bot_action(self, state: S, seat: int, rng: Rng) -> Action:
        """The built-in bot: uniform random legal play. Games may bias it
        toward progress so that random matches end."""
        return rng.choice(self.legal_actions(state, seat)).action

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.list_args)

    def describe(self, state: S, seat: int, action: Action) -> Text:
        """A public one-line description of an action about to be applied."""
        for choice in self.legal_actions(state, seat):
            if choice.action == action:
                return choice.label
        return Text(format_action(action), format_action(action))
