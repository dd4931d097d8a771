"""The match state: plain dataclasses (picklable), and the small helpers that find
and move cards. Every physical card is an instance id ("c17") mapped to its card id."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from engine.core import Rng, Text, seat_ref

from .cards import CARD_FILES, Card, CardDef, CardDefs, card, catalogue


@dataclass
class Stack:
    hero: str  # the hero's instance id is also the stack's id
    members: list[str] = field(default_factory=list)  # armies, allies, artefacts, banner
    march: list[str] = field(default_factory=list)  # March cards attached (state)
    fleet: str | None = None
    target: int | None = None  # the opponent a stack on campaign marches against
    besieging: str | None = None  # castle instance id
    terrain: str | None = None
    weather: str | None = None
    calamities: list[str] = field(default_factory=list)
    battles: int = 0  # battles fought this turn
    marched: int = 0  # March cards attached this turn
    explored: bool = False
    spell_used: bool = False
    terrain_turn: int = -1  # the turn a terrain card was last attached
    weather_turn: int = -1


@dataclass
class Castle:
    card: str
    garrison: list[str] = field(default_factory=list)
    improvements: list[str] = field(default_factory=list)
    calamities: list[str] = field(default_factory=list)
    besieged_by: str | None = None  # stack id of the besieger


@dataclass
class Player:
    deck: list[str]
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    time_passes: list[str] = field(default_factory=list)  # the public Time Passes area
    castles: list[Castle] = field(default_factory=list)
    stacks: list[Stack] = field(default_factory=list)
    treasures: list[str] = field(default_factory=list)
    ruins: list[str] = field(default_factory=list)
    ruin_turn: dict[str, int] = field(default_factory=dict)
    revenue: int = 0  # unspent revenue this turn (lapses at the end of it)
    eliminated: bool = False
    castles_placed: int = 0
    heroes_placed: int = 0
    calamities_played: int = 0
    deck_name: str = ""


@dataclass
class Decision:
    """An interruption that waits on players other than (or besides) the active one."""

    kind: str  # intercept | losses | obstruct | terrain_response | switch | redirect
    seats: list[int]  # who must still answer, in order
    actor: int  # who caused it (attacker, explorer, terrain player, calamity victim)
    stack: str = ""  # attacking / exploring / terrain-hit stack
    target: str = ""  # attacked castle or stack
    bonus: int = 0
    ruin: str = ""
    reward: str = ""  # the reward card committed to an exploration (held here until resolved)
    calamity: str = ""  # a calamity card in transit (held here until placed)
    checks: int = 0
    a_loss: int = 0  # a battle's losses still to be assigned (kind "losses")
    d_loss: int = 0
    queue: list[str] = field(default_factory=list)  # interceptors still to fight, in the defender's order


@dataclass
class WState:
    seats: int
    cards: dict[str, str]  # instance id -> card id
    owner: dict[str, int]  # instance id -> whose deck it belongs to
    players: list[Player]
    phase: str = "direction"  # direction | pick | play | over
    first: int = 0
    direction: int = 1
    active: int = 0
    turn: int = 0
    pick_queue: list[int] = field(default_factory=list)
    decision: Decision | None = None
    advance: list[str] = field(default_factory=list)  # persistent calamities still to check this stack advance
    first_check: list[list[str]] = field(default_factory=list)  # card ids shown to choose the first player
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    cap_hits: int = 0  # calamity chains stopped by the safety cap
    # The match's own card set as the text its options carry ("" = the sample
    # set): the text, not a digest, so a snapshot rebuilds it in any process.
    card_set: str = ""
    # `copies`' index of the card map: not a field, so no snapshot, view or comparison
    # sees it. A class default, so a state without one answers in one look-up; it is
    # read and set as an attribute, never through `__dict__`, since in CPython 3.11
    # fetching an instance's `__dict__` slows every later attribute read of it.
    _copies: ClassVar[tuple[dict[str, str], int, dict[str, list[str]]] | None] = None

    def __getstate__(self) -> dict[str, Any]:
        # A pickle holds the state's fields (what the default pickles, in order), not
        # the index `copies` keeps on it: a state pickles the same whether or not its
        # index was asked for.
        return {name: getattr(self, name) for name in _FIELDS}


_FIELDS = tuple(f.name for f in fields(WState))
# The attribute `copies` keeps its index in.
_COPIES = "_copies"

# What a snapshot of a state may hold (engine.core.statecodec).
STATE_TYPES = (WState, Player, Stack, Castle, Decision)


_DEFS: dict[str, CardDef] = {}
_RECORDS: dict[str, Card] = {}  # the sample set's, by card id, as `_DEFS` keeps its models


def cdef(s: WState, iid: str) -> CardDef:
    """The card's model: for its texts (labels, views); the rules read `rec`."""
    # Called hundreds of thousands of times a search: one dict lookup, not two calls.
    key = s.cards[iid]
    if s.card_set:
        return CARD_FILES.load(s.card_set).defs[key]
    try:
        return _DEFS[key]
    except KeyError:
        found = _DEFS[key] = card(key)
        return found


