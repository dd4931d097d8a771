"""Issue 21, item 6: whatever text or JSON a user sends, a parser answers with
a result or with the project's one-line refusal (a RuleError), never with a
traceback. Fuzzed over any Unicode text (lone surrogates included: JSON's
"\\ud800" escapes make them) and any JSON value Python's json reads.

The example counts are set here, not by the suite's profile: a fuzz test that
tries six inputs proves nothing, and these parsers are cheap."""

from __future__ import annotations

import asyncio
import functools
import io
import itertools
import json
import os
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.terminal import Menu, Terminal
from engine.core import Rng, RuleError
from engine.registry import get_game
from events.export import export_jsonl, import_jsonl
from events.model import Player
from events.service import MatchService
from events.store import Store

GAMES = ["quarriors", "naru", "musou", "warlords"]
ANN = Player(id="local:ann", name="Ann")
BEN = Player(id="local:ben", name="Ben", locale="ja")
SECRET = b"f" * 32
T = TypeVar("T")

FUZZ = settings(max_examples=int(os.environ.get("PARLEY_FUZZ_EXAMPLES", "200")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# Text as people type it and as it arrives mangled: any code point, and numbers
# in every script (², ①, ४, ၂, full-width), signs and lengths int() chokes on.
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=60)
ODD_DIGITS = "0123456789²³¹①⑫४၂१٣۳߂１２３０٠𝟘𝟙"
NUMBERS = st.one_of(
    st.text(st.sampled_from(ODD_DIGITS), min_size=1, max_size=6),
    st.builds(lambda sign, n: sign + str(n), st.sampled_from(["", "-", "--", "+"]), st.integers(min_value=0)),
    st.just("9" * 5000),
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4),
    max_leaves=12)


def refused_or(call: Callable[[], T]) -> T | None:
    """`call()`'s result, or None when it refused in one line in both languages;
    any other exception fails the test."""
    try:
        return call()
    except RuleError as err:
        for locale in ("en", "ja"):
            message = err.message(locale)
            assert message.strip(), "a refusal says something"
            assert len(message.splitlines()) == 1, f"a refusal is one line: {message!r}"
        return None


# ---- a real service on SQLite, one running match per game -------------------------------------

class Table:
    """The event loop, store and running matches the service tests share."""

    def __init__(self, runner: asyncio.Runner, service: MatchService) -> None:
        self.runner = runner
        self.service = service
        self.matches: dict[str, tuple[str, int, Player, int, list[str]]] = {}
        self.fresh = itertools.count()

    def run(self, coro: Any) -> Any:
        return self.runner.run(coro)

    async def _new(self, game_id: str) -> str:
        ms = await self.service.create(game_id, ANN, {})
        await self.service.join(ms.match_id, BEN)
        await self.service.start(ms.match_id, ANN.id)
        # Into the game proper: past the opening decisions, at a turn's choice.
        for _ in range(6):
            waiting = await self.service.waiting(ms.match_id)
            if not waiting:
                break
            player = waiting[0][1]
            choices = await self.service.choices(ms.match_id, player.id)
            await self.service.act(ms.match_id, player.id, choices[-1].action)
        return ms.match_id

    def match(self, game_id: str) -> tuple[str, Player, int, list[str]]:
        """A running match of `game_id` at the same decision every time (an
        example that played a move is undone), who decides it and their codes."""
        if game_id not in self.matches:
            match_id = self.run(self._new(game_id))
            pending, player = min(self.run(self.service.waiting(match_id)), key=lambda w: (w[0].order, w[0].seat))
            codes = [c.code for c in self.run(self.service.choices(match_id, player.id, pending.seat))]
            self.matches[game_id] = (match_id, self.run(self.service.get(match_id)).seq, player, pending.seat, codes)
        match_id, seq, player, seat, codes = self.matches[game_id]
        ms = self.run(self.service.get(match_id))
        if ms.seq != seq:
            self.run(self.service.undo(match_id, "parley", to_seq=seq, reason="next example"))
        return match_id, player, seat, codes


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    with asyncio.Runner() as runner:
        # Not durable: an fsync per example proves nothing here and costs most of the time.
        store = runner.run(Store.open(tmp_path_factory.mktemp("fuzz") / "parley.sqlite", durable=False))
        try:
            yield Table(runner, MatchService(store, new_secret=lambda: SECRET, bot_rng=Rng(SECRET), operator="parley"))
        finally:
            runner.run(store.close())


