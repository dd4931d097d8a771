"""A move is shown by one pass of the delivery (bot/discord/delivery.py): every REST call it
makes is an operation `reconciler.reconcile` answered, applied by the one apply loop, all of
them asked of the surfaces the pass gathered once; and reconciling those surfaces again against
what the delivery then remembers (the match's record, each seat's DM record) answers nothing.

Watched on the real bot over FakeDiscord: `reconcile` and `Delivery._apply` are wrapped to note
what they answer and do, and call through to the real ones."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.discord import reconciler
from bot.discord.dms import DMS, dm_key
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import Call, Harness
from tests.discord.helpers import open_match
from tests.discord.moves import is_interaction, random_move

MOVES = 8


class Watch:
    """What the delivery asked of the reconciler and what it applied, with the REST calls made
    while each operation was applied."""

    def __init__(self, h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[tuple[tuple[Any, ...], list[reconciler.Op]]] = []
        self.applied: list[reconciler.Op] = []
        self.inside: list[Call] = []
        real_reconcile, delivery = reconciler.reconcile, h.parley.delivery
        real_apply = delivery._apply

        def asking(*args: Any) -> list[reconciler.Op]:
            ops = real_reconcile(*args)
            self.asked.append((args, list(ops)))
            return ops

        async def applying(ms: Any, rec: dict[str, Any], op: reconciler.Op, shows: Any) -> bool:
            since = len(h.fake.calls)
            self.applied.append(op)
            try:
                return await real_apply(ms, rec, op, shows)
            finally:
                self.inside += [c for c in h.fake.calls[since:] if not is_interaction(c)]

        monkeypatch.setattr(reconciler, "reconcile", asking)
        monkeypatch.setattr(delivery, "_apply", applying)

    def clear(self) -> None:
        self.asked.clear()
        self.applied.clear()
        self.inside.clear()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["toy", "quarriors"])
async def test_a_moves_calls_all_come_from_one_reconcile_and_a_second_one_answers_nothing(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    h = harness
    match_id, thread = await open_match(h, ALICE, BOB, game=game, options="goal=50" if game == "toy" else "")
    watch = Watch(h, monkeypatch)
    rng = random.Random(3)
    for _ in range(MOVES):
        watch.clear()
        since = await random_move(h, match_id, thread, (ALICE, BOB), rng)
        if since is None:
            break
        rest = [c for c in h.fake.calls[since:] if not is_interaction(c)]
        # Every REST call of the move was made applying an operation, and each operation applied
        # was one reconcile answered.
        assert rest and [id(c) for c in watch.inside] == [id(c) for c in rest]
        answered = [op for _, ops in watch.asked for op in ops]
        assert watch.applied and all(op in answered for op in watch.applied)
        # All asked of one pass's surfaces: the move's board, log line, ping and DMs together.
        (surfaces,) = {id(args[0]): args[0] for args, _ in watch.asked}.values()
        assert surfaces.thread is not None and surfaces.thread.board is not None and surfaces.seat_dms
        # Once applied, what the delivery remembers leaves nothing to do for those surfaces.
        args = watch.asked[-1][0]
        rec = await h.parley.delivery.record(match_id)
        dms = {seat: await h.parley.service.store.get_kv(DMS, dm_key(match_id, seat)) for seat in args[3]}
        assert dms and reconciler.reconcile(surfaces, rec, args[2], dms, args[4]) == []
        assert watch.asked[-1][1] == []  # and the pass itself stopped on that answer
