"""Playing real games through the harness as players do, counting Discord calls.

A move is made the way a player makes it: on the decision menu of their DM
(a button, a select, a group then its choice, or a card's button then its
choice); only a decision with no menu
(too many choices to list) goes through `/parley act`. Each move's REST calls
are the bot's own calls to Discord (`FakeDiscord.calls` minus the
interaction responses, which answer the player's click and are not the bot's
to save).

A move that shows a text longer than one message (a board or a DM split over
several, before or after it) is counted apart, as `long`: each message is a
call of its own. Match secrets are drawn from the seed, so a run repeats."""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.discord.dms import DMS, dm_key
from bot.discord.menus import Entry, cards, stages, substages
from tests.discord.harness import Call, FakeDiscord, Harness, User, custom_ids, walk
from tests.discord.helpers import open_match, state


def is_interaction(call: Call) -> bool:
    return call.path.startswith(("/interactions/", "/webhooks/"))


def kind(call: Call) -> str:
    """A REST call by what it does: `POST message`, `PATCH message`, `PUT pin`, ..."""
    seg = call.path.strip("/").split("/")
    if seg[:3] == ["users", "@me", "channels"]:
        return "open DM"
    if "pins" in seg:
        return f"{call.method} pin"
    if seg[0] == "channels" and len(seg) == 2:
        return f"{call.method} channel"
    if seg[0] == "channels" and seg[2:3] == ["messages"]:
        return f"{call.method} message"
    return f"{call.method} {call.path}"


def rest_calls(fake: FakeDiscord, since: int) -> list[Call]:
    return [c for c in fake.calls[since:] if not is_interaction(c)]


@dataclass
class Tally:
    """REST calls per ordinary move (the match's first post and its end left out)."""

    per_move: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    interaction_calls: list[int] = field(default_factory=list)
    via: Counter[str] = field(default_factory=Counter)
    worst: list[str] = field(default_factory=list)  # the calls of the costliest move
    long: list[int] = field(default_factory=list)  # moves showing a text longer than a message

    def add(self, calls: list[Call], interactions: int, via: str, long: bool = False) -> None:
        if long:
            self.long.append(len(calls))
            return
        if not self.per_move or len(calls) > max(self.per_move):
            self.worst = [f"{c.method} {c.path}" for c in calls]
        self.per_move.append(len(calls))
        self.kinds.update(kind(c) for c in calls)
        self.interaction_calls.append(interactions)
        self.via[via] += 1


def _menu(h: Harness, user: User, match_id: str, seq: int, seat: int) -> dict[str, Any] | None:
    """The DM message carrying the menu of this decision, if any."""
    tag = f":{match_id}:{seq}:{seat}"
    for msg in h.fake.newest_dms(user.id):
        # The DM the bot keeps, not a private "Show my hand" reply refreshed in place.
        if msg["_visible_to"] is None and any(tag in c for c in custom_ids(msg)):
            return msg
    return None


async def move(h: Harness, user: User, thread: int, match_id: str, seq: int, seat: int, idx: int,
               choices: list[Any]) -> str:
    """Make choice `idx` of seat `seat` at event `seq` as the player would; says how."""
    msg = _menu(h, user, match_id, seq, seat)
    ids = custom_ids(msg) if msg is not None else []
    button = f"p:a:{match_id}:{seq}:{seat}:{idx}"
    if msg is not None and button in ids:
        await h.click(user, msg, button)
        return "dm button"
    select = f"p:s:{match_id}:{seq}:{seat}"
    card = next((e for e in cards(choices) if idx in e.indices), None)
    if msg is not None and card is not None and f"p:b:{match_id}:{seq}:{seat}:{card.indices[0]}" in ids:
        opened = await h.click(user, msg, f"p:b:{match_id}:{seq}:{seat}:{card.indices[0]}")
        await _within(h, user, opened, choices, card, idx, f"p:g:{match_id}:{seq}:{seat}", select)
        return "dm card"
    if msg is not None and select in ids and str(idx) in _values(msg, select):
        await h.click(user, msg, select, values=[str(idx)])
        return "dm select"
    group = f"p:g:{match_id}:{seq}:{seat}"
    entries = stages(choices)
    if msg is not None and group in ids and entries is not None:
        entry = next(e for e in entries if idx in e.indices)
        opened = await h.click(user, msg, group, values=[entry.value])
        if entry.group:
            await _within(h, user, opened, choices, entry, idx, group, select)
            return "dm group"
        return "dm select"
    await h.slash(user, "act", channel=thread, action=f"#{seq}:{idx}")
    return "/parley act"