@st.composite
def move_text(draw: st.DrawFn, codes: list[str]) -> str:
    """Any text, a number, or a listed action's code with an argument bent."""
    kind = draw(st.sampled_from(["any", "number", "code"]))
    if kind == "any" or not codes:
        return draw(ANY_TEXT)
    if kind == "number":
        return draw(NUMBERS)
    words = draw(st.sampled_from(codes)).split()
    if len(words) > 1 and draw(st.booleans()):
        at = draw(st.integers(1, len(words) - 1))
        key = words[at].partition("=")[0]
        words[at] = f"{key}={draw(NUMBERS | ANY_TEXT.map(lambda t: ''.join(t.split())))}"
    else:
        words.append(f"{draw(ANY_TEXT.map(lambda t: ''.join(t.split())))}={draw(NUMBERS)}")
    return " ".join(words)


@pytest.mark.slow  # hypothesis fuzz, a few hundred examples each
@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_any_text_as_a_move_is_played_or_refused(table: Table, game_id: str, data: st.DataObject) -> None:
    match_id, player, seat, codes = table.match(game_id)
    text = data.draw(move_text(codes))
    refused_or(lambda: table.run(table.service.act(match_id, player.id, text, seat=seat)))


@pytest.mark.slow  # hypothesis fuzz, a few hundred examples each
@FUZZ
@given(data=st.data())
def test_any_line_typed_in_the_terminal_is_answered(table: Table, data: st.DataObject) -> None:
    # The terminal's own words and numbers over Musou's menu, long enough to come
    # in groups; what it does not know it sends as a move, fuzzed above.
    match_id, player, seat, codes = table.match("musou")
    command = data.draw(st.sampled_from(["", "undo ", "card ", "help ", "accept ", "takeback ", "back "]))
    line = command + data.draw(move_text(codes))
    out = io.StringIO()
    terminal = Terminal(table.service, match_id, data.draw(st.sampled_from(["en", "ja"])), read=lambda: None, out=out)
    terminal.names = [ANN.name, BEN.name]
    ms = table.run(table.service.get(match_id))
    terminal.menu = Menu(ms.seq, table.run(table.service.choices(match_id, player.id, seat)))
    if data.draw(st.booleans()):
        terminal.menu.opened = [e for e in terminal.menu.top if e.group][:1]  # a group opened, if any
    table.run(terminal.command(line.strip(), player, seat))
    said = out.getvalue()
    for refusal in said.split("Refused: ")[1:] + said.split("できません: ")[1:]:
        assert refusal.count("\n") == 1, f"a refusal is one line: {refusal!r}"


# ---- options -----------------------------------------------------------------------------------

OPTION_KEYS = {"quarriors": ["cards"], "naru": ["cards", "decks"], "musou": ["cards", "decks"],
               "warlords": ["cards", "decks", "deck_lists", "decks_cards"]}
STARTERS = ["random", "shu", "wei", "wu", "coalition", "sample", "red", "blue", "1", "a"]


def option_values() -> st.SearchStrategy[Any]:
    """A game's option values: junk, and lists of near-real deck names and texts."""
    words = st.sampled_from(STARTERS) | ANY_TEXT | st.just("3 x\n[deck]\n2 y")
    return JSON | words | st.lists(words | JSON, max_size=9) | st.lists(st.dictionaries(ANY_TEXT, JSON), max_size=3)