def rec(s: WState, iid: str) -> Card:
    """The card's definition as the rules read it (`cards.Card`), looked up as `cdef` does."""
    key = s.cards[iid]
    if s.card_set:
        return CARD_FILES.load(s.card_set).defs.rules[key]
    try:
        return _RECORDS[key]
    except KeyError:
        found = _RECORDS[key] = catalogue().rules[key]
        return found


_SAMPLE: list[CardDefs] = []  # catalogue(), once asked: without a call of the cache each time


def set_defs(s: WState) -> CardDefs:
    """The match's cards by card id (not instance id)."""
    if s.card_set:
        return CARD_FILES.load(s.card_set).defs
    if not _SAMPLE:
        _SAMPLE.append(catalogue())
    return _SAMPLE[0]


def kind(s: WState, iid: str) -> str:
    """`rec(s, iid).type`, the sample set's without a call: every card drawn is asked,
    and every look-up of a stack or castle that is not its owner's."""
    key = s.cards[iid]
    if not s.card_set:
        try:
            return _RECORDS[key].type
        except KeyError:
            pass
    return rec(s, iid).type


def name(s: WState, iid: str) -> Text:
    return rec(s, iid).text


def order_from(s: WState, start: int, include_start: bool = True) -> list[int]:
    """Seats in the chosen direction of play from `start`."""
    seats = [(start + s.direction * k) % s.seats for k in range(s.seats)]
    return seats if include_start else seats[1:]


def alive(s: WState) -> list[int]:
    return [i for i, p in enumerate(s.players) if not p.eliminated]


def find_stack(s: WState, sid: str) -> tuple[int, Stack] | None:
    # A stack stays with the player whose hero leads it: look there first (several
    # look-ups an action). Only a hero card leads a stack, and rules ask as often of
    # castles' ids (is the target a stack?): any other card is no stack, without
    # walking every table. A hero found nowhere else is searched for everywhere, so
    # any table finds what it did before.
    seat = s.owner.get(sid)
    if seat is None:
        return None  # no card of the match
    if seat < len(s.players):
        for st in s.players[seat].stacks:
            if st.hero == sid:
                return seat, st
    if kind(s, sid) != "hero":
        return None
    for seat, p in enumerate(s.players):
        for st in p.stacks:
            if st.hero == sid:
                return seat, st
    return None


def find_castle(s: WState, cid: str) -> tuple[int, Castle] | None:
    # Most castles are still their owner's (capture moves some): look there first.
    # Only a castle card is a castle, and rules ask as often of stacks' ids (is the
    # target a castle?): any other card is none, without walking every table.
    seat = s.owner.get(cid)
    if seat is None:
        return None  # no card of the match
    if seat < len(s.players):
        for c in s.players[seat].castles:
            if c.card == cid:
                return seat, c
    if kind(s, cid) != "castle":
        return None
    for seat, p in enumerate(s.players):
        for c in p.castles:
            if c.card == cid:
                return seat, c
    return None


def on_table(s: WState) -> list[str]:
    """The instance ids of every card on the table (castles, stacks, treasures, ruins).
    A list built by whole-list extends, not a generator: every deploy of a unique card
    scans it, and a generator pays a resumption per card."""
    out: list[str] = []
    for p in s.players:
        for c in p.castles:
            out.append(c.card)
            out += c.garrison
            out += c.improvements
            out += c.calamities
        for st in p.stacks:
            out.append(st.hero)
            out += st.members
            out += st.march
            out += st.calamities
            for x in (st.fleet, st.terrain, st.weather):
                if x:
                    out.append(x)
        out += p.treasures
        out += p.ruins
    return out


def in_play_card_ids(s: WState) -> set[str]:
    """Card ids (names) on the table, for uniqueness (先出し生存)."""
    return set(map(s.cards.__getitem__, on_table(s)))


def in_play(s: WState, card_id: str) -> bool:
    """Is a card of this id on the table? `card_id in in_play_card_ids(s)`, asked at
    every deploy of a unique card, so asked of its few copies instead of walking the
    table: every card lies in exactly one place (tests/warlords/test_properties.py), and
    one off the table lies with its owner (deck, hand, discard, Time Passes) or in the
    pending decision, which are searched in C."""
    for iid in copies(s).get(card_id, ()):
        p = s.players[s.owner[iid]]
        if iid in p.hand or iid in p.deck or iid in p.discard or iid in p.time_passes:
            continue
        d = s.decision
        if d is None or (iid != d.reward and iid != d.calamity):
            return True
    return False


def copies(s: WState) -> dict[str, list[str]]:
    """The instance ids of each card id in the match. The card map never changes
    after set-up and every copy of a state shares it, so the index is worked out
    once and kept on the state (`_COPIES`, passed on by `copy_state`) for as long
    as the state lives; only a test's table grows the map, and its size tells."""
    cards = s.cards
    hit = s._copies
    if hit is not None and hit[0] is cards and hit[1] == len(cards):
        return hit[2]
    out: dict[str, list[str]] = {}
    for iid, card_id in cards.items():
        out.setdefault(card_id, []).append(iid)
    object.__setattr__(s, _COPIES, (cards, len(cards), out))
    return out


