"""Saved decks, card sets and lobby picks (events/decks.py) on both backends:
kept, replaced, private to their owner, refused with every problem of the
list; a picked deck is the one the match deals, sealed in the start so no
seat's export shows it while the match runs, and checkable once it ends."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Viewer
from engine.core.bundled import bundled_text
from engine.registry import get_game
from engine.warlords.decks import export_deck, starter, starter_ids
from events import decks
from events.errors import Refused
from events.export import export_jsonl
from events.migrate import copy_database
from events.model import Player
from events.seal import SEALED
from events.service import MatchService
from events.stores import open_store
from events.verify import verify_match

NOW = "2026-12-02T12:00:00+00:00"
ANN = Player(id="discord:1", name="Ann")
BEN = Player(id="discord:2", name="Ben")
CAT = Player(id="discord:3", name="Cat")


def naru_deck(starter_id: str) -> str:
    """A legal Naru deck written out as a list, from one of the starters."""
    from engine.naru.decks import deck_from_option, format_deck_list

    game = get_game("naru")
    counts, problems = deck_from_option(starter_id, game.cards, game.starters)
    assert problems == []
    return format_deck_list(counts, game.cards)


async def test_decks_are_kept_per_owner_and_game_and_replaced_by_name(recorder) -> None:  # type: ignore[no-untyped-def]
    text = naru_deck("autumn")
    await decks.save_deck(recorder, ANN.id, "naru", "  Autumn   rush ", text, NOW)
    await decks.save_deck(recorder, ANN.id, "naru", "AUTUMN RUSH", naru_deck("spring"), NOW)
    await decks.save_deck(recorder, ANN.id, "naru", "Autumn rush", naru_deck("winter"), NOW)
    await decks.save_deck(recorder, BEN.id, "naru", "Autumn rush", text, NOW)
    [mine] = await recorder.decks(ANN.id)
    assert (mine.name, mine.game) == ("Autumn rush", "naru")
    assert mine.text == naru_deck("winter")  # the second save replaced the first
    assert await recorder.decks(ANN.id, "musou") == []
    assert [d.owner for d in await recorder.decks(BEN.id, "naru")] == [BEN.id]
    found = await decks.find_deck(recorder, ANN.id, "naru", "autumn RUSH")
    assert found == mine
    await recorder.delete_deck(ANN.id, "naru", "Autumn rush")
    assert await recorder.decks(ANN.id) == []
    with pytest.raises(Refused):
        await decks.find_deck(recorder, ANN.id, "naru", "Autumn rush")


async def test_a_bad_deck_is_refused_with_every_line_numbered_problem(recorder) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(Refused) as caught:
        await decks.save_deck(recorder, ANN.id, "naru", "bad", "3 No Such Card\n# fine\n2 Rice Paddy\nxx", NOW)
    en, ja = caught.value.message("en"), caught.value.message("ja")
    assert "Line 1:" in en and "No Such Card" in en and "Line 4:" in en
    assert "1行目" in ja and "4行目" in ja
    assert await recorder.decks(ANN.id) == []
    with pytest.raises(Refused):
        await decks.save_deck(recorder, ANN.id, "quarriors", "x", "1 a", NOW)  # no decks in Quarriors
    with pytest.raises(Refused):
        await decks.save_deck(recorder, ANN.id, "naru", "x" * (decks.NAME_MAX + 1), naru_deck("autumn"), NOW)


async def test_card_sets_are_checked_by_the_games_models_and_kept_per_server(recorder) -> None:  # type: ignore[no-untyped-def]

    sample = bundled_text("engine.musou", "data/sample_cards.json")
    with pytest.raises(Refused) as caught:
        await decks.save_card_set(recorder, "g1", "musou", "broken", '{"title": 3}', ANN.id, NOW)
    assert caught.value.message("en").startswith("Line 1 (title): ") and "1行目（commanders）" in caught.value.message("ja")
    with pytest.raises(Refused):
        await decks.save_card_set(recorder, "g1", "quarriors", "x", sample, ANN.id, NOW)  # no server sets here
    with pytest.raises(Refused):  # `cardset=House set` could not be typed
        await decks.save_card_set(recorder, "g1", "musou", "House set", sample, ANN.id, NOW)
    await decks.save_card_set(recorder, "g1", "musou", "House", sample, ANN.id, NOW)
    [kept] = await recorder.card_sets("g1", "musou")
    assert (kept.name, kept.text, kept.saved_by) == ("House", sample, ANN.id)
    assert await recorder.card_sets("g2") == []
    assert (await decks.find_card_set(recorder, "g1", "musou", "HOUSE")).text == sample


async def test_a_picked_deck_is_dealt_and_sealed_from_other_seats(service) -> None:  # type: ignore[no-untyped-def]
    store = service.store
    text = naru_deck("winter")
    await decks.save_deck(store, BEN.id, "naru", "Winter", text, NOW)
    ms = await service.create("naru", ANN, {"decks": ["autumn", "random"]})
    with pytest.raises(Refused):  # not in the lobby yet
        await decks.pick(store, ms, BEN.id, "Winter")
    await service.join(ms.match_id, BEN)
    with pytest.raises(Refused):  # Ann has no such deck: picks are the owner's own
        await decks.pick(store, await service.get(ms.match_id), ANN.id, "Winter")
    await decks.pick(store, await service.get(ms.match_id), BEN.id, "Winter")
    await service.start(ms.match_id, ANN.id)
    ms = await service.get(ms.match_id)
    game = ms.game
    winter = get_game("naru").starters["winter"]  # type: ignore[attr-defined]
    dealt = sorted(ms.state.cards[c] for c, owner in ms.state.owner.items() if owner == 1)
    assert dealt == sorted(k for k, n in winter.cards.items() for _ in range(n))
    assert ms.options == {}  # every deck option went into the sealed part
    events = await store.events(ms.match_id)
    start = next(e for e in events if e.type == "match_started")
    assert SEALED in start.payload and start.payload["decks"]["decks"] == ["autumn", text]
    for player in (ANN, BEN, None):
        exported = await export_jsonl(service, ms.match_id, player_id=player.id if player else None)
        assert "Winter" not in exported and text.splitlines()[1] not in exported
        lines = [json.loads(x) for x in exported.splitlines()]
        assert all(line.get("hash") for line in lines[1:])  # the chain still checks from the export
    assert text.splitlines()[1] not in json.dumps(game.view(ms.state, Viewer.of(0)), ensure_ascii=False)
    report = await verify_match(service, ms.match_id)
    assert report.ok


async def test_a_start_without_picks_is_as_before(service) -> None:  # type: ignore[no-untyped-def]
    ms = await service.create("naru", ANN, {"decks": ["autumn", "winter"]})
    await service.join(ms.match_id, BEN)
    await service.start(ms.match_id, ANN.id)
    start = next(e for e in await service.store.events(ms.match_id) if e.type == "match_started")
    assert "decks" not in start.payload and SEALED not in start.payload
    assert start.payload["options"] == {"decks": ["autumn", "winter"]}


async def test_warlords_seats_without_a_pick_play_their_starter(service) -> None:  # type: ignore[no-untyped-def]
    first, second = starter_ids()[:2]
    await decks.save_deck(service.store, CAT.id, "warlords", "Mine", export_deck(starter(second)), NOW)
    ms = await service.create("warlords", ANN, {"decks": first})
    for p in (BEN, CAT):
        await service.join(ms.match_id, p)
    await decks.pick(service.store, await service.get(ms.match_id), CAT.id, "Mine")
    await service.start(ms.match_id, ANN.id)
    start = next(e for e in await service.store.events(ms.match_id) if e.type == "match_started")
    cards = start.payload["decks"]["decks_cards"]
    assert cards == [starter(first), starter(first), starter(second)]


async def test_a_deck_that_does_not_suit_the_match_is_refused_to_its_owner_only(service) -> None:  # type: ignore[no-untyped-def]
    """Against a server's card set without one of its cards, a deck of that card is
    refused at the pick with its problems; a start never quotes a hidden deck."""

    from engine.musou.cards import catalog
    from engine.musou.decks import export_text, starters

    shu = starters()["shu"]
    gone = shu.deck[0]
    data = json.loads(bundled_text("engine.musou", "data/sample_cards.json"))
    data["cards"] = [c for c in data["cards"] if c["key"] != gone]
    text = export_text(shu, catalog())
    await decks.save_deck(service.store, BEN.id, "musou", "Shu", text, NOW)
    ms = await service.create("musou", ANN, {"cards": json.dumps(data)})
    await service.join(ms.match_id, BEN)
    with pytest.raises(Refused) as caught:
        await decks.pick(service.store, await service.get(ms.match_id), BEN.id, "Shu")
    assert "does not suit this match" in caught.value.message("en") and gone in caught.value.message("en")
    assert await service.store.lobby_decks(ms.match_id) == {}
    # A pick that slipped past (stored directly): the start names the seat, not the deck's cards.
    await service.store.pick_deck(ms.match_id, BEN.id, "Shu", text)
    with pytest.raises(Refused) as caught:
        await service.start(ms.match_id, ANN.id)
    said = caught.value.message("en") + caught.value.message("ja")
    assert "seat 2" in said and gone not in said and "Shu" not in said
    assert (await service.get(ms.match_id)).status == "lobby"


@pytest.mark.slow
@pytest.mark.parametrize("target_kind", ["sqlite", "postgresql"])
async def test_migrate_db_copies_decks_card_sets_and_picks(new_db, backend, target_kind) -> None:  # type: ignore[no-untyped-def]

    source, target = await open_store(new_db(backend)), await open_store(new_db(target_kind))
    try:
        await decks.save_deck(source, ANN.id, "naru", "Autumn", naru_deck("autumn"), NOW)
        await decks.save_deck(source, BEN.id, "naru", "Winter", naru_deck("winter"), NOW)
        sample = bundled_text("engine.musou", "data/sample_cards.json")
        await decks.save_card_set(source, "g1", "musou", "House", sample, ANN.id, NOW)
        service = MatchService(source)
        ms = await service.create("naru", ANN)
        await decks.pick(source, ms, ANN.id, "Autumn")
        report = await copy_database(source, target)
        assert report.ok and report.decks == 4, [x.en for x in report.lines]
        for owner in (ANN.id, BEN.id):
            assert await target.decks(owner) == await source.decks(owner)
        assert await target.card_sets("g1") == await source.card_sets("g1")
        assert await target.lobby_decks(ms.match_id) == {ANN.id: ("Autumn", naru_deck("autumn"))}
    finally:
        await source.close()
        await target.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(min_size=0, max_size=60))
def test_a_name_is_kept_trimmed_or_refused(name: str) -> None:
    try:
        kept = decks.check_name(name)
    except Refused:
        assert not name.split() or len(" ".join(name.split())) > decks.NAME_MAX or any(
            not c.isprintable() for c in " ".join(name.split()))
    else:
        assert kept == " ".join(name.split()) and 1 <= len(kept) <= decks.NAME_MAX
