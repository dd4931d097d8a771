"""The custom card sets a process keeps (engine.core.cardfile.CardFiles): the
few used last, each read once while kept, found by identity or by digest, so a
copy of a state (a snapshot thawed, a pickled clone) finds its set unread, and
a set found either way plays exactly as the game's own set with the same cards."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import Game, Viewer, clone
from engine.core.bundled import bundled_text
from engine.core.cardfile import OBJECTS_PER_SET, CardFileError, CardFiles
from engine.core.play import step
from engine.core.rng import Rng
from engine.core.selfplay import derive_secret, play_bots
from engine.musou.cards import CARD_FILES as MUSOU_FILES
from engine.musou.state import copied
from engine.naru.cards import CARD_FILES as NARU_FILES
from engine.naru.cards import CardSet as NaruSet
from engine.registry import get_game
from engine.warlords.cards import CARD_FILES as WARLORDS_FILES

SAMPLES = {"naru": ("engine.naru", "data/sample_cards.json"), "musou": ("engine.musou", "data/sample_cards.json"),
           "warlords": ("engine.warlords", "data/cards.json")}
FILES: dict[str, CardFiles[Any, Any]] = {"naru": NARU_FILES, "musou": MUSOU_FILES, "warlords": WARLORDS_FILES}


def naru_set(set_id: str) -> str:
    return json.dumps({**json.loads(bundled_text("engine.naru", "data/sample_cards.json")), "set_id": set_id})


def copy_of(text: str) -> str:
    """An equal text that is another object, as a thawed or cloned state holds."""
    copy = "".join(list(text))
    assert copy == text and copy is not text
    return copy


def counted(reads: list[str]) -> CardFiles[NaruSet, dict[str, Any]]:
    def index(cards: NaruSet) -> dict[str, Any]:
        reads.append(cards.set_id)
        return dict(cards.by_key())
    return CardFiles(NaruSet, index, size=2)


def test_the_sets_found_last_are_kept_and_the_one_found_longest_ago_goes() -> None:
    reads: list[str] = []
    files = counted(reads)
    a, b, c = naru_set("a"), naru_set("b"), naru_set("c")
    first = files.load(a)
    assert files.load(a) is first and files.load(copy_of(a)) is first  # by identity, then by digest
    files.load(b)
    files.load(copy_of(a))  # a, found again, is now newer than b
    files.load(c)
    assert reads == ["a", "b", "c"] and len(files) == 2
    assert files.load(copy_of(a)) is first and reads == ["a", "b", "c"]
    files.load(copy_of(b))  # b was let go: read again, and c (found longest ago) goes
    assert reads == ["a", "b", "c", "b"] and len(files) == 2
    files.load(copy_of(c))
    assert reads[-1] == "c"


def test_copies_come_and_go_but_the_objects_known_stay_few() -> None:
    reads: list[str] = []
    files = counted(reads)
    text = naru_set("a")
    first = files.load(text)
    for _ in range(5 * OBJECTS_PER_SET * files.size):
        assert files.load(copy_of(text)) is first
    assert reads == ["a"] and len(files._objects) <= OBJECTS_PER_SET * files.size


def test_a_broken_set_is_refused_each_time_and_kept_nowhere() -> None:
    reads: list[str] = []
    files = counted(reads)
    broken = naru_set("a").replace('"attack": 3,', '"attack": 30,', 1)
    for _ in range(2):
        with pytest.raises(CardFileError) as refused:
            files.load(broken)
        assert refused.value.problems == files.problems(broken) and len(refused.value.problems) == 1
    assert reads == [] and len(files) == 0


def _thawed(game: Game[Any], state: Any) -> Any:
    codec = game.state_codec()
    return codec.loads(codec.dumps(state))


@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_a_copied_state_finds_its_set_unread(game_id: str) -> None:
    game, files = get_game(game_id), FILES[game_id]
    text = copy_of(bundled_text(*SAMPLES[game_id]))
    state = game.setup(2, game.options({"cards": text}, 2), Rng(derive_secret(1), 0))
    kept = files.load(state.card_set)
    assert kept.text is state.card_set  # set-up hands every state the one text its set keeps
    for copy in (_thawed(game, state), clone(state)):
        assert copy.card_set == state.card_set and copy.card_set is not state.card_set
        assert files.load(copy.card_set) is kept


def test_a_musou_action_keeps_the_text_object_a_clone_would_copy() -> None:
    game = get_game("musou")
    text = copy_of(bundled_text(*SAMPLES["musou"]))
    state = game.setup(2, game.options({"cards": text}, 2), Rng(derive_secret(2), 0))
    assert copied(state) == clone(state) and copied(state).card_set is state.card_set
    seat = game.pending(state)[0].seat
    after = game.apply(state, seat, game.legal_actions(state, seat)[0].action, Rng(derive_secret(2), 0)).state
    assert after.card_set is state.card_set


def _played(game: Game[Any], options: dict[str, Any], moves: list[tuple[int, Any]], other: str) -> list[Any]:
    """Each step's log, draws, state and view of `moves` under `options`, every state
    thawed from a snapshot before its step, and every tenth step another set looked
    up first (`other`, a second custom set), so a cache of one lets the match's go."""
    secret = derive_secret(3)
    rng = Rng(secret, 0)
    state, counter = game.setup(2, game.options(options, 2), rng), rng.counter
    files = FILES[game.id]
    out: list[Any] = []
    for i, (seat, action) in enumerate(moves):
        if other and i % 10 == 0:
            files.load(copy_of(other))
        done = step(game, _thawed(game, state), seat, action, secret, counter)
        state, counter = done.transition.state, done.counter
        seen = game.view(state, Viewer.of(seat))
        seen.pop("first_check_cards", None)  # Warlords names a custom set's cards there
        out.append((done.transition.log, counter, {**state.__dict__, "card_set": None}, seen))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_a_custom_set_plays_as_the_game_s_own_set_with_the_same_cards(game_id: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own set is looked up without CardFiles: the reference."""
    game = get_game(game_id)
    moves = play_bots(game, 2, 3).moves[:150]
    sample = bundled_text(*SAMPLES[game_id])
    own = _played(game, {}, moves, "")
    monkeypatch.setattr(FILES[game_id], "size", 1)
    custom = json.dumps(json.loads(sample), ensure_ascii=False)  # the same cards, another text
    other = json.dumps(json.loads(sample), ensure_ascii=False, indent=3)
    assert custom != sample != other
    assert _played(game, {"cards": custom}, moves, other) == own
    assert len(FILES[game_id]) == 1