@pytest.mark.slow  # hypothesis fuzz, a few hundred examples each
@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(value=JSON, shaped=st.data())
def test_any_json_as_options_is_accepted_and_sets_up_or_refused(game_id: str, value: Any,
                                                                shaped: st.DataObject) -> None:
    game = get_game(game_id)
    keys = st.sampled_from(OPTION_KEYS[game_id]) | ANY_TEXT
    for raw in (value, shaped.draw(st.dictionaries(keys, option_values(), max_size=3))):
        for seats in (game.max_seats, game.min_seats):  # set up once, at the smallest table
            options = refused_or(lambda raw=raw, seats=seats: game.options(raw, seats))
        if options is not None:
            json.dumps(options)  # options are recorded in the log
            game.setup(game.min_seats, options, Rng(SECRET))


@pytest.mark.slow  # hypothesis fuzz, a few hundred examples each
@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(value=JSON)
def test_any_json_as_options_of_a_new_match_is_refused_or_creates_it(table: Table, game_id: str, value: Any) -> None:
    refused_or(lambda: table.run(table.service.create(game_id, ANN, value, match_id=f"o{next(table.fresh)}")))


# ---- deck lists --------------------------------------------------------------------------------

def deck_readers() -> dict[str, Callable[[str], Any]]:
    from engine.musou.cards import catalog
    from engine.musou.decks import import_text
    from engine.naru.decks import deck_from_option
    from engine.warlords.decks import import_deck
    naru = get_game("naru")
    return {"naru": lambda text: deck_from_option(text, naru.cards, naru.starters),  # type: ignore[attr-defined]
            "musou": lambda text: import_text(text, catalog()),
            "warlords": import_deck}


def deck_text() -> st.SearchStrategy[str]:
    lines = ANY_TEXT | st.builds(lambda n, name: f"{n} {name}", NUMBERS, ANY_TEXT) | st.sampled_from(
        ["[deck]", "[commanders]", "[side]", "name: x", "# c", "4 Fast Horse", "guan_yu ×2", "3x 関羽"])
    return ANY_TEXT | st.lists(lines, max_size=12).map("\n".join)


@pytest.mark.slow  # hypothesis fuzz, a few hundred examples each
@pytest.mark.parametrize("game_id", ["naru", "musou", "warlords"])
@FUZZ
@given(text=deck_text())
def test_any_text_as_a_deck_list_is_read_or_refused(game_id: str, text: str) -> None:
    read = deck_readers()[game_id]
    result = refused_or(lambda: read(text))
    if isinstance(result, tuple):  # readers that return their problems rather than raise them
        for problem in result[1]:
            assert len(problem.en.splitlines()) == len(problem.ja.splitlines()) == 1


# ---- import files ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def export(table: Table) -> list[str]:
    """The lines of a finished match's full export."""
    async def finished() -> str:
        ms = await table.service.create("naru", ANN, {})
        await table.service.join(ms.match_id, BEN)
        await table.service.start(ms.match_id, ANN.id)
        await table.service.abort(ms.match_id, "parley", "for the fuzz test")
        return await export_jsonl(table.service, ms.match_id)
    return table.run(finished()).splitlines()


@pytest.mark.slow  # hypothesis fuzz, a few hundred examples each
@FUZZ
@given(value=JSON, where=st.integers(0, 20), how=st.sampled_from(["replace", "insert", "alone"]))
def test_any_json_line_in_an_import_file_is_imported_or_refused(table: Table, export: list[str], value: Any,
                                                                where: int, how: str) -> None:
    lines = list(export)
    at = where % len(lines)
    line = json.dumps(value)
    if how == "replace":
        lines[at] = line
    elif how == "insert":
        lines.insert(at, line)
    else:
        lines = [line]
    text = "\n".join(lines) + "\n"
    refused_or(lambda: table.run(import_jsonl(table.service, text, match_id=f"i{next(table.fresh)}")))


@pytest.mark.slow  # hypothesis fuzz, a few hundred examples each
@FUZZ
@given(text=ANY_TEXT)
def test_any_text_as_an_import_file_is_refused(table: Table, text: str) -> None:
    assert refused_or(lambda: table.run(import_jsonl(table.service, text, match_id=f"t{next(table.fresh)}"))) is None


