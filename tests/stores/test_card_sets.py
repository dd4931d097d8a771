"""A server's card set for Naru and Warlords (Musou's at the end), on both stores: an upload with
an error is refused line by line in English and Japanese, a good one is kept;
a deck of its cards is saved on that server (not elsewhere) and picked for a
match that chooses the set, which plays a card only that set has (the board
naming cards as the set does) and replays from its log alone (the set's text
is in its options), in a process that never read the set."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.render import naru as naru_render
from bot.render import warlords as warlords_render
from engine.core import Viewer
from engine.core.bundled import bundled_text
from engine.musou.cards import CARD_FILES as MUSOU_FILES
from engine.musou.cards import catalog
from engine.musou.decks import DeckList, export_text, starters
from engine.musou.state import cards_of
from engine.naru.cards import CARD_FILES as NARU_FILES
from engine.naru.decks import format_deck_list, sample_starters
from engine.warlords.cards import CARD_FILES as WARLORDS_FILES
from engine.warlords.decks import export_deck, starter
from events import decks, snapshot
from events.errors import Refused
from events.replay import MatchState
from events.service import MatchService
from events.verify import verify_match
from tests.stores.test_decks import ANN, BEN, NOW


@dataclass(frozen=True)
class House:
    """A game's house set: the sample, each name marked, and one card of its own."""

    game: str
    text: str
    card: str  # the key or id of the card only this set has
    name: str  # its English name
    deck: Callable[[str], str]  # from the set's text: a deck list holding the card
    uses_card: Callable[[MatchState, dict[str, Any]], bool]  # an action of seat 0's that plays it
    shows: Callable[[dict[str, Any], str], str]  # seat 0's view as the front ends write it
    after: int  # plain moves after it until every seat sees it


def _naru() -> House:
    data = json.loads(bundled_text("engine.naru", "data/sample_cards.json"))
    keep = next(c for c in data["cards"] if c["key"] == "keep-autumn")
    data["cards"].append({**keep, "key": "keep-house", "name_en": "House Keep", "name_ja": "屋敷の天守"})
    data.update(set_id="house", name_en="House set", name_ja="屋敷セット", sample=False)
    text = json.dumps(data, ensure_ascii=False, indent=1)

    def deck(text: str) -> str:
        counts = dict(sample_starters()["autumn"].cards)
        del counts["keep-autumn"]
        return format_deck_list({**counts, "keep-house": 1}, NARU_FILES.load(text).cards)

    def uses_card(ms: MatchState, action: dict[str, Any]) -> bool:
        return action["kind"] == "place_keep" and ms.state.cards[ms.state.players[0].keep_card] == "keep-house"

    # A keep stays face down until the other is placed too.
    return House("naru", text, "keep-house", "House Keep", deck, uses_card,
                 lambda view, locale: naru_render.private(view, 0, locale), 1)


def _warlords() -> House:
    data = json.loads(bundled_text("engine.warlords", "data/cards.json"))
    for card in data["cards"]:
        card["name"] = {"en": "House " + card["name"]["en"], "ja": "屋敷" + card["name"]["ja"]}
    castle = next(c for c in data["cards"] if c["id"] == "castle_greenhaven")
    data["cards"].append({**castle, "id": "castle_house", "name": {"en": "House Citadel", "ja": "屋敷城"}})
    text = json.dumps(data, ensure_ascii=False, indent=1)

    def deck(text: str) -> str:
        counts = starter("elvallie")
        del counts["castle_greenhaven"]
        return export_deck({**counts, "castle_house": 1})

    def uses_card(ms: MatchState, action: dict[str, Any]) -> bool:
        return action["kind"] == "pick" and ms.state.cards.get(action["castle"]) == "castle_house"

    return House("warlords", text, "castle_house", "House Citadel", deck, uses_card, warlords_render.board, 0)