def _values(msg: dict[str, Any], custom_id: str) -> list[str]:
    """The values a select of the message offers (a hand's select lists only the choices of no card)."""
    return [str(o["value"]) for c in walk(msg.get("components") or []) if c.get("custom_id") == custom_id
            for o in c.get("options") or []]


async def _within(h: Harness, user: User, opened: Any, choices: list[Any], entry: Entry, idx: int, group: str,
                  select: str) -> None:
    """Choice `idx` from the group (or card) `entry` opened in place."""
    # A long group may be staged once more by its subgroups (e.g. a Musou general: card, then square).
    within = substages(choices, entry.indices)
    if within is not None:
        sub = next(e for e in within if idx in e.indices)
        opened = await h.click(user, h.last_reply(opened), group, values=[sub.value])
        if not sub.group:
            return
    await h.click(user, h.last_reply(opened), select, values=[str(idx)])


def seed_secrets(h: Harness, seed: int) -> None:
    """Match secrets from the seed, so the same moves make the same games."""
    counter = itertools.count()
    h.parley.service.new_secret = lambda: hashlib.sha256(f"parley-bench:{seed}:{next(counter)}".encode()).digest()


async def random_move(h: Harness, match_id: str, thread: int, players: tuple[User, ...],
                      rng: random.Random) -> int | None:
    """A random legal move by whoever the match awaits, made on their DM menu and settled: the
    index of the move's first call in the fake's record, or None once the match is over."""
    ms = await state(h, match_id)
    if ms.status != "running":
        return None
    pending = ms.game.pending(ms.state)[0]
    choices = ms.game.legal_actions(ms.state, pending.seat)
    user = next(u for u in players if f"discord:{u.id}" == ms.seats[pending.seat].id)
    since = len(h.fake.calls)
    await move(h, user, thread, match_id, ms.seq, pending.seat, rng.randrange(len(choices)), choices)
    await h.settle()
    return since


async def split_over_messages(h: Harness, match_id: str, seats: int) -> bool:
    """Whether the match's board or a seat's DM is shown in more than one message."""
    if (await h.parley.delivery.record(match_id)).get("board_more"):
        return True
    for seat in range(seats):
        if ((await h.parley.service.store.get_kv(DMS, dm_key(match_id, seat))) or {}).get("more"):
            return True
    return False


async def play(h: Harness, game: str, players: tuple[User, User], moves: int, seed: int = 1,
               options: str = "") -> tuple[Tally, int]:
    """Play up to `moves` random legal moves of a new match; the tally of the ordinary
    ones and the number of moves made (the last one may have ended the match)."""
    seed_secrets(h, seed)
    match_id, thread = await open_match(h, *players, game=game, options=options)
    rng = random.Random(seed)
    tally = Tally()
    made = 0
    users = {f"discord:{u.id}": u for u in players}
    for _ in range(moves):
        ms = await state(h, match_id)
        if ms.status != "running":
            break
        pending = ms.game.pending(ms.state)[0]
        choices = ms.game.legal_actions(ms.state, pending.seat)
        user = users[ms.seats[pending.seat].id]
        since = len(h.fake.calls)
        long = await split_over_messages(h, match_id, len(players))
        via = await move(h, user, thread, match_id, ms.seq, pending.seat, rng.randrange(len(choices)), choices)
        await h.settle()
        made += 1
        if (await state(h, match_id)).status != "running":
            break  # the end of a match is not an ordinary move
        calls = h.fake.calls[since:]
        long = long or await split_over_messages(h, match_id, len(players))
        tally.add(rest_calls(h.fake, since), sum(1 for c in calls if is_interaction(c)), via, long)
    return tally, made
