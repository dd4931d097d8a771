"""Premoves at the terminal: set with one's own move, told as made by premove
when the reply comes, explained in both languages, refused in one line."""

import pytest

from .conftest import play
from .parlour import Parlour


@pytest.fixture
def premoves(monkeypatch):
    monkeypatch.setattr(Parlour, "premove_kinds", frozenset({"pass", "wait"}))


async def test_a_premove_set_with_a_move_answers_the_reply(service, premoves):
    s = await play(service, ["premove if pass then note", "orders", "pass", "pass", "quit"])
    assert "Standing order set: premove: if they play `pass`, `note`" in s.out
    assert "  · premove: if they play `pass`, `note`" in s.out
    assert s.out.count("ann, by premove:") == 1 and "ann takes a note." in s.out
    assert (await s.service.get(s.match_id)).orders == {}


async def test_premove_help_and_refusals(service, premoves):
    s = await play(service, ["premove", "premove if play then pass", "premove if pass", "quit"], locale="ja")
    assert "卓に伝わるのは、前もって応じていたことと、その応手です。" in s.out and "`pass`, `wait`" in s.out
    assert "できません: 「play」はプレムーブの条件にできません。" in s.out
    assert "できません: 「premove if pass」はプレムーブではありません。" in s.out


async def test_a_game_without_premoves_says_so(service):
    s = await play(service, ["premove if pass then note", "quit"])
    assert "Refused: Parlour does not allow premoves." in s.out
