"""Several front-end records written together (`Recorder.set_kvs`): a Discord move's notes go in
one or two writes, not one each. On SQLite and on PostgreSQL."""


async def test_set_kvs_writes_every_record_at_the_cost_of_one(recorder):
    before = recorder.round_trips
    await recorder.set_kv("s", "old", {"v": 0})
    one = recorder.round_trips - before  # PostgreSQL: the transaction's statements around it too
    before = recorder.round_trips
    await recorder.set_kvs([("t", "old", [3]), ("s", "old", {"v": 1}), ("s", "new", {"v": 2}), ("t", "old", [4])])
    assert recorder.round_trips - before == one
    got = await recorder.get_kvs([("s", "old"), ("s", "new"), ("t", "old"), ("t", "none")])
    assert got == {("s", "old"): {"v": 1}, ("s", "new"): {"v": 2}, ("t", "old"): [4]}  # a key twice: its last


async def test_set_kvs_of_nothing_writes_nothing(recorder):
    before = recorder.round_trips
    await recorder.set_kvs([])
    assert recorder.round_trips == before
