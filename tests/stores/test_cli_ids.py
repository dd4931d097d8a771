"""Match ids typed in the terminal, and `parley list`, on both backends: the
prefix lookup and the table read only what every recorder offers."""

import asyncio

from events.service import MatchService
from events.stores import open_store
from tests.cli_support import ANN, BEN, run


def test_a_prefix_and_the_list_work_on_either_database(capsys, db_url):
    async def make():
        store = await open_store(db_url)
        try:
            service = MatchService(store)
            for match_id in ("abc1234567", "abd7654321"):
                await service.create("toy", ANN, {"goal": 30}, match_id=match_id)
                await service.join(match_id, BEN)
                await service.start(match_id, ANN.id)
        finally:
            await store.close()
    asyncio.run(make())
    code, out, err = run(capsys, "--db", db_url, "abort", "abc")
    assert code == 0 and out.startswith("aborted abc1234567 "), err
    code, _, err = run(capsys, "--db", db_url, "replay", "ab")
    assert code == 2 and err == "'ab' starts several match ids: abc1234567, abd7654321. Type more of the id.\n"
    code, out, _ = run(capsys, "--db", db_url, "list")
    rows = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert " aborted " in rows["abc1234567"] and rows["abd7654321"].endswith("  ann, ben  ann to move")
