"""Issue 10 (trust): an action that lets a seat see a hidden card may not be
taken back, whether or not it drew randomness. `gains_hidden` judges this from
the games' `hidden_ids`; the property test below judges it again from the
seats' views alone, so a game whose hidden ids fall short fails it."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import SPECTATOR, Choice, Game, Outcome, Pending, Rng, Text, Transition, Viewer
from engine.core.play import Step, step
from engine.core.redaction import strings_in
from engine.core.reveal import gains_hidden, hidden_gains
from engine.registry import get_game
from tests.contract.matches import bot_turns

SECRET = b"x" * 32
GAMES = ["quarriors", "naru", "musou", "warlords"]
WINDOW = 150  # actions checked per example, after a fast-forward of random length


def play(game: Game[Any], state: Any, seat: int, action: dict[str, Any]) -> Step[Any]:
    return step(game, state, seat, action, SECRET, 0)


# ---- the contract's default ------------------------------------------------------------------

class Open(Game[int]):
    """A game with nothing to hide: a shared counter."""

    id = "open"
    title = Text("Open", "公開")
    ruleset = "open-1"
    min_seats = max_seats = 2

    def setup(self, seats: int, options: Any, rng: Rng) -> int:
        return 0

    def apply(self, state: int, seat: int, action: Any, rng: Rng) -> Transition[int]:
        return Transition(state + 1)

    def pending(self, state: int) -> tuple[Pending, ...]:
        return ()

    def legal_actions(self, state: int, seat: int) -> list[Choice]:
        return []

    def view(self, state: int, viewer: Viewer) -> dict[str, Any]:
        return {"count": state}

    def outcome(self, state: int) -> Outcome | None:
        return None


def test_a_game_that_hides_nothing_needs_no_code_and_reveals_nothing() -> None:
    game = Open()
    for viewer in (SPECTATOR, Viewer.of(0), Viewer.of(1)):
        assert game.hidden_ids(0, viewer) == set()
    assert not gains_hidden(game, 0, 1, 2, 0)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_through_the_contract_what_its_views_hide(game_id: str) -> None:
    game = get_game(game_id)
    module = importlib.import_module(f"engine.{game_id}.game")
    state = game.setup(2, game.options({}, 2), Rng(SECRET))
    for viewer in (SPECTATOR, Viewer.of(0), Viewer.of(1)):
        assert game.hidden_ids(state, viewer) == module.hidden_ids(state, viewer)
    assert game.hidden_ids(state, SPECTATOR), "every game hides something at the start"


# ---- Musou: the bug of the issue ---------------------------------------------------------------

def test_war_council_paid_with_provisions_reveals_the_cards_it_draws_back() -> None:
    from engine.musou.game import GAME
    from tests.musou.helpers import Position
    p = Position()
    (council,) = p.hand(0, "war_council")  # cost 2: two provisions onto the deck top, then draw 2
    spent = set(p.s.provisions[0][-2:])
    result = play(GAME, p.s, 0, {"kind": "stratagem", "card": council})
    after = result.transition.state
    assert result.counter == 0 and len(after.decks[0]) == len(p.s.decks[0])  # no randomness, no shorter deck
    assert spent <= set(after.hands[0])
    assert hidden_gains(GAME, p.s, after, 2, 0) == {0: spent}
    assert gains_hidden(GAME, p.s, after, 2, 0)


def test_art_of_war_placed_with_provisions_reveals_the_cards_it_draws_back() -> None:
    from engine.musou.game import GAME
    from tests.musou.helpers import Position
    p = Position()
    (book,) = p.hand(0, "art_of_war")  # an item: cost 2, on placing draw 2
    spent = set(p.s.provisions[0][-2:])
    result = play(GAME, p.s, 0, {"kind": "place", "card": book, "square": 7})
    assert result.counter == 0
    assert hidden_gains(GAME, p.s, result.transition.state, 2, 0) == {0: spent}


def test_musou_pass_reveals_nothing() -> None:
    from engine.musou.game import GAME
    from tests.musou.helpers import Position
    p = Position()
    p.hand(0, "war_council")
    result = play(GAME, p.s, 0, {"kind": "pass"})
    assert not result.reveals and not gains_hidden(GAME, p.s, result.transition.state, 2, 0)


def test_a_card_played_face_up_from_hand_is_its_players_own_disclosure() -> None:
    """The opponent now sees the card, but only what its player chose to
    show: taking it back hides nothing the opponent was owed."""
    from engine.musou.game import GAME
    from tests.musou.helpers import Position
    p = Position()
    (general,) = p.hand(0, "guan_ping")
    after = play(GAME, p.s, 0, {"kind": "place", "card": general, "square": 1}).transition.state
    assert general in GAME.hidden_ids(p.s, Viewer.of(1))
    assert general not in GAME.hidden_ids(after, Viewer.of(1))
    assert not gains_hidden(GAME, p.s, after, 2, 0)


# ---- Naru ------------------------------------------------------------------------------------

def test_naru_ending_the_turn_reveals_the_card_the_next_seat_draws() -> None:
    from engine.naru.game import GAME
    from tests.naru.builder import Board
    b = Board()
    top = b.s.players[1].deck[0]
    result = play(GAME, b.s, 0, {"kind": "end_turn"})
    assert result.counter == 0  # the deck was shuffled at set-up: drawing needs no randomness
    assert hidden_gains(GAME, b.s, result.transition.state, 2, 0) == {1: {top}}


def test_naru_the_second_keep_placed_shows_its_placer_the_first() -> None:
    """The first keep was its owner's secret, not the actor's to disclose."""
    from engine.naru.game import GAME
    s = GAME.setup(2, GAME.options({"decks": ["spring", "summer"]}, 2), Rng(SECRET))
    for seat, action in ((0, {"kind": "keep_hand"}), (1, {"kind": "keep_hand"}), (0, {"kind": "place_keep", "at": "A1"})):
        s = play(GAME, s, seat, action).transition.state
    after = play(GAME, s, 1, {"kind": "place_keep", "at": "C2"}).transition.state
    assert s.players[0].keep_card in hidden_gains(GAME, s, after, 2, 1).get(1, set())


def test_naru_a_land_played_from_hand_reveals_nothing() -> None:
    from engine.naru.game import GAME
    from tests.naru.builder import Board
    b = Board(phase="summon")
    land = b.hand(0, "land-paddy")
    result = play(GAME, b.s, 0, {"kind": "land", "card": land, "at": "A1"})
    assert not result.reveals and not gains_hidden(GAME, b.s, result.transition.state, 2, 0)


# ---- Warlords --------------------------------------------------------------------------------

def test_warlords_ending_the_turn_reveals_the_next_seats_draws() -> None:
    from engine.warlords.game import GAME
    from tests.warlords.helpers import Table
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    t.castle(1, "castle_oakvale")
    deck = t.deck(1, "march_1", "march_2", "march_4")  # the last two are drawn
    result = play(GAME, t.s, 0, {"kind": "end"})
    assert result.counter == 0
    assert hidden_gains(GAME, t.s, result.transition.state, 2, 0) == {1: set(deck[1:])}


def test_warlords_recalling_a_stack_reveals_nothing() -> None:
    from engine.warlords.game import GAME
    from tests.warlords.helpers import Table
    t = Table(2)
    t.castle(0, "castle_dunmoor")
    stack = t.stack(0, "hero_aerin", march=1)
    t.castle(1, "castle_oakvale")
    t.deck(1, "march_1", "march_2")
    result = play(GAME, t.s, 0, {"kind": "recall", "stack": stack.hero})
    assert not result.reveals and not gains_hidden(GAME, t.s, result.transition.state, 2, 0)


# ---- Quarriors -------------------------------------------------------------------------------

def test_quarriors_a_kill_that_empties_a_one_die_bag_reveals_that_die() -> None:
    """A destroyed Mighty Scavenging Goblin draws unrolled: from a bag of one
    die there is nothing to pick at random, yet the attacker now sees it."""
    from engine.quarriors.game import GAME
    from tests.quarriors.helpers import make, place
    s = make(["mighty_scavenging_goblin"])
    place(s, "ready", 0, "deathdealer", level=2)
    place(s, "ready", 1, "mighty_scavenging_goblin", level=1, burst=1)
    last = s.bag[1][0]
    s.bag = (s.bag[0], (last,))
    result = play(GAME, s, 0, {"kind": "proceed"})
    assert result.counter == 0 and not result.reveals
    assert hidden_gains(GAME, s, result.transition.state, 2, 0) == {0: {f"d{last}"}}


def test_quarriors_an_attack_that_draws_nothing_reveals_nothing() -> None:
    from engine.quarriors.game import GAME
    from tests.quarriors.helpers import make, place
    s = make()
    place(s, "ready", 0, "deathdealer", level=2)
    result = play(GAME, s, 0, {"kind": "proceed"})
    assert not result.reveals and not gains_hidden(GAME, s, result.transition.state, 2, 0)


# ---- the toy game ----------------------------------------------------------------------------

def test_toy_a_draw_reveals_and_a_bank_does_not() -> None:
    from tests.toygame import GAME
    state = GAME.setup(2, GAME.options({}, 2), Rng(SECRET))
    drawn = play(GAME, state, 0, {"kind": "draw"}).transition.state
    assert hidden_gains(GAME, state, drawn, 2, 0) == {0: {state.deck[-1]}}
    card = state.hands[0][0]
    banked = play(GAME, state, 0, {"kind": "bank", "card": card}).transition.state
    assert card not in GAME.hidden_ids(banked, Viewer.of(1)) and not gains_hidden(GAME, state, banked, 2, 0)


# ---- the property ----------------------------------------------------------------------------

def seat_strings(game: Game[Any], state: Any, seats: int) -> list[set[str]]:
    return [strings_in(game.view(state, Viewer.of(s))) for s in range(seats)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data())
def test_property_after_a_takeback_eligible_action_no_seat_sees_a_new_secret(game_id: str, data: st.DataObject) -> None:
    """Eligible = no randomness drawn and `gains_hidden` False. Then no id
    hidden from the spectator before, and absent from the actor's own view,
    may newly appear in any seat's view."""
    game = get_game(game_id)
    seats = data.draw(st.integers(game.min_seats, game.max_seats), label="seats")
    seed = data.draw(st.integers(0, 10**9), label="seed")
    skip = data.draw(st.integers(0, 300), label="skip")
    seen: list[set[str]] | None = None  # the seats' view strings of the turn's state, when already built
    for n, turn in enumerate(bot_turns(game, seats, seed, limit=skip + WINDOW)):
        state, seat, after = turn.state, turn.seat, turn.after
        now = None
        if n >= skip and not turn.step.reveals and not gains_hidden(game, state, after, seats, seat):
            before = seen if seen is not None else seat_strings(game, state, seats)
            now = seat_strings(game, after, seats)
            secrets = set(game.hidden_ids(state, SPECTATOR)) - before[seat]
            for s in range(seats):
                shown = {i for i in secrets if i in now[s] and i not in before[s]}
                assert not shown, (game_id, seed, n, seat, turn.action, s, shown)
        seen = now