# ---- the cases of the issue, by name -----------------------------------------------------------

@pytest.mark.parametrize("text", ["²", "①", "४", "၂", "٣", "1²", "-1", "9" * 5000])
def test_digits_that_are_not_ascii_are_an_unknown_action(table: Table, text: str) -> None:
    match_id, player, seat, _codes = table.match("naru")
    with pytest.raises(RuleError, match="You cannot") as refused:  # the unknown action's refusal
        table.run(table.service.act(match_id, player.id, text, seat=seat))
    assert len(refused.value.message("en")) < 300, "a long paste is not repeated whole"


def test_full_width_digits_pick_a_choice_as_ascii_ones_do(table: Table) -> None:
    match_id, _player, seat, _codes = table.match("naru")
    ms = table.run(table.service.get(match_id))
    assert table.service.parse(ms, seat, "１") == table.service.parse(ms, seat, "1")


@pytest.mark.parametrize("game_id, options, words", [
    ("quarriors", {"cards": None}, "Option 'cards' takes"),
    ("quarriors", {"cards": 7}, "Option 'cards' takes"),
    ("quarriors", {"cards": [["x"]]}, "Option 'cards' takes"),
    ("naru", {"decks": None}, "Option 'decks' takes"),
    ("musou", {"cards": ["sample"]}, "Option 'cards' takes"),
    ("musou", {"cards": "{" + "[" * 100_000}, "nests deeper"),
    ("warlords", {"decks": 5}, "Option 'decks' takes"),
    ("warlords", {"deck_lists": None}, "Option 'deck_lists' takes"),
    ("warlords", {"decks_cards": [{"w01": "3"}]}, "Option 'decks_cards' takes"),
    ("naru", {"goal": 3}, "has no option 'goal'"),
    ("naru", [1, 2], "Options are an object"),
    ("warlords", {"decks": functools.reduce(lambda inner, _: [inner], range(40), "red")}, "nests deeper"),
])
def test_a_wrong_option_is_named_with_what_it_takes(game_id: str, options: Any, words: str) -> None:
    game = get_game(game_id)
    with pytest.raises(RuleError, match=words) as refused:
        game.options(options, game.min_seats)
    message = refused.value.message("en")
    others = {"cards", "decks", "deck_lists", "decks_cards"} - set(OPTION_KEYS[game_id])
    assert not any(f"{name}:" in message for name in others), "only the game's own options are named"
    assert len(message.splitlines()) == 1 and len(refused.value.message("ja").splitlines()) == 1


def test_a_deck_list_longer_than_any_deck_is_refused_unread() -> None:
    from engine.core.decklist import MAX_CHARS, MAX_LINES
    from engine.warlords.decks import export_deck, parse_deck_list, starter, starter_ids
    counts, problems = parse_deck_list("1 w001\n" * (MAX_LINES + 1))
    assert counts == {} and len(problems) == 1 and "at most" in problems[0].en
    assert len(parse_deck_list("#" * (MAX_CHARS + 1))[1]) == 1
    assert parse_deck_list(export_deck(starter(starter_ids()[0]), "a starter")) == (starter(starter_ids()[0]), [])


@pytest.mark.parametrize("line, words", [
    ("[" * 100_000 + "]" * 100_000, "nests deeper"),
    ('{"format": "parley-match", "version": "2"}', "version"),
    ('{"format": "parley-match", "version": NaN}', "not valid JSON"),
])
def test_a_deep_or_odd_import_line_is_one_refusal(table: Table, line: str, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        table.run(import_jsonl(table.service, line + "\n"))


def test_an_import_larger_than_the_bound_is_refused_before_it_is_parsed(table: Table) -> None:
    from events.export import MAX_IMPORT
    with pytest.raises(RuleError, match="at most"):
        table.run(import_jsonl(table.service, " " * (MAX_IMPORT + 1)))
