"""Every recorded match in the corpus (tests/corpus/<game>/<ruleset>/*.jsonl, made
by tests/corpus/record.py with the code that introduced the ruleset) still imports,
replays and verifies with today's code; a running one also takes one more move.
A change that strands a recorded match fails here (docs/adding-a-game.md, Rulesets)."""

import json
from pathlib import Path

import pytest

from engine.registry import get_game, installed
from events.export import import_jsonl
from events.service import MatchService
from events.store import Store
from events.verify import verify_match
from tests.corpus.record import state_fields

CORPUS = Path(__file__).parent
FILES = sorted(CORPUS.glob("*/*/*.jsonl"))


def kept(game):
    """Every ruleset id a game still replays: its own, its rewordings, and its previous games'."""
    return {game.ruleset, *game.rewordings}.union(*(kept(older) for older in game.previous()))


def test_every_kept_ruleset_of_every_game_has_recorded_matches():
    """A new ruleset comes with its corpus (docs/adding-a-game.md, Rulesets)."""
    recorded = {(p.parent.parent.name, p.parent.name, p.stem.split("-")[1]) for p in FILES}
    wanted = {(game_id, ruleset, kind) for game_id in installed() for ruleset in kept(get_game(game_id))
              for kind in ("finished", "running")}
    assert wanted <= recorded, sorted(wanted - recorded)


async def same_states_as_recorded(service, match_id, path):
    """Deals, hands, boards: every field the recording code's state shares with
    today's is what it was (verify alone cannot tell once the wording changed)."""
    recorded = json.loads(path.read_text(encoding="utf-8"))
    for seq, fields in recorded.items():
        now = state_fields((await service.state_at(match_id, int(seq))).state)
        shared = fields.keys() & now.keys()
        assert len(shared) >= len(fields) // 2, f"too few fields in common at {seq}: {sorted(shared)}"
        assert {k: now[k] for k in shared} == {k: fields[k] for k in shared}, f"state differs at event {seq}"


@pytest.mark.slow  # every recorded match imported, replayed, state-compared and verified
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CORPUS)))
async def test_a_recorded_match_replays_and_verifies(path, tmp_path):
    text = path.read_text(encoding="utf-8")
    header = json.loads(text.splitlines()[0])
    store = await Store.open(tmp_path / "corpus.sqlite")
    try:
        service = MatchService(store)
        ms = await import_jsonl(service, text, running=True)
        recorded = path.parent.name
        # A ruleset shipped with two data sets before data was pinned is replayed by the one
        # the log was dealt under (events.replay.resolve_unpinned); the states below say which.
        dealt = dict(get_game(ms.game_id).unpinned.get(recorded, ())) or {recorded: ""}
        assert (ms.game_id, ms.status) == (path.parent.parent.name, header["status"]) and ms.ruleset in dealt
        report = await verify_match(service, ms.match_id)
        assert report.ok, [line.en for line in report.lines]
        await same_states_as_recorded(service, ms.match_id, path.with_suffix(".states.json"))
        if ms.status == "running":
            waiting = await service.waiting(ms.match_id)
            assert waiting, "a running match waits for someone"
            pending, player = waiting[0]
            choices = await service.choices(ms.match_id, player.id, pending.seat)
            moved = await service.act(ms.match_id, player.id, choices[-1].action, seat=pending.seat)
            assert moved.match.seq > ms.seq
            again = await verify_match(service, ms.match_id)
            assert again.ok, [line.en for line in again.lines]
    finally:
        await store.close()
