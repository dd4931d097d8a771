"""A match is rebuilt by the rules and data it was recorded under, never by
whatever is current (docs/adding-a-game.md, Rulesets)."""

import asyncio
import json
from pathlib import Path

import pytest

from engine.naru.decks import sample_starters
from engine.registry import get_game
from events import snapshot
from events.errors import ReplayError
from events.export import import_jsonl
from events.model import Event, Player
from events.service import MatchService
from events.store import MatchRow, Store
from events.verify import verify_match

CORPUS = Path(__file__).parent

# What each kept ruleset's rules read. A change here means a data file a ruleset
# reads was edited in place: put the edit under a new ruleset and keep this one.
DATA = {
    "naru-4": "26f05613938ba71244bddb981d4a05af83bcd56ae6a4d3b0c997a563330dfcf5",
    "naru-3": "f3e05a78e5341027f997dac6d6e77d054a108516e6829e45a735ce129a484ab6",
    "musou-4": "40859e5d82d28bcc0abd0a3104a3e2eaa289f06ee29248dfc353c0b3928610d1",
    "musou-3": "40859e5d82d28bcc0abd0a3104a3e2eaa289f06ee29248dfc353c0b3928610d1",
    "quarriors-3": "6d7cce5088fb6b36dff1e5c86886c0369f42dcfc95eadd8555d8f613a21ef748",
    "warlords-2": "4d6e6e7ce27d79ffd3ae5fecbddc643b908cd997210a6d64d1ecd7ea58e0482c",
}
KEPT = {"naru": ("naru-4", "naru-3", "naru-2"), "musou": ("musou-4", "musou-3", "musou-2"),
        "quarriors": ("quarriors-3", "quarriors-2", "quarriors-1"), "warlords": ("warlords-2", "warlords-1")}


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "rulesets.sqlite")
    yield MatchService(store, snapshot_every=10)
    await store.close()


@pytest.mark.parametrize(("game_id", "ruleset"), [(g, r) for g, rs in KEPT.items() for r in rs])
def test_every_kept_ruleset_reads_the_data_it_always_read(game_id, ruleset):
    game = get_game(game_id, ruleset)
    assert game.ruleset == ruleset or ruleset in game.rewordings
    assert game.data_digest() == DATA[game.ruleset]


def test_naru_3_and_2_deal_the_first_starters_and_naru_4_the_balanced_ones():
    first = sample_starters("data/starters-naru-3.json")
    assert get_game("naru", "naru-2") is get_game("naru", "naru-3")
    assert get_game("naru", "naru-3").starters == first
    assert get_game("naru").starters != first and get_game("naru").ruleset == "naru-4"


async def test_a_new_match_pins_its_ruleset_and_data(service):
    ms = await service.create("naru", Player(id="local:ann", name="Ann"))
    created = (await service.store.events(ms.match_id))[0].payload
    assert (created["ruleset"], created["data"]) == ("naru-4", DATA["naru-4"])
    report = await verify_match(service, ms.match_id)
    assert report.ok and any(f"with the card data the match was created with ({DATA['naru-4'][:12]}" in line.en
                             for line in report.lines)


async def _stored_edited(service, name, edit):
    """A corpus match stored with its match_created payload edited, as an old
    database may hold it (the store takes rows as given; import would refuse
    the broken chain)."""
    lines = (CORPUS / name).read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    events = [Event.model_validate({**json.loads(x), "match_id": "m"}) for x in lines[1:]]
    first = edit(dict(events[0].payload))
    events[0] = events[0].model_copy(update={"payload": first})
    row = MatchRow("m", first["game"], first["ruleset"], events[0].at, events[-1].at, header["status"],
                   header["commitment"], None, None, [], None, events[-1].seq)
    await service.store.import_match(row, bytes.fromhex(header["secret"]), events)
    return "m"


async def test_a_match_whose_data_changed_since_is_refused_not_dealt_again(service):
    match_id = await _stored_edited(service, "naru/naru-4/03353c8-finished-1.jsonl",
                                    lambda p: {**p, "data": DATA["naru-3"]})
    with pytest.raises(ReplayError, match="recorded with data"):
        await service.get(match_id)
    report = await verify_match(service, match_id)
    assert not report.ok


async def test_a_ruleset_no_version_keeps_is_refused_by_name(service):
    match_id = await _stored_edited(service, "naru/naru-2/a27f480-finished-1.jsonl", lambda p: {**p, "ruleset": "naru-1"})
    with pytest.raises(ReplayError, match="naru-1 is not kept"):
        await service.get(match_id)


async def test_a_running_naru_2_match_plays_on_to_its_end_under_naru_2(service):
    text = (CORPUS / "naru/naru-2/a27f480-running-1.jsonl").read_text(encoding="utf-8")
    ms = await import_jsonl(service, text, running=True)
    for _ in range(2000):
        if ms.status != "running":
            break
        pending, player = (await service.waiting(ms.match_id))[0]
        choices = await service.choices(ms.match_id, player.id, pending.seat)
        ms = (await service.act(ms.match_id, player.id, choices[-1].action, seat=pending.seat)).match
    assert ms.status == "finished" and ms.ruleset == "naru-2"
    assert ms.game.starters == sample_starters("data/starters-naru-3.json")
    report = await verify_match(service, ms.match_id)
    assert report.ok, [line.en for line in report.lines]
    seq, blob = await service.store.latest_snapshot(ms.match_id, "naru-3")
    assert snapshot.load(blob, seq, "naru-3").game is ms.game
    service.forget(ms.match_id)  # cold: from a snapshot of its own ruleset and the log
    assert await service.get(ms.match_id) == ms


@pytest.mark.parametrize(("lang", "said"), [("en", "naru ruleset naru-1 is not kept by this version of Parley."),
                                            ("ja", "この版の Parley には naru のルールセット naru-1 がありません。")])
def test_the_terminal_refuses_such_a_match_in_one_line(tmp_path, capsys, lang, said):
    from bot.cli import main

    async def stored():
        store = await Store.open(tmp_path / "old.sqlite")
        await _stored_edited(MatchService(store), "naru/naru-2/a27f480-finished-1.jsonl",
                             lambda p: {**p, "ruleset": "naru-1"})
        await store.close()

    asyncio.run(stored())
    assert main(["replay", "m", "--db", str(tmp_path / "old.sqlite"), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
