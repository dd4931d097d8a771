"""A server's Naru card set through Discord: a manager's upload with an error
is refused with the line it is on (in the manager's language), a good one is
kept; a match created with `cardset=NAME` deals that set, its players see the
cards as the set names them, and the match replays from its log alone."""

from __future__ import annotations

import json

import pytest

from engine.core import format_action
from engine.core.bundled import bundled_text
from engine.naru.cards import CARD_FILES
from events.service import MatchService
from events.verify import verify_match
from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import FakeDiscord, Harness, User
from tests.discord.helpers import lobby_message, state, thread_of

MOD_JA = User(111_000_000_000_000_010, "mod-ja", "ja", permissions=1 << 5)


def house_set() -> str:
    """The sample with every card named as only this set names it."""
    data = json.loads(bundled_text("engine.naru", "data/sample_cards.json"))
    for card in data["cards"]:
        card.update(name_en="House " + card["name_en"], name_ja="屋敷" + card["name_ja"])
    data.update(set_id="house", name_en="House set", name_ja="屋敷セット", sample=False)
    return json.dumps(data, ensure_ascii=False, indent=1)


async def upload(h: Harness, user: User, raw: str) -> str:
    opened = await h.slash(user, "deck cardset", game="naru", name="House")
    [label] = [row["label"] for row in opened.modal["components"]]
    return h.reply_text(await h.submit(user, opened, files={label: ("house.json", raw.encode())}))


@pytest.mark.slow  # three uploads and a match's opening through the fake Discord
async def test_a_naru_card_set_is_uploaded_chosen_and_played(harness: Harness) -> None:
    h = harness
    raw = house_set()
    bad = raw.replace('"cost": 2', '"cost": 99', 1)
    line = bad[:bad.index('"cost": 99')].count("\n") + 1
    assert f"Line {line} (cards[" in await upload(h, MOD, bad)
    ja = await upload(h, MOD_JA, bad)
    assert f"{line}行目（cards[" in ja and "10以下" in ja
    assert "cardset=House" in await upload(h, MOD, raw)

    created = await h.slash(ALICE, "new", game="naru", options="cardset=House")
    match_id = h.reply_text(created).split("`")[1]
    lobby = lobby_message(h, match_id)
    await h.click(BOB, lobby, f"p:l:{match_id}:join")
    await h.click(ALICE, lobby, f"p:l:{match_id}:start")
    thread = thread_of(h, match_id)
    ms = await state(h, match_id)
    assert ms.status == "running" and ms.options["cards"] == raw and ms.state.card_set == raw
    users = {ALICE.id: ALICE, BOB.id: BOB}
    seat_of = {u: i for i, p in enumerate(ms.seats) for u in users if p.id.endswith(str(u))}

    service = h.parley.service
    while (ms := await state(h, match_id)).state.phase in ("mulligan", "keep"):
        pending, player = (await service.waiting(match_id))[0]
        choices = [c.action for c in await service.choices(match_id, player.id, pending.seat)]
        plain = [a for a in choices if a["kind"] == "keep_hand"] or choices
        user = next(users[u] for u, seat in seat_of.items() if seat == pending.seat)
        await h.slash(user, "act", channel=thread, action=format_action(plain[0]))
    keep = ms.state.cards[ms.state.players[seat_of[BOB.id]].keep_card]
    name = CARD_FILES.load(raw).defs[keep].name
    assert name.ja.startswith("屋敷")
    hand = await h.slash(BOB, "hand", channel=thread)
    assert name.ja in h.reply_text(hand) and "House" not in h.reply_text(hand)
    assert "屋敷" in "\n".join(FakeDiscord.text(m) for m in h.fake.dms(BOB.id))

    CARD_FILES.clear()  # as a process that never read the set would be
    again = await MatchService(service.store).get(match_id)
    assert again.state == ms.state
    assert (await verify_match(service, match_id)).ok
