"""engine/deckgames.py: whatever seats pick, the options split into a public and
a hidden part that together are the game's own check of the picks, and the
match deals each seat the deck it picked (or the one the options give it)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.deckgames import deck_problems, takes_decks, with_decks
from engine.naru.decks import deck_from_option, format_deck_list
from engine.registry import get_game

NARU = get_game("naru")
STARTERS = sorted(NARU.starters)  # type: ignore[attr-defined]


def _listed(starter: str) -> str:
    counts, _ = deck_from_option(starter, NARU.cards, NARU.starters)  # type: ignore[attr-defined]
    return format_deck_list(counts, NARU.cards)  # type: ignore[attr-defined]


LISTS = {s: _listed(s) for s in STARTERS}


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([None, *STARTERS]), min_size=2, max_size=2),
       st.lists(st.sampled_from(STARTERS), min_size=2, max_size=2), st.binary(min_size=32, max_size=32))
def test_each_seat_is_dealt_its_pick_or_the_options_deck(picks: list[str | None], given_decks: list[str],
                                                         secret: bytes) -> None:
    options = {"decks": given_decks}
    public, hidden = with_decks(NARU, options, 2, [LISTS[p] if p else None for p in picks])
    assert set(public) & set(hidden) == set()
    merged = {**public, **hidden}
    assert merged == NARU.options({"decks": [LISTS[p] if p else d for p, d in zip(picks, given_decks, strict=True)]}, 2)
    state = NARU.setup(2, merged, Rng(secret, 0))
    for seat, (pick, given_deck) in enumerate(zip(picks, given_decks, strict=True)):
        dealt = Counter(state.cards[c] for c, owner in state.owner.items() if owner == seat)
        expected, _ = deck_from_option(pick or given_deck, NARU.cards, NARU.starters)  # type: ignore[attr-defined]
        assert dealt == Counter(expected)
    if any(picks):
        assert "decks" in hidden and "decks" not in public  # a picked list is never in the public part


def test_only_the_card_games_take_decks_and_an_empty_list_is_a_problem() -> None:
    assert [g for g in ("naru", "musou", "warlords", "quarriors") if takes_decks(g)] == ["naru", "musou", "warlords"]
    for game in ("naru", "musou", "warlords"):
        [problem] = deck_problems(game, "  \n")
        assert "empty" in problem.en and "空" in problem.ja