HOUSES = {"naru": _naru, "warlords": _warlords}
OPENING = ("keep_hand", "no_swap", "direction")  # the plain way through each game's opening


def broken(text: str) -> tuple[str, int]:
    """The set with one number out of range, and the line it is on."""
    bad = text.replace('"cost": 0', '"cost": -1', 1) if '"cost": 0' in text else text.replace('"cost": 2', '"cost": -2', 1)
    return bad, bad[:bad.index('"cost": -')].count("\n") + 1


async def play_the_card(service: MatchService, house: House, match_id: str) -> MatchState:
    """Plain opening moves until seat 0 may play the set's own card, that move, and `house.after` more."""
    after = None
    for _ in range(12):
        pending, player = (await service.waiting(match_id))[0]
        ms = await service.get(match_id)
        choices = [c.action for c in await service.choices(match_id, player.id, pending.seat)]
        mine = [a for a in choices if after is None and pending.seat == 0 and house.uses_card(ms, a)]
        if after == 0:
            return ms
        if mine:
            await service.act(match_id, player.id, mine[0], seat=0)
            after = house.after
            continue
        plain = [a for a in choices if a["kind"] in OPENING] or choices
        await service.act(match_id, player.id, plain[0], seat=pending.seat)
        after = None if after is None else after - 1
    raise AssertionError("seat 0 was never offered its set's own card")


@pytest.mark.parametrize("game_id", sorted(HOUSES))
async def test_a_server_set_is_checked_kept_played_and_replayed(service, game_id: str) -> None:  # type: ignore[no-untyped-def]
    house = HOUSES[game_id]()
    store = service.store
    bad, line = broken(house.text)
    with pytest.raises(Refused) as caught:
        await decks.save_card_set(store, "g1", game_id, "House", bad, ANN.id, NOW)
    assert caught.value.message("en").startswith(f"Line {line} (cards[")
    assert caught.value.message("ja").startswith(f"{line}行目（cards[") and "以上にしてください" in caught.value.message("ja")
    assert await store.card_sets("g1", game_id) == []
    await decks.save_card_set(store, "g1", game_id, "House", house.text, ANN.id, NOW)
    kept = await decks.find_card_set(store, "g1", game_id, "house")
    assert kept.text == house.text

    deck = house.deck(kept.text)
    with pytest.raises(Refused):  # of cards only that server's set has
        await decks.save_deck(store, ANN.id, game_id, "House deck", deck, NOW)
    with pytest.raises(Refused):
        await decks.save_deck(store, ANN.id, game_id, "House deck", deck, NOW, guild="g2")
    await decks.save_deck(store, ANN.id, game_id, "House deck", deck, NOW, guild="g1")

    ms = await service.create(game_id, ANN, {"cards": kept.text})
    await service.join(ms.match_id, BEN)
    await decks.pick(store, await service.get(ms.match_id), ANN.id, "House deck")
    await service.start(ms.match_id, ANN.id)
    started = await service.get(ms.match_id)
    assert started.options["cards"] == house.text and started.state.card_set == house.text
    assert deck not in json.dumps(started.options)  # the picked deck is sealed, as ever
    if game_id == "warlords":  # the first player's check names its cards as the set does
        board = warlords_render.board(started.game.view(started.state, Viewer.of(1)), "en")
        assert "(checks: ⟦" in board and "House " in board.split("(checks:")[1]

    played = await play_the_card(service, house, ms.match_id)
    view = played.game.view(played.state, Viewer.of(0))
    assert house.name in house.shows(view, "en")
    assert house.name in json.dumps(played.game.view(played.state, Viewer.of(1)), ensure_ascii=False)
    assert house.card in played.state.cards.values()

    house_files = NARU_FILES if game_id == "naru" else WARLORDS_FILES
    house_files.clear()  # as a process that never read the set would be
    again = await MatchService(store).get(ms.match_id)
    assert again.state == played.state and again.seq == played.seq
    blob = snapshot.dump(played)
    house_files.clear()
    thawed = snapshot.load(blob, played.seq, played.ruleset)
    assert thawed is not None and thawed.state == played.state
    assert house.name in house.shows(thawed.game.view(thawed.state, Viewer.of(0)), "en")
    report = await verify_match(service, ms.match_id)
    assert report.ok, [line.en for line in report.lines]


