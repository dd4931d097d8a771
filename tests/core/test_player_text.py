"""The core pieces behind what players read: seat tokens become names, cards
are found by id or either language's name, unknown arguments are refused
with the allowed ones, and a menu number out of range says so."""

import pytest

from engine.core import CardInfo, Choice, Text, find_cards, named_seat, seat_ref, with_names
from engine.core.arguments import check_arguments
from engine.core.errors import UnknownAction
from events.errors import Refused
from events.service import MatchService
from events.store import Store

from ..events.conftest import ANN, BEN, started


def test_a_seat_token_becomes_the_players_name_in_either_language():
    line = Text("{who} attacks {whom}.", "{who}が{whom}を攻撃。").format(who=seat_ref(0), whom=seat_ref(1))
    assert with_names(line.en, ["Ann", "Ben"]) == "Ann attacks Ben."
    assert with_names(line.ja, ["アン", "ベン"], "ja") == "アンがベンを攻撃。"


def test_a_seat_without_a_name_is_counted_from_one():
    assert with_names(seat_ref(2).en, ["Ann"]) == "Seat 3"
    assert with_names(seat_ref(2).ja, ["Ann"], "ja") == "3番席"


@pytest.mark.parametrize("names", [["Ann", "Ben"], ["Ann", ""], [], ["⟦1⟧", "Ben"]])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_seat_is_named_as_its_token_would_be(names, locale):
    for seat in range(3):
        assert named_seat(seat, names, locale) == with_names(seat_ref(seat).en, names, locale)


CATALOG = [CardInfo("g-01", Text("Guan Yu", "関羽"), Text("General. Cost 3.", "武将。コスト3。")),
           CardInfo("g-02", Text("Guan Ping", "関平"), Text("General. Cost 2.", "武将。コスト2。")),
           CardInfo("s-01", Text("War Council", "軍議"), Text("Stratagem.", "計略。"))]


@pytest.mark.parametrize("query, ids", [
    ("g-02", ["g-02"]), ("guan yu", ["g-01"]), ("関羽", ["g-01"]), ("ＧＵＡＮ", ["g-01", "g-02"]),
    ("guan", ["g-01", "g-02"]), ("関", ["g-01", "g-02"]), ("council", ["s-01"]), ("nothing", []), ("", []),
])
def test_cards_are_found_by_id_or_name_in_either_language(query, ids):
    assert [c.id for c in find_cards(CATALOG, query)] == ids


CHOICES = [Choice({"kind": "attack", "target": 1}, Text("a", "a")), Choice({"kind": "pass"}, Text("p", "p"))]


def test_an_unknown_argument_is_refused_naming_the_allowed_ones():
    with pytest.raises(UnknownAction) as err:
        check_arguments(CHOICES, {"kind": "attack", "traget": 1}, {})
    assert "traget=" in err.value.message("en") and "target=" in err.value.message("en")


def test_an_optional_argument_the_game_declares_is_accepted():
    check_arguments(CHOICES, {"kind": "attack", "target": 1, "pay": ["d1"]}, {"attack": frozenset({"pay"})})


def test_an_action_not_allowed_now_lists_what_is():
    with pytest.raises(UnknownAction) as err:
        check_arguments(CHOICES, {"kind": "fly"}, {})
    assert "attack" in err.value.message("en") and "pass" in err.value.message("en")


async def test_a_menu_number_out_of_range_says_there_is_no_such_choice(tmp_path):
    store = await Store.open(tmp_path / "p.sqlite")
    try:
        service = MatchService(store)
        match_id = await started(service, ANN, BEN)
        (_, player), *_ = await service.waiting(match_id)
        with pytest.raises(Refused) as err:
            await service.act(match_id, player.id, "99")
        assert "no choice 99" in err.value.message("en") and "選択肢99" in err.value.message("ja")
    finally:
        await store.close()