def to_discard(s: WState, iid: str) -> None:
    """A card leaving play goes to its owner's discard pile."""
    s.players[s.owner[iid]].discard.append(iid)


def draw(s: WState, seat: int, rng: Rng, log: list[Text] | None) -> str | None:
    """Draw one card for `seat`: reshuffle the discard pile when the deck is empty;
    a Time Passes card is announced, set aside and replaced."""
    p = s.players[seat]
    while True:
        if not p.deck:
            if not p.discard:
                return None
            p.deck = rng.shuffled(p.discard)
            p.discard = []
            if log is not None:
                log.append(seat_ref(seat) + Text(" shuffles their discard pile into a new deck.", "は捨て札を切り直して山札にした。"))
        iid = p.deck.pop()
        if kind(s, iid) == "time_passes":
            p.time_passes.append(iid)
            if log is not None:
                log.append(seat_ref(seat) + Text(" draws their Time Passes card!", "はゲーム終了カードを引いた！"))
            continue
        return iid


def draw_to_hand(s: WState, seat: int, n: int, rng: Rng, log: list[Text] | None) -> int:
    got = 0
    for _ in range(n):
        iid = draw(s, seat, rng, log)
        if iid is None:
            break
        s.players[seat].hand.append(iid)
        got += 1
    return got


def check(s: WState, seat: int, rng: Rng, log: list[Text] | None, why: Text | None = None) -> tuple[int, bool]:
    """A card check (カード判定): `seat` draws one card, reads its check value and
    discards it. With no card left at all the check reads 10 (ruling). `why` says
    what the check is for in the log line."""
    iid = draw(s, seat, rng, log)
    if iid is None:
        if log is not None:
            log.append(_checks(seat, why) + Text(": no card is left, so it reads 10.", "：カードが残っていないため10とする。"))
        return 10, False
    s.players[seat].discard.append(iid)
    d = rec(s, iid)
    if log is not None:
        log.append(_checks(seat, why) + Text(f": {d.name.en} ({d.range}{', sudden death' if d.sudden_death else ''}).",
                                             f"：{d.name.ja}（{d.range}{'、サドンデス' if d.sudden_death else ''}）。"))
    return d.range, d.sudden_death


def _checks(seat: int, why: Text | None) -> Text:
    """The head of a check's log line: who checks, and for what."""
    for_what = Text(f" for {why.en}", f"（{why.ja}）") if why is not None else Text("", "")
    return seat_ref(seat) + Text(" checks", "の判定") + for_what


def all_zones(s: WState) -> list[str]:
    """Every card instance, once per place it lies (for conservation tests)."""
    out: list[str] = []
    for p in s.players:
        out += p.deck + p.hand + p.discard + p.time_passes + p.treasures + p.ruins
        for c in p.castles:
            out += [c.card, *c.garrison, *c.improvements, *c.calamities]
        for st in p.stacks:
            out += [st.hero, *st.members, *st.march, *st.calamities]
            out += [x for x in (st.fleet, st.terrain, st.weather) if x]
    if s.decision is not None:
        out += [x for x in (s.decision.reward, s.decision.calamity) if x]
    return out


def _copy_stack(st: Stack) -> Stack:
    return Stack(st.hero, list(st.members), list(st.march), st.fleet, st.target, st.besieging, st.terrain,
                 st.weather, list(st.calamities), st.battles, st.marched, st.explored, st.spell_used, st.terrain_turn,
                 st.weather_turn)


def _copy_player(p: Player) -> Player:
    return Player(list(p.deck), list(p.hand), list(p.discard), list(p.time_passes),
                  [Castle(c.card, list(c.garrison), list(c.improvements), list(c.calamities), c.besieged_by)
                   for c in p.castles],
                  [_copy_stack(st) for st in p.stacks], list(p.treasures), list(p.ruins), dict(p.ruin_turn),
                  p.revenue, p.eliminated, p.castles_placed, p.heroes_placed, p.calamities_played, p.deck_name)


def _copy_decision(d: Decision | None) -> Decision | None:
    if d is None:
        return None
    return Decision(d.kind, list(d.seats), d.actor, d.stack, d.target, d.bonus, d.ruin, d.reward, d.calamity,
                    d.checks, d.a_loss, d.d_loss, list(d.queue))


def copy_state(s: WState) -> WState:
    """A hand-made deep copy for `apply` (several times faster than pickling). The card
    and owner maps never change after set-up, so the copy shares them (structural sharing)."""
    out = WState(s.seats, s.cards, s.owner, [_copy_player(p) for p in s.players], s.phase, s.first, s.direction,
                 s.active, s.turn, list(s.pick_queue), _copy_decision(s.decision), list(s.advance),
                 [list(r) for r in s.first_check], list(s.winners), s.end_reason, s.cap_hits, s.card_set)
    index = s._copies
    if index is not None:  # the copy shares the card map, so the index of it too
        object.__setattr__(out, _COPIES, index)
    return out