def _musou_house() -> str:
    """Musou's sample set with one general of its own."""
    data = json.loads(bundled_text("engine.musou", "data/sample_cards.json"))
    guard = next(c for c in data["cards"] if c["key"] == "zhang_fei")
    data["cards"].append({**guard, "key": "house_guard", "name": {"en": "House Guard", "ja": "屋敷の衛兵"}})
    data.update(sample=False)
    return json.dumps(data, ensure_ascii=False, indent=1)


async def test_a_musou_set_is_refused_by_line_then_kept_dealt_and_replayed(service) -> None:  # type: ignore[no-untyped-def]
    """Musou reads a server's set as the other games do: a value out of range
    and a rule its models leave to it (a key given twice) are each named by
    line and field in both languages; a good set is kept, and a match dealing
    a deck of its own card replays in a process that never read the set."""
    store, text = service.store, _musou_house()
    bad, line = broken(text)
    with pytest.raises(Refused) as caught:
        await decks.save_card_set(store, "g1", "musou", "House", bad, ANN.id, NOW)
    assert caught.value.message("en").startswith(f"Line {line} (cards[") and ".cost): " in caught.value.message("en")
    assert caught.value.message("ja").startswith(f"{line}行目（cards[") and "以上にしてください" in caught.value.message("ja")
    twice = text.replace('"key": "zhang_fei"', '"key": "house_guard"', 1)
    line = twice[:twice.rindex('"key": "house_guard"')].count("\n") + 1
    with pytest.raises(Refused) as caught:
        await decks.save_card_set(store, "g1", "musou", "House", twice, ANN.id, NOW)
    assert caught.value.message("en").startswith(f"Line {line} (cards[") and "key): this key is already used" in \
        caught.value.message("en")
    assert caught.value.message("ja").startswith(f"{line}行目（cards[") and "すでに使っています" in caught.value.message("ja")
    assert await store.card_sets("g1", "musou") == []
    await decks.save_card_set(store, "g1", "musou", "House", text, ANN.id, NOW)
    kept = await decks.find_card_set(store, "g1", "musou", "house")
    assert kept.text == text

    shu = starters()["shu"]
    deck = export_text(DeckList(shu.name, shu.commanders, ["house_guard", *shu.deck[1:]], shu.side), catalog(text))
    with pytest.raises(Refused):  # of a card only that server's set has
        await decks.save_deck(store, ANN.id, "musou", "House deck", deck, NOW)
    await decks.save_deck(store, ANN.id, "musou", "House deck", deck, NOW, guild="g1")
    ms = await service.create("musou", ANN, {"cards": kept.text})
    await service.join(ms.match_id, BEN)
    await decks.pick(store, await service.get(ms.match_id), ANN.id, "House deck")
    await service.start(ms.match_id, ANN.id)
    assert (await service.get(ms.match_id)).state.card_set == text
    for _ in range(2):  # both seats choose a commander, and the first game is dealt
        pending, player = (await service.waiting(ms.match_id))[0]
        choice = (await service.choices(ms.match_id, player.id, pending.seat))[0]
        await service.act(ms.match_id, player.id, choice.action, seat=pending.seat)
    played = await service.get(ms.match_id)
    assert "house_guard" in played.state.names.values()
    MUSOU_FILES.clear()  # as a process that never read the set would be
    again = await MatchService(store).get(ms.match_id)
    assert again.state == played.state and cards_of(again.state).cards["house_guard"].name.en == "House Guard"
    report = await verify_match(service, ms.match_id)
    assert report.ok, [line.en for line in report.lines]
